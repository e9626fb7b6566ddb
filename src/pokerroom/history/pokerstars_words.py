"""PokerStars' words and numbers: game and limit names, Roman level numbers, the
two clocks of the date line, who had the button and the blinds, and a hand's
description ("a pair of Aces", "Lo: 8,6,4,2,A").

The pieces :func:`~pokerroom.history.pokerstars.to_pokerstars` writes with (the
Open Hand History writer uses the roles too); import them from
:mod:`pokerroom.history.pokerstars`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from pokerroom.cards import RANK_NAMES, RANK_PLURALS, format_cards
from pokerroom.errors import ConfigError
from pokerroom.evaluation import EVALUATORS, HandCategory, category_of
from pokerroom.evaluation.encoding import LOW_BASE, nibbles_of
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.engine import Hand

GAME_NAMES = {
    "holdem": "Hold'em",
    "short_deck": "Hold'em Short Deck",
    "omaha": "Omaha",
    "omaha5": "5 Card Omaha",
    "omaha6": "6 Card Omaha",
    "omaha_hilo": "Omaha Hi/Lo",
    "omaha5_hilo": "5 Card Omaha Hi/Lo",
    "stud": "7 Card Stud",
    "stud_hilo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "deuce_seven_triple": "Triple Draw 2-7 Lowball",
    "deuce_seven_single": "Single Draw 2-7 Lowball",
    "ace_five_triple": "Triple Draw A-5 Lowball",
    "badugi": "Badugi",
}
LIMITS = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
    Structure.SPREAD_LIMIT: "Spread Limit",
}
CURRENCY_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£"}
"""The currencies PokerStars writes at cash tables, by ISO code, and their signs."""
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def ps_cards(cards: Sequence[int | None]) -> str:
    """Cards as PokerStars writes them between brackets: ``"As Kd"``."""
    text = format_cards(cards)
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


@dataclass(frozen=True, slots=True)
class Money:
    """How amounts are written: plain chips, or money at a cash table.

    >>> Money().text(150)
    '150'
    >>> usd = Money("USD", Decimal("0.01"))
    >>> usd.text(150), usd.text(200), usd.stakes_suffix
    ('$1.50', '$2', ' USD')
    """

    currency: str | None = None
    """ISO code (one of :data:`CURRENCY_SIGNS`), or None for chips."""
    chip_value: Decimal = Decimal(1)
    """What one chip is worth in ``currency`` (``Decimal("0.01")``: chips are cents)."""

    def __post_init__(self) -> None:
        if self.currency is not None and self.currency not in CURRENCY_SIGNS:
            raise ConfigError(f"unknown currency {self.currency!r}; PokerStars text writes "
                             f"{', '.join(CURRENCY_SIGNS)} (or None: chips)")
        if self.chip_value <= 0:
            raise ConfigError(f"chip_value must be positive, not {self.chip_value}")

    def text(self, chips: int) -> str:
        """An amount: ``"150"`` in chips, ``"$1.50"`` or ``"$2"`` in money."""
        if self.currency is None:
            return str(chips)
        value = chips * self.chip_value
        number = f"{value:.0f}" if value == value.to_integral_value() else f"{value:.2f}"
        return CURRENCY_SIGNS[self.currency] + number

    @property
    def stakes_suffix(self) -> str:
        """What follows the stakes in the header: ``" USD"``, or nothing for chips."""
        return f" {self.currency}" if self.currency else ""


def roman(number: int) -> str:
    """Tournament levels as PokerStars writes them: ``roman(14) == "XIV"``."""
    out = []
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def eastern(when: datetime) -> datetime:
    """US Eastern time (EST, or EDT from the second Sunday of March, 2 a.m., to the
    first Sunday of November, 2 a.m.), the zone PokerStars' brackets use."""
    utc = when.astimezone(UTC).replace(tzinfo=None)
    year = utc.year
    march = datetime(year, 3, 8) + timedelta(days=(6 - datetime(year, 3, 8).weekday()) % 7)
    november = datetime(year, 11, 1) + timedelta(days=(6 - datetime(year, 11, 1).weekday()) % 7)
    summer = march + timedelta(hours=7) <= utc < november + timedelta(hours=6)
    return utc - timedelta(hours=4 if summer else 5)


def date_text(when: datetime) -> str:
    """``2026/11/25 20:40:00 UTC [2026/11/25 15:40:00 ET]`` (PokerStars' two clocks;
    the Eastern hour is not zero-padded, as PokerStars writes it)."""
    utc = when.astimezone(UTC)
    et = eastern(when)
    return (f"{utc:%Y/%m/%d %H:%M:%S} UTC "
            f"[{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET]")


def big_blind_amount(cfg: HandConfig) -> int:
    """The big blind the structure calls for (fixed limit: the small bet)."""
    return cfg.small_bet if cfg.structure is Structure.FIXED_LIMIT else cfg.min_bet


@dataclass(frozen=True, slots=True)
class Roles:
    """Engine seats of the button, the small blind and the big blind (None: nobody)."""

    button: int | None
    small_blind: int | None
    big_blind: int | None


def blind_roles(hand: Hand, seat_numbers: Sequence[int], button_seat: int | None) -> Roles:
    """Who had the button and who the blinds, from the configuration: the small
    blind is a blind under the big blind, the big blind the first blind of it (a
    larger one is a straddle)."""
    cfg = hand.config
    button = None
    if button_seat is not None and not hand.variant.is_stud and button_seat in seat_numbers:
        button = list(seat_numbers).index(button_seat)
    blinds = cfg.blinds or (0,) * hand.n
    bb = big_blind_amount(cfg)
    small = next((i for i, b in enumerate(blinds) if 0 < b < bb), None)
    big = next((i for i, b in enumerate(blinds) if b == bb), None)
    if big is None:
        rest = [i for i, b in enumerate(blinds) if b and i != small]
        big = max(rest, key=lambda i: blinds[i]) if rest else None
    return Roles(button, small, big)


def ps_description(hand: Hand, seat: int, board: Sequence[int]) -> str:
    """The hand of ``seat`` in PokerStars' words ("a pair of Aces", "a straight,
    Ten to Ace", "Lo: 8,6,4,2,A"; both halves "HI: a flush, Ace high; LO: 8,7,5,2,A"),
    or "" when its cards are not all known."""
    hole = hand.hole[seat]
    if None in hole:
        return ""
    v = hand.variant
    parts: list[str] = []
    for name, low in ((v.high, False), (v.low, True)):
        if name is None:
            continue
        evaluator = EVALUATORS[name]
        try:
            value = evaluator.strength(hole, board)  # type: ignore[arg-type]
        except (ValueError, IndexError):
            continue
        if value is None:
            continue
        made = LOW_BASE - value  # deuce-to-seven: a pair or better reads as in high
        if name == "deuce_seven_low" and category_of(made) is not HandCategory.HIGH_CARD:
            parts.append(_high_words(made, short_deck=False))
        elif low:
            parts.append(_low_words(evaluator.describe(value)))
        elif name == "badugi":
            parts.append(evaluator.describe(value))
        else:
            parts.append(_high_words(value, short_deck=name == "short_deck_high"))
    if len(parts) == 2:
        return f"HI: {parts[0]}; LO: {parts[1].removeprefix('Lo: ')}"
    if v.split and parts:
        return f"HI: {parts[0]}"
    return parts[0] if parts else ""


def _high_words(strength: int, *, short_deck: bool) -> str:
    name = [r.capitalize() for r in RANK_NAMES]
    plural = [r.capitalize() for r in RANK_PLURALS]
    category = category_of(strength)
    n = nibbles_of(strength)
    if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        top = n[0]
        wheel = top == (7 if short_deck else 3)
        bottom = "Ace" if wheel else name[top - 4]
        if category is HandCategory.STRAIGHT_FLUSH:
            return "a Royal Flush" if top == 12 else f"a straight flush, {bottom} to {name[top]}"
        return f"a straight, {bottom} to {name[top]}"
    match category:
        case HandCategory.HIGH_CARD:
            return f"high card {name[n[0]]}"
        case HandCategory.PAIR:
            return f"a pair of {plural[n[0]]}"
        case HandCategory.TWO_PAIR:
            return f"two pair, {plural[n[0]]} and {plural[n[1]]}"
        case HandCategory.THREE_OF_A_KIND:
            return f"three of a kind, {plural[n[0]]}"
        case HandCategory.FLUSH:
            return f"a flush, {name[n[0]]} high"
        case HandCategory.FULL_HOUSE:
            return f"a full house, {plural[n[0]]} full of {plural[n[1]]}"
    return f"four of a kind, {plural[n[0]]}"


def _low_words(text: str) -> str:
    """``"8-6-4-2-A low"`` as ``"Lo: 8,6,4,2,A"``; a paired low keeps its cards."""
    if text.endswith(" low"):
        return "Lo: " + text[:-4].replace("-", ",")
    if ", " in text and "-" in text.rsplit(", ", 1)[1]:
        return "Lo: " + text.rsplit(", ", 1)[1].replace("-", ",")
    return text[:1].upper() + text[1:]

