"""The room's dealer's games: each a :class:`DealerRun` of the library's
:class:`~pokerroom.table.dealer_game.DealerGame`, stored tap by tap.

A tap (:mod:`pokerroom.server.dealer.taps`) is checked against the host key, applied
to the game, then stored with its row in one transaction before it is answered
(:mod:`pokerroom.server.dealer.store`); when the write fails the game goes back to
what it was.  Every tap is answered once and remembered under its id: sent again,
it gets the same answer and changes nothing, so a tablet on a flaky Wi-Fi can send
its queue as often as it likes.  A refused tap is remembered too (sent again it is
refused again, with the same words).
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import secrets
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from pokerroom.errors import ConfigError, IllegalActionError, PokerError, Reason
from pokerroom.server.actors.clock import Clock
from pokerroom.server.cluster.leases import LeaseLost
from pokerroom.server.dealer.store import DealerStore
from pokerroom.server.dealer.taps import (
    CreateDealerGame,
    Malformed,
    PlainTap,
    Tap,
    apply,
    tap_json,
)
from pokerroom.server.live.links import new_code
from pokerroom.server.live.room import NotHostError
from pokerroom.server.tables.room import stakes_and_options
from pokerroom.server.wire.protocol import error_reason
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table.dealer_game import DealerGame, HandRecord

T = TypeVar("T")

ANSWERS_KEPT = 1000
"""Taps remembered in memory per game (older ones are looked up in the database)."""


class NoSuchGame(LookupError):
    """No dealer's game has this id here (never made, expired, or served elsewhere)."""


@dataclass(slots=True)
class DealerRun:
    """One dealer's game as the room runs it."""

    id: str
    name: str
    created_at: float
    host_key: str
    view_code: str  # the players' view: /d/CODE
    game: DealerGame
    version: int = 0  # taps that changed the game
    closed: bool = False


class DealerRoom:
    """Every dealer's game of the room, in memory and in the database."""

    def __init__(self, clock: Clock, *, store: DealerStore | None) -> None:
        self.clock = clock
        self.store = store
        self.runs: dict[str, DealerRun] = {}
        # A worker of many (pokerroom.server.cluster.cluster): takes the lease of a new game
        # before it is stored; None in a single-process room.
        self.claim: Callable[[str, str], None] | None = None
        self._answers: dict[str, OrderedDict[str, dict[str, Any]]] = {}
        # A game's taps and reads run in threads (their writes off the event loop),
        # one at a time per game.
        self._locks: dict[str, threading.Lock] = {}

    def create(self, request: CreateDealerGame) -> DealerRun:
        """A new game with the stakes and house options of ``request`` (the fields of a
        cash table's, and the irregularities' procedures; the online table's clock and
        bots play no part)."""
        if request.rotation is not None:
            raise ConfigError("mixed games are not dealt at the tablet yet: choose one game")
        stakes, options = stakes_and_options(request)
        options = replace(options, irregularity_procedures=request.irregularity_procedures)
        now = self.clock.now()
        run = DealerRun(secrets.token_hex(5), request.name, now, secrets.token_urlsafe(18),
                        new_code(), DealerGame.of(stakes, options))
        if self.claim is not None:
            self.claim("dealer", run.id)
        if self.store is not None:
            self.store.create(run.id, name=run.name, created_at=now, host_key=run.host_key,
                              view_code=run.view_code, game=pickle.dumps(run))
        self.runs[run.id] = run
        return run

    def restore(self, only: str | None = None) -> list[str]:
        """Load every stored game not closed (or the one with id ``only``: a worker
        taking it over).  One that cannot be read stays in the database, named in the
        notes and on standard error."""
        notes: list[str] = []
        if self.store is None:
            return notes
        for row in self.store.games(only):
            try:
                run: DealerRun = pickle.loads(row.game)
            except Exception as exc:  # one bad row must not keep the room closed
                note = f"dealer's game {row.id}: could not be restored: {exc!r}"
                sys.stderr.write(f"pokerroom: {note}\n")
                notes.append(note)
                continue
            self.runs[run.id] = run
            notes.append(f"dealer's game {run.id}: {run.game.hands} hands")
        return notes

    def adopt(self, game_id: str) -> str | None:
        """This worker took the game's lease: load it as a restart does."""
        return "; ".join(self.restore(game_id)) or None

    async def drop(self, game_id: str, _message: dict[str, Any]) -> None:
        """Another worker serves the game now (its screens poll: nothing to tell)."""
        self.runs.pop(game_id, None)
        self._answers.pop(game_id, None)
        self._locks.pop(game_id, None)

    def held(self) -> set[str]:
        return set(self.runs)

    async def close(self) -> None:
        """Nothing to stop: a game runs no task (its screens poll)."""

    def get(self, game_id: str) -> DealerRun:
        """The game (:class:`NoSuchGame` when unknown)."""
        try:
            return self.runs[game_id]
        except KeyError:
            raise NoSuchGame(game_id) from None

    def hosted(self, game_id: str, host: str) -> DealerRun:
        """The game, when ``host`` is its host key."""
        run = self.get(game_id)
        if not secrets.compare_digest(run.host_key.encode(), host.encode()):
            raise NotHostError(Reason.NOT_HOST, "only the game's dealer may do this: "
                                 "the host key returned when the game was created is needed")
        return run

    async def game_of_code(self, code: str) -> str | None:
        """The game whose players' view code is ``code``: one held here, else as the
        database says (a game another worker holds), read off the event loop."""
        for run in self.runs.values():
            if run.view_code == code:
                return run.id
        if self.store is None:
            return None
        return await asyncio.to_thread(self.store.game_of_code, code)

    def tap(self, game_id: str, host: str, taps: Sequence[Tap | Malformed]
            ) -> list[dict[str, Any]]:
        """The dealer's taps, in order (see the module's docstring): one answer each,
        ``{"id", "ok", "version", "said"}`` or ``{"id", "ok": false, "error",
        "reason"}``, with ``"again": true`` for a tap answered before.  Blocking (the
        database): run it in a thread."""
        self.hosted(game_id, host)
        with self._lock(game_id):
            return [self._one(self.get(game_id), tap) for tap in taps]

    def read(self, game_id: str, what: Callable[[DealerRun], T]) -> T:
        """``what`` of the game, never of one half-way through a tap (in a thread)."""
        with self._lock(game_id):
            return what(self.get(game_id))

    def _lock(self, game_id: str) -> threading.Lock:
        return self._locks.setdefault(game_id, threading.Lock())

    def _one(self, run: DealerRun, tap: Tap | Malformed) -> dict[str, Any]:
        if isinstance(tap, Malformed):
            return {"id": tap.id, "ok": False, "version": run.version, "error": tap.error,
                    "reason": WireReason.BAD_REQUEST}
        known = self._known(run.id, tap.id)
        if known is not None:
            return {**known, "again": True}
        before = pickle.dumps(run)
        now = self.clock.now()
        answer: dict[str, Any]
        undoes: int | None = None
        try:
            if run.closed:
                raise IllegalActionError(Reason.TABLE_CLOSED, "this game is closed: "
                                         "nothing more can be done at it")
            if tap.base is not None and tap.base != run.version:
                raise IllegalActionError(
                    Reason.STALE_TAP, f"the game has moved on since this tap was made (it "
                    f"was made at version {tap.base}, the game is at {run.version}): nothing "
                    "was done; look at the game as it is now and tap again")
            if isinstance(tap, PlainTap) and tap.kind == "undo":
                undoes, said = self._undo(run)
            elif isinstance(tap, PlainTap) and tap.kind == "close":
                if run.game.in_hand:
                    raise IllegalActionError(Reason.HAND_IN_PROGRESS, "finish or void the "
                                             "hand in progress before closing the game")
                run.closed = True
                said = "The game is closed."
            else:
                said = apply(run.game, tap)
        except PokerError as refused:
            self.runs[run.id] = run = pickle.loads(before)  # nothing of it stays
            answer = {"id": tap.id, "ok": False, "version": run.version,
                      "error": str(refused), "reason": error_reason(refused)}
            self._save(run, tap, answer, now, game=None)
            return answer
        if undoes is not None:
            run = self.runs[run.id]
        run.version += 1
        answer = {"id": tap.id, "ok": True, "version": run.version, "said": said}
        hands = run.game.take_records()  # stored with the tap, not kept in the game
        self._save(run, tap, answer, now, hands=hands, game=pickle.dumps(run),
                   before=None if undoes is not None or tap.kind == "close" else before,
                   undoes=undoes, restore=before)
        return answer

    def _undo(self, run: DealerRun) -> tuple[int, str]:
        """Take the last tap back: the game exactly as it was before it."""
        found = None if self.store is None else self.store.last_done(run.id)
        if found is None:
            raise IllegalActionError(Reason.NOTHING_TO_UNDO, "nothing to undo: no tap is "
                                     "left that can be taken back")
        version, tap, game = found
        back: DealerRun = pickle.loads(game)
        back.version = run.version  # the version counts on
        self.runs[run.id] = back
        return version, back.game.note(f"Undone: {tap.get('kind', 'tap').replace('_', ' ')}.")

    def _save(self, run: DealerRun, tap: Tap, answer: dict[str, Any], now: float, *,
              game: bytes | None, before: bytes | None = None, undoes: int | None = None,
              restore: bytes | None = None, hands: Sequence[HandRecord] = ()) -> None:
        """Store the tap with its answer (and the game it made), then remember the
        answer; on a failed write the game goes back to ``restore`` and the tap is not
        remembered (sent again, it is tried again)."""
        if self.store is not None:
            try:
                self.store.record(run.id, tap_id=tap.id, tap=tap_json(tap), answer=answer,
                                  at=now, version=run.version, game=game, before=before,
                                  closed=run.closed, undoes=undoes, hands=hands)
            except LeaseLost:  # another worker serves the game now: forget it here
                self.runs.pop(run.id, None)
                self._answers.pop(run.id, None)
                raise
            except SQLAlchemyError:
                if restore is not None:
                    self.runs[run.id] = pickle.loads(restore)
                raise
        kept = self._answers.setdefault(run.id, OrderedDict())
        kept[tap.id] = answer
        while len(kept) > ANSWERS_KEPT:
            kept.popitem(last=False)

    def _known(self, game_id: str, tap_id: str) -> dict[str, Any] | None:
        kept = self._answers.get(game_id)
        if kept is not None and tap_id in kept:
            return kept[tap_id]
        if self.store is None:
            return None
        found = self.store.tapped(game_id, tap_id)
        return None if found is None else found.answer

    def open_count(self) -> int:
        """Games here not closed."""
        return sum(1 for run in self.runs.values() if not run.closed)

    def undealt_since(self, cutoff: float) -> list[str]:
        """The games that have dealt no hand and were created at ``cutoff`` or before."""
        return [run.id for run in self.runs.values()
                if not run.game.hands and not run.game.in_hand and run.created_at <= cutoff]

    def expire(self, game_id: str) -> bool:
        """Remove a game that never dealt a hand, here and from the database (its id
        answers 404 from now on); False when it is gone or has dealt (in a thread)."""
        with self._lock(game_id):
            run = self.runs.get(game_id)
            if run is None or run.game.hands or run.game.in_hand:
                return False
            if self.store is not None:
                self.store.delete(game_id)
            self.runs.pop(game_id, None)
            self._answers.pop(game_id, None)
            return True

    def hands(self, game_id: str) -> list[dict[str, Any]]:
        """The game's finished hands: number, PHH (or why none), the log's lines."""
        if self.store is None:
            return []
        return [{"number": r.number, "phh": r.phh, "why": r.why, "lines": list(r.lines)}
                for r in self.store.hands(game_id)]

    def stored_runs(self) -> list[DealerRun]:
        out = []
        for row in self.store.games() if self.store is not None else []:
            with contextlib.suppress(Exception):  # named at restore, not in a list
                out.append(pickle.loads(row.game))
        return out
