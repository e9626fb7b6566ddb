"""The group commit (issue 23): every table's writes of a tick committed together in
one thread, each answer sent only after the commit that holds its writes, and a unit
that fails failing only its own table.

The unit tests drive the recorder with a real SQLite file; the room's tests drive the
real app (its tables' actors, its recorder) through HTTP.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, func, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError, StatementError
from sqlalchemy.orm import Session

from pokerroom.server.actors.group_commit import NICENESS, GroupCommit, Row
from pokerroom.server.cluster.leases import LeaseLost
from pokerroom.server.tables.store import ACTIONS, Batch, LedgerRow, SeatRow, Store
from tests.server.conftest import actor_of, join, new_table, wait_until


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    store.migrate()
    for name in ("a", "b", "c"):
        store.create_table(name, name, {}, {}, host_key="k")
    yield store
    store.close()


def _ledger(store: Store, table_id: str) -> list[int]:
    with Session(store.engine) as s:
        return list(s.scalars(select(LedgerRow.amount).where(LedgerRow.table_id == table_id)
                              .order_by(LedgerRow.id)))


class Gate:
    """A write that holds the recorder's thread until the test opens the gate."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.opened = threading.Event()

    def write(self, _c: Connection) -> None:
        self.entered.set()
        assert self.opened.wait(60), "the test never opened the gate"


def test_the_writes_of_several_tables_land_in_one_commit(store: Store) -> None:
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    async def run() -> None:
        gate = Gate()
        held = recorder.commit("gate", [gate.write])
        await asyncio.to_thread(gate.entered.wait)
        waits = []
        for n, table_id in enumerate(("a", "b", "c")):
            journal = store.journal(table_id)
            assert journal is not None
            store.ledger(table_id, "Ann", 0, "buy_in", 100 + n)
            store.ledger(table_id, "Bob", 1, "buy_in", 200 + n)
            done = journal.commit()
            assert done is not None
            waits.append(done)
        while recorder.queued < 3:  # handed to the thread at the end of this tick
            await asyncio.sleep(0)
        assert _ledger(store, "a") == []  # nothing stored before its commit
        gate.opened.set()
        await asyncio.gather(held, *waits)

    asyncio.run(run())
    recorder.close()
    assert [_ledger(store, t) for t in ("a", "b", "c")] == [[100, 200], [101, 201],
                                                            [102, 202]]
    assert recorder.stats.groups == 2 and recorder.stats.by_size == {1: 1, 3: 1}


def _recorder_priority(recorder: GroupCommit) -> int:
    """The nice value of ``recorder``'s thread, read by a write it commits."""
    seen: list[int] = []

    def look(_c: Connection) -> None:  # a write: it runs in the recorder's thread
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    async def run() -> None:
        await recorder.commit("a", [look])

    asyncio.run(run())
    recorder.close()
    (priority,) = seen
    return priority


@pytest.mark.skipif(sys.platform != "linux", reason="a thread has a priority of its own on Linux")
def test_the_recorders_thread_runs_behind_the_event_loop(store: Store) -> None:
    """The recorder's thread runs :data:`NICENESS` lower than the thread that started
    it: woken, it does not take the event loop's core only to wait for the
    interpreter's lock.  The event loop's own priority is left as it was, and
    ``recorder.niceness`` 0 leaves the recorder's as the loop's."""
    mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    assert _recorder_priority(GroupCommit(store.engine)) == min(19, mine + NICENESS)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == mine
    assert _recorder_priority(GroupCommit(store.engine, niceness=0)) == mine


def test_a_unit_not_committed_is_not_done(store: Store) -> None:
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    async def run() -> None:
        gate = Gate()
        journal = store.journal("a")
        assert journal is not None
        journal.add(gate.write)
        store.ledger("a", "Ann", 0, "buy_in", 100)
        done = journal.commit()
        assert done is not None
        await asyncio.to_thread(gate.entered.wait)
        assert not done.done() and _ledger(store, "a") == []
        gate.opened.set()
        await done
        assert _ledger(store, "a") == [100]

    asyncio.run(run())
    recorder.close()


def test_a_failing_unit_fails_alone_and_lands_nothing(store: Store) -> None:
    """The group fails; each unit is then committed alone: the bad one stores none of
    its writes (not even those before the failure), and a later unit of the same
    table fails with it (it was written on top); the other tables' units land."""
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    def fails(_c: Connection) -> None:
        raise OperationalError("INSERT ...", {}, Exception("disk I/O error"))

    async def run() -> list[Any]:
        gate = Gate()
        held = recorder.commit("gate", [gate.write])
        await asyncio.to_thread(gate.entered.wait)
        a, b, c = (store.journal(t) for t in ("a", "b", "c"))
        assert a is not None and b is not None and c is not None
        store.ledger("a", "Ann", 0, "buy_in", 100)
        store.ledger("b", "Bob", 0, "buy_in", 200)
        b.add(fails)
        store.ledger("c", "Cy", 0, "buy_in", 300)
        first = [a.commit(), b.commit(), c.commit()]
        store.ledger("b", "Bob", 0, "top_up", 50)
        later = b.commit()
        assert later is not None
        gate.opened.set()
        await held
        return list(await asyncio.gather(*first, later, return_exceptions=True))

    outcome = asyncio.run(run())
    recorder.close()
    assert outcome[0] is None and outcome[2] is None
    assert isinstance(outcome[1], OperationalError) and isinstance(outcome[3], OperationalError)
    assert [_ledger(store, t) for t in ("a", "b", "c")] == [[100], [], [300]]
    assert recorder.stats.failed_groups == 1


def test_a_stopped_owners_refused_last_writes_are_logged_not_left_unretrieved(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    """A table that stops hands its last writes over and no one awaits them: when they
    are refused (its lease went to another worker), the room logs one line naming the
    table, and asyncio's "exception was never retrieved" (whose traceback, printed by
    the collector at any later moment, once broke another test's ``ast.parse``) never
    comes."""
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder
    unretrieved: list[dict[str, Any]] = []

    def refused(_c: Connection) -> None:
        raise LeaseLost("table", "a")

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(
            lambda _loop, context: unretrieved.append(context))
        journal = store.journal("a")
        assert journal is not None
        store.ledger("a", "Ann", 0, "buy_in", 100)
        journal.add(refused)
        journal.close()
        assert journal.in_flight is not None
        await asyncio.wait([journal.in_flight])

    with caplog.at_level("WARNING", logger="pokerroom.server.actors.group_commit"):
        asyncio.run(run())
        recorder.close()
        gc.collect()
    assert unretrieved == []
    assert [r.getMessage() for r in caplog.records] == [
        "table a: the last writes after it stopped were refused: this table is being "
        "served by another worker now; nothing was changed: try again in a moment"]
    assert _ledger(store, "a") == []


def test_without_a_journal_each_write_commits_at_once(store: Store) -> None:
    """A table whose actor is not running (a restore, a tool) writes as before."""
    store.group_commit = GroupCommit(store.engine)
    batch = Batch("a")
    batch.ledger("Ann", 0, "buy_in", 100)
    store.commit(batch)
    assert _ledger(store, "a") == [100]


def test_a_deal_waits_for_the_group_commit_with_what_came_before(store: Store) -> None:
    """A deal is one more write of its table: stored in the table's next commit with
    the writes before it (in order), its id the database's, given when the commit
    inserts it; its actions, made before then, name that id."""
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    async def run() -> int:
        journal = store.journal("a")
        assert journal is not None
        store.ledger("a", "Ann", 0, "buy_in", 100)
        hand = store.start_hand("a", 1, {}, [0, 1], sittings={}, at=0.0)
        store.add_action("a", hand, 1, 0, {"type": "raise", "amount": 4})
        store.add_action("a", hand, 2, 1, {"type": "fold"})
        assert hand.value is None and store.hand("a", 1) is None and _ledger(store, "a") == []
        done = journal.commit()
        assert done is not None
        await done
        assert hand.value is not None and _ledger(store, "a") == [100]
        return hand.value

    hand_id = asyncio.run(run())
    recorder.close()
    stored = store.hand("a", 1)
    assert stored is not None and stored.id == hand_id and stored.status == "running"
    assert [(a.seq, a.action["type"]) for a in store.hand_actions(hand_id)] == [
        (1, "raise"), (2, "fold")]


def test_a_deal_in_a_failed_group_is_stored_again_with_its_own_id(store: Store) -> None:
    """A group fails after a deal was inserted (and rolled back): committed unit by
    unit, the deal gets the id it is stored with, and its actions name that one."""
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    def fails(_c: Connection) -> None:
        raise OperationalError("INSERT ...", {}, Exception("disk I/O error"))

    async def run() -> tuple[int | None, list[Any]]:
        gate = Gate()
        held = recorder.commit("gate", [gate.write])
        await asyncio.to_thread(gate.entered.wait)
        journal = store.journal("a")
        assert journal is not None
        hand = store.start_hand("a", 1, {}, [0, 1], sittings={}, at=0.0)
        store.add_action("a", hand, 1, 0, {"type": "fold"})
        done = journal.commit()
        bad = recorder.commit("b", [fails])
        while recorder.queued < 2:
            await asyncio.sleep(0)
        gate.opened.set()
        outcome = await asyncio.gather(held, done, bad, return_exceptions=True)
        return hand.value, outcome

    hand_id, outcome = asyncio.run(run())
    recorder.close()
    assert outcome[1] is None and isinstance(outcome[2], OperationalError)
    assert recorder.stats.failed_groups == 1
    stored = store.hand("a", 1)
    assert stored is not None and stored.id == hand_id
    assert [a.seq for a in store.hand_actions(stored.id)] == [1]


def test_the_thread_keeps_one_connection_and_opens_a_new_one_after_a_failure(
        store: Store) -> None:
    """The recorder's thread takes a connection from the pool once and keeps it from
    group to group (a checkout per group cost more CPU than the group's inserts); a
    group that fails closes it, so that one the database ended is never used again,
    and the next group opens another."""
    checkouts: list[object] = []
    event.listen(store.engine, "checkout", lambda dbapi, _record, _proxy: checkouts.append(
        dbapi))
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    def fails(_c: Connection) -> None:
        raise OperationalError("INSERT ...", {}, Exception("disk I/O error"))

    async def run() -> list[Any]:
        journal = store.journal("a")
        assert journal is not None
        outcome = []
        for amount in (100, 50, 25):
            store.ledger("a", "Ann", 0, "top_up", amount)
            outcome.append(await asyncio.gather(journal.commit(), return_exceptions=True))
        outcome.append(await asyncio.gather(recorder.commit("b", [fails]),
                                            return_exceptions=True))
        store.ledger("a", "Ann", 0, "top_up", 10)
        outcome.append(await asyncio.gather(journal.commit(), return_exceptions=True))
        return outcome

    outcome = asyncio.run(run())
    recorder.close()
    assert len(checkouts) == 2  # one for the first three groups, one after the failure
    assert [o[0] is None for o in outcome] == [True, True, True, False, True]
    assert isinstance(outcome[3][0], OperationalError)
    assert _ledger(store, "a") == [100, 50, 25, 10]


def test_rows_go_in_with_each_columns_own_conversion(store: Store) -> None:
    """A group's appended rows go to each table in one statement compiled once, each
    value converted by its column's type as SQLAlchemy converts it (a JSON column
    through the engine's serializer): they read back as written; rows of one table
    that name different columns are refused as SQLAlchemy refuses them, and the group
    lands nothing."""
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder

    async def run() -> tuple[int, BaseException | None]:
        journal = store.journal("a")
        assert journal is not None
        hand = store.start_hand("a", 1, {"seats": {"1": 2}}, [0, 1], sittings={}, at=0.0)
        store.add_action("a", hand, 1, 0, {"type": "raise", "amount": 4, "to": [1, "x"]})
        store.ledger("a", "Ann", 0, "buy_in", 100)
        store.add_action("a", hand, 2, None, {"type": "muck", "text": "\u00e9\u2660"})
        done = journal.commit()
        assert done is not None
        await done
        assert hand.value is not None
        store.add_action("a", hand, 3, 1, {"type": "fold"})
        journal.add(Row(ACTIONS, {"hand_id": hand, "seq": 4, "action": {"type": "deal"}}))
        refused = await asyncio.gather(journal.commit(), return_exceptions=True)
        return hand.value, refused[0]

    hand_id, refused = asyncio.run(run())
    recorder.close()
    assert [(a.seq, a.position, a.action) for a in store.hand_actions(hand_id)] == [
        (1, 0, {"type": "raise", "amount": 4, "to": [1, "x"]}),
        (2, None, {"type": "muck", "text": "\u00e9\u2660"})]
    assert _ledger(store, "a") == [100]
    stored = store.hand("a", 1)
    assert stored is not None and stored.before == {"seats": {"1": 2}}
    assert isinstance(refused, StatementError)
    assert "A value is required for bind parameter 'position'" in str(refused)


def test_rows_go_in_one_statement_of_at_most_64_on_postgresql(tmp_path: Path) -> None:
    """On psycopg a group's action rows go in one ``INSERT`` of many rows (its
    ``executemany`` sends each row on its own, at twice the CPU), at most
    ROWS_PER_STATEMENT (64) a statement: 70 rows in two statements, each value
    converted by its column's type (a JSON column's through the engine's serializer,
    a hand's id assigned in the same group, a missing position as NULL), read back
    as written, in order, on a real PostgreSQL."""
    from tests.server.pg import postgres_server

    with postgres_server() as pg:
        store = Store(pg.url)
        store.migrate()
        store.create_table("a", "a", {}, {}, host_key="k")
        recorder = GroupCommit(store.engine)
        store.group_commit = recorder
        statements: list[tuple[str, int]] = []

        @event.listens_for(store.engine, "before_cursor_execute")
        def seen(_c: Any, _cursor: Any, statement: str, parameters: Any, _context: Any,
                 many: bool) -> None:
            if statement.startswith("INSERT INTO actions"):
                statements.append((statement, len(parameters) if many else 1))

        written = [(seq, None if seq % 7 == 0 else seq % 6,
                    {"type": "call", "amount": seq, "note": "\u00e9\u2660" * (seq % 3)})
                   for seq in range(1, 71)]

        async def run() -> int:
            journal = store.journal("a")
            assert journal is not None
            hand = store.start_hand("a", 1, {"seats": {"1": 2}}, [0, 1], sittings={}, at=0.0)
            for seq, position, action in written:
                store.add_action("a", hand, seq, position, action)
            done = journal.commit()
            assert done is not None
            await done
            assert hand.value is not None
            return hand.value

        try:
            hand_id = asyncio.run(run())
            recorder.close()
            stored = [(a.seq, a.position, a.action) for a in store.hand_actions(hand_id)]
        finally:
            store.close()
    assert stored == written
    assert [many for _sql, many in statements] == [1, 1]  # two statements, none many
    assert [sql.count("VALUES") for sql, _many in statements] == [1, 1]
    assert [sql.count("), (") + 1 for sql, _many in statements] == [64, 6]


# ------------------------------------------------------------------ the room


def _recorder(client: TestClient) -> GroupCommit:
    recorder: GroupCommit = client.app.state.group_commit
    return recorder


def _hold(client: TestClient) -> tuple[Gate, Any]:
    """Hold the app's recorder (its thread inside a commit) until the gate opens."""
    gate = Gate()

    async def hold() -> Any:
        return _recorder(client).commit("gate", [gate.write])

    held = client.portal.call(hold)  # type: ignore[union-attr]
    assert gate.entered.wait(30)
    return gate, held


def _seats(client: TestClient, table_id: str) -> int:
    store: Store = client.app.state.room.store
    with Session(store.engine) as s:
        return int(s.scalar(select(func.count()).select_from(SeatRow)
                            .where(SeatRow.table_id == table_id)) or 0)


def _join_later(pool: ThreadPoolExecutor, client: TestClient, table_id: str,
                name: str) -> Future[Any]:
    body = {"name": name, "seat": 0, "buy_in": 200}
    return pool.submit(client.post, f"/api/tables/{table_id}/join", json=body)


def test_a_join_is_answered_only_after_its_commit(client: TestClient) -> None:
    table = new_table(client)
    gate, _held = _hold(client)
    with ThreadPoolExecutor(1) as pool:
        answer = _join_later(pool, client, table, "Alice")
        wait_until(lambda: _recorder(client).queued == 1)  # the join's writes wait
        assert not answer.done() and _seats(client, table) == 0
        gate.opened.set()
        assert answer.result(timeout=30).status_code == 200
    assert _seats(client, table) == 1  # stored before it was answered


def test_joins_at_several_tables_share_one_commit(client: TestClient) -> None:
    tables = [new_table(client) for _ in range(3)]
    before = dict(_recorder(client).stats.by_size)
    gate, _held = _hold(client)
    with ThreadPoolExecutor(3) as pool:
        answers = [_join_later(pool, client, t, f"P{n}") for n, t in enumerate(tables)]
        wait_until(lambda: _recorder(client).queued == 3)
        gate.opened.set()
        assert [a.result(timeout=30).status_code for a in answers] == [200] * 3
    after = _recorder(client).stats.by_size
    assert after.get(3, 0) == before.get(3, 0) + 1, after
    assert [_seats(client, t) for t in tables] == [1, 1, 1]


def test_a_failing_table_in_a_group_fails_alone(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10's promise inside a group: the join whose writes the database refuses
    is refused (503) and did not happen; the other table's join in the same group
    is stored and answered."""
    good, bad = new_table(client), new_table(client)
    store: Store = client.app.state.room.store
    real: Callable[[Connection, Batch], None] = store._commit_batch

    def refuses_bad(c: Connection, batch: Batch) -> None:
        if batch.table_id == bad:
            raise OperationalError("INSERT ...", {}, Exception("disk I/O error"))
        real(c, batch)

    monkeypatch.setattr(store, "_commit_batch", refuses_bad)
    failed_before = _recorder(client).stats.failed_groups
    gate, _held = _hold(client)
    with ThreadPoolExecutor(2) as pool:
        answers = [_join_later(pool, client, t, n) for t, n in ((good, "Alice"), (bad, "Bob"))]
        wait_until(lambda: _recorder(client).queued == 2)
        gate.opened.set()
        ok, refused = (a.result(timeout=30) for a in answers)
    assert ok.status_code == 200, ok.text
    assert refused.status_code == 503 and refused.json()["reason"] == "store_unavailable"
    assert _recorder(client).stats.failed_groups == failed_before + 1
    assert (_seats(client, good), _seats(client, bad)) == (1, 0)
    assert actor_of(client, bad).seats == {}  # reloaded as stored: the join never happened
    monkeypatch.undo()
    join(client, bad, "Bob", 0)  # the seat is free
