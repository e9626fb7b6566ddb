"""The live shuffle's statistics (D1): chi-square tests over a million decks.

Run ``python bench/bench_shuffle.py`` (``make bench-shuffle``; about a minute and
a half on one core).  It prints a table and writes ``bench/results/shuffle.json``.

What is shuffled

Every deck is ``pokerroom.cards.Deck(rng=SecureRandom())``'s order: the room's own
deal, the Fisher-Yates of :mod:`pokerroom.shuffle` drawing from the operating
system's CSPRNG (``os.urandom``), 52 cards.  ``--shuffles`` (10^6, the least
gaming-lab standards such as GLI-19 ask for) decks in chunks of ``--chunk``;
``--processes`` (1) worker processes, each with its own generator.  NumPy only
counts: the orders themselves come from the real path, one ``Deck`` at a time.

The tests (each at ``alpha`` = 0.01, the p-value the upper tail of chi-square)

- **card-position**: the 52 x 52 table of how often each card lands in each
  position; every cell expects N/52.  Rows and columns each sum to N (every deck
  is a permutation), so the statistic has (52 - 1) x (52 - 1) = 2,601 degrees of
  freedom.
- **pair-position**: the ordered pair of cards in positions 1 and 2 (the first
  two cards off the deck), over the 52 x 51 = 2,652 possible pairs; each expects
  N/2,652; 2,651 degrees of freedom.  (A pair of equal cards must never appear:
  counted and checked, it is a check of the deck itself.)

p-values come from SciPy when it is installed, else from the Wilson-Hilferty
normal approximation of chi-square, which for these degrees of freedom agrees
with the exact tail (the regularized incomplete gamma function) to within 10^-5.

A control shows the tests can fail: the classic broken shuffle (swap every
position with one drawn from all 52, not from the positions left; biased since
52^52 is not a multiple of 52!) over ``--control`` (200,000) decks, drawn with
NumPy's generator, is run through the same tests and must fail them.

By chance a sound shuffle fails one test at alpha = 0.01 about once in a hundred
runs; run it again.  A real bias fails every time.  The exit status is 0 when the
live shuffle passes both tests and the control fails, 1 otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from provenance import git_commit, machine

import pokerroom
from pokerroom.cards import Deck, SecureRandom

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "bench" / "results" / "shuffle.json"
CARDS = 52
PAIRS = CARDS * (CARDS - 1)
ALPHA = 0.01

Counts = npt.NDArray[np.int64]
Orders = npt.NDArray[np.uint8]


def _scipy_chi2_sf() -> Callable[[float, int], float] | None:
    """SciPy's chi-square tail, when SciPy is installed (it is not a dependency)."""
    try:
        stats = importlib.import_module("scipy.stats")
    except ImportError:
        return None
    return lambda statistic, df: float(stats.chi2.sf(statistic, df))


SCIPY_CHI2_SF = _scipy_chi2_sf()


# ------------------------------------------------------------------ decks


def live_orders(n: int, rng: SecureRandom) -> Orders:
    """``n`` deck orders, one row each, exactly as the room deals them."""
    out = np.empty((n, CARDS), dtype=np.uint8)
    for row in range(n):
        out[row] = Deck(rng=rng).order
    return out


def naive_orders(n: int, seed: int) -> Orders:
    """The control: every position swapped with one of all 52 (a known-biased shuffle)."""
    gen = np.random.default_rng(seed)
    orders = np.tile(np.arange(CARDS, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for i in range(CARDS):
        j = gen.integers(0, CARDS, size=n)
        held = orders[rows, i].copy()
        orders[rows, i] = orders[rows, j]
        orders[rows, j] = held
    return orders


def count(orders: Orders) -> tuple[Counts, Counts]:
    """(position x card counts, first-card x second-card counts), both 52 x 52."""
    cells = (np.arange(CARDS, dtype=np.int64) * CARDS + orders.astype(np.int64)).ravel()
    positions = np.bincount(cells, minlength=CARDS * CARDS).reshape(CARDS, CARDS)
    firsts = orders[:, 0].astype(np.int64) * CARDS + orders[:, 1].astype(np.int64)
    pairs = np.bincount(firsts, minlength=CARDS * CARDS).reshape(CARDS, CARDS)
    return positions.astype(np.int64), pairs.astype(np.int64)


def live_chunk(n: int) -> tuple[Counts, Counts, float, float]:
    """One worker's share: its own secure generator, the counts, and the seconds (wall,
    CPU) the ``n`` shuffles took (counting excluded)."""
    rng = SecureRandom()
    began, cpu = time.perf_counter(), time.process_time()
    orders = live_orders(n, rng)
    seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
    positions, pairs = count(orders)
    return positions, pairs, seconds, cpu


# ------------------------------------------------------------------ statistics


def chi2_sf(statistic: float, df: int) -> tuple[float, str]:
    """P(chi-square with ``df`` degrees of freedom >= ``statistic``), and how it was
    computed: SciPy, or the Wilson-Hilferty approximation (the cube root of
    chi-square / df is close to normal with mean 1 - 2/(9 df), variance 2/(9 df))."""
    if SCIPY_CHI2_SF is not None:
        return SCIPY_CHI2_SF(statistic, df), "scipy"
    v = 2.0 / (9.0 * df)
    z = ((statistic / df) ** (1.0 / 3.0) - (1.0 - v)) / math.sqrt(v)
    return 0.5 * math.erfc(z / math.sqrt(2.0)), "wilson-hilferty"


@dataclass(frozen=True)
class ChiSquare:
    """One test's outcome."""

    test: str
    shuffles: int
    cells: int
    expected: float
    min_count: int
    max_count: int
    statistic: float
    df: int
    p_value: float
    p_method: str
    alpha: float
    passed: bool


def _chi_square(test: str, observed: Counts, expected: float, df: int,
                shuffles: int) -> ChiSquare:
    statistic = float(((observed - expected) ** 2 / expected).sum())
    p, method = chi2_sf(statistic, df)
    return ChiSquare(test, shuffles, int(observed.size), expected, int(observed.min()),
                     int(observed.max()), statistic, df, p, method, ALPHA, p >= ALPHA)


def card_position(positions: Counts, shuffles: int) -> ChiSquare:
    """Each card equally likely in each position: 52 x 52 cells, df 51 x 51."""
    return _chi_square("card-position", positions, shuffles / CARDS, (CARDS - 1) ** 2,
                       shuffles)


def pair_position(pairs: Counts, shuffles: int) -> ChiSquare:
    """Each ordered pair of different cards equally likely in positions 1 and 2:
    52 x 51 cells, df 2,651."""
    diagonal = int(np.trace(pairs))
    if diagonal:
        raise AssertionError(f"{diagonal} decks hold the same card in positions 1 and 2")
    off_diagonal = pairs[~np.eye(CARDS, dtype=bool)]
    return _chi_square("pair-position 1-2", off_diagonal, shuffles / PAIRS, PAIRS - 1,
                       shuffles)


# ------------------------------------------------------------------ the run


def run_live(shuffles: int, chunk: int,
             processes: int) -> tuple[Counts, Counts, float, float]:
    """The counts over ``shuffles`` live decks and the seconds spent shuffling, wall
    and CPU (each summed over the workers: one core's time)."""
    sizes = [min(chunk, shuffles - start) for start in range(0, shuffles, chunk)]
    positions = np.zeros((CARDS, CARDS), dtype=np.int64)
    pairs = np.zeros((CARDS, CARDS), dtype=np.int64)
    seconds = cpu = 0.0
    done = 0

    def add(result: tuple[Counts, Counts, float, float]) -> None:
        nonlocal positions, pairs, seconds, cpu, done
        positions += result[0]
        pairs += result[1]
        seconds += result[2]
        cpu += result[3]
        done += int(result[0][0].sum())
        sys.stderr.write(f"\r{done:,} / {shuffles:,} shuffled")
        sys.stderr.flush()

    if processes <= 1:
        for size in sizes:
            add(live_chunk(size))
    else:
        with ProcessPoolExecutor(processes) as pool:
            for result in pool.map(live_chunk, sizes):
                add(result)
    sys.stderr.write("\n")
    return positions, pairs, seconds, cpu


def table(rows: list[tuple[str, ChiSquare]]) -> str:
    head = (f"{'deal':<8} {'test':<18} {'shuffles':>10} {'statistic':>10} {'df':>6} "
            f"{'p-value':>8} {'result':>7}")
    lines = [head, "-" * len(head)]
    for who, r in rows:
        lines.append(f"{who:<8} {r.test:<18} {r.shuffles:>10,} {r.statistic:>10,.1f} "
                     f"{r.df:>6,} {r.p_value:>8.4f} {'pass' if r.passed else 'FAIL':>7}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shuffles", type=int, default=10**6,
                        help="live decks to shuffle (default 10^6; GLI-19 asks at least that)")
    parser.add_argument("--chunk", type=int, default=50_000, help="decks per chunk")
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes (default 1: the time is one core's)")
    parser.add_argument("--control", type=int, default=200_000,
                        help="decks of the biased control shuffle (0: none)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if args.shuffles < 1 or args.chunk < 1:
        parser.error("--shuffles and --chunk must be positive")
    if args.shuffles < 10**6:
        sys.stderr.write("note: fewer than 10^6 shuffles, less than GLI-19 asks for\n")

    load_before = os.getloadavg()
    began = time.perf_counter()
    positions, pairs, shuffle_seconds, shuffle_cpu = run_live(args.shuffles, args.chunk,
                                                               args.processes)
    wall = time.perf_counter() - began
    live = [card_position(positions, args.shuffles), pair_position(pairs, args.shuffles)]
    rows = [("live", r) for r in live]
    control: list[ChiSquare] = []
    if args.control:
        naive = count(naive_orders(args.control, seed=2026))
        control = [card_position(naive[0], args.control), pair_position(naive[1], args.control)]
        rows += [("control", r) for r in control]

    ok = all(r.passed for r in live) and not (control and all(r.passed for r in control))
    report: dict[str, Any] = {
        "benchmark": "shuffle chi-square (D1)",
        "deck": "pokerroom.cards.Deck(rng=SecureRandom()), 52 cards",
        "engine": "compiled by mypyc" if pokerroom.compiled() else "pure Python",
        "shuffles": args.shuffles,
        "processes": args.processes,
        "shuffle_seconds": shuffle_seconds,
        "shuffle_cpu_seconds": shuffle_cpu,
        "microseconds_per_shuffle": shuffle_seconds / args.shuffles * 1e6,
        "wall_seconds": wall,
        "live": [asdict(r) for r in live],
        "control": {"shuffle": "naive: swap each position with one of all 52 (biased)",
                    "rng": "numpy default_rng(2026)", "shuffles": args.control,
                    "tests": [asdict(r) for r in control]},
        "ok": ok,
        "machine": machine(load_before),
        "git_commit": git_commit(),
        "date": time.strftime("%Y-%m-%d"),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")

    print(table(rows))
    print(f"\n{args.shuffles:,} live shuffles in {shuffle_seconds:.1f} s of shuffling "
          f"({report['microseconds_per_shuffle']:.1f} us each; {shuffle_cpu:.1f} s CPU; "
          f"{report['engine']}, "
          f"{args.processes} process(es), {wall:.1f} s wall); p-values by "
          f"{live[0].p_method}; alpha {ALPHA}")
    if control:
        print("control (a known-biased shuffle): must FAIL -- "
              + ("it does" if not all(r.passed for r in control) else "it DID NOT"))
    print(f"written to {args.output}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
