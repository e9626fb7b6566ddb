"""Game definitions and the hand engine: one deal from forced bets to pots awarded."""

from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Kill,
    Muck,
    Show,
)
from pokerroom.rules.config import HandConfig, Structure, button_blinds
from pokerroom.rules.engine import Hand, LegalActions, Phase
from pokerroom.rules.variants import VARIANTS, Street, Variant, variant
from pokerroom.rules.view import HandView, Pot, SeatView

__all__ = [
    "VARIANTS",
    "Action",
    "BetRaise",
    "BringIn",
    "CheckCall",
    "DealBoard",
    "DealHole",
    "Discard",
    "Fold",
    "Hand",
    "HandConfig",
    "HandView",
    "Kill",
    "LegalActions",
    "Muck",
    "Phase",
    "Pot",
    "SeatView",
    "Show",
    "Street",
    "Structure",
    "Variant",
    "button_blinds",
    "variant",
]
