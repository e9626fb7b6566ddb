"""PokerStars-style text hand histories, the format hand trackers read.

Written from the engine's events, so every chip movement appears once, in
PokerStars' own conventions: the hand's own time (UTC, with the Eastern time
PokerStars puts in brackets), seats in seat order, "posts small blind" /
"posts big blind" / "posts small & big blinds" / "posts the ante", the hero's
"Dealt to" line alone (``visible``), stud's "Dealt to X [up cards]" and draw
games' "*** FIRST DRAW ***" streets, hands turned up when an all-in is called
(before the rest of the board), "*** FIRST FLOP ***" and the rest when the board
is run twice, side pots ("Total pot 900 Main pot 600. Side pot 300. | Rake 0"),
and the summary a tracker reads ("Seat 3: Alice (button) showed [As Ad] and won
(120) with a pair of Aces").  A tournament hand carries PokerStars' tournament
header (``tournament_id``, ``buy_in``, ``level``).

>>> from datetime import UTC, datetime
>>> from pokerroom.cards import Deck, parse_cards
>>> from pokerroom.rules.config import HandConfig, Structure
>>> from pokerroom.rules.engine import Hand
>>> from pokerroom.rules.variants import variant
>>> cfg = HandConfig(variant("holdem"), Structure.NO_LIMIT, (200, 200), blinds=(2, 1),
...                  min_bet=2)
>>> hand = Hand(cfg, Deck.from_order(parse_cards("AsAdKcKd")))
>>> _ = hand.fold()
>>> text = to_pokerstars(hand, hand_number=7, table_name="Home", names=["Ann", "Bob"],
...                      seat_numbers=[1, 2], button_seat=2, max_seats=6,
...                      when=datetime(2026, 11, 25, 20, 40, tzinfo=UTC), visible={0})
>>> print(text)  # doctest: +NORMALIZE_WHITESPACE
PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/11/25 20:40:00 UTC [2026/11/25 15:40:00 ET]
Table 'Home' 6-max Seat #2 is the button
Seat 1: Ann (200 in chips)
Seat 2: Bob (200 in chips)
Bob: posts small blind 1
Ann: posts big blind 2
*** HOLE CARDS ***
Dealt to Ann [As Kc]
Bob: folds
Uncalled bet (1) returned to Ann
Ann collected 2 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot 2 | Rake 0
Seat 1: Ann (big blind) collected (2)
Seat 2: Bob (button) (small blind) folded before Flop
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime
from decimal import Decimal

from pokerroom.history.pokerstars_words import (
    CURRENCY_SIGNS,
    GAME_NAMES,
    LIMITS,
    Money,
    Roles,
    big_blind_amount,
    blind_roles,
    date_text,
    eastern,
    ps_description,
    roman,
)
from pokerroom.history.pokerstars_writer import Writer
from pokerroom.rules.engine import Hand

__all__ = [
    "CURRENCY_SIGNS",
    "GAME_NAMES",
    "LIMITS",
    "Money",
    "Roles",
    "big_blind_amount",
    "blind_roles",
    "date_text",
    "eastern",
    "ps_description",
    "roman",
    "to_pokerstars",
]


def to_pokerstars(
    hand: Hand,
    *,
    hand_number: int,
    table_name: str,
    names: Sequence[str],
    seat_numbers: Sequence[int],
    button_seat: int | None,
    max_seats: int,
    when: datetime | None = None,
    stakes: str = "",
    visible: Collection[int] | None = None,
    tournament_id: int | str | None = None,
    buy_in: str = "",
    level: int | str | None = None,
    currency: str | None = None,
    chip_value: Decimal | int | str = 1,
) -> str:
    """The finished hand as PokerStars writes it.

    ``names`` and ``seat_numbers`` (1-based table seats) are per position;
    ``button_seat`` is the table seat (1-based) with the button.  ``when``: when the
    hand was dealt (the room's record; None: now).  ``visible``: the positions
    whose face-down cards may be written, the hero's "Dealt to" lines (None: all,
    the room's own record); hands tabled at the table are written for everyone.
    A tournament hand: ``tournament_id`` (with ``buy_in``, e.g. ``"$10+$1 USD"``,
    "Freeroll" when empty, and ``level``, an int written in Roman numerals) writes
    PokerStars' tournament header; its table is conventionally named
    ``"<tournament id> <table number>"``.

    ``hand_number`` must be unique across the room (its hand id), not a count
    per table: trackers key hands on it and skip a number they have seen.
    ``currency`` (a cash table played for money: ``"USD"``, ``"EUR"`` or
    ``"GBP"``) writes every amount with its sign, ``chip_value`` (what a chip is
    worth, e.g. ``"0.01"`` when chips are cents) converting chips to money:
    ``Hold'em No Limit ($0.01/$0.02 USD)``, ``calls $0.02``.  Tournament chips
    never carry a currency.
    """
    money = Money(currency, Decimal(chip_value)) if tournament_id is None else Money()
    writer = Writer(hand, names, seat_numbers, button_seat, visible, money=money)
    return "\n".join(writer.lines(
        hand_number=hand_number, table_name=table_name, max_seats=max_seats,
        when=when or datetime.now(UTC), stakes=stakes, tournament_id=tournament_id,
        buy_in=buy_in, level=level, money_suffix=money.stakes_suffix)) + "\n"
