"""Batch evaluators: equal to the scalar evaluators, row by row, on both backends."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from pokerroom.evaluation import EVALUATORS, HIGH, high_strength
from pokerroom.evaluation import batch as batch_api
from pokerroom.evaluation import batch_tables as bt
from pokerroom.evaluation.batch import (
    a5_low_strengths,
    badugi_strengths,
    deuce_seven_low_strengths,
    high_strengths,
    low8_strengths,
    omaha_high_strengths,
    omaha_low8_strengths,
    short_deck_high_strengths,
    strengths,
)
from pokerroom.evaluation.lows import LOW8_MIN_STRENGTH

U8 = npt.NDArray[np.uint8]


@pytest.fixture(params=["numba", "numpy"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    batch_api.set_backend(request.param)
    yield str(request.param)
    batch_api.set_backend(None)


def deal(rows: int, cards: int, *, seed: int, short_deck: bool = False) -> U8:
    """Random hands of distinct cards, one per row."""
    rng = np.random.default_rng(seed)
    deck = 36 if short_deck else 52
    keys = rng.random((rows, deck))
    chosen = np.argpartition(keys, cards, axis=1)[:, :cards]
    return (chosen + (52 - deck)).astype(np.uint8)


def scalar(name: str, hole: U8, board: U8 | None = None) -> npt.NDArray[np.int64]:
    evaluator = EVALUATORS[name]
    boards = board.tolist() if board is not None else [[]] * len(hole)
    return np.array(
        [evaluator.strength(h, b) or 0 for h, b in zip(hole.tolist(), boards, strict=True)],
        dtype=np.int64,
    )


def test_one_million_seven_card_hands_equal_the_scalar_high_strength() -> None:
    hands = deal(1_000_000, 7, seed=1)
    expected = np.fromiter(map(high_strength, hands.tolist()), dtype=np.int64, count=len(hands))
    assert np.array_equal(high_strengths(hands), expected)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_high_equals_scalar(backend: str, size: int) -> None:
    hands = deal(60_000, size, seed=size)
    assert np.array_equal(high_strengths(hands), scalar("high", hands))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_short_deck_high_equals_scalar(backend: str, size: int) -> None:
    hands = deal(60_000, size, seed=10 + size, short_deck=True)
    assert np.array_equal(short_deck_high_strengths(hands), scalar("short_deck_high", hands))


@pytest.mark.parametrize("name", ["low8", "a5_low", "deuce_seven_low"])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_lows_equal_scalar(backend: str, name: str, size: int) -> None:
    rows = 40_000 if name != "deuce_seven_low" or size == 5 else 8_000
    hands = deal(rows, size, seed=20 + size)
    assert np.array_equal(strengths(name, hands), scalar(name, hands))
    if name == "deuce_seven_low":
        assert np.array_equal(deuce_seven_low_strengths(hands), scalar(name, hands))


def test_low8_has_zero_where_scalar_has_none_and_qualifiers_elsewhere() -> None:
    hands = deal(20_000, 7, seed=3)
    got = low8_strengths(hands)
    assert (got == 0).any() and (got > 0).any()
    assert np.array_equal(got > 0, a5_low_strengths(hands) >= LOW8_MIN_STRENGTH)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 6])
def test_badugi_equals_scalar(backend: str, size: int) -> None:
    hands = deal(20_000 if size <= 4 else 5_000, size, seed=30 + size)
    assert np.array_equal(badugi_strengths(hands), scalar("badugi", hands))


@pytest.mark.parametrize(
    ("holes", "boards"), [(4, 3), (4, 4), (4, 5), (5, 5), (6, 5), (2, 3), (6, 3)]
)
def test_omaha_equals_scalar(backend: str, holes: int, boards: int) -> None:
    rows = 6_000 if backend == "numba" else 2_000
    cards = deal(rows, holes + boards, seed=40 + holes * 7 + boards)
    hole, board = cards[:, :holes], cards[:, holes:]
    assert np.array_equal(omaha_high_strengths(hole, board), scalar("omaha_high", hole, board))
    assert np.array_equal(omaha_low8_strengths(hole, board), scalar("omaha_low8", hole, board))


def test_omaha_flush_heavy_boards_equal_scalar() -> None:
    """Three or more board cards of one suit, two or more hole cards of it."""
    rng = np.random.default_rng(7)
    hearts = np.array([r * 4 + 2 for r in range(13)])
    rows = []
    for _ in range(3_000):
        suited = rng.choice(hearts, size=7, replace=False)
        others = rng.choice(np.setdiff1d(np.arange(52), hearts), size=4, replace=False)
        cards = np.concatenate([suited[:2], others[:2], suited[2:5], others[2:3], suited[5:6]])
        rows.append(cards)
    hands = np.array(rows, dtype=np.uint8)
    hole, board = hands[:, :4], hands[:, 4:9]
    assert np.array_equal(omaha_high_strengths(hole, board), scalar("omaha_high", hole, board))


def test_strengths_concatenates_hole_and_board_like_the_evaluators() -> None:
    cards = deal(5_000, 7, seed=8)
    pairs = zip(cards[:, :2].tolist(), cards[:, 2:].tolist(), strict=True)
    expected = [HIGH.strength(h, b) for h, b in pairs]
    assert strengths("high", cards[:, :2], cards[:, 2:]).tolist() == expected


def test_every_evaluator_has_a_batch_function() -> None:
    assert set(EVALUATORS) == set(batch_api.BY_CARDS) | set(batch_api.BY_HOLE_AND_BOARD)


def test_other_integer_dtypes_are_accepted() -> None:
    hands = deal(1_000, 7, seed=9)
    expected = high_strengths(hands)
    for dtype in (np.int8, np.int16, np.int64, np.uint32):
        assert np.array_equal(high_strengths(hands.astype(dtype)), expected)
    assert np.array_equal(high_strengths(hands.tolist()), expected)
    assert high_strengths(np.empty((0, 7), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int64])
def test_a_value_that_is_no_card_names_its_row(backend: str, dtype: type) -> None:
    hands: npt.NDArray[np.integer[Any]] = deal(100, 7, seed=11).astype(dtype)
    hands[42, 3] = 52 if dtype != np.int8 else -1
    with pytest.raises(ValueError, match="row 42"):
        high_strengths(hands)
    with pytest.raises(ValueError, match="row 42"):
        omaha_high_strengths(hands[:, :4], hands[:, 4:])
    with pytest.raises(ValueError, match="row 42"):
        badugi_strengths(hands[:, :4])


def test_short_deck_refuses_a_deuce() -> None:
    hands = deal(10, 7, seed=12, short_deck=True)
    hands[3, 0] = 0
    with pytest.raises(ValueError, match=r"row 3 .*short deck"):
        short_deck_high_strengths(hands)


def test_shapes_and_types_are_checked() -> None:
    with pytest.raises(ValueError, match="2-D"):
        high_strengths(np.arange(7, dtype=np.uint8))
    with pytest.raises(ValueError, match="5 to 7 cards"):
        high_strengths(np.zeros((2, 8), dtype=np.uint8))
    with pytest.raises(TypeError, match="integers"):
        high_strengths(np.zeros((2, 7), dtype=np.float64))
    with pytest.raises(ValueError, match="2 rows of hole cards but 3 boards"):
        omaha_high_strengths(np.zeros((2, 4), dtype=np.uint8), np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(ValueError, match="needs the board"):
        strengths("omaha_high", np.zeros((2, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="no batch evaluator named 'stud'"):
        strengths("stud", np.zeros((2, 7), dtype=np.uint8))
    with pytest.raises(ValueError, match="unknown batch backend"):
        batch_api.set_backend("cython")  # type: ignore[arg-type]


def test_tables_round_trip_through_the_disk_cache(tmp_path: Path) -> None:
    built = bt.batch_tables()
    path = tmp_path / "tables.npz"
    bt._save(path, built)
    loaded = bt._load(path)
    assert loaded is not None
    assert loaded.multiplier == built.multiplier
    for name in bt._FIELDS:
        assert np.array_equal(getattr(loaded, name), getattr(built, name))
    assert bt._load(tmp_path / "missing.npz") is None


def test_cached_tables_equal_freshly_built_ones() -> None:
    fresh = bt.build_tables()
    cached = bt.batch_tables()
    assert fresh.multiplier == cached.multiplier
    for name in bt._FIELDS:
        assert np.array_equal(getattr(fresh, name), getattr(cached, name)), name


def test_perfect_hash_gives_every_rank_multiset_its_own_slot() -> None:
    t = bt.batch_tables()
    keys = np.array(bt.rank_multiset_keys(range(13), (5, 6, 7)), dtype=np.int64)
    assert len(keys) == 73_775
    assert len(np.unique(bt.slots_of(keys, t.multiplier, t.displacement))) == len(keys)


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERROOM_CACHE_DIR", "/somewhere")
    assert bt.cache_dir() == Path("/somewhere")
    monkeypatch.delenv("POKERROOM_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert bt.cache_dir() == Path("/xdg/pokerroom")


def test_backend_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    batch_api.set_backend(None)
    monkeypatch.setenv("POKERROOM_BATCH_BACKEND", "numpy")
    assert batch_api.backend() == "numpy"
    batch_api.set_backend(None)
    monkeypatch.delenv("POKERROOM_BATCH_BACKEND")
    expected = "numba" if importlib.util.find_spec("numba") else "numpy"
    assert batch_api.backend() == expected
    batch_api.set_backend(None)


def test_warm_up_reports_seconds() -> None:
    assert batch_api.warm_up() >= 0
