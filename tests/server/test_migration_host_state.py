"""Migration 0009 (#24, the host's tools): ``room_tables.host_state`` keeps the host's
plans for a cash table's next hand (new stakes, a bomb pot, seat changes).  A room
upgraded in place keeps its tables (read back with no plans), a plan written after
the upgrade loads back as the host's tools' own, and the downgrade drops the column
and keeps the rows.  On SQLite and on PostgreSQL (a server started for the module,
as tests/server/test_migration_positions.py does)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pokerroom.server.tables.next_hand import NextHand
from pokerroom.server.tables.store import TABLES, Store
from pokerroom.table import Stakes, Table
from pokerroom.table.snapshot import table_to_dict
from tests.server.migrating import columns, migrate_to
from tests.server.pg import PostgresServer, postgres_server


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'room.sqlite'}"
    server: PostgresServer = request.getfixturevalue("pg")
    return server.create_database(f"h{uuid.uuid4().hex[:12]}")


_OLD_TABLES = sa.table("room_tables", sa.column("id"), sa.column("name"),
                       sa.column("created_at"), sa.column("settings", sa.JSON),
                       sa.column("snapshot", sa.JSON), sa.column("closed"),
                       sa.column("paused"), sa.column("host_key"))


def _fill_at_0008(store: Store) -> None:
    snapshot = table_to_dict(Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2)))
    with store.engine.begin() as c:
        c.execute(sa.insert(_OLD_TABLES), {"id": "t1", "name": "Old table", "created_at": 1.0,
                                           "settings": {}, "snapshot": snapshot,
                                           "closed": False, "paused": False, "host_key": "k"})


def test_an_upgraded_room_keeps_its_tables_and_stores_the_hosts_plans(url: str) -> None:
    store = Store(url)
    migrate_to(store, "0008")
    assert "host_state" not in columns(store, "room_tables")
    _fill_at_0008(store)

    store.migrate()

    assert "host_state" in columns(store, "room_tables")
    (table,) = store.load()
    assert table.id == "t1" and table.host_key == "k" and table.host_state is None
    assert NextHand.from_dict(table.host_state) == NextHand()
    plans = NextHand(stakes=Stakes.of("holdem", "no_limit", small_blind=2, big_blind=4),
                     bomb_pot=10, moves=[(0, 3)])
    with store.engine.begin() as c:
        c.execute(sa.update(TABLES).where(TABLES.c.id == "t1")
                  .values(host_state=plans.to_dict()))
    (table,) = store.load()
    assert NextHand.from_dict(table.host_state) == plans
    store.close()


def test_the_downgrade_drops_the_column_and_keeps_the_tables(url: str) -> None:
    store = Store(url)
    migrate_to(store, "0008")
    _fill_at_0008(store)
    store.migrate()
    migrate_to(store, "0008", down=True)
    assert "host_state" not in columns(store, "room_tables")
    with store.engine.connect() as c:
        names = c.execute(sa.text("SELECT name FROM room_tables")).scalars().all()
    assert names == ["Old table"]
    store.close()
