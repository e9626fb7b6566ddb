"""Colouring up (P9): the chip denominations in play and the chip races owed.

A break that colours up takes its chips out of play; every table then races
them off between hands (at once when idle, otherwise when its hand ends, or before
it deals again if a hand ran past the end of the break).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.tournament.cashier import Cashier
from pokerroom.tournament.chip_race import race_at_table
from pokerroom.tournament.events import ChipRaceHeld, FloorEvent
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.roster import Roster


class ColorUp:
    """The chips in play at the tables of ``floor`` and the races owed there; a race's
    change goes to ``cashier``'s count, its winners are entries of ``roster``."""

    def __init__(self, chips: Sequence[int], *, floor: Floor, roster: Roster,
                 cashier: Cashier, rng: random.Random) -> None:
        self.chips_in_play = list(chips)  # denominations, smallest first
        self.due: dict[int, tuple[int, ...]] = {}  # table -> chips it still races off
        self.floor = floor
        self.roster = roster
        self.cashier = cashier
        self.rng = rng

    @property
    def chip_unit(self) -> int:
        """The smallest chip in play: every bet and prize is a multiple of it."""
        return self.chips_in_play[0]

    def owed(self, table: int) -> bool:
        """True while ``table`` still owes a chip race."""
        return table in self.due

    def break_started(self, color_up: Sequence[int]) -> list[FloorEvent]:
        """A break removes the chips ``color_up``: every table owes a race, the idle
        ones hold it now."""
        removed = tuple(c for c in self.chips_in_play if c in color_up)
        self.chips_in_play = [c for c in self.chips_in_play if c not in color_up]
        for n in self.floor.tables:
            self.due[n] = removed
        out: list[FloorEvent] = []
        for n in list(self.due):
            if self.floor.idle(n):
                out.extend(self.race(n))
        return out

    def race(self, table: int) -> list[FloorEvent]:
        """P9: the chip race at ``table`` (between hands), if it owes one."""
        removed = self.due.pop(table, ())
        if not removed or table not in self.floor.tables:
            return []
        at = self.floor.tables[table]
        race = race_at_table(at, removed=removed, smallest=self.chip_unit, rng=self.rng)
        at.chip_unit = self.chip_unit  # S10: odd chips now split by the new smallest
        self.cashier.put_in(race.change)
        won = tuple(self.roster.by_label[name].number for name in race.winners)
        return [ChipRaceHeld(table, removed, self.chip_unit, won, race.change)]

    def catch_up(self, *, on_break: bool) -> list[FloorEvent]:
        """After a change on the floor: broken tables owe nothing; on a break, the idle
        tables that owe a race hold it."""
        events: list[FloorEvent] = []
        for n in list(self.due):
            if n not in self.floor.tables:
                del self.due[n]
            elif on_break and self.floor.idle(n):
                events.extend(self.race(n))
        return events
