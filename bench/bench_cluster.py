"""The room on one and on two workers behind nginx, in one run (issue 15).

Run ``python bench/bench_cluster.py`` (about 4 minutes; ``--seconds 5 --rounds 2`` for
a quick look), or ``make bench-cluster``.  It prints every window, the means and their
ratio, and writes ``bench/results/cluster.json``.

What it sets up, once per configuration (one worker, two workers), both alive for
the whole run:

1. A fresh database on one throwaway PostgreSQL server (tests/server/pg.py: fsync,
   synchronous_commit and full_page_writes off), ``N`` workers (``pokerroom serve
   --worker wK --worker-prefix /w/wK``, the tests' harness, tests/cluster/harness.py),
   each in a session of its own (``--worker-sessions``: see :func:`worker_class`),
   and nginx in front with the configuration ``pokerroom.server.cluster.proxy_config``
   renders (standalone, one nginx worker process).  Loopback only.
2. ``--tables`` tables (40, no-limit hold'em, blinds 1/2, 6 seats), created through
   nginx (its round robin spreads them: 20 and 20 with two workers), paused; at each
   ``--people-per-table`` people (1) join and ``--bots-per-table`` bots (5, the
   room's default bot ``solid``, ``--bot-delay`` 0: they act at once) fill seats.
   Bots play inside the worker that owns the table: the client side costs only the
   people's connections.
3. Every person is a ``room_client.FollowingClient`` (bench/room_client.py, the
   decisions bench_server.py makes) on a WebSocket through nginx: it connects to
   the generic ``/ws/tables/ID``, follows ``moved`` to its table's owner, and acts
   at once whenever its state shows a decision.  One client process per
   configuration.

Then windows of ``--seconds`` (15), ``--rounds`` (4) of each configuration, one
after the other in the order 1 2, 2 1, 1 2, ...: the configuration's tables are
resumed, ``--warmup`` (2 s), the window, paused again (the hand in progress ends,
no new one starts).  The other configuration sits idle meanwhile (its cost in the
window is recorded).  Short alternating windows make a change in the rest of the
machine's load (it is shared) hit both configurations alike.

What is reported, per window: **actions/s** (every row the workers stored in
``actions``, bots' and people's), the people's own actions/s and **latency**
(send to the first state showing the action applied, p50 and p99), CPU of each
worker (and how long it was ready to run but waited for a core, from
/proc/PID/task/*/schedstat, and how long it slept), of PostgreSQL, nginx and the
clients, and the **CPU per stored action** of each part; per configuration the
means and the actions/s its CPU per action allows on idle cores (:func:`ceiling`);
the checks that nothing went wrong (every sent action confirmed, no error message,
ledgers balance through nginx, no traceback in a worker's log, no table changed
owner).  The **ratio** is two workers' mean actions/s over one's.

The machine has 2 cores shared by the workers, PostgreSQL, nginx and the clients:
one worker is the bottleneck at about a core; two split the tables and take the
second core, minus what PostgreSQL, nginx and the clients need.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench_server import cpu_seconds, percentile
from provenance import git_commit, machine
from room_client import BUY_IN, FollowingClient, Seat

from pokerroom.server.settings import ConnectionLimits

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_OUTPUT = ROOT / "bench" / "results" / "cluster.json"
SEATS = 6  # no-limit hold'em 1/2, 6-max


# ------------------------------------------------------------------ clients


async def _clients(seats: list[Seat], base: str, seed: int, stop: Any) -> dict[str, Any]:
    clients = [FollowingClient(base, s, seed=seed * 1000 + i) for i, s in enumerate(seats)]
    tasks = [asyncio.create_task(c.run()) for c in clients]
    while not stop.is_set():
        await asyncio.sleep(0.2)
    for c in clients:
        c.stop()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    errors: Counter[str] = Counter()
    connect_errors: Counter[str] = Counter()
    for c in clients:
        errors.update(c.stats.errors)
        connect_errors.update(c.stats.connect_errors)
    return {
        "sent": sum(c.stats.sent for c in clients),
        "confirmed": sum(c.stats.confirmed for c in clients),
        "decided_again": sum(c.stats.decided_again for c in clients),
        "moved": sum(c.stats.moved for c in clients),
        "drops": sum(c.stats.drops for c in clients),
        "states": sum(c.stats.states for c in clients),
        "bytes": sum(c.stats.bytes for c in clients),
        # (when sent, seconds until the state showed it), every action confirmed
        "latencies": [(w, x) for c in clients
                      for w, x in zip(c.stats.sent_walls, c.stats.latencies, strict=True)],
        "errors": dict(errors),
        "connect_errors": dict(connect_errors),
        "crashed": [repr(r) for r in results if isinstance(r, BaseException)][:5],
    }


def client_process(seat_dicts: list[dict[str, Any]], base: str, seed: int, stop: Any,
                   out: Any) -> None:
    """One process of clients (the people of one room) until ``stop`` is set; what
    they did goes to the queue ``out``."""
    out.put(asyncio.run(_clients([Seat(**d) for d in seat_dicts], base, seed, stop)))


# ------------------------------------------------------------------ one phase


def api_retrying(port: int, path: str, body: Any = None, *,
                 retried: Counter[str]) -> Any:
    """The harness's ``api`` (307 followed, ``table_moving`` waited out), and a ``503
    store_unavailable`` ("nothing was changed: try again in a moment") tried again
    up to 3 times, each counted in ``retried`` (reported: it should not happen)."""
    from tests.cluster.harness import ClusterError, api

    for attempt in range(4):
        try:
            return api(port, path, body)
        except ClusterError as exc:
            if "store_unavailable" not in str(exc) or attempt == 3:
                raise
            retried[f"{'POST' if body is not None else 'GET'} {path.split('/')[2]}: "
                    f"{str(exc)[-120:]}"] += 1
            time.sleep(0.5)
    raise AssertionError("unreachable")


def worker_class(sessions: str) -> Any:
    """The harness's Worker, or (``sessions == "own"``) one started in a session of its
    own (``setsid``): the kernel's autogroup scheduling (on here) shares a core between
    sessions first, so workers started in the bench's session would share one share
    with the clients, whatever their number.  Deployed, each worker is a service of its
    own (deploy/README.md: ``pokerroom@.service``, a cgroup each), as with "own"."""
    from tests.cluster.harness import Worker

    if sessions == "shared":
        return Worker
    found = shutil.which("setsid")
    if found is None:
        raise SystemExit("bench_cluster: no setsid (util-linux) for --worker-sessions own; "
                         "install util-linux or pass --worker-sessions shared")
    setsid: str = found

    class OwnSessionWorker(Worker):
        def command(self) -> list[str]:
            # setsid execs in place (a Popen child leads no process group): same pid.
            return [setsid, *super().command()]

    return OwnSessionWorker


def autogroup(pid: int) -> str:
    """The kernel's scheduling group of ``pid`` (/proc/PID/autogroup), '' if none."""
    try:
        return Path(f"/proc/{pid}/autogroup").read_text().split()[0]
    except (OSError, IndexError):
        return ""


def actions_stored(connection: Any) -> int:
    return int(connection.execute("SELECT count(*) FROM actions").fetchone()[0])


class Room:
    """One configuration, ``workers`` workers behind an nginx on a fresh database, with
    its tables, its bots and its people's clients (one process), alive for the whole
    run; its tables are paused (no new hand) except during its own windows."""

    def __init__(self, workers: int, pg: Any, workdir: Path,
                 args: argparse.Namespace) -> None:
        from tests.cluster.harness import Nginx, free_port

        self.n, self.pg, self.args = workers, pg, args
        self.database = f"bench_{workers}w"
        self.url = pg.create_database(self.database)
        self.retried: Counter[str] = Counter()
        make_worker = worker_class(args.worker_sessions)
        self.crew = [make_worker(f"w{i + 1}", free_port(), self.url,
                                 workdir / f"{workers}w-w{i + 1}.log",
                                 bot_delay=args.bot_delay, pause=args.pause)
                     for i in range(workers)]
        # One machine plays every client: nginx's per-address limits are off.
        self.proxy = Nginx(workdir / f"nginx-{workers}w", {}, limits=ConnectionLimits(
            per_address=100_000, api_rate=100_000, api_burst=100_000))
        self.tables: list[str] = []
        self.hosts: list[str] = []
        self.seats: list[Seat] = []
        self.clients: Any = None
        self.stop_clients: Any = None
        self.results: Any = None

    def start(self) -> None:
        """Workers, nginx, tables (paused), people and bots, the clients connected."""
        self.crew[0].start()  # migrates the new database alone
        for w in self.crew[1:]:
            w.start(wait=False)
        for w in self.crew[1:]:
            w.wait_ready()
        self.proxy.workers = {w.name: w.address for w in self.crew}
        self.proxy.start()
        args, port = self.args, self.proxy.port
        # All tables first: nginx's round robin then spreads the creations (and so the
        # ownership) evenly; the joins in between would give it a rhythm of their own.
        for t in range(args.tables):
            created = self.api("/api/tables", {
                "name": f"Bench {t + 1}", "game": "holdem", "structure": "no_limit",
                "seats": SEATS, "small_blind": 1, "big_blind": 2, "action_seconds": 30})
            self.tables.append(created["id"])
            self.hosts.append(created["host"])
        self.pause(True)  # before anyone sits: no hand until this room's window
        for t, table in enumerate(self.tables):
            # People in the first seats, the table's bots after them (they act inside
            # the worker: no connection of their own).
            for s in range(args.people_per_table):
                name = f"P{t + 1}-{s + 1}"
                token = self.api(f"/api/tables/{table}/join",
                                 {"name": name, "seat": s, "buy_in": BUY_IN})["token"]
                self.seats.append(Seat(table, s, name, token))
            for s in range(args.people_per_table, args.people_per_table + args.bots_per_table):
                self.api(f"/api/tables/{table}/bots", {"policy": args.bot_policy,
                                                       "host": self.hosts[t], "seat": s,
                                                       "buy_in": BUY_IN})
        self.owned = self.owned_now()
        self.groups = {"bench": autogroup(os.getpid()),
                       **{w.name: autogroup(w.process.pid) for w in self.crew if w.process}}
        print(f"{self.n} worker(s): {len(self.tables)} tables ({self.owned}), "
              f"{len(self.seats)} people and {len(self.tables) * args.bots_per_table} bots "
              f"through nginx on :{port}", file=sys.stderr)
        context = multiprocessing.get_context("spawn")
        self.stop_clients, self.results = context.Event(), context.Queue()
        self.clients = context.Process(target=client_process, args=(
            [s.__dict__ for s in self.seats], self.proxy.ws_base, args.seed + self.n,
            self.stop_clients, self.results), daemon=True)
        self.clients.start()

    def api(self, path: str, body: Any = None) -> Any:
        return api_retrying(self.proxy.port, path, body, retried=self.retried)

    def pause(self, paused: bool) -> None:
        """Every table paused (the hand in progress ends, no new one starts) or
        resumed, a few requests at a time."""
        from concurrent.futures import ThreadPoolExecutor

        what = "pause" if paused else "resume"
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda th: self.api(f"/api/tables/{th[0]}/{what}", {"host": th[1]}),
                          zip(self.tables, self.hosts, strict=True)))

    def owned_now(self) -> dict[str, int]:
        return {w.name: len(w.status()["tables"]) for w in self.crew}

    def connect(self) -> Any:
        import psycopg

        return psycopg.connect(host="127.0.0.1", port=self.pg.port, user=self.pg.user,
                               dbname=self.database, autocommit=True)

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.crew if w.process]

    def finish(self) -> dict[str, Any]:
        """Clients stopped (their results), ledgers and logs checked."""
        from tests.cluster.harness import tracebacks

        results: dict[str, Any] = {"crashed": ["the client process never reported"]}
        if self.clients is not None:
            self.stop_clients.set()
            with contextlib.suppress(Exception):
                results = self.results.get(timeout=60)
            self.clients.join(timeout=10)
        ledgers_bad = []
        for table in self.tables:
            ledger = self.api(f"/api/tables/{table}/ledger")
            if ledger["balance"] != ledger["on_table"] + ledger["rake"]:
                ledgers_bad.append({"table": table, **ledger})
        return {"clients": results, "ledgers_bad": ledgers_bad,
                "owned_at_end": self.owned_now(),
                "tracebacks": {w.name: tracebacks(w.log)[:2] for w in self.crew
                               if tracebacks(w.log)}}

    def destroy(self) -> None:
        if self.clients is not None and self.clients.is_alive():
            self.clients.kill()
        for w in self.crew:
            w.destroy()
        self.proxy.stop()


_Counters = tuple[int, int, list[float], list[float], float, float, float, float]


def _counters(room: Room, idle: Room, db: Any, idle_db: Any) -> _Counters:
    """What ``window`` reads at each end: actions stored (room, idle room), each
    worker's CPU and run-queue seconds, the idle room's CPU, nginx's, PostgreSQL's
    and the clients'."""
    return (actions_stored(db), actions_stored(idle_db),
            [cpu_seconds(p) for p in room.pids()], [run_queue_seconds(p) for p in room.pids()],
            sum(cpu_seconds(p) for p in idle.pids()), _nginx_cpu(room.proxy),
            _postgres_cpu(room.pg.port), cpu_seconds(room.clients.pid))


def window(room: Room, idle: Room, db: Any, idle_db: Any, args: argparse.Namespace, *,
           round_: int) -> dict[str, Any]:
    """One measurement: ``room``'s tables resumed, a warm-up, ``--seconds`` measured
    (``idle``'s tables stay paused: its cost is counted apart), paused again."""
    room.pause(False)
    time.sleep(args.warmup)
    start = time.time()
    before = _counters(room, idle, db, idle_db)
    time.sleep(args.seconds)
    after = _counters(room, idle, db, idle_db)
    end = time.time()
    at_start, idle_at_start, cpu_start, wait_start, idle_start, nginx_start, pg_start, \
        clients_start = before
    at_end, idle_at_end, cpu_end, wait_end, idle_end, nginx_end, pg_end, clients_end = after
    load = os.getloadavg()[0]
    room.pause(True)
    seconds = end - start
    stored = at_end - at_start
    cpu = {  # seconds over the window, each part of the machine's work
        "workers": sum(b - a for a, b in zip(cpu_start, cpu_end, strict=True)),
        "postgres": pg_end - pg_start, "nginx": nginx_end - nginx_start,
        "clients": clients_end - clients_start}
    return {
        "workers": room.n, "round": round_, "window": [start, end], "seconds": seconds,
        "loadavg_at_end": load,
        "actions_per_second": stored / seconds,
        "actions_stored_in_window": stored,
        "idle_room": {"actions_stored": idle_at_end - idle_at_start,
                      "worker_cpu": (idle_end - idle_start) / seconds},
        "cpu_ms_per_action": {k: v * 1000 / max(1, stored) for k, v in cpu.items()},
        "worker_cpu_in_window": [(b - a) / seconds for a, b in zip(cpu_start, cpu_end,
                                                                   strict=True)],
        # Of the window, how long each worker was ready to run but had no core.
        "worker_run_queue_wait_in_window": [(b - a) / seconds for a, b in zip(
            wait_start, wait_end, strict=True)],
        # ... and neither ran nor waited for a core: its loop was waiting for the
        # database's answer to a write (they are synchronous) or had nothing to do.
        "worker_sleeping_in_window": [
            max(0.0, 1 - (c1 - c0) / seconds - (q1 - q0) / seconds) for c0, c1, q0, q1 in
            zip(cpu_start, cpu_end, wait_start, wait_end, strict=True)],
        "worker_cpu_ms_per_action": cpu["workers"] * 1000 / max(1, stored),
        "nginx_cpu_in_window": cpu["nginx"] / seconds,
        # Backends that ended within the window are not counted (the workers' pools
        # keep theirs): a lower bound.  The idle room's renewals are in it too.
        "postgres_cpu_in_window": cpu["postgres"] / seconds,
        "client_cpu_in_window": [cpu["clients"] / seconds],
    }


def people_latency(phase_: dict[str, Any], results: dict[str, Any]) -> None:
    """The people's actions sent in the window and their latency, into ``phase_``."""
    start, end = phase_["window"]
    latencies = sorted(x * 1000 for w, x in results.get("latencies", []) if start <= w < end)
    phase_["people_actions_per_second"] = len(latencies) / phase_["seconds"]
    phase_["latency_ms"] = {
        "count": len(latencies), "mean": statistics.fmean(latencies) if latencies else None,
        "p50": percentile(latencies, 0.50), "p90": percentile(latencies, 0.90),
        "p99": percentile(latencies, 0.99), "max": latencies[-1] if latencies else None}


def checks(room: Room, finished: dict[str, Any]) -> dict[str, Any]:
    """Nothing lost in ``room`` over the whole run."""
    r = finished["clients"]
    sent, confirmed, again = r.get("sent", 0), r.get("confirmed", 0), r.get("decided_again", 0)
    problems = []
    if sent != confirmed + again:
        problems.append(f"{sent - confirmed - again} actions sent but never confirmed")
    if again:
        problems.append(f"{again} actions decided again after a dropped socket")
    if r.get("errors"):
        problems.append(f"clients saw errors: {r['errors']}")
    if r.get("connect_errors"):
        problems.append(f"connections failed: {r['connect_errors']}")
    if finished["ledgers_bad"]:
        problems.append(f"ledger mismatches: {finished['ledgers_bad'][:3]}")
    if finished["tracebacks"]:
        problems.append(f"tracebacks: {finished['tracebacks']}")
    if room.retried:
        problems.append(f"requests answered 503 store_unavailable and retried: "
                        f"{dict(room.retried)}")
    if r.get("crashed"):
        problems.append(f"client tasks crashed: {r['crashed']}")
    if finished["owned_at_end"] != room.owned:
        problems.append(f"tables changed owner: {room.owned} -> {finished['owned_at_end']}")
    return {"ok": not problems, "problems": problems, "actions_sent": sent,
            "actions_confirmed": confirmed, "sockets_moved": r.get("moved", 0),
            "state_messages": r.get("states", 0),
            "bytes_per_state": r.get("bytes", 0) / max(1, r.get("states", 0))}


def run_queue_seconds(pid: int) -> float:
    """Seconds the threads of ``pid`` spent runnable but waiting for a core
    (/proc/PID/task/*/schedstat, second field): a process starved of CPU by the rest
    of the machine shows it here, one waiting on I/O does not."""
    total = 0
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The mean over the rounds of one configuration."""
    def mean(get: Any) -> float:
        return statistics.fmean(get(r) for r in runs)

    return {"workers": runs[0]["workers"], "rounds": len(runs),
            "actions_per_second": mean(lambda r: r["actions_per_second"]),
            "latency_p50_ms": mean(lambda r: r["latency_ms"]["p50"]),
            "latency_p99_ms": mean(lambda r: r["latency_ms"]["p99"]),
            "people_actions_per_second": mean(lambda r: r["people_actions_per_second"]),
            "worker_cpu_ms_per_action": mean(lambda r: r["worker_cpu_ms_per_action"]),
            "cpu_ms_per_action": {k: mean(lambda r, k=k: r["cpu_ms_per_action"][k])
                                  for k in runs[0]["cpu_ms_per_action"]},
            "worker_cpu_in_window": mean(lambda r: sum(r["worker_cpu_in_window"])),
            "postgres_cpu_in_window": mean(lambda r: r["postgres_cpu_in_window"]),
            "nginx_cpu_in_window": mean(lambda r: r["nginx_cpu_in_window"]),
            "nothing_lost": all(r["nothing_lost"]["ok"] for r in runs)}


def _split(cpu_ms: dict[str, float]) -> str:
    """'workers 1.90 + PostgreSQL 0.45 + ... = 2.60 ms'."""
    names = {"workers": "workers", "postgres": "PostgreSQL", "nginx": "nginx",
             "clients": "clients"}
    return (" + ".join(f"{names[k]} {v:.2f}" for k, v in cpu_ms.items())
            + f" = {sum(cpu_ms.values()):.2f} ms")


def ceiling(workers: int, cpu_ms: dict[str, float], cores: int = 2, *,
            waits: bool = True) -> float:
    """The actions/s ``workers`` workers could reach on ``cores`` idle cores at these
    CPU costs per action: all the parts together (workers, PostgreSQL, nginx,
    clients) use at most ``cores``, and each worker at most one core; with ``waits``
    a worker's core also stands idle while PostgreSQL does its part of each write
    (the writes are synchronous in the worker's loop: a lone worker with a free core
    was seen sleeping about its actions/s x PostgreSQL's CPU per action)."""
    per_worker = cpu_ms["workers"] + (cpu_ms["postgres"] if waits else 0.0)
    return min(workers * 1000 / per_worker, cores * 1000 / sum(cpu_ms.values()))


def _postgres_cpu(port: int) -> float:
    """CPU seconds of the PostgreSQL server on ``port``: its postmaster (found by its
    command line) and every process it started (backends, writers), from /proc."""
    postmaster = None
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            if argv and argv[0].endswith(b"postgres") and str(port).encode() in argv:
                postmaster = int(entry.name)
                break
    if postmaster is None:
        return float("nan")
    total = cpu_seconds(postmaster)
    with contextlib.suppress(OSError):
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
        total += sum(cpu_seconds(int(p)) for p in children)
    return total


def _nginx_cpu(proxy: Any) -> float:
    """CPU seconds of nginx's master and worker processes (its children, from /proc)."""
    if proxy.process is None:
        return 0.0
    pids = [proxy.process.pid]
    with contextlib.suppress(OSError):
        children = Path(f"/proc/{proxy.process.pid}/task/{proxy.process.pid}/children")
        pids += [int(p) for p in children.read_text().split()]
    return sum(cpu_seconds(p) for p in pids)


# -------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0,
                        help="each timed window (default 15)")
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds between resuming a room's tables and its window")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--people-per-table", "--per-table", type=int, default=1,
                        help="people per table, each a WebSocket client through nginx "
                             "(1-6, default 1)")
    parser.add_argument("--bots-per-table", type=int, default=5,
                        help="bots per table, playing inside the worker (0-5, default 5); "
                             f"people and bots together at most {SEATS}")
    parser.add_argument("--bot-policy", default="solid",
                        choices=["random", "station", "tag", "solid", "rock", "loose"])
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="seconds a bot thinks (the workers' --bot-delay, default 0)")
    parser.add_argument("--worker-sessions", choices=["own", "shared"], default="own",
                        help="each worker in a session (scheduling group) of its own, as "
                             "deployed services are (default), or all in the bench's")
    parser.add_argument("--pause", type=float, default=0.1, help="seconds between hands")
    parser.add_argument("--rounds", type=int, default=4,
                        help="windows of each configuration, alternating (default 4)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--keep", action="store_true", help="keep the temp dir (logs)")
    args = parser.parse_args()
    people, bots = args.people_per_table, args.bots_per_table
    if not 1 <= people <= SEATS or not 0 <= bots <= SEATS - 1 or people + bots > SEATS:
        parser.error(f"--people-per-table is 1-{SEATS} and --bots-per-table 0-{SEATS - 1}, "
                     f"together at most {SEATS} (the tables' seats) and at least 2; got "
                     f"{people} and {bots}")
    if people + bots < 2:
        parser.error(f"a table needs at least 2 players: got {people} people and {bots} bots")
    if args.bot_delay < 0 or args.pause < 0 or args.warmup < 0:
        parser.error("--bot-delay, --pause and --warmup are seconds, 0 or more")
    if args.seconds <= 0 or args.tables < 1 or args.rounds < 1:
        parser.error(f"--seconds must be more than 0, --tables and --rounds at least 1; got "
                     f"{args.seconds:g}, {args.tables} and {args.rounds}")
    from tests.server.pg import postgres_server

    workdir = Path(tempfile.mkdtemp(prefix="pokerroom-bench-cluster-"))
    began = time.time()
    load_before = os.getloadavg()
    phases: list[dict[str, Any]] = []
    rooms: dict[int, Room] = {}
    try:
        with postgres_server() as pg:
            try:
                for n in (1, 2):
                    rooms[n] = Room(n, pg, workdir, args)
                    rooms[n].start()
                with rooms[1].connect() as db1, rooms[2].connect() as db2:
                    dbs = {1: db1, 2: db2}
                    time.sleep(2.0)  # the clients connected
                    # Short windows, one room then the other (1 2, 2 1, ...): a change
                    # in the machine's other load hits both.
                    for round_ in range(1, args.rounds + 1):
                        for n in ((1, 2) if round_ % 2 else (2, 1)):
                            phases.append(window(rooms[n], rooms[3 - n], dbs[n], dbs[3 - n],
                                                 args, round_=round_))
                            print(f"  window {len(phases)}: {n} worker(s) "
                                  f"{phases[-1]['actions_per_second']:.0f} actions/s",
                                  file=sys.stderr)
                finished = {n: rooms[n].finish() for n in (1, 2)}
            finally:
                for room in rooms.values():
                    room.destroy()
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    verdicts = {n: checks(rooms[n], finished[n]) for n in (1, 2)}
    for p in phases:
        people_latency(p, finished[p["workers"]]["clients"])
        p["tables_owned"] = rooms[p["workers"]].owned
        p["scheduling_groups"] = rooms[p["workers"]].groups
        p["nothing_lost"] = verdicts[p["workers"]]
    summary = {n: _summary([p for p in phases if p["workers"] == n]) for n in (1, 2)}
    ratio = summary[2]["actions_per_second"] / max(1e-9, summary[1]["actions_per_second"])
    cores = os.cpu_count() or 2
    for n in (1, 2):
        summary[n]["ceiling_actions_per_second"] = ceiling(
            n, summary[n]["cpu_ms_per_action"], cores)
        summary[n]["ceiling_if_writes_did_not_wait"] = ceiling(
            n, summary[n]["cpu_ms_per_action"], cores, waits=False)
    ratio_ceiling = (summary[2]["ceiling_actions_per_second"]
                     / summary[1]["ceiling_actions_per_second"])
    ratio_ceiling_no_wait = (summary[2]["ceiling_if_writes_did_not_wait"]
                             / summary[1]["ceiling_if_writes_did_not_wait"])
    report = {
        "benchmark": "cluster",
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(began)),
        "config": {"tables": args.tables, "people_per_table": people,
                   "bots_per_table": bots, "bot_policy": args.bot_policy,
                   "bot_delay": args.bot_delay, "clients": args.tables * people,
                   "worker_sessions": args.worker_sessions,
                   "client_processes": "one per configuration", "seconds": args.seconds,
                   "warmup": args.warmup, "pause_between_hands": args.pause,
                   "seed": args.seed, "database": "postgresql (throwaway server, fsync off)",
                   "proxy": "nginx (Debian), standalone config from proxy_config.render, "
                            "1 worker process",
                   "games": "no-limit hold'em 1/2, 6 seats",
                   "policy": "room_client.choose: show at showdown; min raise 8%; "
                             "fold 15% facing a bet; else check/call; act at once"},
        "summary": {"one_worker": summary[1], "two_workers": summary[2]},
        "ratio_two_to_one": ratio,
        # What the measured CPU per action allows on idle cores (see ceiling()).
        "ratio_ceiling": ratio_ceiling,
        "ratio_ceiling_if_writes_did_not_wait": ratio_ceiling_no_wait,
        "phases": phases,
        "machine": machine(load_before),
        "git_commit": git_commit(),
        "elapsed_seconds": time.time() - began,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")
    print(f"pokerroom cluster through nginx: {args.tables} tables of {people} "
          f"{'person' if people == 1 else 'people'} (WebSocket clients) and {bots} "
          f"{args.bot_policy} bots (delay {args.bot_delay:g} s), {args.seconds:.0f} s windows")
    for p in phases:
        lat = p["latency_ms"]
        cpu = ", ".join(f"{c:.0%} (waiting for a core {w:.0%}, sleeping {z:.0%})"
                        for c, w, z in zip(p["worker_cpu_in_window"],
                                           p["worker_run_queue_wait_in_window"],
                                           p["worker_sleeping_in_window"], strict=True))
        print(f"  round {p['round']}, {p['workers']} worker{'s' if p['workers'] > 1 else ' '}  "
              f"{p['actions_per_second']:6.0f} actions/s ({p['people_actions_per_second']:.0f} "
              f"by people)   people's latency p50 {lat['p50']:.1f} ms, p99 {lat['p99']:.1f} ms"
              f"   CPU workers {cpu}, PostgreSQL {p['postgres_cpu_in_window']:.0%}, nginx "
              f"{p['nginx_cpu_in_window']:.0%}, clients "
              + ", ".join(f"{c:.0%}" for c in p["client_cpu_in_window"])
              + f"   per action {_split(p['cpu_ms_per_action'])}   tables {p['tables_owned']}"
              "   nothing lost: " + ("yes" if p["nothing_lost"]["ok"] else "NO: "
                                     + "; ".join(p["nothing_lost"]["problems"])))
    for n in (1, 2):
        m = summary[n]
        print(f"  mean, {n} worker{'s' if n > 1 else ' '}  {m['actions_per_second']:6.0f} "
              f"actions/s   people's latency p50 {m['latency_p50_ms']:.1f} ms, p99 "
              f"{m['latency_p99_ms']:.1f} ms   workers {m['worker_cpu_in_window']:.0%} of a "
              f"core   CPU per action {_split(m['cpu_ms_per_action'])}: on {cores} idle cores "
              f"at most {m['ceiling_actions_per_second']:.0f} actions/s")
    print(f"  ratio two workers / one: {ratio:.2f}x (the CPU per action allows "
          f"{ratio_ceiling:.2f}x on idle cores, {ratio_ceiling_no_wait:.2f}x if a worker did "
          f"not wait for its writes); load average {load_before[0]:.1f} -> "
          f"{os.getloadavg()[0]:.1f} on {cores} cores")
    print(f"  written to {args.output}")
    return 0 if all(p["nothing_lost"]["ok"] for p in phases) else 1


if __name__ == "__main__":
    sys.exit(main())
