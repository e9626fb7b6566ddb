"""Side pots and splitting them (S1, S2, S8, S10)."""

from __future__ import annotations

from collections.abc import Sequence


def _layers(
    amounts: Sequence[int], live: Sequence[bool], capped: Sequence[bool]
) -> list[tuple[int, frozenset[int]]]:
    """Layer ``amounts`` by the levels of the live players whose amount is capped
    (all-in); uncapped live players are eligible for every layer."""
    levels = sorted({a for a, alive, cap in zip(amounts, live, capped, strict=True)
                     if alive and cap and a > 0})
    out: list[tuple[int, frozenset[int]]] = []
    previous = 0
    for level in [*levels, None]:
        amount = 0
        for a in amounts:
            if a > previous:
                amount += (a if level is None or a < level else level) - previous
        eligible = frozenset(
            i for i, a in enumerate(amounts)
            if live[i] and (not capped[i] or (level is not None and a >= level))
        )
        if amount:
            out.append((amount, eligible))
        if level is not None:
            previous = level
    return out


def build_pots(
    bets: Sequence[int],
    live: Sequence[bool],
    all_in: Sequence[bool],
    *,
    dead: Sequence[int] | None = None,
    short_dead: Sequence[bool] | None = None,
) -> list[tuple[int, list[int]]]:
    """S1: split the chips put in into a main pot and side pots.

    ``bets`` are the live chips each position put in (blinds, bets, calls); an
    all-in live player contests only the layers they matched.  ``dead`` is dead
    money (antes, dead blinds, F1, F7): it belongs to the main pot, except that
    a player who could not cover their own ante (``short_dead``) wins only the
    part matched.  Chips of folded players stay in as dead money.  Each pot is
    ``(amount, eligible positions)``, the main pot first.
    """
    n = len(bets)
    layers = _layers(bets, live, all_in)
    if dead is not None and any(dead):
        layers += _layers(dead, live, short_dead or [False] * n)
    merged: dict[frozenset[int], int] = {}
    orphan = 0
    for amount, positions in layers:
        if positions:
            merged[positions] = merged.get(positions, 0) + amount
        else:
            orphan += amount  # e.g. a folded player's chips above every live level
    pots = sorted(merged.items(), key=lambda kv: (-len(kv[0]), sorted(kv[0])))
    result = [(amount, sorted(positions)) for positions, amount in pots]
    if orphan:
        if not result:
            result.append((0, [i for i in range(n) if live[i]]))
        last, eligible = result[-1]
        result[-1] = (last + orphan, eligible)
    return result


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
