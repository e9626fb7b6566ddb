"""Equity's pure-Python path (no NumPy: a lean install) against the NumPy/Numba paths,
which tests/equity/test_equity.py checks against brute force."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from pokerroom.cards import parse_cards
from pokerroom.equity import EquityResult, calculate, equity
from pokerroom.equity.calculate import Game
from pokerroom.errors import ConfigError


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """equity() as it runs where NumPy cannot be imported."""
    monkeypatch.setattr(calculate, "numpy_installed", lambda: False)
    yield


SPOTS = [
    ("holdem", ["AsKs", "QhQd"], "Qs7s2d5c", ""),
    ("holdem", ["AsKs", "QhQd", "7c7d"], "Kd7h2s", ""),
    ("holdem", ["AhAd", "KsKc"], "2h3h4h5c9d", ""),
    ("holdem", ["AhKh", "AdKd"], "QhJd2c", "Th"),
    ("holdem", ["2c2d", "3c3d", "4c4d", "5c5d"], "6h7h8h", "9h"),
    ("holdem", ["QQ+, AKs", "T9s-98s, JhTh"], "Kd7h2s3d", ""),
    ("short_deck", ["Ah9h", "8c8d", "JsTs"], "7h6c8h", ""),
    ("omaha", ["AhKh2d3d", "7c8c9dTd", "AsQs4c5c"], "2h5h9s6c", ""),
    ("omaha_hilo", ["AhKh2d3d", "7c8c9dTd", "AsQs4c5c"], "2h5h9s6c", ""),
    ("omaha_hilo", ["AhKh2d3dJc4s", "7c8c9dTdQh6h"], "2h5h9s6cKs", ""),
]


def same(a: EquityResult, b: EquityResult) -> None:
    assert a.exact and b.exact and a.deals == b.deals
    for got, want in [(a.equity, b.equity), (a.win, b.win), (a.tie, b.tie)]:
        assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize(("game", "players", "board", "dead"), SPOTS)
def test_pure_python_exact_equals_the_numpy_paths(
    game: Game, players: list[str], board: str, dead: str
) -> None:
    fast = equity(players, board=board, dead=dead, game=game, method="exact")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(calculate, "numpy_installed", lambda: False)
        slow = equity(players, board=board, dead=dead, game=game, method="exact")
    same(slow, fast)


def test_pure_python_exact_deals_every_random_omaha_hand() -> None:
    players = ["AhKh2d3d", "random"]
    seen = {int(c) for c in parse_cards("AhKh2d3d2h5h9s6cKs")}
    dead = [c for c in range(52) if c not in seen][:27]
    fast = equity(players, board="2h5h9s6cKs", dead=dead, game="omaha_hilo", method="exact")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(calculate, "numpy_installed", lambda: False)
        slow = equity(players, board="2h5h9s6cKs", dead=dead, game="omaha_hilo", method="exact")
    assert slow.deals == 1820  # every four of the 16 unseen cards
    same(slow, fast)


@pytest.mark.parametrize(
    ("players", "game", "board"),
    [
        (["AsKs", "QhQd"], "holdem", ""),
        (["QQ+, AKs", "T9s-65s, 22-55"], "holdem", "Kh7d2c"),
        (["AhKh2d3d", "7c8c9dTd", "AsQs4c5c"], "omaha_hilo", "2h5h9s"),
        (["AhKh2d3d", "random"], "omaha_hilo", "2h5h9s6cKs"),
    ],
)
def test_pure_python_monte_carlo_is_within_its_standard_error_of_exact(
    players: list[str], game: Game, board: str
) -> None:
    exact = equity(players, board=board, game=game, method="exact")  # NumPy/Numba
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(calculate, "numpy_installed", lambda: False)
        sampled = equity(
            players, board=board, game=game, method="monte_carlo", samples=20_000, seed=4
        )
    assert not sampled.exact and sampled.deals == 20_000
    assert sum(sampled.equity) == pytest.approx(1.0)
    for got, want, err in zip(sampled.equity, exact.equity, sampled.standard_error, strict=True):
        assert 0 < err <= 0.5 / 20_000**0.5 + 1e-12
        assert abs(got - want) < 4.5 * err


@pytest.mark.usefixtures("pure")
def test_pure_python_monte_carlo_is_reproducible_with_a_seed() -> None:
    a = equity(["AsKs", "QQ+"], method="monte_carlo", samples=3_000, seed=3)
    b = equity(["AsKs", "QQ+"], method="monte_carlo", samples=3_000, seed=3)
    c = equity(["AsKs", "QQ+"], method="monte_carlo", samples=3_000, seed=4)
    assert a == b and a.equity != c.equity


@pytest.mark.usefixtures("pure")
def test_pure_python_auto_samples_preflop_and_enumerates_the_flop() -> None:
    assert not equity(["AsKs", "QhQd"], samples=2_000, seed=1).exact
    assert equity(["AsKs", "QhQd"], board="Kd7h2s").exact


@pytest.mark.usefixtures("pure")
@pytest.mark.parametrize("method", ["exact", "monte_carlo"])
def test_pure_python_refuses_colliding_ranges(method: str) -> None:
    with pytest.raises(ConfigError, match="collide"):
        equity(["AhAd, AhAc", "AhAs, AhKh"], method=method, samples=10)  # type: ignore[arg-type]


@pytest.mark.usefixtures("pure")
def test_pure_python_refuses_an_exact_enumeration_of_hours() -> None:
    with pytest.raises(ConfigError, match="use Monte Carlo"):
        equity(["random", "random", "random"], method="exact")


@pytest.mark.usefixtures("pure")
def test_the_command_samples_100_000_deals_by_default_in_pure_python(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pokerroom.equity.command import main

    assert main(["AsKs", "QhQd", "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] is False and out["deals"] == 100_000
