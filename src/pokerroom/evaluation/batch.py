"""Batch evaluation: one call, a whole NumPy array of hands, one strength each.

Each function takes cards as a 2-D integer array, one hand per row (uint8 is
best: any other integer type is checked and converted), and returns an int32
array of strengths equal to what the scalar evaluator of the same name gives
for each row (:data:`pokerroom.evaluation.EVALUATORS`)::

    >>> import numpy as np
    >>> from pokerroom.evaluation import batch
    >>> batch.high_strengths(np.array([[48, 44, 40, 36, 32, 0, 1]], dtype=np.uint8))
    array([8978432], dtype=int32)

Where the scalar evaluator says None (no eight-or-better low) the batch
result is 0, which no real strength equals.  High hands and the lows take
five to seven cards a row (the scalar ones also take eight or nine), Omaha
two to six hole cards and three to five board cards, badugi one to eight.
Like the scalar ``strength`` functions, these trust that the cards of a row
are distinct; a value that is no card (outside 0-51, or a deuce to five in
short deck) raises ValueError.

Two backends give identical results: Numba kernels (compiled on first use
and cached on disk; over 250 M seven-card hands a second on one core) and
whole-array NumPy (several times slower), chosen automatically when Numba
cannot be imported, or by ``POKERROOM_BATCH_BACKEND=numpy`` or
:func:`set_backend`.  Importing this module loads NumPy but neither Numba nor
the tables; the first call loads both (see :func:`warm_up`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from itertools import combinations
from types import ModuleType
from typing import Final, Literal

from pokerroom.extras import MissingExtraError

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:  # a lean install
    raise MissingExtraError("fast", "numpy", "pokerroom.evaluation.batch") from exc

from pokerroom.evaluation.batch_tables import (
    KERNEL_CARD_KEYS,
    KERNEL_RANK_KEYS,
    KERNEL_SHORT_CARD_KEYS,
    KERNEL_SUIT_RANK_BITS,
    BatchTables,
    batch_tables,
)
from pokerroom.evaluation.lows import LOW8_MIN_STRENGTH
from pokerroom.evaluation.omaha import LOW_BIT

U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
Backend = Literal["numba", "numpy"]

KERNEL_LOW_BITS: Final = np.array([*LOW_BIT, *([1 << 20] * 204)], dtype=np.int64)
"""Card -> its ace-low bit (ace 0 ... eight 7, 0 above eight); bit 20 marks no card."""

_backend: Backend | None = None
_numba: ModuleType | None = None


def _automatic() -> Backend:
    wanted = os.environ.get("POKERROOM_BATCH_BACKEND", "").lower()
    if wanted == "numpy":
        return "numpy"
    try:
        import numba  # noqa: F401
    except ImportError:
        if wanted == "numba":
            raise
        return "numpy"
    return "numba"


def backend() -> Backend:
    """``"numba"`` or ``"numpy"``: which kernels the batch functions run."""
    global _backend
    if _backend is None:
        _backend = _automatic()
    return _backend


def set_backend(name: Backend | None) -> None:
    """Force a backend, or go back to the automatic choice with None."""
    global _backend
    if name not in (None, "numba", "numpy"):
        raise ValueError(f"unknown batch backend {name!r}; use 'numba' or 'numpy'")
    _backend = name


def _kernels() -> ModuleType:
    global _numba
    if _numba is None:
        from pokerroom.evaluation import batch_numba

        _numba = batch_numba
    return _numba


def _fallback() -> ModuleType:
    from pokerroom.evaluation import batch_numpy

    return batch_numpy


def as_cards(cards: npt.ArrayLike, *, what: str, columns: range, first: int = 0) -> U8:
    """A C-contiguous uint8 array of hands, one per row, with a column count in ``columns``.

    uint8 and int8 arrays are taken as they are (a byte that is no card is
    reported by the kernels); other integer arrays are range-checked here.
    """
    array = np.asarray(cards)
    if array.ndim != 2:
        raise ValueError(
            f"{what}: expected a 2-D array (one hand per row), got shape {array.shape}"
        )
    if array.shape[1] not in columns:
        raise ValueError(
            f"{what}: expected {columns.start} to {columns.stop - 1} cards per row, "
            f"got {array.shape[1]}"
        )
    if array.dtype == np.int8:
        array = array.view(np.uint8)
    elif array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise TypeError(f"{what}: cards must be integers 0-51, got dtype {array.dtype}")
        if array.size and (array.min() < first or array.max() > 51):
            _raise_bad_row(what, array, first)
        array = array.astype(np.uint8)
    if not array.flags.writeable:  # one compiled signature for every input
        array = array.copy()
    return np.ascontiguousarray(array)


def _raise_bad_row(what: str, array: npt.NDArray[np.generic], first: int = 0) -> None:
    values = array.astype(np.int64)
    bad = np.flatnonzero(((values < first) | (values > 51)).any(axis=1))
    row = int(bad[0])
    lowest = "six" if first else "0"
    raise ValueError(
        f"{what}: row {row} holds {array[row].tolist()}, not cards "
        f"({lowest} to 51{' in short deck' if first else ''})"
    )


def _check(bad: int, what: str, *arrays: U8, first: int = 0) -> None:
    if bad:
        for array in arrays:
            if ((array < first) | (array > 51)).any():
                _raise_bad_row(what, array, first)
        raise AssertionError("a kernel reported a bad card that is not there")  # pragma: no cover


def _precheck(what: str, *arrays: U8, first: int = 0) -> None:
    """The NumPy kernels read tables with every byte: check the cards first."""
    for array in arrays:
        if array.size and (array.max() > 51 or array.min() < first):
            _raise_bad_row(what, array, first)


def _high(cards: npt.ArrayLike, *, short_deck: bool) -> I32:
    what = "short deck high" if short_deck else "high"
    first = 16 if short_deck else 0
    hands = as_cards(cards, what=what, columns=range(5, 8))
    t = batch_tables()
    ranks, flush = (t.short_ranks, t.short_flush) if short_deck else (t.high_ranks, t.high_flush)
    if backend() == "numpy":
        _precheck(what, hands, first=first)
        return _fallback().high(hands, t.multiplier64, t.displacement, ranks, flush)  # type: ignore[no-any-return]
    k = _kernels()
    out = np.empty(len(hands), dtype=np.int32)
    run = k.high_seven if hands.shape[1] == 7 else k.high_any
    keys = KERNEL_SHORT_CARD_KEYS if short_deck else KERNEL_CARD_KEYS
    bad = run(hands, keys, KERNEL_SUIT_RANK_BITS, t.multiplier64, t.displacement, ranks, flush, out)
    _check(bad, what, hands, first=first)
    return out


def high_strengths(cards: npt.ArrayLike) -> I32:
    """Best high hand of each row of five to seven cards (``HIGH``, S6)."""
    return _high(cards, short_deck=False)


def short_deck_high_strengths(cards: npt.ArrayLike) -> I32:
    """Short deck: five to seven cards six to ace per row (``SHORT_DECK_HIGH``)."""
    return _high(cards, short_deck=True)


def _rank_only(cards: npt.ArrayLike, *, what: str, threshold: int) -> I32:
    hands = as_cards(cards, what=what, columns=range(5, 8))
    t = batch_tables()
    if backend() == "numpy":
        _precheck(what, hands)
        return _fallback().rank_only(hands, t.multiplier64, t.displacement, t.a5_ranks, threshold)  # type: ignore[no-any-return]
    out = np.empty(len(hands), dtype=np.int32)
    bad = _kernels().rank_only(
        hands, KERNEL_RANK_KEYS, t.multiplier64, t.displacement, t.a5_ranks, threshold, out
    )
    _check(bad, what, hands)
    return out


def a5_low_strengths(cards: npt.ArrayLike) -> I32:
    """Ace-to-five low of five to seven cards per row (``A5_LOW``, S9)."""
    return _rank_only(cards, what="ace-to-five low", threshold=0)


def low8_strengths(cards: npt.ArrayLike) -> I32:
    """Eight-or-better low of five to seven cards per row, 0 without one (``LOW8``, S8)."""
    return _rank_only(cards, what="eight-or-better low", threshold=LOW8_MIN_STRENGTH)


def _fives(columns: int) -> npt.NDArray[np.int8]:
    return np.array(list(combinations(range(columns), 5)), dtype=np.int8)


def deuce_seven_low_strengths(cards: npt.ArrayLike) -> I32:
    """Deuce-to-seven low, the best five of five to seven cards per row (``DEUCE_SEVEN_LOW``)."""
    what = "deuce-to-seven low"
    hands = as_cards(cards, what=what, columns=range(5, 8))
    t = batch_tables()
    if backend() == "numpy":
        _precheck(what, hands)
        return _fallback().deuce_seven(  # type: ignore[no-any-return]
            hands, t.multiplier64, t.displacement, t.d27_ranks, t.d27_flush
        )
    out = np.empty(len(hands), dtype=np.int32)
    bad = _kernels().deuce_seven(
        hands,
        KERNEL_CARD_KEYS,
        KERNEL_SUIT_RANK_BITS,
        t.multiplier64,
        t.displacement,
        t.d27_ranks,
        t.d27_flush,
        _fives(hands.shape[1]),
        out,
    )
    _check(bad, what, hands)
    return out


def _omaha(hole: npt.ArrayLike, board: npt.ArrayLike, what: str) -> tuple[U8, U8]:
    holes = as_cards(hole, what=f"{what} hole cards", columns=range(2, 7))
    boards = as_cards(board, what=f"{what} board", columns=range(3, 6))
    if len(holes) != len(boards):
        raise ValueError(f"{what}: {len(holes)} rows of hole cards but {len(boards)} boards")
    return holes, boards


def omaha_high_strengths(hole: npt.ArrayLike, board: npt.ArrayLike) -> I32:
    """Omaha high per row: two to six hole cards, three to five board cards (S7)."""
    what = "omaha high"
    holes, boards = _omaha(hole, board, what)
    t = batch_tables()
    if backend() == "numpy":
        _precheck(what, holes, boards)
        return _fallback().omaha_high(  # type: ignore[no-any-return]
            holes, boards, t.multiplier64, t.displacement, t.high_ranks, t.high_flush
        )
    out = np.empty(len(holes), dtype=np.int32)
    bad = _kernels().omaha_high(
        holes,
        boards,
        KERNEL_CARD_KEYS,
        KERNEL_SUIT_RANK_BITS,
        t.multiplier64,
        t.displacement,
        t.high_ranks,
        t.high_flush,
        out,
    )
    _check(bad, what, holes, boards)
    return out


def omaha_low8_strengths(hole: npt.ArrayLike, board: npt.ArrayLike) -> I32:
    """Omaha eight-or-better low per row, 0 without a qualifying low (S7, S8)."""
    what = "omaha low"
    holes, boards = _omaha(hole, board, what)
    if backend() == "numpy":
        _precheck(what, holes, boards)
        return _fallback().omaha_low8(holes, boards, KERNEL_LOW_BITS)  # type: ignore[no-any-return]
    out = np.empty(len(holes), dtype=np.int32)
    bad = _kernels().omaha_low8(holes, boards, KERNEL_LOW_BITS, out)
    _check(bad, what, holes, boards)
    return out


def _subsets(columns: int) -> I64:
    return np.array([s for s in range(1, 1 << columns) if s.bit_count() <= 4], dtype=np.int64)


def badugi_strengths(cards: npt.ArrayLike) -> I32:
    """Badugi of one to eight cards per row (``BADUGI``)."""
    what = "badugi"
    hands = as_cards(cards, what=what, columns=range(1, 9))
    if backend() == "numpy":
        _precheck(what, hands)
        return _fallback().badugi(hands, _subsets(hands.shape[1]))  # type: ignore[no-any-return]
    out = np.empty(len(hands), dtype=np.int32)
    bad = _kernels().badugi(hands, _subsets(hands.shape[1]), out)
    _check(bad, what, hands)
    return out


BY_CARDS: Final[dict[str, Callable[[npt.ArrayLike], I32]]] = {
    "high": high_strengths,
    "short_deck_high": short_deck_high_strengths,
    "low8": low8_strengths,
    "a5_low": a5_low_strengths,
    "deuce_seven_low": deuce_seven_low_strengths,
    "badugi": badugi_strengths,
}
"""Batch functions of the evaluators that take all cards together, by evaluator name."""
BY_HOLE_AND_BOARD: Final[dict[str, Callable[[npt.ArrayLike, npt.ArrayLike], I32]]] = {
    "omaha_high": omaha_high_strengths,
    "omaha_low8": omaha_low8_strengths,
}
"""Batch functions of the evaluators that keep hole and board apart, by name."""


def strengths(evaluator: str, hole: npt.ArrayLike, board: npt.ArrayLike | None = None) -> I32:
    """The batch form of ``EVALUATORS[evaluator].strength(hole, board)``, row by row."""
    if evaluator in BY_HOLE_AND_BOARD:
        if board is None:
            raise ValueError(f"{evaluator} needs the board apart from the hole cards")
        return BY_HOLE_AND_BOARD[evaluator](hole, board)
    if evaluator not in BY_CARDS:
        known = ", ".join([*BY_CARDS, *BY_HOLE_AND_BOARD])
        raise ValueError(f"no batch evaluator named {evaluator!r}; known: {known}")
    if board is not None:
        hole = np.concatenate([np.asarray(hole), np.asarray(board)], axis=1)
    return BY_CARDS[evaluator](hole)


def tables() -> BatchTables:
    """The lookup tables (built or loaded on first use)."""
    return batch_tables()


def warm_up() -> float:
    """Load (or build) the tables and every kernel now; seconds it took.

    With a warm disk cache this is the whole start-up cost of the batch
    API; the first run on a machine compiles the kernels (several seconds).
    """
    start = time.perf_counter()
    hand = np.array([[0, 5, 10, 15, 20, 25, 30]], dtype=np.uint8)
    for cards in (hand, hand[:, :5]):
        for name in ("high", "low8", "a5_low", "deuce_seven_low"):
            BY_CARDS[name](cards)
    short = np.array([[16, 21, 26, 31, 36, 41, 46]], dtype=np.uint8)
    short_deck_high_strengths(short)
    short_deck_high_strengths(short[:, :5])
    badugi_strengths(hand[:, :4])
    omaha_high_strengths(hand[:, :4], hand[:, 4:] + 20)
    omaha_low8_strengths(hand[:, :4], hand[:, 4:] + 20)
    return time.perf_counter() - start
