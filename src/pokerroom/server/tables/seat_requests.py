"""Who holds each seat of a room's table, and the requests to sit down, add chips and
leave it.

A request that cannot happen during a hand (sitting down, adding chips,
leaving) is answered at once and stored with the sitting before the answer;
the end of the hand carries it out (:meth:`SeatRequests.carry_out`), after a restart
too.  :class:`SeatRequests` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), run only by the actor's task: it
keeps the seats' sittings (``seats``, shared with the other parts), writes through the
recorder, tells a sitting's connections when it loses its seat, and asks the time bank
what it remembers of a person who joins or leaves.
"""

from __future__ import annotations

import random
import secrets
from collections import deque
from collections.abc import Callable
from typing import TypedDict

from pokerroom.bots import BOTS
from pokerroom.cards import child_rng
from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.server.tables.audience import Audience
from pokerroom.server.tables.life import refuse_when_closed
from pokerroom.server.tables.player_aids import TimeBank
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.seat_approval import MAX_REQUESTS, SeatApproval, SeatAsk
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.server.tables.store import SeatRow
from pokerroom.server.tables.waitlist import Waiting, Waitlist
from pokerroom.server.wire.names import refuse_lookalike
from pokerroom.table import Table


class Pending(TypedDict):
    """A sitting's requests carried out when the hand ends: sitting down with a buy-in
    (None: seated already), chips to add (0: none), leaving."""

    sit_down: int | None
    top_up: int
    leave: bool


class SeatRequests:
    """The sittings and their joins, top-ups and leaves: answered at once, carried out
    between hands.  ``closed`` (by the host: no one may join) and ``locked`` (no one
    new; bots may) are the door's state."""

    def __init__(self, table: Table, seats: dict[int, SeatMeta], *, recorder: Recorder,
                 audience: Audience, bank: TimeBank, log: deque[str],
                 rng: random.Random) -> None:
        self.table = table
        self.seats = seats
        self.recorder = recorder
        self.audience = audience
        self.bank = bank
        self.log = log
        self.rng = rng
        self.closed = False
        self.locked = False
        self.approval = SeatApproval()  # the host's "approve seat requests" (#24)
        self.waitlist = Waitlist()  # names waiting for a seat at a full table (#24)
        self.save_host_state: Callable[[], None] = lambda: None  # set by the host's tools

    # ------------------------------------------------------------ who sits where

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

    def sitting_for_token(self, token: str) -> str | None:
        """The sitting that holds a seat here with this secret token, if any."""
        for meta in self.seats.values():
            if secrets.compare_digest(meta.token, token):
                return meta.sitting
        return None

    def restore(self, rows: list[SeatRow]) -> None:
        """The sittings as stored (a restart, a takeover, a resync)."""
        self.seats.clear()
        for row in rows:
            bot = BOTS[row.policy](child_rng(self.rng)) if row.policy else None
            self.seats[row.seat] = SeatMeta(
                row.name, row.token, is_bot=row.is_bot, policy=row.policy, bot=bot,
                sitting=row.sitting or "", buy_in=row.buy_in, top_up=row.top_up or 0,
                leaving=bool(row.leaving))

    # ------------------------------------------------------------ requests

    def join(self, name: str, seat: int, buy_in: int, *,
             policy: str | None = None, ask: SeatAsk | None = None,
             waiting: Waiting | None = None) -> tuple[str, str]:
        """Take a seat; returns the new sitting's secret token and its id.  During a
        hand the seat is taken at once but the player sits down when the hand ends.
        With seat approval on (#24) a person's join is a request instead (its token and
        id are the sitting's if the host accepts: :meth:`waiting`); ``ask``: the request
        the host accepts (past the lock: the host chose this player); ``waiting``: the
        name on the waitlist taking the seat offered to it (while names wait, no one
        else may sit down: ``waitlist_first``)."""
        table = self.table
        refuse_when_closed(self.closed, "sitting down")
        if self.locked and policy is None and ask is None:
            raise IllegalActionError(Reason.TABLE_LOCKED, "the host has locked this table: "
                                     "no new players may sit down until the host unlocks it")
        if not 0 <= seat < table.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{table.seat_count - 1}")
        if table.players[seat] is not None or seat in self.seats:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is taken")
        held = self.approval.asked(seat)
        if held is not None and held is not ask:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is asked for by "
                                     f"{held.name}, waiting for the host: choose another")
        offered = self.waitlist.held().get(seat)
        unseated = [w for w in self.waitlist.names if w.seat is None]
        if (policy is None and ask is None and offered is not waiting
                and (offered is not None or unseated)):
            raise IllegalActionError(Reason.WAITLIST_FIRST, f"seat {seat} is offered to "
                                     f"{offered.name} from the waitlist" if offered else
                                     f"{len(unseated)} on the waitlist have the next seat "
                                     "first: put your name down")
        others = [a.name for a in self.approval.asks if a is not ask]
        refuse_lookalike(name, [m.name for m in self.seats.values()] + others,
                         where="seated at this table or asking for a seat")
        table._check_buy_in(buy_in)
        token = ask.token if ask else secrets.token_urlsafe(24)
        sitting = ask.sitting if ask else secrets.token_hex(8)
        if self.approval.on and policy is None and ask is None:
            return self._ask(name, seat, buy_in, token, sitting)
        bot = BOTS[policy](child_rng(self.rng)) if policy else None
        meta = SeatMeta(name, token, is_bot=policy is not None, policy=policy, bot=bot,
                        sitting=sitting, buy_in=buy_in)
        self.bank.recall(meta)
        self.seats[seat] = meta
        self.recorder.batch.add_seat(seat, name, token, sitting, is_bot=policy is not None,
                                     policy=policy, buy_in=buy_in)
        if table.hand is None:
            self.carry_out()
        return token, sitting

    def _ask(self, name: str, seat: int, buy_in: int, token: str,
             sitting: str) -> tuple[str, str]:
        """A request to sit down that waits for the host: nothing taken yet."""
        if len(self.approval.asks) >= MAX_REQUESTS:
            raise IllegalActionError(Reason.TOO_MANY_REQUESTS, f"{MAX_REQUESTS} seat requests "
                                     "already wait for the host: try again later")
        ask = SeatAsk(secrets.token_hex(4), name, seat, buy_in, token, sitting)
        self.approval.asks.append(ask)
        self.log.append(f"{name} asks to sit in seat {seat + 1} with {buy_in}: waiting for "
                        "the host")
        self.save_host_state()
        return token, sitting

    def free_seats(self) -> list[int]:
        """The seats no one holds, sits in or has asked the host for."""
        return [s for s in range(self.table.seat_count) if self.table.players[s] is None
                and s not in self.seats and self.approval.asked(s) is None]

    def waiting(self, sitting: str) -> str | None:
        """The id of the request that ``sitting`` (a join's answer) waits on, or None."""
        return next((a.id for a in self.approval.asks if a.sitting == sitting), None)

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
        self.recorder.batch.update_seat(meta.sitting, top_up=total)
        if self.table.hand is None:
            self.carry_out()

    def leave(self, seat: int) -> None:
        meta = self.seats.get(seat)
        if meta is None:
            raise IllegalActionError(Reason.NOT_SEATED, "you have no seat")
        meta.leaving = True
        self.recorder.batch.update_seat(meta.sitting, leaving=True)
        if self.table.hand is None:
            self.carry_out()

    def close(self) -> None:
        """Every sitting leaves (now, or when the hand ends) and no one may join."""
        self.closed = True
        for meta in self.seats.values():
            meta.leaving = True
            self.recorder.batch.update_seat(meta.sitting, leaving=True)
        if self.table.hand is None:
            self.carry_out()

    def move(self, old: int, new: int) -> None:
        """Between hands: the player in ``old`` moves to the empty seat ``new`` by the
        table's seat-change rule (T12: :meth:`Table.change_seat
        <pokerroom.table.Table.change_seat>`), their sitting and connections with them."""
        meta = self.seats.get(old)
        if meta is None or self.table.players[old] is None:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"no one sits in seat {old}")
        if new in self.seats:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {new} is taken")
        self.table.change_seat(old, new)
        del self.seats[old]
        self.seats[new] = meta
        self.recorder.batch.update_seat(meta.sitting, seat=new)
        self.recorder.dirty = True
        for sub in self.audience.subscribers:
            if sub.sitting is not None and sub.sitting == meta.sitting:
                sub.seat = new
        self.log.append(f"{meta.name} moves from seat {old + 1} to seat {new + 1}")

    # ------------------------------------------------------------ between hands

    def carry_out(self) -> None:
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
                self.recorder.batch.update_seat(meta.sitting, top_up=0)

    def _sit(self, seat: int, meta: SeatMeta) -> None:
        buy_in, meta.buy_in = meta.buy_in, None
        assert buy_in is not None
        self.table.sit(seat, meta.name, buy_in)
        self.recorder.batch.update_seat(meta.sitting, buy_in=None)
        self.recorder.batch.ledger(meta.name, seat, "buy_in", buy_in)
        self.log.append(f"{meta.name} sits down in seat {seat + 1} with {buy_in}")

    def _add_chips(self, seat: int, meta: SeatMeta) -> None:
        amount = meta.top_up
        player = self.table.players[seat]
        assert player is not None
        meta.top_up = 0
        batch = self.recorder.batch
        batch.update_seat(meta.sitting, top_up=0)
        if player.stack == 0:
            self.table.rebuy(seat, amount)
            kind = "rebuy"
        else:
            self.table.top_up(seat, amount)
            kind = "top_up"
        batch.ledger(player.name, seat, kind, amount)
        self.log.append(f"{player.name} adds {amount}")

    def _go(self, seat: int, meta: SeatMeta) -> None:
        player = self.table.players[seat]
        batch = self.recorder.batch
        if player is not None:
            chips = self.table.leave(seat)
            batch.ledger(player.name, seat, "cash_out", chips)
            self.log.append(f"{player.name} leaves with {chips}")
        batch.release_seat(meta.sitting)
        self.bank.remember(meta)
        self.seats.pop(seat, None)
        self.audience.demote(meta.sitting, "the host removed you from the table"
                             if meta.kicked else "you left the table")
