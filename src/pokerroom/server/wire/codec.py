"""Engine actions as JSON for the database and the wire."""

from __future__ import annotations

from typing import Any

from pokerroom.cards import format_cards, parse_cards
from pokerroom.errors import NotationError
from pokerroom.rules.actions import (
    Action,
    Award,
    BetRaise,
    BringIn,
    CheckCall,
    DealHole,
    Discard,
    Fold,
    Kill,
    Muck,
    Show,
)


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Fold):
        return {"type": "fold"}
    if isinstance(action, CheckCall):
        return {"type": "check_call"}
    if isinstance(action, BetRaise):
        return {"type": "bet_raise", "to": action.to}
    if isinstance(action, BringIn):
        return {"type": "bring_in"}
    if isinstance(action, Discard):
        return {"type": "discard", "cards": format_cards(action.cards)}
    if isinstance(action, Show):
        return {"type": "show", "cards": None if action.cards is None
                else format_cards(action.cards)}
    if isinstance(action, Muck):
        return {"type": "muck"}
    if isinstance(action, Kill):
        return {"type": "kill", "position": action.position}
    if isinstance(action, Award):
        return {"type": "award", "winners": [list(w) for w in action.winners],
                "low": [list(w) for w in action.low]}
    if isinstance(action, DealHole):
        return {"type": "deal_hole", "position": action.position,
                "cards": format_cards(action.cards)}
    return {"type": "deal_board", "cards": format_cards(action.cards)}


def action_from_dict(data: dict[str, Any]) -> Action:
    kind = data.get("type")
    if kind == "fold":
        return Fold()
    if kind == "check_call":
        return CheckCall()
    if kind == "bet_raise":
        return BetRaise(int(data["to"]))
    if kind == "bring_in":
        return BringIn()
    if kind == "discard":
        return Discard(tuple(parse_cards(data.get("cards") or "")))
    if kind == "show":
        cards = data.get("cards")
        return Show(None if cards is None else tuple(parse_cards(cards)))
    if kind == "muck":
        return Muck()
    if kind == "kill":
        # "seat": how rows stored before the rename to position name it.
        return Kill(int(data["position"] if "position" in data else data["seat"]))
    if kind == "award":
        return Award(tuple(tuple(int(p) for p in w) for w in data["winners"]),
                     tuple(tuple(int(p) for p in w) for w in data.get("low") or ()))
    raise NotationError(f"unknown action {data!r}")
