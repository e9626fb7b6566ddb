"""Structures: levels, breaks, stacks, rebuys, add-ons, late registration, as files the
user can edit (TOML or JSON), with errors that name the field."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerroom.errors import ConfigError
from pokerroom.tournament import STRUCTURES, FloorOptions, Level, structure
from pokerroom.tournament.events import FinalTableFormed
from pokerroom.tournament.simulate import simulate
from pokerroom.tournament.structure_files import dumps_toml, load, loads, save
from tests.tournament.conftest import small_structure

GOOD = """
name = "Friday"
starting_stack = 5000
chips = [25, 100, 500]
late_registration_levels = 2
buy_in = 2000

[rebuy]
chips = 5000
price = 2000
last_level = 2

[add_on]
chips = 10000
price = 2000
after_level = 2

[floor]
balance_tolerance = 2
bba_order = "blind_first"

[[schedule]]
minutes = 15
small_blind = 25
big_blind = 50

[[schedule]]
minutes = 15
small_blind = 50
big_blind = 100
ante = 100
big_blind_ante = true

[[schedule]]
break = true
minutes = 10
color_up = [25]

[[schedule]]
minutes = 15
small_blind = 100
big_blind = 200
ante = 200
big_blind_ante = true
"""


def test_a_structure_file_is_read() -> None:
    s = loads(GOOD)
    assert s.name == "Friday" and s.level_count == 3
    assert s.level(2) == Level(900, 50, 100, ante=100, big_blind_ante=True)
    assert s.rebuy is not None and s.rebuy.last_level == 2
    assert s.floor.balance_tolerance == 2 and s.floor.bba_order == "blind_first"
    assert s.chips_at(3) == (100, 500)
    assert s.stakes_at(2).big_blind_ante


@pytest.mark.parametrize("name", sorted(STRUCTURES))
def test_built_in_structures_round_trip(name: str, tmp_path: Path) -> None:
    s = structure(name)
    for suffix in (".toml", ".json"):
        path = tmp_path / f"{name}{suffix}"
        save(s, path)
        assert load(path) == s


@pytest.mark.parametrize(("change", "message"), [
    ('minutes = 15\nsmall_blind = 25\nbig_blind = 50', None),
    ("big_blnd = 50", r"schedule\[0\]\.big_blnd: unknown field"),
    ("big_blind = -50", r"schedule\[0\]\.big_blind must be >= 0"),
    ("big_blind = 60", r"schedule\[0\]\.big_blind: 60 is not a multiple of the smallest chip"),
    ('big_blind = "50"', r"schedule\[0\]\.big_blind must be a whole number"),
    ("small_blind = 100", r"schedule\[0\]: nlhe needs blinds 0 < small_blind <= big_blind"),
])
def test_errors_name_the_field(change: str, message: str | None) -> None:
    key = change.split(" = ")[0]
    first = "minutes = 15\nsmall_blind = 25\nbig_blind = 50"
    level = "\n".join(line for line in first.splitlines() if not line.startswith(key))
    text = GOOD.replace(first, f"{level}\n{change}" if message else change, 1)
    if message is None:
        loads(text)
        return
    with pytest.raises(ConfigError, match=message):
        loads(text)


@pytest.mark.parametrize(("text", "message"), [
    ('name = "x"\nstarting_stack = 100\n', "schedule: missing"),
    ('name = "x"\nstarting_stack = 100\nschedule = []\n', "at least one level"),
    ('name = "x"\nstarting_stack = 100\nbuyin = 3\nschedule = []\n', "buyin: unknown field"),
    ('name = "x"\nstarting_stack = 100\n[[schedule]]\nsmall_blind = 25\nbig_blind = 50\n',
     r"schedule\[0\]: give the length"),
    ('name = "x"\nstarting_stack = 100\ngame = "chess"\n[[schedule]]\nminutes = 5\n'
     'small_blind = 25\nbig_blind = 50\n', "unknown game 'chess'"),
    ('name = "x"\nstarting_stack = 100\n[rebuy]\nchips = 100\n[[schedule]]\nminutes = 5\n'
     'small_blind = 25\nbig_blind = 50\n', "rebuy: missing price, last_level"),
    ('name = "x"\nstarting_stack = 100\n[floor]\nbba_order = "sideways"\n[[schedule]]\n'
     'minutes = 5\nsmall_blind = 25\nbig_blind = 50\n', "floor.bba_order must be"),
    ('name = "x"\nstarting_stack = 100\nchips = [5, 25]\n[[schedule]]\nminutes = 5\n'
     'small_blind = 5\nbig_blind = 10\n[[schedule]]\nbreak = true\nminutes = 5\n'
     'color_up = [25]\n', r"schedule\[1\]\.color_up: a colour-up takes out the smallest"),
    ("name = ", "not valid TOML"),
])
def test_structure_mistakes(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        loads(text)


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad\.toml: starting_stack: missing"):
        load(path)
    with pytest.raises(ConfigError, match=r"\.toml or \.json"):
        load(tmp_path / "x.yaml")
    with pytest.raises(ConfigError, match="cannot read"):
        load(tmp_path / "missing.json")


def test_json_structure() -> None:
    s = loads('{"name": "j", "starting_stack": 1000, "chips": [5],'
              ' "schedule": [{"seconds": 300, "small_blind": 5, "big_blind": 10}]}',
              format="json")
    assert s.level(1).seconds == 300
    assert s.level(99) == s.level(1)  # the last level goes on


def test_limits_for_limit_games_and_mixed_rotation() -> None:
    s = structure("horse")
    assert [s.game_at(n).key for n in range(1, 7)] == ["lhe", "o8", "razz", "stud", "stud8",
                                                       "lhe"]
    lhe, razz = s.stakes_at(1), s.stakes_at(3)
    assert (lhe.small_blind, lhe.big_blind, lhe.small_bet, lhe.big_bet) == (100, 200, 200, 400)
    assert (razz.ante, razz.bring_in, razz.small_bet, razz.big_bet) == (50, 100, 400, 800)
    assert 'game = "horse"' in dumps_toml(s)


STUD_LEVEL = (Level(600, small_bet=20, big_bet=40, stud_ante=5, bring_in=5),)


def test_I9_P7_a_six_handed_stud_event_with_the_default_floor_options() -> None:
    """I9, P7 / TDA RP-9: a 6-handed stud event is created with the default floor
    options: its final table is 7-handed, which the engine deals (the RP-10-H
    community card covers seventh street for up to eight players)."""
    s = small_structure(game="stud", seats=6, schedule=STUD_LEVEL)
    assert s.final_table_seats == 7
    t, _ = simulate(s, 13, rng=random.Random(4))
    assert t.finished and any(isinstance(e, FinalTableFormed) for e in t.log)


def test_I9_stud_tables_of_nine_or_more_are_refused_and_the_message_says_why() -> None:
    """I9: nine stud players need more cards before seventh street than the deck has;
    the error names the limit (eight) and no longer blames the community card."""
    with pytest.raises(ConfigError, match="seats: stud deals seven cards") as refused:
        small_structure(game="stud", schedule=STUD_LEVEL)
    message = str(refused.value)
    assert "at most 8 seats" in message and "yet" not in message
    with pytest.raises(ConfigError, match=r"floor\.final_table_seats"):
        small_structure(game="stud", seats=8, schedule=STUD_LEVEL)  # final table: 9
    assert small_structure(game="stud", seats=8, schedule=STUD_LEVEL,
                           floor=FloorOptions(final_table_seats=8)).seats == 8
