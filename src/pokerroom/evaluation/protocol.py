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
    speed; check untrusted cards first, or rank through :func:`pokerroom.evaluation.evaluate`.
    """

    @property
    def name(self) -> str:
        """The evaluator's name (``"omaha_low8"``), its key in ``EVALUATORS``."""
        ...

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> int | None:
        """The hand's strength, larger is better; None when it does not qualify or
        there are not yet enough cards.  Trusts its input: the engine's hot path."""
        ...

    def describe(self, strength: int) -> str:
        """A strength in words: ``"8-6-4-2-A low"``, ``"full house, kings full of sevens"``."""
        ...

    def best_cards(self, hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
        """The cards that make the hand, most telling first (``Card`` values)."""
        ...
