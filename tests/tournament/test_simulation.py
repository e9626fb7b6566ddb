"""A whole tournament played by bots to the end (issue 7): chips conserved at every
hand, tables balanced within the tolerance whenever a hand may start, every finishing
place given once, payouts adding up to the prize pool.  The 1,000-player run is
``bench/bench_tournament.py``; here a field of 90 and smaller ones."""

from __future__ import annotations

import random

from pokerroom.tournament import AddOn, Rebuy, structure
from pokerroom.tournament.events import (
    BreakStarted,
    ChipRaceHeld,
    FinalTableFormed,
    HandForHandStarted,
    TableBroken,
)
from pokerroom.tournament.simulate import check_places, simulate
from tests.tournament.conftest import floor, small_structure


def test_P1_P10_ninety_bots_to_the_end() -> None:
    t, report = simulate(structure("turbo"), 90, rng=random.Random(7), absent=0.03)
    assert t.finished and t.players_left == 1
    assert report.tables_at_start == 10 and report.max_imbalance <= 1
    assert report.chip_checks >= report.hands
    kinds = {type(e) for e in t.log}
    assert {TableBroken, FinalTableFormed, BreakStarted, ChipRaceHeld} <= kinds
    check_places(report.results, 90, t.prize_pool())
    assert [f.place for f in report.results[:3]] == [1, 2, 3]


def test_P1_P10_three_hundred_with_late_registration() -> None:
    """The standard structure: 300 at the start, 60 more in late registration, some
    who never show up; new tables open for late players and are filled by balancing."""
    t, report = simulate(structure("standard"), 300, rng=random.Random(1), late=60,
                         absent=0.02)
    assert report.players == len(t.entries) > 300
    assert report.max_imbalance <= 1
    check_places(report.results, report.players, t.prize_pool())
    assert t.prize_pool() == report.players * t.structure.buy_in


def test_P5_P7_hand_for_hand_and_tolerance_two() -> None:
    s = small_structure(floor=floor(balance_tolerance=2, hand_for_hand_margin=4))
    t, report = simulate(s, 60, rng=random.Random(3))
    assert report.max_imbalance <= 2
    assert any(isinstance(e, HandForHandStarted) for e in t.log)
    assert report.hand_for_hand_rounds > 0


def test_rebuys_add_ons_and_late_registration() -> None:
    s = small_structure(rebuy=Rebuy(1000, 100, last_level=3), late_registration_levels=2,
                        add_on=AddOn(1500, 100, after_level=3))
    t, report = simulate(s, 40, rng=random.Random(5), rebuy_rate=0.7)
    assert report.rebuys > 0
    assert t.prize_pool() == 100 * (40 + t.rebuys + t.add_ons)


def test_mixed_game_tournament() -> None:
    t, report = simulate(structure("horse"), 30, rng=random.Random(2))
    variants = {t.structure.game_at(n).key for n in range(1, report.levels + 1)}
    assert variants == {"lhe", "o8", "razz", "stud", "stud8"}
    assert t.finished


def test_same_seed_same_tournament() -> None:
    a = simulate(structure("turbo"), 30, rng=random.Random(9))[1]
    b = simulate(structure("turbo"), 30, rng=random.Random(9))[1]
    assert a.results == b.results and a.hands == b.hands
