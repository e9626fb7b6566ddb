"""What one viewer may see of a table: their own cards, public cards, nothing else.

A seat sees its own face-down cards; everyone sees up-cards and hands tabled at
the showdown; a spectator never sees a face-down card before it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerroom.cards import format_cards
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.pots import build_pots
from pokerroom.server.house import house_rules

if TYPE_CHECKING:
    from pokerroom.server.actor import TableActor


def _cards_for(hand: Hand, k: int, viewer_engine_seat: int | None) -> list[str | None]:
    visible_all = hand.exposed[k] and not hand.mucked[k]
    out: list[str | None] = []
    for card, up in zip(hand.hole[k], hand.up[k], strict=True):
        if card is not None and (up or visible_all or k == viewer_engine_seat):
            out.append(format_cards([card]))
        else:
            out.append(None)
    return out


def _pots(hand: Hand) -> list[int]:
    """The main pot and side pots as they stand, this street's bets included (S1)."""
    live = [not f for f in hand.folded]
    bets = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
    pots = build_pots(bets, live, [s == 0 for s in hand.stacks], dead=hand.dead,
                      short_dead=hand.short_ante)
    return [amount for amount, _ in pots]


def public_state(actor: TableActor) -> dict[str, Any]:
    """What everyone at the table sees (a spectator's view): built once per update
    and shared by every viewer's state (:func:`table_state`)."""
    table = actor.table
    hand, plan = table.hand, table.plan_in_play
    stakes = table.stakes
    seats: list[dict[str, Any] | None] = []
    for seat, player in enumerate(table.players):
        meta = actor.seats.get(seat)
        if player is None:
            seats.append({"seat": seat, "name": meta.name, "pending": True} if meta else None)
            continue
        entry: dict[str, Any] = {
            "seat": seat,
            "name": player.name,
            "stack": player.stack,
            "status": player.status.value,
            "owes": player.owes,
            "bot": bool(meta and meta.is_bot),
            "connected": bool(meta and (meta.is_bot or meta.connections > 0)),
            "in_hand": False,
        }
        if hand is not None and plan is not None and seat in plan.seats:
            k = plan.seats.index(seat)
            entry.update(
                in_hand=True,
                stack=hand.stacks[k],
                bet=hand.bets[k],
                folded=hand.folded[k],
                all_in=hand.stacks[k] == 0 and not hand.folded[k],
                cards=_cards_for(hand, k, None),
                up=list(hand.up[k]),
                to_act=hand.actor == k,
            )
        seats.append(entry)
    state: dict[str, Any] = {
        "table": {
            "id": actor.id,
            "name": actor.name,
            "game": stakes.game.key,
            "game_name": stakes.game.name,
            "structure": stakes.structure.value,
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "ante": stakes.ante,
            "bring_in": stakes.bring_in,
            "small_bet": stakes.small_bet,
            "big_bet": stakes.big_bet,
            "straddle": table.options.straddle_allowed(stakes),
            "seats": table.seat_count,
            "min_buy_in": table.options.min_buy_in,
            "max_buy_in": table.options.max_buy_in,
            "button_method": actor.table.method.value,
            "action_seconds": actor.settings.action_seconds,
            "house_rules": house_rules(table),
            "paused": getattr(actor, "paused", False),  # by the host: no new hand
            "closed": getattr(actor, "closed", False),
        },
        "seats": seats,
        "hand": None,
        "you": None,
        "log": list(actor.log)[-60:],
        "now": actor.clock.now(),
    }
    if hand is not None and plan is not None:
        positions = plan.positions
        actor_seat = plan.seats[hand.actor] if hand.actor is not None else None
        state["hand"] = {
            "number": actor.hand_number,
            "street": hand.variant.streets[hand.street].name if hand.street >= 0 else "",
            "phase": hand.phase.value,
            "board": [format_cards([c]) for c in hand.board],
            "pot": hand.pot,
            "pots": _pots(hand),
            "current_bet": hand.current_bet,
            "button": positions.button if positions is not None and not stakes.game.is_stud
            else None,
            "small_blind": positions.small_blind if positions is not None else None,
            "big_blind": positions.big_blind if positions is not None and not stakes.game.is_stud
            else None,
            "actor": actor_seat,
            "deadline": actor.deadline,
        }
    return state


def table_state(actor: TableActor, viewer: int | None,
                public: dict[str, Any] | None = None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None for a spectator) may see: the public state
    (``public``, built here when not given) with the viewer's own face-down cards
    and legal actions.  ``public`` itself is never changed."""
    if public is None:
        public = public_state(actor)
    state = dict(public)
    if viewer is None:
        return state
    table = actor.table
    hand, plan = table.hand, table.plan_in_play
    engine_viewer = plan.seats.index(viewer) if (
        plan is not None and viewer in plan.seats) else None
    if hand is not None and engine_viewer is not None:
        seats = list(state["seats"])
        seats[viewer] = {**seats[viewer], "cards": _cards_for(hand, engine_viewer, engine_viewer)}
        state["seats"] = seats
    if table.players[viewer] is not None:
        player = table.players[viewer]
        assert player is not None
        you: dict[str, Any] = {
            "seat": viewer,
            "status": player.status.value,
            "owes": player.owes,
            "missed_small": player.missed_small,
            "missed_big": player.missed_big,
            "wants_to_post": player.wants_to_post,
            "muck_losing": meta.muck_losing if (meta := actor.seats.get(viewer)) else True,
            "waiting": bool(plan is None or viewer not in plan.seats),
            "legal": None,
        }
        if hand is not None and engine_viewer is not None and hand.actor == engine_viewer:
            legal = hand.legal_actions()
            you["legal"] = {
                "fold": legal.fold,
                "check": legal.check,
                "call": legal.call,
                "min_raise_to": legal.min_raise_to,
                "max_raise_to": legal.max_raise_to,
                # B15 house option open_pair_double: the big bet instead, to this total.
                "big_raise_to": legal.big_raise_to,
                "bring_in": legal.bring_in,
                "discard": legal.max_discard if legal.phase is Phase.DRAWING else None,
                "show": legal.show,
                "muck": legal.muck,
                "pot": hand.pot,
                "bet": hand.bets[engine_viewer],
                "describe": legal.describe(),
            }
        state["you"] = you
    elif viewer in actor.seats:
        state["you"] = {"seat": viewer, "status": "joining", "waiting": True, "legal": None}
    return state
