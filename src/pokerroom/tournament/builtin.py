"""Standard structures, built in.  Save one to a file to change it
(:func:`pokerroom.tournament.structure_files.save`).

- ``standard``: no-limit hold'em, 20,000 chips, 20-minute levels, big-blind ante
  from level 3, a break every four levels with colour-ups, late registration
  through level 6;
- ``turbo``: the same blinds, 10,000 chips, 10-minute levels;
- ``deepstack``: 50,000 chips, 30-minute levels;
- ``sit_and_go``: one table of nine, 1,500 chips, 10-minute levels;
- ``horse``, ``eight_game``, ``nine_game``: mixed games changing with each level
  (limits for the limit games and stud, blinds and a big-blind ante for the
  big-bet games).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import ConfigError
from pokerroom.tournament.structure import Break, FloorOptions, Level, Period, Structure

_HOLDEM_BLINDS = (
    (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400), (250, 500),
    (300, 600), (400, 800), (500, 1000), (600, 1200), (800, 1600), (1000, 2000),
    (1200, 2400), (1500, 3000), (2000, 4000), (2500, 5000), (3000, 6000), (4000, 8000),
    (5000, 10000), (6000, 12000), (8000, 16000), (10000, 20000), (15000, 30000),
    (20000, 40000), (25000, 50000), (30000, 60000), (40000, 80000), (50000, 100000),
    (60000, 120000), (80000, 160000), (100000, 200000),
)
_CHIPS = (25, 100, 500, 1000, 5000, 25000)


def _smallest_needed(amounts: Sequence[int], chips: Sequence[int]) -> int:
    return max(c for c in chips if all(a % c == 0 for a in amounts))


def holdem_schedule(
    *, level_seconds: int, break_every: int = 4, break_seconds: int = 600,
    ante_from: int = 3, blinds: Sequence[tuple[int, int]] = _HOLDEM_BLINDS,
    chips: Sequence[int] = _CHIPS,
) -> tuple[Period, ...]:
    """No-limit levels with a big-blind ante (the big blind's size) from level
    ``ante_from``, a break every ``break_every`` levels, and a colour-up at a break
    once no later level needs the smallest chip."""
    periods: list[Period] = []
    in_play = list(chips)
    for i, (sb, bb) in enumerate(blinds):
        n = i + 1
        ante = bb if n >= ante_from else 0
        periods.append(Level(level_seconds, small_blind=sb, big_blind=bb, ante=ante,
                             big_blind_ante=ante > 0))
        if n % break_every == 0 and n < len(blinds):
            rest = [a for s, b in blinds[i + 1:] for a in (s, b)]
            smallest = _smallest_needed(rest, in_play) if rest else in_play[-1]
            removed = tuple(c for c in in_play if c < smallest and len(in_play) > 1)
            removed = removed[: len(in_play) - 1]
            in_play = [c for c in in_play if c not in removed]
            periods.append(Break(break_seconds, color_up=removed))
    return tuple(periods)


def _round(amount: float, unit: int) -> int:
    return max(unit, int(amount) // unit * unit)


def mixed_schedule(
    *, small_bets: Sequence[int], level_seconds: int, break_every: int = 4,
    break_seconds: int = 600, chips: Sequence[int] = _CHIPS,
) -> tuple[Period, ...]:
    """Mixed-game levels from the limits: limit blinds half the small bet and the small
    bet; stud ante an eighth and bring-in a quarter of the small bet; big-bet blinds a
    quarter and a half of the small bet with a big-blind ante of the big blind."""
    unit = chips[0]
    periods: list[Period] = []
    for i, bet in enumerate(small_bets):
        bb = _round(bet / 2, unit)
        periods.append(Level(
            level_seconds, small_blind=_round(bet / 4, unit), big_blind=bb, ante=bb,
            big_blind_ante=True, small_bet=bet, big_bet=2 * bet,
            limit_small_blind=_round(bet / 2, unit), limit_big_blind=bet,
            stud_ante=_round(bet / 8, unit), bring_in=_round(bet / 4, unit),
        ))
        if (i + 1) % break_every == 0 and i + 1 < len(small_bets):
            periods.append(Break(break_seconds))
    return tuple(periods)


_MIXED_BETS = (200, 300, 400, 600, 800, 1000, 1200, 1600, 2000, 2400, 3000, 4000, 5000,
               6000, 8000, 10000, 12000, 16000, 20000, 24000, 30000, 40000, 50000, 60000,
               80000, 100000)


def _build() -> dict[str, Structure]:
    return {
        s.name: s
        for s in (
            Structure("standard", 20000, holdem_schedule(level_seconds=1200),
                      late_registration_levels=6, buy_in=100_00, fee=10_00),
            Structure("turbo", 10000, holdem_schedule(level_seconds=600, break_every=6,
                                                      break_seconds=300),
                      late_registration_levels=4, buy_in=50_00, fee=5_00),
            Structure("deepstack", 50000, holdem_schedule(level_seconds=1800),
                      late_registration_levels=8, buy_in=250_00, fee=25_00),
            Structure("sit_and_go", 1500, holdem_schedule(
                level_seconds=600, break_every=100, ante_from=7,
                blinds=((10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200),
                        (150, 300), (200, 400), (300, 600), (400, 800), (600, 1200),
                        (800, 1600), (1000, 2000), (1500, 3000), (2000, 4000)),
                chips=(5, 25, 100, 500, 1000)), chips=(5, 25, 100, 500, 1000),
                buy_in=10_00, fee=1_00, payouts="standard"),
            Structure("horse", 15000, mixed_schedule(small_bets=_MIXED_BETS,
                                                     level_seconds=1200),
                      game="horse", late_registration_levels=4, buy_in=150_00, fee=15_00,
                      floor=FloorOptions(final_table_seats=6), seats=6),
            Structure("eight_game", 15000, mixed_schedule(small_bets=_MIXED_BETS,
                                                          level_seconds=1200),
                      game="eight_game", late_registration_levels=4, seats=6,
                      floor=FloorOptions(final_table_seats=6), buy_in=150_00, fee=15_00),
            Structure("nine_game", 30000, mixed_schedule(small_bets=_MIXED_BETS,
                                                         level_seconds=1800),
                      game="nine_game", seats=6, floor=FloorOptions(final_table_seats=6),
                      buy_in=500_00, fee=25_00),
        )
    }


STRUCTURES: dict[str, Structure] = _build()


def structure(name: str) -> Structure:
    """A built-in structure by name."""
    try:
        return STRUCTURES[name]
    except KeyError:
        raise ConfigError(
            f"unknown structure {name!r}; built in: {', '.join(sorted(STRUCTURES))}"
        ) from None
