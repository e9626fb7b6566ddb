"""What one worker of the room on many processes costs (issue 15, docs/scaling.md).

Run ``python bench/bench_cluster_costs.py`` (about 2 minutes; ``--seconds 10`` for
a quick look).  It prints the numbers and writes ``bench/results/cluster_costs.json``.

One worker (``pokerroom serve --worker w1``) on a throwaway PostgreSQL server
(tests/server/pg.py: fsync, synchronous_commit and full_page_writes off), nginx in
front with :func:`pokerroom.server.cluster.proxy_config.render`'s configuration, all on
loopback (the harness of tests/cluster/harness.py).  Three measurements:

1. **Leases** (the worker holding no table, then ``--idle-tables`` tables nobody
   plays at): renewals per second (rows of ``workers`` updated), lease rows updated
   per second, write transactions, WAL bytes and CPU (worker, PostgreSQL) per second.
   The difference between the two is what each held lease costs (and the worker's
   resident memory per idle table).  Then ``--lobby`` reads of the lobby
   (``GET /api/tables``), which on a worker of many reads every open table's row.
2. **Play**, once for each count of ``--spectators`` (1 and 6: 5 and 10 connections
   per table), each on a database of its own: ``--tables`` tables (no-limit hold'em
   1/2, 6 seats) with ``--per-table`` players each, every one a
   ``room_client.FollowingClient`` through nginx acting at once (all in this
   process: on 2 shared cores the clients, not the worker, set the pace), and that
   many watchers per table.  Over a window of ``--seconds``:

   - CPU per action: CPU seconds of the worker process, of PostgreSQL (postmaster and
     its children) and of nginx (master and workers), over actions stored;
   - database writes: write transactions (``pg_current_xact_id()``: every
     transaction that wrote), transactions committed (``pg_stat_database``), rows
     inserted and updated per table (``pg_stat_user_tables``) and WAL bytes
     (``pg_current_wal_lsn()``), per finished hand and per action; the lease tables
     are shown apart; how much the database grew per hand;
   - bytes per state message: mean and p95 of the JSON ``state`` messages a seated
     player and a spectator receive (UTF-8 bytes before any WebSocket compression),
     and state messages per action per connection;
   - what one more connection at a table costs per action (worker and nginx CPU):
     the slope between the two phases;
   - the lobby read again, now of tables with players.

   Lease renewals are left out of the per-hand and per-action figures.
   PostgreSQL's statistics views are flushed by each backend about once a second;
   both ends of the window lag alike, so the counts cover a window as long, shifted
   by a moment.  WAL is counted without full-page images (``full_page_writes=off``):
   a production server writes more after each checkpoint.
3. **A relay, for comparison**: what forwarding each state message between workers
   through PostgreSQL's LISTEN/NOTIFY would cost: ``--notify`` NOTIFYs with a payload
   of the seated players' mean message size (one transaction each, as a relay per
   message would be), one listener receiving them: messages per second, PostgreSQL
   CPU and WAL bytes per message.  (The room redirects instead; docs/scaling.md.)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench_cluster import _nginx_cpu, _postgres_cpu
from bench_server import cpu_seconds, percentile
from provenance import git_commit, machine
from room_client import BUY_IN, FollowingClient, Seat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_OUTPUT = ROOT / "bench" / "results" / "cluster_costs.json"
LEASE_TABLES = ("leases", "workers")


# ------------------------------------------------------------------ the database


def snapshot(db: Any) -> dict[str, Any]:
    """The database's counters now (``db``: an autocommit psycopg connection)."""
    xid = int(db.execute("SELECT pg_current_xact_id()::text").fetchone()[0])
    commits = int(db.execute("SELECT xact_commit FROM pg_stat_database "
                             "WHERE datname = current_database()").fetchone()[0])
    lsn = db.execute("SELECT pg_current_wal_lsn()::text").fetchone()[0]
    tables = {name: (int(ins), int(upd), int(dele)) for name, ins, upd, dele in db.execute(
        "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables")}
    actions = db.execute("SELECT coalesce(max(id), 0), count(*) FROM actions").fetchone()
    hands = int(db.execute("SELECT count(*) FROM hands WHERE status = 'finished'")
                .fetchone()[0])
    size = int(db.execute("SELECT pg_database_size(current_database())").fetchone()[0])
    return {"at": time.time(), "xid": xid, "commits": commits, "lsn": lsn, "tables": tables,
            "action_id": int(actions[0]), "actions": int(actions[1]), "hands": hands,
            "database_bytes": size}


def delta(db: Any, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """What happened between two snapshots (the snapshots' own xids taken out)."""
    wal = int(db.execute("SELECT pg_wal_lsn_diff(%s, %s)", (b["lsn"], a["lsn"]))
              .fetchone()[0])
    rows = {}
    for name, (ins, upd, dele) in b["tables"].items():
        i0, u0, d0 = a["tables"].get(name, (0, 0, 0))
        if (ins - i0, upd - u0, dele - d0) != (0, 0, 0):
            rows[name] = {"inserted": ins - i0, "updated": upd - u0, "deleted": dele - d0}
    return {"seconds": b["at"] - a["at"], "write_transactions": b["xid"] - a["xid"] - 1,
            "commits": b["commits"] - a["commits"], "wal_bytes": wal, "rows": rows,
            "actions": b["actions"] - a["actions"], "hands": b["hands"] - a["hands"],
            "database_bytes": b["database_bytes"] - a["database_bytes"]}


def actions_by_table(db: Any, first_id: int, last_id: int) -> dict[str, int]:
    return {str(t): int(n) for t, n in db.execute(
        "SELECT h.table_id, count(*) FROM actions a JOIN hands h ON h.id = a.hand_id "
        "WHERE a.id > %s AND a.id <= %s GROUP BY h.table_id", (first_id, last_id))}


class Meter:
    """CPU seconds of the worker, PostgreSQL and nginx, and the database's counters."""

    def __init__(self, db: Any, worker_pid: int, pg_port: int, proxy: Any) -> None:
        self.db, self.pid, self.port, self.proxy = db, worker_pid, pg_port, proxy

    def read(self) -> dict[str, Any]:
        return {"cpu": {"worker": cpu_seconds(self.pid), "postgres": _postgres_cpu(self.port),
                        "nginx": _nginx_cpu(self.proxy)}, "db": snapshot(self.db),
                "worker_rss_bytes": rss_bytes(self.pid)}

    def between(self, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
        d = delta(self.db, a["db"], b["db"])
        d["cpu_seconds"] = {k: b["cpu"][k] - a["cpu"][k] for k in a["cpu"]}
        d["worker_rss_bytes"] = b["worker_rss_bytes"]
        return d


def rss_bytes(pid: int) -> int:
    """Resident memory of a process (VmRSS), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


# ------------------------------------------------------------------ the clients


class _Tap:
    """A WebSocket whose received messages are also handed to ``sink``."""

    def __init__(self, ws: Any, sink: Any) -> None:
        self._ws, self._sink = ws, sink

    async def recv(self) -> Any:
        raw = await self._ws.recv()
        self._sink(raw)
        return raw

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ws, name)


def _state_size(raw: Any, window: tuple[float, float]) -> int | None:
    """The size in bytes of a state message received within ``window``, else None."""
    if not window[0] <= time.time() < window[1]:
        return None
    data = raw.encode() if isinstance(raw, str) else bytes(raw)
    return len(data) if json.loads(data).get("type") == "state" else None


class MeasuredClient(FollowingClient):
    """A FollowingClient that also keeps the size of each state message in the window."""

    def __init__(self, base: str, seat: Seat, *, seed: int,
                 window: tuple[float, float]) -> None:
        super().__init__(base, seat, seed=seed, window=window)
        self.sizes: list[int] = []

    def _record(self, raw: Any) -> None:
        size = _state_size(raw, self.window)
        if size is not None:
            self.sizes.append(size)

    async def _session(self, ws: Any, stopped_at: float | None,
                       grace: float) -> str | bool | None:
        return await super()._session(_Tap(ws, self._record), stopped_at, grace)


class Spectator:
    """Watches one table through the proxy (no token), following 'moved'."""

    def __init__(self, base: str, table: str, window: tuple[float, float]) -> None:
        self.base, self.table, self.window = base, table, window
        self.sizes: list[int] = []
        self.stopping = False

    async def run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        generic = f"/ws/tables/{self.table}"
        path = generic
        while not self.stopping:
            try:
                ws = await connect(self.base + path, subprotocols=["pokerroom"],  # type: ignore[list-item]
                                   max_size=2**24, open_timeout=10)
            except (OSError, TimeoutError, InvalidStatus):
                path = generic
                await asyncio.sleep(0.3)
                continue
            path = generic
            async with ws:
                with contextlib.suppress(ConnectionClosed):
                    while not self.stopping:
                        try:
                            raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                        except TimeoutError:
                            continue
                        message = json.loads(raw)
                        if message.get("type") == "moved":
                            path = message.get("url") or generic
                            break
                        size = _state_size(raw, self.window)
                        if size is not None:
                            self.sizes.append(size)


def _num(value: float | None, unit: str, places: int = 0) -> str:
    """``value`` for the summary, or "-" when none was measured (no message of that
    kind arrived in the window)."""
    return "-" if value is None else f"{value:.{places}f}{unit}"


def _sizes(sizes: list[int]) -> dict[str, Any]:
    ordered = [float(x) for x in sorted(sizes)]
    return {"messages": len(ordered),
            "mean_bytes": statistics.fmean(ordered) if ordered else None,
            "p50_bytes": percentile(ordered, 0.50), "p95_bytes": percentile(ordered, 0.95),
            "max_bytes": ordered[-1] if ordered else None}


# ------------------------------------------------------------------ the measurements


def leases(meter: Meter, port: int, args: argparse.Namespace) -> dict[str, Any]:
    """The worker alone, then holding ``--idle-tables`` tables nobody plays at."""
    from tests.cluster.harness import api

    points = []
    for tables in (0, args.idle_tables):
        while meter.db.execute("SELECT count(*) FROM leases").fetchone()[0] < tables:
            api(port, "/api/tables", {"name": "Idle", "seats": 6})
        time.sleep(1.5)
        a = meter.read()
        time.sleep(args.idle_seconds)
        d = meter.between(a, meter.read())
        s = d["seconds"]
        point = {"tables_held": tables, "seconds": s,
                 "renewals_per_second": d["rows"].get("workers", {}).get("updated", 0) / s,
                 "lease_rows_updated_per_second":
                     d["rows"].get("leases", {}).get("updated", 0) / s,
                 "write_transactions_per_second": d["write_transactions"] / s,
                 "commits_per_second": d["commits"] / s,
                 "wal_bytes_per_second": d["wal_bytes"] / s,
                 "worker_cpu_share": d["cpu_seconds"]["worker"] / s,
                 "postgres_cpu_share": d["cpu_seconds"]["postgres"] / s,
                 "worker_rss_bytes": d["worker_rss_bytes"], "raw": d}
        print(f"leases: {tables} tables held: {point['renewals_per_second']:.2f} renewals/s, "
              f"{point['lease_rows_updated_per_second']:.0f} lease rows/s, "
              f"{point['wal_bytes_per_second']:.0f} WAL B/s, worker CPU "
              f"{point['worker_cpu_share']:.1%}, PostgreSQL {point['postgres_cpu_share']:.1%}",
              file=sys.stderr)
        points.append(point)
    empty, full = points
    per_lease = {k: (full[k] - empty[k]) / max(1, full["tables_held"]) for k in (
        "lease_rows_updated_per_second", "wal_bytes_per_second", "worker_cpu_share",
        "postgres_cpu_share", "worker_rss_bytes")}
    return {"points": points, "per_held_lease": per_lease,
            "wal_bytes_per_lease_row":
                (full["wal_bytes_per_second"] - empty["wal_bytes_per_second"])
                / max(1e-9, full["lease_rows_updated_per_second"]),
            "wal_bytes_per_renewal_alone":
                empty["wal_bytes_per_second"] / max(1e-9, empty["renewals_per_second"])}


async def _play(seats: list[Seat], tables: list[str], base: str, meter: Meter,
                args: argparse.Namespace, spectators: int) -> dict[str, Any]:
    start = time.time() + args.warmup
    window = (start, start + args.seconds)
    players = [MeasuredClient(base, s, seed=args.seed + i, window=window)
               for i, s in enumerate(seats)]
    watchers = [Spectator(base, t, window) for t in tables for _ in range(spectators)]
    tasks = [asyncio.create_task(c.run()) for c in players]
    tasks += [asyncio.create_task(w.run()) for w in watchers]
    await asyncio.sleep(max(0.0, window[0] - time.time()))
    a = await asyncio.to_thread(meter.read)
    await asyncio.sleep(max(0.0, window[1] - time.time()))
    b = await asyncio.to_thread(meter.read)
    for c in players:
        c.stop()
    for w in watchers:
        w.stopping = True
    done = await asyncio.gather(*tasks, return_exceptions=True)
    crashed = [repr(r) for r in done if isinstance(r, BaseException)]
    d = meter.between(a, b)
    per_table = actions_by_table(meter.db, a["db"]["action_id"], b["db"]["action_id"])
    per_action = [len(c.sizes) / per_table[c.seat.table] for c in players
                  if per_table.get(c.seat.table)]
    watcher_per_action = [len(w.sizes) / per_table[w.table] for w in watchers
                          if per_table.get(w.table)]
    return {"delta": d, "crashed": crashed[:5],
            "seated": {**_sizes([x for c in players for x in c.sizes]),
                       "connections": len(players),
                       "states_per_action_per_connection":
                           statistics.fmean(per_action) if per_action else None},
            "spectator": {**_sizes([x for w in watchers for x in w.sizes]),
                          "connections": len(watchers),
                          "states_per_action_per_connection":
                              statistics.fmean(watcher_per_action)
                              if watcher_per_action else None},
            "clients": {"sent": sum(c.stats.sent for c in players),
                        "confirmed": sum(c.stats.confirmed for c in players),
                        "errors": sum(sum(c.stats.errors.values()) for c in players),
                        "drops": sum(c.stats.drops for c in players)}}


def lobby(meter: Meter, port: int, requests: int) -> dict[str, Any]:
    """``requests`` lobby reads (``GET /api/tables`` through nginx): on a worker of
    many, each reads every open table's lobby row from the database, at most once a
    second (in between it answers from memory), so the reads are 1.1 s apart: each
    one is a real read.  The CPU of the worker's own ticks in that time counts too."""
    from tests.cluster.harness import http

    a = meter.read()
    began = time.perf_counter()
    listed = size = 0
    for _ in range(requests):
        time.sleep(1.1)
        status, _, answer = http(port, "GET", "/api/tables")
        assert status == 200, (status, answer)
        listed = len(answer)
        size = len(json.dumps(answer).encode())
    seconds = time.perf_counter() - began - 1.1 * requests
    d = meter.between(a, meter.read())
    per_request = {k: v * 1000 / requests for k, v in d["cpu_seconds"].items()}
    return {"tables_listed": listed, "requests": requests, "response_bytes": size,
            "wall_ms_per_request": seconds * 1000 / requests,
            "cpu_ms_per_request": per_request,
            "cpu_us_per_table_listed": {k: v * 1000 / max(1, listed)
                                        for k, v in per_request.items()}}


def play(meter: Meter, port: int, base: str, args: argparse.Namespace,
         lease_costs: dict[str, Any], spectators: int) -> dict[str, Any]:
    """The play window; the per-hand and per-action database figures leave out the
    lease renewals (one transaction each, measured apart by :func:`leases`)."""
    from tests.cluster.harness import api

    tables = [api(port, "/api/tables", {
        "name": f"Play {t + 1}", "game": "holdem", "structure": "no_limit", "seats": 6,
        "small_blind": 1, "big_blind": 2, "action_seconds": 30})["id"]
        for t in range(args.tables)]
    seats = []
    for t, table in enumerate(tables):
        for s in range(args.per_table):
            name = f"P{t + 1}-{s + 1}"
            token = api(port, f"/api/tables/{table}/join",
                        {"name": name, "seat": s, "buy_in": BUY_IN})["token"]
            seats.append(Seat(table, s, name, token))
    found = asyncio.run(_play(seats, tables, base, meter, args, spectators))
    found["lobby"] = lobby(meter, port, args.lobby)
    found["connections_per_table"] = args.per_table + spectators
    d = found["delta"]
    hands, actions = max(1, d["hands"]), max(1, d["actions"])
    renewals = d["rows"].get("workers", {}).get("updated", 0)
    lease_rows = d["rows"].get("leases", {}).get("updated", 0)
    lease_wal = (lease_rows * lease_costs["wal_bytes_per_lease_row"]
                 + renewals * lease_costs["wal_bytes_per_renewal_alone"])
    writes = d["write_transactions"] - renewals
    commits = d["commits"] - renewals
    wal = d["wal_bytes"] - lease_wal
    game_rows = {k: v for k, v in d["rows"].items() if k not in LEASE_TABLES}
    inserted = sum(v["inserted"] for v in game_rows.values())
    updated = sum(v["updated"] for v in game_rows.values())
    cpu = d["cpu_seconds"]
    found["per_action"] = {
        "worker_cpu_ms": cpu["worker"] * 1000 / actions,
        "postgres_cpu_ms": cpu["postgres"] * 1000 / actions,
        "nginx_cpu_ms": cpu["nginx"] * 1000 / actions,
        "write_transactions": writes / actions,
        "commits": commits / actions,
        "rows_inserted": inserted / actions, "rows_updated": updated / actions,
        "wal_bytes": wal / actions}
    found["per_hand"] = {
        "actions": d["actions"] / hands,
        "write_transactions": writes / hands,
        "commits": commits / hands,
        "rows_inserted": inserted / hands, "rows_updated": updated / hands,
        "rows_by_table": {k: {kk: vv / hands for kk, vv in v.items()}
                          for k, v in sorted(game_rows.items())},
        "wal_bytes": wal / hands,
        # Heap, indexes and TOAST grown (dead row versions included until vacuumed).
        "database_bytes": d["database_bytes"] / hands}
    s = d["seconds"]
    found["rates"] = {"actions_per_second": d["actions"] / s, "hands_per_second": d["hands"] / s,
                      "worker_cpu_share": cpu["worker"] / s,
                      "postgres_cpu_share": cpu["postgres"] / s,
                      "nginx_cpu_share": cpu["nginx"] / s,
                      "write_transactions_per_second": d["write_transactions"] / s,
                      "wal_bytes_per_second": d["wal_bytes"] / s,
                      "worker_rss_bytes": d["worker_rss_bytes"],
                      "lease_renewals": renewals, "lease_rows_updated": lease_rows,
                      "lease_wal_bytes_estimated": lease_wal}
    return found


def per_connection(plays: list[dict[str, Any]]) -> dict[str, float] | None:
    """CPU per action of one more connection at a table: the slope between the play
    phases with the fewest and the most connections (None with one phase)."""
    few = min(plays, key=lambda p: p["connections_per_table"])
    many = max(plays, key=lambda p: p["connections_per_table"])
    more = many["connections_per_table"] - few["connections_per_table"]
    if more <= 0:
        return None
    return {k: (many["per_action"][k] - few["per_action"][k]) / more
            for k in ("worker_cpu_ms", "nginx_cpu_ms", "postgres_cpu_ms")}


def notify_relay(pg: Any, database: str, payload_bytes: int, count: int) -> dict[str, Any]:
    """``count`` NOTIFYs of ``payload_bytes`` each (own transaction each), one LISTENer."""
    import psycopg

    def connect() -> Any:
        return psycopg.connect(host="127.0.0.1", port=pg.port, user=pg.user, dbname=database,
                               autocommit=True)

    size = min(payload_bytes, 7999)  # NOTIFY's payload limit is 8000 bytes
    payload = "x" * size
    with connect() as listener, connect() as sender:
        listener.execute("LISTEN relay")
        received = 0
        lsn0 = sender.execute("SELECT pg_current_wal_lsn()::text").fetchone()[0]
        cpu0 = _postgres_cpu(pg.port)
        began = time.perf_counter()
        for i in range(count):
            sender.execute("SELECT pg_notify('relay', %s)", (payload,))
            if i % 100 == 99:
                received += sum(1 for _ in listener.notifies(timeout=0.0))
        while received < count and time.perf_counter() - began < 60:
            received += sum(1 for _ in listener.notifies(timeout=0.5, stop_after=count))
        seconds = time.perf_counter() - began
        cpu = _postgres_cpu(pg.port) - cpu0
        wal = int(sender.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), %s)", (lsn0,))
                  .fetchone()[0])
    return {"payload_bytes": size, "sent": count, "received": received,
            "messages_per_second": count / seconds,
            "postgres_cpu_us_per_message": cpu * 1e6 / count,
            "wal_bytes_per_message": wal / count,
            "note": "one sender, one listener, one transaction per NOTIFY; a relay also "
                    "pays the sending and receiving workers' CPU and one listener "
                    "connection per worker"}


# -------------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="play window")
    parser.add_argument("--warmup", type=float, default=6.0)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--per-table", type=int, default=4, help="players per table (2-6)")
    parser.add_argument("--spectators", type=int, nargs="+", default=[1, 6],
                        help="watchers per table, one play phase for each (default 1 6)")
    parser.add_argument("--idle-tables", type=int, default=200)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between hands")
    parser.add_argument("--lobby", type=int, default=8, help="lobby reads timed (1.1 s apart)")
    parser.add_argument("--notify", type=int, default=5000, help="NOTIFYs for the relay")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args()
    if not 2 <= args.per_table <= 6:
        parser.error("--per-table is 2-6")
    if any(n < 0 for n in args.spectators):
        parser.error("--spectators counts are 0 or more")
    if args.seconds <= 0 or args.idle_seconds <= 0:
        parser.error("--seconds and --idle-seconds must be positive")
    import psycopg

    from pokerroom.server.settings import ConnectionLimits
    from tests.cluster.harness import Nginx, Worker, free_port
    from tests.server.pg import postgres_server

    workdir = Path(tempfile.mkdtemp(prefix="pokerroom-bench-costs-"))
    began = time.time()
    load_before = os.getloadavg()
    try:
        with postgres_server() as pg:

            @contextlib.contextmanager
            def room(database: str) -> Iterator[tuple[Meter, Nginx]]:
                """One worker on a new database, nginx in front, a meter on both."""
                url = pg.create_database(database)
                worker = Worker("w1", free_port(), url, workdir / f"{database}.log",
                                bot_delay=0.0, pause=args.pause)
                # One machine plays every client: nginx's per-address limits are off
                # (at its default 64 sockets an address, the spectators were refused;
                # nginx takes a limit under 65,536).
                proxy = Nginx(workdir / f"nginx-{database}", {"w1": worker.address},
                              limits=ConnectionLimits(per_address=60_000, api_rate=100_000,
                                                      api_burst=100_000))
                try:
                    worker.start()
                    proxy.start()
                    assert worker.process is not None
                    with psycopg.connect(host="127.0.0.1", port=pg.port, user=pg.user,
                                         dbname=database, autocommit=True) as db:
                        yield Meter(db, worker.process.pid, pg.port, proxy), proxy
                finally:
                    worker.destroy()
                    proxy.stop()

            # Apart, so that neither measurement carries the other's tables.
            with room("leases") as (meter, proxy):
                lease_costs = leases(meter, proxy.port, args)
                lease_costs["lobby"] = lobby(meter, proxy.port, args.lobby)
            plays = []
            for spectators in args.spectators:
                with room(f"play{spectators}") as (meter, proxy):
                    plays.append(play(meter, proxy.port, proxy.ws_base, args, lease_costs,
                                      spectators))
            mean_seated = plays[0]["seated"]["mean_bytes"] or 1000
            relay = notify_relay(pg, f"play{args.spectators[0]}", int(mean_seated),
                                 args.notify)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)

    report = {
        "benchmark": "cluster_costs",
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(began)),
        "config": {"tables": args.tables, "per_table": args.per_table,
                   "spectators_per_table": args.spectators, "seconds": args.seconds,
                   "warmup": args.warmup, "idle_tables": args.idle_tables,
                   "idle_seconds": args.idle_seconds, "pause_between_hands": args.pause,
                   "lease_seconds": 3.0, "seed": args.seed,
                   "database": "PostgreSQL (throwaway; fsync, synchronous_commit and "
                               "full_page_writes off)",
                   "proxy": "nginx (Debian), proxy_config.render standalone",
                   "games": "no-limit hold'em 1/2, 6 seats, FollowingClients acting at once"},
        "leases": lease_costs, "play": plays,
        "per_connection": per_connection(plays), "notify_relay": relay,
        "machine": machine(load_before),
        "git_commit": git_commit(), "elapsed_seconds": time.time() - began,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(report, indent=2) + "\n")

    lease = lease_costs["points"][1]
    print(f"pokerroom: one worker through nginx on PostgreSQL, {args.tables} tables x "
          f"{args.per_table} players, {args.seconds:.0f} s windows")
    for played in plays:
        pa, ph, r = played["per_action"], played["per_hand"], played["rates"]
        seated, watching = played["seated"], played["spectator"]
        print(f" {played['connections_per_table']} connections per table "
              f"({played['connections_per_table'] - args.per_table} spectators): "
              f"{r['actions_per_second']:.0f} actions/s, "
              f"{r['hands_per_second']:.1f} hands/s ({ph['actions']:.1f} actions per hand); "
              f"CPU: worker {r['worker_cpu_share']:.0%}, PostgreSQL "
              f"{r['postgres_cpu_share']:.0%}, nginx {r['nginx_cpu_share']:.0%}")
        print(f"  CPU per action: worker {pa['worker_cpu_ms']:.2f} ms, PostgreSQL "
              f"{pa['postgres_cpu_ms']:.2f} ms, nginx {pa['nginx_cpu_ms']:.3f} ms")
        print(f"  database per hand: {ph['write_transactions']:.1f} write transactions "
              f"({ph['commits']:.1f} commits), {ph['rows_inserted']:.1f} rows inserted, "
              f"{ph['rows_updated']:.1f} updated, {ph['wal_bytes'] / 1024:.1f} KiB WAL; per "
              f"action {pa['write_transactions']:.2f} transactions, {pa['wal_bytes']:.0f} B "
              f"WAL; database grew {ph['database_bytes'] / 1024:.1f} KiB per hand")
        print(f"  state messages: seated mean {_num(seated['mean_bytes'], ' B')}, p95 "
              f"{_num(seated['p95_bytes'], ' B')}, "
              f"{_num(seated['states_per_action_per_connection'], '', 2)} per action; "
              f"spectator mean {_num(watching['mean_bytes'], ' B')}, p95 "
              f"{_num(watching['p95_bytes'], ' B')}, "
              f"{_num(watching['states_per_action_per_connection'], '', 2)} per action")
    for where, found in (("idle", lease_costs["lobby"]), ("played", plays[-1]["lobby"])):
        cpu = found["cpu_ms_per_request"]
        print(f"  lobby ({found['tables_listed']} {where} tables): "
              f"{found['wall_ms_per_request']:.0f} ms, worker {cpu['worker']:.1f} ms and "
              f"PostgreSQL {cpu['postgres']:.1f} ms CPU per GET /api/tables, "
              f"{found['response_bytes'] / 1024:.0f} KiB")
    slope = per_connection(plays)
    if slope:
        print(f"  each more connection at a table: worker {slope['worker_cpu_ms']:.3f} ms, "
              f"nginx {slope['nginx_cpu_ms']:.3f} ms CPU per action")
    print(f"  leases: {lease['renewals_per_second']:.1f} renewals/s per worker; holding "
          f"{lease['tables_held']} tables: {lease['lease_rows_updated_per_second']:.0f} lease "
          f"rows updated/s, {lease['wal_bytes_per_second'] / 1024:.1f} KiB WAL/s, worker CPU "
          f"{lease['worker_cpu_share']:.1%}, PostgreSQL {lease['postgres_cpu_share']:.1%}")
    print(f"  relay through NOTIFY ({relay['payload_bytes']} B): "
          f"{relay['messages_per_second']:.0f} msg/s, PostgreSQL "
          f"{relay['postgres_cpu_us_per_message']:.0f} us CPU and "
          f"{relay['wal_bytes_per_message']:.0f} B WAL per message")
    print(f"  written to {args.output}")
    problems = [(p["crashed"], p["clients"]) for p in plays
                if p["crashed"] or p["clients"]["errors"]]
    if problems:
        print(f"  PROBLEMS (crashed, clients): {problems}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
