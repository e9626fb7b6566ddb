"""Versioned deltas of a table's scene (issue 23): what a delta connection gets
(``pokerroom.delta`` offered) rebuilds, applied in order, exactly the whole states an
older connection gets; a gap yields a whole scene; and no frame ever carries what the
viewer may not see (the S-rules of secrecy), checked as an attacker reads: every byte
of every frame from a real server, against the hands as the server later tells them
to anyone."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import re
import socket
import time
import zlib
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.connections import COMPRESS_FROM
from pokerroom.server.tables.scene import apply, diff
from pokerroom.server.tables.views import _last_lines, compose
from pokerroom.server.wire.sockets import (
    DELTAS,
    MAX_PENDING,
    Mailbox,
    token_subprotocols,
)
from tests.server.serving import (
    call,
    handshake_answer,
    http,
    served_room,
    server_frames,
    ws_frame,
)

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")

# ------------------------------------------------------------------ the delta itself


def _random_state(rng: random.Random, before: dict[str, Any] | None) -> dict[str, Any]:
    """A public state shaped like a table's, changed at random from ``before``."""
    if before is None:
        return {"table": {"id": "t", "paused": False}, "seats": [None] * 6, "hand": None,
                "you": None, "log": [], "now": 0.0}
    state = {**before, "now": before["now"] + 1}
    if rng.random() < 0.3:
        state["table"] = {**before["table"], "paused": rng.random() < 0.5}
    if rng.random() < 0.6:
        state["hand"] = None if rng.random() < 0.2 else {"pot": rng.randrange(100),
                                                       "board": ["Ah", "Kd"][:rng.randrange(3)]}
    seats = list(before["seats"])
    for _ in range(rng.randrange(3)):
        i = rng.randrange(6)
        seats[i] = None if rng.random() < 0.2 else {"seat": i, "stack": rng.randrange(500)}
    state["seats"] = seats
    lines = [rng.choice(["a", "b", "a"]) for _ in range(rng.choice([0, 0, 1, 2, 7, 70]))]
    state["log"] = (before["log"] + lines)[-60:] if rng.random() < 0.95 else lines
    return state


def test_deltas_applied_in_order_reproduce_every_state_exactly() -> None:
    """Seeded random walks of states (the log repeating lines, rolling past its 60,
    replaced) : each delta applied to the state before gives the state after, and a
    delta carries only what changed."""
    rng = random.Random(23)
    for _ in range(50):
        held = state = _random_state(rng, None)
        for _ in range(40):
            new = _random_state(rng, state)
            delta = diff(state, new)
            assert delta is not None
            held = apply(held, delta)
            assert held == new
            assert set(delta.get("set", {})) <= {k for k in new if new[k] != state[k]}
            for index in delta.get("seats", {}):
                assert state["seats"][int(index)] != new["seats"][int(index)]
            state = new


def test_the_log_travels_as_its_new_lines() -> None:
    old = {"log": [f"line {n}" for n in range(60)], "now": 1}
    new = {"log": [f"line {n}" for n in range(3, 63)], "now": 2}
    assert diff(old, new) == {"set": {"now": 2},
                              "log": {"drop": 3, "add": ["line 60", "line 61", "line 62"]}}
    assert diff(old, old) == {}
    assert diff(old, {"log": []}) is None  # keys differ: the whole scene goes instead


def test_the_state_shows_the_last_sixty_lines_of_the_log_oldest_first() -> None:
    """The public state's ``log``: the table's last 60 lines (the actor keeps 200),
    read from the deque's end; every line when it holds fewer."""
    full = deque((f"line {n}" for n in range(250)), maxlen=200)
    assert _last_lines(full, 60) == [f"line {n}" for n in range(190, 250)]
    assert _last_lines(deque(["a", "b"], maxlen=200), 60) == ["a", "b"]
    assert _last_lines(deque(maxlen=200), 60) == []
    assert _last_lines(["a", "b", "c"], 2) == ["b", "c"]


@dataclass
class FakeUpdate:
    version: int
    base: int | None
    own: Any = None

    def delta_text(self, *, own: bool) -> str:
        return f"delta {self.base}->{self.version}" + (f" own {self.own}" if own else "")

    def full_text(self) -> str:
        return f"whole {self.version}"


def test_a_connection_gets_a_whole_state_first_and_after_a_gap() -> None:
    box = Mailbox(deltas=True)
    box.push_update(FakeUpdate(5, 4), None)  # it holds nothing yet (it just connected)
    box.push_update(FakeUpdate(6, 5), None)
    assert box.take_updates() == ["whole 6"]
    box.push_update(FakeUpdate(7, 6), None)
    box.push_update(FakeUpdate(8, 7, own="mine"), None)
    box.push_update(FakeUpdate(9, 8, own="mine"), None)
    # The own part goes when it changed from the one the client holds, only then.
    assert box.take_updates() == ["delta 6->7", "delta 7->8 own mine", "delta 8->9"]
    for version in range(10, 10 + MAX_PENDING + 1):  # it reads nothing for a while
        box.push_update(FakeUpdate(version, version - 1), None)
    assert len(box.updates) == MAX_PENDING
    assert box.take_updates() == [f"whole {10 + MAX_PENDING}"]  # the deltas lost: a gap
    box.push_update(FakeUpdate(40, None), None)  # a change no delta says
    assert box.take_updates() == ["whole 40"]
    assert box.held == 40


def test_a_connection_without_deltas_keeps_the_latest_whole_state() -> None:
    box = Mailbox(deltas=False)
    box.push_update(FakeUpdate(2, 1), {"type": "state", "version": 2})
    box.push_update(FakeUpdate(3, 2), {"type": "state", "version": 3})
    assert not box.updates and box.latest == {"type": "state", "version": 3}
    unknown = Mailbox()  # not yet known: both kept
    unknown.push_update(FakeUpdate(2, 1), {"type": "state", "version": 2})
    assert len(unknown.updates) == 1 and unknown.latest is not None


# ------------------------------------------------------------ a real server, read raw


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("scene")) as number:
        yield number


@dataclass(eq=False)
class RawDeltas:
    """A delta connection made by hand: every frame's text kept as it came."""

    sock: socket.socket
    frames: list[str] = field(default_factory=list)
    rest: bytes = b""

    @classmethod
    def open(cls, port: int, path: str, token: str | None) -> RawDeltas:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        offered = ", ".join([*token_subprotocols(token), DELTAS])
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Sec-WebSocket-Protocol: {offered}\r\n\r\n").encode())
        answer = handshake_answer(sock)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        assert b"permessage-deflate" not in answer.lower()  # none offered, none used
        return cls(sock)

    def read(self, timeout: float) -> None:
        self.sock.settimeout(timeout)
        with contextlib.suppress(TimeoutError):
            data = self.sock.recv(1 << 16)
            assert data, "the server closed the connection"
            frames, self.rest = server_frames(self.rest + data)
            for opcode, payload in frames:
                assert opcode == 0x1, (opcode, payload[:80])
                self.frames.append(payload.decode())

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.sendall(ws_frame(b"\x03\xe8", opcode=0x8))
        self.sock.close()


@dataclass
class Replayed:
    """A delta connection's frames applied in order: the state at each version."""

    states: dict[int, dict[str, Any]]
    owns: list[dict[str, Any] | None]
    own_cards: dict[int, list[str]]  # hand number -> the viewer's own cards in it
    deltas: int
    dropped_lines: int


def replay(frames: list[str]) -> Replayed:
    scene: dict[str, Any] | None = None
    held: int | None = None
    own: dict[str, Any] | None = None
    states: dict[int, dict[str, Any]] = {}
    owns: list[dict[str, Any] | None] = []
    own_cards: dict[int, list[str]] = {}
    deltas = dropped = 0
    for text in frames:
        message = json.loads(text)
        if message["type"] == "scene":
            scene, held = message["scene"], message["version"]
        elif message["type"] == "delta":
            assert scene is not None and message["base"] == held, (held, message["base"])
            scene, held = apply(scene, message["scene"]), message["version"]
            deltas += 1
            dropped += message["scene"].get("log", {}).get("drop", 0)
        else:
            assert message["type"] in ("chat", "pong"), message
            continue
        own = message.get("own", own)  # a delta leaves out an own part unchanged
        owns.append(own)
        states[message["version"]] = compose(scene, own)
        if own and own["cards"] and scene["hand"]:
            own_cards[scene["hand"]["number"]] = own["cards"]
    return Replayed(states, owns, own_cards, deltas, dropped)


def _old_socket(port: int, path: str, token: str | None) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}{path}", proxy=None, compression=None,
                   subprotocols=[Subprotocol(p) for p in token_subprotocols(token)],
                   open_timeout=10, ping_interval=None, close_timeout=1, max_size=2**24)


def _hand_cards(port: int, table: str, number: int, token: str | None = None) -> set[str]:
    """The cards of finished hand ``number`` as the server's text download shows them
    to a spectator (board and hands tabled), or to the seat of ``token``."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    status, text = http(port, "GET", f"/api/tables/{table}/hands/{number}.txt",
                        headers=headers)
    assert status == 200, (status, text)
    return set(CARD.findall(str(text).split("\n", 1)[1]))


def _leaks(frames: list[str], allowed: dict[int, set[str]]) -> list[str]:
    """Each card a frame carries that its hand's ``allowed`` cards do not hold: the
    scene and own parts against the hand the state is in, each new log line against
    the hand the log was telling (a line is the previous hand's until the next
    ``--- hand N ---``); frames of hands not finished are not judged."""
    problems: list[str] = []
    scene: dict[str, Any] | None = None
    telling = 0  # the hand the log tells now
    for text in frames:
        message = json.loads(text)
        if message["type"] not in ("scene", "delta"):
            continue
        part = message["scene"]
        scene = part if message["type"] == "scene" else apply(scene or {}, part)
        lines = part.get("log", []) if message["type"] == "scene" else \
            part.get("log", {}).get("add", [])
        for line in lines:
            marker = re.match(r"^--- hand (\d+) ---$", line)
            if marker:
                telling = int(marker.group(1))
            elif telling in allowed and not line.startswith("Draw for the button"):
                problems += [f"hand {telling}: {c} in log line {line!r}"
                             for c in CARD.findall(line) if c not in allowed[telling]]
        hand = scene["hand"]
        number = hand["number"] if hand is not None else telling
        if number not in allowed:
            continue
        rest = {k: v for k, v in message.items() if k != "scene"}
        rest["scene"] = {k: v for k, v in part.items() if k != "log"}
        problems += [f"hand {number}: {c} in {text[:200]}"
                     for c in CARD.findall(json.dumps(rest)) if c not in allowed[number]]
    return problems


def test_deltas_rebuild_the_whole_states_and_carry_no_card_a_viewer_may_not_see(
        port: int) -> None:
    """Eve (who folds to any bet) sits at a table of three bots with two connections,
    one asking for deltas, one not; two spectators the same.  Applied in order, each
    delta connection's frames give, at every version both got, exactly the whole
    state the other connection got (the log rolling past its 60 lines on the way).
    And as an attacker reads them: no frame to the spectator carries a card the
    hand's download does not show a spectator, none to Eve a card it does not show
    Eve (her own: S-rules of secrecy), while her own cards did reach her, so a leak
    of them would be seen."""
    created = call(port, "/api/tables", {"name": "Scene", "game": "holdem",
                                         "structure": "no_limit", "seats": 6})
    table, host = created["id"], created["host"]
    call(port, f"/api/tables/{table}/pause", {"host": host})
    for _ in range(3):
        call(port, f"/api/tables/{table}/bots", {"policy": "random", "host": host})
    eve = call(port, f"/api/tables/{table}/join", {"name": "Eve", "seat": 4, "buy_in": 200})
    token, path = eve["token"], f"/ws/tables/{table}"
    raw = {"eve": RawDeltas.open(port, path, token), "spy": RawDeltas.open(port, path, None)}
    whole: dict[str, dict[int, dict[str, Any]]] = {"eve": {}, "spy": {}}
    acted = -1
    deadline = time.monotonic() + 90
    with contextlib.ExitStack() as stack:
        old = {who: stack.enter_context(_old_socket(port, path, key))
               for who, key in (("eve", token), ("spy", None))}
        for connection in raw.values():
            stack.callback(connection.close)
        call(port, f"/api/tables/{table}/resume", {"host": host})
        while time.monotonic() < deadline:
            for who in ("eve", "spy"):
                raw[who].read(0.005)
                with contextlib.suppress(TimeoutError):
                    while True:
                        message = json.loads(old[who].recv(timeout=0.005))
                        if message["type"] == "state":
                            whole[who][message["version"]] = message["state"]
            if whole["eve"]:
                version = max(whole["eve"])
                state = whole["eve"][version]
                if state["you"] and state["you"]["legal"] and version > acted:
                    acted = version
                    legal = state["you"]["legal"]  # she folds or mucks what she can
                    action = next((a for a in ("muck", "check", "fold") if legal.get(a)),
                                  "show" if legal.get("show") else "check_call")
                    action = "check_call" if action == "check" else action
                    old["eve"].send(json.dumps({"type": "act", "action": action}))
            spy = whole["spy"][max(whole["spy"])] if whole["spy"] else None
            if spy and spy["hand"] and spy["hand"]["number"] > 12:
                break
        else:
            raise AssertionError("twelve hands were not played in 90 s")
    finished = range(1, 12)
    for who, key in (("eve", token), ("spy", None)):
        got = replay(raw[who].frames)
        both = set(got.states) & set(whole[who])
        assert len(both) > 20 and got.deltas > 20, (who, len(both), got.deltas)
        assert got.dropped_lines > 0, "the log never rolled past its 60 lines"
        for version in sorted(both)[1:]:  # the first is the subscription's (see docs)
            assert got.states[version] == whole[who][version], (who, version)
        # Secrecy: each part of each frame against what the hand shows this viewer.
        allowed = {n: _hand_cards(port, table, n, key) for n in finished}
        assert _leaks(raw[who].frames, allowed) == [], who
        if who == "eve":
            assert all(own is not None and own["seat"] == 4 for own in got.owns)
            hidden = [(n, set(cards) - _hand_cards(port, table, n))
                      for n, cards in got.own_cards.items() if n in finished]
            assert any(cards for _, cards in hidden), \
                "Eve's cards were all tabled: the test could not fail"
        else:
            assert all(own is None for own in got.owns)


def test_compression_only_where_it_pays(port: int) -> None:
    """A client that negotiates permessage-deflate gets the whole scene compressed (it
    is over COMPRESS_FROM bytes) and the small deltas as they are (RSV1 clear, as RFC
    7692 allows): deflating a few hundred bytes costs more CPU than it saves."""
    created = call(port, "/api/tables", {"name": "Deflate", "seats": 6})
    table, host = created["id"], created["host"]
    for _ in range(3):
        call(port, f"/api/tables/{table}/bots", {"policy": "random", "host": host})
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Sec-WebSocket-Protocol: pokerroom, {DELTAS}\r\n"
                  "Sec-WebSocket-Extensions: permessage-deflate\r\n\r\n").encode())
    answer = handshake_answer(sock)
    assert b"permessage-deflate" in answer.lower(), answer
    inflate = zlib.decompressobj(-15)
    frames: list[tuple[bool, dict[str, Any]]] = []  # (compressed, message)
    data = b""
    with sock:
        while sum(1 for _, m in frames if m["type"] == "delta") < 5:
            data += sock.recv(1 << 16)
            while (end := _frame_end(data)) > 0:
                ((_, payload),), _ = server_frames(data[:end])
                compressed = bool(data[0] & 0x40)  # RSV1: a compressed message
                if compressed:
                    payload = inflate.decompress(payload + b"\x00\x00\xff\xff")
                frames.append((compressed, json.loads(payload)))
                data = data[end:]
    first, rest_ = frames[0], frames[1:]
    assert first[1]["type"] == "scene" and first[0], "the whole scene goes compressed"
    small = [(c, m) for c, m in rest_ if m["type"] == "delta"
             and len(json.dumps(m, separators=(",", ":"))) < COMPRESS_FROM]
    assert small and not any(c for c, _ in small), "small deltas go as they are"


def _frame_end(data: bytes) -> int:
    """The length of the whole server frame at the start of ``data`` (0: incomplete)."""
    if len(data) < 2:
        return 0
    n, head = data[1] & 0x7F, 2
    if n >= 126:
        head = 4 if n == 126 else 10
        if len(data) < head:
            return 0
        n = int.from_bytes(data[2:head], "big")
    return head + n if len(data) >= head + n else 0


def test_a_client_that_asks_for_nothing_gets_whole_states(port: int) -> None:
    created = call(port, "/api/tables", {"name": "Old", "seats": 6})
    with _old_socket(port, f"/ws/tables/{created['id']}", None) as ws:
        message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "state" and message["state"]["seats"] == [None] * 6
