"""The writes of one cash table, as the table's actor makes them: the operation's
batch (sittings, the ledger, the table's columns, the snapshot between hands),
committed together, and the hand in play's record (started, each action, finished or
cancelled).

:class:`Recorder` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), run only by the actor's task; it
calls the store (:class:`~pokerroom.server.tables.store.Store`) through ``commit``,
``start_hand``, ``add_action`` and ``cancel_hand``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pokerroom.server.actors.group_commit import Assigned
from pokerroom.server.tables.store import Batch, Store

Scene = Callable[[], tuple[dict[str, Any], dict[str, Any]]]
"""The table's snapshot and lobby row, made when a batch needs them."""


class Recorder:
    """One table's writes (see the module's docstring)."""

    def __init__(self, store: Store, table_id: str, *, hand_number: int = 0) -> None:
        self.store = store
        self.table_id = table_id
        self.batch = Batch(table_id)
        self.dirty = False  # the table changed in a way only the snapshot records
        self.hand: Assigned | None = None  # the stored hand in play's id
        self.number = hand_number  # the hand in play's number, or the last one's
        self.seq = 0  # the hand in play's actions stored so far
        self.started_at = 0.0  # the Unix time of the deal, for its history

    def forget(self) -> None:
        """Drop the writes not committed (the request that made them failed)."""
        self.batch = Batch(self.table_id)

    def reset(self) -> None:
        """Become the table as stored: nothing waits to be written, no hand in play."""
        self.batch = Batch(self.table_id)
        self.dirty = False
        self.hand = None

    @property
    def hand_id(self) -> int | None:
        """The stored id of the hand in play (None until the commit that stores it)."""
        return self.hand.value if self.hand is not None else None

    def commit(self, scene: Scene | None = None) -> None:
        """Commit the operation's writes together; with ``scene`` (between hands), the
        table's snapshot and lobby row too when anything changed."""
        batch, self.batch = self.batch, Batch(self.table_id)
        if scene is not None and (self.dirty or not batch.empty):
            batch.snapshot, batch.lobby = scene()
        self.dirty = False
        self.store.commit(batch)

    # ------------------------------------------------------------ the hand

    def start_hand(self, before: dict[str, Any], deck: list[int], *,
                   sittings: dict[str, Any]) -> None:
        """A new hand is dealt: stored with the table before it and the deck's order
        (in the table's next commit, before anyone is told of the deal)."""
        self.number += 1
        self.started_at = time.time()
        self.hand = self.store.start_hand(self.table_id, self.number, before, deck,
                                          sittings=sittings, at=self.started_at)
        self.seq = 0

    def resume_hand(self, hand_id: int, number: int, *, seq: int, started_at: float) -> None:
        """The stored hand ``hand_id`` is in play again (after a restart)."""
        self.hand, self.number = Assigned(hand_id), number
        self.seq, self.started_at = seq, started_at

    def add_action(self, position: int | None, action: dict[str, Any]) -> None:
        """An action of the hand in play (``position``: the player's, as stored)."""
        assert self.hand is not None
        self.seq += 1
        self.store.add_action(self.table_id, self.hand, self.seq, position, action)

    def finish_hand(self, result: dict[str, Any], scene: Scene) -> None:
        """The hand's end, with everything it changed and the snapshot after it.  Its
        PHH and text are not stored: a download deals the hand again from its record
        (:mod:`pokerroom.server.tables.hand_routes`)."""
        assert self.hand is not None
        self.batch.finished = (self.hand, result)
        self.batch.snapshot, self.batch.lobby = scene()
        self.store.commit(self.batch)
        self.batch = Batch(self.table_id)
        self.hand = None

    def cancel_hand(self, reason: str) -> None:
        """The hand in play is void (I1): stored as cancelled."""
        if self.hand is not None:
            self.store.cancel_hand(self.table_id, self.hand, reason)
            self.hand = None
