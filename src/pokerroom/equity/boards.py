"""Board by board: every game on any backend, through the batch evaluators.

Exact enumeration builds every board (and every random Omaha hand) as an
array and evaluates each player on all of them at once; Monte Carlo draws
the deals with NumPy's generator.  The hold'em kernels are much faster; this
path serves Omaha's exact enumeration and machines without Numba.
"""

from __future__ import annotations

import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.deals import Setup, guard_compatible, partitions
from pokerroom.equity.result import Block, EquityResult, Progress, make_result
from pokerroom.errors import ConfigError
from pokerroom.evaluation import batch as batch_api

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]
CHUNK: Final = 1 << 16
"""Boards or deals per step."""


def _values(setup: Setup, holes: U8, boards: U8) -> tuple[I32, I32 | None]:
    """High (and hi-lo low) strengths of one player's holes on the boards, row by row."""
    if setup.game == "holdem":
        return batch_api.high_strengths(np.concatenate([holes, boards], axis=1)), None
    if setup.game == "short_deck":
        cards = np.concatenate([holes, boards], axis=1)
        return batch_api.short_deck_high_strengths(cards), None
    high = batch_api.omaha_high_strengths(holes, boards)
    if setup.game == "omaha_hilo":
        return high, batch_api.omaha_low8_strengths(holes, boards)
    return high, None


def _shares(highs: npt.NDArray[np.int64], lows: npt.NDArray[np.int64] | None) -> F64:
    """Rows of boards x players: each player's share of each pot."""
    best = highs.max(axis=1, keepdims=True)
    top = highs == best
    share: F64 = top / top.sum(axis=1, keepdims=True)
    if lows is None:
        return share
    best_low = lows.max(axis=1, keepdims=True)
    has_low = best_low > 0
    low_top = (lows == best_low) & has_low
    low_share = low_top / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
    split: F64 = np.where(has_low, 0.5 * share + 0.5 * low_share, share)
    return split


def _accumulate(setup: Setup, holes: list[U8], boards: U8, totals: list[F64]) -> None:
    highs = []
    lows = []
    for h in holes:
        high, low = _values(setup, h, boards)
        highs.append(high)
        if low is not None:
            lows.append(low)
    share = _shares(
        np.stack(highs, axis=1).astype(np.int64),
        np.stack(lows, axis=1).astype(np.int64) if lows else None,
    )
    totals[0] += share.sum(axis=0)
    totals[1] += (share == 1.0).sum(axis=0)
    totals[2] += ((share > 0) & (share < 1.0)).sum(axis=0)
    totals[3] += (share * share).sum(axis=0)


def exact_by_boards(setup: Setup, progress: Progress | None = None) -> EquityResult:
    """Every compatible deal, random Omaha hand and board, evaluated in NumPy batches."""
    players = setup.players
    totals = [np.zeros(players) for _ in range(4)]
    k = setup.to_come
    board = np.array(setup.board, dtype=np.uint8)
    total = 0
    known = set(setup.board) | set(setup.dead)
    randoms = [p for p in range(players) if setup.random_size[p]]
    fixed_hands = [h if h else ((),) for h in setup.hands]
    deals = [
        deal
        for deal in itertools.product(*fixed_hands)
        if len({c for hand in deal for c in hand}) == sum(len(hand) for hand in deal)
    ]
    for number, deal in enumerate(deals, 1):
        if progress is not None and number > 1:
            progress((number - 1) / len(deals))
        cards = [c for hand in deal for c in hand]
        live = np.array([c for c in setup.deck if c not in known and c not in cards], np.uint8)
        # Random players' holes come from the live cards, then the board from the rest.
        draws = k + sum(setup.random_size[p] for p in randoms)
        index = np.array(list(itertools.combinations(range(len(live)), draws)), dtype=np.int64)
        if randoms:
            index = _split_draws(index, [setup.random_size[p] for p in randoms], k)
        for start in range(0, len(index), CHUNK):
            part = live[index[start : start + CHUNK]]
            n = len(part)
            boards = np.concatenate([np.broadcast_to(board, (n, len(board))), part[:, :k]], axis=1)
            holes = []
            offset = k
            for p in range(players):
                if setup.random_size[p]:
                    holes.append(
                        np.ascontiguousarray(part[:, offset : offset + setup.random_size[p]])
                    )
                    offset += setup.random_size[p]
                else:
                    holes.append(np.broadcast_to(np.array(deal[p], np.uint8), (n, len(deal[p]))))
            _accumulate(setup, holes, np.ascontiguousarray(boards), totals)
            total += n
    if progress is not None:
        progress(1.0)
    return make_result(
        setup, shares=totals[0], wins=totals[1], ties=totals[2], total=total, exact=True
    )


def _split_draws(index: npt.NDArray[np.int64], sizes: list[int], k: int) -> npt.NDArray[np.int64]:
    """Every way to split each drawn set into the board (k cards) and the random holes."""
    out = []
    width = index.shape[1]
    for order in partitions(width, [k, *sizes]):
        out.append(index[:, order])
    return np.concatenate(out, axis=0)


def monte_carlo_by_boards(
    setup: Setup, blocks: list[Block], progress: Progress | None = None
) -> EquityResult:
    """Random deals drawn with NumPy's generator, one per block seed, evaluated in batches."""
    players = setup.players
    totals = [np.zeros(players) for _ in range(4)]
    known = np.zeros(52, dtype=bool)
    known[list(setup.board) + list(setup.dead)] = True
    deck = np.array(setup.deck, dtype=np.int64)
    board = np.array(setup.board, dtype=np.uint8)
    k = setup.to_come
    guard_compatible(setup)
    for number, block in enumerate(blocks, 1):
        if progress is not None and number > 1:
            progress((number - 1) / len(blocks))
        rng = np.random.default_rng(block.seed)
        n = block.samples
        holes = _sample_hands(setup, rng, n, known)
        taken = np.broadcast_to(known, (n, 52)).copy()
        for h in holes:
            taken[np.arange(n)[:, None], h] = True
        drawn = _draw(rng, deck, taken, k + sum(setup.random_size))
        offset = k
        full_holes = []
        for p in range(players):
            if setup.random_size[p]:
                full_holes.append(drawn[:, offset : offset + setup.random_size[p]])
                offset += setup.random_size[p]
            else:
                full_holes.append(holes[p])
        boards = np.concatenate([np.broadcast_to(board, (n, len(board))), drawn[:, :k]], axis=1)
        _accumulate(
            setup,
            [np.ascontiguousarray(h, dtype=np.uint8) for h in full_holes],
            np.ascontiguousarray(boards, dtype=np.uint8),
            totals,
        )
    if progress is not None:
        progress(1.0)
    return make_result(
        setup,
        shares=totals[0],
        wins=totals[1],
        ties=totals[2],
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=totals[3],
    )


def _sample_hands(
    setup: Setup, rng: np.random.Generator, n: int, known: npt.NDArray[np.bool_]
) -> list[U8]:
    """Each player's hand for n deals, redrawing whole deals whose hands collide."""
    chosen = [
        np.array(hands, dtype=np.uint8)[rng.integers(0, len(hands), n)]
        if hands
        else np.zeros((n, 0), dtype=np.uint8)
        for hands in setup.hands
    ]
    for _ in range(10_000):
        cards = np.concatenate(chosen, axis=1).astype(np.int64)
        ordered = np.sort(cards, axis=1)
        clash = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1) if cards.shape[1] > 1 else None
        if clash is None or not clash.any():
            return chosen
        rows = np.flatnonzero(clash)
        for p, hands in enumerate(setup.hands):
            if hands:
                chosen[p][rows] = np.array(hands, dtype=np.uint8)[
                    rng.integers(0, len(hands), len(rows))
                ]
    raise ConfigError("no compatible deal found: the players' hands (almost) always collide")


def _draw(
    rng: np.random.Generator, deck: npt.NDArray[np.int64], taken: npt.NDArray[np.bool_], k: int
) -> U8:
    """k distinct cards per row from the deck, none of them taken."""
    if k == 0:
        return np.zeros((len(taken), 0), dtype=np.uint8)
    keys = rng.random((len(taken), len(deck)))
    keys[taken[:, deck]] = 2.0
    picked = np.argpartition(keys, k, axis=1)[:, :k] if k < len(deck) else np.argsort(keys, axis=1)
    return deck[picked].astype(np.uint8)
