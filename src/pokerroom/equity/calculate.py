"""Equity: each player's expected share of the pot, exactly or by Monte Carlo.

``equity(["AsKs", "QQ+"], board="", dead="")`` deals every compatible
combination of the players' hands (a range is every hand it names, each
equally likely; hands that share a card with the board, the dead cards or
another player's hand are left out) and every completion of the board:

- **exact** enumerates all of them.  Hold'em and short deck run a Numba
  kernel that counts the boards nobody flushes on by their rank multiset
  and enumerates only the others (about 2-3 ms heads-up preflop, all
  1,712,304 boards); Omaha, and hold'em without Numba, evaluate every board
  with the batch evaluators.
- **Monte Carlo** draws ``samples`` deals at random (a deal whose hands
  collide is drawn again whole, so the compatible deals stay equally likely).
  Each deal gives every player a share in [0, 1]; the estimate is the mean
  share and its **standard error** is ``sqrt(var(share) / samples)``: at
  most ``0.5 / sqrt(samples)`` (0.0016 at 100,000 deals), so about 95% of
  estimates fall within two standard errors of the exact equity.  A seed
  gives the same deals every time on the same backend (Numba or NumPy).
- **auto** (the default) is exact when the enumeration is small enough
  (``EXACT_LIMIT`` evaluations), Monte Carlo otherwise.

A player's share of a board: the whole pot to the single best hand, split
evenly among ties; in hi-lo, half to the best high and half to the best
qualifying low (eight or better), the whole pot to the high hand when nobody
has a low.  ``win`` is the chance of taking the whole pot alone, ``tie`` of
taking part of it.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from math import comb, prod, sqrt
from typing import Final, Literal, TypeVar

import numpy as np
import numpy.typing as npt

from pokerroom.cards import FULL_DECK, SHORT_DECK, format_cards
from pokerroom.equity.ranges import Combo, Range, parse_range
from pokerroom.errors import ConfigError, NotationError
from pokerroom.evaluation import batch as batch_api
from pokerroom.evaluation.batch_tables import (
    KERNEL_CARD_KEYS,
    KERNEL_SUIT_RANK_BITS,
    batch_tables,
)
from pokerroom.evaluation.hand import checked_cards

_T = TypeVar("_T")
Progress = Callable[[float], None]
Game = Literal["holdem", "short_deck", "omaha", "omaha_hilo"]
Method = Literal["auto", "exact", "monte_carlo"]
U8 = npt.NDArray[np.uint8]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]

GAMES: Final = ("holdem", "short_deck", "omaha", "omaha_hilo")
EXACT_LIMIT: Final = {"fast": 500_000_000, "batch": 2_000_000}
"""Most hand evaluations ``auto`` enumerates: the hold'em kernel, the batch path."""
HARD_EXACT_LIMIT: Final = 200 * EXACT_LIMIT["fast"]
"""An explicit ``method="exact"`` beyond this is refused rather than left to run for hours."""
CHUNK: Final = 1 << 16
"""Boards or deals per step of the batch path."""
PARTS: Final = 32
"""Parts an exact enumeration over many deals is cut into (progress, threads)."""
SHARE_UNIT: Final = 2520


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`, one entry per player in the order given."""

    players: tuple[str, ...]
    equity: tuple[float, ...]
    """Expected share of the pot, 0 to 1; the entries add up to 1."""
    win: tuple[float, ...]
    """Chance of taking the whole pot alone (in hi-lo: scooping)."""
    tie: tuple[float, ...]
    """Chance of taking part of the pot."""
    standard_error: tuple[float, ...]
    """Of ``equity``: 0.0 when exact."""
    exact: bool
    deals: int
    """Boards evaluated (exact: every compatible deal times every board) or samples drawn."""
    game: str

    def __str__(self) -> str:
        lines = []
        for name, eq, err in zip(self.players, self.equity, self.standard_error, strict=True):
            precision = "exact" if self.exact else f"± {100 * err:.2f}%"
            lines.append(f"{name:>20}  {100 * eq:6.2f}%  ({precision})")
        return "\n".join(lines)


@dataclass(frozen=True)
class _Setup:
    game: Game
    names: tuple[str, ...]
    hands: tuple[tuple[Combo, ...], ...]
    """Each player's possible hands, known cards removed."""
    random_size: tuple[int, ...]
    """Omaha: hole cards a random player gets (0 for a player with a range or a hand)."""
    board: tuple[int, ...]
    dead: tuple[int, ...]
    deck: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def to_come(self) -> int:
        return 5 - len(self.board)

    @property
    def hole_size(self) -> int:
        sizes = {len(h[0]) for h in self.hands if h} | {s for s in self.random_size if s}
        return sizes.pop()

    def live_count(self) -> int:
        return len(self.deck) - len(self.board) - len(self.dead) - self.players * self.hole_size


def _short(game: Game) -> bool:
    return game == "short_deck"


def _player(
    spec: str | Range | Sequence[int], game: Game, known: set[int], hole_cards: int
) -> tuple[str, tuple[Combo, ...], int]:
    deck: Literal["standard", "short"] = "short" if _short(game) else "standard"
    if isinstance(spec, Range):
        rng = spec
    elif isinstance(spec, str):
        text = spec.strip()
        if game.startswith("omaha") and text.lower() in ("random", "any", "xx"):
            return text, (), hole_cards
        rng = parse_range(text, deck=deck)
    else:
        cards = checked_cards(list(spec), what="hand")
        rng = Range(text=format_cards(cards), combos=(tuple(sorted(cards, reverse=True)),))
        rng = Range(text=rng.text, combos=rng.combos, exact=True)
    sizes = {len(c) for c in rng.combos}
    if game.startswith("omaha"):
        if not rng.exact or not sizes <= {4, 5, 6}:
            raise NotationError(
                f"Omaha player {rng.text!r}: give the exact hand (4 to 6 cards, like "
                "'AhKhQdJd') or 'random'; ranges are for hold'em"
            )
    elif sizes != {2}:
        raise NotationError(f"hold'em player {rng.text!r}: a hand has two cards")
    if _short(game):
        low = [c for combo in rng.combos for c in combo if c < 16]
        if low:
            raise NotationError(
                f"short deck player {rng.text!r}: no card below six ({format_cards(low[:1])})"
            )
    hands = rng.without(known)
    if not hands:
        raise ConfigError(
            f"player {rng.text!r} has no possible hand: every one holds a dead card, "
            "a board card or another player's card"
        )
    return rng.text, hands, 0


def _setup(
    players: Sequence[str | Range | Sequence[int]],
    *,
    game: Game,
    board: str | Sequence[int],
    dead: str | Sequence[int],
    hole_cards: int,
) -> _Setup:
    if game not in GAMES:
        raise ConfigError(f"unknown game {game!r}; equity knows {', '.join(GAMES)}")
    if len(players) < 2:
        raise ConfigError("equity needs at least two players")
    board_cards = [int(c) for c in checked_cards(board, maximum=5, what="board")]
    if len(board_cards) in (1, 2):
        raise NotationError(f"board {format_cards(board_cards)}: a board has 0, 3, 4 or 5 cards")
    dead_cards = [int(c) for c in checked_cards(dead, what="dead cards")]
    known = set(board_cards)
    for c in dead_cards:
        if c in known:
            raise NotationError(f"card {format_cards([c])} is both dead and on the board")
        known.add(c)
    deck = tuple(int(c) for c in (SHORT_DECK if _short(game) else FULL_DECK))
    if _short(game) and any(c < 16 for c in known):
        raise NotationError("short deck has no card below six on the board or among dead cards")
    # Exact hands first: their cards are out of every range.
    specs = list(players)
    parsed: list[tuple[str, tuple[Combo, ...], int] | None] = [None] * len(specs)
    where = dict.fromkeys(board_cards, "the board") | dict.fromkeys(dead_cards, "the dead cards")
    for i, spec in enumerate(specs):
        exact = isinstance(spec, Range) and spec.exact
        if (
            exact
            or (not isinstance(spec, (str, Range)))
            or (isinstance(spec, str) and _looks_exact(spec))
        ):
            name, hands, size = _player(spec, game, set(), hole_cards)
            for c in hands[0]:
                if c in where:
                    raise NotationError(
                        f"card {format_cards([c])} of {name!r} is also in {where[c]}"
                    )
                where[c] = repr(name)
            parsed[i] = (name, hands, size)
    known = set(where)
    for i, spec in enumerate(specs):
        if parsed[i] is None:
            parsed[i] = _player(spec, game, known, hole_cards)
    done = [p for p in parsed if p is not None]
    result = _Setup(
        game=game,
        names=tuple(p[0] for p in done),
        hands=tuple(p[1] for p in done),
        random_size=tuple(p[2] for p in done),
        board=tuple(board_cards),
        dead=tuple(dead_cards),
        deck=deck,
    )
    sizes = {len(h[0]) for h in result.hands if h} | {s for s in result.random_size if s}
    if len(sizes) != 1:
        raise ConfigError(f"players hold different numbers of cards: {sorted(sizes)}")
    if result.live_count() < result.to_come:
        raise ConfigError("not enough cards left in the deck to complete the board")
    return result


def _looks_exact(text: str) -> bool:
    t = text.replace(" ", "")
    return len(t) >= 4 and len(t) % 2 == 0 and all(c in "cdhs" for c in t[1::2]) and "," not in t


def _deals(setup: _Setup) -> Iterator[tuple[Combo, ...]]:
    """Every compatible combination of the players' hands (ranges only; Omaha random aside)."""
    for deal in itertools.product(*setup.hands):
        cards = [c for hand in deal for c in hand]
        if len(set(cards)) == len(cards):
            yield deal


def _deal_count_bound(setup: _Setup) -> int:
    return prod(len(h) for h in setup.hands if h)


def _work(setup: _Setup) -> int:
    """Upper bound of hand evaluations for exact enumeration."""
    boards = comb(setup.live_count(), setup.to_come)
    for size in setup.random_size:
        if size:
            boards *= comb(setup.live_count() + size, size)
    return _deal_count_bound(setup) * boards * setup.players


def _fast(setup: _Setup) -> bool:
    return setup.game in ("holdem", "short_deck") and batch_api.backend() == "numba"


def equity(
    players: Sequence[str | Range | Sequence[int]],
    *,
    board: str | Sequence[int] = "",
    dead: str | Sequence[int] = "",
    game: Game = "holdem",
    method: Method = "auto",
    samples: int = 100_000,
    seed: int | None = None,
    hole_cards: int = 4,
    workers: int = 1,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's equity (see the module docstring).

    ``players``: ranges or exact hands as text (``"AsKs"``, ``"QQ+, AKs"``;
    Omaha: ``"AhKhQdJd"`` or ``"random"`` with ``hole_cards`` cards), a
    :class:`Range`, or card ints.  ``board``: 0, 3, 4 or 5 cards;
    ``dead``: cards out of play.  ``seed`` makes Monte Carlo reproducible.
    ``workers``: threads to share the work (0: one per core); the Numba
    kernels release the GIL.  Monte Carlo runs in blocks of ``BLOCK``
    deals, each seeded from ``seed`` and its number, so the result does not
    depend on ``workers``.  ``progress`` is called with the fraction done
    (0 to 1) as parts of the work finish.
    """
    if workers < 0:
        raise ConfigError("workers must be 0 (one per core) or more")
    workers = workers or os.cpu_count() or 1
    setup = _setup(players, game=game, board=board, dead=dead, hole_cards=hole_cards)
    if method not in ("auto", "exact", "monte_carlo"):
        raise ConfigError(f"unknown method {method!r}; use 'auto', 'exact' or 'monte_carlo'")
    if samples < 1:
        raise ConfigError("Monte Carlo needs at least one sample")
    work = _work(setup)
    if method == "auto":
        limit = EXACT_LIMIT["fast" if _fast(setup) else "batch"]
        method = "exact" if work <= limit else "monte_carlo"
    if method == "exact":
        if work > HARD_EXACT_LIMIT:
            raise ConfigError(
                f"exact enumeration would evaluate about {work:.2g} hands; use Monte Carlo"
            )
        if _fast(setup) and not any(setup.random_size):
            return _exact_fast(setup, workers, progress)
        return _exact_batch(setup, progress)
    blocks = _blocks(samples, seed)
    if _fast(setup):
        return _monte_carlo_fast(setup, blocks, workers, progress)
    if setup.game.startswith("omaha") and batch_api.backend() == "numba":
        return _monte_carlo_omaha(setup, blocks, workers, progress)
    return _monte_carlo_batch(setup, blocks, progress)


def _result(
    setup: _Setup,
    *,
    shares: F64,
    wins: F64,
    ties: F64,
    total: int,
    exact: bool,
    share_squares: F64 | None = None,
) -> EquityResult:
    if total == 0:
        raise ConfigError("no compatible deal: the players' hands always collide")
    eq = shares / total
    if share_squares is None:
        errors = [0.0] * setup.players
    else:
        variance = np.maximum(share_squares / total - eq * eq, 0.0)
        errors = [sqrt(v / total) for v in variance.tolist()]
    return EquityResult(
        players=setup.names,
        equity=tuple(eq.tolist()),
        win=tuple((wins / total).tolist()),
        tie=tuple((ties / total).tolist()),
        standard_error=tuple(errors),
        exact=exact,
        deals=total,
        game=setup.game,
    )


def _ranks_and_flush(setup: _Setup) -> tuple[I32, I32]:
    t = batch_tables()
    if _short(setup.game):
        return t.short_ranks, t.short_flush
    return t.high_ranks, t.high_flush


def _exact_fast(setup: _Setup, workers: int, progress: Progress | None = None) -> EquityResult:
    from pokerroom.equity import kernels

    deals = list(_deals(setup))
    if not deals:
        raise ConfigError("no compatible deal: the players' hands always collide")
    players = setup.players
    holes = np.array(deals, dtype=np.uint8).reshape(len(deals), players, 2)
    taken = np.ones((len(deals), 52), dtype=bool)
    taken[:, list(setup.deck)] = False
    taken[:, list(setup.board) + list(setup.dead)] = True
    taken[np.arange(len(deals))[:, None], holes.reshape(len(deals), -1)] = True
    # A stable sort puts the live cards first, in increasing order.
    live_sets = np.argsort(taken, axis=1, kind="stable").astype(np.uint8)
    live_counts = (~taken).sum(axis=1).astype(np.int64)
    wins = np.zeros((len(deals), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros_like(wins)
    t = batch_tables()
    ranks, flush = _ranks_and_flush(setup)
    board = np.array(setup.board, dtype=np.uint8)
    keys, multiset_ranks = _multisets(setup.to_come)

    def run(rows: slice) -> None:
        kernels.holdem_exact(
            holes[rows],
            live_sets[rows],
            live_counts[rows],
            board,
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            ranks,
            flush,
            keys,
            multiset_ranks,
            wins[rows],
            ties[rows],
            shares[rows],
        )

    # Each deal has its own row of results: threads share the deals (in up to
    # PARTS parts, for progress reports).
    parts = min(max(workers, PARTS), len(deals))
    bounds = np.linspace(0, len(deals), parts + 1).astype(int).tolist()
    _in_threads(run, [slice(a, b) for a, b in itertools.pairwise(bounds)], workers, progress)
    total = len(deals) * comb(setup.live_count(), setup.to_come)
    return _result(
        setup,
        shares=shares.sum(axis=0) / SHARE_UNIT,
        wins=wins.sum(axis=0).astype(np.float64),
        ties=ties.sum(axis=0).astype(np.float64),
        total=total,
        exact=True,
    )


_MULTISETS: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]] = {}


def _multisets(size: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8]]:
    from pokerroom.equity import kernels

    if size not in _MULTISETS:
        _MULTISETS[size] = kernels.multisets(size)
    return _MULTISETS[size]


def _monte_carlo_fast(
    setup: _Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
    from pokerroom.equity import kernels

    players = setup.players
    widest = max(len(h) for h in setup.hands)
    choices = np.zeros((players, widest, 2), dtype=np.uint8)
    counts = np.zeros(players, dtype=np.int64)
    for p, hands in enumerate(setup.hands):
        choices[p, : len(hands)] = hands
        counts[p] = len(hands)
    out = set(setup.board) | set(setup.dead)
    deck = np.array([c for c in setup.deck if c not in out], dtype=np.uint8)
    board = np.array(setup.board, dtype=np.uint8)
    wins = np.zeros((len(blocks), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros_like(wins)
    squares = np.zeros((len(blocks), players), dtype=np.float64)
    t = batch_tables()
    ranks, flush = _ranks_and_flush(setup)
    _guard_compatible(setup)

    def run(b: int) -> None:
        kernels.holdem_monte_carlo(
            choices,
            counts,
            board,
            deck,
            blocks[b].samples,
            blocks[b].seed,
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            ranks,
            flush,
            wins[b : b + 1],
            ties[b : b + 1],
            shares[b : b + 1],
            squares[b],
        )

    _in_threads(run, list(range(len(blocks))), workers, progress)
    return _result(
        setup,
        shares=shares.sum(axis=0) / SHARE_UNIT,
        wins=wins.sum(axis=0).astype(np.float64),
        ties=ties.sum(axis=0).astype(np.float64),
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=squares.sum(axis=0),
    )


def _monte_carlo_omaha(
    setup: _Setup, blocks: list[Block], workers: int, progress: Progress | None = None
) -> EquityResult:
    from pokerroom.equity import kernels

    players = setup.players
    size = setup.hole_size
    holes = np.zeros((players, size), dtype=np.uint8)
    random_player = np.array([bool(s) for s in setup.random_size])
    out = set(setup.board) | set(setup.dead)
    for p, hands in enumerate(setup.hands):
        if hands:
            holes[p] = hands[0]
            out.update(hands[0])
    deck = np.array([c for c in setup.deck if c not in out], dtype=np.uint8)
    if len(deck) < setup.to_come + size * int(random_player.sum()):
        raise ConfigError("not enough cards left in the deck to deal every random hand")
    wins = np.zeros((len(blocks), players), dtype=np.int64)
    ties = np.zeros_like(wins)
    shares = np.zeros((len(blocks), players), dtype=np.float64)
    squares = np.zeros_like(shares)
    t = batch_tables()
    board = np.array(setup.board, dtype=np.uint8)

    def run(b: int) -> None:
        kernels.omaha_monte_carlo(
            holes,
            random_player,
            board,
            deck,
            blocks[b].samples,
            blocks[b].seed,
            setup.game == "omaha_hilo",
            KERNEL_CARD_KEYS,
            KERNEL_SUIT_RANK_BITS,
            t.multiplier64,
            t.displacement,
            t.high_ranks,
            t.high_flush,
            batch_api.KERNEL_LOW_BITS,
            wins[b],
            ties[b],
            shares[b],
            squares[b],
        )

    _in_threads(run, list(range(len(blocks))), workers, progress)
    return _result(
        setup,
        shares=shares.sum(axis=0),
        wins=wins.sum(axis=0).astype(np.float64),
        ties=ties.sum(axis=0).astype(np.float64),
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=squares.sum(axis=0),
    )


BLOCK: Final = 1 << 16
"""Monte Carlo deals per block; each block has its own seed, derived from the caller's."""
MASK64: Final = (1 << 64) - 1


@dataclass(frozen=True)
class Block:
    samples: int
    seed: int


def _mix64(value: int) -> int:
    """The SplitMix64 finalizer: a well-spread 63-bit number from any int."""
    z = (value + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) >> 1


def _blocks(samples: int, seed: int | None) -> list[Block]:
    """Blocks of ``BLOCK`` deals: block b's seed mixes the seed with b, never a shifted stream."""
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
    base = _mix64(seed & MASK64)
    return [
        Block(min(BLOCK, samples - start), _mix64(base ^ _mix64(number)))
        for number, start in enumerate(range(0, samples, BLOCK))
    ]


def _in_threads(
    run: Callable[[_T], None], parts: list[_T], workers: int, progress: Progress | None
) -> None:
    """``run`` every part, on up to ``workers`` threads (the kernels release the GIL)."""
    if workers <= 1 or len(parts) <= 1:
        for done, part in enumerate(parts, 1):
            run(part)
            if progress is not None:
                progress(done / len(parts))
        return
    with ThreadPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = [pool.submit(run, part) for part in parts]
        for done, future in enumerate(as_completed(futures), 1):
            future.result()
            if progress is not None:
                progress(done / len(parts))


def _guard_compatible(setup: _Setup) -> None:
    """Refuse before sampling when no deal is possible (rejection would never end)."""
    if any(setup.random_size):
        return
    if _deal_count_bound(setup) <= 1_000_000 and next(_deals(setup), None) is None:
        raise ConfigError("no compatible deal: the players' hands always collide")


# The batch path: every game, any backend, whole arrays of boards.


def _values(setup: _Setup, holes: U8, boards: U8) -> tuple[I32, I32 | None]:
    """High (and hi-lo low) strengths of one player's holes on the boards, row by row."""
    if setup.game == "holdem":
        return batch_api.high_strengths(np.concatenate([holes, boards], axis=1)), None
    if setup.game == "short_deck":
        cards = np.concatenate([holes, boards], axis=1)
        return batch_api.short_deck_high_strengths(cards), None
    high = batch_api.omaha_high_strengths(holes, boards)
    if setup.game == "omaha_hilo":
        return high, batch_api.omaha_low8_strengths(holes, boards)
    return high, None


def _shares(highs: npt.NDArray[np.int64], lows: npt.NDArray[np.int64] | None) -> F64:
    """Rows of boards x players: each player's share of each pot."""
    best = highs.max(axis=1, keepdims=True)
    top = highs == best
    share: F64 = top / top.sum(axis=1, keepdims=True)
    if lows is None:
        return share
    best_low = lows.max(axis=1, keepdims=True)
    has_low = best_low > 0
    low_top = (lows == best_low) & has_low
    low_share = low_top / np.maximum(low_top.sum(axis=1, keepdims=True), 1)
    split: F64 = np.where(has_low, 0.5 * share + 0.5 * low_share, share)
    return split


def _accumulate(setup: _Setup, holes: list[U8], boards: U8, totals: list[F64]) -> None:
    highs = []
    lows = []
    for h in holes:
        high, low = _values(setup, h, boards)
        highs.append(high)
        if low is not None:
            lows.append(low)
    share = _shares(
        np.stack(highs, axis=1).astype(np.int64),
        np.stack(lows, axis=1).astype(np.int64) if lows else None,
    )
    totals[0] += share.sum(axis=0)
    totals[1] += (share == 1.0).sum(axis=0)
    totals[2] += ((share > 0) & (share < 1.0)).sum(axis=0)
    totals[3] += (share * share).sum(axis=0)


def _exact_batch(setup: _Setup, progress: Progress | None = None) -> EquityResult:
    players = setup.players
    totals = [np.zeros(players) for _ in range(4)]
    k = setup.to_come
    board = np.array(setup.board, dtype=np.uint8)
    total = 0
    known = set(setup.board) | set(setup.dead)
    randoms = [p for p in range(players) if setup.random_size[p]]
    fixed_hands = [h if h else ((),) for h in setup.hands]
    deals = [
        deal
        for deal in itertools.product(*fixed_hands)
        if len({c for hand in deal for c in hand}) == sum(len(hand) for hand in deal)
    ]
    for number, deal in enumerate(deals, 1):
        if progress is not None and number > 1:
            progress((number - 1) / len(deals))
        cards = [c for hand in deal for c in hand]
        live = np.array([c for c in setup.deck if c not in known and c not in cards], np.uint8)
        # Random players' holes come from the live cards, then the board from the rest.
        draws = k + sum(setup.random_size[p] for p in randoms)
        index = np.array(list(itertools.combinations(range(len(live)), draws)), dtype=np.int64)
        if randoms:
            index = _split_draws(index, [setup.random_size[p] for p in randoms], k)
        for start in range(0, len(index), CHUNK):
            part = live[index[start : start + CHUNK]]
            n = len(part)
            boards = np.concatenate([np.broadcast_to(board, (n, len(board))), part[:, :k]], axis=1)
            holes = []
            offset = k
            for p in range(players):
                if setup.random_size[p]:
                    holes.append(
                        np.ascontiguousarray(part[:, offset : offset + setup.random_size[p]])
                    )
                    offset += setup.random_size[p]
                else:
                    holes.append(np.broadcast_to(np.array(deal[p], np.uint8), (n, len(deal[p]))))
            _accumulate(setup, holes, np.ascontiguousarray(boards), totals)
            total += n
    if progress is not None:
        progress(1.0)
    return _result(setup, shares=totals[0], wins=totals[1], ties=totals[2], total=total, exact=True)


def _split_draws(index: npt.NDArray[np.int64], sizes: list[int], k: int) -> npt.NDArray[np.int64]:
    """Every way to split each drawn set into the board (k cards) and the random holes."""
    out = []
    width = index.shape[1]
    for order in _partitions(width, [k, *sizes]):
        out.append(index[:, order])
    return np.concatenate(out, axis=0)


def _partitions(width: int, sizes: list[int]) -> list[list[int]]:
    if not sizes:
        return [[]]
    results = []
    first, rest = sizes[0], sizes[1:]
    for chosen in itertools.combinations(range(width), first):
        remaining = [i for i in range(width) if i not in chosen]
        for tail in _partitions(len(remaining), rest):
            results.append([*chosen, *(remaining[i] for i in tail)])
    return results


def _monte_carlo_batch(
    setup: _Setup, blocks: list[Block], progress: Progress | None = None
) -> EquityResult:
    players = setup.players
    totals = [np.zeros(players) for _ in range(4)]
    known = np.zeros(52, dtype=bool)
    known[list(setup.board) + list(setup.dead)] = True
    deck = np.array(setup.deck, dtype=np.int64)
    board = np.array(setup.board, dtype=np.uint8)
    k = setup.to_come
    _guard_compatible(setup)
    for number, block in enumerate(blocks, 1):
        if progress is not None and number > 1:
            progress((number - 1) / len(blocks))
        rng = np.random.default_rng(block.seed)
        n = block.samples
        holes = _sample_hands(setup, rng, n, known)
        taken = np.broadcast_to(known, (n, 52)).copy()
        for h in holes:
            taken[np.arange(n)[:, None], h] = True
        drawn = _draw(rng, deck, taken, k + sum(setup.random_size))
        offset = k
        full_holes = []
        for p in range(players):
            if setup.random_size[p]:
                full_holes.append(drawn[:, offset : offset + setup.random_size[p]])
                offset += setup.random_size[p]
            else:
                full_holes.append(holes[p])
        boards = np.concatenate([np.broadcast_to(board, (n, len(board))), drawn[:, :k]], axis=1)
        _accumulate(
            setup,
            [np.ascontiguousarray(h, dtype=np.uint8) for h in full_holes],
            np.ascontiguousarray(boards, dtype=np.uint8),
            totals,
        )
    if progress is not None:
        progress(1.0)
    return _result(
        setup,
        shares=totals[0],
        wins=totals[1],
        ties=totals[2],
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=totals[3],
    )


def _sample_hands(
    setup: _Setup, rng: np.random.Generator, n: int, known: npt.NDArray[np.bool_]
) -> list[U8]:
    """Each player's hand for n deals, redrawing whole deals whose hands collide."""
    chosen = [
        np.array(hands, dtype=np.uint8)[rng.integers(0, len(hands), n)]
        if hands
        else np.zeros((n, 0), dtype=np.uint8)
        for hands in setup.hands
    ]
    for _ in range(10_000):
        cards = np.concatenate(chosen, axis=1).astype(np.int64)
        ordered = np.sort(cards, axis=1)
        clash = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1) if cards.shape[1] > 1 else None
        if clash is None or not clash.any():
            return chosen
        rows = np.flatnonzero(clash)
        for p, hands in enumerate(setup.hands):
            if hands:
                chosen[p][rows] = np.array(hands, dtype=np.uint8)[
                    rng.integers(0, len(hands), len(rows))
                ]
    raise ConfigError("no compatible deal found: the players' hands (almost) always collide")


def _draw(
    rng: np.random.Generator, deck: npt.NDArray[np.int64], taken: npt.NDArray[np.bool_], k: int
) -> U8:
    """k distinct cards per row from the deck, none of them taken."""
    if k == 0:
        return np.zeros((len(taken), 0), dtype=np.uint8)
    keys = rng.random((len(taken), len(deck)))
    keys[taken[:, deck]] = 2.0
    picked = np.argpartition(keys, k, axis=1)[:, :k] if k < len(deck) else np.argsort(keys, axis=1)
    return deck[picked].astype(np.uint8)
