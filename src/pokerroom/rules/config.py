"""The configuration of one hand: game, stakes, players and their stacks, forced bets, options.

Positions are numbered in dealing order: position 0 is the first player left of the
button and the last position is the button (D4).  In stud there is no button; position 0
is the first player left of the dealer.  Heads-up, position 1 is the button and posts
the small blind (F4): use :func:`button_blinds` to place blinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Literal

from pokerroom.errors import ConfigError
from pokerroom.rules.variants import Variant


class Structure(Enum):
    """Betting structures (B5-B8)."""

    NO_LIMIT = "no_limit"
    POT_LIMIT = "pot_limit"
    FIXED_LIMIT = "fixed_limit"
    SPREAD_LIMIT = "spread_limit"

    @property
    def is_limit(self) -> bool:
        """Fixed or spread limit: bets come in set sizes or ranges (B5, B6)."""
        return self in (Structure.FIXED_LIMIT, Structure.SPREAD_LIMIT)


def button_blinds(players: int, *amounts: int) -> tuple[int, ...]:
    """Blind amounts per position for ``players`` players: small, big, then straddles (F2-F4).

    Heads-up the button (position 1) posts the small blind and position 0 the big blind.
    """
    if players < 2:
        raise ConfigError(f"a hand needs at least two players, got {players}")
    if len(amounts) > players:
        raise ConfigError(f"{len(amounts)} blinds cannot be posted by {players} players")
    blinds = [0] * players
    if players == 2 and len(amounts) == 2:
        blinds[1], blinds[0] = amounts
        return tuple(blinds)
    for i, amount in enumerate(amounts):
        blinds[i] = amount
    return tuple(blinds)


@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything needed to deal one hand (with a deck order and the actions).

    - ``antes``: per position, dead money posted before the deal (F1); a big-blind
      ante is the whole table's ante at the big blind's position (F7).
    - ``blinds``: per position, live blinds and straddles (F2-F5, F11).  Preflop
      action starts left of the largest.  A short blind does not lower the bet
      (F8).
    - ``posts``: per position, live posts by new or returning players (F13) that do
      not change who acts first.
    - ``dead``: per position, dead money (the dead part of made-up blinds, T8).
    - ``unposted_blinds``: chips of blinds the structure calls for that nobody
      posts (a dead small blind on an empty seat, T2).  Pot limit counts them,
      and the missing part of a short blind (F8), in the pot before the flop
      (TDA 54-B); nothing else changes.
    - ``min_bet``: no/pot limit, the smallest bet (normally the big blind, B8);
      spread limit, the smallest bet; ``max_bet`` is spread limit's largest.
    - ``small_bet`` / ``big_bet``: fixed limit sizes (B5, B15).
    - ``raise_cap``: limit games, bets plus raises allowed per round (B5);
      None for no cap.  As in Robert's Rules the cap is for pots of three or more
      players not all-in: reached heads-up, raising goes on; reached multiway, it
      holds for the round.  ``cap_heads_up`` keeps the cap with two players.
    - ``limit_short_raise``: fixed limit, what the next raise is after an all-in
      of at least half a bet, which counts as a full bet (TDA 47-B, house option):
      ``"full_bet_over"`` (default, Robert's Rules: a full bet on top, 150 of 100s
      is raised to 250) or ``"complete"`` (to the next full bet level, 200).  Over
      an all-in of less than half a bet the next raise completes the bet (200
      over 140) either way.
    - ``bba_order``: big-blind ante when the big blind cannot cover both (F7).
    - ``rake_percent``/``rake_cap``/``no_flop_no_drop``: S11, none by default.
      "No flop, no drop" also spares stud and draw hands that end in their
      first betting round.
    - ``chip_unit``: the smallest chip in play, for splitting pots (S10).
    - ``auto_showdown``: True turns every hand up at showdown in order (cards
      speak); False asks each player to show or muck (S4).
    - ``full_bring_in``: fixed-limit stud whose bring-in is the whole small bet
      (F10; ENC: "rare and not recommended"), how the bring-in player keeps the
      right to raise: ``"live"`` (default: the bring-in is live like a blind, with
      the option to raise when everyone calls) or ``"raise"`` (the bring-in player
      may come in for a raise at once, and has no option later).  Either way the
      bring-in is a full bet: the next player calls it or raises a full bet.
    """

    variant: Variant
    structure: Structure
    stacks: tuple[int, ...]
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    posts: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    unposted_blinds: int = 0
    bring_in: int = 0
    min_bet: int = 0
    max_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = 4
    cap_heads_up: bool = False
    limit_short_raise: Literal["full_bet_over", "complete"] = "full_bet_over"
    bba_order: Literal["ante_first", "blind_first"] = "ante_first"
    rake_percent: float = 0.0
    rake_cap: int = 0
    no_flop_no_drop: bool = True
    chip_unit: int = 1
    auto_showdown: bool = True
    open_pair_double: bool = False
    run_it_twice: bool = False  # all-in players agreed to run the rest of the board twice
    names: tuple[str, ...] = field(default=())
    full_bring_in: Literal["live", "raise"] = "live"

    def __post_init__(self) -> None:
        n = len(self.stacks)
        if n < 2:
            raise ConfigError(f"a hand needs at least two players, got {n}")
        if any(s < 0 for s in self.stacks):
            raise ConfigError(f"stacks cannot be negative: {list(self.stacks)}")
        for name in ("antes", "blinds", "posts", "dead"):
            values: tuple[int, ...] = getattr(self, name)
            if values and len(values) != n:
                raise ConfigError(
                    f"{name} has {len(values)} entries but there are {n} players; "
                    f"give one per position (0 for none) or leave it empty"
                )
            if any(v < 0 for v in values):
                raise ConfigError(f"{name} cannot be negative: {list(values)}")
        if self.unposted_blinds < 0:
            raise ConfigError(f"unposted_blinds cannot be negative: {self.unposted_blinds}")
        structure = self.structure
        if structure in (Structure.NO_LIMIT, Structure.POT_LIMIT) and self.min_bet <= 0:
            raise ConfigError(f"{structure.value} needs min_bet > 0 (normally the big blind)")
        if structure is Structure.FIXED_LIMIT and not 0 < self.small_bet <= self.big_bet:
            raise ConfigError(
                "fixed limit needs 0 < small_bet <= big_bet, got "
                f"small_bet={self.small_bet}, big_bet={self.big_bet}"
            )
        if structure is Structure.SPREAD_LIMIT and not 0 < self.min_bet <= self.max_bet:
            raise ConfigError(
                f"spread limit needs 0 < min_bet <= max_bet, got {self.min_bet}, {self.max_bet}"
            )
        if self.variant.is_stud:
            if self.blinds and any(self.blinds):
                raise ConfigError(f"{self.variant.name} uses a bring-in, not blinds")
            if self.bring_in <= 0:
                raise ConfigError(f"{self.variant.name} needs bring_in > 0")
            if structure is Structure.FIXED_LIMIT and self.bring_in > self.small_bet:
                raise ConfigError(
                    f"a bring-in of {self.bring_in} is more than the small bet of "
                    f"{self.small_bet}: in fixed limit the bring-in is at most the small "
                    "bet (F10)")
        elif self.bring_in:
            raise ConfigError(f"{self.variant.name} uses blinds, not a bring-in")
        if self.full_bring_in not in ("live", "raise"):
            raise ConfigError(
                f"full_bring_in is 'live' or 'raise' (F10), got {self.full_bring_in!r}")
        if self.raise_cap is not None and self.raise_cap < 1:
            raise ConfigError(f"raise_cap must be at least 1 (a bet) or None, got {self.raise_cap}")
        if not 0 <= self.rake_percent < 1:
            raise ConfigError(f"rake_percent is a fraction in [0, 1), got {self.rake_percent}")
        if self.chip_unit < 1:
            raise ConfigError(f"chip_unit must be at least 1, got {self.chip_unit}")
        if self.names and len(self.names) != n:
            raise ConfigError(f"names has {len(self.names)} entries for {n} players")
        if self.variant.is_stud:
            # Every street but the last must be dealt from the deck; seventh street
            # can always be dealt, with a community card if need be (I9).
            early = self.variant.streets[:-1]
            before_last = sum(n * (s.down + s.up) + s.burn for s in early)
            if before_last > len(self.variant.deck):
                raise ConfigError(
                    f"{n} players need {before_last} cards before the last street of "
                    f"{self.variant.name} but the deck has {len(self.variant.deck)}"
                )
        cards_needed = n * self.variant.hole_cards + sum(s.board for s in self.variant.streets)
        if not self.variant.is_draw and not self.variant.is_stud and cards_needed > len(
            self.variant.deck
        ):
            raise ConfigError(
                f"{n} players need {cards_needed} cards but the deck has {len(self.variant.deck)}"
            )

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled by mypyc (see setup.py) or not."""
        return (_rebuild, (tuple(getattr(self, f.name) for f in fields(HandConfig)),))

    def __setstate__(self, state: list[object]) -> None:
        """A pickle made before configurations pickled by :meth:`__reduce__` (a
        stored tournament's hand): the dataclass's state, its fields' values in order."""
        # Fields added since (at the end) take their defaults.
        every = fields(HandConfig)
        for f, value in zip(every, state, strict=False):
            object.__setattr__(self, f.name, value)
        for f in every[len(state):]:
            object.__setattr__(self, f.name, f.default)

    @property
    def players(self) -> int:
        """How many players are dealt in (one stack each)."""
        return len(self.stacks)


def _rebuild(values: tuple[object, ...]) -> HandConfig:
    """A pickled configuration made again from its fields' values, in order."""
    # A pickle made before fields were added (at the end) has fewer: they default.
    named: dict[str, Any] = {f.name: v for f, v in zip(fields(HandConfig), values, strict=False)}
    return HandConfig(**named)
