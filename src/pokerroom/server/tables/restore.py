"""How a table's actor becomes the table as stored: after a restart, after another
worker's death (a takeover) and after a write that failed part-way (a resync).

:class:`TableRestore` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), run only by the actor's task.  It
is given the parts that keep what is stored (the sittings, the host's tools, the time
bank, the chat, the recorder) and puts each back: the snapshot, the sittings and the
requests answered come back as stored; a hand that was running is dealt again from
its stored deck order and replays its actions (or, when that cannot be done, is
cancelled with every chip back).  It also makes what the room keeps in the snapshot
beside the table (:meth:`TableRestore.extras`).
"""

from __future__ import annotations

import sys
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pokerroom.cards import Deck
from pokerroom.errors import PokerError
from pokerroom.server.actors.driver import TableDriver
from pokerroom.server.tables.audience import Audience
from pokerroom.server.tables.chat import TableChat
from pokerroom.server.tables.host_tools import HostTools
from pokerroom.server.tables.player_aids import PreActions, TimeBank
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.seat_requests import SeatRequests
from pokerroom.server.tables.store import StoredTable
from pokerroom.server.wire.codec import action_from_dict
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table import Table
from pokerroom.table.snapshot import table_from_dict


class KeptExtras(Protocol):
    """A part of the table whose settings ride in the snapshot's extras."""

    def extras(self) -> dict[str, Any]:
        """Its keys in the extras (each part its own)."""

    def restore(self, data: dict[str, Any] | None) -> None:
        """Take back what :meth:`extras` stored (None or missing keys: the defaults)."""


class TableRestore:
    """Loading the table as stored (see the module's docstring).  ``use_table`` puts a
    table loaded from its snapshot in play (in the actor and every part); ``commit``
    commits what the load changed (between hands, with the snapshot)."""

    def __init__(self, *, recorder: Recorder, sittings: SeatRequests, host: HostTools,
                 bank: TimeBank, chat: TableChat, preactions: PreActions, audience: Audience,
                 driver: TableDriver, log: deque[str], use_table: Callable[[Table], None],
                 commit: Callable[[], None], kept: Sequence[KeptExtras] = ()) -> None:
        self.recorder = recorder
        self.sittings = sittings
        self.host = host
        self.bank = bank
        self.chat = chat
        self.preactions = preactions
        self.audience = audience
        self.driver = driver
        self.log = log
        self.use_table = use_table
        self.commit = commit
        self.kept = tuple(kept)  # more parts stored in the extras (rotation, rabbit hunt)
        self.needs_resync = False  # a failed write left memory ahead of the database

    # ------------------------------------------------------------ the snapshot's extras

    def extras(self) -> dict[str, Any]:
        """What the room keeps in the table's snapshot beside the table: each sitting's
        time bank (when not full), the people the clock remembers, the chat's settings,
        whether the host locked the table, and what the ``kept`` parts keep (a mixed
        table's rotation, the rabbit hunt)."""
        return {**self.bank.extras(),
                "chat": {"on": self.chat.on, "spectators": self.chat.spectators},
                "locked": self.sittings.locked,
                **{k: v for part in self.kept for k, v in part.extras().items()}}

    def _restore_extras(self, data: dict[str, Any] | None) -> None:
        """Take back what :meth:`extras` stored (nothing from an older snapshot)."""
        data = data or {}
        self.bank.restore(data)
        chat = data.get("chat") or {}
        self.chat.configure(on=bool(chat.get("on", True)),
                            spectators=bool(chat.get("spectators", True)))
        self.sittings.locked = bool(data.get("locked", False))
        for part in self.kept:
            part.restore(data)

    # ------------------------------------------------------------ loading

    def load(self, stored: StoredTable) -> str | None:
        """Become the table as stored: its snapshot, sittings and requests, and a hand
        that was running continued from its last action (or, when that cannot be
        done, cancelled with every chip back).  Returns a note on the hand, if any."""
        self.use_table(table_from_dict(stored.snapshot))
        self.host.host_key, self.host.paused = stored.host_key, stored.paused
        self.host.restore_state(stored.host_state)
        self.recorder.reset()
        turn = self.driver.turn
        turn.deadline = turn.bot_due = None
        self.sittings.restore(stored.seats)
        self._restore_extras(stored.snapshot.get("room"))
        self.preactions.labels.clear()
        note = None
        running = stored.running
        if running is not None:
            if self.resume_hand(
                    running.before, list(running.deck),
                    [(a.position, a.action) for a in stored.actions], running.id, running.number,
                    started_at=running.started_at):
                note = f"hand {running.number} resumed"
            else:
                self.recorder.store.cancel_hand(self.recorder.table_id, running.id,
                                                "could not be resumed after a restart")
                note = f"hand {running.number} cancelled"
        table = self.driver.table
        self.recorder.number = max(self.recorder.number, running.number if running else 0,
                                   table.hands_dealt)
        # A sitting with no player and no buy-in to seat (stored before buy-ins were
        # kept with the sitting) is over.  Requests answered during the hand (joins,
        # top-ups, leaves) are carried out when it ends, or now.
        seats = self.sittings.seats
        for seat, meta in list(seats.items()):
            if table.players[seat] is None and meta.buy_in is None:
                self.recorder.store.release_seat(self.recorder.table_id, meta.sitting)
                del seats[seat]
        if table.hand is None:
            self.sittings.carry_out()
            self.commit()
        for sub in self.audience.subscribers:  # after a resync: connections follow the sittings
            held = [s for s, m in seats.items() if m.sitting == sub.sitting]
            if held:
                sub.seat = held[0]
                seats[held[0]].connections += 1
            elif sub.sitting is not None:
                sub.seat = sub.sitting = None
                sub.push_error(error(WireReason.SEAT_LOST,
                                     "your seat is no longer yours: watching"))
        return note

    def resync(self, table_id: str) -> None:
        """A write to the database failed part-way: the table in memory may hold what
        the database does not.  Become the table as stored again, so that the request
        that failed has happened not at all (its caller is told)."""
        sys.stderr.write(f"pokerroom: table {table_id}: a write failed; reloading the table "
                         f"from the database\n{traceback.format_exc()}")
        try:
            stored = self.recorder.store.load_table(table_id)
        except Exception:  # the database is still away: try again at the next request
            sys.stderr.write(f"pokerroom: table {table_id}: reloading failed\n")
            self.needs_resync = True
            return
        self.needs_resync = False
        if stored is not None:
            self.load(stored)
            self.log.append("The table was reloaded after a database error")

    def resume_hand(self, before: dict[str, Any], deck: list[int],
                    actions: list[tuple[int | None, dict[str, Any]]],
                    hand_id: int, number: int, *, started_at: float) -> bool:
        """After a restart: deal the same hand again from the stored snapshot and deck
        order and replay its actions.  False (and the table as before the hand) when
        that cannot be done; the caller then cancels the hand."""
        table = table_from_dict(before)
        self.use_table(table)
        seq = 0
        try:
            hand = table.start_hand(Deck.from_order(deck), bomb_pot=bool(before.get("bomb_pot")))
            for seq, (position, data) in enumerate(actions, 1):  # noqa: B007
                hand.act_recorded(action_from_dict(data), position=position)
        except (PokerError, KeyError, ValueError) as exc:
            self.use_table(table_from_dict(before))
            self.log.append(f"hand {number} could not be resumed ({exc}); cancelled")
            return False
        self.recorder.resume_hand(hand_id, number, seq=seq, started_at=started_at)
        self.driver.turn.events_seen = 0
        self.driver.narrate()
        self.log.append(f"hand {number} resumed after a restart")
        return True
