"""Showing cards by choice and the rabbit hunt (issue 24, item 9), tested as an attacker
against a real ``pokerroom serve``: three people at a table over real WebSockets, and a
spectator.  What is checked, in every message the others and the spectator receive:
no face-down card of anyone is ever revealed by these features but the chooser's own,
chosen ones, and only when allowed (after folding; after winning with everyone else
folded, once the hand is over; until the next deal); every bad request is refused with
a reason and changes nothing; the rabbit's cards are the stub's (read back from the
stored deck order), after burns (D3), never a card anyone held, never before the hand
is over, and only when the host turned the hunt on.  A hand that went to a showdown
offers nothing more (S4: the rules decide what is shown there)."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Subprotocol

from pokerroom.cards import Card
from pokerroom.server.wire.sockets import token_subprotocols
from tests.ports import free_port
from tests.server.serving import assert_clean_log, http, start_server
from tests.server.test_hostile import Socket

NAMES = ("Alice", "Bob", "Carol")
Decide = Callable[[str, dict[str, Any]], dict[str, Any] | None]


class Room:
    """A real server, a three-seat table with Alice, Bob and Carol seated (each with a
    socket) and a spectator's socket."""

    def __init__(self, directory: Path, opened: contextlib.ExitStack, **fields: Any) -> None:
        self.database = directory / "room.sqlite"
        self.log = directory / "server.log"
        self.port = free_port()
        self.process = start_server(self.port, f"sqlite:///{self.database}", self.log)
        opened.callback(self._stop)
        status, made = self.post("/api/tables", {
            "name": "Shows", "seats": 3, "action_seconds": 600,
            "new_player_must_post": False, **fields})
        assert status == 200, made
        self.table, self.host = made["id"], made["host"]
        self.post(f"/api/tables/{self.table}/pause", {"host": self.host})
        self.players: dict[str, Socket] = {}
        self.tokens: dict[str, str] = {}
        for seat, name in enumerate(NAMES):
            status, joined = self.post(f"/api/tables/{self.table}/join",
                                       {"name": name, "seat": seat, "buy_in": 200})
            assert status == 200, joined
            self.tokens[name] = joined["token"]
            self.players[name] = self.socket(opened, joined["token"], name)
        self.spectator = self.socket(opened, None, "spectator")
        self.acted: dict[str, str] = {}
        self.played: set[int] = set()

    def _stop(self) -> None:
        self.process.kill()
        self.process.wait()

    def post(self, path: str, body: Any) -> tuple[int, Any]:
        return http(self.port, "POST", path, body)

    def socket(self, opened: contextlib.ExitStack, token: str | None, name: str) -> Socket:
        ws = opened.enter_context(connect(
            f"ws://127.0.0.1:{self.port}/ws/tables/{self.table}", proxy=None,
            compression=None, subprotocols=[Subprotocol(p) for p in token_subprotocols(token)],
            open_timeout=10, ping_interval=None, close_timeout=1, max_size=2**24))
        return Socket(ws, name)

    @property
    def everyone(self) -> list[Socket]:
        return [*self.players.values(), self.spectator]

    def drive(self, decide: Decide, until: Callable[[], bool], *, what: str,
              timeout: float = 60) -> None:
        """Read every socket and let each player act as ``decide`` says on their turn
        (once a version), until ``until()``."""
        deadline = time.monotonic() + timeout
        while not until():
            assert time.monotonic() < deadline, f"after {timeout}s: {what}"
            for sock in self.everyone:
                sock.read(0.01)
            for name, sock in self.players.items():
                if not sock.states:
                    continue
                state = sock.latest
                hand = state["hand"] or {}
                # A turn, as the state says it: a state sent before the action arrived
                # says the same, and is not answered twice.
                turn = json.dumps([hand, state["log"][-1:]], sort_keys=True)
                if state["you"] and state["you"]["legal"] and self.acted.get(name) != turn:
                    action = decide(name, state)
                    if action is not None:
                        sock.send({"type": "act", **action})
                        self.acted[name] = turn

    def one_hand(self) -> int:
        """Resume and pause again once a hand is dealt: that hand is played out, no
        other (the host's pause); returns its number."""
        self.post(f"/api/tables/{self.table}/resume", {"host": self.host})
        self.drive(lambda _n, _s: None, lambda: hand_number(self.spectator) is not None and (
            hand_number(self.spectator) not in self.played), what="a new hand dealt")
        self.post(f"/api/tables/{self.table}/pause", {"host": self.host})
        number = hand_number(self.spectator)
        assert number is not None
        self.played.add(number)
        return number

    def settle(self) -> None:
        """Every socket has read all the server sent before now."""
        for sock in self.everyone:
            sock.sync()

    def deck(self, number: int) -> list[str]:
        """The stored deck order of the table's hand ``number`` (the room's secret)."""
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            row = db.execute("SELECT deck FROM hands WHERE table_id = ? AND number = ?",
                             (self.table, number)).fetchone()
        return [str(Card(c)) for c in json.loads(row[0])]


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack
    assert_clean_log(tmp_path / "server.log")


def call_down(_name: str, _state: dict[str, Any]) -> dict[str, Any]:
    return {"action": "check_call"}


def own_cards(sock: Socket) -> list[str]:
    state = sock.latest
    seat = state["you"]["seat"]
    return [c for c in state["seats"][seat].get("cards") or [] if c]


def hand_number(sock: Socket) -> int | None:
    hand = sock.latest["hand"] if sock.states else None
    return None if hand is None else int(hand["number"])


SHOWS_LINE = re.compile(r"^(.+) shows ((?:[2-9TJQKA][cdhs])+)")


def cards_revealed(sock: Socket, seat: int, name: str) -> set[str]:
    """Every card of ``seat`` (``name``'s) that any state ``sock`` received shows: its
    seat's cards, the cards shown by choice, the result's shown hands and the log's
    "shows" lines."""
    seen: set[str] = set()
    for message in sock.states:
        state = message["state"]
        entry = state["seats"][seat]
        seen |= {c for c in (entry or {}).get("cards") or [] if c}
        for shown in (state.get("shown") or {}).get("seats", []):
            if shown["seat"] == seat:
                seen |= {c for c in shown["cards"] if c}
        for shown in (state.get("result") or {}).get("shown", []):
            if shown["seat"] == seat:
                seen |= {c for c in shown["cards"] if c}
        for line in state["log"]:
            m = SHOWS_LINE.match(line)
            if m and m.group(1) == name:
                seen |= {m.group(2)[i:i + 2] for i in range(0, len(m.group(2)), 2)}
    return seen


def refused(sock: Socket, message: dict[str, Any], reason: str) -> str:
    """Send ``message`` and return the error's text; it must carry ``reason``."""
    before = len(sock.errors)
    sock.send(message)
    sock.sync()
    assert len(sock.errors) == before + 1, (message, sock.errors[before:])
    error = sock.errors[-1]
    assert error["reason"] == reason, (message, error)
    return str(error["message"])


def test_a_folded_player_shows_only_their_own_chosen_cards(tmp_path: Path,
                                                           opened: contextlib.ExitStack) -> None:
    """Alice folds at her first turn; Bob and Carol play the hand out.  Before folding
    Alice may show nothing; a spectator may never; an index out of range, twice the
    same card, a negative or a card's name are refused and change nothing.  She shows
    her second card: everyone sees that card and nothing else of hers; after the hand
    she shows the first too; once the next hand is dealt, the last one's offer is gone."""
    room = Room(tmp_path, opened)
    alice = room.players["Alice"]
    first = room.one_hand()
    room.drive(lambda _n, _s: None, lambda: any(
        s.states and s.latest["you"] and s.latest["you"]["legal"]
        for s in room.players.values()), what="a first turn")
    room.settle()
    mine = own_cards(alice)
    assert len(mine) == 2 and alice.latest["you"]["show"] is None
    # Not folded yet, in the hand: nothing to show.
    refused(alice, {"type": "show_cards", "cards": [0]}, "nothing_to_show")
    refused(room.spectator, {"type": "show_cards", "cards": [0]}, "spectator")
    room.drive(lambda n, _s: {"action": "fold" if n == "Alice" else "check_call"},
               lambda: alice.latest["you"]["show"] is not None, what="Alice folded")
    offer = alice.latest["you"]["show"]
    assert offer == {"cards": mine, "why": "folded", "shown": [False, False]}
    for sock in (room.players["Bob"], room.players["Carol"], room.spectator):
        sock.sync()
        assert sock.latest["seats"][0]["cards"] in (None, [], [None, None])
        assert "show" not in (sock.latest["you"] or {}) or sock.latest["you"]["show"] is None
    log_before = list(room.spectator.latest["log"])
    for bad, reason in (([2], "not_your_card"), ([0, 0], "not_your_card"),
                        ([-1], "bad_message"), (["As"], "bad_message"), ([], "bad_message"),
                        ([True], "bad_message"), ([0, 1, 2, 3, 4, 5, 6, 0], "bad_message")):
        refused(alice, {"type": "show_cards", "cards": bad}, reason)
    room.settle()
    assert room.spectator.latest["log"][-len(log_before):] == log_before[-len(log_before):]
    assert room.spectator.latest["shown"] is None
    # She shows her second card.
    alice.send({"type": "show_cards", "cards": [1]})
    room.drive(lambda _n, _s: None, lambda: bool(room.spectator.states) and bool(
        room.spectator.latest["shown"]), what="the card shown")
    room.settle()
    for sock in room.everyone:
        assert sock.latest["shown"]["seats"] == [
            {"seat": 0, "name": "Alice", "why": "folded", "cards": [None, mine[1]]}]
        assert f"Alice shows {mine[1]} (after folding)" in sock.latest["log"]
    assert alice.latest["you"]["show"]["shown"] == [False, True]
    for sock in (room.players["Bob"], room.players["Carol"], room.spectator):
        assert cards_revealed(sock, 0, "Alice") == {mine[1]}, sock.name
        assert f'"{mine[0]}"' not in json.dumps(sock.states), sock.name  # anywhere at all
    # Bob and Carol play the hand out; after it she shows the other one too.
    room.drive(call_down, lambda: room.spectator.latest["hand"] is None, what="the hand's end")
    alice.send({"type": "show_cards", "cards": [0, 1]})
    room.drive(call_down, lambda: room.spectator.latest["shown"] is not None and all(
        room.spectator.latest["shown"]["seats"][0]["cards"]), what="both shown")
    assert f"Alice shows {mine[0]} (after folding)" in room.spectator.latest["log"]
    # The next hand: the last one's offer and shows are gone.
    assert room.one_hand() > first
    room.settle()
    assert room.spectator.latest["shown"] is None
    refused(alice, {"type": "show_cards", "cards": [0]}, "nothing_to_show")
    room.settle()
    # Nobody else ever saw a card of Alice's but the two she showed, and those only
    # after she showed them; Bob's and Carol's cards were never shown by choice.
    for sock in (room.players["Bob"], room.players["Carol"], room.spectator):
        assert cards_revealed(sock, 0, "Alice") <= set(mine), sock.name
        for message in sock.states:
            for shown in (message["state"].get("shown") or {}).get("seats", []):
                assert shown["name"] == "Alice", shown


def test_the_winner_of_an_uncontested_pot_may_show_after_the_hand_not_before(
        tmp_path: Path, opened: contextlib.ExitStack) -> None:
    """Whoever is first to act raises; the others fold.  The winner has nothing to
    show while the hand is played, and after it may show one card; the folders too.
    Then a hand checked down to the showdown: nobody may show anything more (S4)."""
    room = Room(tmp_path, opened)
    room.one_hand()
    raiser: list[str] = []

    def raise_then_fold(name: str, state: dict[str, Any]) -> dict[str, Any]:
        if not raiser:
            raiser.append(name)
            legal = state["you"]["legal"]
            return {"action": "bet_raise", "to": legal["min_raise_to"]}
        return {"action": "fold"}

    room.drive(raise_then_fold, lambda: bool(
        raiser) and room.spectator.latest["hand"] is None, what="an uncontested pot")
    room.settle()
    winner = room.players[raiser[0]]
    seat = winner.latest["you"]["seat"]
    offer = winner.latest["you"]["show"]
    assert offer is not None and offer["why"] == "won" and len(offer["cards"]) == 2
    winner.send({"type": "show_cards", "cards": [0]})
    room.drive(lambda _n, _s: None, lambda: room.spectator.latest["shown"] is not None,
               what="the winner's card shown")
    room.settle()
    shown = room.spectator.latest["shown"]["seats"]
    assert shown == [{"seat": seat, "name": raiser[0], "why": "won",
                      "cards": [offer["cards"][0], None]}]
    assert (f"{raiser[0]} shows {offer['cards'][0]} (after winning without a showdown)"
            in room.spectator.latest["log"])
    for name, sock in room.players.items():
        if name != raiser[0]:
            assert sock.latest["you"]["show"]["why"] == "folded"
            assert cards_revealed(sock, seat, raiser[0]) == {offer["cards"][0]}
    # A showdown: checked and called down.  Nobody has anything to show by choice.
    room.one_hand()
    room.drive(call_down, lambda: room.spectator.latest["hand"] is None,
               what="a hand called down")
    room.settle()
    result = room.spectator.latest["result"]
    assert result["shown"] and room.spectator.latest["shown"] is None
    for sock in room.players.values():
        assert sock.latest["you"]["show"] is None
        refused(sock, {"type": "show_cards", "cards": [0]}, "nothing_to_show")


def test_the_rabbit_hunt_shows_the_stub_after_a_hand_ends_before_the_river_D3(
        tmp_path: Path, opened: contextlib.ExitStack) -> None:
    """The host turned the hunt on: a hand won before the flop shows the five board
    cards that would have come, the stored deck's cards after each burn (three
    players: six hole cards, burn, flop, burn, turn, burn, river), none of which
    anyone held, and none before the hand ended.  Then the host turns it off (a
    stranger may not): the next such hand shows none."""
    room = Room(tmp_path, opened, rabbit_hunt=True)
    room.one_hand()
    room.drive(lambda _n, _s: {"action": "fold"}, lambda: room.spectator.latest["hand"] is None,
               what="a hand won before the flop")
    room.settle()
    state = room.spectator.latest
    number = state["shown"]["hand"]
    deck = room.deck(number)
    assert state["shown"]["rabbit"] == [*deck[7:10], deck[11], deck[13]]
    held = set(deck[:6])
    assert not held & set(state["shown"]["rabbit"])
    assert f"Rabbit hunt (not played): {' '.join([*deck[7:10], deck[11], deck[13]])}" in (
        state["log"])
    # Never during the hand: no state any socket had while it was dealt had a rabbit.
    for sock in room.everyone:
        for message in sock.states:
            hand = message["state"]["hand"]
            if hand is not None:
                assert not (message["state"].get("shown") or {}).get("rabbit"), sock.name
    # The host's switch: refused to a stranger, a bad body refused; then off.
    assert room.post(f"/api/tables/{room.table}/rabbit", {"host": "nope", "on": False}
                     )[0] == 403
    assert room.post(f"/api/tables/{room.table}/rabbit", {"host": room.host, "on": "x"}
                     )[0] == 422
    assert room.post(f"/api/tables/{room.table}/rabbit", {"host": room.host, "on": False}
                     )[0] == 200
    room.one_hand()
    room.drive(lambda _n, _s: {"action": "fold"}, lambda: room.spectator.latest["hand"] is None,
               what="a hand without a hunt")
    room.settle()
    assert not (room.spectator.latest["shown"] or {}).get("rabbit")
    assert "The host turned the rabbit hunt off" in room.spectator.latest["log"]
