"""What one viewer may see of a table: their own cards, public cards, nothing else.

Built from what the engine lets each viewer see (:mod:`pokerroom.rules.view`: the
spectator's seats and pots, :func:`~pokerroom.rules.view.public_player`, for the
public state; :func:`~pokerroom.rules.view.visible_cards` and
:func:`~pokerroom.rules.view.viewer_legal` for a seat's own part), never by
filtering the whole hand here: a seat sees its own face-down cards; everyone sees
up-cards and hands tabled at the showdown; a spectator never sees a face-down card
before it is shown.  A table's scene keeps the parts it made (:class:`KeptParts`)
and gives them again while what they are made from is the same.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from pokerroom.cards import FULL_DECK, NOTATION, Card
from pokerroom.rules.engine import Phase
from pokerroom.rules.legal import LegalActions
from pokerroom.rules.view import (
    hand_pots,
    public_player,
    public_player_makings,
    viewer_legal,
    visible_cards,
)
from pokerroom.server.tables.house import house_rules
from pokerroom.table.player import Status
from pokerroom.table.view import seat_to_act

if TYPE_CHECKING:
    from pokerroom.server.tables.facets import ViewedTable
    from pokerroom.table import Table


# Each card's notation ("As"), keyed by the deck's own Card objects (found by identity;
# a Card never lies outside the deck), None for a card not seen.
_CARD_TEXT: dict[Card | None, str | None] = {None: None, **dict(zip(FULL_DECK, NOTATION,
                                                                  strict=True))}


# Each status's and phase's text by lookup (an enum's ``.value`` is a descriptor call).
_STATUS_TEXT: dict[Status, str] = {status: status.value for status in Status}
_PHASE_TEXT: dict[Phase, str] = {phase: phase.value for phase in Phase}


def _cards(cards: tuple[Card | None, ...]) -> list[str | None]:
    return list(map(_CARD_TEXT.__getitem__, cards))


def lobby_row(table_id: str, name: str, t: Table, *, hands: int, bots: int = 0,
              life: str = "open") -> dict[str, Any]:
    """A table's row in the lobby (``paused`` is also kept in its own column): ``players``
    counts everyone seated, ``bots`` the bots among them; ``life`` is
    :class:`~pokerroom.server.tables.life.TableLife`."""
    return {
        "id": table_id,
        "name": name,
        "game": t.stakes.game.key,
        "game_name": t.stakes.game.name,
        "structure": t.stakes.structure.value,
        "small_blind": t.stakes.small_blind,
        "big_blind": t.stakes.big_blind,
        "ante": t.stakes.ante,
        "bring_in": t.stakes.bring_in,
        "small_bet": t.stakes.small_bet,
        "big_bet": t.stakes.big_bet,
        "seats": t.seat_count,
        "players": sum(1 for p in t.players if p is not None),
        "bots": bots,
        "hands": hands,
        "life": str(life),
    }


@dataclass(frozen=True, slots=True)
class Own:
    """What the engine's view for a seat dealt in adds to the spectator's view (which
    :func:`public_state` is built from): the seat's own cards as that seat may see them
    and, on its turn, its legal actions (the engine's, by position).  Everything else in a player's
    view is the spectator's."""

    cards: tuple[Card | None, ...]
    bet: int
    pot: int
    legal: LegalActions | None


def own_part(table: Table, viewer: int) -> Own | None:
    """The private part of the view of the player in seat ``viewer``: made by the
    engine (:func:`~pokerroom.rules.view.visible_cards`,
    :func:`~pokerroom.rules.view.viewer_legal`, as :meth:`Table.view` makes it) for
    that seat only; ``None`` between hands and for a seat not dealt in (who sees what
    a spectator sees)."""
    hand, plan = table.hand, table.plan_in_play
    if hand is None or plan is None or viewer not in plan.seats:
        return None
    position = plan.position_of(viewer)
    legal = viewer_legal(hand, position)
    return Own(cards=visible_cards(hand, position, position), bet=hand.bets[position],
               pot=hand.pot, legal=legal)


class KeptParts:
    """The parts of one table's states last made, each with what it was made from
    (held by the table's scene, :class:`~pokerroom.server.tables.scene.TableScene`):
    the public state's ``table`` part, each seat's public entry and each seat's
    private part.  A part whose makings are the same is given again, the same object
    (nobody changes a state's parts): only what changed is built per version, and the
    scene's diff skips the rest by identity."""

    __slots__ = ("info", "key", "privates", "seats")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.info: dict[str, Any] = {}
        self.seats: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self.privates: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}


def _table_info(actor: ViewedTable, chat: Any, kept: KeptParts | None) -> dict[str, Any]:
    """The public state's ``table``: the table's name, stakes, house rules and the
    host's switches.  It changes rarely: given ``kept``, the last one made for this
    table is given again (the same object: the caller never changes it, and the
    scene's diff finds it equal at once) while everything it is made from is the
    same."""
    table = actor.table
    stakes, options = table.stakes, table.options
    key = (actor.id, actor.name, stakes, options, table.method, table.seat_count,
           actor.settings.action_seconds, getattr(actor, "paused", False),
           getattr(actor, "closed", False), getattr(actor, "locked", False),
           getattr(actor, "time_bank_full", None),
           None if chat is None else (chat.on, chat.spectators),
           str(getattr(actor, "life", "open")),
           bool(getattr(getattr(actor, "after", None), "rabbit_hunt", False)),
           getattr(actor, "host_public", None))  # the host's plans, seat requests (#24)
    if kept is not None and kept.key == key:
        return kept.info
    info = {
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
        "straddle": options.straddle_allowed(stakes),
        "seats": table.seat_count,
        "min_buy_in": options.min_buy_in,
        "max_buy_in": options.max_buy_in,
        "button_method": table.method.value,
        "action_seconds": actor.settings.action_seconds,
        "house_rules": house_rules(table),
        "life": key[12],  # tables/life.py
        "paused": key[7],  # by the host: no new hand
        "closed": key[8],
        "locked": key[9],  # by the host: no new players
        "time_bank": key[10],
        "chat": {"on": chat.on, "spectators": chat.spectators} if chat else None,
        "rabbit_hunt": key[13],  # the host's option (tables/show_cards.py)
        "host_tools": key[14],  # {"notices": ["blinds 2/4 from the next hand"], ...}
    }
    if kept is not None:
        kept.key, kept.info = key, info
    return info


def public_state(actor: ViewedTable, *, kept: KeptParts | None = None,
                 touched: Collection[int] | None = None) -> dict[str, Any]:
    """What everyone at the table sees (a spectator's view): built once per update
    and shared by every viewer's state (:func:`table_state`).  ``kept``: its ``table``
    part may be the one given last time, when nothing in it changed (for a caller
    that never changes what it gets: the scene).  ``touched`` (with ``kept``): the
    only seats whose entries may have changed since the kept ones were made (None:
    any); another seat's kept entry, and the kept ``table`` part, are given again
    without looking at them.

    The hand's part is the engine's spectator view (:func:`~pokerroom.rules.view.
    public_player` of each position, :func:`~pokerroom.rules.view.hand_pots`: what
    :meth:`Table.view(None) <pokerroom.table.Table.view>` holds, without building
    the whole view), in seats."""
    table = actor.table
    hand, plan = table.hand, table.plan_in_play
    if hand is None or plan is None:
        hand = plan = None
    # A room table's extras (issue 14); a tournament's table (its lens) has none of them.
    labels: dict[int, str] = getattr(actor, "labels", {})
    bank_of = getattr(actor, "bank_of", None)
    chat = getattr(actor, "chat", None)
    rotation = getattr(actor, "rotation", None)
    after = getattr(actor, "after", None)
    dealt: tuple[int, ...] = ()  # the seats dealt in, by position
    to_act = None
    if hand is not None and plan is not None:
        dealt = plan.seats
        to_act = seat_to_act(hand.phase, hand.actor, plan)
    metas = actor.seats
    seats: list[dict[str, Any] | None] = []
    for seat, player in enumerate(table.players):
        if kept is not None and touched is not None and seat not in touched:
            was = kept.seats.get(seat)
            if was is not None and player is not None:
                seats.append(was[1])
                continue
        meta = metas.get(seat)
        if player is None:
            seats.append({"seat": seat, "name": meta.name, "pending": True} if meta else None)
            continue
        bot = meta is not None and meta.is_bot
        connected = meta is not None and (bot or meta.connections > 0)
        label = labels.get(seat)  # the last action this street
        bank = round(bank_of(meta)) if bank_of and meta and not bot else None
        k = dealt.index(seat) if seat in dealt else None
        key = (player.name, player.stack, player.status, player.owes, bot, connected, label,
               bank, None if k is None or hand is None else public_player_makings(hand, k),
               to_act == seat)  # everything the entry is made from
        if kept is not None:
            was = kept.seats.get(seat)
            if was is not None and was[0] == key:
                seats.append(was[1])
                continue
        sv = None if k is None or hand is None else public_player(hand, k)
        entry: dict[str, Any] = {
            "seat": seat,
            "name": player.name,
            "stack": player.stack,
            "status": _STATUS_TEXT[player.status],
            "owes": key[3],
            "bot": bot,
            "connected": connected,
            "in_hand": False,
            "label": label,
            "time_bank": bank,
        }
        if sv is not None:
            entry["in_hand"] = True
            entry["stack"] = sv.stack
            entry["bet"] = sv.bet
            entry["folded"] = sv.folded
            entry["all_in"] = sv.all_in
            entry["cards"] = _cards(sv.cards)
            entry["up"] = list(sv.up)
            entry["to_act"] = to_act == seat
        if kept is not None:
            kept.seats[seat] = (key, entry)
        seats.append(entry)
    state: dict[str, Any] = {
        # Nothing in it changes with a player's action (``touched``: only seats did).
        "table": (kept.info if kept is not None and touched is not None and kept.key
                  else _table_info(actor, chat, kept)),
        "seats": seats,
        "hand": None,
        "you": None,
        "result": actor.last_result if hand is None else None,  # between hands
        # Mixed games: the game now, the hands of it left, the next (tables/rotation.py).
        "rotation": rotation.view(table) if rotation is not None else None,
        # Cards shown by choice, the rabbit hunt's (tables/show_cards.py).
        "shown": after.public() if after is not None else None,
        "log": _last_lines(actor.log, 60),
        "now": actor.clock.now(),
    }
    if hand is not None and plan is not None:
        positions = plan.positions
        stud = table.stakes.game.is_stud
        street = hand.street
        state["hand"] = {
            "number": actor.hand_number,
            "street": hand.variant.streets[street].name if street >= 0 else "",
            "phase": _PHASE_TEXT[hand.phase],
            "board": [NOTATION[c] for c in hand.board],
            "pot": hand.pot,
            "pots": [p.amount for p in hand_pots(hand)],
            "current_bet": hand.current_bet,
            "button": positions.button if positions is not None and not stud else None,
            "small_blind": positions.small_blind if positions is not None else None,
            "big_blind": positions.big_blind if positions is not None and not stud else None,
            "actor": to_act,
            "deadline": actor.deadline,
            # The deadline runs on the acting seat's time bank.
            "time_bank": getattr(actor, "_bank_seat", None) is not None,
        }
    return state


def _last_lines(log: Iterable[str], count: int) -> list[str]:
    """The last ``count`` lines of ``log``, oldest first.  The actor's deque is read
    from its end (``count`` lines; an ``islice`` from the front walks every line
    kept before them: 140 of the 200 a table keeps, on every version)."""
    if isinstance(log, deque):
        lines = list(islice(reversed(log), count))
        lines.reverse()
        return lines
    return list(log)[-count:]


def private_part(actor: ViewedTable, viewer: int | None, *,
                 kept: KeptParts | None = None) -> dict[str, Any] | None:
    """What ``viewer`` (a seat, or None for a spectator) sees beyond the public state:
    ``{"seat", "you", "cards"}``, its ``you`` (status, blinds owed, pre-action, legal
    actions) and its own cards as the engine lets that seat see them (``None`` when it
    is not dealt in); ``None`` for a spectator.  :func:`compose` puts it on the public
    state; this is the only part of a viewer's state that is theirs alone.  ``kept``
    (the scene's): the seat's last one is given again while what it is made from is the
    same (never on its turn: its legal actions are made anew)."""
    if viewer is None:
        return None
    table = actor.table
    player = table.players[viewer]
    if player is None:
        own = own_part(table, viewer)
        joining = None if viewer not in actor.seats else {
            "seat": viewer, "status": "joining", "waiting": True, "legal": None,
            "pending": actor.pending(viewer)}
        return {"seat": viewer, "you": joining,
                "cards": None if own is None else _cards(own.cards)}
    hand, plan = table.hand, table.plan_in_play
    waiting = plan is None or viewer not in plan.seats
    cards: tuple[Card | None, ...] | None = None
    legal: LegalActions | None = None
    if hand is not None and not waiting:
        assert plan is not None
        position = plan.position_of(viewer)  # the engine's, for that seat only
        cards = visible_cards(hand, position, position)
        legal = viewer_legal(hand, position)
    meta = actor.seats.get(viewer)
    pre = getattr(meta, "preaction", None)
    pending = actor.pending(viewer)
    after = getattr(actor, "after", None)  # what it may show by choice (show_cards.py)
    show = after.offer(viewer, hand, plan) if after is not None else None
    key = (player.status, player.owes, player.missed_small, player.missed_big,
           player.wants_to_post, meta.muck_losing if meta else True,
           None if pre is None else (pre.kind, pre.amount), waiting, pending, cards,
           show)  # compared, never hashed: a new dict each time, equal while unchanged
    if kept is not None and legal is None:
        was = kept.privates.get(viewer)
        if was is not None and was[0] == key:
            return was[1]
    you: dict[str, Any] = {
        "seat": viewer,
        "status": _STATUS_TEXT[player.status],
        "owes": key[1],
        "missed_small": player.missed_small,
        "missed_big": player.missed_big,
        "wants_to_post": player.wants_to_post,
        "muck_losing": key[5],
        "preaction": None if pre is None else {"kind": pre.kind, "amount": pre.amount},
        "waiting": waiting,
        "pending": pending,
        "legal": None,
        "show": show,
    }
    if legal is not None:
        assert hand is not None and plan is not None
        described = legal.describe(plan.seats)  # in seats: "seat 3 may ..."
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
            "bet": hand.bets[position],
            "describe": described,
        }
    private = {"seat": viewer, "you": you, "cards": None if cards is None else _cards(cards)}
    if kept is not None:
        if legal is None:
            kept.privates[viewer] = (key, private)
        else:
            kept.privates.pop(viewer, None)
    return private


def compose(public: dict[str, Any], private: dict[str, Any] | None) -> dict[str, Any]:
    """A viewer's state: ``public`` with its :func:`private_part` on top (its own cards
    in its seat, its ``you``).  Neither is changed.  The page does the same
    (static/shared/scene.js) with the parts a delta connection receives."""
    state = dict(public)
    if private is None:
        return state
    seat, cards = private["seat"], private["cards"]
    if cards is not None:
        seats = list(state["seats"])
        seats[seat] = {**seats[seat], "cards": cards}
        state["seats"] = seats
    if private["you"] is not None:
        state["you"] = private["you"]
    return state


def table_state(actor: ViewedTable, viewer: int | None,
                public: dict[str, Any] | None = None, *,
                kept: KeptParts | None = None) -> dict[str, Any]:
    """What ``viewer`` (a seat, or None for a spectator) may see: the public state
    (``public``, built here when not given) with the viewer's :func:`private_part`:
    its own face-down cards and legal actions.  ``public`` itself is never changed;
    ``kept``: the table scene's kept parts (:class:`KeptParts`)."""
    if public is None:
        public = public_state(actor, kept=kept)
    return compose(public, private_part(actor, viewer, kept=kept))
