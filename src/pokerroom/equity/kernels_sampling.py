"""Numba kernels for Monte Carlo equity: hold'em, short deck, Omaha hi and hi-lo.

Random numbers come from SplitMix64 in plain int64 arithmetic (wrapping
multiplication, masked shifts), so a seed gives the same deals on every
machine; each 64-bit number deals two cards.  Boards are dealt by a partial
Fisher-Yates shuffle of the cards nobody holds, without redraws.  Imported
only when an equity is first asked for.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.kernels_exact import settle_boards, shares_by_winners
from pokerroom.evaluation.batch_numba import inline_kernel, kernel, omaha_high, omaha_low8
from pokerroom.evaluation.batch_tables import SUIT_BASE

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


@kernel
def splitmix(state: int) -> tuple[int, int]:
    """SplitMix64: (next state, 64 random bits), in wrapping int64 arithmetic."""
    state += -7046029254386353131  # 0x9E3779B97F4A7C15
    z = state
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # 0xBF58476D1CE4E5B9
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # 0x94D049BB133111EB
    return state, z ^ ((z >> 31) & 0x1FFFFFFFF)


@inline_kernel
def half_random(state: int, pair: int, i: int) -> tuple[int, int, int]:
    """The i-th 32 random bits of a draw: (state, pair, bits); a new ``pair`` every other ``i``."""
    if i & 1 == 0:
        state, pair = splitmix(state)
        bits = pair & 0xFFFFFFFF
    else:
        bits = (pair >> 32) & 0xFFFFFFFF
    return state, pair, bits


@inline_kernel
def draw(cards: U8, at: int, n: int, state: int) -> tuple[int, int]:
    """Swap a random one of ``cards[at:n]`` to ``at``: (state, the card)."""
    state, r = splitmix(state)
    j = at + ((((r >> 32) & 0xFFFFFFFF) * (n - at)) >> 32)
    c = cards[j]
    cards[j] = cards[at]
    cards[at] = c
    return state, c


@inline_kernel
def top_count(values: I32, first: int, count: int) -> tuple[int, int]:
    """The best of ``values[first:first + count]`` and how many hold it."""
    best = values[first]
    for p in range(first + 1, first + count):
        best = max(best, values[p])
    winners = 0
    for p in range(first, first + count):
        winners += values[p] == best
    return best, winners


MONTE_CARLO_CHUNK: Final = 2048
"""Deals drawn, then evaluated, then settled, per step: each loop stays tight."""


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
    Fisher-Yates shuffle after the hands just dealt from ranges are moved to
    the front (no redraws).  Each random 64-bit number serves two cards.
    Deals go in chunks through three loops (draw here, then evaluate and
    settle in :func:`settle_boards`), which the processor overlaps far
    better than one loop doing all three.
    Returns the number of redrawn deals.
    """
    players = choices.shape[0]
    chunk = MONTE_CARLO_CHUNK
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
    n_deck = cards.shape[0]
    hole_keys = np.empty((players, chunk), dtype=np.int64)
    hole_bits = np.empty((players, chunk), dtype=np.int64)
    board_keys = np.empty(chunk, dtype=np.int64)
    board_bits = np.empty(chunk, dtype=np.int64)
    values = np.empty((players, chunk), dtype=np.int64)
    fixed = True
    taken_fixed = 0
    for p in range(players):
        if choice_counts[p] > 1:
            fixed = False
        else:
            a = choices[p, 0, 0]
            b = choices[p, 0, 1]
            hole_keys[p, :] = card_keys[a] + card_keys[b]
            hole_bits[p, :] = suit_bits[a] | suit_bits[b]
            taken_fixed |= (1 << int(a)) | (1 << int(b))
    share_of, square_of = shares_by_winners(players)
    # The fixed hands leave the deck; a range's hand is moved out of the way per deal.
    live = 0
    for j in range(n_deck):
        if not (taken_fixed >> int(cards[j])) & 1:
            cards[live] = cards[j]
            live += 1
    n_deck = live
    where = np.full(52, -1, dtype=np.int64)
    for j in range(n_deck):
        where[cards[j]] = j
    chosen = np.zeros((players, 2), dtype=np.int64)
    pair = 0
    rejected = 0
    done = 0
    while done < samples:
        n = min(chunk, samples - done)
        for s in range(n):
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
                        chosen[p, 0] = a
                        chosen[p, 1] = b
                        hole_keys[p, s] = card_keys[a] + card_keys[b]
                        hole_bits[p, s] = suit_bits[a] | suit_bits[b]
                    if not clash:
                        break
                    rejected += 1
            key = known_key
            bits = known_bits
            if fixed:
                # The deal below without ``where`` (25% faster heads-up).
                for i in range(k):
                    state, pair, r = half_random(state, pair, i)
                    j = i + ((r * (n_deck - i)) >> 32)
                    c = cards[j]
                    cards[j] = cards[i]
                    cards[i] = c
                    key += card_keys[c]
                    bits |= suit_bits[c]
                board_keys[s] = key
                board_bits[s] = bits
                continue
            # Move the hands just dealt to the front, then deal the board after them.
            front = 0
            for p in range(players):
                if choice_counts[p] == 1:
                    continue
                for x in range(2):
                    c = chosen[p, x]
                    j = where[c]
                    other = cards[front]
                    cards[front] = c
                    where[c] = front
                    cards[j] = other
                    where[other] = j
                    front += 1
            for i in range(k):
                state, pair, r = half_random(state, pair, i)
                at = front + i
                j = at + ((r * (n_deck - at)) >> 32)
                c = cards[j]
                other = cards[at]
                cards[j] = other
                where[other] = j
                cards[at] = c
                where[c] = at
                key += card_keys[c]
                bits |= suit_bits[c]
            board_keys[s] = key
            board_bits[s] = bits
        settle_boards(
            board_keys, board_bits, n, hole_keys, hole_bits, multiplier, displacement, ranks,
            flush, values, share_of, square_of, wins, ties, shares, share_squares, 0, False,
        )  # fmt: skip
        done += n
    return rejected


@kernel
def omaha_monte_carlo(
    holes: U8,
    random_player: npt.NDArray[np.bool_],
    board: U8,
    deck: U8,
    samples: int,
    seed: int,
    hi_lo: bool,
    card_keys: I64,
    suit_bits: I64,
    multiplier: int,
    displacement: I32,
    ranks: I32,
    flush: I32,
    low_bits: I64,
    wins: I64,
    ties: I64,
    shares: F64,
    share_squares: F64,
) -> None:
    """Random Omaha deals: random players' holes, then the board, from ``deck``.

    ``holes[p]`` is player p's hand unless ``random_player[p]``; ``deck``
    holds every card not dead, not on the board and in nobody's fixed hand,
    so a partial Fisher-Yates shuffle draws without redraws.  In hi-lo each
    half pot is split among its best hands, the whole pot going high when
    nobody has an eight-or-better low.
    """
    players, size = holes.shape
    # Deals go in chunks, one row of hands and boards per player and deal,
    # evaluated by the batch kernels a chunk at a time.
    chunk = max(min(MONTE_CARLO_CHUNK, samples), 1)
    hands = np.empty((chunk * players, size), dtype=np.uint8)
    boards = np.empty((chunk * players, 5), dtype=np.uint8)
    for row in range(chunk * players):
        hands[row] = holes[row % players]
        boards[row, : board.shape[0]] = board
    high = np.zeros(chunk * players, dtype=np.int32)
    low = np.zeros(chunk * players, dtype=np.int32)
    cards = deck.copy()
    n = cards.shape[0]
    state = seed
    for _ in range(4):
        state, _ = splitmix(state)
    done = 0
    while done < samples:
        deals = min(chunk, samples - done)
        for s in range(deals):
            drawn = 0
            for p in range(players):
                if random_player[p]:
                    for x in range(size):
                        state, c = draw(cards, drawn, n, state)
                        hands[s * players + p, x] = c
                        drawn += 1
            for x in range(board.shape[0], 5):
                state, c = draw(cards, drawn, n, state)
                boards[s * players : (s + 1) * players, x] = c
                drawn += 1
        # A last, shorter chunk evaluates the rows left from the one before, unused.
        omaha_high(
            hands, boards, card_keys, suit_bits, multiplier, displacement, ranks, flush, high
        )
        if hi_lo:
            omaha_low8(hands, boards, low_bits, low)
        for s in range(deals):
            first = s * players
            best_high, high_winners = top_count(high, first, players)
            best_low, low_winners = top_count(low, first, players)
            for p in range(players):
                share = (high[first + p] == best_high) / high_winners
                if best_low > 0:
                    share = 0.5 * share + 0.5 * ((low[first + p] == best_low) / low_winners)
                shares[p] += share
                share_squares[p] += share * share
                if share == 1.0:
                    wins[p] += 1
                elif share > 0.0:
                    ties[p] += 1
        done += deals
