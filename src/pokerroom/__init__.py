"""pokerroom: poker the way a well-run cardroom runs it."""

from pokerroom.cards import Card, Deck, format_cards, parse_cards
from pokerroom.errors import ConfigError, IllegalActionError, NotationError, PokerError, Reason

__all__ = [
    "Card",
    "ConfigError",
    "Deck",
    "IllegalActionError",
    "NotationError",
    "PokerError",
    "Reason",
    "compiled",
    "format_cards",
    "parse_cards",
]
__version__ = "0.1.0"


def compiled() -> bool:
    """True when the hand engine runs as mypyc-compiled C extensions (a regular
    install with a C compiler), False on the pure-Python path (see setup.py)."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from pokerroom.rules import engine

    return any(str(engine.__file__).endswith(suffix) for suffix in EXTENSION_SUFFIXES)
