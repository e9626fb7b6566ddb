"""Tournaments in the room: one asyncio task per event (the director) owns its
:class:`~pokerroom.tournament.Tournament` and every table of it.

The director is the cash table's actor (:mod:`pokerroom.server.actor`) grown to
a whole floor: requests from connections and HTTP handlers are functions queued
to its inbox (:meth:`TournamentDirector.submit`) and run in order; between them
it moves the tournament clock (``Tournament.advance`` with the seconds the
server's :class:`~pokerroom.server.clock.Clock` says have passed; the library
never reads the time), deals at every table that may deal (a refused
``start_hand`` -- on a break, hand-for-hand, a table waiting to be broken or
balanced -- is tried again after the next change), lets bots
(:mod:`pokerroom.bots`) and killed hands (absent, P8) act, runs each person's
action clock, and then publishes a new versioned state to every connection.

People connect to one WebSocket for the whole event, ``/ws/tournaments/{id}``;
the state a person receives always carries the table they sit at now, so a
player moved by balancing, a broken table or the final-table draw is simply
shown the new table (no subscription to move).  Spectators pick a table.

Persistence: **in memory only**.  A restart of the server loses tournaments
(cash tables are stored as before).  Chips are checked instead: the chips at
the tables always equal the chips the event put in play (entries x starting
stack + rebuys + add-ons +/- chip races - disqualifications), which
``GET /api/tournaments/{id}/chips`` reports and the tests check.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import secrets
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerroom.bots import Bot
from pokerroom.errors import ConfigError, IllegalActionError, PokerError
from pokerroom.history.narrate import narrate
from pokerroom.rules.actions import Action, BringIn, CheckCall, Discard, Fold, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.server.clock import Clock
from pokerroom.server.codec import action_from_dict
from pokerroom.server.owner import TaskOwner
from pokerroom.server.protocol import CreateTournament
from pokerroom.tournament import AddOn, Break, Entry, Level, Rebuy, Structure, Tournament
from pokerroom.tournament import events as fe
from pokerroom.tournament import structure as builtin_structure
from pokerroom.tournament.display import describe
from pokerroom.tournament.hand_for_hand import all_in_cut
from pokerroom.tournament.simulate import make_bot

# start_hand refusals that clear up by themselves: try again after the next change.
RETRY_REASONS = frozenset({"on_break", "hand_for_hand", "table_halted", "table_breaking",
                           "short_table", "hand_in_progress", "table_broken"})


def build_structure(request: CreateTournament) -> Structure:
    """A built-in structure with the request's changes (checked by ``Structure``)."""
    base = builtin_structure(request.structure)
    changes: dict[str, Any] = {}
    if request.level_seconds is not None:
        first = next(p for p in base.schedule if isinstance(p, Level)).seconds
        ratio = request.level_seconds / first
        changes["schedule"] = tuple(
            dataclasses.replace(p, seconds=request.level_seconds) if isinstance(p, Level)
            else dataclasses.replace(p, seconds=max(1, round(p.seconds * ratio)))
            for p in base.schedule)
        if ratio < 1:  # short levels: the hand-for-hand run-off and push hold shrink too
            floor = base.floor
            changes["floor"] = dataclasses.replace(
                floor, hand_for_hand_seconds=max(1, round(floor.hand_for_hand_seconds * ratio)),
                push_hold_seconds=round(floor.push_hold_seconds * ratio))
    if request.seats is not None:
        changes["seats"] = request.seats
    stack = request.starting_stack if request.starting_stack is not None else base.starting_stack
    if request.starting_stack is not None:
        changes["starting_stack"] = stack
    levels = base.level_count
    if request.late_registration_levels is not None:
        changes["late_registration_levels"] = min(request.late_registration_levels, levels)
    buy_in = request.buy_in if request.buy_in is not None else base.buy_in
    if request.buy_in is not None:
        changes["buy_in"] = buy_in
    if request.fee is not None:
        changes["fee"] = request.fee
    last = min(request.rebuy_levels, levels)
    if request.rebuys:
        changes["rebuy"] = Rebuy(chips=stack, price=buy_in, last_level=last)
    if request.add_on:
        changes["add_on"] = AddOn(chips=stack, price=buy_in, after_level=last)
    return dataclasses.replace(base, **changes) if changes else base


# ------------------------------------------------------------------ the people


@dataclass(slots=True)
class Registrant:
    """A person or a bot in the event (their latest entry is ``t.entry(name)``)."""

    name: str
    token: str | None  # people only: the key of their connection
    bot: Bot | None = None
    policy: str | None = None
    connections: int = 0
    disconnected_at: float = 0.0
    timeouts: int = 0  # consecutive hands with a timeout
    timed_out_this_hand: bool = False
    away: str | None = None  # why the library marks them absent (P8): "disconnected",
    # "timeouts" or "sat_out"
    rebuy_deadline: float | None = None
    wants_add_on: bool = False


@dataclass(slots=True, eq=False)
class Viewer:
    """One connection: a registrant (``name``) or a spectator (None) watching a table."""

    name: str | None
    watching: int | None = None
    latest: dict[str, Any] | None = None
    errors: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def push_state(self, message: dict[str, Any]) -> None:
        self.latest = message
        self.wake.set()

    def push_error(self, message: dict[str, Any]) -> None:
        self.errors.append(message)
        self.wake.set()


@dataclass(slots=True)
class TableRun:
    """What the director keeps for one table: its log and its timers."""

    number: int
    log: deque[str] = field(default_factory=lambda: deque(maxlen=200))
    hand_number: int = 0  # the tournament's hand number of the hand in play or last
    ready_at: float = 0.0  # no new hand before this (the pause between hands)
    deadline: float | None = None  # a person's action clock
    bot_due: float | None = None
    events_seen: int = 0
    cut: int | None = None  # RP-8-F: events from here are held until the round ends
    waiting: str | None = None  # why no hand is dealt now (the library's reason)
    start_stacks: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DirectorSettings:
    action_seconds: float = 30.0
    bot_delay: float = 0.8
    pause_between_hands: float = 2.0
    sit_out_after: int = 2  # consecutive timeouts before a person is marked away
    away_after: float = 30.0  # seconds without a connection before being marked away
    rebuy_seconds: float = 20.0  # how long a busted person may think about a rebuy
    bot_rebuy_rate: float = 0.6


# ------------------------------------------------------------------ the director


class TournamentDirector(TaskOwner):
    """The owner of one tournament and its tables."""

    def __init__(self, tournament_id: str, name: str, structure: Structure, *, clock: Clock,
                 settings: DirectorSettings, rng: random.Random) -> None:
        super().__init__(f"tournament {tournament_id}")
        self.id = tournament_id
        self.name = name
        self.structure = structure
        self.clock = clock
        self.settings = settings
        self.rng = rng
        self.t = Tournament(structure, rng=random.Random(rng.random()))
        self.director_key = secrets.token_urlsafe(18)
        self.status = "registering"  # "running", "finished"
        self.created_at = clock.now()
        self.started_at: float | None = None
        self.finished_at: float | None = None
        self.registrants: dict[str, Registrant] = {}
        self.tokens: dict[str, str] = {}  # token -> registrant name
        self.runs: dict[int, TableRun] = {}
        self.viewers: set[Viewer] = set()
        self.floor_log: deque[str] = deque(maxlen=300)
        self.hands = 0
        self.version = 0
        self.last_tick: float | None = None
        self.retry = False  # something changed on the floor: try refused tables again
        self.chip_race_change = 0
        self.chips_removed = 0

    # ------------------------------------------------------------- running

    def _recover(self) -> None:
        import traceback

        sys.stderr.write(f"pokerroom: tournament {self.id}: internal error\n"
                         f"{traceback.format_exc()}")
        self.floor_log.append("internal error: the director carries on")
        for run in self.runs.values():
            run.ready_at = self.clock.now() + 1.0
            run.deadline = run.bot_due = None

    def _next_wakeup(self) -> float | None:
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
                    self._registrant_of, (p.name for p in table.seated().values()))
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

    def _step(self) -> bool:
        if self.status != "running":
            return False
        t = self.t
        now = self.clock.now()
        changed = self.retry
        self.retry = False
        if self.last_tick is not None and now > self.last_tick:
            changed |= self._floor(t.advance(now - self.last_tick))
        self.last_tick = now
        changed |= self._mark_away(now)
        for n in sorted(t.floor.tables):
            if t.finished:
                break
            if n in t.floor.tables:
                changed |= self._step_table(n, now)
        return changed

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
                    self._table_log_of(entry.label, f"{entry.label} is away (disconnected)")
                    changed = True
        return changed

    def _step_table(self, n: int, now: float) -> bool:
        t = self.t
        table = t.floor.tables[n]
        run = self._run_for(n)
        changed = False
        if table.hand is None:
            changed |= self._between_hands(n, now)
            if n not in t.floor.tables or t.finished or table.hand is not None:
                return changed
            if now < run.ready_at or self._deciding(n, now):
                return changed
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
        hand = table.hand
        assert hand is not None
        for _ in range(2000):  # bounded: bots and killed hands acting in a row
            if hand.is_over:
                self._hand_finished(n, now)
                return True
            k = hand.actor
            if k is None:
                return changed
            label = hand.config.names[k]
            killed = t.killed_action(n)
            if killed is not None:
                self._apply(n, k, killed)
                changed = True
                continue
            reg = self._registrant_of(label)
            if reg is not None and reg.bot is not None:
                if run.bot_due is None:
                    run.bot_due = now + self.settings.bot_delay
                if now < run.bot_due:
                    return changed
                action = reg.bot(hand, k)
                try:
                    self._apply(n, k, action)
                except IllegalActionError as exc:
                    run.log.append(f"{label} (bot) tried an illegal action: {exc}")
                    self._apply(n, k, _default_action(hand))
                changed = True
                continue
            if run.deadline is None:
                run.deadline = now + self.settings.action_seconds
                return True
            if now >= run.deadline:
                if reg is not None:
                    reg.timed_out_this_hand = True
                self._apply(n, k, _default_action(hand))
                run.log.append(f"{label} ran out of time")
                changed = True
                continue
            return changed
        return changed

    def _between_hands(self, n: int, now: float) -> bool:
        """Add-ons asked for during the hand, bots' add-ons, rebuy decisions due."""
        t = self.t
        table = t.floor.tables[n]
        changed = False
        for p in list(table.seated().values()):
            reg = self._registrant_of(p.name)
            if reg is None:
                continue
            entry = t.by_label[p.name]
            if entry.deciding_rebuy and reg.rebuy_deadline is not None and (
                    now >= reg.rebuy_deadline):
                reg.rebuy_deadline = None
                self._table_log_of(p.name, f"{p.name} did not rebuy in time")
                changed |= self._floor(t.decline_rebuy(entry.number))
                if n not in t.floor.tables:
                    return True
                continue
            if self._add_on_open() and not entry.add_on and entry.alive and p.stack > 0 and (
                    reg.wants_add_on or reg.bot is not None):
                reg.wants_add_on = False
                try:
                    changed |= self._floor(t.add_on(entry.number))
                except PokerError as exc:
                    self._tell(reg.name, exc)
        return changed

    def _deciding(self, n: int, now: float) -> bool:
        """A busted person at this table may still rebuy: the table waits for them."""
        table = self.t.floor.tables[n]
        for p in table.seated().values():
            entry = self.t.by_label[p.name]
            reg = self._registrant_of(p.name)
            if entry.deciding_rebuy and reg is not None and reg.rebuy_deadline is not None:
                return True
        return False

    def _add_on_open(self) -> bool:
        a = self.structure.add_on
        return a is not None and self.t.level == a.after_level

    # -------------------------------------------------------------- hands

    def _hand_started(self, n: int, hand: Hand) -> None:
        run = self._run_for(n)
        self.hands += 1
        run.hand_number = self.hands
        run.waiting = None
        run.events_seen = 0
        run.cut = None
        run.deadline = run.bot_due = None
        run.start_stacks = dict(zip(hand.config.names, hand.config.stacks, strict=True))
        for name in hand.config.names:
            reg = self._registrant_of(name)
            if reg is not None:
                reg.timed_out_this_hand = False
        stakes = self.t.floor.tables[n].stakes
        run.log.append(f"--- hand {self.hands} ---")
        run.log.append(f"Level {self.t.level}: {stakes.game.name}, {describe(stakes)}")
        self._narrate(n, hand)

    def _apply(self, n: int, engine_seat: int, action: Action) -> None:
        hand = self.t.floor.tables[n].hand
        assert hand is not None
        hand.act(action, seat=engine_seat)
        run = self._run_for(n)
        run.deadline = run.bot_due = None
        self._narrate(n, hand)

    def _narrate(self, n: int, hand: Hand) -> None:
        """Public events to the table's log; in a hand-for-hand round, an all-in hand
        stays hidden from the cards' turning up until every table is done (RP-8-F)."""
        run = self._run_for(n)
        h4h = self.t.h4h
        if run.cut is None and h4h.active and n in h4h.tables:
            run.cut = all_in_cut(hand)
        end = len(hand.events) if run.cut is None else min(run.cut, len(hand.events))
        names = hand.config.names
        for event in hand.events[run.events_seen:end]:
            if event.audience is None:
                line = narrate(event, lambda k: names[k])
                if line:
                    run.log.append(line)
        run.events_seen = max(run.events_seen, end)

    def _hand_finished(self, n: int, now: float) -> None:
        t = self.t
        run = self._run_for(n)
        table = t.floor.tables[n]
        hand = table.hand
        assert hand is not None
        self._narrate(n, hand)
        labels = list(hand.config.names)
        result = t.finish_hand(n)
        if result.held:
            run.log.append("All-in on a hand-for-hand hand: the cards are shown when every "
                           "table has finished the hand")
        for label in labels:
            reg = self._registrant_of(label)
            if reg is None or reg.bot is not None:
                continue
            if reg.timed_out_this_hand:
                reg.timeouts += 1
                entry = t.entry(reg.name)
                if reg.timeouts >= self.settings.sit_out_after and entry.alive and (
                        reg.away is None):
                    t.set_absent(entry.number, True)
                    reg.away = "timeouts"
                    run.log.append(f"{label} is away after {reg.timeouts} timeouts")
            else:
                reg.timeouts = 0
        run.deadline = run.bot_due = None
        run.ready_at = now + self.settings.pause_between_hands
        self._floor(list(result.events))
        for number in result.busted:
            entry = t.entries[number]
            if not entry.deciding_rebuy:
                continue
            reg = self.registrants.get(entry.name)
            if reg is None:
                continue
            if reg.bot is not None:
                if self.rng.random() < self.settings.bot_rebuy_rate:
                    self._floor(t.rebuy(number))
                else:
                    self._floor(t.decline_rebuy(number))
            else:
                reg.rebuy_deadline = now + self.settings.rebuy_seconds
                self._table_log_of(entry.label, f"{entry.label} is out of chips and may rebuy")
        self.retry = True

    # -------------------------------------------------------------- the floor

    def _floor(self, events: list[fe.FloorEvent]) -> bool:
        """Tell what happened on the floor; keep the tables' logs and timers."""
        t = self.t
        for e in events:
            line: str | None = None
            if isinstance(e, fe.LevelStarted):
                stakes = t.stakes(e.number)
                line = f"Level {e.number}: {stakes.game.name}, {describe(stakes)}"
            elif isinstance(e, fe.BreakStarted):
                line = f"Break: {_minutes(e.seconds)}"
                if e.color_up:
                    line += " (colour-up of the " + ", ".join(f"{c:,}" for c in e.color_up) + \
                        " chips)"
            elif isinstance(e, fe.BreakEnded):
                line = "The break is over"
            elif isinstance(e, fe.PlayerRegistered):
                if e.table is not None:
                    seat = (e.seat or 0) + 1
                    line = f"{e.name} registers late: table {e.table}, seat {seat}"
                    self._run_for(e.table).log.append(
                        f"{e.name} takes seat {seat} (late registration)")
                else:
                    line = f"{e.name} registers"
            elif isinstance(e, fe.RegistrationClosed):
                line = f"Registration is closed: {e.entries} entries"
            elif isinstance(e, fe.ChipsBought):
                label = t.entries[e.entry].label
                what = "rebuys" if e.kind == "rebuy" else "takes the add-on"
                line = f"{label} {what}: {e.chips:,} chips"
                self._table_log_of(label, line)
                reg = self._registrant_of(label)
                if reg is not None:
                    reg.rebuy_deadline = None
            elif isinstance(e, fe.TableOpened):
                self._run_for(e.table)
            elif isinstance(e, fe.PlayerSeated):
                label = t.entries[e.entry].label
                if e.reason in ("final_table", "late_registration"):
                    self._run_for(e.table).log.append(f"{label} takes seat {e.seat + 1}")
            elif isinstance(e, fe.ButtonDrawn):
                table = t.floor.tables.get(e.table)
                who = table.players[e.seat] if table is not None else None
                self._run_for(e.table).log.append(
                    f"Draw for the button: seat {e.seat + 1}" + (f" ({who.name})" if who else ""))
            elif isinstance(e, fe.PlayerMoved):
                label = t.entries[e.entry].label
                why = "to balance the tables" if e.reason == "balance" else "from a broken table"
                line = (f"{label} moves from table {e.from_table} to table {e.to_table}, "
                        f"seat {e.to_seat + 1} ({why})")
                if e.from_table in self.runs:
                    self.runs[e.from_table].log.append(
                        f"{label} moves to table {e.to_table} ({why})")
                self._run_for(e.to_table).log.append(
                    f"{label} arrives from table {e.from_table}: seat {e.to_seat + 1}")
            elif isinstance(e, fe.TableBroken):
                line = f"Table {e.table} is broken"
                self.runs.pop(e.table, None)
            elif isinstance(e, fe.FinalTableFormed):
                line = f"The final table: {e.players} players at table {e.table}"
                for number in list(self.runs):
                    if number != e.table and number not in t.floor.tables:
                        del self.runs[number]
                self._run_for(e.table).log.append("--- the final table ---")
            elif isinstance(e, fe.TableHalted):
                line = f"Table {e.table} waits for players ({e.short_by} short)"
            elif isinstance(e, fe.PlayerEliminated):
                line = f"{e.name} finishes {_place(e.place, e.place_to)}"
                if e.prize:
                    line += f" and wins {_money(e.prize)}"
                if e.disqualified:
                    line += " (disqualified)"
                label = t.entries[e.entry].label
                reg = self._registrant_of(label)
                if reg is not None:
                    reg.rebuy_deadline = None
            elif isinstance(e, fe.PenaltyGiven):
                line = f"{t.entries[e.entry].label} sits out {e.hands} hands (penalty)"
            elif isinstance(e, fe.PlayerDisqualified):
                line = f"{t.entries[e.entry].label} is disqualified: {e.chips:,} chips removed"
                self.chips_removed += e.chips
            elif isinstance(e, fe.ChipRaceHeld):
                self.chip_race_change += e.chips_change
                won = ", ".join(t.entries[w].label for w in e.won) or "nobody"
                removed = ", ".join(f"{c:,}" for c in e.removed)
                line = (f"Chip race at table {e.table}: the {removed} chips leave play; "
                        f"won by {won}")
            elif isinstance(e, fe.HandForHandStarted):
                line = (f"Hand-for-hand: {e.players_left} players left, {e.places_paid} paid; "
                        "every table plays one hand and waits for the others")
            elif isinstance(e, fe.HandForHandRoundEnded):
                for table_number, event in e.released:
                    run = self.runs.get(table_number)
                    if run is not None and event.audience is None:
                        text = narrate(event, self._released_name(table_number))
                        if text:
                            run.log.append(text)
                for run in self.runs.values():
                    run.cut = None
            elif isinstance(e, fe.HandForHandEnded):
                line = f"Hand-for-hand is over: {e.players_left} players left"
            elif isinstance(e, fe.DealMade):
                line = "A deal: " + ", ".join(
                    f"{t.entries[k].label} {_money(v)}" for k, v in e.amounts)
            elif isinstance(e, fe.TournamentFinished):
                line = f"{t.entries[e.winner].label} wins the tournament"
                self.status = "finished"
                self.finished_at = self.clock.now()
            if line:
                self.floor_log.append(line)
        if events:
            self.retry = True
            for run in self.runs.values():
                run.waiting = None
        return bool(events)

    def _released_name(self, number: int) -> Callable[[int], str]:
        """Names for a held hand's events: the engine seats of the hand as dealt."""
        names = list(self._run_for(number).start_stacks)

        def name(k: int) -> str:
            return names[k] if 0 <= k < len(names) else f"seat {k + 1}"

        return name

    # -------------------------------------------------------------- helpers

    def _run_for(self, n: int) -> TableRun:
        run = self.runs.get(n)
        if run is None:
            run = self.runs[n] = TableRun(n)
        return run

    def _registrant_of(self, label: str) -> Registrant | None:
        entry = self.t.by_label.get(label)
        return self.registrants.get(entry.name) if entry is not None else None

    def _table_log_of(self, label: str, line: str) -> None:
        table = self.t.floor.table_of(label)
        if table is not None:
            self._run_for(table.number).log.append(line)

    def _tell(self, name: str, exc: PokerError) -> None:
        reason = exc.reason if isinstance(exc, IllegalActionError) else type(exc).__name__
        for v in self.viewers:
            if v.name == name:
                v.push_error({"type": "error", "reason": reason, "message": str(exc)})

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

    # ------------------------------------------------------- requests (inside)

    def _need_director(self, key: str) -> None:
        if not secrets.compare_digest(key, self.director_key):
            raise IllegalActionError("not_director", "only the tournament's director may do that")

    def register(self, name: str, token: str | None = None) -> str:
        """A person enters (before the start, or in late registration); returns their
        token.  A person who busted may enter again with their token, if the
        structure allows re-entries."""
        name = name.strip()
        if not name:
            raise ConfigError("a player needs a name")
        known = self.registrants.get(name)
        if known is not None and (known.token is None or token is None
                                  or not secrets.compare_digest(known.token, token)):
            raise IllegalActionError("name_taken", f"{name!r} is already registered")
        self._floor(self.t.register(name))
        if known is not None:
            return token or ""
        new_token = secrets.token_urlsafe(24)
        self.registrants[name] = Registrant(name, new_token,
                                            disconnected_at=self.clock.now())
        self.tokens[new_token] = name
        return new_token

    def unregister(self, token: str) -> None:
        name = self.name_for_token(token)
        if name is None:
            raise IllegalActionError("bad_token", "unknown player token")
        self.t.unregister(name)
        del self.registrants[name]
        del self.tokens[token]
        for viewer in self.viewers:
            if viewer.name == name:
                viewer.name = None
        self.floor_log.append(f"{name} unregisters")

    def add_bots(self, key: str, count: int, policy: str) -> list[str]:
        self._need_director(key)
        added: list[str] = []
        n = 1
        for _ in range(count):
            while f"Bot {n}" in self.registrants:
                n += 1
            name = f"Bot {n}"
            self._floor(self.t.register(name))
            self.registrants[name] = Registrant(
                name, None, bot=make_bot(policy, random.Random(self.rng.random())),
                policy=policy)
            added.append(name)
        return added

    def start(self, key: str) -> None:
        self._need_director(key)
        if self.status != "registering":
            raise IllegalActionError("started", "the tournament has started")
        self._floor(self.t.start())
        self.status = "running"
        now = self.clock.now()
        self.started_at = self.last_tick = now
        for reg in self.registrants.values():
            if reg.bot is None and reg.connections == 0:
                reg.disconnected_at = max(reg.disconnected_at, now)
        self.retry = True

    def pause(self, key: str, paused: bool) -> None:
        self._need_director(key)
        if self.status != "running":
            raise IllegalActionError("not_running", "the tournament is not in play")
        if paused:
            self.t.clock.pause()
            self.floor_log.append("The clock is paused")
        else:
            self.t.clock.resume()
            self.floor_log.append("The clock runs again")

    def penalize(self, key: str, label: str, rounds: int) -> None:
        """P8: missed hands (dealt, blinded and anted, the hand killed)."""
        self._need_director(key)
        entry = self._live_entry(label)
        self._floor(self.t.penalize(entry.number, rounds))

    def disqualify(self, key: str, label: str) -> None:
        """P8: out of the event, the chips removed from play (at the end of a hand in
        progress)."""
        self._need_director(key)
        entry = self._live_entry(label)
        self._floor(self.t.disqualify(entry.number))
        if entry.disqualify_after_hand:
            self._table_log_of(entry.label, f"{entry.label} is disqualified at the end of "
                                            "this hand")

    def _live_entry(self, label: str) -> Entry:
        if self.status != "running":
            raise IllegalActionError("not_running", "the tournament is not in play")
        entry = self.t.by_label.get(label) or self.t.entry(label)
        if not entry.alive:
            raise IllegalActionError("eliminated", f"{entry.label!r} is out of the event")
        return entry

    def name_for_token(self, token: str) -> str | None:
        for known, name in self.tokens.items():
            if secrets.compare_digest(known, token):
                return name
        return None

    def act(self, name: str, message: dict[str, Any]) -> None:
        """A person's action at the table they sit at now."""
        where = self.seat_of(name)
        if where is None:
            raise IllegalActionError("not_seated", "you have no seat in play")
        n, seat = where
        table = self.t.floor.tables[n]
        hand, plan = table.hand, table.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError("no_hand", "there is no hand in progress at your table")
        if seat not in plan.seats:
            raise IllegalActionError("not_in_hand", "you are not in this hand")
        k = plan.seats.index(seat)
        action = action_from_dict(message)
        if hand.actor != k and not (hand.phase is Phase.SHOWDOWN and isinstance(action, Show)):
            raise IllegalActionError("not_your_turn", "it is not your turn")
        self._apply(n, k, action)
        reg = self.registrants[name]
        reg.timeouts = 0

    def rebuy(self, name: str) -> None:
        entry = self.t.entry(name)
        self._floor(self.t.rebuy(entry.number))
        self.registrants[name].rebuy_deadline = None

    def decline_rebuy(self, name: str) -> None:
        entry = self.t.entry(name)
        self.registrants[name].rebuy_deadline = None
        self._floor(self.t.decline_rebuy(entry.number))

    def add_on(self, name: str) -> None:
        """The add-on, now if the player's table is between hands, else after the hand."""
        entry = self.t.entry(name)
        if not self._add_on_open():
            raise IllegalActionError("add_on_closed", "the add-on is not available now")
        if entry.add_on:
            raise IllegalActionError("add_on_taken", "you have taken the add-on")
        table = self.t.floor.table_of(entry.label)
        if table is not None and table.hand is None:
            self._floor(self.t.add_on(entry.number))
        else:
            self.registrants[name].wants_add_on = True
            self._table_log_of(entry.label, f"{entry.label} takes the add-on after this hand")

    def sit_out(self, name: str) -> None:
        entry = self.t.entry(name)
        if not entry.alive:
            raise IllegalActionError("eliminated", "you are out of the event")
        self.t.set_absent(entry.number, True)
        self.registrants[name].away = "sat_out"
        self._table_log_of(entry.label, f"{entry.label} sits out")

    def sit_in(self, name: str) -> None:
        entry = self.t.entry(name)
        reg = self.registrants[name]
        if entry.alive:
            self.t.set_absent(entry.number, False)
        if reg.away is not None:
            self._table_log_of(entry.label, f"{entry.label} is back")
        reg.away = None
        reg.timeouts = 0

    # ------------------------------------------------------------ publishing

    def subscribe(self, name: str | None, watching: int | None = None) -> Viewer:
        viewer = Viewer(name, watching)
        self.viewers.add(viewer)
        if name is not None:
            reg = self.registrants[name]
            reg.connections += 1
            if reg.away == "disconnected":
                self.sit_in(name)
        self._publish(only=viewer)
        return viewer

    def unsubscribe(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        if viewer.name is not None and viewer.name in self.registrants:
            reg = self.registrants[viewer.name]
            reg.connections -= 1
            if reg.connections == 0:
                reg.disconnected_at = self.clock.now()
        self._publish()

    def watch(self, viewer: Viewer, table: int) -> None:
        if table not in self.t.floor.tables:
            raise IllegalActionError("no_table", f"no table {table} in play")
        viewer.watching = table
        self._publish(only=viewer)

    def _publish(self, only: Viewer | None = None) -> None:
        from pokerroom.server.tournament_views import Publication

        if only is None:
            self.version += 1
        if not self.viewers:
            return
        publication = Publication(self)
        for viewer in [only] if only is not None else list(self.viewers):
            viewer.push_state(publication.message_for(viewer))

    def diagnosis(self) -> str:
        """Why nothing moves, for people reading a failure: the clock, hand-for-hand,
        the floor, every table (who is to act, timers, the refusal it waits on),
        rebuy decisions, and the director's task."""
        t, now = self.t, self.clock.now()

        def due(at: float | None) -> str:
            return "-" if at is None else f"{at - now:+.1f}s"

        c, h = t.clock, t.h4h
        lines = [
            f"status={self.status} version={self.version} hands={self.hands} "
            f"retry={self.retry} players_left={t.players_left} entries={len(t.entries)} "
            f"paid={t.places_paid} finished={t.finished}",
            f"clock: level={t.level} on_break={c.on_break} running={c.running} "
            f"time_left={c.time_left} elapsed={c.elapsed:.1f} "
            f"clock.hand_for_hand={c.hand_for_hand} registration_open={t.registration_open}",
            f"hand-for-hand: active={h.active} round={h.round} tables={sorted(h.tables)} "
            f"done={sorted(h.done)} held={len(h.held)}",
            f"floor: breaking={t.floor.breaking} final_pending={t.floor.final_pending} "
            f"final_formed={t.floor.final_formed} sizes={t.floor.sizes()} arrivals="
            + repr({n: {s: a.name for s, a in seats.items()}
                    for n, seats in t.floor.arrivals.items() if seats}),
            "groups deciding: " + repr([sorted(g.deciding) for g in t._groups if g.deciding])
            + f" h4h group: {t._h4h_group}",
        ]
        for n, table in sorted(t.floor.tables.items()):
            run = self.runs.get(n)
            hand = table.hand
            head = f"table {n}: "
            if run is None:
                head += "no run"
            else:
                head += (f"waiting={run.waiting} ready_at={due(run.ready_at)} "
                         f"deadline={due(run.deadline)} bot_due={due(run.bot_due)} "
                         f"hand_number={run.hand_number}")
            if hand is None:
                head += " | between hands"
            else:
                actor = hand.actor
                who = hand.config.names[actor] if actor is not None else None
                head += f" | hand: phase={hand.phase.name} over={hand.is_over} actor={who}"
            lines.append(head)
            for s, p in table.seated().items():
                entry = t.by_label.get(p.name)
                reg = self._registrant_of(p.name)
                kind = "?" if reg is None else ("bot" if reg.bot is not None else "person")
                extra = ""
                if entry is not None:
                    extra += (f" deciding_rebuy={entry.deciding_rebuy}" if entry.deciding_rebuy
                              else "") + (" absent" if entry.absent else "")
                if reg is not None and reg.bot is None:
                    extra += (f" connections={reg.connections} away={reg.away} "
                              f"rebuy_deadline={due(reg.rebuy_deadline)}")
                lines.append(f"  seat {s + 1}: {p.name} ({kind}) stack={p.stack} "
                             f"status={p.status.value}{extra}")
        task = self._task
        if task is None:
            lines.append("task: none")
        elif task.done():
            error = None if task.cancelled() else task.exception()
            lines.append(f"task: done, cancelled={task.cancelled()} exception={error!r}")
        else:
            lines.append(f"task: running, inbox={self.inbox.qsize()}")
        lines.append("floor log: " + " / ".join(list(self.floor_log)[-12:]))
        return "\n".join(lines)

    def snapshot(self, viewer_name: str | None = None) -> dict[str, Any]:
        """The state as a viewer would receive it (for the HTTP API)."""
        from pokerroom.server.tournament_views import Publication

        return Publication(self).message_for(Viewer(viewer_name))


def _default_action(hand: Hand) -> Action:
    """A timed-out player checks or folds (stands pat, shows, brings in)."""
    legal = hand.legal_actions()
    if legal.phase is Phase.SHOWDOWN:
        return Show()
    if legal.phase is Phase.DRAWING:
        return Discard(())
    if legal.bring_in is not None:
        return BringIn()
    return CheckCall() if legal.check else Fold()


def _minutes(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m} min" + (f" {s} s" if s else "") if m else f"{s} s"


def _place(place: int, place_to: int) -> str:
    text = _ordinal(place)
    return text if place == place_to else f"{text}-{_ordinal(place_to)} (shared)"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _money(cents: int) -> str:
    return f"${cents / 100:,.2f}"


# -------------------------------------------------------------------- the room


class TournamentRoom:
    """Every tournament of the server, in memory."""

    def __init__(self, clock: Clock, *, bot_delay: float, pause_between_hands: float,
                 seed: int | None = None) -> None:
        self.clock = clock
        self.bot_delay = bot_delay
        self.pause = pause_between_hands
        self.rng = random.Random(seed if seed is not None else secrets.randbits(64))
        self.directors: dict[str, TournamentDirector] = {}

    def create(self, request: CreateTournament) -> TournamentDirector:
        structure = build_structure(request)
        tid = secrets.token_hex(5)
        rng = random.Random(request.seed if request.seed is not None else self.rng.random())
        settings = DirectorSettings(
            action_seconds=request.action_seconds, bot_delay=self.bot_delay,
            pause_between_hands=self.pause,
            rebuy_seconds=max(10.0, request.action_seconds))
        director = TournamentDirector(tid, request.name, structure, clock=self.clock,
                                      settings=settings, rng=rng)
        director.floor_log.append(f"{request.name} is open for registration")
        self.directors[tid] = director
        director.start_task()
        return director

    def get(self, tournament_id: str) -> TournamentDirector:
        try:
            return self.directors[tournament_id]
        except KeyError:
            raise KeyError(f"no tournament {tournament_id!r}") from None

    async def close(self) -> None:
        for director in self.directors.values():
            await director.stop()


def schedule_rows(structure: Structure) -> list[dict[str, Any]]:
    """The structure sheet: every level and break, for the page."""
    rows: list[dict[str, Any]] = []
    number = 0
    for p in structure.schedule:
        if isinstance(p, Break):
            rows.append({"break": True, "seconds": p.seconds, "color_up": list(p.color_up)})
            continue
        number += 1
        stakes = structure.stakes_at(number)
        rows.append({"level": number, "seconds": p.seconds, "game": stakes.game.name,
                     "stakes": describe(stakes)})
    return rows
