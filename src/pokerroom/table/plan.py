"""The plan of one deal: who is dealt in and who posts what (and, while it is being
made, :class:`Duties`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.table.placement import Positions


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who is dealt in and who posts what, for the next deal.

    Seats and positions: a **seat** is a chair at the table (0 to
    ``options.seats - 1``); a **position** is a player's place in this one deal,
    counted from the button: 0 is the first player dealt in left of the button,
    the last is the button (the player with last action).  The hand engine
    (:class:`~pokerroom.rules.engine.Hand`) numbers its players by position and
    calls them so (``position`` parameters and fields).  ``seats`` lists the seats
    dealt in by position; :meth:`position_of` and :meth:`seat_at` are the one
    place the two are translated.  ``blinds``, ``posts``, ``dead`` and ``antes``
    are by position; ``straddles``, ``kill_seat``, ``waiting``, ``absent`` and
    :class:`~pokerroom.table.placement.Positions` (the button and blinds) are
    seats.
    """

    positions: Positions | None  # None in stud
    seats: tuple[int, ...]
    blinds: tuple[int, ...]
    posts: tuple[int, ...]
    dead: tuple[int, ...]
    antes: tuple[int, ...]
    straddles: tuple[int, ...] = ()  # table seats that straddle
    kill_seat: int | None = None
    factor: float = 1.0  # kill stakes multiplier (F12)
    waiting: tuple[int, ...] = ()  # present players not dealt in this time
    notes: tuple[str, ...] = ()
    absent: tuple[int, ...] = ()  # T13: dealt in while away; their hands are killed
    bomb_pot: bool = False  # everyone antes, no preflop betting, the button stays
    # T2, B7: chips of blinds due that nobody posts (a dead small blind); pot limit
    # counts them in the pot before the flop (TDA 54-B).
    unposted: int = 0
    # T3, T4 (ENC moving button): (seat, a big blind, a small blind) still owed after
    # this deal by players the blinds skipped.
    skipped: tuple[tuple[int, bool, bool], ...] = ()

    def position_of(self, seat: int) -> int:
        """The position in this deal of the player in ``seat`` (the hand engine's
        number for them); ``ValueError`` when that seat is not dealt in (``seat in
        plan.seats`` tells)."""
        try:
            return self.seats.index(seat)
        except ValueError:
            raise ValueError(f"seat {seat} is not dealt in this deal: the seats dealt in "
                             f"are {', '.join(map(str, sorted(self.seats)))}") from None

    def seat_at(self, position: int) -> int:
        """The seat of the player at ``position`` in this deal (an engine number,
        such as ``LegalActions.position`` or an event's ``position``)."""
        if not 0 <= position < len(self.seats):
            raise ValueError(
                f"no position {position} in this deal: positions are 0-{len(self.seats) - 1}")
        return self.seats[position]


@dataclass(slots=True)
class Duties:
    """Who is dealt in and what they post (seat -> chips), while a plan is being made."""

    dealt: set[int] = field(default_factory=set)
    posts: dict[int, int] = field(default_factory=dict)
    dead: dict[int, int] = field(default_factory=dict)
    waiting: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
