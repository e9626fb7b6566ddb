"""What the parts of a table read of it: the seats and the last deal (T1-T14).

:class:`~pokerroom.table.table.Table` holds parts (the planner of the next deal,
the button, the straddles, the seat changes...).  The two that read the whole
table's state between hands take it as this protocol, which the ``Table`` meets,
so that they import nothing of the table module.
"""

from __future__ import annotations

from typing import Protocol

from pokerroom.rules.engine import Hand
from pokerroom.table.options import ButtonMethod, Stakes, TableOptions
from pokerroom.table.placement import Positions
from pokerroom.table.player import Player


class TableState(Protocol):
    """The public state of a table between hands (see :class:`~pokerroom.table.Table`)."""

    stakes: Stakes
    options: TableOptions
    method: ButtonMethod
    players: list[Player | None]
    positions: Positions | None
    first_button: int | None
    hand: Hand | None
    hands_dealt: int
    notes: list[str]

    @property
    def seat_count(self) -> int:
        """How many seats the table has."""

    def player(self, seat: int) -> Player:
        """The player in ``seat`` (refused for a seat that is not one or is empty)."""
