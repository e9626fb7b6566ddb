"""What a player at a room's table has besides their actions (issue 14): pre-actions
chosen ahead of the turn and the seats' action labels (:class:`PreActions`), and the
time bank (:class:`TimeBank`).  Each is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), run only by the actor's task,
given the seats (the actor's ``seats``, shared) and what else it needs.

The time bank: each sitting has a reserve of seconds (``ActorSettings.time_bank``,
30 by default) that starts when the action clock runs out while they are connected
(a player who is away times out at the action clock); what the player leaves
of it stays theirs, and every ``time_bank_every`` hands (10) adds
``time_bank_refill`` seconds (5) up to the full reserve.  It is stored with the
table's snapshot (the ``"room"`` part, by sitting) after every hand, so a restart
keeps it (a hand cut short by the restart gives back what it used).  A person who
leaves takes neither their bank nor their run of timeouts (T13) away with them: the
table remembers both for ``clock.time_bank_memory_seconds`` (an hour) and gives them
back when they join again under the same name or one that looks like it
(:mod:`pokerroom.server.actors.clock_memory`).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Phase
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.clock_memory import ClockMemory
from pokerroom.server.actors.driver import Move
from pokerroom.server.actors.preactions import (
    PRE_ACTIONS,
    Cancelled,
    PreAction,
    label,
    resolve,
)
from pokerroom.server.tables.audience import Audience
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table import Table


class PreActions:
    """Pre-actions chosen ahead of the turn, and each seat's label this street."""

    def __init__(self, table: Table, seats: dict[int, SeatMeta], audience: Audience) -> None:
        self.table = table
        self.seats = seats
        self.audience = audience
        self.labels: dict[int, str] = {}  # seat -> its last action this street

    def choose(self, seat: int, kind: str | None, amount: int | None) -> None:
        """Choose (``kind`` one of :data:`~pokerroom.server.actors.preactions.PRE_ACTIONS`)
        or clear (None) the seat's pre-action for this street; ``call`` needs the call's
        ``amount``.  Refused on the seat's own turn (act instead) and for a seat with
        no decision left in this hand."""
        meta = self.seats[seat]
        if kind is None:
            meta.preaction = None
            return
        hand, plan = self.table.hand, self.table.plan_in_play
        if hand is None or plan is None or hand.is_over:
            raise IllegalActionError(Reason.NO_HAND, "there is no hand in progress: "
                                     "pre-actions are chosen during a hand")
        if seat not in plan.seats:
            raise IllegalActionError(Reason.NOT_IN_HAND, "you are not in this hand")
        k = plan.position_of(seat)
        if hand.folded[k] or hand.stacks[k] == 0 or hand.phase is Phase.SHOWDOWN:
            raise IllegalActionError(Reason.CANNOT_ACT, "you have no decision left in this hand")
        if self.table.to_act == seat:
            raise IllegalActionError(Reason.IN_TURN, "it is your turn: act now instead")
        if kind not in PRE_ACTIONS:
            raise IllegalActionError(Reason.NO_SUCH_OPTION, f"no pre-action {kind!r}: "
                                     f"choose one of {', '.join(PRE_ACTIONS)}")
        if kind == "call" and (amount is None or amount < 1):
            raise IllegalActionError(Reason.MISSING_AMOUNT, "'call' needs 'amount', the "
                                     "chips the call adds now (1 or more)")
        meta.preaction = PreAction(kind, amount if kind == "call" else None)

    def due(self, seat: int) -> Action | None:
        """On the seat's turn: the action its pre-action makes, or None (none chosen,
        it waits, or it was cancelled: the seat's connections are told why)."""
        meta = self.seats.get(seat)
        pre = meta.preaction if meta is not None else None
        if meta is None or pre is None or self.table.hand is None:
            return None
        outcome = resolve(pre, self.table.hand.legal_actions())
        if isinstance(outcome, Cancelled):
            meta.preaction = None
            self.audience.tell(meta.sitting, error(WireReason.PREACTION_CANCELLED, outcome.why))
            return None
        if outcome is not None:
            meta.preaction = None
        return outcome

    def taken(self, move: Move) -> None:
        """An action was taken: a new street starts over, else the seat's label."""
        if move.new_street:
            self.forget_street()
            return
        word = label(move.action, owed=move.owed, bet_before=move.bet_before, all_in=move.all_in)
        if word is not None:
            self.labels[move.seat] = word

    def forget_street(self) -> None:
        """A new street or hand: pre-actions and labels start over."""
        self.labels.clear()
        for meta in self.seats.values():
            meta.preaction = None


class TimeBank:
    """Each sitting's reserve of seconds past the action clock, and the people who
    left lately (see the module's docstring)."""

    def __init__(self, seats: dict[int, SeatMeta], clock: Clock, log: deque[str], *,
                 full: float, sit_out_after: int, memory_seconds: float) -> None:
        self.seats = seats
        self.clock = clock
        self.log = log
        self.full = full
        self.sit_out_after = sit_out_after
        self.memory = ClockMemory(memory_seconds)
        self.running: int | None = None  # the seat whose time bank is running
        self._from = 0.0  # when it started

    def of(self, meta: SeatMeta) -> float:
        """The seconds left in the sitting's time bank."""
        return self.full if meta.time_bank is None else meta.time_bank

    def start(self, seat: int, at: float) -> float:
        """The action clock ran out at ``at``: the seconds of bank the seat starts now
        (0 for a bot, someone not connected, a bank under a second, or a bank already
        spent this turn)."""
        meta = self.seats.get(seat)
        if (meta is None or self.running is not None or meta.connections <= 0
                or meta.is_bot or self.of(meta) < 1):
            return 0.0
        self.running, self._from = seat, at
        self.log.append(f"{meta.name} uses the time bank ({self.of(meta):.0f} s)")
        return self.of(meta)

    def spend(self) -> None:
        """An action ends a running time bank: what it used is gone."""
        if self.running is None:
            return
        meta = self.seats.get(self.running)
        if meta is not None:
            used = max(0.0, self.clock.now() - self._from)
            meta.time_bank = max(0.0, self.of(meta) - used)
        self.running = None

    def remember(self, meta: SeatMeta) -> None:
        """A person leaves: the table keeps their bank and run of timeouts for a while."""
        if not meta.is_bot:
            self.memory.remember(meta.name, time_bank=meta.time_bank,
                                 timeouts=meta.timeouts, now=self.clock.now())

    def recall(self, meta: SeatMeta) -> None:
        """A person joins: the bank they left with lately, and their run of timeouts
        (one short of being sat out at most: joining is a sign of life)."""
        if meta.is_bot:
            return
        person = self.memory.recall(meta.name, now=self.clock.now())
        if person is not None:
            meta.time_bank = person.time_bank
            meta.timeouts = min(person.timeouts, self.sit_out_after - 1)
            if person.time_bank is not None:
                self.log.append(f"{meta.name} has {person.time_bank:.0f} s in the time bank, "
                                "as when they left")

    def refill(self, every: int, seconds: float, hand_number: int) -> None:
        """Every ``every`` hands: ``seconds`` more in each person's bank, up to full."""
        if every <= 0 or hand_number % every:
            return
        for meta in self.seats.values():
            if not meta.is_bot and meta.time_bank is not None:
                meta.time_bank = min(self.full, meta.time_bank + seconds)
                if meta.time_bank >= self.full:
                    meta.time_bank = None

    def extras(self) -> dict[str, Any]:
        """What the table's snapshot keeps of the banks: each sitting's (when not
        full) and the people the clock remembers."""
        banks = {m.sitting: round(m.time_bank, 3) for m in self.seats.values()
                 if m.time_bank is not None and m.sitting}
        return {"time_banks": banks, "clock_memory": self.memory.to_list()}

    def restore(self, data: dict[str, Any]) -> None:
        """Take back what :meth:`extras` kept (nothing from an older snapshot)."""
        self.running = None
        banks = data.get("time_banks") or {}
        for meta in self.seats.values():
            if meta.sitting in banks:
                meta.time_bank = float(banks[meta.sitting])
        self.memory.restore(list(data.get("clock_memory") or []))
