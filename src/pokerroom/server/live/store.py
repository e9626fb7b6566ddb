"""Live events in the database (migration 0005).

An event is one row of ``live_events``: its name, host key and status, and
``run``, the room's :class:`~pokerroom.server.live.room.LiveRun` pickled (the
library's :class:`~pokerroom.tournament.live.LiveEvent` -- a tournament's floor,
a graph of the library's objects with no public form of its own, pickled as the
dealt tournaments' engine is -- with the room's tokens and instruction feed).
Every director action rewrites it and adds its row to ``live_log``, the audit log,
in one transaction: an action is stored whole or not at all, before it is
answered.  A report's row keeps the run before and after it (migration 0010), for
undo and redo (:meth:`LiveStore.undoable`, :meth:`LiveStore.step`): the last
:data:`UNDO_STEPS` reports, compressed.  The clock needs no writes of its own: the run
keeps the wall time its clock was last brought up to, and a restored run is brought
up to now.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import (
    JSON,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    Select,
    String,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, defer, mapped_column

from pokerroom.server.cluster.leases import Fencing
from pokerroom.server.tables.store import Base


class LiveEventRow(Base):
    __tablename__ = "live_events"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[float] = mapped_column(Float)
    host_key: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(12))
    run: Mapped[bytes] = mapped_column(LargeBinary)
    saved_at: Mapped[float] = mapped_column(Float)


class LiveLogRow(Base):
    __tablename__ = "live_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("live_events.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)
    action: Mapped[str] = mapped_column(String(32))
    args: Mapped[dict[str, Any]] = mapped_column(JSON)
    outcome: Mapped[list[str]] = mapped_column(JSON)
    # Undo and redo (migration 0010): the run before and after a report, compressed,
    # and its step ("done", "undone", "dropped"); NULL for an undo's or a redo's own
    # row, and for a report too old to be undone (past UNDO_STEPS).
    before: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    after: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    step: Mapped[str | None] = mapped_column(String(8), nullable=True)


class LiveLinkRow(Base):
    """A player's short link (migration 0011): which event its code is of."""

    __tablename__ = "live_links"
    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("live_events.id"), index=True)


UNDO_STEPS = 100
"""How many of an event's last reports can be undone (each keeps two snapshots of
the event, about 11 KB each for 60 players)."""

Step = Literal["undo", "redo"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One director action of the audit log."""

    seq: int
    at: float
    action: str
    args: dict[str, Any]
    outcome: list[str]  # the instructions it gave the floor


@dataclass(frozen=True, slots=True)
class Undoable:
    """A report that an undo (or a redo) can take back (or put back): its audit-log
    entry and the event to go back to (pickled): as it was before the report for an
    undo, after it for a redo."""

    entry: LogEntry
    run: bytes


_NO_SNAPSHOTS = (defer(LiveLogRow.before), defer(LiveLogRow.after))  # an entry's words only


def _entry(row: LiveLogRow) -> LogEntry:
    return LogEntry(row.seq, row.at, row.action, dict(row.args), list(row.outcome))


def _target(event_id: str, way: Step) -> Select[LiveLogRow]:
    """The row an undo takes back (the last report done) or a redo puts back (the first
    of those undone, which is the one undone last); a report keeps its snapshots while
    it is done or undone."""
    of_event = LiveLogRow.event_id == event_id
    if way == "undo":
        seq = select(func.max(LiveLogRow.seq)).where(of_event, LiveLogRow.step == "done")
    else:
        seq = select(func.min(LiveLogRow.seq)).where(of_event, LiveLogRow.step == "undone")
    return select(LiveLogRow).where(of_event, LiveLogRow.seq == seq.scalar_subquery())


class LiveStore:
    """The database access of the room's live events (the room's engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fencing: Fencing | None = None  # a worker of many: see Store.fencing

    def create(self, event_id: str, *, name: str, created_at: float, host_key: str,
               status: str, run: bytes) -> None:
        with Session(self.engine) as s, s.begin():
            if self.fencing is not None:
                self.fencing.check(s.connection(), "live", event_id)
            s.add(LiveEventRow(id=event_id, name=name, created_at=created_at,
                               host_key=host_key, status=status, run=run,
                               saved_at=created_at))

    def record(self, event_id: str, *, status: str, run: bytes, entry: LogEntry,
               before: bytes | None = None, links: Sequence[str] = ()) -> None:
        """Save the run and add the action to the audit log, in one transaction.  With
        ``before`` (the run before the action, pickled) the action is a report that can
        be undone: it keeps both snapshots; the reports undone before it can no longer
        be redone, and the one :data:`UNDO_STEPS` back no longer keeps its own.
        ``links``: the players' codes the action gave out (a registration's), kept
        for good (an undone registration's page answers 404 from its event)."""
        with Session(self.engine) as s, s.begin():
            row = self._save(s, event_id, status, run, entry)
            s.add_all(LiveLinkRow(code=code, event_id=event_id) for code in links)
            if before is not None:
                of_event = LiveLogRow.event_id == event_id
                s.execute(update(LiveLogRow).where(of_event, LiveLogRow.step == "undone")
                          .values(step="dropped", before=None, after=None))
                kept = select(LiveLogRow.seq).where(of_event, LiveLogRow.step == "done") \
                    .order_by(LiveLogRow.seq.desc()).offset(UNDO_STEPS - 1).limit(1)
                oldest = s.scalar(kept)
                if oldest is not None:  # past the depth: no longer undoable
                    s.execute(update(LiveLogRow).where(
                        of_event, LiveLogRow.step == "done", LiveLogRow.seq <= oldest)
                        .values(step=None, before=None, after=None))
                row.before, row.after = zlib.compress(before, 1), zlib.compress(run, 1)
                row.step = "done"
            s.add(row)

    def _save(self, s: Session, event_id: str, status: str, run: bytes,
              entry: LogEntry) -> LiveLogRow:
        """In ``s``'s transaction: the fence checked, the run saved, and the audit-log
        row of ``entry`` made (the caller adds it)."""
        if self.fencing is not None:
            self.fencing.check(s.connection(), "live", event_id)
        s.execute(update(LiveEventRow).where(LiveEventRow.id == event_id).values(
            status=status, run=run, saved_at=entry.at))
        return LiveLogRow(event_id=event_id, seq=entry.seq, at=entry.at, action=entry.action,
                          args=entry.args, outcome=entry.outcome)

    def next_step(self, event_id: str, way: Step) -> LogEntry | None:
        """The report an undo (a redo) would take, without its snapshots."""
        with Session(self.engine) as s:
            row = s.scalar(_target(event_id, way).options(*_NO_SNAPSHOTS))
            return None if row is None else _entry(row)

    def undoable(self, event_id: str, way: Step) -> Undoable | None:
        """The report an undo takes back (a redo puts back) and the event to go back
        to, or None."""
        with Session(self.engine) as s:
            row = s.scalar(_target(event_id, way))
            snapshot = None if row is None else row.before if way == "undo" else row.after
            if row is None or snapshot is None:
                return None
            return Undoable(_entry(row), zlib.decompress(snapshot))

    def step(self, event_id: str, way: Step, *, of: int, status: str, run: bytes,
             entry: LogEntry) -> None:
        """An undo (or redo) of the report ``of`` (its seq): the run as it was before
        (after) that report saved, the report marked undone (done again), and the undo's
        own row in the audit log, in one transaction."""
        with Session(self.engine) as s, s.begin():
            row = self._save(s, event_id, status, run, entry)
            s.execute(update(LiveLogRow).where(LiveLogRow.event_id == event_id,
                                               LiveLogRow.seq == of)
                      .values(step="undone" if way == "undo" else "done"))
            s.add(row)

    def delete(self, event_id: str) -> None:
        """Forget an event (one that never started expired): its row and audit log."""
        with Session(self.engine) as s, s.begin():
            if self.fencing is not None:
                self.fencing.check(s.connection(), "live", event_id)
            s.execute(delete(LiveLogRow).where(LiveLogRow.event_id == event_id))
            s.execute(delete(LiveLinkRow).where(LiveLinkRow.event_id == event_id))
            s.execute(delete(LiveEventRow).where(LiveEventRow.id == event_id))

    def event_of_link(self, code: str) -> str | None:
        """The event whose player has the short-link ``code``, or None."""
        with Session(self.engine) as s:
            return s.scalar(select(LiveLinkRow.event_id).where(LiveLinkRow.code == code))

    def events(self, only: str | None = None) -> list[LiveEventRow]:
        """Every event (or the one with id ``only``), oldest first."""
        query = select(LiveEventRow).order_by(LiveEventRow.created_at)
        if only is not None:
            query = query.where(LiveEventRow.id == only)
        with Session(self.engine) as s:
            rows = list(s.scalars(query))
            s.expunge_all()
            return rows

    def log(self, event_id: str) -> list[LogEntry]:
        with Session(self.engine) as s:
            rows = s.scalars(select(LiveLogRow).options(*_NO_SNAPSHOTS)
                             .where(LiveLogRow.event_id == event_id).order_by(LiveLogRow.seq))
            return [_entry(r) for r in rows]
