"""High hands: hold'em and stud (S5, S6) and short deck.

:func:`high_strength` is the hot path: one sum of card keys, one flush test,
one dict lookup (see :mod:`pokerroom.evaluation.tables`).  Like every
``strength`` function here it trusts its input: five to nine distinct cards
0-51 (short deck: ranks six to ace only).  Use
:func:`pokerroom.evaluation.evaluate_high` for checked input.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokerroom.evaluation.encoding import HandCategory, category_of, describe_high
from pokerroom.evaluation.selection import best_subset, display_order
from pokerroom.evaluation.tables import (
    CARD_KEY,
    FLUSH_BITS,
    RANK_BIT,
    RANK_MASK,
    SHORT_DECK_STRAIGHTS,
    STANDARD_STRAIGHTS,
    SUIT_BASE,
    BestOfTable,
    MemoTable,
    best_flush_value,
    five_card_value,
    flush_suit,
    rank_counts,
)

SHORT_DECK_ORDER: Final = (0, 0, 0, 0, 0, 2, 1, 3, 4)
"""Short deck: a flush (order 2) beats a full house (order 1)."""

_card_key = CARD_KEY.__getitem__


class HighRules:
    """The tables of one high game: which straights exist, how categories rank."""

    __slots__ = ("by_five_flush_key", "by_flush_ranks", "by_rank_key", "order", "straights")

    def __init__(
        self, *, straights: dict[int, int], order: Sequence[int], ranks: Sequence[int],
        kept_as: str | None = None,
    ) -> None:
        self.straights = straights
        self.order = tuple(order)
        self.by_rank_key = BestOfTable(self._five_unsuited, ranks=ranks, kept_as=kept_as)
        """Rank key -> best non-flush hand of those ranks."""
        self.by_flush_ranks = MemoTable(self._best_flush)
        """Bitmask of five or more suited ranks -> best flush or straight flush."""
        self.by_five_flush_key = MemoTable(self._five_flush_from_key)
        """Rank key of five suited cards -> their flush or straight flush."""

    def _five_unsuited(self, counts: list[int]) -> int:
        return five_card_value(counts, flush=False, straights=self.straights, order=self.order)

    def _best_flush(self, rank_bits: int) -> int:
        return best_flush_value(rank_bits, straights=self.straights, order=self.order)

    def _five_flush_from_key(self, key: int) -> int:
        counts = rank_counts(key)
        return five_card_value(counts, flush=True, straights=self.straights, order=self.order)

    def flush_strength(self, cards: Sequence[int], key: int) -> int:
        """Strength of cards whose key shows a flush (five to nine cards)."""
        suit = flush_suit(key)
        bits = 0
        for c in cards:
            if c & 3 == suit:
                bits |= RANK_BIT[c]
        flush = self.by_flush_ranks[bits]
        if len(cards) > 7:  # eight cards can hold quads or a full house beside a flush
            return max(flush, self.by_rank_key[key & RANK_MASK])
        return flush


STANDARD: Final = HighRules(
    straights=STANDARD_STRAIGHTS, order=(0,) * 9, ranks=range(13), kept_as="high"
)
SHORT_DECK: Final = HighRules(
    straights=SHORT_DECK_STRAIGHTS, order=SHORT_DECK_ORDER, ranks=range(4, 13),
    kept_as="short-deck",
)
_NONFLUSH: Final = STANDARD.by_rank_key


def high_strength(cards: Sequence[int]) -> int:
    """Best five of five to nine cards, any combination (S6); larger is better.

    Trusts its input (distinct cards 0-51); see the module docstring.
    """
    key = sum(map(_card_key, cards), SUIT_BASE)
    if key & FLUSH_BITS:
        return STANDARD.flush_strength(cards, key)
    return _NONFLUSH[key & RANK_MASK]


class HighEvaluator:
    """Best five of hole cards and board, any combination (S6)."""

    __slots__ = ("_rules", "name")

    def __init__(self, name: str, rules: HighRules) -> None:
        self.name = name
        self._rules = rules

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """Strength of the best five cards, None with fewer than five cards."""
        if len(hole) + len(board) < 5:
            return None
        key = sum(map(_card_key, board), sum(map(_card_key, hole), SUIT_BASE))
        if key & FLUSH_BITS:
            return self._rules.flush_strength([*hole, *board], key)
        return self._rules.by_rank_key[key & RANK_MASK]

    def describe(self, strength: int) -> str:
        """The strength in words: ``"flush, ace high"``."""
        return describe_high(strength)

    def category(self, strength: int) -> HandCategory:
        """The strength's category (pair, flush, ...)."""
        return category_of(strength)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The five cards that make the hand, most telling first (empty if under five)."""
        best = best_subset(combinations([*hole, *board], 5), lambda five: self.strength(five, ()))
        if best is None:
            return ()
        return high_display(best[0], best[1])


def high_display(cards: Sequence[int], strength: int) -> tuple[int, ...]:
    """Order five cards of a high hand for display (a wheel shows 5-4-3-2-A)."""
    straight = category_of(strength) in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
    top = (strength >> 16) & 0xF
    return display_order(cards, ace_last=straight and top != 12)


HIGH: Final = HighEvaluator("high", STANDARD)
"""Standard high hands (S5): the best five of the cards, hole and board together (S6)."""
SHORT_DECK_HIGH: Final = HighEvaluator("short_deck_high", SHORT_DECK)
"""Short deck (six to ace): a flush beats a full house, A-6-7-8-9 is the lowest straight."""
