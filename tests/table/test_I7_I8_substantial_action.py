"""I7, I8: a wrong number of hole cards, and cards acted on, around substantial action
(TDA Rules 35, 36, 38; LVH B2), with the scenarios of TDA-EXAMPLES section 8:
TDA-38-1A, TDA-38-1B, TDA-36-D1, TDA-36-D2, TDA-36-D3.

The TDA tables use table seats 1-8 with the small blind on seat 1, the big blind on
seat 2 and the button on seat 8, so seat k is engine seat k - 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.rules import BetRaise, CheckCall, Fold
from pokerroom.table.irregularity_records import CardBurned, CardsStand, HandDead, Misdeal
from tests.table.test_I0_live_deal import (
    STACK,
    assert_refused,
    finish_round,
    holdem,
    of,
    play_out,
    position_of,
    stud,
    to_street,
)


def tda_table(**kwargs: Any) -> Any:
    """Hold'em 50-100, seats 1-8, blinds on seats 1 and 2, everyone dealt."""
    live = holdem(8, first_seat=1, **kwargs)
    assert live.plan.positions.small_blind == 1 and live.plan.positions.big_blind == 2
    live.deal()
    return live


def act_at(live: Any, table_seat: int, action: Any) -> None:
    assert live.hand.actor == position_of(live, table_seat), "not that seat's turn"
    live.act(action)


# ------------------------------------------------------------------ TDA 38


def test_I7_TDA_38_1A_one_card_after_a_fold_and_a_call_is_a_dead_hand() -> None:
    live = tda_table()
    act_at(live, 3, Fold())  # UTG
    act_at(live, 4, CheckCall())  # a fold and a call: substantial action
    assert live.substantial_action()
    seat5 = position_of(live, 5)
    held = live.census().hands[seat5]
    live.wrong_card_count(seat5, 1)
    dead = of(live.records, HandDead)[0]
    assert (dead.rule, dead.position) == ("I7", seat5)
    assert live.hand.folded[seat5] and seat5 in live.dead
    assert set(held) <= set(live.census().muck)
    assert not of(live.records, Misdeal)
    # The hand goes on; at the flop the dealer burns exactly one card.
    top = live.cards.stub.remaining()[:4]
    finish_round(live)
    live.deal()
    assert [r.street for r in of(live.records, CardBurned)] == ["flop"]
    assert live.cards.burns == [top[0]] and live.hand.board == list(top[1:])


def test_I7_TDA_38_1B_three_cards_dead_hand_and_the_third_is_not_the_burn() -> None:
    live = tda_table()
    act_at(live, 3, Fold())
    act_at(live, 4, CheckCall())
    seat5 = position_of(live, 5)
    third = live.cards.stub.remaining()[0]  # the card stuck to hers
    mucked = len(live.census().muck)  # seat 3's folded hand
    live.wrong_card_count(seat5, 3)
    assert of(live.records, HandDead)[0].position == seat5
    assert third in live.census().muck and len(live.census().muck) == mucked + 3
    flop_burn = live.cards.stub.remaining()[0]
    finish_round(live)
    live.deal()
    assert live.cards.burns == [flop_burn] and third not in live.cards.burns
    play_out(live)
    assert len(live.cards.burns) == 3


def test_I7_dead_hand_keeps_its_chips_in_the_pot() -> None:
    live = tda_table()
    act_at(live, 3, BetRaise(300))
    act_at(live, 4, CheckCall())
    act_at(live, 5, CheckCall())
    for seat in (6, 7, 8, 1):
        act_at(live, seat, Fold())
    act_at(live, 2, CheckCall())  # the big blind calls: three in, 900 + 50 in the pot
    to_street(live, "flop")
    seat4 = position_of(live, 4)
    act_at(live, 2, CheckCall())
    act_at(live, 3, CheckCall())
    live.wrong_card_count(seat4, 1)
    assert live.hand.pot == 300 * 4 + 50
    play_out(live)
    live.finish()
    assert live.table.players[4].stack == STACK - 300
    assert sum(live.table.stacks().values()) == 8 * STACK


# --------------------------------------------------------------- TDA 36


def test_I1_I7_TDA_36_D1_one_action_is_not_substantial_misdeal() -> None:
    live = tda_table()
    old, button = live.hand, live.plan.positions.button
    act_at(live, 3, Fold())  # one action (blinds do not count)
    assert not live.substantial_action()
    live.wrong_card_count(position_of(live, 6), 1)
    misdeal = of(live.records, Misdeal)[0]
    assert misdeal.rule == "I7" and "before substantial action" in misdeal.cause
    assert live.hand is not old and live.plan.positions.button == button
    assert list(live.hand.config.stacks) == [STACK] * 8  # every chip back
    assert len(live.census().stub) == 52


def test_I1_I7_TDA_36_D2_two_folds_are_not_substantial_misdeal() -> None:
    live = tda_table()
    act_at(live, 3, Fold())
    act_at(live, 4, Fold())
    assert not live.substantial_action()
    live.wrong_card_count(position_of(live, 6), 3)
    assert of(live.records, Misdeal)[0].rule == "I7"
    assert live.misdeals == 1


def test_I7_TDA_36_D3_three_folds_are_substantial_dead_hand() -> None:
    live = tda_table()
    for seat in (3, 4, 5):
        act_at(live, seat, Fold())
    assert live.substantial_action()
    seat6 = position_of(live, 6)
    live.wrong_card_count(seat6, 1)
    assert not of(live.records, Misdeal)
    assert of(live.records, HandDead)[0].position == seat6 and live.hand.folded[seat6]
    assert live.hand.actor == position_of(live, 7)


@pytest.mark.parametrize(
    ("actions", "substantial"),
    [
        (["check", "check"], False),
        (["check", "bet"], True),
        (["bet", "fold"], True),
        (["check", "check", "check"], True),
        (["bet"], False),
    ],
)
def test_I7_substantial_action_definition_TDA_36(actions: list[str], substantial: bool) -> None:
    """Two actions in turn of which at least one puts chips in, or any three (TDA Rule 36,
    as TDA-EXAMPLES 14 item 12 reads it: a check and a bet is substantial, not only two
    actions that both put chips in)."""
    live = holdem(5)
    to_street(live, "flop")
    for name in actions:
        action = {"check": CheckCall(), "bet": BetRaise(100), "fold": Fold()}[name]
        live.act(action)
    assert live.substantial_action(1) is substantial


def test_I7_dead_hand_found_out_of_turn_is_dead_at_once_and_the_player_to_act_acts() -> None:
    """TDA 38: the hand of seat 7, found with one card while seat 5 is to act, is dead
    when it is found (the engine's kill works out of turn): its cards go to the muck,
    its chips (none yet) stay in the pot, and seat 5 still acts, then seat 6, then the
    action passes seat 7 by."""
    live = tda_table()
    act_at(live, 3, Fold())
    act_at(live, 4, CheckCall())
    seat7 = position_of(live, 7)
    held = live.census().hands[seat7]
    live.wrong_card_count(seat7, 1)
    dead = of(live.records, HandDead)[0]
    assert (dead.rule, dead.position) == ("I7", seat7)
    assert live.hand.folded[seat7] and seat7 in live.dead
    assert set(held) <= set(live.census().muck)
    act_at(live, 5, CheckCall())
    act_at(live, 6, CheckCall())
    assert live.hand.actor == position_of(live, 8)  # seat 7 is skipped


def test_I7_reports_that_make_no_sense_are_refused() -> None:
    live = holdem(4)
    assert_refused(live, lambda: live.wrong_card_count(0, 1), "no_wrong_count")  # not dealt
    live.deal()
    assert_refused(live, lambda: live.wrong_card_count(2, 2), "no_wrong_count")  # right count
    assert_refused(live, lambda: live.wrong_card_count(7, 1), "no_wrong_count")
    folder = live.hand.actor
    live.act(Fold())
    assert_refused(live, lambda: live.wrong_card_count(folder, 1), "no_wrong_count")


# ------------------------------------------------------------------- I8


def test_I8_LVH_B2_stuck_flop_card_found_after_substantial_action_stands() -> None:
    live = holdem(5)
    to_street(live, "flop")
    flop = list(live.hand.board)
    live.act(BetRaise(100))
    live.act(CheckCall())  # a bet and a call: substantial action on the flop
    stuck = live.cards.stub.remaining()[0]
    live.report_stuck_flop_card()
    stands = of(live.records, CardsStand)[0]
    assert (stands.rule, list(stands.cards)) == ("I8", flop)
    assert stuck in live.census().muck and live.hand.board == flop
    play_out(live)
    assert [r.street for r in of(live.records, CardBurned)] == ["flop", "turn", "river"]
    assert stuck not in live.cards.burns and stuck not in live.hand.board


def test_I8_before_substantial_action_the_flop_would_be_redealt() -> None:
    live = holdem(5)
    to_street(live, "flop")
    live.act(CheckCall())
    err = assert_refused(live, live.report_stuck_flop_card, "no_stuck_card")
    assert "deal_flop_with_extra_cards" in str(err)


def test_I7_stud_hand_killed_while_a_street_is_dealt_gets_no_more_cards() -> None:
    """I7 in stud, found while fourth street is being dealt (one card out of three): the
    dead hand's cards go to the muck and the rest of the round skips it, so no card is
    pitched to a dead hand and every card stays in one place (a hypothesis find of
    test_I_properties: stud, three players, seed 0)."""
    live = stud(3)
    live.deal()
    finish_round(live)  # the bring-in and two calls: third street's betting is over
    live.deal_hole_card()  # fourth street: one card out, to position 0
    live.wrong_card_count(1, 1)
    assert of(live.records, HandDead)[0].position == 1 and live.hand.folded[1]
    live.deal()  # the rest of the round: position 2 only
    assert live.census().hands[1] == ()
    assert [len(live.census().hands[p]) for p in (0, 2)] == [4, 4]
    play_out(live)
    live.finish()
