"""I3, I4, I5: premature board cards and irregular flops, under both house procedures
(``irregularity_procedures``: seed / tda2024), with the TDA scenarios of TDA-EXAMPLES
section 9: TDA-39-A, TDA-39-B (B1, B2), TDA-RP5-A, TDA-RP5-B, TDA-RP5-C."""

from __future__ import annotations

import pytest

from pokerroom.rules import BetRaise, CheckCall, Fold
from pokerroom.table.irregularity_records import (
    BoardReturned,
    BoardTurned,
    BurnChosen,
    CardBurned,
    CardsSetAside,
    CardsStand,
    DealtWithoutBurn,
    Procedures,
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

BOTH = pytest.mark.parametrize("procedures", ["seed", "tda2024"])


def burns_by_street(live: object) -> list[str]:
    return [r.street for r in of(live.records, CardBurned)]  # type: ignore[attr-defined]


# ------------------------------------------------------------ I3: premature flop


@BOTH
def test_I3_TDA_RP5_A_premature_flop(procedures: Procedures) -> None:
    """RP-5-A (same in 2024 and the older text): the flop burn stays, the three cards go
    back and the stub is reshuffled; the new flop has no burn; three burns in all."""
    live = holdem(6, procedures=procedures)
    live.deal()
    live.act(CheckCall())
    burn = live.cards.stub.remaining()[0]
    premature = tuple(live.cards.stub.remaining()[1:4])
    live.premature_flop()
    returned = of(live.records, BoardReturned)[0]
    assert (returned.rule, returned.street, returned.cards) == ("I3", "flop", premature)
    assert live.cards.burns == [burn]
    assert live.cards.board == [] and live.hand.board == []
    assert set(premature) <= set(live.census().stub)
    finish_round(live)  # the betting goes on and ends
    live.deal()
    reshuffle = of(live.records, StubReshuffled)[0]
    assert (reshuffle.rule, reshuffle.street, reshuffle.added) == ("I3", "flop", ())
    assert reshuffle.cards == 52 - 12 - 1
    assert of(live.records, DealtWithoutBurn)[0].street == "flop"
    assert burns_by_street(live) == ["flop"]  # the premature flop's; none for the new flop
    assert len(live.hand.board) == 3
    play_out(live)
    assert len(live.cards.burns) == 3  # TDA-RP5-A: burns in the whole hand


def test_I3_premature_flop_and_everyone_folds() -> None:
    live = holdem(3)
    live.deal()
    live.premature_flop()
    live.act(Fold())
    live.act(Fold())
    assert live.hand.is_over
    live.finish()


# ----------------------------------------------------------- I3: four-card flop


def test_I3_seed_four_card_flop_is_redealt_without_a_burn() -> None:
    """RR Hold'em 2-3: the whole flop goes back (even if the extra card is known), the
    burn stays, reshuffle, cut, a new flop without a burn."""
    live = holdem(6, procedures="seed")
    to_street(live, "preflop")
    finish_round(live)
    burn = live.cards.stub.remaining()[0]
    four = tuple(live.cards.stub.remaining()[1:5])
    live.deal_flop_with_extra_cards()
    returned = of(live.records, BoardReturned)[0]
    assert (returned.rule, returned.cards) == ("I3", four)
    assert of(live.records, StubReshuffled)[0].cards == 52 - 12 - 1
    assert of(live.records, DealtWithoutBurn)[0].rule == "I3"
    assert live.cards.burns == [burn]
    assert len(live.hand.board) == 3
    play_out(live)
    assert burns_by_street(live) == ["flop", "turn", "river"]
    assert len(live.cards.burns) == 3


def test_I3_TDA_39_A_tda2024_four_card_flop_keeps_three_and_burns_one_at_random() -> None:
    """TDA 39-A: one of the four, drawn at random, is the burn for the turn; the other
    three are the flop; the turn then comes without another burn."""
    picked = set()
    for seed in range(12):
        live = holdem(4, procedures="tda2024", seed=seed)
        to_street(live, "preflop")
        finish_round(live)
        four = live.cards.stub.remaining()[1:5]
        live.deal_flop_with_extra_cards()
        chosen = of(live.records, BurnChosen)[0]
        assert chosen.rule == "I3" and chosen.card in four
        assert live.hand.board == [c for c in four if c != chosen.card]
        assert not of(live.records, StubReshuffled)
        finish_round(live)
        live.deal()  # the turn: no burn, the chosen card was it
        assert burns_by_street(live) == ["flop"]
        assert of(live.records, DealtWithoutBurn)[0].street == "turn"
        play_out(live)
        assert len(live.cards.burns) == 3
        picked.add(four.index(chosen.card))
    assert len(picked) > 1  # random, from the injected generator


def test_I3_tda2024_five_card_flop_falls_back_to_a_redeal() -> None:
    """TDA 39-A speaks of four cards; a flop with two extra cards is redealt (I3)."""
    live = holdem(4, procedures="tda2024")
    to_street(live, "preflop")
    finish_round(live)
    live.deal_flop_with_extra_cards(2)
    assert len(of(live.records, BoardReturned)[0].cards) == 5
    assert len(live.hand.board) == 3


def test_I3_the_seed_is_reproducible() -> None:
    boards = []
    for _ in range(2):
        live = holdem(4, procedures="tda2024", seed=99)
        to_street(live, "preflop")
        finish_round(live)
        live.deal_flop_with_extra_cards()
        boards.append(live.hand.board)
    assert boards[0] == boards[1]


# ----------------------------------------------------- TDA 39-B: flop with no burn


@BOTH
def test_I3_TDA_39_B1_flop_without_a_burn_before_any_action(procedures: Procedures) -> None:
    """39-B1: the three are mixed face down, one drawn at random is the burn, and the
    flop is the other two plus the next card off the stub."""
    live = holdem(5, procedures=procedures)
    to_street(live, "preflop")
    finish_round(live)
    top = live.cards.stub.remaining()[:4]
    live.deal_flop_without_burn()
    chosen = of(live.records, BurnChosen)[0]
    assert chosen.card in top[:3] and live.cards.burns == [chosen.card]
    assert live.hand.board == [*(c for c in top[:3] if c != chosen.card), top[3]]
    play_out(live)
    assert burns_by_street(live) == ["turn", "river"]  # the turn's usual single burn
    assert len(live.cards.burns) == 3


@BOTH
def test_I3_TDA_39_B2_flop_without_a_burn_found_after_an_action_stands(
    procedures: Procedures,
) -> None:
    live = holdem(5, procedures=procedures)
    to_street(live, "flop")
    flop = list(live.hand.board)
    flop_burn = live.cards.burns[-1]
    live.act(CheckCall())  # at least one action, even a check
    live.report_missed_flop_burn()
    stands = of(live.records, CardsStand)[0]
    assert stands.rule == "I3" and list(stands.cards) == flop and "39-B2" in stands.note
    assert live.hand.board == flop
    assert live.cards.burns == [] and live.cards.stub.remaining()[0] == flop_burn
    play_out(live)
    assert live.hand.board[:3] == flop
    assert live.cards.burns[0] == flop_burn  # the turn's usual burn
    assert len(live.cards.burns) == 2


def test_I3_TDA_39_B2_needs_an_action_on_the_flop() -> None:
    live = holdem(5)
    to_street(live, "flop")
    err = assert_refused(live, live.report_missed_flop_burn, "flop_burn_not_missed")
    assert "deal_flop_without_burn" in str(err)


# --------------------------------------------------------- I4: premature turn


def test_I4_seed_TDA_RP5_B_older_text_premature_turn() -> None:
    """Set aside; after the flop betting burn and turn what would have been the river;
    after the turn betting reshuffle the stub with the set-aside card (not the burns or
    discards), cut, and turn the river without a burn."""
    live = holdem(6, procedures="seed")
    to_street(live, "flop")
    live.act(CheckCall())
    first_burn, premature, second_burn, river = live.cards.stub.remaining()[:4]
    live.premature_turn()
    aside = of(live.records, CardsSetAside)[0]
    assert (aside.rule, aside.cards) == ("I4", (premature,))
    assert live.census().set_aside == (premature,)
    assert live.cards.burns[-1] == first_burn
    finish_round(live)  # the betting is completed
    live.deal()
    assert live.hand.board[3] == river  # what would have been the river, as the turn
    assert live.cards.burns[-1] == second_burn
    burns = tuple(live.cards.burns)
    stub_before = len(live.cards.stub)
    finish_round(live)
    live.deal()
    reshuffle = of(live.records, StubReshuffled)[0]
    assert (reshuffle.rule, reshuffle.street, reshuffle.added) == ("I4", "river", (premature,))
    assert reshuffle.cards == stub_before + 1  # the stub and the set-aside card only
    assert tuple(live.cards.burns) == burns  # burns stay out; no burn for the river
    assert of(live.records, DealtWithoutBurn)[0].street == "river"
    assert live.census().set_aside == ()
    assert len(live.cards.burns) == 3  # flop, premature turn, turn; none for the river


def test_I4_seed_premature_turn_stays_out_even_if_the_players_then_fold() -> None:
    live = holdem(3, procedures="seed")
    to_street(live, "flop")
    live.act(BetRaise(200))
    live.premature_turn()
    live.act(Fold())
    live.act(Fold())
    assert live.hand.is_over and len(live.census().set_aside) == 1
    live.finish()


def test_I4_tda2024_TDA_RP5_B_premature_turn_is_reshuffled_and_redealt() -> None:
    """2024: the turn burn stays, the card goes back, the stub is reshuffled, the turn is
    dealt again without a burn, and the river normally."""
    live = holdem(6, procedures="tda2024")
    to_street(live, "flop")
    first_burn, premature = live.cards.stub.remaining()[:2]
    live.premature_turn()
    returned = of(live.records, BoardReturned)[0]
    assert (returned.rule, returned.street, returned.cards) == ("I4", "turn", (premature,))
    assert "RP-5-B" in returned.note
    assert not live.census().set_aside
    finish_round(live)
    live.deal()
    assert of(live.records, StubReshuffled)[0].street == "turn"
    assert of(live.records, DealtWithoutBurn)[0].street == "turn"
    assert live.cards.burns[-1] == first_burn
    play_out(live)
    assert burns_by_street(live) == ["flop", "turn", "river"]  # the turn's: premature
    assert len(live.cards.burns) == 3


# ------------------------------------------------------- I5: premature river


@BOTH
def test_I5_TDA_RP5_C_premature_river(procedures: Procedures) -> None:
    """The river burn stays; the card goes back into the stub; after the turn betting the
    stub is reshuffled and the river dealt without a new burn."""
    live = holdem(6, procedures=procedures)
    to_street(live, "turn")
    burn, premature = live.cards.stub.remaining()[:2]
    live.premature_river()
    returned = of(live.records, BoardReturned)[0]
    assert (returned.rule, returned.cards) == ("I5", (premature,))
    assert premature in live.census().stub and live.cards.burns[-1] == burn
    finish_round(live)
    live.deal()
    reshuffle = of(live.records, StubReshuffled)[0]
    assert (reshuffle.rule, reshuffle.street) == ("I5", "river")
    assert of(live.records, DealtWithoutBurn)[0].street == "river"
    assert burns_by_street(live) == ["flop", "turn", "river"]  # the river's: premature
    assert len(live.cards.burns) == 3
    play_out(live)
    assert len(live.cards.burns) == 3


def test_I4_I5_seed_premature_turn_then_premature_river() -> None:
    live = holdem(4, procedures="seed")
    to_street(live, "flop")
    live.premature_turn()
    to_street(live, "turn")
    live.premature_river()
    finish_round(live)
    live.deal()
    reshuffle = of(live.records, StubReshuffled)[0]
    assert len(reshuffle.added) == 1  # the set-aside turn comes back too
    assert not live.census().set_aside and len(live.hand.board) == 5
    play_out(live)


# ---------------------------------------------------------- impossible reports


def test_I5_a_premature_river_before_the_flop_is_refused_and_changes_nothing() -> None:
    live = holdem(6)
    live.deal()
    err = assert_refused(live, live.premature_river, "no_premature_river")
    text = str(err)
    assert "during the turn betting" in text and "premature_flop" in text
    assert "seat" in text  # what the hand expects next: a player's action


@pytest.mark.parametrize(
    ("street", "report", "reason"),
    [
        ("preflop", "premature_turn", "no_premature_turn"),
        ("flop", "premature_flop", "no_premature_flop"),
        ("river", "premature_river", "no_premature_river"),
        ("preflop", "deal_flop_with_extra_cards", "no_flop_due"),
        ("turn", "deal_flop_without_burn", "no_flop_due"),
        ("preflop", "report_stuck_flop_card", "no_stuck_card"),
        ("turn", "report_missed_flop_burn", "flop_burn_not_missed"),
        ("flop", "premature_stud_card", "no_premature_card"),
    ],
)
def test_I3_I4_I5_reports_that_cannot_have_happened_now(
    street: str, report: str, reason: str
) -> None:
    live = holdem(4)
    to_street(live, street)
    assert_refused(live, getattr(live, report), reason)


def test_I3_I4_I5_a_second_premature_card_of_the_same_street_is_refused() -> None:
    live = holdem(4)
    to_street(live, "flop")
    live.premature_turn()
    assert_refused(live, live.premature_turn, "no_premature_turn")


def test_I3_I4_I5_stud_has_no_board() -> None:
    live = stud(3)
    live.deal()
    for report in (live.premature_flop, live.premature_turn, live.premature_river,
                   live.deal_flop_with_extra_cards, live.deal_flop_without_burn):
        assert_refused(live, report)


def test_I3_premature_flop_after_an_I2_burn_uses_that_burn() -> None:
    """The exposed card already is the flop's burn (I2): the premature flop comes without
    another, and the redealt flop too."""
    live = holdem(4)
    for _ in range(4):
        live.deal_hole_card()
    live.deal_hole_card(exposed=True)
    for _ in range(3):
        live.deal_hole_card()
    live.premature_flop()
    assert len(live.cards.burns) == 1
    finish_round(live)
    live.deal()
    assert len(live.cards.burns) == 1
    assert [r.rule for r in of(live.records, DealtWithoutBurn)] == ["I2"]
    assert len(of(live.records, BoardTurned)) == 1
