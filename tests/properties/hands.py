"""Random hands for the property tests: configurations, a seeded deck and a
random player who picks among ``legal_actions()``.

A hand is drawn by hypothesis (the configuration and two seeds); the player's
choices come from ``random.Random(policy_seed)`` so that one example is one
whole hand and the run stays fast and reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import MISSING, fields

from hypothesis import settings
from hypothesis import strategies as st

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history.replay import PHH_VARIANTS
from pokerroom.rules import (
    VARIANTS,
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    Discard,
    Fold,
    Hand,
    HandConfig,
    LegalActions,
    Muck,
    Phase,
    Show,
    Structure,
    Variant,
    button_blinds,
)
from pokerroom.rules import events as ev

STRUCTURES = tuple(Structure)
PHH_GAMES = frozenset(PHH_VARIANTS.values())
MAX_STEPS = 400


def compiled_rerun() -> bool:
    """Whether this run is ``make unit-compiled``'s (the ``pokerroom-compiled``
    profile, tests/conftest.py): the engine's tests again, against the compiled engine,
    after ``make unit`` ran them in full on the same source."""
    return settings.get_current_profile_name() == "pokerroom-compiled"


def examples(count: int) -> int:
    """A property's example count: ``count``, or the loaded profile's when that is the
    compiled rerun's (:func:`compiled_rerun`) and smaller."""
    if compiled_rerun():
        return min(count, settings.default.max_examples)
    return count


def max_players(game: Variant) -> int:
    """Stud up to 8, draw games and short deck up to 6, else as many as the deck
    allows up to 9.  The engine deals them all: stud's seventh street with a short
    stub (I9), a draw's new stub from the discards, a full flop table without the
    burns it cannot spare."""
    if game.is_stud:
        return 8
    if game.is_draw or game.key == "short_deck":
        return 6
    board = sum(s.board for s in game.streets)
    return min(9, (len(game.deck) - board) // game.hole_cards)


GAMES: tuple[tuple[str, Structure], ...] = tuple(
    (key, structure) for key in VARIANTS for structure in STRUCTURES
)


class Setup:
    """One generated hand: the configuration, the deck's seed, the player's seed.

    Not a dataclass, so that hypothesis prints a failing example as
    ``__repr__`` writes it: short, and ready to paste into a reproduction."""

    __slots__ = ("config", "deck_seed", "policy_seed")

    def __init__(self, config: HandConfig, deck_seed: int, policy_seed: int) -> None:
        self.config = config
        self.deck_seed = deck_seed
        self.policy_seed = policy_seed

    @property
    def phh(self) -> bool:
        """A variant and structure with a PHH code."""
        return (self.config.variant.key, self.config.structure) in PHH_GAMES

    def deck(self) -> Deck:
        return Deck(self.deck_seed, cards=self.config.variant.deck)

    def hand(self, deck: Deck | None = None) -> Hand:
        return Hand(self.config, deck if deck is not None else self.deck())

    def __repr__(self) -> str:  # what hypothesis prints for a failing example
        return (
            f"Setup(config={config_repr(self.config)}, deck_seed={self.deck_seed}, "
            f"policy_seed={self.policy_seed})"
        )


def config_repr(config: HandConfig) -> str:
    """The configuration as code, with only the fields that differ from the defaults."""
    parts = [f"variant=variant({config.variant.key!r})", f"structure={config.structure}"]
    for f in fields(HandConfig):
        if f.name in ("variant", "structure"):
            continue
        value = getattr(config, f.name)
        if (f.default is MISSING and f.default_factory is MISSING) or value != (
            f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
        ):
            parts.append(f"{f.name}={value!r}")
    return "HandConfig(" + ", ".join(parts) + ")"


def _stacks(draw: st.DrawFn, n: int, big: int, forced: int) -> tuple[int, ...]:
    """Mostly deep stacks; some short enough to be all-in on the forced bets."""
    kinds = st.sampled_from(["deep", "deep", "deep", "medium", "short", "tiny"])
    out = []
    for _ in range(n):
        kind = draw(kinds)
        if kind == "deep":
            out.append(draw(st.integers(20 * big, 200 * big)))
        elif kind == "medium":
            out.append(draw(st.integers(2 * big, 20 * big)))
        elif kind == "short":
            out.append(draw(st.integers(1, 2 * big)))
        else:
            out.append(draw(st.integers(1, max(1, forced))))
    return tuple(out)


@st.composite
def setups(
    draw: st.DrawFn,
    games: tuple[tuple[str, Structure], ...] = GAMES,
    *,
    phh_only: bool = False,
) -> Setup:
    """A hand of any of ``games`` with random stakes, forced bets and stacks (F1-F13
    forced bets; B5-B8 structures) and house options: raise caps, the showdown
    mode and, unless ``phh_only`` (only what PHH can express), the limit
    short-raise rule, BBA order, rake, chip unit and open-pair doubling."""
    key, structure = draw(st.sampled_from(games))
    game = VARIANTS[key]
    n = draw(st.integers(2, max_players(game)))
    unit = draw(st.sampled_from([2, 4, 10, 20, 50]))  # the big blind / small bet
    small_bet = unit
    big_bet = draw(st.sampled_from([unit, 2 * unit]))
    kw: dict[str, object] = {}
    if structure is Structure.FIXED_LIMIT:
        kw.update(small_bet=small_bet, big_bet=big_bet)
    elif structure is Structure.SPREAD_LIMIT:
        kw.update(min_bet=unit, max_bet=unit * draw(st.sampled_from([1, 2, 5])))
    else:
        kw.update(min_bet=unit)
    antes = [0] * n
    ante_kind = draw(st.sampled_from(["none", "none", "each", "bba"]))
    ante = draw(st.integers(1, max(1, unit // 2)))
    blinds = [0] * n
    posts = [0] * n
    dead = [0] * n
    if game.is_stud:
        kw["bring_in"] = draw(st.integers(1, max(1, unit - 1)))
        if ante_kind != "none":
            antes = [ante] * n
    else:
        small = draw(st.sampled_from([unit // 2, unit // 2, unit // 4 or 1]))  # F3: increasing
        straddles: tuple[int, ...] = ()
        if n >= 4 and draw(st.integers(0, 4)) == 0:
            straddles = (2 * unit,)  # F11: under the gun, twice the big blind
            if n >= 5 and draw(st.booleans()):
                straddles += (4 * unit,)  # F11: a second straddle, where the house allows
        if draw(st.integers(0, 9)) == 0:
            blinds = [0] * n  # antes only (or nothing): the button opens
        else:
            blinds = list(button_blinds(n, small, unit, *straddles))
        first_free = 2 + len(straddles)
        if any(blinds) and first_free <= n - 2 and draw(st.integers(0, 5)) == 0:
            position = draw(st.integers(first_free, n - 2))
            posts[position] = unit  # F13: a new player posts a big blind, live (not the button)
            if not phh_only and draw(st.booleans()):
                dead[position] = small  # T8: making up a missed small blind, dead
        if ante_kind == "each":
            antes = [ante] * n
        elif ante_kind == "bba":
            big_blind_seat = 0 if n == 2 else 1  # F7: the big blind antes for all
            antes[big_blind_seat] = ante * n
    forced = max(antes) + max(blinds, default=0) + kw.get("bring_in", 0)  # type: ignore[operator]
    stacks = _stacks(draw, n, max(unit, big_bet), max(1, forced))
    options: dict[str, object] = {"auto_showdown": draw(st.booleans())}
    if structure.is_limit:
        options["raise_cap"] = draw(st.sampled_from([4, 4, 3, 5, None]))
        options["cap_heads_up"] = draw(st.booleans())
    if not phh_only:
        if structure.is_limit:
            options["limit_short_raise"] = draw(st.sampled_from(["full_bet_over", "complete"]))
        options["bba_order"] = draw(st.sampled_from(["ante_first", "blind_first"]))
        if draw(st.integers(0, 9)) == 0:
            options["rake_percent"] = 0.05
            options["rake_cap"] = draw(st.sampled_from([0, 3 * unit]))
            options["no_flop_no_drop"] = draw(st.booleans())
        if draw(st.integers(0, 9)) == 0:
            options["chip_unit"] = draw(st.sampled_from([1, 2, 5]))
        if game.is_stud:
            options["open_pair_double"] = draw(st.booleans())
    config = HandConfig(
        variant=game,
        structure=structure,
        stacks=stacks,
        antes=tuple(antes) if any(antes) else (),
        blinds=tuple(blinds) if any(blinds) else (),
        posts=tuple(posts) if any(posts) else (),
        dead=tuple(dead) if any(dead) else (),
        **kw,  # type: ignore[arg-type]
        **options,  # type: ignore[arg-type]
    )
    return Setup(config, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1)))


def config_for_game(key: str, structure: Structure) -> HandConfig:
    """A plain two-player configuration of a game."""
    game = VARIANTS[key]
    kw: dict[str, object] = {}
    if structure is Structure.FIXED_LIMIT:
        kw.update(small_bet=10, big_bet=20)
    elif structure is Structure.SPREAD_LIMIT:
        kw.update(min_bet=10, max_bet=50)
    else:
        kw.update(min_bet=10)
    if game.is_stud:
        kw.update(bring_in=5, antes=(1, 1))
    else:
        kw.update(blinds=button_blinds(2, 5, 10))
    return HandConfig(variant=game, structure=structure, stacks=(1000, 1000), **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------ playing


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random action among ``legal_actions()`` (never a dealer's action)."""
    legal = hand.legal_actions()
    if legal.phase is Phase.DRAWING:
        assert legal.position is not None
        held = [c for c in hand.hole[legal.position] if c is not None]
        k = rng.randint(0, min(len(held), legal.max_discard))
        return Discard(tuple(rng.sample(held, k)))
    if legal.phase is Phase.SHOWDOWN:
        if legal.muck and rng.random() < 0.3:
            return Muck()
        return Show()
    assert legal.phase is Phase.BETTING, legal
    if legal.bring_in is not None and rng.random() < 0.6:
        return BringIn()
    options: list[tuple[float, Action]] = []
    if legal.fold:
        options.append((0.03 if legal.check else 0.2, Fold()))
    if legal.check or legal.call is not None:
        options.append((0.5, CheckCall()))
    if legal.min_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert high is not None and low <= high, f"legal_actions: min raise > max: {legal}"
        r = rng.random()
        to = low if r < 0.4 else high if r < 0.55 else rng.randint(low, high)
        options.append((0.3, BetRaise(to)))
    if not options and legal.bring_in is not None:
        return BringIn()
    total = sum(w for w, _ in options)
    x = rng.random() * total
    for weight, action in options:
        x -= weight
        if x <= 0:
            return action
    return options[-1][1]


def play(
    setup: Setup,
    after: Callable[[Hand, Action | None, list[ev.Event]], None] | None = None,
    before: Callable[[Hand, random.Random], None] | None = None,
    *,
    deck: Deck | None = None,
) -> Hand:
    """Play ``setup`` to the end with the random player.

    ``after(hand, action, events)`` runs once for the deal (action None) and after
    every action; ``before(hand, rng)`` runs before each action."""
    hand = setup.hand(deck)
    if after is not None:
        after(hand, None, list(hand.events))
    rng = random.Random(setup.policy_seed)
    for _ in range(MAX_STEPS):
        if hand.is_over:
            return hand
        if before is not None:
            before(hand, rng)
        action = choose(hand, rng)
        events = hand.act(action)
        if after is not None:
            after(hand, action, events)
    raise AssertionError(f"the hand did not end in {MAX_STEPS} actions: {setup!r}")


def legal_probes(legal: LegalActions, hand: Hand, rng: random.Random) -> Iterator[Action]:
    """Every kind of action ``legal`` lists, at its boundaries."""
    if legal.phase is Phase.BETTING:
        if legal.fold:
            yield Fold()
        if legal.check or legal.call is not None:
            yield CheckCall()
        if legal.bring_in is not None:
            yield BringIn()
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            yield BetRaise(legal.min_raise_to)
            if legal.max_raise_to != legal.min_raise_to:
                yield BetRaise(legal.max_raise_to)
                yield BetRaise(rng.randint(legal.min_raise_to, legal.max_raise_to))
    elif legal.phase is Phase.DRAWING:
        assert legal.position is not None
        held = [c for c in hand.hole[legal.position] if c is not None]
        yield Discard()
        yield Discard(tuple(held[: legal.max_discard]))
    elif legal.phase is Phase.SHOWDOWN:
        yield Show()
        if legal.muck:
            yield Muck()


def safe_config(setup: Setup) -> bool:
    """Whether the configuration builds (a guard for generated edge cases)."""
    try:
        setup.hand()
    except ConfigError:
        return False
    return True
