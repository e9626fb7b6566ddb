"""One asyncio task owns each table: it alone changes the table, in order.

Requests from connections and HTTP handlers are functions queued to the
actor's inbox (:meth:`TableActor.submit`); the actor runs them, deals, lets the table
driver play what is due, persists every step and then publishes a new versioned
state to each subscriber, filtered for what that viewer may see.

The actor is composed of parts, one concept each, none of which knows the actor:

- :class:`~pokerroom.server.actors.driver.TableDriver` plays the hand in progress (bots,
  pre-actions, the clock and the time bank, timeouts, stand-ins, narration), asking
  this table's :class:`~pokerroom.server.tables.cash_seats.CashSeats` what differs
  at a cash table;
- :class:`~pokerroom.server.tables.seat_requests.SeatRequests`: who holds each seat;
  joins, top-ups and leaves, carried out between hands;
- :class:`~pokerroom.server.tables.host_tools.HostTools`: bots, pause, close, kicks,
  the lock, the ledger and the settle-up; the next hand's stakes, bomb pot and seat
  changes; seat approval and the waitlist (#24);
- :class:`~pokerroom.server.tables.player_aids.PreActions` and
  :class:`~pokerroom.server.tables.player_aids.TimeBank`: the player aids;
- :class:`~pokerroom.server.tables.chat.TableChat`: the chat;
- :class:`~pokerroom.server.tables.recorder.Recorder`: the writes to the store;
- :class:`~pokerroom.server.tables.restore.TableRestore`: the table as stored (a
  restart, a takeover, a resync);
- :class:`~pokerroom.server.tables.audience.Audience`: the connections.

This module deals hands, finishes them, routes requests to the parts and publishes.
"""

from __future__ import annotations

import random
import sys
import traceback
from collections import deque
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from pokerroom.cards import Deck, SecureRandom
from pokerroom.errors import IllegalActionError
from pokerroom.rules.engine import Phase
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.driver import TableDriver, Turn
from pokerroom.server.actors.group_commit import Journal
from pokerroom.server.actors.owner import TaskOwner
from pokerroom.server.tables.audience import Audience
from pokerroom.server.tables.cash_seats import CashSeats
from pokerroom.server.tables.chat import TableChat
from pokerroom.server.tables.hand_result import HandResult, hand_result
from pokerroom.server.tables.host_tools import HostKeyError, HostTools
from pokerroom.server.tables.life import Attendance, TableLife, table_life
from pokerroom.server.tables.player_aids import PreActions, TimeBank
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.restore import TableRestore
from pokerroom.server.tables.rotation import TableRotation
from pokerroom.server.tables.scene import TableScene
from pokerroom.server.tables.seat_requests import Pending, SeatRequests
from pokerroom.server.tables.show_cards import AfterHand
from pokerroom.server.tables.sittings import SeatMeta, Subscriber
from pokerroom.server.tables.store import Store, StoredTable, StoreUnavailable
from pokerroom.server.tables.views import lobby_row, table_state
from pokerroom.server.wire import messages
from pokerroom.server.wire.codec import action_from_dict
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


class TableActor(TaskOwner):
    """The owner of one table (see the module's docstring)."""

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
        rotation: TableRotation | None = None,
    ) -> None:
        super().__init__(f"table {table_id}")
        self.id = table_id
        self.name = name
        self.table = table
        self.store = store
        self.clock = clock
        self._settings = settings
        self.rng = rng or SecureRandom()
        self.seats: dict[int, SeatMeta] = {}  # shared by the parts
        self.version = 0
        self.scene = TableScene()  # the public state once per version, and its delta
        # The seats changed by the request being run when it is a player's action alone
        # (act_alone()); None for any other request.
        self._acted: tuple[int, int | None] | None = None
        self.log: deque[str] = deque(maxlen=200)
        self.next_hand_at = 0.0
        self.rake_taken = 0
        self.last_result: HandResult | None = None  # the last hand's, shown between hands
        # The parts.
        self.audience = Audience()
        self.subscribers = self.audience.subscribers
        self.attendance = Attendance(table, self.seats, self.subscribers, clock=clock,
                                     idle_seconds=lambda: self.settings.idle_seconds)
        self.chat = TableChat()
        self.recorder = Recorder(store, table_id, hand_number=table.hands_dealt)
        self.bank = TimeBank(self.seats, clock, self.log, full=settings.time_bank,
                             sit_out_after=settings.sit_out_after,
                             memory_seconds=settings.time_bank_memory)
        self.preactions = PreActions(table, self.seats, self.audience)
        self.sittings = SeatRequests(table, self.seats, recorder=self.recorder,
                                     audience=self.audience, bank=self.bank, log=self.log,
                                     rng=self.rng)
        self.host = HostTools(table, self.sittings, recorder=self.recorder, log=self.log,
                              host_key=host_key, paused=paused)
        self.turn = Turn()
        # Mixed games (tables/rotation.py): the game changes between hands.
        self.rotation = rotation or TableRotation()
        seats = CashSeats(self.seats, preactions=self.preactions, bank=self.bank,
                          recorder=self.recorder,
                          sit_out_after=lambda: self.settings.sit_out_after,
                          metrics=lambda: self.metrics, finish=self._finish_hand)
        self.driver = TableDriver(table, seats, self.turn, log=self.log, timing=settings)
        # Shows by choice after folding or winning uncontested; the rabbit hunt.
        self.after = AfterHand(self.seats, self.log, self.driver.name)
        self.restorer = TableRestore(
            recorder=self.recorder, sittings=self.sittings, host=self.host, bank=self.bank,
            chat=self.chat, preactions=self.preactions, audience=self.audience,
            driver=self.driver, log=self.log, use_table=self._use_table, commit=self._flush,
            kept=(self.rotation, self.after))

    def _use_table(self, table: Table) -> None:
        """Play at ``table`` from now on (loaded from the store)."""
        self.table = table
        for part in (self.preactions, self.sittings, self.host, self.driver, self.attendance):
            part.table = table
        self.scene.touch_all()

    # ---------------------------------------------------------- what the parts keep

    @property
    def settings(self) -> ActorSettings:
        return self._settings

    @settings.setter
    def settings(self, settings: ActorSettings) -> None:
        self._settings = settings
        self.driver.timing = settings

    def pending(self, seat: int) -> Pending | None:
        """The seat's requests waiting for the hand's end (its own state shows them)."""
        return self.sittings.pending(seat)

    @property
    def hand_number(self) -> int:
        return self.recorder.number

    @property
    def hand_id(self) -> int | None:
        return self.recorder.hand_id

    @property
    def deadline(self) -> float | None:
        return self.turn.deadline

    @property
    def _bank_seat(self) -> int | None:  # tables/views.py: the deadline runs on a time bank
        return self.bank.running

    @property
    def labels(self) -> dict[int, str]:
        return self.preactions.labels

    @property
    def time_bank_full(self) -> float:
        return self.bank.full

    def bank_of(self, meta: SeatMeta) -> float:
        """The seconds left in the sitting's time bank."""
        return self.bank.of(meta)

    @property
    def host_key(self) -> str | None:
        return self.host.host_key

    @property
    def paused(self) -> bool:
        return self.host.paused

    @property
    def closed(self) -> bool:
        return self.sittings.closed

    @property
    def locked(self) -> bool:
        return self.sittings.locked

    @property
    def host_public(self) -> dict[str, Any]:
        """What every viewer sees of the host's tools (#24: plans, seat requests)."""
        return self.host.public()

    @property
    def life(self) -> TableLife:
        """Open, paused, closed or idle (tables/life.py)."""
        closed, paused = self.closed, self.paused  # either one comes before idle
        return table_life(closed=closed, paused=paused,
                          idle=not (closed or paused) and self.attendance.idle())

    # ---------------------------------------------------------------- running

    def _recover(self) -> None:
        """After a step failed: a failed write reloads the table as stored (the hand
        goes on from its last stored action); a bug cancels the hand in progress
        (every chip back, I1-style).  Either way the table carries on."""
        self.scene.touch_all()
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
            self.recorder.cancel_hand("internal error")
        except SQLAlchemyError:
            self._resync()
        self.turn.deadline = self.turn.bot_due = None
        self.next_hand_at = self.clock.now() + max(1.0, self.settings.pause_between_hands)

    def _open_journal(self) -> Journal | None:
        return self.store.journal(self.id)  # the worker's group commit, if it has one

    def _flush(self, *, snapshot: bool = True) -> None:
        """Commit the writes of one operation together with the table snapshot (only
        between hands: a running hand is restored from its own snapshot and actions)."""
        between = snapshot and self.table.hand is None
        self.recorder.commit(self._scene if between else None)

    def _scene(self) -> tuple[dict[str, Any], dict[str, Any]]:
        return self._snapshot(), self.lobby_row()

    def _snapshot(self) -> dict[str, Any]:
        """The table between hands, with what the room keeps beside it (time banks,
        the chat's settings: :meth:`room_extras`)."""
        return {**table_to_dict(self.table), "room": self.room_extras()}

    def room_extras(self) -> dict[str, Any]:
        return self.restorer.extras()

    def lobby_row(self) -> dict[str, Any]:
        """The table's row in the lobby (stored beside each snapshot)."""
        return lobby_row(self.id, self.name, self.table, hands=self.hand_number,
                         bots=sum(1 for m in self.seats.values() if m.is_bot),
                         life=self.life)

    def load(self, stored: StoredTable) -> str | None:
        """Become the table as stored (:meth:`TableRestore.load`)."""
        return self.restorer.load(stored)

    def _resync(self) -> None:
        self.restorer.resync(self.id)
        self.scene.touch_all()

    def _may_deal(self) -> bool:
        """Open: not paused or closed by the host, and not idle (tables/life.py: no
        person here and no one watching; it deals again when someone comes back)."""
        return self.life is TableLife.OPEN

    def _after_request(self) -> None:
        self._flush()
        acted, self._acted = self._acted, None
        if acted is None:  # any request but a player's action within a round
            self.scene.touch_all()
        else:
            self.scene.touch(*acted)

    def _request_failed(self) -> None:
        self.recorder.forget()
        self.scene.touch_all()

    def _request_broke(self) -> None:
        self._resync()

    def _before_request(self) -> None:
        self._acted = None
        if self.restorer.needs_resync:
            self._resync()
            if self.restorer.needs_resync:
                raise StoreUnavailable("the room's database cannot be reached; nothing was "
                                       "changed: try again in a moment")

    def _next_wakeup(self) -> float | None:
        due = self._deal_wakeup()
        offer = self.sittings.waitlist.due()  # a waitlist offer running out (#24)
        if offer is None:
            return due
        offer -= self.clock.now()
        return offer if due is None else min(due, offer)

    def _deal_wakeup(self) -> float | None:
        now = self.clock.now()
        hand = self.table.hand
        if hand is None:
            if len(self._ready()) >= 2 and self._may_deal():
                return self.next_hand_at - now
            idle_in = None if self.paused or self.attendance.told else self.attendance.idle_in()
            return idle_in  # when the table turns idle, to say so
        times = [t for t in (self.turn.deadline, self.turn.bot_due) if t is not None]
        return min(times) - now if times else None

    def _ready(self) -> list[int]:
        return [s for s, p in enumerate(self.table.players) if p is not None and p.present]

    # ------------------------------------------------------------------ steps

    def _step(self) -> bool:
        """Start hands, and let the driver play what is due.  True when anything
        changed."""
        changed = False
        now = self.clock.now()
        if self.host.waitlist_step(now):  # seats offered to the waitlist, offers run out
            changed = True
            self._flush()
            self.scene.touch_all()
        if self.table.hand is None:
            idle = self.life is TableLife.IDLE
            if idle != self.attendance.told:  # idle now, or no longer: the lobby says so
                if idle:  # once, for whoever opens it next
                    self.log.append(self.attendance.idle_line())
                self.attendance.told = idle
                self.recorder.dirty = changed = True
                self._flush()
            if len(self._ready()) >= 2 and now >= self.next_hand_at and self._may_deal():
                self._start_hand()
                changed = True
            if changed:
                self.scene.touch_all()
            if self.table.hand is None:
                return changed
        hand = self.table.hand
        events = len(hand.events)
        stepped = self.driver.step(now)
        if self.table.hand is not hand or len(hand.events) != events:
            self.scene.touch_all()  # the hand ended, or was played on (a bot, a timeout)
        else:  # at most a clock started (or the time bank): the hand's part, the seat's
            self.scene.touch(self.table.to_act)
        return stepped or changed

    def _actor_seat(self) -> int | None:
        return self.table.to_act

    def _engine_seat(self, seat: int) -> int:
        plan = self.table.plan_in_play
        assert plan is not None
        return plan.position_of(seat)

    def _start_hand(self) -> None:
        table = self.table
        change = self.rotation.before_hand(table, self.rng)  # mixed games (rotation.py)
        if change is not None:
            self.log.append(change)
        self.recorder.dirty = self.recorder.dirty or self.rotation.mixed is not None
        if table.positions is None and table.first_button is None and not table.stakes.game.is_stud:
            draw = table.draw_for_button(Deck(rng=self.rng))
            name = self.driver.name
            if draw.cards:
                self.log.append(
                    "Draw for the button: " + ", ".join(f"{name(s)} {c}" for s, c in draw.cards)
                    + f"; {name(draw.winner)} has the button")
            else:  # the house places it by seat (button_draw "by_seat"): no cards
                self.log.append(f"The button starts at seat {draw.winner + 1}: "
                                f"{name(draw.winner)} has the button")
            self.store.save_snapshot(self.id, self._snapshot())
        bomb_pot = self.host.take_bomb_pot()  # the host's plans first (#24)
        self._flush()
        before = table_to_dict(table)
        if bomb_pot:
            before["bomb_pot"] = True  # dealt again so: restore.py, hands/exports.py
        deck = Deck(rng=self.rng, cards=table.stakes.game.deck)
        order = [int(c) for c in deck.order]
        table.start_hand(deck, bomb_pot=bomb_pot)
        plan = table.plan_in_play
        assert plan is not None
        sittings = {str(s): {"sitting": self.seats[s].sitting, "name": self.driver.name(s)}
                    for s in plan.seats if s in self.seats}
        self.recorder.start_hand(before, order, sittings=sittings)
        self.after.hand_started(self.hand_number)
        self.preactions.forget_street()
        self.driver.begin(f"--- hand {self.hand_number} ---")

    def _finish_hand(self) -> None:
        table, hand, plan = self.table, self.table.hand, self.table.plan_in_play
        assert hand is not None and plan is not None
        result = {"stacks": {str(plan.seat_at(k)): stack for k, stack in enumerate(hand.stacks)},
                  "rake": hand.rake}
        self.rake_taken += hand.rake
        self.metrics.hand_finished(hand.config.variant.key, room="cash")
        self.last_result = hand_result(hand.events, plan.seat_at, self.driver.name,
                                       self.hand_number)
        self.after.hand_over(hand, plan, self.hand_number)
        table.finish_hand()
        for seat, meta in self.seats.items():
            player = table.players[seat]
            if (player is not None and meta.timeouts >= self.settings.sit_out_after
                    and player.status not in (Status.SITTING_OUT, Status.AWAY)):
                table.sit_out(seat)
                self.log.append(f"{meta.name} is sat out after {meta.timeouts} timeouts")
        self.bank.refill(self.settings.time_bank_every, self.settings.time_bank_refill,
                         self.hand_number)
        self.sittings.carry_out()
        self.host.between_hands()  # the host's new stakes and seat changes (#24)
        batch = self.recorder.batch
        if self.closed:
            batch.table["closed"] = True
        if hand.rake:
            batch.ledger("", -1, "rake", hand.rake)  # no one's: told by its kind
        for seat, meta in list(self.seats.items()):
            if meta.is_bot:
                player = table.players[seat]
                if player is not None and player.status is Status.BUSTED:
                    self._rebuy_bot(seat)
        self.recorder.finish_hand(result, self._scene)
        self.turn.deadline = self.turn.bot_due = None
        self.bank.running = None
        self.preactions.forget_street()
        self.next_hand_at = self.clock.now() + self.settings.pause_between_hands

    def _rebuy_bot(self, seat: int) -> None:
        player = self.table.players[seat]
        assert player is not None
        amount = self.host.bot_buy_in()
        self.table.rebuy(seat, amount)
        self.recorder.batch.ledger(player.name, seat, "rebuy", amount)
        self.log.append(f"{player.name} rebuys for {amount}")

    # ------------------------------------------------------------- requests

    def seat_of(self, sitting: str | None) -> int:
        return self.sittings.seat_of(sitting)

    def sitting_for_token(self, token: str) -> str | None:
        return self.sittings.sitting_for_token(token)

    def join(self, name: str, seat: int, buy_in: int, *,
             policy: str | None = None) -> tuple[str, str]:
        return self.sittings.join(name, seat, buy_in, policy=policy)

    def top_up(self, seat: int, amount: int) -> None:
        self.sittings.top_up(seat, amount)

    def leave(self, seat: int) -> None:
        self.sittings.leave(seat)

    def act(self, seat: int, message: dict[str, Any]) -> None:
        """A player's action, from that seat's own connection only."""
        self.driver.dealt_in(seat)
        self.driver.act(seat, action_from_dict(message))

    def act_alone(self, seat: int, message: dict[str, Any]) -> None:
        """:meth:`act`, as the only change of the request that runs it (the table's
        socket, tables/routes.py).  An action within a betting round changes only the
        parts of that seat and of the seat to act next: the scene is told so when the
        request ends (:meth:`_after_request`), and looks at those seats only."""
        hand = self.driver.dealt_in(seat)
        street, phase = hand.street, hand.phase
        self.act(seat, message)
        if (self.table.hand is hand and not hand.is_over and hand.street == street
                and phase is Phase.BETTING and hand.phase is Phase.BETTING):
            self._acted = (seat, self.table.to_act)

    def sit_out(self, seat: int) -> None:
        self.table.sit_out(seat)
        self.recorder.dirty = True

    def sit_in(self, seat: int, post: bool) -> None:
        """Back in play (T13).  Sitting in is a sign of life, not an action: the run of
        timeouts is kept one short of ``sit_out_after``, so a player who comes back and
        lets the clock run out once more is away again at once."""
        meta = self.seats.get(seat)
        if meta is not None:
            meta.timeouts = min(meta.timeouts, self.settings.sit_out_after - 1)
        self.table.sit_in(seat, post=post)
        self.recorder.dirty = True

    def post(self, seat: int) -> None:
        self.table.post_to_play(seat)
        self.recorder.dirty = True

    def set_muck_losing(self, seat: int, on: bool) -> None:
        """The player's showdown setting (S4): muck a hand that cannot win, or show."""
        self.seats[seat].muck_losing = on

    def show_cards(self, seat: int, cards: list[int]) -> None:
        """Show some of one's own face-down cards by choice (tables/show_cards.py)."""
        self.after.show(seat, cards, self.table.hand, self.table.plan_in_play)

    def set_rabbit_hunt(self, on: bool) -> None:
        """The host's option: show the board that would have come (stored)."""
        self.host.refuse_when_closed("the rabbit hunt")
        if on != self.after.rabbit_hunt:
            self.after.rabbit_hunt = on
            self.log.append(f"The host turned the rabbit hunt {'on' if on else 'off'}")
            self.recorder.dirty = True

    def straddle(self, seat: int) -> None:
        self.table.request_straddle(seat)
        self.recorder.dirty = True

    def set_preaction(self, seat: int, kind: str | None, amount: int | None) -> None:
        self.preactions.choose(seat, kind, amount)

    # host's

    def check_host(self, key: str) -> None:
        self.host.check_host(key)

    def add_bot(self, policy: str, seat: int | None, buy_in: int | None) -> int:
        return self.host.add_bot(policy, seat, buy_in)

    def remove_bot(self, seat: int) -> None:
        self.host.remove_bot(seat)

    def kick(self, seat: int) -> None:
        self.host.kick(seat)

    def ledger_report(self) -> list[dict[str, Any]]:
        return self.host.ledger_report()

    def pause(self, paused: bool) -> None:
        self.host.pause(paused)

    def lock(self, locked: bool) -> None:
        self.host.lock(locked)

    def close(self) -> None:
        self.host.close()

    # chat

    def say(self, sub: Subscriber, text: str) -> None:
        """A chat line from the connection ``sub``: named after its sitting, or
        "Spectator N" for a spectator's; sent at once to every connection."""
        now = self.clock.now()
        held = [(s, m) for s, m in self.seats.items()
                if sub.sitting is not None and m.sitting == sub.sitting]
        if held:
            seat, meta = held[0]
            line = self.chat.say(meta.sitting, meta.name, text, now=now, seated=True, seat=seat)
        else:
            line = self.chat.say(f"spectator {sub.number}", f"Spectator {sub.number}", text,
                                 now=now, seated=False, seat=None)
        self.audience.tell_all(messages.chat([line]))

    def set_chat(self, *, on: bool, spectators: bool) -> None:
        """The host's choice: chat on or off, spectators allowed or not (stored)."""
        self.chat.configure(on=on, spectators=spectators)
        self.log.append(f"The host turned the chat {'on' if on else 'off'}"
                        + ("" if not on or spectators else " for players only"))
        self.recorder.dirty = True

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
        self.audience.opened += 1
        sub = Subscriber(seat, sitting, number=self.audience.opened)
        self.subscribers.add(sub)
        self.attendance.watched(person=seat is not None)
        if seat is not None:
            self.seats[seat].connections += 1
        sub.push_update(self.scene.joining(self, seat), self._state_for(seat))
        if self.chat.lines:
            sub.push_error(messages.chat(list(self.chat.lines)))
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.chat.forget(f"spectator {sub.number}")
        meta = self.seats.get(sub.seat) if sub.seat is not None else None
        self.attendance.watched(person=meta is not None and meta.sitting == sub.sitting)
        if meta is not None and meta.sitting == sub.sitting:
            meta.connections -= 1

    def _publish(self) -> None:
        """A new version to every subscriber (:class:`~pokerroom.server.tables.scene.
        TableScene`): the public part and its delta built once, each seat's own part
        once, each distinct message encoded once, when first sent."""
        self.version += 1
        self.scene.publish(self, self.version, self.subscribers, self._state_for)

    def _state_for(self, seat: int | None,
                   public: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"type": "state", "version": self.version,
                "state": table_state(self, seat, public, kept=self.scene.kept)}
