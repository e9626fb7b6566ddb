"""An entry in a tournament: one buy-in of one player, and its standing on the floor."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Entry:
    """Mutable; the tournament owns it.  ``label`` is the name at the table (the
    player's name, with the entry count added for a re-entry)."""

    number: int
    name: str
    label: str
    rebuys: int = 0
    add_on: bool = False
    absent: bool = False  # P8: dealt in, blinded and anted, hand killed
    penalty_hands: int = 0  # P8: hands still to sit out
    penalty_next: int = 0  # a penalty given during a hand starts at its end
    disqualify_after_hand: bool = False
    deciding_rebuy: bool = False  # busted in the rebuy period, may still rebuy
    eliminated: bool = False
    disqualified: bool = False

    @property
    def killed(self) -> bool:
        """P8: the hand dealt to this seat is killed (absent, on penalty, or being
        disqualified)."""
        return self.absent or self.penalty_hands > 0 or self.disqualify_after_hand

    @property
    def alive(self) -> bool:
        """True until the entry is eliminated."""
        return not self.eliminated
