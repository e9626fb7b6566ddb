"""Equity: exact enumeration against brute force with the scalar evaluators, Monte Carlo
against exact, ranges, dead cards, short deck, Omaha hi and hi-lo, and the errors."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations, product

import pytest

from pokerroom.cards import FULL_DECK, SHORT_DECK, format_cards, parse_cards
from pokerroom.equity import EquityResult, boards, deals, equity, parse_range
from pokerroom.equity import fast as fast_path
from pokerroom.equity.calculate import Game
from pokerroom.errors import ConfigError, NotationError
from pokerroom.evaluation import EVALUATORS
from pokerroom.evaluation import batch as batch_api


@pytest.fixture(params=["numba", "numpy"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    batch_api.set_backend(request.param)
    yield str(request.param)
    batch_api.set_backend(None)


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def shares(game: Game, hands: Sequence[Sequence[int]], board: Sequence[int]) -> list[Fraction]:
    """Each player's share of one pot, by the scalar evaluators."""
    if game.startswith("omaha"):
        high = [EVALUATORS["omaha_high"].strength(h, board) or 0 for h in hands]
    else:
        name = "short_deck_high" if game == "short_deck" else "high"
        high = [EVALUATORS[name].strength(h, board) or 0 for h in hands]
    top = [Fraction(int(v == max(high)), high.count(max(high))) for v in high]
    if game != "omaha_hilo":
        return top
    low = [EVALUATORS["omaha_low8"].strength(h, board) or 0 for h in hands]
    if max(low) == 0:
        return top
    low_top = [Fraction(int(v == max(low)), low.count(max(low))) for v in low]
    return [(a + b) / 2 for a, b in zip(top, low_top, strict=True)]


def brute_force(
    game: Game, players: Sequence[str], board: str = "", dead: str = ""
) -> tuple[list[float], list[float], list[float]]:
    """(equity, win, tie) by enumerating every deal and board with the scalar evaluators."""
    known = cards(board) + cards(dead)
    deck = SHORT_DECK if game == "short_deck" else FULL_DECK
    options = [
        [c for c in parse_range(p, deck="short" if game == "short_deck" else "standard").combos]
        for p in players
    ]
    total = Fraction(0)
    eq = [Fraction(0)] * len(players)
    win = [0] * len(players)
    tie = [0] * len(players)
    for deal in product(*options):
        held = [c for hand in deal for c in hand]
        if len(set(held)) != len(held) or set(held) & set(known):
            continue
        live = [int(c) for c in deck if int(c) not in held and int(c) not in known]
        for extra in combinations(live, 5 - len(cards(board))):
            share = shares(game, deal, cards(board) + list(extra))
            total += 1
            for p, s in enumerate(share):
                eq[p] += s
                win[p] += s == 1
                tie[p] += 0 < s < 1
    return (
        [float(e / total) for e in eq],
        [float(w / total) for w in win],
        [float(t / total) for t in tie],
    )


def assert_matches(result: EquityResult, expected: tuple[list[float], ...]) -> None:
    eq, win, tie = expected
    assert result.exact
    assert result.equity == pytest.approx(eq, abs=1e-12)
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.tie == pytest.approx(tie, abs=1e-12)
    assert result.standard_error == (0.0,) * len(eq)


SPOTS = [
    ("holdem", ["AsKs", "QhQd"], "Qs7s2d5c", ""),
    ("holdem", ["AsKs", "QhQd", "7c7d"], "Kd7h2s", ""),
    ("holdem", ["AhAd", "KsKc"], "2h3h4h5c9d", ""),
    ("holdem", ["AhKh", "AdKd"], "QhJd2c", "Th"),
    ("holdem", ["2c2d", "3c3d", "4c4d", "5c5d"], "6h7h8h", "9h"),
    ("holdem", ["AsKs", "QhQd", "JhTh"], "2s7s9s", ""),
    ("holdem", ["As2c", "KsQs", "JhTh"], "3s4s5h", ""),
    ("holdem", ["7h2c", "KsQs"], "3s4s5s6s", ""),
    ("short_deck", ["AsKs", "QhQd"], "Ts9s6d", ""),
    ("short_deck", ["AsKs", "QhJh"], "6s7s8s", ""),
    ("short_deck", ["Ah9h", "8c8d", "JsTs"], "7h6c8h", ""),
]


@pytest.mark.parametrize(("game", "players", "board", "dead"), SPOTS)
def test_exact_equals_brute_force_on_turn_and_river_spots(
    backend: str, game: Game, players: list[str], board: str, dead: str
) -> None:
    result = equity(players, board=board, dead=dead, game=game)
    assert_matches(result, brute_force(game, players, board, dead))
    assert sum(result.equity) == pytest.approx(1.0)


def test_preflop_heads_up_equals_the_known_value_and_the_batch_enumeration() -> None:
    fast = equity(["AsKs", "QhQd"])
    assert fast.deals == 1_712_304
    assert fast.equity[0] == pytest.approx(0.4621446, abs=1e-6)
    batch_api.set_backend("numpy")
    try:
        slow = equity(["AsKs", "QhQd"], method="exact")
    finally:
        batch_api.set_backend(None)
    assert slow.equity == pytest.approx(fast.equity, abs=1e-12)
    assert slow.win == pytest.approx(fast.win, abs=1e-12)
    assert slow.tie == pytest.approx(fast.tie, abs=1e-12)


def test_short_deck_preflop_counts_every_board_of_the_36_card_deck() -> None:
    result = equity(["AsKs", "QhQd"], game="short_deck")
    assert result.deals == 201_376
    batch_api.set_backend("numpy")
    try:
        slow = equity(["AsKs", "QhQd"], game="short_deck", method="exact")
    finally:
        batch_api.set_backend(None)
    assert slow.equity == pytest.approx(result.equity, abs=1e-12)


def test_ranges_equal_brute_force_over_every_deal(backend: str) -> None:
    players = ["QQ+, AKs", "T9s-98s, JhTh"]
    expected = brute_force("holdem", players, "Kd7h2s3d")
    assert_matches(equity(players, board="Kd7h2s3d"), expected)


def test_ranges_against_an_exact_hand_on_the_flop() -> None:
    players = ["AhKh", "QQ+"]
    expected = brute_force("holdem", players, "Qd7h2h")
    assert_matches(equity(players, board="Qd7h2h"), expected)


def test_dead_cards_change_the_result_and_equal_brute_force() -> None:
    players = ["AhKh", "7c7d"]
    with_dead = equity(players, board="Qh7h2c", dead="3h4h5h")
    assert_matches(with_dead, brute_force("holdem", players, "Qh7h2c", "3h4h5h"))
    assert with_dead.equity != equity(players, board="Qh7h2c").equity


@pytest.mark.parametrize("game", ["omaha", "omaha_hilo"])
def test_omaha_exact_equals_brute_force(backend: str, game: Game) -> None:
    players = ["AhKh2d3d", "7c8c9dTd", "AsQs4c5c"]
    board = "2h5h9s6c"
    assert_matches(equity(players, board=board, game=game), brute_force(game, players, board))


def test_six_card_omaha_hilo_on_the_river() -> None:
    players = ["AhKh2d3dJc4s", "7c8c9dTdQh6h"]
    board = "2h5h9s6cKs"
    expected = brute_force("omaha_hilo", players, board)
    assert_matches(equity(players, board=board, game="omaha_hilo"), expected)


def within(result: EquityResult, exact: EquityResult, sigmas: float = 4.5) -> None:
    assert not result.exact
    for got, want, err in zip(result.equity, exact.equity, result.standard_error, strict=True):
        assert err > 0
        assert abs(got - want) < sigmas * err + 1e-12


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AsKs", "QhQd"], ""),
        (["AsKs", "QhQd", "Jc Tc"], "9c8d2h"),
        (["QQ+, AKs", "T9s-65s, 22-55"], "Kh7d2c"),
        (["random", "AA"], "Kh7d2c"),
    ],
)
def test_monte_carlo_agrees_with_exact_within_its_standard_error(
    backend: str, players: list[str], board: str
) -> None:
    batch_api.set_backend("numba")
    exact = equity(players, board=board, method="exact")
    batch_api.set_backend(backend)  # type: ignore[arg-type]
    samples = 60_000 if backend == "numba" else 30_000
    sampled = equity(players, board=board, method="monte_carlo", samples=samples, seed=11)
    within(sampled, exact)
    assert sum(sampled.equity) == pytest.approx(1.0)
    # The documented precision: about sqrt(p (1 - p) / n) for a two-way pot.
    assert max(sampled.standard_error) <= 0.5 / samples**0.5 + 1e-12


def test_omaha_random_player_equals_brute_force_over_every_hand() -> None:
    board, hero = "2h5h9s6cKs", "AhKh2d3d"
    dead = [c for c in range(52) if c % 3 == 0 and c not in cards(board + hero)][:24]
    unseen = [c for c in range(52) if c not in cards(board + hero) and c not in dead]
    total = Fraction(0)
    mine = Fraction(0)
    for villain in combinations(unseen, 4):
        mine += shares("omaha_hilo", [cards(hero), list(villain)], cards(board))[0]
        total += 1
    result = equity([hero, "random"], board=board, dead=dead, game="omaha_hilo")
    assert result.exact and result.deals == total
    assert result.equity[0] == pytest.approx(float(mine / total), abs=1e-12)


@pytest.mark.parametrize("game", ["omaha", "omaha_hilo"])
def test_omaha_monte_carlo_agrees_with_exact(backend: str, game: Game) -> None:
    players = ["AhKh2d3d", "7c8c9dTd", "AsQs4c5c"]
    exact = equity(players, board="2h5h9s", game=game, method="exact")
    sampled = equity(
        players, board="2h5h9s", game=game, method="monte_carlo", samples=20_000, seed=5
    )
    within(sampled, exact)


def test_omaha_random_player_exact_and_monte_carlo_agree(backend: str) -> None:
    players = ["AhKh2d3d", "random"]
    exact = equity(players, board="2h5h9s6cKs", game="omaha_hilo", method="exact")
    assert exact.deals == 123_410  # every four of the 43 unseen cards
    sampled = equity(
        players, board="2h5h9s6cKs", game="omaha_hilo", method="monte_carlo", samples=20_000
    )
    within(sampled, exact)


def test_monte_carlo_is_reproducible_with_a_seed(backend: str) -> None:
    a = equity(["AsKs", "QQ+"], method="monte_carlo", samples=5_000, seed=3)
    b = equity(["AsKs", "QQ+"], method="monte_carlo", samples=5_000, seed=3)
    c = equity(["AsKs", "QQ+"], method="monte_carlo", samples=5_000, seed=4)
    assert a == b
    assert a.equity != c.equity


def test_auto_is_exact_when_small_and_monte_carlo_when_large() -> None:
    assert equity(["AsKs", "QhQd"]).exact
    large = equity(["random", "random", "random"], samples=2_000, seed=1)
    assert not large.exact and large.deals == 2_000
    assert large.equity == pytest.approx([1 / 3] * 3, abs=0.05)


def test_preflop_omaha_uses_monte_carlo_by_default() -> None:
    result = equity(["AhKh2d3d", "random"], game="omaha", samples=3_000, seed=2)
    assert not result.exact
    assert 0.5 < result.equity[0] < 0.75


def test_result_reads_as_a_table() -> None:
    text = str(equity(["AsKs", "QhQd"], board="2c3c4c"))
    assert "AsKs" in text and "exact" in text


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": ["AsKs"]}, ConfigError, "at least two players"),
        ({"players": ["AsKs", "AsQd"]}, NotationError, "As of 'AsQd' is also in 'AsKs'"),
        ({"players": ["AsKs", "QQ"], "board": "As2c3d"}, NotationError, "also in the board"),
        ({"players": ["AsKs", "QQ"], "board": "2c3d"}, NotationError, "0, 3, 4 or 5 cards"),
        ({"players": ["AsKs", "QQ"], "dead": "2c2c"}, NotationError, "more than once"),
        ({"players": ["AsKs", "QQ"], "dead": "Qc", "board": "Qc2d3h"}, NotationError, "dead"),
        ({"players": ["AsKs", "AA"], "dead": "AcAdAh"}, ConfigError, "no possible hand"),
        ({"players": ["AsKs", "QQ"], "game": "stud"}, ConfigError, "unknown game"),
        ({"players": ["AsKs", "QQ"], "method": "guess"}, ConfigError, "unknown method"),
        ({"players": ["AsKs", "QQ"], "samples": 0}, ConfigError, "at least one sample"),
        ({"players": ["AsKs", "QQ+"], "game": "omaha"}, NotationError, "ranges are for hold'em"),
        ({"players": ["AsKsQd", "QQ"]}, NotationError, "a hand has two cards"),
        ({"players": ["AhKhQdJd", "AsKs"], "game": "omaha"}, NotationError, "4 to 6 cards"),
        ({"players": ["As5s", "QQ"], "game": "short_deck"}, NotationError, "below six"),
        (
            {"players": ["AsKs", "QQ"], "game": "short_deck", "board": "2c7d8h"},
            NotationError,
            "below six",
        ),
        ({"players": ["AhKhQdJd", "AsKsQsJsTs"], "game": "omaha"}, ConfigError, "different"),
        (
            {"players": ["AhKhQdJd", "random"], "game": "omaha", "hole_cards": 3},
            ConfigError,
            "4 to 6 cards, not 3",
        ),
        (
            {"players": ["AsAh", "AdAc", "KK"], "method": "monte_carlo", "board": "KsKhKd"},
            ConfigError,
            "no possible hand",
        ),
    ],
)
def test_errors_say_what_is_wrong(kwargs: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        equity(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["exact", "monte_carlo"])
def test_colliding_ranges_are_refused(backend: str, method: str) -> None:
    with pytest.raises(ConfigError, match="collide"):
        equity(["AhAd, AhAc", "AhAs, AhKh"], method=method, samples=10)  # type: ignore[arg-type]


def test_exact_refuses_an_enumeration_that_would_take_hours() -> None:
    with pytest.raises(ConfigError, match="use Monte Carlo"):
        equity(["random", "random", "random", "random"], method="exact")


@pytest.mark.parametrize(
    ("game", "players", "board"),
    [
        ("holdem", ["7c2d", "AsAh", "KdQd"], ""),
        ("holdem", ["AsKs", "AhKh"], ""),
        ("holdem", ["AsKs", "Td9d", "QQ, 22-55"], "2s7h8c"),
        ("short_deck", ["AsKs", "QhJh", "9c9d"], ""),
    ],
)
def test_preflop_kernel_equals_the_board_by_board_enumeration(
    game: Game, players: list[str], board: str
) -> None:
    """The counting kernel against evaluating every board with the batch evaluators."""
    setup = deals.build_setup(players, game=game, board=board, dead="", hole_cards=4)
    fast = fast_path.exact_holdem(setup, 1)
    slow = boards.exact_by_boards(setup)
    assert fast.deals == slow.deals
    assert fast.equity == pytest.approx(slow.equity, abs=1e-12)
    assert fast.win == pytest.approx(slow.win, abs=1e-12)
    assert fast.tie == pytest.approx(slow.tie, abs=1e-12)


@pytest.mark.parametrize(
    ("players", "game", "board"),
    [
        (["AsKs", "QQ+, AKs"], "holdem", ""),
        (["AhKh2d3d", "random"], "omaha_hilo", "2h5h9s"),
    ],
)
def test_monte_carlo_does_not_depend_on_the_number_of_workers(
    players: list[str], game: Game, board: str
) -> None:
    one = equity(players, game=game, board=board, method="monte_carlo", samples=150_000, seed=9)
    two = equity(
        players, game=game, board=board, method="monte_carlo", samples=150_000, seed=9, workers=2
    )
    every = equity(
        players, game=game, board=board, method="monte_carlo", samples=150_000, seed=9, workers=0
    )
    assert one == two == every
    assert one.deals == 150_000


def test_exact_ranges_split_over_workers_give_the_same_counts() -> None:
    players = ["QQ+, AKs", "T9s-65s"]
    assert equity(players, board="Kd7h2s", workers=2) == equity(players, board="Kd7h2s")


def test_workers_must_not_be_negative() -> None:
    with pytest.raises(ConfigError, match="workers"):
        equity(["AsKs", "QhQd"], workers=-1)


@pytest.mark.parametrize(("ranges", "board"), [(["AKs", "QQ"], ""), (["AK", "TT-JJ"], "2h7h9c")])
def test_suit_classes_give_the_average_over_every_deal(ranges: list[str], board: str) -> None:
    """Deals that differ by a renaming of suits are enumerated once, weighted by their count."""
    combined = equity(ranges, board=board, method="exact")
    known = set(cards(board))
    results = [
        equity([format_cards(a), format_cards(b)], board=board, method="exact")
        for a in parse_range(ranges[0]).combos
        for b in parse_range(ranges[1]).combos
        if not (set(a) | set(b)) & known and not set(a) & set(b)
    ]
    assert combined.deals == sum(r.deals for r in results)
    for p in range(2):
        assert combined.equity[p] == pytest.approx(
            sum(r.equity[p] for r in results) / len(results), abs=1e-12
        )
        assert combined.win[p] == pytest.approx(sum(r.win[p] for r in results) / len(results))


def test_warm_up_loads_every_kernel_a_question_runs() -> None:
    """``warm_up`` leaves nothing for a first question to compile or load: in a fresh
    interpreter, after it, the kernels of exact and Monte Carlo hold'em, Monte Carlo
    Omaha (hi and hi-lo) and the batch evaluators each hold a compiled signature, and
    asking each kind of question then adds none."""
    code = """
from pokerroom.equity import equity, kernels_exact, kernels_sampling, warm_up
from pokerroom.evaluation import batch_numba
kernels = {"holdem_exact": kernels_exact.holdem_exact,
           "holdem_monte_carlo": kernels_sampling.holdem_monte_carlo,
           "omaha_monte_carlo": kernels_sampling.omaha_monte_carlo,
           "high_any": batch_numba.high_any, "badugi": batch_numba.badugi,
           "deuce_seven": batch_numba.deuce_seven}
assert not any(k.signatures for k in kernels.values()), "compiled before warm_up"
assert warm_up() > 0
before = {name: len(k.signatures) for name, k in kernels.items()}
assert all(before.values()), before
equity(["AsKs", "QQ+"], board="Qs7s2d", method="exact")
equity(["AsKs", "QhQd"], method="monte_carlo", samples=500, seed=1)
equity(["AhKhQdJd", "random"], game="omaha_hilo", board="2c7d9hTs", method="monte_carlo",
       samples=500, seed=1)
after = {name: len(k.signatures) for name, k in kernels.items()}
assert after == before, (before, after)
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]
