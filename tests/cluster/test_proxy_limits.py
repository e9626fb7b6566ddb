"""The connections settings at the door: nginx with the rendered configuration in front
of a real ``pokerroom serve`` (issue 22): a slow client is closed, a body too large is
a JSON 413 without reaching the worker, and one address with too many requests in
progress gets a JSON 429 with ``Retry-After``, while the worker, trusting nginx
(``proxy.trusted``), does not count nginx's connections as one client's.

One SQLite worker is enough here (the generic paths go to it); the limits are small
(``--set`` for the worker, the same :class:`ConnectionLimits` for nginx).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from pokerroom.server.settings import ConnectionLimits
from tests.cluster.harness import Nginx
from tests.server.serving import call
from tests.server.test_connections import (
    Served,
    connect,
    get,
    parse,
    read_response,
    read_until_closed,
    serve_with,
    until,
    websocket_from,
)

LIMITS = ConnectionLimits(header_seconds=1, idle_seconds=1, per_address=4, total=100,
                          body_bytes=32768)
WORKER_PER_ADDRESS = 2  # fewer than nginx lets through: nginx must not be capped


@pytest.fixture(scope="module")
def door(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Nginx, Served]]:
    directory = tmp_path_factory.mktemp("door")
    worker = serve_with(directory, [
        "proxy.trusted=127.0.0.1", f"connections.per_address={WORKER_PER_ADDRESS}",
        "connections.header_seconds=1",
        f"connections.body_bytes={LIMITS.body_bytes}"])
    served = next(worker)
    proxy = Nginx(directory / "nginx", {"w1": f"127.0.0.1:{served.port}"}, limits=LIMITS)
    proxy.start()
    try:
        yield proxy, served
    finally:
        proxy.stop()
        with contextlib.suppress(StopIteration):
            next(worker)


def test_a_client_that_never_finishes_its_headers_is_closed_by_nginx(
        door: tuple[Nginx, Served]) -> None:
    proxy, _ = door
    with contextlib.closing(connect(proxy.port)) as sock:
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: room\r\nX-Slow: ")
        read_until_closed(sock)  # client_header_timeout: closed (nginx sends nothing)


def test_a_body_too_large_is_a_json_413_from_nginx(door: tuple[Nginx, Served]) -> None:
    proxy, _ = door
    with contextlib.closing(connect(proxy.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 134217728\r\n\r\n")
        status, _, body = read_response(sock)
    assert status == 413 and body["reason"] == "body_too_large"
    assert body["limit"] == LIMITS.body_bytes
    with contextlib.closing(connect(proxy.port)) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: room\r\nContent-Type: "
                     b"application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in range(LIMITS.body_bytes // 4096 + 2):
            sock.sendall(b"%x\r\n%s\r\n" % (4096, b" " * 4096))
        status, _, body = read_response(sock)
    assert status == 413 and body["reason"] == "body_too_large"


def test_one_address_with_too_many_requests_in_progress_gets_429(
        door: tuple[Nginx, Served]) -> None:
    """Open WebSockets are requests in progress: ``per_address`` of them from one
    address, then its next request is refused; another address is served, and the
    worker behind let all of them through although they all come from nginx."""
    proxy, served = door
    table = call(served.port, "/api/tables", {"name": "Door", "seats": 6})["id"]
    held = [websocket_from(proxy.port, "127.0.0.31", f"/ws/tables/{table}")
            for _ in range(LIMITS.per_address)]
    try:
        with contextlib.closing(connect(proxy.port, "127.0.0.31")) as sock:
            status, headers, body = get(sock, "/api/lobby")
        assert status == 429 and headers["retry-after"] == "5"
        assert body["reason"] == "too_many_requests"
        with contextlib.closing(connect(proxy.port, "127.0.0.32")) as sock:
            assert get(sock, "/api/lobby")[0] == 200
    finally:
        for sock in held:
            sock.close()

    def served_again() -> bool:
        with contextlib.closing(connect(proxy.port, "127.0.0.31")) as sock:
            return get(sock, "/api/lobby")[0] == 200

    until(served_again, "nginx counts the closed sockets out")


def test_the_worker_answers_a_slow_client_past_nginx_too(door: tuple[Nginx, Served]) -> None:
    """(Straight to the worker: its own header timeout, whatever is in front.)"""
    _, served = door
    with contextlib.closing(connect(served.port)) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\n")
        assert parse(read_until_closed(sock))[0] == 408
