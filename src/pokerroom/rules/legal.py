"""What may happen next in a hand: the phase and the legal actions with amounts (B2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Final

from pokerroom.rules.fastinit import fast_init


class Phase(Enum):
    """What a hand waits for: the dealer, a bet, a draw, a show, or nothing (over)."""

    DEALING = "dealing"  # waiting for the dealer (manual dealing only)
    BETTING = "betting"
    DRAWING = "drawing"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


# The members as plain module constants for the engine, which reads the phase on
# every action: in CPython 3.11 ``Phase.BETTING`` goes through the Enum
# metaclass's ``__getattr__``, about ten times slower than reading a global.
DEALING: Final = Phase.DEALING
BETTING: Final = Phase.BETTING
DRAWING: Final = Phase.DRAWING
SHOWDOWN: Final = Phase.SHOWDOWN
COMPLETE: Final = Phase.COMPLETE


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Exactly what may happen next (B2).  Amounts are chips; raise amounts are totals.

    An amount is None when that action is not open (no call to make, no bet or
    raise allowed), so a type checker makes a caller look before using it:
    ``if legal.min_raise_to is not None: hand.bet_raise(legal.min_raise_to)``.

    ``position`` (who acts) and ``deal_position`` (whose cards the dealer deals)
    are positions, places in dealing order (0 the first player left of the
    button), never a table's seats: a table translates (``HandPlan.seat_at``).
    """

    phase: Phase
    position: int | None  # who acts (a position); None when the dealer deals or the hand is over
    fold: bool = False
    check: bool = False
    call: int | None = None  # chips a call adds (all-in for less when short)
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    bring_in: int | None = None  # stud: the bring-in amount, when it may be posted
    max_discard: int = 0
    show: bool = False
    muck: bool = False
    deal_position: int | None = None  # dealer: the position whose hole cards are due
    deal_board: int = 0  # dealer: board cards due
    deal_count: int = 0  # dealer: how many hole cards are due to deal_position
    # Stud with the open_pair_double house option (B15): on fourth street, with an
    # open pair showing, a bet or raise may instead be the big bet, to this total.
    # min/max_raise_to keep the small bet.
    big_raise_to: int | None = None

    def __init__(
        self, phase: Phase, position: int | None, fold: bool = False, check: bool = False,
        call: int | None = None, min_raise_to: int | None = None,
        max_raise_to: int | None = None, bring_in: int | None = None, max_discard: int = 0,
        show: bool = False, muck: bool = False, deal_position: int | None = None,
        deal_board: int = 0, deal_count: int = 0, big_raise_to: int | None = None,
    ) -> None:
        # Compiled by mypyc (see setup.py), stores straight into the native object;
        # on the pure-Python path fast_init replaces it (see rules.fastinit).
        self.phase = phase  # type: ignore[misc]
        self.position = position  # type: ignore[misc]
        self.fold = fold  # type: ignore[misc]
        self.check = check  # type: ignore[misc]
        self.call = call  # type: ignore[misc]
        self.min_raise_to = min_raise_to  # type: ignore[misc]
        self.max_raise_to = max_raise_to  # type: ignore[misc]
        self.bring_in = bring_in  # type: ignore[misc]
        self.max_discard = max_discard  # type: ignore[misc]
        self.show = show  # type: ignore[misc]
        self.muck = muck  # type: ignore[misc]
        self.deal_position = deal_position  # type: ignore[misc]
        self.deal_board = deal_board  # type: ignore[misc]
        self.deal_count = deal_count  # type: ignore[misc]
        self.big_raise_to = big_raise_to  # type: ignore[misc]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled or not."""
        return (LegalActions, tuple([getattr(self, f.name) for f in fields(self)]))

    @property
    def can_raise(self) -> bool:
        """A bet or raise is open (``min_raise_to`` is not None)."""
        return self.min_raise_to is not None

    def describe(self, seats: Sequence[int] | None = None) -> str:
        """A sentence listing what is allowed, for error messages and UIs.  The
        player is named by position, or by seat when ``seats`` gives the table's
        seats by position (``HandPlan.seats``)."""
        if self.phase is Phase.COMPLETE:
            return "nothing: the hand is over"
        if self.position is None:
            if self.deal_board:
                return f"the dealer deals {self.deal_board} board card(s)"
            whom = _whom(self.deal_position, seats)
            return f"the dealer deals {self.deal_count} card(s) to {whom}"
        options: list[str] = []
        if self.bring_in is not None:
            options.append(f"post the bring-in of {self.bring_in}")
        if self.fold:
            options.append("fold")
        if self.check:
            options.append("check")
        if self.call is not None:
            options.append(f"call {self.call}")
        if self.min_raise_to is not None:
            if self.min_raise_to == self.max_raise_to:
                options.append(f"bet/raise to {self.min_raise_to}")
            else:
                options.append(f"bet/raise to {self.min_raise_to}-{self.max_raise_to}")
            if self.big_raise_to is not None:
                options.append(f"bet/raise the big bet to {self.big_raise_to} (open pair)")
        if self.phase is Phase.DRAWING:
            options.append(f"discard 0-{self.max_discard} cards")
        if self.show:
            options.append("show")
        if self.muck:
            options.append("muck")
        return f"{_whom(self.position, seats)} may " + ", ".join(options)


def _whom(position: int | None, seats: Sequence[int] | None) -> str:
    """``position`` in words: by seat when ``seats`` (seats by position) is given."""
    return f"position {position}" if seats is None or position is None else (
        f"seat {seats[position]}")


fast_init(LegalActions)
