"""ICM chip equity (Malmuth-Harville) and deal suggestions at the final table.

Malmuth-Harville: a player finishes first with probability stack / total chips;
given who finished above, the next place goes the same way among the rest.  The
exact sum runs over the ordered sets of players in the paid places, which
:func:`finish_probabilities` computes by dynamic programming over subsets
(every subset of up to ``len(prizes)`` players: fine for a final table and for a
few paid places in a larger field).

Deals are exact money: they add up to the prizes left, rounded to a unit with
the largest remainders first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from pokerroom.errors import ConfigError

MAX_SUBSETS = 2_000_000


def finish_probabilities(stacks: Sequence[int], places: int) -> list[list[float]]:
    """``p[i][k]``: the chance player i finishes in place k+1 (k < ``places``)."""
    n = len(stacks)
    if n == 0:
        return []
    if any(s < 0 for s in stacks):
        raise ConfigError(f"stacks cannot be negative: {list(stacks)}")
    total = sum(stacks)
    if total <= 0:
        raise ConfigError("ICM needs chips in play")
    places = min(places, n)
    work = sum(comb(n, k) for k in range(places))
    if work > MAX_SUBSETS:
        raise ConfigError(
            f"exact ICM for {n} players and {places} places needs {work:,} subsets; use "
            "fewer places"
        )
    probs = [[0.0] * places for _ in range(n)]
    # layer[mask] = chance that exactly the players in mask took the top |mask| places
    layer: dict[int, float] = {0: 1.0}
    for k in range(places):
        nxt: dict[int, float] = {}
        for mask, p in layer.items():
            if p == 0.0:
                continue
            left = total - sum(stacks[i] for i in range(n) if mask >> i & 1)
            if left <= 0:
                continue
            for i in range(n):
                if mask >> i & 1 or stacks[i] == 0:
                    continue
                q = p * stacks[i] / left
                probs[i][k] += q
                if k + 1 < places:
                    m = mask | 1 << i
                    nxt[m] = nxt.get(m, 0.0) + q
        layer = nxt
    return probs


def icm_equity(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Each player's expected prize under Malmuth-Harville (prizes: 1st first)."""
    if not prizes:
        return [0.0] * len(stacks)
    probs = finish_probabilities(stacks, len(prizes))
    return [sum(p * prize for p, prize in zip(row, prizes, strict=False)) for row in probs]


def exact_shares(values: Sequence[float], total: int, *, unit: int = 1) -> list[int]:
    """Round ``values`` (which add up to ``total``) to multiples of ``unit`` that add up to
    exactly ``total``: largest remainders get the spare units; a part of a unit left
    over goes to the largest value."""
    if not values:
        return []
    units, rest = divmod(total, unit)
    scale = sum(values)
    raw = [v / scale * units if scale else units / len(values) for v in values]
    floors = [int(r) for r in raw]
    spare = units - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(raw[i] - floors[i]), -values[i], i))
    for i in order[:spare]:
        floors[i] += 1
    amounts = [f * unit for f in floors]
    amounts[max(range(len(values)), key=lambda i: (values[i], -i))] += rest
    return amounts


@dataclass(frozen=True, slots=True)
class DealSuggestion:
    """Two ways to split the money left among the players still in."""

    stacks: tuple[int, ...]
    prizes: tuple[int, ...]  # the prizes still to be won, 1st first
    kept_for_winner: int  # left in play for the winner, on top of the deal
    icm: tuple[int, ...]
    chip_chop: tuple[int, ...]
    equity: tuple[float, ...]  # unrounded ICM equity of the dealt money


def suggest_deal(
    stacks: Sequence[int], prizes: Sequence[int], *, keep_for_winner: int = 0, unit: int = 1
) -> DealSuggestion:
    """ICM and chip-chop deals of ``prizes`` (the places the players still in will take,
    one per player, 1st first) among players with ``stacks``.

    ``keep_for_winner`` comes off first place and stays to be played for.  The
    chip chop gives everyone the last prize left plus a share of the rest in
    proportion to chips.  Both add up to ``sum(prizes) - keep_for_winner``.
    """
    n = len(stacks)
    if len(prizes) != n:
        raise ConfigError(f"{n} players still in but {len(prizes)} prizes to deal")
    if list(prizes) != sorted(prizes, reverse=True):
        raise ConfigError("prizes must go from first place down")
    if not 0 <= keep_for_winner <= prizes[0] - (prizes[1] if n > 1 else 0):
        raise ConfigError(
            "keep_for_winner must be between 0 and the gap between first and second prize"
        )
    dealt = [prizes[0] - keep_for_winner, *prizes[1:]]
    total = sum(dealt)
    equity = icm_equity(stacks, dealt)
    icm = exact_shares(equity, total, unit=unit)
    floor = dealt[-1]
    chips = sum(stacks)
    chop_values = [floor + (total - floor * n) * s / chips for s in stacks]
    chop = exact_shares(chop_values, total, unit=unit)
    return DealSuggestion(
        tuple(stacks), tuple(prizes), keep_for_winner, tuple(icm), tuple(chop), tuple(equity)
    )
