"""NumPy versions of the batch kernels, for machines without Numba.

Same tables, same results as :mod:`.batch_numba`, whole-array operations
instead of loops (roughly 5-20 times slower).  Inputs are checked by the
caller: every byte is a card here.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.evaluation.batch_tables import (
    CARD_KEYS,
    FLUSH_BITS,
    GROUP_SHIFT,
    GROUPS,
    RANK_KEYS,
    RANK_MASK,
    SLOT_MASK,
    SLOT_SHIFT,
    SUIT_BASE,
    SUIT_RANK_BITS,
)
from pokerroom.evaluation.encoding import LOW_BASE

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

CHUNK: Final = 1 << 15
"""Rows per step where a row expands into many combinations (Omaha, deuce-to-seven)."""


def slots(rank_keys: I64, multiplier: int, displacement: I32) -> I64:
    """Each rank key's slot in the perfect-hash rank table (multiply, group, displace)."""
    with np.errstate(over="ignore"):
        product = rank_keys * np.int64(multiplier)
    group = (product >> GROUP_SHIFT) & (GROUPS - 1)
    slot: I64 = ((product >> SLOT_SHIFT) & SLOT_MASK) + displacement[group] & SLOT_MASK
    return slot


def flush_shifts(keys: I64) -> I64:
    """Bit offset of the flush suit's lane (keys that hold a flush)."""
    suits = (keys >> 35) & 0x1111
    return np.select(
        [suits & 1 != 0, suits & 0x10 != 0, suits & 0x100 != 0], [0, 16, 32], default=48
    ).astype(np.int64)


def suited(cards: U8, keys: I64, multiplier: int, displacement: I32, ranks: I32, flush: I32) -> I32:
    """Value of each row from its summed card key: flush table or rank table."""
    out = np.empty(len(keys), dtype=np.int32)
    has_flush = (keys & FLUSH_BITS) != 0
    plain = ~has_flush
    out[plain] = ranks[slots(keys[plain] & RANK_MASK, multiplier, displacement)]
    if has_flush.any():
        bits = np.bitwise_or.reduce(SUIT_RANK_BITS[cards[has_flush]], axis=-1)
        out[has_flush] = flush[(bits >> flush_shifts(keys[has_flush])) & 0x1FFF]
    return out


def high(cards: U8, multiplier: int, displacement: I32, ranks: I32, flush: I32) -> I32:
    """High strength of each row of five to seven cards (S5)."""
    keys = CARD_KEYS[cards].sum(axis=1) + SUIT_BASE
    return suited(cards, keys, multiplier, displacement, ranks, flush)


def rank_only(cards: U8, multiplier: int, displacement: I32, ranks: I32, threshold: int) -> I32:
    """Each row's value from a ranks-only table (ace-to-five lows); 0 below ``threshold``
    (no qualifying eight-or-better low, S8)."""
    values = ranks[slots(RANK_KEYS[cards].sum(axis=1), multiplier, displacement)]
    return np.where(values >= threshold, values, 0).astype(np.int32)


def deuce_seven(cards: U8, multiplier: int, displacement: I32, ranks: I32, flush: I32) -> I32:
    """Deuce-to-seven strength of each row: the best five of its cards (S9)."""
    best = np.zeros(len(cards), dtype=np.int32)
    for five in combinations(range(cards.shape[1]), 5):
        chosen = np.ascontiguousarray(cards[:, list(five)])
        keys = CARD_KEYS[chosen].sum(axis=1) + SUIT_BASE
        np.maximum(best, suited(chosen, keys, multiplier, displacement, ranks, flush), out=best)
    return best


def omaha_high(
    hole: U8, board: U8, multiplier: int, displacement: I32, ranks: I32, flush: I32
) -> I32:
    """Omaha high strength of each row: two hole cards and three board cards (S7)."""
    out = np.empty(len(hole), dtype=np.int32)
    pairs = np.array(list(combinations(range(hole.shape[1]), 2)))
    triples = np.array(list(combinations(range(board.shape[1]), 3)))
    for start in range(0, len(hole), CHUNK):
        h = hole[start : start + CHUNK]
        b = board[start : start + CHUNK]
        # rows x pairs x triples x 5 cards
        five = np.concatenate(
            [
                np.broadcast_to(h[:, pairs][:, :, None, :], (len(h), len(pairs), len(triples), 2)),
                np.broadcast_to(
                    b[:, triples][:, None, :, :], (len(h), len(pairs), len(triples), 3)
                ),
            ],
            axis=-1,
        ).reshape(-1, 5)
        keys = CARD_KEYS[five].sum(axis=1) + SUIT_BASE
        values = suited(five, keys, multiplier, displacement, ranks, flush)
        out[start : start + CHUNK] = values.reshape(len(h), -1).max(axis=1)
    return out


def omaha_low8(hole: U8, board: U8, low_bits: I64) -> I32:
    """Omaha eight-or-better low strength of each row, 0 for no qualifying low (S7, S8)."""
    hole_mask = np.bitwise_or.reduce(low_bits[hole], axis=1)
    board_mask = np.bitwise_or.reduce(low_bits[board], axis=1)
    best = np.full(len(hole), LOW_BASE, dtype=np.int64)
    for p, q in combinations(range(8), 2):
        two = (1 << p) | (1 << q)
        usable = (hole_mask & two) == two
        avail = board_mask & ~two
        low1 = avail & -avail
        avail = avail ^ low1
        low2 = avail & -avail
        avail = avail ^ low2
        low3 = avail & -avail
        usable &= low3 != 0
        five = two | low1 | low2 | low3
        value = np.zeros(len(hole), dtype=np.int64)
        shift = np.full(len(hole), 16, dtype=np.int64)
        for r in range(7, -1, -1):
            present = (five >> r) & 1
            value |= present * (r << shift.clip(0))
            shift -= 4 * present
        best = np.where(usable & (value < best), value, best)
    return np.where(best < LOW_BASE, LOW_BASE - best, 0).astype(np.int32)


def badugi(cards: U8, subsets: I64) -> I32:
    """Badugi strength of each row: the best subset of distinct ranks and suits."""
    m = cards.shape[1]
    low_rank = ((cards >> 2).astype(np.int64) + 1) % 13 + 1
    suit = (cards & 3).astype(np.int64)
    best = np.zeros(len(cards), dtype=np.int32)
    for subset in subsets.tolist():
        columns = [j for j in range(m) if subset >> j & 1]
        size = len(columns)
        rank_bits = np.bitwise_or.reduce(1 << low_rank[:, columns], axis=1)
        suit_bits = np.bitwise_or.reduce(1 << suit[:, columns], axis=1)
        ok = (np.bitwise_count(rank_bits) == size) & (np.bitwise_count(suit_bits) == size)
        value = np.zeros(len(cards), dtype=np.int64)
        shift = np.full(len(cards), 12, dtype=np.int64)
        for r in range(13, 0, -1):
            present = (rank_bits >> r) & 1
            value |= present * (r << shift.clip(0))
            shift -= 4 * present
        strength = (size << 16 | (0xFFFF - value)).astype(np.int32)
        np.maximum(best, np.where(ok, strength, 0).astype(np.int32), out=best)
    return best
