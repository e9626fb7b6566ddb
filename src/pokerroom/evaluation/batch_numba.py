"""Numba kernels of the batch evaluators (see :mod:`pokerroom.evaluation.batch`).

Imported only on the first batch call, so ``import pokerroom`` never loads
Numba.  Each kernel is compiled on its first call and cached on disk
(beside its source, or in a user cache directory when the install is
read-only: :mod:`.numba_cache`), so a later process loads it in milliseconds.  Tables come
in as arguments, never as globals, so that the cached machine code does not
depend on them.  Every kernel writes one strength per row into ``out`` and
returns how many rows held a byte that is no card (their strength is 0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.evaluation.batch_tables import (
    FLUSH_BITS,
    GROUP_SHIFT,
    GROUPS,
    POISON,
    RANK_MASK,
    SLOT_MASK,
    SLOT_SHIFT,
    SUIT_BASE,
)
from pokerroom.evaluation.encoding import LOW_BASE
from pokerroom.evaluation.numba_cache import njit

F = TypeVar("F", bound=Callable[..., Any])
U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

GROUP_MASK: Final = GROUPS - 1
THREE_PER_SUIT_BASE: Final = 0x5555 << 32
"""Added to a board's suit nibbles, a nibble reaches 8 when a suit has three cards."""
NO_LOW_CARD: Final = 1 << 20
"""Low-bit table entry of a byte that is no card."""


def kernel(function: F) -> F:
    """Compile lazily, release the GIL, cache the machine code on disk (:mod:`.numba_cache`)."""
    return njit(function, nogil=True)


def inline_kernel(function: F) -> F:
    """A kernel that Numba inlines into its callers (a per-row helper in a hot loop).

    Measure a new one: with arrays among its arguments and branches inside,
    Numba may leave reference counting of those arrays in the caller's loop.
    """
    return njit(function, nogil=True, inline="always")


@kernel
def slot_of(rank_key: int, multiplier: int, displacement: I32) -> int:
    """The perfect-hash slot of a rank key (see :mod:`.batch_tables`)."""
    product = rank_key * multiplier
    group = (product >> GROUP_SHIFT) & GROUP_MASK
    return (((product >> SLOT_SHIFT) & SLOT_MASK) + displacement[group]) & SLOT_MASK  # type: ignore[no-any-return]


@kernel
def flush_shift(key: int) -> int:
    """Bit offset of the flush suit's lane in OR-ed suit-rank bits."""
    suits = (key >> 35) & 0x1111
    if suits & 1:
        return 0
    if suits & 0x10:
        return 16
    if suits & 0x100:
        return 32
    return 48


@inline_kernel
def row_sum(cards: U8, i: int, keys: I64, base: int) -> int:
    """``base`` plus the keys of the cards of row ``i``.

    Seven cards are summed unrolled: :func:`high_any` measured 30% slower
    for seven cards with the loop, and several times slower with a loop of
    a constant seven.
    """
    if cards.shape[1] == 7:
        return (  # type: ignore[no-any-return]
            base
            + keys[cards[i, 0]]
            + keys[cards[i, 1]]
            + keys[cards[i, 2]]
            + keys[cards[i, 3]]
            + keys[cards[i, 4]]
            + keys[cards[i, 5]]
            + keys[cards[i, 6]]
        )
    key = base
    for j in range(cards.shape[1]):
        key += keys[cards[i, j]]
    return key


@kernel
def high_any(
    cards: U8,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    out: I32,
) -> int:
    """Best high hand of each row of five to seven cards.

    The branches are written out here: through a helper that takes the
    tables and holds the flush branch (or a per-row helper returning -1)
    this loop measured 1.4 to 5 times slower, Numba then keeping reference
    counts of the arrays in the loop.
    """
    bad = 0
    for i in range(cards.shape[0]):
        key = row_sum(cards, i, card_keys, SUIT_BASE)
        if key >= POISON:
            bad += 1
            out[i] = 0
        elif key & FLUSH_BITS:
            bits = 0
            for j in range(cards.shape[1]):
                bits |= suit_bits[cards[i, j]]
            out[i] = flush[(bits >> flush_shift(key)) & 0x1FFF]
        else:
            out[i] = ranks[slot_of(key & RANK_MASK, multiplier, displacement)]
    return bad


high_seven = high_any
"""Seven cards per row: the same kernel (:func:`row_sum` unrolls the seven)."""


@kernel
def rank_only(
    cards: U8,
    rank_keys: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    threshold: int,
    out: I32,
) -> int:
    """A game decided by ranks alone (ace-to-five); values under ``threshold`` become 0."""
    bad = 0
    for i in range(cards.shape[0]):
        key = row_sum(cards, i, rank_keys, 0)
        if key >= POISON:
            bad += 1
            out[i] = 0
            continue
        value = ranks[slot_of(key, multiplier, displacement)]
        out[i] = value if value >= threshold else 0
    return bad


@kernel
def deuce_seven(
    cards: U8,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    fives: npt.NDArray[np.int8],
    out: I32,
) -> int:
    """Deuce-to-seven: the best over the rows of ``fives`` (column index quintuples)."""
    bad = 0
    for i in range(cards.shape[0]):
        if row_sum(cards, i, card_keys, 0) >= POISON:
            bad += 1
            out[i] = 0
            continue
        best = 0
        for f in range(fives.shape[0]):
            key = SUIT_BASE
            for j in range(5):
                key += card_keys[cards[i, fives[f, j]]]
            if key & FLUSH_BITS:
                bits = 0
                for j in range(5):
                    bits |= suit_bits[cards[i, fives[f, j]]]
                value = flush[(bits >> flush_shift(key)) & 0x1FFF]
            else:
                value = ranks[slot_of(key & RANK_MASK, multiplier, displacement)]
            best = max(best, value)
        out[i] = best
    return bad


@inline_kernel
def hole_pairs(hole: U8, i: int, card_keys: I64, pairs: I64) -> int:
    """Write the keys of each two of ``hole[i]``'s cards into ``pairs``; their total key."""
    h = hole.shape[1]
    count = 0
    hole_key = 0
    for x in range(h):
        kx = card_keys[hole[i, x]]
        hole_key += kx
        for y in range(x + 1, h):
            pairs[count] = kx + card_keys[hole[i, y]]
            count += 1
    return hole_key


@inline_kernel
def board_triples(board: U8, j: int, card_keys: I64, triples: I64) -> int:
    """Write the keys of each three of ``board[j]``'s cards into ``triples``.

    Returns the board's key over :data:`THREE_PER_SUIT_BASE`, whose suit
    nibbles show a suit of three or more.
    """
    b = board.shape[1]
    count = 0
    board_key = THREE_PER_SUIT_BASE
    for x in range(b):
        kx = card_keys[board[j, x]]
        board_key += kx
        for y in range(x + 1, b):
            kxy = kx + card_keys[board[j, y]]
            for z in range(y + 1, b):
                triples[count] = kxy + card_keys[board[j, z]]
                count += 1
    return board_key


@inline_kernel
def best_unsuited(pairs: I64, triples: I64, multiplier: int, displacement: I32, ranks: I32) -> int:
    """Best rank value of a pair plus a triple (every ``pairs`` and ``triples`` entry)."""
    best = 0
    for p in range(pairs.shape[0]):
        pair = pairs[p]
        for t in range(triples.shape[0]):
            value = ranks[slot_of((pair + triples[t]) & RANK_MASK, multiplier, displacement)]
            best = max(best, value)
    return best


@inline_kernel
def lane_ranks(bits: int, shift: int, single: I64) -> int:
    """Write the rank bits of ``(bits >> shift) & 0x1FFF`` one by one into ``single``; count."""
    bits = (bits >> shift) & 0x1FFF
    count = 0
    for r in range(13):
        if bits >> r & 1:
            single[count] = 1 << r
            count += 1
    return count


@kernel
def omaha_high(
    hole: U8,
    board: U8,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    out: I32,
) -> int:
    """Best of exactly two hole cards and three board cards, per row.

    The flush search stays in this loop: as a helper (or the whole row as
    a helper returning -1 for a byte that is no card) it measured 12% to
    twice as slow, and so did work arrays passed in rather than made here.
    """
    bad = 0
    n, h = hole.shape
    b = board.shape[1]
    pairs = np.empty(h * (h - 1) // 2, dtype=np.int64)
    triples = np.empty(b * (b - 1) * (b - 2) // 6, dtype=np.int64)
    hole_ranks = np.empty(h, dtype=np.int64)
    board_ranks = np.empty(b, dtype=np.int64)
    for i in range(n):
        hole_key = hole_pairs(hole, i, card_keys, pairs)
        board_key = board_triples(board, i, card_keys, triples)
        if hole_key >= POISON or board_key >= POISON:
            bad += 1
            out[i] = 0
            continue
        best = best_unsuited(pairs, triples, multiplier, displacement, ranks)
        if (board_key >> 35) & 0x1111:
            shift = flush_shift(board_key)
            hole_bits = 0
            for x in range(h):
                hole_bits |= suit_bits[hole[i, x]]
            nh = lane_ranks(hole_bits, shift, hole_ranks)
            if nh >= 2:
                board_bits = 0
                for x in range(b):
                    board_bits |= suit_bits[board[i, x]]
                nb = lane_ranks(board_bits, shift, board_ranks)
                for x in range(nh):
                    for y in range(x + 1, nh):
                        two = hole_ranks[x] | hole_ranks[y]
                        for u in range(nb):
                            for v in range(u + 1, nb):
                                for w in range(v + 1, nb):
                                    mask = two | board_ranks[u] | board_ranks[v] | board_ranks[w]
                                    value = flush[mask]
                                    if value > best:
                                        best = value
        out[i] = best
    return bad


@kernel
def omaha_low8(hole: U8, board: U8, low_bits: I64, out: I32) -> int:
    """Eight-or-better low of exactly two hole and three board cards; 0 without one.

    Only which low ranks each side holds matters; for each pair of hole
    ranks the three lowest board ranks not in the pair are best.
    """
    bad = 0
    n, h = hole.shape
    b = board.shape[1]
    for i in range(n):
        hole_mask = 0
        for x in range(h):
            hole_mask |= low_bits[hole[i, x]]
        board_mask = 0
        for x in range(b):
            board_mask |= low_bits[board[i, x]]
        if (hole_mask | board_mask) & NO_LOW_CARD:
            bad += 1
            out[i] = 0
            continue
        best = LOW_BASE
        for p in range(8):
            if not hole_mask >> p & 1:
                continue
            for q in range(p + 1, 8):
                if not hole_mask >> q & 1:
                    continue
                avail = board_mask & ~((1 << p) | (1 << q))
                low1 = avail & -avail
                avail ^= low1
                low2 = avail & -avail
                avail ^= low2
                low3 = avail & -avail
                if low3 == 0:
                    continue
                five = (1 << p) | (1 << q) | low1 | low2 | low3
                value = 0
                shift = 16
                for r in range(7, -1, -1):
                    if five >> r & 1:
                        value |= r << shift
                        shift -= 4
                if value < best:
                    best = value
        out[i] = LOW_BASE - best if best < LOW_BASE else 0
    return bad


@kernel
def badugi(cards: U8, subsets: I64, out: I32) -> int:
    """Best badugi hand of each row; ``subsets`` lists column masks of one to four cards."""
    bad = 0
    n, m = cards.shape
    for i in range(n):
        invalid = False
        for j in range(m):
            if cards[i, j] >= 52:
                invalid = True
        if invalid:
            bad += 1
            out[i] = 0
            continue
        best = 0
        for s in range(subsets.shape[0]):
            subset = subsets[s]
            size = 0
            rank_bits = 0
            suit_bits = 0
            for j in range(m):
                if subset >> j & 1:
                    c = cards[i, j]
                    size += 1
                    rank_bits |= 1 << (((c >> 2) + 1) % 13 + 1)
                    suit_bits |= 1 << (c & 3)
            distinct_ranks = 0
            distinct_suits = 0
            for r in range(1, 14):
                distinct_ranks += rank_bits >> r & 1
            for r in range(4):
                distinct_suits += suit_bits >> r & 1
            if distinct_ranks < size or distinct_suits < size:
                continue
            value = 0
            shift = 12
            for r in range(13, 0, -1):
                if rank_bits >> r & 1:
                    value |= r << shift
                    shift -= 4
            strength = size << 16 | (0xFFFF - value)
            if strength > best:
                best = strength
        out[i] = best
    return bad
