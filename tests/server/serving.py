"""A real ``pokerroom serve`` process for the kill -9 and hostile-client tests (SQLite
and PostgreSQL): a free port, JSON calls, starting the server, tables of bots, the
checks that a hand resumed exactly and that the server's log stayed clean, and the
raw pieces a hostile client needs (any HTTP answer, a WebSocket made by hand)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tests.ports import free_port


def call(port: int, path: str, body: dict[str, Any] | None = None, *,
         headers: dict[str, str] | None = None) -> Any:
    """GET ``path`` (or POST ``body`` as JSON) and return the decoded answer."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data,
        headers={**({"Content-Type": "application/json"} if data else {}), **(headers or {})},
        method="POST" if data is not None else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


START_CPU_SECONDS = 30.0
"""How long a ``pokerroom serve`` may take to start, in its own CPU time: about 3 s
does it, and on a loaded machine those take 15 s or more of the wall clock (a run
of the suite beside three others failed starts at a 30 s wall-clock bound)."""
START_ASLEEP_SECONDS = 300.0
"""The wall-clock bound, for a start that waits on something and uses no CPU."""


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(port: int, database: str, log: Path, *, bot_delay: float = 0.002,
                 pause: float = 0.01, extra: tuple[str, ...] = (),
                 settings: Sequence[str] = ()) -> subprocess.Popen[bytes]:
    """``pokerroom serve`` on ``database`` with fast bots, each of ``settings``
    (``SECTION.NAME=VALUE``) as a ``--set``, and ``extra``: more arguments
    (``("--set", "quotas.tables_per_hour=5")`` say); waits until it answers."""
    with log.open("ab") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "pokerroom.cli", "serve", "--port", str(port), "--database",
             database, "--bot-delay", str(bot_delay), "--pause", str(pause),
             *(arg for setting in settings for arg in ("--set", setting)), *extra],
            stdout=subprocess.DEVNULL, stderr=sink)
    started = time.monotonic()
    while process.poll() is None:
        try:
            call(port, "/api/tables")
            return process
        except OSError:
            pass
        if (cpu_seconds(process.pid) > START_CPU_SECONDS
                or time.monotonic() - started > START_ASLEEP_SECONDS):
            break
        time.sleep(0.05)
    process.kill()
    process.wait()
    raise AssertionError(f"pokerroom serve did not start on {database}:\n"
                         f"{log.read_text(errors='replace')[-3000:]}")


@contextlib.contextmanager
def served_room(directory: Path, *, bot_delay: float = 0.002,
                pause: float = 0.01) -> Iterator[int]:
    """A ``pokerroom serve`` on a fresh SQLite file in ``directory`` (its log beside
    it) for the ``with`` block: yields its port, then kills it and checks that its log
    stayed clean (:func:`assert_clean_log`)."""
    log, number = directory / "server.log", free_port()
    process = start_server(number, f"sqlite:///{directory / 'room.sqlite'}", log,
                           bot_delay=bot_delay, pause=pause)
    try:
        yield number
    finally:
        process.kill()
        process.wait(timeout=30)
    assert_clean_log(log)


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


def finished_results(port: int, tournament: str, *, seconds: float = 180.0) -> dict[str, Any]:
    """The results of ``tournament`` once it has finished, asked for every 0.2 s
    (``seconds``: a wait for the end, not a bound on the room's speed)."""
    deadline = time.monotonic() + seconds
    while True:
        results: dict[str, Any] = call(port, f"/api/tournaments/{tournament}/results")
        if results["finished"]:
            return results
        assert time.monotonic() < deadline, results
        time.sleep(0.2)


def assert_same_turn(before: dict[str, Any], after: dict[str, Any]) -> None:
    """A hand resumed after a restart stands exactly where it stopped."""
    assert after["hand"]["number"] == before["hand"]["number"]
    assert after["hand"]["board"] == before["hand"]["board"]
    assert after["hand"]["pot"] == before["hand"]["pot"]
    assert after["seats"] == before["seats"]
    assert after["you"]["legal"] == before["you"]["legal"]
    assert any("resumed after a restart" in line for line in after["log"])


def assert_clean_log(log: Path) -> None:
    """The server's standard error shows no internal error, no traceback and no
    version the scene check found stale (``POKERROOM_CHECK_SCENE``, tests/conftest.py:
    the servers the suite starts inherit it)."""
    text = log.read_text(errors="replace")
    assert "internal error" not in text and "Traceback" not in text, text[-3000:]
    assert "scene check:" not in text, text[text.index("scene check:"):][:3000]


# ------------------------------------------------------------- hostile clients

# Loopback only: never through a proxy named in the environment.
_LOOPBACK = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http(port: int, method: str, path: str, body: Any = None, *,
         headers: dict[str, str] | None = None, timeout: float = 10) -> tuple[int, Any]:
    """Any answer of the server on 127.0.0.1 (an error status is returned, not raised):
    the status and the body, decoded from JSON when it is JSON, else the text."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method=method,
        headers={**({"Content-Type": "application/json"} if data else {}), **(headers or {})})
    try:
        with _LOOPBACK.open(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
    text = raw.decode(errors="replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def handshake_answer(sock: socket.socket) -> bytes:
    """The server's answer to a WebSocket handshake, read up to its blank line and not a
    byte further: the first frames often arrive in the same segment, and they belong to
    whoever reads the socket next (peeked first, then only the answer taken)."""
    answer = b""
    while len(answer) < 65536:
        seen = sock.recv(65536, socket.MSG_PEEK)
        if not seen:
            break
        end = (answer + seen).find(b"\r\n\r\n")
        if end < 0:
            answer += sock.recv(len(seen))
            continue
        answer += sock.recv(end + 4 - len(answer))
        break
    return answer


def raw_websocket(port: int, path: str, *, receive_buffer: int = 4096,
                  timeout: float = 5.0) -> socket.socket:
    """A WebSocket to 127.0.0.1 opened by hand (no client library reading behind our
    back): the handshake done, the socket returned.  ``receive_buffer`` small makes a
    client that never reads stop taking the server's bytes soon."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = handshake_answer(sock)
    if not answer.startswith(b"HTTP/1.1 101"):
        sock.close()
        raise AssertionError(f"WebSocket handshake refused: {answer[:300]!r}")
    return sock


def ws_frame(payload: bytes, *, opcode: int = 0x1) -> bytes:
    """One masked client frame (FIN set): 0x1 text, 0x2 binary."""
    head = bytes([0x80 | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    key = (mask * (n // 4 + 1))[:n]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
    return head + mask + masked


def server_frames(data: bytes) -> tuple[list[tuple[int, bytes]], bytes]:
    """The whole (unmasked) server frames at the start of ``data``, as (opcode, payload),
    and the bytes left over (a frame not yet complete)."""
    frames: list[tuple[int, bytes]] = []
    at = 0
    while len(data) - at >= 2:
        opcode, n = data[at] & 0x0F, data[at + 1] & 0x7F
        head = 2
        if n == 126:
            if len(data) - at < 4:
                break
            n, head = struct.unpack("!H", data[at + 2:at + 4])[0], 4
        elif n == 127:
            if len(data) - at < 10:
                break
            n, head = struct.unpack("!Q", data[at + 2:at + 10])[0], 10
        if len(data) - at < head + n:
            break
        frames.append((opcode, data[at + head:at + head + n]))
        at += head + n
    return frames, data[at:]
