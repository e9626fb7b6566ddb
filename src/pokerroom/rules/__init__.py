"""Game definitions and the hand engine: one deal from forced bets to pots awarded.

A hand played action by action (positions count from the button: 0 is the small
blind here, 2 the button):

>>> from pokerroom import Deck
>>> from pokerroom.rules import HandConfig, Structure, button_blinds, variant
>>> config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
...                     stacks=(100, 100, 100), blinds=button_blinds(3, 1, 2), min_bet=2)
>>> hand = Hand(config, Deck(seed=1))
>>> hand.legal_actions().describe()
'position 2 may fold, call 2, bet/raise to 4-100'
>>> [type(e).__name__ for e in hand.bet_raise(6)]
['BetOrRaised']
>>> hand.bet_raise(7)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.errors.IllegalActionError: a bet/raise to 7 is outside 10-100; ...
>>> hand.fold(), hand.check_call()[-1]
([Folded(audience=None, position=0, forfeit=0)], BoardDealt(audience=None, cards=(4s, Ts, 3d)))
>>> hand.view(None).board, hand.pot
((Card('4s'), Card('Ts'), Card('3d')), 13)
>>> while not hand.is_over:
...     _ = hand.check_call()
>>> hand.stacks
[99, 107, 94]
"""

from pokerroom.rules.actions import (
    Action,
    Award,
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
from pokerroom.rules.view import HandView, PlayerView, Pot

__all__ = [
    "VARIANTS",
    "Action",
    "Award",
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
    "PlayerView",
    "Pot",
    "Show",
    "Street",
    "Structure",
    "Variant",
    "button_blinds",
    "variant",
]
