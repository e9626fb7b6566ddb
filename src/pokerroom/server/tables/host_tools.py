"""The host's tools at a room's table: bots added and removed, play paused and
resumed, the table closed; each needs the table's host key.

:class:`HostTools` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor` is one), built on its
between-hands requests (a bot joins and leaves as a player does); imports flow
from the actor to here, never back.
"""

from __future__ import annotations

import secrets
from typing import Any

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.server.tables.seat_requests import SeatRequests
from pokerroom.server.tables.store import Store
from pokerroom.server.wire.protocol import MAX_CHIPS


class HostKeyError(IllegalActionError):
    """A host's request (bots, pause, close) without the table's host key."""


class HostTools(SeatRequests):
    """What the table's host may do (see the module's docstring)."""

    host_key: str | None
    paused: bool
    id: str
    store: Store

    def check_host(self, key: str) -> None:
        """Refuse a host's request without the table's host key."""
        if not (self.host_key and secrets.compare_digest(self.host_key, key)):
            raise HostKeyError(Reason.NOT_HOST, "only the table's host may do this: the host key "
                               "returned when the table was created is needed")

    def add_bot(self, policy: str, seat: int | None, buy_in: int | None) -> int:
        table = self.table
        free = [s for s in range(table.seat_count)
                if table.players[s] is None and s not in self.seats]
        if seat is None:
            if not free:
                raise IllegalActionError(Reason.NO_FREE_SEAT, "no free seat for a bot")
            seat = free[0]
        elif seat not in free:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is taken")
        names = {m.name for m in self.seats.values()}
        n = 1
        while f"Bot {n}" in names:
            n += 1
        amount = buy_in or table.options.max_buy_in or min(100 * table.stakes.unit, MAX_CHIPS)
        self.join(f"Bot {n}", seat, amount, policy=policy)
        return seat

    def remove_bot(self, seat: int) -> None:
        meta = self.seats.get(seat)
        if meta is None or not meta.is_bot:
            raise IllegalActionError(Reason.NO_BOT, f"there is no bot in seat {seat}")
        self.leave(seat)

    def kick(self, seat: int) -> None:
        """The host removes the player in ``seat``: their sitting ends when the hand
        in progress ends (now, between hands), their chips cashed out to the ledger,
        and their connections are told (``seat_lost``) and watch from then on."""
        meta = self.seats.get(seat)
        if meta is None:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"no one sits in seat {seat}")
        meta.kicked = True
        self.log.append(f"The host removes {meta.name} from the table")
        self.leave(seat)

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
        for name, kinds in self.store.ledger_by_player(self.id).items():
            bought, added = kinds.get("buy_in", 0), kinds.get("top_up", 0) + kinds.get("rebuy", 0)
            out, at_table = kinds.get("cash_out", 0), now.get(name, 0)
            rows.append({"name": name, "buy_in": bought, "added": added, "cash_out": out,
                         "on_table": at_table, "net": out + at_table - bought - added,
                         "seated": name in now})
        return rows

    def pause(self, paused: bool) -> None:
        """Paused: the hand in progress is played out, no new hand starts."""
        self.paused = paused
        self._batch.table["paused"] = paused
        self.log.append("The host paused the table" if paused else "The host resumed play")

    def lock(self, locked: bool) -> None:
        """Locked: no one new may take a seat (after a kick, say: a host cannot tell a
        returning person by their name); the players seated stay, bots may be added.
        Kept with the table's snapshot."""
        self.locked = locked
        self._dirty = True
        self.log.append("The host locked the table: no new players" if locked
                        else "The host unlocked the table")

    def close(self) -> None:
        """Close the table: every player leaves (now, or when the hand ends) with their
        chips, and the table is no longer listed or dealt."""
        self.closed = True
        self.paused = True
        self._batch.table.update(paused=True)
        for meta in self.seats.values():
            meta.leaving = True
            self._batch.update_seat(meta.sitting, leaving=True)
        self.log.append("The host closed the table")
        if self.table.hand is None:
            self._carry_out_requests()
            self._batch.table["closed"] = True
