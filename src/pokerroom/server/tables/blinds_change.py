"""The host changes the stakes of a cash table between hands (issue 24): the blinds
(and ante) of a blind game, the ante, bring-in and bets of stud.

:func:`changed_stakes` checks a change against the table's stakes and makes the
stakes the next hand is dealt with; :func:`describe` says them in a line the log and
the page show ("blinds 2/4, ante 1").  Nothing here changes a table: the host's tools
(:mod:`pokerroom.server.tables.host_tools`) keep the change until the hand in progress
ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.server.wire.protocol import MAX_CHIPS
from pokerroom.table import Stakes

BLIND_SIZES = ("small_blind", "big_blind", "ante")
"""What a blind game's host may change."""
STUD_SIZES = ("ante", "bring_in", "small_bet", "big_bet")
"""What a stud game's host may change."""


def sizes_of(stakes: Stakes) -> tuple[str, ...]:
    """The sizes a host may change at a table with ``stakes``."""
    return STUD_SIZES if stakes.game.is_stud else BLIND_SIZES


def changed_stakes(stakes: Stakes, sizes: Mapping[str, int | None]) -> Stakes:
    """``stakes`` with ``sizes`` changed (a size given as None stays as it is).

    A fixed-limit blind game's bets follow its big blind (the small bet the big blind,
    the big bet twice it), as when the table was made.  Refused
    (:class:`~pokerroom.errors.ConfigError`, saying what is allowed) for a size this
    game does not have, an amount out of range, stakes no game could be dealt with
    (a small blind above the big blind, a bring-in above the small bet) and a change
    that changes nothing."""
    allowed = sizes_of(stakes)
    given: dict[str, Any] = {k: v for k, v in sizes.items() if v is not None}
    for name, value in given.items():
        if name not in allowed:
            raise ConfigError(f"a {stakes.game.name} table has no {name.replace('_', ' ')} "
                              f"to change: it may change {', '.join(allowed)}")
        if not 0 <= value <= MAX_CHIPS:
            raise ConfigError(f"{name.replace('_', ' ')} {value} is out of range: "
                              f"0 to {MAX_CHIPS}")
    if not given:
        raise ConfigError(f"nothing to change: give one or more of {', '.join(allowed)}")
    if (not stakes.game.is_stud and stakes.is_limit and "big_blind" in given):
        given = {**given, "small_bet": given["big_blind"], "big_bet": 2 * given["big_blind"]}
    new = dataclasses.replace(stakes, **given)  # Stakes checks itself: ConfigError
    if new == stakes:
        raise ConfigError(f"these are the stakes already ({describe(stakes)}): nothing "
                          "to change")
    return new


def describe(stakes: Stakes) -> str:
    """The stakes in a line: "blinds 2/4, ante 1" or "ante 1, bring-in 2, bets 5/10"."""
    if stakes.game.is_stud:
        parts = [f"ante {stakes.ante}"] if stakes.ante else []
        parts += [f"bring-in {stakes.bring_in}", f"bets {stakes.small_bet}/{stakes.big_bet}"]
        return ", ".join(parts)
    line = f"blinds {stakes.small_blind}/{stakes.big_blind}"
    return line + (f", ante {stakes.ante}" if stakes.ante else "")
