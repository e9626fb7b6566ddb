"""The room's live events: each a :class:`LiveRun` of the library's
:class:`~pokerroom.tournament.live.LiveEvent`, stored as it happens.

Every director action is checked against the host key, applied to the event,
then stored with its audit-log row in one transaction before it is answered
(:mod:`pokerroom.server.live.store`); if the write fails the run goes back to
what it was.  A report can be undone, and an undone one redone (:meth:`LiveRoom.undo`):
the event goes back to exactly what it was before (after) the report, kept with the
report's row; the clock keeps running through both.  The event's clock is brought up
to the wall clock whenever the event is read or changed (:meth:`LiveRun.sync`), so a
run restored after a crash shows the time left it would have shown had the server
never stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import random
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cards import SecureRandom, child_rng
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.server.actors.clock import Clock
from pokerroom.server.cluster.leases import LeaseLost
from pokerroom.server.live.links import is_code
from pokerroom.server.live.store import LiveStore, LogEntry, Step, Undoable
from pokerroom.server.tournaments.setup import build_structure, checked_start
from pokerroom.server.wire.protocol import CreateTournament
from pokerroom.tournament.live import Instruction, LiveEvent, LiveReport

FEED_KEPT = 500  # instructions kept for the console and the players' pages


class NotHostError(IllegalActionError):
    """A director's action without the event's host key."""


@dataclass(slots=True)
class LiveRun:
    """One live event as the room runs it."""

    id: str
    name: str
    created_at: float
    host_key: str
    event: LiveEvent
    synced_at: float  # the wall time the event's clock has been brought up to
    tokens: dict[str, int] = field(default_factory=dict)  # player's page token -> entry
    feed: list[dict[str, Any]] = field(default_factory=list)
    seq: int = 0  # audit-log actions so far
    feed_seq: int = 0
    starts_at: float | None = None  # the start time announced (the director starts it)

    @property
    def status(self) -> str:
        t = self.event.t
        return "finished" if t.finished else "running" if t.started else "registering"

    def sync(self, now: float) -> None:
        """Bring the event's clock up to ``now`` (levels, breaks and colour-ups on the way
        join the feed)."""
        t = self.event.t
        if now > self.synced_at and t.started and not t.finished:
            self.add_feed(self.event.advance(now - self.synced_at), now)
        self.synced_at = max(self.synced_at, now)

    def add_feed(self, report: LiveReport, now: float) -> list[str]:
        texts = []
        for i in report.instructions:
            self.feed_seq += 1
            self.feed.append(_instruction_json(i, self.feed_seq, now))
            texts.append(i.text)
        del self.feed[:-FEED_KEPT]
        return texts

    def token_of(self, entry: int) -> str | None:
        return next((tok for tok, e in self.tokens.items() if e == entry), None)


def _instruction_json(i: Instruction, seq: int, at: float) -> dict[str, Any]:
    return {"seq": seq, "at": at, "kind": i.kind, "text": i.text, "entry": i.entry,
            "from_table": i.from_table, "from_seat": i.from_seat, "to_table": i.to_table,
            "to_seat": i.to_seat}


Action = Callable[[LiveRun, dict[str, Any]], tuple[LiveReport, dict[str, Any]]]


class LiveRoom:
    """Every live event of the room, in memory and in the database."""

    def __init__(self, clock: Clock, *, store: LiveStore | None, seed: int | None = None
                 ) -> None:
        self.clock = clock
        self.store = store
        self.rng: random.Random = random.Random(seed) if seed is not None else SecureRandom()
        self.runs: dict[str, LiveRun] = {}
        # A worker of many (pokerroom.server.cluster.cluster): takes the lease of a new event
        # before it is stored; None in a single-process room.
        self.claim: Callable[[str, str], None] | None = None
        # Per event, what an undo and a redo would take back and put back (read from
        # the store when first asked for after a change).
        self._steps: dict[str, tuple[LogEntry | None, LogEntry | None]] = {}

    def create(self, request: CreateTournament) -> LiveRun:
        structure = build_structure(request)
        now = self.clock.now()
        starts_at = checked_start(request, now)
        event = LiveEvent(structure, rng=child_rng(self.rng))
        event.currency = "$"  # the room counts money in cents
        run = LiveRun(secrets.token_hex(5), request.name, now, secrets.token_urlsafe(18),
                      event, now, starts_at=starts_at)
        if self.claim is not None:
            self.claim("live", run.id)
        if self.store is not None:
            self.store.create(run.id, name=run.name, created_at=now, host_key=run.host_key,
                              status=run.status, run=pickle.dumps(run))
        self.runs[run.id] = run
        return run

    def restore(self, only: str | None = None) -> list[str]:
        """Load every stored event (or the one with id ``only``: a worker taking it
        over) and bring its clock up to now.  One that cannot be read (a pickle from a
        version whose classes changed) stays in the database untouched and is named in
        the notes and on standard error."""
        notes: list[str] = []
        if self.store is None:
            return notes
        now = self.clock.now()
        for row in self.store.events(only):
            try:
                run: LiveRun = pickle.loads(row.run)
                run.sync(now)
            except Exception as exc:  # one bad row must not keep the room closed
                note = f"live event {row.id}: could not be restored: {exc!r}"
                sys.stderr.write(f"pokerroom: {note}\n")
                notes.append(note)
                continue
            self.runs[run.id] = run
            notes.append(f"live event {run.id}: {run.status}")
        return notes

    def stored_runs(self) -> list[LiveRun]:
        """Every event as last stored (those that can be read)."""
        out = []
        for row in self.store.events() if self.store is not None else []:
            with contextlib.suppress(Exception):  # named at restore, not in a list
                out.append(pickle.loads(row.run))
        return out

    def adopt(self, event_id: str) -> str | None:
        """This worker took the event's lease: load it as a restart does."""
        return "; ".join(self.restore(event_id)) or None

    async def drop(self, event_id: str, _message: dict[str, Any]) -> None:
        """Another worker serves the event now (its screens poll: nothing to tell)."""
        self.runs.pop(event_id, None)
        self._steps.pop(event_id, None)

    def held(self) -> set[str]:
        return set(self.runs)

    def open_count(self) -> int:
        """Events here not finished: what ``quotas.open_live_events`` counts."""
        return sum(1 for run in self.runs.values() if run.status != "finished")

    def unstarted_since(self, cutoff: float) -> list[str]:
        """The events still registering that were created at ``cutoff`` or before."""
        return [run.id for run in self.runs.values()
                if run.status == "registering" and run.created_at <= cutoff]

    async def close(self) -> None:
        """Nothing to stop: a live event runs no task (its screens poll)."""

    def expire(self, event_id: str) -> bool:
        """Remove an event that never started, here and from the database (its id
        answers 404 from now on); False when it is gone or has started."""
        run = self.runs.get(event_id)
        if run is None or run.status != "registering":
            return False
        if self.store is not None:
            self.store.delete(event_id)
        self.runs.pop(event_id, None)
        self._steps.pop(event_id, None)
        return True

    def get(self, event_id: str) -> LiveRun:
        """The event (KeyError when unknown), its clock brought up to now."""
        run = self.runs[event_id]
        run.sync(self.clock.now())
        return run

    def act(self, event_id: str, host: str, action: str, args: dict[str, Any],
            do: Action) -> tuple[LiveRun, LiveReport, dict[str, Any]]:
        """A director's action: host key, then the action, then stored with its audit-log
        row.  Refused (nothing changed) on a wrong key or a rule; undone when the
        database does not take it."""
        run = self._hosted(event_id, host)
        before = pickle.dumps(run)
        tokens = set(run.tokens)
        now = self.clock.now()
        report, answer = do(run, args)
        run.seq += 1
        outcome = run.add_feed(report, now)
        store = self.store
        if store is not None:
            links = [t for t in run.tokens if t not in tokens and is_code(t)]
            self._store(run, before, lambda after: store.record(
                run.id, status=run.status, run=after,
                entry=LogEntry(run.seq, now, action, args, outcome), before=before,
                links=links))
        return run, report, answer

    async def event_of_link(self, code: str) -> str | None:
        """The event a player's short-link ``code`` is of: one held here, else as the
        database says (an event another worker holds), read off the event loop."""
        for run in self.runs.values():
            if code in run.tokens:
                return run.id
        if self.store is None:
            return None
        return await asyncio.to_thread(self.store.event_of_link, code)

    def _hosted(self, event_id: str, host: str) -> LiveRun:
        """The event, when ``host`` is its host key."""
        run = self.get(event_id)
        if not secrets.compare_digest(run.host_key.encode(), host.encode()):
            raise NotHostError(Reason.NOT_HOST, "only the event's director may do this: the "
                               "host key returned when the event was created is needed")
        return run

    def _store(self, run: LiveRun, before: bytes, write: Callable[[bytes], None]) -> None:
        """``write`` the run as it is now (pickled); on a failed write the event goes
        back to ``before``, and on a lost lease it is forgotten here."""
        self._steps.pop(run.id, None)
        try:
            write(pickle.dumps(run))
        except LeaseLost:  # another worker serves the event now: forget it here
            self.runs.pop(run.id, None)
            raise
        except SQLAlchemyError:
            self.runs[run.id] = pickle.loads(before)
            raise

    def steps(self, event_id: str) -> tuple[LogEntry | None, LogEntry | None]:
        """The reports an undo would take back and a redo put back (None: none)."""
        if self.store is None:
            return None, None
        known = self._steps.get(event_id)
        if known is None:
            known = self._steps[event_id] = (self.store.next_step(event_id, "undo"),
                                             self.store.next_step(event_id, "redo"))
        return known

    def undo(self, event_id: str, host: str, way: Step = "undo") -> tuple[LiveRun, LogEntry]:
        """Take back the director's last report (``way="redo"``: put back the one
        undone last): the event exactly as it was before it (after it), its clock
        brought up to now, and the undo in the audit log and the feed.  Refused with
        nothing to undo (redo) or without the host key."""
        run = self._hosted(event_id, host)
        store = self.store
        if store is None:
            raise ConfigError("this room keeps no audit log (no database): nothing to undo")
        found: Undoable | None = store.undoable(event_id, way)
        if found is None:
            if way == "undo":
                raise IllegalActionError(Reason.NOTHING_TO_UNDO, "nothing to undo: no report "
                                         "is left that can be taken back")
            raise IllegalActionError(Reason.NOTHING_TO_REDO, "nothing to redo: undo a report "
                                     "first (a report made after an undo ends the redos)")
        now = self.clock.now()
        back: LiveRun = pickle.loads(found.run)
        back.seq = run.seq + 1  # the audit log's numbering carries on
        back.feed_seq = max(back.feed_seq, run.feed_seq)  # screens see new lines as new
        back.sync(now)
        done = found.entry
        text = (f"{'Undone' if way == 'undo' else 'Redone'}: {done.action.replace('_', ' ')}"
                + (f" ({done.outcome[0]})" if done.outcome else ""))
        back.add_feed(LiveReport((), (Instruction(way, text),)), now)
        before = pickle.dumps(run)
        self.runs[event_id] = back
        self._store(back, before, lambda after: store.step(
            event_id, way, of=done.seq, status=back.status, run=after,
            entry=LogEntry(back.seq, now, way, {"seq": done.seq}, [text])))
        return back, done

    def log(self, event_id: str) -> list[LogEntry]:
        if self.store is None:
            raise ConfigError("this room keeps no audit log (no database)")
        return self.store.log(event_id)
