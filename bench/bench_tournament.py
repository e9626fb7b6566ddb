"""A 1,000-player tournament played by bots to the end, timed.

    .venv/bin/python bench/bench_tournament.py [--players 1000] [--structure standard]
        [--seed 1] [--absent 0.02] [--late 0] [--no-check] [--profile]

Prints the wall and CPU time, hands dealt, hands per second, and what the floor did;
the run checks every invariant of :mod:`pokerroom.tournament.simulate` (chips at every
hand, balance, places, payouts) unless ``--no-check``.  A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections import Counter

from pokerroom.tournament import structure
from pokerroom.tournament.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--structure", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds-per-round", type=float, default=120.0)
    parser.add_argument("--absent", type=float, default=0.02,
                        help="share of players who never show up (blinded out)")
    parser.add_argument("--late", type=int, default=0, help="late registrations")
    parser.add_argument("--no-check", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    s = structure(args.structure)

    def run() -> tuple[object, object]:
        return simulate(s, args.players, rng=random.Random(args.seed), absent=args.absent,
                        late=args.late, seconds_per_round=args.seconds_per_round,
                        check=not args.no_check)

    wall, cpu = time.perf_counter(), time.process_time()
    if args.profile:
        profiler = cProfile.Profile()
        t, report = profiler.runcall(run)
    else:
        t, report = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    from pokerroom.tournament import Tournament
    from pokerroom.tournament.simulate import SimulationReport

    assert isinstance(t, Tournament) and isinstance(report, SimulationReport)
    kinds = Counter(type(e).__name__ for e in t.log)
    winner = report.results[0]
    print(f"{report.players} entries ({args.players} at the start), structure {s.name!r}, "
          f"seed {args.seed}")
    print(f"  wall {wall:.1f} s, cpu {cpu:.1f} s")
    print(f"  hands {report.hands:,} ({report.hands / cpu:,.0f} per cpu second), "
          f"rounds {report.rounds:,}, last level {report.levels}")
    print(f"  tables at start {report.tables_at_start}, broken {kinds['TableBroken']}, "
          f"players moved {kinds['PlayerMoved']}, chip races {kinds['ChipRaceHeld']}")
    print(f"  hand-for-hand rounds {report.hand_for_hand_rounds}, "
          f"max imbalance {report.max_imbalance}, chip checks {report.chip_checks:,}")
    print(f"  prize pool {report.prize_pool:,}, places paid {t.places_paid}, "
          f"winner entry {winner.entry} wins {winner.prize:,}")
    print("  checks: " + ("passed" if not args.no_check else "skipped"))
    if args.profile:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
