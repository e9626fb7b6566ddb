"""Bounded ICM (issue 22): the exact sum where it is cheap, the exponential race past
it, equal to each other where both run; the properties every ICM answer keeps."""

from __future__ import annotations

import math
import random
from itertools import pairwise
from math import comb
from typing import Any

import pytest

from pokerroom.errors import ConfigError
from pokerroom.tournament import icm_race
from pokerroom.tournament.icm import (
    EXACT_STEPS,
    exact_probabilities,
    exact_shares,
    finish_probabilities,
    icm_equity,
    method,
    suggest_deal,
)

TOLERANCE = 1e-9
"""Largest difference between the race and the exact sum, as a share of the prize pool
(measured: 6.3e-11 over these 400 fields)."""


def random_field(rng: random.Random, players: int) -> tuple[list[int], list[int]]:
    """Stacks from 1 to 10^7 chips (spread on a log scale) and a random payout."""
    stacks = [int(10 ** rng.uniform(0, 7)) for _ in range(players)]
    paid = rng.randint(1, players)
    prizes = sorted((rng.randint(1, 100_000) for _ in range(paid)), reverse=True)
    return stacks, prizes


def exact_equity(stacks: list[int], prizes: list[int]) -> list[float]:
    probs = exact_probabilities(stacks, len(prizes))
    return [sum(p * g for p, g in zip(row, prizes, strict=False)) for row in probs]


def test_the_race_equals_the_exact_sum_over_400_seeded_fields() -> None:
    rng = random.Random(22)
    worst = 0.0
    for _ in range(400):
        stacks, prizes = random_field(rng, rng.randint(2, 11))
        race = icm_race.race_equity(stacks, prizes)
        exact = exact_equity(stacks, prizes)
        worst = max(worst, max(abs(a - b) for a, b in zip(race, exact, strict=True))
                    / sum(prizes))
    assert worst < TOLERANCE


def test_the_race_places_equal_the_exact_places() -> None:
    rng = random.Random(5)
    for _ in range(40):
        stacks, _prizes = random_field(rng, rng.randint(2, 8))
        places = rng.randint(1, len(stacks))
        race = icm_race.race_places(stacks, places)
        exact = exact_probabilities(stacks, places)
        for r, e in zip(race, exact, strict=True):
            assert r == pytest.approx(e, abs=TOLERANCE)


def test_pure_python_and_numpy_give_the_same_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """Numba's kernel, NumPy, and without either (the library's pure-Python install)
    the same nodes and sums."""
    stacks, prizes = [5000, 3000, 2500, 1200, 900, 800, 400, 300, 200, 100, 50, 20], [
        400, 250, 150, 100, 60, 40]
    compiled = icm_race.race_equity(stacks, prizes)  # Numba's kernel when installed
    places_numpy = icm_race.race_places(stacks, 4)
    none: Any = None
    monkeypatch.setattr(icm_race, "_kernel", lambda: none)
    with_numpy = icm_race.race_equity(stacks, prizes)
    assert with_numpy == pytest.approx(compiled, abs=1e-12)
    monkeypatch.setattr(icm_race, "_numpy", lambda: none)
    assert icm_race.race_equity(stacks, prizes) == pytest.approx(with_numpy, abs=1e-9)
    for a, b in zip(icm_race.race_places(stacks, 4), places_numpy, strict=True):
        assert a == pytest.approx(b, abs=1e-12)


def test_exact_where_cheap_race_beyond() -> None:
    assert method(9, 9) == "exact"  # a final table of nine, every place paid
    assert method(20, 3) == "exact"  # three places paid
    assert method(20, 20) == "race"
    assert method(1000, 150) == "race"


def test_the_method_is_the_cost_of_the_exact_sum_counted_only_as_far_as_needed() -> None:
    """``method`` stops adding binomials once past EXACT_STEPS (at 1,000 players the
    whole sum took 12 ms of big integers on every question) and decides as the whole
    sum would."""
    for players in range(1, 41):
        for paid in range(players + 1):
            steps = sum(comb(players, k) for k in range(paid)) * players
            assert method(players, paid) == ("exact" if steps <= EXACT_STEPS else "race")
    assert method(10_000, 10_000) == "race"


@pytest.mark.parametrize("players,paid", [(9, 9), (20, 20), (100, 15), (300, 45)])
def test_equal_stacks_get_equal_equity_and_the_sum_is_the_pool(players: int, paid: int
                                                               ) -> None:
    prizes = [1000 * (paid - k) for k in range(paid)]
    equity = icm_equity([12_345] * players, prizes)
    assert equity == pytest.approx([sum(prizes) / players] * players, rel=1e-9)


@pytest.mark.parametrize("players,paid,seed", [(6, 3, 1), (10, 10, 2), (20, 20, 3),
                                               (60, 9, 4), (200, 30, 5)])
def test_equity_adds_up_to_the_pool_and_more_chips_never_less(players: int, paid: int,
                                                              seed: int) -> None:
    rng = random.Random(seed)
    stacks = [rng.randint(1, 200) * 500 for _ in range(players)]
    prizes = sorted((rng.randint(1, 10_000) for _ in range(paid)), reverse=True)
    equity = icm_equity(stacks, prizes)
    assert sum(equity) == pytest.approx(sum(prizes), rel=1e-9)
    order = sorted(range(players), key=lambda i: stacks[i])
    for a, b in pairwise(order):
        assert equity[a] <= equity[b] + 1e-9 * sum(prizes)


def test_places_paying_nothing_change_nothing() -> None:
    stacks = [9000, 4000, 2500, 2000, 1500, 800, 600, 400, 200, 100, 50, 30, 20, 10]
    short = icm_equity(stacks, [500, 300, 200])
    padded = icm_equity(stacks, [500, 300, 200] + [0] * 11)
    assert padded == pytest.approx(short, abs=1e-12)


def test_a_stack_of_zero_takes_the_places_below_everyone_with_chips() -> None:
    equity = icm_equity([3000, 0, 1000], [600, 300, 100])
    assert equity[1] == pytest.approx(100)  # third for sure
    assert equity == pytest.approx([300 + 300 * 0.75, 100, 300 + 300 * 0.25])
    two_broke = icm_equity([5000, 0, 0], [600, 300, 100])
    assert two_broke == pytest.approx([600, 200, 200])  # an even draw for 2nd and 3rd
    probs = finish_probabilities([5000, 0, 0], 3)
    assert probs[1] == pytest.approx([0, 0.5, 0.5])


def test_tiny_fields() -> None:
    assert icm_equity([], [10]) == []
    assert icm_equity([700], [100, 50]) == pytest.approx([100])
    assert icm_equity([1, 3], []) == [0.0, 0.0]
    assert icm_equity([1, 3], [0, 0]) == [0.0, 0.0]
    with pytest.raises(ConfigError, match="chips in play"):
        icm_equity([0, 0], [10, 5])
    with pytest.raises(ConfigError, match="negative"):
        icm_equity([5, -1], [10, 5])


def test_a_huge_field_is_answered_and_adds_up() -> None:
    rng = random.Random(1000)
    stacks = [max(1, int(rng.lognormvariate(0, 0.8) * 20_000)) for _ in range(1000)]
    prizes = sorted((rng.randint(1_000, 100_000) for _ in range(150)), reverse=True)
    equity = icm_equity(stacks, prizes + [0] * 850)
    assert sum(equity) == pytest.approx(sum(prizes), rel=1e-9)
    assert min(equity) > 0
    big, small = stacks.index(max(stacks)), stacks.index(min(stacks))
    assert equity[big] > equity[small]


def test_a_deal_among_twenty_adds_up_to_the_money() -> None:
    rng = random.Random(20)
    stacks = [rng.randint(5, 120) * 1000 for _ in range(20)]
    prizes = [40_000, 25_000, 16_000, 12_000, 9_000, 7_000, 5_500, 4_500, 3_500, 2_500] + [
        1_500] * 10
    deal = suggest_deal(stacks, prizes, unit=100)
    assert sum(deal.icm) == sum(prizes)
    assert all(a % 100 == 0 for a in deal.icm)
    assert min(deal.icm) >= 1_500  # nobody gets less than the smallest prize left


@pytest.mark.parametrize("seed,players,most", [(1, 40, 40), (2, 100, 100), (3, 250, 30)])
def test_the_compiled_deconvolution_equals_the_prefix_and_adjoint_sums(seed: int, players: int,
                                                                       most: int) -> None:
    """The compiled kernel (one distribution of the count a node, each player's factor
    divided back out, summed against the prizes by their steps) against the pure-Python
    prefix and adjoint sums on the same nodes: stacks from 1 to 10^7 chips (players
    finished for sure, players near an even chance), equal stacks, any number of places
    paid, every prize different or in runs of equal prizes."""
    pytest.importorskip("numba", reason="the compiled kernel needs the [fast] extra")
    np = pytest.importorskip("numpy")
    rng = random.Random(seed)
    stacks = [int(10 ** rng.uniform(0, 7)) for _ in range(players - 10)] + [25_000] * 10
    for paid, banded in ((1, False), (most // 7, False), (most, False), (most, True)):
        prizes = sorted((float(rng.randint(1, 100_000)) for _ in range(paid)), reverse=True)
        if banded:  # places paying the same, in runs (the kernel sums by the steps)
            prizes = [prizes[k - k % rng.randint(1, 9)] for k in range(paid)]
        w = icm_race._rates(stacks)
        grid = icm_race.nodes(w, paid)
        compiled = icm_race._kernel()(np.asarray(w), np.asarray(prizes),
                                      np.array([t for t, _ in grid]),
                                      np.array([h for _, h in grid]))
        reference = icm_race._equity_python(w, prizes, grid)
        worst = max(abs(a - b) for a, b in zip(compiled, reference, strict=True))
        assert worst < 1e-12 * sum(prizes)
        assert compiled[-1] == pytest.approx(compiled[-10], abs=1e-12 * sum(prizes))


def test_the_node_map_follows_groups_of_players_in_big_fields() -> None:
    """Up to GROUPS players the map follows each player; past it, GROUPS runs of sorted
    rates at their mean rate (the same total rate) and their lowest rate (so the
    expected count that skips nodes past the paid places is never overstated)."""
    few = [3.0, 0.5, 1.5, 1.0]
    assert icm_race._crowd(few) == ([0.5, 1.0, 1.5, 3.0], [1, 1, 1, 1], [0.5, 1.0, 1.5, 3.0])
    rng = random.Random(64)
    many = [rng.lognormvariate(0, 1) for _ in range(1000)]
    rates, sizes, lowest = icm_race._crowd(many)
    assert len(rates) == icm_race.GROUPS and sum(sizes) == 1000
    assert sum(r * c for r, c in zip(rates, sizes, strict=True)) == pytest.approx(sum(many))
    assert all(low <= r for low, r in zip(lowest, rates, strict=True))
    assert rates == sorted(rates)


@pytest.mark.parametrize("spread,paid", [("lognormal", 150), ("lognormal", 1000),
                                         ("log-uniform", 1000)])
def test_a_thousand_players_equal_a_race_with_more_than_twice_the_nodes(
        monkeypatch: pytest.MonkeyPatch, spread: str, paid: int) -> None:
    """The quadrature's own error where no exact sum can check it: 1,000 players (stacks
    log-normal as in bench/bench_deal.py, or spread from 1 to 10^7 chips, the hardest
    measured), against the same race with half the steps and wider ends
    (measured: at most 1.2e-12 of the pool)."""
    pytest.importorskip("numba", reason="1,000 players in seconds needs the [fast] extra")
    rng = random.Random(paid)
    if spread == "lognormal":
        stacks = [max(1, round(rng.lognormvariate(0, 0.8) * 10_000)) for _ in range(1000)]
    else:
        stacks = [int(10 ** rng.uniform(0, 7)) for _ in range(1000)]
    prizes = [1_000_000 // (k + 1) for k in range(paid)]
    if paid == 1000:  # a cliff halfway: 500 places pay double
        prizes = [2] * 500 + [1] * 500
    race = icm_race.race_equity(stacks, prizes)
    monkeypatch.setattr(icm_race, "STEP", icm_race.STEP / 2)
    monkeypatch.setattr(icm_race, "CROWD", icm_race.CROWD / 2)
    monkeypatch.setattr(icm_race, "EARLY", 1e-16)
    monkeypatch.setattr(icm_race, "LATE", 45.0)
    monkeypatch.setattr(icm_race, "SPARSE", 1.0)  # and the same step before anyone finishes
    finer = icm_race.race_equity(stacks, prizes)
    worst = max(abs(a - b) for a, b in zip(race, finer, strict=True))
    assert worst < 1e-11 * sum(prizes)


def _shares_by_key(values: list[float], total: int, unit: int) -> list[int]:
    """exact_shares as it was written first (a key function per comparison)."""
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


def test_exact_shares_round_as_before_with_ties_and_zeros() -> None:
    """The deal's rounding sorts tuples now (a third of the time at 1,000 players) and
    gives the same amounts: largest remainder, then larger value, then earlier."""
    rng = random.Random(31)
    for _ in range(300):
        n = rng.randint(1, 60)
        values = [float(rng.choice([0, 1, 5, rng.randint(0, 10**6)])) for _ in range(n)]
        total = rng.randint(0, 10**7)
        unit = rng.choice([1, 5, 100, 1000])
        assert exact_shares(values, total, unit=unit) == _shares_by_key(values, total, unit)
        assert sum(exact_shares(values, total, unit=unit)) == total
    assert exact_shares([1.0, 3.0], 2) == [0, 2]  # equal remainders: the larger value
    assert exact_shares([3.0, 3.0, 2.0], 2) == [1, 1, 0]  # equal values: the earlier


def test_numpy_divides_each_player_out_where_many_places_pay() -> None:
    """Without Numba, a big field with most places paid takes the kernel's way in NumPy
    (one distribution of the count a node, each player's factor divided back out), and
    it equals the prefix and adjoint sums on the same nodes: stacks from 1 to 10^7 chips,
    equal stacks, every prize different or in runs."""
    np = pytest.importorskip("numpy")
    rng = random.Random(160)
    stacks = [int(10 ** rng.uniform(0, 7)) for _ in range(150)] + [40_000] * 10
    distinct = [1_000_000.0 / (k + 1) for k in range(160)]
    banded = [float(100 * (1000 // (k // 10 + 1))) for k in range(160)]
    for prizes in (distinct, banded):
        w = icm_race._rates(stacks)
        grid = icm_race.nodes(w, len(prizes))
        assert len(stacks) >= icm_race.DIVIDED
        assert icm_race._reach(np, w, grid) < 2.5 * len(prizes)  # so _equity_numpy divides
        divided = icm_race._equity_divided_numpy(np, w, prizes, grid)
        prefix = icm_race._equity_prefix_numpy(np, w, prizes, grid)
        assert max(abs(a - b) for a, b in zip(divided, prefix, strict=True)) < 1e-12 * sum(
            prizes)
        assert list(icm_race._equity_numpy(np, w, prizes, grid)) == list(divided)
        assert divided[-1] == pytest.approx(divided[-10], abs=1e-12 * sum(prizes))


def test_the_steps_lengthen_only_before_anyone_is_expected_to_finish() -> None:
    """Where fewer than QUIET players are expected to have finished the nodes are
    STEP / SPARSE apart in log t (0.6, not 0.3); wherever players finish, at most STEP."""
    rng = random.Random(7)
    w = icm_race._rates([max(1, round(rng.lognormvariate(0, 0.8) * 10_000))
                         for _ in range(1000)])
    ts = [t for t, _ in icm_race.nodes(w, 1000)]
    gaps = [(b / a, sum(w) * b) for a, b in pairwise(ts)]  # (ratio, about the count)
    quiet = [math.log(r) for r, count in gaps if count < icm_race.QUIET / 20]
    busy = [math.log(r) for r, count in gaps if count > 5 * icm_race.QUIET]
    assert len(quiet) > 10 and len(busy) > 100
    assert min(quiet) > 0.95 * icm_race.STEP / icm_race.SPARSE
    assert max(busy) < 1.01 * icm_race.STEP
