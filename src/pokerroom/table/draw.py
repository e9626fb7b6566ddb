"""D5: the draw for the first button."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card, Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason

JACK = 9  # rank index of the jack


@dataclass(frozen=True, slots=True)
class ButtonDraw:
    """The cards each seat drew, in the order dealt, and the winner (no cards when the
    button was placed by seat, LVH B4)."""

    cards: tuple[tuple[int, Card], ...]
    winner: int


def draw_for_button(
    seats: Sequence[int], deck: Deck, *,
    method: Literal["high_card", "first_jack", "by_seat"] = "high_card",
) -> ButtonDraw:
    """D5: one card face up to each player; the highest card wins the button, equal
    ranks broken by suit (spades > hearts > diamonds > clubs, D6).  ``first_jack``
    deals around, face up, until someone receives a jack.  ``by_seat`` (LVH B4) draws
    nothing: the button goes in front of the first player counter-clockwise from the
    dealer, the highest-numbered seat (seats are numbered clockwise from the dealer's
    left); ``deck`` is not touched."""
    if len(seats) < 2:
        raise IllegalActionError(
            Reason.TOO_FEW_PLAYERS, "the draw for the button needs at least two players")
    if method == "by_seat":
        return ButtonDraw((), max(seats))
    dealt: list[tuple[int, Card]] = []
    if method == "high_card":
        for seat in seats:
            dealt.append((seat, deck.deal(1)[0]))
        # Card order is rank then suit, which is exactly D5's order.
        winner = max(dealt, key=lambda sc: int(sc[1]))[0]
        return ButtonDraw(tuple(dealt), winner)
    while len(deck):
        for seat in seats:
            card = deck.deal(1)[0]
            dealt.append((seat, card))
            if card.rank == JACK:
                return ButtonDraw(tuple(dealt), seat)
    raise ConfigError("the deck ran out before a jack was dealt")
