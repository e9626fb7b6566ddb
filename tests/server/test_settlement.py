"""Settling up a home game (issue 24): the greedy fewest-transfers settlement from the
players' nets (server/tables/settlement.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.server.tables.settlement import Transfer, settle


def _balances(transfers: list[Transfer]) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in transfers:
        out[t.payer] = out.get(t.payer, 0) - t.amount
        out[t.payee] = out.get(t.payee, 0) + t.amount
    return out


def test_a_three_player_game_settles_in_two_transfers() -> None:
    assert settle({"Alice": 150, "Bob": -100, "Carol": -50}) == [
        Transfer("Bob", "Alice", 100), Transfer("Carol", "Alice", 50)]


def test_the_largest_debtor_pays_the_largest_creditor_first() -> None:
    transfers = settle({"A": 70, "B": 30, "C": -60, "D": -40})
    assert transfers[0] == Transfer("C", "A", 60)
    assert _balances(transfers) == {"A": 70, "B": 30, "C": -60, "D": -40}
    assert len(transfers) == 3


def test_nobody_square_needs_no_transfer() -> None:
    assert settle({}) == [] and settle({"A": 0, "B": 0}) == []


def test_ties_are_broken_by_name_so_the_answer_never_varies() -> None:
    assert settle({"Bob": -50, "Al": -50, "Zed": 100}) == [
        Transfer("Al", "Zed", 50), Transfer("Bob", "Zed", 50)]


def test_nets_that_do_not_sum_to_zero_are_refused() -> None:
    with pytest.raises(ConfigError, match="sum to 5"):
        settle({"A": 10, "B": -5})


@given(st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=9))
def test_every_net_is_met_and_the_transfers_sum_to_zero(values: list[int]) -> None:
    """Property: the transfers move every player exactly by their net (so they sum to
    zero), each amount is positive, nobody both pays and receives, and there are fewer
    transfers than players with a nonzero net."""
    nets = {f"P{i}": v for i, v in enumerate(values)}
    nets["Last"] = -sum(values)
    transfers = settle(nets)
    balances = _balances(transfers)
    assert sum(balances.values()) == 0
    assert {n: v for n, v in nets.items() if v} == {n: v for n, v in balances.items() if v}
    assert all(t.amount > 0 for t in transfers)
    assert not {t.payer for t in transfers} & {t.payee for t in transfers}
    assert len(transfers) <= max(0, sum(1 for v in nets.values() if v) - 1)
