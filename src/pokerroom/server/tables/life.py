"""A cash table's life: open, paused, closed or idle, said in one place.

The state is computed from the parts that hold its causes (the host's pause, the
door's close, who sits and who is connected) and is what the table's state
(``table.life``), the lobby's row (``life``) and the actor's decision to deal all
read.  What each state allows is in :func:`refuse_unless_open` and
:func:`refuse_when_closed`, called by the host's tools and the player's requests:

======= ==================================================================
open    hands are dealt whenever two players are ready
paused  by the host: the hand in progress is played out, no new hand starts;
        people may sit down, sit out, post; no straddle (there is no next hand)
closed  by the host or the room: every sitting leaves (after the hand in
        progress), nothing may be changed; only that last hand is played
idle    someone is seated but no person seated is here (each sat out or away,
        none connected) for ``idle_seconds``: the bots wait, and deal again when
        a person comes back (sits in, or opens the page); a table of bots alone
        idles when no page has watched it for ``idle_seconds``, and deals again
        when someone opens it
======= ==================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from enum import StrEnum

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.server.actors.clock import Clock
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.table import Status, Table


class TableLife(StrEnum):
    """The table's life state (see the module's docstring)."""

    OPEN = "open"
    PAUSED = "paused"
    CLOSED = "closed"
    IDLE = "idle"


# Seated people in these states are not at the table unless a page of theirs is open.
_AWAY = (Status.SITTING_OUT, Status.AWAY, Status.BUSTED)

CLOSED_TEXT = "this table is closed: nothing more may be changed at it"
PAUSED_TEXT = "the host has paused this table: no new hand until play resumes"


def refuse_when_closed(closed: bool, what: str) -> None:
    """Refuse ``what`` (said in the error) at a closed table: table_closed."""
    if closed:
        raise IllegalActionError(Reason.TABLE_CLOSED, f"{CLOSED_TEXT} ({what} refused)")


def refuse_unless_open(closed: bool, paused: bool, what: str) -> None:
    """Refuse ``what``, which only the next hand would use (a straddle), at a closed
    or paused table: table_closed or table_paused."""
    refuse_when_closed(closed, what)
    if paused:
        raise IllegalActionError(Reason.TABLE_PAUSED, f"{PAUSED_TEXT} ({what} refused)")


class Attendance:
    """Whether anyone is at the table for its bots to play with.

    A person seated is *present* while they play (active, new, or joining) or while a
    connection of theirs is open.  A table with people seated is *attended* while one
    of them is present, and for ``idle_seconds`` after the last of their connections
    closed (a reload does not stop the game); spectators do not keep the bots dealing
    to people who are away.  A table of bots alone is attended while a page watches
    it (a spectator's), and for ``idle_seconds`` after the last one closed.  A table
    with someone seated but no one attending is idle; an empty table is open (waiting
    for players).  ``told``: the log and the stored lobby row say the table is idle."""

    def __init__(self, table: Table, seats: dict[int, SeatMeta], watchers: Collection[object],
                 *, clock: Clock, idle_seconds: Callable[[], float]) -> None:
        self.table = table
        self.seats = seats
        self.watchers = watchers
        self.clock = clock
        self.idle_seconds = idle_seconds
        self.watched_at = clock.now()  # the last time a page opened or closed
        self.seen_at = self.watched_at  # the last time a seated person's page did
        self.told = False

    def watched(self, *, person: bool) -> None:
        """A page opened or closed (``person``: a seated person's): the idle time
        counts from now."""
        self.watched_at = self.clock.now()
        if person:
            self.seen_at = self.watched_at

    def people_present(self) -> bool:
        return any(not meta.is_bot and self._present(seat, meta)
                   for seat, meta in self.seats.items())

    def _present(self, seat: int, meta: SeatMeta) -> bool:
        """The person in ``seat`` plays or has a page open."""
        player = self.table.players[seat]
        return meta.connections > 0 or player is None or player.status not in _AWAY

    def idle_in(self) -> float | None:
        """Seconds until the table is idle (0 or less: it is); None while someone
        attends it or no one is seated."""
        if not self.seats:
            return None
        people = False  # anyone seated who is a person (not a bot)
        for seat, meta in self.seats.items():  # one pass, on every version's state
            if not meta.is_bot:
                people = True
                if self._present(seat, meta):
                    return None
        if people:
            since = self.seen_at
        elif self.watchers:
            return None
        else:
            since = self.watched_at
        return self.idle_seconds() - (self.clock.now() - since)

    def idle(self) -> bool:
        left = self.idle_in()
        return left is not None and left <= 0

    def idle_line(self) -> str:
        """The log's line when the table idles."""
        if any(not m.is_bot for m in self.seats.values()):
            return "No player is here: the bots wait for a player to come back"
        return "No one is watching: the bots wait for someone to open the table"


def table_life(*, closed: bool, paused: bool, idle: bool) -> TableLife:
    """The state from its causes: closed before paused (a closed table is paused too)
    before idle."""
    if closed:
        return TableLife.CLOSED
    if paused:
        return TableLife.PAUSED
    return TableLife.IDLE if idle else TableLife.OPEN
