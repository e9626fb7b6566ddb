"""Issue #22, item 5, against a real ``pokerroom serve`` (SQLite): names that look like
another's are refused at a table, in a tournament and in a live event; chat follows
the names' character rules; a body not sent as JSON is refused with 415.  One server
for the module; everything talks to 127.0.0.1 only, every loop bounded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.wire.sockets import token_subprotocols
from tests.ports import free_port
from tests.server.serving import assert_clean_log, http, start_server

CYRILLIC_A = "\u0410"  # looks like a Latin A


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    directory = tmp_path_factory.mktemp("hostile-names")
    log = directory / "server.log"
    chosen = free_port()
    process = start_server(chosen, f"sqlite:///{directory / 'room.sqlite'}", log)
    try:
        yield chosen
        assert_clean_log(Path(log))
    finally:
        process.kill()
        process.wait(timeout=30)


def _post(port: int, path: str, body: Any, **kw: Any) -> tuple[int, Any]:
    return http(port, "POST", path, body, **kw)


def _table(port: int) -> tuple[str, str]:
    status, answer = _post(port, "/api/tables", {"name": "Names", "seats": 6,
                                                 "action_seconds": 120})
    assert status == 200, answer
    return str(answer["id"]), str(answer["host"])


def _names_at(port: int, table: str) -> list[str]:
    status, answer = http(port, "GET", f"/api/tables/{table}")
    assert status == 200, answer
    return [s["name"] for s in answer["state"]["seats"] if s is not None]


def test_a_lookalike_name_is_refused_at_a_table(port: int) -> None:
    """A Cyrillic "Аlice" and a lower-case "alice" may not sit beside "Alice": 400
    ``name_taken`` naming the clash; "Alicia" may."""
    table, host = _table(port)
    status, _ = _post(port, f"/api/tables/{table}/join",
                      {"name": "Alice", "seat": 0, "buy_in": 100})
    assert status == 200
    for seat, lookalike in ((1, f"{CYRILLIC_A}lice"), (2, "alice"), (3, "ALICE")):
        status, answer = _post(port, f"/api/tables/{table}/join",
                               {"name": lookalike, "seat": seat, "buy_in": 100})
        assert status == 400, (lookalike, answer)
        assert answer["reason"] == "name_taken" and "'Alice'" in answer["error"], answer
    status, _ = _post(port, f"/api/tables/{table}/join",
                      {"name": "Alicia", "seat": 1, "buy_in": 100})
    assert status == 200
    assert sorted(_names_at(port, table)) == ["Alice", "Alicia"]
    _post(port, f"/api/tables/{table}/close", {"host": host})


def test_a_lookalike_name_is_refused_in_a_tournament_and_a_live_event(port: int) -> None:
    """Registering "alice" or "Аlice" beside "Alice": refused in a tournament (it used
    to register both) and in a live event."""
    status, created = _post(port, "/api/tournaments", {"name": "Cup",
                                                       "structure": "sit_and_go", "seats": 6})
    assert status == 200, created
    tid = created["id"]
    status, _ = _post(port, f"/api/tournaments/{tid}/register", {"name": "Alice"})
    assert status == 200
    for lookalike in ("alice", f"{CYRILLIC_A}lice"):
        status, answer = _post(port, f"/api/tournaments/{tid}/register", {"name": lookalike})
        assert status == 400 and answer["reason"] == "name_taken", (lookalike, answer)
        assert "'Alice'" in answer["error"]
    status, event = _post(port, "/api/live", {"name": "Live", "structure": "turbo"})
    assert status == 200, event
    act = f"/api/live/{event['id']}/register"
    assert _post(port, act, {"host": event["host"], "name": "Alice"})[0] == 200
    status, answer = _post(port, act, {"host": event["host"], "name": f"{CYRILLIC_A}LICE"})
    assert status == 400 and answer["reason"] == "name_taken", answer
    _, state = http(port, "GET", f"/api/live/{event['id']}")
    assert [p["name"] for p in state["players"]] == ["Alice"]


def _socket(port: int, table: str, token: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", proxy=None,
                   compression=None, open_timeout=10, ping_interval=None, close_timeout=1,
                   subprotocols=[Subprotocol(p) for p in token_subprotocols(token)])


def _next(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    for _ in range(200):
        message = json.loads(ws.recv(timeout=10))
        if message["type"] in kinds:
            return dict(message)
    raise AssertionError(f"no {kinds} message among 200")


@pytest.mark.parametrize(("text", "named"), [
    ("hi\x00there", "U+0000"), ("\x1b[2Jgone", "U+001B"), ("abc\u202edcba", "U+202E"),
    ("zero\u200bwidth", "U+200B"), ("iso\u2066late", "U+2066"),
])
def test_chat_refuses_what_names_refuse(port: int, text: str, named: str) -> None:
    """NUL, ESC, a bidi override or isolate, a zero-width space: refused with
    ``chat_bad_text`` naming the character; nobody hears the line.  A tab and a line
    break are allowed and shown as a space."""
    table, host = _table(port)
    status, seated = _post(port, f"/api/tables/{table}/join",
                           {"name": "Chatty", "seat": 0, "buy_in": 100})
    assert status == 200
    with _socket(port, table, seated["token"]) as ws:
        ws.send(json.dumps({"type": "chat", "text": text}))
        refused = _next(ws, ("error", "chat"))
        assert refused["type"] == "error" and refused["reason"] == "chat_bad_text", refused
        assert named in refused["message"], refused
        ws.send(json.dumps({"type": "chat", "text": "good\tluck\r\nall"}))
        heard = _next(ws, ("error", "chat"))
        assert heard["type"] == "chat" and heard["lines"][-1]["text"] == "good luck all"
    _post(port, f"/api/tables/{table}/close", {"host": host})


def test_a_body_not_sent_as_json_is_refused_with_415(port: int) -> None:
    """A live event's action with a ``text/plain`` body (it used to be read as JSON),
    a form body, a table's creation as text: 415
    ``unsupported_media_type``, nothing done."""
    status, event = _post(port, "/api/live", {"name": "Plain", "structure": "turbo"})
    assert status == 200
    body = {"host": event["host"], "name": "Mallory"}
    for headers in ({"Content-Type": "text/plain"}, {"Content-Type": "text/plain;charset=UTF-8"},
                    {"Content-Type": "application/x-www-form-urlencoded"}):
        status, answer = _post(port, f"/api/live/{event['id']}/register", body,
                               headers=headers)
        assert status == 415, (headers, status, answer)
        assert answer["reason"] == "unsupported_media_type"
        assert "application/json" in answer["error"]
    _, state = http(port, "GET", f"/api/live/{event['id']}")
    assert state["players"] == []
    _, before = http(port, "GET", "/api/tables")
    status, answer = _post(port, "/api/tables", {"name": "Plain", "seats": 6},
                           headers={"Content-Type": "text/plain"})
    assert status == 415 and answer["reason"] == "unsupported_media_type", answer
    _, after = http(port, "GET", "/api/tables")
    assert len(after) == len(before)
    status, answer = _post(port, f"/api/live/{event['id']}/register", body,
                           headers={"Content-Type": "application/json; charset=utf-8"})
    assert status == 200, answer
