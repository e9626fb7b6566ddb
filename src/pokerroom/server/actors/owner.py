"""One asyncio task owns a piece of the room (a cash table, a tournament): requests
are functions queued to its inbox and run in order, between its own steps."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, TypeVar

from pokerroom.errors import PokerError
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.group_commit import Journal
from pokerroom.server.cluster.leases import LeaseLost
from pokerroom.server.operations.logs import LOG
from pokerroom.server.operations.metrics import UNCOUNTED, RoomMetrics
from pokerroom.server.wire.sockets import Mailbox

T = TypeVar("T")


_DROPPING: set[asyncio.Task[None]] = set()


def give_up_when_lost(owner: TaskOwner, drop: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """When ``owner`` finds its lease gone, run ``drop`` (the room forgets it and
    tells its connections where to go) in a task of its own."""

    def lost() -> None:
        task = asyncio.get_running_loop().create_task(drop())
        _DROPPING.add(task)
        task.add_done_callback(_DROPPING.discard)

    owner.on_lost = lost


async def hand_over(owner: TaskOwner | None, connections: Iterable[Mailbox],
                    message: dict[str, Any]) -> None:
    """Another worker serves ``owner``'s resource now: stop it here (it writes nothing
    more) and send each of its ``connections`` ``message`` (where to go), closing it."""
    if owner is not None:
        await owner.stop()
        for box in list(connections):
            box.push_final(message)


class TaskOwner:
    """The run loop shared by table actors and tournament directors.

    Subclasses provide ``_step`` (do what is due; True when anything changed),
    ``_next_wakeup`` (seconds until something is due, or None), ``_publish`` and
    ``_recover`` (after an internal error); ``_after_request`` and
    ``_request_failed`` are hooks around each request.

    An owner with a journal (``_open_journal``: the worker's group commit,
    :mod:`pokerroom.server.actors.group_commit`) commits what each request wrote before
    it answers it, and what each step wrote before it publishes; its task waits for
    the commit, the event loop does not.
    """

    clock: Clock

    def __init__(self, task_name: str) -> None:
        self._task_name = task_name
        # Requests waiting, in order; the task waits on ``_wakeup`` (a future, set by a
        # request or by the clock) instead of a task per wait.
        self.inbox: deque[tuple[Callable[[], Any], asyncio.Future[Any]]] = deque()
        self._wakeup: asyncio.Future[None] | None = None
        # The clock's one armed timer (see _idle): when it fires (by the clock's time),
        # and what cancels it.
        self._alarm_at: float | None = None
        self._alarm_cancel: Callable[[], None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        # A worker of a room on many processes: called once when a write is refused
        # because another worker holds the lease now (the owner stops at once).
        self.on_lost: Callable[[], None] | None = None
        self.lost: LeaseLost | None = None
        # Requests ran since the last publish: published after the next step, once,
        # with what the step does in answer (a new turn's clock, a bot's move).
        self._unpublished = False
        self.metrics: RoomMetrics = UNCOUNTED  # the room's: set by the room that starts it
        self._journal: Journal | None = None  # while the task runs (see _open_journal)

    # hooks --------------------------------------------------------------

    def _step(self) -> bool:
        raise NotImplementedError

    def _next_wakeup(self) -> float | None:
        raise NotImplementedError

    def _publish(self) -> None:
        raise NotImplementedError

    def _recover(self) -> None:
        raise NotImplementedError

    def _after_request(self) -> None:
        """Called after each request that succeeded."""

    def _request_failed(self) -> None:
        """Called after each request that raised."""

    def _request_broke(self) -> None:
        """Called after a request raised something other than a refusal (a
        :class:`~pokerroom.errors.PokerError`): a failed write, a bug."""

    def _before_request(self) -> None:
        """Called before each request; raising refuses it."""

    def _open_journal(self) -> Journal | None:
        """Where the owner's writes wait for the group commit while its task runs
        (None: each write commits at once)."""
        return None

    # running ------------------------------------------------------------

    def start_task(self) -> None:
        if self._task is None:
            loop = asyncio.get_running_loop()
            self._task = loop.create_task(self._run(), name=self._task_name)

    async def stop(self) -> None:
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def submit(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` inside the owner, in order with everything else; return its result."""
        if self.lost is not None:
            raise self.lost
        future: asyncio.Future[T] = self._running_loop().create_future()
        self.inbox.append((fn, future))
        self._wake()
        return await future

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The loop the owner's task runs on (else the running one): asked of the
        task, as asyncio.get_running_loop() makes a system call (getpid) on Python
        3.11, once or twice per request."""
        task = self._task
        return asyncio.get_running_loop() if task is None else task.get_loop()

    def _wake(self) -> None:
        """Wake the task if it waits (a request came, or its next step is due)."""
        wakeup = self._wakeup
        if wakeup is not None and not wakeup.done():
            wakeup.set_result(None)

    async def _idle(self, wait: float | None) -> None:
        """Wait for a request, or ``wait`` seconds (None: only for a request): one
        future, and the clock's timer only when none is armed to fire by then.  A timer
        armed earlier that fires before ``wait`` is over is kept (the owner wakes, finds
        nothing due and waits again): an action moves the next deadline later every
        time, so a timer is not made and cancelled for each one."""
        if wait is not None:
            due = self.clock.now() + wait
            if self._alarm_at is None or self._alarm_at > due:
                self._disarm()
                self._alarm_at = due
                self._alarm_cancel = self.clock.wake_after(wait, self._alarm)
        self._wakeup = self._running_loop().create_future()
        try:
            await self._wakeup
        finally:
            self._wakeup = None

    def _alarm(self) -> None:
        self._alarm_at = self._alarm_cancel = None
        self._wake()

    def _disarm(self) -> None:
        cancel, self._alarm_at, self._alarm_cancel = self._alarm_cancel, None, None
        if cancel is not None:
            cancel()

    def _lose(self, exc: LeaseLost) -> None:
        """The lease is gone: stop here, publish nothing more, refuse every request
        waiting, let the room give the resource up (its connections are told where to
        go)."""
        if self.lost is not None:
            return
        self.lost, self._stopping = exc, True
        LOG.warning("%s: a write was refused, another worker holds the lease now: given up "
                    "here", self._task_name, extra={"event": "lease_lost"})
        while self.inbox:
            _fn, future = self.inbox.popleft()
            if not future.done():
                future.set_exception(exc)
        if self.on_lost is not None:
            self.on_lost()

    async def _run(self) -> None:
        self._journal = self._open_journal()
        try:
            await self._loop()
        finally:
            self._disarm()
            if self._journal is not None:
                self._journal.close()
                self._journal = None

    async def _loop(self) -> None:
        while not self._stopping:
            try:
                changed = self._step()
            except LeaseLost as exc:
                self._lose(exc)
                return
            except Exception:  # a bug must not take the table or event down
                try:
                    self._recover()
                except LeaseLost as exc:  # the repair found the lease gone
                    self._lose(exc)
                    return
                changed = True
            if not await self._settle():
                return
            if changed or self._unpublished:
                self._unpublished = False
                self._publish()
            wait = self._next_wakeup()
            if wait is not None and wait <= 0:
                await asyncio.sleep(0)  # let connections in between bots' actions
            elif not self.inbox:
                await self._idle(wait)
            if self.inbox:
                await self._drain()

    async def _commit(self) -> None:
        """Wait for the commit of what was written since the last one (raises what
        refused it: nothing of it was stored)."""
        journal = self._journal
        if journal is None:
            return
        if self.lost is not None:  # refused anyway: the lease is gone
            journal.discard()
            return
        done = journal.commit()
        if done is not None:
            try:
                await asyncio.shield(done)
            except asyncio.CancelledError:  # stopping: the commit goes on, unawaited
                done.add_done_callback(journal.unwaited)
                raise

    async def _settle(self) -> bool:
        """Commit what the last step wrote before it is published; a commit refused
        is repaired as a failed step is.  False when the lease is gone."""
        try:
            await self._commit()
        except LeaseLost as exc:
            self._lose(exc)
            return False
        except Exception:
            try:
                self._recover()
            except LeaseLost as exc:
                self._lose(exc)
                return False
            self._unpublished = True
        return True

    async def _drain(self) -> None:
        """Run every request waiting; their changes are published after the next step
        (once per change, not once for the request and again for what it set off)."""
        while self.inbox:
            await self._handle(*self.inbox.popleft())
        if self.lost is None:
            self._unpublished = True

    async def _handle(self, fn: Callable[[], Any], future: asyncio.Future[Any]) -> None:
        """Run one request, commit what it wrote, then answer it."""
        if self.lost is not None:
            if not future.done():
                future.set_exception(self.lost)
            return
        try:
            self._before_request()
            result = fn()
            self._after_request()
        except Exception as exc:  # delivered to the caller, never kills the owner
            if isinstance(exc, LeaseLost):
                self._lose(exc)
            self._request_failed()
            await self._broke(exc, future)
            return
        try:
            await self._commit()
        except asyncio.CancelledError:  # stopping: answered when the commit lands
            self._answer_later(future, result)
            raise
        except Exception as exc:
            if isinstance(exc, LeaseLost):
                self._lose(exc)
            self._request_failed()
            await self._broke(exc, future)
            return
        if not future.done():
            future.set_result(result)

    async def _broke(self, exc: Exception, future: asyncio.Future[Any]) -> None:
        """A request failed (``exc``): what landed before it is committed (as each write
        did at once before), a failure other than a refusal (a
        :class:`~pokerroom.errors.PokerError`) is repaired, and the caller hears of
        ``exc``, whatever the repair does."""
        try:
            try:
                await self._commit()
            except LeaseLost:
                raise
            except Exception:  # memory is ahead of the database now: repaired below
                stored = False
            else:
                stored = True
            if not (stored and isinstance(exc, PokerError)):
                self._request_broke()
        except LeaseLost as lost:  # the repair found the lease gone
            self._lose(lost)
        except Exception:  # the caller hears of the first error, not this one
            pass
        if not future.done():
            future.set_exception(exc)

    def _answer_later(self, future: asyncio.Future[Any], result: Any) -> None:
        """The owner stops while a request's commit is in flight: answer it when the
        commit is done (or failed)."""
        journal = self._journal
        pending = journal.in_flight if journal is not None else None

        def answer(done: asyncio.Future[None]) -> None:
            if future.done():
                return
            if done.cancelled() or done.exception() is not None:
                future.set_exception(done.exception() or asyncio.CancelledError())
            else:
                future.set_result(result)

        if pending is None:
            if not future.done():
                future.set_result(result)
        else:
            pending.add_done_callback(answer)
