"""The room's heap and CPython's garbage collector: long-lived objects frozen out of
the collector's full passes, so that no full pass stops the event loop for long.

A full pass of the collector reads every object it tracks, with the event loop
stopped: the modules and the bots' kernels that start-up made (some 200,000
objects), then every table, connection and scene the room holds, 0.1-0.3 s of CPU
at 200 tables, the room's worst latencies at people's pace (``bench/bench_server.py
--think``).  Almost all of those objects live as long as their table or connection,
and a cycle among them becomes garbage only when one ends.  So :class:`HeapFreeze`

- freezes what start-up made (:func:`gc.freeze`: the collector's passes skip it);
  the bots' kernels, loaded when bots first play, are frozen at the next settling;
- every :attr:`~HeapFreeze.settle_seconds` (60 s) collects the young generations
  and freezes what survived them: what the room made meanwhile and keeps.  The
  full passes the collector runs by itself then read only what reached the oldest
  generation since, a few milliseconds;
- every :attr:`~HeapFreeze.full_seconds` (an hour) thaws everything and runs one
  full pass, so that a cycle left by a closed table or a dropped connection is
  collected within the hour (one stop of 0.1-0.3 s an hour, not one a few
  minutes), then freezes again;
- runs the youngest generation's pass after :data:`YOUNG_THRESHOLD` (10,000) new
  objects instead of CPython's 700: a room makes and drops thousands of small
  objects per action (states, deltas, messages), and at 700 the collector ran about
  18 times a second under ``bench/bench_server.py``, 1 ms each with the older
  generations' passes it brought, some 3% of the worker's CPU; at 10,000 it runs
  about once in two seconds, 2-3 ms each.  The older generations keep CPython's
  pace (every 10 younger passes), so a cycle that dies young is still collected
  within seconds.

An object frozen is still freed the moment nothing refers to it (reference
counting); only garbage cycles among frozen objects wait for the hourly pass.
Thawed at shutdown.

Only a room that owns its process paces the collector: ``create_app(...,
freeze_heap=True)``, as ``pokerroom serve`` makes it.  A room inside another program,
or one of the many rooms a test process runs one after another, leaves the collector
alone: its first freeze is a full collection of everything the process holds (0.15 to
0.3 s in a test process, at every start).
"""

from __future__ import annotations

import asyncio
import gc

__all__ = ["YOUNG_THRESHOLD", "HeapFreeze"]

YOUNG_THRESHOLD = 10_000
"""Objects made (less those freed) between two passes of the youngest generation."""


class HeapFreeze:
    """The room's pacing of the garbage collector (the module's docstring), on ``loop``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, *, settle_seconds: float = 60.0,
                 full_seconds: float = 3600.0) -> None:
        self.loop = loop
        self.settle_seconds = settle_seconds
        self.full_seconds = full_seconds
        self.stopped = False
        self.settled = 0
        """Times the survivors of the young generations were frozen."""
        self.full_passes = 0
        """Times everything was thawed and collected (the hourly full pass)."""
        self._since_full = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._thresholds: tuple[int, int, int] | None = None  # CPython's, given back at thaw

    def start(self) -> None:
        """On the event loop: the garbage of start-up collected, the rest frozen, and
        the settling every :attr:`settle_seconds` begins."""
        if self.stopped or self._timer is not None:
            return
        gc.collect()
        gc.freeze()
        self._thresholds = gc.get_threshold()
        _, middle, oldest = self._thresholds
        gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
        self._timer = self.loop.call_later(self.settle_seconds, self._settle)

    def _settle(self) -> None:
        if self.stopped:
            return
        self._since_full += self.settle_seconds
        if self._since_full >= self.full_seconds:
            self._since_full = 0.0
            gc.unfreeze()
            gc.collect()
            self.full_passes += 1
        else:
            gc.collect(1)
        gc.freeze()
        self.settled += 1
        self._timer = self.loop.call_later(self.settle_seconds, self._settle)

    def thaw(self) -> None:
        """On the event loop, at shutdown: no more settling, everything thawed."""
        self.stopped = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        gc.unfreeze()
