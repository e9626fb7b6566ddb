"""Persistence: tables, seats, hands as they happen, and the chip ledger.

SQLAlchemy 2 over SQLite by default (a file beside the server) or PostgreSQL
(``--database postgresql+psycopg://...``).  The schema is created and upgraded
by Alembic migrations at start-up.  A running table's writes go through its
journal to the worker's group commit (:mod:`pokerroom.server.actors.group_commit`); its
requests are answered only after the commit that holds them, so a process killed at
any moment loses nothing it answered.  Without a recorder every write commits at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    case,
    cast,
    create_engine,
    event,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from pokerroom.errors import PokerError
from pokerroom.server.actors.group_commit import (
    Assigned,
    GroupCommit,
    Journal,
    Row,
    Write,
    apply_writes,
)
from pokerroom.server.cluster.leases import Fencing
from pokerroom.server.tables.views import lobby_row
from pokerroom.server.wire.reasons import WireReason
from pokerroom.server.wire.sockets import encode
from pokerroom.table.snapshot import table_from_dict

_DB_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"  # PostgreSQL's clock, in seconds


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "room_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[float] = mapped_column(Float)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    host_key: Mapped[str | None] = mapped_column(String(64), nullable=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    # The table's lobby row as of its snapshot (views.lobby_row), for a room on many
    # processes, whose lobby lists tables other workers run.
    lobby: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # When the lobby row (or paused, closed) last changed, by the database's clock
    # (written by workers of many only): each worker's lobby reads only the changes.
    lobby_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    # The host's plans for the next hand (tables/next_hand.py; migration 0009).
    host_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    """One sitting: a person (or bot) in a seat from join to leave.  Its token stays
    valid for the sitting's own hand histories after it leaves (``active`` false)."""

    __tablename__ = "seats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    policy: Mapped[str | None] = mapped_column(String(20), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    sitting: Mapped[str | None] = mapped_column(String(32), nullable=True, unique=True)
    # Requests answered during a hand, carried out when it ends (and after a restart):
    buy_in: Mapped[int | None] = mapped_column(BigInteger, nullable=True)  # not seated yet
    top_up: Mapped[int] = mapped_column(BigInteger, default=0)
    leaving: Mapped[bool] = mapped_column(Boolean, default=False)


class HandRow(Base):
    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12))  # running, finished, cancelled
    before: Mapped[dict[str, Any]] = mapped_column(JSON)  # the table snapshot before the deal
    deck: Mapped[list[int]] = mapped_column(JSON)
    started_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Written by earlier versions at each hand's end; now NULL: a download deals the
    # hand again from before, deck and actions (tables/hand_routes.py).
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Who sat in each seat at the deal: {"seat": {"sitting": id, "name": name}}.
    sittings: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hands.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    # The player's position in the hand (index in dealing order); None: the dealer's.
    position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)


class LedgerRow(Base):
    """Chips crossing the rail: buy-ins, top-ups and rebuys in; cash-outs out."""

    __tablename__ = "ledger"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("room_tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))
    amount: Mapped[int] = mapped_column(BigInteger)
    at: Mapped[float] = mapped_column(Float)


# The tables themselves, for the writes (SQLAlchemy Core: see group_commit).
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
SEATS: Table = SeatRow.__table__  # type: ignore[assignment]
HANDS: Table = HandRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]
LEDGER: Table = LedgerRow.__table__  # type: ignore[assignment]

# The writes of every hand, compiled once.
_START_HAND = insert(HANDS)
_FINISH_HAND = update(HANDS).where(HANDS.c.id == bindparam("hand")).values(
    status="finished", finished_at=bindparam("at"), result=bindparam("outcome"))
_SAVE_SCENE = update(TABLES).where(TABLES.c.id == bindparam("table")).values(
    snapshot=bindparam("table_snapshot"), lobby=bindparam("lobby_row"))


@dataclass(slots=True)
class StoredTable:
    id: str
    name: str
    settings: dict[str, Any]
    snapshot: dict[str, Any]
    host_key: str | None = None
    paused: bool = False
    lobby: dict[str, Any] | None = None
    host_state: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    running: HandRow | None = None
    actions: list[ActionRow] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class LobbyEntry:
    """A table's row in the lobby (``row``), and whether it was closed."""

    id: str
    row: dict[str, Any]
    closed: bool
    created_at: float


@dataclass(slots=True)
class Batch:
    """Writes that must land together or not at all (a buy-in and the snapshot that
    shows its chips; a hand's result, the cash-outs after it and the next snapshot)."""

    table_id: str
    seats: list[dict[str, Any]] = field(default_factory=list)  # new seats rows
    seat_updates: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    entries: list[Row] = field(default_factory=list)  # ledger rows
    snapshot: dict[str, Any] | None = None
    lobby: dict[str, Any] | None = None  # the lobby row beside the snapshot
    table: dict[str, Any] = field(default_factory=dict)  # room_tables columns (paused, ...)
    finished: tuple[int | Assigned, dict[str, Any]] | None = None  # a hand's id, result

    def add_seat(self, seat: int, name: str, token: str, sitting: str, *,
                 is_bot: bool = False, policy: str | None = None,
                 buy_in: int | None = None) -> None:
        """A new sitting; ``buy_in``: not seated yet (the hand in progress ends first)."""
        self.seats.append({"table_id": self.table_id, "seat": seat, "name": name,
                           "token": token, "sitting": sitting, "is_bot": is_bot,
                           "policy": policy, "buy_in": buy_in, "top_up": 0,
                           "leaving": False, "active": True})

    def update_seat(self, sitting: str, **values: Any) -> None:
        """Change a sitting's row (``buy_in``, ``top_up``, ``leaving``, ``active``)."""
        self.seat_updates.append((sitting, values))

    def release_seat(self, sitting: str) -> None:
        self.update_seat(sitting, active=False, buy_in=None, top_up=0, leaving=False)

    def ledger(self, name: str, seat: int, kind: str, amount: int) -> None:
        self.entries.append(Row(LEDGER, {"table_id": self.table_id, "name": name,
                                          "seat": seat, "kind": kind, "amount": amount,
                                          "at": time.time()}))

    @property
    def empty(self) -> bool:
        return not (self.seats or self.seat_updates or self.entries or self.table
                    or self.snapshot is not None or self.finished is not None)


def default_url(directory: str | Path = ".") -> str:
    return f"sqlite:///{Path(directory) / 'pokerroom.sqlite'}"


class StoreUnavailable(PokerError):
    """The database did not take a change: the request happened not at all."""

    reason = WireReason.STORE_UNAVAILABLE


class Store:
    """All database access of the room.

    ``fencing`` (a worker of a room on many processes): every write of a table first
    checks, in its own transaction, that this worker still holds the table's lease
    (:mod:`pokerroom.server.cluster.leases`); a worker that lost it writes nothing."""

    def __init__(self, url: str, *, transaction_timeout: float | None = None) -> None:
        """``transaction_timeout`` (PostgreSQL, a worker of many): the database ends a
        session left inside a transaction that long (a stopped process's), so that
        its locks cannot hold up another worker: idle between statements
        (``idle_in_transaction_session_timeout``), and inside one
        (``statement_timeout``: a batch of inserts psycopg sends as a pipeline is one
        statement until its Sync, so a worker stopped halfway through sending it
        leaves its session "active", never idle, holding its row locks)."""
        self.url = url
        options: dict[str, Any] = {}
        if transaction_timeout is not None and url.startswith("postgresql"):
            ms = max(1, int(transaction_timeout * 1000))
            options["connect_args"] = {"options": f"-c idle_in_transaction_session_timeout={ms}"
                                       f" -c statement_timeout={ms}"}
        # JSON columns written by orjson (the snapshots at each hand: several times
        # faster than json's encoder; the same values).
        self.engine: Engine = create_engine(url, future=True, json_serializer=encode,
                                            **options)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.fencing: Fencing | None = None
        # A room's worker (the app's lifespan sets it): each running table's writes
        # go through its journal to the recorder's group commit (see journal()).
        self.group_commit: GroupCommit | None = None
        self._journals: dict[str, Journal] = {}

    def journal(self, table_id: str) -> Journal | None:
        """The journal of the table's writes while its actor runs (None with no
        recorder): every write of the table is held there until the actor commits it
        (:mod:`pokerroom.server.actors.group_commit`), instead of committing at once."""
        if self.group_commit is None:
            return None
        journal = self._journals[table_id] = Journal(
            self.group_commit, f"table {table_id}", fence=lambda s: self._fence(s, table_id),
            on_close=lambda: self._forget_journal(table_id, journal))
        return journal

    def _forget_journal(self, table_id: str, journal: Journal) -> None:
        if self._journals.get(table_id) is journal:
            del self._journals[table_id]

    def _write(self, table_id: str, *writes: Write) -> None:
        """Writes of a table that land together: into its journal while its actor
        runs, else committed at once in their own transaction (after the fencing
        check)."""
        journal = self._journals.get(table_id)
        if journal is not None:
            for write in writes:
                journal.add(write)
            return
        with self.engine.begin() as connection:
            self._fence(connection, table_id)
            apply_writes(connection, list(writes))

    def _lobby_changed(self) -> dict[str, Any]:
        """On a worker of many: the ``lobby_at`` stamp of a change the lobby shows."""
        if self.fencing is None:
            return {}
        return {"lobby_at": literal_column(_DB_NOW)}

    def _fence(self, connection: Connection, table_id: str) -> None:
        if self.fencing is not None:
            self.fencing.check(connection, "table", table_id)

    def migrate(self) -> None:
        """Create or upgrade the schema with the Alembic migrations."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent.parent / "migrations"))
        config.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # ----------------------------------------------------------- tables

    def create_table(self, table_id: str, name: str, settings: dict[str, Any],
                     snapshot: dict[str, Any], *, host_key: str,
                     lobby: dict[str, Any] | None = None) -> None:
        with self.engine.begin() as connection:
            self._fence(connection, table_id)
            connection.execute(insert(TABLES).values(
                id=table_id, name=name, created_at=time.time(), settings=settings,
                snapshot=snapshot, host_key=host_key, paused=False, closed=False,
                lobby=lobby, **self._lobby_changed()))

    def save_snapshot(self, table_id: str, snapshot: dict[str, Any]) -> None:
        self._write(table_id, lambda c: c.execute(
            update(TABLES).where(TABLES.c.id == table_id).values(snapshot=snapshot)))

    def release_seat(self, table_id: str, sitting: str) -> None:
        self._write(table_id, lambda c: c.execute(
            update(SEATS).where(SEATS.c.sitting == sitting)
            .values(active=False, buy_in=None, top_up=0, leaving=False)))

    def sitting_for_token(self, table_id: str, token: str) -> SeatRow | None:
        """The sitting (active or over) whose secret ``token`` this is, at this table."""
        with Session(self.engine) as s:
            row = s.scalars(select(SeatRow).where(SeatRow.table_id == table_id,
                                                  SeatRow.token == token)).first()
            if row is not None:
                s.expunge(row)
            return row

    def ledger(self, table_id: str, name: str, seat: int, kind: str, amount: int) -> None:
        self._write(table_id, Row(LEDGER, {"table_id": table_id, "name": name, "seat": seat,
                                           "kind": kind, "amount": amount, "at": time.time()}))

    def ledger_balance(self, table_id: str) -> int:
        """Chips bought in minus chips cashed out and raked: what must be at the table."""
        signed = case((LEDGER.c.kind.in_(("cash_out", "rake")), -LEDGER.c.amount),
                      else_=LEDGER.c.amount)
        with self.engine.connect() as c:  # summed by the database: a row a raked hand
            return int(c.execute(select(func.coalesce(func.sum(signed), 0))
                                 .where(LEDGER.c.table_id == table_id)).scalar_one())

    def ledger_rake(self, table_id: str) -> int:
        """The chips the rake took at the table (its ledger's ``rake`` rows)."""
        with self.engine.connect() as c:
            return int(c.execute(select(func.coalesce(func.sum(LEDGER.c.amount), 0)).where(
                LEDGER.c.table_id == table_id, LEDGER.c.kind == "rake")).scalar_one())

    def table_closed(self, table_id: str) -> bool | None:
        """Whether the table was closed (None: no such table), for what outlives it:
        its settle-up (tables/routes.py)."""
        with self.engine.connect() as c:
            closed = c.execute(select(TABLES.c.closed).where(TABLES.c.id == table_id)
                               ).scalar_one_or_none()
        return None if closed is None else bool(closed)

    def ledger_by_player(self, table_id: str) -> dict[str, dict[str, int]]:
        """Each player's chips by kind (``buy_in``, ``top_up``, ``rebuy``, ``cash_out``)
        under their name, in the order they first came to the table.  The rake is no
        player's (its rows are told apart by their kind, ``rake``, never by a name: a
        player may be called anything, "house" too): see :meth:`ledger_balance`."""
        with Session(self.engine) as s:
            rows = s.scalars(select(LedgerRow).where(LedgerRow.table_id == table_id,
                                                     LedgerRow.kind != "rake")
                             .order_by(LedgerRow.id)).all()
        out: dict[str, dict[str, int]] = {}
        for r in rows:
            kinds = out.setdefault(r.name, {})
            kinds[r.kind] = kinds.get(r.kind, 0) + r.amount
        return out

    def commit(self, batch: Batch) -> None:
        """Everything in ``batch`` in one transaction."""
        if not batch.empty:
            self._write(batch.table_id, lambda c: self._commit_batch(c, batch), *batch.entries)

    def _commit_batch(self, c: Connection, batch: Batch) -> None:
        """The batch's writes but its ledger rows (appended with the group's rows)."""
        if batch.seats:
            c.execute(insert(SEATS), batch.seats)
        for sitting, values in batch.seat_updates:
            c.execute(update(SEATS).where(SEATS.c.sitting == sitting).values(**values))
        if batch.table or (batch.snapshot is not None and self.fencing is not None):
            c.execute(update(TABLES).where(TABLES.c.id == batch.table_id)
                      .values(**batch.table, **self._lobby_changed()))
        if batch.finished is not None:
            hand, result = batch.finished
            c.execute(_FINISH_HAND, {"hand": _id(hand), "at": time.time(), "outcome": result})
        if batch.snapshot is not None:
            c.execute(_SAVE_SCENE, {"table": batch.table_id, "table_snapshot": batch.snapshot,
                                    "lobby_row": batch.lobby})

    # ------------------------------------------------------------ hands

    def start_hand(self, table_id: str, number: int, before: dict[str, Any],
                   deck: list[int], *, sittings: dict[str, Any], at: float) -> Assigned:
        """Store a new hand; its id (the database's) is assigned when the row is
        inserted: by the group commit that holds it, like the table's other writes (the
        actor publishes the deal only after that commit), or at once without one."""
        hand = Assigned()
        values = {"table_id": table_id, "number": number, "status": "running",
                  "before": before, "deck": deck, "started_at": at, "sittings": sittings}

        def insert_hand(c: Connection) -> None:
            key = c.execute(_START_HAND, values).inserted_primary_key
            assert key is not None
            hand.value = int(key[0])

        self._write(table_id, insert_hand)
        return hand

    def add_action(self, table_id: str, hand: int | Assigned, seq: int, position: int | None,
                   action: dict[str, Any]) -> None:
        """An action of the hand ``hand`` (its id, or the id its deal will be given) by
        the player at ``position`` (None: the dealer's or the floor's)."""
        self._write(table_id, Row(ACTIONS, {
            "hand_id": hand, "seq": seq, "position": position, "action": action}))

    def cancel_hand(self, table_id: str, hand: int | Assigned, reason: str) -> None:
        self._write(table_id, lambda c: c.execute(update(HANDS).where(
            HANDS.c.id == _id(hand)).values(status="cancelled", finished_at=time.time(),
                                            result={"cancelled": reason})))

    def hands(self, table_id: str, *, limit: int = 50, before: int | None = None,
              sitting: str | None = None) -> list[HandRow]:
        """The table's hands, newest first: at most ``limit``, numbered below
        ``before`` (the next page), and with ``sitting`` only those it was dealt
        into (by the hand's record of who sat where at the deal)."""
        query = select(HandRow).where(HandRow.table_id == table_id)
        if before is not None:
            query = query.where(HandRow.number < before)
        if sitting is not None:
            # Narrowed in SQL by the text of the JSON (the same on SQLite and
            # PostgreSQL), then checked exactly: a name that merely contains the
            # sitting's id is no sitting.
            query = query.where(cast(HandRow.sittings, Text).contains(f'"{sitting}"'))
        out: list[HandRow] = []
        with Session(self.engine) as s:
            for chunk in s.scalars(query.order_by(HandRow.number.desc())
                                   .execution_options(yield_per=limit)).partitions(limit):
                out.extend(r for r in chunk if sitting is None or any(
                    w.get("sitting") == sitting for w in (r.sittings or {}).values()))
                if len(out) >= limit:
                    break
            s.expunge_all()
        return out[:limit]

    def hand(self, table_id: str, number: int) -> HandRow | None:
        with Session(self.engine) as s:
            row = s.scalars(select(HandRow).where(HandRow.table_id == table_id,
                                                  HandRow.number == number)
                            .order_by(HandRow.id.desc())).first()
            if row is not None:
                s.expunge(row)
            return row

    def hand_actions(self, hand_id: int) -> list[ActionRow]:
        with Session(self.engine) as s:
            rows = list(s.scalars(select(ActionRow).where(ActionRow.hand_id == hand_id)
                                  .order_by(ActionRow.seq)).all())
            s.expunge_all()
            return rows

    # ------------------------------------------------------------- load

    def load(self) -> list[StoredTable]:
        """Every open table, with its seats and any hand that was running."""
        with Session(self.engine) as s:
            out = [_stored(s, t) for t in s.scalars(
                select(TableRow).where(TableRow.closed.is_(False))
                .order_by(TableRow.created_at)).all()]
            s.expunge_all()
        return out

    def lobby_changes(self, since: float | None) -> tuple[float, list[LobbyEntry]]:
        """PostgreSQL, a room on many processes (where other workers run most tables):
        the database's time now, and the tables whose lobby row, pause or closing was
        stored since the database time ``since`` (closed ones included), or every open
        table when ``since`` is None.  A table stored before lobby rows were has its
        row made from its snapshot."""
        query = select(TableRow.id, TableRow.name, TableRow.lobby, TableRow.paused,
                       TableRow.closed, TableRow.created_at)
        query = (query.where(TableRow.closed.is_(False)) if since is None
                 else query.where(TableRow.lobby_at >= since))
        with Session(self.engine) as s:
            now = float(s.execute(text(f"SELECT {_DB_NOW}")).scalar_one())
            out = []
            for r in s.execute(query).all():
                lobby = r.lobby
                if lobby is None and not r.closed:
                    table = table_from_dict(s.execute(select(TableRow.snapshot).where(
                        TableRow.id == r.id)).scalar_one())
                    lobby = lobby_row(r.id, r.name, table, hands=table.hands_dealt)
                out.append(LobbyEntry(r.id, {**(lobby or {}), "paused": bool(r.paused)},
                                      bool(r.closed), r.created_at))
        return now, out

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table as :meth:`load` gives it (None when it is gone or closed)."""
        with Session(self.engine) as s:
            row = s.get(TableRow, table_id)
            out = _stored(s, row) if row is not None and not row.closed else None
            s.expunge_all()
        return out


def _id(hand: int | Assigned) -> int:
    """A hand's id, when its row is stored (run by the write that names it)."""
    if isinstance(hand, Assigned):
        assert hand.value is not None, "a hand named before the write that stores it"
        return hand.value
    return hand


def _stored(s: Session, t: TableRow) -> StoredTable:
    stored = StoredTable(t.id, t.name, dict(t.settings), dict(t.snapshot),
                         host_key=t.host_key, paused=bool(t.paused), host_state=t.host_state)
    stored.seats = list(s.scalars(select(SeatRow).where(
        SeatRow.table_id == t.id, SeatRow.active.is_(True))).all())
    running = s.scalars(select(HandRow).where(
        HandRow.table_id == t.id, HandRow.status == "running")
        .order_by(HandRow.id.desc())).first()
    if running is not None:
        stored.running = running
        stored.actions = list(s.scalars(select(ActionRow).where(
            ActionRow.hand_id == running.id).order_by(ActionRow.seq)).all())
    return stored


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


