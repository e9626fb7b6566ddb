"""What a player at a room's table has besides their actions (issue 14): pre-actions
chosen ahead of the turn, the time bank, the seats' action labels and the chat.

:class:`PlayerAids` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor` is one), run only by the actor's task;
imports flow from the actor to here, never back.

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

from typing import Any

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand, Phase
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.clock_memory import ClockMemory
from pokerroom.server.actors.preactions import PRE_ACTIONS, Cancelled, PreAction, resolve
from pokerroom.server.tables.chat import TableChat
from pokerroom.server.tables.host_tools import HostTools
from pokerroom.server.tables.sittings import SeatMeta, Subscriber
from pokerroom.server.wire.messages import chat, error
from pokerroom.server.wire.reasons import WireReason


class PlayerAids(HostTools):
    """Pre-actions, the time bank, labels and chat (see the module's docstring)."""

    clock: Clock
    chat: TableChat
    labels: dict[int, str]
    time_bank_full: float
    timeouts_to_sit_out: int
    clock_memory: ClockMemory

    def _actor_seat(self) -> int | None:
        raise NotImplementedError

    def _engine_seat(self, seat: int) -> int:
        raise NotImplementedError

    # ------------------------------------------------------------ pre-actions

    def set_preaction(self, seat: int, kind: str | None, amount: int | None) -> None:
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
        k = self._engine_seat(seat)
        if hand.folded[k] or hand.stacks[k] == 0 or hand.phase is Phase.SHOWDOWN:
            raise IllegalActionError(Reason.CANNOT_ACT, "you have no decision left in this hand")
        if self._actor_seat() == seat:
            raise IllegalActionError(Reason.IN_TURN, "it is your turn: act now instead")
        if kind not in PRE_ACTIONS:
            raise IllegalActionError(Reason.NO_SUCH_OPTION, f"no pre-action {kind!r}: "
                                     f"choose one of {', '.join(PRE_ACTIONS)}")
        if kind == "call" and (amount is None or amount < 1):
            raise IllegalActionError(Reason.MISSING_AMOUNT, "'call' needs 'amount', the "
                                     "chips the call adds now (1 or more)")
        meta.preaction = PreAction(kind, amount if kind == "call" else None)

    def _preaction_due(self, seat: int, meta: SeatMeta, hand: Hand) -> Action | None:
        """On the seat's turn: the action its pre-action makes, or None (none chosen,
        it waits, or it was cancelled: the seat's connections are told why)."""
        pre = meta.preaction
        if pre is None:
            return None
        outcome = resolve(pre, hand.legal_actions())
        if isinstance(outcome, Cancelled):
            meta.preaction = None
            for sub in self.subscribers:
                if sub.sitting is not None and sub.sitting == meta.sitting:
                    sub.push_error(error(WireReason.PREACTION_CANCELLED, outcome.why))
            return None
        if outcome is not None:
            meta.preaction = None
        return outcome

    def _forget_street(self) -> None:
        """A new street or hand: pre-actions and labels start over."""
        self.labels.clear()
        for meta in self.seats.values():
            meta.preaction = None

    # -------------------------------------------------------------- time bank

    def bank_of(self, meta: SeatMeta) -> float:
        """The seconds left in the sitting's time bank."""
        return self.time_bank_full if meta.time_bank is None else meta.time_bank

    def _remember_clock(self, meta: SeatMeta) -> None:
        """A person leaves: the table keeps their bank and run of timeouts for a while."""
        if not meta.is_bot:
            self.clock_memory.remember(meta.name, time_bank=meta.time_bank,
                                       timeouts=meta.timeouts, now=self.clock.now())

    def _recall_clock(self, meta: SeatMeta) -> None:
        """A person joins: the bank they left with lately, and their run of timeouts
        (one short of being sat out at most: joining is a sign of life)."""
        if meta.is_bot:
            return
        person = self.clock_memory.recall(meta.name, now=self.clock.now())
        if person is not None:
            meta.time_bank = person.time_bank
            meta.timeouts = min(person.timeouts, self.timeouts_to_sit_out - 1)
            if person.time_bank is not None:
                self.log.append(f"{meta.name} has {person.time_bank:.0f} s in the time bank, "
                                "as when they left")

    def _refill_banks(self, every: int, seconds: float, hand_number: int) -> None:
        """Every ``every`` hands: ``seconds`` more in each person's bank, up to full."""
        if every <= 0 or hand_number % every:
            return
        for meta in self.seats.values():
            if not meta.is_bot and meta.time_bank is not None:
                meta.time_bank = min(self.time_bank_full, meta.time_bank + seconds)
                if meta.time_bank >= self.time_bank_full:
                    meta.time_bank = None

    def room_extras(self) -> dict[str, Any]:
        """What the room keeps in the table's snapshot beside the table: each sitting's
        time bank (when not full), the people the clock remembers, the chat's settings
        and whether the host locked the table."""
        banks = {m.sitting: round(m.time_bank, 3) for m in self.seats.values()
                 if m.time_bank is not None and m.sitting}
        return {"time_banks": banks, "clock_memory": self.clock_memory.to_list(),
                "chat": {"on": self.chat.on, "spectators": self.chat.spectators},
                "locked": self.locked}

    def restore_extras(self, data: dict[str, Any] | None) -> None:
        """Take back what :meth:`room_extras` stored (nothing from an older snapshot)."""
        data = data or {}
        banks = data.get("time_banks") or {}
        for meta in self.seats.values():
            if meta.sitting in banks:
                meta.time_bank = float(banks[meta.sitting])
        self.clock_memory.restore(list(data.get("clock_memory") or []))
        chat = data.get("chat") or {}
        self.chat.configure(on=bool(chat.get("on", True)),
                            spectators=bool(chat.get("spectators", True)))
        self.locked = bool(data.get("locked", False))

    # ------------------------------------------------------------------- chat

    def say(self, sub: Subscriber, text: str) -> None:
        """A chat line from the connection ``sub``: named after its sitting, or
        "Spectator N" for a spectator's; sent at once to every connection."""
        meta = None
        for seat, m in self.seats.items():
            if sub.sitting is not None and m.sitting == sub.sitting:
                meta, seat_of = m, seat
                break
        if meta is not None:
            line = self.chat.say(meta.sitting, meta.name, text, now=self.clock.now(),
                                 seated=True, seat=seat_of)
        else:
            name = f"Spectator {sub.number}"
            line = self.chat.say(f"spectator {sub.number}", name, text,
                                 now=self.clock.now(), seated=False, seat=None)
        for other in self.subscribers:
            other.push_error(chat([line]))

    def set_chat(self, *, on: bool, spectators: bool) -> None:
        """The host's choice: chat on or off, spectators allowed or not (stored)."""
        self.chat.configure(on=on, spectators=spectators)
        self.log.append(f"The host turned the chat {'on' if on else 'off'}"
                        + ("" if not on or spectators else " for players only"))
        self._dirty = True

    _dirty: bool
