"""A finished hand as PHH and as PokerStars-style text, for downloads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import ConfigError
from pokerroom.history.export import to_phh_text
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.rules.engine import Hand
from pokerroom.table import HandPlan

if TYPE_CHECKING:
    from pokerroom.server.actor import TableActor


def hand_texts(actor: TableActor, hand: Hand, plan: HandPlan, number: int
               ) -> tuple[str | None, str]:
    names = [actor._name(s) for s in plan.seats]
    phh: str | None
    try:
        phh = to_phh_text(hand, extra={
            "players": names,
            "seats": [s + 1 for s in plan.seats],
            "hand": number,
            "table": actor.name,
        })
    except ConfigError:
        phh = None  # e.g. dead money, which PHH cannot express
    positions = plan.positions
    text = to_pokerstars(
        hand,
        hand_number=number,
        table_name=actor.name,
        names=names,
        seat_numbers=[s + 1 for s in plan.seats],
        button_seat=positions.button + 1 if positions is not None else None,
        max_seats=actor.table.seat_count,
    )
    return phh, text
