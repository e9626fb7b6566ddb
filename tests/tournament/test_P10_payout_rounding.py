"""P10: prizes rounded to the host's unit without losing the pool, and the host's own
payout percentages (issue 24, item 7)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.tournament import PAYOUT_TABLES, custom_payout_table, payout_table, payouts

UNITS = [1, 5, 25, 100, 500, 2500, 10000]


def _check(amounts: list[int], pool: int, pcts: tuple[Fraction, ...], unit: int) -> None:
    assert sum(amounts) == pool  # not a cent lost or made
    assert len(amounts) == len(pcts)
    assert amounts == sorted(amounts, reverse=True)
    assert all(a % unit == 0 for a in amounts[1:])
    assert (amounts[0] - pool % unit) % unit == 0  # 1st: units, plus the pool's odd cents
    for a, p in zip(amounts, pcts, strict=True):  # each within a unit of its share
        share = pool * p / 100
        assert share - unit < a <= share + unit + pool % unit


@given(st.integers(0, 10**9), st.integers(2, 3000), st.sampled_from(UNITS),
       st.sampled_from(sorted(PAYOUT_TABLES)))
def test_P10_rounded_prizes_pay_the_pool_exactly(pool: int, entries: int, unit: int,
                                                 table: str) -> None:
    pcts = PAYOUT_TABLES[table].percentages(entries)
    _check(payouts(pool, pcts, unit=unit), pool, pcts, unit)


@st.composite
def custom_tables(draw: st.DrawFn) -> tuple[Fraction, ...]:
    """Percentages in hundredths that add up to 100, from 1st down."""
    places = draw(st.integers(1, 20))
    cuts = sorted(draw(st.lists(st.integers(1, 9999), min_size=places - 1,
                                max_size=places - 1, unique=True)))
    bounds = [0, *cuts, 10000]
    parts = sorted((b - a for a, b in itertools.pairwise(bounds)), reverse=True)
    return tuple(Fraction(p, 100) for p in parts)


@given(custom_tables(), st.integers(0, 10**8), st.integers(2, 50), st.sampled_from(UNITS))
def test_P10_custom_tables_pay_the_pool_exactly(pcts: tuple[Fraction, ...], pool: int,
                                                entries: int, unit: int) -> None:
    table = custom_payout_table(pcts)
    paid = table.percentages(entries)
    assert sum(paid) == 100 and len(paid) == max(1, min(len(pcts), entries - 1))
    _check(payouts(pool, paid, unit=unit), pool, paid, unit)
    assert payout_table(table.name).percentages(entries) == paid  # the name reads back


def test_P10_remainder_goes_one_unit_each_from_the_top() -> None:
    """The stated rule: rounded down to the unit, the whole units left one each to 1st,
    2nd, ...; the part of a unit to 1st."""
    thirds = (Fraction(34), Fraction(33), Fraction(33))
    assert payouts(100000, thirds, unit=2500) == [35000, 32500, 32500]
    assert payouts(100000, thirds, unit=10000) == [40000, 30000, 30000]
    fifty = (Fraction(50), Fraction(30), Fraction(20))
    assert payouts(81943, fifty, unit=500) == [41443, 24500, 16000]  # not $819.43 spread
    assert payouts(81943, fifty, unit=1) == [40972, 24583, 16388]


def test_P10_custom_percentages_are_checked_with_a_clear_message() -> None:
    with pytest.raises(ConfigError, match="add up to 90, they must add up to exactly 100"):
        custom_payout_table([50, 40])
    with pytest.raises(ConfigError, match="never pays more than the place above"):
        custom_payout_table([30, 70])
    with pytest.raises(ConfigError, match="more than 0"):
        custom_payout_table([100, 0])
    with pytest.raises(ConfigError, match="not a number"):
        custom_payout_table(["fifty", "50"])
    with pytest.raises(ConfigError, match="1-100 places"):
        custom_payout_table([])


def test_P10_custom_table_in_a_small_field_pays_one_fewer_than_the_players() -> None:
    table = custom_payout_table(["50", "30", "20"])
    assert table.percentages(2) == (100,)
    assert table.percentages(3) == (Fraction(125, 2), Fraction(75, 2))
    assert table.percentages(4) == (50, 30, 20) == table.percentages(500)
    assert custom_payout_table(["33.34", "33.33", "33.33"]).name == "custom:33.34,33.33,33.33"
