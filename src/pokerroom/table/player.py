"""A player at a table, between hands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(Enum):
    """Where a seated player stands between hands (T7, T8, T13)."""
    ACTIVE = "active"  # dealt in when a hand starts
    NEW = "new"  # just sat down: waits for the big blind or posts (T7)
    SITTING_OUT = "sitting_out"  # at the table, not playing: misses blinds (T8)
    AWAY = "away"  # away from the table: misses blinds (T13)
    BUSTED = "busted"  # no chips; may rebuy (T10)


@dataclass(slots=True)
class Player:
    """Mutable between hands; the table owns it."""

    name: str
    stack: int
    status: Status = Status.NEW
    missed_small: bool = False  # missed-blind markers (T8)
    missed_big: bool = False
    wants_to_post: bool = False  # a new or returning player who posts to play now
    owes_blind_next: bool = False  # T9: dealt in without posting, played: posts next deal
    skip_blinds_until_bb: bool = False  # big-bet make-up between the blinds (T8)
    pots_won_in_row: int = 0  # kill games (F12)
    dealing_off: bool = False  # T12: may let the blinds pass the new seat once
    # T12 / RR 14: asked to let the blinds pass the new seat once (not dealt in, no
    # blind, no marker), and whether they have passed it yet.
    letting_blinds_pass: bool = False
    blinds_passed: bool = False
    hands_played: int = 0
    in_room: bool = False  # T13: away from the table but in the room
    # T11 / RR 12(a): seated for the first deal of a new game and in the draw for the
    # button: active in the game from the start, owing the blinds that pass.
    drew_for_button: bool = False
    # T7 / LVH B17: moved here by the house from a broken game (or one whose limit
    # changed): need not post before the big blind, owes the blinds they let pass.
    transferred: bool = False
    # T3, T4 (ENC's moving button): blinds this player was skipped by, still to pay.
    skipped_big: bool = False
    skipped_small: bool = False

    @property
    def owes(self) -> bool:
        """Carries a missed-blind marker (T8)."""
        return self.missed_small or self.missed_big

    @property
    def in_game(self) -> bool:
        """An established player of this game: dealt a hand here, drew for the
        button (T11 / RR 12a) or moved here by the house (T7 / LVH B17).  Blinds that
        pass such a player while absent are missed blinds (T8); a player who is not
        in the game yet comes in as new (T7)."""
        return self.hands_played > 0 or self.drew_for_button or self.transferred

    @property
    def present(self) -> bool:
        """Dealt in when a hand starts: sitting in (active or new) with chips."""
        return self.status in (Status.ACTIVE, Status.NEW) and self.stack > 0

    def forget_dealing_off(self) -> None:
        """T12: the privilege of dealing off ends when it is used or given up."""
        self.dealing_off = self.letting_blinds_pass = self.blinds_passed = False
