"""The entries of a tournament: who registered (re-entries numbered on), found by
number, table name or player's name, and how many are still in."""

from __future__ import annotations

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.tables import TournamentTable


class Roster:
    """Every entry by number (from 1, in the order they came) and by table name."""

    def __init__(self) -> None:
        self.entries: dict[int, Entry] = {}
        self.by_label: dict[str, Entry] = {}
        self.players_left = 0  # entries not eliminated

    def entry(self, who: str | int) -> Entry:
        """An entry by number, table name or (the latest entry of) a player's name."""
        if isinstance(who, int):
            if who not in self.entries:
                raise ConfigError(f"no entry {who}")
            return self.entries[who]
        found = [e for e in self.entries.values() if e.name == who]
        if found:
            return found[-1]
        if who in self.by_label:
            return self.by_label[who]
        raise ConfigError(f"nobody called {who!r} is registered")

    def alive(self) -> list[Entry]:
        """The entries still in the event, in entry order."""
        return [e for e in self.entries.values() if e.alive]

    def enter(self, name: str, *, reentries: int, started: bool) -> Entry:
        """A new entry for ``name``: refused while their last entry is still in, and
        for a re-entry beyond ``reentries`` or before the start."""
        if not name.strip():
            raise ConfigError("a player needs a name")
        earlier = [e for e in self.entries.values() if e.name == name]
        if any(e.alive for e in earlier):
            raise IllegalActionError(Reason.ALREADY_REGISTERED, f"{name!r} is still in the event")
        if earlier and (not started or len(earlier) > reentries):
            raise IllegalActionError(
                Reason.NO_REENTRY, f"{name!r} may not enter again (re-entries allowed: "
                f"{reentries})"
            )
        number = len(self.entries) + 1
        label = name if not earlier else f"{name} ({len(earlier) + 1})"
        entry = Entry(number, name, label)
        self.entries[number] = entry
        self.players_left += 1
        self.by_label[label] = entry
        return entry

    def withdraw(self, name: str) -> None:
        """Take back an entry made before the start; the later ones are numbered down."""
        entry = self.entry(name)
        del self.entries[entry.number]
        del self.by_label[entry.label]
        self.players_left -= 1
        self.entries = {i: e for i, e in enumerate(
            (e for e in self.entries.values() if e is not entry), 1)}
        for i, e in self.entries.items():
            e.number = i

    def eliminate(self, e: Entry) -> None:
        """``e`` is out of the event (once: again changes nothing)."""
        if not e.eliminated:
            e.eliminated = True
            self.players_left -= 1


def seated_table(floor: Floor, e: Entry) -> TournamentTable:
    """The table of ``e``, still in and seated (or on the way to a seat there);
    IllegalActionError ``ELIMINATED`` or ``NOT_SEATED`` otherwise."""
    if not e.alive:
        raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} is out of the event")
    table = floor.table_of(e.label)
    if table is None:
        raise IllegalActionError(Reason.NOT_SEATED, f"{e.label!r} has no seat")
    return table
