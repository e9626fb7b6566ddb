"""How a hand's strength is packed into one int, and how to read it back (S5).

A high strength is ``order << 24 | category << 20 | n1 << 16 | ... | n5``:
the nibbles ``n1..n5`` are the ranks that decide ties, most significant first
(the quads rank then the kicker; the trips rank then the pair rank; a
straight's top card only). ``order`` is 0 in standard poker; short deck puts
the flush above the full house by raising ``order`` for the categories above
the straight, so :func:`category_of` reads bits 20-23 for both.  Suits never
enter the number (S5).

Low strengths (ace-to-five, deuce-to-seven) are ``LOW_BASE - value`` where
``value`` is the same packing with the low game's ranks, so that, as for every
evaluator, a larger strength is a better hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from pokerroom.cards import RANK_NAMES, RANK_PLURALS, RANKS


class HandCategory(IntEnum):
    """The nine standard high-hand categories, weakest first (S5)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


CATEGORY_SHIFT: Final = 20
ORDER_SHIFT: Final = 24
LOW_BASE: Final = 1 << 24
"""Low strengths are ``LOW_BASE - value``; every packed value is below it."""

# How many cards of one rank each tie-breaking nibble stands for, by category
# (a straight or straight flush keeps only its top card).
GROUP_SIZES: Final[dict[HandCategory, tuple[int, ...]]] = {
    HandCategory.HIGH_CARD: (1, 1, 1, 1, 1),
    HandCategory.PAIR: (2, 1, 1, 1),
    HandCategory.TWO_PAIR: (2, 2, 1),
    HandCategory.THREE_OF_A_KIND: (3, 1, 1),
    HandCategory.STRAIGHT: (5,),
    HandCategory.FLUSH: (1, 1, 1, 1, 1),
    HandCategory.FULL_HOUSE: (3, 2),
    HandCategory.FOUR_OF_A_KIND: (4, 1),
    HandCategory.STRAIGHT_FLUSH: (5,),
}
PATTERN_CATEGORY: Final[dict[tuple[int, ...], HandCategory]] = {
    (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
    (2, 1, 1, 1): HandCategory.PAIR,
    (2, 2, 1): HandCategory.TWO_PAIR,
    (3, 1, 1): HandCategory.THREE_OF_A_KIND,
    (3, 2): HandCategory.FULL_HOUSE,
    (4, 1): HandCategory.FOUR_OF_A_KIND,
}
"""Category of five cards from their rank counts (largest first), suits aside."""


def pack(category: int, nibbles: Sequence[int], *, order: int = 0) -> int:
    """The strength for a category and its tie-breaking ranks (most significant first)."""
    value = order << ORDER_SHIFT | category << CATEGORY_SHIFT
    shift = 16
    for n in nibbles:
        value |= n << shift
        shift -= 4
    return value


def category_of(strength: int) -> HandCategory:
    """The category of a high strength (standard or short deck)."""
    return HandCategory((strength >> CATEGORY_SHIFT) & 0xF)


def nibbles_of(strength: int) -> list[int]:
    """The tie-breaking ranks of a packed value, as many as its category uses."""
    count = len(GROUP_SIZES[category_of(strength)])
    return [(strength >> (16 - 4 * i)) & 0xF for i in range(count)]


def describe_high(strength: int) -> str:
    """Read a high strength aloud: ``"full house, threes full of nines"``."""
    category = category_of(strength)
    n = nibbles_of(strength)
    name = RANK_NAMES
    plural = RANK_PLURALS
    match category:
        case HandCategory.HIGH_CARD:
            return f"high card, {name[n[0]]}"
        case HandCategory.PAIR:
            return f"pair of {plural[n[0]]}"
        case HandCategory.TWO_PAIR:
            return f"two pair, {plural[n[0]]} and {plural[n[1]]}"
        case HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {plural[n[0]]}"
        case HandCategory.STRAIGHT:
            return f"straight, {name[n[0]]} high"
        case HandCategory.FLUSH:
            return f"flush, {name[n[0]]} high"
        case HandCategory.FULL_HOUSE:
            return f"full house, {plural[n[0]]} full of {plural[n[1]]}"
        case HandCategory.FOUR_OF_A_KIND:
            return f"four of a kind, {plural[n[0]]}"
        case HandCategory.STRAIGHT_FLUSH:
            return "royal flush" if n[0] == 12 else f"straight flush, {name[n[0]]} high"
    raise AssertionError(f"unknown category {category!r}")  # pragma: no cover


def expand_ranks(value: int) -> list[int]:
    """The five ranks of a packed non-straight value, most significant first."""
    category = category_of(value)
    ranks: list[int] = []
    for size, rank in zip(GROUP_SIZES[category], nibbles_of(value), strict=True):
        ranks.extend([rank] * size)
    return ranks


LOW_RANK_CHARS: Final = "A23456789TJQK"
"""Rank characters in ace-low order (index 0 is the ace)."""


def rank_chars(ranks: Sequence[int], *, ace_low: bool) -> str:
    """``"8-6-4-2-A"`` from rank indices (ace-low indices when ``ace_low``)."""
    chars = LOW_RANK_CHARS if ace_low else RANKS
    return "-".join(chars[r] for r in ranks)
