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
from pokerroom.tournament import structure_edits
from pokerroom.tournament.bounties import Bounties
from pokerroom.tournament.busts import BustBook
from pokerroom.tournament.cashier import Cashier, deal_question
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.color_up import ColorUp
from pokerroom.tournament.conduct import Conduct
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import (
    BreakStarted,
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
from pokerroom.tournament.hands import HandBook, HandResult
from pokerroom.tournament.icm import DealQuestion, DealSuggestion
from pokerroom.tournament.payouts import PayoutTable, payouts, prize_pool
from pokerroom.tournament.payouts import payout_table as payout_table_named
from pokerroom.tournament.places import Bust, Eliminations, Finish
from pokerroom.tournament.reports import FloorReports
from pokerroom.tournament.roster import Roster, seated_table
from pokerroom.tournament.structure import Structure
from pokerroom.tournament.tables import TournamentTable

__all__ = ["HandResult", "Tournament"]


class Tournament:
    """One event from registration to the winner.

    It holds its books, each owning its part of the event: the :class:`Roster` of
    entries, the :class:`BustBook` of busts and places, the :class:`Cashier` (rebuys,
    add-ons, deals, the count of chips put in play), :class:`Conduct` (penalties,
    disqualification), the :class:`HandBook` of hands dealt, the
    :class:`FloorReports` of tables it does not deal and :class:`ColorUp` (the chip
    denominations in play and the races, P9).  It keeps the clock, the floor and
    hand-for-hand play, and runs the floor after every change."""

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
            procedures=structure.house.irregularity_procedures,
        )
        self.h4h = HandForHand()
        self.roster = Roster()
        self.busts = BustBook(self.roster)
        self.cashier = Cashier(self.floor, self.busts)
        self.bounties = Bounties(structure.bounty)
        self.conduct = Conduct(self.roster, self.floor, self.busts, self.cashier)
        self.hands = HandBook(self.floor, self.roster, self.busts, self.conduct, self.h4h)
        self.reports = FloorReports(self.floor, self.roster, self.busts, self.h4h)
        self.color_up = ColorUp(structure.chips, floor=self.floor, roster=self.roster,
                                cashier=self.cashier, rng=rng)
        self.started = False
        self.finished = False
        self.registration_open = True
        self.log: list[FloorEvent] = []
        self._stakes: dict[int, Stakes] = {}
        self._prizes: tuple[tuple[int, int], list[int]] | None = None

    def __setstate__(self, state: dict[str, object]) -> None:
        """An event pickled before bounties existed has none."""
        self.__dict__.update(state)
        if not hasattr(self.structure, "bounty"):
            object.__setattr__(self.structure, "bounty", 0)
        if "bounties" not in state:
            self.bounties = Bounties(0)

    # ======================================================= the books' figures

    @property
    def entries(self) -> dict[int, Entry]:
        """Every entry by number (the roster's)."""
        return self.roster.entries

    @property
    def by_label(self) -> dict[str, Entry]:
        """Every entry by its name at the table (the roster's)."""
        return self.roster.by_label

    @property
    def eliminations(self) -> Eliminations:
        """The groups of entries eliminated so far (the bust book's)."""
        return self.busts.eliminations

    @property
    def rebuys(self) -> int:
        """Rebuys sold (the cashier's)."""
        return self.cashier.rebuys

    @property
    def add_ons(self) -> int:
        """Add-ons sold (the cashier's)."""
        return self.cashier.add_ons

    @property
    def chips_expected(self) -> int:
        """Every chip the event has put in play, less those removed (the cashier's count)."""
        return self.cashier.chips_expected

    @chips_expected.setter
    def chips_expected(self, chips: int) -> None:
        self.cashier.chips_expected = chips

    @property
    def chips_in_play(self) -> list[int]:
        """The chip denominations in play, smallest first (P9: fewer after a colour-up)."""
        return self.color_up.chips_in_play

    @property
    def deal(self) -> dict[int, int] | None:
        """The deal made, amounts by entry (None: no deal)."""
        return self.cashier.deal

    @property
    def kept_for_winner(self) -> int:
        """What a deal left to play for."""
        return self.cashier.kept_for_winner

    # ================================================================ reading

    def entry(self, who: str | int) -> Entry:
        """An entry by number, table name or (the latest entry of) a player's name."""
        return self.roster.entry(who)

    def alive(self) -> list[Entry]:
        """The entries still in the event, in entry order."""
        return self.roster.alive()

    @property
    def players_left(self) -> int:
        """How many entries are still in the event."""
        return self.roster.players_left

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
        return self.color_up.chip_unit

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
        table = seated_table(self.floor, e)
        return table.number, table.seat_of(e.label)

    def chips_at_tables(self) -> int:
        """Every chip at the tables now, hands in progress included."""
        return self.floor.chips()

    def prize_pool(self) -> int:
        """P10: buy-ins, rebuys and add-ons (after the house's share), at least the guarantee."""
        s = self.structure
        return prize_pool(
            entries=len(self.entries), buy_in=s.buy_in, rebuys=self.cashier.rebuys,
            rebuy_price=s.rebuy.price if s.rebuy else 0, add_ons=self.cashier.add_ons,
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
        winners: list[Bust] = []
        if self.finished:
            winners = [Bust(e.number, self._stack(e)) for e in self.alive()]
        finishes = self.busts.eliminations.standings(
            len(self.entries), self.prizes(), unit=self.structure.floor.payout_unit,
            winners=winners)
        return self.cashier.settled(finishes)

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
        entry = self.roster.enter(name, reentries=self.structure.reentries,
                                  started=self.started)
        number, label = entry.number, entry.label
        self.floor.entry_of[label] = number
        events: list[FloorEvent] = []
        if self.started:
            chips = self.structure.starting_stack
            self.cashier.put_in(chips)
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
        self.roster.withdraw(name)
        self.floor.entry_of = {e.label: i for i, e in self.entries.items()}

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
        self.cashier.put_in(chips * len(players))
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

    def add_time(self, seconds: int) -> list[FloorEvent]:
        """The director adds ``seconds`` to the level or break in play; negative takes
        them off, which may end it (the clock set forward).  Added time is bounded by
        what has run of the period (ConfigError beyond it); NOT_RUNNING before the
        start or after the end."""
        clock = self.clock
        if not self.started or self.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        if seconds < 0:
            return self.set_clock(clock.elapsed - seconds)
        begun = clock.elapsed - clock.starts[clock.index]
        if seconds > begun:
            raise ConfigError(f"only {int(begun)} seconds of this "
                              f"{'break' if clock.on_break else 'level'} have run: "
                              "no more can be added back")
        clock.elapsed -= seconds
        return []

    def end_period(self) -> list[FloorEvent]:
        """The director ends the level or break in play now: the clock moves to the
        start of the next one (P3: the tables change stakes at their next hand).
        Refused in the last level, which goes on (``LEVEL_OVER``)."""
        if not self.started or self.finished:
            raise IllegalActionError(Reason.NOT_RUNNING, "the event is not in play")
        left = self.clock.time_left
        if left is None:
            raise IllegalActionError(Reason.LEVEL_OVER, "this is the structure's last "
                                     "level: it goes on to the end")
        return self.set_clock(self.clock.elapsed + left)

    def set_structure(self, structure: Structure) -> None:
        """P3: play on from now with ``structure`` (the director's edit of the levels
        and breaks to come, or of the level in progress): a new clock at the same
        elapsed time, running or paused, and the stakes read from it.  Refused with a
        ConfigError, nothing changed, when it changes anything but the levels and
        breaks (and the levels ending late registration, rebuys and the add-on), the
        periods already played, or which one is in progress."""
        self.clock = structure_edits.clock_for(self.clock, self.structure, structure,
                                               started=self.started)
        self.structure = structure
        self._stakes.clear()

    def _clock_events(self, events: list[FloorEvent]) -> list[FloorEvent]:
        out = list(events)
        for e in events:
            if isinstance(e, LevelStarted):
                if self.registration_open and e.number > self.structure.late_registration_levels:
                    out.extend(self._close_registration())
                    # P5: a field already near the bubble goes hand-for-hand now, not at
                    # the next hand's end (a live event reports none before a bust)
                    out.extend(self._hand_for_hand_switch())
            elif isinstance(e, BreakStarted) and e.color_up:
                out.extend(self.color_up.break_started(e.color_up))
        return out

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
        if self.busts.decline_waiting(table):  # its busted players still deciding are out
            self._emit(self._after_change())
        self.hands.check_may_deal(number, halt_shortage=self.structure.floor.halt_shortage)
        if self.color_up.owed(number):
            self._emit(self.color_up.race(number))  # a hand ran past the end of the break
        if table.first_button is None and table.positions is None:
            self._emit(self.floor.draw_buttons([table]))
        return self.hands.deal(table, self.stakes(), chip_unit=self.chip_unit, rng=self.rng,
                               deck=deck)

    def killed_action(self, number: int) -> Action | None:
        """P8: the action for a killed hand (absent, on penalty) when it is that seat's
        turn: fold, or post the bring-in if due; None when a player must act."""
        return self.hands.killed_action(self.table(number))

    def finish_hand(self, number: int) -> HandResult:
        """Take a finished hand back: busts, penalties, disqualifications, then the
        floor (places, hand-for-hand, balancing, breaking)."""
        hand = self.table(number).hand
        taken = self.hands.take_back(
            self.table(number), after_antes=self.structure.floor.bust_order == "after_antes",
            may_rebuy=self._may_rebuy)
        if taken.busted and hand is not None:
            self.bounties.hunt(hand, taken.busted,
                               {label: e.number for label, e in self.roster.by_label.items()})
        events = list(taken.events)
        if self.color_up.owed(number) and self.clock.on_break:
            events.extend(self.color_up.race(number))
        events.extend(self._after_change())
        return HandResult(number, taken.busted, tuple(self._emit(events)), taken.held)

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
                if n not in self.floor.tables or self.hands.stalled(
                        n, halt_shortage=self.structure.floor.halt_shortage):
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
        events.extend(self.color_up.catch_up(on_break=self.clock.on_break))
        if self.started and not self.finished and self.players_left == 1:
            if self.registration_open:
                events.extend(self._close_registration())
            if not self.busts.deciding:
                events.extend(self._finish())
        return events

    def _finalise_groups(self) -> list[FloorEvent]:
        events: list[FloorEvent] = []
        for e in self.busts.finalise(self.prizes, unit=self.structure.floor.payout_unit):
            events.append(e)
            if isinstance(e, PlayerEliminated):
                events.extend(self.bounties.pay(e.entry))  # a knockout's bounty
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
        self.busts.open_round()
        return [HandForHandStarted(self.players_left, self.places_paid)]

    def _stop_h4h(self) -> list[FloorEvent]:
        if not self.h4h.active:
            return []
        self.busts.close_round()
        self.h4h.stop()
        self.clock.hand_for_hand = False
        return [HandForHandEnded(self.players_left), *self._finalise_groups()]

    def _finish(self) -> list[FloorEvent]:
        self.finished = True
        self.clock.pause()
        winner = max(self.alive(), key=lambda e: (self._stack(e), -e.number))
        return [TournamentFinished(winner.number), *self.bounties.settle(
            winner.number, [e.number for e in self.alive()], list(self.entries))]

    def _emit(self, events: list[FloorEvent]) -> list[FloorEvent]:
        self.log.extend(events)
        return events

    # ======================================================== players' affairs

    def set_absent(self, who: str | int, absent: bool = True) -> None:
        """P8: an absent player is dealt in, posts blinds and antes, and the hand is
        killed (:meth:`killed_action`)."""
        self.entry(who).absent = absent

    def penalize(self, who: str | int, rounds: int = 1) -> list[FloorEvent]:
        """P8: ``rounds`` rounds of missed hands (see :meth:`Conduct.penalize`)."""
        return self._emit(self.conduct.penalize(who, rounds))

    def disqualify(self, who: str | int) -> list[FloorEvent]:
        """P8: out of the event, chips removed from play (see :meth:`Conduct.disqualify`)."""
        events = self.conduct.disqualify(who)
        if not events:  # during a hand: when it ends
            return []
        return self._emit([*events, *self._after_change()])

    # ================================ reports from tables dealt by hand (see reports)

    def report_busts(self, where: Sequence[tuple[int, int]],
                     chips_at_start: Mapping[tuple[int, int], int] | None = None,
                     knocked_out_by: Mapping[tuple[int, int], int] | None = None
                     ) -> list[FloorEvent]:
        """Players who lost every chip on one hand at a table the library does not deal
        (a live event), by (table, seat); in hand-for-hand play, one round's busts,
        each table's hand then over.  P6: ``chips_at_start`` gives each one's chips at
        the start of the hand (more finishes higher); without it they tie and share
        the places they cover.  ``knocked_out_by`` names, for a bust, the seat at its
        table of the player who won its chips: in a knockout event they win its bounty
        when it is out for good (a bust named without one: its bounty goes to the
        winner at the end, as a disqualified player's does).  A player who may rebuy
        waits to decide (:meth:`rebuy`,
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
        hunters = self._hunters(where, knocked_out_by or {})
        self.reports.report_busts(where, chips_at_start, table_in_play=self.table_in_play,
                                  may_rebuy=self._may_rebuy)
        for busted, hunter in hunters.items():
            self.bounties.knocked_out_by(busted, hunter)
        return self._emit(self._after_change())

    def _hunters(self, where: Sequence[tuple[int, int]],
                 knocked_out_by: Mapping[tuple[int, int], int]) -> dict[int, int]:
        """The entry that knocked out each bust named in ``knocked_out_by`` (busted
        entry -> hunter entry), checked: a seat of the same table with a player who is
        not busting on this hand."""
        if not set(knocked_out_by) <= set(where):
            raise ConfigError("a knockout names a bust of this report")
        hunters: dict[int, int] = {}
        for (number, seat), by in knocked_out_by.items():
            table = self.table_in_play(number)
            player = table.players[seat] if 0 <= seat < table.seat_count else None
            winner = table.players[by] if 0 <= by < table.seat_count else None
            if player is None:
                continue  # the report's own check says so
            if winner is None or (number, by) in where or winner.stack == 0:
                raise ConfigError(f"table {number} seat {by + 1} has no player still in to "
                                  "have knocked anyone out")
            hunters[self.by_label[player.name].number] = self.by_label[winner.name].number
        return hunters

    def report_hand_done(self, number: int) -> list[FloorEvent]:
        """P5: in hand-for-hand play, table ``number`` (not dealt by the library)
        finished the round's hand without a bust (busts are reported with
        :meth:`report_busts`, which counts their tables done); the round ends when
        every table is done.  Refused (``NOT_HAND_FOR_HAND``, ``HAND_FOR_HAND``)
        outside hand-for-hand or for a table done already."""
        self.table_in_play(number)
        self.reports.report_hand_done(number)
        return self._emit(self._after_change())

    def move(self, who: str | int, number: int, seat: int) -> list[FloorEvent]:
        """The director moves a player to the empty ``seat`` of another table
        ``number``; refused (``MOVE_NOT_ALLOWED``) when the move leaves the tables
        further apart than the tolerance (P7), and for a table that is breaking
        (``TABLE_BREAKING``) or a player deciding on a rebuy."""
        e = self.entry(who)
        src, from_seat = self.seat_of(who)
        moved = self.reports.move(e, src, from_seat, self.table_in_play(number), seat,
                                  tolerance=self.structure.floor.balance_tolerance)
        return self._emit([*moved, *self._after_change()])

    def _may_rebuy(self, e: Entry) -> bool:
        """Whether ``e``, busting now, may decide on a rebuy."""
        return Cashier.may_rebuy(e, self.structure.rebuy, level=self.level,
                                 hand_for_hand=self.h4h.active)

    # ------------------------------------- rebuys, add-ons, deals (see Cashier)

    def rebuy(self, who: str | int) -> list[FloorEvent]:
        """Buy the rebuy's chips, within the structure's rebuy rules (see :meth:`Cashier.rebuy`)."""
        bought = self.cashier.rebuy(self.entry(who), self.structure.rebuy, level=self.level)
        return self._emit([*bought, *self._after_change()])

    def decline_rebuy(self, who: str | int) -> list[FloorEvent]:
        """A busted player will not rebuy: out of the event."""
        self.cashier.decline_rebuy(self.entry(who))
        return self._emit(self._after_change())

    def add_on(self, who: str | int) -> list[FloorEvent]:
        """One add-on per entry, in its period, between hands (see :meth:`Cashier.add_on`)."""
        return self._emit(self.cashier.add_on(self.entry(who), self.structure.add_on,
                                              level=self.level))

    def deal_suggestion(self, *, keep_for_winner: int = 0) -> DealSuggestion:
        """ICM and chip-chop deals of the prizes the players still in will win."""
        return self.deal_question(keep_for_winner=keep_for_winner).answer()

    def deal_question(self, *, keep_for_winner: int = 0,
                      stacks: Sequence[int] | None = None) -> DealQuestion:
        """What :meth:`deal_suggestion` computes from, read now: the players still in,
        their stacks (or ``stacks``, in the order of :meth:`alive`) and the prizes they
        will take; checked, nothing changed.  The room answers it off the table's task."""
        alive = self.alive()
        chips = list(stacks) if stacks is not None else [self._stack(e) for e in alive]
        return deal_question(len(alive), chips, self.prizes(),
                             keep_for_winner=keep_for_winner,
                             unit=self.structure.floor.payout_unit)

    def make_deal(self, amounts: Mapping[int, int], *, keep_for_winner: int = 0
                  ) -> list[FloorEvent]:
        """The players still in split the money: ``amounts`` by entry, adding up with
        ``keep_for_winner`` to the prizes left.  With nothing kept the event ends
        (places by chips); otherwise play goes on for the rest (:meth:`Cashier.make_deal`)."""
        events = self.cashier.make_deal(
            amounts, keep_for_winner=keep_for_winner, alive={e.number for e in self.alive()},
            prizes=self.prizes())
        if keep_for_winner == 0:
            events.extend(self._finish())
        return self._emit(events)
