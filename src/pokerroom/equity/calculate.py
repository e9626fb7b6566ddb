"""Equity: each player's expected share of the pot, exactly or by Monte Carlo.

``equity(["AsKs", "QQ+"], board="", dead="")`` deals every compatible
combination of the players' hands (a range is every hand it names, each
equally likely; hands that share a card with the board, the dead cards or
another player's hand are left out) and every completion of the board:

- **exact** enumerates all of them.  Hold'em and short deck run a Numba
  kernel that counts the boards nobody flushes on by their rank multiset
  and enumerates only the others (about 2-3 ms heads-up preflop, all
  1,712,304 boards); Omaha, and hold'em without Numba, evaluate every board
  with the batch evaluators.
- **Monte Carlo** draws ``samples`` deals at random (a deal whose hands
  collide is drawn again whole, so the compatible deals stay equally likely).
  Each deal gives every player a share in [0, 1]; the estimate is the mean
  share and its **standard error** is ``sqrt(var(share) / samples)``: at
  most ``0.5 / sqrt(samples)`` (0.0016 at 100,000 deals), so about 95% of
  estimates fall within two standard errors of the exact equity.  A seed
  gives the same deals every time on the same backend (Numba or NumPy).
- **auto** (the default) is exact when the enumeration is small enough
  (``EXACT_LIMIT`` evaluations), Monte Carlo otherwise.

A player's share of a board: the whole pot to the single best hand, split
evenly among ties; in hi-lo, half to the best high and half to the best
qualifying low (eight or better), the whole pot to the high hand when nobody
has a low.  ``win`` is the chance of taking the whole pot alone, ``tie`` of
taking part of it.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.equity.boards import exact_by_boards, monte_carlo_by_boards
from pokerroom.equity.deals import (
    GAMES,
    Game,
    Method,
    Setup,
    build_setup,
    compatible_deals,
    deal_count_bound,
    exact_work,
    guard_compatible,
    is_short_deck,
)
from pokerroom.equity.ranges import Combo, Range
from pokerroom.equity.result import (
    SHARE_UNIT,
    Block,
    EquityResult,
    Progress,
    in_threads,
    make_blocks,
    make_result,
)
from pokerroom.errors import ConfigError
from pokerroom.evaluation import batch as batch_api
from pokerroom.evaluation.batch_tables import (
    KERNEL_CARD_KEYS,
    KERNEL_SUIT_RANK_BITS,
    batch_tables,
)

__all__ = ["GAMES", "EquityResult", "Game", "Method", "equity"]

I32 = npt.NDArray[np.int32]
EXACT_LIMIT: Final = {"fast": 500_000_000, "batch": 2_000_000}
"""Most hand evaluations ``auto`` enumerates: the hold'em kernel, the batch path."""
HARD_EXACT_LIMIT: Final = 200 * EXACT_LIMIT["fast"]
"""An explicit ``method="exact"`` beyond this is refused rather than left to run for hours."""
CLASS_LIMIT: Final = 2_000
"""Most deals ``auto`` sorts into suit classes to estimate the exact work."""
PARTS: Final = 32
"""Parts an exact enumeration over many deals is cut into (progress, threads)."""


def _fast(setup: Setup) -> bool:
    return setup.game in ("holdem", "short_deck") and batch_api.backend() == "numba"


def equity(
    players: Sequence[str | Range | Sequence[int]],
    *,
    board: str | Sequence[int] = "",
    dead: str | Sequence[int] = "",
    game: Game = "holdem",
    method: Method = "auto",
    samples: int = 100_000,
    seed: int | None = None,
    hole_cards: int = 4,
    workers: int = 1,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's equity (see the module docstring).

    ``players``: ranges or exact hands as text (``"AsKs"``, ``"QQ+, AKs"``;
    Omaha: ``"AhKhQdJd"`` or ``"random"`` with ``hole_cards`` cards), a
    :class:`Range`, or card ints.  ``board``: 0, 3, 4 or 5 cards;
    ``dead``: cards out of play.  ``seed`` makes Monte Carlo reproducible.
    ``workers``: threads to share the work (0: one per core); the Numba
    kernels release the GIL.  Monte Carlo runs in blocks of ``BLOCK``
    deals, each seeded from ``seed`` and its number, so the result does not
    depend on ``workers``.  ``progress`` is called with the fraction done
    (0 to 1) as parts of the work finish.
    """
    if workers < 0:
        raise ConfigError("workers must be 0 (one per core) or more")
    workers = workers or os.cpu_count() or 1
    setup = build_setup(players, game=game, board=board, dead=dead, hole_cards=hole_cards)
    if method not in ("auto", "exact", "monte_carlo"):
        raise ConfigError(f"unknown method {method!r}; use 'auto', 'exact' or 'monte_carlo'")
    if samples < 1:
        raise ConfigError("Monte Carlo needs at least one sample")
    work = exact_work(setup)
    if method == "auto":
        limit = EXACT_LIMIT["fast" if _fast(setup) else "batch"]
        if work > limit and _fast(setup) and deal_count_bound(setup) <= CLASS_LIMIT:
            # Ranges: the kernel sees one deal per class of suit renamings.
            classes = len(suit_classes(list(compatible_deals(setup)), setup)[0])
            work = classes * comb(setup.live_count(), setup.to_come) * setup.players
        method = "exact" if work <= limit else "monte_carlo"
    if method == "exact":
        if work > HARD_EXACT_LIMIT:
            raise ConfigError(
                f"exact enumeration would evaluate about {work:.2g} hands; use Monte Carlo"
            )
        if _fast(setup) and not any(setup.random_size):
            return _exact_fast(setup, workers, progress)
        return exact_by_boards(setup, progress)
    blocks = make_blocks(samples, seed)
    if _fast(setup):
        return _monte_carlo_fast(setup, blocks, workers, progress)
    if setup.game.startswith("omaha") and batch_api.backend() == "numba":
        return _monte_carlo_omaha(setup, blocks, workers, progress)
    return monte_carlo_by_boards(setup, blocks, progress)


def _ranks_and_flush(setup: Setup) -> tuple[I32, I32]:
    t = batch_tables()
    if is_short_deck(setup.game):
        return t.short_ranks, t.short_flush
    return t.high_ranks, t.high_flush


def _exact_fast(setup: Setup, workers: int, progress: Progress | None = None) -> EquityResult:
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


def _monte_carlo_fast(
    setup: Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
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


def _monte_carlo_omaha(
    setup: Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
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
