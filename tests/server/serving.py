"""A real ``pokerroom serve`` process for the kill -9 tests (SQLite and PostgreSQL):
a free port, JSON calls, starting the server, tables of bots, and the checks that
a hand resumed exactly and that the server's log stayed clean."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    """GET ``path`` (or POST ``body`` as JSON) and return the decoded answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data,
        headers={"Content-Type": "application/json"} if data else {},
        method="POST" if data is not None else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def start_server(port: int, database: str, log: Path) -> subprocess.Popen[bytes]:
    """``pokerroom serve`` on ``database`` with fast bots; waits until it answers."""
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "pokerroom.cli", "serve", "--port", str(port), "--database",
             database, "--bot-delay", "0.002", "--pause", "0.01"],
            stdout=subprocess.DEVNULL, stderr=sink)
    deadline = time.time() + 30
    while time.time() < deadline:
        if process.poll() is not None:
            break
        try:
            call(port, "/api/tables")
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    process.wait()
    raise AssertionError(f"pokerroom serve did not start on {database}:\n"
                         f"{log.read_text(errors='replace')[-3000:]}")


def bot_tables(port: int, games: tuple[tuple[str, str], ...]) -> list[str]:
    """One five-seat table per (game, structure), each with four random bots."""
    tables = []
    for game, structure in games:
        created = call(port, "/api/tables", {"name": game, "game": game,
                                             "structure": structure, "seats": 5})
        table = created["id"]
        for _ in range(4):
            call(port, f"/api/tables/{table}/bots", {"policy": "random", "host": created["host"]})
        tables.append(table)
    return tables


def assert_same_turn(before: dict[str, Any], after: dict[str, Any]) -> None:
    """A hand resumed after a restart stands exactly where it stopped."""
    assert after["hand"]["number"] == before["hand"]["number"]
    assert after["hand"]["board"] == before["hand"]["board"]
    assert after["hand"]["pot"] == before["hand"]["pot"]
    assert after["seats"] == before["seats"]
    assert after["you"]["legal"] == before["you"]["legal"]
    assert any("resumed after a restart" in line for line in after["log"])


def assert_clean_log(log: Path) -> None:
    """The server's standard error shows no internal error and no traceback."""
    text = log.read_text(errors="replace")
    assert "internal error" not in text and "Traceback" not in text, text[-3000:]
