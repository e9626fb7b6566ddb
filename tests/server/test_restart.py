"""Kill -9 the real server at random moments and start it again: every table comes back,
no chip is created or lost, and every finished hand keeps its history."""

from __future__ import annotations

import os
import random
import signal
import time
import urllib.request
from pathlib import Path

from tests.server.serving import bot_tables, call, free_port, start_server


def test_kill_9_at_random_points_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(2026)
    database = f"sqlite:///{tmp_path / 'room.sqlite'}"
    port = free_port()
    log = tmp_path / "server.log"
    process = start_server(port, database, log)
    try:
        tables = bot_tables(port, (("holdem", "no_limit"), ("omaha", "pot_limit"),
                                   ("stud", "fixed_limit")))
        finished_before = 0
        for _round in range(5):
            time.sleep(rng.uniform(0.2, 0.8))
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            process = start_server(port, database, log)
            finished = 0
            for table in tables:
                ledger = call(port, f"/api/tables/{table}/ledger")
                assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
                hands = call(port, f"/api/tables/{table}/hands")
                for hand in hands:
                    assert hand["status"] in ("finished", "running", "cancelled")
                done = [h for h in hands if h["status"] == "finished"]
                finished += len(done)
                if done:
                    number = done[0]["number"]
                    url = f"http://127.0.0.1:{port}/api/tables/{table}/hands/{number}.txt"
                    with urllib.request.urlopen(url, timeout=10) as response:
                        assert response.read().startswith(b"PokerStars Hand #")
            assert finished >= finished_before  # finished hands are never lost
            finished_before = finished
        assert finished_before > 10
        assert "internal error" not in log.read_text(), log.read_text()[-3000:]
    finally:
        process.kill()
        process.wait()
