"""Read PokerStars text hand histories as PHH hands: ``pokerroom import``.

Every game PokerStars deals that PHH has a code for (hold'em, Omaha and
Omaha hi-lo in each structure, seven-card stud and stud hi-lo, razz, 2-7
single and triple draw, badugi, and those games dealt in a mix), cash and
tournament, several hands per file.  A file that cannot be read as a whole is
refused as a whole; a hand that cannot be read is refused alone, with the
file, its hand number, the line and why (:class:`Refusal`), and the file's
other hands still import.

How the text becomes PHH:

- Players and forced bets: see :mod:`~pokerroom.history.pokerstars_seats`
  and :mod:`~pokerroom.history.pokerstars_posts`.
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
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Final

from pokerroom.cards import parse_cards
from pokerroom.errors import NotationError
from pokerroom.history.phh import HandHistory, PhhAction
from pokerroom.history.pokerstars_lines import (
    ACTIONS,
    CARDS,
    CASHED_OUT,
    COLLECTED,
    DEALT,
    QUIET,
    RAKE,
    RETURNED,
    STREET,
    SUMMARY_CARDS,
)
from pokerroom.history.pokerstars_posts import KINDS, ForcedBets
from pokerroom.history.pokerstars_seats import Player, read_seating
from pokerroom.history.pokerstars_text import (
    GAME_KEYS,
    LIMIT_NAMES,
    UNSUPPORTED_GAMES,
    HandText,
    Line,
    Money,
    TextError,
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
        except TextError as exc:
            refused.append(Refusal(path, hand.number, exc.line, exc.why))
        except (ValueError, NotationError) as exc:
            refused.append(Refusal(path, hand.number, hand.first_line, str(exc)))
    return imported, refused


class _HandReader:
    """One hand's lines -> :class:`Imported` (or TextError)."""

    def __init__(self, hand: HandText, path: str) -> None:
        self.hand = hand
        self.path = path
        self.lines = hand.lines
        self.actions: list[PhhAction] = []
        self.pending: list[Callable[[], None]] = []

    def refuse(self, line: Line, why: str) -> TextError:
        return self.hand.refuse(line, why)

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
        seating = read_seating(self.hand, self.money, stud=self.variant.is_stud)
        self.seating = seating
        self.players = seating.players
        self.index = seating.index
        self.forced = ForcedBets.for_stakes(
            len(self.players), structure,
            (self.money.chips(header.stakes[0]), self.money.chips(header.stakes[1])))
        self._read_body(seating.body)
        return self._result()

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
                who, rest = self.seating.who(text)
                if who in self.index and rest.startswith("discards"):
                    self.drew[self.index[who]] = True
        for line in body:
            text = line.text
            shown = None
            if (m := SUMMARY_CARDS.match(text)) and m.group(1) in self.index:
                shown = m.group(1), m.group(2)
            else:
                who, rest = self.seating.who(text)
                if who in self.index and (m := re.match(rf"(?:shows|mucks hand) {CARDS}", rest)):
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
            if rake := RAKE.search(text):
                self.rake = self._chips(line, rake.group(1))
                self.pot_line = line
            return
        if street := STREET.match(text):
            self._street(line, street.group(1), street.group(2))
            return
        if dealt := DEALT.match(text):
            self._dealt(line, dealt.group(1), dealt.group(2), dealt.group(3))
            return
        if back := RETURNED.match(text):
            player = self._player(line, back.group(2))
            player.back += self._chips(line, back.group(1))
            return
        if won := COLLECTED.match(text):
            name = won.group(1)
            if name in self.index:
                self.players[self.index[name]].collected += self._chips(line, won.group(2))
                return
        if cashed := CASHED_OUT.match(text):
            self.cashed_out.add(self.index[self._player(line, cashed.group(1)).name])
            return
        who, rest = self.seating.who(text)
        if who is None or who not in self.index:
            return  # a line about the table or someone not dealt in: nothing to replay
        for kind, pattern in ACTIONS:
            if m := pattern.match(rest):
                self._act(line, self.index[who], kind, m)
                return
        if QUIET.match(rest) or rest.startswith("is "):
            return
        raise self.refuse(line, f"{who}'s action {rest!r} is not one PokerStars writes")

    def _player(self, line: Line, name: str) -> Player:
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
        if kind in KINDS:
            self.forced.posted(self.hand, line, player, i, kind, self._chips(line, m.group(1)),
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

    def _put(self, player: Player, chips: int) -> None:
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
        expected = tuple(p.expected for p in self.players)
        antes, blinds = list(self.forced.antes), list(self.forced.blinds)
        stud = self.variant.is_stud
        if n == 2 and not stud:
            antes.reverse()  # PHH lists heads-up blinds and antes in reverse (p1: big blind)
            blinds.reverse()
        fixed = self.structure is Structure.FIXED_LIMIT
        small_bet = self.money.chips(header.stakes[0])
        big_bet = self.money.chips(header.stakes[1])
        extra: dict[str, object] = {"venue": "PokerStars", "hand": int(self.hand.number),
                                    "table": self.seating.table,
                                    "seat_count": self.seating.max_seats,
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
