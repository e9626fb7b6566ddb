"""What a table's views read of the table they show: the facets of a table.

:mod:`~pokerroom.server.tables.views` and :mod:`~pokerroom.server.tables.scene` draw a
table's states from these attributes only.  A cash table's owner
(:class:`~pokerroom.server.tables.actor.TableActor`) has them, and so has a
tournament's table as its views see it (``tournaments/views.py`` ``_TableLens``);
neither module imports the actor, which imports them: the imports run one way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

from pokerroom.server.actors.clock import Clock
from pokerroom.server.tables.hand_result import HandResult
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.table import Table

__all__ = ["ActionClock", "VersionedTable", "ViewedTable"]


class ActionClock(Protocol):
    """The table's settings, as far as its views show them."""

    @property
    def action_seconds(self) -> float:
        """Seconds a player has to act."""
        ...


class ViewedTable(Protocol):
    """What the views read of a table (a room table's extras, its labels, time banks,
    chat and life, they read where it has them)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def table(self) -> Table:
        """The table engine's table."""
        ...

    @property
    def settings(self) -> ActionClock: ...

    @property
    def seats(self) -> Mapping[int, SeatMeta]:
        """Who sits where, beyond the table (the room's sittings)."""
        ...

    @property
    def log(self) -> Iterable[str]:
        """The table's log, oldest line first."""
        ...

    @property
    def clock(self) -> Clock: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def deadline(self) -> float | None:
        """When the player to act runs out of time (None: no clock running)."""
        ...

    @property
    def last_result(self) -> HandResult | None:
        """The last hand's result, shown between hands."""
        ...

    def pending(self, seat: int) -> Mapping[str, object] | None:
        """The seat's requests waiting for the hand's end (None: none)."""
        ...


class VersionedTable(ViewedTable, Protocol):
    """A table whose scene is versioned (:class:`~pokerroom.server.tables.scene.
    TableScene`): what the views read and its version."""

    @property
    def version(self) -> int: ...
