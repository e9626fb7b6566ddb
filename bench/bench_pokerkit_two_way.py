"""PHH both ways with PokerKit, thousands of hands (issue 12).

Run ``python bench/bench_pokerkit_two_way.py [--hands N] [--seed S] [CODE ...]``
(PokerKit 0.7.7, a development dependency).  For each PHH variant, PokerKit
plays N random hands that pokerroom replays, and pokerroom plays N that
PokerKit replays strictly; the table counts the rule differences by catalogue
ID (see the README) and lists any difference nothing explains.  The code is
the suite's (``tests/history/test_pokerkit_two_way.py``); the suite plays a
few hundred hands with seed 0, this plays more with any seed.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.history.test_pokerkit_two_way import (
    CODES,
    run_pokerkit_to_pokerroom,
    run_pokerroom_to_pokerkit,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", default=list(CODES))
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit's warnings about its own deck
    unexplained = 0
    print(f"{'variant':8} {'way':7} {'hands':>6} {'seconds':>8}  rule differences / unexplained")
    for code in args.codes:
        for way, run in (("pk->pr", run_pokerkit_to_pokerroom),
                         ("pr->pk", run_pokerroom_to_pokerkit)):
            start = time.perf_counter()
            known, bugs = run(code, args.hands, args.seed)
            seconds = time.perf_counter() - start
            rules = ", ".join(f"{rule} {count}" for rule, count in sorted(known.items()))
            print(f"{code:8} {way:7} {args.hands:6} {seconds:8.1f}  {rules or '-'}"
                  f" / {sum(bugs.values())}", flush=True)
            for why in bugs:
                print("    " + why.replace("\n", "\n    "))
            unexplained += sum(bugs.values())
    return 1 if unexplained else 0


if __name__ == "__main__":
    raise SystemExit(main())
