"""Picking the cards a strength was made from, and ordering them for display."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from pokerroom.cards import Card


def best_subset(
    candidates: Iterable[Sequence[int]], strength: Callable[[Sequence[int]], int | None]
) -> tuple[Sequence[int], int] | None:
    """The first candidate with the largest strength (None when none qualifies)."""
    best: tuple[Sequence[int], int] | None = None
    for cards in candidates:
        value = strength(cards)
        if value is not None and (best is None or value > best[1]):
            best = (cards, value)
    return best


def split_combinations(
    hole: Sequence[int], board: Sequence[int], *, from_hole: int, from_board: int
) -> Iterable[tuple[int, ...]]:
    """Every hand of exactly ``from_hole`` hole cards and ``from_board`` board cards (S7)."""
    for h in combinations(hole, from_hole):
        for b in combinations(board, from_board):
            yield h + b


def display_order(
    cards: Iterable[int], *, ace_low: bool = False, ace_last: bool = False
) -> tuple[Card, ...]:
    """Most telling first: bigger groups, then higher ranks (lower for a low).

    ``ace_last`` is for a straight where the ace plays low (5-4-3-2-A).
    """
    hand = [Card(int(c)) for c in cards]

    def rank(card: Card) -> int:
        return (card.rank + 1) % 13 if ace_low else card.rank

    counts = Counter(rank(c) for c in hand)
    if ace_low:
        ordered = sorted(hand, key=lambda c: (-counts[rank(c)], -rank(c), -c.suit))
    else:
        ordered = sorted(hand, key=lambda c: (counts[rank(c)], rank(c), c.suit), reverse=True)
        if ace_last and ordered and ordered[0].rank == 12:
            ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)
