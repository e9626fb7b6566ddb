"""Open Hand History (OHH): the hand trackers' open JSON standard, version 1.4.6.

:func:`to_ohh` takes the arguments of
:func:`~pokerroom.history.pokerstars.to_pokerstars` and keeps its visibility
rule: face-down cards are written for the ``visible`` seats only (the hero, whose
``hero_player_id`` it is), tabled hands for everyone.  A player's ``id`` is the
position; ``seat`` the table seat.  Amounts are chips: an action's ``amount``
is what the action puts in (a raise: the chips added, not the total), a pot's
``amount`` includes the rake.  Every hand tabled (at the showdown, or as an all-in
is called) is in the "Showdown" round, as the standard asks.

A tournament hand carries the whole ``tournament_info`` object the standard
describes (number, name, start, currency, buy-in and fee, initial stack, STT or
MTT, speed): pass :class:`TournamentDetails` for what the hand alone cannot say.

The standard names the streets of flop games only: a round's ``street`` is one of
"Preflop", "Flop", "Turn", "River" and "Showdown", and "every hand must have one
round 0 (Preflop)".  It lists "Stud", "StudHiLo" and "Draw" among its game types
but no street for stud's five betting rounds nor for a draw, and no action for a
discard; it has no extension field to carry them.  Stud and draw hands are
refused with a ConfigError that says so: their faithful records are PHH and the
PokerStars text.

>>> from datetime import UTC, datetime
>>> from pokerroom.cards import Deck, parse_cards
>>> from pokerroom.rules.config import HandConfig, Structure
>>> from pokerroom.rules.engine import Hand
>>> from pokerroom.rules.variants import variant
>>> cfg = HandConfig(variant("holdem"), Structure.NO_LIMIT, (200, 200), blinds=(2, 1),
...                  min_bet=2)
>>> hand = Hand(cfg, Deck.from_order(parse_cards("AsAdKcKd")))
>>> _ = hand.fold()
>>> ohh = to_ohh(hand, hand_number=7, table_name="Home", names=["Ann", "Bob"],
...              seat_numbers=[1, 2], button_seat=2, max_seats=6,
...              when=datetime(2026, 11, 25, 20, 40, tzinfo=UTC), visible={0})["ohh"]
>>> [(a["action"], a.get("amount"), a.get("cards")) for a in ohh["rounds"][0]["actions"]]
[('Post SB', 1, None), ('Post BB', 2, None), ('Dealt Cards', 0, ['As', 'Kc']), ('Fold', 0, None)]
>>> ohh["pots"]
[{'number': 0, 'amount': 2, 'rake': 0, 'player_wins': [{'player_id': 0, 'win_amount': 2}]}]
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from pokerroom import __version__
from pokerroom.cards import format_cards
from pokerroom.errors import ConfigError
from pokerroom.history.pokerstars import big_blind_amount, blind_roles
from pokerroom.rules import events as ev
from pokerroom.rules.config import Structure
from pokerroom.rules.engine import Hand
from pokerroom.rules.pots import build_pots

SPEC_VERSION = "1.4.6"
GAME_TYPES = {
    "holdem": "Holdem",
    "short_deck": "Holdem",
    "omaha": "Omaha",
    "omaha5": "Omaha",
    "omaha6": "Omaha",
    "omaha_hilo": "OmahaHiLo",
    "omaha5_hilo": "OmahaHiLo",
}
BET_TYPES = {
    Structure.NO_LIMIT: "NL",
    Structure.POT_LIMIT: "PL",
    Structure.FIXED_LIMIT: "FL",
    Structure.SPREAD_LIMIT: "FL",
}
_STREETS = {3: "Flop", 4: "Turn", 5: "River"}
_BUY_IN = re.compile(r"^\s*\D?(\d+(?:\.\d+)?)\s*\+\s*\D?(\d+(?:\.\d+)?)\s*([A-Z]{3})?\s*$")


SPEEDS = ("Normal", "Semi-Turbo", "Turbo", "Super-Turbo", "Hyper-Turbo", "Ultra-Turbo")


@dataclass(frozen=True, slots=True)
class TournamentDetails:
    """What an OHH ``tournament_info`` says that one hand does not: when the event
    started (default: the hand's time), the chips each entrant started with
    (default: the deepest starting stack at this table), how many tables it began
    on (one: "STT", more: "MTT"), the level length in minutes and the OHH speed
    name (one of :data:`SPEEDS`)."""

    start: datetime | None = None
    initial_stack: int | None = None
    tables: int = 1
    level_minutes: int = 0
    speed: str = "Normal"

    def __post_init__(self) -> None:
        if self.speed not in SPEEDS:
            raise ConfigError(f"OHH speed {self.speed!r} is not one of {', '.join(SPEEDS)}")
        if self.tables < 1 or self.level_minutes < 0:
            raise ConfigError("a tournament has one table or more and levels of 0+ minutes")


def _card_list(cards: Sequence[int | None]) -> list[str]:
    text = format_cards(cards)
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _number(text: str) -> int | float:
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


def to_ohh(
    hand: Hand,
    *,
    hand_number: int,
    table_name: str,
    names: Sequence[str],
    seat_numbers: Sequence[int],
    button_seat: int | None,
    max_seats: int,
    when: datetime | None = None,
    visible: Collection[int] | None = None,
    tournament_id: int | str | None = None,
    buy_in: str = "",
    level: int | str | None = None,
    currency: str = "",
    site_name: str = "pokerroom",
    details: TournamentDetails | None = None,
) -> dict[str, Any]:
    """The finished hand as an OHH object, ``{"ohh": {...}}`` (json.dumps it to
    store it).  Arguments as in :func:`~pokerroom.history.pokerstars.to_pokerstars`;
    ``currency``: the hand's currency code ("" for plain chips); ``buy_in`` like
    ``"$10+$1 USD"`` fills the tournament's buy-in, fee and currency, and
    ``details`` the rest of its ``tournament_info``.  ``level`` is accepted for
    symmetry with the text (OHH has no field for it)."""
    v = hand.variant
    game_type = GAME_TYPES.get(v.key)
    if game_type is None:
        raise ConfigError(
            f"Open Hand History {SPEC_VERSION} names the streets of flop games only "
            f"(Preflop, Flop, Turn, River, Showdown), so it cannot record {v.name}: "
            "write it as PHH or PokerStars text"
        )
    cfg = hand.config
    roles = blind_roles(hand, seat_numbers, button_seat)
    when = when or datetime.now(UTC)
    blinds = cfg.blinds or (0,) * hand.n
    order = sorted(range(hand.n), key=lambda k: seat_numbers[k])
    hero = next(iter(visible)) if visible is not None and len(visible) == 1 else None
    body: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": site_name,
        "network_name": site_name,
        "internal_version": __version__,
    }
    if tournament_id is not None:
        body["tournament"] = True
        details = details or TournamentDetails()
        body["tournament_info"] = _tournament_info(
            tournament_id, buy_in, currency, details,
            start=details.start or when, deepest=max(cfg.stacks),
        )
    body.update({
        "game_number": str(hand_number),
        "start_date_utc": _utc(when),
        "table_name": table_name,
        "game_type": game_type,
        "bet_limit": {"bet_type": BET_TYPES[cfg.structure], "bet_cap": 0},
        "table_size": max_seats,
        "currency": currency,
        "dealer_seat": button_seat if button_seat is not None else seat_numbers[-1],
        "small_blind_amount": (blinds[roles.small_blind] if roles.small_blind is not None
                               else big_blind_amount(cfg) // 2),
        "big_blind_amount": big_blind_amount(cfg),
        "ante_amount": max(cfg.antes, default=0),
    })
    if hero is not None:
        body["hero_player_id"] = hero
    if hand.runs:
        body["flags"] = ["Run_It_Twice"]
    body["players"] = [
        {"id": k, "seat": seat_numbers[k], "name": names[k], "starting_stack": cfg.stacks[k]}
        for k in order
    ]
    body["rounds"] = _Rounds(hand, roles.small_blind, roles.big_blind, visible).build()
    body["pots"] = _pots(hand)
    return {"ohh": body}


def _tournament_info(tournament_id: int | str, buy_in: str, currency: str,
                     details: TournamentDetails, *, start: datetime,
                     deepest: int) -> dict[str, Any]:
    info: dict[str, Any] = {
        "tournament_number": str(tournament_id),
        "name": f"Tournament #{tournament_id}",
        "start_date_utc": _utc(start),
        "currency": currency,
    }
    match = _BUY_IN.match(buy_in)
    if match:
        info["currency"] = match.group(3) or currency
        info["buyin_amount"] = _number(match.group(1))
        info["fee_amount"] = _number(match.group(2))
        info["bounty_fee_amount"] = 0
    info["initial_stack"] = details.initial_stack or deepest
    info["type"] = "STT" if details.tables == 1 else "MTT"
    info["speed"] = {"type": details.speed, "round_time": details.level_minutes * 60}
    return info


def _utc(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S")


class _Rounds:
    """The betting rounds from the events, then the Showdown round."""

    def __init__(self, hand: Hand, small: int | None, big: int | None,
                 visible: Collection[int] | None) -> None:
        self.hand = hand
        self.small = small
        self.big = big
        self.visible = visible
        self.rounds: list[dict[str, Any]] = []
        self.stacks = list(hand.config.stacks)
        self.board: list[int] = []
        self.runs: list[list[int]] = [[], []]
        self.current = 0
        self.street = 0

    def open(self, street: str, cards: Sequence[int] = ()) -> None:
        entry: dict[str, Any] = {"id": len(self.rounds), "street": street}
        if cards:
            entry["cards"] = _card_list(cards)
        entry["actions"] = []
        self.rounds.append(entry)

    def add(self, seat: int | None, action: str, amount: int = 0, *,
            cards: Sequence[int | None] | None = None) -> None:
        actions: list[dict[str, Any]] = self.rounds[-1]["actions"]
        entry: dict[str, Any] = {"action_number": len(actions) + 1}
        if seat is not None:
            entry["player_id"] = seat
        entry["action"] = action
        entry["amount"] = amount
        entry["is_allin"] = seat is not None and self.stacks[seat] == 0 and bool(amount)
        if cards is not None:
            entry["cards"] = _card_list(cards)
        actions.append(entry)

    def pay(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount

    def build(self) -> list[dict[str, Any]]:
        hand = self.hand
        blinds = hand.config.blinds or (0,) * hand.n
        bb = big_blind_amount(hand.config)
        self.open("Preflop")
        shown: dict[int, tuple[int | None, ...]] = {}
        mucked: list[int] = []
        events = hand.events
        start = next(i for i, e in enumerate(events) if isinstance(e, ev.StreetStarted))
        forced = events[:start]
        # Antes, then the small blind, the big blind and the other posts.
        first = [s for s in (self.small, self.big) if s is not None]
        rank = {seat: i for i, seat in enumerate(first)}
        posts = sorted((e for e in forced if isinstance(e, ev.BlindPosted)),
                       key=lambda e: (rank.get(e.position, len(rank)), e.position, not e.dead))
        for ante in forced:
            if isinstance(ante, ev.AntePosted):
                self.pay(ante.position, ante.amount)
                self.add(ante.position, "Post Ante", ante.amount)
        for post in posts:
            self.pay(post.position, post.amount)
            if post.dead:
                kind = "Post Dead"
            elif post.position == self.small:
                kind = "Post SB"
            elif post.position == self.big:
                kind = "Post BB"
            elif blinds[post.position] > bb:
                kind = "Straddle"
            else:
                kind = "Post Extra Blind"
            if not post.dead:
                self.current = max(self.current, post.amount)
            self.add(post.position, kind, post.amount)
        for e in events[start:]:
            if isinstance(e, ev.StreetStarted):
                self.street = e.street
                self.current = 0 if e.street else self.current
            elif isinstance(e, ev.HoleCardsDealt):
                visible = self.visible is None or e.position in self.visible
                if e.audience == e.position and visible:
                    self.add(e.position, "Dealt Cards", cards=e.cards)
            elif isinstance(e, ev.BoardDealt):
                self.board.extend(e.cards)
                self.open(_STREETS.get(len(self.board), "River"), e.cards)
            elif isinstance(e, ev.BoardRun):
                board = self.runs[e.run - 1]
                if not board:
                    board.extend(self.board)
                board.extend(e.cards)
                self.open(_STREETS.get(len(board), "River"), e.cards)
            elif isinstance(e, ev.Folded):
                self.add(e.position, "Fold")
            elif isinstance(e, ev.Checked):
                self.add(e.position, "Check")
            elif isinstance(e, ev.Called):
                self.pay(e.position, e.amount)
                self.add(e.position, "Call", e.amount)
            elif isinstance(e, ev.BetOrRaised):
                self.pay(e.position, e.amount)
                kind = "Bet" if self.current == 0 and self.street else "Raise"
                self.current = max(self.current, e.to)
                self.add(e.position, kind, e.amount)
            elif isinstance(e, ev.BetReturned):
                self.stacks[e.position] += e.amount
            elif isinstance(e, ev.HandShown):
                shown[e.position] = e.cards
            elif isinstance(e, ev.HandMucked):
                mucked.append(e.position)
        if shown or mucked:
            self.open("Showdown")
            for seat, cards in shown.items():
                if seat not in mucked:
                    self.add(seat, "Shows Cards", cards=cards)
            for seat in mucked:
                hole = hand.hole[seat]
                mine = (self.visible is None or seat in self.visible) and None not in hole
                self.add(seat, "Mucks Cards", cards=hole if mine else None)
        return self.rounds


def _pots(hand: Hand) -> list[dict[str, Any]]:
    """Each pot once (both runs of a board run twice together) with its rake, taken
    from the main pot first and then from the side pots in order, as the engine
    takes it (S11): a pot the rake took whole is a pot with its rake and no winner."""
    wins: dict[int, dict[int, int]] = {}
    for e in hand.events:
        if isinstance(e, ev.PotAwarded):
            pot = wins.setdefault(e.pot, {})
            for seat, chips in e.amounts:
                pot[seat] = pot.get(seat, 0) + chips
    rakes = _rake_by_pot(hand, {number: sum(won.values()) for number, won in wins.items()})
    pots = []
    for number in sorted(wins.keys() | rakes.keys()):
        won = wins.get(number, {})
        rake = rakes.get(number, 0)
        pots.append({
            "number": number,
            "amount": sum(won.values()) + rake,
            "rake": rake,
            "player_wins": [{"player_id": seat, "win_amount": chips}
                            for seat, chips in won.items()],
        })
    return pots


def _rake_by_pot(hand: Hand, awarded: dict[int, int]) -> dict[int, int]:
    """The rake each pot paid: the pots as built before the rake (S1), the rake
    taken from the first of them onward (S11)."""
    if not hand.rake:
        return {}
    put_in, dead = _chips_put_in(hand)
    antes = hand.config.antes or (0,) * hand.n
    stacks = hand.config.stacks
    sizes = [amount for amount, _ in build_pots(
        [p - d for p, d in zip(put_in, dead, strict=True)],
        [not f for f in hand.folded],
        [put_in[k] == stacks[k] for k in range(hand.n)],
        dead=dead,
        short_dead=[put_in[k] == stacks[k] and put_in[k] < antes[k] for k in range(hand.n)],
    )]
    rakes: dict[int, int] = {}
    left = hand.rake
    for number, size in enumerate(sizes):
        taken = min(left, size)
        if taken:
            rakes[number] = taken
        left -= taken
    if left or any(sizes[k] - rakes.get(k, 0) != awarded.get(k, 0)
                   for k in range(len(sizes)) if sizes[k]):
        # Pots this reading cannot rebuild (a hand that ended otherwise): the whole
        # rake in the first pot, so that it stays in the record.
        return {min(awarded, default=0): hand.rake}
    return rakes


def _chips_put_in(hand: Hand) -> tuple[list[int], list[int]]:
    """What each seat put in over the hand (uncalled bets returned), and the dead
    part of it (antes, dead blinds), read from the events."""
    put_in = [0] * hand.n
    dead = [0] * hand.n
    for e in hand.events:
        if isinstance(e, ev.AntePosted) or (isinstance(e, ev.BlindPosted) and e.dead):
            put_in[e.position] += e.amount
            dead[e.position] += e.amount
        elif isinstance(e, ev.BlindPosted | ev.BringInPosted | ev.Called | ev.BetOrRaised):
            put_in[e.position] += e.amount
        elif isinstance(e, ev.BetReturned):
            put_in[e.position] -= e.amount
    return put_in, dead
