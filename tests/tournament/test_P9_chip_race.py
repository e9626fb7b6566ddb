"""P9, TDA 24-25: colour-ups and the chip race when the smallest chip goes out of play."""

from __future__ import annotations

import random

import pytest

from pokerroom.errors import ConfigError
from pokerroom.rules.actions import CheckCall
from pokerroom.tournament import Break, Level, chip_race
from pokerroom.tournament.chip_race import odd_chip_count
from pokerroom.tournament.events import ChipRaceHeld
from tests.tournament.conftest import tournament


def test_P9_odd_chips_are_raced_for_at_most_one_new_chip_each() -> None:
    """25s go out, 100 is the new smallest chip.  Odd chips: A 75 (3 chips), B 50 (2),
    C 25 (1), D 0.  Total 150: 1.5 new chips round up to 2.  The two best cards, one chip
    a player at most, win them."""
    stacks = {"A": 1075, "B": 2050, "C": 525, "D": 3000}
    race = chip_race(stacks, removed=[25], smallest=100, rng=random.Random(5))
    assert race.odd == {"A": 75, "B": 50, "C": 25, "D": 0}
    assert [len(race.cards.get(p, ())) for p in "ABC"] == [3, 2, 1]
    assert race.new_chips == 2 and len(race.winners) == 2 == len(set(race.winners))
    for p, before in stacks.items():
        base = before - before % 100
        assert race.after[p] == base + (100 if p in race.winners else 0)
        assert race.after[p] % 100 == 0
    assert race.change == 2 * 100 - 150


def test_P9_the_highest_card_wins_the_first_chip() -> None:
    race = chip_race({"A": 125, "B": 150}, removed=[25], smallest=100, rng=random.Random(1))
    best = max((c, p) for p, cards in race.cards.items() for c in cards)
    assert race.winners[0] == best[1]


def test_P9_rounding_half_down_below_half() -> None:
    race = chip_race({"A": 125, "B": 100}, removed=[25], smallest=100, rng=random.Random(1))
    assert race.new_chips == 0 and race.after == {"A": 100, "B": 100}


def test_P9_TDA_24A_nobody_is_raced_out() -> None:
    """A player whose whole stack is odd chips and who wins nothing keeps one chip of the
    new smallest denomination."""
    for seed in range(20):
        race = chip_race({"A": 25, "B": 75, "C": 1000}, removed=[25], smallest=100,
                         rng=random.Random(seed))
        assert race.after["A"] == 100  # wins the only chip, or gets one anyway
        assert race.new_chips == 1


def test_P9_several_denominations_at_once() -> None:
    assert odd_chip_count(475, [25, 100]) == 4 + 3
    race = chip_race({"A": 1475, "B": 500}, removed=[25, 100], smallest=500,
                     rng=random.Random(2))
    assert race.new_chips == 1 and race.after["A"] in (1000, 1500)


def test_P9_colour_up_must_be_of_smaller_chips() -> None:
    with pytest.raises(ConfigError):
        chip_race({"A": 100}, removed=[100], smallest=100, rng=random.Random(0))


def test_P9_race_at_every_table_on_the_break() -> None:
    schedule = (Level(600, 5, 10), Break(300, color_up=(5,)), Level(600, 25, 50))
    t = tournament(18, schedule=schedule, chips=(5, 25, 100), starting_stack=1000)
    t.start()
    for n in sorted(t.floor.tables):  # a hand each: stacks get odd 5s
        hand = t.start_hand(n)
        while not hand.is_over:
            hand.act(CheckCall())
        t.finish_hand(n)
    before = t.chips_expected
    events = t.advance(600)
    races = [e for e in events if isinstance(e, ChipRaceHeld)]
    assert sorted(e.table for e in races) == sorted(t.floor.tables)
    assert t.chip_unit == 25
    assert t.chips_expected == before + sum(e.chips_change for e in races)
    assert t.chips_at_tables() == t.chips_expected
    assert all(s % 25 == 0 for s in t.stacks().values())
    for n in t.floor.tables:
        assert t.table(n).chip_unit == 25
