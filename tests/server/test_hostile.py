"""Hostile clients against a real ``pokerroom serve`` process, on SQLite and on
PostgreSQL (Debian's, started for the module): every test here models one attack or
one abuse and checks that it changes nothing it may not change, shows nothing it may
not show, and never makes the server fail (no 500, no traceback on its standard error).

One server per database for the whole module (a module fixture parametrized over the
two databases); the kill -9 tests restart it on the same database.  Everything talks
to 127.0.0.1 only, over real HTTP and real WebSockets (``websockets``' sync client, or a
socket made by hand for the client that never reads), and every loop is bounded in
count and in time.

The room's rules that are checked (DESIGN.md, "The room: who may do and see what"):
a token belongs to a sitting (join to leave), not to a seat; the host's requests need
the host's key; a viewer sees their own cards only in hands their sitting played; every
answered request is in the database before the answer; bounds are enforced (chips at
most 10**12, names 1-30 characters without control or bidi characters); the deal comes
from the OS's CSPRNG; a bad frame is answered, never fatal; chips at the table always
equal the ledger.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.wire.sockets import token_subprotocols
from tests.ports import free_port
from tests.server.pg import postgres_server
from tests.server.serving import (
    assert_clean_log,
    http,
    raw_websocket,
    server_frames,
    start_server,
    ws_frame,
)

BOUND = 10**12  # the largest chip amount the API takes

# ------------------------------------------------------------------ the server


@dataclass
class Served:
    """The module's server: where it listens, its database and its log."""

    kind: str
    port: int
    database: str
    log: Path
    process: subprocess.Popen[bytes]

    def kill_9_and_restart(self) -> None:
        """SIGKILL (no shutdown of any kind), then a new server on the same database."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = start_server(self.port, self.database, self.log)

    def get(self, path: str, **kw: Any) -> tuple[int, Any]:
        return http(self.port, "GET", path, **kw)

    def post(self, path: str, body: Any, **kw: Any) -> tuple[int, Any]:
        return http(self.port, "POST", path, body, **kw)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def room(request: pytest.FixtureRequest,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    kind = str(request.param)
    directory = tmp_path_factory.mktemp(f"hostile-{kind}")
    with contextlib.ExitStack() as stack:
        if kind == "sqlite":
            database = f"sqlite:///{directory / 'room.sqlite'}"
        else:
            database = stack.enter_context(postgres_server()).create_database("hostile")
        log = directory / "server.log"
        port = free_port()
        served = Served(kind, port, database, log, start_server(port, database, log))
        try:
            yield served
        finally:
            served.process.kill()
            served.process.wait(timeout=30)


# ------------------------------------------------------------------ helpers


def wait_for(check: Callable[[], Any], *, timeout: float = 30.0, what: str) -> Any:
    """Poll ``check`` until it returns something true; fail saying ``what`` otherwise."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(0.02)
    raise AssertionError(f"after {timeout}s: {what} (last: {last!r})")


def new_table(room: Served, **fields: Any) -> tuple[str, str | None]:
    """A table; its id and host key (None while the server gives none)."""
    body = {"name": "Hostile", "seats": 4, "action_seconds": 120, **fields}
    status, answer = room.post("/api/tables", body)
    assert status == 200, (status, answer)
    return str(answer["id"]), answer.get("host")


def add_bot(room: Served, table: str, host: str | None, policy: str = "station",
            **fields: Any) -> int:
    body = {"policy": policy, **fields}
    if host is not None:
        body["host"] = host
    status, answer = room.post(f"/api/tables/{table}/bots", body)
    assert status == 200, (status, answer)
    return int(answer["seat"])


def join(room: Served, table: str, name: str, seat: int, buy_in: int = 100) -> dict[str, Any]:
    status, answer = room.post(f"/api/tables/{table}/join",
                               {"name": name, "seat": seat, "buy_in": buy_in})
    assert status == 200, (name, status, answer)
    return dict(answer)


def seats(room: Served, table: str) -> list[dict[str, Any] | None]:
    """The table as a spectator sees it (GET /api/tables/{id})."""
    status, answer = room.get(f"/api/tables/{table}")
    assert status == 200, (status, answer)
    return list(answer["state"]["seats"])


def ledger(room: Served, table: str) -> dict[str, Any]:
    """The table's ledger, checked: chips bought in minus cashed out == chips at the
    table (+ the rake, none at these tables)."""
    status, books = room.get(f"/api/tables/{table}/ledger")
    assert status == 200, (status, books)
    assert books["balance"] == books["on_table"] + books.get("rake", 0), (
        f"the ledger does not match the chips at the table: {books}")
    return dict(books)


def listed(room: Served) -> set[str]:
    status, tables = room.get("/api/tables")
    assert status == 200, (status, tables)
    return {t["id"] for t in tables}


def close_quietly(room: Served, table: str, host: str | None) -> None:
    """Cleanup: the host closes the table (so its bots stop using the CPU); whatever
    the answer."""
    if host is not None:
        with contextlib.suppress(OSError):
            room.post(f"/api/tables/{table}/close", {"host": host})


def bound_named(answer: Any) -> bool:
    """A 422 answer that names its bound: 10**12, or a tighter one of at least 10**9
    (a stake may be bounded lower, so that 100 big blinds stay within 10**12)."""
    words = answer if isinstance(answer, str) else json.dumps(answer)
    if re.search(r"(?<![\d,_])(1000000000000|10\*\*12|10\^12|1,000,000,000,000|1e12)(?![\d,_])",
                 words):
        return True
    details = answer.get("detail") if isinstance(answer, dict) else None
    for detail in details if isinstance(details, list) else []:
        ctx = detail.get("ctx") or {} if isinstance(detail, dict) else {}
        bound = ctx.get("le", ctx.get("lt"))
        if isinstance(bound, int) and 10**9 <= bound <= BOUND and str(bound) in words:
            return True
    said = re.findall(r"(?:at most|less than or equal to|maximum(?: is)?|<=)\D{0,12}"
                      r"(\d[\d_,]*)", words)
    return any(10**9 <= int(n.replace("_", "").replace(",", "")) <= BOUND for n in said)


@dataclass(eq=False)
class Socket:
    """A WebSocket client (``websockets``' sync one) that keeps what it received."""

    ws: ClientConnection
    name: str
    states: list[dict[str, Any]] = field(default_factory=list)  # whole state messages
    errors: list[dict[str, Any]] = field(default_factory=list)
    closed: str | None = None

    @property
    def latest(self) -> dict[str, Any]:
        assert self.states, f"{self.name}: no state received yet"
        return dict(self.states[-1]["state"])

    def send(self, message: Any) -> None:
        try:
            self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))
        except ConnectionClosed as exc:
            self._closed(exc)

    def _closed(self, exc: ConnectionClosed) -> None:
        self.closed = (f"closed by the server (code {exc.rcvd.code})" if exc.rcvd
                       else "dropped by the server (no close frame)")
        raise AssertionError(f"{self.name}: the socket was {self.closed}") from None

    def read(self, timeout: float) -> dict[str, Any] | None:
        """One message (kept in states or errors), or None when none came in time."""
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as exc:
            self._closed(exc)
        message = json.loads(raw)
        assert isinstance(message, dict), message
        if message.get("type") == "state":
            self.states.append(message)
        elif message.get("type") == "error":
            self.errors.append(message)
        return message

    def until(self, check: Callable[[dict[str, Any]], Any], *, timeout: float = 30.0,
              what: str) -> dict[str, Any]:
        """The first state (the latest one included) for which ``check`` is true."""
        if self.states and check(self.latest):
            return self.latest
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.read(max(0.01, deadline - time.monotonic()))
            if message is not None and message.get("type") == "state" and check(self.latest):
                return self.latest
        raise AssertionError(f"{self.name}: after {timeout}s no state where {what}; latest: "
                             f"{self.latest if self.states else None}")

    def sync(self, timeout: float = 30.0) -> list[dict[str, Any]]:
        """Ping and read up to the pong: every message the server sent before it (the
        server answers in order, so everything sent before the ping is answered)."""
        self.send({"type": "ping"})
        got: list[dict[str, Any]] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.read(max(0.01, deadline - time.monotonic()))
            if message is None:
                continue
            if message.get("type") == "pong":
                return got
            got.append(message)
        raise AssertionError(f"{self.name}: no pong within {timeout}s")


@pytest.fixture
def sockets(room: Served) -> Iterator[Callable[..., Socket]]:
    """Open WebSockets to the room (closed at the end of the test)."""
    with contextlib.ExitStack() as opened:

        def open_socket(path: str, *, token: str | None = None, name: str = "") -> Socket:
            """A socket offering ``token`` as browsers do (a subprotocol, not the URL)."""
            ws = opened.enter_context(connect(
                f"ws://127.0.0.1:{room.port}{path}", proxy=None, compression=None,
                subprotocols=[Subprotocol(p) for p in token_subprotocols(token)],
                open_timeout=10, ping_interval=None, close_timeout=1, max_size=2**24))
            return Socket(ws, name or path)

        yield open_socket


def my_turn(state: dict[str, Any]) -> bool:
    you = state.get("you")
    return bool(you and you.get("legal"))


def seat_entry(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    entry = state["seats"][seat]
    return dict(entry) if entry else None


def face_down_shown(state: dict[str, Any], seat: int) -> list[str]:
    """The cards of ``seat`` this state shows (hold'em: every card is face down)."""
    entry = seat_entry(state, seat)
    return [c for c in (entry or {}).get("cards") or [] if c is not None]


# ------------------------------------------------------------------ the host


HOST_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("bots", {"policy": "random"}),
    ("bots/remove", {"seat": 0}),
    ("pause", {}),
    ("resume", {}),
    ("close", {}),
    ("lock", {"locked": True}),
]


def test_host_only_requests_need_the_host_key(room: Served) -> None:
    """Attack: a stranger (or the host of another table) seats bots, removes them,
    pauses, resumes, closes or locks a table that is not theirs.  Each is refused 403
    ``not_host`` and changes nothing; with the key, each works, and closing cashes
    everyone out and takes the table off the list."""
    table, host = new_table(room, name="Hosted")
    other, other_host = new_table(room, name="Someone else's")
    try:
        assert host, f"POST /api/tables must return the table's host key: got {host!r}"
        assert other_host and other_host != host
        recased = host.upper() if host.upper() != host else host.lower()
        for path, body in HOST_REQUESTS:
            for key in ("not-the-key", other_host, recased, host + "x", host[:-1]):
                status, answer = room.post(f"/api/tables/{table}/{path}", {**body, "host": key})
                assert status == 403, (path, key, status, answer)
                assert isinstance(answer, dict) and answer.get("reason") == "not_host", answer
                assert "error" in answer, answer
            for empty in ({**body, "host": ""}, body):  # an empty key, no key at all
                status, answer = room.post(f"/api/tables/{table}/{path}", empty)
                assert status in (403, 422), (path, empty, status, answer)
        assert seats(room, table) == [None] * 4, "a refused host request seated someone"
        assert table in listed(room), "a refused close took the table off the list"
        assert not room.get(f"/api/tables/{table}")[1]["state"]["table"]["locked"], (
            "a refused lock locked the table")
        assert ledger(room, table)["balance"] == 0

        # With the key: two bots play; pause (a stranger cannot resume), resume; remove
        # one; close.
        assert add_bot(room, table, host, "random", seat=0) == 0
        assert add_bot(room, table, host, "random", seat=2, buy_in=150) == 2

        def hands_dealt() -> int:
            status, tables = room.get("/api/tables")
            assert status == 200, tables
            return int(next(t["hands"] for t in tables if t["id"] == table))

        wait_for(lambda: hands_dealt() >= 2, what="the bots play")
        status, answer = room.post(f"/api/tables/{table}/pause", {"host": host})
        assert status == 200, (status, answer)
        wait_for(lambda: room.get(f"/api/tables/{table}")[1]["state"]["hand"] is None,
                 what="the hand in progress ends and no other starts")
        paused_at = hands_dealt()
        status, answer = room.post(f"/api/tables/{table}/resume", {"host": other_host})
        assert status == 403, (status, answer)
        time.sleep(0.3)
        assert hands_dealt() == paused_at, "a stranger resumed a paused table"
        status, answer = room.post(f"/api/tables/{table}/resume", {"host": host})
        assert status == 200, (status, answer)
        wait_for(lambda: hands_dealt() > paused_at, what="the host resumed play")
        status, answer = room.post(f"/api/tables/{table}/bots/remove", {"host": other_host,
                                                                        "seat": 0})
        assert status == 403 and seat_entry({"seats": seats(room, table)}, 0), answer
        status, answer = room.post(f"/api/tables/{table}/bots/remove", {"host": host, "seat": 0})
        assert status == 200, (status, answer)
        wait_for(lambda: seats(room, table)[0] is None, what="the removed bot left seat 0")
        ledger(room, table)
        status, answer = room.post(f"/api/tables/{table}/close", {"host": host})
        assert status == 200, (status, answer)
        wait_for(lambda: table not in listed(room), what="the closed table is no longer listed")
        status, books = room.get(f"/api/tables/{table}/ledger")
        if status == 200:  # a closed table may also be gone (404)
            assert books["on_table"] == 0 and books["balance"] == books.get("rake", 0), (
                f"closing must cash every player out to the ledger: {books}")
        status, answer = room.post(f"/api/tables/{table}/join",
                                   {"name": "Late", "seat": 1, "buy_in": 100})
        assert 400 <= status < 500, ("a closed table took a player", status, answer)
        assert other in listed(room), "closing one table closed another"
    finally:
        close_quietly(room, table, host)
        close_quietly(room, other, other_host)


# ------------------------------------------------------------------ sittings


def test_a_token_belongs_to_one_sitting_not_to_the_seat(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: Alice leaves seat 0 but keeps her socket open (and her token); Bob takes
    seat 0.  Alice's old socket, and a new one with her old token, must be spectators:
    they get ``seat_lost``, never see Bob's face-down cards, and every action they send
    (leave, top-up, sit out, post, straddle, fold, call, raise) is refused and changes
    nothing for Bob: no action, no leave, no cash-out in the ledger."""
    table, host = new_table(room, name="Sittings", seats=3)
    try:
        alice = join(room, table, "Alice", 0, 100)
        a = sockets(f"/ws/tables/{table}", token=alice["token"], name="Alice's old socket")
        a.until(lambda s: s["you"] is not None and s["you"]["seat"] == 0, what="Alice seated")
        a.send({"type": "leave"})
        a.until(lambda s: s["seats"][0] is None, what="Alice's seat 0 is free")
        a.sync()
        demoted_at = len(a.states)

        bob = join(room, table, "Bob", 0, 120)
        b = sockets(f"/ws/tables/{table}", token=bob["token"], name="Bob")
        b.until(lambda s: s["you"] is not None and s["seats"][0] is not None
                and s["seats"][0]["name"] == "Bob", what="Bob seated in seat 0")
        b.sync()
        before = ledger(room, table)
        bob_before, bob_you = seat_entry(b.latest, 0), b.latest["you"]

        # Bob alone (no hand): Alice's old socket tries everything a seat may do.
        attempts: list[Any] = [
            {"type": "top_up", "amount": 50}, {"type": "sit_out"}, {"type": "straddle"},
            {"type": "post"}, {"type": "sit_in", "post": False},
            {"type": "act", "action": "fold"}, {"type": "leave"}]
        for message in attempts:
            a.send(message)
        answers = a.sync()
        b.sync()
        bob_seat = seat_entry(b.latest, 0)
        assert bob_seat is not None and bob_seat["name"] == "Bob", (
            f"Alice's old socket made Bob leave: {b.latest['seats']}")
        assert (bob_seat, b.latest["you"]) == (bob_before, bob_you), (
            "Alice's old socket changed Bob's seat (stack, sitting out, posting):\n"
            f"before {bob_before} {bob_you}\nafter  {bob_seat} {b.latest['you']}")
        assert ledger(room, table)["balance"] == before["balance"], (
            "Alice's old socket moved chips in the ledger (a top-up or a cash-out of Bob's)")
        refused = [m for m in answers if m.get("type") == "error"
                   and m.get("reason") != "seat_lost"]
        assert len(refused) >= len(attempts), (
            f"every message of a socket whose sitting left must be refused: {answers}")

        # A hand between Bob and a bot; it waits on Bob.  Alice's socket tries to act.
        add_bot(room, table, host, "station", seat=1)
        state = b.until(my_turn, what="Bob to act")
        number = state["hand"]["number"]
        bobs_cards = face_down_shown(state, 0)
        assert len(bobs_cards) == 2, state["seats"][0]
        for message in ({"type": "act", "action": "fold"}, {"type": "act", "action": "check_call"},
                        {"type": "act", "action": "bet_raise", "to": 10}, {"type": "leave"}):
            a.send(message)
        answers = a.sync()
        b.sync()
        now = b.latest
        assert now["hand"] and now["hand"]["number"] == number and my_turn(now), (
            f"Alice's old socket acted for Bob: {now['hand']} {now['seats'][0]}")
        assert not now["seats"][0].get("folded"), f"Alice's socket folded Bob's hand: {now}"
        assert len([m for m in answers if m.get("type") == "error"]) >= 4, answers

        # A new socket with Alice's old token is a spectator too.
        c = sockets(f"/ws/tables/{table}", token=alice["token"], name="Alice's token again")
        c.until(lambda s: s["hand"] is not None, what="the hand in the new socket's state")
        c.send({"type": "act", "action": "fold"})
        c.send({"type": "leave"})
        answers = c.sync()
        assert len([m for m in answers if m.get("type") == "error"]) >= 2, answers
        b.sync()
        assert my_turn(b.latest) and b.latest["seats"][0]["name"] == "Bob", b.latest

        # What the old sockets saw after Alice left: no "you", none of Bob's cards.
        for s, since in ((a, demoted_at), (c, 0)):
            for message in s.states[since:]:
                seen = message["state"]
                assert seen["you"] is None, (s.name, "still has a seat", seen["you"])
                shown = face_down_shown(seen, 0)
                assert not shown, (f"{s.name} saw the new occupant's face-down cards "
                                   f"{shown} (Bob holds {bobs_cards})")
        assert any(e.get("reason") == "seat_lost" for e in a.errors), (
            f"Alice's socket must be told it lost its seat (seat_lost): {a.errors}")
        assert "sitting" in bob, f"the join answer names the sitting: {bob}"
        # Cleanup: Bob leaves (his turn is played for him), the bot stays alone.
        b.send({"type": "leave"})
        wait_for(lambda: seats(room, table)[0] is None, what="Bob left")
        ledger(room, table)
    finally:
        close_quietly(room, table, host)


# ------------------------------------------------------------------ downloads


def _choose_hidden(legal: dict[str, Any]) -> dict[str, Any]:
    """A player who never shows a card: fold, muck, stand pat, else check."""
    if legal.get("muck"):
        return {"type": "act", "action": "muck"}
    if legal.get("fold"):
        return {"type": "act", "action": "fold"}
    if legal.get("discard") is not None:
        return {"type": "act", "action": "discard", "cards": ""}
    if legal.get("show"):
        return {"type": "act", "action": "show"}
    return {"type": "act", "action": "check_call"}


Policy = Callable[[dict[str, Any]], "dict[str, Any] | None"]


def check_call(state: dict[str, Any]) -> dict[str, Any]:
    legal = state["you"]["legal"]
    if legal.get("discard") is not None:
        return {"type": "act", "action": "discard", "cards": ""}
    if legal.get("show"):
        return {"type": "act", "action": "show"}
    return {"type": "act", "action": "check_call"}


def hidden(state: dict[str, Any]) -> dict[str, Any]:
    return _choose_hidden(state["you"]["legal"])


def drive(players: dict[Socket, Policy | None], done: Callable[[], Any], *,
          timeout: float = 60.0, what: str) -> Any:
    """Read every socket and answer each player's turn with its policy (None: that
    player does not act; a policy returning None: not now) until ``done()`` is true.
    An action refused is followed by a check or call."""
    acted: dict[int, int] = {}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for s, policy in players.items():
            s.read(0.02)
            if not s.states:
                continue
            version = s.states[-1]["version"]
            state = s.latest
            if policy is None or not my_turn(state) or version <= acted.get(id(s), -1):
                continue
            message = policy(state)
            if message is None:
                continue
            acted[id(s)] = version
            s.send(message)
            if any(m.get("type") == "error" for m in s.sync()):
                s.send({"type": "act", "action": "check_call"})
        result = done()
        if result:
            return result
    raise AssertionError(f"after {timeout}s: {what}; latest: "
                         f"{[s.latest if s.states else None for s in players]}")


def _play_hands(s: Socket, hands: int, *, timeout: float = 60.0) -> set[int]:
    """Play (folding, mucking) until the socket's seat has acted in ``hands`` hands that
    have finished; their numbers."""
    played: set[int] = set()

    def policy(state: dict[str, Any]) -> dict[str, Any]:
        played.add(state["hand"]["number"])
        return hidden(state)

    def finished() -> set[int]:
        hand = s.latest["hand"] if s.states else None
        over = {n for n in played if hand is None or hand["number"] > n}
        return over if len(over) >= hands else set()

    return set(drive({s: policy}, finished, timeout=timeout,
                     what=f"{s.name} played {hands} hands"))


CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _without_date(text: str) -> str:
    """A text download but its first line (which carries the time it was made)."""
    return text.split("\n", 1)[1] if "\n" in text else text


def test_a_token_in_the_socket_address_authorises_nothing(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: a seat token in the WebSocket's address, where access logs, proxies and
    browser history keep it.  The page offers it as a subprotocol instead, and the
    server's log never shows it; a socket with ``?token=`` in its address gets
    ``token_in_url``, watches (no ``you``, no face-down cards) and cannot act."""
    table, host = new_table(room, name="Addresses", seats=3)
    try:
        alice = join(room, table, "Alice", 0, 100)
        add_bot(room, table, host, "station", seat=1)
        a = sockets(f"/ws/tables/{table}", token=alice["token"], name="Alice")
        a.until(lambda s: s["you"] is not None and len(face_down_shown(s, 0)) == 2,
                what="Alice sees her cards")
        a.sync()
        assert alice["token"] not in room.log.read_text(errors="replace"), (
            "the seat token reached the server's log")
        u = sockets(f"/ws/tables/{table}?token={alice['token']}", name="a token in the URL")
        state = u.until(lambda s: s["hand"] is not None, what="the hand in progress")
        assert [e["reason"] for e in u.errors] == ["token_in_url"], u.errors
        assert state["you"] is None and face_down_shown(state, 0) == [], state["seats"][0]
        u.send({"type": "act", "action": "fold"})
        assert any(m.get("type") == "error" for m in u.sync()), "the URL token acted"
        a.sync()
        assert not (seat_entry(a.latest, 0) or {}).get("folded"), a.latest["seats"][0]
    finally:
        close_quietly(room, table, host)


def test_hand_downloads_show_a_viewer_only_their_own_sitting_s_cards(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: Bob takes the seat Alice left and downloads Alice's hands with his token
    (the seat is the same, the sitting is not); Alice downloads Bob's; a token is put in
    the URL instead of the Authorization header; a hand number too large for the
    database.  Each viewer sees exactly the public hand except their own sitting's cards;
    names in old hands never change; a bad number is 404, never 500."""
    table, host = new_table(room, name="Downloads", seats=3)
    try:
        add_bot(room, table, host, "station", seat=1)
        alice = join(room, table, "Alice", 0, 100)
        a = sockets(f"/ws/tables/{table}", token=alice["token"], name="Alice")
        alice_hands = _play_hands(a, 3)
        a.send({"type": "leave"})
        wait_for(lambda: seats(room, table)[0] is None, what="Alice left seat 0")
        bob = join(room, table, "Bob", 0, 100)
        b = sockets(f"/ws/tables/{table}", token=bob["token"], name="Bob")
        bob_hands = _play_hands(b, 3)
        b.send({"type": "sit_out"})
        b.until(lambda s: s["hand"] is None, what="no hand once Bob sits out")

        def download(n: int, kind: str, token: str | None = None, *,
                     in_url: bool = False) -> str:
            path = f"/api/tables/{table}/hands/{n}.{kind}"
            headers = {}
            if token and in_url:
                path += f"?token={token}"
            elif token:
                headers["Authorization"] = f"Bearer {token}"
            status, text = room.get(path, headers=headers)
            if kind == "phh":  # 404: a hand PHH cannot record (dead money)
                assert status in (200, 404), (path, status, text)
                return f"{status}\n{text}"
            assert status == 200, (path, status, text)
            return _without_date(str(text))

        for n in sorted(alice_hands):
            public = download(n, "txt")
            assert download(n, "txt", bob["token"]) == public, (
                f"Bob's token shows more of hand {n} (Alice's sitting) than the public text")
            assert download(n, "phh", bob["token"]) == download(n, "phh"), n
        for n in sorted(bob_hands):
            public = download(n, "txt")
            assert download(n, "txt", alice["token"]) == public, (
                f"Alice's old token shows Bob's hand {n}")
            assert download(n, "txt", bob["token"], in_url=True) == public, (
                f"?token= in the URL must not authorise (hand {n})")
            assert "Dealt to Bob [" not in public, public
            mine = download(n, "txt", bob["token"])
            assert "Dealt to Bob [" in mine, (
                f"Bob's own hand {n} with his token (Authorization: Bearer) shows his cards\n"
                f"{mine}")
        for n in sorted(alice_hands):
            public = download(n, "txt")
            assert "Alice" in public and "Bob" not in public, (
                f"hand {n} was Alice's: the name at the deal must stay\n{public}")
        status, listing = room.get(f"/api/tables/{table}/hands")
        assert status == 200, listing
        by_number = {h["number"]: h for h in listing}
        for numbers, name in ((alice_hands, "Alice"), (bob_hands, "Bob")):
            for n in numbers:
                assert "players" in by_number[n], f"GET hands must list the players: {by_number[n]}"
                assert by_number[n]["players"][0] == name, (n, by_number[n]["players"])
                assert by_number[n]["players"][1] == "Bot 1", by_number[n]["players"]

        for bad in ("99999999999999999999", "9223372036854775808", "-1", "0"):
            for kind in ("txt", "phh"):
                status, answer = room.get(f"/api/tables/{table}/hands/{bad}.{kind}",
                                          headers={"Authorization": f"Bearer {bob['token']}"})
                assert status == 404, (bad, kind, status, str(answer)[:300])
        b.send({"type": "leave"})
        wait_for(lambda: seats(room, table)[0] is None, what="Bob left")
        ledger(room, table)
    finally:
        close_quietly(room, table, host)


def _revealed_txt(text: str) -> dict[str, tuple[set[str], set[str]]]:
    """For each player of a PokerStars text: (cards shown at the showdown, every card
    of theirs the text reveals anywhere)."""
    names = re.findall(r"^Seat \d+: (.+?) \(\d+ in chips", text, flags=re.M)
    out: dict[str, tuple[set[str], set[str]]] = {}
    for name in names:
        shown: set[str] = set()
        revealed: set[str] = set()
        for line in text.splitlines():
            mine = (line.startswith((f"Dealt to {name} [", f"{name}: "))
                    or re.match(rf"^Seat \d+: {re.escape(name)} ", line))
            if not mine:
                continue
            cards = set(CARD.findall(line[line.find("["):] if "[" in line else ""))
            revealed |= cards
            if line.startswith(f"{name}: shows"):
                shown |= cards
        out[name] = (shown, revealed)
    return out


def _revealed_phh(text: str) -> dict[str, tuple[set[str], set[str]]]:
    """The same for a PHH file (``dh`` and ``sd`` reveal, ``sm`` shows)."""
    names = json.loads(re.search(r"^players = (\[.*\])$", text, flags=re.M)[1])  # type: ignore[index]
    out: dict[str, tuple[set[str], set[str]]] = {name: (set(), set()) for name in names}
    for line in re.findall(r'^\s*"([^"]*)",?$', text, flags=re.M):
        words = line.split()
        if words[:2] == ["d", "dh"]:
            who, verb, cards = words[2], "dh", words[3] if len(words) > 3 else ""
        elif len(words) >= 2 and words[0].startswith("p") and words[1] in ("sd", "sm"):
            who, verb, cards = words[0], words[1], words[2] if len(words) > 2 else ""
        else:
            continue
        name = names[int(who[1:]) - 1]
        found = {cards[i:i + 2] for i in range(0, len(cards) - 1, 2)} - {"??"}
        out[name][1].update(found)
        if verb == "sm":
            out[name][0].update(found)
    return out


def test_downloads_never_show_discards_or_folded_cards_of_others(room: Served) -> None:
    """Attack: download the public history of draw hands to read what the others threw
    away (deuce-to-seven triple draw, bots that call every hand down): only the cards
    each player tabled at the showdown may appear, never the discards, in the text and
    in the PHH."""
    table, host = new_table(room, name="Draws", game="deuce_seven_triple",
                            structure="fixed_limit", seats=4)
    try:
        for _ in range(3):
            add_bot(room, table, host, "station")

        def finished() -> list[int]:
            status, listing = room.get(f"/api/tables/{table}/hands")
            assert status == 200, listing
            return [h["number"] for h in listing if h["status"] == "finished"]

        numbers = wait_for(lambda: len(finished()) >= 4 and finished(), what="4 finished hands")
        close_quietly(room, table, host)
        checked = 0
        for n in sorted(numbers)[:6]:
            status, text = room.get(f"/api/tables/{table}/hands/{n}.txt")
            assert status == 200, text
            for name, (shown, revealed) in _revealed_txt(str(text)).items():
                assert revealed <= shown, (
                    f"hand {n}: the public text reveals {sorted(revealed - shown)} of {name}, "
                    f"who tabled only {sorted(shown)} (discards are never shown)\n{text}")
                checked += bool(shown)
            status, phh = room.get(f"/api/tables/{table}/hands/{n}.phh")
            if status == 404:
                continue  # a hand PHH cannot record
            for name, (shown, revealed) in _revealed_phh(str(phh)).items():
                assert revealed <= shown, (
                    f"hand {n}: the public PHH reveals {sorted(revealed - shown)} of {name}, "
                    f"who tabled only {sorted(shown)}\n{phh}")
        assert checked, "no showdown among the hands checked"
        ledger(room, table)
    finally:
        close_quietly(room, table, host)


# ------------------------------------------------------------------ bounds


BAD_NAMES = ["", "   ", "x" * 31, "Eve\u202e", "\u202eevE", "Mal\u2066lory", "Tr\u200fudy",
             "Null\x00", "Bell\x07", "Line\nfeed", "Tab\tbed", "Del\x7f", "Bot 1", "bot 2",
             " BOT 3 ", "Bot 17", "alice", "ALICE", " Alice "]


def test_hostile_lobby_queries_are_answered_never_with_a_500(room: Served) -> None:
    """Attack: the lobby's page and filters (``GET /api/lobby``) with numbers out of
    range or not numbers, unknown games, control characters, a name past its limit,
    and filters that would mean something to SQL or a regular expression.  Each is a
    400 that names what is allowed (422 for a value of the wrong type), or a page
    read literally (nothing matches); never a 500, and the lobby stays the same."""
    table, host = new_table(room, name="Lobby target", seats=4)
    try:
        status, before = room.get("/api/lobby?size=100")
        assert status == 200 and "Lobby target" in [t["name"] for t in before["tables"]]
        refused = {
            "page=0": "pages are numbered from 1",
            "page=-5": "pages are numbered from 1",
            "size=0": "a page holds 1 to 100 tables",
            "size=100000": "a page holds 1 to 100 tables",
            "game=..%2F..%2Fetc%2Fpasswd": "unknown game '../../etc/passwd'; known games: ",
            "game=%00": "unknown game '\\x00'",
            "structure=nolimit": "unknown betting structure 'nolimit'; known: no_limit",
            "name=" + "x" * 500: "a name filter is at most 60 characters (this is 500)",
        }
        for query, message in refused.items():
            status, answer = room.get(f"/api/lobby?{query}")
            assert status == 400 and message in answer["error"], (query, status, answer)
        for query in ("page=abc", "size=1e3", "open_seat=perhaps", "page=" + "9" * 5000):
            status, answer = room.get(f"/api/lobby?{query}")
            assert status == 422, (query, status, answer)
        for query in ("name=%25%27%20OR%201%3D1%20--", "name=.%2A", "name=%E2%80%AE",
                      "page=99999999999999999999", "page=1&page=2&size=1&size=2"):
            status, answer = room.get(f"/api/lobby?{query}")
            assert status == 200, (query, status, answer)
            if query.startswith("name="):  # read as text: no table is named like that
                assert answer["tables"] == [], (query, answer)
            elif query.startswith("page=9"):  # past the last page: the last
                assert answer["page"] == answer["pages"], (query, answer)
        status, after = room.get("/api/lobby?size=100")
        assert (status, after["tables"]) == (200, before["tables"])
    finally:
        close_quietly(room, table, host)


def test_hostile_names_are_refused(room: Served) -> None:
    """Attack: names that impersonate a bot ("Bot 1") or another player (case, spaces),
    that reverse or hide text (bidi controls such as U+202E), carry control
    characters, or are empty or too long.  Each is refused (422, or 400 for a name
    already taken) and nothing is created; a name with spaces around it is trimmed."""
    table, host = new_table(room, name="Names", seats=4)
    try:
        join(room, table, "Alice", 0, 100)
        for name in BAD_NAMES:
            status, answer = room.post(f"/api/tables/{table}/join",
                                       {"name": name, "seat": 1, "buy_in": 100})
            taken = name.strip().casefold() == "alice"
            assert status == 422 or (taken and status == 400), (
                f"the name {name!r} must be refused: {status} {answer}")
            assert seats(room, table)[1] is None, f"{name!r} was seated anyway"
        assert ledger(room, table)["balance"] == 100
        carol = join(room, table, "  Carol  ", 1, 100)
        assert carol["seat"] == 1
        entry = wait_for(lambda: seats(room, table)[1], what="Carol seated")
        assert entry["name"] == "Carol", f"names are trimmed: {entry['name']!r}"
        status, answer = room.post(f"/api/tables/{table}/join",
                                   {"name": "carol", "seat": 2, "buy_in": 100})
        assert status in (400, 422), (status, answer)
        assert ledger(room, table)["balance"] == 200
    finally:
        close_quietly(room, table, host)


def test_chip_amounts_past_the_bound_are_refused_and_change_nothing(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: chip amounts past 10**12 (blinds, buy-ins, a bot's buy-in, a top-up, a
    raise, house amounts) to overflow a column, a float or someone's patience.  Each
    is answered 422 naming the bound (an error over the socket) and creates or moves
    nothing: no table, no bot, no ledger entry."""
    before = listed(room)
    for fields in ({"big_blind": BOUND + 1}, {"small_blind": 10**30, "big_blind": 10**30},
                   {"max_buy_in": BOUND + 1}, {"min_buy_in": BOUND + 1},
                   {"ante": BOUND + 1}, {"kill_pot_size": BOUND + 1},
                   {"rake_cap": BOUND + 1}, {"big_bet": BOUND + 1}):
        status, answer = room.post("/api/tables", {"name": "Huge", "seats": 4, **fields})
        assert status == 422, (fields, status, answer)
        assert bound_named(answer), (f"the 422 must name the bound 10**12: {answer}")
    assert listed(room) == before, "a refused table was created"

    table, host = new_table(room, name="Bounds", seats=4, min_buy_in=100, max_buy_in=BOUND)
    try:
        status, answer = room.post(f"/api/tables/{table}/join",
                                   {"name": "Rich", "seat": 0, "buy_in": BOUND + 1})
        assert status == 422 and bound_named(answer), (status, answer)
        body: dict[str, Any] = {"policy": "station", "buy_in": BOUND + 1, "seat": 3}
        if host is not None:
            body["host"] = host
        status, answer = room.post(f"/api/tables/{table}/bots", body)
        assert status == 422 and bound_named(answer), (status, answer)
        assert seats(room, table) == [None] * 4, "a refused buy-in seated someone"
        assert ledger(room, table)["balance"] == 0
        rich = join(room, table, "Rich", 0, BOUND)  # at the bound: fine
        s = sockets(f"/ws/tables/{table}", token=rich["token"], name="Rich")
        s.until(lambda st: st["you"] is not None, what="Rich seated")
        s.send({"type": "top_up", "amount": BOUND + 1})
        s.send({"type": "act", "action": "bet_raise", "to": BOUND + 1})
        answers = s.sync()
        errors = [m for m in answers if m.get("type") == "error"]
        assert len(errors) == 2 and all(e["reason"] == "bad_message" for e in errors), answers
        assert ledger(room, table)["balance"] == BOUND
        s.send({"type": "leave"})
        wait_for(lambda: seats(room, table)[0] is None, what="Rich left")
        assert ledger(room, table)["balance"] == 0
    finally:
        close_quietly(room, table, host)


# ------------------------------------------------------------------ randomness


def _flops(room: Served, sockets: Callable[..., Socket], tournament: str,
           seconds: float) -> dict[int, tuple[str, ...]]:
    """The flop of each hand a spectator of the tournament's first table saw."""
    s = sockets(f"/ws/tournaments/{tournament}", name=f"spectator of {tournament}")
    flops: dict[int, tuple[str, ...]] = {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = s.read(0.2)
        if not message or message.get("type") != "state":
            continue
        table = message["state"].get("table")
        hand = table and table.get("hand")
        if hand and len(hand.get("board") or []) >= 3:
            flops.setdefault(hand["number"], tuple(hand["board"][:3]))
    return flops


def test_deals_cannot_be_seeded_and_two_alike_tournaments_differ(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: a player creates a tournament with a seed they know, to know every card.
    The seed field is refused (422); two tournaments set up the same way are dealt
    different cards (the OS's CSPRNG deals)."""
    status, answer = room.post("/api/tournaments", {"name": "Seeded", "seed": 7})
    assert status == 422, (f"a tournament with a seed must be refused: {status} {answer}")
    made = []
    try:
        for _ in range(2):
            status, answer = room.post("/api/tournaments", {"name": "Twin", "structure":
                                                            "sit_and_go", "seats": 6})
            assert status == 200, answer
            made.append((answer["id"], answer["director"]))
        for tid, key in made:
            status, answer = room.post(f"/api/tournaments/{tid}/bots",
                                       {"director": key, "count": 6, "policy": "station"})
            assert status == 200, answer
        for tid, key in made:
            status, answer = room.post(f"/api/tournaments/{tid}/start", {"director": key})
            assert status == 200, answer
        first = _flops(room, sockets, made[0][0], 2.0)
        second = _flops(room, sockets, made[1][0], 2.0)
        common = sorted(set(first) & set(second))
        if common:
            alike = [n for n in common if first[n] == second[n]]
            assert len(alike) < len(common), (
                f"two tournaments dealt the same flops in hands {alike}")
        else:
            assert first and second, (first, second)
            assert set(first.values()) != set(second.values()), (first, second)
    finally:
        for tid, key in made:
            with contextlib.suppress(OSError):
                room.post(f"/api/tournaments/{tid}/pause", {"director": key})


# ------------------------------------------------------------------ frames


# Each bad frame is small enough for any transport limit (under 16 KiB, or just past
# it for "oversize"): the room itself must answer it.
BAD_FRAMES = {
    "binary": b'{"type": "ping"}',
    "deeply_nested": "[" * 5_000 + "]" * 5_000,
    "deeply_nested_object": '{"type": "ping", "x": ' + '{"a": ' * 2_000 + "1" + "}" * 2_001,
    "oversize": '{"type": "sit_out"}' + " " * (20 << 10),
}


@pytest.mark.parametrize("kind", list(BAD_FRAMES))
def test_a_bad_frame_is_answered_bad_message_and_the_socket_stays_usable(
        room: Served, sockets: Callable[..., Socket], kind: str) -> None:
    """Attack: a binary frame, JSON nested 5,000 deep (a recursion bomb for the
    parser, in 10 KB), a 20 KiB frame (a valid message padded with spaces: the size
    alone is the fault).  Each is answered ``bad_message`` and the same socket still
    answers a ping."""
    table, host = new_table(room, name=f"Frames {kind}", seats=2)
    try:
        s = sockets(f"/ws/tables/{table}", name=f"spectator sending {kind}")
        s.until(lambda st: True, what="a first state")
        s.send(BAD_FRAMES[kind])
        answers = s.sync(timeout=15)
        errors = [m for m in answers if m.get("type") == "error"]
        assert [e["reason"] for e in errors] == ["bad_message"], (
            f"a {kind} frame must be answered with one bad_message error: {answers}")
        s.sync()  # the socket still answers a ping (sync fails otherwise)
    finally:
        close_quietly(room, table, host)


def test_a_huge_frame_is_refused_without_harm(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack: a 16 MiB frame (what a server would buffer whole before looking at it).
    Either the room answers ``bad_message`` and the socket stays usable, or the
    WebSocket layer closes it with 1009 (message too big) before it is buffered; the
    server stays quick for everyone else and logs no error."""
    table, host = new_table(room, name="Huge frame", seats=2)
    try:
        s = sockets(f"/ws/tables/{table}", name="spectator sending 16 MiB")
        s.until(lambda st: True, what="a first state")
        other = sockets(f"/ws/tables/{table}", name="another spectator")
        other.sync()
        try:
            s.send('{"type": "sit_out"}' + " " * (16 << 20))
            answers = s.sync(timeout=15)
        except AssertionError:
            # Refused: a 1009, or the connection cut while the frame was still coming
            # (the close frame then lost with it).
            assert s.closed in ("closed by the server (code 1009)",
                                "dropped by the server (no close frame)"), (
                f"a huge frame must be answered bad_message, or refused (1009): {s.closed}")
        else:
            errors = [m for m in answers if m.get("type") == "error"]
            assert [e["reason"] for e in errors] == ["bad_message"], answers
        t0 = time.monotonic()
        other.sync()
        assert time.monotonic() - t0 < 2.0, "a huge frame held up the other sockets"
    finally:
        close_quietly(room, table, host)


# What a flooder sends: the smallest malformed frame (7 bytes, answered with about
# 200), or a well-formed message a spectator may not send (answered with an error):
# a server may cut the first kind short for being malformed, the second only for
# being left unread.
PROBE_WAIT = 10.0  # seconds: how long others may wait for an answer during a flood
FLOOD_FRAMES = {"garbage": ws_frame(b"x"), "refused": ws_frame(b'{"type":"sit_out"}')}


@pytest.mark.parametrize("kind", list(FLOOD_FRAMES))
def test_a_client_that_floods_and_never_reads_is_dropped(
        room: Served, sockets: Callable[..., Socket], kind: str) -> None:
    """Attack: a client sends frames as fast as it can (tiny malformed ones, or
    well-formed ones refused to a spectator, each answered with a longer error) and
    never reads a byte, so the server's answers pile up.  The server must drop it
    within a bounded time and memory: give up on it and close the TCP connection
    without waiting for a client that never reads (else every such client pins a
    connection and megabytes of buffers); and stay quick for everyone else, meanwhile
    and afterwards (HTTP and another socket): what the flooder left unread must not
    hold up the room."""
    table, host = new_table(room, name="Flood", seats=2)
    other = sockets(f"/ws/tables/{table}", name="a patient spectator")
    other.sync()
    flood = raw_websocket(room.port, f"/ws/tables/{table}", receive_buffer=4096, timeout=1.0)
    batch = FLOOD_FRAMES[kind] * 1000
    sent = 0
    tcp_closed: str | None = None
    gave_up: str | None = None
    started = time.monotonic()

    def probe_others(when: str) -> None:
        """Everyone else is still served: an HTTP request and another socket's ping are
        answered within PROBE_WAIT (a wait on a condition, not a speed check: a loop
        blocked by the flooder's frames never answers them in time)."""
        try:
            status, _ = room.get("/api/tables", timeout=PROBE_WAIT)
            assert status == 200
            other.sync(timeout=PROBE_WAIT)
        except (OSError, AssertionError) as exc:
            raise AssertionError(f"{when}, the room did not answer others within "
                                 f"{PROBE_WAIT:.0f}s: {exc!r}") from exc

    try:
        # Flood for 14 seconds without ever reading (TCP pushes back once the server
        # stops reading: the sends time out), unless the server closes the connection
        # (room for a close timeout of 10 s after the server gives up on the client).
        while time.monotonic() - started < 14 and tcp_closed is None:
            try:
                flood.sendall(batch)
                sent += 1000
            except TimeoutError:
                continue
            except OSError as exc:
                tcp_closed = f"sending failed: {exc!r}"
                break
            if sent % 200_000 == 0:
                probe_others("during the flood")
        flooded = time.monotonic() - started
        gave_up = tcp_closed
        if gave_up is None:
            # Now read: a client the server gave up on finds a close frame after the
            # answers sent before it, or the connection ends (EOF, reset).
            flood.settimeout(1.0)
            pending, got = b"", 0
            read_until = time.monotonic() + 5
            while gave_up is None and time.monotonic() < read_until and got < 64 << 20:
                try:
                    chunk = flood.recv(1 << 16)
                except TimeoutError:
                    continue
                except OSError as exc:
                    gave_up = f"reset: {exc!r}"
                    break
                if not chunk:
                    gave_up = "closed (EOF)"
                    break
                got += len(chunk)
                frames, pending = server_frames(pending + chunk)
                for opcode, payload in frames:
                    if opcode == 0x8:
                        code = int.from_bytes(payload[:2], "big") if payload else None
                        gave_up = f"a close frame (code {code}) after {got} bytes of answers"
        probe_others(f"once the flooder was dropped ({gave_up})")
        assert tcp_closed is not None, (
            f"a client that sent {sent} frames in {flooded:.0f}s and never read still had "
            "its TCP connection open (a client that never reads must be disconnected "
            "within seconds, not waited for: each one pins a connection and megabytes of "
            "buffers); when it then read, it found: "
            f"{gave_up or 'no close frame and no end of the connection within 5 s'}")
    finally:
        with contextlib.suppress(OSError):
            flood.shutdown(socket.SHUT_RDWR)
        flood.close()
        close_quietly(room, table, host)


# ------------------------------------------------------------------ durability


def test_a_join_answered_during_a_hand_survives_kill_9(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack (or accident): the server dies (SIGKILL) right after answering a join,
    including a join answered during a hand (the player sits down when it ends).  After
    the restart the seat is still theirs, they sit down with their buy-in when the hand
    ends, their token works and the ledger balances."""
    table, host = new_table(room, name="Durable joins", seats=3)
    try:
        hana = join(room, table, "Hana", 0, 100)
        add_bot(room, table, host, "station", seat=1)
        h = sockets(f"/ws/tables/{table}", token=hana["token"], name="Hana")
        h.until(my_turn, what="a hand waiting on Hana")
        before = ledger(room, table)["balance"]
        ivan = join(room, table, "Ivan", 2, 100)  # answered during the hand
        room.kill_9_and_restart()
        entry = seats(room, table)[2]
        assert entry is not None and entry["name"] == "Ivan", (
            f"a join answered 200 during a hand was lost by kill -9: seat 2 is {entry}")
        assert (seats(room, table)[0] or {}).get("name") == "Hana"
        h = sockets(f"/ws/tables/{table}", token=hana["token"], name="Hana after the restart")
        h.until(my_turn, what="the resumed hand waits on Hana")
        h.send({"type": "act", "action": "fold"})
        wait_for(lambda: (seats(room, table)[2] or {}).get("stack") is not None,
                 what="Ivan sits down when the hand ends")
        books = wait_for(lambda: (b := ledger(room, table))["balance"] == before + 100 and b,
                         what="Ivan's buy-in in the ledger")
        assert books["balance"] == books["on_table"] + books.get("rake", 0)
        i = sockets(f"/ws/tables/{table}", token=ivan["token"], name="Ivan")
        state = i.until(lambda s: True, what="Ivan's first state")
        assert state["you"] is not None and state["you"]["seat"] == 2, state["you"]
        for s in (h, i):
            s.send({"type": "leave"})
        wait_for(lambda: seats(room, table)[0] is None and seats(room, table)[2] is None,
                 what="Hana and Ivan left")
        ledger(room, table)
    finally:
        close_quietly(room, table, host)


def _jo_and_kay(room: Served, sockets: Callable[..., Socket], name: str
               ) -> tuple[str, str | None, dict[str, Any], dict[str, Any], Socket, Socket]:
    """A table of Jo (seat 0), a station bot (seat 1) and Kay (seat 2), all sat down,
    with both people connected; its id, host key, their joins and sockets."""
    table, host = new_table(room, name=name, seats=3)
    jo = join(room, table, "Jo", 0, 100)
    kay = join(room, table, "Kay", 2, 100)
    add_bot(room, table, host, "station", seat=1)
    j = sockets(f"/ws/tables/{table}", token=jo["token"], name="Jo")
    k = sockets(f"/ws/tables/{table}", token=kay["token"], name="Kay")
    # (The bot may have joined during a hand of Jo and Kay: play until it sits.)
    drive({j: check_call, k: check_call},
          lambda: (seats(room, table)[1] or {}).get("stack") is not None,
          what="the bot sits down")
    return table, host, jo, kay, j, k


def test_an_acknowledged_top_up_survives_kill_9(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack (or accident): the server dies (SIGKILL) right after acknowledging a
    top-up made during a hand (acknowledged: the pong to a ping sent after it; the
    server answers in order).  After the restart the top-up is carried out when the
    resumed hand ends: the chips are in the ledger and the books balance."""
    table, host, jo, kay, j, k = _jo_and_kay(room, sockets, "Durable top-up")
    try:
        drive({j: None, k: check_call}, lambda: j.states and my_turn(j.latest),
              what="a hand waiting on Jo")
        number = j.latest["hand"]["number"]
        before = ledger(room, table)["balance"]
        j.send({"type": "top_up", "amount": 50})
        answers = j.sync()
        assert not [m for m in answers if m.get("type") == "error"], answers
        room.kill_9_and_restart()
        j = sockets(f"/ws/tables/{table}", token=jo["token"], name="Jo after a restart")
        k = sockets(f"/ws/tables/{table}", token=kay["token"], name="Kay after a restart")
        drive({j: hidden, k: check_call},
              lambda: j.states and (j.latest["hand"] is None
                                    or j.latest["hand"]["number"] > number),
              what=f"hand {number} (resumed) ends")
        wait_for(lambda: ledger(room, table)["balance"] == before + 50,
                 what="the acknowledged top-up of 50 is in the ledger after kill -9")
        for s in (j, k):
            s.send({"type": "leave"})
        drive({j: check_call, k: check_call},
              lambda: seats(room, table)[0] is None and seats(room, table)[2] is None,
              what="Jo and Kay left")
        ledger(room, table)
    finally:
        close_quietly(room, table, host)


def test_an_acknowledged_leave_survives_kill_9(
        room: Served, sockets: Callable[..., Socket]) -> None:
    """Attack (or accident): the server dies (SIGKILL) right after acknowledging a
    leave made during a hand that waits on someone else.  After the restart the leave
    is carried out when the resumed hand ends: the seat is free, the player's chips
    are cashed out (the chips at the table are the others' only, the books balance)
    and their token no longer holds a seat."""
    table, host, jo, kay, j, k = _jo_and_kay(room, sockets, "Durable leave")
    try:
        def waits_on_kay_with_jo_in() -> bool:
            if not (j.states and k.states and my_turn(k.latest)):
                return False
            mine = seat_entry(k.latest, 0)
            return bool(mine and mine.get("in_hand") and not mine.get("folded"))

        drive({j: check_call, k: None}, waits_on_kay_with_jo_in,
              what="a hand waiting on Kay with Jo still in it")
        j.send({"type": "leave"})
        answers = j.sync()
        assert not [m for m in answers if m.get("type") == "error"
                    and m.get("reason") != "seat_lost"], answers
        assert seats(room, table)[0] is not None, "Jo left before the hand ended"
        room.kill_9_and_restart()
        k = sockets(f"/ws/tables/{table}", token=kay["token"], name="Kay after a restart")
        drive({k: check_call}, lambda: seats(room, table)[0] is None, timeout=10,
              what="the acknowledged leave is carried out after kill -9 (seat 0 free)")
        again = sockets(f"/ws/tables/{table}", token=jo["token"], name="Jo's old token")
        state = again.until(lambda s: True, what="a state")
        assert state["you"] is None, f"a token of a sitting that left still has a seat: {state}"
        k.send({"type": "leave"})
        drive({k: check_call}, lambda: seats(room, table)[2] is None, what="Kay left")
        books = ledger(room, table)
        bot = seats(room, table)[1]
        assert bot is not None and books["on_table"] == bot["stack"], (books, bot)
    finally:
        close_quietly(room, table, host)


# ------------------------------------------------------------------ the log


def test_the_dealers_tablet_refuses_strangers_and_shows_the_players_no_card(
        room: Served) -> None:
    """The dealer's tablet (issue 26): only the game's host key taps or reads the
    dealer's state, the hands and the settle-up; the players' view (public by design)
    never carries a card, not even the board; malformed and oversized taps are 422 and
    change nothing; an acknowledged tap survives kill -9 and is never applied twice."""
    status, game = room.post("/api/dealer", {"name": "Hostile home game", "seats": 6})
    assert status == 200, game
    gid, host = game["id"], game["host"]
    taps = [{"id": f"seat{s}", "kind": "seat", "seat": s, "name": f"Guest {s}",
             "chips": 100} for s in range(3)]
    taps += [{"id": "button", "kind": "button", "seat": 2}, {"id": "go", "kind": "start"},
             {"id": "dealt", "kind": "deal"}]
    for seat, action in ((2, "call"), (0, "call"), (1, "check")):
        taps.append({"id": f"pre{seat}", "kind": "act", "seat": seat, "action": action})
    taps.append({"id": "flop", "kind": "board", "cards": "Qh Jd 9c"})
    status, out = room.post(f"/api/dealer/{gid}/taps", {"host": host, "taps": taps})
    assert status == 200 and all(a["ok"] for a in out["answers"]), out
    version = out["state"]["version"]
    for key in ("", "x" * 24, host[:-1] + ("A" if host[-1] != "A" else "B")):
        status, answer = room.post(f"/api/dealer/{gid}/taps", {"host": key, "taps": [
            {"id": "evil", "kind": "misdeal"}]})
        assert status == 403 and answer["reason"] == "not_host", answer
    for path in (f"/api/dealer/{gid}", f"/api/dealer/{gid}/hands",
                 f"/api/dealer/{gid}/settle", f"/api/dealer/{gid}/hands.phhs"):
        assert room.get(path)[0] == 403
        assert room.get(path, headers={"authorization": "Bearer nope"})[0] == 403
        assert room.get(path, headers={"authorization": f"Basic {host}"})[0] == 401
    status, view = room.get(f"/api/dealer/{gid}/view")
    assert status == 200 and view["pot"] == 6
    text = json.dumps(view)
    assert not re.search(r"\b(Qh|Jd|9c)\b", text) and "board" not in view, text
    for bad in ([{"id": f"t{n}", "kind": "start"} for n in range(101)],  # too many
                [{"id": "x" * 41, "kind": "start"}],  # an id too long
                [{"id": "s", "kind": "seat", "seat": 10, "name": "Eve", "chips": 100}],
                [{"id": "s", "kind": "seat", "seat": 3, "name": "Eve", "chips": BOUND + 1}],
                [{"id": "s", "kind": "seat", "seat": 3, "name": "Eve\u202e", "chips": 100}],
                [{"id": "b", "kind": "board", "cards": "Xx Yy Zz"}]):
        status, answer = room.post(f"/api/dealer/{gid}/taps", {"host": host, "taps": bad})
        if status == 200:  # well-formed, refused by the rules: in the answer
            assert not answer["answers"][0]["ok"], answer
        else:
            assert status == 422, (status, answer)
    status, answer = room.get(f"/api/dealer/{gid}",
                              headers={"authorization": f"Bearer {host}"})
    assert status == 200 and answer["version"] == version  # nothing changed
    assert answer["board"] == ["Qh", "Jd", "9c"]
    bet = [{"id": "bet1", "kind": "act", "seat": 0, "action": "bet", "to": 10}]
    status, out = room.post(f"/api/dealer/{gid}/taps", {"host": host, "taps": bet})
    assert status == 200 and out["answers"][0]["ok"]
    room.kill_9_and_restart()
    status, again = room.post(f"/api/dealer/{gid}/taps", {"host": host, "taps": bet})
    assert status == 200 and again["answers"][0]["again"], again
    assert again["state"]["version"] == version + 1 and again["state"]["pot"] == 16


def test_the_server_log_shows_no_traceback(room: Served) -> None:
    """After everything above (run last for each database): the server's standard
    error shows no internal error and no traceback."""
    assert room.process.poll() is None, "the server died"
    text = room.log.read_text(errors="replace")
    lines = text.splitlines()
    # The last line of each traceback names the exception: say which ones first.
    raised = sorted({lines[i] for i in range(1, len(lines))
                     if lines[i] and not lines[i].startswith((" ", "Traceback", "\t"))
                     and lines[i - 1].startswith(" ")})
    assert "Traceback" not in text, f"tracebacks on the server's stderr: {raised}"
    assert_clean_log(room.log)
