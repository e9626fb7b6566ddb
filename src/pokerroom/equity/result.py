"""The result of an equity calculation, and how its work is cut up.

Monte Carlo runs in blocks of :data:`BLOCK` deals, each seeded from the
caller's seed and its own number (never a shifted copy of another block's
stream), so a result depends on the seed alone, not on how many threads
shared the blocks.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from math import sqrt
from typing import Final, TypeVar

from pokerroom.equity.deals import Setup
from pokerroom.errors import ConfigError

_T = TypeVar("_T")
Progress = Callable[[float], None]
"""Called with the fraction of the work done, 0 to 1."""
SHARE_UNIT: Final = 2520
"""Divisible by 1-10: the kernels count a tie among k players as SHARE_UNIT // k each."""


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`, one entry per player in the order given."""

    players: tuple[str, ...]
    equity: tuple[float, ...]
    """Expected share of the pot, 0 to 1; the entries add up to 1."""
    win: tuple[float, ...]
    """Chance of taking the whole pot alone (in hi-lo: scooping)."""
    tie: tuple[float, ...]
    """Chance of taking part of the pot."""
    standard_error: tuple[float, ...]
    """Of ``equity``: 0.0 when exact."""
    exact: bool
    deals: int
    """Boards evaluated (exact: every compatible deal times every board) or samples drawn."""
    game: str

    def __str__(self) -> str:
        lines = []
        for name, eq, err in zip(self.players, self.equity, self.standard_error, strict=True):
            precision = "exact" if self.exact else f"± {100 * err:.2f}%"
            lines.append(f"{name:>20}  {100 * eq:6.2f}%  ({precision})")
        return "\n".join(lines)


def make_result(
    setup: Setup,
    *,
    shares: Iterable[float],
    wins: Iterable[float],
    ties: Iterable[float],
    total: int,
    exact: bool,
    share_squares: Iterable[float] | None = None,
) -> EquityResult:
    """The result from per-player sums over ``total`` deals (NumPy arrays or lists).

    ``shares``: the sum of each player's share of the pot; ``wins``, ``ties``:
    deals won alone, deals shared; ``share_squares`` (Monte Carlo) the sum of
    the squared shares, for the standard error.
    """
    if total == 0:
        raise ConfigError("no compatible deal: the players' hands always collide")
    eq = [float(s) / total for s in shares]
    if share_squares is None:
        errors = [0.0] * setup.players
    else:
        errors = [
            sqrt(max(float(q) / total - e * e, 0.0) / total)
            for q, e in zip(share_squares, eq, strict=True)
        ]
    return EquityResult(
        players=setup.names,
        equity=tuple(eq),
        win=tuple(float(w) / total for w in wins),
        tie=tuple(float(t) / total for t in ties),
        standard_error=tuple(errors),
        exact=exact,
        deals=total,
        game=setup.game,
    )


BLOCK: Final = 1 << 16
"""Monte Carlo deals per block; each block has its own seed, derived from the caller's."""
MASK64: Final = (1 << 64) - 1


@dataclass(frozen=True)
class Block:
    """One block of Monte Carlo deals: how many, and the seed of its own generator."""

    samples: int
    seed: int


def mix64(value: int) -> int:
    """The SplitMix64 finalizer: a well-spread 63-bit number from any int."""
    z = (value + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 1


def make_blocks(samples: int, seed: int | None) -> list[Block]:
    """Blocks of ``BLOCK`` deals: block b's seed mixes the seed with b, never a shifted stream."""
    if seed is None:
        seed = secrets.randbits(64)
    base = mix64(seed & MASK64)
    return [
        Block(min(BLOCK, samples - start), mix64(base ^ mix64(number)))
        for number, start in enumerate(range(0, samples, BLOCK))
    ]


def in_threads(
    run: Callable[[_T], None], parts: list[_T], workers: int, progress: Progress | None
) -> None:
    """``run`` every part, on up to ``workers`` threads (the kernels release the GIL)."""
    if workers <= 1 or len(parts) <= 1:
        for done, part in enumerate(parts, 1):
            run(part)
            if progress is not None:
                progress(done / len(parts))
        return
    with ThreadPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = [pool.submit(run, part) for part in parts]
        for done, future in enumerate(as_completed(futures), 1):
            future.result()
            if progress is not None:
                progress(done / len(parts))
