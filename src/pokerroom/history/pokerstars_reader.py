"""Read PokerStars text hand histories as PHH hands: ``pokerroom import``.

Every game PokerStars deals that PHH has a code for (hold'em, Omaha and
Omaha hi-lo in each structure, seven-card stud and stud hi-lo, razz, 2-7
single and triple draw, badugi, and those games dealt in a mix), cash and
tournament, several hands per file.  A file that cannot be read as a whole is
refused as a whole; a hand that cannot be read is refused alone, with the
file, its hand number, the line and why (:class:`Refusal`), and the file's
other hands still import.

How the text becomes PHH:

- Players: the seats dealt in (not ``is sitting out``, nor sitting out before
  the deal), in PHH order: left of the button first (stud: seat order).
- Forced bets: ``posts the ante`` is an ante; the first ``posts small blind``
  and ``posts big blind`` are the blinds; a later ``posts big blind`` is a live
  post (negative in ``blinds_or_straddles``, as pokerroom's PHH writes it);
  ``posts small & big blinds`` is a live post of the big blind plus a dead
  small blind, and a later ``posts small blind`` is dead: dead money goes
  into that player's ``antes`` (it is dead money posted before the deal).
- Cards: every card the text shows anywhere (``Dealt to``, ``shows``, the
  summary's ``showed`` and ``mucked``) is dealt where it was dealt; the rest
  are ``??``.  In stud the shown hand gives the down cards (its order is
  down, down, up x4, down); in draw games the cards a player who never drew
  shows are his first five.
- Actions: ``bets X`` is ``cbr X``, ``raises X to Y`` and ``completes it to
  Y`` are ``cbr Y``, ``brings in`` is ``pb``, ``discards``/``stands pat`` are
  ``sd``, ``shows`` is ``sm cards`` and ``mucks hand`` is ``sm`` (muck).
- Uncalled bets: a file that leaves out ``Uncalled bet (X) returned`` (some
  older ones do) has the part of the last bet nobody matched given back, when
  that is what makes the chips add up.
- Results: what the text says each player ends with (stack, less what he
  put in, plus what was returned and collected).  Without rake these are the
  hand's ``finishing_stacks``; with rake, which PHH cannot record, the
  collected amounts are its ``winnings`` (which ``pokerroom replay`` checks
  allowing for rake) and the rake is kept in ``_rake``.

Refused, each with its reason: games PHH has no code for (5 Card Draw,
Courchevel, 5-card Omaha...), a board run twice (PHH records one board),
cancelled hands, and text the reader does not understand.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Final

from pokerroom.cards import parse_cards
from pokerroom.errors import NotationError
from pokerroom.history.phh import HandHistory, PhhAction
from pokerroom.history.pokerstars_text import (
    AMOUNT,
    GAME_KEYS,
    LIMIT_NAMES,
    UNSUPPORTED_GAMES,
    HandText,
    Line,
    Money,
    decode,
    from_roman,
    read_header,
    split_hands,
)
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import Variant, variant

__all__ = ["PHH_CODES", "Imported", "Refusal", "read_pokerstars", "read_pokerstars_file"]

PHH_CODES: Final = {
    ("holdem", Structure.NO_LIMIT): "NT", ("holdem", Structure.POT_LIMIT): "PT",
    ("holdem", Structure.FIXED_LIMIT): "FT", ("omaha", Structure.NO_LIMIT): "NO",
    ("omaha", Structure.POT_LIMIT): "PO", ("omaha", Structure.FIXED_LIMIT): "FO",
    ("omaha_hilo", Structure.NO_LIMIT): "NO/8", ("omaha_hilo", Structure.POT_LIMIT): "PO/8",
    ("omaha_hilo", Structure.FIXED_LIMIT): "FO/8", ("stud", Structure.FIXED_LIMIT): "F7S",
    ("stud_hilo", Structure.FIXED_LIMIT): "F7S/8", ("razz", Structure.FIXED_LIMIT): "FR",
    ("deuce_seven_single", Structure.NO_LIMIT): "N2L1D",
    ("deuce_seven_triple", Structure.FIXED_LIMIT): "F2L3D",
    ("badugi", Structure.FIXED_LIMIT): "FB",
}
"""(variant, structure) -> PHH code: the games ``replay.PHH_VARIANTS`` plays."""

_A = f"({AMOUNT})"
_ALL_IN = r"(?: and is all-in)?(?: and has reached the \S+ cap)?"
_CARDS = r"\[([^\]]*)\]"
_ACTIONS: Final = (
    ("fold", re.compile(rf"folds(?: {_CARDS})?$")),
    ("check", re.compile(r"checks$")),
    ("call", re.compile(rf"calls {_A}{_ALL_IN}$")),
    ("bet", re.compile(rf"bets {_A}{_ALL_IN}$")),
    ("raise", re.compile(rf"raises {_A} to {_A}{_ALL_IN}$")),
    ("complete", re.compile(rf"completes it to {_A}{_ALL_IN}$")),
    ("bring", re.compile(rf"brings in for {_A}{_ALL_IN}$")),
    ("ante", re.compile(rf"posts (?:the )?ante {_A}{_ALL_IN}$")),
    ("both", re.compile(rf"posts small & big blinds {_A}{_ALL_IN}$")),
    ("small", re.compile(rf"posts small blind {_A}{_ALL_IN}$")),
    ("big", re.compile(rf"posts big blind {_A}{_ALL_IN}$")),
    ("straddle", re.compile(rf"posts straddle {_A}{_ALL_IN}$")),
    ("discard", re.compile(rf"discards (\d+) cards?(?: {_CARDS})?$")),
    ("pat", re.compile(rf"stands pat(?: on {_CARDS})?$")),
    ("show", re.compile(rf"shows {_CARDS}(?: \(.*\))?$")),
    ("muck", re.compile(rf"mucks hand(?: {_CARDS})?$")),
    ("noshow", re.compile(r"doesn't show hand$")),
)
_QUIET: Final = re.compile(
    r"(?:is sitting out|sits out|is away|has returned|is back|leaves the table|joins the table"
    r"|will be allowed to play|was removed from the table|is connected|is disconnected"
    r"|has timed out|said, |finished the tournament|wins the tournament|re-buys|takes the"
    r"|cashed out|is feeling|has requested TIME|uses a |wins an entry|wins (?:the )?[$€£\d]"
    r"|receives)"
)
_STREET: Final = re.compile(r"^\*\*\* ([^*]+?) \*\*\*(.*)$")
_DEALT: Final = re.compile(rf"^Dealt to (.+?) {_CARDS}(?: {_CARDS})?$")
_COLLECTED: Final = re.compile(rf"^(.+?) collected {_A} from (?:main |side )?pot(?:-\d+)?$")
_CASHED_OUT: Final = re.compile(rf"^(.+?) cashed out the hand for {_A}")
_RETURNED: Final = re.compile(rf"^Uncalled bet \({_A}\) returned to (.+)$")
_SEAT: Final = re.compile(rf"^Seat (\d+): (.+?) \(({AMOUNT}) in chips(?:[^)]*)\)(.*)$")
_TABLE: Final = re.compile(r"^Table '(.*)' (\d+)-max(?:.*Seat #(\d+) is the button)?")
_RAKE: Final = re.compile(rf"\| Rake {_A}")
_SUMMARY_CARDS: Final = re.compile(rf"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:showed|mucked) {_CARDS}")
_BOARD_STREETS: Final = {"FLOP": 3, "TURN": 1, "RIVER": 1}
_STUD_STREETS: Final = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_DRAW_STREETS: Final = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A hand (or a whole file, ``hand`` None) that could not be imported, and why."""

    path: str
    hand: str | None
    line: int
    reason: str

    def __str__(self) -> str:
        hand = f"hand #{self.hand}, " if self.hand else ""
        return f"{self.path}: {hand}line {self.line}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Imported:
    """A hand read from the text: its PHH, where it was, and what the text says
    each player ended with (``expected``, after ``rake``)."""

    history: HandHistory
    number: str
    line: int
    expected: tuple[int, ...]
    rake: int
    collected: tuple[int, ...] = ()
    """What each player collected, as the text says (after the rake)."""
    cashed_out: frozenset[int] = frozenset()
    """Players who took PokerStars' all-in cash out: the text does not say what the
    cards gave them, so their stacks are not checked."""


def _file_units(chips: int, scale: int) -> int | float:
    return chips // scale if chips % scale == 0 else chips / scale


class _Refused(Exception):
    def __init__(self, line: int, why: str) -> None:
        super().__init__(why)
        self.line = line
        self.why = why


def read_pokerstars_file(path: Path) -> tuple[list[Imported], list[Refusal]]:
    """The hands of a PokerStars text file, imported or refused."""
    try:
        text = decode(path.read_bytes())
    except OSError as exc:
        return [], [Refusal(str(path), None, 0, f"cannot be read: {exc.strerror or exc}")]
    return read_pokerstars(text, str(path))


def read_pokerstars(text: str, path: str = "<text>") -> tuple[list[Imported], list[Refusal]]:
    """The hands of PokerStars text, imported or refused (one :class:`Refusal` each)."""
    hands = split_hands(text)
    if not hands:
        return [], [Refusal(path, None, 1, "no 'PokerStars Hand #' line: not PokerStars text")]
    imported: list[Imported] = []
    refused: list[Refusal] = []
    for hand in hands:
        try:
            imported.append(_HandReader(hand, path).read())
        except _Refused as exc:
            refused.append(Refusal(path, hand.number, exc.line, exc.why))
        except (ValueError, NotationError) as exc:
            refused.append(Refusal(path, hand.number, hand.first_line, str(exc)))
    return imported, refused


@dataclass(slots=True)
class _Player:
    seat: int
    name: str
    stack: int
    cards: list[int | None] = field(default_factory=list)
    """Known cards by position dealt (stud: the seven slots; others: the hole)."""
    spent: int = 0
    street: int = 0
    back: int = 0
    collected: int = 0
    folded: bool = False


class _HandReader:
    """One hand's lines -> :class:`Imported` (or :class:`_Refused`)."""

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.path = path
        self.lines = hand.lines
        self.actions: list[PhhAction] = []
        self.pending: list[Callable[[], None]] = []

    def refuse(self, line: Line, why: str) -> _Refused:
        return _Refused(line.number, why)

    def read(self) -> Imported:
        first = self.lines[0]
        rest = first.text.split(":", 1)[1].strip()
        try:
            header = read_header(rest)
        except ValueError as exc:
            raise self.refuse(first, str(exc)) from None
        self.header = header
        if header.game in UNSUPPORTED_GAMES or header.game not in GAME_KEYS:
            raise self.refuse(first, f"{header.game} has no PHH variant code; PHH records "
                                     "hold'em, Omaha (hi-lo), stud (hi-lo), razz, 2-7 single "
                                     "and triple draw and badugi")
        structure = LIMIT_NAMES[header.limit]
        key = GAME_KEYS[header.game]
        code = PHH_CODES.get((key, structure))
        if code is None:
            raise self.refuse(first, f"{header.game} {header.limit} has no PHH variant code")
        self.code = code
        self.variant: Variant = variant(key)
        self.structure = structure
        self.money = Money(header.scale)
        for line in self.lines:
            if line.text == "Hand cancelled":
                raise self.refuse(line, "the hand was cancelled")
        body = self._read_seats()
        self._read_body(body)
        return self._result()

    # -- seats ----------------------------------------------------------------

    def _read_seats(self) -> list[Line]:
        if len(self.lines) < 2 or not (table := _TABLE.match(self.lines[1].text)):
            line = self.lines[1] if len(self.lines) > 1 else self.lines[0]
            raise self.refuse(line, "the second line is not \"Table '<name>' <n>-max ...\"")
        self.table = table.group(1)
        self.max_seats = int(table.group(2))
        button = int(table.group(3)) if table.group(3) else None
        seats: list[_Player] = []
        out: set[str] = set()
        i = 2
        while i < len(self.lines) and (seat := _SEAT.match(self.lines[i].text)):
            player = _Player(int(seat.group(1)), seat.group(2), self._chips(self.lines[i],
                                                                            seat.group(3)))
            seats.append(player)
            if "sitting out" in seat.group(4) or "out of hand" in seat.group(4):
                out.add(player.name)
            i += 1
        if not seats:
            raise self.refuse(self.lines[min(2, len(self.lines) - 1)], "no 'Seat N: name "
                              "(stack in chips)' lines")
        self.all_names = sorted((p.name for p in seats), key=len, reverse=True)
        body = list(self.lines[i:])
        deal = next((j for j, line in enumerate(body) if line.text.startswith("*** ")), len(body))
        for line in body[:deal]:
            who, text = self._who(line.text)
            if who and re.match(r"(?:is )?sit(?:s|ting) out", text):
                out.add(who)
        summary = next((j for j, line in enumerate(body) if line.text == "*** SUMMARY ***"),
                       len(body))
        mentioned = {self._who(line.text)[0] for line in body}
        mentioned |= {m.group(1) for line in body[summary:]
                      if (m := re.match(r"^Seat \d+: (.+?)(?: \(| folded| showed| mucked"
                                        r"| collected| won|$)", line.text))}
        dealt = [p for p in seats if p.name not in out and p.name in mentioned]
        if self.variant.is_stud or button is None:
            dealt.sort(key=lambda p: p.seat)
        else:
            dealt.sort(key=lambda p: (p.seat <= button, p.seat))
        if len(dealt) < 2:
            raise self.refuse(self.lines[1], f"{len(dealt)} player dealt in; a hand needs two")
        self.players = dealt
        self.index = {p.name: i for i, p in enumerate(dealt)}
        self.button = button
        self.seats = seats
        return body

    def _who(self, text: str) -> tuple[str | None, str]:
        """The player a line starts with and the rest after ``": "`` or ``" "``."""
        for name in self.all_names:
            if text.startswith(name) and text[len(name): len(name) + 1] in (":", " "):
                return name, text[len(name):].lstrip(":").lstrip()
        return None, text

    def _chips(self, line: Line, text: str) -> int:
        try:
            return self.money.chips(text)
        except ValueError as exc:
            raise self.refuse(line, str(exc)) from None

    def _cards(self, line: Line, text: str) -> list[int]:
        try:
            return list(parse_cards(text))
        except (ValueError, NotationError) as exc:
            raise self.refuse(line, f"cards [{text}]: {exc}") from None

    # -- the body -------------------------------------------------------------

    def _read_body(self, body: list[Line]) -> None:
        n = len(self.players)
        self.antes = [0] * n
        self.blinds = [0] * n
        self.bring_in: int | None = None
        self.rake = 0
        self.street = ""
        self.street_count = 0
        self.draws: list[tuple[int, int, list[int] | None, Line]] = []
        self.street_line = self.lines[0]
        self.drew = [False] * n
        self.summary = False
        self.cashed_out: set[int] = set()
        self.pot_line: Line | None = None
        self.showdown: list[PhhAction] = []
        self.aggressor: int | None = None
        self.all_in: set[int] = set()
        stud = self.variant.is_stud
        for p in self.players:
            p.cards = [None] * (7 if stud else self.variant.hole_cards)
        self._prescan(body)
        for line in body:
            self._line(line)
        self._flush()
        self._flush_showdown()

    def _prescan(self, body: list[Line]) -> None:
        """Cards shown anywhere (shows, summary) fill the hands before dealing."""
        draw = self.variant.is_draw
        for line in body:
            text = line.text
            if draw and re.search(r": (?:discards [1-9]|stands pat)", text):
                who, rest = self._who(text)
                if who in self.index and rest.startswith("discards"):
                    self.drew[self.index[who]] = True
        for line in body:
            text = line.text
            shown = None
            if (m := _SUMMARY_CARDS.match(text)) and m.group(1) in self.index:
                shown = m.group(1), m.group(2)
            else:
                who, rest = self._who(text)
                if who in self.index and (m := re.match(rf"(?:shows|mucks hand) {_CARDS}", rest)):
                    shown = who, m.group(1)
            if shown is None:
                continue
            player = self.players[self.index[shown[0]]]
            cards = self._cards(line, shown[1])
            if draw and self.drew[self.index[shown[0]]]:
                continue  # the cards he ends with, not the ones he was dealt
            for k, card in enumerate(cards[: len(player.cards)]):
                player.cards[k] = card

    def _line(self, line: Line) -> None:
        text = line.text
        if self.summary:
            if rake := _RAKE.search(text):
                self.rake = self._chips(line, rake.group(1))
                self.pot_line = line
            return
        if street := _STREET.match(text):
            self._street(line, street.group(1), street.group(2))
            return
        if dealt := _DEALT.match(text):
            self._dealt(line, dealt.group(1), dealt.group(2), dealt.group(3))
            return
        if back := _RETURNED.match(text):
            player = self._player(line, back.group(2))
            player.back += self._chips(line, back.group(1))
            return
        if won := _COLLECTED.match(text):
            name = won.group(1)
            if name in self.index:
                self.players[self.index[name]].collected += self._chips(line, won.group(2))
                return
        if cashed := _CASHED_OUT.match(text):
            self.cashed_out.add(self.index[self._player(line, cashed.group(1)).name])
            return
        who, rest = self._who(text)
        if who is None or who not in self.index:
            return  # a line about the table or someone not dealt in: nothing to replay
        for kind, pattern in _ACTIONS:
            if m := pattern.match(rest):
                self._act(line, self.index[who], kind, m)
                return
        if _QUIET.match(rest) or rest.startswith("is "):
            return
        raise self.refuse(line, f"{who}'s action {rest!r} is not one PokerStars writes")

    def _player(self, line: Line, name: str) -> _Player:
        if name not in self.index:
            raise self.refuse(line, f"{name!r} is not a player dealt in")
        return self.players[self.index[name]]

    def _street(self, line: Line, name: str, cards: str) -> None:
        self._flush()
        self.street_line = line
        if name.startswith(("FIRST", "SECOND")) and "DRAW" not in name:
            raise self.refuse(line, "the board was run twice: PHH records one board")
        if name == "SUMMARY":
            self.summary = True
            self._flush_showdown()
            return
        if name not in ("SHOW DOWN", "SHOWDOWN"):
            self.aggressor = None
        if name not in ("HOLE CARDS", "DEALING HANDS", _STUD_STREETS[0]):
            for p in self.players:
                p.street = 0  # the forced bets count in the first round
        if name in ("HOLE CARDS", "DEALING HANDS"):
            self.street = name
            self.pending.append(self._deal_holes)
        elif name in _BOARD_STREETS and not self.variant.is_stud:
            boxes = re.findall(r"\[([^\]]*)\]", cards)
            if not boxes:
                raise self.refuse(line, f"{name} without its cards")
            new = self._cards(line, boxes[-1])
            if len(new) != _BOARD_STREETS[name]:
                raise self.refuse(line, f"the {name.lower()} has {len(new)} cards")
            self.actions.append(self._entry(None, "db", line, cards=tuple(new)))
            self.street = name
        elif name in _STUD_STREETS and self.variant.is_stud:
            if re.search(r"\[", cards):
                raise self.refuse(line, "a community card in stud (too few cards for seventh "
                                        "street): PHH has no way to deal it")
            self.street = name
            self.street_count = _STUD_STREETS.index(name)
            self.pending.append(self._deal_stud)
        elif name in _DRAW_STREETS and self.variant.is_draw:
            self.street = name
            self.draws = []
        elif name in ("SHOW DOWN", "SHOWDOWN"):
            self.street = name
        else:
            raise self.refuse(line, f"*** {name} *** is not a street of {self.header.game}")

    def _dealt(self, line: Line, name: str, first: str, second: str | None) -> None:
        player = self._player(line, name)
        i = self.index[name]
        if self.variant.is_stud:
            new = self._cards(line, second if second is not None else first)
            if self.street_count == 0:
                slots = [0, 1, 2] if len(new) == 3 else [2] if len(new) == 1 else []
            else:
                slots = [self.street_count + 2]
            if len(slots) != len(new):
                raise self.refuse(line, f"{len(new)} cards dealt on {self.street.lower()}")
            for slot, card in zip(slots, new, strict=True):
                player.cards[slot] = card
        elif self.street in _DRAW_STREETS:
            new = self._cards(line, second if second is not None else first)
            for k, (who, count, _, where) in enumerate(self.draws):
                if who == i:
                    if len(new) != count:
                        raise self.refuse(line, f"{name} discarded {count} and was dealt "
                                                f"{len(new)}")
                    self.draws[k] = (who, count, new, where)
        else:
            cards = self._cards(line, first)
            if len(cards) == len(player.cards):
                player.cards = list(cards)

    def _act(self, line: Line, i: int, kind: str, m: re.Match[str]) -> None:
        player = self.players[i]
        if kind in ("ante", "small", "big", "both", "straddle"):
            self._post(line, i, kind, self._chips(line, m.group(1)),
                       short="and is all-in" in line.text)
            return
        if kind not in ("discard", "pat"):
            self._flush()
        if "and is all-in" in line.text:
            self.all_in.add(i)
        if kind == "fold":
            player.folded = True
            self.actions.append(self._entry(i, "f", line))
        elif kind == "check":
            self.actions.append(self._entry(i, "cc", line))
        elif kind == "call":
            self._put(player, self._chips(line, m.group(1)))
            self.actions.append(self._entry(i, "cc", line))
        elif kind in ("bet", "complete"):
            to = self._chips(line, m.group(1))
            if kind == "bet":
                to += player.street
            self._put(player, to - player.street)
            self.actions.append(self._entry(i, "cbr", line, amount=to))
            self.aggressor = i
        elif kind == "raise":
            to = self._chips(line, m.group(2))
            self._put(player, to - player.street)
            self.actions.append(self._entry(i, "cbr", line, amount=to))
            self.aggressor = i
        elif kind == "bring":
            amount = self._chips(line, m.group(1))
            self.bring_in = self.bring_in or amount
            self._put(player, amount)
            self.actions.append(self._entry(i, "pb", line))
        elif kind in ("discard", "pat"):
            count = int(m.group(1)) if kind == "discard" else 0
            known = self._cards(line, m.group(2)) if kind == "discard" and m.group(2) else None
            if known is not None and len(known) != count:
                raise self.refuse(line, f"discards {count} cards but names {len(known)}")
            cards: tuple[int | None, ...] = (tuple(known) if known is not None
                                             else (None,) * count)
            self.actions.append(self._entry(i, "sd", line, cards=cards or None))
            if count:
                self.draws.append((i, count, None, line))
        elif kind == "show":
            shown = self._cards(line, m.group(1))
            if len(shown) < len(player.cards) and not self.variant.is_stud:
                self._show(self._entry(i, "sm", line))  # one card of the hand: not a hand, a muck
            else:
                self._show(self._entry(i, "sm", line, cards=tuple(shown)))
        elif kind == "muck":
            self._show(self._entry(i, "sm", line))

    def _entry(self, actor: int | None, code: str, line: Line, *,
               cards: tuple[int | None, ...] | None = None, amount: int | None = None,
               dealt_to: int | None = None) -> PhhAction:
        """A PHH entry; its ``text`` names the line of the text it comes from, which
        replay's messages quote."""
        return PhhAction(actor, code, cards=cards, amount=amount, dealt_to=dealt_to,
                         text=f"(line {line.number}: {line.text!r})")

    def _show(self, entry: PhhAction) -> None:
        if self.street in ("SHOW DOWN", "SHOWDOWN"):
            self.showdown.append(entry)  # tabled in the engine's order at the end
        else:
            self.actions.append(entry)  # turned up before the showdown (all-in)

    def _flush_showdown(self) -> None:
        """The showdown's shows and mucks in the order hands are tabled (S4): the last
        aggressor of the final round first, else the first player left of the button,
        then clockwise (the text lists them in its own order).  A show of one card
        is a muck.  Stud without an aggressor (the best board first) keeps the
        text's order.  With a player all-in every hand is tabled by the engine as
        the betting ends (S3): in flop games the shows are written there, before
        the rest of the board, as PHH records all-in hands; in stud and draw games
        (whose hands grow after) and when no card is left to deal they are left to
        the engine."""
        entries = self.showdown
        self.showdown = []
        live = [i for i, p in enumerate(self.players) if not p.folded]
        if self.all_in & set(live):
            tabled = [e for e in entries if e.cards is not None and e.actor is not None
                      and None not in self.players[e.actor].cards]
            last_bet = max((k for k, e in enumerate(self.actions)
                            if e.code in ("f", "cc", "cbr", "pb")), default=-1)
            flop_game = not (self.variant.is_stud or self.variant.is_draw)
            if flop_game and any(e.code == "db" for e in self.actions[last_bet + 1:]):
                self.actions[last_bet + 1:last_bet + 1] = tabled
            entries = [e for e in entries if e not in tabled]
        start = self.aggressor
        if start is None or start not in live:
            start = None if self.variant.is_stud else live[0]
        if start is not None and live:
            k = live.index(start)
            rank = {seat: j for j, seat in enumerate(live[k:] + live[:k])}
            entries.sort(key=lambda e: rank.get(e.actor or 0, len(rank)))
        self.actions.extend(entries)

    def _post(self, line: Line, i: int, kind: str, amount: int, *, short: bool) -> None:
        """A forced bet (see the module notes).  One posted all-in for less (``short``)
        is written as the blind the structure calls for, which the engine posts as far
        as the stack goes."""
        player = self.players[i]
        player.spent += amount
        if kind == "ante":
            self.antes[i] += amount
            return
        big = self._big_blind()
        written = max(amount, self._nominal(kind, big)) if short else amount
        if kind == "both":
            live = min(big, amount)
            self.antes[i] += amount - live  # the dead small blind
            self.blinds[i] = -live
            player.street += live
        elif kind == "small" and self.blinds[i] == 0 and not any(0 < b < big
                                                                  for b in self.blinds):
            self.blinds[i] = written
            player.street += amount
        elif kind == "small":
            self.antes[i] += amount  # a dead small blind
        elif self.blinds[i] != 0:
            raise self.refuse(line, "a second blind by the same player")
        elif kind == "straddle" or not any(b >= big for b in self.blinds):
            self.blinds[i] = written
            player.street += amount
        else:
            self.blinds[i] = -written  # a live post by a new or returning player
            player.street += amount

    def _nominal(self, kind: str, big: int) -> int:
        """The blind the structure calls for: the small blind, the big, a straddle."""
        if kind == "small":
            if self.structure is Structure.FIXED_LIMIT:
                return big // 2
            return self.money.chips(self.header.stakes[0])
        if kind == "straddle":
            return 2 * max(big, *self.blinds)
        return big

    def _big_blind(self) -> int:
        if self.structure is Structure.FIXED_LIMIT:
            return self.money.chips(self.header.stakes[0])
        return self.money.chips(self.header.stakes[1])

    def _put(self, player: _Player, chips: int) -> None:
        player.spent += chips
        player.street += chips

    def _flush(self) -> None:
        for deal in self.pending:
            deal()
        self.pending = []
        if self.draws:
            self._flush_draw()

    def _deal_holes(self) -> None:
        for i, p in enumerate(self.players):
            self.actions.append(self._entry(None, "dh", self.street_line, dealt_to=i,
                                            cards=tuple(p.cards)))

    def _deal_stud(self) -> None:
        k = self.street_count
        slots = range(3) if k == 0 else range(k + 2, k + 3)
        for i, p in enumerate(self.players):
            if not p.folded:
                cards = tuple(p.cards[s] for s in slots)
                self.actions.append(self._entry(None, "dh", self.street_line, dealt_to=i,
                                                cards=cards))

    def _flush_draw(self) -> None:
        for i, count, new, line in self.draws:
            cards = tuple(new) if new is not None else (None,) * count
            self.actions.append(self._entry(None, "dh", line, dealt_to=i, cards=cards))
        self.draws = []

    # -- the result -----------------------------------------------------------

    def _result(self) -> Imported:
        header = self.header
        n = len(self.players)
        put_in = sum(p.spent - p.back for p in self.players)
        out = sum(p.collected for p in self.players) + self.rake
        if put_in > out and not self.cashed_out:
            # Some files leave out "Uncalled bet (X) returned to ...": the part of the
            # last bet nobody matched goes back, as the engine gives it back.
            top, second = sorted(self.players, key=lambda p: p.street)[-1:-3:-1]
            if top.street - second.street == put_in - out and not top.back:
                top.back = put_in - out
                put_in = out
        if put_in != out and not self.cashed_out:
            scale = self.money.scale
            raise self.refuse(self.pot_line or self.lines[-1], (
                f"the text's chips do not add up: the players put in "
                f"{_file_units(put_in, scale)} (less what was returned) and collected "
                f"{_file_units(out - self.rake, scale)} with a rake of "
                f"{_file_units(self.rake, scale)}"))
        expected = tuple(p.stack - p.spent + p.back + p.collected for p in self.players)
        antes, blinds = list(self.antes), list(self.blinds)
        stud = self.variant.is_stud
        if n == 2 and not stud:
            antes.reverse()  # PHH lists heads-up blinds and antes in reverse (p1: big blind)
            blinds.reverse()
        fixed = self.structure is Structure.FIXED_LIMIT
        small_bet = self.money.chips(header.stakes[0])
        big_bet = self.money.chips(header.stakes[1])
        extra: dict[str, object] = {"venue": "PokerStars", "hand": int(self.hand.number),
                                    "table": self.table, "seat_count": self.max_seats,
                                    "seats": [p.seat for p in self.players],
                                    "players": [p.name for p in self.players]}
        if header.currency and header.tournament is None:
            extra["currency"] = header.currency
        if header.tournament is not None:
            extra["_tournament"] = int(header.tournament)
            if header.level:
                extra["level"] = from_roman(header.level)
        if header.mixed:
            extra["event"] = header.mixed
        if header.date is not None:
            year, month, day, time, zone = header.date
            hour, minute, sec = map(int, time.split(":"))
            extra.update(year=year, month=month, day=day,
                         time=datetime.time(hour, minute, sec), time_zone=zone)
        checked = not self.cashed_out
        if self.cashed_out:
            extra["_cashed_out"] = [self.players[i].name for i in sorted(self.cashed_out)]
        if self.rake:
            extra["_rake"] = _file_units(self.rake, self.money.scale)
        collected = tuple(p.collected for p in self.players)
        history = HandHistory(
            variant=self.code,
            antes=tuple(antes),
            blinds_or_straddles=() if stud else tuple(blinds),
            bring_in=(self.bring_in or max(1, small_bet // 2)) if stud else None,
            small_bet=small_bet if fixed else None,
            big_bet=big_bet if fixed else None,
            min_bet=None if fixed else big_bet,
            starting_stacks=tuple(p.stack for p in self.players),
            actions=tuple(self.actions),
            ante_trimming_status=False,
            finishing_stacks=tuple(expected) if checked and not self.rake else None,
            winnings=tuple(Fraction(c) for c in collected) if checked and self.rake else None,
            scale=self.money.scale,
            extra=extra,
            path=self.path,
        )
        return Imported(history, self.hand.number, self.hand.first_line, expected, self.rake,
                        collected, frozenset(self.cashed_out))
