"""Bots: policies that choose an action from the seat's view of the hand.

A bot decides from a :class:`~pokerroom.rules.view.HandView`, the seat's own
(``hand.view(seat)``): its own cards, the up cards, the board, stacks, bets,
pots and its legal actions.  It is never handed the hand itself, so it cannot
peek: ``bot.decide(view) -> Action`` is the whole interface, and every caller
(the room's tables and tournaments, ``pokerroom play`` and ``simulate``, the
tournament simulation) passes ``hand.view(seat)``.  Bots draw randomness from
the ``random.Random`` they are given, so simulations are reproducible.

:data:`BOTS` names every policy the room, ``play`` and ``simulate`` offer:
the hold'em bots worth playing of :mod:`pokerroom.bots.smart` (``solid``, the
room's default, ``rock`` and ``loose``: cards, price, stacks, ICM near the
money) and the simple ones of :mod:`pokerroom.bots.simple`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokerroom.bots.simple import (
    CallingStation,
    Policy,
    RandomBot,
    TightAggressive,
    ViewBot,
    legal_for,
    muck_losers,
)
from pokerroom.bots.smart import STYLES, EquityBot, Style, TournamentSituation

__all__ = ["BOTS", "DEFAULT_BOT", "STYLES", "CallingStation", "EquityBot", "Policy",
           "RandomBot", "Style", "TightAggressive", "TournamentSituation", "ViewBot",
           "legal_for", "muck_losers"]

DEFAULT_BOT = "solid"
"""The room's default bot: the best of the styles in ``bench/bench_bots.py``."""

BOTS: dict[str, Callable[[random.Random], ViewBot]] = {
    "random": lambda rng: RandomBot(rng),
    "station": lambda rng: CallingStation(),
    "tag": lambda rng: TightAggressive(rng),
    "solid": lambda rng: EquityBot(rng, STYLES["solid"]),
    "rock": lambda rng: EquityBot(rng, STYLES["rock"]),
    "loose": lambda rng: EquityBot(rng, STYLES["loose"]),
}
