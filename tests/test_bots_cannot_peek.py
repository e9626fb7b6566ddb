"""A bot cannot peek (issue 13): every caller hands a bot the seat's view of the hand,
never the hand, so a hostile policy that goes looking for its opponents' face-down
cards finds nothing, at the room's tables and tournaments, in ``pokerroom play`` and
``simulate`` and in the tournament simulation."""

from __future__ import annotations

import dataclasses
import io
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from pokerroom import bots
from pokerroom.bots import CallingStation
from pokerroom.play import PlaySettings, TerminalGame
from pokerroom.rules import Action, Hand, HandView
from pokerroom.server.app import create_app
from pokerroom.simulate import SimulationSpec, run_chunk
from pokerroom.tournament import structure
from pokerroom.tournament.simulate import simulate


class Spy(CallingStation):
    """Plays as a calling station, and on every decision searches what it was given
    for the hand or an opponent's hidden card."""

    def __init__(self, log: list[HandView]) -> None:
        self.log = log

    def decide(self, view: HandView) -> Action:
        assert type(view) is HandView, f"a bot was handed a {type(view).__name__}"
        for name in ("hand", "_hand", "hole", "deck", "config", "stacks", "__dict__"):
            assert not hasattr(view, name), f"a view offers {name}"
        reachable = [getattr(view, f.name) for f in dataclasses.fields(view)]
        assert not any(isinstance(value, Hand) for value in reachable)
        assert view.viewer is not None and view.legal is not None
        for k, seat in enumerate(view.players):
            if k == view.viewer or seat.shown:
                continue
            hidden = [card for card, up in zip(seat.cards, seat.up, strict=True) if not up]
            assert hidden == [None] * len(hidden), f"seat {k}'s hidden cards leaked: {hidden}"
        assert None not in view.players[view.viewer].cards  # its own cards, all of them
        self.log.append(view)
        return super().decide(view)


@pytest.fixture
def views(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[HandView]]:
    """Every bot made from the registry under the name "station" is a spy."""
    log: list[HandView] = []
    monkeypatch.setitem(bots.BOTS, "station", lambda rng: Spy(log))
    yield log


def _others_hidden(views: list[HandView]) -> int:
    """How many opponents' face-down cards the spies were asked to decide beside."""
    return sum(1 for v in views for k, s in enumerate(v.players) if k != v.viewer
               for up in s.up if not up)


def test_simulate_hands_bots_views_only(views: list[HandView]) -> None:
    spec = SimulationSpec(game="holdem", hands=20, bots=("station",) * 4, seed=3)
    run_chunk(spec, 0, 20)
    assert len(views) > 20 and _others_hidden(views) > 0


def test_the_tournament_simulation_hands_bots_views_only(views: list[HandView]) -> None:
    t, _ = simulate(structure("turbo"), 12, rng=random.Random(4), bots=("station", "tag"))
    assert t.finished
    assert len(views) > 30 and _others_hidden(views) > 0


def test_pokerroom_play_hands_bots_views_only(views: list[HandView]) -> None:
    settings = PlaySettings(game="holdem", structure="no_limit", bots=3, bot="station",
                            seed=5, hands=3)
    answers = iter(["f"] * 100)  # the person folds (then quits); the bots play on
    game = TerminalGame(settings, console=Console(file=io.StringIO()),
                        ask=lambda _: next(answers, "q"))
    game.run()
    assert len(views) > 3 and _others_hidden(views) > 0


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.0,
                     pause_between_hands=0.0, seed=7)
    with TestClient(app) as c:
        yield c


def _wait(condition: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_the_rooms_tables_hand_bots_views_only(views: list[HandView],
                                               client: TestClient) -> None:
    created = client.post("/api/tables", json={"name": "Spies", "seats": 6}).json()
    for _ in range(3):
        assert client.post(f"/api/tables/{created['id']}/bots",
                           json={"policy": "station", "host": created["host"]}).status_code == 200
    _wait(lambda: len(views) > 12)
    assert _others_hidden(views) > 0


def test_the_rooms_tournaments_hand_bots_views_only(views: list[HandView],
                                                    client: TestClient) -> None:
    created = client.post("/api/tournaments", json={
        "name": "Spies", "structure": "sit_and_go", "seats": 6}).json()
    tid, key = created["id"], created["director"]
    assert client.post(f"/api/tournaments/{tid}/bots",
                       json={"director": key, "count": 6, "policy": "station"}).status_code == 200
    assert client.post(f"/api/tournaments/{tid}/start", json={"director": key}).json()["ok"]
    _wait(lambda: len(views) > 12)
    assert _others_hidden(views) > 0
