"""TDA worked examples for raise sizes and re-opening the betting (B5, B7-B10).

Scenario numbers are those of ``TDA-EXAMPLES.md``.  Players are lettered in the
order they act on the street; post-flop A is position 0 (first left of the button).
Every scenario checks the exact ``legal_actions`` amounts, that the boundary
raises are accepted, and that raises outside the range are refused without
changing the hand.
"""

from __future__ import annotations

import pytest

from pokerroom.rules import BetRaise, Hand

from .conftest import (
    accepts,
    assert_refused,
    deck_hand,
    fl,
    nl,
    pl,
    play,
    street_of,
    to_flop,
    to_street,
)

DEEP = 100_000
A, B, C, D, E, F = range(6)


def _check_raise_range(hand: Hand, low: int, high: int) -> None:
    """``low``-``high`` is exactly the raise range: both ends accepted, one chip
    outside refused with no change."""
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (low, high)
    accepts(hand, low)
    accepts(hand, high)
    assert_refused(hand, BetRaise(low - 1), "raise_out_of_range")
    assert_refused(hand, BetRaise(high + 1), "raise_out_of_range")


def _no_raise(hand: Hand, call: int) -> None:
    """The player may call ``call`` or fold, and nothing else."""
    legal = hand.legal_actions()
    assert legal.call == call and legal.fold and not legal.check
    assert not legal.can_raise and legal.max_raise_to is None
    assert_refused(hand, BetRaise(hand.current_bet + 10 * call), "raise_not_allowed")


# ------------------------------------------------------------ Rule 43 (B8, B10)


def test_B8_TDA_43_1_min_raise_is_the_last_increment_not_the_total() -> None:
    """B8 / TDA-43-1: 600, 1,600, 3,600: D may raise to at least 5,600."""
    hand = deck_hand(nl([DEEP] * 4, 100, 200))
    to_flop(hand)
    play(hand, (A, 600), (B, 1_600), (C, 3_600))
    assert hand.actor == D
    legal = hand.legal_actions()
    assert legal.call == 3_600 and legal.fold
    _check_raise_range(hand, 5_600, DEEP - 200)
    for illegal in (3_601, 5_599):
        assert_refused(hand, BetRaise(illegal), "raise_out_of_range")
    accepts(hand, 7_200)  # legal, but not the minimum


def test_B8_B10_TDA_43_2_short_all_in_preflop_keeps_the_big_blind_increment() -> None:
    """B8, B10 / TDA-43-2: blinds 50-100, UTG all-in to 150 (+50); next raise to 250."""
    hand = deck_hand(nl([DEEP, DEEP, 150, DEEP]))
    legal = hand.legal_actions()
    assert hand.actor == 2 and (legal.min_raise_to, legal.max_raise_to) == (150, 150)
    play(hand, (2, 150))
    assert hand.actor == 3
    assert hand.legal_actions().call == 150
    _check_raise_range(hand, 250, DEEP)


def test_B8_TDA_43_3_raise_after_a_raise_to_1000_is_at_least_1700() -> None:
    """B8 / TDA-43-3: turn, A bets 300, B raises to 1,000: C may raise to 1,700+."""
    hand = deck_hand(nl([DEEP] * 3, 100, 200))
    to_street(hand, "turn")
    play(hand, (A, 300), (B, 1_000))
    assert hand.legal_actions().call == 1_000
    _check_raise_range(hand, 1_700, DEEP - 200)


def test_B8_TDA_43_4A_largest_raise_of_the_street_sets_the_minimum() -> None:
    """B8 / TDA-43-4A: blinds 25-50; 125, 200, 500: D may raise to at least 800."""
    hand = deck_hand(nl([DEEP] * 6, 25, 50))
    play(hand, (2, 125), (3, 200), (4, 500))
    assert hand.actor == 5 and hand.legal_actions().call == 500
    _check_raise_range(hand, 800, DEEP)


def test_B8_TDA_43_4B_calls_do_not_change_the_minimum_raise() -> None:
    """B8 / TDA-43-4B: A raises to 500 (+450), B and C call: D may raise to 950+."""
    hand = deck_hand(nl([DEEP] * 6, 25, 50))
    play(hand, (2, 500), (3, "c"), (4, "c"))
    assert hand.actor == 5 and hand.legal_actions().call == 500
    _check_raise_range(hand, 950, DEEP)


# ------------------------------------------------------------ Rule 47 (B9, B10)


def _tda_47_1(d_street_total: int = 200) -> Hand:
    """TDA-47-1 up to E's call: blinds 50-100, flop; B has 125, D has ``d_street_total``."""
    hand = deck_hand(nl([DEEP, 100 + 125, DEEP, 100 + d_street_total, DEEP]))
    to_flop(hand)
    play(hand, (A, 100), (B, 125), (C, "c"), (D, d_street_total), (E, "c"))
    return hand


def test_B9_TDA_47_1_short_all_ins_adding_up_to_a_full_bet_reopen() -> None:
    """B9 / TDA-47-1: 100, all-in 125, call, all-in 200, call: A is re-opened, min 300."""
    hand = _tda_47_1()
    assert hand.actor == A
    legal = hand.legal_actions()
    assert legal.call == 100 and legal.fold and legal.can_raise
    _check_raise_range(hand, 300, DEEP - 100)


def test_B9_TDA_47_1A_caller_facing_less_than_a_full_raise_may_not_raise() -> None:
    """B9 / TDA-47-1A: A calls; C, who called 125, owes 75: call or fold only."""
    hand = _tda_47_1()
    play(hand, (A, "c"))
    assert hand.actor == C
    _no_raise(hand, 75)
    play(hand, (C, "c"))
    # B and D are all-in, E matched 200: the round is over; A, C and E play on.
    assert street_of(hand) == "turn" and hand.actor == A


@pytest.mark.parametrize(("d_total", "reopened"), [(200, False), (224, False), (225, True)])
def test_B9_TDA_47_1A_reopening_flips_at_a_full_raise_over_the_call(
    d_total: int, reopened: bool
) -> None:
    """B9 / TDA-47-1A: C needs to face at least 225 (125 + a full 100) to be re-opened."""
    hand = _tda_47_1(d_total)
    play(hand, (A, "c"))
    assert hand.actor == C
    assert hand.legal_actions().can_raise is reopened
    assert hand.legal_actions().call == d_total - 125


def test_B9_B10_TDA_47_1B_full_raise_after_short_all_ins_reopens_everyone() -> None:
    """B9, B10 / TDA-47-1B: A raises to 300; C (owes 175) and E (owes 100) re-opened,
    and their minimum raise is to 400."""
    hand = _tda_47_1()
    play(hand, (A, 300))
    assert hand.actor == C
    assert hand.legal_actions().call == 175
    _check_raise_range(hand, 400, DEEP - 100)
    play(hand, (C, "c"))
    assert hand.actor == E
    assert hand.legal_actions().call == 100
    _check_raise_range(hand, 400, DEEP - 100)


def test_B10_TDA_47_2_min_raise_stays_the_opening_bet_after_short_all_ins() -> None:
    """B10 / TDA-47-2: 300, all-ins 500, 650, 800, call: F may raise to 1,100; A too."""
    stacks = [DEEP, 100 + 500, 100 + 650, 100 + 800, DEEP, DEEP]
    hand = deck_hand(nl(stacks))
    to_flop(hand)
    play(hand, (A, 300), (B, 500), (C, 650), (D, 800), (E, "c"))
    assert hand.actor == F and hand.legal_actions().call == 800
    _check_raise_range(hand, 1_100, DEEP - 100)
    play(hand, (F, "c"))
    assert hand.actor == A
    assert hand.legal_actions().call == 500
    _check_raise_range(hand, 1_100, DEEP - 100)


def _tda_47_3() -> Hand:
    """TDA-47-3 up to the big blind's turn: blinds 2,000-4,000; A calls, B folds, C is
    all-in to 7,500, the rest and the small blind fold."""
    # Positions: 0 small blind, 1 big blind, 2 A, 3 B, 4 C (7,500), 5 the button.
    hand = deck_hand(nl([DEEP, DEEP, DEEP, DEEP, 7_500, DEEP], 2_000, 4_000))
    play(hand, (2, "c"), (3, "f"), (4, 7_500), (5, "f"), (0, "f"))
    return hand


def test_B9_TDA_47_3A_posting_the_big_blind_is_not_acting() -> None:
    """B9 / TDA-47-3A: the big blind may raise to 11,500; if he calls, A (who already
    acted and faces only +3,500) may call or fold, not raise."""
    hand = _tda_47_3()
    assert hand.actor == 1
    assert hand.legal_actions().call == 3_500
    _check_raise_range(hand, 11_500, DEEP)
    play(hand, (1, "c"))
    assert hand.actor == 2
    _no_raise(hand, 3_500)


def test_B8_B9_TDA_47_3B_big_blind_min_raise_reopens_the_limper() -> None:
    """B8, B9 / TDA-47-3B: the big blind raises to 11,500; A owes 7,500 and may
    re-raise to at least 15,500."""
    hand = _tda_47_3()
    play(hand, (1, 11_500))
    assert hand.actor == 2
    assert hand.legal_actions().call == 7_500
    _check_raise_range(hand, 15_500, DEEP)


# ---------------------------------------------------- Rule 47-B, limit (B9, B5)


def _tda_47b(c_street_total: int, option: str = "full_bet_over") -> Hand:
    """Fixed limit, blinds 50-100, flop bet 100: A bets, B calls, C all-in, D calls."""
    hand = deck_hand(fl([DEEP, DEEP, 100 + c_street_total, DEEP], limit_short_raise=option))
    to_flop(hand)
    play(hand, (A, 100), (B, "c"))
    assert hand.legal_actions().min_raise_to == c_street_total  # all-in for less
    play(hand, (C, c_street_total), (D, "c"))
    return hand


@pytest.mark.parametrize(("option", "raise_to"), [("full_bet_over", 250), ("complete", 200)])
def test_B9_B5_TDA_47B_D1_half_bet_all_in_reopens_limit_betting(
    option: str, raise_to: int
) -> None:
    """B9, B5 / TDA-47B-D1: C all-in to 150 (exactly half a bet) re-opens A and B.
    House option ``limit_short_raise``: the next raise is a full bet over the all-in
    (250, default) or completes it to the next full bet (200)."""
    hand = _tda_47b(150, option)
    for position in (A, B):
        assert hand.actor == position
        legal = hand.legal_actions()
        assert legal.call == 50 and legal.can_raise
        _check_raise_range(hand, raise_to, raise_to)
        play(hand, (position, "c"))
    assert street_of(hand) == "turn"


@pytest.mark.parametrize("option", ["full_bet_over", "complete"])
def test_B9_TDA_47B_D2_under_half_bet_all_in_does_not_reopen(option: str) -> None:
    """B9 / TDA-47B-D2: C all-in to 140 (+40, under half): A and B may call 40 or fold;
    D, who had not acted, may call or complete the bet to 200 (Robert's Rules: "fold,
    call, or complete the wager"), whatever the ``limit_short_raise`` option."""
    hand = deck_hand(fl([DEEP, DEEP, 240, DEEP], limit_short_raise=option))
    to_flop(hand)
    play(hand, (A, 100), (B, "c"), (C, 140))
    assert hand.actor == D
    _check_raise_range(hand, 200, 200)
    play(hand, (D, "c"))
    for position in (A, B):
        assert hand.actor == position
        _no_raise(hand, 40)
        play(hand, (position, "c"))
    assert street_of(hand) == "turn"


def test_B9_limit_short_all_ins_add_up_to_half_a_bet_reopen() -> None:
    """B9 / TDA 47-B with TDA-47-1's pattern in fixed limit: 100, all-in 130, call,
    all-in 160, call: A (lifted 60 since acting) is re-opened; C (lifted 30) is not
    (Robert's Rules: several short all-ins re-open when the total to a player
    qualifies)."""
    hand = deck_hand(fl([DEEP, 230, DEEP, 260, DEEP]))
    to_flop(hand)
    play(hand, (A, 100), (B, 130), (C, "c"), (D, 160), (E, "c"))
    assert hand.actor == A
    legal = hand.legal_actions()
    assert legal.call == 60 and (legal.min_raise_to, legal.max_raise_to) == (260, 260)
    play(hand, (A, "c"))
    assert hand.actor == C
    _no_raise(hand, 30)


# --------------------------------------------------------- Rule 52 (B8, B7)


def test_B8_TDA_52_A1_underraise_is_refused_and_the_minimum_is_1200() -> None:
    """B8 / TDA-52-A1: after a 600 bet a raise to 1,000 is illegal (min 1,200); the
    engine refuses it outright (online play cannot make the error TDA 52 corrects)."""
    hand = deck_hand(nl([DEEP] * 5, 100, 200))
    to_flop(hand)
    play(hand, (A, 600))
    assert hand.actor == B
    _check_raise_range(hand, 1_200, DEEP - 200)
    assert_refused(hand, BetRaise(1_000), "raise_out_of_range")
    play(hand, (B, 1_200), (C, "c"), (D, "c"), (E, "f"))
    assert hand.actor == A and hand.legal_actions().call == 600


def _plo_pot_10500() -> Hand:
    """PLO 500-1,000, three players, 10,500 in the pot at the flop."""
    hand = deck_hand(pl([DEEP] * 3, 500, 1_000))
    play(hand, (2, 3_500), (0, "c"), (1, "c"))
    assert street_of(hand) == "flop" and hand.pot == 10_500
    return hand


def test_B7_TDA_52_B1_B2_a_bet_under_the_pot_is_legal_the_pot_is_10500() -> None:
    """B7 / TDA-52-B1, B2: with 10,500 in the pot the largest bet is 10,500; a bet of
    9,500 (the dealer's wrong count) is a legal bet below the maximum."""
    hand = _plo_pot_10500()
    assert hand.actor == A
    _check_raise_range(hand, 1_000, 10_500)
    play(hand, (A, 9_500), (B, "f"), (C, "c"))
    assert street_of(hand) == "turn"


def test_B7_TDA_52_B3_an_overbet_of_the_pot_is_refused() -> None:
    """B7 / TDA-52-B3: a pot-limit bet of 11,500 into 10,500 is illegal; the most is 10,500."""
    hand = _plo_pot_10500()
    assert_refused(hand, BetRaise(11_500), "raise_out_of_range")
    play(hand, (A, 10_500), (B, "f"))
    # C facing 10,500 with 21,000 in the middle: pot raise to 10,500 + 21,000 + 10,500.
    assert hand.legal_actions().max_raise_to == 42_000


@pytest.mark.parametrize("case", ["B1_dead_small_blind", "B2_short_big_blind"])
def test_B7_F8_TDA_54_B_preflop_pot_assumes_full_blinds(case: str) -> None:
    """B7, F8 / TDA-54-B1, B2: PLO 100-200: with a dead small blind, or a big blind
    all-in for 100, the first player's pot raise is still to 700."""
    if case == "B1_dead_small_blind":
        # The small blind's position is empty (dead button, T2): position 0 is the big blind.
        config = pl([DEEP] * 4, 100, 200, blinds=(200, 0, 0, 0), unposted_blinds=100)
        first = 1
    else:
        config = pl([DEEP, 100, DEEP, DEEP], 100, 200)
        first = 2
    hand = deck_hand(config)
    assert hand.actor == first
    legal = hand.legal_actions()
    assert legal.call == 200
    _check_raise_range(hand, 400, 700)
