"""Additive card keys and the lazily built lookup tables behind the evaluators.

Every card has a *rank key* ``5 ** rank``: the sum over up to nine cards is a
base-5 number whose digits are the rank counts (at most four of a rank), so it
names the rank multiset exactly.  The *card key* adds a suit counter, one
4-bit nibble per suit at bit 32 and up; the sum starts at ``SUIT_BASE`` (3 in
each nibble) so that a nibble reaches 8 exactly when five or more cards share
the suit: a hand of up to nine cards holds a flush iff ``key & FLUSH_BITS``.

A :class:`BestOfTable` maps a rank key to the best strength any five of those
ranks make, by the rules of one game.  It is built on first use: every
multiset of five to seven ranks at once (about 0.1 s), or, where an earlier
process kept that on disk (:mod:`.rank_store`), each key looked up there when first
asked for; larger ones on demand.
The best of ``n > 5`` ranks is the best over the ``n - 1``-rank multisets
obtained by dropping one card, which needs one lookup per distinct rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from pokerroom.evaluation.encoding import PATTERN_CATEGORY, HandCategory, pack
from pokerroom.evaluation.rank_store import StoredTable, keep_table, stored

POW5: Final = tuple(5**r for r in range(13))
RANK_KEY: Final = tuple(POW5[c >> 2] for c in range(52))
"""``RANK_KEY[card]``: the card's contribution to a rank multiset key."""
CARD_KEY: Final = tuple(POW5[c >> 2] + (1 << (32 + 4 * (c & 3))) for c in range(52))
"""``CARD_KEY[card]``: rank key plus one in the card's suit nibble."""
RANK_BIT: Final = tuple(1 << (c >> 2) for c in range(52))
SUIT_BASE: Final = 0x3333 << 32
FLUSH_BITS: Final = 0x8888 << 32
RANK_MASK: Final = (1 << 32) - 1


def rank_counts(key: int) -> list[int]:
    """The thirteen rank counts (deuce first) named by a rank key."""
    counts = []
    for _ in range(13):
        key, digit = divmod(key, 5)
        counts.append(digit)
    return counts


def flush_suit(key: int) -> int:
    """The suit holding five or more cards, for a card key that has a flush."""
    return (((key >> 35) & 0x1111).bit_length() - 1) >> 2


class MemoTable(dict[int, int]):
    """A dict that computes and keeps the value of each key on first lookup."""

    __slots__ = ("_compute",)

    def __init__(self, compute: Callable[[int], int]) -> None:
        super().__init__()
        self._compute = compute

    def __missing__(self, key: int) -> int:
        value = self._compute(key)
        self[key] = value
        return value


class BestOfTable(dict[int, int]):
    """Rank key -> best strength of any five of those ranks (see module doc).

    ``five(counts)`` gives the strength of exactly five ranks.  The first
    lookup that misses opens the table kept on disk, if any, where each later
    miss is looked up (until ``_WHOLE_AFTER`` of them: then the whole kept table
    is read in); else it fills in every multiset of ``prefill_sizes`` cards over
    ``ranks`` (and keeps them on disk).  A miss neither holds (eight or nine
    cards) is computed and kept.
    """

    __slots__ = ("_filled", "_five", "_kept_as", "_lookups", "_prefill_sizes", "_ranks", "_stored")
    _WHOLE_AFTER: Final = 4096

    def __init__(
        self,
        five: Callable[[list[int]], int],
        *,
        ranks: Sequence[int] = range(13),
        prefill_sizes: Sequence[int] = (5, 6, 7),
        kept_as: str | None = None,
    ) -> None:
        super().__init__()
        self._five = five
        self._ranks = tuple(ranks)
        self._prefill_sizes = tuple(prefill_sizes)
        self._kept_as = kept_as
        """The name the filled table is kept on disk under (:mod:`.rank_store`)."""
        self._filled = False
        self._stored: StoredTable | None = None
        self._lookups = 0

    def __missing__(self, key: int) -> int:
        if not self._filled:
            self._filled = True
            self._open()
            if key in self:
                return self[key]
        kept = self._stored
        if kept is not None:
            value = kept.get(key)
            if value is not None:
                self[key] = value
                self._lookups += 1
                if self._lookups >= self._WHOLE_AFTER:  # a long run: the dict is cheaper
                    self._stored = None
                    self.update(kept.as_dict())
                return value
        counts = rank_counts(key)
        size = sum(counts)
        if size < 5 or max(counts) > 4:
            raise KeyError(f"rank key {key} does not name five to nine cards")
        if size == 5:
            value = self._five(counts)
        else:
            value = max(self[key - POW5[r]] for r in range(13) if counts[r])
        self[key] = value
        return value

    def _open(self) -> None:
        """At the first miss: the table kept on disk to look keys up in, else the
        whole table filled in (and kept)."""
        kept = stored(self._kept_as) if self._kept_as is not None else None
        if kept is not None:
            self._stored = kept
        else:
            self._fill_and_keep()

    def _prefill(self) -> None:
        """Every multiset of ``prefill_sizes`` cards in the dict at once."""
        kept = stored(self._kept_as) if self._kept_as is not None else None
        if kept is not None:
            self.update(kept.as_dict())
        else:
            self._fill_and_keep()

    def _fill_and_keep(self) -> None:
        filled = self._fill()
        if self._kept_as is not None:
            keep_table(self._kept_as, filled)
        self.update(filled)

    def _fill(self) -> dict[int, int]:
        # Five ranks from their counts; then each larger size forward from the
        # one below: a multiset's value is the max over the ones it extends.
        filled: dict[int, int] = {}
        level: dict[int, int] = {}
        for combo in combinations_with_replacement(self._ranks, 5):
            counts = [0] * 13
            for r in combo:
                counts[r] += 1
            if max(counts) <= 4:
                level[sum(POW5[r] for r in combo)] = self._five(counts)
        steps = [(POW5[r], POW5[r] * 5) for r in self._ranks]
        for size in range(5, max(self._prefill_sizes) + 1):
            if size > 5:
                bigger: dict[int, int] = {}
                get = bigger.get
                for key, value in level.items():
                    for step, next_digit in steps:
                        if key % next_digit // step != 4 and get(key + step, -1) < value:
                            bigger[key + step] = value
                level = bigger
            if size in self._prefill_sizes:
                filled.update(level)
        return filled


def straight_masks(tops_and_ranks: Sequence[tuple[int, Sequence[int]]]) -> dict[int, int]:
    """Rank bitmask of each straight -> its top rank."""
    return {sum(1 << r for r in ranks): top for top, ranks in tops_and_ranks}


STANDARD_STRAIGHTS: Final = straight_masks(
    [(top, range(top - 4, top + 1)) for top in range(4, 13)] + [(3, (12, 0, 1, 2, 3))]
)
"""Six-high to ace-high, and the wheel A-2-3-4-5 (five high)."""
NO_WHEEL_STRAIGHTS: Final = {m: t for m, t in STANDARD_STRAIGHTS.items() if t != 3}
"""Deuce-to-seven: the ace only plays high, so A-2-3-4-5 is not a straight (S9)."""
SHORT_DECK_STRAIGHTS: Final = straight_masks(
    [(top, range(top - 4, top + 1)) for top in range(8, 13)] + [(7, (12, 4, 5, 6, 7))]
)
"""Ten-high to ace-high, and A-6-7-8-9 (nine high), the lowest short-deck straight."""


def five_card_value(
    counts: Sequence[int],
    *,
    flush: bool,
    straights: dict[int, int],
    order: Sequence[int] = (0,) * 9,
) -> int:
    """Packed high value of exactly five cards given their rank counts.

    ``straights`` says which five distinct ranks make a straight (and its
    top); ``order[category]`` lets a variant reorder the categories.
    """
    groups = sorted(((n, r) for r, n in enumerate(counts) if n), reverse=True)
    pattern = tuple(n for n, _ in groups)
    ranks = [r for _, r in groups]
    category = PATTERN_CATEGORY[pattern]
    nibbles: Sequence[int] = ranks
    if category is HandCategory.HIGH_CARD:
        top = straights.get(sum(1 << r for r in ranks))
        if top is not None:
            category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
            nibbles = (top,)
        elif flush:
            category = HandCategory.FLUSH
    return pack(category, nibbles, order=order[category])


def best_flush_value(
    rank_bits: int, *, straights: dict[int, int], order: Sequence[int] = (0,) * 9
) -> int:
    """Best flush or straight flush among five or more suited ranks (a bitmask)."""
    ranks = [r for r in range(12, -1, -1) if rank_bits >> r & 1]
    best = 0
    for five in combinations(ranks, 5):
        counts = [0] * 13
        for r in five:
            counts[r] = 1
        best = max(best, five_card_value(counts, flush=True, straights=straights, order=order))
    return best


def ranks_of_key(key: int) -> list[int]:
    """The ranks named by a rank key, highest first, with repeats."""
    counts = rank_counts(key)
    return [r for r in range(12, -1, -1) for _ in range(counts[r])]
