"""A finished hand as PHH and as PokerStars-style text, for downloads."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal

from pokerroom.cards import Deck, format_cards
from pokerroom.errors import ConfigError
from pokerroom.history.export import to_phh
from pokerroom.history.narrate import narrate
from pokerroom.history.phh import HandHistory, dumps
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import HandShown, HoleCardsDealt, PotAwarded
from pokerroom.server.wire.codec import action_from_dict
from pokerroom.table import HandPlan, Table
from pokerroom.table.snapshot import table_from_dict


def hand_texts(table_name: str, table: Table, hand: Hand, plan: HandPlan, room_number: int,
               *, played_at: float, viewer: int | Literal["all"] | None = "all"
               ) -> tuple[str | None, str]:
    """PHH and text of a cash table's hand, the players named as they were at the deal
    (``table`` as it stood then); ``room_number`` and ``viewer`` as in
    :func:`render_hand`."""
    positions = plan.positions
    return render_hand(
        hand, table_name=table_name, room_number=room_number,
        names=[_name(table, s) for s in plan.seats], seat_numbers=[s + 1 for s in plan.seats],
        button_seat=positions.button + 1 if positions is not None else None,
        max_seats=table.seat_count, played_at=played_at, viewer=viewer)


def render_hand(hand: Hand, *, table_name: str, room_number: int, names: list[str],
                seat_numbers: list[int], button_seat: int | None, max_seats: int,
                played_at: float, viewer: int | Literal["all"] | None = "all",
                tournament_id: int | None = None, buy_in: str = "", level: int | None = None
                ) -> tuple[str | None, str]:
    """PHH (None when PHH cannot express the hand) and PokerStars-style text of a
    finished hand, numbered ``room_number`` (unique across the room, see
    :mod:`pokerroom.server.hands.numbers`: trackers key hands on it), dated
    ``played_at`` (a Unix time: when the hand was dealt, so that a hand downloaded
    twice is the same).  ``viewer``: the position of the person
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
            "hand": room_number,
            "table": table_name,
        })
        if viewer != "all":
            history = _mask(history, hand, viewer)
        phh = dumps(history)
    except ConfigError:
        phh = None  # e.g. the board run twice, which PHH cannot express
    text = to_pokerstars(
        hand,
        hand_number=room_number,
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
    return player.name if player is not None else f"seat {seat + 1}"


def writes_as_phh(hand: Hand) -> bool:
    """Whether PHH can express ``hand`` (the hand list says so beside each hand)."""
    try:
        to_phh(hand)
    except ConfigError:
        return False
    return True


def phh_refusal(hand: Hand) -> str:
    """Why ``hand`` has no PHH (the board run twice, a hand killed by the floor, ...)."""
    try:
        to_phh(hand)
    except ConfigError as exc:
        return str(exc)
    return "PHH could not be written"


def shown_seats(hand: Hand) -> set[int]:
    """Positions whose hands were tabled (and not mucked)."""
    return {e.position for e in hand.events
            if isinstance(e, HandShown) and not hand.mucked[e.position]}


def _mask(history: HandHistory, hand: Hand, viewer: int | None) -> HandHistory:
    """Hide what ``viewer`` (a position, or None) may not see: every face-down card
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
    hand = table.start_hand(Deck.from_order(deck), bomb_pot=bool(before.get("bomb_pot")))
    for seat, data in actions:
        hand.act_recorded(action_from_dict(data), position=seat)
    plan = table.plan_in_play
    assert plan is not None
    return table, hand, plan


# ------------------------------------------------------------ the hand list and replayer

def viewer_position(sittings: dict[str, Any] | None, seats: Sequence[int],
                    sitting: str | None) -> int | None:
    """The position of ``sitting`` in a stored hand, None when that
    sitting was not dealt in: a viewer's rights to an old hand come from having
    been in it (the sitting that held the seat at the deal, not the seat)."""
    if sitting is None:
        return None
    for seat, who in (sittings or {}).items():
        if who.get("sitting") == sitting and int(seat) in seats:
            return seats.index(int(seat))
    return None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What the hand list shows of one finished hand: the winners (names and chips
    won), the pot (every chip awarded plus the rake), per position the cards that
    position's own view shows at the end and its result in chips, and whether PHH
    can express the hand."""

    seats: tuple[int, ...]  # the seat of each position
    winners: tuple[tuple[str, int], ...]
    pot: int
    cards: tuple[tuple[str | None, ...], ...]
    net: tuple[int, ...]
    phh: bool = True

    def row(self, position: int | None) -> dict[str, Any]:
        """The summary as JSON for a viewer at ``position`` (None: not in the hand,
        who gets no cards and no result)."""
        out: dict[str, Any] = {
            "winners": [{"name": n, "won": c} for n, c in self.winners], "pot": self.pot,
            "cards": None, "net": None}
        if position is not None:
            out["cards"] = list(self.cards[position])
            out["net"] = self.net[position]
        return out


def summarize(hand: Hand, seats: Sequence[int], names: Sequence[str]) -> HandSummary:
    """The list's summary of a finished ``hand`` whose positions sat in ``seats``
    and are named ``names``."""
    won: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for k, chips in event.amounts:
                won[k] = won.get(k, 0) + chips
    return HandSummary(
        seats=tuple(seats),
        winners=tuple((names[k], c) for k, c in sorted(won.items(), key=lambda kc: -kc[1])),
        pot=sum(won.values()) + hand.rake,
        cards=tuple(tuple(None if c is None else str(c) for c in hand.view(k).players[k].cards)
                    for k in range(hand.n)),
        net=tuple(hand.stacks[k] - hand.config.stacks[k] for k in range(hand.n)),
        phh=writes_as_phh(hand))


class SummaryCache:
    """Summaries of finished hands by the hand's row id (a finished hand never
    changes), the oldest forgotten past ``size``."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._rows: OrderedDict[tuple[str, int], HandSummary] = OrderedDict()
        self._lock = threading.Lock()  # the routes run in a thread pool

    def get(self, key: tuple[str, int], make: Callable[[], HandSummary]) -> HandSummary:
        with self._lock:
            summary = self._rows.get(key)
            if summary is not None:
                self._rows.move_to_end(key)
                return summary
        summary = make()  # outside the lock: two threads may both make it, alike
        with self._lock:
            self._rows[key] = summary
            if len(self._rows) > self.size:
                self._rows.popitem(last=False)
        return summary


def replay_frames(before: dict[str, Any], deck: list[int],
                  actions: list[tuple[int | None, dict[str, Any]]], *,
                  viewer: int | None) -> dict[str, Any]:
    """A stored hand step by step for the replayer, as ``viewer`` (a position, or
    None for someone who was not in it) may see it: one frame after the deal and
    one after each action, each made from the engine's view for that viewer (their
    own cards, up cards, hands tabled at the showdown; never another's face-down
    or mucked cards, never the deck) with the log lines of what just happened."""
    table = table_from_dict(before)
    hand = table.start_hand(Deck.from_order(deck), bomb_pot=bool(before.get("bomb_pot")))
    plan = table.plan_in_play
    assert plan is not None
    positions = plan.positions
    return _frames(hand, [(seat, action_from_dict(data)) for seat, data in actions],
                   seats=plan.seats, names=[_name(table, s) for s in plan.seats],
                   button=positions.button if positions is not None else None,
                   seat_count=table.seat_count, game=table.stakes.game.name, viewer=viewer)


def replay_finished(finished: Hand, *, seats: Sequence[int], names: Sequence[str],
                    button: int | None, seat_count: int, viewer: int | None
                    ) -> dict[str, Any]:
    """:func:`replay_frames` for a finished hand kept whole (a tournament's): dealt
    again from its own deck order and its log of actions (``seats``: the seat of
    each position, from 0; ``button`` likewise)."""
    dealt = finished._deck
    if dealt is None:
        raise ConfigError("this hand's cards were dealt by hand: it has no deck order to "
                          "deal it again from")
    return _frames(Hand(finished.config, Deck.from_order(dealt.order)), list(finished.log),
                   seats=seats, names=names,
                   button=button, seat_count=seat_count, game=finished.variant.name,
                   viewer=viewer)


def _frames(hand: Hand, actions: list[tuple[int | None, Action]], *, seats: Sequence[int],
            names: Sequence[str], button: int | None, seat_count: int, game: str,
            viewer: int | None) -> dict[str, Any]:
    seen = 0
    frames = []

    def frame() -> None:
        nonlocal seen
        lines = []
        for event in hand.events[seen:]:
            if event.audience is None:
                line = narrate(event, names.__getitem__, hand=hand, you=viewer)
                if line:
                    lines.append(line)
            elif (viewer is not None and event.audience == viewer
                  and isinstance(event, HoleCardsDealt)):
                mine = [c for c in event.cards if c is not None]
                if mine:
                    lines.append(f"Dealt to you: {format_cards(mine)}")
        seen = len(hand.events)
        view = hand.view(viewer)
        frames.append({
            "street": view.street_name, "board": [str(c) for c in view.board],
            "runs": [[str(c) for c in run] for run in view.runs],
            "pot": view.pot, "actor": seats[view.actor] if view.actor is not None
            else None, "lines": lines,
            "seats": [{"seat": seats[k], "stack": s.stack, "bet": s.bet,
                       "folded": s.folded, "all_in": s.all_in, "up": list(s.up),
                       "cards": [None if c is None else str(c) for c in s.cards]}
                      for k, s in enumerate(view.players)]})

    frame()
    for seat, action in actions:
        hand.act_recorded(action, position=seat)
        frame()
    return {"players": [{"seat": s, "name": names[k]} for k, s in enumerate(seats)],
            "seat_count": seat_count, "game": game, "button": button,
            "you": seats[viewer] if viewer is not None else None, "frames": frames}
