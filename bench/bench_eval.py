"""Evaluation and equity speed: pokerroom against the fastest peers, one core.

    .venv/bin/python bench/bench_eval.py            # about a minute
    .venv/bin/python bench/bench_eval.py --quick    # about 15 seconds
    .venv/bin/python bench/bench_eval.py --all-seven  # also every 7-card hand

The peers are optional and never dependencies of pokerroom; install them into
the venv for a side-by-side run (each one missing is reported and skipped)::

    .venv/bin/pip install phevaluator==0.6.0 eval7==0.1.11 pokerfast==0.2.0 \\
        holdem-hand-evaluator==0.4.1

What is measured (every figure is the median of ``--runs`` timed runs, 3 by
default, after one untimed warm-up run; "cpu" uses this process's CPU time,
which the other processes of a busy machine disturb less than the wall clock):

1. **Start-up**, each in a fresh interpreter: ``import pokerroom``; importing
   the batch API; the first batch call and the first equity with the tables
   and compiled kernels already on disk (every later process), and with empty
   caches (the first process on a machine: table build plus Numba compile).
2. **7-card evaluations per second**: pokerroom's batch API over a uint8
   array of random hands (Numba, and the NumPy fallback), against one Python
   call per hand: pokerroom's scalar ``high_strength``, phevaluator
   ``evaluate_cards`` (card ints), eval7 ``evaluate`` (prebuilt ``Card``
   lists), holdem-hand-evaluator ``evaluate_hand`` (a string), and
   pokerfast's batch ``equity.evaluate`` (OMPEval via ctypes, card strings).
3. **Exact heads-up preflop equity**, AsKs against QhQd over all 1,712,304
   boards: pokerroom ``equity`` (Numba), pokerfast (OMPEval, C++), eval7's
   ``evaluate`` in a Python loop over the boards (its own
   ``py_hand_vs_range_exact`` answers 0.0 without a flop).
4. **Monte Carlo, 100,000 boards**: AsKs against QhQd (pokerroom, eval7
   ``py_hand_vs_range_monte_carlo``) and AsKs against one random hand
   (pokerroom, holdem-hand-evaluator ``calculate_equity``).
5. For information: Omaha batch evaluation and Omaha Monte Carlo.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pokerroom.cards import format_cards
from pokerroom.equity import equity
from pokerroom.evaluation import batch, high_strength


@dataclass
class Timing:
    wall: float
    cpu: float


def measure(run: Callable[[], object], runs: int) -> Timing:
    """Median wall and CPU seconds of ``runs`` calls, after one warm-up call."""
    run()
    walls, cpus = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        run()
        cpus.append(time.process_time() - c)
        walls.append(time.perf_counter() - w)
    return Timing(statistics.median(walls), statistics.median(cpus))


def deal(rows: int, cards: int, seed: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    rng = np.random.default_rng(seed)
    parts = []
    for start in range(0, rows, 500_000):
        n = min(500_000, rows - start)
        parts.append(np.argpartition(rng.random((n, 52)), cards, axis=1)[:, :cards])
    return np.concatenate(parts).astype(np.uint8)


def fresh_python(code: str, env: dict[str, str] | None = None) -> float:
    """Wall seconds of a new interpreter running ``code`` (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env)
        best = min(best, time.perf_counter() - start)
    return best


ROWS: list[tuple[str, str, str]] = []


def row(section: str, what: str, value: str) -> None:
    ROWS.append((section, what, value))
    print(f"  {what:<58} {value}", flush=True)


def rate(n: int, t: Timing) -> str:
    return f"{n / t.cpu / 1e6:8.2f} M/s cpu  {n / t.wall / 1e6:8.2f} M/s wall"


def ms(t: Timing) -> str:
    return f"{t.cpu * 1e3:8.2f} ms cpu  {t.wall * 1e3:8.2f} ms wall"


def startup() -> None:
    print("\n1. Start-up (fresh interpreter, wall clock, best of 3)")
    base = fresh_python("pass")
    row("startup", "python -c pass", f"{base * 1e3:8.0f} ms")
    row("startup", "import pokerroom", f"{fresh_python('import pokerroom') * 1e3:8.0f} ms")
    code = "import pokerroom.evaluation.batch"
    row(
        "startup",
        "import pokerroom.evaluation.batch (NumPy)",
        f"{fresh_python(code) * 1e3:8.0f} ms",
    )
    first = "from pokerroom.evaluation import batch; batch.warm_up()"
    row(
        "startup",
        "warm_up(): every batch kernel, caches on disk",
        f"{fresh_python(first) * 1e3:8.0f} ms",
    )
    hand = "import numpy as np; batch.high_strengths(np.arange(7, dtype=np.uint8)[None])"
    one = f"from pokerroom.evaluation import batch; {hand}"
    row(
        "startup", "first high_strengths call, caches on disk", f"{fresh_python(one) * 1e3:8.0f} ms"
    )
    eq = "from pokerroom.equity import equity; equity(['AsKs', 'QhQd'])"
    row(
        "startup",
        "first exact equity AsKs vs QhQd, caches on disk",
        f"{fresh_python(eq) * 1e3:8.0f} ms",
    )
    with tempfile.TemporaryDirectory() as empty:
        env = {**os.environ, "NUMBA_CACHE_DIR": empty, "POKERROOM_CACHE_DIR": empty}
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", first + "; " + eq.replace("from", "\nfrom")], check=True, env=env
        )
        cold = time.perf_counter() - start
    row("startup", "cold: build tables, compile every kernel, one equity", f"{cold * 1e3:8.0f} ms")


def seven_card(quick: bool, runs: int) -> dict[str, float]:
    print("\n2. Seven-card evaluations per second (one core)")
    rates: dict[str, float] = {}
    n = 2_000_000 if quick else 8_000_000
    hands = deal(n, 7, seed=1)
    t = measure(lambda: batch.high_strengths(hands), runs)
    rates["pokerroom batch (Numba)"] = n / t.cpu
    row("eval7", f"pokerroom batch.high_strengths, Numba ({n:,} hands)", rate(n, t))
    batch.set_backend("numpy")
    small = hands[:1_000_000]
    t = measure(lambda: batch.high_strengths(small), runs)
    batch.set_backend(None)
    rates["pokerroom batch (NumPy fallback)"] = len(small) / t.cpu
    row("eval7", "pokerroom batch.high_strengths, NumPy fallback", rate(len(small), t))

    per_hand = 100_000 if quick else 300_000
    lists = hands[:per_hand].tolist()
    t = measure(lambda: [high_strength(h) for h in lists], runs)
    rates["pokerroom scalar high_strength"] = per_hand / t.cpu
    row("eval7", "pokerroom high_strength, one call per hand", rate(per_hand, t))
    try:
        from phevaluator import evaluate_cards

        t = measure(lambda: [evaluate_cards(*h) for h in lists], runs)
        rates["phevaluator"] = per_hand / t.cpu
        row("eval7", "phevaluator evaluate_cards, one call per hand", rate(per_hand, t))
    except ImportError:
        row("eval7", "phevaluator", "not installed")
    try:
        import eval7

        deck = [eval7.Card(format_cards([c])) for c in range(52)]
        objects = [[deck[c] for c in h] for h in lists]
        t = measure(lambda: [eval7.evaluate(h) for h in objects], runs)
        rates["eval7"] = per_hand / t.cpu
        row("eval7", "eval7 evaluate, one call per hand", rate(per_hand, t))
    except ImportError:
        row("eval7", "eval7", "not installed")
    texts = ["".join(format_cards(h)) for h in lists]
    try:
        import holdem_hand_evaluator as hhe

        t = measure(lambda: [hhe.evaluate_hand(s) for s in texts], runs)
        rates["holdem-hand-evaluator"] = per_hand / t.cpu
        row("eval7", "holdem-hand-evaluator evaluate_hand, one call per hand", rate(per_hand, t))
    except ImportError:
        row("eval7", "holdem-hand-evaluator", "not installed")
    try:
        from pokerfast import equity as ompeval

        if ompeval.available():
            tuples = [tuple(s[i : i + 2] for i in range(0, 14, 2)) for s in texts]
            t = measure(lambda: ompeval.evaluate(tuples), runs)
            rates["pokerfast (OMPEval) batch"] = per_hand / t.cpu
            row("eval7", "pokerfast equity.evaluate, one call for all hands", rate(per_hand, t))
    except ImportError:
        row("eval7", "pokerfast", "not installed")
    ours = rates["pokerroom batch (Numba)"]
    print("   ratio pokerroom batch / each (by CPU time):")
    for name, value in rates.items():
        if name != "pokerroom batch (Numba)":
            row("eval7 ratio", f"   vs {name}", f"{ours / value:8.1f}x")
    return rates


def exact_equity(quick: bool, runs: int) -> None:
    print("\n3. Exact heads-up preflop equity, AsKs vs QhQd, all 1,712,304 boards")
    result = equity(["AsKs", "QhQd"])
    t_ours = measure(lambda: equity(["AsKs", "QhQd"]), max(runs, 5))
    row("exact", f"pokerroom equity (AsKs {result.equity[0]:.5f})", ms(t_ours))
    try:
        from pokerfast import equity as ompeval

        if ompeval.available():
            value = ompeval.equity(["AsKs", "QhQd"])[0]
            t = measure(lambda: ompeval.equity(["AsKs", "QhQd"]), max(runs, 5))
            row("exact", f"pokerfast (OMPEval, C++) (AsKs {value:.5f})", ms(t))
            row("exact ratio", "   pokerfast time / pokerroom time", f"{t.cpu / t_ours.cpu:8.2f}x")
    except ImportError:
        row("exact", "pokerfast", "not installed")
    if quick:
        return
    try:
        from itertools import combinations

        import eval7

        deck = [eval7.Card(format_cards([c])) for c in range(52)]
        hero = [deck[51], deck[47]]
        villain = [deck[42], deck[41]]
        rest = [deck[c] for c in range(52) if c not in (51, 47, 42, 41)]
        evaluate = eval7.evaluate

        def loop() -> float:
            score = 0
            for board in combinations(rest, 5):
                b = list(board)
                a, v = evaluate(hero + b), evaluate(villain + b)
                score += 2 if a > v else 1 if a == v else 0
            return score / 2 / 1_712_304

        t = measure(loop, 1)
        row("exact", f"eval7 evaluate in a Python loop over the boards ({loop():.5f})", ms(t))
        row("exact ratio", "   eval7 loop time / pokerroom time", f"{t.cpu / t_ours.cpu:8.0f}x")
    except ImportError:
        row("exact", "eval7", "not installed")


def monte_carlo(runs: int) -> None:
    print("\n4. Monte Carlo, 100,000 boards")
    n = 100_000
    t_ours = measure(
        lambda: equity(["AsKs", "QhQd"], method="monte_carlo", samples=n, seed=1), runs
    )
    row("mc", "pokerroom AsKs vs QhQd", ms(t_ours))
    try:
        import eval7

        hand = [eval7.Card("As"), eval7.Card("Ks")]
        villain = eval7.HandRange("QhQd")
        t = measure(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], n), runs)
        row("mc", "eval7 AsKs vs QhQd", ms(t))
        row("mc ratio", "   eval7 time / pokerroom time", f"{t.cpu / t_ours.cpu:8.2f}x")
    except ImportError:
        row("mc", "eval7", "not installed")
    t_random = measure(
        lambda: equity(["AsKs", "random"], method="monte_carlo", samples=n, seed=1), runs
    )
    row("mc", "pokerroom AsKs vs a random hand", ms(t_random))
    try:
        import holdem_hand_evaluator as hhe

        t = measure(lambda: hhe.calculate_equity("AsKs", "", 1, n), runs)
        row("mc", "holdem-hand-evaluator AsKs vs a random hand", ms(t))
        row(
            "mc ratio",
            "   holdem-hand-evaluator time / pokerroom time",
            f"{t.cpu / t_random.cpu:8.2f}x",
        )
    except ImportError:
        row("mc", "holdem-hand-evaluator", "not installed")
    three = measure(
        lambda: equity(["AsKs", "QQ+, AKs", "random"], method="monte_carlo", samples=n, seed=1),
        runs,
    )
    row("mc", "pokerroom AsKs vs QQ+,AKs vs random (three-way)", ms(three))
    million = 1_000_000
    for workers in (1, 0):
        t = measure(
            lambda w=workers: equity(  # type: ignore[misc]
                ["AsKs", "QQ+, AKs"], method="monte_carlo", samples=million, seed=1, workers=w
            ),
            runs,
        )
        label = "one thread" if workers == 1 else f"{os.cpu_count()} threads (workers=0)"
        row("mc", f"pokerroom AsKs vs QQ+,AKs, 1,000,000 boards, {label}", ms(t))


def omaha(quick: bool, runs: int) -> None:
    print("\n5. Omaha (pokerroom only)")
    n = 200_000 if quick else 1_000_000
    cards = deal(n, 9, seed=2)
    hole, board = np.ascontiguousarray(cards[:, :4]), np.ascontiguousarray(cards[:, 4:])
    row(
        "omaha",
        "omaha_high_strengths, 4 hole + 5 board",
        rate(n, measure(lambda: batch.omaha_high_strengths(hole, board), runs)),
    )
    row(
        "omaha",
        "omaha_low8_strengths, 4 hole + 5 board",
        rate(n, measure(lambda: batch.omaha_low8_strengths(hole, board), runs)),
    )
    t = measure(
        lambda: equity(["AhKh2d3d", "7c8c9dTd"], game="omaha_hilo", samples=100_000, seed=1),
        runs,
    )
    row("omaha", "Omaha hi-lo Monte Carlo, 100,000 boards, heads-up", ms(t))


def all_seven() -> None:
    print("\n6. Every seven-card hand (133,784,560) through batch.high_strengths")
    from itertools import combinations

    start = time.process_time()
    fives = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    tail = np.searchsorted(fives[:, 0], np.arange(53))
    hands = np.empty((len(fives), 7), dtype=np.uint8)
    counts = np.zeros(16, dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 51):
            rest = fives[tail[b + 1] :]
            hands[: len(rest), 0], hands[: len(rest), 1], hands[: len(rest), 2:] = a, b, rest
            counts += np.bincount(batch.high_strengths(hands[: len(rest)]) >> 20, minlength=16)
    row(
        "all", f"category counts {counts[:9].tolist()}", f"{time.process_time() - start:8.2f} s cpu"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples, no eval7 exact")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per figure (median)")
    parser.add_argument("--all-seven", action="store_true", help="also every 7-card hand")
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()
    print(
        f"pokerroom evaluation benchmark; batch backend {batch.backend()}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    batch.warm_up()
    equity(["AsKs", "QhQd"])
    equity(["AsKs", "QhQd"], method="monte_carlo", samples=10)
    if not args.skip_startup:
        startup()
    seven_card(args.quick, args.runs)
    exact_equity(args.quick, args.runs)
    monte_carlo(args.runs)
    omaha(args.quick, args.runs)
    if args.all_seven:
        all_seven()
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
