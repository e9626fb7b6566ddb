"""What happens on the tournament floor, as values the room can show or store.

Every event is public (the whole room may see it); hands keep their own
events, with their audiences, in the hand engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.rules.events import Event as HandEvent


@dataclass(frozen=True, slots=True)
class FloorEvent:
    """Base class of tournament events."""


# ----------------------------------------------------------------- the clock


@dataclass(frozen=True, slots=True)
class LevelStarted(FloorEvent):
    """The clock reached level ``number``; tables change at their next hand (P3)."""

    number: int


@dataclass(frozen=True, slots=True)
class BreakStarted(FloorEvent):
    """A break of ``seconds`` begins; ``color_up``: the chips coloured up during it (P9)."""

    seconds: int
    color_up: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BreakEnded(FloorEvent):
    """The break is over; the next level starts."""

    pass


@dataclass(frozen=True, slots=True)
class PushHoldStarted(FloorEvent):
    """P3: dealers hold the push from here until the level change or break."""

    seconds_left: float
    before: str  # "level" or "break"


# ------------------------------------------------------------- registration


@dataclass(frozen=True, slots=True)
class PlayerRegistered(FloorEvent):
    """A new entry; during late registration, with the table and seat it is dealt into."""

    entry: int
    name: str
    table: int | None = None  # seated at once (late registration)
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class RegistrationClosed(FloorEvent):
    """Registration is over with ``entries`` entries: the prize pool is known."""

    entries: int


@dataclass(frozen=True, slots=True)
class ChipsBought(FloorEvent):
    """A rebuy or an add-on."""

    entry: int
    kind: str  # "rebuy" or "add_on"
    chips: int
    price: int


# ------------------------------------------------------------------ seating


@dataclass(frozen=True, slots=True)
class TableOpened(FloorEvent):
    """A table with ``seats`` seats comes into play."""

    table: int
    seats: int


@dataclass(frozen=True, slots=True)
class PlayerSeated(FloorEvent):
    """P1: seat draw; also the seat-card draw of a broken table and the final table."""

    entry: int
    table: int
    seat: int
    reason: str  # "draw", "late_registration", "break", "final_table"


@dataclass(frozen=True, slots=True)
class ButtonDrawn(FloorEvent):
    """P1: the random draw for the button."""

    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerMoved(FloorEvent):
    """P7: balancing, or a seat card from a broken table."""

    entry: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str  # "balance" or "break"


@dataclass(frozen=True, slots=True)
class TableBroken(FloorEvent):
    """P7: the table is broken; its players are moved."""

    table: int


@dataclass(frozen=True, slots=True)
class FinalTableFormed(FloorEvent):
    """The last ``players`` sit at the final table."""

    table: int
    players: int


@dataclass(frozen=True, slots=True)
class TableHalted(FloorEvent):
    """TDA 11-D: a table short of the largest by the halt shortage waits for players."""

    table: int
    short_by: int


# ----------------------------------------------------------------- players


@dataclass(frozen=True, slots=True)
class PlayerEliminated(FloorEvent):
    """P6, P10: a finish.  ``place``-``place_to`` is the range shared in a tie."""

    entry: int
    name: str
    place: int
    place_to: int
    prize: int
    disqualified: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyGiven(FloorEvent):
    """P8: a missed-hands penalty: the player sits out ``hands`` hands."""

    entry: int
    hands: int


@dataclass(frozen=True, slots=True)
class PlayerDisqualified(FloorEvent):
    """P8: the player's ``chips`` are removed from play."""

    entry: int
    chips: int


@dataclass(frozen=True, slots=True)
class ChipRaceHeld(FloorEvent):
    """P9: a colour-up at one table; ``won`` lists who won a chip in the race."""

    table: int
    removed: tuple[int, ...]
    new_smallest: int
    won: tuple[int, ...]
    chips_change: int  # the race rounds: chips in play change by this much


# ---------------------------------------------------------- hand-for-hand


@dataclass(frozen=True, slots=True)
class HandForHandStarted(FloorEvent):
    """P5: hand-for-hand begins, near the money."""

    players_left: int
    places_paid: int


@dataclass(frozen=True, slots=True)
class HandForHandRoundEnded(FloorEvent):
    """P5: every table finished the hand.  ``released`` are the held events of the
    hands with all-ins (table, event), now to be shown."""

    round: int
    released: tuple[tuple[int, HandEvent], ...] = ()


@dataclass(frozen=True, slots=True)
class HandForHandEnded(FloorEvent):
    """P5: hand-for-hand is over."""

    players_left: int


@dataclass(frozen=True, slots=True)
class DealMade(FloorEvent):
    """ICM or chip-chop deal at the final table: amounts by entry."""

    amounts: tuple[tuple[int, int], ...]
    kept_for_winner: int


@dataclass(frozen=True, slots=True)
class TournamentFinished(FloorEvent):
    """The event is over; ``winner`` is the winning entry."""

    winner: int


@dataclass(frozen=True, slots=True)
class BountyWon(FloorEvent):
    """A knockout bounty: ``hunter`` wins ``amount`` of the bounty on entry
    ``busted``'s head (the winner of the event its own: ``busted == hunter``)."""

    hunter: int
    busted: int
    amount: int
