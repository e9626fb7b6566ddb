"""I1 misdeals the floor rules on from TDA Rule 35-A and Rule 34-A (TDA-EXAMPLES sections
12 and 13): boxed cards in the deck, the first card dealt to the wrong seat, the button
in the wrong place.

TDA-EXAMPLES section 13, "Rule 35-A misdeals (flop games): 2 or more boxed cards. The
first card dealt to the wrong seat. ...".  TDA-34-A1: "the button is wrongly moved two
seats; substantial action then happens. Ruling: the error stands for this hand ...
DERIVED: if the error is found before substantial action, it is corrected."

``holdem(n)`` seats players in table seats 0..n-1 with the button on seat n-1, so the
first card is due table seat 0 and engine seat k is table seat k.
"""

from __future__ import annotations

import random
from typing import Any

from pokerroom.cards import parse_cards
from pokerroom.rules import CheckCall, Fold
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.irregularities import LiveDeal
from pokerroom.table.irregularity_records import CardBoxed, Misdeal
from tests.table.test_I0_live_deal import (
    STACK,
    Watch,
    assert_refused,
    holdem,
    of,
    play_out,
    stud,
)
from tests.table.test_I1_I2_I6_exposed_and_extra_cards import assert_redealt, deal_cards

# ------------------------------------------------------------------ boxed cards


def test_I1_TDA_35A_one_boxed_card_is_taken_out_and_the_deal_goes_on() -> None:
    """TDA 35-A makes two or more boxed cards a misdeal, so one is not: the card found
    face up in the deck is out of play and the next card goes to the seat due it."""
    live = holdem(6)
    order = live.cards.stub.order
    deal_cards(live, 3)
    live.boxed_card()  # the fourth card off the deck is face up
    boxed = of(live.records, CardBoxed)
    assert len(boxed) == 1 and (boxed[0].rule, boxed[0].card) == ("I1", order[3])
    assert "TDA 35-A" in boxed[0].note
    assert order[3] in live.census().muck and order[3] not in live.census().stub
    assert not of(live.records, Misdeal)
    live.deal()
    # Seat 3 gets the card under the boxed one; the deal keeps its order after it.
    assert live.hand.hole[3] == [order[4], order[10]]
    assert live.hand.hole[0] == [order[0], order[7]]
    play_out(live)
    live.finish()


def test_I1_TDA_35A_a_boxed_card_on_top_before_the_first_card() -> None:
    live = holdem(4)
    order = live.cards.stub.order
    live.boxed_card()
    live.deal()
    assert live.hand.hole[0] == [order[1], order[5]]


def test_I1_TDA_35A_two_boxed_cards_are_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    deal_cards(live, 2)
    live.boxed_card()
    deal_cards(live, 5)
    live.boxed_card()
    misdeal = of(live.records, Misdeal)
    assert len(misdeal) == 1 and misdeal[0].rule == "I1"
    assert "two boxed cards" in misdeal[0].cause and "TDA 35-A" in misdeal[0].cause
    assert live.misdeals == 1
    assert_redealt(live, old, button=button)
    # The redeal starts a fresh count: one boxed card in it is not a misdeal.
    live.boxed_card()
    assert live.misdeals == 1
    live.deal()
    play_out(live)
    live.finish()
    assert sum(live.table.stacks().values()) == 6 * STACK


def test_I1_a_boxed_card_named_by_the_dealer_comes_out_of_the_stub() -> None:
    live = holdem(4)
    deal_cards(live, 3)
    deep = live.cards.stub.remaining()[20]
    top = live.cards.stub.remaining()[0]
    live.boxed_card(deep)
    assert of(live.records, CardBoxed)[0].card == deep
    assert deep in live.census().muck and deep not in live.census().stub
    live.deal_hole_card()
    assert live.census().hands[3] == (top,)


def test_I1_boxed_card_bad_reports_change_nothing() -> None:
    live = holdem(4)
    deal_cards(live, 3)
    dealt = live.census().hands[1][0]
    err = assert_refused(live, lambda: live.boxed_card(dealt), "no_boxed_card")
    assert "not in the stub" in str(err)
    assert "seat" not in str(err).split("Next:")[0]  # where a hidden card is, is not said
    live.deal()
    err = assert_refused(live, live.boxed_card, "no_boxed_card")  # after the deal
    assert "while the hole cards are dealt" in str(err)
    seven = stud(3)
    err = assert_refused(seven, seven.boxed_card, "no_boxed_card")
    assert "flop games" in str(err)


def test_I1_a_card_not_in_the_game_is_not_a_boxed_card() -> None:
    table = Table(Stakes.of("short_deck", "no_limit", small_blind=50, big_blind=100),
                  TableOptions(seats=9))
    for k in range(3):
        table.sit(k, "ABC"[k], STACK)
    table.first_button = 2
    live = Watch(LiveDeal(table, rng=random.Random(5)))
    deuce = parse_cards("2c")[0]
    err = assert_refused(live, lambda: live.boxed_card(deuce), "no_boxed_card")
    assert "not in this game's deck" in str(err)


# ------------------------------------------------- the first card to the wrong seat


def test_I1_TDA_35A_first_card_dealt_to_the_wrong_seat_is_a_misdeal() -> None:
    live = holdem(6)
    old, button = live.hand, live.plan.positions.button
    live.deal_hole_card()
    live.first_card_to_wrong_seat(2)
    misdeal = of(live.records, Misdeal)
    assert len(misdeal) == 1 and misdeal[0].rule == "I1"
    assert "TDA 35-A" in misdeal[0].cause and "seat 3 instead" in misdeal[0].cause
    assert_redealt(live, old, button=button)


def test_I1_TDA_35A_wrong_first_seat_found_before_substantial_action() -> None:
    """Found after the deal and one fold: no substantial action yet (TDA 36), so still a
    misdeal with every chip back; the first card may have gone to an empty seat."""
    live = holdem(4)
    old, button = live.hand, live.plan.positions.button
    live.deal()
    live.act(Fold())
    live.first_card_to_wrong_seat(7)  # an empty seat
    assert of(live.records, Misdeal)[0].rule == "I1"
    assert_redealt(live, old, button=button)


def test_I1_wrong_first_seat_after_substantial_action_stands() -> None:
    live = holdem(4)
    live.deal()
    live.act(CheckCall())
    live.act(CheckCall())  # two actions putting chips in: substantial action
    err = assert_refused(live, lambda: live.first_card_to_wrong_seat(1), "no_misdeal")
    assert "substantial action" in str(err)


def test_I1_wrong_first_seat_bad_reports_change_nothing() -> None:
    live = holdem(4)
    err = assert_refused(live, lambda: live.first_card_to_wrong_seat(1), "no_misdeal")
    assert "no card has been dealt" in str(err)
    live.deal_hole_card()
    err = assert_refused(live, lambda: live.first_card_to_wrong_seat(0), "no_misdeal")
    assert "seat 1 is the seat due the first card" in str(err)  # seat 0, seen as seat 1
    err = assert_refused(live, lambda: live.first_card_to_wrong_seat(9), "no_misdeal")
    assert "there is no seat 9: seats are 0-8" in str(err)
    seven = stud(3)
    seven.deal_hole_card()
    err = assert_refused(seven, lambda: seven.first_card_to_wrong_seat(1), "no_misdeal")
    assert "flop games" in str(err)


# ------------------------------------------------------ the button in the wrong place


def test_I1_TDA_34A_button_in_the_wrong_place_before_substantial_action() -> None:
    """TDA-34-A1, DERIVED: found before substantial action, the error is corrected: a
    misdeal, every chip back, and the redeal has the button where the rule puts it."""
    live = holdem(6)  # the rule puts the button on table seat 5
    old = live.hand
    live.deal()
    live.act(Fold())  # one action: not substantial
    live.button_misplaced(3)  # the disc was on seat 3
    misdeal = of(live.records, Misdeal)[0]
    assert misdeal.rule == "I1" and "TDA 34-A" in misdeal.cause
    assert "not on seat 6 where the rule puts it" in misdeal.note  # seat 5, seen as 6
    assert_redealt(live, old, button=5)
    play_out(live)
    live.finish()
    assert live.table.positions.button == 5
    assert live.table.plan().positions.button == 0  # then it moves on (T1)


def test_I1_TDA_34A_button_error_after_substantial_action_stands() -> None:
    live = holdem(6)
    live.deal()
    for _ in range(3):
        live.act(Fold())  # three actions: substantial
    err = assert_refused(live, lambda: live.button_misplaced(3), "no_misdeal")
    assert "stands" in str(err) and "TDA 34-A" in str(err)


def test_I1_button_bad_reports_change_nothing() -> None:
    live = holdem(6)
    err = assert_refused(live, lambda: live.button_misplaced(5), "no_misdeal")
    assert "where the rule puts the button" in str(err)
    err = assert_refused(live, lambda: live.button_misplaced(-1), "no_misdeal")
    assert "seats are 0-8" in str(err)
    seven = stud(3)
    err = assert_refused(seven, lambda: seven.button_misplaced(1), "no_misdeal")
    assert "stud has no button" in str(err)
    play_out(live)
    err = assert_refused(live, lambda: live.button_misplaced(3), "no_misdeal")
    assert "the hand is over" in str(err)


def test_I1_all_misdeal_reports_are_listed_when_allowed() -> None:
    live: Any = holdem(4)
    assert {"boxed_card", "button_misplaced"} <= set(live.allowed_reports())
    assert "first_card_to_wrong_seat" not in live.allowed_reports()
    live.deal_hole_card()
    assert "first_card_to_wrong_seat" in live.allowed_reports()
