"""A seat's view of the hand in progress at a table: the engine's view in seats.

The hand engine numbers its players by **position** (0 is the first player
dealt in left of the button, the button is last); the table numbers its chairs,
the **seats**.  :meth:`Table.view(seat) <pokerroom.table.table.Table.view>`
takes the engine's :class:`~pokerroom.rules.view.HandView` for the player in
``seat`` and gives every seat-numbered part of it in seats: the players, whose
turn it is and who may win each pot.  The legal actions stay the engine's, by
position (``legal.describe(plan.seats)`` names the player by seat).  The
translation itself
is :meth:`HandPlan.position_of <pokerroom.table.plan.HandPlan.position_of>` and
:meth:`HandPlan.seat_at <pokerroom.table.plan.HandPlan.seat_at>`.

>>> from pokerroom.cards import Deck
>>> from pokerroom.table import Stakes, Table
>>> table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
>>> for seat, name in ((2, "Ann"), (5, "Bob"), (7, "Cy")):
...     _ = table.sit(seat, name, 200)
>>> table.first_button = 7
>>> _ = table.start_hand(Deck(7))
>>> view = table.view(7)
>>> view.viewer, view.to_act, sorted(view.seats), view.legal.position
(7, 7, [2, 5, 7], 2)
>>> view.legal.describe(), view.legal.describe(table.plan_in_play.seats)
('position 2 may fold, call 2, bet/raise to 4-200', 'seat 7 may fold, call 2, bet/raise to 4-200')
>>> [pot.eligible for pot in view.pots], view.seats[5].bet, view.seats[5].cards
([(2, 5, 7)], 2, (None, None))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pokerroom.rules.legal import LegalActions, Phase
from pokerroom.rules.view import HandView, PlayerView, Pot
from pokerroom.table.plan import HandPlan

__all__ = ["TableView", "seat_to_act", "table_view"]


@dataclass(frozen=True, slots=True)
class TableView:
    """What the player in seat ``viewer`` (``None``: a spectator, or a seated player
    not dealt in) may know of the hand in progress, in table seats.

    ``seats`` maps each seat dealt in to what the viewer sees of it (stack behind,
    bet, cards, ...); ``to_act`` is the seat whose turn it is (``None`` when the
    dealer is to deal or the hand is over); ``pots`` name the seats that may win
    them; ``legal`` is the viewer's legal actions when it is their turn, the
    engine's (its ``position`` is a position; ``to_act`` is the seat).
    Everything without a seat in it (board, street, pot, phase, current bet, names
    by position) is in ``hand``, the engine's view."""

    hand: HandView
    viewer: int | None
    to_act: int | None
    seats: Mapping[int, PlayerView]
    pots: tuple[Pot, ...]
    legal: LegalActions | None

    @property
    def own(self) -> PlayerView | None:
        """The viewer's own place in the hand; ``None`` for a spectator or a seat not
        dealt in."""
        return None if self.viewer is None else self.seats.get(self.viewer)


def table_view(hand: HandView, plan: HandPlan, viewer: int | None) -> TableView:
    """The engine's view ``hand`` (made for ``viewer``'s position) in the seats of
    ``plan``; :meth:`Table.view <pokerroom.table.table.Table.view>` calls this."""
    seat_at = plan.seat_at
    return TableView(
        hand=hand,
        viewer=viewer,
        to_act=seat_to_act(hand.phase, hand.actor, plan),
        seats=MappingProxyType({seat_at(k): sv for k, sv in enumerate(hand.players)}),
        pots=tuple(Pot(p.amount, tuple(seat_at(k) for k in p.eligible)) for p in hand.pots),
        legal=hand.legal,
    )


def seat_to_act(phase: Phase, actor: int | None, plan: HandPlan) -> int | None:
    """The seat whose turn it is, from a hand's ``phase`` and ``actor`` (a position):
    ``None`` while the dealer deals (manual dealing) and once the hand is over."""
    if actor is None or phase is Phase.DEALING or phase is Phase.COMPLETE:
        return None
    return plan.seat_at(actor)
