"""A tournament's tables on the room's core (issue 23): versioned deltas as at a cash
table (tables/scene.py's parts and messages; tournaments/scenes.py), and the
structured result of each hand (tables/hand_result.py) in a table's state between
hands.

Checked two ways: the director on a fake clock with seeded cards (a bubble played
hand for hand, so that all-in hands are held, RP-8-F), reading each connection's
mailbox; and a real server read raw, as an attacker reads, against the hands as the
server later tells them to anyone (S-rules of secrecy).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.tables.scene import apply
from pokerroom.server.tables.views import compose
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.setup import Viewer
from pokerroom.server.tournaments.views import tournament_state
from pokerroom.server.wire.protocol import CreateTournament
from tests.server.serving import call, http, served_room
from tests.server.test_scene import RawDeltas, _old_socket

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@dataclass
class Follower:
    """A delta connection's messages applied in order, as the page does
    (static/shared/scene.js, static/tournament/scene.js)."""

    scene: dict[str, Any] | None = None
    version: int | None = None
    own: dict[str, Any] | None = None
    deltas: int = 0
    wholes: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)  # each scene as it stood
    own_cards: dict[int, list[str]] = field(default_factory=dict)  # hand -> own cards

    def take(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "scene":
            self.scene, self.wholes = message["scene"], self.wholes + 1
        elif message["type"] == "delta":
            assert self.scene is not None and message["base"] == self.version, (
                self.version, message["base"])
            self.scene, self.deltas = apply(self.scene, message["scene"]), self.deltas + 1
        else:
            return
        self.version = message["version"]
        self.own = message.get("own", self.own)
        self.frames.append(self.scene)
        hand = self.scene.get("hand")
        if self.own and self.own["cards"] and hand:
            self.own_cards[hand["number"]] = self.own["cards"]

    def state(self) -> dict[str, Any]:
        assert self.scene is not None
        return tournament_state(compose(self.scene, self.own), self.own)


# ------------------------------------------------- the director, fake clock


def _held_frame_shows_nothing(scene: dict[str, Any]) -> None:
    """RP-8-F with the S-rules: while a table's all-in hand is held, its scene carries
    no result and no card of a seat."""
    if scene.get("held"):
        assert scene["result"] is None, scene["result"]
        for seat in scene["seats"]:
            assert not (seat and any(seat.get("cards") or ())), seat


def test_RP8F_deltas_rebuild_whole_states_and_a_held_hands_result_waits() -> None:
    """A bubble of twenty bots, four a table, played hand for hand: a spectator of
    each table asks for deltas, another takes whole states.  Applied in order, the
    deltas give exactly the whole state, table after table (broken tables' watchers
    fall to another: a whole scene, the versions being the event's); between hands
    the state carries the last hand's structured result, except while hand-for-hand
    holds an all-in hand: then no result and no card, and once the round is over
    the held hand's result, its hands turned up."""

    async def run(seed: int) -> tuple[int, set[int], set[int], int, int]:
        clock = FakeClock()
        room = TournamentRoom(clock, bot_delay=0.0, pause_between_hands=1.0, seed=seed)
        d = room.create(CreateTournament(name="Bubble", structure="sit_and_go", seats=4,
                                         level_seconds=60, action_seconds=30))
        d.add_bots(d.director_key, 20, "random")
        d.start(d.director_key)
        pairs: list[tuple[Viewer, Viewer, Follower]] = []
        for n in sorted(d.play.t.floor.tables):
            fast = d.subscribe(None, n)
            fast.deltas = True
            whole = d.subscribe(None, n)
            whole.deltas = False
            pairs.append((fast, whole, Follower()))
        held: set[int] = set()  # hand numbers held, then released with their result
        released: set[int] = set()
        compared = held_frames = 0

        def look() -> None:
            nonlocal compared, held_frames
            watched = {fast.watching for fast, _, _ in pairs}
            for fast, whole, _ in pairs:  # every table in play watched
                unwatched = sorted(set(d.play.t.floor.tables) - watched)
                if fast.watching not in d.play.t.floor.tables and unwatched:
                    d.watch(fast, unwatched[0])
                    d.watch(whole, unwatched[0])
                    watched.add(unwatched[0])
            for run_ in d.play.runs.values():
                if run_.held_result is not None:
                    held.add(run_.held_result["number"])
            for fast, whole, follower in pairs:
                for text in fast.take_updates():
                    follower.take(text)
                    assert follower.scene is not None
                    _held_frame_shows_nothing(follower.scene)
                    held_frames += bool(follower.scene.get("held"))
                    result = follower.scene.get("result")
                    if result is not None and result["number"] in held and result["shown"]:
                        released.add(result["number"])
                assert whole.latest is not None and follower.scene is not None
                assert follower.state() == whole.latest["state"]
                compared += 1

        rounds = 0
        while d.play.status != "finished":
            rounds += 1
            assert rounds < 20_000
            for _ in range(2):
                await asyncio.sleep(0)
            look()
            clock.advance(0.5)  # half a second a round: a comparison every few versions
        deltas = sum(f.deltas for _, _, f in pairs)
        await room.close()
        return compared, held, released, deltas, held_frames

    compared, held, released, deltas, held_frames = asyncio.run(run(3))
    assert compared > 100 and deltas > 100, (compared, deltas)
    assert held and held_frames, "no all-in hand was held hand for hand: the test could not fail"
    assert released and released <= held, (held, released)


# ------------------------------------------------------------ a real server, read raw


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("tournament-scene"), pause=0.05) as number:
        yield number


def _hand_cards(port: int, tid: str, number: int, token: str | None = None) -> set[str]:
    """The cards of hand ``number`` as the server's text download shows them to a
    spectator (board and hands tabled), or to the player of ``token`` (waiting for
    it to be written)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    deadline = time.monotonic() + 10  # a hand just finished may not be written yet
    while True:
        status, text = http(port, "GET", f"/api/tournaments/{tid}/hands/{number}.txt",
                            headers=headers)
        if status != 404 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert status == 200, (status, text)
    return set(CARD.findall(str(text).split("\n", 1)[1]))


def _leaks(frames: list[dict[str, Any]], allowed: dict[int, set[str]]) -> list[str]:
    """Each card in a scene (its seats, hand and result: not the log, whose lines
    name earlier hands too) that the hand it belongs to does not show this viewer."""
    problems: list[str] = []
    for scene in frames:
        hand, result = scene.get("hand"), scene.get("result")
        if hand is not None and hand["number"] in allowed:
            seen = set(CARD.findall(json.dumps([scene["seats"], hand])))
            problems += [f"hand {hand['number']}: {c}" for c in seen - allowed[hand["number"]]]
        if result is not None and result["number"] in allowed:
            seen = set(CARD.findall(json.dumps(result)))
            problems += [f"result {result['number']}: {c}"
                         for c in seen - allowed[result["number"]]]
    return problems


def test_a_tournament_socket_sends_deltas_that_rebuild_its_whole_states(port: int) -> None:
    """Eve (who folds or checks) plays an event of bots; she and a spectator each have
    a connection asking for deltas (``pokerroom.delta``) and one that does not.
    Applied in order, each delta connection's frames give, at every version of the
    event both got, exactly the whole state the other got; the states between hands
    carry each hand's result; and no frame carries a card the hand's download does
    not show that viewer (S-rules of secrecy), while Eve's own cards did reach her."""
    created = call(port, "/api/tournaments", {
        "name": "Deltas", "structure": "sit_and_go", "seats": 6, "level_seconds": 60,
        "action_seconds": 30})
    tid, key = created["id"], created["director"]
    token = call(port, f"/api/tournaments/{tid}/register", {"name": "Eve"})["token"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 5, "policy": "station"})
    path = f"/ws/tournaments/{tid}"
    raw = {"eve": RawDeltas.open(port, path, token), "spy": RawDeltas.open(port, path, None)}
    whole: dict[str, dict[int, dict[str, Any]]] = {"eve": {}, "spy": {}}
    acted: set[tuple[int, str]] = set()
    deadline = time.monotonic() + 90
    with contextlib.ExitStack() as stack:
        old = {who: stack.enter_context(_old_socket(port, path, secret))
               for who, secret in (("eve", token), ("spy", None))}
        for connection in raw.values():
            stack.callback(connection.close)
        call(port, f"/api/tournaments/{tid}/start", {"director": key})
        while time.monotonic() < deadline:
            for who in ("eve", "spy"):
                raw[who].read(0.005)
                with contextlib.suppress(TimeoutError):
                    while True:
                        message = json.loads(old[who].recv(timeout=0.005))
                        if message["type"] == "state":
                            whole[who][message["version"]] = message["state"]
            if whole["eve"]:
                state = whole["eve"][max(whole["eve"])]
                table = state["table"]
                you = table["you"] if table else None
                if you and you["legal"] and table["hand"]:
                    turn = (table["hand"]["number"], str(table["hand"]["pot"])
                            + table["hand"]["street"])
                    if turn not in acted:
                        acted.add(turn)
                        legal = you["legal"]
                        action = "check_call" if legal.get("check") else (
                            "muck" if legal.get("muck") else
                            "show" if legal.get("show") else "fold")
                        old["eve"].send(json.dumps({"type": "act", "action": action}))
            spy = whole["spy"][max(whole["spy"])] if whole["spy"] else None
            if spy and (spy["tournament"]["hands"] > 12 or spy["tournament"]["status"]
                        == "finished"):
                break
        else:
            raise AssertionError("twelve hands were not played in 90 s")
    results: set[int] = set()
    for who, secret in (("eve", token), ("spy", None)):
        follower = Follower()
        states: dict[int, dict[str, Any]] = {}
        for text in raw[who].frames:
            follower.take(text)
            if follower.scene is not None:
                states[follower.scene["tournament"]["version"]] = follower.state()
        both = sorted(set(states) & set(whole[who]))
        assert len(both) > 20 and follower.deltas > 20, (who, len(both), follower.deltas)
        for version in both[2:]:  # the first are the subscriptions' (see docs)
            assert states[version] == whole[who][version], (who, version)
        finished = {f["result"]["number"] for f in follower.frames
                    if f.get("result") is not None}
        results |= finished
        assert any(f["result"]["shown"] for f in follower.frames if f.get("result")), \
            "no hand was shown down: the secrecy check could not fail"
        allowed = {n: _hand_cards(port, tid, n, secret) for n in finished}
        assert _leaks(follower.frames, allowed) == [], who
        if who == "eve":
            assert follower.own is not None and follower.own["player"]["name"] == "Eve"
            dealt = {n: set(c for c in cards if c) for n, cards in follower.own_cards.items()
                     if n in finished}
            known = {n: _hand_cards(port, tid, n, secret) for n in dealt}
            assert all(cards <= known[n] for n, cards in dealt.items()), (dealt, known)
            assert any(cards - _hand_cards(port, tid, n) for n, cards in dealt.items()), \
                "Eve's own cards were all tabled: the test could not fail"
        else:
            assert follower.own is None
    assert len(results) >= 3, results
