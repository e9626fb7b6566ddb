"""Hand evaluation: high, lows, badugi; one int per hand, larger is better.

Every evaluator has ``name``, ``strength(hole, board)``, ``describe(strength)``
and ``best_cards(hole, board)`` (see :class:`Evaluator`).  ``strength`` is the
hot path and trusts its input; :func:`evaluate_high` and
:func:`checked_cards` check theirs.
"""

from __future__ import annotations

from typing import Final

from pokerroom.evaluation.badugi import BADUGI
from pokerroom.evaluation.encoding import HandCategory, category_of, describe_high
from pokerroom.evaluation.hand import HighHand, checked_cards, evaluate_high
from pokerroom.evaluation.high import HIGH, SHORT_DECK_HIGH, high_strength
from pokerroom.evaluation.lows import A5_LOW, DEUCE_SEVEN_LOW, LOW8
from pokerroom.evaluation.omaha import OMAHA_HIGH, OMAHA_LOW8
from pokerroom.evaluation.protocol import Evaluator

EVALUATORS: Final[dict[str, Evaluator]] = {
    e.name: e
    for e in (
        HIGH,
        SHORT_DECK_HIGH,
        OMAHA_HIGH,
        OMAHA_LOW8,
        LOW8,
        A5_LOW,
        DEUCE_SEVEN_LOW,
        BADUGI,
    )
}
"""Every evaluator by its name."""

__all__ = [
    "A5_LOW",
    "BADUGI",
    "DEUCE_SEVEN_LOW",
    "EVALUATORS",
    "HIGH",
    "LOW8",
    "OMAHA_HIGH",
    "OMAHA_LOW8",
    "SHORT_DECK_HIGH",
    "Evaluator",
    "HandCategory",
    "HighHand",
    "category_of",
    "checked_cards",
    "describe_high",
    "evaluate_high",
    "high_strength",
]
