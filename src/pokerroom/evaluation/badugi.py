"""Badugi: the largest set of cards with distinct ranks and distinct suits.

A four-card badugi beats any three-card hand, a three-card hand any two-card
hand, and so on.  Aces are low.  Between hands of the same size the lower
highest card wins, then the next, and so on: 4-3-2-A is the best hand.

The strength is ``size << 16 | (0xFFFF - value)`` where ``value`` holds the
used ranks (ace 1 ... king 13), highest first, one nibble each.  Results are
kept per set of cards (a 52-bit mask), so a hand is worked out once.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokerroom.evaluation.encoding import LOW_RANK_CHARS
from pokerroom.evaluation.selection import display_order
from pokerroom.evaluation.tables import MemoTable


def _low_rank(card: int) -> int:
    """Ace 1, deuce 2, ..., king 13."""
    return ((card >> 2) + 1) % 13 + 1


def _best_subset(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(strength, cards) of the best badugi hand among the cards (at least one card)."""
    for size in range(min(4, len(cards)), 0, -1):
        best: tuple[int, tuple[int, ...]] | None = None
        for subset in combinations(cards, size):
            if len({c >> 2 for c in subset}) < size or len({c & 3 for c in subset}) < size:
                continue
            value = 0
            for shift, rank in enumerate(sorted(map(_low_rank, subset), reverse=True)):
                value |= rank << (12 - 4 * shift)
            strength = size << 16 | (0xFFFF - value)
            if best is None or strength > best[0]:
                best = (strength, subset)
        if best is not None:
            return best
    raise AssertionError("badugi needs at least one card")  # pragma: no cover


def _strength_of_mask(mask: int) -> int:
    return _best_subset([c for c in range(52) if mask >> c & 1])[0]


_BY_MASK: Final = MemoTable(_strength_of_mask)


class Badugi:
    """Badugi from the player's cards (the board, normally empty, counts too)."""

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "badugi"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """None with no cards at all."""
        mask = 0
        for c in hole:
            mask |= 1 << c
        for c in board:
            mask |= 1 << c
        return _BY_MASK[mask] if mask else None

    def describe(self, strength: int) -> str:
        """``"4-card badugi, 7-5-3-A"``; fewer cards: ``"3-card hand, 8-4-A"``."""
        size = strength >> 16
        value = 0xFFFF - (strength & 0xFFFF)
        ranks = [(value >> (12 - 4 * i)) & 0xF for i in range(size)]
        chars = "-".join(LOW_RANK_CHARS[r - 1] for r in ranks)
        return f"4-card badugi, {chars}" if size == 4 else f"{size}-card hand, {chars}"

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The cards that make the badugi, lowest last (up to four)."""
        cards = [*hole, *board]
        if not cards:
            return ()
        return display_order(_best_subset(cards)[1], ace_low=True)


BADUGI: Final = Badugi()
"""Badugi: the best hand of distinct ranks and suits, four cards beating three (ace low)."""
