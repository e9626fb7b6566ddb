"""Equity on NumPy and Numba (the ``[fast]`` extra): the hold'em kernels.

:func:`pokerroom.equity.equity` comes here when NumPy and Numba can be
imported: exact hold'em and short deck by the counting kernel
(:mod:`pokerroom.equity.kernels_exact`), Monte Carlo hold'em and Omaha by
the sampling kernels (:mod:`pokerroom.equity.kernels_sampling`).  Importing
this module loads NumPy; the kernels compile on first use.
"""

from __future__ import annotations

import itertools
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.deals import Setup, compatible_deals, guard_compatible, is_short_deck
from pokerroom.equity.ranges import Combo
from pokerroom.equity.result import (
    SHARE_UNIT,
    Block,
    EquityResult,
    Progress,
    in_threads,
    make_result,
)
from pokerroom.errors import ConfigError
from pokerroom.evaluation import batch as batch_api
from pokerroom.evaluation.batch_tables import (
    KERNEL_CARD_KEYS,
    KERNEL_SUIT_RANK_BITS,
    batch_tables,
)

I32 = npt.NDArray[np.int32]
PARTS: Final = 32
"""Parts an exact enumeration over many deals is cut into (progress, threads)."""


def _ranks_and_flush(setup: Setup) -> tuple[I32, I32]:
    t = batch_tables()
    if is_short_deck(setup.game):
        return t.short_ranks, t.short_flush
    return t.high_ranks, t.high_flush


def exact_holdem(setup: Setup, workers: int, progress: Progress | None = None) -> EquityResult:
    """Exact hold'em or short deck by the counting kernel, one deal per suit class."""
    from pokerroom.equity import kernels_exact

    every_deal = list(compatible_deals(setup))
    if not every_deal:
        raise ConfigError("no compatible deal: the players' hands always collide")
    deals, weight = suit_classes(every_deal, setup)
    players = setup.players
    holes = np.array(deals, dtype=np.uint8).reshape(len(deals), players, 2)
    taken = np.ones((len(deals), 52), dtype=bool)
    taken[:, list(setup.deck)] = False
    taken[:, list(setup.board) + list(setup.dead)] = True
    taken[np.arange(len(deals))[:, None], holes.reshape(len(deals), -1)] = True
    # A stable sort puts the live cards first, in increasing order.
    live_sets = np.argsort(taken, axis=1, kind="stable").astype(np.uint8)
    live_counts = (~taken).sum(axis=1).astype(np.int64)
    wins = np.zeros((len(deals), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros_like(wins)
    t = batch_tables()
    ranks, flush = _ranks_and_flush(setup)
    board = np.array(setup.board, dtype=np.uint8)
    keys, multiset_ranks = _multisets(setup.to_come)

    def run(rows: slice) -> None:
        kernels_exact.holdem_exact(
            holes[rows],
            live_sets[rows],
            live_counts[rows],
            board,
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            ranks,
            flush,
            keys,
            multiset_ranks,
            wins[rows],
            ties[rows],
            shares[rows],
        )

    # Each deal has its own row of results: threads share the deals (in up to
    # PARTS parts, for progress reports).
    parts = min(max(workers, PARTS), len(deals))
    bounds = np.linspace(0, len(deals), parts + 1).astype(int).tolist()
    in_threads(run, [slice(a, b) for a, b in itertools.pairwise(bounds)], workers, progress)
    total = len(every_deal) * comb(setup.live_count(), setup.to_come)
    return make_result(
        setup,
        shares=(weight @ shares) / SHARE_UNIT,
        wins=(weight @ wins).astype(np.float64),
        ties=(weight @ ties).astype(np.float64),
        total=total,
        exact=True,
    )


def suit_classes(
    deals: list[tuple[Combo, ...]], setup: Setup
) -> tuple[list[tuple[Combo, ...]], npt.NDArray[np.int64]]:
    """One deal per class of deals that differ only by a renaming of suits, and class sizes.

    Renaming the suits changes no hand's value, so deals that map onto each
    other (with the board and the dead cards mapped onto themselves) have
    the same result: a range against a range preflop shrinks several-fold.
    """
    fixed = [set(setup.board), set(setup.dead)]
    renamings = []
    for perm in itertools.permutations(range(4)):
        if all({c & ~3 | perm[c & 3] for c in group} == group for group in fixed):
            renamings.append(perm)
    classes: dict[tuple[Combo, ...], int] = {}
    first: dict[tuple[Combo, ...], tuple[Combo, ...]] = {}
    for deal in deals:
        key = min(
            tuple(
                tuple(sorted((c & ~3 | perm[c & 3] for c in hand), reverse=True)) for hand in deal
            )
            for perm in renamings
        )
        if key not in classes:
            classes[key] = 0
            first[key] = deal
        classes[key] += 1
    return list(first.values()), np.array(list(classes.values()), dtype=np.int64)


_MULTISETS: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]] = {}


def _multisets(size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]:
    from pokerroom.equity import kernels_exact

    if size not in _MULTISETS:
        _MULTISETS[size] = kernels_exact.multisets(size)
    return _MULTISETS[size]


def monte_carlo_holdem(
    setup: Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
    """Monte Carlo hold'em or short deck by the sampling kernel, block by block."""
    from pokerroom.equity import kernels_sampling

    players = setup.players
    widest = max(len(h) for h in setup.hands)
    choices = np.zeros((players, widest, 2), dtype=np.uint8)
    counts = np.zeros(players, dtype=np.int64)
    for p, hands in enumerate(setup.hands):
        choices[p, : len(hands)] = hands
        counts[p] = len(hands)
    out = set(setup.board) | set(setup.dead)
    deck = np.array([c for c in setup.deck if c not in out], dtype=np.uint8)
    board = np.array(setup.board, dtype=np.uint8)
    wins = np.zeros((len(blocks), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros_like(wins)
    squares = np.zeros((len(blocks), players), dtype=np.float64)
    t = batch_tables()
    ranks, flush = _ranks_and_flush(setup)
    guard_compatible(setup)

    def run(b: int) -> None:
        kernels_sampling.holdem_monte_carlo(
            choices,
            counts,
            board,
            deck,
            blocks[b].samples,
            blocks[b].seed,
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            ranks,
            flush,
            wins[b : b + 1],
            ties[b : b + 1],
            shares[b : b + 1],
            squares[b],
        )

    in_threads(run, list(range(len(blocks))), workers, progress)
    return make_result(
        setup,
        shares=shares.sum(axis=0) / SHARE_UNIT,
        wins=wins.sum(axis=0).astype(np.float64),
        ties=ties.sum(axis=0).astype(np.float64),
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=squares.sum(axis=0),
    )


def monte_carlo_omaha(
    setup: Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
    """Monte Carlo Omaha (hi or hi-lo, random hands too) by the sampling kernel."""
    from pokerroom.equity import kernels_sampling

    players = setup.players
    size = setup.hole_size
    holes = np.zeros((players, size), dtype=np.uint8)
    random_player = np.array([bool(s) for s in setup.random_size])
    out = set(setup.board) | set(setup.dead)
    for p, hands in enumerate(setup.hands):
        if hands:
            holes[p] = hands[0]
            out.update(hands[0])
    deck = np.array([c for c in setup.deck if c not in out], dtype=np.uint8)
    if len(deck) < setup.to_come + size * int(random_player.sum()):
        raise ConfigError("not enough cards left in the deck to deal every random hand")
    wins = np.zeros((len(blocks), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros((len(blocks), players), dtype=np.float64)
    squares = np.zeros_like(shares)
    t = batch_tables()
    board = np.array(setup.board, dtype=np.uint8)

    def run(b: int) -> None:
        kernels_sampling.omaha_monte_carlo(
            holes,
            random_player,
            board,
            deck,
            blocks[b].samples,
            blocks[b].seed,
            setup.game == "omaha_hilo",
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            t.high_ranks,
            t.high_flush,
            batch_api.KERNEL_LOW_BITS,
            wins[b],
            ties[b],
            shares[b],
            squares[b],
        )

    in_threads(run, list(range(len(blocks))), workers, progress)
    return make_result(
        setup,
        shares=shares.sum(axis=0),
        wins=wins.sum(axis=0).astype(np.float64),
        ties=ties.sum(axis=0).astype(np.float64),
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=squares.sum(axis=0),
    )
