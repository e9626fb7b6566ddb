"""The table speaks seats (its chairs); the hand engine speaks positions (its index
from the button).  HandPlan.position_of / seat_at translate, in one place; the table's
to_act, legal_actions, act and view speak seats (B13, D5)."""

from __future__ import annotations

import doctest
import random

import pytest

import pokerroom.table.view
from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealHole,
    Discard,
    Fold,
    Kill,
    Show,
)
from pokerroom.rules.engine import Phase
from pokerroom.rules.events import Called
from pokerroom.rules.legal import LegalActions
from pokerroom.table import Stakes, Table, TableOptions
from tests.table.conftest import stacked_deck

STAKES = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)


def gappy_table() -> Table:
    """Players in seats 1, 4 and 6 of nine; the button on seat 6, so the small blind is
    seat 1 (position 0), the big blind seat 4 (position 1), the button position 2."""
    table = Table(STAKES, TableOptions(seats=9))
    for seat, name in ((1, "Ann"), (4, "Bob"), (6, "Cy")):
        table.sit(seat, name, 1000)
    table.first_button = 6
    return table


def test_plan_translates_seats_and_positions() -> None:
    table = gappy_table()
    table.start_hand(Deck(1))
    plan = table.plan_in_play
    assert plan is not None and plan.seats == (1, 4, 6)
    assert [plan.position_of(s) for s in (1, 4, 6)] == [0, 1, 2]
    with pytest.raises(ValueError, match="seat 0 is not dealt in this deal: the seats dealt "
                       "in are 1, 4, 6"):
        plan.position_of(0)
    assert [plan.seat_at(k) for k in range(3)] == [1, 4, 6]
    with pytest.raises(ValueError, match="no position 3 in this deal: positions are 0-2"):
        plan.seat_at(3)


def test_B1_B13_to_act_legal_actions_and_act_speak_seats() -> None:
    table = gappy_table()
    assert table.to_act is None  # between hands
    hand = table.start_hand(Deck(1))
    # B1: three-handed, the button acts first before the flop: seat 6, position 2.
    assert hand.actor == 2 and table.to_act == 6
    legal = table.legal_actions()  # the engine's, by position
    assert legal.position == 2 and legal.call == 10
    assert legal.describe().startswith("position 2 may ")
    assert legal.describe(table.plan_in_play.seats).startswith("seat 6 may ")  # type: ignore[union-attr]
    events = table.act(6, CheckCall())
    assert len(events) == 1 and isinstance(events[0], Called) and events[0].position == 2
    assert table.to_act == 1


def test_B13_act_refuses_a_seat_out_of_turn_and_changes_nothing() -> None:
    table = gappy_table()
    hand = table.start_hand(Deck(1))
    before = (hand.actor, list(hand.stacks), len(hand.events))
    with pytest.raises(IllegalActionError, match="seat 4 cannot act now: it is seat 6's turn"
                       ) as refused:
        table.act(4, Fold())
    assert refused.value.reason == "not_your_turn"
    with pytest.raises(IllegalActionError, match="seat 0 is not in this hand: the seats dealt "
                       "in are 1, 4, 6") as refused:
        table.act(0, Fold())
    assert refused.value.reason == "not_in_hand"
    with pytest.raises(IllegalActionError, match="Kill is the dealer's or the floor's"):
        table.act(6, Kill(2))
    with pytest.raises(IllegalActionError):
        table.act(6, BetRaise(5))  # below the minimum raise: the engine's refusal
    assert (hand.actor, list(hand.stacks), len(hand.events)) == before


def test_B8_a_refusal_of_the_seat_to_act_says_what_it_may_do_by_seat() -> None:
    """The engine's refusal ends with what may happen, by position (seat 6 is position
    2 here); through the table it names the seat, with the engine's reason."""
    table = gappy_table()
    table.start_hand(Deck(1))
    with pytest.raises(IllegalActionError, match=r"is not allowed: seat 6 may fold, call 10, "
                       r"bet/raise to 20-1000$") as refused:
        table.act(6, BetRaise(15))  # B8: the smallest raise is to 20
    assert refused.value.reason == "raise_out_of_range"


def test_act_and_legal_actions_need_a_hand() -> None:
    table = gappy_table()
    for attempt in (table.legal_actions, lambda: table.act(1, Fold()), lambda: table.view(1)):
        with pytest.raises(IllegalActionError, match="there is no hand in progress"):
            attempt()


def test_view_by_seat_shows_own_cards_and_names_seats() -> None:
    table = gappy_table()
    deck = stacked_deck(["AsAh", "KsKh", "QsQh"])  # positions 0, 1, 2: seats 1, 4, 6
    table.start_hand(deck)
    mine = table.view(4)
    assert mine.viewer == 4 and mine.to_act == 6 and mine.legal is None
    assert sorted(mine.seats) == [1, 4, 6]
    own = mine.own
    assert own is not None and [str(c) for c in own.cards] == ["Ks", "Kh"]
    assert mine.seats[1].cards == (None, None) and mine.seats[6].cards == (None, None)
    assert (mine.seats[1].bet, mine.seats[4].bet, mine.seats[6].bet) == (5, 10, 0)
    assert [(p.amount, p.eligible) for p in mine.pots] == [(15, (1, 4, 6))]
    button = table.view(6)
    assert button.legal is not None and button.to_act == 6 and button.legal.call == 10
    assert button.legal.position == 2
    assert [str(c) for c in button.own.cards] == ["Qs", "Qh"]  # type: ignore[union-attr]


def test_view_of_a_spectator_or_a_seat_not_dealt_in() -> None:
    table = gappy_table()
    table.start_hand(Deck(1))
    for viewer in (None, 0):
        view = table.view(viewer)
        assert view.viewer == viewer and view.own is None and view.legal is None
        assert all(sv.cards == (None, None) for sv in view.seats.values())
    with pytest.raises(IllegalActionError, match="no seat 9: seats are 0-8") as refused:
        table.view(9)
    assert refused.value.reason is Reason.NO_SUCH_SEAT


def test_manual_deal_nobody_to_act_and_the_deal_names_a_seat() -> None:
    table = gappy_table()
    hand = table.start_hand(manual=True)
    assert hand.phase is Phase.DEALING and table.to_act is None
    legal = table.legal_actions()
    assert legal.position is None and legal.deal_position == 0  # dealt first (D4)
    seats = table.plan_in_play.seats  # type: ignore[union-attr]
    assert legal.describe(seats) == "the dealer deals 2 card(s) to seat 1"
    assert table.view(1).to_act is None
    with pytest.raises(IllegalActionError, match="DealHole is the dealer's"):
        table.act(1, DealHole(0, ()))


def test_D5_button_draw_winner_leaving_before_the_first_deal_redraws() -> None:
    """D5, T11: the winner of the draw for the button leaves before the first deal:
    the draw is void and the button is drawn again among the players present."""
    table = Table(STAKES, TableOptions(seats=6))
    for seat, name in enumerate("ABCD"):
        table.sit(seat, name, 1000)
    winner = table.draw_for_button(Deck(3)).winner
    table.leave(winner)
    assert table.first_button is None
    assert any("drawn again (D5)" in note for note in table.notes)
    table.start_hand(Deck(1))
    plan = table.plan_in_play
    assert plan is not None and plan.positions is not None
    assert plan.positions.button != winner and winner not in plan.seats
    assert table.first_button in plan.seats and len(plan.seats) == 3


@pytest.mark.parametrize("how", ["sit_out", "away", "change_seat"])
def test_D5_button_draw_winner_not_at_the_first_deal_redraws(how: str) -> None:
    """D5, T11: likewise when the winner sits out, goes away or changes seats."""
    table = Table(STAKES, TableOptions(seats=6))
    for seat, name in enumerate("ABCD"):
        table.sit(seat, name, 1000)
    winner = table.draw_for_button(Deck(3)).winner
    if how == "change_seat":
        table.change_seat(winner, 5)
    else:
        getattr(table, how)(winner)
    assert table.first_button is None
    hand = table.start_hand(Deck(1))
    assert hand.n == (4 if how == "change_seat" else 3)


def test_D5_button_winner_made_absent_directly_is_redrawn_at_the_deal() -> None:
    """D5: a winner of the draw no longer present at the first deal however it came
    about (here the status was changed directly) is redrawn by start_hand."""
    table = Table(STAKES, TableOptions(seats=6))
    for seat, name in enumerate("ABCD"):
        table.sit(seat, name, 1000)
    winner = table.draw_for_button(Deck(3)).winner
    table.players[winner].stack = 0  # type: ignore[union-attr]
    table.start_hand(Deck(1))
    plan = table.plan_in_play
    assert plan is not None and winner not in plan.seats and table.first_button != winner


def test_doctests_of_the_table_view() -> None:
    assert doctest.testmod(pokerroom.table.view).failed == 0


@pytest.mark.parametrize("game", ["holdem", "stud", "deuce_seven_triple"])
def test_B13_random_hands_through_the_seat_api_agree_with_the_engine(game: str) -> None:
    """Seeded random deals at tables with empty seats, played only through table.act:
    the seat to act is the engine's actor translated; every other seat is refused
    (B13) and nothing changes; each seat's view is the engine's view of its position;
    chips are conserved."""
    rng = random.Random(13)
    structure = "no_limit" if game == "holdem" else "fixed_limit"
    sizes = ({"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10} if game == "stud"
             else {"small_blind": 1, "big_blind": 2})
    stakes = Stakes.of(game, structure, **sizes)
    for _ in range(40):
        table = Table(stakes, TableOptions(seats=9))
        chairs = sorted(rng.sample(range(9), rng.randint(2, 7)))
        for chair in chairs:
            table.sit(chair, f"P{chair}", rng.choice([60, 200]))
        if not stakes.game.is_stud:
            table.first_button = rng.choice(chairs)
        total = table.chips_on_table()
        for _ in range(3):
            hand = table.start_hand(Deck(rng.randrange(2**32), cards=stakes.game.deck))
            plan = table.plan_in_play
            assert plan is not None
            while (seat := table.to_act) is not None:
                assert hand.actor is not None and seat == plan.seat_at(hand.actor)
                other = rng.choice([c for c in chairs if c != seat])
                before = (len(hand.events), list(hand.stacks))
                with pytest.raises(IllegalActionError):
                    table.act(other, CheckCall())
                assert (len(hand.events), list(hand.stacks)) == before
                mine = table.view(seat)
                engine = hand.view(hand.actor)
                assert mine.own == engine.players[hand.actor] and mine.legal is not None
                assert mine.legal == table.legal_actions() and mine.to_act == seat
                assert mine.legal.position == hand.actor
                assert [set(p.eligible) for p in mine.pots] == [
                    {plan.seat_at(k) for k in p.eligible} for p in engine.pots]
                table.act(seat, _random_action(mine.legal, rng))
                assert table.chips_on_table() == total
            table.finish_hand()
            assert table.chips_on_table() == total
            if sum(1 for p in table.players if p is not None and p.present) < 2:
                break


def _random_action(legal: LegalActions, rng: random.Random) -> Action:
    r = rng.random()
    if legal.phase is Phase.DRAWING:
        return Discard(())
    if legal.phase is Phase.SHOWDOWN:
        return Show()
    if legal.min_raise_to is not None and r < 0.2:
        assert legal.max_raise_to is not None
        return BetRaise(rng.randint(legal.min_raise_to, legal.max_raise_to))
    if legal.bring_in is not None:
        return BringIn()
    if r < 0.4 and not legal.check and legal.fold:
        return Fold()
    return CheckCall()


def test_T1_a_pickled_table_keeps_its_parts_on_its_own_seats() -> None:
    """T1-T14: the room stores a tournament's tables by pickling them; the table's
    parts (planner, straddles, seat changes...) come back sharing the table's seats
    and notes, so the next deal moves the button on as it would have."""
    import pickle

    from tests.table.conftest import holdem_table, play

    table = holdem_table("ABCD")
    play(table)
    copy = pickle.loads(pickle.dumps(table))
    assert copy.seat_changes.players is copy.players is copy.straddles.players
    assert copy.kill.notes is copy.notes and copy.planner.table is copy
    copy.sit_out(2)
    assert 2 not in copy.plan().seats and 2 in table.plan().seats
    copy.sit_in(2)
    play(table)
    play(copy)
    assert copy.positions == table.positions
