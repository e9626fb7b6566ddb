"""A PokerStars text file as hands of lines: the encodings and line endings real
files have, and each hand's header read into words and numbers.

PokerStars writes UTF-8, often with a byte-order mark; older files and some
trackers' exports are Windows-1252.  Lines end in CRLF, LF or (one file in the
test data) CR alone; fold and check lines end with a space.  Hands follow one
another, separated by blank lines (or none: a hand starts at its
``PokerStars Hand #`` line).  The reading of a hand's lines is
:mod:`pokerroom.history.pokerstars_reader`'s job.

>>> [hand.number for hand in split_hands("\\ufeffPokerStars Hand #1: x\\r\\n\\r\\n"
...                                      "PokerStars Hand #2: y\\r\\n")]
['1', '2']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Final

from pokerroom.history.pokerstars_words import CURRENCY_SIGNS, GAME_NAMES, LIMITS
from pokerroom.rules.config import Structure

HAND_START: Final = re.compile(
    r"^PokerStars (?:Zoom |Home Game |Rush )?(?:Hand|Game) #(?P<number>\d+):\s*(?P<rest>.*)$")
AMOUNT: Final = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_AMOUNT: Final = re.compile(AMOUNT)
_SIGNS: Final = {sign: code for code, sign in CURRENCY_SIGNS.items()}

GAME_KEYS: Final = {name: key for key, name in GAME_NAMES.items()} | {
    "Hold'em": "holdem", "Omaha": "omaha", "Omaha Hi/Lo": "omaha_hilo",
    "7 Card Stud": "stud", "7 Card Stud Hi/Lo": "stud_hilo", "Razz": "razz",
    "Triple Draw 2-7 Lowball": "deuce_seven_triple",
    "Single Draw 2-7 Lowball": "deuce_seven_single", "Badugi": "badugi",
}
"""PokerStars' game names (and :data:`GAME_NAMES`' spellings) -> pokerroom variants."""
UNSUPPORTED_GAMES: Final = ("5 Card Draw", "Courchevel Hi/Lo", "Courchevel", "5 Card Omaha Hi/Lo",
                            "5 Card Omaha", "6 Card Omaha", "Hold'em Short Deck",
                            "Triple Draw A-5 Lowball", "6+ Hold'em", "Fusion")
"""Games PokerStars deals that PHH has no variant code for."""
LIMIT_NAMES: Final = {name: structure for structure, name in LIMITS.items()} | {
    "Fixed Limit": Structure.FIXED_LIMIT}
"""PokerStars' betting structures -> pokerroom's."""
_GAME: Final = re.compile(
    "(?P<game>" + "|".join(re.escape(n) for n in sorted(
        {*GAME_KEYS, *UNSUPPORTED_GAMES}, key=len, reverse=True)) + ")"
    r" (?P<limit>No Limit|Pot Limit|Fixed Limit|Spread Limit|Limit)\b")
_DATE: Final = re.compile(
    r"(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})(?: -)? (?P<time>\d{1,2}:\d\d:\d\d) ?"
    r"\(?(?P<zone>[A-Z]{2,4})?")
_LEVEL: Final = re.compile(r"Level (?P<level>[IVXLCDM]+|\d+)")
_TOURNAMENT: Final = re.compile(
    r"Tournament #(?P<id>\d+),? ?(?P<buy_in>Freeroll|[$€£]?[\d.]+(?:\+[$€£]?[\d.]+)*"
    r"(?: [A-Z]{3}\b)?)?\s*(?P<mixed>[^(]*?)\s*\(?\s*$")


class TextError(ValueError):
    """A line of a hand that cannot be read: its number and why."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(why)
        self.line = line
        self.why = why


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the file, trailing spaces stripped, with its 1-based number."""

    number: int
    text: str


@dataclass(frozen=True, slots=True)
class HandText:
    """One hand's lines, its number as written (``"212113219605"``), and where it starts."""

    number: str
    lines: tuple[Line, ...]

    @property
    def first_line(self) -> int:
        return self.lines[0].number

    def refuse(self, line: Line, why: str) -> TextError:
        """The error for ``line`` (raise it)."""
        return TextError(line.number, why)


def decode(data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), else Windows-1252, else Latin-1."""
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def split_hands(text: str) -> list[HandText]:
    """The hands of a file, each from its ``PokerStars Hand #`` line to the next."""
    hands: list[HandText] = []
    number: str | None = None
    lines: list[Line] = []
    for i, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.lstrip("\ufeff").rstrip()
        start = HAND_START.match(line)
        if start:
            if number is not None:
                hands.append(HandText(number, tuple(lines)))
            number, lines = start.group("number"), []
        if number is not None and line:
            lines.append(Line(i, line))
    if number is not None:
        hands.append(HandText(number, tuple(lines)))
    return hands


def from_roman(text: str) -> int:
    """A level as PokerStars writes it, in Roman numerals (or digits).

    >>> from_roman("XIV"), from_roman("III"), from_roman("12")
    (14, 3, 12)
    """
    if text.isdigit():
        return int(text)
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for letter, following in zip(text, [*text[1:], ""], strict=True):
        value = values[letter]
        total += -value if following and values[following] > value else value
    return total


class Money:
    """Amounts as written (``$0.02``, ``1,500``, ``0.5``) -> chips at a scale.

    >>> Money(100).chips("$1.50"), Money(1).chips("1,500")
    (150, 1500)
    """

    def __init__(self, scale: int) -> None:
        self.scale = scale

    def chips(self, text: str) -> int:
        try:
            value = Decimal(text.lstrip("$€£").replace(",", "")) * self.scale
        except InvalidOperation:
            raise ValueError(f"{text!r} is not an amount") from None
        if value != value.to_integral_value():
            raise ValueError(f"{text} is not a whole number of chips at scale {self.scale}")
        return int(value)


@dataclass(frozen=True, slots=True)
class Header:
    """What the first line says: the game, the stakes, the tournament, the date."""

    game: str
    """PokerStars' name for the game (``"Hold'em"``)."""
    limit: str
    """``"No Limit"``, ``"Pot Limit"``, ``"Limit"``..."""
    stakes: tuple[str, ...]
    """The amounts between the brackets, as written: blinds, or the bets in limit."""
    currency: str | None
    tournament: str | None = None
    buy_in: str = ""
    level: str | None = None
    mixed: str | None = None
    """The mixed game's name (``"HORSE"``), when the hand is one of a mix."""
    capped: bool = False
    date: tuple[int, int, int, str, str] | None = None
    """Year, month, day, time and zone of the first clock on the line."""

    @property
    def scale(self) -> int:
        """Chips per unit of the file's amounts: cents at money tables."""
        return 100 if self.currency or any("." in s for s in self.stakes) else 1


def read_header(rest: str) -> Header:
    """The header after ``PokerStars Hand #N:``; ValueError says what is missing."""
    game = _GAME.search(rest)
    if game is None:
        raise ValueError(f"no game PokerStars deals is named in the header: {rest!r}")
    before, after = rest[: game.start()], rest[game.end():]
    mixed = None
    if after.startswith(","):  # "HORSE (Razz Limit, $2/$4) - ..."
        stakes_text = after[1:].split(")", 1)[0]
        mixed = before.rstrip(" (") or None
    else:
        bracket = re.search(r"\(([^)]*)\)", after)
        if bracket is None:
            raise ValueError(f"no stakes in brackets after the game in the header: {rest!r}")
        stakes_text = bracket.group(1)
    tournament = _TOURNAMENT.search(before)
    if tournament is not None:  # "... $10+$1 USD 8-Game (Razz Limit) - Level I (10/20)"
        mixed = tournament.group("mixed") or None
    stakes = tuple(_AMOUNT.findall(stakes_text.split(" - ")[0]))
    if len(stakes) < 2:
        raise ValueError(f"stakes {stakes_text!r} are not two amounts")
    currency = next((_SIGNS[c] for c in stakes_text if c in _SIGNS), None)
    code = re.search(r"\b(USD|EUR|GBP|CAD|INR|CNY)\b", stakes_text)
    if code:
        currency = code.group(1)
    level = _LEVEL.search(after)
    date = _DATE.search(after)
    return Header(
        game=game.group("game"), limit=game.group("limit"), stakes=stakes, currency=currency,
        tournament=tournament.group("id") if tournament else None,
        buy_in=(tournament.group("buy_in") or "") if tournament else "",
        level=level.group("level") if level else None, mixed=mixed,
        capped=" Cap " in stakes_text,
        date=(int(date.group("y")), int(date.group("m")), int(date.group("d")),
              date.group("time"), date.group("zone") or "ET") if date else None,
    )
