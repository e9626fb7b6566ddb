"""What every evaluator offers the hand engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Evaluator(Protocol):
    """One way of ranking hands (high, a low, badugi), by name.

    ``strength`` returns an int where larger is always better, lows included,
    or None when the hand does not qualify (no eight-or-better low) or there
    are not yet enough cards.  Strengths from different evaluators are not
    comparable.  ``strength`` trusts its input (distinct cards 0-51) for
    speed; check untrusted cards first (:func:`pokerroom.evaluation.checked_cards`).
    """

    @property
    def name(self) -> str: ...

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None: ...

    def describe(self, strength: int) -> str: ...

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]: ...
