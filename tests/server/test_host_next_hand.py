"""Issue 24, item 2, against a real ``pokerroom serve`` (SQLite): the host's tools for
the next hand (new stakes, a bomb pot, a seat change), the ledger's CSV and the
settle-up.  Each is stored (a restart keeps what the host was answered for, even a
change made during a hand), shown to everyone in the state, refused without the host
key and at a closed table, and every bad input is a 4xx with a reason, nothing
changed."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.wire.sockets import token_subprotocols
from tests.ports import free_port
from tests.server.conftest import wait_until
from tests.server.serving import assert_clean_log, http, start_server


class Served:
    """A ``pokerroom serve`` on a SQLite file that a test may kill and start again."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.log = directory / "server.log"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.process = start_server(self.port, f"sqlite:///{self.directory / 'room.sqlite'}",
                                    self.log, bot_delay=0.01, pause=0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=30)

    def restart(self) -> None:
        self.kill()
        self.start()

    def get(self, path: str) -> Any:
        status, answer = http(self.port, "GET", path)
        assert status == 200, (path, answer)
        return answer

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        return http(self.port, "POST", path, body)

    def ok(self, path: str, body: dict[str, Any]) -> Any:
        status, answer = self.post(path, body)
        assert status == 200, (path, answer)
        return answer


def _served(directory: Path) -> Iterator[Served]:
    served = Served(directory)
    try:
        yield served
    finally:
        served.kill()
    assert_clean_log(served.log)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Served]:
    """A room of the test's own: for the tests that restart it."""
    yield from _served(tmp_path)


@pytest.fixture(scope="module")
def shared_room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One room for the tests that never restart it, each at its own tables (a
    server's start is most of such a test's time)."""
    yield from _served(tmp_path_factory.mktemp("shared-room"))


def _table(room: Served, **fields: Any) -> tuple[str, str]:
    made = room.ok("/api/tables", {"name": "Home", "seats": 6, "action_seconds": 600,
                                   "small_blind": 1, "big_blind": 2, **fields})
    return str(made["id"]), str(made["host"])


def _state(room: Served, table: str) -> dict[str, Any]:
    return dict(room.get(f"/api/tables/{table}")["state"])


def _until(room: Served, table: str, check: Callable[[dict[str, Any]], object]
           ) -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def holds() -> object:
        seen.update(_state(room, table))
        return check(seen)

    wait_until(holds, seconds=60)
    return seen


def _socket(room: Served, table: str, token: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{room.port}/ws/tables/{table}", proxy=None,
                   compression=None, open_timeout=10, ping_interval=None, close_timeout=1,
                   subprotocols=[Subprotocol(p) for p in token_subprotocols(token)])


def _number(state: dict[str, Any]) -> int:
    """The hand in progress's number, or the last one's between hands (0: none yet)."""
    if state["hand"] is not None:
        return int(state["hand"]["number"])
    return int((state.get("result") or {}).get("number", 0))


def _act_until_hand_over(room: Served, table: str, tokens: dict[int, str], number: int
                         ) -> None:
    """Fold each turn of the players in ``tokens`` (by seat) until hand ``number`` is
    over: the table's state says whose turn it is, that player's socket folds."""
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(_socket(room, table, token))
                   for seat, token in tokens.items()}
        for _ in range(40):
            # Someone else's turn (a bot's, after its delay) passes by itself: wait for
            # one of ours or the end (a KeyError in a clean-clone run read a bot's turn).
            state = _until(room, table, lambda s: s["hand"] is None
                           or s["hand"]["number"] > number or s["hand"]["actor"] in sockets)
            if state["hand"] is None or state["hand"]["number"] > number:
                return
            ws = sockets[state["hand"]["actor"]]
            folded = False
            for _ in range(400):
                message = json.loads(ws.recv(timeout=30))
                if message["type"] != "state":
                    continue
                mine = message["state"]
                legal = (mine.get("you") or {}).get("legal")
                if (folded and not legal) or mine["hand"] is None:
                    break
                if legal and not folded:
                    ws.send(json.dumps({"type": "act", "action": "fold"}))
                    folded = True
    raise AssertionError("the hand did not end")


def _hand_waits_for(room: Served, table: str, seat: int) -> dict[str, Any]:
    """A hand in progress that waits for the player in ``seat`` (the clock: 600 s)."""
    return _until(room, table, lambda s: s["hand"] is not None and s["hand"]["actor"] == seat)


def test_new_blinds_during_a_hand_wait_for_its_end_and_survive_a_restart(room: Served) -> None:
    """The host raises the blinds to 2/4 while Alice is to act: the hand goes on at 1/2,
    everyone's state says "blinds 2/4 from the next hand"; the server is killed and
    restarted and still says so; the hand ends and the next is dealt at 2/4, the log
    announcing it."""
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    alice = room.ok(f"/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    room.ok(f"/api/tables/{table}/bots", {"policy": "station", "host": host, "seat": 1})
    room.ok(f"/api/tables/{table}/resume", {"host": host})
    state = _hand_waits_for(room, table, 0)
    number = _number(state)
    room.ok(f"/api/tables/{table}/stakes", {"host": host, "small_blind": 2, "big_blind": 4})
    state = _state(room, table)
    assert state["table"]["big_blind"] == 2
    assert state["table"]["host_tools"]["notices"] == ["blinds 2/4 from the next hand"]
    assert any("The host changes the stakes: blinds 2/4" in line for line in state["log"])
    room.restart()
    state = _state(room, table)
    assert state["hand"] is not None and _number(state) == number
    assert state["table"]["host_tools"]["notices"] == ["blinds 2/4 from the next hand"]
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    _act_until_hand_over(room, table, {0: alice["token"]}, number)
    state = _until(room, table, lambda s: s["hand"] is None)
    assert state["table"]["big_blind"] == 4 and state["table"]["small_blind"] == 2
    assert state["table"]["host_tools"]["notices"] == []
    assert any("Now playing blinds 2/4" in line for line in state["log"])
    room.restart()
    assert _state(room, table)["table"]["big_blind"] == 4
    room.ok(f"/api/tables/{table}/resume", {"host": host})
    _until(room, table, lambda s: s["hand"] is not None and _number(s) > number)
    # The new hand is dealt at the new blinds (its record says so once it is over).
    _act_until_hand_over(room, table, {0: alice["token"]}, number + 1)
    status, text = http(room.port, "GET", f"/api/tables/{table}/hands/{number + 1}.txt")
    assert status == 200 and "2/4" in text, text


def test_bad_stakes_are_refused_with_what_is_allowed_and_nothing_changes(
        shared_room: Served) -> None:
    room = shared_room
    table, host = _table(room)
    path = f"/api/tables/{table}/stakes"
    for body, said in (
            ({"small_blind": 5, "big_blind": 4}, "small_blind <= big_blind"),
            ({"bring_in": 2}, "may change small_blind, big_blind, ante"),
            ({}, "nothing to change"),
            ({"small_blind": 1, "big_blind": 2}, "stakes already"),
    ):
        status, answer = room.post(path, {"host": host, **body})
        assert status == 400 and answer["reason"] == "ConfigError", (body, answer)
        assert said in answer["error"], (body, answer)
    status, answer = room.post(path, {"host": host, "big_blind": -2})
    assert status == 422, answer
    state = _state(room, table)
    assert (state["table"]["small_blind"], state["table"]["big_blind"]) == (1, 2)
    assert state["table"]["host_tools"]["notices"] == []


def test_a_mixed_tables_stakes_are_the_rotations(shared_room: Served) -> None:
    """A HORSE table takes each game's stakes from its sizes: a change is refused
    with the reason, nothing changed."""
    room = shared_room
    made = room.ok("/api/tables", {"name": "Mixed", "seats": 6, "rotation": "horse",
                                   "rotate_every": "hands", "rotate_hands": 2})
    table, host = made["id"], made["host"]
    before = _state(room, table)["table"]
    status, answer = room.post(f"/api/tables/{table}/stakes", {"host": host, "big_blind": 8})
    assert status == 400 and answer["reason"] == "ConfigError", answer
    assert "mixed table's stakes cannot be changed" in answer["error"]
    after = _state(room, table)["table"]
    assert after["host_tools"]["notices"] == [] and after["big_blind"] == before["big_blind"]


def test_a_bomb_pot_is_dealt_next_hand_and_replays(room: Served) -> None:
    """A bomb pot of 10: shown to everyone until the deal, then everyone antes 10 and
    the flop comes with no betting; the button stays; the hand's record deals it again
    (its text names the antes).  A stud table refuses one (no_bomb_pot)."""
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    for seat in (0, 1, 2):
        room.ok(f"/api/tables/{table}/bots", {"policy": "station", "host": host, "seat": seat})
    room.ok(f"/api/tables/{table}/bomb-pot", {"host": host, "ante": 10})
    state = _state(room, table)
    assert state["table"]["host_tools"]["notices"] == ["bomb pot next hand: everyone antes 10"]
    room.restart()
    assert _state(room, table)["table"]["host_tools"]["notices"] == [
        "bomb pot next hand: everyone antes 10"]
    number = _number(_state(room, table))
    room.ok(f"/api/tables/{table}/resume", {"host": host})
    state = _until(room, table, lambda s: _number(s) > number)
    assert state["table"]["host_tools"]["notices"] == []
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    bomb = number + 1
    _until(room, table, lambda s: s["hand"] is None)
    assert any("Bomb pot: everyone antes 10" in line for line in _state(room, table)["log"])
    status, text = http(room.port, "GET", f"/api/tables/{table}/hands/{bomb}.txt")
    assert status == 200, text
    assert text.count("posts ante 10") == 3 or text.count("ante 10") >= 3, text
    status, replay = http(room.port, "GET", f"/api/tables/{table}/hands/{bomb}/replay")
    assert status == 200, replay
    stud, stud_host = _table(room, game="stud", structure="fixed_limit")
    status, answer = room.post(f"/api/tables/{stud}/bomb-pot", {"host": stud_host, "ante": 5})
    assert status == 400 and answer["reason"] == "no_bomb_pot", answer
    assert "flop games" in answer["error"]
    assert _state(room, stud)["table"]["host_tools"]["notices"] == []
    status, answer = room.post(f"/api/tables/{table}/bomb-pot", {"host": host, "ante": 0})
    assert status == 422, answer


def test_a_seat_change_moves_the_player_with_their_sitting(room: Served) -> None:
    """Between hands Alice moves from seat 0 to seat 4 at once, her token still hers;
    during a hand Bob's move waits for its end (shown to everyone, kept over a
    restart).  A taken or empty seat: refused, nothing moved."""
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    alice = room.ok(f"/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    bob = room.ok(f"/api/tables/{table}/join", {"name": "Bob", "seat": 1, "buy_in": 200})
    change = f"/api/tables/{table}/seat-change"
    room.ok(change, {"host": host, "seat": 0, "to": 4})
    seats = _state(room, table)["seats"]
    assert seats[0] is None and seats[4]["name"] == "Alice"
    with _socket(room, table, alice["token"]) as ws:
        for _ in range(50):
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state":
                assert message["state"]["you"]["seat"] == 4
                break
    for body, reason in (({"seat": 1, "to": 4}, "seat_taken"), ({"seat": 2, "to": 3},
                                                                 "seat_empty")):
        status, answer = room.post(change, {"host": host, **body})
        assert status == 400 and answer["reason"] == reason, answer
    status, answer = room.post(change, {"host": host, "seat": 1, "to": 12})
    assert status == 422, answer
    room.ok(f"/api/tables/{table}/resume", {"host": host})
    state = _until(room, table, lambda s: s["hand"] is not None)
    number = _number(state)
    room.ok(change, {"host": host, "seat": 1, "to": 3})
    assert _state(room, table)["table"]["host_tools"]["notices"] == [
        "Bob moves to seat 4 after this hand"]
    status, answer = room.post(change, {"host": host, "seat": 1, "to": 5})
    assert status == 400 and answer["reason"] == "seat_change_pending", answer
    room.restart()
    assert _state(room, table)["table"]["host_tools"]["notices"] == [
        "Bob moves to seat 4 after this hand"]
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    _act_until_hand_over(room, table, {4: alice["token"], 1: bob["token"]}, number)
    state = _until(room, table, lambda s: s["hand"] is None)
    assert state["seats"][1] is None and state["seats"][3]["name"] == "Bob"
    assert state["table"]["host_tools"]["notices"] == []
    assert any("Bob moves from seat 2 to seat 4" in line for line in state["log"])


def test_the_ledger_csv_and_the_summary_settle_up(room: Served) -> None:
    """Alice and Bob play a few hands with a bot; the host downloads the ledger as
    CSV and closes the table; the summary (for everyone once closed) lists each
    player's buy-ins, cash-out and net, and transfers that square every net.  Before
    the close the summary is the host's only."""
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    room.ok(f"/api/tables/{table}/bots", {"policy": "random", "host": host, "seat": 0})
    room.ok(f"/api/tables/{table}/bots", {"policy": "station", "host": host, "seat": 1})
    room.ok(f"/api/tables/{table}/bots", {"policy": "random", "host": host, "seat": 2})
    room.ok(f"/api/tables/{table}/resume", {"host": host})
    _until(room, table, lambda s: _number(s) >= 5)
    status, answer = http(room.port, "GET", f"/api/tables/{table}/summary")
    assert status == 403 and answer["reason"] == "not_host", answer
    status, text = http(room.port, "POST", f"/api/tables/{table}/ledger.csv", {"host": host})
    assert status == 200, text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["name"] for r in rows] == ["Bot 1", "Bot 2", "Bot 3"]
    assert set(rows[0]) == {"name", "buy_in", "added", "cash_out", "on_table", "net", "seated"}
    room.ok(f"/api/tables/{table}/close", {"host": host})
    summary = _until(room, table, lambda s: s["hand"] is None) and room.get(
        f"/api/tables/{table}/summary")
    assert summary["closed"] and summary["in_play"] == 0
    nets = {p["name"]: p["net"] for p in summary["players"]}
    assert all(p["on_table"] == 0 for p in summary["players"])
    assert sum(nets.values()) == -summary["rake"] and summary["in_play"] == 0
    paid = {name: 0 for name in nets}
    for t in summary["transfers"]:
        paid[t["payer"]] -= t["amount"]
        paid[t["payee"]] += t["amount"]
    assert paid == nets
    assert len(summary["transfers"]) <= max(0, sum(1 for v in nets.values() if v) - 1)
    room.restart()  # the closed table is no longer run: its summary is read from the store
    assert room.get(f"/api/tables/{table}/summary") == summary
    status, answer = http(room.port, "GET", "/api/tables/nosuchtable/summary")
    assert status == 404, answer


def _ledger(room: Served, table: str, host: str) -> dict[str, Any]:
    return {r["name"]: r for r in room.ok(f"/api/tables/{table}/ledger/players",
                                           {"host": host})}


def test_with_seat_approval_a_join_waits_for_the_host_and_takes_no_chips(
        room: Served) -> None:
    """The host turns on "approve seat requests": Carol's join answers with a request
    id; she holds no seat, the ledger has no buy-in of hers and her token only
    watches; everyone sees the request; it survives a restart.  The host accepts: she
    sits down with her buy-in and her token is her seat's.  Dave's request is refused:
    his id is listed as refused, no chip of his moved.  Another join to a seat asked
    for, an unknown request, a second answer: refused, nothing changed."""
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    room.ok(f"/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    room.ok(f"/api/tables/{table}/seat-approval", {"host": host, "on": True})
    carol = room.ok(f"/api/tables/{table}/join", {"name": "Carol", "seat": 2, "buy_in": 150})
    assert carol["waiting"] and carol["token"]
    state = _state(room, table)
    assert state["seats"][2] is None
    tools = state["table"]["host_tools"]
    assert tools["approve_seats"] and tools["requests"] == [
        {"id": carol["waiting"], "name": "Carol", "seat": 2, "buy_in": 150}]
    assert "token" not in json.dumps(tools)
    assert "Carol" not in _ledger(room, table, host)
    status, answer = room.post(f"/api/tables/{table}/join",
                               {"name": "Eve", "seat": 2, "buy_in": 100})
    assert status == 400 and answer["reason"] == "seat_taken", answer
    assert "asked for by Carol" in answer["error"]
    room.restart()
    assert _state(room, table)["table"]["host_tools"]["requests"][0]["name"] == "Carol"
    with _socket(room, table, carol["token"]) as ws:
        message = json.loads(ws.recv(timeout=10))
        while message["type"] != "state":
            message = json.loads(ws.recv(timeout=10))
        assert message["state"]["you"] is None
    room.ok(f"/api/tables/{table}/seat-requests/accept",
            {"host": host, "request": carol["waiting"]})
    state = _state(room, table)
    assert state["seats"][2]["name"] == "Carol" and state["seats"][2]["stack"] == 150
    assert state["table"]["host_tools"]["requests"] == []
    assert _ledger(room, table, host)["Carol"]["buy_in"] == 150
    with _socket(room, table, carol["token"]) as ws:
        message = json.loads(ws.recv(timeout=10))
        while message["type"] != "state":
            message = json.loads(ws.recv(timeout=10))
        assert message["state"]["you"]["seat"] == 2
    dave = room.ok(f"/api/tables/{table}/join", {"name": "Dave", "seat": 4, "buy_in": 100})
    room.ok(f"/api/tables/{table}/seat-requests/refuse",
            {"host": host, "request": dave["waiting"]})
    tools = _state(room, table)["table"]["host_tools"]
    assert tools["requests"] == [] and dave["waiting"] in tools["refused"]
    assert "Dave" not in _ledger(room, table, host)
    for answer_path in ("accept", "refuse"):
        status, answer = room.post(f"/api/tables/{table}/seat-requests/{answer_path}",
                                   {"host": host, "request": dave["waiting"]})
        assert status == 400 and answer["reason"] == "no_seat_request", answer
    balance = room.get(f"/api/tables/{table}/ledger")
    assert balance["balance"] == balance["on_table"] == 350
    room.ok(f"/api/tables/{table}/seat-approval", {"host": host, "on": False})
    frank = room.ok(f"/api/tables/{table}/join", {"name": "Frank", "seat": 5, "buy_in": 100})
    assert frank["waiting"] is None and _state(room, table)["seats"][5]["name"] == "Frank"


def test_a_full_table_keeps_a_waitlist_and_offers_an_open_seat_to_the_first(
        room: Served) -> None:
    """A two-seat table is full: Carol's join is refused (seat taken) and she puts her
    name down (1st), Dave after her (2nd); everyone sees the list, kept over a
    restart.  The host removes Bob: his seat is offered to Carol (shown, with the time
    it ends); Eve cannot take it (waitlist_first), nor Dave (no seat offered to him
    yet); Carol sits down with her buy-in and leaves the list.  Bad input: a free seat
    (seat_free), a wrong token (not_on_waitlist)."""
    table, host = _table(room, seats=2)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    room.ok(f"/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    status, answer = room.post(f"/api/tables/{table}/waitlist", {"name": "Zed"})
    assert status == 400 and answer["reason"] == "seat_free", answer
    room.ok(f"/api/tables/{table}/join", {"name": "Bob", "seat": 1, "buy_in": 200})
    carol = room.ok(f"/api/tables/{table}/waitlist", {"name": "Carol"})
    dave = room.ok(f"/api/tables/{table}/waitlist", {"name": "Dave"})
    assert (carol["place"], dave["place"]) == (1, 2)
    status, answer = room.post(f"/api/tables/{table}/waitlist", {"name": "carol"})
    assert status == 400 and answer["reason"] == "name_taken", answer
    room.restart()
    waitlist = _state(room, table)["table"]["host_tools"]["waitlist"]
    assert [(w["name"], w["place"]) for w in waitlist] == [("Carol", 1), ("Dave", 2)]
    assert "token" not in json.dumps(waitlist)
    room.ok(f"/api/tables/{table}/kick", {"host": host, "seat": 1})
    state = _until(room, table, lambda s: s["table"]["host_tools"]["waitlist"][0].get("seat")
                   == 1)
    first = state["table"]["host_tools"]["waitlist"][0]
    assert first["name"] == "Carol" and 50 <= first["until"] - state["now"] <= 60
    assert any("Seat 2 is offered to Carol" in line for line in state["log"])
    status, answer = room.post(f"/api/tables/{table}/join",
                               {"name": "Eve", "seat": 1, "buy_in": 100})
    assert status == 400 and answer["reason"] == "waitlist_first", answer
    status, answer = room.post(f"/api/tables/{table}/waitlist/take",
                               {"token": dave["token"], "buy_in": 100})
    assert status == 400 and answer["reason"] == "not_on_waitlist", answer
    assert "number 2" in answer["error"]
    status, answer = room.post(f"/api/tables/{table}/waitlist/take",
                               {"token": "nobody", "buy_in": 100})
    assert status == 400 and answer["reason"] == "not_on_waitlist", answer
    room.restart()  # the offer survives it
    assert _state(room, table)["table"]["host_tools"]["waitlist"][0]["seat"] == 1
    took = room.ok(f"/api/tables/{table}/waitlist/take", {"token": carol["token"],
                                                          "buy_in": 150})
    assert took["seat"] == 1 and took["token"]
    state = _state(room, table)
    assert state["seats"][1]["name"] == "Carol" and state["seats"][1]["stack"] == 150
    assert [w["name"] for w in state["table"]["host_tools"]["waitlist"]] == ["Dave"]
    room.ok(f"/api/tables/{table}/waitlist/leave", {"token": dave["token"]})
    assert _state(room, table)["table"]["host_tools"]["waitlist"] == []


@pytest.mark.parametrize(("path", "body"), [
    ("seat-approval", {"on": True}), ("seat-requests/accept", {"request": "abc"}),
    ("stakes", {"big_blind": 4}), ("bomb-pot", {"ante": 5}),
    ("seat-change", {"seat": 0, "to": 3}), ("summary", {}), ("ledger.csv", {}),
])
def test_the_new_tools_refuse_a_wrong_or_absent_host_key_and_a_closed_table(
        shared_room: Served, path: str, body: dict[str, Any]) -> None:
    room = shared_room
    table, host = _table(room)
    room.ok(f"/api/tables/{table}/pause", {"host": host})
    room.ok(f"/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    status, answer = room.post(f"/api/tables/{table}/{path}", {"host": "guess", **body})
    assert status == 403 and answer["reason"] == "not_host", answer
    status, answer = room.post(f"/api/tables/{table}/{path}", body)
    assert status == 422, answer
    state = _state(room, table)
    assert state["table"]["host_tools"]["notices"] == [] and state["seats"][0]["name"] == "Alice"
    assert state["table"]["big_blind"] == 2
    room.ok(f"/api/tables/{table}/close", {"host": host})
    status, answer = room.post(f"/api/tables/{table}/{path}", {"host": host, **body})
    if path in ("summary", "ledger.csv"):  # the settle-up is what a closed table is for
        assert status == 200, answer
    else:
        assert status == 400 and answer["reason"] == "table_closed", answer
