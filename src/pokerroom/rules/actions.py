"""What players can do -- and the dealer, when cards come from outside, and the floor.

Actions are values.  Amounts are whole chips and ``BetRaise.to`` is always the
player's total bet on the street after the action, never the increment.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.rules.fastinit import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand (B2)."""


@fast_init
@dataclass(frozen=True, slots=True)
class CheckCall:
    """Check when nothing is owed, otherwise call (all-in for less when short) (B2)."""


@fast_init
@dataclass(frozen=True, slots=True)
class BetRaise:
    """Bet, raise or complete to ``to`` chips in front for this street (B2, B5-B8)."""

    to: int


@fast_init
@dataclass(frozen=True, slots=True)
class BringIn:
    """Stud: post the bring-in instead of completing (F10)."""


@fast_init
@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: discard these cards (none = stand pat).  None stands for an
    unknown card of the player's (a replayed history that hides them)."""

    cards: tuple[int | None, ...] = ()


@fast_init
@dataclass(frozen=True, slots=True)
class Show:
    """Showdown: table the hand.  ``cards`` names them when the engine does not
    know them yet (a replayed history with hidden hole cards)."""

    cards: tuple[int, ...] | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Muck:
    """Showdown: throw the hand away unseen, giving up any claim (S4)."""


@fast_init
@dataclass(frozen=True, slots=True)
class DealHole:
    """Dealer (manual dealing only): these cards to ``seat``; None = an unknown card."""

    seat: int
    cards: tuple[int | None, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class DealBoard:
    """Dealer (manual dealing only): these community cards."""

    cards: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Kill:
    """The floor: ``seat``'s hand is dead (I7, T9, P8).  It is folded at once, in
    turn or not, and its chips stay in the pot.  Not a player's action: the log
    records it with no seat, like the dealer's."""

    seat: int


Action = (
    Fold | CheckCall | BetRaise | BringIn | Discard | Show | Muck | DealHole | DealBoard | Kill
)
PLAYER_ACTIONS = (Fold, CheckCall, BetRaise, BringIn, Discard, Show, Muck)
