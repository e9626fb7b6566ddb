"""The host's tools at a room's table: bots added and removed, kicks, play paused and
resumed, the table locked and closed, the ledger (as CSV too) and the settle-up, and
for the next hand new stakes, a bomb pot and seat changes (issue 24); each needs the
table's host key.

What the host sets for the next hand (:class:`~pokerroom.server.tables.next_hand.
NextHand`) is stored with the table (``host_state``) at once, and carried out when the
hand in progress ends, or at once between hands.

At a closed table every tool but the ledger is refused (``table_closed``, nothing
changed): its sittings are leaving and it is dealt no more (tables/life.py).  Pausing a
paused table, or resuming one in play, changes nothing.

:class:`HostTools` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), built on the seat requests (a bot
joins and leaves as a player does) and writing through the recorder.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import secrets
from collections import deque
from collections.abc import Mapping
from typing import Any

from pokerroom.errors import ConfigError, IllegalActionError, PokerError, Reason
from pokerroom.server.tables.blinds_change import changed_stakes, describe
from pokerroom.server.tables.life import refuse_when_closed
from pokerroom.server.tables.next_hand import NextHand
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.seat_approval import SeatApproval
from pokerroom.server.tables.seat_requests import SeatRequests
from pokerroom.server.tables.settlement import settle_up
from pokerroom.server.tables.waitlist import OFFER_SECONDS, Waitlist
from pokerroom.server.wire.names import refuse_lookalike
from pokerroom.server.wire.protocol import MAX_CHIPS
from pokerroom.table import Table

LEDGER_COLUMNS = ("name", "buy_in", "added", "cash_out", "on_table", "net", "seated")
"""The ledger's columns, in the CSV download's order."""


class HostKeyError(IllegalActionError):
    """A host's request (bots, pause, close) without the table's host key."""


class HostTools:
    """What the table's host may do (see the module's docstring); ``paused``: no new
    hand starts."""

    def __init__(self, table: Table, sittings: SeatRequests, *, recorder: Recorder,
                 log: deque[str], host_key: str | None, paused: bool = False) -> None:
        self.table = table
        self.sittings = sittings
        self.recorder = recorder
        self.log = log
        self.host_key = host_key
        self.paused = paused
        self.next = NextHand()
        sittings.save_host_state = self._save

    def check_host(self, key: str) -> None:
        """Refuse a host's request without the table's host key."""
        if not (self.host_key and secrets.compare_digest(self.host_key, key)):
            raise HostKeyError(Reason.NOT_HOST, "only the table's host may do this: the host key "
                               "returned when the table was created is needed")

    def refuse_when_closed(self, what: str) -> None:
        """Refuse ``what`` at a closed table (``table_closed``)."""
        refuse_when_closed(self.sittings.closed, what)

    def add_bot(self, policy: str, seat: int | None, buy_in: int | None) -> int:
        self.refuse_when_closed("adding a bot")
        seats = self.sittings.seats
        free = [s for s in self.sittings.free_seats()
                if s not in self.sittings.waitlist.held()]
        if seat is None:
            if not free:
                raise IllegalActionError(Reason.NO_FREE_SEAT, "no free seat for a bot")
            seat = free[0]
        elif seat not in free:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is taken")
        names = {m.name for m in seats.values()}
        n = 1
        while f"Bot {n}" in names:
            n += 1
        self.sittings.join(f"Bot {n}", seat, buy_in or self.bot_buy_in(), policy=policy)
        return seat

    def bot_buy_in(self) -> int:
        """A bot's chips: the maximum buy-in, or 100 units at a table without one."""
        table = self.table
        return table.options.max_buy_in or min(100 * table.stakes.unit, MAX_CHIPS)

    def remove_bot(self, seat: int) -> None:
        self.refuse_when_closed("removing a bot")
        meta = self.sittings.seats.get(seat)
        if meta is None or not meta.is_bot:
            raise IllegalActionError(Reason.NO_BOT, f"there is no bot in seat {seat}")
        self.sittings.leave(seat)

    def kick(self, seat: int) -> None:
        """The host removes the player in ``seat``: their sitting ends when the hand
        in progress ends (now, between hands), their chips cashed out to the ledger,
        and their connections are told (``seat_lost``) and watch from then on."""
        self.refuse_when_closed("removing a player")
        meta = self.sittings.seats.get(seat)
        if meta is None:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"no one sits in seat {seat}")
        meta.kicked = True
        self.log.append(f"The host removes {meta.name} from the table")
        self.sittings.leave(seat)

    def ledger_report(self) -> list[dict[str, Any]]:
        """The host's ledger (:func:`ledger_rows`), with the chips at the table as the
        last hand left them (a hand's pot is no one's yet)."""
        now: dict[str, int] = {}
        for player in self.table.players:
            if player is not None:
                now[player.name] = now.get(player.name, 0) + player.stack
        recorder = self.recorder
        return ledger_rows(recorder.store.ledger_by_player(recorder.table_id), now)

    def pause(self, paused: bool) -> None:
        """Paused: the hand in progress is played out, no new hand starts.  Pausing a
        paused table (resuming one in play) changes nothing."""
        self.refuse_when_closed("pausing" if paused else "resuming play")
        if paused == self.paused:
            return
        self.paused = paused
        self.recorder.batch.table["paused"] = paused
        self.log.append("The host paused the table" if paused else "The host resumed play")

    def lock(self, locked: bool) -> None:
        """Locked: no one new may take a seat (after a kick, say: a host cannot tell a
        returning person by their name); the players seated stay, bots may be added.
        Kept with the table's snapshot."""
        self.refuse_when_closed("locking" if locked else "unlocking")
        self.sittings.locked = locked
        self.recorder.dirty = True
        self.log.append("The host locked the table: no new players" if locked
                        else "The host unlocked the table")

    def close(self) -> None:
        """Close the table: every player leaves (now, or when the hand ends) with their
        chips, and the table is no longer listed or dealt.  Closed once, for good."""
        self.refuse_when_closed("closing it again")
        self.paused = True
        self.recorder.batch.table.update(paused=True)
        self.log.append("The host closed the table")
        for ask in list(self.sittings.approval.asks):  # no one waits at a closed table
            self.sittings.approval.drop(ask, refused=True)
        self.sittings.waitlist.names.clear()
        self._save()
        self.sittings.close()
        if self.table.hand is None:
            self.recorder.batch.table["closed"] = True

    # ------------------------------------------------------------ the next hand (#24)

    def restore_state(self, data: dict[str, Any] | None) -> None:
        """Take back what was stored of the host's plans for the next hand and of the
        seat requests."""
        self.next = NextHand.from_dict(data)
        self.sittings.approval = SeatApproval.from_dict((data or {}).get("approval"))
        self.sittings.waitlist = Waitlist.from_dict((data or {}).get("waitlist"))

    def _save(self) -> None:
        self.recorder.batch.table["host_state"] = {
            **self.next.to_dict(), "approval": self.sittings.approval.to_dict(),
            "waitlist": self.sittings.waitlist.to_dict()}

    def notices(self) -> list[str]:
        """The host's plans for the next hand, in words, for everyone's page."""
        if self.next.moves:
            names = {s: p.name for s, p in enumerate(self.table.players) if p is not None}
        else:
            names = {}  # only a move names a player
        return self.next.notices(names)

    def public(self) -> dict[str, Any]:
        """What every viewer's state shows of the host's tools (``table.host_tools``):
        the plans for the next hand in words, seat approval and its requests."""
        return {"notices": self.notices(), **self.sittings.approval.public(),
                "waitlist": self.sittings.waitlist.public()}

    # ------------------------------------------------------------ the waitlist (#24)

    def join_waitlist(self, name: str) -> dict[str, Any]:
        """Put ``name`` down on the full table's waitlist: its id, secret token (to take
        the seat offered or leave the list) and place.  Refused (``seat_free``) while
        a seat is free to sit down in."""
        self.refuse_when_closed("joining the waitlist")
        waitlist = self.sittings.waitlist
        free = [s for s in self.sittings.free_seats() if s not in waitlist.held()]
        if free:
            raise IllegalActionError(Reason.SEAT_FREE, f"seat {free[0]} is free: sit down "
                                     "instead (the waitlist is for a full table)")
        refuse_lookalike(name, [m.name for m in self.sittings.seats.values()]
                         + [w.name for w in waitlist.names],
                         where="seated at this table or on its waitlist")
        entry = waitlist.add(name)
        place = len(waitlist.names)
        self.log.append(f"{name} is on the waitlist ({place} waiting)")
        self._save()
        return {"id": entry.id, "token": entry.token, "place": place}

    def leave_waitlist(self, token: str) -> None:
        waitlist = self.sittings.waitlist
        entry = waitlist.by_token(token)
        waitlist.names.remove(entry)
        self.log.append(f"{entry.name} leaves the waitlist")
        self._save()

    def take_offered_seat(self, token: str, buy_in: int) -> tuple[str, str]:
        """The name offered a seat sits down in it (as a join: through the host's
        approval when that is on); off the list.  Returns the join's token, sitting."""
        self.refuse_when_closed("sitting down")
        waitlist = self.sittings.waitlist
        entry = waitlist.by_token(token)
        if entry.seat is None:
            place = waitlist.names.index(entry) + 1
            raise IllegalActionError(Reason.NOT_ON_WAITLIST, f"no seat is offered to you "
                                     f"yet: you are number {place} on the waitlist")
        answer = self.sittings.join(entry.name, entry.seat, buy_in, waiting=entry)
        waitlist.names.remove(entry)
        self._save()
        return answer

    def waitlist_step(self, now: float) -> bool:
        """Offers that ran out go to the next name; a free seat is offered to the first
        name without one.  True when the list changed (the caller commits it)."""
        waitlist = self.sittings.waitlist
        if not waitlist.names:
            return False
        gone = waitlist.expire(now)
        for entry in gone:
            self.log.append(f"{entry.name} did not take seat {(entry.seat or 0) + 1} in time "
                            "and leaves the waitlist")
        free = [] if self.sittings.closed else self.sittings.free_seats()
        before = {w.id: w.seat for w in waitlist.names}
        made = waitlist.offer(free, now)
        for entry in made:
            self.log.append(f"Seat {(entry.seat or 0) + 1} is offered to {entry.name} from "
                            f"the waitlist ({OFFER_SECONDS:.0f} s to take it)")
        changed = bool(gone or made) or before != {w.id: w.seat for w in waitlist.names}
        if changed:
            self._save()
        return changed

    # ------------------------------------------------------------ seat approval (#24)

    def approve_seats(self, on: bool) -> None:
        """The host's option: a person's join waits for the host's answer.  Turned off,
        the requests waiting stay for the host to answer."""
        self.refuse_when_closed("changing seat approval")
        approval = self.sittings.approval
        if approval.on == on:
            return
        approval.on = on
        self.log.append("The host approves each new player from now on" if on
                        else "New players sit down without the host's approval")
        self._save()

    def answer_seat_request(self, ask_id: str, *, accept: bool) -> None:
        """Accept (the player sits down as a join would, their chips taken now) or
        refuse (``no_seat_request`` when none such waits)."""
        self.refuse_when_closed("answering a seat request")
        approval = self.sittings.approval
        ask = approval.find(ask_id)
        if accept:
            self.sittings.join(ask.name, ask.seat, ask.buy_in, ask=ask)
            self.log.append(f"The host accepts {ask.name} in seat {ask.seat + 1}")
        else:
            self.log.append(f"The host refuses {ask.name}'s request for seat {ask.seat + 1}")
        approval.drop(ask, refused=not accept)
        self._save()

    def change_stakes(self, sizes: Mapping[str, int | None]) -> None:
        """New stakes from the next hand (:func:`~pokerroom.server.tables.blinds_change.
        changed_stakes` says what may change); said in the log.  Between hands they
        are the table's at once, else when the hand in progress ends."""
        self.refuse_when_closed("changing the stakes")
        stakes = changed_stakes(self.table.stakes, sizes)
        self.next.stakes = stakes
        self.log.append(f"The host changes the stakes: {describe(stakes)} from the next hand")
        self._save()
        if self.table.hand is None:
            self.between_hands()

    def plan_bomb_pot(self, ante: int | None) -> None:
        """A bomb pot next hand: everyone dealt in antes ``ante`` and the flop comes
        with no betting before it (the button stays).  None: the one planned is off.
        Refused (``no_bomb_pot``) at a game without a flop."""
        self.refuse_when_closed("a bomb pot")
        game = self.table.stakes.game
        if ante is None:
            if self.next.bomb_pot is not None:
                self.log.append("The host calls off the bomb pot")
            self.next.bomb_pot = None
        else:
            if game.is_stud or game.is_draw:
                raise IllegalActionError(Reason.NO_BOMB_POT, f"bomb pots are dealt in flop "
                                         f"games (hold'em, Omaha), not {game.name}")
            if not 0 < ante <= MAX_CHIPS:
                raise ConfigError(f"a bomb pot's ante is 1 to {MAX_CHIPS}, got {ante}")
            self.next.bomb_pot = ante
            self.log.append(f"The host calls a bomb pot next hand: everyone antes {ante}")
        self._save()

    def change_seat(self, old: int, new: int) -> None:
        """The player in ``old`` moves to the empty seat ``new`` (T12, by the table's
        seat-change rule: they may wait for the big blind or post): now between hands,
        else when the hand in progress ends."""
        self.refuse_when_closed("a seat change")
        table, seats = self.table, self.sittings.seats
        if not (0 <= old < table.seat_count and 0 <= new < table.seat_count):
            raise IllegalActionError(Reason.NO_SUCH_SEAT,
                                     f"seats are 0-{table.seat_count - 1}")
        if table.players[old] is None or old not in seats:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"no one sits in seat {old}")
        if table.players[new] is not None or new in seats:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {new} is taken: a seat "
                                     "change is to an empty seat")
        if any(old in m or new in m for m in self.next.moves):
            raise IllegalActionError(Reason.SEAT_CHANGE_PENDING, "a seat change from or to "
                                     "that seat already waits for the hand to end")
        if table.hand is None:
            self.sittings.move(old, new)
            return
        self.next.moves.append((old, new))
        self.log.append(f"{seats[old].name} will move to seat {new + 1} when the hand ends")
        self._save()

    def between_hands(self) -> None:
        """Carry out the plans that wait for no hand: the new stakes and the seat
        changes (a bomb pot waits for the deal: :meth:`take_bomb_pot`)."""
        if self.table.hand is not None:
            return
        nxt = self.next
        if nxt.stakes is None and not nxt.moves:
            return
        if nxt.stakes is not None:
            self.table.stakes, nxt.stakes = nxt.stakes, None
            self.recorder.dirty = True
            self.log.append(f"Now playing {describe(self.table.stakes)}")
        moves, nxt.moves = nxt.moves, []
        for old, new in moves:
            try:
                self.sittings.move(old, new)
            except PokerError as exc:  # the player left, or someone sat there
                self.log.append(f"the seat change from seat {old + 1} could not be made: {exc}")
        self._save()

    def take_bomb_pot(self) -> bool:
        """At the deal: whether it is the bomb pot planned (its ante set on the table's
        options, kept in the snapshot the hand is stored with), and the plan done."""
        self.between_hands()
        ante, self.next.bomb_pot = self.next.bomb_pot, None
        if ante is None:
            return False
        self._save()
        game = self.table.stakes.game
        if game.is_stud or game.is_draw:  # the game changed since (a mixed table)
            self.log.append(f"No bomb pot: {game.name} has no flop")
            return False
        self.table.options = dataclasses.replace(self.table.options, bomb_pot_ante=ante)
        self.log.append(f"Bomb pot: everyone antes {ante}")
        return True

    # ------------------------------------------------------------ settling up (#24)

    def summary(self) -> dict[str, Any]:
        """Each player's buy-ins, chips added, cash-out, chips at the table and net
        (:meth:`ledger_report`) and who pays whom to settle up in the fewest transfers
        (:func:`~pokerroom.server.tables.settlement.settle_up`; the rake's chips are
        owed to "(the rake)")."""
        recorder = self.recorder
        return settle_up(self.ledger_report(), recorder.store.ledger_rake(recorder.table_id),
                         closed=self.sittings.closed)

    def ledger_csv(self) -> str:
        """:meth:`ledger_report` as CSV, one row a player, with a header."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=LEDGER_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in self.ledger_report():
            writer.writerow({k: _cell(row[k]) for k in LEDGER_COLUMNS})
        return out.getvalue()


def ledger_rows(by_player: dict[str, dict[str, int]], on_table: dict[str, int]
                ) -> list[dict[str, Any]]:
    """The host's ledger from the store's chips by player and kind
    (:meth:`~pokerroom.server.tables.store.Store.ledger_by_player`) and the chips each
    name has at the table: for each player (by name, bots too) the chips bought in,
    added (top-ups and rebuys), cashed out and at the table, and the net (cashed out +
    at the table - bought in - added).  The rake is no player's."""
    rows = []
    for name, kinds in by_player.items():
        bought, added = kinds.get("buy_in", 0), kinds.get("top_up", 0) + kinds.get("rebuy", 0)
        out, at_table = kinds.get("cash_out", 0), on_table.get(name, 0)
        rows.append({"name": name, "buy_in": bought, "added": added, "cash_out": out,
                     "on_table": at_table, "net": out + at_table - bought - added,
                     "seated": name in on_table})
    return rows


def _cell(value: object) -> object:
    """A CSV cell that a spreadsheet never runs as a formula (a name like "=1+1")."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
