"""How an owner (a table's actor, a tournament's director) waits for its next step:
the clock's timer is armed only when none armed already fires by then, so a table
whose every action moves its deadline later does not make and cancel a timer per
action; a timer that fires early only makes the owner look again.  On the room's
fake clock, with an owner whose only step is "the deadline passed"."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.actors.owner import TaskOwner


class CountingClock(FakeClock):
    """The fake clock, counting the timers armed and cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = 0
        self.cancelled = 0

    def wake_after(self, seconds: float, callback: Callable[[], None]) -> Callable[[], None]:
        self.armed += 1
        cancel = super().wake_after(seconds, callback)

        def counted() -> None:
            self.cancelled += 1
            cancel()

        return counted


class Deadline(TaskOwner):
    """An owner with one deadline, moved by its requests; its step records when the
    deadline passed."""

    def __init__(self, clock: CountingClock, deadline: float) -> None:
        super().__init__("deadline")
        self.clock = clock
        self.deadline = deadline
        self.steps = 0
        self.expired: list[float] = []

    def _step(self) -> bool:
        self.steps += 1
        if self.clock.now() >= self.deadline:
            self.expired.append(self.clock.now())
            self.deadline = float("inf")
            return True
        return False

    def _next_wakeup(self) -> float | None:
        if self.deadline == float("inf"):
            return None
        return self.deadline - self.clock.now()

    def _publish(self) -> None:
        pass

    def _recover(self) -> None:
        pass


async def _turns(clock: CountingClock, owner: Deadline, moves: list[tuple[float, float]]) -> None:
    """Per move: the clock advances, then a request sets the deadline that far ahead."""
    for advance, ahead in moves:
        clock.advance(advance)

        def move(ahead: float = ahead) -> None:
            owner.deadline = clock.now() + ahead

        await owner.submit(move)
    for _ in range(3):
        await asyncio.sleep(0)


def test_deadlines_moved_later_by_every_request_arm_one_timer() -> None:
    """Thirty requests a second apart, each moving a 30-second deadline: one timer
    (armed at the start) until it fires; then the owner looks, finds the deadline not
    passed yet and arms one more, for the deadline the last request set, and its step
    runs then, not before."""

    async def run() -> tuple[int, int, list[float], float]:
        clock = CountingClock()
        start = clock.now()
        owner = Deadline(clock, start + 30)
        owner.start_task()
        await _turns(clock, owner, [(1.0, 30.0)] * 29)
        armed_before = clock.armed
        clock.advance(1.0)  # 30 s after the start: the first timer fires, nothing is due
        await _turns(clock, owner, [])
        last = start + 29 + 30  # the deadline the last request set
        clock.advance(last - clock.now() - 0.5)
        await _turns(clock, owner, [])
        early = list(owner.expired)
        clock.advance(0.5)
        await _turns(clock, owner, [])
        await owner.stop()
        assert not early, early
        return armed_before, clock.armed, owner.expired, last

    armed_before, armed, expired, last = asyncio.run(run())
    assert armed_before == 1
    assert armed == 2
    assert expired == [last]


def test_a_deadline_moved_earlier_arms_a_timer_for_it() -> None:
    """A request that brings the deadline nearer (a bot's move due in a second, where a
    player's clock had 30 seconds) cancels the timer armed for later and arms one for
    the nearer time: the step runs at that second."""

    async def run() -> tuple[list[float], float, int]:
        clock = CountingClock()
        owner = Deadline(clock, clock.now() + 30)
        owner.start_task()
        await _turns(clock, owner, [(0.0, 30.0), (2.0, 1.0)])
        due = clock.now() + 1.0
        clock.advance(1.0)
        await _turns(clock, owner, [])
        await owner.stop()
        return owner.expired, due, clock.cancelled

    expired, due, cancelled = asyncio.run(run())
    assert expired == [due]
    assert cancelled == 1


def test_a_stopped_owner_leaves_no_timer_armed() -> None:
    async def run() -> int:
        clock = CountingClock()
        owner = Deadline(clock, clock.now() + 30)
        owner.start_task()
        await _turns(clock, owner, [(1.0, 30.0)])
        await owner.stop()
        return len(clock._sleepers)

    assert asyncio.run(run()) == 0
