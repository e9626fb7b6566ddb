"""P10: payouts from the prize pool by place, ties shared, chip-exact."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.tournament import PAYOUT_TABLES, PayoutTable, payouts, prize_pool, split_evenly
from pokerroom.tournament.simulate import check_places, simulate
from tests.tournament.conftest import small_structure


def test_P10_payouts_add_up_to_the_prize_pool_exactly() -> None:
    pcts = PAYOUT_TABLES["standard"].percentages(9)
    assert pcts == (50, 30, 20)
    assert payouts(1001, pcts) == [501, 300, 200]
    assert payouts(1000_07, pcts, unit=100) == [500_07, 300_00, 200_00]


@given(st.integers(0, 10**9), st.integers(2, 5000), st.sampled_from([1, 5, 100]))
def test_P10_any_pool_any_field_is_paid_exactly(pool: int, entries: int, unit: int) -> None:
    pcts = PAYOUT_TABLES["standard"].percentages(entries)
    amounts = payouts(pool, pcts, unit=unit)
    assert sum(amounts) == pool
    assert amounts[1:] == sorted(amounts[1:], reverse=True)
    assert all(a % unit == 0 for a in amounts[1:])
    assert len(amounts) <= entries


def test_P10_large_fields_pay_about_fifteen_percent() -> None:
    table = PAYOUT_TABLES["standard"]
    assert table.places_paid(1000) == 150
    assert table.places_paid(51) == 10  # never fewer than the last tier
    pcts = table.percentages(1000)
    assert sum(pcts) == 100 and pcts[0] > pcts[1] > pcts[-1] > 0


@given(st.integers(0, 10**7), st.integers(1, 40), st.sampled_from([1, 25, 100]))
def test_P10_ties_split_evenly_and_exactly(total: int, shares: int, unit: int) -> None:
    amounts = split_evenly(total, shares, unit=unit)
    assert sum(amounts) == total and len(amounts) == shares
    assert max(amounts) - min(amounts) <= unit + total % unit


def test_P10_prize_pool() -> None:
    assert prize_pool(entries=10, buy_in=100) == 1000
    assert prize_pool(entries=10, buy_in=100, rebuys=4, rebuy_price=100, add_ons=7,
                      add_on_price=50) == 1750
    assert prize_pool(entries=10, buy_in=100, guarantee=5000) == 5000


def test_P10_payout_tables_are_checked() -> None:
    with pytest.raises(ConfigError, match="add up"):
        PayoutTable.of("bad", [(10, [60, 30])])
    with pytest.raises(ConfigError, match="never pays more"):
        PayoutTable.of("bad", [(10, [30, 70])])
    with pytest.raises(ConfigError, match="smallest field"):
        PayoutTable.of("bad", [(10, [50, 30, 20])])
    table = PayoutTable.of("thirds", [(2, [100]), (100, ["33.34", "33.33", "33.33"])])
    assert table.percentages(50) == (Fraction("33.34"), Fraction("33.33"), Fraction("33.33"))


def test_P10_tournament_results_pay_the_whole_pool() -> None:
    """A ten-player event played to the end: every place once, the pool paid out."""
    t, report = simulate(small_structure(buy_in=1234), 10, rng=random.Random(4))
    results = t.results()
    check_places(results, 10, 12340)
    assert [f.prize for f in results[:3]] == [6170, 3702, 2468]
    assert results == report.results
