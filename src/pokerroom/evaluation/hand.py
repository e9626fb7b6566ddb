"""Checked, readable high hands for callers outside the hot path."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from pokerroom.cards import Card, check_distinct, format_cards, parse_cards
from pokerroom.errors import NotationError
from pokerroom.evaluation.badugi import BADUGI
from pokerroom.evaluation.encoding import HandCategory, category_of, describe_high
from pokerroom.evaluation.high import HIGH, SHORT_DECK_HIGH, high_strength
from pokerroom.evaluation.lows import A5_LOW, DEUCE_SEVEN_LOW, LOW8
from pokerroom.evaluation.omaha import OMAHA_HIGH, OMAHA_LOW8
from pokerroom.evaluation.protocol import Evaluator

EVALUATORS: Final[dict[str, Evaluator]] = {
    e.name: e
    for e in (HIGH, SHORT_DECK_HIGH, OMAHA_HIGH, OMAHA_LOW8, LOW8, A5_LOW, DEUCE_SEVEN_LOW, BADUGI)
}
"""Every evaluator by its name."""


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
        """Its category (pair, flush, ...)."""
        return category_of(self.strength)

    def describe(self) -> str:
        """The hand in words: ``"two pair, kings and sevens"``."""
        return describe_high(self.strength)

    def __str__(self) -> str:
        return f"{self.describe()} ({format_cards(self.best)})"


def evaluate_high(cards: str | Iterable[int | str]) -> HighHand:
    """The best five of five to nine cards (S5, S6), checked.

    >>> hand = evaluate_high("AsKsQsJsTs9d")
    >>> str(hand)
    'royal flush (AsKsQsJsTs)'
    >>> hand > evaluate_high("AhAdAcAs2d")
    True
    >>> evaluate_high("AsAsKsQsJs")
    Traceback (most recent call last):
    ...
    pokerroom.errors.NotationError: hand: card As appears more than once
    """
    checked = checked_cards(cards, minimum=5, maximum=9)
    best = tuple(Card(c) for c in HIGH.best_cards(checked, ()))
    return HighHand(high_strength(checked), tuple(checked), best)


@dataclass(frozen=True)
class RankedHand:
    """One hand ranked by one evaluator (see :func:`evaluate`)."""

    evaluator: str
    """The evaluator's name (``"omaha_low8"``, ...): strengths compare only within one."""
    strength: int | None
    """Larger is better, lows included; None when the hand does not qualify (S8)."""
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    best: tuple[Card, ...]
    """The cards that make the hand, most telling first (empty when it does not qualify)."""

    def describe(self) -> str:
        """``"8-6-4-2-A low"``, ``"3-card badugi, 7-4-2"``; ``"no qualifying low"``."""
        if self.strength is None:
            return "no qualifying low"
        return EVALUATORS[self.evaluator].describe(self.strength)

    def __str__(self) -> str:
        text = self.describe()
        return f"{text} ({format_cards(self.best)})" if self.best else text


# Per evaluator: (hole cards min, max), (board cards min, max), (all cards min, max).
_COUNTS: dict[str, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    "high": ((0, 9), (0, 5), (5, 9)),
    "short_deck_high": ((0, 9), (0, 5), (5, 9)),
    "low8": ((0, 9), (0, 5), (5, 9)),
    "a5_low": ((0, 9), (0, 5), (5, 9)),
    "deuce_seven_low": ((0, 9), (0, 5), (5, 9)),
    "omaha_high": ((4, 6), (3, 5), (7, 11)),  # S7: exactly two hole and three board cards
    "omaha_low8": ((4, 6), (3, 5), (7, 11)),
    "badugi": ((4, 4), (0, 0), (4, 4)),
}


def _counted(cards: str | Iterable[int | str], span: tuple[int, int], what: str) -> list[Card]:
    return checked_cards(cards, minimum=span[0], maximum=span[1], what=what)


def evaluate(
    evaluator: str | Evaluator, hole: str | Iterable[int | str],
    board: str | Iterable[int | str] = (),
) -> RankedHand:
    """Rank ``hole`` (and ``board``) with any evaluator, by name or object, checked.

    Every card must be valid and appear once among hole and board, and the counts
    must suit the evaluator: Omaha takes 4-6 hole cards and 3-5 board cards (S7),
    badugi exactly four cards and no board, the others five to nine cards in all,
    a short deck no card below a six.  Anything else raises
    :class:`~pokerroom.errors.NotationError` saying what was wrong and what is
    allowed.  (The evaluators' own ``strength`` trusts its input: it is the
    engine's hot path.)

    >>> str(evaluate("omaha_low8", "As2d9h9c", "3h4c5sKdQh"))
    '5-4-3-2-A low (5s4c3h2dAs)'
    >>> evaluate("low8", "KsKd9h9c7d").describe()
    'no qualifying low'
    >>> str(evaluate("badugi", "Kc7d4h2s"))
    '4-card badugi, K-7-4-2 (Kc7d4h2s)'
    >>> evaluate("omaha_high", "AsKs", "2d3d4d")
    Traceback (most recent call last):
    ...
    pokerroom.errors.NotationError: hole cards: needs 4 to 6 cards, got 2 (AsKs)
    """
    ev = EVALUATORS.get(evaluator) if isinstance(evaluator, str) else evaluator
    if ev is None or ev.name not in _COUNTS:
        raise NotationError(
            f"unknown evaluator {evaluator!r}; evaluators: {', '.join(_COUNTS)}")
    hole_span, board_span, total_span = _COUNTS[ev.name]
    hole_cards = _counted(hole, hole_span, "hole cards")
    board_cards = checked_cards(board, what="board")
    if board_cards and board_span[1] == 0:
        raise NotationError(f"{ev.name} takes no board cards, got {format_cards(board_cards)}")
    _counted(board_cards, board_span, "board")
    everything = hole_cards + board_cards
    check_distinct(everything, what="hole cards and board")
    low, high = total_span
    if not low <= len(everything) <= high:
        raise NotationError(
            f"{ev.name} ranks {low} to {high} cards in all, got {len(everything)} "
            f"({format_cards(everything)})")
    if ev.name == "short_deck_high":
        small = [c for c in everything if c.rank < 4]
        if small:
            raise NotationError(
                f"a short deck has no {format_cards(small[:1])}: its cards are six to ace")
    strength = ev.strength(hole_cards, board_cards)
    best = () if strength is None else tuple(
        Card(int(c)) for c in ev.best_cards(hole_cards, board_cards))
    return RankedHand(ev.name, strength, tuple(hole_cards), tuple(board_cards), best)
