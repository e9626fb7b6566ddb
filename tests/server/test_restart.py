"""Kill -9 the real server at random moments and start it again: every table comes back,
no chip is created or lost, and every finished hand keeps its history."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data,
        headers={"Content-Type": "application/json"} if data else {},
        method="POST" if data is not None else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _start(port: int, database: str, log: Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "pokerroom.cli", "serve", "--port", str(port), "--database",
             database, "--bot-delay", "0.002", "--pause", "0.01"],
            stdout=subprocess.DEVNULL, stderr=sink)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            _call(port, "/api/tables")
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")


def assert_clean_log(log: Path) -> None:
    """The server's standard error shows no internal error and no traceback."""
    text = log.read_text(errors="replace")
    assert "internal error" not in text and "Traceback" not in text, text[-3000:]


def test_kill_9_at_random_points_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(2026)
    database = f"sqlite:///{tmp_path / 'room.sqlite'}"
    port = _free_port()
    log = tmp_path / "server.log"
    process = _start(port, database, log)
    try:
        tables = []
        for game, structure in (("holdem", "no_limit"), ("omaha", "pot_limit"),
                                ("stud", "fixed_limit")):
            table = _call(port, "/api/tables", {"name": game, "game": game,
                                                 "structure": structure, "seats": 5})["id"]
            for _ in range(4):
                _call(port, f"/api/tables/{table}/bots", {"policy": "random"})
            tables.append(table)
        finished_before = 0
        for _round in range(5):
            time.sleep(rng.uniform(0.2, 0.8))
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            process = _start(port, database, log)
            finished = 0
            for table in tables:
                ledger = _call(port, f"/api/tables/{table}/ledger")
                assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
                hands = _call(port, f"/api/tables/{table}/hands")
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
