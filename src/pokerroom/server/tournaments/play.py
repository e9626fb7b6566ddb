"""The play of a tournament in the room: one asyncio task per event owns its
:class:`~pokerroom.tournament.Tournament` and every table of it.

Between requests (:mod:`pokerroom.server.tournaments.director`) it moves the
tournament clock (``Tournament.advance`` with the seconds the server's
:class:`~pokerroom.server.actors.clock.Clock` says have passed; the library never reads
the time), deals at every table that may deal (a refused ``start_hand`` -- on a
break, hand-for-hand, a table waiting to be broken or balanced -- is tried again
after the next change), and keeps the floor log and the books of busts, rebuys and
add-ons.  The hand at each table is played by the table driver the cash tables use
(:class:`~pokerroom.server.actors.driver.TableDriver`): bots (:mod:`pokerroom.bots`),
killed hands (absent, P8) and each person's action clock, asked of the table through
:class:`TournamentSeats`.

Chips are checked, never trusted: the chips at the tables always equal the chips
the event put in play (entries x starting stack + rebuys + add-ons +/- chip
races - disqualifications).

Persistence (:class:`Books`, kept by the director): every change of the floor marks
the event to be saved at the next safe point (:meth:`TournamentPlay.changed`), and
every action in a hand is recorded (see :mod:`pokerroom.server.tournaments.store`).
"""

from __future__ import annotations

import random
import sys
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from pokerroom.bots import Policy
from pokerroom.bots.smart import brief
from pokerroom.cards import child_rng
from pokerroom.errors import IllegalActionError, PokerError
from pokerroom.history.narrate import narrate
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.driver import Move, TableDriver
from pokerroom.server.operations.metrics import UNCOUNTED, RoomMetrics
from pokerroom.server.tables.hand_result import hand_result
from pokerroom.server.tournaments.agreed_deal import AgreedDeal
from pokerroom.server.tournaments.floor import floor_line
from pokerroom.server.tournaments.moves import MoveBook
from pokerroom.server.tournaments.setup import DirectorSettings, Registrant, TableRun
from pokerroom.tournament import Structure, Tournament
from pokerroom.tournament import events as fe
from pokerroom.tournament.display import describe
from pokerroom.tournament.hand_for_hand import all_in_cut

# start_hand refusals that clear up by themselves: try again after the next change.
RETRY_REASONS = frozenset({"on_break", "hand_for_hand", "table_halted", "table_breaking",
                           "short_table", "hand_in_progress", "table_broken"})
SAVE_EVERY = 5.0  # seconds: the clock's time left is saved at least this often in play


class Books(Protocol):
    """What the play asks of its keeper (the
    :class:`~pokerroom.server.tournaments.director.TournamentDirector` that holds it):
    saving the event, recording actions and hands, and telling a person of a refusal."""

    def save(self) -> None:
        """Write the event as it is now (and forget the actions recorded so far)."""

    def record_action(self, n: int, position: int, action: Action) -> None:
        """Write an action just taken at table ``n`` (after a save, if one is due)."""

    def record_hand(self, n: int, hand: Hand, players: dict[str, Any], held: bool) -> None:
        """Keep a finished hand of table ``n`` for its players' downloads."""

    def release_held(self) -> None:
        """A hand-for-hand round is over: its held hands may be downloaded."""

    def tell(self, name: str, exc: PokerError) -> None:
        """Tell ``name``'s connections of a refusal."""


class TournamentPlay:
    """The running of one tournament and its tables, held by its
    :class:`~pokerroom.server.tournaments.director.TournamentDirector` (requests,
    publishing and saving are the director's: ``books``)."""

    def __init__(self, tournament_id: str, name: str, structure: Structure, *, clock: Clock,
                 settings: DirectorSettings, rng: random.Random, books: Books) -> None:
        self.books = books
        self.metrics: RoomMetrics = UNCOUNTED  # the room's: set by its director
        self.id = tournament_id
        self.name = name
        self.structure = structure
        self.clock = clock
        self.settings = settings
        self.rng = rng
        self.t = Tournament(structure, rng=child_rng(rng))
        self.status = "registering"  # "running", "finished"
        self.created_at = clock.now()
        self.started_at: float | None = None
        self.finished_at: float | None = None
        self.registrants: dict[str, Registrant] = {}
        self.tokens: dict[str, str] = {}  # token -> registrant name
        self.runs: dict[int, TableRun] = {}
        self.floor_log: deque[str] = deque(maxlen=300)
        self.hands = 0
        self.last_tick: float | None = None
        self.retry = False  # something changed on the floor: try refused tables again
        self.chip_race_change = 0
        self.chips_removed = 0
        self.save_due = False  # changed since the last save
        self.moves = MoveBook()  # the director's moves waiting for a hand to end
        self.deal = AgreedDeal()  # a deal the director agreed, waiting for the hands in play
        self.starts_at: float | None = None  # the event starts by itself then (Unix time)
        self.saved_at = self.created_at

    # ------------------------------------------------------------- saving

    def changed(self) -> None:
        """Something worth keeping changed: save at the next safe point (the end of this
        step or request, or before the next action is recorded)."""
        self.save_due = True

    def after_request(self) -> None:
        if self.save_due:
            self.books.save()

    # ------------------------------------------------------------- running

    def recover(self) -> None:
        import traceback

        sys.stderr.write(f"pokerroom: tournament {self.id}: internal error\n"
                         f"{traceback.format_exc()}")
        self.floor_log.append("internal error: the director carries on")
        for run in self.runs.values():
            run.ready_at = self.clock.now() + 1.0
            run.deadline = run.bot_due = None

    def next_wakeup(self) -> float | None:
        if self.status != "running":
            return None
        if self.retry:
            return 0.0
        now = self.clock.now()
        times: list[float] = [now + 1.0]  # the clock, away players, refused tables
        left = self.t.clock.time_left
        if left is not None and self.t.clock.running and not self.t.h4h.active:
            times.append(now + left + 0.01)
        for n, table in self.t.floor.tables.items():
            run = self.runs.get(n)
            if run is None:
                return 0.0
            hand = table.hand
            if hand is None:
                deadlines = [reg.rebuy_deadline for reg in map(
                    self.registrant_of, (p.name for p in table.seated().values()))
                    if reg is not None and reg.rebuy_deadline is not None]
                if deadlines:
                    times.extend(deadlines)
                elif run.waiting is None:
                    times.append(run.ready_at)
            elif run.deadline is not None or run.bot_due is not None:
                times.extend(d for d in (run.deadline, run.bot_due) if d is not None)
            elif hand.is_over or hand.actor is not None:
                return 0.0  # someone is due to act: the next step sets their timer
        return min(times) - now

    # ------------------------------------------------------------- the step

    def step(self) -> bool:
        if self.status != "running":
            if self.save_due:
                self.books.save()
            return False
        t = self.t
        now = self.clock.now()
        changed = self.retry
        self.retry = False
        if self.last_tick is not None and now > self.last_tick:
            changed |= self.record_floor(t.advance(now - self.last_tick))
        self.last_tick = now
        changed |= self._mark_away(now)
        for n in sorted(t.floor.tables):
            if t.finished:
                break
            if n in t.floor.tables:
                changed |= self._step_table(n, now)
        if self.deal.pending is not None and not t.finished:
            changed |= self.make_deal()
        if now - self.saved_at >= SAVE_EVERY:
            self.changed()  # the clock's time left, every few seconds
        if self.save_due:
            self.books.save()
        return changed

    def timed_out(self, reg: Registrant, label: str, log: deque[str]) -> None:
        """T13 with P8: one more turn the clock ran out on (only the person's own action
        resets the run: a walk in the big blind is no sign of life); at
        ``sit_out_after`` in a row they are away at once, the rest of this hand and
        every later one killed until they come back."""
        reg.timeouts += 1
        entry = self.t.entry(reg.name)
        if reg.timeouts >= self.settings.sit_out_after and entry.alive and reg.away is None:
            self.t.set_absent(entry.number, True)
            reg.away = "timeouts"
            log.append(f"{label} is away after {reg.timeouts} timeouts")

    def _mark_away(self, now: float) -> bool:
        """P8: a person without a connection for a while is dealt in, blinded and
        anted, and the hand killed."""
        changed = False
        for reg in self.registrants.values():
            if (reg.bot is None and reg.connections == 0 and reg.away is None
                    and now - reg.disconnected_at >= self.settings.away_after):
                entry = self.t.entry(reg.name)
                if entry.alive:
                    self.t.set_absent(entry.number, True)
                    reg.away = "disconnected"
                    self.table_log_of(entry.label, f"{entry.label} is away (disconnected)")
                    self.changed()
                    changed = True
        return changed

    def _step_table(self, n: int, now: float) -> bool:
        t = self.t
        table = t.floor.tables[n]
        run = self.run_for(n)
        changed = False
        if table.hand is None:
            changed |= self._between_hands(n, now)
            if n not in t.floor.tables or t.finished or table.hand is not None:
                return changed
            if now < run.ready_at or self._deciding(n, now) or self.deal.pending is not None:
                return changed  # (no new hand while an agreed deal waits for the others)
            if table.positions is None and table.first_button is not None:
                drawn = table.players[table.first_button]
                if drawn is None or not drawn.present:
                    table.first_button = None  # gone before the first deal: draw again (P1)
            try:
                started = t.start_hand(n)
            except IllegalActionError as exc:
                if exc.reason not in RETRY_REASONS:
                    raise
                if run.waiting != exc.reason:
                    run.waiting = exc.reason
                    changed = True
                return changed
            except PokerError as exc:  # the table cannot deal: say so, try again later
                if run.waiting != "error":
                    self.floor_log.append(f"Table {n} cannot deal: {exc}")
                run.waiting = "error"
                run.ready_at = now + 5.0
                return True
            self._hand_started(n, started)
            changed = True
        return self.driver(n).step(now) or changed

    def driver(self, n: int) -> TableDriver:
        """The table driver of table ``n`` (its timers are the table's run)."""
        run = self.run_for(n)
        seats = TournamentSeats(self, n, finish=lambda: self._hand_finished(n, self.clock.now()))
        return TableDriver(self.t.floor.tables[n], seats, run, log=run.log, timing=self.settings)

    def _between_hands(self, n: int, now: float) -> bool:
        """Add-ons asked for during the hand, bots' add-ons, rebuy decisions due."""
        t = self.t
        table = t.floor.tables[n]
        changed = False
        for p in list(table.seated().values()):
            reg = self.registrant_of(p.name)
            if reg is None:
                continue
            entry = t.by_label[p.name]
            if entry.deciding_rebuy and reg.rebuy_deadline is not None and (
                    now >= reg.rebuy_deadline):
                reg.rebuy_deadline = None
                self.table_log_of(p.name, f"{p.name} did not rebuy in time")
                changed |= self.record_floor(t.decline_rebuy(entry.number))
                if n not in t.floor.tables:
                    return True
                continue
            if self.add_on_open() and not entry.add_on and entry.alive and p.stack > 0 and (
                    reg.wants_add_on or reg.bot is not None):
                reg.wants_add_on = False
                try:
                    changed |= self.record_floor(t.add_on(entry.number))
                except PokerError as exc:
                    self.books.tell(reg.name, exc)
        return changed

    def _deciding(self, n: int, now: float) -> bool:
        """A busted person at this table may still rebuy: the table waits for them."""
        table = self.t.floor.tables[n]
        for p in table.seated().values():
            entry = self.t.by_label[p.name]
            reg = self.registrant_of(p.name)
            if entry.deciding_rebuy and reg is not None and reg.rebuy_deadline is not None:
                return True
        return False

    def add_on_open(self) -> bool:
        """The add-on may be taken now (its level is on the clock)."""
        a = self.structure.add_on
        return a is not None and self.t.level == a.after_level

    _add_on_open = add_on_open  # its older name (tests read it)

    # -------------------------------------------------------------- hands

    def _hand_started(self, n: int, hand: Hand) -> None:
        run = self.run_for(n)
        self.changed()
        self.hands += 1
        run.hand_number = self.hands
        run.waiting = None
        run.cut = None
        run.start_stacks = dict(zip(hand.config.names, hand.config.stacks, strict=True))
        stakes = self.t.floor.tables[n].stakes
        self.driver(n).begin(f"--- hand {self.hands} ---",
                             f"Level {self.t.level}: {stakes.game.name}, {describe(stakes)}")

    def narrate_table(self, n: int) -> None:
        """Tell the public events of table ``n``'s hand not told yet (see
        :meth:`held_from`)."""
        self.driver(n).narrate()

    def held_from(self, n: int, hand: Hand) -> int | None:
        """In a hand-for-hand round, an all-in hand at table ``n`` stays hidden from
        the cards' turning up until every table is done (RP-8-F): the index of its
        first event held back, or None."""
        run = self.run_for(n)
        h4h = self.t.h4h
        if run.cut is None and h4h.active and n in h4h.tables:
            run.cut = all_in_cut(hand)
        return run.cut

    def _hand_finished(self, n: int, now: float) -> None:
        t = self.t
        run = self.run_for(n)
        table = t.floor.tables[n]
        hand = table.hand
        assert hand is not None
        self.changed()
        self.narrate_table(n)
        labels = list(hand.config.names)
        plan = table.plan_in_play
        assert plan is not None
        players = {
            "names": labels,
            "people": [t.by_label[label].name if label in t.by_label else label
                       for label in labels],
            "seats": [s + 1 for s in plan.seats],
            "button": plan.positions.button + 1 if plan.positions is not None else None,
            "max_seats": table.seat_count,
            "level": t.level,
        }
        self.metrics.hand_finished(hand.config.variant.key, room="tournament")
        names = {plan.seat_at(k): label for k, label in enumerate(labels)}
        shown = hand_result(hand.events, plan.seat_at, lambda s: names.get(s, f"seat {s + 1}"),
                            run.hand_number)
        result = t.finish_hand(n)
        self.books.record_hand(n, hand, players, bool(result.held))
        # Built from public events only; a held hand's shows nothing until the round
        # ends (RP-8-F: its all-in cards turn up then, for every table at once).
        run.result, run.held_result = (None, shown) if result.held else (shown, None)
        if result.held:
            run.log.append("All-in on a hand-for-hand hand: the cards are shown when every "
                           "table has finished the hand")
        run.deadline = run.bot_due = None
        run.ready_at = now + self.settings.pause_between_hands
        self.record_floor(list(result.events))
        for number in result.busted:
            entry = t.entries[number]
            if not entry.deciding_rebuy:
                continue
            reg = self.registrants.get(entry.name)
            if reg is None:
                continue
            if reg.bot is not None:
                if self.rng.random() < self.settings.bot_rebuy_rate:
                    self.record_floor(t.rebuy(number))
                else:
                    self.record_floor(t.decline_rebuy(number))
            else:
                reg.rebuy_deadline = now + self.settings.rebuy_seconds
                self.table_log_of(entry.label, f"{entry.label} is out of chips and may rebuy")
        for label, outcome in self.moves.hand_ended(t, n):
            if isinstance(outcome, PokerError):
                self.floor_log.append(f"The director's move of {label} was not made: {outcome}")
            else:
                self.record_floor(outcome)
        self.retry = True

    # -------------------------------------------------------------- the floor

    def record_floor(self, events: list[fe.FloorEvent]) -> bool:
        """Tell what happened on the floor; keep the tables' logs and timers."""
        for e in events:
            self._keep_books(e)
            line = floor_line(self.t, e)
            if line:
                self.floor_log.append(line)
        if events:
            self.retry = True
            self.changed()
            for run in self.runs.values():
                run.waiting = None
        return bool(events)

    def _keep_books(self, e: fe.FloorEvent) -> None:
        """What a floor event changes beside the floor log: the tables' logs and the
        runs, rebuy deadlines, the chip count's corrections, the status."""
        t = self.t
        if isinstance(e, fe.PlayerRegistered) and e.table is not None:
            self.run_for(e.table).log.append(
                f"{e.name} takes seat {(e.seat or 0) + 1} (late registration)")
        elif isinstance(e, fe.ChipsBought):
            label = t.entries[e.entry].label
            line = floor_line(t, e)
            if line:
                self.table_log_of(label, line)
            self._forget_rebuy(label)
        elif isinstance(e, fe.TableOpened):
            self.run_for(e.table)
        elif isinstance(e, fe.PlayerSeated):
            if e.reason in ("final_table", "late_registration"):
                label = t.entries[e.entry].label
                self.run_for(e.table).log.append(f"{label} takes seat {e.seat + 1}")
        elif isinstance(e, fe.ButtonDrawn):
            table = t.floor.tables.get(e.table)
            who = table.players[e.seat] if table is not None else None
            self.run_for(e.table).log.append(
                f"Draw for the button: seat {e.seat + 1}" + (f" ({who.name})" if who else ""))
        elif isinstance(e, fe.PlayerMoved):
            label = t.entries[e.entry].label
            why = "to balance the tables" if e.reason == "balance" else "from a broken table"
            if e.from_table in self.runs:
                self.runs[e.from_table].log.append(f"{label} moves to table {e.to_table} ({why})")
            self.run_for(e.to_table).log.append(
                f"{label} arrives from table {e.from_table}: seat {e.to_seat + 1}")
        elif isinstance(e, fe.TableBroken):
            self.runs.pop(e.table, None)
        elif isinstance(e, fe.FinalTableFormed):
            for number in list(self.runs):
                if number != e.table and number not in t.floor.tables:
                    del self.runs[number]
            self.run_for(e.table).log.append("--- the final table ---")
        elif isinstance(e, fe.PlayerEliminated):
            self._forget_rebuy(t.entries[e.entry].label)
        elif isinstance(e, fe.PlayerDisqualified):
            self.chips_removed += e.chips
        elif isinstance(e, fe.ChipRaceHeld):
            self.chip_race_change += e.chips_change
        elif isinstance(e, fe.HandForHandRoundEnded):
            for table_number, event in e.released:
                run = self.runs.get(table_number)
                if run is not None and event.audience is None:
                    text = narrate(event, self._released_name(table_number))
                    if text:
                        run.log.append(text)
            for run in self.runs.values():
                run.cut = None
                if run.held_result is not None:  # shown now: for the pause between hands
                    run.result, run.held_result = run.held_result, None
                    run.ready_at = max(run.ready_at,
                                       self.clock.now() + self.settings.pause_between_hands)
            self.books.release_held()
        elif isinstance(e, fe.TournamentFinished):
            self.status = "finished"
            self.finished_at = self.clock.now()

    def make_deal(self) -> bool:
        """Make the deal the director agreed once every table is between hands (True
        when it was made or called off)."""
        try:
            events = self.deal.make(self.t)
        except (ValueError, PokerError) as exc:
            self.floor_log.append(str(exc)[0].upper() + str(exc)[1:])
            self.changed()
            return True
        if events is None:
            return False
        self.record_floor(events)
        self.changed()
        return True

    def _forget_rebuy(self, label: str) -> None:
        reg = self.registrant_of(label)
        if reg is not None:
            reg.rebuy_deadline = None

    def _released_name(self, number: int) -> Callable[[int], str]:
        """Names for a held hand's events: the positions of the hand as dealt."""
        names = list(self.run_for(number).start_stacks)

        def name(k: int) -> str:
            return names[k] if 0 <= k < len(names) else f"seat {k + 1}"

        return name

    # -------------------------------------------------------------- helpers

    def run_for(self, n: int) -> TableRun:
        run = self.runs.get(n)
        if run is None:
            run = self.runs[n] = TableRun(n)
        return run

    def registrant_of(self, label: str) -> Registrant | None:
        entry = self.t.by_label.get(label)
        return self.registrants.get(entry.name) if entry is not None else None

    def table_log_of(self, label: str, line: str) -> None:
        table = self.t.floor.table_of(label)
        if table is not None:
            self.run_for(table.number).log.append(line)


    def seat_of(self, name: str) -> tuple[int, int] | None:
        """(table, seat) where the registrant's live entry sits now, if seated."""
        entry = self.t.entry(name)
        if not entry.alive:
            return None
        table = self.t.floor.table_of(entry.label)
        if table is None:
            return None
        for s, p in enumerate(table.players):
            if p is not None and p.name == entry.label:
                return table.number, s
        return None


class TournamentSeats:
    """What the table driver asks of table ``n`` of a tournament
    (:class:`~pokerroom.server.actors.driver.Seats`): its bots (briefed on the prizes
    and stacks near the money), killed hands (P8), timeouts (T13 with P8), each action
    recorded with the event, a hand-for-hand round's held events, and the hand's end
    (``finish``)."""

    def __init__(self, play: TournamentPlay, n: int, *, finish: Callable[[], None]) -> None:
        self.play = play
        self.n = n
        self.finish = finish

    def _registrant(self, seat: int) -> tuple[str, Registrant | None]:
        player = self.play.t.floor.tables[self.n].players[seat]
        label = player.name if player is not None else f"seat {seat + 1}"
        return label, self.play.registrant_of(label)

    def bot(self, seat: int) -> Policy | None:
        reg = self._registrant(seat)[1]
        return reg.bot if reg is not None else None

    def brief(self, policy: Policy) -> None:
        brief(policy, self.play.t, self.n)  # near the money: the prizes and stacks, for ICM

    def stand_in(self, seat: int, hand: Hand) -> tuple[Action, str] | None:
        killed = self.play.t.killed_action(self.n)
        return None if killed is None else (killed, "killed")

    def preaction(self, seat: int) -> Action | None:
        return None  # a tournament's tables offer none

    def away(self, seat: int) -> bool:
        return False  # an absent person's hand is killed (stand_in)

    def muck_losing(self, seat: int) -> bool:
        return False  # every hand is turned up

    def overtime(self, seat: int, at: float) -> float:
        return 0.0  # no time bank

    def acted(self, move: Move) -> None:
        self.play.metrics.acted(move.by, room="tournament")
        self.play.books.record_action(self.n, move.position, move.action)

    def timed_out(self, seat: int) -> None:
        label, reg = self._registrant(seat)
        if reg is not None:
            self.play.timed_out(reg, label, self.play.run_for(self.n).log)

    def narration_end(self, hand: Hand) -> int | None:
        return self.play.held_from(self.n, hand)

    def hand_over(self) -> None:
        self.finish()
