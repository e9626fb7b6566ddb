"""Writing PHH: dumps, scales, unknown stacks, extra fields."""

from __future__ import annotations

import datetime
import tomllib
from fractions import Fraction

import pytest

from pokerroom.errors import NotationError
from pokerroom.history import (
    INFINITE_STACK,
    HandHistory,
    PhhAction,
    dumps,
    dumps_many,
    loads,
    parse_action,
)


def hand(**changes: object) -> HandHistory:
    fields: dict[str, object] = {
        "variant": "NT",
        "antes": (0, 0),
        "blinds_or_straddles": (50, 100),
        "min_bet": 100,
        "starting_stacks": (24715, 10000),
        "actions": (
            parse_action("d dh p1 AsKs"),
            parse_action("d dh p2 ????"),
            parse_action("p2 cbr 2.50", scale=100),
            parse_action("p1 f  # folds"),
        ),
        "scale": 100,
    }
    fields.update(changes)
    return HandHistory(**fields)  # type: ignore[arg-type]


def test_dumps_writes_amounts_divided_by_scale() -> None:
    text = dumps(hand())
    assert "blinds_or_straddles = [0.5, 1]" in text
    assert "starting_stacks = [247.15, 100]" in text
    assert '"p2 cbr 2.5",' in text
    assert '"p1 f # folds",' in text
    assert loads(text) == [hand()]


def test_loads_picks_the_smallest_scale() -> None:
    [again] = loads(dumps(hand(starting_stacks=(24700, 10000))))
    assert again.scale == 10
    assert again.starting_stacks == (2470, 1000)
    assert again == hand(starting_stacks=(24700, 10000)).with_scale(10)


def test_smallest_scale_and_with_scale() -> None:
    h = hand(starting_stacks=(24000, 10000), actions=(parse_action("p2 cbr 300", scale=100),))
    assert h.smallest_scale == 10
    with pytest.raises(NotationError, match=r"blind or straddle 0\.5 is not a whole number"):
        h.with_scale(1)
    h2 = hand(blinds_or_straddles=(100, 200), starting_stacks=(24000, 10000), min_bet=200,
              actions=(parse_action("p2 cbr 300", scale=100),))
    assert h2.smallest_scale == 1
    small = h2.with_scale(1)
    assert (small.blinds_or_straddles, small.starting_stacks) == ((1, 2), (240, 100))
    assert small.actions[0].amount == 300
    assert small.with_scale(100) == h2
    assert loads(dumps(h2)) == [small]


def test_half_chips_survive_rescaling() -> None:
    h = hand(finishing_stacks=(Fraction(24715, 2), 10000), winnings=(0, 5))
    assert "finishing_stacks = [123.575, 100]" in dumps(h)
    assert "winnings = [0, 0.05]" in dumps(h)
    assert loads(dumps(h)) == [h]
    assert h.with_scale(1000).finishing_stacks == (123575, 100000)
    assert type(h.with_scale(1000).finishing_stacks[0]) is int  # type: ignore[index]


def test_a_fraction_without_a_decimal_form_is_refused() -> None:
    with pytest.raises(NotationError, match="no exact decimal form"):
        dumps(hand(finishing_stacks=(Fraction(1, 3), 0)))


def test_infinite_stacks() -> None:
    written = dumps(hand(starting_stacks=(INFINITE_STACK, 10000)))
    assert "starting_stacks = [inf, 100]" in written
    [again] = loads(written)
    assert again.starting_stacks == (INFINITE_STACK, 1000)
    assert again.scale == 10  # inf does not count towards the scale
    assert again.smallest_scale == 10
    assert loads(written.replace("[inf, 100]", "[+inf, 100]")) == [again]
    assert again.with_scale(1000).starting_stacks == (INFINITE_STACK, 100000)


def test_extra_fields_round_trip_and_are_read_only() -> None:
    extra = {
        "players": ["Ivey", "Dwan"],
        "time": datetime.time(0, 0, 9),
        "date": datetime.date(2009, 7, 1),
        "started": datetime.datetime(2009, 7, 1, 12, 30, 5, 250),
        "time_limit": float("inf"),
        "time_banks": [30.5, 12.0],
        "odd key": "quote \" and backslash \\ and\nnewline\x7f",
        "nested": {"a": [1, 2], "b": {"c": True}},
        "empty": [],
    }
    h = hand(extra=extra)
    assert h.extra["players"] == ("Ivey", "Dwan")
    with pytest.raises(TypeError):
        h.extra["players"] = ()  # type: ignore[index]
    text = dumps(h)
    assert loads(text) == [h]
    document = tomllib.loads(text)
    assert document["odd key"] == extra["odd key"]
    assert document["time_limit"] == float("inf")


def test_extra_cannot_shadow_a_field() -> None:
    with pytest.raises(NotationError, match="extra field 'min_bet' is a PHH field"):
        dumps(hand(extra={"min_bet": 3}))


def test_extra_values_toml_cannot_hold() -> None:
    with pytest.raises(NotationError, match="cannot write a complex in TOML"):
        dumps(hand(extra={"x": 1j}))
    tz = datetime.UTC
    with pytest.raises(NotationError, match="no time of day with a time zone"):
        dumps(hand(extra={"x": datetime.time(1, 2, tzinfo=tz)}))
    odd = datetime.timezone(datetime.timedelta(seconds=90))
    with pytest.raises(NotationError, match="offsets are whole minutes"):
        dumps(hand(extra={"x": datetime.datetime(2000, 1, 1, tzinfo=odd)}))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"antes": (0,)}, "antes has 1 entries but starting_stacks has 2"),
        ({"starting_stacks": ()}, "starting_stacks is empty"),
        ({"scale": 3}, "scale must be a power of ten"),
        ({"actions": (PhhAction(2, "f"),)}, "names p3 in a hand of 2 players"),
        ({"actions": (PhhAction(None, "dh", cards=(1,), dealt_to=5),)}, "names p6"),
        ({"finishing_stacks": (1, 2, 3)}, "finishing_stacks has 3 entries"),
    ],
)
def test_dumps_refuses_hands_that_would_not_load(changes: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        dumps(hand(**changes))


def test_dumps_many_numbers_the_tables() -> None:
    hands = [hand(), hand(variant="PO"), hand(min_bet=200)]
    text = dumps_many(hands)
    assert [line for line in text.splitlines() if line.startswith("[")] == ["[1]", "[2]", "[3]"]
    again = loads(text, path="x.phhs")
    assert again == hands
    assert [(h.path, h.index) for h in again] == [("x.phhs", 1), ("x.phhs", 2), ("x.phhs", 3)]
    assert dumps_many([]) == ""
    assert loads(dumps_many([]), path="x.phhs") == []


def test_stud_and_optional_fields_are_written_only_when_present() -> None:
    stud = hand(blinds_or_straddles=(), min_bet=None, bring_in=25, small_bet=50, big_bet=100,
                ante_trimming_status=True, actions=())
    text = dumps(stud)
    assert "blinds_or_straddles" not in text and "min_bet" not in text
    assert "bring_in = 0.25\nsmall_bet = 0.5\nbig_bet = 1\n" in text
    assert "actions = []" in text and "ante_trimming_status = true" in text
    assert loads(text) == [stud.with_scale(stud.smallest_scale)]


def test_negative_blind_posts_are_kept() -> None:
    h = hand(blinds_or_straddles=(50, 100), antes=(0, 0), starting_stacks=(10000, 10000))
    dead = HandHistory(
        variant="NT", antes=(0, 0, 0), blinds_or_straddles=(1, 2, -2),
        starting_stacks=(100, 100, 100), actions=(), min_bet=2,
    )
    assert "blinds_or_straddles = [1, 2, -2]" in dumps(dead)
    assert loads(dumps(dead)) == [dead]
    assert loads(dumps(h)) == [h.with_scale(h.smallest_scale)]
