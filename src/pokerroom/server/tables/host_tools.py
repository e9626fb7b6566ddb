"""The host's tools at a room's table: bots added and removed, kicks, play paused and
resumed, the table locked and closed, the ledger; each needs the table's host key.

At a closed table every tool but the ledger is refused (``table_closed``, nothing
changed): its sittings are leaving and it is dealt no more (tables/life.py).  Pausing a
paused table, or resuming one in play, changes nothing.

:class:`HostTools` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), built on the seat requests (a bot
joins and leaves as a player does) and writing through the recorder.
"""

from __future__ import annotations

import secrets
from collections import deque
from typing import Any

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.server.tables.life import refuse_when_closed
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.seat_requests import SeatRequests
from pokerroom.server.wire.protocol import MAX_CHIPS
from pokerroom.table import Table


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
        table, seats = self.table, self.sittings.seats
        free = [s for s in range(table.seat_count)
                if table.players[s] is None and s not in seats]
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
        """The host's ledger: for each player (by name, bots too) the chips bought in,
        added (top-ups and rebuys), cashed out and at the table (as the last hand
        left them), and the net
        (cashed out + at the table - bought in - added).  The rake is no player's
        (``GET /api/tables/{id}/ledger`` has it)."""
        now: dict[str, int] = {}  # stacks as the last hand left them (a hand's pot is no one's)
        for player in self.table.players:
            if player is not None:
                now[player.name] = now.get(player.name, 0) + player.stack
        rows = []
        recorder = self.recorder
        for name, kinds in recorder.store.ledger_by_player(recorder.table_id).items():
            bought, added = kinds.get("buy_in", 0), kinds.get("top_up", 0) + kinds.get("rebuy", 0)
            out, at_table = kinds.get("cash_out", 0), now.get(name, 0)
            rows.append({"name": name, "buy_in": bought, "added": added, "cash_out": out,
                         "on_table": at_table, "net": out + at_table - bought - added,
                         "seated": name in now})
        return rows

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
        self.sittings.close()
        if self.table.hand is None:
            self.recorder.batch.table["closed"] = True
