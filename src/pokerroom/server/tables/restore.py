"""How a table's actor becomes the table as stored: after a restart, after another
worker's death (a takeover) and after a write that failed part-way (a resync).

:class:`TableRestore` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor` is one), run only by the actor's task;
imports flow from the actor to here, never back.  The snapshot, the sittings and the
requests answered come back as stored; a hand that was running is dealt again from
its stored deck order and replays its actions (or, when that cannot be done, is
cancelled with every chip back).
"""

from __future__ import annotations

import random
import sys
import traceback
from typing import Any

from pokerroom.bots import BOTS
from pokerroom.cards import Deck, child_rng
from pokerroom.errors import PokerError
from pokerroom.rules.engine import Hand
from pokerroom.server.tables.player_aids import PlayerAids
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.server.tables.store import Batch, StoredTable
from pokerroom.server.wire.codec import action_from_dict
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table.snapshot import table_from_dict


class TableRestore(PlayerAids):
    """Loading the table as stored (see the module's docstring)."""

    # The actor's state a restore sets (see TableActor.__init__).
    rng: random.Random
    host_key: str | None
    hand_id: int | None
    hand_number: int
    seq: int
    deadline: float | None
    bot_due: float | None
    _dirty: bool
    _bank_seat: int | None
    _hand_started_at: float
    _events_seen: int
    _needs_resync: bool

    def _narrate(self, hand: Hand) -> None:
        raise NotImplementedError

    def load(self, stored: StoredTable) -> str | None:
        """Become the table as stored: its snapshot, sittings and requests, and a hand
        that was running continued from its last action (or, when that cannot be
        done, cancelled with every chip back).  Returns a note on the hand, if any."""
        self.table = table_from_dict(stored.snapshot)
        self.host_key, self.paused = stored.host_key, stored.paused
        self.hand_id = None
        self.deadline = self.bot_due = None
        self._batch = Batch(self.id)
        self._dirty = False
        self.seats = {}
        for row in stored.seats:
            bot = BOTS[row.policy](child_rng(self.rng)) if row.policy else None
            self.seats[row.seat] = SeatMeta(
                row.name, row.token, is_bot=row.is_bot, policy=row.policy, bot=bot,
                sitting=row.sitting or "", buy_in=row.buy_in, top_up=row.top_up or 0,
                leaving=bool(row.leaving))
        self.restore_extras(stored.snapshot.get("room"))
        self._bank_seat = None
        self.labels.clear()
        note = None
        running = stored.running
        if running is not None:
            if self.restore_running_hand(
                    running.before, list(running.deck),
                    [(a.seat, a.action) for a in stored.actions], running.id, running.number,
                    started_at=running.started_at):
                note = f"hand {running.number} resumed"
            else:
                self.store.cancel_hand(self.id, running.id, "could not be resumed after a restart")
                note = f"hand {running.number} cancelled"
        self.hand_number = max(self.hand_number, running.number if running else 0,
                               self.table.hands_dealt)
        # A sitting with no player and no buy-in to seat (stored before buy-ins were
        # kept with the sitting) is over.  Requests answered during the hand (joins,
        # top-ups, leaves) are carried out when it ends, or now.
        for seat, meta in list(self.seats.items()):
            if self.table.players[seat] is None and meta.buy_in is None:
                self.store.release_seat(self.id, meta.sitting)
                del self.seats[seat]
        if self.table.hand is None:
            self._carry_out_requests()
            self._flush()
        for sub in self.subscribers:  # after a resync: connections follow the sittings
            held = [s for s, m in self.seats.items() if m.sitting == sub.sitting]
            if held:
                sub.seat = held[0]
                self.seats[held[0]].connections += 1
            elif sub.sitting is not None:
                sub.seat = sub.sitting = None
                sub.push_error(error(WireReason.SEAT_LOST,
                                     "your seat is no longer yours: watching"))
        return note

    def _resync(self) -> None:
        """A write to the database failed part-way: the table in memory may hold what
        the database does not.  Become the table as stored again, so that the request
        that failed has happened not at all (its caller is told)."""
        sys.stderr.write(f"pokerroom: table {self.id}: a write failed; reloading the table "
                         f"from the database\n{traceback.format_exc()}")
        try:
            stored = self.store.load_table(self.id)
        except Exception:  # the database is still away: try again at the next request
            sys.stderr.write(f"pokerroom: table {self.id}: reloading failed\n")
            self._needs_resync = True
            return
        self._needs_resync = False
        if stored is not None:
            self.load(stored)
            self.log.append("The table was reloaded after a database error")

    def restore_running_hand(self, before: dict[str, Any], deck: list[int],
                             actions: list[tuple[int | None, dict[str, Any]]],
                             hand_id: int, number: int, *, started_at: float) -> bool:
        """After a restart: deal the same hand again from the stored snapshot and deck
        order and replay its actions.  False (and the table as before the hand) when
        that cannot be done; the caller then cancels the hand."""
        self.table = table_from_dict(before)
        try:
            hand = self.table.start_hand(Deck.from_order(deck))
            for seq, (engine_seat, data) in enumerate(actions, 1):
                hand.act_recorded(action_from_dict(data), seat=engine_seat)
                self.seq = seq
        except (PokerError, KeyError, ValueError) as exc:
            self.table = table_from_dict(before)
            self.log.append(f"hand {number} could not be resumed ({exc}); cancelled")
            return False
        self.hand_id = hand_id
        self.hand_number = number
        self._hand_started_at = started_at
        self._events_seen = 0
        self._narrate(hand)
        self.log.append(f"hand {number} resumed after a restart")
        return True
