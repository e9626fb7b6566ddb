"""Badugi: distinct ranks and distinct suits, more cards first, ace low."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.evaluation import BADUGI


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def reference(hand: list[int]) -> tuple[int, tuple[int, ...]]:
    """Lower is better: (-cards used, their ranks high to low, ace 1)."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(1, len(hand) + 1):
        for subset in combinations(hand, size):
            if len({c >> 2 for c in subset}) == size == len({c & 3 for c in subset}):
                ranks = tuple(sorted((((c >> 2) + 1) % 13 + 1 for c in subset), reverse=True))
                key = (-size, ranks)
                if best is None or key < best:
                    best = key
    assert best is not None
    return best


def strength(text: str) -> int:
    value = BADUGI.strength(cards(text), ())
    assert value is not None
    return value


def test_badugi_agrees_with_the_reference_on_random_hands() -> None:
    rng = random.Random(4)
    by_reference: dict[tuple[int, tuple[int, ...]], int] = {}
    for _ in range(20000):
        hand = rng.sample(range(52), rng.choice((4, 4, 4, 3, 2, 1)))
        value = BADUGI.strength(hand, ())
        assert value is not None
        assert by_reference.setdefault(reference(hand), value) == value
    ordered = [by_reference[key] for key in sorted(by_reference)]
    assert ordered == sorted(set(ordered), reverse=True)
    assert len(by_reference) > 700  # of 1,092 classes


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("4c3d2hAs", "5c3d2hAs"),  # 4-3-2-A is the best hand
        ("KcQdJhTs", "4c3d2hAh"),  # any four-card badugi beats any three-card hand
        ("8c6d5h4s", "8c7d3h2s"),  # same top card: the next one decides
        ("7c5d3hAs", "7c6d2hAs"),
        ("AcAd2h3s", "4c4d5h6h"),  # a three-card hand (3-2-A) beats a two-card hand
    ],
)
def test_badugi_order(better: str, worse: str) -> None:
    assert strength(better) > strength(worse)


def test_badugi_describes_and_shows_the_cards_used() -> None:
    assert BADUGI.describe(strength("7c5d3hAs")) == "4-card badugi, 7-5-3-A"
    assert BADUGI.describe(strength("8c4d4hAh")) == "3-card hand, 8-4-A"
    assert BADUGI.describe(strength("KcQcJcTc")) == "1-card hand, T"
    used = BADUGI.best_cards(cards("8c4d4hAh"), ())
    assert [str(Card(c)) for c in used] == ["8c", "4d", "Ah"]
    assert BADUGI.strength((), ()) is None
    assert BADUGI.best_cards((), ()) == ()
