"""One asyncio task owns each table: it alone changes the table, in order.

Requests from connections and HTTP handlers are functions queued to the
actor's inbox (:meth:`TableActor.submit`); the actor runs them, plays bots,
applies action-clock timeouts, persists every step and then publishes a new
versioned state to each subscriber, filtered for what that viewer may see.

The actor is built in parts, imports flowing one way (actor -> restore ->
player_aids -> host_tools -> seat_requests -> sittings):
:mod:`~pokerroom.server.tables.sittings` (who holds each seat, who is connected),
:mod:`~pokerroom.server.tables.seat_requests` (joins, top-ups and leaves, carried out
between hands), :mod:`~pokerroom.server.tables.host_tools` (bots, pause, close, kicks,
the lock, the ledger), :mod:`~pokerroom.server.tables.player_aids` (pre-actions, the time
bank, action labels, chat), :mod:`~pokerroom.server.tables.restore` (the table as stored:
a restart, a takeover, a resync); :mod:`~pokerroom.server.actors.stand_ins` acts for a
player who does not (a timeout, a showdown).  This module runs the hands and
publishes.
"""

from __future__ import annotations

import random
import secrets
import sys
import time
import traceback
from collections import deque
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cards import Deck, SecureRandom
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.history.narrate import narrate
from pokerroom.rules.actions import Action, Muck, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.clock_memory import ClockMemory
from pokerroom.server.actors.preactions import label
from pokerroom.server.actors.recorder import Journal
from pokerroom.server.actors.stand_ins import away_action, can_still_win, default_action
from pokerroom.server.hands.exports import hand_texts
from pokerroom.server.tables.chat import TableChat
from pokerroom.server.tables.hand_result import hand_result
from pokerroom.server.tables.host_tools import HostKeyError
from pokerroom.server.tables.restore import TableRestore
from pokerroom.server.tables.sittings import SeatMeta, Subscriber
from pokerroom.server.tables.store import Batch, Store, StoreUnavailable
from pokerroom.server.tables.views import lobby_row, public_state, table_state
from pokerroom.server.wire import messages
from pokerroom.server.wire.codec import action_from_dict, action_to_dict
from pokerroom.server.wire.protocol import MAX_CHIPS
from pokerroom.server.wire.sockets import Outgoing
from pokerroom.table import Status, Table
from pokerroom.table.snapshot import table_to_dict

__all__ = ["ActorSettings", "HostKeyError", "SeatMeta", "StoreUnavailable", "Subscriber",
           "TableActor"]


@dataclass(frozen=True, slots=True)
class ActorSettings:
    action_seconds: float = 30.0
    # T13: this many timeouts in a row (turns the clock ran out on) and the rest of the
    # hand is played for the player at once (away_action); sat out when it ends.
    sit_out_after: int = 2
    bot_delay: float = 0.8
    pause_between_hands: float = 2.0
    time_bank: float = 30.0  # a sitting's reserve past the action clock, in seconds
    time_bank_refill: float = 5.0  # added every time_bank_every hands, up to time_bank
    time_bank_every: int = 10
    time_bank_memory: float = 3600.0  # ClockSettings.time_bank_memory_seconds
    # A table with only bots stops dealing once no one has watched it for this long,
    # and deals again when someone opens it.
    idle_seconds: float = 120.0


class TableActor(TableRestore):
    """The owner of one table."""

    def __init__(
        self,
        table_id: str,
        name: str,
        table: Table,
        *,
        store: Store,
        clock: Clock,
        settings: ActorSettings,
        rng: random.Random | None = None,
        host_key: str | None = None,
        paused: bool = False,
    ) -> None:
        super().__init__(f"table {table_id}")
        self.id = table_id
        self.name = name
        self.table = table
        self.store = store
        self.clock = clock
        self.settings = settings
        self.rng = rng or SecureRandom()
        self.seats: dict[int, SeatMeta] = {}
        self.subscribers: set[Subscriber] = set()
        self.version = 0
        self.log: deque[str] = deque(maxlen=200)
        self.hand_id: int | None = None
        self.hand_number = table.hands_dealt
        self.seq = 0
        self.deadline: float | None = None
        self.bot_due: float | None = None
        self.next_hand_at = 0.0
        self._events_seen = 0
        self.host_key = host_key
        self.paused = paused  # by the host: no new hand starts
        self.closed = False
        self.locked = False  # by the host: no new player may join
        self.rake_taken = 0
        self._hand_started_at = 0.0  # the Unix time of the deal, for its history
        self._needs_resync = False  # a failed write left memory ahead of the database
        self._batch = Batch(table_id)
        self._dirty = False  # the table changed in a way only the snapshot records
        self.labels: dict[int, str] = {}  # seat -> its last action this street
        self.chat = TableChat()
        self.time_bank_full = settings.time_bank
        self.timeouts_to_sit_out = settings.sit_out_after
        self.clock_memory = ClockMemory(settings.time_bank_memory)
        self._bank_seat: int | None = None  # the seat whose time bank is running
        self._bank_from = 0.0  # when it started
        self.watched_at = clock.now()  # last time someone watched (bot-only tables idle)
        self._connections = 0
        self._idle_noted = True  # False once the log says the bots wait

    # ---------------------------------------------------------------- running

    def _recover(self) -> None:
        """After a step failed: a failed write reloads the table as stored (the hand
        goes on from its last stored action); a bug cancels the hand in progress
        (every chip back, I1-style).  Either way the table carries on."""
        if isinstance(sys.exc_info()[1], SQLAlchemyError):
            self._resync()
            self.next_hand_at = self.clock.now() + max(1.0, self.settings.pause_between_hands)
            return
        detail = traceback.format_exc()
        sys.stderr.write(f"pokerroom: table {self.id}: internal error\n{detail}")
        self.log.append("internal error: the hand is cancelled and every chip returned")
        try:
            if self.table.hand is not None:
                self.table.cancel_hand("internal error")
            if self.hand_id is not None:
                self.store.cancel_hand(self.id, self.hand_id, "internal error")
                self.hand_id = None
        except SQLAlchemyError:
            self._resync()
        self.deadline = self.bot_due = None
        self.next_hand_at = self.clock.now() + max(1.0, self.settings.pause_between_hands)

    def _open_journal(self) -> Journal | None:
        return self.store.journal(self.id)  # the worker's group commit, if it has one

    def _flush(self, *, snapshot: bool = True) -> None:
        """Commit the writes of one operation together with the table snapshot (only
        between hands: a running hand is restored from its own snapshot and actions)."""
        batch, self._batch = self._batch, Batch(self.id)
        if snapshot and self.table.hand is None and (self._dirty or not batch.empty):
            batch.snapshot, batch.lobby = self._snapshot(), self.lobby_row()
        self._dirty = False
        self.store.commit(batch)

    def _snapshot(self) -> dict[str, Any]:
        """The table between hands, with what the room keeps beside it (time banks,
        the chat's settings: :meth:`room_extras`)."""
        return {**table_to_dict(self.table), "room": self.room_extras()}

    def lobby_row(self) -> dict[str, Any]:
        """The table's row in the lobby (stored beside each snapshot)."""
        return lobby_row(self.id, self.name, self.table, hands=self.hand_number)

    def _may_deal(self) -> bool:
        """Not paused by the host, and not a bot-only table no one has watched for
        ``idle_seconds`` (it deals again when someone opens it)."""
        if self.paused:
            return False
        if self.subscribers or any(not m.is_bot for m in self.seats.values()):
            return True
        return self.clock.now() - self.watched_at < self.settings.idle_seconds

    def _after_request(self) -> None:
        self._flush()

    def _request_failed(self) -> None:
        self._batch = Batch(self.id)

    def _request_broke(self) -> None:
        self._resync()

    def _before_request(self) -> None:
        if self._needs_resync:
            self._resync()
            if self._needs_resync:
                raise StoreUnavailable("the room's database cannot be reached; nothing was "
                                       "changed: try again in a moment")

    def _next_wakeup(self) -> float | None:
        now = self.clock.now()
        hand = self.table.hand
        if hand is None:
            if len(self._ready()) >= 2 and (self._may_deal()
                                            or (self._idle_noted and not self.paused)):
                return self.next_hand_at - now
            return None
        times = [t for t in (self.deadline, self.bot_due) if t is not None]
        return min(times) - now if times else None

    def _ready(self) -> list[int]:
        return [s for s, p in enumerate(self.table.players) if p is not None and p.present]

    # ------------------------------------------------------------------ steps

    def _step(self) -> bool:
        """Start hands, play bots and timeouts that are due.  True when anything changed."""
        changed = False
        now = self.clock.now()
        hand = self.table.hand
        if hand is None:
            if len(self._ready()) >= 2 and now >= self.next_hand_at:
                if self._may_deal():
                    self._start_hand()
                    self._idle_noted = changed = True
                elif not self.paused and self._idle_noted:  # once, for whoever opens it next
                    self.log.append("No one is watching: the bots wait for someone to open "
                                    "the table")
                    self._idle_noted = False
            hand = self.table.hand
        if hand is None:
            return changed
        for _ in range(1000):  # bounded: bots acting in a row with no delay
            if hand.is_over:
                self._finish_hand()
                return True
            seat = self._actor_seat()
            if seat is None:
                return changed
            meta = self.seats.get(seat)
            if hand.phase is Phase.SHOWDOWN:  # S4: show or muck, as the player chose
                muck = (meta is None or meta.muck_losing) and not can_still_win(
                    hand, self._engine_seat(seat))
                self._apply(seat, Muck() if muck else Show(), by="showdown")
                changed = True
                continue
            if meta is not None and meta.bot is not None and not meta.leaving:
                if self.bot_due is None:
                    self.bot_due = now + self.settings.bot_delay
                if now < self.bot_due:
                    return changed
                action = meta.bot.decide(hand.view(self._engine_seat(seat)))  # never the hand
                try:
                    self._apply(seat, action, by="bot")
                except IllegalActionError as exc:
                    self.log.append(f"{meta.name} (bot) tried an illegal action: {exc}")
                    self._apply(seat, default_action(hand), by="bot")
                changed = True
                continue
            if meta is not None and meta.leaving:
                self._apply(seat, default_action(hand), by="leaving")
                changed = True
                continue
            pre = self._preaction_due(seat, meta, hand) if meta is not None else None
            if pre is not None and meta is not None:
                self._apply(seat, pre, by="preaction")
                meta.timeouts = 0
                changed = True
                continue
            if meta is not None and meta.timeouts >= self.settings.sit_out_after:
                # T13: away (timed out sit_out_after times in a row): no clock runs for
                # them any more; the hand is killed, and they sit out when it ends.
                self._apply(seat, away_action(hand), by="away")
                changed = True
                continue
            if self.deadline is None:
                self.deadline = now + self.settings.action_seconds
                changed = True
            if (now >= self.deadline and meta is not None and self._bank_seat is None
                    and meta.connections > 0 and self.bank_of(meta) >= 1):
                self._bank_seat, self._bank_from = seat, self.deadline
                self.deadline += self.bank_of(meta)
                self.log.append(f"{meta.name} uses the time bank ({self.bank_of(meta):.0f} s)")
                return True
            if now >= self.deadline:
                self._apply(seat, default_action(hand), by="timeout")
                self.log.append(f"{self._name(seat)} ran out of time")
                if meta is not None:
                    meta.timeouts += 1  # reset by their own action only (a walk is no sign)
                changed = True
                continue
            return changed
        return changed

    def _actor_seat(self) -> int | None:
        return self.table.to_act

    def _engine_seat(self, seat: int) -> int:
        plan = self.table.plan_in_play
        assert plan is not None
        return plan.position_of(seat)

    def _name(self, seat: int) -> str:
        player = self.table.players[seat]
        return player.name if player is not None else f"seat {seat + 1}"

    def _start_hand(self) -> None:
        table = self.table
        if table.positions is None and table.first_button is None and not table.stakes.game.is_stud:
            draw = table.draw_for_button(Deck(rng=self.rng))
            self.log.append(
                "Draw for the button: " + ", ".join(f"{self._name(s)} {c}" for s, c in draw.cards)
                + f"; {self._name(draw.winner)} has the button"
            )
            self.store.save_snapshot(self.id, self._snapshot())
        self._flush()
        before = table_to_dict(table)
        deck = Deck(rng=self.rng, cards=table.stakes.game.deck)
        order = [int(c) for c in deck.order]
        hand = table.start_hand(deck)
        self.hand_number += 1
        plan = table.plan_in_play
        assert plan is not None
        sittings = {str(s): {"sitting": self.seats[s].sitting, "name": self._name(s)}
                    for s in plan.seats if s in self.seats}
        self._hand_started_at = time.time()
        self.hand_id = self.store.start_hand(self.id, self.hand_number, before, order,
                                             sittings=sittings, at=self._hand_started_at)
        self.seq = 0
        self._events_seen = 0
        self._forget_street()
        self.log.append(f"--- hand {self.hand_number} ---")
        self._narrate(hand)

    def _apply(self, seat: int, action: Action, *, by: str) -> None:
        hand = self.table.hand
        assert hand is not None and self.hand_id is not None
        engine_seat = self._engine_seat(seat)
        legal, bet_before, street = hand.legal_actions(), hand.current_bet, hand.street
        hand.act(action, seat=engine_seat)
        self._spend_bank()
        if hand.street != street:
            self._forget_street()
        else:
            word = label(action, legal, bet_before=bet_before,
                         all_in=hand.stacks[engine_seat] == 0 and not hand.folded[engine_seat])
            if word is not None:
                self.labels[seat] = word
        self.seq += 1
        self.metrics.acted(by, room="cash")
        self.store.add_action(self.id, self.hand_id, self.seq, engine_seat, action_to_dict(action))
        self.deadline = None
        self.bot_due = None
        self._narrate(hand)

    def _spend_bank(self) -> None:
        """An action ends a running time bank: what it used is gone."""
        if self._bank_seat is None:
            return
        meta = self.seats.get(self._bank_seat)
        if meta is not None:
            used = max(0.0, self.clock.now() - self._bank_from)
            meta.time_bank = max(0.0, self.bank_of(meta) - used)
        self._bank_seat = None

    def _narrate(self, hand: Hand) -> None:
        plan = self.table.plan_in_play
        assert plan is not None
        for event in hand.events[self._events_seen:]:
            if event.audience is None:
                line = narrate(event, lambda k: self._name(plan.seat_at(k)), hand=hand)
                if line:
                    self.log.append(line)
        self._events_seen = len(hand.events)

    def _finish_hand(self) -> None:
        table, hand, plan = self.table, self.table.hand, self.table.plan_in_play
        assert hand is not None and plan is not None and self.hand_id is not None
        phh, text = hand_texts(self.name, table, hand, plan, self.hand_number,
                               played_at=self._hand_started_at)
        result = {"stacks": {str(plan.seat_at(k)): stack for k, stack in enumerate(hand.stacks)},
                  "rake": hand.rake}
        self.rake_taken += hand.rake
        self.metrics.hand_finished(hand.config.variant.key, room="cash")
        self.last_result = hand_result(hand.events, plan.seat_at, self._name, self.hand_number)
        table.finish_hand()
        for seat, meta in self.seats.items():
            player = table.players[seat]
            if (player is not None and meta.timeouts >= self.settings.sit_out_after
                    and player.status not in (Status.SITTING_OUT, Status.AWAY)):
                table.sit_out(seat)
                self.log.append(f"{meta.name} is sat out after {meta.timeouts} timeouts")
        self._refill_banks(self.settings.time_bank_every, self.settings.time_bank_refill,
                           self.hand_number)
        self._carry_out_requests()
        if self.closed:
            self._batch.table["closed"] = True
        if hand.rake:
            self._batch.ledger("", -1, "rake", hand.rake)  # no one's: told by its kind
        for seat, meta in list(self.seats.items()):
            if meta.is_bot:
                player = table.players[seat]
                if player is not None and player.status is Status.BUSTED:
                    self._rebuy_bot(seat)
        self._batch.finished = (self.hand_id, result, phh, text)
        self._batch.snapshot, self._batch.lobby = self._snapshot(), self.lobby_row()
        self.store.commit(self._batch)
        self._batch = Batch(self.id)
        self.hand_id = None
        self.deadline = self.bot_due = None
        self._bank_seat = None
        self._forget_street()
        self.next_hand_at = self.clock.now() + self.settings.pause_between_hands

    def _rebuy_bot(self, seat: int) -> None:
        player = self.table.players[seat]
        assert player is not None
        amount = self.table.options.max_buy_in or min(100 * self.table.stakes.unit, MAX_CHIPS)
        self.table.rebuy(seat, amount)
        self._batch.ledger(player.name, seat, "rebuy", amount)
        self.log.append(f"{player.name} rebuys for {amount}")

    def seat_of(self, sitting: str | None) -> int:
        """The seat ``sitting`` holds now; refused when it holds none (it left, or a
        connection outlived its seat)."""
        if sitting is not None:
            for seat, meta in self.seats.items():
                if meta.sitting == sitting:
                    return seat
        lost = "" if sitting is None else "your seat is no longer yours: "
        raise IllegalActionError(Reason.SPECTATOR,
                                 f"{lost}spectators cannot act; join the table to play")

    def act(self, seat: int, message: dict[str, Any]) -> None:
        """A player's action, from that seat's own connection only."""
        hand = self.table.hand
        if hand is None:
            raise IllegalActionError(Reason.NO_HAND, "there is no hand in progress")
        plan = self.table.plan_in_play
        assert plan is not None
        if seat not in plan.seats:
            raise IllegalActionError(Reason.NOT_IN_HAND, "you are not in this hand")
        action = action_from_dict(message)
        if self._actor_seat() != seat and not (
            hand.phase is Phase.SHOWDOWN and isinstance(action, Show)
        ):
            raise IllegalActionError(Reason.NOT_YOUR_TURN, "it is not your turn")
        self._apply(seat, action, by="player")
        meta = self.seats.get(seat)
        if meta is not None:
            meta.timeouts = 0

    def sit_out(self, seat: int) -> None:
        self.table.sit_out(seat)
        self._dirty = True

    def sit_in(self, seat: int, post: bool) -> None:
        """Back in play (T13).  Sitting in is a sign of life, not an action: the run of
        timeouts is kept one short of ``sit_out_after``, so a player who comes back and
        lets the clock run out once more is away again at once."""
        meta = self.seats.get(seat)
        if meta is not None:
            meta.timeouts = min(meta.timeouts, self.settings.sit_out_after - 1)
        self.table.sit_in(seat, post=post)
        self._dirty = True

    def post(self, seat: int) -> None:
        self.table.post_to_play(seat)
        self._dirty = True

    def set_muck_losing(self, seat: int, on: bool) -> None:
        """The player's showdown setting (S4): muck a hand that cannot win, or show."""
        self.seats[seat].muck_losing = on

    def straddle(self, seat: int) -> None:
        self.table.request_straddle(seat)
        self._dirty = True

    # --------------------------------------------------------------- publish

    def subscribe(self, sitting: str | None) -> Subscriber:
        """A connection for ``sitting`` (None, or a sitting that no longer holds a seat:
        a spectator's)."""
        seat = None
        if sitting is not None:
            try:
                seat = self.seat_of(sitting)
            except IllegalActionError:
                sitting = None
        self._connections += 1
        sub = Subscriber(seat, sitting, number=self._connections)
        self.subscribers.add(sub)
        self.watched_at = self.clock.now()
        if seat is not None:
            self.seats[seat].connections += 1
        sub.push_state(self._state_for(seat))
        if self.chat.lines:
            sub.push_error(messages.chat(list(self.chat.lines)))
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.watched_at = self.clock.now()
        self.chat.forget(f"spectator {sub.number}")
        meta = self.seats.get(sub.seat) if sub.seat is not None else None
        if meta is not None and meta.sitting == sub.sitting:
            meta.connections -= 1

    def _publish(self) -> None:
        """A new version to every subscriber: the public part built once, each seat's
        state (its own cards and legal actions on top) once, and each distinct state
        encoded once, when first sent (every spectator gets the same bytes)."""
        self.version += 1
        public = public_state(self)  # once, shared by every viewer's state
        made: dict[int | None, Outgoing] = {}  # by seat (None: the spectators')
        for sub in list(self.subscribers):
            out = made.get(sub.seat)
            if out is None:
                out = made[sub.seat] = Outgoing(self._state_for(sub.seat, public))
            sub.push_state(out)

    def _state_for(self, seat: int | None,
                   public: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"type": "state", "version": self.version,
                "state": table_state(self, seat, public)}

    def sitting_for_token(self, token: str) -> str | None:
        """The sitting that holds a seat here with this secret token, if any."""
        for meta in self.seats.values():
            if secrets.compare_digest(meta.token, token):
                return meta.sitting
        return None
