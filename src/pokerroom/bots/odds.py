"""What a hold'em bot's cards are worth: equity from :func:`pokerroom.equity.equity`.

Preflop, against one opponent's range (the strongest ``share`` of starting
hands, :func:`pokerroom.bots.preflop.range_text`), by class and a share
rounded to a few steps: each is measured once (Monte Carlo, a fixed seed) and
kept, so a bot's preflop decisions soon cost a dictionary look-up.  After the
flop, against up to three opponents' ranges, by Monte Carlo with few deals
(the bot's own seed) evaluated by the batch evaluator (:func:`sampled_equity`),
or on a lean install by :func:`~pokerroom.equity.equity`'s pure-Python path
with fewer deals.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from pokerroom.bots.preflop import RANKS, range_text

if TYPE_CHECKING:
    from pokerroom.equity import Range

SHARES: tuple[float, ...] = (0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.45, 0.65, 1.0)
"""The range sizes preflop equity is measured against (a share is rounded up)."""

PREFLOP_DEALS = 4_000
PREFLOP_DEALS_PURE = 1_000  # about 60 ms a class and range in pure Python, once
POSTFLOP_DEALS = 300
POSTFLOP_DEALS_PURE = 90  # without NumPy every deal is evaluated in Python


def share_step(share: float) -> float:
    """The smallest of :data:`SHARES` at least ``share`` (all hands past the last)."""
    for step in SHARES:
        if share <= step:
            return step
    return 1.0


@cache
def _fast() -> bool:
    from pokerroom.equity.calculate import numpy_installed

    return numpy_installed()


@cache
def opponent_range(share: float) -> Range:
    """The strongest ``share`` of starting hands as a :class:`~pokerroom.equity.Range`."""
    from pokerroom.equity import parse_range

    return parse_range(range_text(share))


@lru_cache(maxsize=4096)
def preflop_equity(name: str, share: float) -> float:
    """Class ``name``'s all-in equity against the strongest ``share`` of hands
    (rounded up to :data:`SHARES`), heads-up."""
    from pokerroom.equity import equity

    step = share_step(share)
    high, low = RANKS.index(name[0]), RANKS.index(name[1])
    second = 4 * low + (3 if name.endswith("s") else 2)
    opponent: Range | str = "random" if step >= 1.0 else opponent_range(step)
    result = equity([[4 * high + 3, second], opponent], method="monte_carlo",
                    samples=PREFLOP_DEALS if _fast() else PREFLOP_DEALS_PURE, seed=17)
    return result.equity[0]


def postflop_equity(hole: Sequence[int], board: Sequence[int], opponents: int, share: float,
                    *, seed: int) -> float:
    """The equity of ``hole`` on ``board`` against ``opponents`` (at most three are
    counted) each holding one of the strongest ``share`` of starting hands (Monte
    Carlo).  With NumPy, :func:`sampled_equity`; without, :func:`pokerroom.equity.equity`
    on its pure-Python path."""
    count = min(max(opponents, 1), 3)
    if _fast():
        return sampled_equity(hole, board, count, share_step(share), seed=seed)
    from pokerroom.equity import equity

    step = share_step(share)
    others: list[Range | str] = ["random" if step >= 1.0 else opponent_range(step)] * count
    result = equity([list(hole), *others], board=list(board), method="monte_carlo",
                    samples=POSTFLOP_DEALS_PURE, seed=seed)
    return result.equity[0]


@cache
def _tops() -> Any:
    """``tops[a, b]``: the share of starting hands at least as strong as cards a, b."""
    import numpy as np

    from pokerroom.bots.preflop import hand_class, top

    tops = np.ones((52, 52), dtype=np.float64)
    for a in range(52):
        for b in range(52):
            if a != b:
                tops[a, b] = top(hand_class((a, b)))
    return tops


_WARM = threading.Event()
_WARM.set()  # warm unless a warm-up was announced (expect_warm) and has not ended
_ANNOUNCED = threading.Lock()  # guards the one below
_pending = False  # announced on demand, its thread not started yet (request_warm)


def expect_warm(*, on_demand: bool = False) -> None:
    """Say that :func:`warm` is to run in another thread: until it ends,
    :func:`is_warm` is False, and the room's bots wait instead of deciding (a decision
    would load or compile the kernels on the event loop, stopping every table: 8 to 10
    s, and several times that on a busy machine, when a fresh install compiles them).
    ``on_demand``: the caller does not start it; the first :func:`request_warm` does,
    in a thread of its own (a room: only one whose bots play pays for NumPy and
    Numba, about 0.65 s of CPU and their memory).

    NumPy's random module is imported here, in the caller's thread, before the warm-up
    starts (0.1 s): imported by two threads at once, its modules' circular imports can
    trip Python's import-deadlock check, which failed a warm-up once in CI
    (``_DeadlockError`` on ``numpy.random.bit_generator``)."""
    global _pending
    with _ANNOUNCED:
        _WARM.clear()
        _pending = on_demand
    if _fast():
        import numpy.random  # noqa: F401


def is_warm() -> bool:
    """False while an announced :func:`warm` runs or waits to be asked for
    (:func:`expect_warm`)."""
    return _WARM.is_set()


def request_warm() -> None:
    """A bot is about to decide: start the warm-up announced ``on_demand`` in a
    thread, once (nothing when it is done, running, or started by its announcer)."""
    global _pending
    with _ANNOUNCED:
        if not _pending:
            return
        _pending = False
    threading.Thread(target=warm, name="warm-bots", daemon=True).start()


def withdraw_warm() -> None:
    """The announcer (a room) stops: a warm-up announced ``on_demand`` and never asked
    for is called off, so that the process's bots do not wait for it (a warm-up
    running or done is left to end)."""
    global _pending
    with _ANNOUNCED:
        if _pending:
            _pending = False
            _WARM.set()


def warm() -> None:
    """Load what a bot's decisions need (NumPy, Numba and the batch evaluator's compiled
    kernels, about 2.5 s on a busy machine, more when they are compiled) ahead of time:
    the room runs it in a thread when its bots first play (:func:`request_warm`), so
    that no table's bot decision stalls the event loop.  Nothing to load on a lean
    install."""
    try:
        if _fast():
            sampled_equity((0, 1), (2, 3, 4), 1, 1.0, seed=0, deals=4)
            preflop_equity("AKs", 1.0)  # the Monte Carlo equity's kernels too
    finally:
        _WARM.set()


def sampled_equity(hole: Sequence[int], board: Sequence[int], opponents: int, share: float,
                   *, seed: int, deals: int = POSTFLOP_DEALS) -> float:
    """Monte Carlo equity of ``hole`` on ``board`` against ``opponents`` hands from the
    strongest ``share``, evaluated by :func:`pokerroom.evaluation.batch.high_strengths`.

    :func:`pokerroom.equity.equity` answers the same question, but builds its
    setup (every combination of every range, less the dead cards) for each call:
    5-15 ms, where a bot has about 1 ms.  Here the deals are drawn at random
    from the live cards, and a deal in which an opponent's hand is outside the
    range counts for nothing (the ranges are the bots' guesses, not exact)."""
    import numpy as np

    from pokerroom.evaluation.batch import high_strengths

    rng = np.random.default_rng(seed)
    dead = set(hole) | set(board)
    live = np.array([c for c in range(52) if c not in dead], dtype=np.uint8)
    to_come = 5 - len(board)
    need = 2 * opponents + to_come
    keys = rng.random((deals, len(live)))
    chosen = np.argpartition(keys, need, axis=1)[:, :need]  # a random set of cards...
    order = np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1)  # ...in random order
    drawn = live[np.take_along_axis(chosen, order, axis=1)]
    runout = drawn[:, 2 * opponents:]
    fixed = np.broadcast_to(np.array([*hole, *board], dtype=np.uint8), (deals, 2 + len(board)))
    mine = high_strengths(np.concatenate([fixed, runout], axis=1))
    weight = np.ones(deals)
    best = np.zeros(deals, dtype=mine.dtype)
    ties = np.zeros(deals)
    tops = _tops()
    for k in range(opponents):
        pair = drawn[:, 2 * k:2 * k + 2]
        if share < 1.0:
            weight *= tops[pair[:, 0], pair[:, 1]] <= share
        cards = np.concatenate([pair, fixed[:, 2:], runout], axis=1)
        theirs = high_strengths(cards)
        ties += theirs == np.maximum(best, theirs)
        ties[theirs > best] = 1
        best = np.maximum(best, theirs)
    won = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (ties + 1), 0.0))
    total = weight.sum()
    if total == 0:
        return float(won.mean())
    return float((won * weight).sum() / total)
