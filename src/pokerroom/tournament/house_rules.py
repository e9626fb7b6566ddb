"""The table rules a tournament chooses where the rulebooks leave the choice to the
house (B5, B9, F10, I3-I5, I9).

A tournament's tables deal by the TDA rules, and most of a cash table's house
options do not apply to it: the dead button (P2) leaves no missed blinds to make
up and no seat changes to price, the button is drawn at random (P1, LVH B4), the
big-blind ante order is the floor's (``FloorOptions.bba_order``, F7) and open
pairs never double the bet (TDA RP-10-F).  What is left to the house, and what
real rooms write into an event's structure sheet, is here:

- ``raise_cap`` (B5): bets in a fixed-limit round, a bet and three raises by
  default (some series allow four); 0 for no cap.  Heads-up there is never a cap.
- ``limit_short_raise`` (B9, TDA 47-B): after an all-in of at least half a bet
  re-opens a fixed-limit round, the next raise is a full bet on top of it
  (``"full_bet_over"``, the default) or completes to the next full bet
  (``"complete"``); the TDA states neither.
- ``full_bring_in`` (F10): a stud level whose bring-in is the whole small bet
  makes the bring-in live like a blind (``"live"``) or lets it come in for a raise
  (``"raise"``).
- ``irregularity_procedures`` (I3-I5, I9): the older TDA procedures the catalogue
  writes down (``"seed"``) or the 2024 TDA text (``"tda2024"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerroom.errors import ConfigError
from pokerroom.table import Stakes
from pokerroom.tournament.games import Game

DEFAULT_RAISE_CAP = 4  # B5: a bet and three raises


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The tournament's choices of table rules, with the catalogue's defaults (see
    the module's text).  :meth:`check` refuses a value that is not one of the
    choices or a choice for a game the event does not deal."""

    raise_cap: int = DEFAULT_RAISE_CAP
    limit_short_raise: Literal["full_bet_over", "complete"] = "full_bet_over"
    full_bring_in: Literal["live", "raise"] = "live"
    irregularity_procedures: Literal["seed", "tda2024"] = "seed"

    def check(self, games: Sequence[Game]) -> None:
        """A :class:`~pokerroom.errors.ConfigError` naming the field (``house.raise_cap``)
        for a value out of its choices, or set away from its default for games the
        event never deals (``games``: every game of the schedule)."""
        cap = self.raise_cap
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
            raise ConfigError(
                f"house.raise_cap is the bets allowed in a fixed-limit round (B5): a whole "
                f"number from 1 (a bet, no raise), or 0 for no cap; got {cap!r}")
        _one_of("limit_short_raise", self.limit_short_raise, ("full_bet_over", "complete"),
                "B9, TDA 47-B")
        _one_of("full_bring_in", self.full_bring_in, ("live", "raise"), "F10")
        _one_of("irregularity_procedures", self.irregularity_procedures, ("seed", "tda2024"),
                "I3-I5, I9")
        names = ", ".join(dict.fromkeys(g.key for g in games))
        if not any(g.is_limit for g in games):
            for name, rule in (("raise_cap", "B5"), ("limit_short_raise", "B9")):
                if getattr(self, name) != _DEFAULTS[name]:
                    raise ConfigError(
                        f"house.{name} is a fixed-limit rule ({rule}) and this event deals "
                        f"no fixed-limit game ({names}): leave it at "
                        f"{_DEFAULTS[name]!r}")
        if self.full_bring_in != "live" and not any(g.is_stud for g in games):
            raise ConfigError(
                f"house.full_bring_in is a stud rule (F10) and this event deals no stud "
                f"game ({names}): leave it at 'live'")

    def apply(self, stakes: Stakes) -> Stakes:
        """``stakes`` with the betting choices (B5, B9, F10) of this house; a game they
        do not concern is unchanged."""
        if not stakes.is_limit:
            return stakes
        return dataclasses.replace(
            stakes,
            raise_cap=self.raise_cap or None,
            limit_short_raise=self.limit_short_raise,
            full_bring_in=self.full_bring_in if stakes.game.is_stud else stakes.full_bring_in,
        )


_DEFAULTS = {f.name: f.default for f in dataclasses.fields(HouseRules)}


def _one_of(name: str, value: object, allowed: tuple[str, ...], rule: str) -> None:
    if value not in allowed:
        raise ConfigError(f"house.{name} is one of {', '.join(repr(a) for a in allowed)} "
                          f"({rule}), got {value!r}")
