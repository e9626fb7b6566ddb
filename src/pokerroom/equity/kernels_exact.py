"""Numba kernel for exact hold'em and short-deck equity (see :mod:`pokerroom.equity`).

How many boards draw each rank multiset is a product of binomials, so the
boards nobody flushes on are counted, not enumerated, and each multiset is
settled once with its count as weight.  Only the boards on which somebody
makes a flush are enumerated, suit by suit, and settled in buffered batches
(an only flush on an unpaired board wins at once).  Heads-up preflop that is
about 160,000 boards of 1,712,304.  The multisets of k drawn ranks are
indexed densely by the combinatorial number system (``MULTISET_STEP``).
Imported only when an equity is first asked for.
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


def multisets(size: int) -> tuple[I64, npt.NDArray[np.int8]]:
    """Every rank multiset of ``size`` drawn cards: base-5 rank keys, ranks ascending."""
    count = comb(12 + size, size) if size else 1
    keys = np.zeros(count, dtype=np.int64)
    ranks = np.zeros((count, max(size, 1)), dtype=np.int8)

    def visit(start: int, depth: int, index: int, key: int, chosen: list[int]) -> None:
        if depth == size:
            keys[index] = key
            ranks[index, :size] = chosen
            return
        for r in range(start, 13):
            step = int(MULTISET_STEP[depth, r])
            visit(r, depth + 1, index + step, key + 5**r, [*chosen, r])

    visit(0, 0, 0, 0, [])
    return keys, ranks


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


EXACT_BUFFER: Final = 1024
"""Boards on which somebody may hold a flush, kept to be evaluated together."""


@kernel
def settle_boards(
    board_keys: I64,
    board_bits: I64,
    count: int,
    hole_keys: I64,
    hole_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    values: I64,
    share_of: I64,
    square_of: F64,
    wins: I64,
    ties: I64,
    shares: I64,
    share_squares: F64,
    row: int,
    in_order: bool,
) -> None:
    """Evaluate every player on ``count`` boards, then credit each board to its best hands.

    Board b is player p's with ``hole_keys[p, b]`` and ``hole_bits[p, b]``.
    Each board adds ``share_of[w]`` (SHARE_UNIT // w) to the shares in row
    ``row`` of each of its w best hands and ``square_of[w]`` (1 / w**2) to
    their ``share_squares``.  Both the exact and the Monte Carlo kernels
    settle their boards here, a buffer at a time: a call per board costs
    reference counting of its arrays (measured: exact equity twice as slow).

    Settling is branch-free, as who wins a random board is unpredictable,
    except that with ``in_order`` (the exact kernel's boards, enumerated
    suit by suit, so that the same hands keep winning) the losers are
    skipped by a branch: branch-free, exact equity measured 10% slower.
    """
    players = hole_keys.shape[0]
    for p in range(players):
        for b in range(count):
            full = board_keys[b] + hole_keys[p, b]
            if full & FLUSH_BITS:
                lane = (board_bits[b] | hole_bits[p, b]) >> flush_shift(full)
                values[p, b] = flush[lane & 0x1FFF]
            else:
                values[p, b] = ranks[slot_of(full & RANK_MASK, multiplier, displacement)]
    for b in range(count):
        best = values[0, b]
        for p in range(1, players):
            best = max(best, values[p, b])
        winners = 0
        for p in range(players):
            winners += values[p, b] == best
        share = share_of[winners]
        square = square_of[winners]
        alone = winners == 1
        for p in range(players):
            top = values[p, b] == best
            if in_order and not top:
                continue
            shares[row, p] += top * share
            share_squares[p] += top * square
            wins[row, p] += top & alone
            ties[row, p] += top & (not alone)


@kernel
def shares_by_winners(players: int) -> tuple[I64, F64]:
    """:func:`settle_boards`'s ``share_of`` and ``square_of`` for up to ``players`` winners."""
    share_of = np.zeros(players + 1, dtype=np.int64)
    square_of = np.zeros(players + 1, dtype=np.float64)
    for w in range(1, players + 1):
        share_of[w] = SHARE_UNIT // w
        square_of[w] = 1.0 / (w * w)
    return share_of, square_of


@kernel
def flush_boards(
    drawn_keys: I64,
    drawn_bits: I64,
    count: int,
    suit: int,
    need: I64,
    known_key: int,
    known_bits: int,
    hole_keys: I64,
    hole_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    popcount: I64,
    weight_by_slot: I64,
    values: I64,
    share_of: I64,
    square_of: F64,
    wins: I64,
    ties: I64,
    shares: I64,
    share_squares: F64,
    row: int,
) -> int:
    """Settle buffered boards on which somebody flushes in ``suit``; returns 0.

    A board that also reaches ``need`` in an earlier suit was settled with
    that suit and is skipped.  Each board comes off its multiset's count.
    One flush on an unpaired board wins outright (no full house is possible);
    the others go to :func:`settle_boards` (``hole_keys`` and ``hole_bits``
    hold each player's cards once per buffered board).
    """
    players = hole_keys.shape[0]
    kept = 0
    for b in range(count):
        drawn = drawn_keys[b]
        earlier = False
        for u in range(suit):
            if ((drawn >> (32 + 4 * u)) & 0xF) >= need[u]:
                earlier = True
        if earlier:
            continue
        board_key = known_key + drawn
        board_bits = known_bits | drawn_bits[b]
        weight_by_slot[slot_of(board_key & RANK_MASK, multiplier, displacement)] -= 1
        flushers = 0
        lone = 0
        for p in range(players):
            if (board_key + hole_keys[p, 0]) & FLUSH_BITS:
                flushers += 1
                lone = p
        board_ranks = (board_bits | board_bits >> 16 | board_bits >> 32 | board_bits >> 48) & 0x1FFF
        if flushers == 1 and popcount[board_ranks] == 5:
            wins[row, lone] += 1
            shares[row, lone] += SHARE_UNIT
            continue
        drawn_keys[kept] = board_key
        drawn_bits[kept] = board_bits
        kept += 1
    settle_boards(
        drawn_keys, drawn_bits, kept, hole_keys, hole_bits, multiplier, displacement,
        ranks, flush, values, share_of, square_of, wins, ties, shares, share_squares, row,
        True,
    )  # fmt: skip
    return 0


@kernel
def next_combination(index: I64, size: int, n: int) -> bool:
    """Advance ``index[:size]`` to the next increasing tuple below n; False after the last."""
    i = size - 1
    while i >= 0 and index[i] == n - size + i:
        i -= 1
    if i < 0:
        return False
    index[i] += 1
    for j in range(i + 1, size):
        index[j] = index[j - 1] + 1
    return True


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
    multiset_ranks: npt.NDArray[np.int8],
    wins: I64,
    ties: I64,
    shares: I64,
) -> None:
    """Every board completing ``board`` from each deal's live cards.

    ``holes[t, p]`` are player p's two cards in deal t, ``live_sets[t]`` its
    undealt cards (ascending, ``live_counts[t]`` of them); the totals over
    all deals go to ``wins[t, p]``, ``ties`` and ``shares`` (in SHARE_UNITs).

    How many boards draw each rank multiset is a product of binomials,
    computed, not enumerated.  Only the boards on which somebody makes a
    flush (enough cards of one suit) are enumerated, suit by suit, evaluated
    in buffered batches and taken off their multiset's count; every
    multiset left is then settled once with its count as weight.
    """
    deals, players = holes.shape[0], holes.shape[1]
    k = 5 - board.shape[0]
    known_key = SUIT_BASE
    known_bits = 0
    known_suits = np.zeros(4, dtype=np.int64)
    for x in range(board.shape[0]):
        known_key += card_keys[board[x]]
        known_bits |= suit_bits[board[x]]
        known_suits[board[x] & 3] += 1
    known_rank = known_key & RANK_MASK
    multisets = multiset_keys.shape[0]
    slot_of_multiset = np.empty(multisets, dtype=np.int64)
    for index in range(multisets):
        slot_of_multiset[index] = slot_of(
            known_rank + multiset_keys[index], multiplier, displacement
        )
    weight_of_multiset = np.zeros(multisets, dtype=np.int64)
    weight_by_slot = np.zeros(ranks.shape[0], dtype=np.int64)
    hole_keys = np.empty((players, EXACT_BUFFER), dtype=np.int64)
    hole_bits = np.empty((players, EXACT_BUFFER), dtype=np.int64)
    hole_rank = np.empty(players, dtype=np.int64)
    values = np.empty(players, dtype=np.int64)
    share_of, square_of = shares_by_winners(players)
    share_squares = np.zeros(players, dtype=np.float64)
    popcount = np.zeros(8192, dtype=np.int64)
    for mask in range(1, 8192):
        popcount[mask] = popcount[mask >> 1] + (mask & 1)
    live_rank = np.zeros(13, dtype=np.int64)
    need = np.zeros(4, dtype=np.int64)
    suited = np.empty(13, dtype=np.int64)
    other_keys = np.empty(52, dtype=np.int64)
    other_bits = np.empty(52, dtype=np.int64)
    pick_suited = np.zeros(5, dtype=np.int64)
    pick_others = np.zeros(5, dtype=np.int64)
    buffer_keys = np.empty(EXACT_BUFFER, dtype=np.int64)
    buffer_bits = np.empty(EXACT_BUFFER, dtype=np.int64)
    buffer_values = np.empty((players, EXACT_BUFFER), dtype=np.int64)
    for t in range(deals):
        live = live_sets[t]
        n = live_counts[t]
        # Each buffered board has its own column of hole cards: as many as there are boards.
        boards = 1
        for i in range(k):
            boards = boards * (n - i) // (i + 1)
        width = min(boards, EXACT_BUFFER)
        for p in range(players):
            a = holes[t, p, 0]
            b = holes[t, p, 1]
            hole_keys[p, :width] = card_keys[a] + card_keys[b]
            hole_bits[p, :width] = suit_bits[a] | suit_bits[b]
            hole_rank[p] = (hole_keys[p, 0] + known_rank) & RANK_MASK
        if k == 0:
            buffer_keys[0] = known_key
            buffer_bits[0] = known_bits
            settle_boards(
                buffer_keys, buffer_bits, 1, hole_keys, hole_bits, multiplier, displacement,
                ranks, flush, buffer_values, share_of, square_of, wins, ties, shares,
                share_squares, t, True,
            )  # fmt: skip
            continue
        # Boards per rank multiset: the product of C(live cards of r, cards of r drawn).
        live_rank[:] = 0
        for j in range(n):
            live_rank[live[j] >> 2] += 1
        for index in range(multisets):
            weight = 1
            run = 0
            for i in range(k):
                r = multiset_ranks[index, i]
                run = run + 1 if i > 0 and r == multiset_ranks[index, i - 1] else 1
                weight = weight * (live_rank[r] - run + 1) // run
            weight_of_multiset[index] = weight
            if weight > 0:
                weight_by_slot[slot_of_multiset[index]] = weight
        # Suit s makes somebody a flush once the drawn cards hold need[s] of it.
        for suit in range(4):
            most = 0
            for p in range(players):
                held = (hole_keys[p, 0] >> (32 + 4 * suit)) & 0xF
                most = max(most, held)
            need[suit] = max(5 - known_suits[suit] - most, 0)
        buffered = 0
        for suit in range(4):
            if need[suit] > k:
                continue
            ns = 0
            no = 0
            for j in range(n):
                c = live[j]
                if c & 3 == suit:
                    suited[ns] = c
                    ns += 1
                else:
                    other_keys[no] = card_keys[c]
                    other_bits[no] = suit_bits[c]
                    no += 1
            for ks in range(need[suit], min(k, ns) + 1):
                q = k - ks
                if q > no:
                    continue
                for i in range(ks):
                    pick_suited[i] = i
                more_suited = True
                while more_suited:
                    suited_key = 0
                    suited_bits = 0
                    for i in range(ks):
                        c = suited[pick_suited[i]]
                        suited_key += card_keys[c]
                        suited_bits |= suit_bits[c]
                    # The other cards: pairs and singles in plain loops, more by an odometer.
                    for i in range(q):
                        pick_others[i] = i
                    more_others = True
                    while more_others:
                        if q == 2:
                            i1 = pick_others[0]
                            key1 = suited_key + other_keys[i1]
                            bits1 = suited_bits | other_bits[i1]
                            for i2 in range(i1 + 1, no):
                                buffer_keys[buffered] = key1 + other_keys[i2]
                                buffer_bits[buffered] = bits1 | other_bits[i2]
                                buffered += 1
                            pick_others[0] += 1
                            pick_others[1] = pick_others[0] + 1
                            more_others = pick_others[0] < no - 1
                        elif q == 1:
                            for i1 in range(no):
                                buffer_keys[buffered] = suited_key + other_keys[i1]
                                buffer_bits[buffered] = suited_bits | other_bits[i1]
                                buffered += 1
                            more_others = False
                        else:
                            drawn = suited_key
                            bits = suited_bits
                            for i in range(q):
                                drawn += other_keys[pick_others[i]]
                                bits |= other_bits[pick_others[i]]
                            buffer_keys[buffered] = drawn
                            buffer_bits[buffered] = bits
                            buffered += 1
                            more_others = q > 0 and next_combination(pick_others, q, no)
                        if buffered > EXACT_BUFFER - 52:
                            buffered = flush_boards(
                                buffer_keys, buffer_bits, buffered, suit, need, known_key,
                                known_bits, hole_keys, hole_bits, multiplier, displacement,
                                ranks, flush, popcount, weight_by_slot, buffer_values,
                                share_of, square_of, wins, ties, shares, share_squares, t,
                            )  # fmt: skip
                    more_suited = ks > 0 and next_combination(pick_suited, ks, ns)
            buffered = flush_boards(
                buffer_keys, buffer_bits, buffered, suit, need, known_key, known_bits,
                hole_keys, hole_bits, multiplier, displacement, ranks, flush, popcount,
                weight_by_slot, buffer_values, share_of, square_of, wins, ties, shares,
                share_squares, t,
            )  # fmt: skip
            if need[suit] == 0:
                break  # every board holds this flush: none is left for a later suit
        for index in range(multisets):
            if weight_of_multiset[index] == 0:
                continue
            weight = weight_by_slot[slot_of_multiset[index]]
            if weight == 0:
                continue
            drawn_rank = multiset_keys[index]
            for p in range(players):
                values[p] = ranks[slot_of(hole_rank[p] + drawn_rank, multiplier, displacement)]
            settle(values, players, weight, wins, ties, shares, t)
