"""The tournaments' lobby (``GET /api/tournaments``): every tournament not finished
and the newest finished ones (``FINISHED_LISTED``), newest first, so that a room's
lobby does not grow with every event it ever ran; with an ETag and gzipped, as the
tables' lobby.  From the tournaments in this process, and from the database on a
worker of many."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.app import create_app
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments import routes as tournament_routes
from pokerroom.server.tournaments.store import FINISHED_LISTED, TournamentStore


def test_the_stored_lobby_lists_the_open_events_and_the_newest_finished(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    store.migrate()
    records = TournamentStore(store.engine)
    statuses = ["finished"] * (FINISHED_LISTED + 5) + ["registering", "running"]
    for n, status in enumerate(statuses):
        records.create(f"t{n:02d}", name=f"Event {n}", created_at=float(n), director_key="k",
                       definition={}, state={"status": status},
                       lobby={"id": f"t{n:02d}", "status": status})
    listed = [row["id"] for row in records.lobby()]
    newest_finished = [f"t{n:02d}" for n in range(FINISHED_LISTED + 4, 4, -1)]
    assert listed == ["t26", "t25", *newest_finished]
    assert [row["id"] for row in records.lobby(finished=1)] == ["t26", "t25", "t24"]
    store.close()


def test_the_room_lists_its_open_events_and_the_newest_finished(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four events; the first three marked finished, the lobby keeping one finished:
    the open event and the newest finished one.  Unchanged, the list is a 304."""
    monkeypatch.setattr(tournament_routes, "FINISHED_LISTED", 1)
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.0,
                     pause_between_hands=0.0, seed=7)
    with TestClient(app) as c:
        ids = [c.post("/api/tournaments", json={"name": f"Event {n}"}).json()["id"]
               for n in range(4)]
        room = app.state.tournaments
        for tid in ids[:3]:
            room.get(tid).play.status = "finished"  # as the end of the event leaves it
        answer = c.get("/api/tournaments")
        assert [t["id"] for t in answer.json()] == [ids[3], ids[2]]
        assert [t["status"] for t in answer.json()] == ["registering", "finished"]
        again = c.get("/api/tournaments", headers={"if-none-match": answer.headers["etag"]})
        assert again.status_code == 304
