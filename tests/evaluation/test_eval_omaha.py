"""Omaha: exactly two hole cards and three board cards (S7), eight-or-better (S8)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.evaluation import HIGH, LOW8, OMAHA_HIGH, OMAHA_LOW8, high_strength


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def splits(hole: list[int], board: list[int]) -> list[tuple[int, ...]]:
    return [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]


def reference_low8(five: tuple[int, ...]) -> tuple[int, ...] | None:
    """Five distinct ranks of eight or lower, ace low; compare highest first (lower wins)."""
    lows = sorted((((c >> 2) + 1) % 13 + 1 for c in five), reverse=True)
    if len(set(lows)) < 5 or lows[0] > 8:
        return None
    return tuple(lows)


def best_reference_low(hands: list[tuple[int, ...]]) -> tuple[int, ...] | None:
    lows = [low for low in map(reference_low8, hands) if low is not None]
    return min(lows) if lows else None


def low_string(low: tuple[int, ...]) -> str:
    return "-".join("A2345678"[r - 1] for r in low) + " low"


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_S7_high_agrees_with_brute_force_over_two_plus_three(hole_size: int) -> None:
    """S7: exactly two of the hole cards and three of the board (4, 5 or 6 hole cards)."""
    rng = random.Random(hole_size)
    for _ in range(400):
        dealt = rng.sample(range(52), hole_size + 5)
        hole, board = dealt[:hole_size], dealt[hole_size:]
        expected = max(high_strength(five) for five in splits(hole, board))
        assert OMAHA_HIGH.strength(hole, board) == expected


def test_S7_flush_heavy_deals_agree_with_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(600):
        suit = rng.randrange(4)
        suited = rng.sample(range(suit, 52, 4), rng.randint(5, 8))
        rest = rng.sample([c for c in range(52) if c not in suited], 9 - len(suited))
        dealt = suited + rest
        rng.shuffle(dealt)
        hole, board = dealt[:4], dealt[4:]
        expected = max(high_strength(five) for five in splits(hole, board))
        assert OMAHA_HIGH.strength(hole, board) == expected


def test_S7_flop_and_turn_boards() -> None:
    rng = random.Random(3)
    for board_size in (3, 4):
        for _ in range(200):
            dealt = rng.sample(range(52), 4 + board_size)
            hole, board = dealt[:4], dealt[4:]
            expected = max(high_strength(five) for five in splits(hole, board))
            assert OMAHA_HIGH.strength(hole, board) == expected
    assert OMAHA_HIGH.strength(cards("AsKsQsJs"), cards("2c3d")) is None


def test_S7_four_hearts_in_hand_and_one_on_the_board_is_not_a_flush() -> None:
    hole, board = cards("AhKhQhJh"), cards("2h7c8d9s3c")
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "high card, ace"
    assert HIGH.describe(HIGH.strength(hole, board) or 0) == "flush, ace high"


def test_S7_four_to_a_straight_on_board_needs_two_hole_cards() -> None:
    hole, board = cards("9cKdKhKs"), cards("5c6d7h8s2c")
    # Hold'em would play 9-8-7-6-5; in Omaha only one card (the nine) fits.
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "pair of kings"
    assert HIGH.describe(HIGH.strength(hole, board) or 0) == "straight, nine high"


def test_S7_three_of_a_kind_in_hand_is_just_a_pair() -> None:
    hole, board = cards("AcAdAh2s"), cards("Ks9d7c4h3s")
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "pair of aces"


def test_S7_a_board_full_house_needs_the_hole_cards() -> None:
    hole, board = cards("2c3d4h5s"), cards("KcKdKh9s9d")
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "three of a kind, kings"


def test_S7_best_cards_use_two_from_hand() -> None:
    hole, board = cards("AhKhQc2d"), cards("Jh9h5h5c5d")
    best = OMAHA_HIGH.best_cards(hole, board)
    assert [str(Card(c)) for c in best] == ["Ah", "Kh", "Jh", "9h", "5h"]
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "flush, ace high"


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_S8_omaha_low_agrees_with_the_reference(hole_size: int) -> None:
    """S8 with S7: the best low from exactly two hole cards and three board cards."""
    rng = random.Random(80 + hole_size)
    low_cards = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    found = 0
    for _ in range(600):
        # Mostly low cards, so that most deals hold some low.
        pool = low_cards if rng.random() < 0.8 else list(range(52))
        dealt = rng.sample(pool, hole_size + 5)
        hole, board = dealt[:hole_size], dealt[hole_size:]
        expected = best_reference_low(splits(hole, board))
        strength = OMAHA_LOW8.strength(hole, board)
        assert (strength is None) == (expected is None)
        if strength is not None and expected is not None:
            found += 1
            assert OMAHA_LOW8.describe(strength) == low_string(expected)
            best = OMAHA_LOW8.best_cards(hole, board)
            assert reference_low8(tuple(best)) == expected
    assert found > 200


def test_S8_omaha_low_order_matches_the_reference() -> None:
    rng = random.Random(88)
    seen: dict[tuple[int, ...], int] = {}
    low_cards = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    for _ in range(2000):
        dealt = rng.sample(low_cards, 9)
        strength = OMAHA_LOW8.strength(dealt[:4], dealt[4:])
        expected = best_reference_low(splits(dealt[:4], dealt[4:]))
        if strength is not None and expected is not None:
            assert seen.setdefault(expected, strength) == strength
    ordered = [seen[low] for low in sorted(seen)]
    assert ordered == sorted(ordered, reverse=True)


def test_S8_omaha_low_worked_examples() -> None:
    def low(hole: str, board: str) -> str | None:
        strength = OMAHA_LOW8.strength(cards(hole), cards(board))
        return None if strength is None else OMAHA_LOW8.describe(strength)

    assert low("As2dKcKd", "3h4s5cQdJh") == "5-4-3-2-A low"
    # Only one low card in hand: no low, however low the board.
    assert low("AsKdKcQd", "2h3s4c5d6h") is None
    # A low board card paired in hand does not count twice.
    assert low("As3dKcQd", "3h4s5c9dJh") is None
    assert low("As3d2cQd", "3h4s5c9dJh") == "5-4-3-2-A low"
    # Only two low cards on board: no low.
    assert low("As2d3c4d", "5h9s9cKdJh") is None
    # 8-7-6-5-4 qualifies; a nine does not.
    assert low("8s7d", "6h5s4cKdKh") == "8-7-6-5-4 low"
    assert low("9s7d", "6h5s4cKdKh") is None
    assert OMAHA_LOW8.strength(cards("As2d3c4d"), cards("5h6s")) is None


def test_S8_high_and_low_may_use_different_cards() -> None:
    """S8: the player may use different cards for high and low."""
    hole, board = cards("AsKs2d3c"), cards("Qs7s4h5dJs")  # high: As-Ks; low: As-2d
    assert OMAHA_HIGH.describe(OMAHA_HIGH.strength(hole, board) or 0) == "flush, ace high"
    assert OMAHA_LOW8.describe(OMAHA_LOW8.strength(hole, board) or 0) == "7-5-4-2-A low"
    high_cards = set(OMAHA_HIGH.best_cards(hole, board))
    low_cards = set(OMAHA_LOW8.best_cards(hole, board))
    assert high_cards != low_cards
    # Stud hi-lo too: any five for each half.
    seven = cards("As2s3s4s9sKd7h")
    assert HIGH.describe(HIGH.strength(seven, ()) or 0) == "flush, ace high"
    assert LOW8.describe(LOW8.strength(seven, ()) or 0) == "7-4-3-2-A low"
