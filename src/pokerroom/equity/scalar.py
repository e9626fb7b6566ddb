"""Equity in pure Python: the scalar evaluators, board by board, no NumPy.

:func:`pokerroom.equity.equity` comes here when NumPy cannot be imported (a
plain ``pip install pokerroom``, without the ``[fast]`` extra).  The same
questions get the same answers: exact enumeration visits the same deals and
boards as :mod:`pokerroom.equity.boards` and settles each with the scalar
evaluators the hand engine uses at showdown; Monte Carlo draws each block's
deals from ``random.Random(block.seed)``, so a seed gives the same deals
every time on this path (not the same deals as NumPy's generator).  About
100,000 hold'em boards a second heads-up on one core (Omaha several times
fewer): the turn and the river are instant, a flop's 990 boards a few
milliseconds, all 1,712,304 preflop boards 10-20 seconds, where the Numba
kernel takes milliseconds; ``auto`` samples beyond ``EXACT_LIMIT["python"]``
evaluations.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from pokerroom.equity.deals import Setup, guard_compatible, partitions
from pokerroom.equity.result import Block, EquityResult, Progress, in_threads, make_result
from pokerroom.errors import ConfigError
from pokerroom.evaluation.high import SHORT_DECK_HIGH, high_strength
from pokerroom.evaluation.omaha import omaha_high_strength, omaha_low8_strength

Strength = Callable[[Sequence[int], Sequence[int]], int]
"""(hole, board) -> a strength; larger is better, 0 for no qualifying low."""

REDRAWS = 10_000
"""Deals drawn again whole, in a row, before the players' hands are said to collide."""


def _holdem(hole: Sequence[int], board: Sequence[int]) -> int:
    return high_strength((*hole, *board))


def _short_deck(hole: Sequence[int], board: Sequence[int]) -> int:
    return SHORT_DECK_HIGH.strength(hole, board) or 0


def _omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    return omaha_low8_strength(hole, board) or 0


def _evaluators(setup: Setup) -> tuple[Strength, Strength | None]:
    """The game's high evaluator, and its low one in hi-lo."""
    if setup.game == "holdem":
        return _holdem, None
    if setup.game == "short_deck":
        return _short_deck, None
    if setup.game == "omaha_hilo":
        return omaha_high_strength, _omaha_low
    return omaha_high_strength, None


class _Totals:
    """Per-player sums over the deals settled so far.

    A share of a pot is counted exactly, as one deal in ``parts[p][d]`` for
    each ``1/d`` of the pot player p takes (d: the winners of that pot, times
    two for half a hi-lo pot), and turned into a float once at the end.
    """

    __slots__ = ("parts", "squares", "ties", "wins")

    def __init__(self, players: int) -> None:
        self.parts = [[0] * (2 * players + 1) for _ in range(players)]
        self.wins = [0] * players
        self.ties = [0] * players
        self.squares = [0.0] * players

    def settle(self, highs: list[int], lows: list[int] | None) -> None:
        """Credit one deal: the best high takes the pot (half of it when a low qualifies)."""
        best = max(highs)
        top = [p for p, v in enumerate(highs) if v == best]
        if lows is not None:
            best_low = max(lows)
            if best_low:
                low_top = [p for p, v in enumerate(lows) if v == best_low]
                self._split(top, low_top)
                return
        k = len(top)
        parts = self.parts
        for p in top:
            parts[p][k] += 1
        if k == 1:
            self.wins[top[0]] += 1
            self.squares[top[0]] += 1.0
        else:
            share = 1.0 / k
            for p in top:
                self.ties[p] += 1
                self.squares[p] += share * share

    def _split(self, top: list[int], low_top: list[int]) -> None:
        high_d, low_d = 2 * len(top), 2 * len(low_top)
        shares: dict[int, float] = {}
        for p in top:
            self.parts[p][high_d] += 1
            shares[p] = 1.0 / high_d
        for p in low_top:
            self.parts[p][low_d] += 1
            shares[p] = shares.get(p, 0.0) + 1.0 / low_d
        for p, share in shares.items():
            if share == 1.0:
                self.wins[p] += 1
            else:
                self.ties[p] += 1
            self.squares[p] += share * share

    def shares(self) -> list[float]:
        return [sum(count / d for d, count in enumerate(row) if count) for row in self.parts]


def exact(setup: Setup, progress: Progress | None = None) -> EquityResult:
    """Every compatible deal of the players' hands, every random Omaha hand and every board."""
    players = setup.players
    high, low = _evaluators(setup)
    totals = _Totals(players)
    k = setup.to_come
    known = set(setup.board) | set(setup.dead)
    sizes = setup.random_size
    randoms = [p for p in range(players) if sizes[p]]
    draws = k + sum(sizes)
    orders = partitions(draws, [k, *(sizes[p] for p in randoms)]) if randoms else None
    fixed_hands = [h if h else ((),) for h in setup.hands]
    deals = [
        deal
        for deal in itertools.product(*fixed_hands)
        if len({c for hand in deal for c in hand}) == sum(len(hand) for hand in deal)
    ]
    count = 0

    def run(deal: tuple[tuple[int, ...], ...]) -> None:
        nonlocal count
        held = {c for hand in deal for c in hand}
        live = [c for c in setup.deck if c not in known and c not in held]
        for drawn in itertools.combinations(live, draws):
            if orders is None:
                board = setup.board + drawn
                highs = [high(hole, board) for hole in deal]
                lows = None if low is None else [low(hole, board) for hole in deal]
                totals.settle(highs, lows)
                count += 1
                continue
            for order in orders:
                picked = [drawn[i] for i in order]
                board = setup.board + tuple(picked[:k])
                holes = list(deal)
                offset = k
                for p in randoms:
                    holes[p] = tuple(picked[offset : offset + sizes[p]])
                    offset += sizes[p]
                highs = [high(hole, board) for hole in holes]
                lows = None if low is None else [low(hole, board) for hole in holes]
                totals.settle(highs, lows)
                count += 1

    in_threads(run, deals, 1, progress)
    return make_result(
        setup,
        shares=totals.shares(),
        wins=totals.wins,
        ties=totals.ties,
        total=count,
        exact=True,
    )


def monte_carlo(
    setup: Setup, blocks: list[Block], progress: Progress | None = None
) -> EquityResult:
    """``block.samples`` random deals per block, each block from its own seeded generator."""
    guard_compatible(setup)
    players = setup.players
    high, low = _evaluators(setup)
    totals = _Totals(players)
    k = setup.to_come
    known = set(setup.board) | set(setup.dead)
    pool = [c for c in setup.deck if c not in known]
    sizes = setup.random_size
    random_count = sum(sizes)
    held_count = sum(len(hands[0]) for hands in setup.hands if hands)
    if len(pool) - held_count < k + random_count:
        raise ConfigError("not enough cards left in the deck to deal every random hand")

    def run(block: Block) -> None:
        rng = random.Random(block.seed)
        for _ in range(block.samples):
            deal = _deal(setup, rng)
            held = {c for hand in deal for c in hand}
            # The first cards of a random order of the pool that nobody holds.
            drawn = [c for c in rng.sample(pool, k + random_count + held_count) if c not in held]
            board = setup.board + tuple(drawn[:k])
            offset = k
            holes = list(deal)
            for p in range(players):
                if sizes[p]:
                    holes[p] = tuple(drawn[offset : offset + sizes[p]])
                    offset += sizes[p]
            highs = [high(hole, board) for hole in holes]
            lows = None if low is None else [low(hole, board) for hole in holes]
            totals.settle(highs, lows)

    in_threads(run, blocks, 1, progress)
    return make_result(
        setup,
        shares=totals.shares(),
        wins=totals.wins,
        ties=totals.ties,
        total=sum(b.samples for b in blocks),
        exact=False,
        share_squares=totals.squares,
    )


def _deal(setup: Setup, rng: random.Random) -> list[tuple[int, ...]]:
    """One hand per player from their ranges (empty for a random Omaha hand), drawn again
    whole while two of them share a card, so every compatible deal is equally likely."""
    for _ in range(REDRAWS):
        deal = [hands[rng.randrange(len(hands))] if hands else () for hands in setup.hands]
        cards = [c for hand in deal for c in hand]
        if len(set(cards)) == len(cards):
            return deal
    raise ConfigError("no compatible deal found: the players' hands (almost) always collide")
