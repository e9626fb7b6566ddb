"""Structure edits while the event runs (P3): a level's length, blinds or ante changed,
levels and breaks inserted or removed, only ahead of the period in play (never the
past nor the level or break in progress), the levels that end late registration,
rebuys and the add-on following the renumbering.

Functions over an event in play (:class:`EventInPlay`: a
:class:`~pokerroom.tournament.tournament.Tournament`);
:class:`~pokerroom.tournament.live.LiveEvent`'s methods of the same names call them.
Every edit is checked before anything changes; the event then plays on with the new
structure (its ``set_structure``, on the clock :func:`clock_for` makes).
"""

from __future__ import annotations

import dataclasses
from typing import Protocol

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.structure import Break, Level, Period, Structure


class EventInPlay(Protocol):
    """What a structure edit reads of an event and how it hands the new structure over."""

    @property
    def structure(self) -> Structure:
        """The structure in play."""

    @property
    def clock(self) -> Clock:
        """The clock running on it."""

    @property
    def started(self) -> bool:
        """True once the event has started."""

    @property
    def finished(self) -> bool:
        """True once the event is over."""

    def set_structure(self, structure: Structure) -> None:
        """Play on with ``structure`` from now."""


def edit_level(t: EventInPlay, number: int, *, seconds: int | None = None,
               small_blind: int | None = None, big_blind: int | None = None,
               ante: int | None = None) -> None:
    """Change a level that has not ended: its length, blinds or ante."""
    clock = t.clock
    index = [i for i, p in enumerate(clock.schedule) if isinstance(p, Level)]
    if not 1 <= number <= len(index):
        raise ConfigError(f"no level {number}: levels are 1-{len(index)}")
    i = index[number - 1]
    if t.started and i < clock.index:
        raise IllegalActionError(Reason.LEVEL_OVER, f"level {number} is over")
    level = clock.schedule[i]
    assert isinstance(level, Level)
    new = dataclasses.replace(
        level,
        seconds=level.seconds if seconds is None else seconds,
        small_blind=level.small_blind if small_blind is None else small_blind,
        big_blind=level.big_blind if big_blind is None else big_blind,
        ante=level.ante if ante is None else ante,
        big_blind_ante=level.big_blind_ante if ante is None else (
            ante > 0 and (level.big_blind_ante or level.ante == 0)),
    )
    if new.seconds < 60:
        raise ConfigError("a level lasts at least 60 seconds")
    if t.started and i == clock.index and clock.elapsed - clock.starts[i] >= new.seconds:
        raise ConfigError(f"level {number} has run longer than {new.seconds} seconds "
                          "already")
    schedule = list(clock.schedule)
    schedule[i] = new
    t.set_structure(dataclasses.replace(t.structure, schedule=tuple(schedule)))


def insert_period(t: EventInPlay, position: int, period: Period) -> None:
    """Insert a level or a break into the structure at ``position`` (an index of the
    schedule, from 0: it goes before the period there; the schedule's length puts it
    last).  Only ahead of the period in play: never the past nor the level or break
    in progress.  Later level numbers move up one, and so do the structure's levels
    that end late registration, rebuys and the add-on when they come after it."""
    schedule = list(t.clock.schedule)
    if not 0 <= position <= len(schedule):
        raise ConfigError(f"no position {position} in the structure: a new level or "
                          f"break goes at 0-{len(schedule)}")
    _ahead(t, position, "insert")
    if period.seconds < 60:
        kind = "level" if isinstance(period, Level) else "break"
        raise ConfigError(f"a {kind} lasts at least 60 seconds")
    schedule.insert(position, period)
    clock = t.clock
    if t.started and sum(p.seconds for p in schedule[:position]) <= clock.elapsed:
        raise ConfigError(f"level {clock.level_number} has run past its end (the last "
                          "level goes on): a period after it would have begun already; "
                          "lengthen it with edit_level first")
    number = sum(isinstance(p, Level) for p in schedule[:position + 1])
    shift = 1 if isinstance(period, Level) else 0
    t.set_structure(_renumbered(t.structure, tuple(schedule), number, shift))


def remove_period(t: EventInPlay, position: int) -> None:
    """Remove the level or break at ``position`` of the schedule (from 0), only ahead
    of the period in play.  Later level numbers move down one; a level that ended
    late registration, rebuys or the add-on and is removed hands that to the level
    before it."""
    schedule = list(t.clock.schedule)
    if not 0 <= position < len(schedule):
        raise ConfigError(f"no position {position} in the structure: positions are "
                          f"0-{len(schedule) - 1}")
    _ahead(t, position, "remove")
    period = schedule.pop(position)
    if not any(isinstance(p, Level) for p in schedule):
        raise ConfigError("the structure needs at least one level")
    number = sum(isinstance(p, Level) for p in schedule[:position]) + 1
    shift = -1 if isinstance(period, Level) else 0
    t.set_structure(_renumbered(t.structure, tuple(schedule), number, shift))


def clock_for(clock: Clock, old: Structure, structure: Structure, *, started: bool) -> Clock:
    """The clock to run on ``structure`` from now, in place of ``clock`` (running on
    ``old``): at the same time, running or paused, hand-for-hand or not.  Refused
    (ConfigError, nothing changed) when it changes more than the levels and breaks
    (and the levels that end late registration, rebuys and the add-on), or, once
    ``started``, the periods played or which one is in progress."""
    if _fixed(structure) != _fixed(old):
        raise ConfigError("a structure in play changes only its levels and breaks (and "
                          "the levels that end late registration, rebuys and the add-on)")
    new_clock = Clock(structure.schedule, push_hold_seconds=clock.push_hold_seconds)
    new_clock.elapsed, new_clock.running = clock.elapsed, clock.running
    new_clock.hand_for_hand = clock.hand_for_hand
    now = clock.index
    before, after = clock.schedule, structure.schedule
    if started and (new_clock.index != now or after[:now] != before[:now]
                    or type(after[now]) is not type(before[now])):
        raise ConfigError(f"the new structure changes what has been played: the {now} "
                          "levels and breaks before the one in progress stay as they were, "
                          f"and the clock ({int(clock.elapsed)} seconds in) stays in it")
    return new_clock


def _fixed(structure: Structure) -> dict[str, object]:
    """What a structure edit in play leaves as it was: all but the schedule and the
    levels that end late registration, rebuys and the add-on."""
    fixed = dataclasses.asdict(structure)
    del fixed["schedule"], fixed["late_registration_levels"]
    if fixed["rebuy"] is not None:
        del fixed["rebuy"]["last_level"]
    if fixed["add_on"] is not None:
        del fixed["add_on"]["after_level"]
    return fixed


def _ahead(t: EventInPlay, position: int, what: str) -> None:
    """Refuse a structure change at or before the period in play."""
    if t.finished:
        raise IllegalActionError(Reason.NOT_RUNNING, "the event is over")
    clock = t.clock
    if not t.started or position > clock.index:
        return
    now = clock.schedule[clock.index]
    label = (f"the break after level {clock.level_number}" if isinstance(now, Break)
             else f"level {clock.level_number}")
    if what == "insert" and position == clock.index:
        where = f"before {label}, which is in progress"
    elif position == clock.index:
        where = f"{label}, which is in progress"
    else:
        where = "a period that is over"
    raise IllegalActionError(
        Reason.LEVEL_OVER, f"cannot {what} {where}: levels and breaks are inserted and "
        f"removed only after the one in play ({label})")


def _renumbered(structure: Structure, schedule: tuple[Period, ...], number: int,
                shift: int) -> Structure:
    """The structure with ``schedule``, its level numbers that end late registration,
    rebuys and the add-on following a level inserted (``shift`` 1) or removed (-1)
    as level ``number``."""
    def moved(n: int) -> int:
        if shift > 0:
            return n + 1 if n >= number else n
        if shift < 0 and n >= number:
            return max(1, n - 1)
        return n
    rebuy, add_on = structure.rebuy, structure.add_on
    return dataclasses.replace(
        structure, schedule=schedule,
        late_registration_levels=moved(structure.late_registration_levels),
        rebuy=dataclasses.replace(rebuy, last_level=moved(rebuy.last_level))
        if rebuy is not None else None,
        add_on=dataclasses.replace(add_on, after_level=moved(add_on.after_level))
        if add_on is not None else None)
