"""Live events: a tournament dealt with real cards at real tables (P1-P10).

The software does not deal here; it directs.  A :class:`LiveEvent` is a
:class:`~pokerroom.tournament.tournament.Tournament` driven by the director's
reports instead of dealt hands: registration and the seat draw (P1), late
registration, rebuys and add-ons, busts reported by table and seat, the button
at a table.  After every report it says what the floor must do, by the same
functions the dealt tournaments use: the player due the big blind moves to the
worst position (P7), the last table breaks by a seat-card draw, hand-for-hand
starts and stops near the bubble with its two minutes a hand (P5), chips colour
up and race (P9), the final table is re-drawn, and places and payouts are
settled (P6, P10); a deal splits the money by ICM or chip count.

Seats are numbered from 0 as everywhere in the library; the texts of
:class:`Instruction` say them as printed on the table (seat 1 first).

A report that the rules refuse (a bust from an empty seat, a second bust of the
same player, a move that would unbalance the tables) raises an
:class:`~pokerroom.errors.IllegalActionError` or a
:class:`~pokerroom.errors.ConfigError` and changes nothing.

>>> import random
>>> from pokerroom.tournament import structure
>>> event = LiveEvent(structure("turbo"), rng=random.Random(7))
>>> for name in ("Ann", "Bob", "Cy"):
...     _ = event.register(name)
>>> report = event.start()
>>> [i.kind for i in report.instructions][:1]
['seat']
>>> seat = event.seat_of("Cy")[1]
>>> [i.text for i in event.bust(1, seat).instructions][:1]
['Cy is out in 3rd place']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.table.placement import Positions
from pokerroom.tournament import structure_edits
from pokerroom.tournament.chip_race import ChipRace, chip_race
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.events import BreakStarted, FloorEvent
from pokerroom.tournament.icm import DealQuestion, DealSuggestion
from pokerroom.tournament.live_instructions import (
    Instruction,
    LiveReport,
    instructions_for,
    seat_text,
)
from pokerroom.tournament.payouts import PayoutTable
from pokerroom.tournament.structure import Period, Structure
from pokerroom.tournament.tables import TournamentTable
from pokerroom.tournament.tournament import Tournament

__all__ = ["Instruction", "LiveEvent", "LiveReport"]


class LiveEvent:
    """A tournament at real tables, run from the director's reports."""

    def __init__(self, structure: Structure, *, rng: random.Random,
                 payout_table: PayoutTable | None = None) -> None:
        self.t = Tournament(structure, rng=rng, payout_table=payout_table)
        self.buttons: dict[int, int] = {}  # table -> seat of the button now (reported)
        self.color_up: tuple[int, ...] = ()  # the chips of the last colour-up
        self.races: list[tuple[int, ChipRace]] = []
        self.last: LiveReport = LiveReport((), ())
        self.currency: str | None = None  # money in cents of this currency sign (the room)

    def money(self, amount: int) -> str:
        """An amount as the instructions say it: whole units, or with ``currency`` set,
        cents shown as ``$12.50``."""
        if self.currency is None:
            return f"{amount:,}"
        units, cents = divmod(amount, 100)
        return f"{self.currency}{units:,}" + (f".{cents:02d}" if cents else "")

    # ================================================================ reading

    @property
    def structure(self) -> Structure:
        """The event's structure."""
        return self.t.structure

    @property
    def clock(self) -> Clock:
        """The event's clock (levels, breaks, time left)."""
        return self.t.clock

    def table(self, number: int) -> TournamentTable:
        """Table ``number`` as the director's reports have left it."""
        return self.t.table(number)

    def seat_of(self, who: str | int) -> tuple[int, int]:
        """(table, seat) of a player still in."""
        return self.t.seat_of(who)

    def due_big_blind(self, number: int) -> int:
        """P7: the seat at table ``number`` that pays the big blind next (by the button
        last reported there)."""
        return self.table(number).due_big_blind()

    def worst_position(self, number: int) -> int:
        """P7: the empty seat at table ``number`` that would pay the big blind soonest."""
        return self.table(number).worst_position()

    # ============================================================ registration

    def register(self, name: str) -> LiveReport:
        """A new entry; after the start (late registration) seated at once at a random
        empty seat of the shortest table."""
        return self._report(lambda: self.t.register(name.strip()))

    def unregister(self, name: str) -> LiveReport:
        """Withdraw an entry before the start."""
        def run() -> list[FloorEvent]:
            self.t.unregister(name)
            return []
        return self._report(run)

    def start(self) -> LiveReport:
        """P1: the random seat draw, a random draw for the button at each table, and the
        clock starts at level 1."""
        return self._report(self.t.start)

    # ================================================================ the clock

    def advance(self, seconds: float) -> LiveReport:
        """Real time passed (the room's clock calls this)."""
        return self._report(lambda: self.t.advance(seconds))

    def pause(self) -> LiveReport:
        """Stop the clock (the director's pause)."""
        self._running("pause")
        self.t.clock.pause()
        return self._report(list)

    def resume(self) -> LiveReport:
        """Run the clock again after a pause."""
        if not self.t.started or self.t.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        if self.t.clock.running:
            raise IllegalActionError(Reason.CLOCK_RUNNING, "the clock is running already")
        self.t.clock.resume()
        return self._report(list)

    def add_time(self, seconds: int) -> LiveReport:
        """Add time to the current level or break (negative: take it off).  Added time
        is bounded by the period's own length; time taken off may end the period."""
        return self._report(lambda: self.t.add_time(seconds))

    def edit_level(self, number: int, *, seconds: int | None = None,
                   small_blind: int | None = None, big_blind: int | None = None,
                   ante: int | None = None) -> LiveReport:
        """Change a level that has not ended: its length, blinds or ante."""
        structure_edits.edit_level(self.t, number, seconds=seconds, small_blind=small_blind,
                                   big_blind=big_blind, ante=ante)
        return self._report(list)

    def insert_period(self, position: int, period: Period) -> LiveReport:
        """Insert a level or a break into the structure at ``position`` (an index of the
        schedule, from 0: it goes before the period there; the schedule's length puts it
        last).  Only ahead of the period in play: never the past nor the level or break
        in progress.  Later level numbers move up one, and so do the structure's levels
        that end late registration, rebuys and the add-on when they come after it."""
        structure_edits.insert_period(self.t, position, period)
        return self._report(list)

    def remove_period(self, position: int) -> LiveReport:
        """Remove the level or break at ``position`` of the schedule (from 0), only ahead
        of the period in play.  Later level numbers move down one; a level that ended
        late registration, rebuys or the add-on and is removed hands that to the level
        before it."""
        structure_edits.remove_period(self.t, position)
        return self._report(list)

    def _running(self, what: str) -> None:
        if not self.t.started or self.t.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        if not self.t.clock.running:
            raise IllegalActionError(Reason.CLOCK_PAUSED, f"the clock is paused: nothing to {what}")

    # ============================================================== the tables

    def set_button(self, number: int, seat: int) -> LiveReport:
        """The button at table ``number`` is at ``seat`` for the hand being played now
        (or just finished): the player due the big blind next (P7) follows from it."""
        table = self.t.table_in_play(number)
        if not 0 <= seat < table.seat_count:
            raise ConfigError(f"table {number} has seats 1-{table.seat_count}, not {seat + 1}")
        self._place_button(table, seat)
        return self._report(list)

    MAX_HANDS_REPORTED = 100
    """The most hands one :meth:`hands_played` report may move a table's button on."""

    def hands_played(self, number: int, hands: int = 1) -> LiveReport:
        """Table ``number`` has played ``hands`` more hands: its button moves on that many
        times, to the next player clockwise each hand, so that the player due the big
        blind (who moves first when balancing, P7) is the real one, not the one the
        button the director last set would say."""
        table = self.t.table_in_play(number)
        if not 1 <= hands <= self.MAX_HANDS_REPORTED:
            raise ConfigError(f"hands played are 1-{self.MAX_HANDS_REPORTED}, got {hands}")
        seat = self.buttons.get(number)
        if seat is None:
            raise ConfigError(f"table {number} has no button yet: set it first")
        occupied = [s for s, p in enumerate(table.players) if p is not None]
        if len(occupied) < 2:
            raise ConfigError(f"table {number} has fewer than two players: no hand is played")
        n = table.seat_count
        for _ in range(hands):
            seat = next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s in occupied)
        self._place_button(table, seat)
        due = table.players[table.due_big_blind()]
        text = (f"Table {number}: {hands} hand{'s' * (hands != 1)} played, the button at "
                f"{seat_text(seat)}" + (f"; {due.name} is due the big blind" if due else ""))
        return self._report(list, extra=[Instruction("button", text, to_table=number,
                                                     to_seat=seat)])

    def _place_button(self, table: TournamentTable, seat: int) -> None:
        """The positions of a hand with the button at ``seat`` (a dead button allowed):
        the small blind and big blind on the next two players after it (heads-up the
        button posts the small blind)."""
        n = table.seat_count
        players = [s for s in ((seat + k) % n for k in range(1, n + 1))
                   if table.players[s] is not None]
        self.buttons[table.number] = seat
        if len(players) < 2:
            return
        if len(players) == 2:
            bb = next(s for s in players if s != seat) if seat in players else players[1]
            sb = seat if seat in players else players[0]
            table.positions = Positions(seat, sb, sb, bb, heads_up=True)
        else:
            table.positions = Positions(seat, players[0], players[0], players[1])
        table.hands_dealt = max(table.hands_dealt, 1)
        table.first_button = seat if table.players[seat] is not None else table.first_button

    def set_absent(self, who: str | int, absent: bool = True) -> LiveReport:
        """P8: a registered player who is not at the table (not arrived yet, or away)
        keeps the seat of the draw and counts in the field: the dealer deals them in,
        they post blinds and antes, their hand is killed after the deal, and they may
        be blinded out (busted like anyone).  ``absent=False``: they have arrived."""
        t = self.t
        e = t.entry(who)
        if not e.alive:
            raise IllegalActionError(Reason.ELIMINATED, f"{e.label} is out of the event")
        if e.absent == absent:
            raise ConfigError(f"{e.label} is marked {'absent' if absent else 'present'} "
                              "already")
        where = ""
        if t.started:
            number, seat = self.seat_of(e.number)
            where = f" (table {number} {seat_text(seat)})"
        text = (f"{e.label}{where} is absent: deal them in; they post blinds and antes and "
                "their hand is killed after the deal (P8)" if absent
                else f"{e.label}{where} is here: deal to them as usual")
        t.set_absent(e.number, absent)
        return self._report(list, extra=[Instruction("absent" if absent else "present",
                                                     text, e.number)])

    # ================================================================= busts

    def bust(self, number: int, seat: int) -> LiveReport:
        """The player at ``seat`` of table ``number`` lost all their chips."""
        return self.busts([(number, seat)])

    def busts(self, where: Sequence[tuple[int, int]],
              chips_at_start: Mapping[tuple[int, int], int] | None = None,
              knocked_out_by: Mapping[tuple[int, int], int] | None = None) -> LiveReport:
        """Players busted on one hand (hand-for-hand: one round), by (table, seat).

        P6: ``chips_at_start`` gives each one's chips at the start of the hand (more
        finishes higher); without it they tie and share the places they cover.
        ``knocked_out_by``: the seat of who won a bust's chips (its bounty, in a
        knockout event).  Every report is checked before anything changes."""
        return self._report(lambda: self.t.report_busts(where, chips_at_start,
                                                        knocked_out_by))

    def hand_done(self, number: int) -> LiveReport:
        """P5: in hand-for-hand play, table ``number`` finished the round's hand (busts
        on it are reported with :meth:`busts`, which counts the table done)."""
        return self._report(lambda: self.t.report_hand_done(number))

    def rebuy(self, who: str | int) -> LiveReport:
        """The player buys the rebuy's chips, within the structure's rebuy rules."""
        return self._report(lambda: self.t.rebuy(who))

    def decline_rebuy(self, who: str | int) -> LiveReport:
        """A busted player will not rebuy: out of the event."""
        return self._report(lambda: self.t.decline_rebuy(who))

    def add_on(self, who: str | int) -> LiveReport:
        """One add-on for the player, in its period."""
        return self._report(lambda: self.t.add_on(who))

    def start_hand_for_hand(self) -> LiveReport:
        """P5: the director announces hand-for-hand play."""
        return self._report(self.t.start_hand_for_hand)

    def stop_hand_for_hand(self) -> LiveReport:
        """P5: the director ends hand-for-hand play."""
        return self._report(self.t.stop_hand_for_hand)

    # ============================================================ director's moves

    def move(self, who: str | int, number: int, seat: int) -> LiveReport:
        """The director moves a player to an empty seat at another table.  Refused when
        the move would leave the tables further apart than the tolerance (P7) or
        sends the player to a table that is breaking."""
        return self._report(lambda: self.t.move(who, number, seat))

    # ===================================================== colour-ups and deals

    def race(self, number: int, odd: Mapping[int, int]) -> tuple[ChipRace, LiveReport]:
        """P9: the chip race at table ``number``: ``odd`` gives, by seat, the value of
        the chips each player holds of the colours going out.  The cards are dealt
        by the event's random source (one per odd chip, highest wins)."""
        table = self.t.table_in_play(number)
        if not self.color_up:
            raise IllegalActionError(Reason.NO_COLOR_UP, "no chips have been coloured up yet")
        smallest = self.t.chip_unit
        piece = min(self.color_up)
        names: dict[str, int] = {}
        for seat, value in odd.items():
            player = table.players[seat] if 0 <= seat < table.seat_count else None
            if player is None:
                raise ConfigError(f"table {number} {seat_text(seat)} is empty")
            if not 0 <= value < smallest or value % piece:
                raise ConfigError(f"{seat_text(seat)}: odd chips are worth 0 to {smallest - piece}"
                                  f" in steps of {piece}, got {value}")
            names[player.name] = value
        race = chip_race(names, removed=self.color_up, smallest=smallest, rng=self.t.rng,
                         order=[p.name for _, p in sorted(table.seated().items())
                                if p.name in names])
        self.races.append((number, race))
        won = ", ".join(self.t.by_label[w].label for w in race.winners) or "nobody"
        text = (f"Table {number} chip race: {race.new_chips} chip(s) of "
                f"{smallest:,} to {won}")
        return race, self._report(list, extra=[Instruction("chip_race", text, to_table=number)])

    def _checked(self, counts: Mapping[int, int]) -> list[int]:
        """The entries still in, once ``counts`` (chips by entry) is found to give each
        of them chips, and to add up to the chips in play: a count off by any chip is
        refused, saying by how much (a deal is made from these counts)."""
        alive = [e.number for e in self.t.alive()]
        if set(counts) != set(alive):
            raise ConfigError(f"chip counts are needed for every player still in: entries "
                              f"{sorted(alive)}")
        if any(c <= 0 for c in counts.values()):
            raise ConfigError("every player still in has chips (at least 1)")
        total, expected = sum(counts.values()), self.t.chips_expected
        if total != expected:
            off = (f"{total - expected:,} too many" if total > expected
                   else f"{expected - total:,} missing")
            raise ConfigError(f"the counts add up to {total:,} chips, but {expected:,} are "
                              f"in play ({off}): count the stacks again")
        return alive

    def enter_chips(self, counts: Mapping[int, int]) -> LiveReport:
        """The chip counts of the players still in, by entry (for a deal, the average)."""
        t = self.t
        self._checked(counts)
        for number, chips in counts.items():
            label = t.entries[number].label
            table = t.floor.table_of(label)
            assert table is not None
            player = table.players[table.seat_of(label)]
            assert player is not None
            player.stack = chips
        return self._report(list)

    def deal_suggestion(self, counts: Mapping[int, int], *, keep_for_winner: int = 0
                        ) -> DealSuggestion:
        """ICM and chip-chop splits of the money left from the counts entered (the
        counts are recorded: they do not change the event otherwise)."""
        self.enter_chips(counts)
        return self.t.deal_suggestion(keep_for_winner=keep_for_winner)

    def deal_question(self, counts: Mapping[int, int], *, keep_for_winner: int = 0
                      ) -> DealQuestion:
        """What :meth:`deal_suggestion` computes from the counts entered, checked as
        :meth:`enter_chips` checks them; nothing changed (the room answers it off its
        event loop, then records the counts)."""
        alive = self._checked(counts)
        return self.t.deal_question(keep_for_winner=keep_for_winner,
                                    stacks=[counts[e] for e in alive])

    def make_deal(self, amounts: Mapping[int, int], *, keep_for_winner: int = 0
                  ) -> LiveReport:
        """The players still in split the money: ``amounts`` by entry (P10)."""
        return self._report(lambda: self.t.make_deal(amounts, keep_for_winner=keep_for_winner))

    # ================================================================ reports

    def _report(self, run: object, *, extra: Sequence[Instruction] = ()) -> LiveReport:
        assert callable(run)
        events = list(run())
        for e in events:
            if isinstance(e, BreakStarted) and e.color_up:
                self.color_up = e.color_up
        for table in self.t.floor.tables.values():
            # a new table (the first draw, late registration, the final table) has its
            # button drawn but no hand yet: its first hand is played with it there
            if table.hands_dealt == 0 and table.first_button is not None:
                self._place_button(table, table.first_button)
        for n in list(self.buttons):
            if n not in self.t.floor.tables:
                del self.buttons[n]
        instructions = [i for e in events for i in self.instructions_for(e)]
        instructions.extend(extra)
        self.last = LiveReport(tuple(events), tuple(instructions))
        return self.last

    def instructions_for(self, e: FloorEvent) -> list[Instruction]:
        """What an event asks of the floor, in words."""
        return instructions_for(self.t, e, self.money)

    def rebuy_decisions(self) -> list[int]:
        """Entries busted in the rebuy period who have not said whether they rebuy."""
        return sorted(e.number for e in self.t.entries.values() if e.deciding_rebuy)
