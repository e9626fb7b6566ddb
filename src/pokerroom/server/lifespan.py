"""The room's life: what starts with the app and stops with it.

At start-up: the database's schema is brought up to date, the three kinds of
resource are made (cash tables, tournaments, live events: one
:class:`~pokerroom.server.actors.registry.Registry`), what the database holds is
brought back (or, a worker of many, leased through the cluster; each restore
logged), the tables' writes go to one group commit
(:mod:`~pokerroom.server.actors.group_commit`), the bots' kernels warm in a thread, and
the expiry sweeps and the measure of the event loop's lag
(:mod:`~pokerroom.server.operations.metrics`) start; all of it, with the services
the app was made with, is one :class:`~pokerroom.server.room_state.RoomState` on
``app.state.room_state``.  At shutdown, the reverse.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from fastapi import FastAPI

from pokerroom.bots.odds import expect_warm, withdraw_warm
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.group_commit import GroupCommit
from pokerroom.server.actors.registry import Registry
from pokerroom.server.dealer.room import DealerRoom
from pokerroom.server.dealer.store import DealerStore
from pokerroom.server.guard.expiry import Expiry
from pokerroom.server.live.room import LiveRoom
from pokerroom.server.live.store import LiveStore
from pokerroom.server.operations.heap import HeapFreeze
from pokerroom.server.operations.logs import LOG
from pokerroom.server.room_state import RoomServices, RoomState
from pokerroom.server.tables.room import Room
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.store import TournamentStore

__all__ = ["STATE_NAMES", "RoomLife"]

STATE_NAMES = {"room": "tables", "tournaments": "tournaments", "live": "live", "dealer": "dealer",
               "group_commit": "group_commit", "expiry": "expiry", "restored": "restored"}
"""Names on ``app.state`` beside ``room_state``, each a field of the
:class:`~pokerroom.server.room_state.RoomState` (``app.state.room`` is its ``tables``),
for the tests and scripts that reach into a running room; the room's own code reads
``room_state`` only."""


@dataclass(frozen=True, kw_only=True)
class RoomLife:
    """The app's lifespan: call it with the app (``FastAPI(lifespan=RoomLife(...))``).
    It puts the :class:`~pokerroom.server.room_state.RoomState` on
    ``app.state.room_state`` (and its rooms by the :data:`STATE_NAMES`)."""

    services: RoomServices
    clock: Clock
    bot_delay: float
    pause_between_hands: float
    seed: int | None
    freeze_heap: bool = False
    """Pace the process's garbage collector (:class:`HeapFreeze`): ``create_app``'s."""

    @contextlib.asynccontextmanager
    async def __call__(self, app: FastAPI) -> AsyncIterator[None]:
        services = self.services
        store, settings, cluster = services.store, services.settings, services.cluster
        store.migrate()
        # The tables' writes: grouped into one commit per tick, in one thread.
        recorder = store.group_commit = GroupCommit(store.engine,
                                                    niceness=settings.recorder.niceness)
        room = Room(store, self.clock, bot_delay=self.bot_delay,
                    pause_between_hands=self.pause_between_hands, seed=self.seed,
                    clock_settings=settings.clock)
        tournaments = TournamentRoom(
            room.clock, bot_delay=self.bot_delay, pause_between_hands=self.pause_between_hands,
            seed=self.seed, store=TournamentStore(store.engine))
        live = LiveRoom(room.clock, store=LiveStore(store.engine), seed=self.seed)
        dealer = DealerRoom(room.clock, store=DealerStore(store.engine))
        room.metrics = tournaments.metrics = metrics = services.metrics  # their owners count
        resources = Registry({"table": room, "tournament": tournaments, "live": live,
                              "dealer": dealer})
        if cluster is None:
            restored = resources.restore()
            for note in restored:
                LOG.info("restored %s", note)
        else:  # a worker of many: what it holds the lease of, now and as others go
            resources.join(cluster)
            store.fencing = cluster.fencing
            assert tournaments.store is not None and live.store is not None
            assert dealer.store is not None
            tournaments.store.fencing = live.store.fencing = cluster.fencing
            dealer.store.fencing = cluster.fencing
            restored = await cluster.start()
        # The bots' equity kernels load in a thread when a bot first plays, not in a
        # bot's decision (which would stall every table for a few seconds), and not at
        # all in a room without bots (bots/odds.py request_warm).  The heap is settled
        # from now on (operations/heap.py).
        expect_warm(on_demand=True)  # the bots wait for it (actors/driver.py)
        heap = HeapFreeze(asyncio.get_running_loop()) if self.freeze_heap else None
        if heap is not None:
            heap.start()
        expiry = Expiry(settings.quotas, clock=room.clock, room=room,
                        tournaments=tournaments, live=live, dealer=dealer)
        state = RoomState(services=services, tables=room, tournaments=tournaments, live=live,
                          dealer=dealer,
                          resources=resources, group_commit=recorder, expiry=expiry,
                          restored=tuple(restored))
        app.state.room_state = state
        for name, field in STATE_NAMES.items():
            setattr(app.state, name, getattr(state, field))
        sweeper = asyncio.get_running_loop().create_task(expiry.run(), name="expiry")
        lag = asyncio.get_running_loop().create_task(
            metrics.watch_loop(settings.metrics.lag_interval_seconds), name="loop-lag")
        try:
            yield
        finally:
            withdraw_warm()  # a warm-up no bot asked for: this process's bots need not wait
            for task in (lag, sweeper):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if cluster is not None:
                await cluster.stop()
            await resources.close()
            recorder.close()  # what the tables wrote last is stored before the end
            done = recorder.stats
            LOG.info("group commit: %d commits of %d writes' units, largest %d, %d failed "
                     "and committed one by one, %.1f s committing", done.groups, done.units,
                     done.largest, done.failed_groups, done.seconds,
                     extra={"event": "recorder", "commits": done.groups, "units": done.units})
            store.group_commit = None
            store.close()
            if heap is not None:
                heap.thaw()
