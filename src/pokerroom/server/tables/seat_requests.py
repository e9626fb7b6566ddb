"""Between hands: the requests to sit down, add chips and leave a room's table.

A request that cannot happen during a hand (sitting down, adding chips,
leaving) is answered at once and stored with the sitting before the answer;
the end of the hand carries it out (:meth:`SeatRequests._carry_out_requests`),
after a restart too.  :class:`SeatRequests` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor` is one), run only by the actor's
task; imports flow from the actor to here, never back.
"""

from __future__ import annotations

import random
import secrets
from collections import deque
from typing import TypedDict

from pokerroom.bots import BOTS
from pokerroom.cards import child_rng
from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.server.actors.owner import TaskOwner
from pokerroom.server.tables.sittings import SeatMeta, Subscriber
from pokerroom.server.tables.store import Batch
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.names import refuse_lookalike
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table import Table


class Pending(TypedDict):
    """A sitting's requests carried out when the hand ends: sitting down with a buy-in
    (None: seated already), chips to add (0: none), leaving."""

    sit_down: int | None
    top_up: int
    leave: bool


class SeatRequests(TaskOwner):
    """Joins, top-ups and leaves: answered at once, carried out between hands."""

    # The actor's state these requests read and change (set by TableActor.__init__).
    table: Table
    seats: dict[int, SeatMeta]
    subscribers: set[Subscriber]
    log: deque[str]
    rng: random.Random
    closed: bool
    locked: bool
    _batch: Batch

    def _remember_clock(self, meta: SeatMeta) -> None:
        """A person leaves: their time bank and timeouts are kept (the player aids')."""
        raise NotImplementedError

    def _recall_clock(self, meta: SeatMeta) -> None:
        """A person joins: the time bank and timeouts they left with lately."""
        raise NotImplementedError

    def _flush(self, *, snapshot: bool = True) -> None:
        """Commit the operation's writes (the actor's)."""
        raise NotImplementedError

    def join(self, name: str, seat: int, buy_in: int, *,
             policy: str | None = None) -> tuple[str, str]:
        """Take a seat; returns the new sitting's secret token and its id.  During a
        hand the seat is taken at once but the player sits down when the hand ends."""
        table = self.table
        if self.closed:
            raise IllegalActionError(Reason.TABLE_CLOSED, "this table is closed")
        if self.locked and policy is None:
            raise IllegalActionError(Reason.TABLE_LOCKED, "the host has locked this table: "
                                     "no new players may sit down until the host unlocks it")
        if not 0 <= seat < table.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{table.seat_count - 1}")
        if table.players[seat] is not None or seat in self.seats:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is taken")
        refuse_lookalike(name, [m.name for m in self.seats.values()],
                         where="seated at this table")
        table._check_buy_in(buy_in)
        token = secrets.token_urlsafe(24)
        sitting = secrets.token_hex(8)
        bot = BOTS[policy](child_rng(self.rng)) if policy else None
        meta = SeatMeta(name, token, is_bot=policy is not None, policy=policy, bot=bot,
                        sitting=sitting, buy_in=buy_in)
        self._recall_clock(meta)
        self.seats[seat] = meta
        self._batch.add_seat(seat, name, token, sitting, is_bot=policy is not None,
                             policy=policy, buy_in=buy_in)
        if table.hand is None:
            self._carry_out_requests()
        return token, sitting

    def _carry_out_requests(self) -> None:
        """Between hands: seat the players who joined, add their chips, let go of the
        ones who leave (in that order for each sitting)."""
        assert self.table.hand is None
        for seat, meta in list(self.seats.items()):
            try:
                if meta.buy_in is not None:
                    self._sit(seat, meta)
                if meta.top_up:
                    self._add_chips(seat, meta)
                if meta.leaving:
                    self._go(seat, meta)
            except PokerError as exc:  # e.g. a top-up past the maximum after a win
                self.log.append(f"could not apply a request of {meta.name}: {exc}")
                meta.top_up = 0
                self._batch.update_seat(meta.sitting, top_up=0)

    def carry_out_requests_now(self) -> None:
        """After a restart with no hand running: the stored requests, at once."""
        self._carry_out_requests()
        self._flush()

    def _sit(self, seat: int, meta: SeatMeta) -> None:
        buy_in, meta.buy_in = meta.buy_in, None
        assert buy_in is not None
        self.table.sit(seat, meta.name, buy_in)
        self._batch.update_seat(meta.sitting, buy_in=None)
        self._batch.ledger(meta.name, seat, "buy_in", buy_in)
        self.log.append(f"{meta.name} sits down in seat {seat + 1} with {buy_in}")

    def _add_chips(self, seat: int, meta: SeatMeta) -> None:
        amount = meta.top_up
        player = self.table.players[seat]
        assert player is not None
        meta.top_up = 0
        self._batch.update_seat(meta.sitting, top_up=0)
        if player.stack == 0:
            self.table.rebuy(seat, amount)
            kind = "rebuy"
        else:
            self.table.top_up(seat, amount)
            kind = "top_up"
        self._batch.ledger(player.name, seat, kind, amount)
        self.log.append(f"{player.name} adds {amount}")

    def _go(self, seat: int, meta: SeatMeta) -> None:
        player = self.table.players[seat]
        if player is not None:
            chips = self.table.leave(seat)
            self._batch.ledger(player.name, seat, "cash_out", chips)
            self.log.append(f"{player.name} leaves with {chips}")
        self._batch.release_seat(meta.sitting)
        self._remember_clock(meta)
        self.seats.pop(seat, None)
        self._demote(meta, "the host removed you from the table" if meta.kicked
                     else "you left the table")

    def _demote(self, meta: SeatMeta, why: str) -> None:
        """The sitting no longer holds its seat: its connections watch from now on."""
        for sub in self.subscribers:
            if sub.sitting is not None and sub.sitting == meta.sitting:
                sub.seat = sub.sitting = None
                sub.push_error(error(WireReason.SEAT_LOST, f"{why}: this connection now watches"))

    def pending(self, seat: int) -> Pending | None:
        """What the sitting in ``seat`` asked for that waits for the hand's end (shown
        in its own state, so that the page shows it pending), or None: nothing."""
        meta = self.seats.get(seat)
        if meta is None or (meta.buy_in is None and not meta.top_up and not meta.leaving):
            return None
        return {"sit_down": meta.buy_in, "top_up": meta.top_up, "leave": meta.leaving}

    def top_up(self, seat: int, amount: int) -> None:
        """Add chips (a rebuy after busting): now between hands, else when the hand
        ends; two during one hand add up (the total within the buy-in limits)."""
        player = self.table.players[seat]
        meta = self.seats.get(seat)
        if player is None or meta is None:
            raise IllegalActionError(
                Reason.NOT_SEATED, "you are not seated yet: add chips once you sit down")
        if meta.leaving:
            raise IllegalActionError(Reason.LEAVING, "you are leaving this table")
        total = meta.top_up + amount
        self.table._check_buy_in(total, current=player.stack)
        meta.top_up = total
        self._batch.update_seat(meta.sitting, top_up=total)
        if self.table.hand is None:
            self._carry_out_requests()

    def leave(self, seat: int) -> None:
        meta = self.seats.get(seat)
        if meta is None:
            raise IllegalActionError(Reason.NOT_SEATED, "you have no seat")
        meta.leaving = True
        self._batch.update_seat(meta.sitting, leaving=True)
        if self.table.hand is None:
            self._carry_out_requests()
