"""Expiry: what nobody uses stops holding a place in the room (issue #22).

- A cash table with no person seated, no hand running and no one watching for
  ``quotas.empty_table_seconds`` is closed as the host's "close" does, and the room
  forgets it: the lobby stops listing it, its id answers 404, a restart does not
  bring it back (the database keeps it closed, with its hands).
- A tournament or live event not started ``quotas.unstarted_event_seconds`` after its
  creation is removed (from the room and the database): its id answers 404; so is a
  dealer's game that never dealt a hand.

A table's empty time counts from when a sweep first saw it empty (after a restart,
from the restart): expiry comes at most one sweep (:data:`SWEEP_SECONDS`) late.  The
sweeps run on the room's clock, so tests move a fake one instead of waiting.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from pokerroom.server.actors.clock import Clock
from pokerroom.server.operations.logs import LOG

if TYPE_CHECKING:
    from pokerroom.server.dealer.room import DealerRoom
    from pokerroom.server.guard.quotas import QuotaSettings
    from pokerroom.server.live.room import LiveRoom
    from pokerroom.server.tables.room import Room
    from pokerroom.server.tournaments.room import TournamentRoom

__all__ = ["SWEEP_SECONDS", "Expiry"]

SWEEP_SECONDS = 60.0
"""How often the room looks for what has expired."""


class Expiry:
    """Sweeps ``room``, ``tournaments``, ``live`` and ``dealer`` for what has expired
    (``settings``: the times), on ``clock``."""

    def __init__(self, settings: QuotaSettings, *, clock: Clock, room: Room,
                 tournaments: TournamentRoom, live: LiveRoom,
                 dealer: DealerRoom | None = None) -> None:
        self.settings = settings
        self.clock = clock
        self.room = room
        self.tournaments = tournaments
        self.live = live
        self.dealer = dealer
        self.empty_since: dict[str, float] = {}  # table id -> when a sweep first saw it empty
        self._one_at_a_time = asyncio.Lock()

    async def sweep(self) -> list[str]:
        """Expire what is due now; returns what was expired, one line each (sweeps run
        one after the other, never interleaved)."""
        async with self._one_at_a_time:
            return await self._sweep()

    async def _sweep(self) -> list[str]:
        now = self.clock.now()
        done: list[str] = []
        table_seconds = self.settings.empty_table_seconds
        if table_seconds > 0:
            seen = set()
            for table_id in list(self.room.actors):
                if not self.room.is_empty(table_id):
                    continue
                seen.add(table_id)
                since = self.empty_since.setdefault(table_id, now)
                if now - since >= table_seconds and await self.room.expire(
                        table_id, f"no one sat or watched for {table_seconds:g} seconds"):
                    done.append(f"table {table_id}")
            self.empty_since = {t: s for t, s in self.empty_since.items()
                                if t in seen and t in self.room.actors}
        event_seconds = self.settings.unstarted_event_seconds
        if event_seconds > 0:
            for tid in self.tournaments.unstarted_since(now - event_seconds):
                if await self.tournaments.expire(tid):
                    done.append(f"tournament {tid}")
            for eid in self.live.unstarted_since(now - event_seconds):
                if self.live.expire(eid):
                    done.append(f"live event {eid}")
            dealer = self.dealer
            for gid in [] if dealer is None else dealer.undealt_since(now - event_seconds):
                if dealer is not None and await asyncio.to_thread(dealer.expire, gid):
                    done.append(f"dealer's game {gid}")
        return done

    async def run(self) -> None:
        """Sweep every :data:`SWEEP_SECONDS` until cancelled (the app's lifespan)."""
        while True:
            try:
                for line in await self.sweep():
                    LOG.info("expired: %s", line)
            except Exception as exc:  # a failed sweep is tried again at the next one
                LOG.error("expiry sweep failed: %r", exc)
            await self.clock.sleep(SWEEP_SECONDS)
