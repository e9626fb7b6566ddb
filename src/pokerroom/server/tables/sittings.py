"""Who holds each seat of a room's table and who is connected to it.

A *sitting* runs from a player's join to their leave; its secret is the token
the join returned.  :class:`SeatMeta` is what the room knows about a seat
beyond the table (the sitting, how it connects, the requests answered during a
hand that its end carries out); :class:`Subscriber` is one connection, a
sitting's or a spectator's.  :mod:`pokerroom.server.tables.seat_requests` and
:mod:`pokerroom.server.tables.actor` keep them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.bots import Policy
from pokerroom.server.actors.preactions import PreAction
from pokerroom.server.wire.sockets import Mailbox


@dataclass(slots=True)
class SeatMeta:
    """What the room knows about a seat beyond the table: who sits there (the sitting,
    from join to leave, whose secret is ``token``), how they connect, and the requests
    answered during a hand that its end carries out (all stored with the sitting)."""

    name: str
    token: str
    is_bot: bool = False
    policy: str | None = None
    bot: Policy | None = None
    connections: int = 0
    # T13: turns this seat's clock ran out on since its player last acted (a walk in
    # the big blind resets nothing); remembered when they leave (clock_memory).
    timeouts: int = 0
    leaving: bool = False
    sitting: str = ""
    buy_in: int | None = None  # joined during a hand: sits down with this when it ends
    top_up: int = 0  # chips to add when the hand ends
    muck_losing: bool = True  # S4: at a showdown with mucking, muck a hand that cannot win
    preaction: PreAction | None = None  # chosen ahead of the turn; forgotten each street
    time_bank: float | None = None  # seconds in reserve past the action clock; None: full
    kicked: bool = False  # the host removed this sitting (it leaves when the hand ends)


@dataclass(slots=True, eq=False)
class Subscriber(Mailbox):
    """A connection: a sitting's (``seat`` and ``sitting``, from its token) or a
    spectator's (both None).  It acts only while its sitting still holds the seat."""

    seat: int | None
    sitting: str | None = None
    number: int = 0  # the table's count of connections: a spectator chats as "Spectator N"
