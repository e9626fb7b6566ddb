"""Checked, readable high hands for callers outside the hot path."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pokerroom.cards import Card, check_distinct, format_cards, parse_cards
from pokerroom.errors import NotationError
from pokerroom.evaluation.encoding import HandCategory, category_of, describe_high
from pokerroom.evaluation.high import HIGH, high_strength


def checked_cards(
    cards: str | Iterable[int | str], *, minimum: int = 0, maximum: int = 52, what: str = "hand"
) -> list[Card]:
    """Cards from text (``"AsKd"``), ints or ``Card``s, each in range and none twice.

    Raises NotationError naming the problem: bad notation, a card out of
    range, a card twice, or a count outside ``minimum..maximum``.
    """
    if isinstance(cards, str):
        parsed = parse_cards(cards)
    else:
        parsed = [Card.parse(c) if isinstance(c, str) else Card(int(c)) for c in cards]
    check_distinct(parsed, what=what)
    if not minimum <= len(parsed) <= maximum:
        wanted = f"{minimum}" if minimum == maximum else f"{minimum} to {maximum}"
        raise NotationError(
            f"{what}: needs {wanted} cards, got {len(parsed)} ({format_cards(parsed)})"
        )
    return parsed


@dataclass(frozen=True, order=True)
class HighHand:
    """A high hand: compares by strength (S5: suits never break ties)."""

    strength: int
    cards: tuple[Card, ...] = field(compare=False)
    """All the cards evaluated."""
    best: tuple[Card, ...] = field(compare=False)
    """The five that make the hand, most telling first."""

    @property
    def category(self) -> HandCategory:
        return category_of(self.strength)

    def describe(self) -> str:
        return describe_high(self.strength)

    def __str__(self) -> str:
        return f"{self.describe()} ({format_cards(self.best)})"


def evaluate_high(cards: str | Iterable[int | str]) -> HighHand:
    """The best five of five to nine cards (S6): ``evaluate_high("AsKsQsJsTs")``."""
    checked = checked_cards(cards, minimum=5, maximum=9)
    best = tuple(Card(c) for c in HIGH.best_cards(checked, ()))
    return HighHand(high_strength(checked), tuple(checked), best)
