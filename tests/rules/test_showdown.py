"""Showdown and pots: side pots, tabling, order of show, hand ranks, hi-lo, odd
chips and rake (S1-S8, S10, S11).  TDA scenarios 16-*, 17-*, 20-*."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.rules import (
    DealBoard,
    DealHole,
    Hand,
    HandConfig,
    Muck,
    Phase,
    Show,
    Structure,
    variant,
)
from pokerroom.rules import events as ev

from .conftest import (
    Dealer,
    assert_refused,
    cards,
    check_down,
    dealt,
    deck_hand,
    events_of,
    nl,
    payouts,
    play,
    street_of,
    to_street,
)

DEEP = 10_000


def _kinds(events: list[ev.Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def _shown(events: list[ev.Event]) -> list[int]:
    return [e.position for e in events if isinstance(e, ev.HandShown)]


# ----------------------------------------------------------------- S1 side pots


def test_S1_each_all_in_player_contests_only_what_it_matched() -> None:
    """S1: stacks 300, 700, deep, deep all in preflop: main pot 4x300, first side pot
    3x400, second side pot 2x(rest); the short stack's best hand wins only the main."""
    config = nl([300, 700, DEEP, DEEP])
    hand, dealer = dealt(config, ["AsAh", "KsKh", "QsQh", "JsJh"], "2c7d9cTd3s")
    play(hand, (2, DEEP), (3, "c"), (0, "c"), (1, "c"), dealer=dealer)
    assert hand.is_over
    pots = {e.pot: e.amounts for e in events_of(hand, ev.PotAwarded)}
    assert pots == {0: ((0, 1_200),), 1: ((1, 1_200),), 2: ((2, 2 * (DEEP - 700)),)}
    assert hand.stacks == [1_200, 1_200, 2 * DEEP - 1_400, 0]


def test_S1_folded_chips_stay_in_as_dead_money() -> None:
    """S1, B12: the button raises to 1,000, the small blind calls, the big blind calls
    all-in for 400; the button folds to a flop bet.  Main pot 3 x 400 to the big
    blind; the side pot (2 x 600, the button's folded chips in it) to the small
    blind; the uncalled flop bet goes back."""
    config = nl([DEEP, 400, DEEP])
    hand, dealer = dealt(config, ["2c3d", "AsAh", "KsKh"], "2h7d9cTd4s")
    play(hand, (2, 1_000), (0, "c"), (1, "c"), dealer=dealer)
    assert street_of(hand) == "flop"
    play(hand, (0, 2_000), (2, "f"), dealer=dealer)
    assert hand.is_over
    assert ev.BetReturned(None, 0, 2_000) in hand.events
    assert payouts(hand) == {1: 1_200, 0: 1_200}


# ------------------------------------------------------ S2, S3 / TDA Rule 16


def test_S3_TDA_16_1_heads_up_all_in_and_call_tables_both_before_the_river() -> None:
    """S3 / TDA-16-1: turn, A all-in, B calls: both hands are tabled at once, before
    the river burn; then burn, river, showdown."""
    config = nl([2_000, DEEP])
    hand, dealer = dealt(config, ["AsAh", "KsKh"], "2c7d9cTd3s")
    to_street(hand, "turn", dealer)
    play(hand, (0, 1_900))
    events = play(hand, (1, "c"))
    kinds = _kinds(events)
    assert _shown(events) == [0, 1]
    assert kinds.index("HandShown") < kinds.index("StreetStarted")
    dealer.deal()
    assert hand.is_over
    assert events_of(hand, ev.PotAwarded)[0].amounts == ((0, 4_000),)


def test_S3_S2_TDA_16_2_hands_stay_down_while_betting_is_possible() -> None:
    """S3, S2 / TDA-16-2: A all-in preflop, B and C call: face down.  Flop checks: face
    down.  Turn B all-in, C calls: all three tabled now.  Side pot first."""
    config = nl([500, 3_000, DEEP])
    hand, dealer = dealt(config, ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    # Positions: 0 A (small blind, shortest), 1 B (big blind), 2 C (button).
    events = play(hand, (2, "c"), (0, 500), (1, "c"), (2, "c"), dealer=dealer)
    assert street_of(hand) == "flop" and not _shown(events)
    events = play(hand, (1, "x"), (2, "x"), dealer=dealer)
    assert street_of(hand) == "turn" and not _shown(events)
    assert not events_of(hand, ev.HandShown)
    play(hand, (1, 2_500))
    events = play(hand, (2, "c"))
    assert sorted(_shown(events)) == [0, 1, 2]
    kinds = _kinds(events)
    assert kinds.index("HandShown") < kinds.index("StreetStarted")
    dealer.deal()
    awards = events_of(hand, ev.PotAwarded)
    assert [a.pot for a in awards] == [1, 0]  # S2: the side pot first
    assert awards[0].amounts == ((1, 5_000),) and awards[1].amounts == ((0, 1_500),)


def test_S3_S2_TDA_16_3_tabled_when_river_betting_ends() -> None:
    """S3, S2 / TDA-16-3: A all-in for 700; B and C bet the turn (1,000) and check the
    river: when the river betting ends, A, B and C are tabled at once; B and C may
    not muck; the 2,000 side pot is awarded first, then the main pot."""
    config = nl([700, DEEP, DEEP], auto_showdown=False)
    hand, dealer = dealt(config, ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, "c"), (0, 700), (1, "c"), (2, "c"), dealer=dealer)
    events = play(hand, (1, "x"), (2, "x"), (1, 1_000), (2, "c"), dealer=dealer)
    assert street_of(hand) == "river" and not _shown(events)
    assert not events_of(hand, ev.HandShown)
    play(hand, (1, "x"))
    events = play(hand, (2, "x"))
    assert sorted(_shown(events)) == [0, 1, 2]
    assert hand.is_over
    awards = events_of(hand, ev.PotAwarded)
    assert [(a.pot, a.amounts) for a in awards] == [(1, ((1, 2_000),)), (0, ((0, 2_100),))]


# ------------------------------------------------------------ S4 / TDA Rule 17


def _river_hand(holes: list[str]) -> tuple[Hand, Dealer]:
    config = nl([DEEP] * 3, auto_showdown=False)
    hand, dealer = dealt(config, holes, "2c7d9cTd3s")
    to_street(hand, "river", dealer)
    return hand, dealer


def test_S4_TDA_17_D1_last_aggressor_shows_first() -> None:
    """S4 / TDA-17-D1: river: A bets, B raises, C calls, A calls: B shows first, then
    clockwise (C, A)."""
    hand, _ = _river_hand(["AsAh", "KsKh", "QsQh"])
    play(hand, (0, 100), (1, 300), (2, "c"), (0, "c"))
    order = []
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal.phase is Phase.SHOWDOWN and legal.show and legal.muck
        order.append(legal.position)
        hand.act(Show())
    assert order == [1, 2, 0]


def test_S4_TDA_17_D2_no_bet_first_left_of_the_button_shows_first() -> None:
    """S4 / TDA-17-D2: no river bet: the first player left of the button still in the
    hand shows first."""
    hand, _ = _river_hand(["AsAh", "KsKh", "QsQh"])
    play(hand, (0, "x"), (1, "x"), (2, "x"))
    assert hand.legal_actions().position == 0
    hand2, _ = _river_hand(["AsAh", "KsKh", "QsQh"])
    play(hand2, (0, 100), (1, "c"), (2, "c"))
    assert hand2.legal_actions().position == 0  # the bettor


def test_S4_muck_gives_up_the_claim() -> None:
    """S4: a player may muck instead of showing and loses any claim to the pot."""
    hand, _ = _river_hand(["AsAh", "KsKh", "QsQh"])
    play(hand, (0, "x"), (1, "x"), (2, "x"), (0, "m"))
    # Position 0 had the best hand but mucked it.
    play(hand, (1, "s"), (2, "m"))
    assert hand.is_over
    assert payouts(hand) == {1: 300}
    shown = [e.position for e in hand.events if isinstance(e, ev.HandShown)]
    assert shown == [1]


def test_S4_TDA_17_B_all_others_muck_last_hand_wins_unseen() -> None:
    """S4 / TDA-17-B: if all but one player muck, the last live hand wins unshown."""
    hand, _ = _river_hand(["2h3d", "KsKh", "QsQh"])
    play(hand, (0, "x"), (1, "x"), (2, "x"), (0, "m"), (1, "m"))
    assert hand.is_over
    assert payouts(hand) == {2: 300}
    assert not events_of(hand, ev.HandShown)


def test_S4_show_out_of_turn_is_allowed_at_the_showdown() -> None:
    """S4: at the showdown a player may table a hand without waiting (TDA 17)."""
    hand, _ = _river_hand(["AsAh", "KsKh", "QsQh"])
    play(hand, (0, "x"), (1, "x"), (2, "x"))
    hand.act(Show(), position=2)
    assert hand.legal_actions().position == 0
    assert_refused(hand, Muck(), "not_your_turn", position=2)


def test_S4_stud_high_board_shows_first() -> None:
    """S4 / TDA-17-D2 (stud): with no last aggressor, the best hand showing shows first."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 3, antes=(5,) * 3, bring_in=10, small_bet=20,
                        big_bet=40, auto_showdown=False)
    hand, dealer = dealt(config, ["AhKh2c 5d 9c Tc 3s", "QdJd7c 5s 9d Ts 4s",
                                  "8s8d9h Ac 3d Jh 2h"])
    play(hand, (0, "b"), (1, "c"), (2, "c"), dealer=dealer)
    check_down(hand, dealer)
    # Position 2 shows 9h Ac 3d Jh: ace high is the best board.
    assert hand.legal_actions().position == 2


# ------------------------------------------------------------- S5-S8 ranks


def test_S5_suits_never_break_ties_between_hands() -> None:
    """S5: two identical straights of different suits split the pot."""
    config = nl([DEEP] * 2)
    hand, dealer = dealt(config, ["6s2s", "6c2c"], "7h8d9hTdKc")
    check_down(hand, dealer)
    assert payouts(hand) == {0: 100, 1: 100}


def test_S5_standard_ranks_flush_beats_straight() -> None:
    """S5: standard high ranks: a flush beats a straight."""
    config = nl([DEEP] * 2)
    hand, dealer = dealt(config, ["AhQh", "6c2c"], "7h8d9hTd2h")
    check_down(hand, dealer)
    assert payouts(hand) == {0: 200}


def test_S6_holdem_the_board_can_play() -> None:
    """S6: best five of seven in any combination, the board alone included."""
    config = nl([DEEP] * 2)
    hand, dealer = dealt(config, ["2c3d", "4c5d"], "AsKsQsJsTs")
    check_down(hand, dealer)
    assert payouts(hand) == {0: 100, 1: 100}
    hand, dealer = dealt(config, ["Ac3d", "4c5d"], "AsKdQsJs9h")
    check_down(hand, dealer)
    assert payouts(hand) == {0: 200}  # one hole card (the ace) plays


def test_S7_omaha_exactly_two_hole_cards() -> None:
    """S7: Omaha: the ace of spades with four spades on the board is no flush, and
    the board's Q-J-T-9 cannot be played without two hole cards; a pair of kings
    (two hole cards, three board cards) wins.  In hold'em position 0 would have the
    nut flush."""
    config = nl([DEEP] * 2, game="omaha")
    hand, dealer = dealt(config, ["As2c3d4h", "KdKc8h8c"], "QsJsTs9s5c")
    check_down(hand, dealer)
    assert payouts(hand) == {1: 200}


@pytest.mark.parametrize(("game", "extra"), [("omaha5", ("6d", "2d")),
                                             ("omaha6", ("6d7d", "2d3c"))])
def test_S7_five_and_six_card_omaha_use_two_hole_cards(game: str,
                                                        extra: tuple[str, str]) -> None:
    """S7: the same two-card rule with five or six hole cards."""
    config = nl([DEEP] * 2, game=game)
    hand, dealer = dealt(config, ["As2c3d4h" + extra[0], "KdKc8h8c" + extra[1]],
                         "QsJsTs9s5c")
    check_down(hand, dealer)
    assert payouts(hand) == {1: 200}


def test_S8_no_qualifying_low_high_hand_scoops() -> None:
    """S8: with no five distinct ranks of eight or lower, the high hand takes all."""
    config = nl([DEEP] * 2, game="omaha_hilo")
    hand, dealer = dealt(config, ["AsAhKdQc", "2c3d9h9c"], "KhQdJs9s2h")
    check_down(hand, dealer)
    awards = events_of(hand, ev.PotAwarded)
    assert [a.half for a in awards] == ["whole"]
    assert payouts(hand) == {1: 200}


def test_S8_split_high_and_low_with_different_cards() -> None:
    """S8: one player wins the low with A-2 while the other wins high; a player may
    use different hole cards for each half."""
    config = nl([DEEP] * 2, game="omaha_hilo")
    # Position 0: A2 for the low (A-2-3-4-6), K-K for a set of kings high.
    # Position 1: Q-Q for a set of queens; 7-8 low does not beat A-2.
    hand, dealer = dealt(config, ["AsKc2dKh", "QcQh7c8d"], "Kd3h4s6cQs")
    check_down(hand, dealer)
    awards = events_of(hand, ev.PotAwarded)
    # Position 0 scoops: a set of kings beats a set of queens, and A-2 makes the low.
    assert payouts(hand) == {0: 200}
    assert [a.half for a in awards] == ["whole"]


def test_S8_high_to_one_low_to_another() -> None:
    """S8: high half and low half to different players; an ace counts low."""
    config = nl([DEEP] * 2, game="omaha_hilo")
    hand, dealer = dealt(config, ["KsKh9c9d", "As2dJcJd"], "Kd3h4s7cQs")
    check_down(hand, dealer)
    halves = {a.half: a.amounts for a in events_of(hand, ev.PotAwarded)}
    assert halves == {"high": ((0, 100),), "low": ((1, 100),)}


# -------------------------------------------------------- S10 / TDA Rule 20


def test_S10_TDA_20_1_omaha_hilo_both_halves_tied_split_the_whole_pot() -> None:
    """S10 / TDA-20-1: Omaha hi-lo, both players have the 6-high straight and the
    6-5-4-3-2 low (A's 6 is the 6-spades); pot 66: A 33, B 33 (not 34/32)."""
    config = nl([33, 33], 1, 2, game="omaha_hilo")
    hand, dealer = dealt(config, ["6s5dJcJd", "6c5hTsTh"], "2c3d4hKhQd")
    play(hand, (1, 33), (0, "c"), dealer=dealer)
    assert hand.is_over
    awards = events_of(hand, ev.PotAwarded)
    assert len(awards) == 1 and awards[0].half == "whole"
    assert payouts(hand) == {0: 33, 1: 33}


def test_S10_TDA_20_2_stud_hilo_both_halves_tied_split_the_whole_pot() -> None:
    """S10 / TDA-20-2: seven-card stud hi-lo, the same two hands, A holds the 6-spades;
    pot 66: A 33, B 33."""
    config = HandConfig(variant=variant("stud_hilo"), structure=Structure.FIXED_LIMIT,
                        stacks=(33, 33), bring_in=5, small_bet=10, big_bet=20)
    # Position 0 (A): 6s 5d | 2c | 3c 4h Kh Qd | ... ; position 1 (B): 6c 5h | 2d | 3d 4d Ks Jh.
    hand, dealer = dealt(config, ["6s5d2c3c4hKhQd", "6c5h2d3d4dKsJh"])
    assert hand.actor == 0  # the 2c brings it in
    play(hand, (0, "b"), (1, 10), (0, 20), (1, 30), (0, 33), (1, "c"), dealer=dealer)
    dealer.deal()
    assert hand.is_over
    awards = events_of(hand, ev.PotAwarded)
    assert len(awards) == 1 and awards[0].half == "whole"
    assert payouts(hand) == {0: 33, 1: 33}


def test_S10_TDA_20_D1_odd_chip_to_first_winner_left_of_the_button() -> None:
    """S10 / TDA-20-D1: pot 101, seats 1-9 with the button on seat 7; tied winners on
    seats 2 and 5: seat 2 (first clockwise from the button) 51, seat 5 50.  In
    dealing order seat 8 is position 0, so TDA seat 2 is position 3 and seat 5
    position 6."""
    config = nl([DEEP] * 9, 1, 2)
    holes = ["2c3c", "2d3d", "2h3h", "4c5c", "2s3s", "4d5d", "4h5h", "6c7c", "6d7d"]
    hand, dealer = dealt(config, holes, "AsKsQsJsTs")
    play(hand, (2, "f"), (3, 49), (4, "f"), (5, "f"), (6, "c"), (7, "f"), (8, "f"),
         (0, "f"), (1, "f"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {3: 51, 6: 50}


def test_S10_TDA_20_D2_stud_odd_chip_to_the_highest_card_by_suit() -> None:
    """S10 / TDA-20-D2: stud, both have 9-8-7-6-5; A's 9 is a spade, B's a diamond;
    pot 101: A 51, B 50."""
    config = HandConfig(variant=variant("stud"), structure=Structure.NO_LIMIT,
                        stacks=(50, 50, 10), antes=(1, 1, 1), bring_in=5, min_bet=10)
    # B is position 0 so that a position-order split would wrongly favour B.
    hand, dealer = dealt(config, ["9d8c7c 6d 5h 2s 2h", "9s8d7d 6h 5c 3s 3h", "AcAdKc"])
    # Up-cards on third street: 7c, 7d, Kc: position 0's 7c brings it in.
    assert hand.actor == 0
    play(hand, (0, "b"), (1, 49), (2, "f"), (0, "c"), dealer=dealer)
    dealer.deal()
    assert hand.is_over and hand.pot == 0
    assert payouts(hand) == {1: 51, 0: 50}


def test_S10_TDA_20_D3_hilo_odd_chip_to_the_high_half() -> None:
    """S10 / TDA-20-D3: Omaha/8, pot 101 with different high and low winners:
    high 51, low 50."""
    config = nl([DEEP] * 3, 1, 2, game="omaha_hilo")
    hand, dealer = dealt(config, ["7h7sTcTd", "KsKh9c9d", "As2dJcJd"], "Kd3h4s7cQs")
    play(hand, (2, 50), (0, "f"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    halves = {a.half: a.amounts for a in events_of(hand, ev.PotAwarded)}
    assert halves == {"high": ((1, 51),), "low": ((2, 50),)}


def test_S10_TDA_20_D4_split_by_the_smallest_chip_in_play() -> None:
    """S10 / TDA-20-D4: smallest chip 25, pot 1,025 split by two tied hold'em hands:
    525 to the first winner left of the button, 500 to the other."""
    config = nl([DEEP] * 3, 25, 50, chip_unit=25)
    hand, dealer = dealt(config, ["2c3c", "2d3d", "2h3h"], "AsKsQsJsTs")
    play(hand, (2, 500), (0, "f"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {1: 525, 2: 500}


def test_S10_odd_chip_three_way_split() -> None:
    """S10: a 100 pot (a folded small blind's 1 and 3 x 33) split three ways: 34, 33,
    33, the odd chip to the first winner left of the button."""
    config = nl([DEEP] * 4, 1, 2)
    hand, dealer = dealt(config, ["7c8c", "2d3d", "2h3h", "2s3s"], "AsKsQsJsTs")
    play(hand, (2, 33), (3, "c"), (0, "f"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {1: 34, 2: 33, 3: 33}


# ------------------------------------------------------------------- S11 rake


def _raked(**kw: Any) -> HandConfig:
    return nl([DEEP] * 3, rake_percent=0.05, **kw)


def test_S11_no_rake_by_default() -> None:
    """S11: no rake unless the house sets one."""
    hand, dealer = dealt(nl([DEEP] * 2), ["AsAh", "KsKh"], "2c7d9cTd3s")
    check_down(hand, dealer)
    assert hand.rake == 0 and not events_of(hand, ev.RakeTaken)


def test_S11_rake_percentage_with_a_cap() -> None:
    """S11: 5% of a 6,000 pot is 300, capped at 200."""
    hand, dealer = dealt(_raked(rake_cap=200), ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, 2_000), (0, "c"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert hand.rake == 200 and events_of(hand, ev.RakeTaken) == [ev.RakeTaken(None, 200)]
    assert payouts(hand) == {0: 6_000 - 200}


def test_S11_rake_without_cap() -> None:
    """S11: without a cap the whole percentage is taken."""
    hand, dealer = dealt(_raked(), ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, 2_000), (0, "c"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert hand.rake == 300 and payouts(hand) == {0: 5_700}


@pytest.mark.parametrize(("no_flop_no_drop", "rake"), [(True, 0), (False, 12)])
def test_S11_no_flop_no_drop(no_flop_no_drop: bool, rake: int) -> None:
    """S11: house option ``no_flop_no_drop`` (default on): a pot won before the flop
    (250 after the uncalled 200 goes back) is not raked; with the option off it is
    (5% of 250, rounded down to a whole chip)."""
    assert nl([DEEP] * 2).no_flop_no_drop is True
    hand, _ = dealt(_raked(no_flop_no_drop=no_flop_no_drop), ["AsAh", "KsKh", "QsQh"])
    play(hand, (2, 300), (0, "c"), (1, "f"))
    assert street_of(hand) == "flop"
    hand2, _ = dealt(_raked(no_flop_no_drop=no_flop_no_drop), ["AsAh", "KsKh", "QsQh"])
    play(hand2, (2, 300), (0, "f"), (1, "f"))
    assert hand2.is_over and hand2.rake == rake
    assert hand2.stacks[2] == DEEP + 150 - rake


def test_S11_rake_rounds_down_to_the_smallest_chip() -> None:
    """S11, S10: the rake is taken in whole chips of the smallest unit."""
    config = nl([DEEP] * 3, 25, 50, rake_percent=0.05, chip_unit=25)
    hand, dealer = dealt(config, ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, 300), (0, "c"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert hand.rake == 25  # 5% of 900 is 45, rounded down to 25


def test_S11_rake_comes_out_of_the_main_pot_first() -> None:
    """S11, S1: the rake is taken once, from the pot as a whole."""
    config = nl([300, DEEP, DEEP], rake_percent=0.1, rake_cap=1_000)
    hand, dealer = dealt(config, ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, 1_000), (0, "c"), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert hand.rake == 230
    assert sum(payouts(hand).values()) == 2_300 - 230



def test_S3_all_in_hands_with_unknown_cards_are_named_at_the_showdown() -> None:
    """S3 (replay): a hand tabled all-in whose cards the engine was not told (a
    history that hides them) must be named before the pot is awarded; that position may
    show out of turn, others may not muck."""
    config = nl([500, 500], auto_showdown=False)
    hand = Hand(config)
    hand.act(DealHole(0, (None, None)))
    hand.act(DealHole(1, cards("AsAh")))
    play(hand, (1, 500), (0, "c"))
    hand.act(DealBoard(cards("2c7d9c")))
    hand.act(DealBoard(cards("Td")))
    hand.act(DealBoard(cards("3s")))
    assert hand.phase is Phase.SHOWDOWN and hand.legal_actions().position == 0
    # Tabled when the all-in was called (S3), and again at the showdown.
    assert [e.position for e in events_of(hand, ev.HandShown)] == [0, 1, 0, 1]
    assert_refused(hand, Muck(), "must_show")
    assert_refused(hand, Show(), position=1)
    hand.act(Show(cards("KsKh")), position=0)
    assert hand.is_over and payouts(hand) == {1: 1_000}


@pytest.mark.parametrize(("percent", "pot", "rake"), [(0.0725, 400, 29), (0.0875, 720, 63)])
def test_S11_rake_is_computed_exactly(percent: float, pot: int, rake: int) -> None:
    """S11: the percentage is exact: 7.25% of 400 is 29 (not 28 by float rounding)."""
    config = nl([DEEP] * 2, pot // 4, pot // 2, rake_percent=percent, no_flop_no_drop=False)
    hand = deck_hand(config)
    play(hand, (1, "c"), (0, "x"))
    check_down(hand)
    assert hand.rake == rake


@pytest.mark.parametrize(("fold_on", "rake"), [("third", 0), ("fourth", 2)])
def test_S11_no_flop_no_drop_in_stud(fold_on: str, rake: int) -> None:
    """S11: in stud "no flop, no drop" spares a hand that ends on third street; one
    that reaches fourth street pays 5% of 50 (the uncalled bet goes back first)."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 2, antes=(5, 5), bring_in=10, small_bet=20,
                        big_bet=40, rake_percent=0.05)
    hand, dealer = dealt(config, ["AhKh2c 5d", "QdJd7c 5s"])
    play(hand, (0, "b"), (1, 20), dealer=dealer)
    if fold_on == "fourth":
        play(hand, (0, "c"), dealer=dealer)
        assert street_of(hand) == "fourth"
        play(hand, (hand.actor, 20))
    play(hand, "f")
    assert hand.is_over and hand.rake == rake
