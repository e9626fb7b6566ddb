"""A finished hand as PHH and as PokerStars-style text, for downloads."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history.export import to_phh
from pokerroom.history.phh import HandHistory, dumps
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import HandShown
from pokerroom.server.codec import action_from_dict
from pokerroom.table import HandPlan
from pokerroom.table.snapshot import table_from_dict

if TYPE_CHECKING:
    from pokerroom.server.actor import TableActor


def hand_texts(actor: TableActor, hand: Hand, plan: HandPlan, number: int,
               *, visible: set[int] | None = None) -> tuple[str | None, str]:
    """PHH and text of a hand.  ``visible``: engine seats whose hole cards may appear
    (None: all, the room's own record); other hidden cards are written as unknown."""
    names = [actor._name(s) for s in plan.seats]
    phh: str | None
    try:
        history = to_phh(hand, extra={
            "players": names,
            "seats": [s + 1 for s in plan.seats],
            "hand": number,
            "table": actor.name,
        })
        if visible is not None:
            history = _mask(history, hand, visible)
        phh = dumps(history)
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
        visible=visible,
    )
    return phh, text


def phh_refusal(hand: Hand) -> str:
    """Why ``hand`` has no PHH (dead money, a rake, the board run twice, ...)."""
    try:
        to_phh(hand)
    except ConfigError as exc:
        return str(exc)
    return "PHH could not be written"


def shown_seats(hand: Hand) -> set[int]:
    """Engine seats whose hands were tabled (and not mucked)."""
    return {e.seat for e in hand.events if isinstance(e, HandShown) and not hand.mucked[e.seat]}


def _mask(history: HandHistory, hand: Hand, visible: set[int]) -> HandHistory:
    """Hide every face-down card of seats the viewer may not see."""
    dealt_count = [0] * hand.n
    actions = []
    for action in history.actions:
        cards, k = action.cards, action.dealt_to
        if action.code == "dh" and k is not None and cards is not None:
            if k not in visible:
                ups = hand.up[k] if hand.variant.is_stud else []
                masked: list[int | None] = []
                for card in cards:
                    i = dealt_count[k]
                    masked.append(card if i < len(ups) and ups[i] else None)
                    dealt_count[k] += 1
                action = replace(action, cards=tuple(masked))
            else:
                dealt_count[k] += len(cards)
        elif (action.code == "sd" and action.actor is not None and action.actor not in visible
              and cards):
            action = replace(action, cards=tuple(None for _ in cards))
        actions.append(action)
    return replace(history, actions=tuple(actions))


def replay_stored(before: dict[str, Any], deck: list[int],
                  actions: list[tuple[int | None, dict[str, Any]]]) -> tuple[Hand, HandPlan]:
    """Deal a stored hand again from its table snapshot, deck order and actions."""
    table = table_from_dict(before)
    hand = table.start_hand(Deck.from_order(deck))
    for seat, data in actions:
        hand.act(action_from_dict(data), seat=seat)
    plan = table.plan_in_play
    assert plan is not None
    return hand, plan
