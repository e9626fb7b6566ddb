"""A finished hand as PHH and as PokerStars-style text, for downloads."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Literal

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history.export import to_phh
from pokerroom.history.phh import HandHistory, dumps
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import HandShown
from pokerroom.server.codec import action_from_dict
from pokerroom.table import HandPlan, Table
from pokerroom.table.snapshot import table_from_dict


def hand_texts(table_name: str, table: Table, hand: Hand, plan: HandPlan, number: int,
               *, played_at: float, viewer: int | Literal["all"] | None = "all"
               ) -> tuple[str | None, str]:
    """PHH and text of a cash table's hand, the players named as they were at the deal
    (``table`` as it stood then); ``viewer`` as in :func:`render_hand`."""
    positions = plan.positions
    return render_hand(
        hand, table_name=table_name, number=number,
        names=[_name(table, s) for s in plan.seats], seat_numbers=[s + 1 for s in plan.seats],
        button_seat=positions.button + 1 if positions is not None else None,
        max_seats=table.seat_count, played_at=played_at, viewer=viewer)


def render_hand(hand: Hand, *, table_name: str, number: int, names: list[str],
                seat_numbers: list[int], button_seat: int | None, max_seats: int,
                played_at: float, viewer: int | Literal["all"] | None = "all",
                tournament_id: int | None = None, buy_in: str = "", level: int | None = None
                ) -> tuple[str | None, str]:
    """PHH (None when PHH cannot express the hand) and PokerStars-style text of a
    finished hand, dated ``played_at`` (a Unix time: when the hand was dealt, so that
    a hand downloaded twice is the same).  ``viewer``: the engine seat of the person
    downloading (None for someone who was not in the hand), who sees their own cards
    and the hands tabled at the showdown, never another player's discards, folded or
    mucked cards; ``"all"``: the room's own record, every card.  A tournament's hand
    names its ``tournament_id`` (a number, as trackers read it), ``buy_in`` text
    and ``level`` in the text's header."""
    phh: str | None
    try:
        history = to_phh(hand, extra={
            "players": names,
            "seats": seat_numbers,
            "hand": number,
            "table": table_name,
        })
        if viewer != "all":
            history = _mask(history, hand, viewer)
        phh = dumps(history)
    except ConfigError:
        phh = None  # e.g. dead money, which PHH cannot express
    text = to_pokerstars(
        hand,
        hand_number=number,
        table_name=table_name,
        names=names,
        seat_numbers=seat_numbers,
        button_seat=button_seat,
        max_seats=max_seats,
        when=datetime.fromtimestamp(played_at, UTC),
        tournament_id=tournament_id,
        buy_in=buy_in,
        level=level,
        # Others' tabled hands are in the "shows" lines; their deals (and, in draw
        # games, what the deals and draws say about their discards) stay hidden.
        visible=None if viewer == "all" else (set() if viewer is None else {viewer}),
    )
    return phh, text


def _name(table: Table, seat: int) -> str:
    player = table.players[seat]
    return player.name if player is not None else f"seat {seat}"


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


def _mask(history: HandHistory, hand: Hand, viewer: int | None) -> HandHistory:
    """Hide what ``viewer`` (an engine seat, or None) may not see: every face-down card
    dealt to another seat, except a tabled hand's in flop and stud games (the same
    cards its showdown shows; in draw games the deals would tell the discards), and
    every other seat's discards."""
    shown = shown_seats(hand) if not hand.variant.is_draw else set()
    dealt_count = [0] * hand.n
    actions = []
    for action in history.actions:
        cards, k = action.cards, action.dealt_to
        if action.code == "dh" and k is not None and cards is not None:
            if k != viewer and k not in shown:
                ups = hand.up[k] if hand.variant.is_stud else []
                masked: list[int | None] = []
                for card in cards:
                    i = dealt_count[k]
                    masked.append(card if i < len(ups) and ups[i] else None)
                    dealt_count[k] += 1
                action = replace(action, cards=tuple(masked))
            else:
                dealt_count[k] += len(cards)
        elif action.code == "sd" and action.actor != viewer and cards:
            action = replace(action, cards=tuple(None for _ in cards))
        actions.append(action)
    return replace(history, actions=tuple(actions))


def replay_stored(before: dict[str, Any], deck: list[int],
                  actions: list[tuple[int | None, dict[str, Any]]]
                  ) -> tuple[Table, Hand, HandPlan]:
    """Deal a stored hand again from its table snapshot, deck order and actions: the
    table as it stood at the deal, the hand and its plan."""
    table = table_from_dict(before)
    hand = table.start_hand(Deck.from_order(deck))
    for seat, data in actions:
        hand.act_recorded(action_from_dict(data), seat=seat)
    plan = table.plan_in_play
    assert plan is not None
    return table, hand, plan
