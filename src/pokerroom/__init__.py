"""pokerroom: poker the way a well-run cardroom runs it."""

from pokerroom.cards import Card, Deck, parse_cards
from pokerroom.errors import ConfigError, IllegalActionError, NotationError, PokerError

__all__ = [
    "Card",
    "ConfigError",
    "Deck",
    "IllegalActionError",
    "NotationError",
    "PokerError",
    "parse_cards",
]
__version__ = "0.1.0"
