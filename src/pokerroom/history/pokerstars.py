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
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from pokerroom.cards import RANK_NAMES, RANK_PLURALS, format_cards
from pokerroom.evaluation import EVALUATORS, HandCategory, category_of
from pokerroom.evaluation.encoding import LOW_BASE, nibbles_of
from pokerroom.rules import events as ev
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
_FLOP_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_STUD_FOLDS = ("3rd Street", "4th Street", "5th Street", "6th Street", "River")
_DRAWS = ("FIRST", "SECOND", "THIRD")
_ORDINALS = ("1st", "2nd", "3rd")
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def _cards(cards: Sequence[int | None]) -> str:
    text = format_cards(cards)
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


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
) -> str:
    """The finished hand as PokerStars writes it.

    ``names`` and ``seat_numbers`` (1-based table seats) are per engine seat;
    ``button_seat`` is the table seat (1-based) with the button.  ``when``: when the
    hand was dealt (the room's record; None: now).  ``visible``: the engine seats
    whose face-down cards may be written, the hero's "Dealt to" lines (None: all,
    the room's own record); hands tabled at the table are written for everyone.
    A tournament hand: ``tournament_id`` (with ``buy_in``, e.g. ``"$10+$1 USD"``,
    "Freeroll" when empty, and ``level``, an int written in Roman numerals) writes
    PokerStars' tournament header; its table is conventionally named
    ``"<tournament id> <table number>"``.
    """
    return "\n".join(_Writer(hand, names, seat_numbers, button_seat, visible).lines(
        hand_number=hand_number, table_name=table_name, max_seats=max_seats,
        when=when or datetime.now(UTC), stakes=stakes, tournament_id=tournament_id,
        buy_in=buy_in, level=level)) + "\n"


class _Writer:
    """One pass over the hand's events; the summary from what the pass saw."""

    def __init__(self, hand: Hand, names: Sequence[str], seat_numbers: Sequence[int],
                 button_seat: int | None, visible: Collection[int] | None) -> None:
        self.hand = hand
        self.cfg = hand.config
        self.v = hand.variant
        self.names = list(names)
        self.seat_numbers = list(seat_numbers)
        self.button_seat = button_seat
        self.roles = blind_roles(hand, seat_numbers, button_seat)
        self.visible = visible
        self.out: list[str] = []
        self.stacks = list(self.cfg.stacks)
        self.street = 0
        self.bets = [0] * hand.n
        self.current = 0
        self.voluntary = [False] * hand.n  # put chips in beyond the ante (PokerStars' "didn't bet")
        self.fold_street: dict[int, int] = {}
        self.shown: dict[int, tuple[int | None, ...]] = {}
        self.mucked: set[int] = set()
        self.silent: set[int] = set()  # winners who did not show ("doesn't show hand")
        self.known: list[list[int | None]] = [[] for _ in range(hand.n)]  # cards dealt so far
        self.collected: dict[int, int] = {}
        self.run_collected: list[dict[int, int]] = [{}, {}]
        self.pot_totals: dict[int, int] = {}
        self.board: list[int] = []
        self.runs: list[list[int]] = [[], []]
        self.showdown_header = False
        self.run = 0  # run of the board being awarded (run it twice), 1 or 2
        self.last_award: ev.PotAwarded | None = None

    def sees(self, seat: int) -> bool:
        return self.visible is None or seat in self.visible

    # -------------------------------------------------------------- header

    def lines(self, *, hand_number: int, table_name: str, max_seats: int, when: datetime,
              stakes: str, tournament_id: int | str | None, buy_in: str,
              level: int | str | None) -> list[str]:
        cfg = self.cfg
        game = f"{GAME_NAMES.get(self.v.key, self.v.name)} {LIMITS[cfg.structure]}"
        if not stakes:
            if cfg.structure is Structure.FIXED_LIMIT:
                stakes = f"{cfg.small_bet}/{cfg.big_bet}"
            else:
                blinds = sorted({b for b in cfg.blinds if b}) or [cfg.min_bet]
                stakes = "/".join(str(b) for b in blinds[:2])
        if tournament_id is None:
            first = f"PokerStars Hand #{hand_number}: {game} ({stakes}) - {date_text(when)}"
        else:
            lvl = roman(level) if isinstance(level, int) else (level or "I")
            first = (f"PokerStars Hand #{hand_number}: Tournament #{tournament_id}, "
                     f"{buy_in or 'Freeroll'} {game} - Level {lvl} ({stakes}) - "
                     f"{date_text(when)}")
        table = f"Table '{table_name}' {max_seats}-max"
        if self.roles.button is not None:
            table += f" Seat #{self.button_seat} is the button"
        self.out = [first, table]
        for k in self.seat_order():
            self.out.append(f"Seat {self.seat_numbers[k]}: {self.names[k]} "
                            f"({cfg.stacks[k]} in chips)")
        self.forced_bets()
        self.body()
        self.summary()
        return self.out

    def seat_order(self) -> list[int]:
        return sorted(range(self.hand.n), key=lambda k: self.seat_numbers[k])

    def all_in(self, seat: int) -> str:
        return " and is all-in" if self.stacks[seat] == 0 else ""

    def forced_bets(self) -> None:
        """Antes first, then the small blind, the big blind and the other posts."""
        antes: dict[int, int] = {}
        live: dict[int, int] = {}
        dead: dict[int, int] = {}
        for e in self.hand.events:
            if isinstance(e, ev.StreetStarted):
                break
            if isinstance(e, ev.AntePosted):
                antes[e.seat] = antes.get(e.seat, 0) + e.amount
                self.stacks[e.seat] -= e.amount
            elif isinstance(e, ev.BlindPosted):
                (dead if e.dead else live)[e.seat] = e.amount
                self.stacks[e.seat] -= e.amount
        for k in self.seat_order():
            if k in antes:
                tail = self.all_in(k) if k not in live and k not in dead else ""
                self.out.append(f"{self.names[k]}: posts the ante {antes[k]}{tail}")
        roles = self.roles
        first = [s for s in (roles.small_blind, roles.big_blind) if s is not None]
        order = first + [k for k in range(self.hand.n) if k not in first]
        blinds = self.cfg.blinds or (0,) * self.hand.n
        bb = big_blind_amount(self.cfg)
        for k in order:
            if k not in live and k not in dead:
                continue
            paid, owed = live.get(k, 0), dead.get(k, 0)
            self.bets[k] = paid
            self.current = max(self.current, paid)
            self.voluntary[k] = True
            if k == roles.small_blind and not owed:
                text = f"posts small blind {paid}"
            elif owed and paid:
                text = f"posts small & big blinds {paid + owed}"
            elif owed:
                text = f"posts small blind {owed}"
            elif blinds[k] > bb:
                text = f"posts straddle {paid}"
            else:
                text = f"posts big blind {paid}"
            self.out.append(f"{self.names[k]}: {text}{self.all_in(k)}")

    # ---------------------------------------------------------------- body

    def body(self) -> None:
        events = self.hand.events
        start = next(i for i, e in enumerate(events) if isinstance(e, ev.StreetStarted))
        # Index of the last event that deals a card: a hand tabled before it is an
        # all-in's hand turned up with cards still to come.
        last_deal = max((i for i, e in enumerate(events) if isinstance(
            e, ev.BoardDealt | ev.BoardRun | ev.HoleCardsDealt)), default=-1)
        for i in range(start, len(events)):
            e = events[i]
            seat = getattr(e, "seat", None)
            name = self.names[seat] if isinstance(seat, int) else ""
            if isinstance(e, ev.StreetStarted):
                self.new_street(e.street)
            elif isinstance(e, ev.HoleCardsDealt):
                if e.audience == e.seat:
                    self.dealt(e)
            elif isinstance(e, ev.BoardDealt):
                self.board_line(e.cards)
            elif isinstance(e, ev.BoardRun):
                self.run_line(e.run, e.cards)
            elif isinstance(e, ev.BringInPosted):
                self.stacks[e.seat] -= e.amount
                self.bets[e.seat] += e.amount
                self.current = max(self.current, self.bets[e.seat])
                self.voluntary[e.seat] = True
                self.out.append(f"{name}: brings in for {e.amount}{self.all_in(e.seat)}")
            elif isinstance(e, ev.Folded):
                self.fold_street[e.seat] = self.street
                self.out.append(f"{name}: folds")
            elif isinstance(e, ev.Checked):
                self.out.append(f"{name}: checks")
            elif isinstance(e, ev.Called):
                self.stacks[e.seat] -= e.amount
                self.bets[e.seat] += e.amount
                self.voluntary[e.seat] = True
                self.out.append(f"{name}: calls {e.amount}{self.all_in(e.seat)}")
            elif isinstance(e, ev.BetOrRaised):
                self.bet(e, name)
            elif isinstance(e, ev.Discarded):
                self.discard(e, name)
            elif isinstance(e, ev.BetReturned):
                self.stacks[e.seat] += e.amount
                self.out.append(f"Uncalled bet ({e.amount}) returned to {name}")
            elif isinstance(e, ev.HandShown):
                self.show(e, name, early=i < last_deal)
            elif isinstance(e, ev.HandMucked):
                self.to_showdown()
                self.mucked.add(e.seat)
                self.out.append(f"{name}: mucks hand")
            elif isinstance(e, ev.PotAwarded):
                self.award(e)

    def new_street(self, street: int) -> None:
        self.street = street
        if street:
            self.bets = [0] * self.hand.n
            self.current = 0
        if self.v.is_stud:
            self.out.append(f"*** {_STUD_STREETS[min(street, 4)]} ***")
        elif self.v.is_draw:
            draws = len(self.v.streets) - 1
            if street == 0:
                self.out.append("*** DEALING HANDS ***")
            else:
                which = "" if draws == 1 else f"{_DRAWS[street - 1]} "
                self.out.append(f"*** {which}DRAW ***")
        elif street == 0:
            self.out.append("*** HOLE CARDS ***")

    def dealt(self, e: ev.HoleCardsDealt) -> None:
        """The hero's cards ("Dealt to Ann [As Kd]"; later deals "[before] [new]");
        in stud everyone's up cards, and a tabled hand's every card."""
        k = e.seat
        before = list(self.known[k])
        self.known[k].extend(e.cards)
        if self.sees(k) or k in self.shown:
            new: Sequence[int | None] = e.cards
        elif self.v.is_stud:
            ups = self.hand.up[k]
            before = [c for j, c in enumerate(before) if ups[j]]
            new = e.up
            if not new:
                return
        else:
            return
        if before:
            self.out.append(f"Dealt to {self.names[k]} [{_cards(before)}] [{_cards(new)}]")
        else:
            self.out.append(f"Dealt to {self.names[k]} [{_cards(new)}]")

    def board_line(self, cards: Sequence[int]) -> None:
        before = list(self.board)
        self.board.extend(cards)
        label = _FLOP_STREETS.get(len(self.board), "BOARD")
        if before and label != "FLOP":
            self.out.append(f"*** {label} *** [{_cards(before)}] [{_cards(cards)}]")
        else:
            self.out.append(f"*** {label} *** [{_cards(self.board)}]")

    def run_line(self, run: int, cards: Sequence[int]) -> None:
        board = self.runs[run - 1]
        if not board:
            board.extend(self.board)
        before = list(board)
        board.extend(cards)
        which = "FIRST" if run == 1 else "SECOND"
        label = _FLOP_STREETS.get(len(board), "BOARD")
        if before and label != "FLOP":
            self.out.append(f"*** {which} {label} *** [{_cards(before)}] [{_cards(cards)}]")
        else:
            self.out.append(f"*** {which} {label} *** [{_cards(board)}]")

    def bet(self, e: ev.BetOrRaised, name: str) -> None:
        self.stacks[e.seat] -= e.amount
        self.voluntary[e.seat] = True
        tail = self.all_in(e.seat)
        if self.v.is_stud and self.street == 0 and self.current <= self.cfg.bring_in:
            self.out.append(f"{name}: completes it to {e.to}{tail}")
        elif self.current == 0:
            self.out.append(f"{name}: bets {e.to}{tail}")
        else:
            self.out.append(f"{name}: raises {e.to - self.current} to {e.to}{tail}")
        self.bets[e.seat] = e.to
        self.current = max(self.current, e.to)

    def discard(self, e: ev.Discarded, name: str) -> None:
        k = e.seat
        mine = e.audience == k
        if mine != self.sees(k):
            return  # the other copy of the same draw is written
        if not e.count:
            self.out.append(f"{name}: stands pat")
            return
        cards = f" [{_cards(e.cards)}]" if mine and e.cards else ""
        self.out.append(f"{name}: discards {e.count} card{'s' * (e.count != 1)}{cards}")
        if mine:
            kept = list(self.known[k])
            for c in e.cards:
                if c in kept:
                    kept.remove(c)
            self.known[k] = kept

    def to_showdown(self) -> None:
        if not self.showdown_header:
            self.showdown_header = True
            self.out.append("*** SHOW DOWN ***")

    def show(self, e: ev.HandShown, name: str, *, early: bool) -> None:
        """A hand turned up: at once when an all-in is called with cards to come, with
        its description at the showdown; never twice."""
        k = e.seat
        if k in self.shown:
            self.shown[k] = e.cards
            return
        self.shown[k] = e.cards
        if early:
            self.out.append(f"{name}: shows [{_cards(e.cards)}]")
            return
        self.to_showdown()
        desc = ps_description(self.hand, k, self.hand.board)
        self.out.append(f"{name}: shows [{_cards(e.cards)}]" + (f" ({desc})" if desc else ""))

    def award(self, e: ev.PotAwarded) -> None:
        if self.hand.runs:
            last = self.last_award
            new_run = last is None or e.pot > last.pot or (
                e.pot == last.pot and not (last.half == "high" and e.half == "low"))
            if new_run and self.run < 2:
                self.run += 1
                self.out.append(f"*** {'FIRST' if self.run == 1 else 'SECOND'} SHOW DOWN ***")
            self.last_award = e
        elif self.shown or self.mucked:
            self.to_showdown()
        pots = self.pot_count()
        if pots == 1:
            pot = "pot"
        elif e.pot == 0:
            pot = "main pot"
        else:
            pot = "side pot" if pots == 2 else f"side pot-{e.pot}"
        for seat, chips in e.amounts:
            self.collected[seat] = self.collected.get(seat, 0) + chips
            if self.run:
                runs = self.run_collected[self.run - 1]
                runs[seat] = runs.get(seat, 0) + chips
            self.pot_totals[e.pot] = self.pot_totals.get(e.pot, 0) + chips
            self.out.append(f"{self.names[seat]} collected {chips} from {pot}")
            if seat not in self.shown and seat not in self.silent and not self.hand.runs:
                self.silent.add(seat)
                self.out.append(f"{self.names[seat]}: doesn't show hand")

    def pot_count(self) -> int:
        return 1 + max((e.pot for e in self.hand.events if isinstance(e, ev.PotAwarded)),
                       default=0)

    # ------------------------------------------------------------- summary

    def summary(self) -> None:
        hand = self.hand
        total = sum(self.collected.values()) + hand.rake
        pots = ""
        if len(self.pot_totals) > 1:
            sides = sorted(k for k in self.pot_totals if k)
            pots = f" Main pot {self.pot_totals.get(0, 0) + hand.rake}."
            for k in sides:
                label = "Side pot" if len(sides) == 1 else f"Side pot-{k}"
                pots += f" {label} {self.pot_totals[k]}."
        self.out.append("*** SUMMARY ***")
        self.out.append(f"Total pot {total}{pots} | Rake {hand.rake}")
        if hand.runs:
            self.out.append("Hand was run twice")
            for which, board in zip(("FIRST", "SECOND"), hand.runs, strict=False):
                self.out.append(f"{which} Board [{_cards(board)}]")
        elif self.board:
            self.out.append(f"Board [{_cards(self.board)}]")
        for k in self.seat_order():
            self.out.append(self.seat_summary(k))

    def seat_summary(self, k: int) -> str:
        roles = self.roles
        text = f"Seat {self.seat_numbers[k]}: {self.names[k]}"
        if k == roles.button:
            text += " (button)"
        if k == roles.small_blind:
            text += " (small blind)"
        elif k == roles.big_blind:
            text += " (big blind)"
        won = self.collected.get(k, 0)
        if k in self.shown and k not in self.mucked:
            cards = f" showed [{_cards(self.shown[k])}] and "
            if self.hand.runs:
                parts = []
                for run, board in enumerate(self.hand.runs):
                    desc = ps_description(self.hand, k, board)
                    chips = self.run_collected[run].get(k, 0)
                    result = f"won ({chips})" if chips else "lost"
                    parts.append(result + (f" with {desc}" if desc else ""))
                return text + cards + ", and ".join(parts)
            desc = ps_description(self.hand, k, self.hand.board)
            result = f"won ({won})" if won else "lost"
            return text + cards + result + (f" with {desc}" if desc else "")
        if k in self.mucked:
            hole = self.hand.hole[k]
            if self.sees(k) and None not in hole:
                return text + f" mucked [{_cards(hole)}]"
            return text + " mucked"
        if won:
            return text + f" collected ({won})"
        if k in self.fold_street:
            street = self.fold_street[k]
            tail = "" if street or self.voluntary[k] else " (didn't bet)"
            return text + f" folded {self.fold_words(street)}{tail}"
        return text + " lost"

    def fold_words(self, street: int) -> str:
        if self.v.is_stud:
            return f"on the {_STUD_FOLDS[min(street, 4)]}"
        if self.v.is_draw:
            if len(self.v.streets) == 2:
                return "before the Draw" if street == 0 else "after the Draw"
            return "before the Draw" if street == 0 else f"after the {_ORDINALS[street - 1]} Draw"
        return ("before Flop", "on the Flop", "on the Turn", "on the River")[min(street, 3)]
