# mypy: disable-error-code="misc"
"""What happened in a hand, each event naming its audience.

``audience`` is None when everyone at the table may see the event, or the
position of the one player who may (their own face-down cards).  Players are
numbered by **position**, their place in dealing order (0 is the first player
left of the button, the button is last): an event's ``position`` is one, never a
table's seat (a chair; a table translates, ``HandPlan.seat_at``).  A server relays an
event to a connection only when the audience allows it; that is how hidden
cards stay hidden.  Every event that moves chips says how many.

Events are frozen dataclasses that mypyc compiles to native classes (see
setup.py): each class writes its ``__init__``, which stores the fields straight
into the native object (a few dozen instructions instead of thousands for the
dataclass's interpreted one; mypy's ``misc`` check, which sees those stores as
assignments to read-only fields, is off in this module for that reason).  On
the pure-Python path, where the frozen dataclass's ``__setattr__`` refuses such
stores, :func:`~pokerroom.rules.fastinit.fast_init` puts in an ``__init__``
that stores through the slots.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from pokerroom.cards import repr_cards
from pokerroom.rules.fastinit import fast_init, mypyc_attr

_CARD_FIELDS = frozenset({"cards", "up"})
"""The fields that hold cards, shown in notation by ``repr`` (``cards=(Ah, Kd)``)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # table.irregularity_records' events
@dataclass(frozen=True, slots=True, init=False, repr=False)
class Event:
    """Something that happened; ``audience`` is None (everyone) or the one position
    that may see it (its own face-down cards).  Events are frozen values."""

    audience: int | None

    def __init__(self, audience: int | None) -> None:
        self.audience = audience

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled or not (a native object has no
        slots state to copy, and its ``__setattr__`` refuses to set one)."""
        return (type(self), tuple([getattr(self, f.name) for f in fields(self)]))

    def __repr__(self) -> str:
        """The dataclass's ``repr`` with cards written as cards: ``HoleCardsDealt(
        audience=0, position=0, cards=(Ah, Kd), up=(), count=2)``."""
        shown = []
        for f in fields(self):
            value = getattr(self, f.name)
            text = repr_cards(value) if f.name in _CARD_FIELDS else repr(value)
            shown.append(f"{f.name}={text}")
        return f"{type(self).__qualname__}({', '.join(shown)})"


@dataclass(frozen=True, slots=True, init=False, repr=False)
class AntePosted(Event):
    """F1: ``position`` put in an ante of ``amount`` (the big blind's whole-table ante, F7)."""

    position: int
    amount: int

    def __init__(self, audience: int | None, position: int, amount: int) -> None:
        self.audience = audience
        self.position = position
        self.amount = amount


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BlindPosted(Event):
    """A live blind, straddle or post (``dead`` False) or dead money (``dead`` True)."""

    position: int
    amount: int
    dead: bool = False

    def __init__(
        self, audience: int | None, position: int, amount: int, dead: bool = False
    ) -> None:
        self.audience = audience
        self.position = position
        self.amount = amount
        self.dead = dead


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BringInPosted(Event):
    """F10 (stud): ``position`` brought it in for ``amount``."""

    position: int
    amount: int

    def __init__(self, audience: int | None, position: int, amount: int) -> None:
        self.audience = audience
        self.position = position
        self.amount = amount


@dataclass(frozen=True, slots=True, init=False, repr=False)
class StreetStarted(Event):
    """A street begins: ``street`` is its index in the variant, ``name`` its name
    (``"flop"``, ``"fourth"``, ``"draw 1"``, ...)."""

    street: int
    name: str

    def __init__(self, audience: int | None, street: int, name: str) -> None:
        self.audience = audience
        self.street = street
        self.name = name


@dataclass(frozen=True, slots=True, init=False, repr=False)
class CardBurned(Event):
    """D3.  The burned card itself is never shown."""

    def __init__(self, audience: int | None) -> None:
        self.audience = audience


@dataclass(frozen=True, slots=True, init=False, repr=False)
class HoleCardsDealt(Event):
    """Cards to one position.  Face-down cards go to the position alone (``cards``); the
    table sees ``count`` and any face-up cards in ``up``."""

    position: int
    cards: tuple[int | None, ...]
    up: tuple[int, ...]
    count: int

    def __init__(
        self, audience: int | None, position: int, cards: tuple[int | None, ...],
        up: tuple[int, ...], count: int,
    ) -> None:
        self.audience = audience
        self.position = position
        self.cards = cards
        self.up = up
        self.count = count


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BoardDealt(Event):
    """Community cards turned up on the board (card numbers 0-51: ``Card(n)``)."""

    cards: tuple[int, ...]

    def __init__(self, audience: int | None, cards: tuple[int, ...]) -> None:
        self.audience = audience
        self.cards = cards


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BoardRun(Event):
    """Running it twice: cards of run 1 or run 2 of the rest of the board."""

    run: int
    cards: tuple[int, ...]

    def __init__(self, audience: int | None, run: int, cards: tuple[int, ...]) -> None:
        self.audience = audience
        self.run = run
        self.cards = cards


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Folded(Event):
    """``position`` folded (or its hand was killed: I7); ``forfeit``: chips short of a
    call it put in the pot as it folded (B14 / TDA 51), usually 0."""

    position: int
    forfeit: int = 0

    def __init__(self, audience: int | None, position: int, forfeit: int = 0) -> None:
        self.audience = audience
        self.position = position
        self.forfeit = forfeit


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Checked(Event):
    """``position`` checked."""

    position: int

    def __init__(self, audience: int | None, position: int) -> None:
        self.audience = audience
        self.position = position


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Called(Event):
    """``position`` called, adding ``amount`` chips (all-in for less when ``all_in``)."""

    position: int
    amount: int  # chips added now
    all_in: bool

    def __init__(self, audience: int | None, position: int, amount: int, all_in: bool) -> None:
        self.audience = audience
        self.position = position
        self.amount = amount
        self.all_in = all_in


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BetOrRaised(Event):
    """``position`` bet or raised to a street total of ``to``, adding ``amount`` chips;
    ``full`` when it is a full bet or raise that re-opens the betting (B9)."""

    position: int
    to: int  # the position's total bet on the street
    amount: int  # chips added now
    all_in: bool
    full: bool  # a full bet or raise (re-opens the betting, B9)

    def __init__(
        self, audience: int | None, position: int, to: int, amount: int, all_in: bool, full: bool
    ) -> None:
        self.audience = audience
        self.position = position
        self.to = to
        self.amount = amount
        self.all_in = all_in
        self.full = full


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Discarded(Event):
    """A draw: ``position`` threw away ``count`` cards (which ones only in its own copy)."""

    position: int
    count: int
    cards: tuple[int, ...]  # only in the position's own copy; empty for the table

    def __init__(
        self, audience: int | None, position: int, count: int, cards: tuple[int, ...]
    ) -> None:
        self.audience = audience
        self.position = position
        self.count = count
        self.cards = cards


@dataclass(frozen=True, slots=True, init=False, repr=False)
class BetReturned(Event):
    """B12: the uncalled part of a bet goes back."""

    position: int
    amount: int

    def __init__(self, audience: int | None, position: int, amount: int) -> None:
        self.audience = audience
        self.position = position
        self.amount = amount


@dataclass(frozen=True, slots=True, init=False, repr=False)
class HandShown(Event):
    """``position`` tabled its hand at the showdown (S4); ``description`` names it."""

    position: int
    cards: tuple[int | None, ...]
    description: str

    def __init__(
        self, audience: int | None, position: int, cards: tuple[int | None, ...], description: str
    ) -> None:
        self.audience = audience
        self.position = position
        self.cards = cards
        self.description = description


@dataclass(frozen=True, slots=True, init=False, repr=False)
class HandMucked(Event):
    """``position`` threw its hand away unshown at the showdown."""

    position: int

    def __init__(self, audience: int | None, position: int) -> None:
        self.audience = audience
        self.position = position


@dataclass(frozen=True, slots=True, init=False, repr=False)
class RakeTaken(Event):
    """S11: the house took ``amount`` chips of rake."""

    amount: int

    def __init__(self, audience: int | None, amount: int) -> None:
        self.audience = audience
        self.amount = amount


@dataclass(frozen=True, slots=True, init=False, repr=False)
class PotAwarded(Event):
    """One pot (0 = main pot, S1-S2) or one half of it, to its winners."""

    pot: int
    half: str  # "whole", "high" or "low"
    amounts: tuple[tuple[int, int], ...]  # (position, chips)
    description: str

    def __init__(
        self, audience: int | None, pot: int, half: str, amounts: tuple[tuple[int, int], ...],
        description: str,
    ) -> None:
        self.audience = audience
        self.pot = pot
        self.half = half
        self.amounts = amounts
        self.description = description


@dataclass(frozen=True, slots=True, init=False, repr=False)
class HandEnded(Event):
    """The hand is over; ``stacks`` are every position's chips after it."""

    stacks: tuple[int, ...]

    def __init__(self, audience: int | None, stacks: tuple[int, ...]) -> None:
        self.audience = audience
        self.stacks = stacks


for _value in (
    Event, AntePosted, BlindPosted, BringInPosted, StreetStarted, CardBurned, HoleCardsDealt,
    BoardDealt, BoardRun, Folded, Checked, Called, BetOrRaised, Discarded, BetReturned,
    HandShown, HandMucked, RakeTaken, PotAwarded, HandEnded,
):
    fast_init(_value)
