"""B13: acting out of turn, the TDA-53 scenarios with their numbers.

Seat numbers are the TDA's: seat 1 is the small blind, seat 2 the big blind, seat 3
under the gun, seat 6 the button of a six-handed table.  ``S[n]`` is TDA seat n's
position (the engine's number, from 0 left of the button).
"""

from __future__ import annotations

import copy

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    BetRaise,
    CheckCall,
    Fold,
    Hand,
    HandConfig,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.out_of_turn import LiveHand, NoteKind, SkippedSeatRuling

S = {n: n - 1 for n in range(1, 7)}
DEEP = 100_000


def six_handed(sb: int, bb: int) -> Hand:
    config = HandConfig(
        variant=variant("holdem"), structure=Structure.NO_LIMIT, stacks=(DEEP,) * 6,
        blinds=button_blinds(6, sb, bb), min_bet=bb,
    )
    return Hand(config, Deck(11))


def seats_3_to_6_postflop(sb: int, bb: int) -> LiveHand:
    """Seat 3 raises pre-flop, seats 4-6 call, the blinds fold: the flop, seat 3 to act."""
    hand = six_handed(sb, bb)
    hand.act(BetRaise(2 * bb))
    for _ in range(3):
        hand.act(CheckCall())
    hand.act(Fold()), hand.act(Fold())
    assert hand.street == 1 and hand.actor == S[3]
    return LiveHand(hand)


def kinds(live: LiveHand) -> list[NoteKind]:
    return [note.kind for note in live.notes]


# ----------------------------------------------------------------- TDA-53-A1


def _53_a1() -> LiveHand:
    """Seat 3 bets 300, seat 4 folds; with seat 5 to act, seat 6 says "raise to 800"."""
    live = seats_3_to_6_postflop(50, 100)
    live.act(BetRaise(300))
    live.act(Fold())
    assert live.hand.actor == S[5]
    note = live.act_out_of_turn(S[6], BetRaise(800))
    assert note.kind is NoteKind.RECORDED and "penalty" in note.text
    assert live.hand.actor == S[5] and live.hand.bets[S[6]] == 0  # nothing applied yet
    return live


@pytest.mark.parametrize("seat_5", [CheckCall(), Fold()])
def test_B13_TDA_53_A1_raise_out_of_turn_binding_when_seat_5_calls_or_folds(
        seat_5: CheckCall | Fold) -> None:
    """B13 / TDA-53-A1: seat 5 calls (or folds) the 300: the action to seat 6 is unchanged,
    so the raise to 800 is binding and is applied when seat 6's turn comes."""
    live = _53_a1()
    live.act(seat_5)
    hand = live.hand
    assert hand.bets[S[6]] == 800 and hand.current_bet == 800
    assert hand.actor == S[3]
    assert kinds(live)[-1] is NoteKind.BINDING and "300" in live.notes[-1].text
    assert not live.pending


def test_B13_TDA_53_A1_raise_out_of_turn_void_when_seat_5_raises() -> None:
    """B13 / TDA-53-A1: seat 5 raises to 600: seat 6's action changed, the 800 is void and
    seat 6 may call 600, re-raise to at least 900, or fold."""
    live = _53_a1()
    live.act(BetRaise(600))
    hand = live.hand
    assert hand.actor == S[6] and hand.bets[S[6]] == 0
    legal = live.legal_actions()
    assert legal.call == 600 and legal.min_raise_to == 900 and legal.fold
    assert kinds(live)[-1] is NoteKind.VOID and "all options" in live.notes[-1].text
    live.act(CheckCall())
    assert hand.bets[S[6]] == 600


def test_B13_TDA_53_A1_fold_out_of_turn_is_always_binding() -> None:
    """B13 / TDA-53-A1: a fold out of turn stands even when the action changes."""
    live = seats_3_to_6_postflop(50, 100)
    live.act(BetRaise(300))
    live.act(Fold())
    live.act_out_of_turn(S[6], Fold())
    live.act(BetRaise(600))
    hand = live.hand
    assert hand.folded[S[6]] and hand.actor == S[3]
    assert kinds(live)[-1] is NoteKind.BINDING


# ----------------------------------------------------------------- TDA-53-A2


def _53_a2() -> LiveHand:
    live = seats_3_to_6_postflop(50, 100)
    live.act(CheckCall())
    live.act(CheckCall())
    live.act_out_of_turn(S[6], CheckCall())
    assert live.hand.actor == S[5]
    return live


def test_B13_TDA_53_A2_check_out_of_turn_binding_when_seat_5_checks() -> None:
    """B13 / TDA-53-A2: checks by seats 3 and 4, seat 6 checks out of turn; seat 5 checks:
    seat 6's check is binding and the flop is checked through."""
    live = _53_a2()
    live.act(CheckCall())
    hand = live.hand
    assert hand.street == 2 and hand.actor == S[3]
    assert kinds(live)[-1] is NoteKind.BINDING


def test_B13_TDA_53_A2_check_out_of_turn_void_when_seat_5_bets() -> None:
    """B13 / TDA-53-A2: seat 5 bets 300: seat 6 may call 300, raise to at least 600, or
    fold."""
    live = _53_a2()
    live.act(BetRaise(300))
    hand = live.hand
    assert hand.actor == S[6] and hand.street == 1
    legal = live.legal_actions()
    assert legal.call == 300 and legal.min_raise_to == 600 and legal.fold
    assert kinds(live)[-1] is NoteKind.VOID


# ----------------------------------------------------------------- TDA-53-B


def test_B13_TDA_53_B1_substantial_action_past_a_skipped_seat() -> None:
    """B13, I7 / TDA-53-B1: 100-200 pre-flop; seat 3 raises to 600; seat 4 is skipped, seat
    5 calls 600 and seat 6 folds: substantial action.  Both stand; the floor rules on seat
    4's hand."""
    live = LiveHand(six_handed(100, 200))
    live.act(BetRaise(600))
    assert live.hand.actor == S[4]
    live.act_out_of_turn(S[5], CheckCall())
    assert live.floor is None  # one action is not substantial
    live.act_out_of_turn(S[6], Fold())
    assert live.floor is not None and live.floor.position == S[4]
    assert kinds(live)[-1] is NoteKind.FLOOR
    with pytest.raises(IllegalActionError) as info:
        live.act(CheckCall())
    assert info.value.reason == "floor_decision"
    live.rule_skipped_seat(SkippedSeatRuling.CHECK_CALL_FOLD)
    with pytest.raises(IllegalActionError) as info:
        live.act(BetRaise(1_200))
    assert info.value.reason == "restricted_by_floor"
    assert not live.legal_actions().can_raise
    live.act(CheckCall())  # seat 4 calls; then seat 5's call and seat 6's fold apply
    hand = live.hand
    assert hand.bets[S[4]] == hand.bets[S[5]] == 600
    assert hand.folded[S[6]] and hand.actor == S[1]
    assert kinds(live)[-2:] == [NoteKind.BINDING, NoteKind.BINDING]


def test_B13_TDA_53_B1_floor_rules_the_skipped_hand_dead() -> None:
    """B13 / TDA-53-B1: the floor may rule seat 4's hand dead; the binding actions follow."""
    live = LiveHand(six_handed(100, 200))
    live.act(BetRaise(600))
    live.act_out_of_turn(S[5], CheckCall())
    live.act_out_of_turn(S[6], Fold())
    live.rule_skipped_seat(SkippedSeatRuling.DEAD)
    hand = live.hand
    assert hand.folded[S[4]] and hand.folded[S[6]] and hand.bets[S[5]] == 600
    assert hand.actor == S[1]


def test_B13_TDA_53_B2_check_and_call_out_of_turn_on_the_turn() -> None:
    """B13 / TDA-53-B2: 100-200, turn, seats 3-6; seat 3 bets 600; seat 4 is skipped, seat
    5 "checks" (facing a bet: CheckCall, a call here), seat 6 calls 600: the floor decides
    seat 4's hand."""
    live = seats_3_to_6_postflop(100, 200)
    for _ in range(4):
        live.act(CheckCall())
    assert live.hand.street == 2 and live.hand.actor == S[3]
    live.act(BetRaise(600))
    live.act_out_of_turn(S[5], CheckCall())
    live.act_out_of_turn(S[6], CheckCall())
    assert live.floor is not None and live.floor.position == S[4]
    live.rule_skipped_seat(SkippedSeatRuling.CHECK_CALL_FOLD)
    live.act(Fold())
    hand = live.hand
    assert hand.street == 3  # seats 5 and 6 called 600: the river
    assert hand.folded[S[4]]


# ------------------------------------------------------------ online, refusals


def test_B13_online_table_refuses_action_out_of_turn() -> None:
    """B13: online, the engine refuses an action out of turn and nothing changes."""
    live = seats_3_to_6_postflop(50, 100)
    hand = live.hand
    hand.act(BetRaise(300))
    before = (list(hand.bets), list(hand.stacks), hand.actor, len(hand.events))
    with pytest.raises(IllegalActionError) as info:
        hand.act(BetRaise(800), position=S[6])
    assert info.value.reason == "not_your_turn"
    assert (list(hand.bets), list(hand.stacks), hand.actor, len(hand.events)) == before


def test_B13_refused_records_change_nothing() -> None:
    live = seats_3_to_6_postflop(50, 100)
    live.act(BetRaise(300))
    with pytest.raises(IllegalActionError) as info:
        live.act_out_of_turn(S[3], CheckCall())
    assert info.value.reason == "nothing_to_act_on"
    live.act_out_of_turn(S[6], BetRaise(800))
    hand = live.hand
    state = (copy.deepcopy(hand.bets), hand.actor, live.pending, len(live.notes))
    refusals: list[tuple[int, Fold | CheckCall | BetRaise, str]] = [
        (S[4], CheckCall(), "in_turn"),
        (S[6], CheckCall(), "already_recorded"),
        (S[1], CheckCall(), "cannot_act"),
        (S[5], BetRaise(300), "raise_out_of_range"),  # not more than the 300 it faces
        (S[5], BetRaise(2 * DEEP), "raise_out_of_range"),  # more than its chips
        (9, Fold(), "no_such_seat"),
    ]
    for position, action, reason in refusals:
        with pytest.raises(IllegalActionError) as info:
            live.act_out_of_turn(position, action)
        assert info.value.reason == reason, str(info.value)
        assert (hand.bets, hand.actor, live.pending, len(live.notes)) == state
    with pytest.raises(IllegalActionError) as info:
        live.act(CheckCall(), position=S[6])
    assert info.value.reason == "not_your_turn" and "act_out_of_turn" in str(info.value)
    # a bare hand: seat i is position i, seen as seat i + 1
    assert str(info.value).startswith("seat 6 is not in turn (seat 4 is)")


def test_B13_an_answer_to_a_recorded_raise_faces_that_raise() -> None:
    """B13, TDA 53-B: seat 3 answering seat 6's raise out of turn faces the 800, not the
    300; two actions with chips past seat 5 are substantial action, so the floor rules on
    seat 5 first."""
    live = _53_a1()
    live.act_out_of_turn(S[3], CheckCall())
    assert live.pending[S[3]].facing == 800
    assert live.floor is not None and live.floor.position == S[5]
    live.rule_skipped_seat(SkippedSeatRuling.CHECK_CALL_FOLD)
    live.act(CheckCall())  # seat 5 calls 300; seat 6's 800 applies, then seat 3's call
    hand = live.hand
    assert hand.bets[S[3]] == 800 and hand.actor == S[5]


def test_B13_binding_raise_below_the_minimum_is_corrected() -> None:
    """B13 / TDA 52-A: a binding raise out of turn below the minimum is made a full raise."""
    live = seats_3_to_6_postflop(50, 100)
    live.act(BetRaise(300))
    live.act_out_of_turn(S[5], BetRaise(400))
    live.act(CheckCall())  # seat 4 calls: nothing changed for seat 5
    assert live.hand.bets[S[5]] == 600
    assert "52-A" in live.notes[-1].text


def test_B13_two_folds_out_of_turn_are_not_substantial_action_and_bind() -> None:
    """B13, TDA 36: two folds out of turn are not substantial action; both bind when
    their turns come, and the hand ends."""
    live = seats_3_to_6_postflop(50, 100)
    live.act(BetRaise(300))
    live.act_out_of_turn(S[6], Fold())
    live.act_out_of_turn(S[5], Fold())
    assert live.floor is None
    live.act(Fold())  # seat 4
    assert live.hand.is_over and not live.pending
    assert kinds(live)[-2:] == [NoteKind.BINDING, NoteKind.BINDING]


def test_B13_floor_decision_blocks_play_until_ruled() -> None:
    live = LiveHand(six_handed(100, 200))
    with pytest.raises(IllegalActionError) as info:
        live.rule_skipped_seat(SkippedSeatRuling.DEAD)
    assert info.value.reason == "no_floor_decision"
    live.act(BetRaise(600))
    live.act_out_of_turn(S[5], CheckCall())
    live.act_out_of_turn(S[6], CheckCall())
    with pytest.raises(IllegalActionError) as info:
        live.act_out_of_turn(S[1], CheckCall())
    assert info.value.reason == "floor_decision"
    assert live.hand.actor == S[4] and len(live.pending) == 2


# ------------------------------------------------- at a table: seats, not positions


def test_B13_TDA_53_A_a_seat_acting_out_of_turn_at_a_table_with_seat_0_empty() -> None:
    """B13 / TDA 53-A at a table whose seat numbers are not the engine's positions: seat 0
    is empty, Ann, Bob, Cy and Dee sit in seats 1, 3, 4 and 6, the button on seat 6, so
    Bob's seat 3 is position 1 and position 3 is Dee.  The dealer reports Bob (seat 3)
    folding out of turn: his fold is recorded, read out as the seat people see (seat 4),
    and binds when his turn comes; Dee, whose position is 3, still plays."""
    table = Table(Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10),
                  TableOptions(seats=9))
    for seat, name in ((1, "Ann"), (3, "Bob"), (4, "Cy"), (6, "Dee")):
        table.sit(seat, name, 1000)
    table.first_button = 6
    table.start_hand(Deck(3))
    live = LiveHand.at(table)
    assert live.hand.actor == live.position_of(4)  # Cy, under the gun
    note = live.act_out_of_turn(live.position_of(3), Fold())
    assert note.position == 1 and live.hand.config.names[note.position] == "Bob"
    assert note.text.startswith("seat 4 (Bob) acted out of turn (fold) with seat 5 (Cy) to act")
    with pytest.raises(IllegalActionError) as info:
        live.position_of(0)
    assert info.value.reason == "not_in_hand"
    for _ in range(3):  # Cy, Dee and Ann call; then Bob's fold binds
        live.act(CheckCall())
    hand = live.hand
    assert hand.folded[live.position_of(3)] and not hand.folded[live.position_of(6)]
    assert live.notes[-1].kind is NoteKind.BINDING
    assert live.notes[-1].text.startswith("seat 4 (Bob)'s fold out of turn is binding")
    assert hand.street == 1
