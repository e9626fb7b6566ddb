"""Expiry (issue #22): an empty cash table closes after quotas.empty_table_seconds, a
tournament or live event never started is removed after
quotas.unstarted_event_seconds; the lobby stops listing them, their ids answer 404,
a restart does not bring them back, and their places under the ceilings are free.
The room runs on a fake clock that the test moves (in the app's own event loop)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.app import create_app
from pokerroom.server.guard.quotas import QuotaSettings
from pokerroom.server.settings import Settings

TABLE_SECONDS = 1800.0
EVENT_SECONDS = 2 * 86400.0
SETTINGS = Settings(quotas=QuotaSettings(open_tables=2, open_tournaments=1,
                                         open_live_events=1))


@contextmanager
def room(db: str, clock: FakeClock) -> Iterator[TestClient]:
    app = create_app(db, clock=clock, bot_delay=0.0, pause_between_hands=0.0, seed=3,
                     settings=SETTINGS)
    with TestClient(app) as client:
        yield client


def later(client: TestClient, clock: FakeClock, seconds: float) -> None:
    """Move the clock (in the app's loop, where its sleepers live) and sweep (after the
    room's own sweep, if the move woke it: sweeps run one at a time)."""
    client.portal.call(clock.advance, seconds)  # type: ignore[union-attr]
    client.portal.call(client.app.state.expiry.sweep)  # type: ignore[attr-defined,union-attr]


def status(client: TestClient, path: str) -> int:
    return client.get(path).status_code


def ok(client: TestClient, path: str, body: Any = None) -> Any:
    response = client.post(path, json=body) if body is not None else client.get(path)
    assert response.status_code == 200, (path, response.status_code, response.text)
    return response.json()


def test_empty_tables_and_unstarted_events_expire(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'room.sqlite'}"
    clock = FakeClock()
    with room(db, clock) as client:
        empty = ok(client, "/api/tables", {"name": "Empty", "seats": 6})["id"]
        seated = ok(client, "/api/tables", {"name": "Seated", "seats": 6})["id"]
        ok(client, f"/api/tables/{seated}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
        # the ceiling of two tables is reached
        assert client.post("/api/tables", json={"name": "Third"}).status_code == 429
        tid = ok(client, "/api/tournaments", {"name": "Never"})["id"]
        ok(client, f"/api/tournaments/{tid}/register", {"name": "Bob"})
        eid = ok(client, "/api/live", {"name": "Never live"})["id"]
        later(client, clock, 0)  # the sweep sees the empty table from now
        later(client, clock, TABLE_SECONDS - 1)
        assert status(client, f"/api/tables/{empty}") == 200
        later(client, clock, 1)
        assert status(client, f"/api/tables/{empty}") == 404
        assert {t["id"] for t in ok(client, "/api/tables")} == {seated}
        # its place under quotas.open_tables is free again
        third = ok(client, "/api/tables", {"name": "Third", "seats": 6})["id"]
        assert status(client, f"/api/tournaments/{tid}") == 200
        later(client, clock, 0)
        later(client, clock, EVENT_SECONDS - TABLE_SECONDS - 2)
        assert status(client, f"/api/tables/{third}") == 404
        assert status(client, f"/api/tournaments/{tid}") == 200
        assert status(client, f"/api/live/{eid}") == 200
        later(client, clock, 2)
        assert client.get(f"/api/tournaments/{tid}").status_code == 404
        assert client.get(f"/api/live/{eid}").status_code == 404
        assert ok(client, "/api/tournaments") == [] and ok(client, "/api/live") == []
        # the person seated keeps the other table open
        assert client.get(f"/api/tables/{seated}").status_code == 200
        ok(client, "/api/tournaments", {"name": "Next"})
        ok(client, "/api/live", {"name": "Next live"})
    # a restart brings back neither the closed table nor the removed events
    with room(db, clock) as client:
        assert {t["id"] for t in ok(client, "/api/tables")} == {seated}
        assert client.get(f"/api/tables/{empty}").status_code == 404
        assert client.get(f"/api/tournaments/{tid}").status_code == 404
        assert client.get(f"/api/live/{eid}").status_code == 404
        assert [t["name"] for t in ok(client, "/api/tournaments")] == ["Next"]


def test_started_events_and_watched_tables_stay(tmp_path: Path) -> None:
    """A started tournament never expires for not starting; a table someone watches
    is not empty."""
    db = f"sqlite:///{tmp_path / 'room.sqlite'}"
    clock = FakeClock()
    with room(db, clock) as client:
        created = ok(client, "/api/tournaments", {"name": "Played"})
        tid, director = created["id"], created["director"]
        ok(client, f"/api/tournaments/{tid}/bots", {"director": director, "count": 2})
        ok(client, f"/api/tournaments/{tid}/start", {"director": director})
        table = ok(client, "/api/tables", {"name": "Watched", "seats": 6})["id"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            later(client, clock, 0)
            later(client, clock, EVENT_SECONDS + 1)
        assert client.get(f"/api/tournaments/{tid}").status_code == 200
        assert client.get(f"/api/tables/{table}").status_code == 200


def test_a_dealers_game_that_never_dealt_expires_and_one_that_dealt_stays(
        tmp_path: Path) -> None:
    """Issue 26: a dealer's game counts with the tables (quotas.open_tables); one that
    never dealt a hand is removed after quotas.unstarted_event_seconds, for good."""
    db = f"sqlite:///{tmp_path / 'room.sqlite'}"
    clock = FakeClock()
    with room(db, clock) as client:
        idle = ok(client, "/api/dealer", {"name": "Never dealt"})
        dealt = ok(client, "/api/dealer", {"name": "Dealt"})
        assert client.post("/api/dealer", json={"name": "Third"}).status_code == 429
        taps = [{"id": f"s{s}", "kind": "seat", "seat": s, "name": f"P{s + 1}", "chips": 100}
                for s in range(2)] + [{"id": "b", "kind": "button", "seat": 1},
                                      {"id": "go", "kind": "start"}]
        answers = ok(client, f"/api/dealer/{dealt['id']}/taps",
                     {"host": dealt["host"], "taps": taps})["answers"]
        assert all(a["ok"] for a in answers), answers
        later(client, clock, EVENT_SECONDS - 1)
        assert status(client, f"/api/dealer/{idle['id']}/view") == 200
        later(client, clock, 2)
        assert status(client, f"/api/dealer/{idle['id']}/view") == 404
        assert status(client, f"/api/dealer/{dealt['id']}/view") == 200
        ok(client, "/api/dealer", {"name": "Its place is free"})
    with room(db, clock) as client:
        assert status(client, f"/api/dealer/{idle['id']}/view") == 404
        assert status(client, f"/api/dealer/{dealt['id']}/view") == 200
