"""Bomb pots (a cash-game house option): everyone antes, there is no betting before
the flop, and the button does not move."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from pokerroom.errors import ConfigError
from pokerroom.rules.actions import CheckCall
from pokerroom.rules.engine import Hand, Phase

if TYPE_CHECKING:
    from pokerroom.table.plan import HandPlan


def bomb_pot_plan(plan: HandPlan, ante: int, *, tournament: bool) -> HandPlan:
    """The same players, each posting ``ante`` and no blinds or posts."""
    if tournament:
        raise ConfigError("bomb pots are a cash-game option, never in tournaments")
    if ante <= 0:
        raise ConfigError(f"a bomb pot needs an ante above 0 (bomb_pot_ante), got {ante}")
    zeros = (0,) * len(plan.seats)
    return replace(plan, blinds=zeros, posts=zeros, dead=zeros, straddles=(),
                   antes=(ante,) * len(plan.seats), kill_seat=None, factor=1.0,
                   bomb_pot=True, notes=(*plan.notes, f"bomb pot: everyone antes {ante}"))


def skip_preflop_betting(hand: Hand) -> None:
    """No betting before the flop: every player checks through the first round."""
    if hand.variant.is_stud or hand.variant.is_draw:
        raise ConfigError("bomb pots are played in flop games")
    while hand.street == 0 and hand.phase is Phase.BETTING:
        hand.act(CheckCall())
