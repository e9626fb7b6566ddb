"""P3: levels by the clock, taking effect at each table's next hand; the 90-second
push hold before a level change or a break; breaks; time passed in from outside."""

from __future__ import annotations

import pytest

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament import Break, Clock, Level
from pokerroom.tournament.events import (
    BreakEnded,
    BreakStarted,
    LevelStarted,
    PushHoldStarted,
)
from tests.tournament.conftest import play, tournament

SCHEDULE = (Level(600, 5, 10), Level(600, 10, 20), Break(300, (5,)), Level(600, 25, 50))


def test_P3_clock_moves_only_when_told() -> None:
    clock = Clock(SCHEDULE)
    assert clock.advance(100) == []  # not started
    assert clock.start() == [LevelStarted(1)]
    assert clock.level_number == 1 and clock.time_left == 600
    clock.advance(599)
    assert clock.level_number == 1 and clock.time_left == 1
    assert clock.advance(1) == [LevelStarted(2)]
    assert clock.level_number == 2


def test_P3_push_hold_90_seconds_before_a_level_change_or_break() -> None:
    clock = Clock(SCHEDULE)
    clock.start()
    assert clock.advance(509) == []
    assert not clock.push_held
    assert clock.advance(2) == [PushHoldStarted(90, "level")]
    assert clock.push_held
    clock.advance(89)  # level 2 starts
    assert not clock.push_held
    events = clock.advance(520)
    assert events == [PushHoldStarted(90, "break")]
    assert clock.push_held


def test_P3_breaks_and_color_up_events() -> None:
    clock = Clock(SCHEDULE)
    clock.start()
    assert clock.advance(1200) == [PushHoldStarted(90, "level"), LevelStarted(2),
                                   PushHoldStarted(90, "break"), BreakStarted(300, (5,))]
    assert clock.on_break and clock.level_number == 2 and clock.time_left == 300
    assert clock.advance(300) == [BreakEnded(), LevelStarted(3)]
    assert not clock.on_break and clock.level_number == 3
    assert clock.time_left is None  # the last level goes on
    clock.advance(10_000)
    assert clock.level_number == 3


def test_P3_pause_and_set() -> None:
    clock = Clock(SCHEDULE)
    clock.start()
    with pytest.raises(IllegalActionError, match="already running") as refused:
        clock.start()
    assert refused.value.reason is Reason.CLOCK_RUNNING
    clock.pause()
    assert clock.advance(1000) == []
    clock.resume()
    clock.set_elapsed(650)
    assert clock.level_number == 2
    with pytest.raises(ConfigError):
        clock.set_elapsed(10)
    with pytest.raises(ConfigError):
        clock.advance(-1)


def test_P3_a_hand_in_progress_finishes_at_the_old_level() -> None:
    """The level changes during a hand: that hand keeps 5/10; the table's next hand
    is dealt at 10/20."""
    t = tournament(9)
    t.start()
    hand = t.start_hand(1)
    assert hand.config.blinds.count(10) == 1
    assert t.advance(600)[-1] == LevelStarted(2)
    play(hand)
    assert max(hand.config.blinds) == 10
    t.finish_hand(1)
    hand = t.start_hand(1)
    assert sorted(b for b in hand.config.blinds if b) == [10, 20]


def test_P3_no_new_hand_on_a_break() -> None:
    t = tournament(9)
    t.start()
    t.advance(1800)  # levels 1-3 done: the break
    assert t.clock.on_break
    with pytest.raises(IllegalActionError) as e:
        t.start_hand(1)
    assert e.value.reason == "on_break"
    t.advance(300)
    t.start_hand(1)
