"""Side pots and splitting them (S1, S2, S8, S10)."""

from __future__ import annotations

from collections.abc import Sequence


def build_pots(contributed: Sequence[int], live: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """S1: split the chips put in into a main pot and side pots.

    Each pot is ``(amount, eligible seats)``; the main pot comes first.  A pot
    is contested by the live (unfolded) players who matched its level; chips
    of folded players are dead money in the pots up to what they put in.
    """
    levels = sorted({c for c, alive in zip(contributed, live, strict=True) if alive and c > 0})
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in levels:
        amount = 0
        for c in contributed:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = [i for i, c in enumerate(contributed) if live[i] and c >= level]
        if amount:
            pots.append((amount, eligible))
        previous = level
    residual = sum(c - previous for c in contributed if c > previous)
    if residual:
        # Dead money above every live player's level (cannot happen once uncalled
        # bets are returned, but never lose a chip).
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + residual, eligible)
        else:
            pots.append((residual, [i for i, alive in enumerate(live) if alive]))
    return pots


def split_evenly(amount: int, winners: Sequence[int], *, unit: int = 1) -> list[tuple[int, int]]:
    """S10: split ``amount`` among ``winners`` as evenly as the smallest chip allows.

    ``winners`` must already be in odd-chip order: the first gets the first odd
    chip (the first player left of the button, or the highest card by suit in
    stud).  Anything smaller than the unit also goes to the first winner.
    """
    k = len(winners)
    units, rest = divmod(amount, unit)
    each, odd = divmod(units, k)
    shares = [each * unit] * k
    for j in range(odd):
        shares[j] += unit
    shares[0] += rest
    return list(zip(winners, shares, strict=True))


def split_high_low(amount: int, *, unit: int = 1) -> tuple[int, int]:
    """S10: the odd chip of a high-low pot goes to the high half."""
    low = (amount // (2 * unit)) * unit
    return amount - low, low
