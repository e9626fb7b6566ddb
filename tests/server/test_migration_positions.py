"""Migration 0008 (#23, one vocabulary): the stored actions' ``seat`` column, which
always held the engine's position, is renamed ``position``.  A room upgraded in
place keeps its hands: a database made at the previous head (0007), with a hand's
actions and a tournament's in it, reads back the same after the upgrade, and the
downgrade gives the old column back.  On SQLite and on PostgreSQL (a server
started for the module, as tests/server/test_postgres.py does)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pokerroom.rules.actions import BetRaise, CheckCall, Fold, Kill
from pokerroom.server.tables.store import ACTIONS, Store
from pokerroom.server.tournaments.store import TournamentStore
from pokerroom.server.wire.codec import action_from_dict
from tests.server.migrating import columns, migrate_to
from tests.server.pg import PostgresServer, postgres_server


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new empty database: a SQLite file, or one on a PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.sqlite'}"
    server: PostgresServer = request.getfixturevalue("pg")
    return server.create_database(f"m{uuid.uuid4().hex[:12]}")


# As 0007 stored them: the dealer's (None) and the players' actions by position,
# and a floor's kill written with the old key.
OLD_ROWS = [(None, {"type": "check_call"}), (2, {"type": "bet_raise", "to": 6}),
            (0, {"type": "fold"}), (None, {"type": "kill", "seat": 1}),
            (1, {"type": "check_call"})]


# The 0007 schema's tables as far as these rows need them (its column names).
_TABLES = sa.table("room_tables", sa.column("id"), sa.column("name"), sa.column("created_at"),
                   sa.column("settings", sa.JSON), sa.column("snapshot", sa.JSON))
_HANDS = sa.table("hands", sa.column("id"), sa.column("table_id"), sa.column("number"),
                  sa.column("status"), sa.column("before", sa.JSON), sa.column("deck", sa.JSON),
                  sa.column("started_at"))
_ACTIONS = sa.table("actions", sa.column("hand_id"), sa.column("seq"), sa.column("seat"),
                    sa.column("action", sa.JSON))
_EVENTS = sa.table("tournaments", sa.column("id"), sa.column("name"), sa.column("created_at"),
                   sa.column("director_key"), sa.column("definition", sa.JSON),
                   sa.column("status"), sa.column("state", sa.JSON), sa.column("saved_at"))
_EVENT_ACTIONS = sa.table("tournament_actions", sa.column("tournament_id"), sa.column("seq"),
                          sa.column("table_number"), sa.column("hand_number"),
                          sa.column("seat"), sa.column("action", sa.JSON))


def _fill_at_0007(store: Store) -> int:
    """A table with one hand of five actions and a tournament with two, written
    with the 0007 schema's column names; returns the hand's id."""
    with store.engine.begin() as c:
        c.execute(sa.insert(_TABLES), {"id": "t1", "name": "Old table", "created_at": 1.0,
                                       "settings": {}, "snapshot": {}})
        hand = c.execute(sa.insert(_HANDS).returning(_HANDS.c.id), {
            "table_id": "t1", "number": 1, "status": "finished", "before": {}, "deck": [],
            "started_at": 2.0}).scalar_one()
        c.execute(sa.insert(_ACTIONS), [
            {"hand_id": hand, "seq": seq, "seat": seat, "action": action}
            for seq, (seat, action) in enumerate(OLD_ROWS, 1)])
        c.execute(sa.insert(_EVENTS), {
            "id": "e1", "name": "Event", "created_at": 1.0, "director_key": "k",
            "definition": {}, "status": "running", "state": {}, "saved_at": 1.0})
        c.execute(sa.insert(_EVENT_ACTIONS), [
            {"tournament_id": "e1", "seq": seq, "table_number": 1, "hand_number": 7,
             "seat": seat, "action": action}
            for seq, (seat, action) in enumerate([(3, {"type": "fold"}),
                                                  (0, {"type": "bet_raise", "to": 40})], 1)])
    return int(hand)


def test_a_room_upgraded_in_place_keeps_its_hands_actions_by_position(url: str) -> None:
    store = Store(url)
    migrate_to(store, "0007")
    assert "seat" in columns(store, "actions") and "position" not in columns(store, "actions")
    hand = _fill_at_0007(store)

    store.migrate()  # to head, as `pokerroom serve` does at start

    for table in ("actions", "tournament_actions"):
        assert "position" in columns(store, table) and "seat" not in columns(store, table)
    rows = store.hand_actions(hand)
    assert [(r.seq, r.position, r.action) for r in rows] == [
        (seq, position, action) for seq, (position, action) in enumerate(OLD_ROWS, 1)]
    # The stored actions decode as before, the old kill's "seat" key included.
    assert [action_from_dict(r.action) for r in rows] == [
        CheckCall(), BetRaise(6), Fold(), Kill(1), CheckCall()]
    (event,) = TournamentStore(store.engine).load()
    assert [(a.seq, a.hand_number, a.position, a.action) for a in event.actions] == [
        (1, 7, 3, {"type": "fold"}), (2, 7, 0, {"type": "bet_raise", "to": 40})]

    # New rows are written under the new name, next to the old ones.
    with store.engine.begin() as c:
        c.execute(sa.insert(ACTIONS), {"hand_id": hand, "seq": 6, "position": None,
                                       "action": {"type": "kill", "position": 2}})
    last = store.hand_actions(hand)[-1]
    assert (last.position, action_from_dict(last.action)) == (None, Kill(2))
    store.close()


def test_the_downgrade_gives_the_seat_column_back_with_its_rows(url: str) -> None:
    store = Store(url)
    migrate_to(store, "0007")
    hand = _fill_at_0007(store)
    store.migrate()
    migrate_to(store, "0007", down=True)
    for table in ("actions", "tournament_actions"):
        assert "seat" in columns(store, table) and "position" not in columns(store, table)
    with store.engine.connect() as c:
        seats = c.execute(sa.text("SELECT seat FROM actions WHERE hand_id = :hand "
                                  "ORDER BY seq"), {"hand": hand}).scalars().all()
    assert seats == [seat for seat, _ in OLD_ROWS]
    store.close()
