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
from collections.abc import Mapping
from dataclasses import dataclass, field

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import events as hand_events
from pokerroom.rules.actions import Action, BringIn, Discard, Fold, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.table import Stakes
from pokerroom.tournament import buys, conduct
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
    PlayerDisqualified,
    PlayerEliminated,
    PlayerRegistered,
    RegistrationClosed,
    TournamentFinished,
)
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.hand_for_hand import HandForHand
from pokerroom.tournament.icm import DealSuggestion
from pokerroom.tournament.payouts import PayoutTable, payouts, prize_pool
from pokerroom.tournament.payouts import payout_table as payout_table_named
from pokerroom.tournament.places import Bust, Eliminations, Finish
from pokerroom.tournament.structure import Structure
from pokerroom.tournament.tables import TournamentTable


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand did on the floor."""

    table: int
    busted: tuple[int, ...]  # entries that lost every chip (some may still rebuy)
    events: tuple[FloorEvent, ...]
    held: tuple[hand_events.Event, ...] = ()  # RP-8-F: not to be shown yet


@dataclass(slots=True)
class _Group:
    """Busts of one hand (hand-for-hand: one round), waiting for rebuy decisions."""

    busts: list[Bust] = field(default_factory=list)
    deciding: set[int] = field(default_factory=set)
    closed: bool = False  # no more busts will join (the hand or round is over)


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
        self._groups: list[_Group] = []
        self._h4h_group: _Group | None = None
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
        if not self.started or self.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        table = self.table(number)
        if table.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS, f"table {number} is in a hand")
        if self.clock.on_break:
            raise IllegalActionError(Reason.ON_BREAK, "the tournament is on a break")
        self._decline_rebuys(number)
        if number not in self.floor.tables:
            raise IllegalActionError(Reason.TABLE_BROKEN, f"table {number} has been broken")
        if self.floor.blocked(number):
            raise IllegalActionError(Reason.TABLE_BREAKING, f"table {number} waits to be broken "
                                     "or for the final table")
        if not self.h4h.may_start(number):
            raise IllegalActionError(Reason.HAND_FOR_HAND, f"hand-for-hand: table {number} waits "
                                     "for the other tables to finish the hand")
        short = self._halted_short(number)
        if short:
            raise IllegalActionError(Reason.TABLE_HALTED,
                                     f"table {number} is {short} players short "
                                     "of the largest table and waits for players (TDA 11)")
        if number in self._color_up_due:
            self._emit(self._color_up(number))  # a hand ran past the end of the break
        if table.first_button is None and table.positions is None:
            self._emit(self.floor.draw_buttons([table]))
        stakes = self.stakes()
        if table.stakes != stakes:
            table.switcher.switch(table, stakes, self.rng)  # P3: a new level, or game
        table.chip_unit = self.chip_unit
        if sum(1 for p in table.players if p is not None and p.present) < 2:
            raise IllegalActionError(Reason.SHORT_TABLE, f"table {number} has too few players")
        self._start_chips[number] = {p.name: p.stack for p in table.seated().values()}
        if deck is None:
            deck = Deck(rng=self.rng, cards=stakes.game.deck)
        return table.start_hand(deck)

    def _halted_short(self, number: int) -> int:
        """TDA 11-D: how many players the table is short of the largest when that many
        halt it (0: it may deal)."""
        halt = self.structure.floor.halt_shortage
        size = self.floor.size(number)
        table = self.floor.tables[number]
        short = max(self.floor.sizes().values()) - size if table.seat_count - size >= halt else 0
        return short if short >= halt else 0

    def _stalled(self, number: int) -> bool:
        """A table between hands (no rebuy still to decide) that cannot deal until the
        floor breaks or balances it: marked to break, waiting for the final table,
        halted short of players (TDA 11-D), or down to fewer than two players."""
        if not self.floor.idle(number):
            return False
        table = self.floor.tables[number]
        present = sum(1 for p in table.players if p is not None and p.present)
        return present < 2 or self.floor.blocked(number) or self._halted_short(number) > 0

    def killed_action(self, number: int) -> Action | None:
        """P8: the action for a killed hand (absent, on penalty) when it is that seat's
        turn: fold, or post the bring-in if due; None when a player must act."""
        hand = self.table(number).hand
        if hand is None or hand.is_over:
            return None
        legal = hand.legal_actions()
        if legal.seat is None:
            return None
        entry = self.by_label.get(hand.config.names[legal.seat])
        if entry is None or not entry.killed:
            return None
        if legal.phase is Phase.BETTING:
            return BringIn() if legal.bring_in is not None else Fold()
        if legal.phase is Phase.DRAWING:
            return Discard(())
        return Show()

    def finish_hand(self, number: int) -> HandResult:
        """Take a finished hand back: busts, penalties, disqualifications, then the
        floor (places, hand-for-hand, balancing, breaking)."""
        table = self.table(number)
        hand, plan = table.hand, table.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, f"table {number} has no hand in progress")
        table.finish_hand()
        events: list[FloorEvent] = []
        held: tuple[hand_events.Event, ...] = ()
        in_round = self.h4h.active and number in self.h4h.tables
        if in_round:
            held = tuple(self.h4h.finished(number, hand))
        dealt = set(hand.config.names)
        for label in dealt:
            e = self.by_label[label]
            if e.penalty_hands:
                e.penalty_hands -= 1
            e.penalty_hands += e.penalty_next
            e.penalty_next = 0
        self.floor.deliver(number)
        start = self._start_chips.pop(number, {})
        if self.structure.floor.bust_order == "after_antes":
            for ev in hand.events:
                if isinstance(ev, hand_events.AntePosted):
                    start[hand.config.names[ev.seat]] -= ev.amount
        group = self._h4h_group if in_round and self._h4h_group else _Group()
        if in_round:
            self._h4h_group = group
        else:
            group.closed = True
            self._groups.append(group)
        busted: list[int] = []
        for seat, p in sorted(table.seated().items()):
            e = self.by_label[p.name]
            if e.disqualify_after_hand:
                events.extend(self._remove_disqualified(table, seat, e, group, start))
            elif p.stack == 0:
                busted.append(e.number)
                if self._may_rebuy(e):
                    e.deciding_rebuy = True
                    group.deciding.add(e.number)
                    group.busts.append(Bust(e.number, start.get(p.name, 0)))
                else:
                    table.leave(seat)
                    self._eliminate(e)
                    group.busts.append(Bust(e.number, start.get(p.name, 0)))
        if in_round and self.h4h.round_over:
            group.closed = True
            self._groups.append(group)
            self._h4h_group = None
        if number in self._color_up_due and self.clock.on_break:
            events.extend(self._color_up(number))
        events.extend(self._after_change())
        return HandResult(number, tuple(busted), tuple(self._emit(events)), held)

    def _remove_disqualified(self, table: TournamentTable, seat: int, e: Entry, group: _Group,
                             start: dict[str, int]) -> list[FloorEvent]:
        chips = table.leave(seat)
        self.chips_expected -= chips
        self._eliminate(e)
        e.disqualified = True
        e.disqualify_after_hand = False
        group.busts.append(Bust(e.number, start.get(e.label, 0), disqualified=True))
        return [PlayerDisqualified(e.number, chips)]

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
                if n not in self.floor.tables or self._stalled(n):
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
        self._h4h_group = _Group()
        return [HandForHandStarted(self.players_left, self.places_paid)]

    def _stop_h4h(self) -> list[FloorEvent]:
        if not self.h4h.active:
            return []
        if self._h4h_group is not None:
            self._h4h_group.closed = True
            self._groups.append(self._h4h_group)
            self._h4h_group = None
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

    def _new_group(self) -> _Group:
        group = _Group(closed=True)
        self._groups.append(group)
        return group

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

    def make_deal(self, amounts: Mapping[int, int], *, keep_for_winner: int = 0
                  ) -> list[FloorEvent]:
        """The players still in split the money: ``amounts`` by entry (:func:`buys.make_deal`)."""
        return buys.make_deal(self, amounts, keep_for_winner=keep_for_winner)

    def _may_rebuy(self, e: Entry) -> bool:
        r = self.structure.rebuy
        return (r is not None and self.level <= r.last_level and not self.h4h.active
                and (r.max_per_entry is None or e.rebuys < r.max_per_entry))

    def _decline_rebuys(self, number: int) -> None:
        table = self.floor.tables.get(number)
        if table is None:
            return
        declined = False
        for seat, p in list(table.seated().items()):
            if p.stack == 0:
                self._eliminate_decider(table, seat, self.by_label[p.name])
                declined = True
        if declined:
            self._emit(self._after_change())

    def _eliminate_decider(self, table: TournamentTable, seat: int, e: Entry) -> None:
        table.leave(seat)
        self._eliminate(e)
        e.deciding_rebuy = False
        for g in self._groups:
            g.deciding.discard(e.number)
