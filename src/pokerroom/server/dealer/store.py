"""The dealer's games in the database (migration 0012).

A game is one row of ``dealer_games``: its name, host key, the players' view code, its
``version`` (how many taps changed it) and ``game``, the room's
:class:`~pokerroom.server.dealer.room.DealerRun` pickled (the library's
:class:`~pokerroom.table.dealer_game.DealerGame` with its table and hand).  Every tap
the tablet sends is a row of ``dealer_taps`` under its id, applied or refused, with its
answer: a tap sent again (a flaky Wi-Fi's retry) is answered from that row and never
applied twice.  An applied tap's row and the game it made are written in one
transaction, before the answer.  The last :data:`UNDO_STEPS` applied taps keep the game
as it was before them (compressed), for the dealer's undo.  Each finished hand's record
(its PHH with the cards that were entered, and the log's lines of it) is a row of
``dealer_hands``, written with the tap that ended the hand.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    delete,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, Session, defer, mapped_column

from pokerroom.server.cluster.leases import Fencing
from pokerroom.server.tables.store import Base
from pokerroom.table.dealer_game import HandRecord

UNDO_STEPS = 50
"""How many of a game's last taps can be undone, one after another."""


class DealerGameRow(Base):
    __tablename__ = "dealer_games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[float] = mapped_column(Float)
    host_key: Mapped[str] = mapped_column(String(64))
    view_code: Mapped[str] = mapped_column(String(16), unique=True)
    closed: Mapped[bool] = mapped_column(Boolean)
    version: Mapped[int] = mapped_column(Integer)
    game: Mapped[bytes] = mapped_column(LargeBinary)
    saved_at: Mapped[float] = mapped_column(Float)


class DealerTapRow(Base):
    __tablename__ = "dealer_taps"
    __table_args__ = (UniqueConstraint("game_id", "tap_id", name="uq_dealer_taps_game_tap"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("dealer_games.id"), index=True)
    tap_id: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer)  # the game's, after the tap
    at: Mapped[float] = mapped_column(Float)
    tap: Mapped[dict[str, Any]] = mapped_column(JSON)
    answer: Mapped[dict[str, Any]] = mapped_column(JSON)
    # The game before an applied tap (compressed), while it can be undone; its step
    # "done" or "undone" (NULL: refused, an undo's own row, or too old to undo).
    before: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    step: Mapped[str | None] = mapped_column(String(8), nullable=True)


class DealerHandRow(Base):
    __tablename__ = "dealer_hands"
    game_id: Mapped[str] = mapped_column(ForeignKey("dealer_games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    phh: Mapped[str | None] = mapped_column(Text, nullable=True)
    why: Mapped[str] = mapped_column(Text)
    lines: Mapped[list[str]] = mapped_column(JSON)


@dataclass(frozen=True, slots=True)
class Tapped:
    """A tap as stored: its id, the game's version after it and its answer."""

    tap_id: str
    version: int
    answer: dict[str, Any]


class DealerStore:
    """The database access of the dealer's games (the room's engine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.fencing: Fencing | None = None  # a worker of many: see Store.fencing

    def create(self, game_id: str, *, name: str, created_at: float, host_key: str,
               view_code: str, game: bytes) -> None:
        with Session(self.engine) as s, s.begin():
            self._fence(s, game_id)
            s.add(DealerGameRow(id=game_id, name=name, created_at=created_at,
                                host_key=host_key, view_code=view_code, closed=False,
                                version=0, game=game, saved_at=created_at))

    def record(self, game_id: str, *, tap_id: str, tap: dict[str, Any],
               answer: dict[str, Any], at: float, version: int, game: bytes | None,
               before: bytes | None = None, closed: bool = False,
               undoes: int | None = None, hands: Sequence[HandRecord] = ()) -> None:
        """One tap, in one transaction: its row, and the game it made (``game``; None
        for a refused tap, which changed nothing).  ``before``: the game before it, kept
        for an undo (the oldest past :data:`UNDO_STEPS` forgets its own).  ``undoes``:
        this tap is an undo of the applied tap whose version that is.  ``hands``: the
        hands the tap finished (an undo's taken back are written again: replaced)."""
        with Session(self.engine) as s, s.begin():
            self._fence(s, game_id)
            row = DealerTapRow(game_id=game_id, tap_id=tap_id, version=version, at=at,
                               tap=tap, answer=answer)
            if game is not None:
                s.execute(update(DealerGameRow).where(DealerGameRow.id == game_id).values(
                    game=game, version=version, closed=closed, saved_at=at))
            if before is not None:
                of_game = DealerTapRow.game_id == game_id
                kept = select(DealerTapRow.version).where(of_game, DealerTapRow.step == "done") \
                    .order_by(DealerTapRow.version.desc()).offset(UNDO_STEPS - 1).limit(1)
                oldest = s.scalar(kept)
                if oldest is not None:
                    s.execute(update(DealerTapRow).where(
                        of_game, DealerTapRow.step == "done", DealerTapRow.version <= oldest)
                        .values(step=None, before=None))
                row.before, row.step = zlib.compress(before, 1), "done"
            if undoes is not None:
                s.execute(update(DealerTapRow).where(
                    DealerTapRow.game_id == game_id, DealerTapRow.step == "done",
                    DealerTapRow.version == undoes).values(step="undone", before=None))
            for record in hands:
                s.merge(DealerHandRow(game_id=game_id, number=record.number,
                                      phh=record.phh, why=record.why,
                                      lines=list(record.lines)))
            s.add(row)

    def hands(self, game_id: str) -> list[DealerHandRow]:
        """The game's finished hands, first first."""
        with Session(self.engine) as s:
            rows = list(s.scalars(select(DealerHandRow).where(
                DealerHandRow.game_id == game_id).order_by(DealerHandRow.number)))
            s.expunge_all()
            return rows

    def last_done(self, game_id: str) -> tuple[int, dict[str, Any], bytes] | None:
        """The last applied tap an undo can take back: its version, the tap, and the
        game before it; None when there is none."""
        with Session(self.engine) as s:
            row = s.scalar(select(DealerTapRow).where(
                DealerTapRow.game_id == game_id, DealerTapRow.step == "done")
                .order_by(DealerTapRow.version.desc()).limit(1))
            if row is None or row.before is None:
                return None
            return row.version, dict(row.tap), zlib.decompress(row.before)

    def tapped(self, game_id: str, tap_id: str) -> Tapped | None:
        """A tap already received (and answered) under ``tap_id``, or None."""
        with Session(self.engine) as s:
            row = s.scalar(select(DealerTapRow).options(defer(DealerTapRow.before)).where(
                DealerTapRow.game_id == game_id, DealerTapRow.tap_id == tap_id))
            return None if row is None else Tapped(row.tap_id, row.version, dict(row.answer))

    def taps(self, game_id: str) -> list[Tapped]:
        with Session(self.engine) as s:
            rows = s.scalars(select(DealerTapRow).options(defer(DealerTapRow.before))
                             .where(DealerTapRow.game_id == game_id).order_by(DealerTapRow.id))
            return [Tapped(r.tap_id, r.version, dict(r.answer)) for r in rows]

    def count(self, game_id: str) -> int:
        with Session(self.engine) as s:
            return int(s.scalar(select(func.count()).select_from(DealerTapRow)
                                .where(DealerTapRow.game_id == game_id)) or 0)

    def games(self, only: str | None = None) -> list[DealerGameRow]:
        """Every game not closed (or the one with id ``only``), oldest first."""
        query = select(DealerGameRow).order_by(DealerGameRow.created_at)
        query = query.where(DealerGameRow.id == only) if only is not None else query.where(
            DealerGameRow.closed.is_(False))
        with Session(self.engine) as s:
            rows = list(s.scalars(query))
            s.expunge_all()
            return rows

    def game_of_code(self, code: str) -> str | None:
        """The game whose players' view code is ``code``, or None."""
        with Session(self.engine) as s:
            return s.scalar(select(DealerGameRow.id).where(DealerGameRow.view_code == code))

    def delete(self, game_id: str) -> None:
        """Forget a game (an empty one expired): its row and taps."""
        with Session(self.engine) as s, s.begin():
            self._fence(s, game_id)
            s.execute(delete(DealerTapRow).where(DealerTapRow.game_id == game_id))
            s.execute(delete(DealerHandRow).where(DealerHandRow.game_id == game_id))
            s.execute(delete(DealerGameRow).where(DealerGameRow.id == game_id))

    def _fence(self, s: Session, game_id: str) -> None:
        if self.fencing is not None:
            self.fencing.check(s.connection(), "dealer", game_id)
