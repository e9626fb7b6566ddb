"""Time for the server: the real clock, or a fake one that tests move by hand."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...

    def wake_after(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` on the event loop after ``seconds``; returns what cancels
        it (an owner waiting for a request or its next step, without a task for it)."""


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))

    def wake_after(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        return asyncio.get_running_loop().call_later(max(0.0, seconds), callback).cancel


class FakeClock:
    """Time stands still until :meth:`advance` moves it; sleepers wake in order."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sleepers.append((self._now + seconds, future))
        try:
            await future
        finally:
            self._sleepers = [(t, f) for t, f in self._sleepers if f is not future]

    def wake_after(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda f: None if f.cancelled() else callback())
        self._sleepers.append((self._now + max(0.0, seconds), future))

        def cancel() -> None:
            future.cancel()
            self._sleepers = [(t, f) for t, f in self._sleepers if f is not future]

        return cancel

    def advance(self, seconds: float) -> None:
        self._now += seconds
        for when, future in list(self._sleepers):
            if when <= self._now and not future.done():
                future.set_result(None)
