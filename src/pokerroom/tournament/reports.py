"""Reports from the floor of tables the library does not deal (a live event's real
cards, :class:`~pokerroom.tournament.live.LiveEvent`): busts by table and seat, a
hand-for-hand hand over, the director's move of a player.  Every report is checked
whole before anything changes; the floor follows (the tournament's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.busts import BustBook
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import FloorEvent, PlayerMoved
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.hand_for_hand import HandForHand
from pokerroom.tournament.roster import Roster
from pokerroom.tournament.tables import TournamentTable


class FloorReports:
    """What the floor reports from the tables of ``floor``: busts of the entries of
    ``roster`` go to ``busts``, hand-for-hand hands over to ``h4h``."""

    def __init__(self, floor: Floor, roster: Roster, busts: BustBook, h4h: HandForHand) -> None:
        self.floor = floor
        self.roster = roster
        self.busts = busts
        self.h4h = h4h

    def report_busts(self, where: Sequence[tuple[int, int]],
                     chips_at_start: Mapping[tuple[int, int], int] | None, *,
                     table_in_play: Callable[[int], TournamentTable],
                     may_rebuy: Callable[[Entry], bool]) -> None:
        """Players busted on one hand (hand-for-hand: one round), by (table, seat); P6:
        ``chips_at_start`` ranks them, without it they tie.  ``table_in_play`` finds
        each table (refusing one not in play), ``may_rebuy`` tells who may decide on a
        rebuy."""
        if not where:
            raise ConfigError("a bust report names at least one table and seat")
        if len(set(where)) != len(where):
            raise IllegalActionError(Reason.ALREADY_BUSTED, "the report names a seat twice")
        found: list[tuple[TournamentTable, int, Entry]] = []
        for number, seat in where:
            table = table_in_play(number)
            if not 0 <= seat < table.seat_count:
                raise ConfigError(f"table {number} has seats 1-{table.seat_count}, "
                                  f"not {seat + 1}")
            player = table.players[seat]
            if player is None:
                gone = self.busts.emptied_by(number, seat)
                why = f": {gone.label} busted from it already" if gone else ""
                raise IllegalActionError(Reason.EMPTY_SEAT,
                                         f"table {number} seat {seat + 1} is empty{why}")
            e = self.roster.by_label[player.name]
            if e.deciding_rebuy:
                raise IllegalActionError(Reason.ALREADY_BUSTED, f"{e.label} busted already "
                                         "and is deciding on a rebuy")
            found.append((table, seat, e))
        if chips_at_start is not None and set(chips_at_start) != set(where):
            raise ConfigError("chips at the start of the hand are needed for every bust "
                              "reported, or for none")
        h4h = self.h4h.active
        group = self.busts.round_group() if h4h else self.busts.new_group()
        for table, seat, e in found:
            chips = chips_at_start[(table.number, seat)] if chips_at_start else 0
            player = table.players[seat]
            assert player is not None
            player.stack = 0
            self.busts.knock_out(table, seat, e, group, chips, may_rebuy=may_rebuy(e))
            if h4h:
                self.h4h.done.add(table.number)  # the table's hand-for-hand hand is over
        if h4h and self.h4h.round_over:
            self.busts.close_round()

    def report_hand_done(self, number: int) -> None:
        """P5: in hand-for-hand play, table ``number`` (in play) finished the round's hand."""
        if not self.h4h.active:
            raise IllegalActionError(Reason.NOT_HAND_FOR_HAND, "hand-for-hand is not on")
        if number not in self.h4h.tables or number in self.h4h.done:
            raise IllegalActionError(Reason.HAND_FOR_HAND, f"table {number} has played this "
                                     "round's hand: it waits for the other tables")
        self.h4h.done.add(number)
        if self.h4h.round_over:
            self.busts.close_round()

    def move(self, e: Entry, src: int, from_seat: int, dst: TournamentTable, seat: int, *,
             tolerance: int) -> list[FloorEvent]:
        """The director moves ``e`` from ``from_seat`` of table ``src`` to the empty
        ``seat`` of ``dst`` (P7's ``tolerance`` kept, never to a table that is
        breaking)."""
        number = dst.number
        if not 0 <= seat < dst.seat_count:
            raise ConfigError(f"table {number} has seats 1-{dst.seat_count}, not {seat + 1}")
        if number == src:
            raise IllegalActionError(Reason.MOVE_NOT_ALLOWED, f"{e.label} sits at table "
                                     f"{src} already: a move goes to another table")
        if dst.players[seat] is not None or seat in self.floor.arrivals.get(number, {}):
            free = [s + 1 for s in self.floor.empty_seats(number)]
            raise IllegalActionError(
                Reason.MOVE_NOT_ALLOWED, f"table {number} seat {seat + 1} is taken (empty "
                f"seats there: {', '.join(map(str, free)) or 'none'})")
        if self.floor.breaking == number:
            raise IllegalActionError(Reason.TABLE_BREAKING, f"table {number} is breaking")
        if e.deciding_rebuy:
            raise IllegalActionError(Reason.ALREADY_BUSTED, f"{e.label} is deciding on a rebuy")
        sizes = self.floor.sizes()
        before = max(sizes.values()) - min(sizes.values())
        sizes[src] -= 1
        sizes[number] += 1
        after = max(sizes.values()) - min(sizes.values())
        if after > tolerance and after > before:
            raise IllegalActionError(
                Reason.MOVE_NOT_ALLOWED,
                f"moving {e.label} from table {src} to table {number} leaves tables "
                f"{after} players apart (P7 allows {tolerance})")
        chips = self.floor.tables[src].leave(from_seat)
        self.floor.tables[number].seat_player(seat, e.label, chips)
        return [PlayerMoved(e.number, src, from_seat, number, seat, "director")]
