"""I1, I2, I6: hole cards exposed during the deal, extra cards after it (Robert's Rules,
Hold'em irregularities 1 and 5)."""

from __future__ import annotations

from typing import Any

from pokerroom.rules import CheckCall, Fold
from pokerroom.table.irregularity_records import (
    CardBurned,
    DealtWithoutBurn,
    ExposedCardReplaced,
    ExtraCardBurned,
    HoleCardExposed,
    HoleCardPitched,
    Misdeal,
)
from tests.table.test_I0_live_deal import (
    STACK,
    assert_refused,
    finish_round,
    holdem,
    of,
    play_out,
    stud,
    to_street,
)


def deal_cards(live: Any, count: int) -> None:
    for _ in range(count):
        live.deal_hole_card()


def assert_redealt(live: Any, old_hand: object, *, button: int) -> None:
    """A misdeal: a fresh hand, every chip back where it was, the button unmoved, and
    the whole deck back in a reshuffled stub."""
    assert live.hand is not old_hand and live.table.hand is live.hand
    assert live.plan.positions.button == button
    assert list(live.hand.config.stacks) == [STACK] * live.hand.n
    assert sum(live.hand.stacks) + live.hand.pot == STACK * live.hand.n
    assert len(live.census().stub) == 52


# ---------------------------------------------------------------- I1


def test_I1_first_hole_card_exposed_is_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    live.deal_hole_card(exposed=True)
    misdeal = of(live.records, Misdeal)
    assert len(misdeal) == 1 and misdeal[0].rule == "I1" and "first" in misdeal[0].cause
    assert live.misdeals == 1
    assert_redealt(live, old, button=button)
    assert any("misdeal (I1)" in note for note in live.table.notes)
    # The redeal is an ordinary deal from a freshly shuffled and cut deck.
    live.deal()
    assert live.hand.legal_actions().position is not None


def test_I1_second_hole_card_exposed_is_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    live.deal_hole_card()
    live.deal_hole_card(exposed=True)
    assert "second" in of(live.records, Misdeal)[0].cause
    assert_redealt(live, old, button=button)


def test_I1_an_already_dealt_first_card_turned_over_later_is_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    deal_cards(live, 4)
    live.expose_hole_card(0, 0)
    assert of(live.records, Misdeal)[0].rule == "I1"
    assert_redealt(live, old, button=button)


def test_I1_more_than_one_exposed_hole_card_is_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    deal_cards(live, 3)
    live.deal_hole_card(exposed=True)  # the fourth card: I2
    assert not of(live.records, Misdeal)
    deal_cards(live, 3)
    live.deal_hole_card(exposed=True)  # a second one: I1
    assert "more than one" in of(live.records, Misdeal)[0].cause
    assert_redealt(live, old, button=button)


def test_I1_misdeal_then_the_button_moves_once_after_the_redeal() -> None:
    live = holdem(4)
    button = live.plan.positions.button
    live.deal_hole_card(exposed=True)
    play_out(live)
    live.finish()
    assert live.table.positions.button == button  # the redealt hand had the same button
    assert live.table.hands_dealt == 1
    assert live.table.plan().positions.button == 0  # then it moves on (T1)


# ---------------------------------------------------------------- I2


def test_I2_other_exposed_card_is_replaced_by_the_top_card_and_becomes_the_burn() -> None:
    live = holdem(6)
    order = live.cards.stub.order
    deal_cards(live, 4)
    live.deal_hole_card(exposed=True)  # the fifth card: seat 4's first
    exposed = order[4]
    record = of(live.records, HoleCardExposed)[0]
    assert (record.rule, record.position, record.card) == ("I2", 4, exposed)
    assert of(live.records, HoleCardPitched)[4].shown == exposed  # everyone saw it
    deal_cards(live, 7)  # the deal goes on to the end
    replaced = of(live.records, ExposedCardReplaced)[0]
    assert (replaced.position, replaced.card) == (4, exposed)
    # After the deal, the top card (the 13th off the deck) replaces it, in its place.
    assert live.hand.hole[4] == [order[12], order[10]]
    assert exposed in live.cards.burns
    assert all(exposed not in hole for hole in live.hand.hole)
    # The exposed card is the flop's burn: no card is burned off the stub for the flop.
    to_street(live, "flop")
    assert live.hand.board == list(order[13:16])
    assert of(live.records, DealtWithoutBurn)[0].rule == "I2"
    assert [r.street for r in of(live.records, CardBurned)] == []
    play_out(live)
    assert len(live.cards.burns) == 3


def test_I2_the_buttons_last_card_exposed() -> None:
    live = holdem(3)
    deal_cards(live, 5)
    live.deal_hole_card(exposed=True)
    assert live.hand.hole[2][1] == live.cards.stub.order[6]
    assert of(live.records, ExposedCardReplaced)[0].position == 2


def test_I1_I2_exposed_cards_are_for_the_first_deal_of_flop_games() -> None:
    live = holdem(3)
    assert_refused(live, lambda: live.expose_hole_card(0, 0), "no_exposed_card")
    live.deal()
    assert_refused(live, lambda: live.deal_hole_card(exposed=True), "no_hole_card_due")
    assert_refused(live, lambda: live.expose_hole_card(0, 0), "no_exposed_card")
    seven = stud(3)
    assert_refused(seven, lambda: seven.deal_hole_card(exposed=True), "no_hole_card_due")


def test_I2_a_card_is_exposed_only_once() -> None:
    live = holdem(4)
    deal_cards(live, 6)
    live.expose_hole_card(2, 0)
    err = assert_refused(live, lambda: live.expose_hole_card(2, 0), "no_exposed_card")
    assert "already" in str(err)
    assert_refused(live, lambda: live.expose_hole_card(3, 1), "no_exposed_card")  # not dealt
    assert_refused(live, lambda: live.expose_hole_card(9, 0), "no_exposed_card")


# ---------------------------------------------------------------- I6


def test_I6_one_extra_card_to_the_first_player_goes_back_as_the_burn() -> None:
    live = holdem(5)
    order = live.cards.stub.order
    live.deal()
    live.deal_extra_card()
    record = of(live.records, ExtraCardBurned)[0]
    assert (record.rule, record.position) == ("I6", 0)
    assert live.cards.burns == [order[10]]
    finish_round(live)
    live.deal()  # the flop: no second burn
    assert live.hand.board == list(order[11:14])
    assert of(live.records, DealtWithoutBurn)[0].rule == "I6"
    play_out(live)
    assert len(live.cards.burns) == 3


def test_I6_more_than_one_extra_card_is_a_misdeal() -> None:
    live = holdem(5)
    old, button = live.hand, live.plan.positions.button
    live.deal()
    live.deal_extra_card()
    live.deal_extra_card()
    assert of(live.records, Misdeal)[0].rule == "I6"
    assert_redealt(live, old, button=button)


def test_I6_only_right_after_the_deal() -> None:
    live = holdem(5)
    err = assert_refused(live, live.deal_extra_card, "no_extra_card")
    assert "not all dealt" in str(err)
    live.deal()
    live.act(Fold())
    assert_refused(live, live.deal_extra_card, "no_extra_card")
    seven = stud(3)
    seven.deal()
    assert_refused(seven, seven.deal_extra_card, "no_extra_card")


def test_I2_and_I6_together_both_cards_are_burns_for_the_flop() -> None:
    live = holdem(4)
    deal_cards(live, 5)
    live.deal_hole_card(exposed=True)
    deal_cards(live, 2)
    live.deal_extra_card()
    assert len(live.cards.burns) == 2
    live.act(CheckCall())
    to_street(live, "flop")
    assert len(live.cards.burns) == 2
    assert not of(live.records, CardBurned)
