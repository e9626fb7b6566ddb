"""Tournaments in the database: what is written, and how it is read back.

A tournament is one row of ``tournaments``:

- ``definition`` (JSON, written once): the request it was created from and its
  structure (:func:`pokerroom.tournament.structure_files.to_dict`); ``director_key``
  beside it.  No seed (D1: live deals come from the operating system's CSPRNG; a
  definition from before that names one is read, its seed unused);
- ``state`` (JSON, rewritten at every save): everything the room keeps about the
  event -- status and times, the people registered (names, tokens, bots'
  policies, timeouts, who is away, rebuy decisions pending and the seconds left
  for them), each table's log and hand number, the floor log, the hand count;
- ``engine`` (bytes, rewritten at every save once the event has started): the
  library's :class:`~pokerroom.tournament.Tournament` -- clock, tables, seats,
  stacks, hands in progress (with their deck order), hand-for-hand, entries,
  places and prizes -- pickled.

Why a pickle for the library's object and JSON for the rest: the tournament's
floor is a graph of the library's own objects (tables with their hands, the
clock, hand-for-hand rounds with held hand events, groups of busts awaiting
rebuy decisions, the random source) with no public form of its own; writing one
would copy the library's internals into the server, and get out of step with
them.  Engine hands pickle by design (``Hand.__reduce__``); so does the random
source, :class:`~pokerroom.cards.SecureRandom`, as a fresh generator with no state
(a seeded room's -- tests -- pickles its state, so a restore stays reproducible).
Everything else is the room's own and plain JSON, so a registering tournament --
which has no engine state yet -- comes back from JSON alone, whatever changed in
the code.
``STATE_FORMAT`` is checked when reading.

Between two saves, each action taken in a hand is one row of
``tournament_actions``; a save deletes them in its own transaction.  Restoring
is the last save plus those actions, replayed in order.

Each finished hand is a row of ``tournament_hands`` for its players' downloads:
who played it (for each position: the name shown, the person registered and the
table seat) and the engine's hand, pickled.  A hand-for-hand hand with an all-in
is ``held`` until every table has finished the hand (RP-8-F).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Mapped, Session, mapped_column

from pokerroom.server.cluster.leases import Fencing
from pokerroom.server.tables.store import Base
from pokerroom.server.tournaments.setup import Registrant, TableRun
from pokerroom.tournament import Tournament

STATE_FORMAT = 1
FINISHED_LISTED = 20
"""The lobby lists every tournament not finished and only this many finished ones, the
newest (a finished one's page and results stay at its address)."""


class TournamentRow(Base):
    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_status_created_at", "status", "created_at"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[float] = mapped_column(Float)
    director_key: Mapped[str] = mapped_column(String(64))
    definition: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(12))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    engine: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    saved_at: Mapped[float] = mapped_column(Float)
    lobby: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # as of the save


class TournamentActionRow(Base):
    __tablename__ = "tournament_actions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int] = mapped_column(Integer)
    hand_number: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)  # the player's, in dealing order
    action: Mapped[dict[str, Any]] = mapped_column(JSON)


@dataclass(slots=True)
class StoredTournament:
    id: str
    name: str
    created_at: float
    director_key: str
    definition: dict[str, Any]
    state: dict[str, Any]
    engine: bytes | None
    actions: list[TournamentActionRow] = field(default_factory=list)


class TournamentHandRow(Base):
    __tablename__ = "tournament_hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int] = mapped_column(Integer)
    # {"names": [...], "people": [...], "seats": [...], "button": n | None, "max_seats": n}
    players: Mapped[dict[str, Any]] = mapped_column(JSON)
    hand: Mapped[bytes] = mapped_column(LargeBinary)
    held: Mapped[bool] = mapped_column(Boolean, default=False)
    finished_at: Mapped[float] = mapped_column(Float)


class TournamentStore:
    """The database access of the room's tournaments (the engine of the room's
    :class:`~pokerroom.server.tables.store.Store`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fencing: Fencing | None = None  # a worker of many: see Store.fencing

    def _fence(self, connection: Connection | Session, tournament_id: str) -> None:
        if self.fencing is not None:
            self.fencing.check(connection if isinstance(connection, Connection)
                               else connection.connection(), "tournament", tournament_id)

    def create(self, tournament_id: str, *, name: str, created_at: float, director_key: str,
               definition: dict[str, Any], state: dict[str, Any],
               lobby: dict[str, Any] | None = None) -> None:
        with Session(self.engine) as s, s.begin():
            self._fence(s, tournament_id)
            s.add(TournamentRow(id=tournament_id, name=name, created_at=created_at,
                                director_key=director_key, definition=definition,
                                status=state["status"], state=state, engine=None,
                                saved_at=created_at, lobby=lobby))

    def save(self, tournament_id: str, *, state: dict[str, Any], engine: bytes | None,
             saved_at: float, lobby: dict[str, Any] | None = None) -> None:
        """The tournament as it is now; the actions recorded before it are in it."""
        with Session(self.engine) as s, s.begin():
            self._fence(s, tournament_id)
            s.execute(update(TournamentRow).where(TournamentRow.id == tournament_id).values(
                status=state["status"], state=state, engine=engine, saved_at=saved_at,
                lobby=lobby))
            s.execute(delete(TournamentActionRow).where(
                TournamentActionRow.tournament_id == tournament_id))

    def delete(self, tournament_id: str) -> None:
        """Forget a tournament (one that never started expired): its row and actions."""
        with Session(self.engine) as s, s.begin():
            self._fence(s, tournament_id)
            for table in (TournamentActionRow, TournamentHandRow):
                s.execute(delete(table).where(table.tournament_id == tournament_id))
            s.execute(delete(TournamentRow).where(TournamentRow.id == tournament_id))

    def add_hand(self, tournament_id: str, *, number: int, table: int,
                 players: dict[str, Any], hand: bytes, held: bool, at: float) -> None:
        """Keep a finished hand (once: one replayed after a restart is there already)."""
        with self.engine.begin() as connection:
            self._fence(connection, tournament_id)
            if connection.execute(select(TournamentHandRow.id).where(
                    TournamentHandRow.tournament_id == tournament_id,
                    TournamentHandRow.number == number)).first() is not None:
                return
            connection.execute(insert(TournamentHandRow), [{
                "tournament_id": tournament_id, "number": number, "table_number": table,
                "players": players, "hand": hand, "held": held, "finished_at": at}])

    def release_held(self, tournament_id: str) -> None:
        """Hand-for-hand: every table has finished; the held hands may be seen."""
        with self.engine.begin() as connection:
            self._fence(connection, tournament_id)
            connection.execute(update(TournamentHandRow).where(
                TournamentHandRow.tournament_id == tournament_id,
                TournamentHandRow.held.is_(True)).values(held=False))

    def hands(self, tournament_id: str, *, limit: int = 100,
              before: int | None = None) -> list[TournamentHandRow]:
        """The last finished hands, newest first (without their pickles); ``before``:
        only those numbered below it (the next page)."""
        query = select(TournamentHandRow).where(TournamentHandRow.tournament_id == tournament_id)
        if before is not None:
            query = query.where(TournamentHandRow.number < before)
        with Session(self.engine) as s:
            rows = s.scalars(query.order_by(TournamentHandRow.number.desc()).limit(limit)).all()
            s.expunge_all()
            return list(rows)

    def hand(self, tournament_id: str, number: int) -> TournamentHandRow | None:
        with Session(self.engine) as s:
            row = s.scalars(select(TournamentHandRow).where(
                TournamentHandRow.tournament_id == tournament_id,
                TournamentHandRow.number == number)).first()
            if row is not None:
                s.expunge(row)
            return row

    def add_action(self, tournament_id: str, *, seq: int, table: int, hand: int,
                   position: int, action: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            self._fence(connection, tournament_id)
            connection.execute(insert(TournamentActionRow), [{
                "tournament_id": tournament_id, "seq": seq, "table_number": table,
                "hand_number": hand, "position": position, "action": action}])

    def lobby(self, *, finished: int = FINISHED_LISTED) -> list[dict[str, Any]]:
        """The lobby rows, as of each one's last save, newest first, of every
        tournament not finished and of the ``finished`` newest finished ones."""
        listed = select(TournamentRow.created_at, TournamentRow.lobby).where(
            TournamentRow.lobby.is_not(None))
        newest = TournamentRow.created_at.desc()
        with Session(self.engine) as s:
            rows = [*s.execute(listed.where(TournamentRow.status != "finished")),
                    *s.execute(listed.where(TournamentRow.status == "finished")
                               .order_by(newest).limit(finished))]
        rows.sort(key=lambda row: -row.created_at)
        return [dict(row.lobby) for row in rows if row.lobby is not None]

    def load(self, only: str | None = None) -> list[StoredTournament]:
        """Every tournament (or the one with id ``only``), oldest first, with the
        actions recorded since its last save."""
        out: list[StoredTournament] = []
        query = select(TournamentRow).order_by(TournamentRow.created_at)
        if only is not None:
            query = query.where(TournamentRow.id == only)
        with Session(self.engine) as s:
            for row in s.scalars(query):
                stored = StoredTournament(row.id, row.name, row.created_at, row.director_key,
                                          dict(row.definition), dict(row.state), row.engine)
                stored.actions = list(s.scalars(select(TournamentActionRow).where(
                    TournamentActionRow.tournament_id == row.id)
                    .order_by(TournamentActionRow.seq)).all())
                out.append(stored)
            s.expunge_all()
        return out


# ------------------------------------------------------------------ the codecs


def engine_dumps(t: Tournament) -> bytes:
    return pickle.dumps(t, protocol=pickle.HIGHEST_PROTOCOL)


def engine_loads(data: bytes) -> Tournament:
    t = pickle.loads(data)  # the room's own database, written by engine_dumps
    if not isinstance(t, Tournament):
        raise TypeError(f"the stored engine state is a {type(t).__name__}, not a Tournament")
    return t


def _left(at: float | None, now: float) -> float | None:
    return None if at is None else max(0.0, at - now)


def registrant_to_json(reg: Registrant, now: float) -> dict[str, Any]:
    """A registrant without their connections (a restart has none) and with the
    seconds left for a rebuy decision rather than a time of day."""
    return {"name": reg.name, "token": reg.token, "policy": reg.policy,
            "timeouts": reg.timeouts, "away": reg.away, "wants_add_on": reg.wants_add_on,
            "rebuy_left": _left(reg.rebuy_deadline, now)}


def registrant_from_json(data: dict[str, Any], now: float) -> Registrant:
    left = data["rebuy_left"]
    return Registrant(str(data["name"]), data["token"], policy=data["policy"],
                      disconnected_at=now, timeouts=int(data["timeouts"]), away=data["away"],
                      rebuy_deadline=None if left is None else now + float(left),
                      wants_add_on=bool(data["wants_add_on"]))


def run_to_json(run: TableRun, now: float) -> dict[str, Any]:
    """A table's log and hand; its timers start again after a restart (a person to
    act gets a full action clock)."""
    return {"number": run.number, "log": list(run.log), "hand_number": run.hand_number,
            "ready_in": _left(run.ready_at, now), "events_seen": run.events_seen,
            "cut": run.cut, "waiting": run.waiting,
            "start_stacks": [[name, chips] for name, chips in run.start_stacks.items()],
            "result": run.result, "held_result": run.held_result}


def run_from_json(data: dict[str, Any], now: float) -> TableRun:
    run = TableRun(int(data["number"]), hand_number=int(data["hand_number"]),
                   ready_at=now + float(data["ready_in"] or 0.0),
                   events_seen=int(data["events_seen"]), cut=data["cut"],
                   waiting=data["waiting"],
                   start_stacks={str(name): int(chips) for name, chips in data["start_stacks"]},
                   result=data.get("result"), held_result=data.get("held_result"))
    run.log.extend(data["log"])
    return run
