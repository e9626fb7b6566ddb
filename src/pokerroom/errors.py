"""The error hierarchy: one root, three kinds a caller can act on."""

from __future__ import annotations


class PokerError(Exception):
    """Root of every error pokerroom raises on purpose."""


class NotationError(PokerError, ValueError):
    """Text that cannot be parsed (a card, an action, a hand history)."""


class ConfigError(PokerError, ValueError):
    """An impossible game setup (stakes, seats, stacks, forced bets)."""


class IllegalActionError(PokerError):
    """A well-formed action that the rules forbid right now.

    ``reason`` is a short machine-readable code (``"not_your_turn"``,
    ``"raise_too_small"``, ...); the message says what is allowed instead.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class UnknownCardsError(ConfigError):
    """A result depends on cards nobody has named (a history that hides them)."""
