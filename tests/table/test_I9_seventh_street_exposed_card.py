"""I9: a seventh-street down card exposed by the dealer in stud.

TDA RP-10-B (file 003): "A card exposed by the dealer on 7th street will be replaced
if betting action remains on the hand."  The replacement is the top card once the
round is out, as for an exposed hole card in hold'em (I2), so every other player gets
the card due them.  The text does not say what happens when no card is left for it:
RP-10-H (the short stub) makes a new stub from the earlier burns, so the burns are
scrambled and cut and the replacement comes off the top; with no card at all the
exposed card stays and plays face up.
"""

from __future__ import annotations

import random
from typing import Any

from pokerroom.rules import BringIn, CheckCall, Fold
from pokerroom.rules.engine import Phase
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.irregularities import LiveDeal
from pokerroom.table.irregularity_records import (
    ExposedCardReplaced,
    ExposedCardStands,
    HoleCardExposed,
    HoleCardPitched,
    Misdeal,
    StubReshuffled,
)
from tests.table.test_I0_live_deal import (
    STACK,
    Watch,
    assert_refused,
    finish_round,
    of,
    play_out,
    stud,
    to_street,
)


def at_seventh(players: int) -> Any:
    """Stud dealt and bet through sixth street: seventh street is due."""
    live = stud(players)
    to_street(live, "sixth")
    finish_round(live)
    assert live.street_name() == "seventh" and live.hand.phase is Phase.DEALING
    return live


def test_I9_TDA_RP10_B_seventh_street_card_exposed_is_replaced_when_betting_remains() -> None:
    live = at_seventh(4)
    burn, *next_cards = live.cards.stub.remaining()[:7]
    live.deal_hole_card()
    live.deal_hole_card(exposed=True)  # seat 1's down card, face up
    exposed = next_cards[1]
    record = of(live.records, HoleCardExposed)[0]
    assert (record.rule, record.position, record.card) == ("I9", 1, exposed)
    assert "TDA RP-10-B" in record.note
    assert of(live.records, HoleCardPitched)[-1].shown == exposed  # everyone saw it
    live.deal()  # the round goes on to the end
    replaced = of(live.records, ExposedCardReplaced)[0]
    assert (replaced.rule, replaced.position, replaced.card) == ("I9", 1, exposed)
    # The others got the cards due them; seat 1 gets the top card after the round.
    assert [live.hand.hole[s][-1] for s in (0, 2, 3)] == [next_cards[0], *next_cards[2:4]]
    assert live.hand.hole[1][-1] == next_cards[4]
    assert exposed in live.census().muck
    assert all(exposed not in hole for hole in live.hand.hole)
    assert live.cards.burns[-1] == burn and exposed not in live.cards.burns
    assert live.hand.phase is Phase.BETTING
    assert not of(live.records, Misdeal)
    play_out(live)
    live.finish()


def test_I9_TDA_RP10_B_a_pitched_seventh_street_card_turned_over() -> None:
    live = at_seventh(3)
    live.deal_hole_card()
    live.deal_hole_card()
    seventh = live.cards.hands[0][6]
    live.expose_hole_card(0, 6)
    assert of(live.records, HoleCardExposed)[0].card == seventh
    live.deal_hole_card()
    assert of(live.records, ExposedCardReplaced)[0].card == seventh
    assert live.hand.hole[0][6] != seventh


def test_I9_TDA_RP10_B_every_exposed_card_is_replaced_no_misdeal() -> None:
    """On seventh street there is no I1 'more than one exposed card': each is replaced."""
    live = at_seventh(5)
    for _ in range(5):
        live.deal_hole_card(exposed=True)
    assert len(of(live.records, ExposedCardReplaced)) == 5
    assert not of(live.records, Misdeal)
    assert live.hand.phase is Phase.BETTING


def all_in_stud() -> Any:
    """Two players; B (engine seat 0) is all-in on third street: no betting remains."""
    table = Table(
        Stakes.of("stud", "fixed_limit", ante=10, bring_in=20, small_bet=50, big_bet=100),
        TableOptions(seats=9),
    )
    table.sit(0, "A", STACK)
    table.sit(1, "B", 30)
    live = Watch(LiveDeal(table, rng=random.Random(3)))
    while live.street_name() != "seventh" or live.hand.phase is not Phase.DEALING:
        if live.hand.phase is Phase.DEALING:
            live.deal()
        else:
            live.act(BringIn() if live.hand.legal_actions().bring_in is not None
                     else CheckCall())
    assert 0 in live.hand.stacks
    return live


def test_I9_TDA_RP10_B_no_betting_action_remains_so_the_exposed_card_plays() -> None:
    live = all_in_stud()
    live.deal_hole_card(exposed=True)
    exposed = live.cards.hands[0][-1]
    stands = of(live.records, ExposedCardStands)
    assert len(stands) == 1 and (stands[0].rule, stands[0].position, stands[0].card) == (
        "I9", 0, exposed)
    assert "no betting action remains" in stands[0].note
    live.deal()
    assert live.hand.hole[0][-1] == exposed
    assert not of(live.records, ExposedCardReplaced)
    play_out(live)
    live.finish()


def test_I9_seventh_street_exposed_card_when_the_stub_runs_out() -> None:
    """The stub has one card left after the round; the second replacement finds it empty:
    the burns are scrambled into a new stub (as RP-10-H does) and cut."""
    live = at_seventh(6)
    live.cards.muck.extend(live.cards.take(5))  # 8 left: 6 players, a burn, 1 over
    burns = len(live.cards.burns)
    live.deal_hole_card(exposed=True)
    live.deal_hole_card(exposed=True)
    live.deal()
    replaced = of(live.records, ExposedCardReplaced)
    assert [r.position for r in replaced] == [0, 1]
    reshuffle = of(live.records, StubReshuffled)
    assert len(reshuffle) == 1 and reshuffle[0].rule == "I9"
    assert reshuffle[0].cards == burns + 1 and reshuffle[0].added == ()  # burns unseen
    assert "burn" in reshuffle[0].note
    assert len(live.cards.stub) == burns  # the new stub, less the replacement
    assert live.cards.burns == []
    assert live.hand.phase is Phase.BETTING


def test_I9_seventh_street_exposed_card_with_no_card_left_plays() -> None:
    live = at_seventh(6)
    live.cards.muck.extend(live.cards.take(5))  # 8 left: 6 players, a burn, 1 over
    live.cards.muck.extend(live.cards.burns)  # and no earlier burns
    live.cards.burns.clear()
    for _ in range(3):
        live.deal_hole_card(exposed=True)
    third = live.cards.hands[2][-1]
    live.deal()
    # The card left over replaces the first, the seventh-street burn the second, and
    # nothing is left for the third: it plays face up.
    assert [r.position for r in of(live.records, ExposedCardReplaced)] == [0, 1]
    stands = of(live.records, ExposedCardStands)
    assert [(s.position, s.card) for s in stands] == [(2, third)]
    assert "no card" in stands[0].note
    assert live.hand.hole[2][-1] == third
    assert live.cards.stub.remaining() == [] and live.cards.burns == []
    assert live.hand.phase is Phase.BETTING


def test_I9_seventh_street_exposure_bad_reports_change_nothing() -> None:
    live = at_seventh(4)
    # Before the round: nothing pitched yet.
    err = assert_refused(live, lambda: live.expose_hole_card(0, 6), "no_exposed_card")
    assert "no hole card has been dealt yet" in str(err)
    live.deal_hole_card()
    # A card of an earlier street, a seat not dealt yet, a seat not in the hand.
    err = assert_refused(live, lambda: live.expose_hole_card(0, 2), "no_exposed_card")
    assert "earlier street" in str(err)
    err = assert_refused(live, lambda: live.expose_hole_card(1, 6), "no_exposed_card")
    assert "not been dealt yet" in str(err)
    err = assert_refused(live, lambda: live.expose_hole_card(7, 6), "no_exposed_card")
    assert "no position 7" in str(err)
    live.deal()
    err = assert_refused(live, lambda: live.deal_hole_card(exposed=True), "no_hole_card_due")
    assert "no hole cards are due" in str(err)


def test_I9_exposed_card_of_a_folded_seat_is_refused() -> None:
    live = stud(4)
    live.deal()
    live.act(BringIn())  # the bring-in, then the next player folds
    folder = live.hand.actor
    live.act(Fold())
    to_street(live, "sixth")
    finish_round(live)
    live.deal_hole_card()
    err = assert_refused(live, lambda: live.expose_hole_card(folder, 6), "no_exposed_card")
    seat = live.plan.seat_at(folder)  # the folder's chair, seen as seat + 1 (I9)
    assert f"seat {seat + 1} ({live.table.players[seat].name}) is out of the hand" in str(err)


def test_I9_earlier_stud_streets_have_no_exposed_card_ruling() -> None:
    live = stud(3)
    err = assert_refused(live, lambda: live.deal_hole_card(exposed=True), "no_hole_card_due")
    assert "seventh street" in str(err)
    live.deal()
    finish_round(live)
    err = assert_refused(live, lambda: live.deal_hole_card(exposed=True), "no_hole_card_due")
    assert "seventh street" in str(err)


def test_I9_a_community_seventh_street_has_no_down_card_to_expose() -> None:
    live = at_seventh(8)  # RP-10-H case C: one community card
    err = assert_refused(live, lambda: live.deal_hole_card(exposed=True), "no_hole_card_due")
    assert "community card" in str(err)
