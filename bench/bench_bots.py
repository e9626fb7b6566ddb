"""Bots against bots, heads-up no-limit hold'em: who wins, in big blinds per 100 hands.

    .venv/bin/python bench/bench_bots.py [--hands 100000] [--seed 1] [--workers 2]
        [--json bench/results/bots.json]
    .venv/bin/python bench/bench_bots.py --six-max 2000
    .venv/bin/python bench/bench_bots.py --turbos 40

Every match is duplicate poker: each deck is dealt twice, the bots swapping
seats, so the cards' luck cancels.  Each hand starts from 100 big blinds a
side (blinds 1/2, stacks 200), the way a cash table's bots rebuy.  A match's
result is the first bot's win in big blinds per 100 hands with a 95%
confidence interval (1.96 standard errors over the duplicate pairs).

The field: the styles of :mod:`pokerroom.bots.smart` (``solid``, the room's
default, ``rock``, ``loose``), each against the others and against the old
policies: ``shove`` (all in every hand), ``station`` (always calls), ``tag``
and ``random`` (:mod:`pokerroom.bots.simple`).  ``--hands`` is the total over
all matches; the default's matches against ``shove`` and ``station`` get a
larger share.  Also timed: each bot's decisions, in microseconds (CPU), and
what 40 six-seat bot tables (a decision every 0.8 s each, the room's
``bot_delay``) would take of one core; ``--six-max HANDS`` times each style
at a six-seat table instead (multiway pots cost more), ``--turbos N`` plays N
12-player turbo tournaments, six default bots against six always-shove, for
the wins and the prize money.  A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from pokerroom.bots import BOTS, DEFAULT_BOT, ViewBot, legal_for
from pokerroom.cards import Deck
from pokerroom.rules import (
    Action,
    BetRaise,
    CheckCall,
    Hand,
    HandConfig,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules.view import HandView

BB = 2
STACK = 100 * BB
STYLES = ("solid", "rock", "loose")
OLD = ("shove", "station", "tag", "random")


class AlwaysShove(ViewBot):
    """The policy that won a 12-player turbo: all in every hand, whatever the cards."""

    name = "shove"

    def decide(self, view: HandView) -> Action:
        legal = legal_for(view)
        if legal.max_raise_to is not None:
            return BetRaise(legal.max_raise_to)
        return CheckCall()


def make(name: str, rng: random.Random) -> ViewBot:
    return AlwaysShove() if name == "shove" else BOTS[name](rng)


CONFIG = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                    stacks=(STACK, STACK), blinds=button_blinds(2, 1, BB), min_bet=BB)


@dataclass
class Match:
    a: str
    b: str
    pairs: int
    seed: int
    results: list[float] = field(default_factory=list)  # a's chips per duplicate pair
    times: dict[str, list[float]] = field(default_factory=dict)  # name -> CPU seconds


def play(bots: list[ViewBot], seed: int, timing: list[list[float]]) -> list[int]:
    """One hand heads-up from ``seed``'s deck: each seat's chips won."""
    config = replace(CONFIG, names=(f"{bots[0].name} 1", f"{bots[1].name} 2"))
    hand = Hand(config, Deck(seed))
    while not hand.is_over:
        seat = hand.actor
        assert seat is not None
        start = time.process_time()
        action = bots[seat].decide(hand.view(seat))
        timing[seat].append(time.process_time() - start)
        hand.act(action)
    return [s - STACK for s in hand.stacks]


def run_match(match: Match) -> Match:
    rng = random.Random(f"{match.seed}-{match.a}-{match.b}")
    a_bot = make(match.a, random.Random(rng.random()))
    b_bot = make(match.b, random.Random(rng.random()))
    a_times: list[float] = []
    b_times: list[float] = []
    for _ in range(match.pairs):
        deck = rng.randrange(2**63)
        first = play([a_bot, b_bot], deck, [a_times, b_times])[0]
        second = play([b_bot, a_bot], deck, [b_times, a_times])[1]
        match.results.append((first + second) / 2)
    match.times = {match.a: a_times, match.b: b_times}
    return match


def summary(match: Match) -> dict[str, object]:
    per_hand = [r / BB for r in match.results]  # bb a hand, averaged over the pair
    mean = statistics.fmean(per_hand)
    sd = statistics.stdev(per_hand) if len(per_hand) > 1 else 0.0
    ci = 1.96 * sd / math.sqrt(len(per_hand)) * 100
    return {"a": match.a, "b": match.b, "hands": 2 * match.pairs,
            "bb_per_100": round(mean * 100, 1), "ci95": round(ci, 1)}


def plan(total_hands: int, seed: int) -> list[Match]:
    pairs_of = [(a, b) for i, a in enumerate(STYLES) for b in STYLES[i + 1:]]
    pairs_of += [(a, b) for a in STYLES for b in OLD]
    weights = {m: (3 if m[0] == DEFAULT_BOT and m[1] in ("shove", "station") else 1)
               for m in pairs_of}
    unit = total_hands / 2 / sum(weights.values())
    return [Match(a, b, max(1, math.ceil(unit * weights[(a, b)])), seed) for a, b in pairs_of]


def six_max(name: str, hands: int, seed: int) -> dict[str, float]:
    """Six ``name`` bots at one table, 100 big blinds each every hand: the CPU of
    their decisions (views included), as the room's bot tables spend it."""
    rng = random.Random(f"{seed}-six-{name}")
    bots = [make(name, random.Random(rng.random())) for _ in range(6)]
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(STACK,) * 6, blinds=button_blinds(6, 1, BB), min_bet=BB)
    times: list[float] = []
    for _ in range(hands):
        hand = Hand(config, Deck(rng.randrange(2**63)))
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            start = time.process_time()
            action = bots[seat].decide(hand.view(seat))
            times.append(time.process_time() - start)
            hand.act(action)
    times.sort()
    mean = statistics.fmean(times)
    return {"hands": hands, "decisions": len(times), "mean_us": round(mean * 1e6),
            "p99_us": round(times[int(0.99 * (len(times) - 1))] * 1e6),
            "core_share_40_tables": round(40 / 0.8 * mean, 3)}


def turbos(count: int, rival: str, seed: int) -> dict[str, dict[str, int]]:
    """``count`` 12-player turbos, six ``rival`` bots against six always-shove: wins and
    prize money by policy (the issue: shoving every hand won such a turbo)."""
    from pokerroom.tournament import structure
    from pokerroom.tournament.simulate import simulate

    BOTS.setdefault("shove", lambda rng: AlwaysShove())
    out = {name: {"wins": 0, "in_the_money": 0, "prizes": 0} for name in (rival, "shove")}
    for n in range(count):
        rng = random.Random(f"{seed}-turbo-{n}")
        _, report = simulate(structure("turbo"), 12, rng=rng, bots=(rival, "shove"))
        for finish in report.results:
            name = (rival, "shove")[(finish.entry - 1) % 2]
            out[name]["wins"] += finish.place == 1
            out[name]["in_the_money"] += finish.prize > 0
            out[name]["prizes"] += finish.prize
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--six-max", type=int, default=0, metavar="HANDS",
                        help="only time each style at a six-seat table for HANDS hands")
    parser.add_argument("--turbos", type=int, default=0, metavar="N",
                        help="only play N 12-player turbos, the default bot against shoving")
    args = parser.parse_args(argv)
    if args.turbos:
        for name, won in turbos(args.turbos, DEFAULT_BOT, args.seed).items():
            print(f"{name:8} wins {won['wins']:>4} in the money {won['in_the_money']:>4} "
                  f"prizes {won['prizes']:>9,}")
        return 0
    if args.six_max:
        print(f"{'bot':8} {'hands':>6} {'decisions':>10} {'mean us':>9} {'p99 us':>9} "
              f"{'40 tables':>10}")
        for name in (*STYLES, "tag"):
            row = six_max(name, args.six_max, args.seed)
            print(f"{name:8} {row['hands']:>6,} {row['decisions']:>10,} {row['mean_us']:>9,} "
                  f"{row['p99_us']:>9,} {row['core_share_40_tables']:>9.1%}")
        return 0
    matches = plan(args.hands, args.seed)
    wall = time.perf_counter()
    runner: Callable[[Match], Match] = run_match
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            done = list(pool.map(runner, matches))
    else:
        done = [runner(m) for m in matches]
    wall = time.perf_counter() - wall
    rows = [summary(m) for m in done]
    hands = sum(int(str(r["hands"])) for r in rows)
    print(f"{hands:,} hands heads-up NL hold'em, 100 bb deep, duplicate; "
          f"{wall:.0f} s wall on {args.workers} worker(s)")
    print(f"{'bot':8} {'against':8} {'hands':>7} {'bb/100':>9} {'95% CI':>9}")
    for r in rows:
        print(f"{r['a']:8} {r['b']:8} {r['hands']:>7,} {r['bb_per_100']:>+9.1f} "
              f"{'±'}{r['ci95']:>7.1f}")
    costs: dict[str, list[float]] = {}
    for m in done:
        for name, times in m.times.items():
            costs.setdefault(name, []).extend(times)
    print(f"\n{'bot':8} {'decisions':>10} {'mean us':>9} {'p99 us':>9} {'40 tables':>10}")
    timing = {}
    for name in sorted(costs):
        times = sorted(costs[name])
        mean = statistics.fmean(times) * 1e6
        p99 = times[int(0.99 * (len(times) - 1))] * 1e6
        load = 40 / 0.8 * mean / 1e6  # decisions a second at 40 tables, times their cost
        timing[name] = {"decisions": len(times), "mean_us": round(mean), "p99_us": round(p99),
                        "core_share_40_tables": round(load, 3)}
        print(f"{name:8} {len(times):>10,} {mean:>9.0f} {p99:>9.0f} {load:>9.1%}")
    if args.json is not None:
        args.json.write_text(json.dumps({"hands": hands, "seconds": round(wall),
                                         "matches": rows, "decisions": timing}, indent=1)
                             + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
