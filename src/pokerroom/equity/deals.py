"""Who holds what: reading the players, the board and the dead cards into a :class:`Setup`.

A player is an exact hand, a range (:mod:`pokerroom.equity.ranges`) or, in
Omaha, ``"random"``.  Exact hands are read first, so that their cards leave
every range; a card named twice is a NotationError, a setup that cannot be
dealt a ConfigError.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb, prod
from typing import Final, Literal

from pokerroom.cards import FULL_DECK, SHORT_DECK, format_cards
from pokerroom.equity.ranges import Combo, Range, parse_range
from pokerroom.errors import ConfigError, NotationError
from pokerroom.evaluation.hand import checked_cards

Game = Literal["holdem", "short_deck", "omaha", "omaha_hilo"]
Method = Literal["auto", "exact", "monte_carlo"]
GAMES: Final = ("holdem", "short_deck", "omaha", "omaha_hilo")


@dataclass(frozen=True)
class Setup:
    """A checked equity question: each player's possible hands and the known cards."""

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
        """How many players."""
        return len(self.names)

    @property
    def to_come(self) -> int:
        """Board cards still to deal."""
        return 5 - len(self.board)

    @property
    def hole_size(self) -> int:
        """Cards in each player's hand (every player holds as many)."""
        sizes = {len(h[0]) for h in self.hands if h} | {s for s in self.random_size if s}
        return sizes.pop()

    def live_count(self) -> int:
        """Cards left to deal the board from: the deck less the board, dead cards and hands."""
        return len(self.deck) - len(self.board) - len(self.dead) - self.players * self.hole_size


def is_short_deck(game: Game) -> bool:
    """True for short deck (no deuce to five)."""
    return game == "short_deck"


def read_player(
    spec: str | Range | Sequence[int], game: Game, known: set[int], hole_cards: int
) -> tuple[str, tuple[Combo, ...], int]:
    """(name, possible hands without ``known`` cards, cards of a random Omaha hand or 0)."""
    deck: Literal["standard", "short"] = "short" if is_short_deck(game) else "standard"
    if isinstance(spec, Range):
        rng = spec
    elif isinstance(spec, str):
        text = spec.strip()
        if game.startswith("omaha") and text.lower() in ("random", "any", "xx"):
            if hole_cards not in (4, 5, 6):
                raise ConfigError(f"an Omaha hand has 4 to 6 cards, not {hole_cards}")
            return text, (), hole_cards
        rng = parse_range(text, deck=deck)
    else:
        cards = checked_cards(list(spec), what="hand")
        rng = Range(format_cards(cards), (tuple(sorted(cards, reverse=True)),), exact=True)
    sizes = {len(c) for c in rng.combos}
    if game.startswith("omaha"):
        if not rng.exact or not sizes <= {4, 5, 6}:
            raise NotationError(
                f"Omaha player {rng.text!r}: give the exact hand (4 to 6 cards, like "
                "'AhKhQdJd') or 'random'; ranges are for hold'em"
            )
    elif sizes != {2}:
        raise NotationError(f"hold'em player {rng.text!r}: a hand has two cards")
    if is_short_deck(game):
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


def build_setup(
    players: Sequence[str | Range | Sequence[int]],
    *,
    game: Game,
    board: str | Sequence[int],
    dead: str | Sequence[int],
    hole_cards: int,
) -> Setup:
    """Read and check the players, the board and the dead cards (see the module docstring)."""
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
    deck = tuple(int(c) for c in (SHORT_DECK if is_short_deck(game) else FULL_DECK))
    if is_short_deck(game) and any(c < 16 for c in known):
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
            or (isinstance(spec, str) and looks_exact(spec))
        ):
            name, hands, size = read_player(spec, game, set(), hole_cards)
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
            parsed[i] = read_player(spec, game, known, hole_cards)
    done = [p for p in parsed if p is not None]
    result = Setup(
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


def looks_exact(text: str) -> bool:
    """True when ``text`` reads as exact cards (``AhKh``), not a range."""
    t = text.replace(" ", "")
    return len(t) >= 4 and len(t) % 2 == 0 and all(c in "cdhs" for c in t[1::2]) and "," not in t


def compatible_deals(setup: Setup) -> Iterator[tuple[Combo, ...]]:
    """Every compatible combination of the players' hands (ranges only; Omaha random aside)."""
    for deal in itertools.product(*setup.hands):
        cards = [c for hand in deal for c in hand]
        if len(set(cards)) == len(cards):
            yield deal


def deal_count_bound(setup: Setup) -> int:
    """The number of combinations of the players' hands, collisions included."""
    return prod(len(h) for h in setup.hands if h)


def exact_work(setup: Setup) -> int:
    """Upper bound of hand evaluations for exact enumeration."""
    boards = comb(setup.live_count(), setup.to_come)
    for size in setup.random_size:
        if size:
            boards *= comb(setup.live_count() + size, size)
    return deal_count_bound(setup) * boards * setup.players


def guard_compatible(setup: Setup) -> None:
    """Refuse before sampling when no deal is possible (rejection would never end)."""
    if any(setup.random_size):
        return
    if deal_count_bound(setup) <= 1_000_000 and next(compatible_deals(setup), None) is None:
        raise ConfigError("no compatible deal: the players' hands always collide")


def partitions(width: int, sizes: list[int]) -> list[list[int]]:
    """Every way to cut ``width`` drawn cards into groups of ``sizes`` (the board first,
    then each random hand): each a list of indices, group after group."""
    if not sizes:
        return [[]]
    results = []
    first, rest = sizes[0], sizes[1:]
    for chosen in itertools.combinations(range(width), first):
        remaining = [i for i in range(width) if i not in chosen]
        for tail in partitions(len(remaining), rest):
            results.append([*chosen, *(remaining[i] for i in tail)])
    return results
