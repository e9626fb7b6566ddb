"""Deal suggestions in the room: computed off the event loop, with a time limit,
remembered per chip state (issue 22).

A tournament's or live event's task reads a :class:`~pokerroom.tournament.icm.DealQuestion`
(stacks, prizes, the amount kept for the winner) in an instant; :class:`DealDesk`
answers it in its own small pool of threads, so the tables keep dealing while it
works.  The answer is kept in a bounded LRU cache keyed by the question: the same
chips and prizes are answered at once.  At most one question per event is worked on
at a time (another one for the same event while it runs is refused), and at most
:attr:`DealLimits.workers` in all; a question not answered within
:attr:`DealLimits.seconds` is refused (503, ``deal_too_slow``) and changes nothing
(it finishes in the background and fills the cache).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from pokerroom.server.wire.reasons import WireReason
from pokerroom.tournament.icm import DealQuestion, DealSuggestion
from pokerroom.tournament.icm_race import warm

TOO_SLOW = WireReason.DEAL_TOO_SLOW
"""The wire reason of a suggestion not ready within ``deals.seconds`` (503)."""
BUSY = WireReason.DEAL_BUSY
"""The wire reason of a suggestion refused because others are being computed (503)."""


@dataclass(frozen=True, kw_only=True)
class DealLimits:
    """Deal suggestions (ICM): off the event loop, with a time limit, cached."""

    seconds: float = 5.0
    """A deal suggestion not computed within this long is answered 503 (deal_too_slow)."""
    workers: int = 2
    """Deal suggestions computed at once in the whole room (one per event at most)."""
    cached: int = 256
    """Deal suggestions remembered (by stacks, prizes and amount kept for the winner)."""


class DealRefused(Exception):
    """A suggestion not given: ``reason`` is :data:`TOO_SLOW` or :data:`BUSY`."""

    def __init__(self, reason: WireReason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class DealDesk:
    """Answers deal questions in worker threads (see the module)."""

    def __init__(self, limits: DealLimits) -> None:
        self.limits = limits
        self._pool = ThreadPoolExecutor(max_workers=max(1, limits.workers),
                                        thread_name_prefix="deals")
        self._lock = threading.Lock()
        self._cache: OrderedDict[DealQuestion, DealSuggestion] = OrderedDict()
        self._running: dict[str, tuple[DealQuestion, Future[DealSuggestion]]] = {}
        # Numba compiles the race's kernel once per install (seconds; cached on disk
        # after), and loading it costs a room about half a second of CPU: done in a
        # worker when the first question comes, outside that question's time limit (a
        # room where nobody asks never loads it).
        self._warmed: Future[None] | None = None

    def _warm_up(self) -> Future[None]:
        """The kernel's loading, started at the first call."""
        with self._lock:
            if self._warmed is None:
                self._warmed = self._pool.submit(warm)
            return self._warmed

    def cached(self, question: DealQuestion) -> DealSuggestion | None:
        """The remembered answer to ``question``, if any."""
        with self._lock:
            answer = self._cache.get(question)
            if answer is not None:
                self._cache.move_to_end(question)
            return answer

    def _remember(self, question: DealQuestion, answer: DealSuggestion) -> None:
        with self._lock:
            self._cache[question] = answer
            self._cache.move_to_end(question)
            while len(self._cache) > self.limits.cached:
                self._cache.popitem(last=False)

    def _start(self, event: str, question: DealQuestion) -> Future[DealSuggestion]:
        with self._lock:
            running = self._running.get(event)
            if running is not None:
                if running[0] == question:  # the same question again: wait for it
                    return running[1]
                raise DealRefused(BUSY, "a deal suggestion for this event is being "
                                  "computed: ask again when it is done")
            if len(self._running) >= max(1, self.limits.workers):
                raise DealRefused(BUSY, f"{len(self._running)} deal suggestions are being "
                                  f"computed (deals.workers): ask again in a moment")
            future = self._pool.submit(question.answer)
            self._running[event] = (question, future)

        def done(f: Future[DealSuggestion]) -> None:
            with self._lock:
                if self._running.get(event, (None, None))[1] is f:
                    del self._running[event]
            if not f.cancelled() and f.exception() is None:
                self._remember(question, f.result())

        future.add_done_callback(done)
        return future

    async def answer(self, event: str, question: DealQuestion) -> DealSuggestion:
        """The suggestion for ``question`` asked for ``event`` (a tournament's or live
        event's id): from the cache, or computed in a worker thread within
        ``seconds`` (after the kernel's loading, the first time); :class:`DealRefused`
        otherwise."""
        answer = self.cached(question)
        if answer is not None:
            return answer
        with contextlib.suppress(Exception):  # a failed warm-up: the question loads it
            await asyncio.wrap_future(self._warm_up())
        future = self._start(event, question)
        try:
            return await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)),
                                          self.limits.seconds)
        except TimeoutError:
            raise DealRefused(TOO_SLOW, f"the deal suggestion took longer than "
                              f"{self.limits.seconds:g} s (deals.seconds); nothing was "
                              "changed") from None

    def close(self) -> None:
        """Stop taking work (what runs finishes in its thread)."""
        self._pool.shutdown(wait=False, cancel_futures=True)

