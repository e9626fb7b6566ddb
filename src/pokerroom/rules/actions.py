# mypy: disable-error-code="misc"
"""What players can do -- and the dealer, when cards come from outside, and the floor.

Actions are values.  Amounts are whole chips and ``BetRaise.to`` is always the
player's total bet on the street after the action, never the increment.

Like events (see :mod:`pokerroom.rules.events`), actions are frozen dataclasses
that mypyc compiles to native classes: each writes its ``__init__`` (mypy's
``misc`` check is off here for those stores) and its ``__reduce__``, and
:func:`~pokerroom.rules.fastinit.fast_init` stands in on the pure-Python path.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import repr_cards
from pokerroom.rules.fastinit import fast_init


@dataclass(frozen=True, slots=True, init=False)
class Fold:
    """Give up the hand (B2).  ``forfeit``: chips put out short of a call that stay
    in the pot as the player folds, when the floor so rules an undercall (B14 /
    TDA 51); at most what is owed less one chip."""

    forfeit: int = 0

    def __init__(self, forfeit: int = 0) -> None:
        self.forfeit = forfeit

    def __reduce__(self) -> tuple[object, ...]:
        return (Fold, (self.forfeit,))


@dataclass(frozen=True, slots=True, init=False)
class CheckCall:
    """Check when nothing is owed, otherwise call (all-in for less when short) (B2)."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True, slots=True, init=False)
class BetRaise:
    """Bet, raise or complete to ``to`` chips in front for this street (B2, B5-B8)."""

    to: int

    def __init__(self, to: int) -> None:
        self.to = to

    def __reduce__(self) -> tuple[object, ...]:
        return (BetRaise, (self.to,))


@dataclass(frozen=True, slots=True, init=False)
class BringIn:
    """Stud: post the bring-in instead of completing (F10)."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Discard:
    """Draw games: discard these cards (none = stand pat).  None stands for an
    unknown card of the player's (a replayed history that hides them)."""

    cards: tuple[int | None, ...] = ()

    def __init__(self, cards: tuple[int | None, ...] = ()) -> None:
        self.cards = cards

    def __reduce__(self) -> tuple[object, ...]:
        return (Discard, (self.cards,))

    def __repr__(self) -> str:
        return f"Discard(cards={repr_cards(self.cards)})"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Show:
    """Showdown: table the hand.  ``cards`` names them when the engine does not
    know them yet (a replayed history with hidden hole cards)."""

    cards: tuple[int, ...] | None = None

    def __init__(self, cards: tuple[int, ...] | None = None) -> None:
        self.cards = cards

    def __reduce__(self) -> tuple[object, ...]:
        return (Show, (self.cards,))

    def __repr__(self) -> str:
        return f"Show(cards={repr_cards(self.cards)})"


@dataclass(frozen=True, slots=True, init=False)
class Muck:
    """Showdown: throw the hand away unseen, giving up any claim (S4)."""

    def __init__(self) -> None:
        pass


@dataclass(frozen=True, slots=True, init=False, repr=False)
class DealHole:
    """Dealer (manual dealing only): these cards to ``position``; None = an unknown card."""

    position: int
    cards: tuple[int | None, ...]

    def __init__(self, position: int, cards: tuple[int | None, ...]) -> None:
        self.position = position
        self.cards = cards

    def __reduce__(self) -> tuple[object, ...]:
        return (DealHole, (self.position, self.cards))

    def __repr__(self) -> str:
        return f"DealHole(position={self.position!r}, cards={repr_cards(self.cards)})"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class DealBoard:
    """Dealer (manual dealing only): these community cards."""

    cards: tuple[int, ...]

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards = cards

    def __reduce__(self) -> tuple[object, ...]:
        return (DealBoard, (self.cards,))

    def __repr__(self) -> str:
        return f"DealBoard(cards={repr_cards(self.cards)})"


@dataclass(frozen=True, slots=True, init=False)
class Kill:
    """The floor: ``position``'s hand is dead (I7, T9, P8).  It is folded at once, in
    turn or not, and its chips stay in the pot.  Not a player's action: the log
    records it with no player, like the dealer's."""

    position: int

    def __init__(self, position: int) -> None:
        self.position = position

    def __reduce__(self) -> tuple[object, ...]:
        return (Kill, (self.position,))


@dataclass(frozen=True, slots=True, init=False)
class Award:
    """The dealer reads the hands (the cards stay physical, so the engine does not
    know them): at the showdown, who wins each pot, main pot first (S1, S2).
    ``winners[k]``: the positions that win pot ``k`` (a tie: several; a pot with one
    player in it: that one, or none named); in a high-low game they win its high
    half and ``low[k]`` its low half (none: no qualifying low, the high takes the
    whole pot, S8).  The engine splits as it would have (odd chips: S10, in stud by
    the order named when the cards are unknown).  Not a player's action: the log
    records it with no player, like the dealer's."""

    winners: tuple[tuple[int, ...], ...]
    low: tuple[tuple[int, ...], ...] = ()

    def __init__(self, winners: tuple[tuple[int, ...], ...],
                 low: tuple[tuple[int, ...], ...] = ()) -> None:
        self.winners = winners
        self.low = low

    def __reduce__(self) -> tuple[object, ...]:
        return (Award, (self.winners, self.low))


for _value in (Fold, BetRaise, Discard, Show, DealHole, DealBoard, Kill, Award):
    fast_init(_value)

Action = (
    Fold | CheckCall | BetRaise | BringIn | Discard | Show | Muck | DealHole | DealBoard | Kill
    | Award
)
PLAYER_ACTIONS = (Fold, CheckCall, BetRaise, BringIn, Discard, Show, Muck)
