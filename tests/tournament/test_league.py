"""A league's points and standings (pokerroom.tournament.league): the formulas a
director picks or writes, worked out safely, and a season's table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.tournament.league import FORMULAS, Formula, standings
from pokerroom.tournament.results_sheet import ResultRow


def row(name: str, place: int, prize: int = 0, *, place_to: int | None = None,
        bounties: int = 0) -> ResultRow:
    return ResultRow(0, name, place, place_to or place, prize, bounties, 0, False, 20_00)


@pytest.mark.parametrize(("name", "place", "entries", "points"), [
    ("linear", 1, 20, 20), ("linear", 20, 20, 1), ("square_root", 1, 25, 50),
    ("square_root", 4, 25, 25), ("beaten", 1, 10, 55), ("beaten", 10, 10, 10),
])
def test_the_standard_formulas(name: str, place: int, entries: int, points: float) -> None:
    assert Formula(FORMULAS[name]).points(place=place, place_to=place,
                                          entries=entries) == points


def test_money_is_in_dollars_and_points_keep_two_decimals() -> None:
    f = Formula("prize + bounties")
    assert f.for_row(row("Ann", 1, 141_50, bounties=10_00), 12) == 151.5
    assert Formula("10 / 3").points(place=1, place_to=1, entries=9) == 3.33


@pytest.mark.parametrize(("text", "says"), [
    ("__import__('os').system('true')", "it calls __import__('os').system"),
    ("open('x')", "it calls open"),
    ("place.real", "it uses place.real"),
    ("entries if place else 0", "it uses"),
    ("lambda: 1", "it uses"),
    ("[place]", "it uses"),
    ("'a' * 3", "'a' is not a number"),
    ("x + 1", "it names x"),
    ("sqrt + 1", "sqrt is a function: sqrt(...)"),
    ("min()", "cannot be worked out"),
    ("round(place, 2, 3)", "cannot be worked out"),
    ("place // 2", "it uses place // 2"),
    ("place < 3", "it uses"),
    ("sqrt(x=place)", "it calls sqrt"),
    ("", "1 to 200 characters"),
    ("1 +" * 80, "1 to 200 characters"),
    ("(", "is not a formula"),
    ("1 / (place - 1)", "cannot be worked out for place 1 of 10"),
    ("2 ** 11", "an exponent is at most 10"),
    ("log(0)", "cannot be worked out"),
])
def test_a_formula_that_is_not_allowed_is_refused_saying_what_is(text: str, says: str) -> None:
    with pytest.raises(ConfigError) as refused:
        Formula(text)
    assert says in str(refused.value)
    if "may use" in str(refused.value):
        assert "place, place_to, entries" in str(refused.value)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.text(alphabet="place ntris0123456789+-*/()sqrtlogminax,.", max_size=60))
def test_any_text_is_worked_out_or_refused_never_run(text: str) -> None:
    """Whatever is typed: a formula that gives a finite number for every finish, or a
    ConfigError; nothing else escapes."""
    try:
        f = Formula(text)
    except ConfigError:
        return
    for place in (1, 5, 9):
        try:
            value = f.points(place=place, place_to=place, entries=9)
        except ConfigError:
            continue
        assert value == value and abs(value) != float("inf")


def test_standings_add_up_a_season_best_first() -> None:
    """Points per player over the events, the newest first (one player whatever the
    case of the name, written as in the newest), then more wins, a better best place;
    a shared place counts as its best place."""
    linear = Formula(FORMULAS["linear"])
    season = [
        (4, [row("Ann", 1, 60_00), row("Bob", 2, 40_00), row("cy", 3), row("Dee", 4)]),
        (3, [row("Cy", 1, 30_00), row("Bob", 2, place_to=3), row("Ann", 2, place_to=3)]),
    ]
    table = standings(season, linear)
    assert [(s.name, s.points, s.events, s.wins, s.best, s.won) for s in table] == [
        ("Ann", 6.0, 2, 1, 1, 60_00), ("cy", 5.0, 2, 1, 1, 30_00),  # cy: a win more
        ("Bob", 5.0, 2, 0, 2, 40_00), ("Dee", 1.0, 1, 0, 4, 0)]
    assert table[0].to_json()["points"] == 6.0
