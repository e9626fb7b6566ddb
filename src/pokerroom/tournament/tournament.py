"""A multi-table tournament: registration, the clock, hands at many tables, busts,
places and prizes (P1-P10).

Time and chance come from outside: :meth:`Tournament.advance` moves the clock
and every draw uses the ``random.Random`` given.  Each table deals with
:meth:`~Tournament.start_hand`; the players (people, bots, or
:meth:`~Tournament.killed_action` for absent players, P8) act on the returned
:class:`~pokerroom.rules.engine.Hand`; :meth:`~Tournament.finish_hand` takes the
result: busts become finishing places (P6), tables are balanced and broken
(P7), and hand-for-hand play starts on the money bubble (P5).  Every method that
changes something returns the :mod:`~pokerroom.tournament.events` it caused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand
from pokerroom.table import Stakes
from pokerroom.tournament import buys, conduct, hands, reports, structure_edits
from pokerroom.tournament.chip_race import race_at_table
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import (
    BreakStarted,
    ChipRaceHeld,
    FloorEvent,
    HandForHandEnded,
    HandForHandRoundEnded,
    HandForHandStarted,
    LevelStarted,
    PlayerEliminated,
    PlayerRegistered,
    RegistrationClosed,
    TournamentFinished,
)
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.hand_for_hand import HandForHand
from pokerroom.tournament.hands import HandResult
from pokerroom.tournament.icm import DealQuestion, DealSuggestion
from pokerroom.tournament.payouts import PayoutTable, payouts, prize_pool
from pokerroom.tournament.payouts import payout_table as payout_table_named
from pokerroom.tournament.places import Bust, BustGroup, Eliminations, Finish
from pokerroom.tournament.structure import Structure
from pokerroom.tournament.tables import TournamentTable

__all__ = ["HandResult", "Tournament"]


class Tournament:
    """One event from registration to the winner."""

    def __init__(self, structure: Structure, *, rng: random.Random,
                 payout_table: PayoutTable | None = None) -> None:
        self.structure = structure
        self.rng = rng
        self.payout_table = payout_table or payout_table_named(structure.payouts)
        floor = structure.floor
        self.clock = Clock(structure.schedule, push_hold_seconds=floor.push_hold_seconds)
        self.floor = Floor(
            seats=structure.seats, final_seats=structure.final_table_seats,
            tolerance=floor.balance_tolerance, rng=rng, bba_order=floor.bba_order,
        )
        self.entries: dict[int, Entry] = {}
        self.by_label: dict[str, Entry] = {}
        self.eliminations = Eliminations()
        self.h4h = HandForHand()
        self.started = False
        self.finished = False
        self.registration_open = True
        self.rebuys = 0
        self.add_ons = 0
        self.chips_expected = 0  # every chip the event has put in play, less removed
        self.chips_in_play = list(structure.chips)  # denominations
        self.log: list[FloorEvent] = []
        self.deal: dict[int, int] | None = None
        self.kept_for_winner = 0
        self._start_chips: dict[int, dict[str, int]] = {}  # per table, for P6
        self._groups: list[BustGroup] = []
        self._h4h_group: BustGroup | None = None  # the busts of the hand-for-hand round
        self._vacated: dict[tuple[int, int], int] = {}  # (table, seat) -> entry busted there
        self._color_up_due: dict[int, tuple[int, ...]] = {}
        self._stakes: dict[int, Stakes] = {}
        self._prizes: tuple[tuple[int, int], list[int]] | None = None
        self._alive = 0  # entries not eliminated

    # ================================================================ reading

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

    def bust_groups(self) -> tuple[list[BustGroup], BustGroup | None]:
        """The busts not yet placed, a group per hand in order, and the open group of
        the hand-for-hand round (for a diagnosis)."""
        return list(self._groups), self._h4h_group

    @property
    def players_left(self) -> int:
        """How many entries are still in the event."""
        return self._alive

    def _eliminate(self, e: Entry) -> None:
        if not e.eliminated:
            e.eliminated = True
            self._alive -= 1

    @property
    def level(self) -> int:
        """The number of the level in play (1-based; during a break, the level before it)."""
        return self.clock.level_number

    def stakes(self, level: int | None = None) -> Stakes:
        """The stakes of ``level`` (default: the level in play), as the tables deal them."""
        n = self.level if level is None else level
        if n not in self._stakes:
            self._stakes[n] = self.structure.stakes_at(n)
        return self._stakes[n]

    @property
    def chip_unit(self) -> int:
        """The smallest chip in play: every bet and prize is a multiple of it."""
        return self.chips_in_play[0]

    def table(self, number: int) -> TournamentTable:
        """Table ``number``; ConfigError if no such table is in play."""
        if number not in self.floor.tables:
            raise ConfigError(f"no table {number} in play (tables: {sorted(self.floor.tables)})")
        return self.floor.tables[number]

    def table_in_play(self, number: int) -> TournamentTable:
        """Table ``number`` of an event in play: IllegalActionError ``NOT_RUNNING``
        before the start or after the end, ``NO_TABLE`` when no such table plays."""
        if not self.started or self.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        if number not in self.floor.tables:
            raise IllegalActionError(
                Reason.NO_TABLE,
                f"no table {number} in play (tables: {sorted(self.floor.tables)})")
        return self.floor.tables[number]

    def seat_of(self, who: str | int) -> tuple[int, int]:
        """(table, seat) of a player still in (seats from 0); IllegalActionError
        ``ELIMINATED`` or ``NOT_SEATED`` otherwise."""
        e = self.entry(who)
        table = self._table_of(e)
        return table.number, table.seat_of(e.label)

    def chips_at_tables(self) -> int:
        """Every chip at the tables now, hands in progress included."""
        return self.floor.chips()

    def prize_pool(self) -> int:
        """P10: buy-ins, rebuys and add-ons (after the house's share), at least the guarantee."""
        s = self.structure
        return prize_pool(
            entries=len(self.entries), buy_in=s.buy_in, rebuys=self.rebuys,
            rebuy_price=s.rebuy.price if s.rebuy else 0, add_ons=self.add_ons,
            add_on_price=s.add_on.price if s.add_on else 0, guarantee=s.guarantee,
        )

    def prizes(self) -> list[int]:
        """P10: the prize of each place, 1st first; adds up to the prize pool."""
        key = (len(self.entries), self.prize_pool())
        if self._prizes is None or self._prizes[0] != key:
            pcts = self.payout_table.percentages(key[0])
            self._prizes = key, payouts(key[1], pcts, unit=self.structure.floor.payout_unit)
        return list(self._prizes[1])

    @property
    def places_paid(self) -> int:
        """How many places the payout table pays for the entries so far (P10)."""
        return self.payout_table.places_paid(len(self.entries))

    def results(self) -> list[Finish]:
        """Every finish so far, best first (provisional while registration is open);
        a deal's amounts replace the prizes of those who made it."""
        return buys.results(self)

    def _stack(self, entry: Entry) -> int:
        table = self.floor.table_of(entry.label)
        if table is None:
            return 0
        for p in table.players:
            if p is not None and p.name == entry.label:
                return p.stack
        return sum(a.chips for a in self.floor.arrivals.get(table.number, {}).values()
                   if a.name == entry.label)

    def stacks(self) -> dict[int, int]:
        """Chips of every entry still in, by entry number."""
        return {e.number: self._stack(e) for e in self.alive()}

    # ============================================================ registration

    def register(self, name: str) -> list[FloorEvent]:
        """A new entry (before the start, or in late registration: seated at once)."""
        if self.finished:
            raise IllegalActionError(Reason.FINISHED, "the tournament is over")
        if not self.registration_open:
            raise IllegalActionError(Reason.REGISTRATION_CLOSED, "registration is closed")
        if not name.strip():
            raise ConfigError("a player needs a name")
        earlier = [e for e in self.entries.values() if e.name == name]
        if any(e.alive for e in earlier):
            raise IllegalActionError(Reason.ALREADY_REGISTERED, f"{name!r} is still in the event")
        if earlier and (not self.started or len(earlier) > self.structure.reentries):
            raise IllegalActionError(
                Reason.NO_REENTRY, f"{name!r} may not enter again (re-entries allowed: "
                f"{self.structure.reentries})"
            )
        number = len(self.entries) + 1
        label = name if not earlier else f"{name} ({len(earlier) + 1})"
        entry = Entry(number, name, label)
        self.entries[number] = entry
        self._alive += 1
        self.by_label[label] = entry
        self.floor.entry_of[label] = number
        events: list[FloorEvent] = []
        if self.started:
            chips = self.structure.starting_stack
            self.chips_expected += chips
            t, seat, seated = self.floor.seat_late(label, chips, self.stakes(), self.chip_unit)
            events.append(PlayerRegistered(number, name, t, seat))
            events.extend(seated)
            events.extend(self.floor.draw_buttons(list(self.floor.tables.values())))
            events.extend(self._after_change())
        else:
            events.append(PlayerRegistered(number, name))
        return self._emit(events)

    def unregister(self, name: str) -> None:
        """Withdraw an entry before the start; refused (``Reason.STARTED``) once it has started."""
        if self.started:
            raise IllegalActionError(Reason.STARTED, "entries are withdrawn only before the start")
        entry = self.entry(name)
        del self.entries[entry.number]
        del self.by_label[entry.label]
        self._alive -= 1
        self.entries = {i: e for i, e in enumerate(
            (e for e in self.entries.values() if e is not entry), 1)}
        self.floor.entry_of = {}
        for i, e in self.entries.items():
            e.number = i
            self.floor.entry_of[e.label] = i

    def start(self) -> list[FloorEvent]:
        """P1: the seat draw and the button draws; the clock starts at level 1."""
        if self.started:
            raise IllegalActionError(Reason.STARTED, "the tournament has started")
        if len(self.entries) < 2:
            raise IllegalActionError(
                Reason.TOO_FEW_PLAYERS,
                f"{len(self.entries)} player(s) registered: a tournament needs two")
        self.started = True
        chips = self.structure.starting_stack
        players = {e.label: chips for e in self.entries.values()}
        self.chips_expected = chips * len(players)
        events = self.floor.seat_draw(players, self.stakes(1), self.chip_unit)
        events.extend(self.clock.start())
        if self.structure.late_registration_levels == 0:
            events.extend(self._close_registration())
        events.extend(self._after_change())
        return self._emit(events)

    def _close_registration(self) -> list[FloorEvent]:
        if not self.registration_open:
            return []
        self.registration_open = False
        return [RegistrationClosed(len(self.entries))]

    # ================================================================ the clock

    def advance(self, seconds: float) -> list[FloorEvent]:
        """Real time passed (P3: levels change at each table's next hand)."""
        events = self.clock.advance(seconds)
        return self._emit(self._clock_events(events))

    def set_clock(self, elapsed: float) -> list[FloorEvent]:
        """The director sets the clock forward to ``elapsed`` seconds since the start
        (paused or not): the levels and breaks it passes begin and end as if their time
        had run (registration closes, chips colour up).  ConfigError going back,
        IllegalActionError ``NOT_RUNNING`` before the start or after the end."""
        if not self.started or self.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        return self._emit(self._clock_events(self.clock.set_elapsed(elapsed)))

    def set_structure(self, structure: Structure) -> None:
        """P3: play on from now with ``structure`` (the director's edit of the levels
        and breaks to come, or of the level in progress): a new clock at the same
        elapsed time, running or paused, and the stakes read from it.  Refused with a
        ConfigError, nothing changed, when it changes anything but the levels and
        breaks (and the levels ending late registration, rebuys and the add-on), the
        periods already played, or which one is in progress."""
        structure_edits.play_on(self, structure)

    def _clock_events(self, events: list[FloorEvent]) -> list[FloorEvent]:
        out = list(events)
        for e in events:
            if isinstance(e, LevelStarted):
                if self.registration_open and e.number > self.structure.late_registration_levels:
                    out.extend(self._close_registration())
            elif isinstance(e, BreakStarted) and e.color_up:
                removed = tuple(c for c in self.chips_in_play if c in e.color_up)
                self.chips_in_play = [c for c in self.chips_in_play if c not in e.color_up]
                for n in self.floor.tables:
                    self._color_up_due[n] = removed
                for n in list(self._color_up_due):
                    if self.floor.idle(n):
                        out.extend(self._color_up(n))
        return out

    def _color_up(self, number: int) -> list[FloorEvent]:
        """P9: the chip race at one table."""
        removed = self._color_up_due.pop(number, ())
        if not removed or number not in self.floor.tables:
            return []
        table = self.floor.tables[number]
        race = race_at_table(table, removed=removed, smallest=self.chip_unit, rng=self.rng)
        table.chip_unit = self.chip_unit  # S10: odd chips now split by the new smallest
        self.chips_expected += race.change
        won = tuple(self.by_label[name].number for name in race.winners)
        return [ChipRaceHeld(number, removed, self.chip_unit, won, race.change)]

    # ================================================================ hands

    def start_hand(self, number: int, *, deck: Deck | None = None) -> Hand:
        """Deal the next hand at table ``number`` at the level on the clock now (P3),
        from a deck shuffled with the tournament's random source (or ``deck``: a
        stacked deck for tests, a replay)."""
        return hands.start_hand(self, number, deck=deck)

    def killed_action(self, number: int) -> Action | None:
        """P8: the action for a killed hand (absent, on penalty) when it is that seat's
        turn: fold, or post the bring-in if due; None when a player must act."""
        return hands.killed_action(self, number)

    def finish_hand(self, number: int) -> HandResult:
        """Take a finished hand back: busts, penalties, disqualifications, then the
        floor (places, hand-for-hand, balancing, breaking)."""
        return hands.finish_hand(self, number)

    # =========================================================== the floor

    def _after_change(self) -> list[FloorEvent]:
        """Finalise places, end hand-for-hand rounds, keep the tables balanced, start or
        stop hand-for-hand, and see whether the event is over."""
        events: list[FloorEvent] = []
        events.extend(self._finalise_groups())
        if self.h4h.active and self.h4h.done:
            # P5, P7: the floor breaks and balances tables between rounds only, so a table
            # of the round that cannot deal until then (a rebuy declined, a table to
            # break, players lost outside a hand) sits this round out: waiting for it
            # would hold every table up for good.
            for n in sorted(self.h4h.tables - self.h4h.done):
                if n not in self.floor.tables or hands.stalled(self, n):
                    self.h4h.forget(n)
        if self.h4h.active and self.h4h.round_over:
            events.extend(self._clock_events(self.clock.run_off(
                self.structure.floor.hand_for_hand_seconds)))
            released = self.h4h.next_round(self.floor.tables)
            events.append(HandForHandRoundEnded(self.h4h.round - 1, released))
        events.extend(self._hand_for_hand_switch())
        if not self.h4h.active or not self.h4h.done:  # hand-for-hand: between rounds only
            events.extend(self.floor.maintain(self.stakes(), self.chip_unit))
            if self.h4h.active:
                self.h4h.tables &= set(self.floor.tables)
                if not self.h4h.tables:
                    self.h4h.tables = set(self.floor.tables)
            events.extend(self._hand_for_hand_switch())  # down to one table: it ends
        for n in list(self._color_up_due):
            if n not in self.floor.tables:
                del self._color_up_due[n]
            elif self.clock.on_break and self.floor.idle(n):
                events.extend(self._color_up(n))
        if self.started and not self.finished and self.players_left == 1:
            if self.registration_open:
                events.extend(self._close_registration())
            if not any(g.deciding for g in self._groups):
                events.extend(self._finish())
        return events

    def _finalise_groups(self) -> list[FloorEvent]:
        events: list[FloorEvent] = []
        while self._groups and self._groups[0].closed and not self._groups[0].deciding:
            group = self._groups.pop(0)
            if not group.busts:
                continue
            for b in group.busts:
                self._eliminate(self.entries[b.entry])
            self.eliminations.add(group.busts)
            standings = {f.entry: f for f in self.eliminations.last_group(
                len(self.entries), self.prizes(), unit=self.structure.floor.payout_unit)}
            for b in sorted(group.busts, key=lambda b: (-standings[b.entry].place, b.entry)):
                f = standings[b.entry]  # announced from the lowest place up
                e = self.entries[b.entry]
                events.append(PlayerEliminated(b.entry, e.name, f.place, f.place_to, f.prize,
                                               b.disqualified))
        return events

    def _hand_for_hand_switch(self) -> list[FloorEvent]:
        """P5: on by itself near the bubble (registration closed, several tables, at most
        ``hand_for_hand_margin`` more players than places paid); off once in the money
        or down to one table."""
        left, paid = self.players_left, self.places_paid
        several = len(self.floor.tables) > 1
        if self.h4h.active and not self.h4h.done and (left <= paid or not several):
            return self._stop_h4h()  # between rounds: a round is played out to its end
        if (not self.h4h.active and self.structure.floor.hand_for_hand and several
                and not self.registration_open
                and paid < left <= paid + self.structure.floor.hand_for_hand_margin):
            return self._start_h4h()
        return []

    def start_hand_for_hand(self) -> list[FloorEvent]:
        """P5: the director announces hand-for-hand; hands in progress finish as its
        first hand (RP-8-A)."""
        return self._emit(self._start_h4h())

    def stop_hand_for_hand(self) -> list[FloorEvent]:
        """P5: the director ends hand-for-hand play."""
        return self._emit(self._stop_h4h())

    def _start_h4h(self) -> list[FloorEvent]:
        if self.h4h.active:
            return []
        busy = [n for n, t in self.floor.tables.items() if t.hand is not None]
        self.h4h.start(busy, self.floor.tables)
        self.clock.hand_for_hand = True
        self._h4h_group = BustGroup()
        return [HandForHandStarted(self.players_left, self.places_paid)]

    def _stop_h4h(self) -> list[FloorEvent]:
        if not self.h4h.active:
            return []
        self._queue_round_group()
        self.h4h.stop()
        self.clock.hand_for_hand = False
        return [HandForHandEnded(self.players_left), *self._finalise_groups()]

    def _finish(self) -> list[FloorEvent]:
        self.finished = True
        self.clock.pause()
        winner = max(self.alive(), key=lambda e: (self._stack(e), -e.number))
        return [TournamentFinished(winner.number)]

    def _emit(self, events: list[FloorEvent]) -> list[FloorEvent]:
        self.log.extend(events)
        return events

    # ======================================================== players' affairs

    def set_absent(self, who: str | int, absent: bool = True) -> None:
        """P8: an absent player is dealt in, posts blinds and antes, and the hand is
        killed (:meth:`killed_action`)."""
        self.entry(who).absent = absent

    def penalize(self, who: str | int, rounds: int = 1) -> list[FloorEvent]:
        """P8: ``rounds`` rounds of missed hands (see :func:`conduct.penalize`)."""
        return conduct.penalize(self, who, rounds)

    def disqualify(self, who: str | int) -> list[FloorEvent]:
        """P8: out of the event, chips removed from play (see :func:`conduct.disqualify`)."""
        return conduct.disqualify(self, who)

    # ================================ reports from tables dealt by hand (see reports)

    def report_busts(self, where: Sequence[tuple[int, int]],
                     chips_at_start: Mapping[tuple[int, int], int] | None = None
                     ) -> list[FloorEvent]:
        """Players who lost every chip on one hand at a table the library does not deal
        (a live event), by (table, seat); in hand-for-hand play, one round's busts,
        each table's hand then over.  P6: ``chips_at_start`` gives each one's chips at
        the start of the hand (more finishes higher); without it they tie and share
        the places they cover.  A player who may rebuy waits to decide (:meth:`rebuy`,
        :meth:`decline_rebuy`); the others leave their seats and the floor follows
        (places, balancing, breaking, hand-for-hand).  The whole report is checked
        first: an empty seat, a seat named twice, a player already deciding on a
        rebuy or a table not in play refuses it and changes nothing.

        >>> import random
        >>> from pokerroom.tournament import Tournament, structure
        >>> t = Tournament(structure("turbo"), rng=random.Random(7))
        >>> for name in ("Ann", "Bob", "Cy"):
        ...     _ = t.register(name)
        >>> _ = t.start()
        >>> [type(e).__name__ for e in t.report_busts([t.seat_of("Cy")])]
        ['PlayerEliminated']
        >>> t.results()[-1].place, t.players_left
        (3, 2)
        """
        return reports.report_busts(self, where, chips_at_start)

    def report_hand_done(self, number: int) -> list[FloorEvent]:
        """P5: in hand-for-hand play, table ``number`` (not dealt by the library)
        finished the round's hand without a bust (busts are reported with
        :meth:`report_busts`, which counts their tables done); the round ends when
        every table is done.  Refused (``NOT_HAND_FOR_HAND``, ``HAND_FOR_HAND``)
        outside hand-for-hand or for a table done already."""
        return reports.report_hand_done(self, number)

    def move(self, who: str | int, number: int, seat: int) -> list[FloorEvent]:
        """The director moves a player to the empty ``seat`` of another table
        ``number``; refused (``MOVE_NOT_ALLOWED``) when the move leaves the tables
        further apart than the tolerance (P7), and for a table that is breaking
        (``TABLE_BREAKING``) or a player deciding on a rebuy."""
        return reports.move(self, who, number, seat)

    def _new_group(self) -> BustGroup:
        """The busts of one hand (closed: nothing joins them later)."""
        group = BustGroup(closed=True)
        self._groups.append(group)
        return group

    def _round_group(self) -> BustGroup:
        """P5, P6: the busts of the hand-for-hand round in play, together."""
        if self._h4h_group is None:
            self._h4h_group = BustGroup()
        return self._h4h_group

    def _queue_round_group(self) -> None:
        """The hand-for-hand round is over: its busts wait only for rebuy decisions."""
        if self._h4h_group is not None:
            self._h4h_group.closed = True
            self._groups.append(self._h4h_group)
            self._h4h_group = None

    def _knock_out(self, table: TournamentTable, seat: int, e: Entry, group: BustGroup,
                   chips: int) -> None:
        """The player at ``seat`` has no chips left (``chips`` at the start of the hand,
        for P6): out, or deciding on a rebuy when one may be made."""
        group.busts.append(Bust(e.number, chips))
        if buys.may_rebuy(self, e):
            e.deciding_rebuy = True
            group.deciding.add(e.number)
        else:
            table.leave(seat)
            self._eliminate(e)
            self._vacated[(table.number, seat)] = e.number

    def _table_of(self, e: Entry) -> TournamentTable:
        if not e.alive:
            raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} is out of the event")
        table = self.floor.table_of(e.label)
        if table is None:
            raise IllegalActionError(Reason.NOT_SEATED, f"{e.label!r} has no seat")
        return table

    # ----------------------------------------- rebuys, add-ons, deals (see buys)

    def rebuy(self, who: str | int) -> list[FloorEvent]:
        """Buy the rebuy's chips, within the structure's rebuy rules (see :func:`buys.rebuy`)."""
        return buys.rebuy(self, who)

    def decline_rebuy(self, who: str | int) -> list[FloorEvent]:
        """A busted player will not rebuy: out of the event."""
        return buys.decline_rebuy(self, who)

    def add_on(self, who: str | int) -> list[FloorEvent]:
        """One add-on per entry, in its period, between hands (see :func:`buys.add_on`)."""
        return buys.add_on(self, who)

    def deal_suggestion(self, *, keep_for_winner: int = 0) -> DealSuggestion:
        """ICM and chip-chop deals of the prizes the players still in will win."""
        return buys.deal_suggestion(self, keep_for_winner=keep_for_winner)

    def deal_question(self, *, keep_for_winner: int = 0,
                      stacks: Sequence[int] | None = None) -> DealQuestion:
        """What :meth:`deal_suggestion` computes from, read now (:func:`buys.deal_question`):
        the room answers it off the table's task."""
        return buys.deal_question(self, keep_for_winner=keep_for_winner, stacks=stacks)

    def make_deal(self, amounts: Mapping[int, int], *, keep_for_winner: int = 0
                  ) -> list[FloorEvent]:
        """The players still in split the money: ``amounts`` by entry (:func:`buys.make_deal`)."""
        return buys.make_deal(self, amounts, keep_for_winner=keep_for_winner)
