"""The room under load: WebSocket clients playing on many tables of a real server.

Run ``python bench/bench_server.py`` (about 80 seconds; ``--seconds 10`` for a
quick look).  It prints a summary and writes ``bench/results/server.json``.

What happens

1. ``pokerroom serve`` starts as a subprocess on a free port of 127.0.0.1 with
   a fresh SQLite file in a temp directory, ``--bot-delay 0`` and a short
   ``--pause`` between hands.  Only loopback addresses are used.
2. ``--tables`` tables (40; every fourth one pot-limit Omaha, the rest
   no-limit hold'em, blinds 1/2, 6 seats) are created over the HTTP API, and
   ``--per-table`` (5) players join each one through ``POST .../join`` with
   their own names, seats and buy-ins (200); each gets its seat's secret token.
3. Every player is a client over a real WebSocket (``/ws/tables/{id}``, the
   seat's token offered as the subprotocol ``pokerroom.token.<token>``, as the
   page does), in ``--client-processes`` (1) asyncio
   processes.  Like the page, each asks for deltas (subprotocol ``pokerroom.delta``)
   and rebuilds its state from them (``--whole-states``: a whole state a version).
   When a state message shows ``you.legal`` for a new decision, the client acts
   (at once, or after its think time: ``--think``): show at the showdown; else a minimum raise 8% of
   the time when raising is allowed; else fold 15% of the time when facing a
   bet; else check or call.  It rebuys when busted, posts when it is a new
   player or owes blinds, and sits back in when sat out.  ``--chat S``: each
   client also says a chat line every S seconds (from a random start);
   ``--preactions P``: while others act, a client chooses a pre-action (check/
   fold, call any, call N, fold to any bet) with probability P once a street;
   the server plays it on the client's turn (those actions are stored but never
   sent, so "nothing lost" then counts stored = confirmed + played ahead).
4. After everyone is connected and a warm-up (``--warmup`` seconds), the
   timed window of ``--seconds`` (60) starts.  At its end the clients stop
   acting, wait for their last actions to be confirmed and disconnect.

What is reported

- **actions/s**: the rows the server wrote to its ``actions`` table during
  the window (read from the SQLite file at the window's start and end),
  divided by the window's length: actions the server accepted and stored.
- **action latency**: for each action sent in the window, the time from
  sending it to receiving the first state message that shows it applied
  (the decision point the client acted on is gone); p50, p90, p99, max.
- **hands**: hands finished during the window (``hands.finished_at``), and in
  all.
- **nothing lost**: every action a client sent was confirmed; the stored
  actions equal the actions the clients sent (no timeouts, none invented);
  for every table the ledger endpoint's balance equals on_table + rake; the
  newest finished hands of every table download as PokerStars text and PHH;
  no hand was cancelled; clients saw no error messages; the server printed
  no traceback.
- CPU seconds of the server process and of the client processes during the
  window (the machine has 2 cores: a process at ~100% of one core is the
  bottleneck), and the server's CPU milliseconds per stored action, which
  depends much less on other load on the machine than actions/s does; split into
  the event loop's thread and the others (on SQLite, the recorder's group commits,
  SQLite's own work included), read per thread from /proc; and of each, per stored
  action, the CPU spent in the kernel (the sockets' reads and writes, the database
  file's, sleeping and waking) and its context switches: waits (it blocked on a
  socket, a lock or the interpreter's lock) and preemptions (the scheduler gave its
  core to another thread or process).
- the hand engine the server runs (its first line, ``engine`` in the JSON): "pure
  Python" from a checkout (``make serve``, ``PYTHONPATH=src``), "compiled" with the
  mypyc build first on the path (``make compiled``, then
  ``PYTHONPATH=build/compiled``), as the wheel installs it.

Reading the latency: with the default ``--think 0`` every client answers at
once, so each table always has exactly one decision in flight and the server
is saturated; by Little's law the mean latency is then about
tables / (actions/s), i.e. mostly queueing behind the other 39 tables'
actions.  ``--think A-B`` measures it at people's pace instead: a client decides
when its decision arrives and sends the action uniform(A, B) seconds later (seeded
per client; ``--think B``: uniform(0, B)), reading its socket meanwhile as a page
does, and drops the plan if the decision is gone by then (counted, never sent).
The server then keeps up, and the latency is what one action costs when it arrives
among others' rather than behind them: ``--tables 200 --think 2-8`` is 1,000 people
at five to a table, each table acting about once every five seconds.  One address
holds every socket: the bench turns the per-address limits off (``LOAD_SETTINGS``);
the room's total (``connections.total``, 4,000) and the open-file limit it raises
at start leave room for 1,000 sockets.  ``--postgres`` runs the same load against a
throwaway PostgreSQL server (tests/server/pg.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from provenance import git_commit, machine
from room_client import BUY_IN, Seat, choose, control_for, decision_key

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "bench" / "results" / "server.json"
HOST = "127.0.0.1"  # loopback only
LOAD_SETTINGS = ("quotas.tables_per_hour=0", "quotas.joins_per_hour=0",
                 "quotas.registrations_per_hour=0", "quotas.sockets_per_address=0",
                 "connections.per_address=100000")
"""One machine plays every client of the bench: the per-address quotas and the cap on
one address's connections are off."""
# A pre-action chosen from a state the table has just left (the turn came, the hand or
# the seat's decisions ended) is refused with one of these: not a problem of the room.
PREACTION_RACES = frozenset({"in_turn", "cannot_act", "no_hand", "not_in_hand"})


# ------------------------------------------------------------------ server


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def call(port: int, path: str, body: dict[str, Any] | None = None, *,
         raw: bool = False, timeout: float = 30, token: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://{HOST}:{port}{path}", data=data,
        headers={**({"Content-Type": "application/json"} if data else {}),
                 **({"Authorization": f"Bearer {token}"} if token else {})},
        method="POST" if data is not None else "GET")
    with urllib.request.urlopen(request, timeout=timeout) as response:
        payload = response.read()
    return payload if raw else json.loads(payload)


def _die_with_parent() -> None:
    """The server gets SIGTERM if this script dies, however it dies (Linux prctl)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def server_preexec(core: int | None) -> Callable[[], None]:
    """What the server's process runs before it starts: :func:`_die_with_parent`, and
    with ``core`` its affinity to that core alone (every thread it starts inherits it)."""
    def before() -> None:
        _die_with_parent()
        if core is not None:
            os.sched_setaffinity(0, {core})
    return before


def pin_cores(parser: argparse.ArgumentParser) -> int:
    """``--pin``: the core the server is to run on (the first this script may use);
    this script moves to the others (its client processes inherit them)."""
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        parser.error(f"--pin needs two cores; this script may use {len(cores)}")
    os.sched_setaffinity(0, cores[1:])
    return cores[0]


def server_engine() -> str:
    """Which hand engine the server runs: "compiled" (mypyc, as the wheel installs it)
    or "pure Python" (an editable install, ``make serve``), asked of the interpreter
    the server starts with, its environment and directory."""
    done = subprocess.run(
        [sys.executable, "-c", "import pokerroom; print(pokerroom.compiled())"],
        cwd=str(ROOT), env=dict(os.environ), capture_output=True, text=True, check=True)
    return "compiled" if done.stdout.strip() == "True" else "pure Python"


def start_server(port: int, database: str, log: Path, *, pause: float,
                 no_deflate: bool, core: int | None = None) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    # One machine plays every client: the per-address quotas are off.
    command = [sys.executable, "-m", "pokerroom.cli", "serve", "--host", HOST, "--port",
               str(port), "--database", database, "--bot-delay", "0", "--pause", str(pause),
               *(a for setting in LOAD_SETTINGS for a in ("--set", setting))]
    if no_deflate:
        # The CLI has no switch for it; run uvicorn the same way without compression.
        command = [sys.executable, "-c", (
            "import sys, uvicorn; from pokerroom.server.app import create_app; "
            "from pokerroom.server.settings import Settings, apply; "
            f"uvicorn.run(create_app({database!r}, bot_delay=0.0, "
            f"pause_between_hands={pause!r}, settings=apply(Settings(), "
            f"{list(LOAD_SETTINGS)!r}), freeze_heap=True), host={HOST!r}, port={port}, "
            "log_level='warning', ws_per_message_deflate=False)")]
    with log.open("ab") as sink:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=sink, env=env,
                                   cwd=str(ROOT), preexec_fn=server_preexec(core))
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            break
        try:
            call(port, "/api/tables", timeout=2)
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    process.wait()
    raise SystemExit(f"the server did not start:\n{log.read_text(errors='replace')[-3000:]}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def stat_fields(stat: Path) -> list[str]:
    """The fields of a /proc ``stat`` file after the command's name (which may hold
    spaces and parentheses): the process's state first, utime at index 11."""
    return stat.read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int, *, children: bool = False, thread: int | None = None) -> float:
    """utime + stime of a process, from /proc (``children``: and of its children that
    ended and were waited for; ``thread``: of that thread of it alone)."""
    stat = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        fields = stat_fields(Path(stat))
    except OSError:
        return float("nan")
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def thread_counters(pid: int) -> dict[str, dict[str, float]]:
    """Of the process's first thread (``loop``: its event loop) and of its other threads
    (``others``: on SQLite the recorder's), from /proc: CPU seconds in the kernel
    (stime) and context switches, voluntary (it waited: for the socket, a lock, the
    interpreter's lock) and involuntary (the scheduler took the core from it)."""
    out = {name: {"kernel": 0.0, "voluntary": 0.0, "involuntary": 0.0}
           for name in ("loop", "others")}
    tick = os.sysconf("SC_CLK_TCK")
    with contextlib.suppress(OSError):
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        for task in tasks:
            with contextlib.suppress(OSError, IndexError, ValueError):
                stime = int(stat_fields(task / "stat")[12])
                status = dict(line.split(":", 1) for line in
                              (task / "status").read_text().splitlines() if ":" in line)
                counts = out["loop" if task.name == str(pid) else "others"]
                counts["kernel"] += stime / tick
                counts["voluntary"] += int(status["voluntary_ctxt_switches"])
                counts["involuntary"] += int(status["nonvoluntary_ctxt_switches"])
    return out


def postmaster_of(port: int) -> int | None:
    """The pid of the PostgreSQL server listening on ``port`` (its main process)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            if argv and argv[0].endswith(b"postgres") and f"-p {port} ".encode() in b" ".join(
                    argv) + b" ":
                return int(entry.name)
    return None


def postgres_cpu_seconds(postmaster: int) -> float:
    """CPU of a PostgreSQL server: its main process, its children that ended, and the
    ones alive (one backend a connection, the writers, the checkpointer...)."""
    total = cpu_seconds(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat_fields(entry / "stat")[1]) == postmaster:
                total += cpu_seconds(int(entry.name))
    return total


def shutdown_problems(text: str) -> list[str]:
    """Tracebacks a server printed while it stopped that are not the stop itself
    (uvicorn re-raises the SIGINT it was stopped with as a KeyboardInterrupt, and tasks
    still running are cancelled)."""
    out = []
    for chunk in text.split("Traceback (most recent call last):")[1:]:
        last = [line for line in chunk.strip().splitlines() if line.strip()][-1:]
        if not last or not last[0].startswith(("KeyboardInterrupt",
                                               "asyncio.exceptions.CancelledError")):
            out.append(last[0] if last else "an empty traceback")
    return out


def db_counts(engine: Any, since: float | None = None,
              until: float | None = None) -> dict[str, int]:
    """Stored actions and hands, read from the server's database beside it."""
    from sqlalchemy import text

    with engine.connect() as connection:
        actions = connection.execute(text("select count(*) from actions")).scalar_one()
        # Showing or mucking at the showdown is the dealer's (S4: the player's setting
        # decides), never sent by a client.
        showdown = connection.execute(text(
            # The JSON as text (a json column has no LIKE on PostgreSQL).
            "select count(*) from actions where cast(action as text) like '%\"show\"%' "
            "or cast(action as text) like '%\"muck\"%'")).scalar_one()
        by_status = dict(connection.execute(text(
            "select status, count(*) from hands group by status")).all())
        window = 0
        if since is not None and until is not None:
            window = connection.execute(text(
                "select count(*) from hands where status = 'finished' and finished_at >= :a "
                "and finished_at < :b"), {"a": since, "b": until}).scalar_one()
        commits = 0
        if engine.dialect.name.startswith("postgresql"):
            commits = connection.execute(text(
                "select xact_commit from pg_stat_database "
                "where datname = current_database()")).scalar_one()
    return {"actions": int(actions), "showdown": int(showdown), "commits": int(commits),
            "finished": int(by_status.get("finished", 0)),
            "running": int(by_status.get("running", 0)),
            "cancelled": int(by_status.get("cancelled", 0)), "finished_in_window": int(window)}


WATCHED = {"commit": "pokerroom_db_commit_seconds", "loop_lag": "pokerroom_event_loop_lag_seconds"}
"""The server's histograms read at the window's start and end (``GET /metrics``): how
long its commits took, and how late its event loop woke (every half second)."""


def histograms(port: int) -> dict[str, dict[str, float]]:
    """The :data:`WATCHED` histograms now: ``{name: {le: count, "sum": s, "count": n}}``."""
    text = call(port, "/metrics", raw=True).decode()
    out: dict[str, dict[str, float]] = {key: {} for key in WATCHED}
    for line in text.splitlines():
        for key, metric in WATCHED.items():
            if not line.startswith(metric):
                continue
            name, value = line.rsplit(" ", 1)
            if name.startswith(f"{metric}_bucket"):
                bound = name.split('le="', 1)[1].split('"', 1)[0]
                out[key][bound] = out[key].get(bound, 0.0) + float(value)
            elif name.startswith((f"{metric}_sum", f"{metric}_count")):
                part = name[len(metric) + 1:].split("{", 1)[0]
                out[key][part] = out[key].get(part, 0.0) + float(value)
    return out


def window_histograms(before: dict[str, dict[str, float]], after: dict[str, dict[str, float]]
                      ) -> dict[str, dict[str, float | None]]:
    """Each watched histogram over the window: how many, their mean, and the upper
    bounds of the buckets holding the 50th and 99th percentiles (ms)."""
    out: dict[str, dict[str, float | None]] = {}
    for key in WATCHED:
        a, b = before[key], after[key]
        count = b.get("count", 0.0) - a.get("count", 0.0)
        buckets = sorted((float(le), b[le] - a.get(le, 0.0)) for le in b
                         if le not in ("sum", "count"))

        def bound(q: float, buckets: list[tuple[float, float]] = buckets,
                  count: float = count) -> float | None:
            for le, cumulative in buckets:
                if count and cumulative >= q * count:
                    return le * 1000
            return None

        out[key] = {"count": count, "mean_ms": (b.get("sum", 0.0) - a.get("sum", 0.0))
                    * 1000 / count if count else None,
                    "p50_at_most_ms": bound(0.50), "p99_at_most_ms": bound(0.99)}
    return out


# ------------------------------------------------------------------ clients


@dataclass
class ClientStats:
    sent: int = 0  # actions sent
    confirmed: int = 0
    sent_in_window: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds, actions sent in window
    controls: int = 0  # rebuys, posts, sit-ins
    states: int = 0
    bytes: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    unconfirmed: int = 0
    connect_failures: int = 0
    versions_went_back: int = 0
    chat_sent: int = 0
    chat_heard: int = 0  # lines received (every client hears every line at its table)
    preactions: int = 0  # pre-actions chosen
    preactions_cancelled: int = 0
    preaction_races: int = 0
    plans_dropped: int = 0  # decisions gone while the client thought (with --think)


async def play(seat: Seat, port: int, *, start: float, end: float, grace: float,
               stats: ClientStats, seed: int, compression: bool, think: tuple[float, float],
               chat: float = 0.0, preactions: float = 0.0, deltas: bool = True) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from pokerroom.server.tables.scene import apply
    from pokerroom.server.tables.views import compose

    rng = random.Random(seed)
    uri = f"ws://{HOST}:{port}/ws/tables/{seat.table}"
    next_chat = start + rng.uniform(0, chat) if chat > 0 else float("inf")
    chosen_for: tuple[Any, ...] | None = None  # the (hand, street) a pre-action was chosen in
    acted_key: tuple[Any, ...] | None = None
    sent_at: float | None = None
    sent_wall = 0.0
    # With a think time: the action chosen for the decision ``planned_key``, sent at
    # ``due`` (perf_counter) unless the decision is gone by then; the socket is read
    # meanwhile, as a page reads it while its player thinks.
    planned: dict[str, Any] | None = None
    planned_key: tuple[Any, ...] | None = None
    due = 0.0
    last_state: dict[str, Any] | None = None
    control_key: tuple[Any, ...] | None = None
    version = 0
    scene: dict[str, Any] = {}  # with deltas: the public part held, and this seat's own
    own: Any = None
    offered = ["pokerroom", f"pokerroom.token.{seat.token}"]
    if deltas:  # as the table page does (static/shared/scene.js)
        offered.insert(1, "pokerroom.delta")
    try:
        ws = await connect(uri, max_size=2**24, open_timeout=60,
                           compression="deflate" if compression else None,
                           subprotocols=offered)  # type: ignore[arg-type]
    except (TimeoutError, OSError) as exc:
        stats.connect_failures += 1
        stats.errors[f"connect: {type(exc).__name__}"] += 1
        return
    async with ws:
        while True:
            now_wall = time.time()
            stopping = now_wall >= end
            if stopping and sent_at is None:
                break
            if stopping:
                planned = None  # not sent: the window is over
            wait = (end + grace if stopping else end) - now_wall
            if planned is not None:
                wait = min(wait, due - time.perf_counter())
                if wait <= 0:  # thought it over: the action goes now
                    acted_key, planned_key = planned_key, None
                    sent_wall = time.time()
                    sent_at = time.perf_counter()
                    stats.sent += 1
                    if start <= sent_wall < end:
                        stats.sent_in_window += 1
                    await ws.send(json.dumps(planned))
                    planned = None
                    continue
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.01, wait))
            except TimeoutError:
                if time.time() >= end + grace:
                    break
                continue
            except ConnectionClosed as exc:
                stats.errors[f"connection closed ({exc.rcvd.code if exc.rcvd else 'no close'})"] \
                    += 1
                break
            received = time.perf_counter()
            stats.bytes += len(raw)
            message = json.loads(raw)
            kind = message["type"]
            if kind == "chat":
                stats.chat_heard += len(message["lines"])
                continue
            if kind == "error" and message["reason"] == "preaction_cancelled":
                stats.preactions_cancelled += 1  # the bet changed: the client acts itself
                continue
            if kind == "error" and message["reason"] in PREACTION_RACES and preactions > 0:
                stats.preaction_races += 1  # chosen from a state the table had left
                continue
            if kind == "error":
                stats.errors[message["reason"]] += 1
                if sent_at is not None:  # refused: decide again on the next state
                    sent_at = None
                    acted_key = None
                continue
            if kind == "scene":
                scene, own = message["scene"], message["own"]
                message = {"type": "state", "version": message["version"],
                           "state": compose(scene, own)}
            elif kind == "delta":
                if message["base"] != version:
                    stats.errors["delta_base_mismatch"] += 1
                scene = apply(scene, message["scene"])
                own = message.get("own", own)
                message = {"type": "state", "version": message["version"],
                           "state": compose(scene, own)}
            elif kind != "state":
                continue
            stats.states += 1
            if message["version"] < version:
                stats.versions_went_back += 1
            version = message["version"]
            state = message["state"]
            last_state = state
            key = decision_key(state)
            if sent_at is not None and key != acted_key:
                stats.confirmed += 1
                if start <= sent_wall < end:
                    stats.latencies.append(received - sent_at)
                sent_at = None
            if planned is not None and key != planned_key:
                planned = None  # the decision thought about is gone
                stats.plans_dropped += 1
            if stopping:
                continue
            you = state["you"]
            if you is None:
                continue
            if time.time() >= next_chat:
                next_chat += chat
                stats.chat_sent += 1
                await ws.send(json.dumps({"type": "chat", "text": f"gl {seat.name}"}))
            legal = you.get("legal")
            hand = state["hand"]
            mine = state["seats"][seat.seat]
            if (preactions > 0 and not legal and hand is not None and hand["phase"] == "betting"
                    and hand["actor"] is not None and hand["actor"] != seat.seat
                    and mine and mine.get("in_hand") and not mine.get("folded")
                    and not mine.get("all_in") and you.get("preaction") is None
                    and chosen_for != (hand["number"], hand["street"])):
                chosen_for = (hand["number"], hand["street"])
                if rng.random() < preactions:
                    owed = min(hand["current_bet"] - (mine.get("bet") or 0), mine["stack"])
                    kind = rng.choice(["check_fold", "call_any", "fold_to_bet"]
                                      + (["call"] if owed > 0 else []))
                    stats.preactions += 1
                    await ws.send(json.dumps({"type": "preaction", "kind": kind,
                                              **({"amount": owed} if kind == "call" else {})}))
            if legal and sent_at is None and planned is None and key != acted_key:
                action = choose(legal, rng)
                if think[1] > 0:
                    planned, planned_key = action, key
                    due = time.perf_counter() + rng.uniform(*think)
                    continue
                acted_key = key
                sent_wall = time.time()
                sent_at = time.perf_counter()
                stats.sent += 1
                if start <= sent_wall < end:
                    stats.sent_in_window += 1
                await ws.send(json.dumps(action))
                continue
            status = you.get("status")
            hand_number = state["hand"]["number"] if state["hand"] else None
            control = control_for(you)
            if control is not None:
                ckey = (control["type"], status, hand_number)
                if ckey != control_key:
                    control_key = ckey
                    stats.controls += 1
                    await ws.send(json.dumps(control))
    if sent_at is not None:
        stats.unconfirmed += 1
    del last_state


async def run_clients(seats: list[Seat], port: int, start: float, end: float, grace: float,
                      seed: int, compression: bool, think: tuple[float, float],
                      chat: float = 0.0,
                      preactions: float = 0.0, deltas: bool = True) -> dict[str, Any]:
    stats = [ClientStats() for _ in seats]
    cpu0 = time.process_time()
    tasks = [asyncio.create_task(play(s, port, start=start, end=end, grace=grace, stats=st,
                                      seed=seed * 1000 + i, compression=compression,
                                      think=think, chat=chat, preactions=preactions,
                                      deltas=deltas))
             for i, (s, st) in enumerate(zip(seats, stats, strict=True))]
    cpu_at_start: float | None = None
    while time.time() < start - 1.0:
        await asyncio.sleep(min(0.2, max(0.0, start - 1.0 - time.time())))
    # What the clients hold by now (1,000 sockets, their states) stays: out of this
    # process's full collections, whose pauses would count as the server's latency.
    gc.collect()
    gc.freeze()
    await asyncio.sleep(max(0.0, start - time.time()))
    cpu_at_start = time.process_time()
    await asyncio.sleep(max(0.0, end - time.time()))
    cpu_at_end = time.process_time()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    crashed = [repr(r) for r in results if isinstance(r, BaseException)]
    errors: Counter[str] = Counter()
    for st in stats:
        errors.update(st.errors)
    return {
        "clients": len(seats),
        "sent": sum(s.sent for s in stats),
        "confirmed": sum(s.confirmed for s in stats),
        "sent_in_window": sum(s.sent_in_window for s in stats),
        "unconfirmed": sum(s.unconfirmed for s in stats),
        "controls": sum(s.controls for s in stats),
        "states": sum(s.states for s in stats),
        "bytes": sum(s.bytes for s in stats),
        "versions_went_back": sum(s.versions_went_back for s in stats),
        "connect_failures": sum(s.connect_failures for s in stats),
        "errors": dict(errors),
        "crashed": crashed[:10],
        "latencies": [x for s in stats for x in s.latencies],
        "chat_sent": sum(s.chat_sent for s in stats),
        "chat_heard": sum(s.chat_heard for s in stats),
        "preactions": sum(s.preactions for s in stats),
        "preactions_cancelled": sum(s.preactions_cancelled for s in stats),
        "preaction_races": sum(s.preaction_races for s in stats),
        "plans_dropped": sum(s.plans_dropped for s in stats),
        "cpu_window": cpu_at_end - cpu_at_start,
        "cpu_total": time.process_time() - cpu0,
    }


def client_worker(args: tuple[list[dict[str, Any]], int, float, float, float, int, bool,
                              tuple[float, float], float, float, bool]) -> dict[str, Any]:
    seat_dicts, port, start, end, grace, seed, compression, think, chat, preactions, deltas = args
    seats = [Seat(**d) for d in seat_dicts]
    return asyncio.run(run_clients(seats, port, start, end, grace, seed, compression, think,
                                   chat, preactions, deltas))


# -------------------------------------------------------------------- main


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def check_tables(port: int, tables: list[str], tokens: dict[str, str],
                 downloads: int) -> dict[str, Any]:
    """Ledgers balance; the newest finished hands download in both formats."""
    ledger_bad: list[dict[str, Any]] = []
    download_failures: list[str] = []
    downloaded = 0
    running = 0
    for table in tables:
        ledger = call(port, f"/api/tables/{table}/ledger")
        if ledger["balance"] != ledger["on_table"] + ledger["rake"]:
            ledger_bad.append({"table": table, **ledger})
        hands = call(port, f"/api/tables/{table}/hands")
        running += sum(h["status"] == "running" for h in hands)
        finished = [h["number"] for h in hands if h["status"] == "finished"][:downloads]
        for number in finished:
            for suffix, head in ((".txt", b"PokerStars Hand #"), (".phh", b"variant = ")):
                path = f"/api/tables/{table}/hands/{number}{suffix}"
                try:
                    body = call(port, path, raw=True, token=tokens[table])
                except urllib.error.HTTPError as exc:
                    if suffix == ".phh" and exc.code == 404:
                        continue  # dead money cannot be written as PHH
                    download_failures.append(f"{path}: HTTP {exc.code}")
                    continue
                downloaded += 1
                if not body.startswith(head) and head not in body[:400]:
                    download_failures.append(f"{path}: starts {body[:40]!r}")
    return {"ledger_mismatches": ledger_bad, "downloads_checked": downloaded,
            "download_failures": download_failures, "running_hands": running}


def think_range(text: str) -> tuple[float, float]:
    """``--think``: ``B`` (uniform(0, B) seconds) or ``A-B``."""
    low, _, high = text.rpartition("-")
    try:
        bounds = (float(low) if low else 0.0, float(high))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--think is B or A-B in seconds, got {text!r}"
                                         ) from None
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"--think A-B needs 0 <= A <= B, got {text!r}")
    return bounds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="timed window")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--per-table", type=int, default=5, help="clients per table (2-6)")
    parser.add_argument("--client-processes", type=int, default=1)
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between hands")
    parser.add_argument("--downloads", type=int, default=3,
                        help="newest finished hands to download per table")
    parser.add_argument("--no-deflate", action="store_true",
                        help="no permessage-deflate (browsers use it; default on)")
    parser.add_argument("--whole-states", action="store_true",
                        help="clients take a whole state per version instead of the deltas "
                             "the table page asks for (subprotocol pokerroom.delta)")
    parser.add_argument("--think", type=think_range, default=(0.0, 0.0), metavar="[A-]B",
                        help="clients act uniform(A, B) seconds (A: 0 when omitted) after "
                             "their decision arrives, seeded, reading their socket meanwhile "
                             "(default 0: as fast as the server answers)")
    parser.add_argument("--chat", type=float, default=0.0, metavar="S",
                        help="each client says a chat line every S seconds (default 0: none)")
    parser.add_argument("--preactions", type=float, default=0.0, metavar="P",
                        help="a client chooses a pre-action with probability P a street "
                             "while others act (default 0: none)")
    parser.add_argument("--postgres", action="store_true",
                        help="a throwaway PostgreSQL server (tests/server/pg.py) instead of SQLite")
    parser.add_argument("--pin", action="store_true",
                        help="the server on the first core this script may use, this script "
                             "and its clients (and a --postgres server) on the others: a "
                             "steadier CPU per action on a small machine (bench/README.md)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (database, log)")
    args = parser.parse_args()
    if not 2 <= args.per_table <= 6:
        parser.error("--per-table is 2-6")

    from sqlalchemy import create_engine

    server_core = pin_cores(parser) if args.pin else None
    workdir = Path(tempfile.mkdtemp(prefix="pokerroom-bench-"))
    log = workdir / "server.log"
    port = free_port()
    load_before = os.getloadavg()
    began = time.time()
    hand_engine = server_engine()
    resources = contextlib.ExitStack()
    postmaster: int | None = None
    if args.postgres:
        sys.path.insert(0, str(ROOT))
        from tests.server.pg import postgres_server

        pg = resources.enter_context(postgres_server())
        database, postmaster = pg.url, postmaster_of(pg.port)
        database_kind = ("postgresql (throwaway server, fsync off, synchronous_commit off)")
    else:
        database = f"sqlite:///{workdir / 'room.sqlite'}"
        database_kind = "sqlite (temp file)"
    server = start_server(port, database, log, pause=args.pause, no_deflate=args.no_deflate,
                          core=server_core)
    engine = create_engine(database)
    resources.callback(engine.dispose)
    print(f"server pid {server.pid} on http://{HOST}:{port} (database {database})",
          file=sys.stderr)
    try:
        def create(i: int) -> str:
            omaha = i % 4 == 3
            body = {"name": f"Bench {i + 1}", "game": "omaha" if omaha else "holdem",
                    "structure": "pot_limit" if omaha else "no_limit", "seats": 6,
                    "small_blind": 1, "big_blind": 2, "action_seconds": 30}
            return str(call(port, "/api/tables", body)["id"])

        def join(place: tuple[int, str, int]) -> Seat:
            t, table, s = place
            name = f"P{t + 1}-{s + 1}"
            token = call(port, f"/api/tables/{table}/join",
                         {"name": name, "seat": s, "buy_in": BUY_IN})["token"]
            return Seat(table, s, name, token)

        # A few requests at once: 1,000 joins one after another take long on a busy machine.
        with ThreadPoolExecutor(max_workers=8) as requests:
            tables = list(requests.map(create, range(args.tables)))
            seats = list(requests.map(join, [(t, table, s) for t, table in enumerate(tables)
                                             for s in range(args.per_table)]))
        tokens: dict[str, str] = {}
        for seat in seats:
            tokens.setdefault(seat.table, seat.token)
        joined = time.time()
        print(f"{len(tables)} tables, {len(seats)} players joined in {joined - began:.1f} s",
              file=sys.stderr)

        n = max(1, args.client_processes)
        groups: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        for i, table in enumerate(tables):  # whole tables per process
            groups[i % n].extend(s.__dict__ for s in seats if s.table == table)
        # Connecting 200 sockets takes a moment; the window starts after the warm-up.
        start = time.time() + 3.0 + len(seats) / 200 + args.warmup
        end = start + args.seconds
        grace = 5.0
        context = multiprocessing.get_context("spawn")
        with context.Pool(n) as pool:
            pending = pool.map_async(client_worker, [
                (g, port, start, end, grace, args.seed + k, not args.no_deflate, args.think,
                 args.chat, args.preactions, not args.whole_states)
                for k, g in enumerate(groups)])
            time.sleep(max(0.0, start - time.time()))
            at_start = db_counts(engine)
            watched_start = histograms(port)  # before the CPU is read: not in the window's
            server_cpu_start = cpu_seconds(server.pid)
            # the process's first thread: its event loop (the others: the recorder's)
            loop_cpu_start = cpu_seconds(server.pid, thread=server.pid)
            threads_start = thread_counters(server.pid)
            db_cpu_start = postgres_cpu_seconds(postmaster) if postmaster else 0.0
            print(f"window of {args.seconds:.0f} s starts", file=sys.stderr)
            time.sleep(max(0.0, end - time.time()))
            at_end = db_counts(engine, start, end)
            server_cpu_end = cpu_seconds(server.pid)
            loop_cpu_end = cpu_seconds(server.pid, thread=server.pid)
            threads_end = thread_counters(server.pid)
            watched = window_histograms(watched_start, histograms(port))
            db_cpu_end = postgres_cpu_seconds(postmaster) if postmaster else 0.0
            results = pending.get(timeout=args.seconds + 120)
        after = db_counts(engine)
        checks = check_tables(port, tables, tokens, args.downloads)
    finally:
        served = log.stat().st_size  # what the server printed before it was stopped
        stop_server(server)
        resources.close()
    with log.open("rb") as f:
        server_log = f.read(served).decode(errors="replace")
        at_stop = shutdown_problems(f.read().decode(errors="replace"))

    latencies = sorted(x for r in results for x in r["latencies"])
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r["errors"])
    total = {k: sum(r[k] for r in results) for k in (
        "clients", "sent", "confirmed", "sent_in_window", "unconfirmed", "controls", "states",
        "bytes", "versions_went_back", "connect_failures", "chat_sent", "chat_heard",
        "preactions", "preactions_cancelled", "preaction_races", "plans_dropped")}
    window = args.seconds
    stored_in_window = at_end["actions"] - at_start["actions"]
    ms = [x * 1000 for x in latencies]
    timeouts = server_log.count("ran out of time")
    problems: list[str] = []
    if total["connect_failures"]:
        problems.append(f"{total['connect_failures']} clients could not connect")
    if total["sent"] != total["confirmed"] or total["unconfirmed"]:
        problems.append(f"{total['sent'] - total['confirmed']} actions sent but not confirmed")
    # Pre-actions are played by the server, never sent: only with them may it store more.
    played_ahead = after["actions"] - after["showdown"] - total["confirmed"]
    if played_ahead < 0 or (played_ahead and not args.preactions):
        problems.append(f"the server stored {after['actions']} actions ({after['showdown']} "
                        f"at the showdown), the clients had {total['confirmed']} confirmed")
    if errors:
        problems.append(f"clients saw errors: {dict(errors)}")
    if checks["ledger_mismatches"]:
        problems.append(f"ledger mismatches: {checks['ledger_mismatches']}")
    if checks["download_failures"]:
        problems.append(f"download failures: {checks['download_failures'][:5]}")
    if after["cancelled"]:
        problems.append(f"{after['cancelled']} hands cancelled")
    if "Traceback" in server_log or "internal error" in server_log:
        problems.append("the server printed a traceback")
    if at_stop:
        problems.append(f"the server printed tracebacks as it stopped: {at_stop[:3]}")
    if total["versions_went_back"]:
        problems.append(f"{total['versions_went_back']} state versions went backwards")
    crashed = [c for r in results for c in r["crashed"]]
    if crashed:
        problems.append(f"client tasks crashed: {crashed[:3]}")

    report: dict[str, Any] = {
        "benchmark": "server",
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(began)),
        "config": {"tables": args.tables, "per_table": args.per_table,
                   "clients": len(seats), "client_processes": n, "seconds": window,
                   "warmup": args.warmup, "pause_between_hands": args.pause,
                   "bot_delay": 0, "database": database_kind, "think_seconds": list(args.think),
                   "chat_every_seconds": args.chat, "preaction_probability": args.preactions,
                   "permessage_deflate": not args.no_deflate, "seed": args.seed,
                   "deltas": not args.whole_states,
                   "pinned": None if server_core is None else {
                       "server_core": server_core,
                       "client_cores": sorted(os.sched_getaffinity(0))},
                   "games": "3 of 4 tables no-limit hold'em, 1 of 4 pot-limit Omaha; 1/2",
                   "policy": "show at showdown; min raise 8%; fold 15% facing a bet; "
                             "else check/call"},
        "results": {
            "actions_per_second": stored_in_window / window,
            "actions_stored_in_window": stored_in_window,
            "actions_sent_in_window": total["sent_in_window"],
            "latency_ms": {
                "count": len(ms),
                "mean": statistics.fmean(ms) if ms else None,
                "p50": percentile(ms, 0.50), "p90": percentile(ms, 0.90),
                "p99": percentile(ms, 0.99), "p999": percentile(ms, 0.999),
                "max": ms[-1] if ms else float("nan"),
            },
            "hands_in_window": at_end["finished_in_window"],
            "hands_per_second": at_end["finished_in_window"] / window,
            "hands_total": after["finished"],
            "state_messages": total["states"],
            "state_mb_received": total["bytes"] / 1e6,
            "server_cpu_in_window": (server_cpu_end - server_cpu_start) / window,
            # CPU the server spends per stored action (state views, JSON, WebSocket frames,
            # database writes): less sensitive to other load on the machine than actions/s.
            "server_cpu_ms_per_action": (server_cpu_end - server_cpu_start) * 1000
            / max(1, stored_in_window),
            # Of that, the event loop's thread; the rest is the other threads' (on
            # SQLite the recorder's group commit, SQLite's own work included).
            "server_loop_thread_ms_per_action": (loop_cpu_end - loop_cpu_start) * 1000
            / max(1, stored_in_window),
            # Per stored action, of the loop's thread and of the others: CPU in the kernel
            # (ms; the socket reads and writes, the database file's, waking and sleeping)
            # and context switches (see thread_counters).
            "server_threads_per_action": {
                name: {key: (threads_end[name][key] - threads_start[name][key])
                       * (1000 if key == "kernel" else 1) / max(1, stored_in_window)
                       for key in threads_end[name]}
                for name in threads_end},
            "client_cpu_in_window": [r["cpu_window"] / window for r in results],
            # PostgreSQL's own CPU (all its processes) per stored action; 0 on SQLite,
            # whose work is inside the server process.
            "database_cpu_ms_per_action": (db_cpu_end - db_cpu_start) * 1000
            / max(1, stored_in_window),
            # PostgreSQL: transactions committed per stored action (pg_stat_database,
            # whose counts lag up to half a second); None on SQLite.
            "commits_per_action": (at_end["commits"] - at_start["commits"])
            / max(1, stored_in_window) if postmaster else None,
            # The server's own histograms over the window (GET /metrics): its commits
            # and its event loop's lateness, as bucket bounds.
            "server_histograms": watched,
        },
        "nothing_lost": {
            "ok": not problems,
            "problems": problems,
            "actions_sent": total["sent"],
            "actions_confirmed": total["confirmed"],
            "actions_played_ahead": played_ahead,
            "chat_sent": total["chat_sent"], "chat_heard": total["chat_heard"],
            "preactions_chosen": total["preactions"],
            "preactions_cancelled": total["preactions_cancelled"],
            "preaction_races": total["preaction_races"],
            "plans_dropped": total["plans_dropped"],
            "actions_stored": after["actions"],
            "unconfirmed": total["unconfirmed"],
            "controls_sent": total["controls"],
            "client_errors": dict(errors),
            "timeouts": timeouts,
            "hands": {k: after[k] for k in ("finished", "running", "cancelled")},
            **checks,
        },
        "machine": machine(load_before),
        "engine": hand_engine,
        "git_commit": git_commit(),
        "elapsed_seconds": time.time() - began,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")
    r = report["results"]
    lat = r["latency_ms"]
    print(f"pokerroom server: {len(seats)} WebSocket clients on {args.tables} tables, "
          f"{window:.0f} s window, "
          + ("whole states" if args.whole_states else "deltas (as the page)")
          + f", the {hand_engine} engine"
          + (f", the server pinned to core {server_core}" if server_core is not None else ""))
    print(f"  actions/s        {r['actions_per_second']:.0f} (server-stored; "
          f"{stored_in_window} in the window)")
    print(f"  action latency   p50 {lat['p50']:.1f} ms, p90 {lat['p90']:.1f} ms, "
          f"p99 {lat['p99']:.1f} ms, max {lat['max']:.1f} ms ({lat['count']} actions)")
    if args.think[1] > 0:
        print(f"  think time       uniform({args.think[0]:g}, {args.think[1]:g}) s; "
              f"{total['plans_dropped']} planned actions dropped (their decision gone)")
    if args.chat or args.preactions:
        print(f"  chat / ahead     {total['chat_sent']} lines said, {total['chat_heard']} heard; "
              f"{total['preactions']} pre-actions, {played_ahead} played ahead, "
              f"{total['preactions_cancelled']} cancelled by a changed bet")
    for key, h in watched.items():
        print(f"  server {key:<9} {h['count']:.0f} in the window, mean "
              + (f"{h['mean_ms']:.1f} ms" if h["mean_ms"] is not None else "-")
              + f", p50 <= {h['p50_at_most_ms']} ms, p99 <= {h['p99_at_most_ms']} ms")
    print(f"  hands            {r['hands_in_window']} in the window "
          f"({r['hands_per_second']:.1f}/s), {r['hands_total']} in all")
    print(f"  CPU              server {r['server_cpu_in_window']:.0%} of a core "
          f"({r['server_cpu_ms_per_action']:.2f} ms per action), clients "
          + ", ".join(f"{c:.0%}" for c in r["client_cpu_in_window"])
          + f"; load average {load_before[0]:.1f} -> {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores")
    loop_ms = r["server_loop_thread_ms_per_action"]
    print(f"  server threads   event loop {loop_ms:.2f} ms per action, the others "
          f"(the recorder's commits) {r['server_cpu_ms_per_action'] - loop_ms:.2f} ms")
    per = r["server_threads_per_action"]
    print("  in the kernel    " + ", ".join(
        f"{name} {per[name]['kernel']:.2f} ms per action ({per[name]['voluntary']:.2f} waits"
        f" and {per[name]['involuntary']:.2f} preemptions)" for name in ("loop", "others")))
    if postmaster:
        print(f"  PostgreSQL       {r['database_cpu_ms_per_action']:.2f} ms of CPU per action "
              f"(its own processes), {r['commits_per_action']:.2f} commits per action")
    print(f"  nothing lost     {'yes' if not problems else 'NO: ' + '; '.join(problems)} "
          f"({total['confirmed']} actions confirmed and stored, "
          f"{checks['downloads_checked']} downloads, {len(tables)} ledgers balanced"
          f"{'' if not checks['ledger_mismatches'] else ' (NOT ALL)'})")
    print(f"  written to {args.output}")
    if args.keep:
        print(f"  kept {workdir}", file=sys.stderr)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
