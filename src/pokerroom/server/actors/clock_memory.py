"""What a table's action clock remembers of a person after they leave (issue #22).

There are no accounts: a person at a table is their name.  Leaving and joining again
used to start a new sitting with a full time bank and no timeouts counted.  Now the
table keeps, for :attr:`ClockSettings.time_bank_memory_seconds` after a person
leaves, the time bank they left with and their run of consecutive timeouts; joining
again within that time under the same name, or one that looks like it
(:class:`~pokerroom.server.wire.names.NameKey`), takes both back.  A bank is not refilled
while its owner is away.  Kept with the table's snapshot, so a restart keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerroom.server.wire.names import NameKey

MAX_REMEMBERED = 200
"""The most people one table remembers at once (the oldest are forgotten first)."""


@dataclass(frozen=True, kw_only=True)
class ClockSettings:
    """The action clock's memory of people who leave a table."""

    time_bank_memory_seconds: float = 3600.0
    """How long a table remembers, after a person leaves it, the time bank they left
    with and their run of timeouts: joining again within this time under the same name
    (or one that looks like it) takes both back instead of a full bank. 0: never."""


@dataclass(frozen=True, slots=True)
class Remembered:
    """A person who left: their name, the seconds left in their time bank (None:
    full), their consecutive timeouts, and when they left."""

    name: str
    time_bank: float | None
    timeouts: int
    left_at: float


class ClockMemory:
    """The people who left one table lately, by what their names look like."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._people: list[Remembered] = []

    def remember(self, name: str, *, time_bank: float | None, timeouts: int,
                 now: float) -> None:
        """``name`` leaves with this bank and run of timeouts (nothing to keep when
        the bank is full and no timeout is counted)."""
        self._forget(now)
        key = NameKey.of(name)
        self._people = [p for p in self._people if not key.looks_like(NameKey.of(p.name))]
        if self.seconds <= 0 or (time_bank is None and timeouts == 0):
            return
        self._people.append(Remembered(name, time_bank, timeouts, now))
        del self._people[:-MAX_REMEMBERED]

    def recall(self, name: str, *, now: float) -> Remembered | None:
        """What the table remembers of ``name`` (or a name that looks like it), taken
        out of the memory; None when nothing (never here, or too long ago)."""
        self._forget(now)
        key = NameKey.of(name)
        for person in self._people:
            if key.looks_like(NameKey.of(person.name)):
                self._people.remove(person)
                return person
        return None

    def _forget(self, now: float) -> None:
        self._people = [p for p in self._people if now - p.left_at < self.seconds]

    def to_list(self) -> list[dict[str, Any]]:
        """What the table's snapshot keeps."""
        return [{"name": p.name, "time_bank": p.time_bank, "timeouts": p.timeouts,
                 "left_at": p.left_at} for p in self._people]

    def restore(self, rows: list[dict[str, Any]]) -> None:
        """Take back what :meth:`to_list` kept."""
        self._people = [
            Remembered(str(r["name"]), None if r.get("time_bank") is None
                       else float(r["time_bank"]), int(r.get("timeouts", 0)),
                       float(r["left_at"]))
            for r in rows[-MAX_REMEMBERED:]]
