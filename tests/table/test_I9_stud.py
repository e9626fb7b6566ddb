"""I9: stud premature cards (TDA-RP5-D, both procedures) and the seventh-street short
stub (TDA-RP10-H)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.rules.engine import Phase
from pokerroom.table.irregularities import short_stub_case
from pokerroom.table.irregularity_records import (
    BoardReturned,
    CardBurned,
    CardsSetAside,
    DealtWithoutBurn,
    ShortStub,
    StubReshuffled,
)
from tests.table.test_I0_live_deal import (
    assert_refused,
    finish_round,
    holdem,
    of,
    play_out,
    stud,
    to_street,
)


def test_I9_TDA_RP5_D_seed_a_round_is_set_aside_until_the_last_street() -> None:
    """Older text: more cards make up a round for the live players and are set aside with
    the premature card; the next street is burned and dealt as usual; the set-aside
    cards go back into the stub, reshuffled, for the final street."""
    live = stud(5, procedures="seed")
    live.deal()
    burn, premature = live.cards.stub.remaining()[:2]
    live.premature_stud_card()
    aside = of(live.records, CardsSetAside)[0]
    assert (aside.rule, aside.street, aside.cards) == ("I9", "fourth", (premature,))
    set_aside = live.census().set_aside
    assert len(set_aside) == 5 and premature in set_aside
    assert live.cards.burns == [burn]
    finish_round(live)
    live.deal()  # fourth street: burned and dealt as usual
    assert [r.street for r in of(live.records, CardBurned)] == ["fourth", "fourth"]
    assert len(live.cards.burns) == 2
    assert all(premature not in hole for hole in live.hand.hole)
    to_street(live, "sixth")
    finish_round(live)
    live.deal()  # seventh street
    reshuffle = of(live.records, StubReshuffled)[0]
    assert (reshuffle.rule, reshuffle.street) == ("I9", "seventh")
    assert reshuffle.added == set_aside
    assert live.census().set_aside == ()
    assert [r.street for r in of(live.records, CardBurned)][-1] == "seventh"
    play_out(live)
    live.finish()


def test_I9_TDA_RP5_D_tda2024_the_card_goes_back_and_the_street_is_redealt() -> None:
    live = stud(5, procedures="tda2024")
    live.deal()
    burn, premature = live.cards.stub.remaining()[:2]
    live.premature_stud_card(position=3)
    returned = of(live.records, BoardReturned)[0]
    assert (returned.rule, returned.cards) == ("I9", (premature,))
    seat = live.plan.seat_at(3)  # the note names the chair people see: seat + 1
    assert f"to seat {seat + 1} (" in returned.note and premature in live.census().stub
    finish_round(live)
    live.deal()
    assert of(live.records, StubReshuffled)[0].street == "fourth"
    assert of(live.records, DealtWithoutBurn)[0].street == "fourth"
    assert live.cards.burns == [burn]
    play_out(live)
    assert len(live.cards.burns) == 4


def test_I9_seed_premature_seventh_street_card() -> None:
    live = stud(4, procedures="seed")
    to_street(live, "sixth")
    live.premature_stud_card()
    aside = of(live.records, CardsSetAside)[0]
    assert aside.cards == ()  # seventh street is dealt face down: nobody saw it
    finish_round(live)
    live.deal()
    assert len(of(live.records, StubReshuffled)[0].added) == 4
    play_out(live)


def test_I9_premature_stud_card_impossible_reports() -> None:
    live = stud(3)
    assert_refused(live, live.premature_stud_card, "no_premature_card")  # not dealt yet
    live.deal()
    assert_refused(live, lambda: live.premature_stud_card(position=7), "no_premature_card")
    live.premature_stud_card()
    assert_refused(live, live.premature_stud_card, "no_premature_card")  # once per street
    to_street(live, "seventh")
    err = assert_refused(live, live.premature_stud_card, "no_premature_card")
    assert "last street" in str(err)
    flop_game = holdem(3)
    flop_game.deal()
    assert_refused(flop_game, flop_game.premature_stud_card, "no_premature_card")


# -------------------------------------------------------------- RP-10-H


@pytest.mark.parametrize(
    ("stub", "players", "case"),
    [
        (6, 7, "A"),  # TDA-RP10-H case A: 6 + 3 burns = 9 >= 7 + 2
        (3, 7, "B"),  # case B: at least 3, but 3 + 3 < 9
        (2, 8, "C"),  # case C: fewer than 3
        (2, 2, "A"),  # A and C both fit: A, listed first
        (9, 7, None),  # enough
        (7, 7, "A"),  # seven players to seventh street with a full deck
        (1, 8, "C"),  # eight players to seventh street with a full deck
    ],
)
def test_I9_TDA_RP10_H_short_stub_cases(stub: int, players: int, case: str | None) -> None:
    assert short_stub_case(stub, players) == case


def test_I9_TDA_RP10_H_case_A_seven_players_reshuffle_the_stub_with_the_burns() -> None:
    live = stud(7)
    to_street(live, "sixth")
    finish_round(live)
    assert len(live.cards.stub) == 7 and len(live.cards.burns) == 3
    live.deal()
    short = of(live.records, ShortStub)[0]
    assert (short.rule, short.case, short.stub, short.players) == ("I9", "A", 7, 7)
    reshuffle = of(live.records, StubReshuffled)[0]
    assert len(reshuffle.added) == 3 and reshuffle.cards == 10
    assert reshuffle.cut_at == 5  # ten cards: five in each part (D2)
    assert len(live.cards.burns) == 1  # the new seventh-street burn
    assert len(live.cards.stub) == 2  # two left over
    assert live.hand.phase is Phase.BETTING
    play_out(live)
    live.finish()


def _community_card_street(live: Any, case: str, stub: int, players: int) -> None:
    """Seventh street dealt as one community card (TDA RP-10-H cases B and C): a burn,
    one card face up on the board, no hole cards."""
    hole = [len(cards) for cards in live.cards.hands]
    before = len(live.records)
    live.deal()
    short = of(live.records[before:], ShortStub)[0]
    assert (short.rule, short.case, short.stub, short.players) == ("I9", case, stub, players)
    assert len(live.hand.board) == 1 and list(live.cards.board) == list(live.hand.board)
    assert [len(cards) for cards in live.cards.hands] == hole
    assert len(of(live.records[before:], CardBurned)) == 1
    assert live.hand.phase is Phase.BETTING
    census = live.census()
    assert len(census.cards()) == len(set(census.cards())) == 52


def test_I9_TDA_RP10_H_case_B_burn_and_one_community_card() -> None:
    live = stud(7)
    to_street(live, "sixth")
    finish_round(live)
    # Four cards lost to the muck: three left for seven players, 3 + 3 burns < 9.
    live.cards.muck.extend(live.cards.take(4))
    burns = list(live.cards.burns)
    _community_card_street(live, "B", 3, 7)
    assert live.cards.burns[:3] == burns  # the earlier burns stay out
    assert len(live.cards.stub) == 1
    assert not of(live.records, StubReshuffled)
    play_out(live)
    live.finish()


def test_I9_TDA_RP10_H_case_C_mix_with_the_burns_and_one_community_card() -> None:
    live = stud(8)
    to_street(live, "sixth")
    finish_round(live)
    assert len(live.cards.stub) == 1 and len(live.cards.burns) == 3
    _community_card_street(live, "C", 1, 8)
    reshuffle = of(live.records, StubReshuffled)[0]
    assert len(reshuffle.added) == 3 and reshuffle.cards == 4
    assert len(live.cards.burns) == 1  # the new seventh-street burn
    assert len(live.cards.stub) == 2  # two left over
    play_out(live)
    live.finish()


def test_F10_a_table_passes_the_full_bring_in_option_to_the_hand() -> None:
    """F10: ``Stakes(full_bring_in=...)`` reaches the hand: with "raise" the bring-in of
    the whole small bet may come in for a raise; with "live" (default) it may not."""
    from pokerroom.table import Stakes, Table, TableOptions

    for choice, raise_to in (("live", None), ("raise", 20)):
        stakes = Stakes.of("stud", "fixed_limit", ante=1, bring_in=10, small_bet=10,
                           big_bet=20, full_bring_in=choice)
        table = Table(stakes, TableOptions(seats=6))
        for seat, name in enumerate("ABC"):
            table.sit(seat, name, 500)
        table.start_hand()
        legal = table.legal_actions()
        assert legal.bring_in == 10 and legal.min_raise_to == raise_to


def test_I9_a_cash_stud_table_deals_at_most_eight() -> None:
    """I9: a stud table of nine or ten seats deals when at most eight are ready; with a
    ninth the deal is refused (``too_many_players``, changing nothing) rather than
    failing in the engine: a ninth would need more cards before seventh street than
    the deck has."""
    from pokerroom.errors import IllegalActionError, Reason
    from pokerroom.table import Stakes, Table, TableOptions

    stakes = Stakes.of("stud", "fixed_limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
    table = Table(stakes, TableOptions(seats=10))
    for seat in range(9):
        table.sit(seat, f"P{seat}", 200)
    with pytest.raises(IllegalActionError, match="deals at most 8") as refused:
        table.start_hand()
    assert refused.value.reason is Reason.TOO_MANY_PLAYERS and table.hand is None
    table.sit_out(4)
    hand = table.start_hand()
    assert len(hand.stacks) == 8
