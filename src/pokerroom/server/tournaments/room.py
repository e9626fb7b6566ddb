"""Every tournament of the server: created from requests, saved in the room's
database as they run, and brought back from it when the server starts again.

D1: every tournament deals (and its bots decide) from the operating system's CSPRNG
(:class:`~pokerroom.cards.SecureRandom`); no request can choose a seed and none is
stored.  Only a room made with ``seed`` (tests) is reproducible.
"""

from __future__ import annotations

import random
import secrets
import sys
from collections.abc import Callable
from typing import Any

from pokerroom.cards import SecureRandom, child_rng
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.owner import give_up_when_lost, hand_over
from pokerroom.server.operations.metrics import UNCOUNTED, RoomMetrics
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.setup import DirectorSettings, build_structure, checked_start
from pokerroom.server.tournaments.store import StoredTournament, TournamentStore
from pokerroom.server.wire.protocol import CreateTournament
from pokerroom.server.wire.sockets import moved_message
from pokerroom.tournament import structure_files


class TournamentRoom:
    """The tournaments of the server (kept in ``store``; only in memory without one).

    ``seed`` (tests only) makes every tournament's cards and bots reproducible;
    without it they come from the operating system's CSPRNG (D1)."""

    def __init__(self, clock: Clock, *, bot_delay: float, pause_between_hands: float,
                 seed: int | None = None, store: TournamentStore | None = None) -> None:
        self.clock = clock
        self.bot_delay = bot_delay
        self.pause = pause_between_hands
        self.rng: random.Random = random.Random(seed) if seed is not None else SecureRandom()
        self.store = store
        self.directors: dict[str, TournamentDirector] = {}
        # A worker of many (pokerroom.server.cluster.cluster): takes the lease of a new
        # tournament before it is stored; None in a single-process room.
        self.claim: Callable[[str, str], None] | None = None
        self.metrics: RoomMetrics = UNCOUNTED  # the app's (lifespan), given to each one

    def _settings(self, action_seconds: float) -> DirectorSettings:
        return DirectorSettings(action_seconds=action_seconds, bot_delay=self.bot_delay,
                                pause_between_hands=self.pause,
                                rebuy_seconds=max(10.0, action_seconds))

    def create(self, request: CreateTournament) -> TournamentDirector:
        structure = build_structure(request)
        now = self.clock.now()
        checked_start(request, now)
        tid = secrets.token_hex(5)
        if self.claim is not None:
            self.claim("tournament", tid)
        director = TournamentDirector(tid, request.name, structure, clock=self.clock,
                                      settings=self._settings(request.action_seconds),
                                      rng=child_rng(self.rng), store=self.store)
        director.play.floor_log.append(f"{request.name} is open for registration")
        director.play.starts_at = request.starts_at
        if self.store is not None:
            definition: dict[str, Any] = {
                "request": request.model_dump(mode="json"),
                "structure": structure_files.to_dict(structure)}
            self.store.create(tid, name=request.name, created_at=director.play.created_at,
                              director_key=director.director_key, definition=definition,
                              state=director.state_json(director.play.created_at),
                              lobby=director.lobby_row())
        self._start(director)
        return director

    def restore(self, only: str | None = None) -> list[str]:
        """Bring back every stored tournament (registering, running or finished), or
        the one with id ``only`` (a worker taking it over).  One that cannot be read is
        left in the database untouched and named in the notes (and on standard
        error)."""
        notes: list[str] = []
        if self.store is None:
            return notes
        for stored in self.store.load(only):
            try:
                director = self._director_of(stored)
                notes.append(director.restore(stored))
            except Exception as exc:  # one bad row must not keep the room closed
                note = f"tournament {stored.id}: could not be restored: {exc!r}"
                sys.stderr.write(f"pokerroom: {note}\n")
                notes.append(note)
                continue
            self._start(director)
        return notes

    def _start(self, director: TournamentDirector) -> None:
        self.directors[director.id] = director
        director.metrics = self.metrics
        if self.claim is not None:
            give_up_when_lost(director, lambda: self.drop(director.id, moved_message(None)))
        director.start_task()

    def adopt(self, tournament_id: str) -> str | None:
        """This worker took the tournament's lease: bring it back as a restart does."""
        return "; ".join(self.restore(tournament_id)) or None

    async def drop(self, tournament_id: str, message: dict[str, Any]) -> None:
        """Another worker serves the tournament now: stop it here (no write) and send
        its connections ``message`` (where to go), closing them."""
        director = self.directors.pop(tournament_id, None)
        await hand_over(director, director.viewers if director else (), message)

    def held(self) -> set[str]:
        return set(self.directors)

    def open_count(self) -> int:
        """Tournaments here not finished: what ``quotas.open_tournaments`` counts."""
        return sum(1 for d in self.directors.values() if d.play.status != "finished")

    def unstarted_since(self, cutoff: float) -> list[str]:
        """The tournaments still registering that were created at ``cutoff`` or before."""
        return [d.id for d in self.directors.values()
                if d.play.status == "registering" and d.play.created_at <= cutoff]

    async def expire(self, tournament_id: str) -> bool:
        """Remove a tournament that never started, here and from the database (its id
        answers 404 from now on); False when it is gone or has started."""
        director = self.directors.get(tournament_id)
        if director is None or director.play.status != "registering":
            return False
        self.directors.pop(tournament_id, None)
        await director.stop()
        if self.store is not None:
            self.store.delete(tournament_id)
        return True

    def _director_of(self, stored: StoredTournament) -> TournamentDirector:
        """The director as created (its definition); its state comes next.  A
        definition stored before D1 names a seed (in it and in its request): it is not
        used, the restored tournament draws from the room's generator like a new one
        (its engine, pickled, keeps its own)."""
        definition = stored.definition
        request = CreateTournament.model_validate(
            {k: v for k, v in definition["request"].items() if k != "seed"})
        structure = structure_files.from_dict(definition["structure"])
        return TournamentDirector(stored.id, stored.name, structure, clock=self.clock,
                                  settings=self._settings(request.action_seconds),
                                  rng=child_rng(self.rng), store=self.store,
                                  director_key=stored.director_key)

    def get(self, tournament_id: str) -> TournamentDirector:
        try:
            return self.directors[tournament_id]
        except KeyError:
            raise KeyError(f"no tournament {tournament_id!r}") from None

    async def close(self) -> None:
        for director in self.directors.values():
            await director.stop()
