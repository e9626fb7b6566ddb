"""Prize pools and payout tables (P10).

Money is whole units (cents, or whatever the room counts in).  Payouts are exact:
each place gets its percentage of the pool rounded down to the payout unit and
what rounding leaves goes to first place, so the payouts always add up to the
prize pool.  Ties share the places they cover (:func:`split_evenly`).
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


def payout_table(name: str) -> PayoutTable:
    """The built-in payout table ``name`` (:data:`PAYOUT_TABLES`); ConfigError names them."""
    try:
        return PAYOUT_TABLES[name]
    except KeyError:
        raise ConfigError(
            f"unknown payout table {name!r}; known: {', '.join(sorted(PAYOUT_TABLES))}"
        ) from None


def prize_pool(*, entries: int, buy_in: int, rebuys: int = 0, rebuy_price: int = 0,
               add_ons: int = 0, add_on_price: int = 0, guarantee: int = 0) -> int:
    """Buy-ins, rebuys and add-ons (fees go to the house), at least the guarantee."""
    return max(guarantee, entries * buy_in + rebuys * rebuy_price + add_ons * add_on_price)


def payouts(pool: int, percentages: Sequence[Fraction], *, unit: int = 1) -> list[int]:
    """P10: the prize of each place, chip-exact: each place its percentage of ``pool``
    rounded down to ``unit``; the remainder to first place.  Sums to ``pool``."""
    if pool < 0:
        raise ConfigError(f"the prize pool cannot be negative, got {pool}")
    if unit < 1:
        raise ConfigError(f"the payout unit must be at least 1, got {unit}")
    if not percentages:
        return []
    amounts = [int(pool * p / 100) // unit * unit for p in percentages]
    amounts[0] += pool - sum(amounts)
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
