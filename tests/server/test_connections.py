"""Slow clients, too many connections and too large bodies against a real ``pokerroom
serve`` (issue 22, items 2 and 3): the ``connections`` settings, enforced.

Two servers on SQLite, each started with small limits through ``--set``: one for the
timeouts and the bodies (``header_seconds=1``, ``idle_seconds=1``,
``body_bytes=32768``), one for the connection caps (``per_address=4``, ``total=10``,
long timeouts so that held connections stay; ``127.0.0.50`` a trusted proxy).  The
clients are plain sockets, bound to their own loopback address (127.0.0.0/8 is all
loopback on Linux) when a test needs a client address of its own; every wait is
bounded and waits for a condition, never for a time.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port
from tests.server.serving import (
    assert_clean_log,
    call,
    handshake_answer,
    http,
    raw_websocket,
    server_frames,
    ws_frame,
)

BODY_LIMIT = 32768
PER_ADDRESS = 4
TOTAL = 10
TRUSTED = "127.0.0.50"
WAIT = 20.0  # seconds: the most any condition here is waited for


@dataclass
class Served:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def rss_kib(self) -> int:
        """The server process's resident memory (``VmRSS``, KiB)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS in /proc")


def serve_with(directory: Path, settings: list[str]) -> Iterator[Served]:
    """A `pokerroom serve` on SQLite in ``directory`` with ``--set`` each of ``settings``,
    stopped (and its log checked clean) when the generator ends."""
    port, log = free_port(), directory / "serve.log"
    args = [sys.executable, "-m", "pokerroom.cli", "serve", "--port", str(port),
            "--database", f"sqlite:///{directory / 'room.sqlite'}", "--bot-delay", "0.002",
            "--pause", "0.01"]
    for setting in settings:
        args += ["--set", setting]
    with log.open("ab") as sink:
        process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=sink)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text(errors="replace")[-3000:]
            assert time.monotonic() < deadline, "pokerroom serve did not start"
            try:
                call(port, "/api/tables")
                break
            except OSError:
                time.sleep(0.05)
        yield Served(port, log, process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert_clean_log(log)


@pytest.fixture(scope="module")
def timed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server for timeouts and bodies."""
    yield from serve_with(tmp_path_factory.mktemp("timed"), [
        "connections.header_seconds=1", "connections.idle_seconds=1",
        f"connections.body_bytes={BODY_LIMIT}"])


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server for the connection caps."""
    yield from serve_with(tmp_path_factory.mktemp("capped"), [
        f"connections.per_address={PER_ADDRESS}", f"connections.total={TOTAL}",
        "connections.header_seconds=60", "connections.idle_seconds=60",
        f"proxy.trusted={TRUSTED}"])


# ------------------------------------------------------------------ raw clients


def connect(port: int, source: str = "127.0.0.1", *, timeout: float = WAIT) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source``."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a reset counts as
    closed); fails when it is still open after the socket's timeout."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return data
        if not chunk:
            return data
        data += chunk


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], Any]:
    """One HTTP/1.1 response with a Content-Length from ``sock`` (the connection stays)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before a response: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip()
               for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed in the middle of a response"
        body += chunk
    return int(lines[0].split()[1]), headers, _decoded(body[:length])


def _decoded(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return body.decode(errors="replace")


def parse(data: bytes) -> tuple[int, dict[str, str], Any]:
    """A whole response already read (``read_until_closed``)."""
    assert data.startswith(b"HTTP/1.1 "), data[:200]
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip()
               for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, _decoded(body)


def get(sock: socket.socket, path: str = "/api/tables") -> tuple[int, dict[str, str], Any]:
    """A kept-alive GET on ``sock``."""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: room\r\n\r\n".encode())
    return read_response(sock)


def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)


def websocket_from(port: int, source: str, path: str) -> socket.socket:
    """A WebSocket from ``source``, the handshake done."""
    sock = connect(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: room\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = handshake_answer(sock)
    assert answer.startswith(b"HTTP/1.1 101"), answer[:300]
    return sock


def served_from(port: int, source: str) -> bool:
    """Whether a new connection from ``source`` is served now."""
    with contextlib.closing(connect(port, source)) as sock:
        try:
            return get(sock)[0] == 200
        except (AssertionError, OSError):
            return False


# ------------------------------------------------------------------ timeouts


def test_a_client_that_never_finishes_its_headers_is_answered_408_and_closed(
        timed: Served) -> None:
    with contextlib.closing(connect(timed.port)) as sock:
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: room\r\nX-Slow: ")
        status, headers, body = parse(read_until_closed(sock))
    assert status == 408 and headers["connection"] == "close"
    assert body["reason"] == "request_timeout"
    assert body["limit"] == "connections.header_seconds"


def test_a_client_that_sends_nothing_is_closed(timed: Served) -> None:
    with contextlib.closing(connect(timed.port)) as sock:
        assert parse(read_until_closed(sock))[0] == 408


def test_an_idle_kept_alive_connection_is_closed(timed: Served) -> None:
    """(uvicorn's keep-alive timer did this before: ``idle_seconds`` now sets it.)"""
    with contextlib.closing(connect(timed.port)) as sock:
        assert get(sock)[0] == 200
        assert read_until_closed(sock) == b""


def test_a_kept_alive_connection_that_starts_a_request_and_stalls_is_closed(
        timed: Served) -> None:
    """One byte of a next request stops the idle timer: the header timer takes over."""
    with contextlib.closing(connect(timed.port)) as sock:
        assert get(sock)[0] == 200
        sock.sendall(b"G")
        assert parse(read_until_closed(sock))[0] == 408


def test_a_body_that_stops_arriving_is_answered_408(timed: Served) -> None:
    with contextlib.closing(connect(timed.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 100\r\n\r\n{\"name\": ")
        status, _, body = parse(read_until_closed(sock))
    assert status == 408 and body["reason"] == "request_timeout"


# ------------------------------------------------------------------ bodies


def test_a_declared_body_over_the_limit_is_413_at_once_and_not_read(timed: Served) -> None:
    """128 MB announced, a few MB sent: answered before the body, the connection closed,
    the server's memory unchanged (it grew by 510 MB before a 422 in issue 22)."""
    before = timed.rss_kib()
    with contextlib.closing(connect(timed.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 134217728\r\n\r\n")
        status, headers, body = read_response(sock)
        assert status == 413 and headers["connection"] == "close"
        assert body["reason"] == "body_too_large" and body["limit"] == BODY_LIMIT
        sent = 0
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            while sent < 8 * 1024 * 1024:  # the server stops reading: the send fails
                sock.sendall(b"x" * 65536)
                sent += 65536
        assert read_until_closed(sock) == b""
    assert timed.rss_kib() - before < 16 * 1024


def test_a_chunked_body_over_the_limit_is_413_while_it_streams(timed: Served) -> None:
    """No length given: counted as it arrives; the client is cut off soon after the
    limit, however much it goes on sending, and the server's memory stays."""
    before = timed.rss_kib()
    with contextlib.closing(connect(timed.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (4096, b" " * 4096)
        stopped = threading.Event()

        def flood() -> None:
            with contextlib.suppress(OSError):
                for _ in range(16 * 256):  # up to 16 MB
                    sock.sendall(chunk)
            stopped.set()

        sender = threading.Thread(target=flood, daemon=True)
        sender.start()
        status, _, body = read_response(sock)
        assert status == 413 and body == {
            "error": f"the request body is larger than {BODY_LIMIT} bytes, the most the "
                     "room takes (connections.body_bytes)",
            "reason": "body_too_large", "limit": BODY_LIMIT}
        assert stopped.wait(WAIT), "the server went on reading the body"
    assert timed.rss_kib() - before < 16 * 1024


def _post(port: int, body: bytes) -> tuple[int, Any]:
    with contextlib.closing(connect(port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        status, _, answer = read_response(sock)
    return status, answer


def test_a_body_within_the_limit_is_served(timed: Served) -> None:
    """JSON padded with blanks: at the limit it is a table, one byte more a 413."""
    table = b'{"name": "Fits", "seats": 6}'
    status, created = _post(timed.port, table + b" " * (BODY_LIMIT - len(table)))
    assert status == 200 and created["id"]
    status, answer = _post(timed.port, table + b" " * (BODY_LIMIT + 1 - len(table)))
    assert status == 413 and answer["reason"] == "body_too_large"


def test_a_socket_frame_over_the_limit_is_closed_1009(timed: Served) -> None:
    """A message over 16 KiB is a ``bad_message`` (the connection carries on); a frame
    over ``body_bytes`` is not read: closed with 1009."""
    table = call(timed.port, "/api/tables", {"name": "Frames", "seats": 6})["id"]
    with contextlib.closing(raw_websocket(timed.port, f"/ws/tables/{table}",
                                          receive_buffer=1 << 20)) as sock:
        sock.sendall(ws_frame(b'{"type": "ping"}' + b" " * 20000))
        sock.sendall(ws_frame(b'{"type": "ping"}'))
        data = b""
        while b'"pong"' not in data:
            chunk = sock.recv(65536)
            assert chunk, "closed for a message under the frame limit"
            data += chunk
        assert b"bad_message" in data
        sock.sendall(ws_frame(b" " * (BODY_LIMIT + 1)))
        data = read_until_closed(sock)
    frames, _ = server_frames(data)
    assert frames and frames[-1][0] == 0x8, frames[-1:]
    assert int.from_bytes(frames[-1][1][:2], "big") == 1009


def test_ordinary_requests_and_sockets_still_work(timed: Served) -> None:
    assert http(timed.port, "GET", "/api/lobby")[0] == 200
    table = call(timed.port, "/api/tables", {"name": "Plain", "seats": 6})["id"]
    with contextlib.closing(raw_websocket(timed.port, f"/ws/tables/{table}")) as sock:
        data = b""
        while not server_frames(data)[0]:
            chunk = sock.recv(65536)
            assert chunk
            data += chunk
        assert json.loads(server_frames(data)[0][0][1])["type"] == "state"


# ------------------------------------------------------------------ caps


def test_one_address_past_its_connections_is_refused_429(capped: Served) -> None:
    held = [connect(capped.port, "127.0.0.21") for _ in range(PER_ADDRESS)]
    try:
        for sock in held:
            assert get(sock)[0] == 200
        with contextlib.closing(connect(capped.port, "127.0.0.21")) as extra:
            status, headers, body = parse(read_until_closed(extra))
        assert status == 429 and headers["retry-after"] == "5"
        assert body["reason"] == "too_many_connections"
        assert body["limit"] == "connections.per_address"
        assert served_from(capped.port, "127.0.0.22")  # another address: served
    finally:
        held.pop().close()
    until(lambda: served_from(capped.port, "127.0.0.21"), "a place given back is taken")
    for sock in held:
        sock.close()


def test_websockets_count_towards_the_address_cap(capped: Served) -> None:
    table = call(capped.port, "/api/tables", {"name": "Held", "seats": 6})["id"]
    held = [websocket_from(capped.port, "127.0.0.23", f"/ws/tables/{table}")
            for _ in range(PER_ADDRESS)]
    try:
        with contextlib.closing(connect(capped.port, "127.0.0.23")) as extra:
            assert parse(read_until_closed(extra))[0] == 429
    finally:
        for sock in held:
            sock.close()
    until(lambda: served_from(capped.port, "127.0.0.23"), "closed sockets give back")


def test_a_trusted_proxy_is_not_capped_per_address(capped: Served) -> None:
    held = [connect(capped.port, TRUSTED) for _ in range(PER_ADDRESS + 2)]
    try:
        for sock in held:
            assert get(sock)[0] == 200
    finally:
        for sock in held:
            sock.close()


def test_past_the_total_the_room_answers_503(capped: Served) -> None:
    held: list[socket.socket] = []
    refused = None
    try:
        for i in range(TOTAL + 1):  # a few per address, under the address cap
            sock = connect(capped.port, f"127.0.1.{i // 2 + 1}")
            sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: room\r\n\r\n")
            data = sock.recv(1 << 16)
            if data.startswith(b"HTTP/1.1 503"):
                refused = parse(data + read_until_closed(sock))
                sock.close()
                break
            held.append(sock)
        assert refused is not None, f"{len(held)} connections held, none refused"
        assert len(held) <= TOTAL
        status, headers, body = refused
        assert status == 503
        assert headers["retry-after"] == "5" and body["reason"] == "room_full"
        assert body["limit"] == "connections.total"
    finally:
        for sock in held:
            sock.close()
    until(lambda: served_from(capped.port, "127.0.1.99"), "the room takes new ones again")
