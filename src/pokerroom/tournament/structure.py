"""A tournament structure: levels, breaks, stacks, chips, rebuys, add-ons, late
registration, the floor's house options (P3, P4, P5, P7, P9) and the table rules the
house chooses (:class:`~pokerroom.tournament.house_rules.HouseRules`: B5, B9, F10, I3-I5,
I9).

Everything here is a frozen value checked when it is made; an impossible
structure raises :class:`~pokerroom.errors.ConfigError` naming the field
(``schedule[4].big_blind``), so a structure file can be fixed from the message.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from pokerroom.errors import ConfigError
from pokerroom.table import Stakes
from pokerroom.tournament.games import Game, rotation, stakes_for
from pokerroom.tournament.house_rules import HouseRules


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the clock and the sizes that apply during it.

    Big-bet blind games use ``small_blind``/``big_blind`` and ``ante`` (the whole
    table's ante, paid by the big blind, when ``big_blind_ante``: F7, P4).  Limit
    games use ``small_bet``/``big_bet`` (blinds ``limit_small_blind``/
    ``limit_big_blind``, by default half the small bet and the small bet).  Stud
    uses the limits with ``stud_ante`` and ``bring_in``.  ``game`` fixes the game
    of this level; otherwise the structure's rotation decides.
    """

    seconds: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    small_bet: int = 0
    big_bet: int = 0
    limit_small_blind: int = 0
    limit_big_blind: int = 0
    stud_ante: int = 0
    bring_in: int = 0
    game: str | None = None

    def amounts(self) -> dict[str, int]:
        """The chip amounts of this level, by field name (for the chip checks)."""
        names = ("small_blind", "big_blind", "ante", "small_bet", "big_bet",
                 "limit_small_blind", "limit_big_blind", "stud_ante", "bring_in")
        return {n: getattr(self, n) for n in names if getattr(self, n)}


@dataclass(frozen=True, slots=True)
class Break:
    """A break; ``color_up`` lists the chips taken out of play at it (P9)."""

    seconds: int
    color_up: tuple[int, ...] = ()


Period = Level | Break

# Stud: 6 players x 7 cards + 4 burns = 46 cards always fit the deck; 7 players may not.
# I9: eight stud players take 52 cards to sixth street (six each and four burns);
# seventh street then comes from the RP-10-H short-stub procedure.  A ninth would
# need more cards before seventh street than the deck holds.
MAX_STUD_SEATS = 8


@dataclass(frozen=True, slots=True)
class Rebuy:
    """Rebuys: ``chips`` for ``price``, through the end of level ``last_level``, when
    the stack is at or below ``threshold`` (0: only after busting), at most
    ``max_per_entry`` times (None: no limit)."""

    chips: int
    price: int
    last_level: int
    threshold: int = 0
    max_per_entry: int | None = None


@dataclass(frozen=True, slots=True)
class AddOn:
    """One add-on per entry: ``chips`` for ``price``, from the end of level
    ``after_level`` until the next level starts (the break between them)."""

    chips: int
    price: int
    after_level: int


@dataclass(frozen=True, slots=True)
class FloorOptions:
    """The tournament director's house options, with the catalogue's defaults."""

    balance_tolerance: int = 1  # P7: tables kept within this many players
    halt_shortage: int = 3  # TDA 11-D: a table this many short of the largest halts
    final_table_seats: int | None = None  # RP-9; None: by the event's table size
    hand_for_hand: bool = True  # P5: start it by itself near the money bubble ...
    hand_for_hand_margin: int = 2  # ... with this many more players left than paid (RP-8-A)
    hand_for_hand_seconds: int = 120  # P5: taken off the clock per hand (2024: at most 180)
    push_hold_seconds: int = 90  # P3
    bba_order: Literal["ante_first", "blind_first"] = "ante_first"  # F7
    bust_order: Literal["start_of_hand", "after_antes"] = "start_of_hand"  # P6
    payout_unit: int = 1  # P10: payouts are multiples of this (the rest goes to 1st)

    def final_seats(self, seats: int) -> int:
        """RP-9: 9- and 8-handed events finish at a 9-handed final table, 7- and
        6-handed events at a 7-handed one; otherwise the table size."""
        if self.final_table_seats is not None:
            return self.final_table_seats
        return {8: 9, 9: 9, 6: 7, 7: 7}.get(seats, seats)


@dataclass(frozen=True, slots=True)
class Structure:
    """Everything about an event that is fixed before it starts."""

    name: str
    starting_stack: int
    schedule: tuple[Period, ...]
    game: str = "nlhe"  # a game key or a rotation name ("horse")
    rotation: tuple[str, ...] = ()  # a custom rotation of game keys, by level
    seats: int = 9
    chips: tuple[int, ...] = (25, 100, 500, 1000, 5000, 25000)
    late_registration_levels: int = 0  # registration open through the end of this level
    reentries: int = 0  # new entries allowed per player after busting (late registration)
    buy_in: int = 0  # to the prize pool, per entry
    fee: int = 0  # to the house, per entry
    guarantee: int = 0
    rebuy: Rebuy | None = None
    add_on: AddOn | None = None
    payouts: str = "standard"
    floor: FloorOptions = field(default_factory=FloorOptions)
    house: HouseRules = field(default_factory=HouseRules)
    # Knockout: on each entry's head, paid to who busts it (bounties.py).  Last: a
    # pickled structure's fields are read in order, and older ones end before it.
    bounty: int = 0

    def __post_init__(self) -> None:
        _validate(self)

    # ------------------------------------------------------------- levels

    def levels(self) -> list[Level]:
        """The levels of the schedule, in order, without the breaks."""
        return [p for p in self.schedule if isinstance(p, Level)]

    @property
    def level_count(self) -> int:
        """How many levels the schedule has (past the last, it goes on)."""
        return sum(1 for p in self.schedule if isinstance(p, Level))

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); past the last level, the last one goes on."""
        levels = self.levels()
        if number < 1:
            raise ConfigError(f"levels are numbered from 1, got {number}")
        return levels[min(number, len(levels)) - 1]

    def games(self) -> tuple[Game, ...]:
        """The games of the rotation in order (one game for a single-game event)."""
        return rotation(list(self.rotation) if self.rotation else self.game)

    def game_at(self, number: int) -> Game:
        """The game of level ``number``: the level's own, else the rotation by level."""
        lvl = self.level(number)
        if lvl.game is not None:
            return rotation(lvl.game)[0]
        games = self.games()
        return games[(number - 1) % len(games)]

    def stakes_at(self, number: int) -> Stakes:
        """The table stakes of level ``number``: its game at its sizes, with the house's
        betting rules (B5, B9, F10)."""
        return self.house.apply(stakes_for(self.game_at(number), self.level(number),
                                           where=f"level {number}"))

    def dealt_games(self) -> tuple[Game, ...]:
        """Every game the schedule deals: the rotation's and the levels' own."""
        own = tuple(rotation(lv.game)[0] for lv in self.levels() if lv.game is not None)
        return tuple(dict.fromkeys((*self.games(), *own)))

    @property
    def mixed(self) -> bool:
        """True when the game changes: a rotation of several games, or levels with their own."""
        return len(self.games()) > 1 or any(lv.game for lv in self.levels())

    def chips_at(self, number: int) -> tuple[int, ...]:
        """The chips in play during level ``number`` (after earlier colour-ups)."""
        chips = list(self.chips)
        seen = 0
        for p in self.schedule:
            if isinstance(p, Level):
                seen += 1
                if seen >= number:
                    break
            else:
                chips = [c for c in chips if c not in p.color_up]
        return tuple(chips)

    @property
    def final_table_seats(self) -> int:
        """Seats at the final table (the floor options' choice, else the table size)."""
        return self.floor.final_seats(self.seats)


# ------------------------------------------------------------------ checks


def _positive(value: int, where: str, *, zero: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{where} must be a whole number, got {value!r}")
    if value < 0 or (value == 0 and not zero):
        raise ConfigError(f"{where} must be {'>= 0' if zero else '> 0'}, got {value}")


def _periods(s: Structure) -> Iterator[tuple[int, Period, int]]:
    """(index in schedule, period, number of the level at or before it)."""
    number = 0
    for i, p in enumerate(s.schedule):
        if isinstance(p, Level):
            number += 1
        yield i, p, number


def _validate(s: Structure) -> None:
    if not s.name.strip():
        raise ConfigError("name must not be empty")
    _positive(s.starting_stack, "starting_stack")
    if not 2 <= s.seats <= 10:
        raise ConfigError(f"seats must be 2-10 (players per table), got {s.seats}")
    _validate_chips(s)
    if not s.schedule:
        raise ConfigError("schedule must hold at least one level")
    if not isinstance(s.schedule[0], Level):
        raise ConfigError("schedule[0] must be a level: an event starts with play")
    games = s.games()  # checks the game / rotation names
    del games
    chips = list(s.chips)
    for i, p, number in _periods(s):
        where = f"schedule[{i}]"
        _positive(p.seconds, f"{where}.seconds")
        if isinstance(p, Break):
            for c in p.color_up:
                if c not in chips:
                    raise ConfigError(
                        f"{where}.color_up: chip {c} is not in play (chips in play: "
                        f"{chips})"
                    )
            left = [c for c in chips if c not in p.color_up]
            if not left:
                raise ConfigError(f"{where}.color_up would take every chip out of play")
            if sorted(p.color_up) != chips[: len(p.color_up)]:
                raise ConfigError(
                    f"{where}.color_up: a colour-up takes out the smallest chips first "
                    f"(in play: {chips}), got {list(p.color_up)}"
                )
            chips = left
            continue
        if p.game is not None:
            rotation(p.game)
        for name, amount in p.amounts().items():
            _positive(amount, f"{where}.{name}", zero=True)
            if amount % chips[0]:
                raise ConfigError(
                    f"{where}.{name}: {amount} is not a multiple of the smallest chip in "
                    f"play ({chips[0]})"
                )
        stakes_for(s.game_at(number), p, where=where)
    levels = s.level_count
    if not 0 <= s.late_registration_levels <= levels:
        raise ConfigError(
            f"late_registration_levels must be 0-{levels} (the levels in the schedule), "
            f"got {s.late_registration_levels}"
        )
    for name in ("reentries", "buy_in", "fee", "bounty", "guarantee"):
        _positive(getattr(s, name), name, zero=True)
    if s.rebuy is not None:
        r = s.rebuy
        _positive(r.chips, "rebuy.chips")
        _positive(r.price, "rebuy.price", zero=True)
        _positive(r.threshold, "rebuy.threshold", zero=True)
        if not 1 <= r.last_level <= levels:
            raise ConfigError(f"rebuy.last_level must be 1-{levels}, got {r.last_level}")
        if r.max_per_entry is not None:
            _positive(r.max_per_entry, "rebuy.max_per_entry")
        if r.chips % s.chips[0]:
            raise ConfigError(f"rebuy.chips: {r.chips} is not a multiple of the smallest "
                              f"chip ({s.chips[0]})")
    if s.add_on is not None:
        a = s.add_on
        _positive(a.chips, "add_on.chips")
        _positive(a.price, "add_on.price", zero=True)
        if not 1 <= a.after_level <= levels:
            raise ConfigError(f"add_on.after_level must be 1-{levels}, got {a.after_level}")
    f = s.floor
    _positive(f.balance_tolerance, "floor.balance_tolerance")
    _positive(f.halt_shortage, "floor.halt_shortage")
    _positive(f.hand_for_hand_seconds, "floor.hand_for_hand_seconds")
    _positive(f.hand_for_hand_margin, "floor.hand_for_hand_margin")
    _positive(f.push_hold_seconds, "floor.push_hold_seconds", zero=True)
    _positive(f.payout_unit, "floor.payout_unit")
    if f.bba_order not in ("ante_first", "blind_first"):
        raise ConfigError(f"floor.bba_order must be 'ante_first' or 'blind_first', got "
                          f"{f.bba_order!r}")
    if f.bust_order not in ("start_of_hand", "after_antes"):
        raise ConfigError(f"floor.bust_order must be 'start_of_hand' or 'after_antes', got "
                          f"{f.bust_order!r}")
    if not isinstance(s.house, HouseRules):
        raise ConfigError(f"house must be HouseRules, got {s.house!r}")
    s.house.check(s.dealt_games())
    final = f.final_seats(s.seats)
    if not 2 <= final <= 10:
        raise ConfigError(f"floor.final_table_seats must be 2-10, got {final}")
    stud = [g.key for g in s.games() if g.is_stud] + [
        lv.game for lv in s.levels() if lv.game and rotation(lv.game)[0].is_stud]
    if stud and max(s.seats, final) > MAX_STUD_SEATS:
        field_name = "seats" if s.seats > MAX_STUD_SEATS else "floor.final_table_seats"
        raise ConfigError(
            f"{field_name}: {stud[0]} deals seven cards to each player, and more than "
            f"{MAX_STUD_SEATS} players need more cards before seventh street than the deck "
            f"holds (seventh street itself is dealt by TDA RP-10-H, with a community card "
            f"if need be); use at most {MAX_STUD_SEATS} seats, got "
            f"{max(s.seats, final)}"
        )


def _validate_chips(s: Structure) -> None:
    if not s.chips:
        raise ConfigError("chips must list at least one denomination")
    for i, c in enumerate(s.chips):
        _positive(c, f"chips[{i}]")
        if i and (c <= s.chips[i - 1] or c % s.chips[i - 1]):
            raise ConfigError(
                f"chips[{i}]: {c} must be larger than, and a multiple of, the chip before "
                f"it ({s.chips[i - 1]})"
            )
    if s.starting_stack % s.chips[0]:
        raise ConfigError(
            f"starting_stack: {s.starting_stack} is not a multiple of the smallest chip "
            f"({s.chips[0]})"
        )
