"""The room on a real PostgreSQL server (Debian's, started for the test): migrations,
tables, hands with bots and a WebSocket player, a restart in the middle of a hand, and
``pokerroom serve --database postgresql+psycopg://...`` killed with SIGKILL, with cash
tables and with tournaments.  No chip is
created or lost and every finished hand can be downloaded.

PostgreSQL must be there (`make postgres`, a dependency of `make test`, installs it):
when it cannot be started the test fails and says why.
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

import pokerroom.server
from pokerroom.server.app import create_app
from tests.ports import free_port
from tests.server.conftest import add_bot, join, new_table, seat_socket
from tests.server.pg import PostgresServer, postgres_server
from tests.server.serving import (
    assert_clean_log,
    assert_same_turn,
    bot_tables,
    call,
    start_server,
)
from tests.server.test_tournament_restart import kill_tournaments_and_restart

MIGRATIONS = Path(pokerroom.server.__file__).parent / "migrations" / "versions"


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is not installed: `pip install -e '.[dev]'` (psycopg[binary])",
                    pytrace=False)
    with postgres_server() as server:
        yield server


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return dict(message["state"])
        assert message["type"] != "error", message


def _play_until_mid_hand(ws: Any, *, hands: int) -> dict[str, Any]:
    """Check and call until hand ``hands`` is reached and it is our turn after the flop."""
    for _ in range(5000):
        state = _state(ws)
        legal = state["you"]["legal"]
        hand = state["hand"]
        if legal and hand["number"] >= hands and hand["board"]:
            return state
        if legal:
            ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
    raise AssertionError(f"hand {hands} never reached a turn after the flop")


def _check_books(client: TestClient, table: str) -> None:
    """Ledger == chips on the table + rake; the newest finished hand downloads."""
    ledger = client.get(f"/api/tables/{table}/ledger").json()
    assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
    hands: list[dict[str, Any]] = client.get(f"/api/tables/{table}/hands").json()
    assert sum(h["status"] == "running" for h in hands) <= 1, hands
    finished = [h for h in hands if h["status"] == "finished"]
    if finished:
        number = finished[0]["number"]
        text = client.get(f"/api/tables/{table}/hands/{number}.txt")
        assert text.status_code == 200 and text.text.startswith("PokerStars Hand #"), text.text
        phh = client.get(f"/api/tables/{table}/hands/{number}.phh")
        assert phh.status_code in (200, 404), phh.text  # 404: dead money has no PHH form


def _finished(app: Any, tables: list[str]) -> dict[str, set[int]]:
    """Every finished hand's number, straight from the database (the API shows 50)."""
    store = app.state.room.store
    return {t: {h.number for h in store.hands(t, limit=10**6) if h.status == "finished"}
            for t in tables}


def test_the_room_on_postgresql_survives_a_restart_mid_hand(pg: PostgresServer) -> None:
    url = pg.create_database("room_restart")
    app = create_app(url, bot_delay=0.0, pause_between_hands=0.02, seed=5)
    with TestClient(app) as client:
        store = app.state.room.store
        assert store.engine.dialect.name == "postgresql"
        with store.engine.connect() as connection:
            from sqlalchemy import text

            version = connection.execute(text("select version_num from alembic_version"))
            newest = max(p.name[:4] for p in MIGRATIONS.glob("0*.py"))
            assert [row[0] for row in version] == [newest]  # migrated to the newest
            names = {row[0] for row in connection.execute(text(
                "select table_name from information_schema.tables "
                "where table_schema = 'public'"))}
            # The tournaments' lobby reads by status, newest first (0007).
            indexes = {row[0]: row[1] for row in connection.execute(text(
                "select indexname, indexdef from pg_indexes where tablename = 'tournaments'"))}
            assert "(status, created_at)" in indexes["ix_tournaments_status_created_at"]
        assert {"room_tables", "seats", "hands", "actions", "ledger", "tournaments",
                "tournament_actions", "live_events", "leases", "workers"} <= names

        holdem = new_table(client, name="Hold'em on PostgreSQL")
        token = join(client, holdem, "Alice", 0)
        add_bot(client, holdem, "station")
        add_bot(client, holdem, "random")
        others = [new_table(client, name="Omaha", game="omaha", structure="pot_limit", seats=5),
                  new_table(client, name="Stud", game="stud", structure="fixed_limit", seats=5)]
        for table in others:
            for _ in range(3):
                add_bot(client, table, "random")
        with seat_socket(client, f"/ws/tables/{holdem}", token) as ws:
            before = _play_until_mid_hand(ws, hands=4)
        for t in [holdem, *others]:
            _check_books(client, t)
        finished_before = _finished(app, [holdem, *others])
    # The app is gone with a hand half played; a new one starts on the same database.
    app = create_app(url, bot_delay=0.0, pause_between_hands=0.02, seed=6)
    with TestClient(app) as client:
        assert sorted(t["id"] for t in client.get("/api/tables").json()) == sorted(
            [holdem, *others])
        with seat_socket(client, f"/ws/tables/{holdem}", token) as ws:
            after = _state(ws)
            assert_same_turn(before, after)
            ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
            number = before["hand"]["number"]
            for _ in range(5000):
                state = _state(ws)
                if state["hand"] is None or state["hand"]["number"] > number + 1:
                    break
                if state["you"]["legal"]:
                    ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
        finished_after = _finished(app, [holdem, *others])
        for table in [holdem, *others]:
            _check_books(client, table)
            # Every hand finished before the restart is still there, finished.
            lost = finished_before[table] - finished_after[table]
            assert not lost, (table, lost)
            assert len(finished_after[table]) >= 3, table
        resumed = [h for h in client.get(f"/api/tables/{holdem}/hands").json()
                   if h["number"] == number]
        assert resumed and resumed[0]["status"] == "finished"
        ledger = client.get(f"/api/tables/{holdem}/ledger").json()
        assert ledger["balance"] >= 3 * 200


def _finished_in(engine: Any, tables: list[str]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {t: set() for t in tables}
    with engine.connect() as connection:
        for table_id, number in connection.execute(text(
                "select table_id, number from hands where status = 'finished'")):
            out.setdefault(table_id, set()).add(number)
    return out


def test_pokerroom_serve_on_postgresql_killed_with_sigkill_loses_nothing(
        pg: PostgresServer, tmp_path: Path) -> None:
    database = pg.create_database("room_kill")
    port = free_port()
    log = tmp_path / "server.log"
    process = start_server(port, database, log)
    engine = create_engine(database)
    try:
        tables = bot_tables(port, (("holdem", "no_limit"), ("omaha_hilo", "pot_limit"),
                                   ("razz", "fixed_limit")))
        finished_before: dict[str, set[int]] = {t: set() for t in tables}
        for delay in (0.4, 0.7, 0.3):
            # A few more hands first (waited for: a loaded machine deals fewer a
            # second), then the kill a little later, in the middle of whatever runs.
            had = sum(len(d) for d in finished_before.values())
            deadline = time.monotonic() + 60
            while sum(len(d) for d in _finished_in(engine, tables).values()) < had + 4:
                assert time.monotonic() < deadline, f"no 4 more hands in 60 s: {had}"
                time.sleep(0.05)
            time.sleep(delay)
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            process = start_server(port, database, log)
            finished = _finished_in(engine, tables)
            for table in tables:
                ledger = call(port, f"/api/tables/{table}/ledger")
                assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
                done = finished[table]
                # Finished hands are never lost, nor un-finished.
                assert finished_before[table] <= done, finished_before[table] - done
                finished_before[table] = done
                if done:
                    number = max(done)
                    url = f"http://127.0.0.1:{port}/api/tables/{table}/hands/{number}.txt"
                    with urllib.request.urlopen(url, timeout=10) as response:
                        assert response.read().startswith(b"PokerStars Hand #")
        assert sum(len(d) for d in finished_before.values()) > 10, finished_before
        assert_clean_log(log)
    finally:
        process.kill()
        process.wait()
        engine.dispose()



def test_tournaments_on_postgresql_survive_sigkill(pg: PostgresServer, tmp_path: Path) -> None:
    """The tournament restart test of ``test_tournament_restart.py`` on PostgreSQL."""
    kill_tournaments_and_restart(free_port(), pg.create_database("room_tournaments"),
                                 tmp_path / "server.log", start=start_server, kills=2, seed=7)
