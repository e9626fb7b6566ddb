"""One worker of a room on many processes: its leases, renewed, lost and taken over.

``pokerroom serve --worker NAME --database postgresql+psycopg://...`` runs the room as
one of several workers on one PostgreSQL database, behind a front proxy (nginx:
:mod:`pokerroom.server.cluster.proxy_config`).  Each table, tournament and live event is
served by the one worker holding its lease (:mod:`pokerroom.server.cluster.leases`):

- a resource made here is leased before it is stored (``claim``);
- every sixth of a lease (half a second by default) the worker renews its leases;
  one that ran out meanwhile (the process was paused, or the database unreachable)
  is lost: the resource is stopped here without another write and its connections
  are told to reconnect;
- it then looks for resources no one holds (a worker died or gave them up) and
  takes its share, restoring each from the database as a restart does;
- stopping, it gives every lease up at once so that the others take over at their
  next look instead of after the lease runs out.

Requests for a resource served elsewhere are redirected there
(:mod:`pokerroom.server.cluster.routing`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections.abc import Coroutine
from typing import Any, Protocol

from sqlalchemy.engine import Engine

from pokerroom.server.cluster.leases import KINDS, Fencing, LeaseBook, LeaseLost
from pokerroom.server.operations.logs import LOG
from pokerroom.server.wire.sockets import moved_message


class Holder(Protocol):
    """A room part that runs resources of one kind (tables, tournaments, live events)."""

    def adopt(self, resource: str) -> str | None: ...

    def drop(self, resource: str, message: dict[str, Any]) -> Coroutine[Any, Any, None]: ...

    def held(self) -> set[str]: ...


class Cluster:
    """This worker's part of the room on many processes."""

    def __init__(self, engine: Engine, *, name: str, url: str, seconds: float = 3.0) -> None:
        self.book = LeaseBook(engine, name=name, url=url, seconds=seconds)
        self.fencing = Fencing(self.book.instance)
        self.holders: dict[str, Holder] = {}
        self.interval = self.book.interval
        self._task: asyncio.Task[None] | None = None
        self.taken = 0  # resources taken over from other workers (or at start)
        self.lost = 0  # leases found gone

    @property
    def name(self) -> str:
        return self.book.name

    def add(self, kind: str, holder: Holder) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}: one of {', '.join(KINDS)}")
        self.holders[kind] = holder

    def claim(self, kind: str, resource: str) -> None:
        """Lease a resource being made here, before it is first stored."""
        epoch = self.book.acquire(kind, resource)
        if epoch is None:  # a fresh random id someone else holds: never in practice
            raise LeaseLost(kind, resource)
        self.fencing.held[(kind, resource)] = epoch

    def owns(self, kind: str, resource: str) -> bool:
        return (kind, resource) in self.fencing.held and resource in self.holders[kind].held()

    def held(self) -> dict[str, list[str]]:
        """What this worker serves now, by kind."""
        return {kind: sorted(h.held()) for kind, h in self.holders.items()}

    # ------------------------------------------------------------ running

    async def start(self) -> list[str]:
        """Say this worker is here and take its share of what no one holds."""
        await asyncio.to_thread(self.book.register)
        notes = await self.tick()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="leases")
        return notes

    async def stop(self) -> None:
        """Stop every resource here (no more writes) and give every lease up."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for kind, holder in self.holders.items():
            for resource in list(holder.held()):
                await holder.drop(resource, moved_message(None))
                self.fencing.held.pop((kind, resource), None)
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.book.retire)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.tick()
            except Exception:  # the database away for a moment: leases run out, not us
                LOG.exception("worker %s: lease renewal failed", self.name)

    async def tick(self) -> list[str]:
        """Renew, give up what was lost, take what no one holds.  Notes on what was
        taken (as a restart prints them)."""
        if not await asyncio.to_thread(self.book.renew):
            # This worker ran out (it was paused, or the database was away for longer
            # than a lease): every lease is lost at once; it comes back holding nothing.
            self.lost += len(self.fencing.held)
            self.fencing.held.clear()
            LOG.warning("worker %s: ran out of its lease time; everything it served is "
                        "given up", self.name, extra={"event": "leases_lost"})
            await asyncio.to_thread(self.book.rejoin)
            self.fencing.owner = self.book.instance
        for kind, holder in self.holders.items():  # lost here, or refused by a fence
            for resource in holder.held() - {r for k, r in self.fencing.held if k == kind}:
                LOG.warning("worker %s: gave up %s %s; another worker serves it", self.name,
                            kind, resource, extra={"event": "lease_lost"})
                await holder.drop(resource, moved_message(None))
        return await self._take_over()

    async def _take_over(self) -> list[str]:
        notes: list[str] = []
        workers = await asyncio.to_thread(self.book.workers_alive)
        # Taking over never delays the next renewal: what is not taken within a tick
        # is taken at the next look.
        until = time.monotonic() + self.interval
        for kind, holder in self.holders.items():
            free = await asyncio.to_thread(self.book.unowned, kind)
            random.shuffle(free)
            # Each live worker takes its share, so that the tables of a worker that
            # died spread over the others (the rest at their next look).
            for resource in free[:math.ceil(len(free) / workers)]:
                if time.monotonic() > until:
                    return notes
                ended = self.book.ended
                epoch = await asyncio.to_thread(self.book.acquire, kind, resource)
                if self.book.ended > ended:
                    LOG.warning("worker %s: ended %d session(s) of a worker that ran out, "
                                "stuck in a transaction holding %s %s", self.name,
                                self.book.ended - ended, kind, resource,
                                extra={"event": "stuck_session_ended"})
                if epoch is None:  # another worker was quicker, or the row was locked
                    continue
                self.fencing.held[(kind, resource)] = epoch
                try:
                    note = holder.adopt(resource)
                except LeaseLost:
                    continue
                except Exception:  # one that cannot be brought back must not stop us
                    LOG.exception("worker %s: %s %s could not be taken over", self.name,
                                  kind, resource)
                    continue
                self.taken += 1
                if note:
                    notes.append(note)
                    LOG.info("worker %s: took %s %s: %s", self.name, kind, resource, note,
                             extra={"event": "takeover"})
        return notes
