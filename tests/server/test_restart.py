"""Kill -9 the real server at random moments and start it again: every table comes back,
no chip is created or lost, and every finished hand keeps its history."""

from __future__ import annotations

import os
import random
import signal
import time
import urllib.request
from pathlib import Path

from tests.ports import free_port
from tests.server.serving import bot_tables, call, start_server


def _newest_finished(port: int, table: str) -> int:
    """The number of the table's newest finished hand (0: none yet)."""
    hands = call(port, f"/api/tables/{table}/hands")
    return max((h["number"] for h in hands if h["status"] == "finished"), default=0)


def test_kill_9_at_random_points_loses_nothing(tmp_path: Path) -> None:
    """Five kills, each at a random moment (seeded) once the tables have finished a
    few more hands (waited for: a loaded machine deals fewer a second).  After each
    restart every table's ledger balances, and the newest hand each table had
    finished before the kill is still there and finished (the hands list shows 50
    at a time, so counting the finished ones on it said nothing once a table had
    more), with its text history."""
    rng = random.Random(2026)
    database = f"sqlite:///{tmp_path / 'room.sqlite'}"
    port = free_port()
    log = tmp_path / "server.log"
    process = start_server(port, database, log)
    try:
        tables = bot_tables(port, (("holdem", "no_limit"), ("omaha", "pot_limit"),
                                   ("stud", "fixed_limit")))
        known = dict.fromkeys(tables, 0)  # the newest finished hand seen, by table
        for _round in range(5):
            deadline = time.monotonic() + 60
            while sum(_newest_finished(port, t) for t in tables) < sum(known.values()) + 3:
                assert time.monotonic() < deadline, f"no 3 more hands within 60 s: {known}"
                time.sleep(0.05)
            time.sleep(rng.uniform(0.2, 0.8))
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            process = start_server(port, database, log)
            for table in tables:
                ledger = call(port, f"/api/tables/{table}/ledger")
                assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
                for hand in call(port, f"/api/tables/{table}/hands"):
                    assert hand["status"] in ("finished", "running", "cancelled")
                if known[table]:  # finished hands are never lost
                    kept = call(port, f"/api/tables/{table}/hands?before={known[table] + 1}"
                                      "&limit=1")
                    assert [(h["number"], h["status"]) for h in kept] == [
                        (known[table], "finished")], (table, known[table], kept)
                newest = _newest_finished(port, table)
                assert newest >= known[table]
                known[table] = newest
                if newest:
                    url = f"http://127.0.0.1:{port}/api/tables/{table}/hands/{newest}.txt"
                    with urllib.request.urlopen(url, timeout=10) as response:
                        assert response.read().startswith(b"PokerStars Hand #")
        assert sum(known.values()) > 10
        assert "internal error" not in log.read_text(), log.read_text()[-3000:]
    finally:
        process.kill()
        process.wait()
