"""Low hands: ace-to-five (S9), eight-or-better (S8), deuce-to-seven (S9)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.evaluation import A5_LOW, DEUCE_SEVEN_LOW, LOW8


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def reference_a5(five: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ace-to-five, lower is better: fewer/smaller groups first, then ranks high to low."""
    lows = [((c >> 2) + 1) % 13 + 1 for c in five]  # ace 1 ... king 13
    counts = Counter(lows)
    shape = tuple(sorted(counts.values(), reverse=True))
    groups = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return (shape, groups)


def reference_low8(five: tuple[int, ...]) -> tuple[int, ...] | None:
    lows = sorted((((c >> 2) + 1) % 13 + 1 for c in five), reverse=True)
    if len(set(lows)) < 5 or lows[0] > 8:
        return None
    return tuple(lows)


def reference_27(five: tuple[int, ...]) -> tuple[int, ...]:
    """Deuce-to-seven, lower is better: the high ranking with the ace only high."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    flush = len({c & 3 for c in five}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    if straight:
        return (8 if flush else 4, ranks[0])
    category = {
        (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1,
        (1, 1, 1, 1, 1): 5 if flush else 0,
    }[shape]
    return (category, *groups)


def assert_same_order(pairs: Sequence[tuple[Any, int]]) -> None:
    """Strengths sort exactly opposite to reference keys (lower reference is better)."""
    by_reference: dict[Any, int] = {}
    for reference, strength in pairs:
        assert by_reference.setdefault(reference, strength) == strength, reference
    ordered = [by_reference[r] for r in sorted(by_reference)]
    assert ordered == sorted(set(ordered), reverse=True)


def one_hand_per_multiset() -> list[tuple[int, ...]]:
    hands = []
    for combo in combinations_with_replacement(range(13), 5):
        counts = Counter(combo)
        if max(counts.values()) > 4:
            continue
        seen: Counter[int] = Counter()
        hand = []
        for r in combo:
            hand.append(r * 4 + seen[r])
            seen[r] += 1
        hands.append(tuple(hand))
    return hands


def test_S9_a5_every_five_card_class_ranks_as_the_reference() -> None:
    hands = one_hand_per_multiset()
    assert len(hands) == 6175
    assert_same_order([(reference_a5(h), A5_LOW.strength(h, ()) or 0) for h in hands])


def test_S9_a5_seven_cards_agree_with_brute_force() -> None:
    """S9 (razz): best five of seven, ace low, straights and flushes ignored."""
    rng = random.Random(9)
    for _ in range(3000):
        hand = rng.sample(range(52), 7)
        expected = max(A5_LOW.strength(five, ()) or 0 for five in combinations(hand, 5))
        assert A5_LOW.strength(hand[:3], hand[3:]) == expected
    # Order across best hands matches the reference too.
    pairs = []
    for _ in range(2000):
        hand = rng.sample(range(52), 7)
        best = min(map(reference_a5, combinations(hand, 5)))
        pairs.append((best, A5_LOW.strength(hand, ()) or 0))
    assert_same_order(pairs)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("5s4s3s2sAs", "6d4c3h2sAd"),  # the wheel is the best, suited or not
        ("6d4c3h2sAd", "6d5c4h3s2d"),  # 6-4 beats 6-5
        ("8s6d4h2cAs", "8s6d5h2cAs"),
        ("KcQdJhTs9c", "AcAd2h3s4c"),  # any unpaired hand beats a pair
        ("AcAd3h4s5c", "2c2d3h4s5c"),  # the lower pair wins: aces are low
        ("2c2d3h4s5c", "2c2d3h4s6c"),  # same pair: then the highest card
        ("KcKd7h7s3d", "3c3d3h4s5c"),  # two pair beats trips
    ],
)
def test_S9_a5_order(better: str, worse: str) -> None:
    assert (A5_LOW.strength(cards(better), ()) or 0) > (A5_LOW.strength(cards(worse), ()) or 0)


def test_S9_a5_always_qualifies_and_describes() -> None:
    seven = cards("KcKdKhKsQcQdQh")
    strength = A5_LOW.strength(seven[:3], seven[3:])
    assert strength is not None
    assert A5_LOW.describe(strength) == "full house, queens full of kings, Q-Q-Q-K-K"
    assert A5_LOW.describe(A5_LOW.strength(cards("5s4s3s2sAsKdKh"), ()) or 0) == "5-4-3-2-A low"
    assert A5_LOW.describe(A5_LOW.strength(cards("KcKd6h3s2c"), ()) or 0) == (
        "pair of kings, K-K-6-3-2"
    )
    assert A5_LOW.strength(cards("As2s3s4s"), ()) is None
    best = A5_LOW.best_cards(cards("Kc9d"), cards("Ac2d4h8s7cQh"))
    assert [str(Card(c)) for c in best] == ["8s", "7c", "4h", "2d", "Ac"]


def test_S8_low8_five_cards_qualify_exactly_with_five_ranks_eight_or_lower() -> None:
    """S8: five distinct ranks of eight or lower, ace low; straights and flushes ignored."""
    for hand in one_hand_per_multiset():
        strength = LOW8.strength(hand, ())
        expected = reference_low8(hand)
        assert (strength is None) == (expected is None), hand
        if strength is not None:
            assert strength == A5_LOW.strength(hand, ())


def test_S8_low8_seven_cards_agree_with_the_reference() -> None:
    rng = random.Random(8)
    low_cards = [c for c in range(52) if c >> 2 <= 8 or c >> 2 == 12]
    pairs = []
    for _ in range(3000):
        hand = rng.sample(low_cards if rng.random() < 0.7 else list(range(52)), 7)
        lows = [low for low in map(reference_low8, combinations(hand, 5)) if low is not None]
        strength = LOW8.strength(hand[:3], hand[3:])
        assert (strength is None) == (not lows)
        if strength is not None:
            pairs.append((min(lows), strength))
            assert LOW8.describe(strength) == "-".join("A2345678"[r - 1] for r in min(lows)) + (
                " low"
            )
    assert len(pairs) > 1000
    assert_same_order(pairs)


def test_S8_worked_examples() -> None:
    """S8: A-2-3-4-5 is the best low; 8-7-6-5-4 qualifies; a nine-high does not."""
    def low(text: str) -> str | None:
        strength = LOW8.strength(cards(text), ())
        return None if strength is None else LOW8.describe(strength)

    assert low("As2d3h4c5s") == "5-4-3-2-A low"
    assert low("5s4s3s2sAs") == "5-4-3-2-A low"  # the straight flush is also the best low
    assert low("8c7d6h5s4c") == "8-7-6-5-4 low"
    assert low("9c7d6h5s4c") is None
    assert low("AsAd2h3c4s") is None  # pairs do not make a low
    assert low("AsAd2h3c4s8dKc") == "8-4-3-2-A low"
    best = (LOW8.strength(cards("As2d3h4c5s"), ()) or 0)
    for hand in combinations(range(20), 5):  # ranks deuce to six only: never better
        strength = LOW8.strength(hand, ())
        assert strength is None or strength <= best
    assert LOW8.best_cards(cards("KsKd"), cards("QhJc9s")) == ()


def test_S9_deuce_seven_every_five_card_class_ranks_as_the_reference() -> None:
    hands = one_hand_per_multiset()
    flushes = [tuple(r * 4 for r in combo) for combo in combinations(range(13), 5)]
    mixed = [h for h in hands if len({c >> 2 for c in h}) < 5] + [
        (h[0] + 1, *h[1:]) for h in flushes
    ]
    all_classes = mixed + flushes
    assert len(all_classes) == 7462
    assert_same_order(
        [(reference_27(h), DEUCE_SEVEN_LOW.strength(h, ()) or 0) for h in all_classes]
    )


def test_S9_deuce_seven_best_five_of_six_and_seven() -> None:
    rng = random.Random(27)
    for size in (6, 7):
        for _ in range(500):
            hand = rng.sample(range(52), size)
            expected = max(DEUCE_SEVEN_LOW.strength(f, ()) or 0 for f in combinations(hand, 5))
            assert DEUCE_SEVEN_LOW.strength(hand, ()) == expected
    assert DEUCE_SEVEN_LOW.strength(cards("7c5d4h3s"), ()) is None


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("7c5d4h3s2c", "7c6d4h3s2c"),  # 7-5-4-3-2 is the best hand
        ("7c5d4h3s2c", "8c5d4h3s2c"),
        ("KcQdJhTs8c", "Ac5d4h3s2c"),  # A-5-4-3-2: ace high, no straight
        ("Ac5d4h3s2c", "2c2d4h3s5c"),  # any pair is worse than no pair
        ("2c2d4h3s5c", "6c5d4h3s2c"),  # a straight counts against
        ("AcKdQhJs9c", "7c5c4c3c2c"),  # so does a flush
        ("6c5d4h3s2c", "7c5c4c3c2c"),  # straight is better than flush
    ],
)
def test_S9_deuce_seven_order(better: str, worse: str) -> None:
    """S9: deuce-to-seven, ace high, straights and flushes count against."""
    strong = DEUCE_SEVEN_LOW.strength(cards(better), ())
    weak = DEUCE_SEVEN_LOW.strength(cards(worse), ())
    assert strong is not None and weak is not None and strong > weak


def test_S9_deuce_seven_descriptions() -> None:
    def describe(text: str) -> str:
        return DEUCE_SEVEN_LOW.describe(DEUCE_SEVEN_LOW.strength(cards(text), ()) or 0)

    assert describe("7c5d4h3s2c") == "7-5-4-3-2 low"
    assert describe("Ac5d4h3s2c") == "A-5-4-3-2 low"
    assert describe("6c5d4h3s2c") == "straight, six high"
    assert describe("7c5c4c3c2c") == "flush, seven high"
    assert describe("KcKd6h3s2c") == "pair of kings"
    best = DEUCE_SEVEN_LOW.best_cards(cards("7c5d4h3s2c8d"), ())
    assert [str(Card(c)) for c in best] == ["7c", "5d", "4h", "3s", "2c"]
