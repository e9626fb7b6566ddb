"""Low hands: ace-to-five (razz), eight-or-better (stud hi-lo) and deuce-to-seven.

A low's packed *value* is a high-style packing (:mod:`.encoding`) of the
game's ranks; its strength is ``LOW_BASE - value``, so a better low is a
larger int like everywhere else.

- Ace-to-five (S9): the ace is the lowest card, straights and flushes do not
  count, pairs count against; the best hand is 5-4-3-2-A.  The ranks are
  renumbered ace-low (ace 0, deuce 1, ..., king 12) before packing, so a pair
  is worse than any unpaired hand and 8-6-4-2-A beats 8-6-5-2-A.
- Eight or better (S8): five distinct ranks of eight or lower, ace low; that
  is exactly an unpaired ace-to-five hand with an eight or lower on top, so
  it shares the ace-to-five table and a threshold.
- Deuce-to-seven (S9): the high ranking read upside down, the ace only high,
  so A-2-3-4-5 is an ace-high hand, and straights and flushes count against;
  the best hand is 7-5-4-3-2 of mixed suits.

``strength`` trusts its input (distinct cards 0-51), like all evaluators.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokerroom.evaluation.encoding import (
    LOW_BASE,
    HandCategory,
    category_of,
    describe_high,
    expand_ranks,
    nibbles_of,
    pack,
    rank_chars,
)
from pokerroom.evaluation.selection import best_subset, display_order
from pokerroom.evaluation.tables import (
    CARD_KEY,
    FLUSH_BITS,
    NO_WHEEL_STRAIGHTS,
    RANK_KEY,
    RANK_MASK,
    SUIT_BASE,
    BestOfTable,
    MemoTable,
    five_card_value,
    rank_counts,
)

_rank_key = RANK_KEY.__getitem__
_card_key = CARD_KEY.__getitem__


def a5_value(counts: Sequence[int]) -> int:
    """Packed ace-to-five value of five cards (lower is better) from deuce-first counts."""
    low_counts = [counts[12], *counts[:12]]  # ace first: ace-low rank numbers
    return five_card_value(low_counts, flush=False, straights={})


A5_TABLE: Final = BestOfTable(lambda counts: LOW_BASE - a5_value(counts), kept_as="ace-five")
"""Rank key -> best ace-to-five strength of any five of those ranks."""

LOW8_MIN_STRENGTH: Final = LOW_BASE - pack(HandCategory.HIGH_CARD, (8,)) + 1
"""An ace-to-five strength qualifies for eight-or-better iff it is at least this:
unpaired, and the top card (ace-low number at most 7) an eight or lower."""


def describe_a5(strength: int) -> str:
    """``"8-6-4-2-A low"``; a paired hand: ``"pair of kings, K-K-6-3-2"``."""
    value = LOW_BASE - strength
    chars = rank_chars(expand_ranks(value), ace_low=True)
    category = category_of(value)
    if category is HandCategory.HIGH_CARD:
        return f"{chars} low"
    as_high = pack(category, [(n - 1) % 13 for n in nibbles_of(value)])
    return f"{describe_high(as_high)}, {chars}"


class AceToFiveLow:
    """Ace-to-five low from any five of the cards (razz; S9). Always qualifies."""

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "a5_low"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """Ace-to-five strength of the best five cards (S9); None under five."""
        if len(hole) + len(board) < 5:
            return None
        return A5_TABLE[sum(map(_rank_key, board), sum(map(_rank_key, hole)))]

    def describe(self, strength: int) -> str:
        """``"8-6-4-2-A low"``; a paired hand names its pair."""
        return describe_a5(strength)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The five cards that make the low, highest first."""
        best = best_subset(combinations([*hole, *board], 5), lambda f: self.strength(f, ()))
        return () if best is None else display_order(best[0], ace_low=True)


class EightOrBetterLow:
    """Eight-or-better low from any five of the cards (stud hi-lo; S8).

    None when no five distinct ranks of eight or lower are there (ace low).
    """

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "low8"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """The eight-or-better low of the best five cards; None when none qualifies (S8)."""
        if len(hole) + len(board) < 5:
            return None
        value = A5_TABLE[sum(map(_rank_key, board), sum(map(_rank_key, hole)))]
        return value if value >= LOW8_MIN_STRENGTH else None

    def describe(self, strength: int) -> str:
        """``"8-6-4-2-A low"``."""
        return describe_a5(strength)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The five cards that make the low, highest first (empty without one)."""
        best = best_subset(combinations([*hole, *board], 5), lambda f: self.strength(f, ()))
        return () if best is None else display_order(best[0], ace_low=True)


def _deuce_seven_five(key: int, *, flush: bool) -> int:
    counts = rank_counts(key)
    return LOW_BASE - five_card_value(counts, flush=flush, straights=NO_WHEEL_STRAIGHTS)


_D27_UNSUITED: Final = MemoTable(lambda key: _deuce_seven_five(key, flush=False))
_D27_SUITED: Final = MemoTable(lambda key: _deuce_seven_five(key, flush=True))


def deuce_seven_strength(five: Sequence[int]) -> int:
    """Deuce-to-seven strength of exactly five cards (trusted input)."""
    key = sum(map(_card_key, five), SUIT_BASE)
    if key & FLUSH_BITS:
        return _D27_SUITED[key & RANK_MASK]
    return _D27_UNSUITED[key & RANK_MASK]


class DeuceToSevenLow:
    """Deuce-to-seven low, the best five of the cards (S9)."""

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "deuce_seven_low"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """Deuce-to-seven strength of the best five cards (S9); None under five."""
        cards = [*hole, *board]
        if len(cards) == 5:
            return deuce_seven_strength(cards)
        if len(cards) < 5:
            return None
        return max(map(deuce_seven_strength, combinations(cards, 5)))

    def describe(self, strength: int) -> str:
        """``"7-5-4-3-2 low"``; a made hand reads as in high: ``"pair of kings"``."""
        value = LOW_BASE - strength
        if category_of(value) is HandCategory.HIGH_CARD:
            return f"{rank_chars(expand_ranks(value), ace_low=False)} low"
        return describe_high(value)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The five cards that make the hand, highest first."""
        best = best_subset(combinations([*hole, *board], 5), deuce_seven_strength)
        return () if best is None else display_order(best[0])


A5_LOW: Final = AceToFiveLow()
"""Ace-to-five low (razz, S9): 5-4-3-2-A is best; straights and flushes do not count."""
LOW8: Final = EightOrBetterLow()
"""Eight-or-better low (stud hi-lo, S8): an ace-to-five low of five ranks eight or under."""
DEUCE_SEVEN_LOW: Final = DeuceToSevenLow()
"""Deuce-to-seven low (S9): 7-5-4-3-2 is best; the ace is high, straights and flushes count."""
