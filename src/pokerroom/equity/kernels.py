"""Numba kernels for hold'em and short-deck equity (see :mod:`pokerroom.equity`).

Exact enumeration counts boards by the multiset of their ranks whenever no
player can make a flush, and settles each multiset once at the end; only the
boards on which somebody holds a flush are settled one by one.  Five cards
drawn in increasing order have non-decreasing ranks ``r1 <= ... <= rk``,
whose rank in the combinatorial number system, ``sum C(r_i + i - 1, i)``,
is a dense index built one card at a time (``MULTISET_STEP``).  Heads-up
preflop that is about 1.7 M index updates and 0.1-0.2 M full evaluations.

Monte Carlo draws with a SplitMix64 generator in plain int64 arithmetic
(wrapping multiplication, masked shifts), so a seed gives the same boards on
every machine.  Imported only when an equity is first asked for.
"""

from __future__ import annotations

from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.evaluation.batch_numba import flush_shift, kernel, slot_of
from pokerroom.evaluation.batch_tables import FLUSH_BITS, RANK_MASK, SUIT_BASE

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

SHARE_UNIT: Final = 2520
"""Divisible by 1-10: a tie among k players gives each SHARE_UNIT // k."""
BOARD_SUIT_BASE: Final = 0x5555 << 32
"""Board-only suit counters start at 5: a nibble reaches 8 with three cards of a suit."""
MULTISET_STEP: Final = np.array(
    [[comb(r + i, i + 1) for r in range(13)] for i in range(5)], dtype=np.int64
)
"""``MULTISET_STEP[i, r]``: what the (i+1)-th smallest drawn card, of rank r, adds."""


def multiset_rank_keys(size: int) -> I64:
    """Dense index of each rank multiset of ``size`` drawn cards -> its base-5 rank key."""
    keys = np.zeros(comb(12 + size, size) if size else 1, dtype=np.int64)

    def visit(start: int, depth: int, index: int, key: int) -> None:
        if depth == size:
            keys[index] = key
            return
        for r in range(start, 13):
            visit(r, depth + 1, index + int(MULTISET_STEP[depth, r]), key + 5**r)

    visit(0, 0, 0, 0)
    return keys


@kernel
def settle(
    values: I64, players: int, weight: int, wins: I64, ties: I64, shares: I64, row: int
) -> None:
    """Credit one board (``weight`` copies of it) to the best values, in row ``row``."""
    best = values[0]
    for p in range(1, players):
        if values[p] > best:
            best = values[p]
    winners = 0
    for p in range(players):
        if values[p] == best:
            winners += 1
    share = SHARE_UNIT // winners
    for p in range(players):
        if values[p] == best:
            shares[row, p] += share * weight
            if winners == 1:
                wins[row, p] += weight
            else:
                ties[row, p] += weight


@kernel
def holdem_exact(
    holes: U8,
    live_sets: U8,
    live_counts: I64,
    board: U8,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    multiset_keys: I64,
    wins: I64,
    ties: I64,
    shares: I64,
) -> None:
    """Every board completing ``board`` from each deal's live cards.

    ``holes[t, p]`` are player p's two cards in deal t, ``live_sets[t]`` its
    undealt cards (ascending, ``live_counts[t]`` of them); the totals over
    all deals go to ``wins[t, p]``, ``ties`` and ``shares`` (in SHARE_UNITs).
    The last drawn card runs in the inner loop: one counter increment per
    board unless its suit lets somebody make a flush (``danger``).
    """
    deals, players = holes.shape[0], holes.shape[1]
    k = 5 - board.shape[0]
    m = k - 1
    known_key = BOARD_SUIT_BASE
    known_bits = 0
    for x in range(board.shape[0]):
        known_key += card_keys[board[x]]
        known_bits |= suit_bits[board[x]]
    step = np.zeros((5, 52), dtype=np.int64)
    for level in range(5):
        for c in range(52):
            step[level, c] = MULTISET_STEP[level, c >> 2]
    popcount = np.zeros(8192, dtype=np.int64)
    for mask in range(1, 8192):
        popcount[mask] = popcount[mask >> 1] + (mask & 1)
    suit_key = np.empty(4, dtype=np.int64)
    for suit in range(4):
        suit_key[suit] = 1 << (32 + 4 * suit)
    hole_key = np.empty(players, dtype=np.int64)
    hole_rank = np.empty(players, dtype=np.int64)
    hole_bits = np.empty(players, dtype=np.int64)
    values = np.empty(players, dtype=np.int64)
    counts = np.zeros(multiset_keys.shape[0], dtype=np.int64)
    pos = np.zeros(5, dtype=np.int64)
    prefix_key = np.zeros(6, dtype=np.int64)
    prefix_bits = np.zeros(6, dtype=np.int64)
    prefix_index = np.zeros(6, dtype=np.int64)
    for t in range(deals):
        for p in range(players):
            a = card_keys[holes[t, p, 0]] + card_keys[holes[t, p, 1]]
            hole_key[p] = a + SUIT_BASE - BOARD_SUIT_BASE
            hole_rank[p] = (a + known_key) & RANK_MASK
            hole_bits[p] = suit_bits[holes[t, p, 0]] | suit_bits[holes[t, p, 1]]
        live = live_sets[t]
        n = live_counts[t]
        counts[:] = 0
        prefix_key[0] = known_key
        prefix_bits[0] = known_bits
        prefix_index[0] = 0
        if k == 0:
            # The board is complete: one board, settled as drawn.
            counts[0] = 1
            for p in range(players):
                full = known_key + hole_key[p]
                if full & FLUSH_BITS:
                    counts[0] = 0
            if counts[0] == 0:
                for p in range(players):
                    full = known_key + hole_key[p]
                    if full & FLUSH_BITS:
                        lane = (known_bits | hole_bits[p]) >> flush_shift(full)
                        values[p] = flush[lane & 0x1FFF]
                    else:
                        values[p] = ranks[slot_of(full & RANK_MASK, multiplier, displacement)]
                settle(values, players, 1, wins, ties, shares, t)
        elif n >= k:
            for i in range(m):
                pos[i] = i
            fresh = 0
            while True:
                for i in range(fresh, m):
                    c = live[pos[i]]
                    prefix_key[i + 1] = prefix_key[i] + card_keys[c]
                    prefix_bits[i + 1] = prefix_bits[i] | suit_bits[c]
                    prefix_index[i + 1] = prefix_index[i] + step[i, c]
                key = prefix_key[m]
                bits = prefix_bits[m]
                index = prefix_index[m]
                danger = 0
                for suit in range(4):
                    with_suit = key + suit_key[suit]
                    if with_suit & FLUSH_BITS:
                        for p in range(players):
                            if (with_suit + hole_key[p]) & FLUSH_BITS:
                                danger |= 1 << suit
                last_step = step[m]
                start = pos[m - 1] + 1 if m > 0 else 0
                for j in range(start, n):
                    c = live[j]
                    if not (danger >> (c & 3)) & 1:
                        counts[index + last_step[c]] += 1
                        continue
                    board_key = key + card_keys[c]
                    board_bits = bits | suit_bits[c]
                    flushers = 0
                    lone = 0
                    for p in range(players):
                        if (board_key + hole_key[p]) & FLUSH_BITS:
                            flushers += 1
                            lone = p
                    board_ranks = (
                        board_bits | board_bits >> 16 | board_bits >> 32 | board_bits >> 48
                    ) & 0x1FFF
                    if flushers == 1 and popcount[board_ranks] == 5:
                        # An unpaired board makes no full house: the only flush wins.
                        wins[t, lone] += 1
                        shares[t, lone] += SHARE_UNIT
                        continue
                    for p in range(players):
                        full = board_key + hole_key[p]
                        if full & FLUSH_BITS:
                            lane = (board_bits | hole_bits[p]) >> flush_shift(full)
                            values[p] = flush[lane & 0x1FFF]
                        else:
                            slot = slot_of(full & RANK_MASK, multiplier, displacement)
                            values[p] = ranks[slot]
                    settle(values, players, 1, wins, ties, shares, t)
                if m == 0:
                    break
                i = m - 1
                while i >= 0 and pos[i] == n - k + i:
                    i -= 1
                if i < 0:
                    break
                pos[i] += 1
                for q in range(i + 1, m):
                    pos[q] = pos[q - 1] + 1
                fresh = i
        for index in range(counts.shape[0]):
            weight = counts[index]
            if weight == 0:
                continue
            drawn = multiset_keys[index]
            for p in range(players):
                slot = slot_of(hole_rank[p] + drawn, multiplier, displacement)
                values[p] = ranks[slot]
            settle(values, players, weight, wins, ties, shares, t)


@kernel
def splitmix(state: int) -> tuple[int, int]:
    """SplitMix64: (next state, 64 random bits), in wrapping int64 arithmetic."""
    state += -7046029254386353131  # 0x9E3779B97F4A7C15
    z = state
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB
    return state, z ^ ((z >> 31) & 0x1FFFFFFFF)


@kernel
def holdem_monte_carlo(
    choices: U8,
    choice_counts: I64,
    board: U8,
    deck: U8,
    samples: int,
    seed: int,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    wins: I64,
    ties: I64,
    shares: I64,
    share_squares: F64,
) -> int:
    """Random deals: each player's hand from ``choices[p, :choice_counts[p]]``, then the board.

    A deal whose hands collide is drawn again whole, so every compatible
    combination of hands is equally likely.  The board is completed from
    ``deck`` (the cards neither dead nor on the board) by a partial
    Fisher-Yates shuffle that redraws a card some player holds.  Each random
    64-bit number serves two draws.  Returns the number of redrawn deals.
    """
    players = choices.shape[0]
    state = seed
    for _ in range(4):
        state, _ = splitmix(state)
    k = 5 - board.shape[0]
    known_key = SUIT_BASE
    known_bits = 0
    for x in range(board.shape[0]):
        known_key += card_keys[board[x]]
        known_bits |= suit_bits[board[x]]
    cards = deck.copy()
    n = cards.shape[0]
    hole_key = np.empty(players, dtype=np.int64)
    hole_bits = np.empty(players, dtype=np.int64)
    values = np.empty(players, dtype=np.int64)
    fixed = True
    taken_fixed = 0
    for p in range(players):
        if choice_counts[p] > 1:
            fixed = False
        else:
            a = choices[p, 0, 0]
            b = choices[p, 0, 1]
            hole_key[p] = card_keys[a] + card_keys[b]
            hole_bits[p] = suit_bits[a] | suit_bits[b]
            taken_fixed |= (1 << int(a)) | (1 << int(b))
    share_of = np.zeros(players + 1, dtype=np.int64)
    square_of = np.zeros(players + 1, dtype=np.float64)
    for w in range(1, players + 1):
        share_of[w] = SHARE_UNIT // w
        square_of[w] = 1.0 / (w * w)
    spare = 0
    have_spare = False
    rejected = 0
    for _ in range(samples):
        taken = taken_fixed
        if not fixed:
            while True:
                taken = taken_fixed
                clash = False
                for p in range(players):
                    if choice_counts[p] == 1:
                        continue
                    state, r = splitmix(state)
                    pick = (((r >> 32) & 0xFFFFFFFF) * choice_counts[p]) >> 32
                    a = choices[p, pick, 0]
                    b = choices[p, pick, 1]
                    bit = (1 << int(a)) | (1 << int(b))
                    if taken & bit:
                        clash = True
                        break
                    taken |= bit
                    hole_key[p] = card_keys[a] + card_keys[b]
                    hole_bits[p] = suit_bits[a] | suit_bits[b]
                if not clash:
                    break
                rejected += 1
        key = known_key
        bits = known_bits
        for i in range(k):
            while True:
                if have_spare:
                    r = spare
                    have_spare = False
                else:
                    state, r = splitmix(state)
                    spare = r & 0xFFFFFFFF
                    have_spare = True
                    r = (r >> 32) & 0xFFFFFFFF
                j = i + ((r * (n - i)) >> 32)
                c = cards[j]
                if not (taken >> int(c)) & 1:
                    break
            cards[j] = cards[i]
            cards[i] = c
            key += card_keys[c]
            bits |= suit_bits[c]
        best = 0
        for p in range(players):
            full = key + hole_key[p]
            if full & FLUSH_BITS:
                lane = (bits | hole_bits[p]) >> flush_shift(full)
                value = flush[lane & 0x1FFF]
            else:
                value = ranks[slot_of(full & RANK_MASK, multiplier, displacement)]
            values[p] = value
            best = max(best, value)
        # Branch-free settling: who wins a random board is unpredictable.
        winners = 0
        for p in range(players):
            winners += values[p] == best
        share = share_of[winners]
        square = square_of[winners]
        alone = winners == 1
        for p in range(players):
            top = values[p] == best
            shares[0, p] += top * share
            share_squares[p] += top * square
            wins[0, p] += top & alone
            ties[0, p] += top & (not alone)
    return rejected
