"""Side-by-side benchmarks: pokerroom against PokerKit, one process, one core.

Run ``make bench`` (about two minutes; pokerroom's engine as a regular install
builds it, compiled by mypyc), or ``python bench/run.py`` from the venv (the
editable install: the pure-Python path); ``--quick`` takes about half a minute
(one run each, smaller samples).  It prints a table and writes
``bench/results/latest.json``, both naming which engine ran.  ``--profile`` instead runs cProfile on
pokerroom's random-hand loop and prints the engine's hotspots; ``--profile --only replay``
profiles pokerroom's Pluribus replay (``phh.load`` and ``replay.check``) instead.

What is measured (every number is the median of 3 timed runs; ``--quick``: 1)

1. **Random hands.**  6-max no-limit hold'em, blinds 1/2, every stack 200 at
   the start of every hand, played to the end (pots awarded).  One random
   policy drives both engines: with probability 0.20 bet/raise when raising
   is allowed (half the time the minimum, otherwise a uniform amount from the
   minimum to the maximum, all-in included), else with probability 0.15 fold
   when facing a bet, else check or call.  The policy ignores the cards, and
   every hand starts from the same stacks, so with the same policy seed both
   engines play *exactly the same action sequences* (checked before timing);
   only the shuffles differ.

   - pokerroom: ``Hand(config, Deck(rng=...))`` dealing itself from a deck
     shuffled by one seeded ``random.Random``; ``auto_showdown`` (the
     default: cards speak).  Each decision reads ``hand.legal_actions()``.
   - PokerKit: ``NoLimitTexasHoldem.create_state`` with every automation a
     simulation wants -- ante posting, bet collection, blind posting, card
     burning, hole dealing, board dealing, runout-count selection, hole cards
     showing or mucking, hand killing, chips pushing and pulling -- in its
     default tournament mode (one runout), ``ante_trimming_status=True``, no
     antes.  That is the setup of PokerKit's own examples plus automated
     dealing; the state is finished when ``state.status`` is false.  Each
     decision reads ``min/max_completion_betting_or_raising_to_amount`` and
     ``checking_or_calling_amount``.  PokerKit shuffles with the global
     ``random`` module, which is seeded.

   Both sides create one hand object per hand and shuffle one deck per hand;
   the policy code is shared, so its cost is in both numbers.

2. **Pluribus replay.**  The 10,000 hands in ``pluribus/`` of the PHH data set
   in the repository (``tests/data/phh.tar.xz``, unpacked into ``build/phh``
   the first time), one ``.phh`` file each, read from the page cache (a
   warm-up pass reads them all first).

   - pokerroom: ``pokerroom.history.phh.load(path)`` then
     ``pokerroom.history.replay.check(history)`` for each hand (replay plus
     comparison with the recorded finishing stacks).
   - PokerKit: ``pokerkit.HandHistory.load(file)`` then iterating over every
     state (``for state in history``), then comparing the final stacks with
     ``finishing_stacks`` (within one chip where the file records a half chip).

   pokerroom replays all 10,000 hands every run; PokerKit replays an evenly
   spaced sample sized to take about 10 seconds (all 10,000 on a fast enough
   machine).  Failures on either side are counted, not hidden.  The target
   (issue 12) is at least 20 times PokerKit.  pokerroom's caches of action
   texts already read (at most 16,384, emptied when full; flops are not
   kept) are no warmer in the timed runs than in a single pass: the 10,000
   hands hold about 19,600 distinct texts of the kinds kept.  Its cache of
   the integers in one-line arrays (at most 4,096 texts) holds all 1,401 of
   the data set, which a single pass reads once each among some 240,000.  After
   the timed runs, an extra pass splits pokerroom's CPU time a hand into
   ``phh.load`` (and the TOML part of it) and ``replay.check``; it is printed
   under the table.

3. **7-card evaluation.**  Uniform random 7-card hands, one call per hand
   from Python: ``pokerroom.evaluation.high_strength(cards)`` with a list of 7
   ints, and ``pokerkit.StandardHighHand.from_game(hole, board)`` with tuples
   of 2 and 5 already-parsed ``pokerkit.Card`` objects (no string parsing in
   the loop).  Before timing, the two evaluators must order a few thousand
   hands identically.

Sample sizes: a short pilot estimates each side's speed and the timed sample
is sized to take about ``--seconds`` (PokerKit) or a third of that
(pokerroom); rates are per second of wall-clock time (``perf_counter``) and
PokerKit's are extrapolated from its sample.  Garbage collection stays on.
The machine is shared: ``os.getloadavg()`` before and after is recorded so a
noisy run can be recognised.

Cross-check (untimed): a few hundred random hands are also played through
PokerKit with pokerroom's cards (manual dealing) and the legal bet sizes at
every decision and the final stacks are compared.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import importlib.metadata
import io
import json
import os
import platform
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from time import perf_counter, process_time
from typing import Any

import pokerkit
from pokerkit import Automation, NoLimitTexasHoldem, StandardHighHand

import pokerroom
from pokerroom.cards import Deck, format_cards
from pokerroom.evaluation import high_strength
from pokerroom.history import phh_toml
from pokerroom.history.phh import iter_paths, load
from pokerroom.history.replay import check
from pokerroom.rules import Hand, HandConfig, Structure, button_blinds, variant

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pokerkit_replay import pokerkit_replay  # (bench/, beside this file)

ROOT = Path(__file__).resolve().parent.parent
# The real hands are in the repository: tests/data/phh.tar.xz (the PHH data set, MIT),
# unpacked into build/phh as `make replay` does.
PHH_ARCHIVE = ROOT / "tests" / "data" / "phh.tar.xz"
PHH_DATA = ROOT / "build" / "phh" / "data"
RESULTS = ROOT / "bench" / "results" / "latest.json"
# `make bench` runs against the compiled build (build/compiled); run directly from
# the editable venv, the same bench measures the pure-Python path.
ENGINE = "compiled by mypyc" if pokerroom.compiled() else "pure Python"
TARGET_RATIO = 50.0  # issue 6: whole hands at least 50 times PokerKit
REPLAY_TARGET_RATIO = 20.0  # issue 12: the Pluribus replay at least 20 times PokerKit
COMMAND_TARGET_RATIO = 20.0  # issue 28: the replay command, whole process, 20 times PokerKit

SEATS, SMALL, BIG, STACK = 6, 1, 2, 200
P_RAISE, P_MIN_RAISE, P_FOLD = 0.20, 0.5, 0.15
FOLD, CALL, RAISE = 0, 1, 2

PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
# The cross-check deals pokerroom's cards by hand, so nothing is dealt or burnt
# automatically there.
PK_MANUAL_DEALING = tuple(
    a
    for a in PK_AUTOMATIONS
    if a not in (Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING)
)

PR_CONFIG = HandConfig(
    variant=variant("holdem"),
    structure=Structure.NO_LIMIT,
    stacks=(STACK,) * SEATS,
    blinds=button_blinds(SEATS, SMALL, BIG),
    min_bet=BIG,
)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------- the policy


def decide(
    rng: random.Random, low: int | None, high: int | None, facing_bet: bool
) -> tuple[int, int]:
    """The shared random policy: (FOLD | CALL | RAISE, raise_to)."""
    r = rng.random()
    if r < P_RAISE and low is not None and high is not None:
        return RAISE, (low if rng.random() < P_MIN_RAISE else rng.randint(low, high))
    if r < P_RAISE + P_FOLD and facing_bet:
        return FOLD, 0
    return CALL, 0


# ------------------------------------------------------------ random hands


def play_pokerroom_hand(
    hand: Hand, policy: random.Random, steps: list[Any] | None = None
) -> None:
    """Play ``hand`` to the end with the shared policy; ``steps`` collects
    ((min raise, max raise, facing a bet), kind, to) for every decision."""
    while not hand.is_over:
        legal = hand.legal_actions()
        seen = (legal.min_raise_to, legal.max_raise_to, not legal.check)
        kind, to = decide(policy, *seen)
        if steps is not None:
            steps.append((seen, kind, to))
        if kind == RAISE:
            hand.bet_raise(to)
        elif kind == FOLD:
            hand.fold()
        else:
            hand.check_call()


def pokerroom_hands(count: int, seed: int, trace: list[Any] | None = None) -> float:
    """Play ``count`` hands; return the seconds taken.  ``trace`` collects the decisions."""
    policy = random.Random(seed)
    shuffler = random.Random(seed + 1)
    config = PR_CONFIG
    start = perf_counter()
    for _ in range(count):
        hand = Hand(config, Deck(rng=shuffler))
        if trace is None:
            play_pokerroom_hand(hand, policy)
        else:
            steps: list[Any] = []
            play_pokerroom_hand(hand, policy, steps)
            trace.append([(kind, to) for _, kind, to in steps])
    return perf_counter() - start


def pokerkit_hands(count: int, seed: int, trace: list[Any] | None = None) -> float:
    policy = random.Random(seed)
    random.seed(seed + 1)  # PokerKit shuffles with the global random module
    create = NoLimitTexasHoldem.create_state
    automations = PK_AUTOMATIONS
    start = perf_counter()
    for _ in range(count):
        state = create(automations, True, 0, (SMALL, BIG), BIG, STACK, SEATS)
        decisions = []
        while state.status:
            kind, to = decide(
                policy,
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
                bool(state.checking_or_calling_amount),
            )
            if trace is not None:
                decisions.append((kind, to))
            if kind == RAISE:
                state.complete_bet_or_raise_to(to)
            elif kind == FOLD:
                state.fold()
            else:
                state.check_or_call()
        if trace is not None:
            trace.append(decisions)
    return perf_counter() - start


def cross_check_hands(count: int, seed: int) -> dict[str, Any]:
    """Same cards, same decisions through both engines: legal sizes and final stacks agree?"""
    policy = random.Random(seed)
    shuffler = random.Random(seed + 1)
    legal_mismatch = stack_mismatch = 0
    examples: list[str] = []
    for k in range(count):
        hand = Hand(PR_CONFIG, Deck(rng=shuffler))
        steps: list[Any] = []
        play_pokerroom_hand(hand, policy, steps)
        state = NoLimitTexasHoldem.create_state(
            PK_MANUAL_DEALING, True, 0, (SMALL, BIG), BIG, STACK, SEATS
        )
        board = list(hand.board)
        street_sizes = iter((3, 1, 1))
        at = 0
        step = 0
        while state.status:
            if state.can_burn_card():
                state.burn_card("??")
            elif state.can_deal_hole():
                seat = state.hole_dealee_index
                assert seat is not None
                state.deal_hole(format_cards(hand.hole[seat]))
            elif state.can_deal_board():
                size = next(street_sizes)
                state.deal_board(format_cards(board[at : at + size]))
                at += size
            else:
                seen, kind, to = steps[step]
                step += 1
                theirs = (
                    state.min_completion_betting_or_raising_to_amount,
                    state.max_completion_betting_or_raising_to_amount,
                    bool(state.checking_or_calling_amount),
                )
                if theirs != seen:
                    legal_mismatch += 1
                    if len(examples) < 3:
                        examples.append(
                            f"hand {k} step {step}: pokerroom {seen}, pokerkit {theirs}"
                        )
                    break
                if kind == RAISE:
                    state.complete_bet_or_raise_to(to)
                elif kind == FOLD:
                    state.fold()
                else:
                    state.check_or_call()
        else:
            if list(state.stacks) != list(hand.stacks):
                stack_mismatch += 1
                if len(examples) < 3:
                    examples.append(
                        f"hand {k}: stacks pokerroom {hand.stacks}, pokerkit {list(state.stacks)}"
                    )
    return {
        "hands": count,
        "legal_size_mismatches": legal_mismatch,
        "final_stack_mismatches": stack_mismatch,
        "examples": examples,
    }


# ------------------------------------------------------------------ replay


def pokerroom_replay(paths: Sequence[Path]) -> tuple[float, dict[str, int]]:
    ok = failed = hands = actions = 0
    start = perf_counter()
    for path in paths:
        for history in load(path):
            result = check(history)
            hands += 1
            actions += len(history.actions)
            if result.ok:
                ok += 1
            else:
                failed += 1
    seconds = perf_counter() - start
    return seconds, {"hands": hands, "ok": ok, "failed": failed, "actions": actions}


def pokerroom_replay_parts(paths: Sequence[Path]) -> dict[str, float]:
    """CPU time a hand in each part of pokerroom's replay (an extra pass, not in
    the ratio): TOML alone (texts already read), ``phh.load``, and ``replay.check``
    as load and check together less load.  Results are dropped as they come, as
    in the timed runs, so the garbage collector sees the same heap."""
    texts = [path.read_text(encoding="utf-8") for path in paths]
    start = process_time()
    for text in texts:
        phh_toml.loads(text, parse_float=Decimal)
    toml = process_time() - start
    del texts
    start = process_time()
    for path in paths:
        load(path)
    loading = process_time() - start
    start = process_time()
    _, stats = pokerroom_replay(paths)
    both = process_time() - start
    count = stats["hands"]
    return {
        "load_us": loading / count * 1e6,
        "of_which_toml_us": toml / count * 1e6,
        "check_us": (both - loading) / count * 1e6,
    }


def stride_sample(items: Sequence[Path], count: int) -> list[Path]:
    if count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(k * step)] for k in range(count)]


# --------------------------------------------------------------- evaluation


def random_sevens(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    deck = list(range(52))
    return [rng.sample(deck, 7) for _ in range(count)]


def pokerkit_cards(sevens: Sequence[Sequence[int]]) -> list[tuple[tuple[Any, ...], ...]]:
    parse = pokerkit.Card.parse
    return [(tuple(parse(format_cards(c[:2]))), tuple(parse(format_cards(c[2:])))) for c in sevens]


def pokerroom_eval(sevens: Sequence[list[int]], repeat: int) -> float:
    strength = high_strength
    start = perf_counter()
    for _ in range(repeat):
        for cards in sevens:
            strength(cards)
    return perf_counter() - start


def pokerkit_eval(hands: Sequence[tuple[Any, ...]]) -> float:
    from_game = StandardHighHand.from_game
    start = perf_counter()
    for hole, board in hands:
        from_game(hole, board)
    return perf_counter() - start


def cross_check_eval(sevens: Sequence[list[int]]) -> dict[str, Any]:
    """Sort by pokerroom's strength; PokerKit must agree on every neighbouring pair."""
    pk = pokerkit_cards(sevens)
    rows = sorted(
        ((high_strength(c), StandardHighHand.from_game(*pk[i])) for i, c in enumerate(sevens)),
        key=lambda row: row[0],
    )
    disagree = 0
    for (a, ha), (b, hb) in pairwise(rows):
        if (a == b) != (ha == hb) or (a < b) != (ha < hb):
            disagree += 1
    return {"hands": len(sevens), "order_disagreements": disagree}


# ---------------------------------------------------------------- plumbing


Work = Callable[[], tuple[float, int]]
"""One timed run: returns (wall-clock seconds, items done)."""


def paired(runs: int, ours: Work, theirs: Work) -> tuple[dict[str, Any], dict[str, Any]]:
    """Time both sides ``runs`` times, alternating, so a change in the machine's
    load hits both; each side's median items/second, by wall clock and by CPU."""
    sides: list[dict[str, Any]] = []
    for _ in (ours, theirs):
        sides.append({"runs_per_second": [], "runs_seconds": [], "runs_cpu_per_second": []})
    for k in range(runs):
        for label, work, side in (("pokerroom", ours, sides[0]), ("pokerkit ", theirs, sides[1])):
            cpu = process_time()
            took, items = work()
            cpu = process_time() - cpu
            side["runs_per_second"].append(items / took)
            side["runs_seconds"].append(took)
            side["runs_cpu_per_second"].append(items / cpu)
            side["sample"] = items
            log(
                f"  {label} run {k + 1}/{runs}: {items:,} in {took:.2f} s "
                f"(CPU {cpu:.2f} s) = {items / took:,.0f}/s"
            )
    for side in sides:
        side["per_second"] = statistics.median(side["runs_per_second"])
        side["per_cpu_second"] = statistics.median(side["runs_cpu_per_second"])
    return sides[0], sides[1]


def ratios(pr: dict[str, Any], pk: dict[str, Any]) -> dict[str, float]:
    return {
        "ratio": pr["per_second"] / pk["per_second"],
        "ratio_by_cpu_time": pr["per_cpu_second"] / pk["per_cpu_second"],
    }


def sized(rate: float, seconds: float, *, least: int, most: int | None = None) -> int:
    count = max(least, int(rate * seconds))
    return min(count, most) if most is not None else count


def git_state() -> dict[str, Any]:
    def run(*args: str) -> str:
        try:
            return subprocess.run(
                ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""

    return {
        "commit": run("rev-parse", "HEAD"),
        "src_dirty": bool(run("status", "--porcelain", "src")),
        "engine": ENGINE,
        "module": str(Path(pokerroom.__file__).parent),
    }


def bench_random(args: argparse.Namespace, runs: int) -> dict[str, Any]:
    log("random hands: checking that both engines see the same decisions ...")
    seed = args.seed
    ours: list[Any] = []
    theirs: list[Any] = []
    check_count = 50 if args.quick else 300
    pokerroom_hands(check_count, seed, ours)
    pokerkit_hands(check_count, seed, theirs)
    same = sum(a == b for a, b in zip(ours, theirs, strict=True))
    decisions = sum(len(d) for d in ours)
    cross = cross_check_hands(check_count, seed + 7)
    log(f"  identical decision sequences: {same}/{check_count}; cross-check {cross}")

    pr_rate = 400 / pokerroom_hands(400, seed)  # pilot, also warms the evaluator tables
    pk_rate = 30 / pokerkit_hands(30, seed)
    pr_count = sized(pr_rate, args.seconds / 3, least=500)
    pk_count = sized(pk_rate, args.seconds, least=50)
    pr, pk = paired(
        runs,
        lambda: (pokerroom_hands(pr_count, seed), pr_count),
        lambda: (pokerkit_hands(pk_count, seed), pk_count),
    )
    return {
        "unit": "hands/s",
        "pokerroom": pr,
        "pokerkit": pk,
        **ratios(pr, pk),
        "target_ratio": TARGET_RATIO,
        "decisions_per_hand": decisions / check_count,
        "identical_decision_sequences": f"{same}/{check_count}",
        "cross_check": cross,
    }


def unpacked_phh() -> Path:
    """The PHH data set's ``data`` folder, unpacked from the archive the first time."""
    if not PHH_DATA.is_dir():
        log(f"replay: unpacking {PHH_ARCHIVE.relative_to(ROOT)} into build/phh ...")
        fresh = PHH_DATA.parent.with_name("phh.new")
        shutil.rmtree(fresh, ignore_errors=True)
        with tarfile.open(PHH_ARCHIVE) as archive:
            archive.extractall(fresh, filter="data")
        (fresh / "phh").rename(PHH_DATA.parent)
        fresh.rmdir()
        os.utime(PHH_DATA)  # newer than the archive, as make's build/phh/data rule leaves it
    return PHH_DATA


def bench_replay(args: argparse.Namespace, runs: int) -> dict[str, Any]:
    pluribus = unpacked_phh() / "pluribus"
    paths = list(iter_paths([pluribus]))
    if len(paths) != 10_000:
        raise SystemExit(f"{len(paths)} PHH files under {pluribus}, not 10,000")
    if args.quick:
        paths = stride_sample(paths, 1000)
    log(f"replay: warming the page cache ({len(paths):,} files) ...")
    for path in paths:
        path.read_bytes()
    pokerroom_replay(paths[:200])
    pilot = stride_sample(paths, 100)
    took, _ = pokerkit_replay(pilot)
    pk_paths = stride_sample(paths, sized(len(pilot) / took, args.seconds, least=100))
    pr_stats: dict[str, int] = {}
    pk_stats: dict[str, int] = {}

    def ours() -> tuple[float, int]:
        took, stats = pokerroom_replay(paths)
        pr_stats.update(stats)
        return took, stats["hands"]

    def theirs() -> tuple[float, int]:
        took, stats = pokerkit_replay(pk_paths)
        pk_stats.update(stats)
        return took, stats["hands"]

    pr, pk = paired(runs, ours, theirs)
    parts = pokerroom_replay_parts(paths)
    note = (
        "pokerroom's replay, CPU per hand: phh.load {load_us:.0f} us (of which TOML "
        "{of_which_toml_us:.0f} us), replay.check {check_us:.0f} us".format(**parts)
    )
    log(f"  {note}")
    return {
        "unit": "hands/s",
        "pokerroom": pr | {"results": pr_stats, "parts": parts},
        "pokerkit": pk | {"results": pk_stats},
        **ratios(pr, pk),
        "target_ratio": REPLAY_TARGET_RATIO,
        "note": note,
    }


def run_process(command: Sequence[str]) -> tuple[float, float, str]:
    """Run ``command`` to its end: (wall seconds, CPU seconds of the process and its
    children, user and system, from ``wait4``'s resource usage; its standard output)."""
    start = perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert child.stdout is not None
    out = child.stdout.read().decode()
    _, status, usage = os.wait4(child.pid, 0)
    took = perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} exited {child.returncode}")
    return took, usage.ru_utime + usage.ru_stime, out


def replay_command() -> list[str]:
    """The ``pokerroom`` command a user runs (the console script beside this Python;
    ``python -m pokerroom.cli`` where there is none), with this process's
    environment: ``make bench``'s PYTHONPATH makes it the compiled build."""
    script = Path(sys.executable).with_name("pokerroom")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pokerroom.cli"]


def bench_replay_command(args: argparse.Namespace, runs: int) -> dict[str, Any]:
    """The replay as a command, whole process, CPU: ``pokerroom replay --json`` on
    the Pluribus folder (start-up, imports, reading, replay, checks and JSON lines
    included) against a Python process running PokerKit's replay loop
    (``bench/pokerkit_replay.py``: imports, ``HandHistory.load``, every state, the
    stacks compared) on an evenly spaced sample, its start-up included as well.
    Each side's hands per CPU second of its own process."""
    pluribus = unpacked_phh() / "pluribus"
    paths = list(iter_paths([pluribus]))
    ours_cmd = [*replay_command(), "replay", "--json", str(pluribus)]
    scratch = Path(tempfile.mkdtemp(prefix="pokerroom-bench-"))
    if args.quick:
        paths = stride_sample(paths, 1000)
        for k, path in enumerate(paths):
            (scratch / f"{k:05d}.phh").symlink_to(path)
        ours_cmd[-1] = str(scratch)
    listing = scratch / "pokerkit-paths.txt"  # (not a .phh: the command never reads it)
    pilot = stride_sample(paths, 100)
    listing.write_text("\n".join(map(str, pilot)))
    theirs_cmd = [sys.executable, str(Path(__file__).with_name("pokerkit_replay.py")),
                  str(listing)]
    _, cpu, _ = run_process(theirs_cmd)
    sample = stride_sample(paths, sized(len(pilot) / cpu, args.seconds, least=100))
    listing.write_text("\n".join(map(str, sample)))
    run_process(ours_cmd)  # warm: the page cache, the compiled module's pages

    def side() -> dict[str, Any]:
        return {"runs_per_second": [], "runs_cpu_per_second": [], "runs_cpu_seconds": []}

    pr, pk = side(), side()
    pr_stats: dict[str, int] = {}
    pk_stats: dict[str, int] = {}
    for k in range(runs):
        took, cpu, out = run_process(ours_cmd)
        lines = out.splitlines()
        pr_stats = {"hands": len(lines),
                    "failed": sum('"error"' in line or '"mismatch"' in line for line in lines)}
        pr["runs_per_second"].append(len(lines) / took)
        pr["runs_cpu_per_second"].append(len(lines) / cpu)
        pr["runs_cpu_seconds"].append(cpu)
        log(f"  pokerroom replay command run {k + 1}/{runs}: {len(lines):,} hands, "
            f"CPU {cpu:.2f} s (wall {took:.2f} s)")
        took, cpu, out = run_process(theirs_cmd)
        pk_stats = json.loads(out)
        pk["runs_per_second"].append(pk_stats["hands"] / took)
        pk["runs_cpu_per_second"].append(pk_stats["hands"] / cpu)
        pk["runs_cpu_seconds"].append(cpu)
        log(f"  PokerKit replay process run {k + 1}/{runs}: {pk_stats['hands']:,} hands, "
            f"CPU {cpu:.2f} s (wall {took:.2f} s)")
    shutil.rmtree(scratch)
    for row in (pr, pk):
        row["per_second"] = statistics.median(row["runs_per_second"])
        row["per_cpu_second"] = statistics.median(row["runs_cpu_per_second"])
    ratio = ratios(pr, pk)
    note = (
        f"the replay command, whole process: pokerroom {pr_stats['hands']:,} hands in "
        f"{statistics.median(pr['runs_cpu_seconds']):.2f} s CPU, PokerKit's loop "
        f"{pk_stats['hands']:,} in {statistics.median(pk['runs_cpu_seconds']):.2f} s CPU: "
        f"{ratio['ratio_by_cpu_time']:.1f}x by CPU"
    )
    log(f"  {note}")
    return {
        "unit": "hands/s",
        "command": ours_cmd,
        "pokerroom": pr | {"results": pr_stats},
        "pokerkit": pk | {"results": pk_stats},
        **ratio,
        "target_ratio": COMMAND_TARGET_RATIO,
        "target_by": "ratio_by_cpu_time",
        "note": note,
    }


def bench_eval(args: argparse.Namespace, runs: int) -> dict[str, Any]:
    log("7-card evaluation: checking that both evaluators order hands alike ...")
    sevens = random_sevens(100_000 if args.quick else 200_000, args.seed)
    cross = cross_check_eval(sevens[:3000])
    log(f"  {cross}")
    pr_rate = 20_000 / pokerroom_eval(sevens[:20_000], 1)
    pk_hands = pokerkit_cards(sevens[:500])
    pk_rate = 500 / pokerkit_eval(pk_hands)
    repeat = max(1, round(pr_rate * args.seconds / 3 / len(sevens)))
    pk_hands = pokerkit_cards(sevens[: sized(pk_rate, args.seconds, least=500, most=len(sevens))])
    pr, pk = paired(
        runs,
        lambda: (pokerroom_eval(sevens, repeat), repeat * len(sevens)),
        lambda: (pokerkit_eval(pk_hands), len(pk_hands)),
    )
    return {
        "unit": "evaluations/s",
        "pokerroom": pr,
        "pokerkit": pk,
        **ratios(pr, pk),
        "target_ratio": None,
        "cross_check": cross,
    }


def table(results: dict[str, dict[str, Any]]) -> str:
    names = {
        "random_hands": "random 6-max NLHE hands (hands/s)",
        "replay": "Pluribus PHH replay (hands/s)",
        "replay_command": "`pokerroom replay` command (hands/s)",
        "eval7": "7-card evaluation (evals/s)",
    }
    head = (
        f"{'benchmark':<36}{'pokerroom':>12}{'PokerKit':>10}{'ratio':>9}{'CPU ratio':>11}  target"
    )
    lines = [head, "-" * len(head)]
    for key, row in results.items():
        target = row.get("target_ratio")
        verdict = ""
        if target:
            by = row.get("target_by", "ratio")
            verdict = f">={target:g}x " + ("met" if row[by] >= target else "MISSED")
            if by != "ratio":
                verdict += " (by CPU)"
        lines.append(
            f"{names[key]:<36}{row['pokerroom']['per_second']:>12,.0f}"
            f"{row['pokerkit']['per_second']:>10,.0f}{row['ratio']:>8.1f}x"
            f"{row['ratio_by_cpu_time']:>10.1f}x  {verdict}"
        )
    return "\n".join(lines)


def contention(results: dict[str, dict[str, Any]]) -> float:
    """The worst wall-clock / CPU-time rate ratio: ~1.0 on a quiet machine."""
    worst = 1.0
    for row in results.values():
        for side in ("pokerroom", "pokerkit"):
            worst = max(worst, row[side]["per_cpu_second"] / row[side]["per_second"])
    return worst


def profile(args: argparse.Namespace) -> None:
    pokerroom_hands(300, args.seed)  # warm the evaluator tables
    profiler = cProfile.Profile()
    if args.only == ["replay"]:
        paths = list(iter_paths([unpacked_phh() / "pluribus"]))
        pokerroom_replay(paths[:200])
        profiler.enable()
        pokerroom_replay(paths)
    else:
        profiler.enable()
        pokerroom_hands(args.profile_hands, args.seed)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats("pokerroom", 25)
    stats.sort_stats("cumulative").print_stats("pokerroom", 25)
    print(out.getvalue())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 run each, small samples")
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="target seconds per PokerKit measurement (default 10, quick 2)",
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", choices=("random_hands", "replay", "replay_command", "eval7"),
                        action="append")
    parser.add_argument(
        "--profile", action="store_true",
        help="cProfile pokerroom's hand loop (with --only replay: the Pluribus replay)",
    )
    parser.add_argument("--profile-hands", type=int, default=20_000)
    parser.add_argument("--output", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.seconds is None:
        args.seconds = 2.0 if args.quick else 10.0
    if args.profile:
        profile(args)
        return 0
    runs = 1 if args.quick else 3
    began = perf_counter()
    load_before = os.getloadavg()
    benches = {"random_hands": bench_random, "replay": bench_replay,
               "replay_command": bench_replay_command, "eval7": bench_eval}
    results = {
        name: bench(args, runs)
        for name, bench in benches.items()
        if not args.only or name in args.only
    }
    report = {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "quick": args.quick,
        "runs": runs,
        "seconds_target_pokerkit": args.seconds,
        "seed": args.seed,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "pokerkit": importlib.metadata.version("pokerkit"),
        "pokerroom": git_state(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "loadavg_before": load_before,
            "loadavg_after": os.getloadavg(),
        },
        "elapsed_seconds": perf_counter() - began,
        "wall_over_cpu": contention(results),
        "benchmarks": results,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")
    print(f"pokerroom's hand engine: {ENGINE} ({Path(pokerroom.__file__).parent})")
    print(table(results))
    for row in results.values():
        if row.get("note"):
            print(row["note"])
    if report["wall_over_cpu"] > 1.1:
        print(
            f"\nWARNING: the machine was busy (wall clock up to {report['wall_over_cpu']:.2f}x "
            "the CPU time): other processes competed for the cores; trust the CPU ratios more."
        )
    print(
        f"\n{runs} run(s) each, median; {report['elapsed_seconds']:.0f} s in all; "
        f"load average {load_before[0]:.2f} -> {report['machine']['loadavg_after'][0]:.2f}; "
        f"written to {args.output}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
