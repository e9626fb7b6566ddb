"""What the host of a cash table has set for the next hand (issue 24): new stakes, a
bomb pot, players moving to another seat.

:class:`NextHand` is a value the host's tools keep and store (the table row's
``host_state``, migration 0009), so that a change the host was answered for survives
a restart even when it was made during a hand; the table's actor carries it out when
the hand in progress ends (or at once between hands).  :meth:`NextHand.notices` is
what the players see of it in the table's state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokerroom.server.tables.blinds_change import describe
from pokerroom.table import Stakes
from pokerroom.table.snapshot import stakes_from_dict, stakes_to_dict


@dataclass(slots=True)
class NextHand:
    """The host's plans for the next hand: ``stakes`` (None: unchanged), a bomb pot's
    ante (None: none) and seat changes (``(from, to)`` seats, in the order asked)."""

    stakes: Stakes | None = None
    bomb_pot: int | None = None
    moves: list[tuple[int, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"stakes": stakes_to_dict(self.stakes) if self.stakes else None,
                "bomb_pot": self.bomb_pot, "moves": [list(m) for m in self.moves]}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> NextHand:
        """The plans :meth:`to_dict` stored (none from a table stored before them)."""
        data = data or {}
        stakes = data.get("stakes")
        return cls(stakes=stakes_from_dict(stakes) if stakes else None,
                   bomb_pot=data.get("bomb_pot"),
                   moves=[(int(a), int(b)) for a, b in data.get("moves", [])])

    def notices(self, names: dict[int, str]) -> list[str]:
        """The plans in words, for every player's page ("blinds 2/4 from the next
        hand"); ``names`` of the seats' players."""
        out = []
        if self.stakes is not None:
            out.append(f"{describe(self.stakes)} from the next hand")
        if self.bomb_pot is not None:
            out.append(f"bomb pot next hand: everyone antes {self.bomb_pot}")
        for old, new in self.moves:
            out.append(f"{names.get(old, f'seat {old + 1}')} moves to seat {new + 1} "
                       "after this hand")
        return out
