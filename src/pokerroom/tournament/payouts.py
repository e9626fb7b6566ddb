"""Prize pools and payout tables (P10).

Money is whole units (cents, or whatever the room counts in).  Payouts are exact
(:func:`payouts`): each place gets its percentage of the pool rounded down to the
payout unit; the whole units rounding leaves go one each to 1st, 2nd, 3rd, ... and
any part of a unit (a pool that is not a multiple of the unit) to 1st, so the
payouts always add up to the prize pool.  Ties share the places they cover
(:func:`split_evenly`).

A payout table is a built-in one (:data:`PAYOUT_TABLES`) or the host's own
percentages, named ``"custom:50,30,20"`` (:func:`custom_payout_table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from pokerroom.errors import ConfigError


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Percentages by place for fields up to a size: ``tiers`` is a list of
    (largest field, percentages of 1st, 2nd, ...).  Fields larger than the last
    tier pay ``paid_fraction`` of the field on a harmonic curve (1st gets k
    shares, ..., place k one share, each divided by its place)."""

    name: str
    tiers: tuple[tuple[int, tuple[Fraction, ...]], ...]
    paid_fraction: Fraction = Fraction(15, 100)

    def __post_init__(self) -> None:
        last = 0
        for i, (size, pcts) in enumerate(self.tiers):
            if size <= last:
                raise ConfigError(f"payouts.tiers[{i}]: field sizes must increase, got {size}")
            smallest = last + 1 if last else 2  # a tournament has two players or more
            if len(pcts) > smallest:
                raise ConfigError(
                    f"payouts.tiers[{i}]: pays {len(pcts)} places but the smallest field of "
                    f"this tier has {smallest} players"
                )
            last = size
            if not pcts or any(p <= 0 for p in pcts):
                raise ConfigError(f"payouts.tiers[{i}]: percentages must be positive")
            if sum(pcts) != 100:
                raise ConfigError(
                    f"payouts.tiers[{i}]: percentages add up to {float(sum(pcts))}, not 100"
                )
            if list(pcts) != sorted(pcts, reverse=True):
                raise ConfigError(f"payouts.tiers[{i}]: a place never pays more than the "
                                  "place above it")
        if not 0 < self.paid_fraction <= 1:
            raise ConfigError("payouts.paid_fraction must be in (0, 1]")

    @classmethod
    def of(cls, name: str, tiers: Sequence[tuple[int, Sequence[float | int | str]]],
           paid_fraction: float | str = "0.15") -> PayoutTable:
        """Percentages as numbers or decimal strings (``"12.5"``), read exactly."""
        return cls(name, tuple((size, tuple(Fraction(str(p)) for p in pcts))
                               for size, pcts in tiers), Fraction(str(paid_fraction)))

    def percentages(self, entries: int) -> tuple[Fraction, ...]:
        """The percentage paid to each place for a field of ``entries``."""
        if entries < 1:
            return ()
        for size, pcts in self.tiers:
            if entries <= size:
                return pcts
        floor = len(self.tiers[-1][1]) if self.tiers else 1
        return _harmonic(max(floor, round(entries * self.paid_fraction)))

    def places_paid(self, entries: int) -> int:
        """How many places are paid for a field of ``entries``."""
        return len(self.percentages(entries))


@lru_cache(maxsize=64)
def _harmonic(paid: int) -> tuple[Fraction, ...]:
    """Percentages for ``paid`` places in proportion to 1, 1/2, 1/3, ..."""
    weights = [Fraction(1, k) for k in range(1, paid + 1)]
    total = sum(weights, Fraction(0))
    return tuple(100 * w / total for w in weights)


PAYOUT_TABLES: dict[str, PayoutTable] = {
    t.name: t
    for t in (
        PayoutTable.of("standard", [
            (4, [100]),
            (7, [65, 35]),
            (10, [50, 30, 20]),
            (20, [40, 25, 17, 10, 8]),
            (30, [35, 22, 15, 11, 9, 8]),
            (40, [32, 20, 14, 10, 8, 6, 5, 5]),
            (50, [30, 19, 13, 10, 8, 6, 5, 4, 3, 2]),
        ]),
        PayoutTable.of("winner_takes_all", [(1_000_000, [100])]),
        PayoutTable.of("top_three", [(1, [100]), (2, [65, 35]), (1_000_000, [50, 30, 20])]),
    )
}


CUSTOM_PREFIX = "custom:"
"""A structure's ``payouts`` that starts with this lists its own percentages."""
MAX_CUSTOM_PLACES = 100
"""The most places a custom payout table may list."""


def custom_payout_table(percentages: Sequence[float | int | str | Fraction]) -> PayoutTable:
    """P10: the host's own percentages of 1st, 2nd, ...: positive, never more for a
    place than for the one above it, adding up to exactly 100 (decimal strings or
    numbers, read exactly as written: ``33.33`` is 3333/100).  A field with fewer
    players than places listed pays one place fewer than it has players (at least
    one), those places sharing the whole pool in the listed proportions.

    >>> custom_payout_table(["60", "40"]).percentages(10)
    (Fraction(60, 1), Fraction(40, 1))
    >>> custom_payout_table([50, 30, 20]).percentages(3)
    (Fraction(125, 2), Fraction(75, 2))
    """
    pcts: list[Fraction] = []
    for i, p in enumerate(percentages):
        try:
            pcts.append(p if isinstance(p, Fraction) else Fraction(str(p)))
        except (ValueError, ZeroDivisionError):
            raise ConfigError(f"payout percentage {i + 1} ({p!r}) is not a number") from None
    if not 1 <= len(pcts) <= MAX_CUSTOM_PLACES:
        raise ConfigError(f"a payout table lists 1-{MAX_CUSTOM_PLACES} places, "
                          f"got {len(pcts)}")
    if any(p <= 0 for p in pcts):
        raise ConfigError("every payout percentage must be more than 0")
    if sum(pcts) != 100:
        raise ConfigError(f"the payout percentages add up to {float(sum(pcts)):g}, "
                          "they must add up to exactly 100")
    if pcts != sorted(pcts, reverse=True):
        raise ConfigError("a place never pays more than the place above it: list the "
                          "percentages from 1st down")
    tiers: list[tuple[int, tuple[Fraction, ...]]] = []
    for paid in range(1, len(pcts)):  # a field of paid + 1 players pays ``paid`` places
        head = pcts[:paid]
        scale = Fraction(100) / sum(head, Fraction(0))
        tiers.append((paid + 1, tuple(p * scale for p in head)))
    tiers.append((10**9, tuple(pcts)))
    name = CUSTOM_PREFIX + ",".join(_decimal(p) for p in pcts)
    return PayoutTable(name, tuple(tiers))


def _decimal(p: Fraction) -> str:
    """``p`` as the shortest exact decimal text (a custom table's name)."""
    if p.denominator == 1:
        return str(p.numerator)
    text = f"{float(p):.12g}"
    return text if Fraction(text) == p else f"{p.numerator}/{p.denominator}"


def payout_table(name: str) -> PayoutTable:
    """The built-in payout table ``name`` (:data:`PAYOUT_TABLES`), or a custom one
    named ``"custom:50,30,20"`` (:func:`custom_payout_table`); ConfigError names them."""
    if name.startswith(CUSTOM_PREFIX):
        return custom_payout_table(name[len(CUSTOM_PREFIX):].split(","))
    try:
        return PAYOUT_TABLES[name]
    except KeyError:
        raise ConfigError(
            f"unknown payout table {name!r}; known: {', '.join(sorted(PAYOUT_TABLES))}, "
            f"or {CUSTOM_PREFIX}<percentages of 1st, 2nd, ...>"
        ) from None


def prize_pool(*, entries: int, buy_in: int, rebuys: int = 0, rebuy_price: int = 0,
               add_ons: int = 0, add_on_price: int = 0, guarantee: int = 0) -> int:
    """Buy-ins, rebuys and add-ons (fees go to the house), at least the guarantee."""
    return max(guarantee, entries * buy_in + rebuys * rebuy_price + add_ons * add_on_price)


def payouts(pool: int, percentages: Sequence[Fraction], *, unit: int = 1) -> list[int]:
    """P10: the prize of each place, exact to the last cent: each place its percentage
    of ``pool`` rounded down to a multiple of ``unit``; the whole units this leaves
    (fewer than the places paid) go one each to 1st, 2nd, 3rd, ...; the part of a
    unit left when ``pool`` is not a multiple of ``unit`` goes to 1st.  Sums to
    ``pool``; no place pays more than the one above it.

    >>> from fractions import Fraction as F
    >>> payouts(81943, [F(50), F(30), F(20)], unit=500)   # $819.43, prizes in $5
    [41443, 24500, 16000]
    >>> payouts(100000, [F(34), F(33), F(33)], unit=2500)  # $1,000 in $25
    [35000, 32500, 32500]
    """
    if pool < 0:
        raise ConfigError(f"the prize pool cannot be negative, got {pool}")
    if unit < 1:
        raise ConfigError(f"the payout unit must be at least 1, got {unit}")
    if not percentages:
        return []
    amounts = [int(pool * p / 100) // unit * unit for p in percentages]
    units, part = divmod(pool - sum(amounts), unit)
    for i in range(units):  # fewer than len(amounts): each place lost less than a unit
        amounts[i % len(amounts)] += unit
    amounts[0] += part
    return amounts


def split_evenly(total: int, shares: int, *, unit: int = 1) -> list[int]:
    """P10: ``total`` split as evenly as possible in multiples of ``unit``; the odd
    units go to the first shares (the caller orders them), any part of a unit left
    to the first.  Sums to ``total``."""
    if shares < 1:
        raise ConfigError("a split needs at least one share")
    units, rest = divmod(total, unit)
    base, odd = divmod(units, shares)
    amounts = [(base + (1 if i < odd else 0)) * unit for i in range(shares)]
    amounts[0] += rest
    return amounts
