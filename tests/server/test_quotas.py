"""Quotas against a real ``pokerroom serve`` (issue #22, item 4): past each per-address
limit a 429 with ``Retry-After`` and the limit's name, and nothing created; another
address is still served; ``X-Forwarded-For`` counts only from a trusted proxy; the
room-wide ceilings; the director removes a registration before the start.

Clients pick their source address on loopback (127.0.0.0/8): each test's own
address, so the module's one server keeps their counts apart.  127.0.0.9 is the
server's trusted proxy.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port
from tests.server.serving import assert_clean_log, handshake_answer, start_server

PROXY = "127.0.0.9"
LIMITS = ("quotas.tables_per_hour=3", "quotas.tournaments_per_day=2",
          "quotas.live_events_per_day=2", "quotas.joins_per_hour=3",
          "quotas.registrations_per_hour=3", "quotas.sockets_per_address=2",
          "quotas.entries_per_tournament=6", f"proxy.trusted={PROXY}")


@dataclass
class Served:
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def call(self, method: str, path: str, body: Any = None, *, source: str = "127.0.0.1",
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
        """One request from ``source``: the status, the headers, the decoded body."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                                source_address=(source, 0))
        try:
            data = json.dumps(body).encode() if body is not None else None
            connection.request(method, path, body=data, headers={
                **({"Content-Type": "application/json"} if data else {}), **(headers or {})})
            response = connection.getresponse()
            raw = response.read()
            answer = {k.lower(): v for k, v in response.getheaders()}
        finally:
            connection.close()
        try:
            return response.status, answer, json.loads(raw)
        except ValueError:
            return response.status, answer, raw.decode(errors="replace")

    def ok(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        status, _, answer = self.call(method, path, body, **kw)
        assert status == 200, (method, path, status, answer)
        return answer


def _serve(tmp: Path, *extra: str) -> Served:
    port = free_port()
    log = tmp / "server.log"
    database = f"sqlite:///{tmp / 'room.sqlite'}"
    sets = tuple(a for setting in extra for a in ("--set", setting))
    return Served(port, log, start_server(port, database, log, extra=sets))


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = _serve(tmp_path_factory.mktemp("quotas"), *LIMITS)
    try:
        yield served
    finally:
        served.process.kill()
        served.process.wait(timeout=30)
        assert_clean_log(served.log)


def assert_refused(answer: tuple[int, dict[str, str], Any], reason: str, limit: str) -> None:
    """A 429 naming ``reason`` and the setting ``limit``, with a Retry-After in seconds."""
    status, headers, body = answer
    assert status == 429, answer
    assert int(headers["retry-after"]) >= 1, headers
    assert body["reason"] == reason and body["limit"] == limit, body
    assert limit in body["error"], body


def table_ids(room: Served) -> set[str]:
    return {t["id"] for t in room.ok("GET", "/api/tables")}


TABLE = {"name": "Quota", "seats": 6}
EVENT = {"name": "Quota cup"}


def test_tables_per_hour_per_address(room: Served) -> None:
    """Past quotas.tables_per_hour: 429, Retry-After, no table; another address and a
    trusted proxy's client are served; a forged X-Forwarded-For changes nothing."""
    for _ in range(3):
        room.ok("POST", "/api/tables", TABLE, source="127.0.0.1")
    before = table_ids(room)
    refused = room.call("POST", "/api/tables", TABLE, source="127.0.0.1")
    assert_refused(refused, "quota_tables", "quotas.tables_per_hour")
    # the bucket refills one table every 3600 / 3 seconds: the wait says so
    assert 1000 <= int(refused[1]["retry-after"]) <= 1200, refused[1]
    # an untrusted peer cannot pick its address with the header
    forged = room.call("POST", "/api/tables", TABLE, source="127.0.0.1",
                       headers={"X-Forwarded-For": "203.0.113.7"})
    assert_refused(forged, "quota_tables", "quotas.tables_per_hour")
    assert table_ids(room) == before  # nothing was created
    # another address has its own quota
    created = room.ok("POST", "/api/tables", TABLE, source="127.0.0.2")
    assert table_ids(room) == before | {created["id"]}
    # behind the trusted proxy each client address is counted apart, the proxy not at all
    for _ in range(3):
        room.ok("POST", "/api/tables", TABLE, source=PROXY,
                headers={"X-Forwarded-For": "198.51.100.1"})
    assert_refused(room.call("POST", "/api/tables", TABLE, source=PROXY,
                             headers={"X-Forwarded-For": "198.51.100.1"}),
                   "quota_tables", "quotas.tables_per_hour")
    room.ok("POST", "/api/tables", TABLE, source=PROXY,
            headers={"X-Forwarded-For": "198.51.100.2"})


def test_tournaments_and_live_events_per_day(room: Served) -> None:
    """quotas.tournaments_per_day and quotas.live_events_per_day, per address."""
    for _ in range(2):
        room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.3")
        room.ok("POST", "/api/live", EVENT, source="127.0.0.3")
    tournaments = room.ok("GET", "/api/tournaments")
    live = room.ok("GET", "/api/live")
    assert_refused(room.call("POST", "/api/tournaments", EVENT, source="127.0.0.3"),
                   "quota_tournaments", "quotas.tournaments_per_day")
    assert_refused(room.call("POST", "/api/live", EVENT, source="127.0.0.3"),
                   "quota_live_events", "quotas.live_events_per_day")
    assert room.ok("GET", "/api/tournaments") == tournaments
    assert room.ok("GET", "/api/live") == live
    room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.4")
    room.ok("POST", "/api/live", EVENT, source="127.0.0.4")


def test_joins_per_hour(room: Served) -> None:
    """quotas.joins_per_hour: the fourth seat taken from one address is refused and
    the table is as it was; another address sits."""
    table = room.ok("POST", "/api/tables", TABLE, source="127.0.0.5")["id"]
    for seat in range(3):
        room.ok("POST", f"/api/tables/{table}/join",
                {"name": f"Joiner {seat}", "seat": seat, "buy_in": 200}, source="127.0.0.6")

    def seated() -> list[Any]:
        state = room.ok("GET", f"/api/tables/{table}")
        return [s for s in state["state"]["seats"] if s]

    before = seated()
    assert len(before) == 3
    assert_refused(room.call("POST", f"/api/tables/{table}/join",
                             {"name": "Joiner 3", "seat": 3, "buy_in": 200},
                             source="127.0.0.6"), "quota_joins", "quotas.joins_per_hour")
    assert seated() == before
    room.ok("POST", f"/api/tables/{table}/join", {"name": "Other", "seat": 3, "buy_in": 200},
            source="127.0.0.7")


def test_registrations_per_hour(room: Served) -> None:
    """quotas.registrations_per_hour: made-up names from one address stop at the
    limit, and nothing is registered past it."""
    tid = room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.10")["id"]
    for n in range(3):
        room.ok("POST", f"/api/tournaments/{tid}/register", {"name": f"Fake {n}"},
                source="127.0.0.11")
    assert_refused(room.call("POST", f"/api/tournaments/{tid}/register", {"name": "Fake 3"},
                             source="127.0.0.11"),
                   "quota_registrations", "quotas.registrations_per_hour")
    names = [p["name"] for p in room.ok("GET", f"/api/tournaments/{tid}")["players"]]
    assert names == ["Fake 0", "Fake 1", "Fake 2"]
    room.ok("POST", f"/api/tournaments/{tid}/register", {"name": "Real"}, source="127.0.0.12")


def test_entries_per_tournament(room: Served) -> None:
    """quotas.entries_per_tournament counts people and bots: past it a 429, no entry."""
    created = room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.13")
    tid, director = created["id"], created["director"]
    assert_refused(room.call("POST", f"/api/tournaments/{tid}/bots",
                             {"director": director, "count": 7}, source="127.0.0.13"),
                   "quota_entries", "quotas.entries_per_tournament")
    room.ok("POST", f"/api/tournaments/{tid}/bots", {"director": director, "count": 5},
            source="127.0.0.13")
    room.ok("POST", f"/api/tournaments/{tid}/register", {"name": "Sixth"}, source="127.0.0.14")
    assert_refused(room.call("POST", f"/api/tournaments/{tid}/register", {"name": "Seventh"},
                             source="127.0.0.15"),
                   "quota_entries", "quotas.entries_per_tournament")
    assert len(room.ok("GET", f"/api/tournaments/{tid}")["players"]) == 6


def handshake(port: int, path: str, *, source: str) -> tuple[bytes, socket.socket]:
    """A WebSocket handshake from ``source``: the server's answer head and the socket."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                    source_address=(source, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = handshake_answer(sock)
    return answer, sock


def test_sockets_per_address(room: Served) -> None:
    """quotas.sockets_per_address: a third open socket from one address is refused in
    its handshake (429, Retry-After, the reason in the body); closing one frees a place;
    another address connects meanwhile."""
    table = room.ok("POST", "/api/tables", TABLE, source="127.0.0.16")["id"]
    tid = room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.16")["id"]
    held = []
    for path in (f"/ws/tables/{table}", f"/ws/tournaments/{tid}"):
        head, sock = handshake(room.port, path, source="127.0.0.17")
        assert head.startswith(b"HTTP/1.1 101"), head
        held.append(sock)
    head, sock = handshake(room.port, f"/ws/tables/{table}", source="127.0.0.17")
    rest = sock.recv(65536)
    sock.close()
    assert head.startswith(b"HTTP/1.1 429"), head
    assert b"retry-after:" in head.lower(), head
    assert b"quota_sockets" in head + rest and b"quotas.sockets_per_address" in head + rest
    other, other_sock = handshake(room.port, f"/ws/tables/{table}", source="127.0.0.18")
    assert other.startswith(b"HTTP/1.1 101"), other
    other_sock.close()
    held.pop().close()  # the server counts it closed once it has seen the close
    deadline = time.monotonic() + 10
    while True:
        head, sock = handshake(room.port, f"/ws/tables/{table}", source="127.0.0.17")
        sock.close()
        if head.startswith(b"HTTP/1.1 101"):
            break
        assert time.monotonic() < deadline, head
        time.sleep(0.05)
    for s in held:
        s.close()


def test_director_removes_a_registration(room: Served) -> None:
    """The director (and only the director) withdraws someone's registration before
    the start; the removed player's token no longer counts; after the start, no."""
    created = room.ok("POST", "/api/tournaments", EVENT, source="127.0.0.20")
    tid, director = created["id"], created["director"]
    fake = room.ok("POST", f"/api/tournaments/{tid}/register", {"name": "Made Up"},
                   source="127.0.0.21")
    room.ok("POST", f"/api/tournaments/{tid}/register", {"name": "Alice"}, source="127.0.0.22")
    room.ok("POST", f"/api/tournaments/{tid}/register", {"name": "Bob"}, source="127.0.0.22")
    stranger = room.call("POST", f"/api/tournaments/{tid}/remove",
                         {"director": "not-the-key", "player": "Made Up"}, source="127.0.0.21")
    assert stranger[0] == 400 and stranger[2]["reason"] == "not_director", stranger
    status, _, answer = room.call("POST", f"/api/tournaments/{tid}/remove",
                                  {"director": director, "player": "Nobody"})
    assert status == 400 and "Nobody" in answer["error"], answer
    room.ok("POST", f"/api/tournaments/{tid}/remove", {"director": director, "player": "Made Up"})
    players = room.ok("GET", f"/api/tournaments/{tid}")["players"]
    assert [(p["entry"], p["name"]) for p in players] == [(1, "Alice"), (2, "Bob")]
    status, _, answer = room.call("POST", f"/api/tournaments/{tid}/unregister",
                                  {"token": fake["token"]})
    assert status == 400 and answer["reason"] == "bad_token", answer
    room.ok("POST", f"/api/tournaments/{tid}/start", {"director": director})
    status, _, answer = room.call("POST", f"/api/tournaments/{tid}/remove",
                                  {"director": director, "player": "Bob"})
    assert status == 400 and answer["reason"] == "started", answer


def test_room_ceilings(tmp_path: Path) -> None:
    """quotas.open_tables / open_tournaments / open_live_events hold whatever the
    address; a closed table frees its place."""
    served = _serve(tmp_path, "quotas.open_tables=2", "quotas.open_tournaments=1",
                    "quotas.open_live_events=1")
    try:
        first = served.ok("POST", "/api/tables", TABLE, source="127.0.0.30")
        served.ok("POST", "/api/tables", TABLE, source="127.0.0.31")
        before = table_ids(served)
        assert_refused(served.call("POST", "/api/tables", TABLE, source="127.0.0.32"),
                       "quota_open_tables", "quotas.open_tables")
        assert table_ids(served) == before
        served.ok("POST", f"/api/tables/{first['id']}/close", {"host": first["host"]})
        served.ok("POST", "/api/tables", TABLE, source="127.0.0.32")
        served.ok("POST", "/api/tournaments", EVENT, source="127.0.0.30")
        assert_refused(served.call("POST", "/api/tournaments", EVENT, source="127.0.0.31"),
                       "quota_open_tournaments", "quotas.open_tournaments")
        served.ok("POST", "/api/live", EVENT, source="127.0.0.30")
        assert_refused(served.call("POST", "/api/live", EVENT, source="127.0.0.31"),
                       "quota_open_live_events", "quotas.open_live_events")
        assert len(served.ok("GET", "/api/tournaments")) == 1
        assert len(served.ok("GET", "/api/live")) == 1
    finally:
        served.process.kill()
        served.process.wait(timeout=30)
    assert_clean_log(served.log)
