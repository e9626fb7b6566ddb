"""Who is connected to a cash table: each connection (a
:class:`~pokerroom.server.tables.sittings.Subscriber`), a sitting's or a spectator's,
and the messages told to some of them at once (beside the states the actor publishes).

:class:`Audience` is a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`), shared by the parts that tell
someone something: the seat requests (a seat lost), the player aids (a pre-action
cancelled), the chat.
"""

from __future__ import annotations

from typing import Any

from pokerroom.server.tables.sittings import Subscriber
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.reasons import WireReason


class Audience:
    """The connections of one table."""

    def __init__(self) -> None:
        self.subscribers: set[Subscriber] = set()
        self.opened = 0  # connections ever made: a spectator chats as "Spectator N"

    def tell(self, sitting: str, message: dict[str, Any]) -> None:
        """``message`` to every connection of ``sitting``."""
        for sub in self.subscribers:
            if sub.sitting is not None and sub.sitting == sitting:
                sub.push_error(message)

    def tell_all(self, message: dict[str, Any]) -> None:
        for sub in self.subscribers:
            sub.push_error(message)

    def demote(self, sitting: str, why: str) -> None:
        """The sitting no longer holds its seat: its connections watch from now on."""
        for sub in self.subscribers:
            if sub.sitting is not None and sub.sitting == sitting:
                sub.seat = sub.sitting = None
                sub.push_error(error(WireReason.SEAT_LOST, f"{why}: this connection now watches"))
