"""The tournament clock, driven from outside (P3, P5).

The library never reads the time: the room calls :meth:`Clock.advance` with the
seconds that passed.  The clock says which level or break it is in; tables take
a new level at their next hand (P3, the tournament does that).  During
hand-for-hand play real time does not run the clock: each hand takes a fixed
run-off (:meth:`Clock.run_off`, P5), and blinds go up as that reaches new levels.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.events import (
    BreakEnded,
    BreakStarted,
    FloorEvent,
    LevelStarted,
    PushHoldStarted,
)
from pokerroom.tournament.structure import Break, Level, Period


class Clock:
    """Time on the tournament clock, in seconds since the first level started."""

    def __init__(self, schedule: Sequence[Period], *, push_hold_seconds: float = 90) -> None:
        if not schedule or not isinstance(schedule[0], Level):
            raise ConfigError("a clock needs a schedule that starts with a level")
        self.schedule = tuple(schedule)
        self.push_hold_seconds = push_hold_seconds
        self.starts: list[float] = []
        t = 0.0
        for p in self.schedule:
            self.starts.append(t)
            t += p.seconds
        self.end = t
        self.elapsed = 0.0
        self.running = False
        self.hand_for_hand = False
        self._numbers: list[int] = []
        n = 0
        for p in self.schedule:
            if isinstance(p, Level):
                n += 1
            self._numbers.append(n)

    # ----------------------------------------------------------- reading

    @property
    def index(self) -> int:
        """The period of the schedule the clock is in (past the end: the last level)."""
        if self.elapsed >= self.end:
            return max(i for i, p in enumerate(self.schedule) if isinstance(p, Level))
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:  # the last start at or before elapsed
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= self.elapsed:
                lo = mid
            else:
                hi = mid - 1
        return lo

    @property
    def period(self) -> Period:
        """The level or break in play."""
        return self.schedule[self.index]

    @property
    def on_break(self) -> bool:
        """True during a break."""
        return isinstance(self.period, Break)

    @property
    def level_number(self) -> int:
        """The current level, or on a break the level before it."""
        return self._numbers[self.index]

    @property
    def time_left(self) -> float | None:
        """Seconds to the end of this period; None in the last level, which goes on."""
        i = self.index
        last = i == len(self.schedule) - 1 and isinstance(self.schedule[i], Level)
        if self.elapsed >= self.end or last:
            return None
        return self.starts[i] + self.schedule[i].seconds - self.elapsed

    @property
    def next_period(self) -> Period | None:
        """The level or break that comes next; None after the last one."""
        i = self.index
        if self.elapsed >= self.end or i + 1 >= len(self.schedule):
            return None
        return self.schedule[i + 1]

    @property
    def push_held(self) -> bool:
        """P3: within the hold before a level change or a break, dealers hold the push."""
        left = self.time_left
        return (
            left is not None and not self.on_break and self.next_period is not None
            and left <= self.push_hold_seconds
        )

    def level_start(self, number: int) -> float:
        """Clock time at which level ``number`` starts."""
        for i, n in enumerate(self._numbers):
            if n == number and isinstance(self.schedule[i], Level):
                return self.starts[i]
        raise ConfigError(f"the schedule has no level {number}")

    # ----------------------------------------------------------- running

    def start(self) -> list[FloorEvent]:
        """Start the clock at the first level; refused if it is already running."""
        if self.running:
            raise IllegalActionError(Reason.CLOCK_RUNNING, "the clock is already running")
        self.running = True
        return [LevelStarted(1)] if self.elapsed == 0 else []

    def pause(self) -> None:
        """Stop the clock: :meth:`advance` counts no time until :meth:`resume`."""
        self.running = False

    def resume(self) -> None:
        """Run the clock again after :meth:`pause`."""
        self.running = True

    def advance(self, seconds: float) -> list[FloorEvent]:
        """Real time passed.  Paused, or in hand-for-hand outside a break, the clock
        stands still (P5)."""
        if seconds < 0:
            raise ConfigError(f"time only moves forward, got {seconds} seconds")
        if not self.running:
            return []
        if self.hand_for_hand:
            if not self.on_break:
                return []
            left = self.time_left
            assert left is not None
            seconds = min(seconds, left)  # after the break, hands run the clock again
        return self._move(seconds)

    def run_off(self, seconds: float) -> list[FloorEvent]:
        """P5: one hand-for-hand hand takes ``seconds`` off the clock; a break is never
        eaten by hands, so the run-off stops where a break begins."""
        if seconds < 0:
            raise ConfigError(f"the run-off cannot be negative, got {seconds}")
        if self.on_break:
            return []
        target = self.elapsed + seconds
        i = self.index
        for j in range(i + 1, len(self.schedule)):
            if self.starts[j] > target:
                break
            if isinstance(self.schedule[j], Break):
                target = self.starts[j]
                break
        return self._move(target - self.elapsed)

    def set_elapsed(self, elapsed: float) -> list[FloorEvent]:
        """The director sets the clock (forward only)."""
        if elapsed < self.elapsed:
            raise ConfigError("the clock is only set forward")
        return self._move(elapsed - self.elapsed)

    def _move(self, seconds: float) -> list[FloorEvent]:
        events: list[FloorEvent] = []
        before = self.elapsed
        after = before + seconds
        hold = self.push_hold_seconds
        for j in range(1, len(self.schedule)):
            start = self.starts[j]
            if hold and before < start - hold <= after and before < start:
                prev = self.schedule[j - 1]
                if isinstance(prev, Level):
                    kind = "break" if isinstance(self.schedule[j], Break) else "level"
                    events.append(PushHoldStarted(start - max(before, start - hold), kind))
            if before < start <= after:
                p = self.schedule[j]
                if isinstance(self.schedule[j - 1], Break):
                    events.append(BreakEnded())
                if isinstance(p, Break):
                    events.append(BreakStarted(p.seconds, p.color_up))
                else:
                    events.append(LevelStarted(self._numbers[j]))
        if before < self.end <= after and isinstance(self.schedule[-1], Break):
            events.append(BreakEnded())
        self.elapsed = after
        return events
