"""Hand evaluation: high, lows, badugi; one int per hand, larger is better.

Every evaluator has ``name``, ``strength(hole, board)``, ``describe(strength)``
and ``best_cards(hole, board)`` (see :class:`Evaluator`).  ``strength`` is the
hot path and trusts its input; :func:`evaluate` (any evaluator, by name),
:func:`evaluate_high` and :func:`checked_cards` check theirs: a card twice or a
count the evaluator cannot rank raises :class:`~pokerroom.errors.NotationError`.
"""

from __future__ import annotations

from pokerroom.evaluation.badugi import BADUGI
from pokerroom.evaluation.encoding import HandCategory, category_of, describe_high
from pokerroom.evaluation.hand import (
    EVALUATORS,
    HighHand,
    RankedHand,
    checked_cards,
    evaluate,
    evaluate_high,
)
from pokerroom.evaluation.high import HIGH, SHORT_DECK_HIGH, high_strength
from pokerroom.evaluation.lows import A5_LOW, DEUCE_SEVEN_LOW, LOW8
from pokerroom.evaluation.omaha import OMAHA_HIGH, OMAHA_LOW8
from pokerroom.evaluation.protocol import Evaluator

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
    "RankedHand",
    "category_of",
    "checked_cards",
    "describe_high",
    "evaluate",
    "evaluate_high",
    "high_strength",
]
