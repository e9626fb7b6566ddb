"""Two workers on one PostgreSQL database behind nginx (issue 15), the plain case:
tables created through the proxy are each owned by exactly one worker, the API answers
through the proxy whichever worker a request reaches (a non-owner redirects to
``/w/OWNER/...``), and a person's client reaches the owner's socket (following
``moved`` when it lands elsewhere) and plays."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from bench.room_client import FollowingClient, Seat
from tests.cluster.harness import (
    Cluster,
    api,
    bot_tables,
    cluster,
    http,
    play_until,
    tracebacks,
)


def owners(room: Cluster) -> dict[str, list[str]]:
    """Which tables each running worker says it owns (GET /api/worker on it)."""
    return {w.name: list(w.status()["tables"]) for w in room.workers}


def test_two_workers_share_the_tables_and_answer_through_nginx(tmp_path: Path) -> None:
    with cluster(2, directory=tmp_path) as room:
        tables = bot_tables(room, 6)
        deadline = time.monotonic() + 10
        while True:
            held = owners(room)
            count = Counter(t for ts in held.values() for t in ts)
            if all(count[t] == 1 for t in tables) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert all(count[t] == 1 for t in tables), held  # one owner each
        lobby = api(room.port, "/api/tables")
        assert {t["id"] for t in lobby} >= set(tables)  # the lobby from the database
        for table in tables:
            owner = next(name for name, ts in held.items() if table in ts)
            other = next(w for w in room.workers if w.name != owner)
            status, head, _ = http(other.port, "GET", f"/api/tables/{table}/ledger")
            assert status == 307 and head["location"] == f"/w/{owner}/api/tables/{table}/ledger"
            ledger = api(room.port, f"/api/tables/{table}/ledger")
            assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger

        table = tables[0]
        token = api(room.port, f"/api/tables/{table}/join",
                    {"name": "Alice", "seat": 3, "buy_in": 200})["token"]
        client = FollowingClient(room.nginx.ws_base, Seat(table, 3, "Alice", token), seed=3)
        play_until(client, lambda stats: stats.confirmed >= 3)
        stats = client.stats
        assert stats.confirmed >= 3 and stats.sent == stats.confirmed, stats
        assert stats.drops == 0 and not stats.errors, stats
        owner = room.owner_of(table)
        assert owner is not None
        assert stats.moved == 0 or stats.workers == [f"/w/{owner.name}"], stats
        for w in room.workers:
            assert tracebacks(w.log) == [], w.tail()
