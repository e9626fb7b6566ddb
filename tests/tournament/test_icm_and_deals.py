"""ICM chip equity (Malmuth-Harville) and final-table deal suggestions (issue 7)."""

from __future__ import annotations

import random
from itertools import pairwise, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.tournament import finish_probabilities, icm_equity, suggest_deal
from pokerroom.tournament.events import DealMade, TournamentFinished
from pokerroom.tournament.simulate import check_places
from tests.tournament.conftest import bust, labels_in_order, tournament


def brute_force(stacks: list[int], prizes: list[int]) -> list[float]:
    """Malmuth-Harville over every finishing order."""
    n = len(stacks)
    equity = [0.0] * n
    for order in permutations(range(n)):
        p, left = 1.0, float(sum(stacks))
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            if place < len(prizes):
                equity[i] += p * prizes[place]
    return equity


def test_icm_heads_up_is_linear_in_chips() -> None:
    eq = icm_equity([3000, 1000], [700, 300])
    assert eq == pytest.approx([300 + 400 * 0.75, 300 + 400 * 0.25])


def test_icm_matches_every_finishing_order() -> None:
    stacks, prizes = [5000, 3000, 2000, 1000, 500], [50, 25, 15, 10]
    assert icm_equity(stacks, prizes) == pytest.approx(brute_force(stacks, prizes))


@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=6))
def test_icm_probabilities_are_distributions(stacks: list[int]) -> None:
    probs = finish_probabilities(stacks, len(stacks))
    for row in probs:
        assert sum(row) == pytest.approx(1.0)
    for k in range(len(stacks)):
        assert sum(row[k] for row in probs) == pytest.approx(1.0)
    eq = icm_equity(stacks, [60, 40])
    assert sum(eq) == pytest.approx(100)
    order = sorted(range(len(stacks)), key=lambda i: stacks[i])
    for a, b in pairwise(order):  # more chips, more equity
        assert eq[a] <= eq[b] + 1e-9


def test_icm_final_table_of_ten_is_quick_and_exact() -> None:
    rng = random.Random(3)
    stacks = [rng.randint(1, 100) * 1000 for _ in range(10)]
    prizes = [30, 20, 14, 10, 8, 6, 5, 4, 2, 1]
    assert sum(icm_equity(stacks, prizes)) == pytest.approx(100)


def test_icm_of_a_big_field_is_computed_not_refused() -> None:
    """Issue 22: the work is bounded now, so 60 players over 30 places is answered
    (by the race) instead of refused; equal stacks get equal chances."""
    probs = finish_probabilities([1] * 60, 30)
    assert all(row == pytest.approx([1 / 60] * 30, abs=1e-12) for row in probs)


def test_deal_suggestions_are_exact() -> None:
    deal = suggest_deal([6000, 3000, 1000], [5000, 3000, 2000], keep_for_winner=500)
    assert sum(deal.icm) == sum(deal.chip_chop) == 9500
    assert deal.icm[0] > deal.icm[1] > deal.icm[2]
    assert min(deal.chip_chop) >= 2000  # everyone keeps the lowest prize left
    assert deal.chip_chop == (2000 + 2100, 2000 + 1050, 2000 + 350)  # 3,500 by chips
    with pytest.raises(ConfigError):
        suggest_deal([1, 2], [5, 3, 2])
    with pytest.raises(ConfigError):
        suggest_deal([1, 2], [5, 3], keep_for_winner=3)


def test_deal_at_the_final_table_ends_the_event() -> None:
    """Three left of ten (50/30/20 of 1,000): they take the ICM suggestion."""
    t = tournament(10)
    t.start()
    while t.players_left > 3:
        n = next(iter(t.floor.tables))
        order = labels_in_order(t, n)
        rich = max(order, key=lambda name: t.stacks()[t.entry(name).number])
        victim = next(x for x in order if x != rich and t.stacks()[t.entry(x).number] <=
                      t.stacks()[t.entry(rich).number])
        bust(t, n, [victim], winner=rich)
        t.finish_hand(n)
    suggestion = t.deal_suggestion()
    assert sum(suggestion.icm) == 1000
    alive = t.alive()
    amounts = {e.number: a for e, a in zip(alive, suggestion.icm, strict=True)}
    events = t.make_deal(amounts)
    assert isinstance(events[0], DealMade) and isinstance(events[-1], TournamentFinished)
    results = t.results()
    check_places(results, 10, 1000)
    assert {f.entry: f.prize for f in results if f.entry in amounts} == amounts


def test_deal_keeping_money_for_the_winner_plays_on() -> None:
    """Three left: they split all but 100, which the winner of the play-off takes."""
    t = tournament(3)
    t.start()
    suggestion = t.deal_suggestion(keep_for_winner=100)
    assert sum(suggestion.icm) == 200  # 300 in the pool (50/30/20 of 3 x 100), 100 kept
    amounts = {e.number: a for e, a in zip(t.alive(), suggestion.icm, strict=True)}
    t.make_deal(amounts, keep_for_winner=100)
    assert not t.finished
    while t.players_left > 1:
        order = labels_in_order(t, 1)
        bust(t, 1, [min(order, key=lambda n: t.stacks()[t.entry(n).number])])
        t.finish_hand(1)
    results = t.results()
    check_places(results, 3, 300)
    assert results[0].prize == amounts[results[0].entry] + 100
