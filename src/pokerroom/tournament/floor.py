"""The floor: tables opened, players seated, moved, tables balanced and broken (P1, P7).

A :class:`Floor` carries out at the tables what :mod:`~pokerroom.tournament.seating`
computes.  Players are moved only from a table between hands; a player sent to
a table that is in a hand gets the seat reserved and sits down when that hand
is over.  A table marked to break deals no more hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table import Stakes
from pokerroom.tournament.events import (
    ButtonDrawn,
    FinalTableFormed,
    FloorEvent,
    PlayerMoved,
    PlayerSeated,
    TableBroken,
    TableOpened,
)
from pokerroom.tournament.seating import (
    fill_order,
    initial_draw,
    next_balance_move,
    seat_card_draw,
    should_break,
)
from pokerroom.tournament.tables import TournamentTable


@dataclass(slots=True)
class Arrival:
    """A player on the way to a seat at a table that is in a hand."""

    name: str
    chips: int
    reason: str
    from_table: int | None = None
    from_seat: int | None = None


@dataclass(slots=True)
class Floor:
    """The tables of one event."""

    seats: int
    final_seats: int
    tolerance: int
    rng: random.Random
    bba_order: str = "ante_first"
    procedures: Literal["seed", "tda2024"] = "seed"  # I3-I5, I9 (HouseRules)
    entry_of: dict[str, int] = field(default_factory=dict)  # table name -> entry number
    tables: dict[int, TournamentTable] = field(default_factory=dict)
    arrivals: dict[int, dict[int, Arrival]] = field(default_factory=dict)
    breaking: int | None = None  # a table waiting for its hand to end, then broken
    final_pending: bool = False
    final_formed: bool = False
    next_number: int = 1
    moved: dict[str, int] = field(default_factory=dict)  # name -> times moved (P7)

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """The slots as pickled; a floor pickled before ``moved`` was kept comes back
        with no move counted."""
        for name, value in state[1].items():
            object.__setattr__(self, name, value)
        if "moved" not in state[1]:
            self.moved = {}

    # ------------------------------------------------------------ reading

    def table_of(self, name: str) -> TournamentTable | None:
        """The table of the player called ``name`` (or the one they are moving to); None if none."""
        for t in self.tables.values():
            if any(p is not None and p.name == name for p in t.players):
                return t
        for number, seats in self.arrivals.items():
            if any(a.name == name for a in seats.values()):
                return self.tables[number]
        return None

    def size(self, number: int) -> int:
        """Players at a table, counting those on their way to it."""
        return self.tables[number].alive() + len(self.arrivals.get(number, {}))

    def sizes(self) -> dict[int, int]:
        """Players at each table by number, counting those on their way to it."""
        return {n: self.size(n) for n in self.tables}

    def players(self) -> int:
        """Players at all the tables, counting those on their way."""
        return sum(self.sizes().values())

    def idle(self, number: int) -> bool:
        """Between hands, with no busted player still deciding on a rebuy."""
        table = self.tables[number]
        return table.hand is None and all(p.stack > 0 for p in table.seated().values())

    def empty_seats(self, number: int) -> list[int]:
        """The free seats of table ``number``, without those kept for players on their way."""
        reserved = self.arrivals.get(number, {})
        return [s for s in self.tables[number].empty_seats() if s not in reserved]

    def chips(self) -> int:
        """Every chip at the tables (hands in progress included) and on the way."""
        return sum(t.chips_on_table() for t in self.tables.values()) + sum(
            a.chips for seats in self.arrivals.values() for a in seats.values()
        )

    def blocked(self, number: int) -> bool:
        """No new hand: the table is to break, or everyone goes to the final table."""
        return self.breaking == number or (self.final_pending and len(self.tables) > 1)

    # ------------------------------------------------------------ opening

    def open_table(self, stakes: Stakes, chip_unit: int, *, seats: int | None = None,
                   number: int | None = None) -> tuple[TournamentTable, list[FloorEvent]]:
        """A new table (the next number unless ``number`` is given) and its events."""
        n = self.next_number if number is None else number
        self.next_number = max(self.next_number, n + 1)
        table = TournamentTable(n, stakes, seats=seats or self.seats, bba_order=self.bba_order,
                                chip_unit=chip_unit, irregularity_procedures=self.procedures)
        self.tables[n] = table
        return table, [TableOpened(n, table.seat_count)]

    def draw_buttons(self, tables: list[TournamentTable]) -> list[FloorEvent]:
        """P1: a random draw for the button at each new table."""
        events: list[FloorEvent] = []
        for t in tables:
            if t.first_button is None and len(t.seated()) >= 2:
                events.append(ButtonDrawn(t.number, t.draw_button(self.rng)))
        return events

    def seat_draw(self, players: dict[str, int], stakes: Stakes, chip_unit: int
                  ) -> list[FloorEvent]:
        """P1: the random seat draw at the start; ``players`` maps names to chips."""
        events: list[FloorEvent] = []
        cards = initial_draw(list(players), seats=self.seats, rng=self.rng,
                             first_table=self.next_number)
        opened: list[TournamentTable] = []
        for card in cards:
            if card.table not in self.tables:
                table, ev = self.open_table(stakes, chip_unit, number=card.table)
                opened.append(table)
                events.extend(ev)
            self.tables[card.table].seat_player(card.seat, card.player, players[card.player])
            events.append(PlayerSeated(self.entry_of[card.player], card.table, card.seat,
                                       "draw"))
        events.extend(self.draw_buttons(opened))
        return events

    def seat_late(self, name: str, chips: int, stakes: Stakes, chip_unit: int
                  ) -> tuple[int, int, list[FloorEvent]]:
        """A late registrant: a random empty seat at the shortest table (a new table
        when every seat is taken; balancing then fills it)."""
        events: list[FloorEvent] = []
        open_tables = [n for n in self.tables if self.empty_seats(n) and not self.blocked(n)]
        if not open_tables:
            table, events = self.open_table(stakes, chip_unit)
            open_tables = [table.number]
        number = min(open_tables, key=lambda n: (self.size(n), n))
        seat = self.rng.choice(self.empty_seats(number))
        self._place(number, seat, Arrival(name, chips, "late_registration"))
        events.append(PlayerSeated(self.entry_of[name], number, seat, "late_registration"))
        return number, seat, events

    # ------------------------------------------------------------ moving

    def _place(self, number: int, seat: int, arrival: Arrival) -> None:
        table = self.tables[number]
        if table.hand is None:
            table.seat_player(seat, arrival.name, arrival.chips)
        else:
            self.arrivals.setdefault(number, {})[seat] = arrival

    def deliver(self, number: int) -> None:
        """Seat the players who were waiting for this table's hand to end."""
        for seat, a in sorted(self.arrivals.pop(number, {}).items()):
            self.tables[number].seat_player(seat, a.name, a.chips)

    def _take(self, number: int, seat: int) -> tuple[str, int]:
        table = self.tables[number]
        player = table.players[seat]
        assert player is not None
        return player.name, table.leave(seat)

    def move(self, src: int, dst: int, *, seat: int | None = None, reason: str = "balance"
             ) -> PlayerMoved:
        """P7: move the player due the big blind at ``src`` to the worst position at
        ``dst`` (or to ``seat``)."""
        source = self.tables[src]
        if source.hand is not None:
            raise IllegalActionError(
                Reason.HAND_IN_PROGRESS, f"table {src} is in a hand: players move between hands")
        from_seat = source.due_big_blind()
        if seat is None:
            seat = self._worst_open(dst)
        name, chips = self._take(src, from_seat)
        self._place(dst, seat, Arrival(name, chips, reason, src, from_seat))
        self.moved[name] = self.moved.get(name, 0) + 1
        return PlayerMoved(self.entry_of[name], src, from_seat, dst, seat, reason)

    def _worst_open(self, number: int) -> int:
        table = self.tables[number]
        reserved = self.arrivals.get(number, {})
        worst = table.worst_position()
        if worst not in reserved:
            return worst
        return self.empty_seats(number)[0]

    # ------------------------------------------------------ balancing and breaking

    def maintain(self, stakes: Stakes, chip_unit: int) -> list[FloorEvent]:
        """Form the final table, break tables and balance, as far as tables between
        hands allow.  Returns what was done."""
        events: list[FloorEvent] = []
        if len(self.tables) > 1 and self.players() <= self.final_seats:
            self.final_pending = True
            if all(self.idle(n) for n in self.tables):
                events.extend(self._form_final(stakes, chip_unit))
            return events
        while should_break(self.players(), len(self.tables), self.seats):
            number = self.breaking if self.breaking is not None else max(self.tables)
            self.breaking = number
            if not self.idle(number):
                break
            events.extend(self._break(number))
        while True:
            move = self._balance_move()
            if move is None:
                break
            src, dst = move
            events.append(self.move(src, dst))
        return events

    def _balance_move(self) -> tuple[int, int] | None:
        """The next balancing move (from, to), between hands.  Where the rules leave a
        choice, several tables being equally the longest, the player due the big blind
        who has been moved least often goes (then the highest table number, the next to
        be broken): nobody moves twice while a player not yet moved could have gone."""
        sizes = self.sizes()
        if self.breaking is not None:
            sizes.pop(self.breaking, None)
        move = next_balance_move(sizes, self.tolerance)
        if move is None:
            return None
        big, small = move
        if not self.empty_seats(small):
            return None
        idle_big = [n for n, s in sizes.items() if s == sizes[big] and self.idle(n)]
        if not idle_big:
            return None
        return min(idle_big, key=lambda n: (self._times_moved_due(n), -n)), small

    def _times_moved_due(self, number: int) -> int:
        """How often the player due the big blind at table ``number`` has been moved."""
        table = self.tables[number]
        player = table.players[table.due_big_blind()]
        return self.moved.get(player.name, 0) if player is not None else 0

    def _break(self, number: int) -> list[FloorEvent]:
        """P7: break a table; its players draw seat cards for the open seats, the
        shortest tables filled first."""
        table = self.tables[number]
        leaving = [(s, p.name) for s, p in table.seated().items()]
        others = {n: self.size(n) for n in self.tables if n != number}
        capacity = {n: len(self.empty_seats(n)) for n in others}
        take = fill_order(others, len(leaving), capacity)
        cards: list[tuple[int, int]] = []
        for n, k in sorted(take.items()):
            cards.extend((n, s) for s in sorted(self.rng.sample(self.empty_seats(n), k)))
        draw = seat_card_draw([name for _, name in leaving], cards, rng=self.rng)
        seat_of = {name: s for s, name in leaving}
        events: list[FloorEvent] = []
        for card in draw:
            from_seat = seat_of[card.player]
            chips = table.leave(from_seat)
            self._place(card.table, card.seat,
                        Arrival(card.player, chips, "break", number, from_seat))
            self.moved[card.player] = self.moved.get(card.player, 0) + 1
            events.append(PlayerMoved(self.entry_of[card.player], number, from_seat, card.table,
                                      card.seat, "break"))
        del self.tables[number]
        self.breaking = None
        events.append(TableBroken(number))
        return events

    def _form_final(self, stakes: Stakes, chip_unit: int) -> list[FloorEvent]:
        """RP-9: everyone still in draws for a seat at the final table (table 1 by
        default: the lowest number in play), then for the button (P1)."""
        players: list[tuple[str, int]] = []
        for t in list(self.tables.values()):
            for s, p in t.seated().items():
                players.append((p.name, t.leave(s)))
        number = min(self.tables)
        self.tables.clear()
        self.arrivals.clear()
        table, events = self.open_table(stakes, chip_unit, seats=self.final_seats,
                                        number=number)
        cards = [(number, s) for s in range(self.final_seats)]
        chips = dict(players)
        for card in seat_card_draw([n for n, _ in players], cards, rng=self.rng):
            table.seat_player(card.seat, card.player, chips[card.player])
            events.append(PlayerSeated(self.entry_of[card.player], number, card.seat,
                                       "final_table"))
        events.extend(self.draw_buttons([table]))
        events.append(FinalTableFormed(number, len(players)))
        self.final_pending = False
        self.final_formed = True
        self.breaking = None
        return events
