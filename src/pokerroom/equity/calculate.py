"""Equity: each player's expected share of the pot, exactly or by Monte Carlo.

``equity(["AsKs", "QQ+"], board="", dead="")`` deals every compatible
combination of the players' hands (a range is every hand it names, each
equally likely; hands that share a card with the board, the dead cards or
another player's hand are left out) and every completion of the board:

- **exact** enumerates all of them.  Hold'em and short deck run a Numba
  kernel that counts the boards nobody flushes on by their rank multiset
  and enumerates only the others (about 2-3 ms heads-up preflop, all
  1,712,304 boards); Omaha, and hold'em without Numba, evaluate every board
  with the batch evaluators.  Without NumPy (a plain ``pip install
  pokerroom``, no ``[fast]`` extra) the same results come from the scalar
  evaluators in pure Python (:mod:`pokerroom.equity.scalar`), at about
  100,000 hold'em boards a second heads-up.
- **Monte Carlo** draws ``samples`` deals at random (a deal whose hands
  collide is drawn again whole, so the compatible deals stay equally likely).
  Each deal gives every player a share in [0, 1]; the estimate is the mean
  share and its **standard error** is ``sqrt(var(share) / samples)``: at
  most ``0.5 / sqrt(samples)`` (0.0016 at 100,000 deals), so about 95% of
  estimates fall within two standard errors of the exact equity.  A seed
  gives the same deals every time on the same backend (Numba, NumPy or
  pure Python).
- **auto** (the default) is exact when the enumeration is small enough
  (``EXACT_LIMIT`` evaluations for the backend), Monte Carlo otherwise.

A player's share of a board: the whole pot to the single best hand, split
evenly among ties; in hi-lo, half to the best high and half to the best
qualifying low (eight or better), the whole pot to the high hand when nobody
has a low.  ``win`` is the chance of taking the whole pot alone, ``tie`` of
taking part of it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from math import comb
from typing import Final, Literal

from pokerroom.equity.deals import (
    GAMES,
    Game,
    Method,
    Setup,
    build_setup,
    compatible_deals,
    deal_count_bound,
    exact_work,
)
from pokerroom.equity.ranges import Range
from pokerroom.equity.result import EquityResult, Progress, make_blocks
from pokerroom.errors import ConfigError

__all__ = ["GAMES", "EquityResult", "Game", "Method", "equity"]

Path = Literal["fast", "batch", "python"]
"""How an equity is computed: the Numba kernels, the NumPy batch evaluators, pure Python."""
EXACT_LIMIT: Final[dict[Path, int]] = {
    "fast": 500_000_000,
    "batch": 2_000_000,
    "python": 2_000_000,
}
"""Most hand evaluations ``auto`` enumerates on each path."""
HARD_EXACT_LIMIT: Final[dict[Path, int]] = {
    "fast": 200 * EXACT_LIMIT["fast"],
    "batch": 200 * EXACT_LIMIT["fast"],
    "python": 100_000_000,
}
"""An explicit ``method="exact"`` beyond this is refused rather than left to run for hours."""
CLASS_LIMIT: Final = 2_000
"""Most deals ``auto`` sorts into suit classes to estimate the exact work."""


def numpy_installed() -> bool:
    """True when NumPy can be imported (the ``[fast]`` extra); else equity runs in pure Python."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def warm_up() -> float:
    """Load the fast paths' compiled kernels now (the batch evaluators' and equity's:
    exact and Monte Carlo hold'em, Monte Carlo Omaha); seconds it took.  The first run
    on a machine compiles them into Numba's disk cache (several seconds of CPU), after
    which a process loads them in about half a second.  A server or a worker pool that will
    answer equity questions calls it at start, so that the first question does not pay
    it; without NumPy (or Numba) there is nothing to load."""
    started = time.perf_counter()
    if numpy_installed():
        from pokerroom.evaluation import batch as batch_api

        batch_api.warm_up()
        equity(["AsKs", "QhQd"], board="Qs7s2d", method="exact")
        equity(["AsKs", "QhQd"], board="Qs7s2d", method="monte_carlo", samples=64, seed=0)
        for game in ("omaha", "omaha_hilo"):
            equity(["AhKhQdJd", "random"], game=game, board="2c7d9h", method="monte_carlo",
                   samples=64, seed=0)
    return time.perf_counter() - started


def _path(setup: Setup) -> Path:
    if not numpy_installed():
        return "python"
    from pokerroom.evaluation import batch as batch_api

    if setup.game in ("holdem", "short_deck") and batch_api.backend() == "numba":
        return "fast"
    return "batch"


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
    kernels release the GIL (the pure-Python path runs on one).  Monte Carlo
    runs in blocks of ``BLOCK`` deals, each seeded from ``seed`` and its
    number, so the result does not depend on ``workers``.  ``progress`` is
    called with the fraction done (0 to 1) as parts of the work finish.

    >>> result = equity(["AsKs", "QhQd"], board="Qs7s2d5c")
    >>> result.exact, result.deals
    (True, 44)
    >>> [round(e, 4) for e in result.equity]
    [0.1591, 0.8409]
    """
    if workers < 0:
        raise ConfigError("workers must be 0 (one per core) or more")
    workers = workers or os.cpu_count() or 1
    setup = build_setup(players, game=game, board=board, dead=dead, hole_cards=hole_cards)
    if method not in ("auto", "exact", "monte_carlo"):
        raise ConfigError(f"unknown method {method!r}; use 'auto', 'exact' or 'monte_carlo'")
    if samples < 1:
        raise ConfigError("Monte Carlo needs at least one sample")
    path = _path(setup)
    work = exact_work(setup)
    if method == "auto":
        limit = EXACT_LIMIT[path]
        if work > limit and path == "fast" and deal_count_bound(setup) <= CLASS_LIMIT:
            from pokerroom.equity.fast import suit_classes

            # Ranges: the kernel sees one deal per class of suit renamings.
            classes = len(suit_classes(list(compatible_deals(setup)), setup)[0])
            work = classes * comb(setup.live_count(), setup.to_come) * setup.players
        method = "exact" if work <= limit else "monte_carlo"
    if method == "exact":
        if work > HARD_EXACT_LIMIT[path]:
            raise ConfigError(
                f"exact enumeration would evaluate about {work:.2g} hands; use Monte Carlo"
            )
        if path == "python":
            from pokerroom.equity import scalar

            return scalar.exact(setup, progress)
        if path == "fast" and not any(setup.random_size):
            from pokerroom.equity import fast

            return fast.exact_holdem(setup, workers, progress)
        from pokerroom.equity.boards import exact_by_boards

        return exact_by_boards(setup, progress)
    blocks = make_blocks(samples, seed)
    if path == "python":
        from pokerroom.equity import scalar

        return scalar.monte_carlo(setup, blocks, progress)
    from pokerroom.equity import fast

    if path == "fast":
        return fast.monte_carlo_holdem(setup, blocks, workers, progress)
    from pokerroom.evaluation import batch as batch_api

    if setup.game.startswith("omaha") and batch_api.backend() == "numba":
        return fast.monte_carlo_omaha(setup, blocks, workers, progress)
    from pokerroom.equity.boards import monte_carlo_by_boards

    return monte_carlo_by_boards(setup, blocks, progress)
