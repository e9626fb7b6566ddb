"""Deal suggestions (ICM) over field sizes (issue 22): time per suggestion.

Run ``python bench/bench_deal.py`` (about half a minute).  It prints a table and
writes ``bench/results/deal.json`` with the commit and the machine (see
``provenance.py``).

What is timed

``pokerroom.tournament.icm.suggest_deal`` (ICM equity, rounding to the payout
unit, the chip chop) for 9, 20, 100 and 1,000 players still in, the whole call,
the median of ``--runs`` (5) calls after one warm-up, one core.  Stacks are
seeded (``--seed``): log-normal around the average stack (sigma 0.8, the spread of
a field a few levels in), 10,000 chips on average.  Two payouts per size:

- **field**: what a tournament of that many entries pays (the room's ``standard``
  table: 1 of 4, 3 of 9, 5 of 20; past 50 entries 15 % of the field on a harmonic
  curve, so 15 of 100 and 150 of 1,000), the realistic case;
- **all paid**: every player left is in the money (a deal among the last 20 of a
  big event), the most work the ICM does for that many players.

The issue asks for at most 50 ms per suggestion.  With the ``[fast]`` extra the
race's sum runs compiled by Numba (``icm_kernel``; its one-time compile is the
warm-up, cached on disk after), else NumPy, else pure Python; ``--without-numba``
times the NumPy path (what a room with the ``room`` extra but not ``[fast]`` runs).
``method`` says whether the exact sum or the exponential race ran
(``pokerroom.tournament.icm.method``).  The old
exact sum is timed beside it where it finishes (9 players; at 20 it took 7 to 14 s
in the room and refuses from 21).

Peers: no ICM implementation is installable from PyPI under that name (the package
lists hold none for Malmuth-Harville, ICM or deal making), so there is no column of
ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from provenance import ROOT, git_commit, machine

from pokerroom.tournament import icm_race
from pokerroom.tournament.icm import exact_probabilities, method, suggest_deal
from pokerroom.tournament.payouts import payout_table, payouts

SIZES = (9, 20, 100, 1000)
BUY_IN = 10_000  # cents


def field(players: int, rng: random.Random) -> list[int]:
    """Seeded stacks averaging 10,000 chips (log-normal, sigma 0.8)."""
    raw = [rng.lognormvariate(0.0, 0.8) for _ in range(players)]
    scale = 10_000 * players / sum(raw)
    return [max(1, round(r * scale)) for r in raw]


def prizes(players: int, *, all_paid: bool) -> list[int]:
    """The prizes of places 1..players, 1st first (0 for places not paid)."""
    pool = players * BUY_IN
    if all_paid:
        weights = [Fraction(1, k) for k in range(1, players + 1)]
        total = sum(weights, Fraction(0))
        paid = payouts(pool, [100 * w / total for w in weights], unit=100)
    else:
        paid = payouts(pool, payout_table("standard").percentages(players), unit=100)
    return sorted(paid, reverse=True) + [0] * (players - len(paid))


def timed(fn: Any, runs: int) -> list[float]:
    fn()  # warm-up (imports, NumPy's first call)
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--output", type=Path, default=ROOT / "bench/results/deal.json")
    parser.add_argument("--without-numba", action="store_true",
                        help="time the NumPy path (as without the [fast] extra)")
    args = parser.parse_args()
    if args.without_numba:
        icm_race._kernel = lambda: None  # the race's own switch: no compiled kernel
    load = os.getloadavg()
    rng = random.Random(args.seed)
    rows = []
    for players in SIZES:
        stacks = field(players, rng)
        for all_paid in (False, True):
            money = prizes(players, all_paid=all_paid)
            paid = sum(1 for m in money if m)
            times = timed(lambda s=stacks, m=money: suggest_deal(s, m, unit=100), args.runs)
            old = None
            if players <= 9:
                old = statistics.median(timed(
                    lambda s=stacks, n=players: exact_probabilities(s, n), args.runs))
            row = {"players": players, "payout": "all paid" if all_paid else "field",
                   "paid": paid, "method": method(players, paid),
                   "median_ms": 1000 * statistics.median(times),
                   "max_ms": 1000 * max(times),
                   "old_exact_ms": None if old is None else 1000 * old,
                   "within_50ms": statistics.median(times) <= 0.050}
            rows.append(row)
            print(f"{players:>5} players  {row['payout']:<8} {paid:>5} paid  "
                  f"{row['method']:<5}  {row['median_ms']:9.1f} ms  (max "
                  f"{row['max_ms']:.1f})" + (f"  old exact sum {row['old_exact_ms']:.1f} ms"
                                             if old is not None else ""), flush=True)
    result = {"bench": "deal", "runs": args.runs, "seed": args.seed, "rows": rows,
              "numba": not args.without_numba and icm_race._kernel() is not None,
              "peers": "none installable from PyPI", "commit": git_commit(),
              "machine": machine(load)}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
