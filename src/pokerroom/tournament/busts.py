"""The book of busts (P6): players who lost every chip, in groups (one hand, or one
hand-for-hand round), waiting for rebuy decisions before they become places; the
seats they left; the places once final."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import FloorEvent, PlayerEliminated
from pokerroom.tournament.places import Bust, BustGroup, Eliminations
from pokerroom.tournament.roster import Roster
from pokerroom.tournament.tables import TournamentTable


class BustBook:
    """Busts of the entries of ``roster``, from the hand to the finishing place."""

    def __init__(self, roster: Roster) -> None:
        self.roster = roster
        self.eliminations = Eliminations()
        self.groups: list[BustGroup] = []  # closed or deciding, oldest first
        self.round: BustGroup | None = None  # the busts of the hand-for-hand round
        self.vacated: dict[tuple[int, int], int] = {}  # (table, seat) -> entry busted there

    # ------------------------------------------------------------ the groups

    def new_group(self) -> BustGroup:
        """The busts of one hand (closed: nothing joins them later)."""
        group = BustGroup(closed=True)
        self.groups.append(group)
        return group

    def round_group(self) -> BustGroup:
        """P5, P6: the busts of the hand-for-hand round in play, together."""
        if self.round is None:
            self.round = BustGroup()
        return self.round

    def open_round(self) -> None:
        """Hand-for-hand starts: its first round's busts go together."""
        self.round = BustGroup()

    def close_round(self) -> None:
        """The hand-for-hand round is over: its busts wait only for rebuy decisions."""
        if self.round is not None:
            self.round.closed = True
            self.groups.append(self.round)
            self.round = None

    @property
    def deciding(self) -> bool:
        """True while a player of a group waits to decide on a rebuy."""
        return any(g.deciding for g in self.groups)

    def deciding_groups(self) -> list[list[int]]:
        """The entries deciding on a rebuy, group by group (for a diagnosis)."""
        return [sorted(g.deciding) for g in self.groups if g.deciding]

    # ------------------------------------------------------------ the busts

    def knock_out(self, table: TournamentTable, seat: int, e: Entry, group: BustGroup,
                  chips: int, *, may_rebuy: bool) -> None:
        """The player at ``seat`` has no chips left (``chips`` at the start of the hand,
        for P6): out, or deciding on a rebuy when ``may_rebuy``."""
        group.busts.append(Bust(e.number, chips))
        if may_rebuy:
            e.deciding_rebuy = True
            group.deciding.add(e.number)
        else:
            self._leave(table, seat, e)

    def decline(self, table: TournamentTable, seat: int, e: Entry) -> None:
        """A busted player who was deciding on a rebuy leaves the table, out."""
        self._leave(table, seat, e)
        e.deciding_rebuy = False
        for g in self.groups:
            g.deciding.discard(e.number)

    def decline_waiting(self, table: TournamentTable) -> bool:
        """Before ``table`` deals, its busted players still deciding are out; True when
        there were any."""
        declined = False
        for seat, p in list(table.seated().items()):
            if p.stack == 0:
                self.decline(table, seat, self.roster.by_label[p.name])
                declined = True
        return declined

    def rebought(self, e: Entry) -> None:
        """``e`` bought back in: no longer a bust."""
        for g in self.groups:
            if e.number in g.deciding:
                g.deciding.discard(e.number)
                g.busts = [b for b in g.busts if b.entry != e.number]

    def emptied_by(self, table: int, seat: int) -> Entry | None:
        """The entry that busted from ``seat`` of ``table``, if one did."""
        number = self.vacated.get((table, seat))
        return self.roster.entries[number] if number else None

    def _leave(self, table: TournamentTable, seat: int, e: Entry) -> None:
        table.leave(seat)
        self.roster.eliminate(e)
        self.vacated[(table.number, seat)] = e.number

    # ------------------------------------------------------------ the places

    def finalise(self, prizes: Callable[[], Sequence[int]], *, unit: int) -> list[FloorEvent]:
        """The groups no longer waiting become places, announced from the lowest up;
        ``prizes`` gives the prize of each place."""
        events: list[FloorEvent] = []
        entries = self.roster.entries
        while self.groups and self.groups[0].closed and not self.groups[0].deciding:
            group = self.groups.pop(0)
            if not group.busts:
                continue
            for b in group.busts:
                self.roster.eliminate(entries[b.entry])
            self.eliminations.add(group.busts)
            standings = {f.entry: f for f in self.eliminations.last_group(
                len(entries), prizes(), unit=unit)}
            for b in sorted(group.busts, key=lambda b: (-standings[b.entry].place, b.entry)):
                f = standings[b.entry]  # announced from the lowest place up
                e = entries[b.entry]
                events.append(PlayerEliminated(b.entry, e.name, f.place, f.place_to, f.prize,
                                               b.disqualified))
        return events
