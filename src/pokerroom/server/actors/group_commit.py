"""Group commit: the writes of every owner on the worker, committed together once per
tick in one thread, never on the event loop.

An owner (a table's actor) writes into its :class:`Journal` while it runs a request
or a step; then it hands the journal's writes to the :class:`GroupCommit` as one *unit*
and waits (its task waits; the event loop runs on) until the commit that holds them.
Only then is the request answered and the change published, so an answered change
is stored, as when each write committed at once.

The recorder takes every unit handed over during one turn of the event loop as one
*group*, and its thread commits each group (with whatever else was handed over
while the previous commit ran) in one transaction: forty tables acting at once cost
one commit, not forty.  A unit starts with its owner's fencing check (a worker that
lost a lease writes nothing: :mod:`pokerroom.server.cluster.leases`).  When a group
fails, nothing of it landed; each unit is then committed alone, so that one bad unit
fails only its own owner (which reloads what the database holds) and the others land.

The writes are SQLAlchemy Core statements on the thread's one connection, kept open
from commit to commit (no ORM unit of work, no checkout from the pool per group: each
cost more CPU than the statements themselves), and the rows appended by every unit of
a group go to each table in one ``executemany`` of a statement compiled once (the
columns' own bind processors applied to each row, as SQLAlchemy does, without its
per-statement work).  A write may insert a row whose id the database chooses (a
hand's) and that later writes name before it is known (its actions, its end): an
:class:`Assigned` stands for that id until the write that inserts the row runs, in
this thread.  The thread runs at a lower priority than the event loop's
(:data:`NICENESS`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import Any

from sqlalchemy import Table, bindparam
from sqlalchemy.engine import Connection, Dialect, Engine

__all__ = ["NICENESS", "Assigned", "GroupCommit", "Journal", "RecorderSettings", "Row", "Write",
           "apply_writes"]

LOG = logging.getLogger(__name__)

NICENESS = 10
"""How much lower than the event loop's the recorder's thread runs (its nice value
raised by this much, on Linux, where each thread has its own).  Its Python needs the
interpreter's lock that the event loop's thread holds; at the same priority the
scheduler would give it the core whenever it woke (a group handed over, a statement
done), taking the core from the event loop only to wait for the lock at once.  Lower,
it runs when the event loop waits, or on another core.  Under ``bench_server.py``:
0.13 preemptions of the event loop per action instead of 0.57, 0.2 waits of the
recorder instead of 0.67, and 9-13% less CPU per action (docs/scaling.md)."""


@dataclass(frozen=True, kw_only=True)
class RecorderSettings:
    """The recorder: the thread that commits every table's writes (:class:`GroupCommit`)."""

    niceness: int = NICENESS
    """How much lower than the event loop's the recorder's thread runs: its nice value
    raised by this much when it starts (Linux, where each thread has its own; at most
    19). 0: the same priority as the event loop."""

    def __post_init__(self) -> None:
        if not 0 <= self.niceness <= 19:
            raise ValueError(f"recorder.niceness must be 0 to 19, got {self.niceness!r}")


def _behind_the_loop(niceness: int) -> None:
    """Lower the calling thread's priority by ``niceness`` (raising a nice value needs
    no privilege); nothing where a thread has no priority of its own (not Linux) or
    the system refuses."""
    if niceness <= 0 or sys.platform != "linux":
        return
    thread = threading.get_native_id()
    with contextlib.suppress(OSError):
        now = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(19, now + niceness))


class Assigned:
    """A value the group commit's thread assigns when it runs the write that makes it
    (the id the database gives a new row), named by writes made before then: a
    :class:`Row` whose values hold it gets its value, and a change reads
    :attr:`value` when it runs.  Set again when a failed group is committed unit by
    unit (the rolled-back row is inserted again)."""

    __slots__ = ("value",)

    def __init__(self, value: int | None = None) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"Assigned({self.value!r})"


@dataclass(frozen=True, slots=True)
class Row:
    """One row appended to ``table`` (a hand's action): the group's rows of each table
    are inserted together in one statement, after the group's other writes (so a
    row may name one those wrote, a hand; nothing reads the rows before the end).
    A value that is an :class:`Assigned` is replaced by its value then."""

    table: Table
    values: dict[str, Any]


def _resolved(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each :class:`Assigned` replaced by what it was assigned."""
    if any(type(v) is Assigned for v in values.values()):
        return {k: v.value if type(v) is Assigned else v for k, v in values.items()}
    return values


Change = Callable[[Connection], object]
"""A write run inside the group's transaction, in order (or a fencing check)."""

Write = Change | Row
"""One write: a change, or a row."""


@dataclass(slots=True)
class _Unit:
    key: str  # whose writes: a unit that fails fails only the later units of its key
    fence: Change | None
    writes: list[Write]
    done: asyncio.Future[None] | None


@dataclass(slots=True)
class GroupCommitStats:
    """What the recorder did: groups committed, units in them, groups that failed
    (and were committed unit by unit) and the seconds spent committing."""

    groups: int = 0
    units: int = 0
    failed_groups: int = 0
    seconds: float = 0.0
    largest: int = 0
    by_size: dict[int, int] = field(default_factory=dict)


class GroupCommit:
    """The worker's one writer thread (see the module's docstring)."""

    def __init__(self, engine: Engine, *, name: str = "recorder",
                 niceness: int = NICENESS) -> None:
        self._engine = engine
        self._name = name
        self._niceness = niceness
        self._queue: queue.SimpleQueue[list[_Unit] | None] = queue.SimpleQueue()
        self._tick: list[_Unit] = []  # handed over at the end of this loop turn
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._queued = 0  # units handed to the thread and not yet being committed
        self._connection: Connection | None = None  # the thread's, kept between groups
        self.stats = GroupCommitStats()

    @property
    def queued(self) -> int:
        """Units handed over that wait for the commit running now to end."""
        with self._lock:
            return self._queued

    # ---------------------------------------------------------- the loop's side

    def commit(self, key: str, writes: list[Write],
               fence: Change | None = None) -> asyncio.Future[None]:
        """Commit ``writes`` (in order, after ``fence``) in the next group; the future
        is done when they are stored, or fails with what refused them (nothing of
        them stored).  Called on the event loop."""
        if self._thread is None:
            # asyncio.get_running_loop() makes a system call (getpid) on Python 3.11:
            # asked once, when the thread starts on this loop.
            self._loop = asyncio.get_running_loop()
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()
        loop = self._loop
        assert loop is not None
        done: asyncio.Future[None] = loop.create_future()
        if not self._tick:
            loop.call_soon(self._hand_over)
        self._tick.append(_Unit(key, fence, writes, done))
        return done

    def _hand_over(self) -> None:
        group, self._tick = self._tick, []
        if group:
            with self._lock:
                self._queued += len(group)
            self._queue.put(group)

    def close(self) -> None:
        """Commit what was handed over, then end the thread (the event loop's last
        units first)."""
        self._hand_over()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    # ------------------------------------------------------------ the thread

    def _run(self) -> None:
        _behind_the_loop(self._niceness)
        try:
            self._groups()
        finally:
            self._drop_connection()

    def _groups(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                return
            group = list(first)
            with contextlib.suppress(queue.Empty):
                while True:  # what was handed over while the last group committed
                    more = self._queue.get_nowait()
                    if more is None:
                        stopping = True
                        break
                    group.extend(more)
            with self._lock:
                self._queued -= len(group)
            self._commit(group)

    def _commit(self, group: list[_Unit]) -> None:
        started = time.perf_counter()
        outcome: list[BaseException | None]
        try:
            self._in_transaction(group)
            outcome = [None] * len(group)
        except Exception as exc:
            if len(group) == 1:
                outcome = [exc]
            else:
                self.stats.failed_groups += 1
                outcome = self._one_by_one(group)
        stats = self.stats
        stats.groups += 1
        stats.units += len(group)
        stats.largest = max(stats.largest, len(group))
        stats.by_size[len(group)] = stats.by_size.get(len(group), 0) + 1
        stats.seconds += time.perf_counter() - started
        assert self._loop is not None
        with contextlib.suppress(RuntimeError):  # the loop closed: no one waits any more
            self._loop.call_soon_threadsafe(_resolve, group, outcome)

    def _one_by_one(self, group: list[_Unit]) -> list[BaseException | None]:
        """After a group failed: each unit in its own transaction.  A key whose unit
        failed has its later units failed too (they were written on top of it)."""
        failed: dict[str, BaseException] = {}
        out: list[BaseException | None] = []
        for unit in group:
            if unit.key in failed:
                out.append(failed[unit.key])
                continue
            try:
                self._in_transaction([unit])
            except Exception as exc:
                failed[unit.key] = exc
                out.append(exc)
            else:
                out.append(None)
        return out

    def _in_transaction(self, units: list[_Unit]) -> None:
        """``units`` in one transaction on the thread's connection; after a failure
        the connection is closed (a new one is opened for the next group), so that
        one lost to the database (restarted, or ending the session) is not used
        again."""
        connection = self._connection
        if connection is None or connection.closed or connection.invalidated:
            self._drop_connection()
            connection = self._connection = self._engine.connect()
        try:
            with connection.begin():
                _apply(connection, units)
        except BaseException:
            self._drop_connection()
            raise

    def _drop_connection(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # lost already: nothing to give back
                connection.close()


ROWS_PER_STATEMENT = 64
"""The most rows one ``INSERT`` takes on psycopg (:class:`_Insert`): a statement is
made for each number of rows up to it (psycopg prepares each on the server once it
has run five times)."""


class _Inserts:
    """Each table's multi-row insert, compiled once per dialect and set of columns,
    with the columns' bind processors (a JSON column's serializer): the SQL and the
    parameters SQLAlchemy would make for ``connection.execute(table.insert(), rows)``,
    run by :meth:`Connection.exec_driver_sql` (its errors are SQLAlchemy's too)."""

    def __init__(self) -> None:
        self._made: dict[tuple[Dialect, Table, tuple[str, ...]], _Insert] = {}

    def run(self, connection: Connection, table: Table, rows: list[dict[str, Any]]) -> None:
        keys = tuple(rows[0])
        dialect = connection.dialect
        insert = self._made.get((dialect, table, keys))
        if insert is None:
            insert = self._made[(dialect, table, keys)] = _Insert(dialect, table, keys)
        if not insert.direct or any(tuple(row) != keys for row in rows):
            # other columns, or defaults: Core's way
            connection.execute(table.insert(), [_resolved(row) for row in rows])
        elif insert.one_statement:
            for start in range(0, len(rows), ROWS_PER_STATEMENT):
                sql, parameters = insert.statement(rows[start:start + ROWS_PER_STATEMENT])
                connection.exec_driver_sql(sql, parameters)
        else:
            connection.exec_driver_sql(insert.sql, insert.parameters(rows))


class _Insert:
    """One compiled multi-row insert (:class:`_Inserts`).

    On psycopg the rows go in one ``INSERT ... VALUES (...), (...)`` statement
    (:attr:`one_statement`, at most :data:`ROWS_PER_STATEMENT` rows): its
    ``executemany`` sends and reads back each row on its own, twice the CPU of one
    statement holding them all (about 270 against 140 us for 12 action rows, their
    transaction included).  SQLite's ``executemany`` runs in C and is the cheaper
    there (docs/scaling.md)."""

    def __init__(self, dialect: Dialect, table: Table, keys: tuple[str, ...]) -> None:
        compiled = table.insert().compile(dialect=dialect, column_keys=list(keys))
        self.sql = str(compiled)
        self.dialect, self.table = dialect, table
        self.one_statement = dialect.driver == "psycopg" and not dialect.positional
        self._statements: dict[int, tuple[str, list[str]]] = {}  # by number of rows
        names = list(compiled.positiontup or ()) if dialect.positional else list(compiled.params)
        self.positional = dialect.positional
        self.names = names
        # (one column: itemgetter gives a value, not a tuple; such a table goes Core's way)
        self.values = itemgetter(*names) if len(names) > 1 else None
        # (index, processor) of the columns that convert their values (JSON's)
        self.processors = [(i, process) for i, name in enumerate(names)
                           if (process := table.c[name].type.bind_processor(dialect))]
        # The statement takes exactly the rows' values (no column default of its own).
        self.direct = (self.values is not None and len(names) == len(keys)
                       and set(names) == set(keys))

    def parameters(self, rows: list[dict[str, Any]]) -> list[Any]:
        """Each row's values in the statement's order, converted, an :class:`Assigned`
        replaced by its value: tuples (a positional paramstyle), else dicts."""
        converted = self._converted(rows)
        if self.positional:
            return [tuple(got) for got in converted]
        return [dict(zip(self.names, got, strict=True)) for got in converted]

    def _converted(self, rows: list[dict[str, Any]]) -> list[list[Any]]:
        values, processors = self.values, self.processors
        assert values is not None
        out: list[list[Any]] = []
        for row in rows:
            got = list(values(row))
            for i, value in enumerate(got):
                if type(value) is Assigned:
                    got[i] = value.value
            for i, process in processors:
                got[i] = process(got[i])
            out.append(got)
        return out

    def statement(self, rows: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        """One ``INSERT`` of all ``rows`` and its parameters (each value converted as
        :meth:`parameters` converts it), named ``<column>_<row>``."""
        made = self._statements.get(len(rows))
        if made is None:
            placeholders = [{name: bindparam(f"{name}_{i}", type_=self.table.c[name].type)
                             for name in self.names} for i in range(len(rows))]
            compiled = self.table.insert().values(placeholders).compile(dialect=self.dialect)
            made = self._statements[len(rows)] = (
                str(compiled), [f"{name}_{i}" for i in range(len(rows)) for name in self.names])
        sql, keys = made
        return sql, dict(zip(keys, chain.from_iterable(self._converted(rows)), strict=True))


_INSERTS = _Inserts()


def apply_writes(connection: Connection, writes: list[Write]) -> None:
    """Run ``writes`` on ``connection`` (in its transaction) as a group commit does."""
    _apply(connection, [_Unit("", None, writes, None)])


def _apply(connection: Connection, units: list[_Unit]) -> None:
    rows: dict[Table, list[Row]] = {}
    for unit in units:
        if unit.fence is not None:
            unit.fence(connection)
        for write in unit.writes:
            if isinstance(write, Row):
                rows.setdefault(write.table, []).append(write)
            else:
                write(connection)
    for table, appended in rows.items():
        _INSERTS.run(connection, table, [row.values for row in appended])


def _resolve(group: list[_Unit], outcome: list[BaseException | None]) -> None:
    for unit, exc in zip(group, outcome, strict=True):
        if unit.done is None or unit.done.done():
            continue
        if exc is None:
            unit.done.set_result(None)
        else:
            unit.done.set_exception(exc)


class Journal:
    """One owner's writes since its last commit (see the module's docstring)."""

    def __init__(self, recorder: GroupCommit, key: str, *, fence: Change | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        self.recorder = recorder
        self.key = key
        self._fence = fence
        self._on_close = on_close
        self._writes: list[Write] = []
        self.in_flight: asyncio.Future[None] | None = None  # the last commit handed over

    def add(self, write: Write) -> None:
        self._writes.append(write)

    def commit(self) -> asyncio.Future[None] | None:
        """Hand the writes so far to the recorder: None when there were none."""
        if not self._writes:
            return None
        writes, self._writes = self._writes, []
        self.in_flight = self.recorder.commit(self.key, writes, self._fence)
        return self.in_flight

    def discard(self) -> None:
        """Forget the writes so far (their owner lost its lease: they would be refused)."""
        self._writes = []

    def close(self) -> None:
        """The owner stopped: what it wrote last still goes (no one waits for it), and
        later writes of its resource run at once again."""
        if self._writes:
            with contextlib.suppress(RuntimeError):  # no loop any more: nothing to hand
                done = self.commit()
                assert done is not None
                done.add_done_callback(self.unwaited)
        if self._on_close is not None:
            self._on_close()

    def unwaited(self, done: asyncio.Future[None]) -> None:
        """A done callback for a commit no one awaits any more (the last one of a
        stopped owner, or one whose waiter was cancelled): its refusal (the lease went
        to another worker) is logged here, in one line, instead of asyncio
        reporting an exception never retrieved when the future is collected."""
        if done.cancelled():
            return
        exc = done.exception()
        if exc is not None:
            LOG.warning("%s: the last writes after it stopped were refused: %s", self.key, exc,
                        extra={"event": "last_writes_refused"})
