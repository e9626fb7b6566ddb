"""Who sat where in a PokerStars hand, who was dealt in, and in what order PHH
lists them: the table line and the ``Seat N: name (stack in chips)`` lines.

Players dealt in are the seats listed, less those ``is sitting out`` (or
``out of hand``) there or who sit out before the deal, and less any the hand
never mentions again.  PHH order starts left of the button (in stud, with
no button: seat order).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from pokerroom.history.pokerstars_text import AMOUNT, HandText, Line, Money

_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \(({AMOUNT}) in chips(?:[^)]*)\)(.*)$")
_TABLE: Final = re.compile(r"^Table '(.*)' (\d+)-max(?:.*Seat #(\d+) is the button)?")
_SUMMARY_SEAT: Final = re.compile(
    r"^Seat \d+: (.+?)(?: \(| folded| showed| mucked| collected| won|$)")


@dataclass(slots=True)
class Player:
    """One player dealt in, and what the text says he did with his chips."""

    seat: int
    name: str
    stack: int
    cards: list[int | None] = field(default_factory=list)
    """Known cards by position dealt (stud: the seven slots; others: the hole)."""
    spent: int = 0
    """Chips put in: forced bets, calls, bets and raises."""
    street: int = 0
    """Chips put in on this street (the forced bets count in the first)."""
    back: int = 0
    """An uncalled bet returned."""
    collected: int = 0
    folded: bool = False

    @property
    def expected(self) -> int:
        """The stack the text says he ends with."""
        return self.stack - self.spent + self.back + self.collected


@dataclass(slots=True)
class Seating:
    """The table, its seats, and the players dealt in (in PHH order)."""

    table: str
    max_seats: int
    button: int | None
    players: list[Player]
    names: tuple[str, ...]
    """Every name seated, longest first (so a name that starts another matches last)."""
    body: list[Line]
    """The hand's lines after the seats."""
    index: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        self.index = {p.name: i for i, p in enumerate(self.players)}

    def who(self, text: str) -> tuple[str | None, str]:
        """The seated player a line starts with and the rest after ``": "`` or ``" "``
        (names may hold spaces, colons and brackets)."""
        for name in self.names:
            if text.startswith(name) and text[len(name): len(name) + 1] in (":", " "):
                return name, text[len(name):].lstrip(":").lstrip()
        return None, text


def read_seating(hand: HandText, money: Money, *, stud: bool) -> Seating:
    """The seating of ``hand``; TextError names the line when there is none."""
    lines = hand.lines
    if len(lines) < 2 or not (table := _TABLE.match(lines[1].text)):
        line = lines[1] if len(lines) > 1 else lines[0]
        raise hand.refuse(line, "the second line is not \"Table '<name>' <n>-max ...\"")
    button = int(table.group(3)) if table.group(3) else None
    seats: list[Player] = []
    out: set[str] = set()
    i = 2
    while i < len(lines) and (seat := _SEAT.match(lines[i].text)):
        try:
            stack = money.chips(seat.group(3))
        except ValueError as exc:
            raise hand.refuse(lines[i], str(exc)) from None
        seats.append(Player(int(seat.group(1)), seat.group(2), stack))
        if "sitting out" in seat.group(4) or "out of hand" in seat.group(4):
            out.add(seat.group(2))
        i += 1
    if not seats:
        raise hand.refuse(lines[min(2, len(lines) - 1)],
                          "no 'Seat N: name (stack in chips)' lines")
    names = tuple(sorted((p.name for p in seats), key=len, reverse=True))
    seating = Seating(table.group(1), int(table.group(2)), button, [], names, list(lines[i:]))
    out |= _sitting_out(seating)
    mentioned = _mentioned(seating)
    dealt = [p for p in seats if p.name not in out and p.name in mentioned]
    if stud or button is None:
        dealt.sort(key=lambda p: p.seat)
    else:
        dealt.sort(key=lambda p: (p.seat <= button, p.seat))
    if len(dealt) < 2:
        raise hand.refuse(lines[1], f"{len(dealt)} player dealt in; a hand needs two")
    return Seating(seating.table, seating.max_seats, button, dealt, names, seating.body)


def _sitting_out(seating: Seating) -> set[str]:
    """Players who sit out before the deal."""
    body = seating.body
    deal = next((j for j, line in enumerate(body) if line.text.startswith("*** ")), len(body))
    out = set()
    for line in body[:deal]:
        who, text = seating.who(line.text)
        if who and re.match(r"(?:is )?sit(?:s|ting) out", text):
            out.add(who)
    return out


def _mentioned(seating: Seating) -> set[str | None]:
    """Players the hand's lines name (actions, the summary's seats)."""
    body: Sequence[Line] = seating.body
    summary = next((j for j, line in enumerate(body) if line.text == "*** SUMMARY ***"),
                   len(body))
    mentioned: set[str | None] = {seating.who(line.text)[0] for line in body}
    mentioned |= {m.group(1) for line in body[summary:]
                  if (m := _SUMMARY_SEAT.match(line.text))}
    return mentioned
