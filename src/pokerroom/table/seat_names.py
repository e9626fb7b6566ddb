"""How the live table's texts name a player: by the seat people see and by name.

The live-table helpers (:mod:`pokerroom.table.out_of_turn`,
:mod:`pokerroom.table.chips`, the live deal) work on the hand engine's
``position`` (0 is the first player left of the button); what they say to the
dealer and the floor names the player's seat as people count it (``seat + 1``,
as every page of the room does) and the player's name when the hand has one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.rules import Hand


@dataclass(frozen=True, slots=True)
class SeatNames:
    """``seats[position]``: the table seat of each position (``HandPlan.seats``);
    ``names[position]``: the player's name, or empty."""

    seats: tuple[int, ...]
    names: tuple[str, ...] = ()

    @classmethod
    def of(cls, hand: Hand, seats: Sequence[int] | None = None) -> SeatNames:
        """The names of ``hand``'s players at ``seats`` (``HandPlan.seats``); without
        them, a hand dealt outside a table, seat i is position i."""
        seats = tuple(range(hand.n)) if seats is None else tuple(seats)
        if len(seats) != hand.n:
            raise ValueError(f"{len(seats)} seats for a hand of {hand.n} players")
        return cls(seats, tuple(hand.config.names))

    def __call__(self, position: int) -> str:
        """``"seat 3 (Alice)"`` for the player at ``position``: the seat people see."""
        seat = f"seat {self.seats[position] + 1}"
        name = self.names[position] if position < len(self.names) else ""
        return f"{seat} ({name})" if name else seat
