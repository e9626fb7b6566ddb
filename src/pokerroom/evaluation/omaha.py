"""Omaha: exactly two hole cards and exactly three board cards (S7, S8).

Works for four, five or six hole cards and a board of three to five cards.

High: the best non-flush hand is the max of one table lookup per (hole pair,
board triple) rank key; flushes need three suited board cards and two hole
cards of the same suit, which is checked first with a suit counter, and only
then are the suited combinations looked up.

Eight-or-better low: only which low ranks (ace to eight) each side holds
matters, so the answer is kept per (hole low ranks, board low ranks) pair of
8-bit masks.

``strength`` trusts its input (distinct cards 0-51), like all evaluators.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokerroom.evaluation.encoding import LOW_BASE, HandCategory, describe_high, pack
from pokerroom.evaluation.high import STANDARD, high_display, high_strength
from pokerroom.evaluation.lows import describe_a5
from pokerroom.evaluation.selection import best_subset, display_order, split_combinations
from pokerroom.evaluation.tables import CARD_KEY, RANK_KEY, MemoTable

_NONFLUSH: Final = STANDARD.by_rank_key
_FIVE_FLUSH: Final = STANDARD.by_five_flush_key
_card_key = CARD_KEY.__getitem__
_THREE_PER_SUIT_BASE: Final = 0x5555 << 32
"""Added to a board's suit nibbles, a nibble reaches 8 when a suit has three cards."""


def omaha_high_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high hand of exactly two hole cards and three board cards (S7).

    Needs at least two hole cards and three board cards; trusts its input.
    """
    rk = RANK_KEY
    pairs = [rk[a] + rk[b] for a, b in combinations(hole, 2)]
    triples = [rk[a] + rk[b] + rk[c] for a, b, c in combinations(board, 3)]
    table = _NONFLUSH
    best = max([table[p + t] for p in pairs for t in triples])
    suited = (sum(map(_card_key, board), _THREE_PER_SUIT_BASE) >> 32) & 0x8888
    if suited:
        suit = (suited.bit_length() - 1) >> 2
        hole_suited = [rk[c] for c in hole if c & 3 == suit]
        if len(hole_suited) >= 2:
            board_suited = [rk[c] for c in board if c & 3 == suit]
            flush = _FIVE_FLUSH
            for a, b in combinations(hole_suited, 2):
                for c, d, e in combinations(board_suited, 3):
                    value = flush[a + b + c + d + e]
                    if value > best:
                        best = value
    return best


LOW_BIT: Final = tuple(
    1 << low if (low := ((c >> 2) + 1) % 13) <= 7 else 0 for c in range(52)
)
"""``LOW_BIT[card]``: bit ``0`` for an ace ... bit ``7`` for an eight; 0 above eight."""


def _low_from_masks(masks: int) -> int:
    """Best eight-or-better strength from two hole and three board low ranks, or 0."""
    hole_ranks = [r for r in range(8) if masks >> (8 + r) & 1]
    board_ranks = [r for r in range(8) if masks >> r & 1]
    best_value = None
    for pair in combinations(hole_ranks, 2):
        for triple in combinations(board_ranks, 3):
            if pair[0] in triple or pair[1] in triple:
                continue
            value = pack(HandCategory.HIGH_CARD, sorted(pair + triple, reverse=True))
            if best_value is None or value < best_value:
                best_value = value
    return 0 if best_value is None else LOW_BASE - best_value


_LOW_BY_MASKS: Final = MemoTable(_low_from_masks)


def omaha_low8_strength(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Eight-or-better low of exactly two hole and three board cards (S7, S8), or None."""
    low_bit = LOW_BIT
    hole_mask = 0
    for c in hole:
        hole_mask |= low_bit[c]
    board_mask = 0
    for c in board:
        board_mask |= low_bit[c]
    return _LOW_BY_MASKS[hole_mask << 8 | board_mask] or None


class OmahaHigh:
    """Omaha high: exactly two hole cards and three board cards (S7)."""

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "omaha_high"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """None until there are two hole cards and three board cards."""
        if len(hole) < 2 or len(board) < 3:
            return None
        return omaha_high_strength(hole, board)

    def describe(self, strength: int) -> str:
        """The strength in words, as a high hand."""
        return describe_high(strength)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The two hole and three board cards that make the hand (S7)."""
        fives = split_combinations(hole, board, from_hole=2, from_board=3)
        best = best_subset(fives, high_strength)
        return () if best is None else high_display(best[0], best[1])


class OmahaLow8:
    """Omaha eight-or-better low: exactly two hole and three board cards (S7, S8)."""

    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "omaha_low8"

    def __repr__(self) -> str:
        return f"<evaluator {self.name}>"

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """None without a qualifying low (or before three board cards)."""
        return omaha_low8_strength(hole, board)

    def describe(self, strength: int) -> str:
        """``"8-6-4-2-A low"``."""
        return describe_a5(strength)

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The two hole and three board cards that make the low (S7, S8)."""
        fives = split_combinations(hole, board, from_hole=2, from_board=3)
        best = best_subset(fives, lambda five: omaha_low8_strength(five[:2], five[2:]))
        return () if best is None else display_order(best[0], ace_low=True)


OMAHA_HIGH: Final = OmahaHigh()
"""Omaha high (S7): exactly two hole cards and three board cards."""
OMAHA_LOW8: Final = OmahaLow8()
"""Omaha eight-or-better low (S7, S8): two hole and three board cards, all eight or under."""
