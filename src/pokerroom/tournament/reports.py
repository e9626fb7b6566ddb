"""Reports from the floor of tables the library does not deal (a live event's real
cards, :class:`~pokerroom.tournament.live.LiveEvent`): busts by table and seat, a
hand-for-hand hand over, the director's move of a player.

Functions over a :class:`~pokerroom.tournament.tournament.Tournament`; its methods
:meth:`~pokerroom.tournament.tournament.Tournament.report_busts`,
:meth:`~pokerroom.tournament.tournament.Tournament.report_hand_done` and
:meth:`~pokerroom.tournament.tournament.Tournament.move` call them.  Every report
is checked whole before anything changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import FloorEvent, PlayerMoved
from pokerroom.tournament.tables import TournamentTable

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


def report_busts(t: Tournament, where: Sequence[tuple[int, int]],
                 chips_at_start: Mapping[tuple[int, int], int] | None = None
                 ) -> list[FloorEvent]:
    """Players busted on one hand (hand-for-hand: one round), by (table, seat); P6:
    ``chips_at_start`` ranks them, without it they tie."""
    if not where:
        raise ConfigError("a bust report names at least one table and seat")
    if len(set(where)) != len(where):
        raise IllegalActionError(Reason.ALREADY_BUSTED, "the report names a seat twice")
    found: list[tuple[TournamentTable, int, Entry]] = []
    for number, seat in where:
        table = t.table_in_play(number)
        if not 0 <= seat < table.seat_count:
            raise ConfigError(f"table {number} has seats 1-{table.seat_count}, "
                              f"not {seat + 1}")
        player = table.players[seat]
        if player is None:
            gone = t._vacated.get((number, seat))
            why = f": {t.entries[gone].label} busted from it already" if gone else ""
            raise IllegalActionError(Reason.EMPTY_SEAT,
                                     f"table {number} seat {seat + 1} is empty{why}")
        e = t.by_label[player.name]
        if e.deciding_rebuy:
            raise IllegalActionError(Reason.ALREADY_BUSTED, f"{e.label} busted already and is "
                                     "deciding on a rebuy")
        found.append((table, seat, e))
    if chips_at_start is not None and set(chips_at_start) != set(where):
        raise ConfigError("chips at the start of the hand are needed for every bust "
                          "reported, or for none")
    h4h = t.h4h.active
    group = t._round_group() if h4h else t._new_group()
    for table, seat, e in found:
        chips = chips_at_start[(table.number, seat)] if chips_at_start else 0
        player = table.players[seat]
        assert player is not None
        player.stack = 0
        t._knock_out(table, seat, e, group, chips)
        if h4h:
            t.h4h.done.add(table.number)  # the table's hand-for-hand hand is over
    if h4h and t.h4h.round_over:
        t._queue_round_group()
    return t._emit(t._after_change())


def report_hand_done(t: Tournament, number: int) -> list[FloorEvent]:
    """P5: in hand-for-hand play, table ``number`` finished the round's hand."""
    t.table_in_play(number)
    if not t.h4h.active:
        raise IllegalActionError(Reason.NOT_HAND_FOR_HAND, "hand-for-hand is not on")
    if number not in t.h4h.tables or number in t.h4h.done:
        raise IllegalActionError(Reason.HAND_FOR_HAND, f"table {number} has played this "
                                 "round's hand: it waits for the other tables")
    t.h4h.done.add(number)
    if t.h4h.round_over:
        t._queue_round_group()
    return t._emit(t._after_change())


def move(t: Tournament, who: str | int, number: int, seat: int) -> list[FloorEvent]:
    """The director moves a player to an empty seat at another table (P7's tolerance
    kept, never to a table that is breaking)."""
    e = t.entry(who)
    src, from_seat = t.seat_of(who)
    dst = t.table_in_play(number)
    if not 0 <= seat < dst.seat_count:
        raise ConfigError(f"table {number} has seats 1-{dst.seat_count}, not {seat + 1}")
    if number == src:
        raise IllegalActionError(Reason.MOVE_NOT_ALLOWED, f"{e.label} sits at table "
                                 f"{src} already: a move goes to another table")
    if dst.players[seat] is not None or seat in t.floor.arrivals.get(number, {}):
        free = [s + 1 for s in t.floor.empty_seats(number)]
        raise IllegalActionError(
            Reason.MOVE_NOT_ALLOWED, f"table {number} seat {seat + 1} is taken (empty seats "
            f"there: {', '.join(map(str, free)) or 'none'})")
    if t.floor.breaking == number:
        raise IllegalActionError(Reason.TABLE_BREAKING, f"table {number} is breaking")
    if e.deciding_rebuy:
        raise IllegalActionError(Reason.ALREADY_BUSTED, f"{e.label} is deciding on a rebuy")
    sizes = t.floor.sizes()
    before = max(sizes.values()) - min(sizes.values())
    sizes[src] -= 1
    sizes[number] += 1
    after = max(sizes.values()) - min(sizes.values())
    tolerance = t.structure.floor.balance_tolerance
    if after > tolerance and after > before:
        raise IllegalActionError(
            Reason.MOVE_NOT_ALLOWED,
            f"moving {e.label} from table {src} to table {number} leaves tables "
            f"{after} players apart (P7 allows {tolerance})")
    chips = t.floor.tables[src].leave(from_seat)
    t.floor.tables[number].seat_player(seat, e.label, chips)
    moved = PlayerMoved(e.number, src, from_seat, number, seat, "director")
    return t._emit([moved, *t._after_change()])
