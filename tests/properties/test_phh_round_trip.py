"""Property: a hand written as PHH, read back and replayed is the same hand.

Random hands of every variant and structure that has a PHH code (NT, PT, FT,
NS, NO, PO, FO, NO/8, PO/8, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB) are played
to the end, written with ``to_phh``, turned into text with ``dumps``, read
with ``loads`` and replayed with ``replay_hand``.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history import dumps, loads
from pokerroom.history.export import to_phh, to_phh_text
from pokerroom.history.replay import PHH_VARIANTS, replay_hand
from pokerroom.rules import Action, DealBoard, DealHole, Hand, Muck, Show, Structure
from pokerroom.rules import events as ev

from .hands import GAMES, Setup, config_for_game, examples, play, setups

HANDS = 1200
PHH_GAMES = tuple(PHH_VARIANTS.values())
NOT_PHH_GAMES = tuple(game for game in GAMES if game not in PHH_GAMES)

round_trips = settings(
    max_examples=examples(HANDS),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _moves(log: list[tuple[int | None, Action]]) -> list[tuple[int | None, Action]]:
    """The players' decisions: everything but dealing and showing."""
    return [(s, a) for s, a in log if not isinstance(a, DealHole | DealBoard | Show)]


def _awards(hand: Hand) -> list[ev.Event]:
    return [e for e in hand.events if isinstance(e, ev.PotAwarded | ev.BetReturned)]


@round_trips
@given(setups(PHH_GAMES, phh_only=True), st.integers(0, 60))
def test_PHH_write_read_replay_gives_the_same_hand(setup: Setup, stop: int) -> None:
    """PHH, S1-S4, B12: ``to_phh`` -> ``dumps`` -> ``loads`` -> ``replay_hand``
    gives the same hand: the text reads back to an equal history; the replay
    has the same finishing stacks (also recorded as ``finishing_stacks``), the
    same players' decisions in the same order (so the same number of betting,
    draw and muck actions), one dealer entry per deal of the engine, ``sm
    cards`` for every hand tabled (S3 all-in hands before the runout, S4 at the
    showdown; again only with new cards), the same cards held and on the board,
    and the same pots awarded.  A history written
    in the middle of the hand is a prefix of the one written at the end."""
    partial: list[tuple[int, list[object]]] = []

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        if len(hand.log) == stop and not partial and not hand.short_stub:
            history = to_phh(hand)
            if not hand.is_over:
                assert history.finishing_stacks is None
            partial.append((len(hand.log), list(history.actions)))

    hand = play(setup, after)
    if hand.short_stub:
        # I9: PHH has no way to write the short-stub procedure; it is refused.
        with pytest.raises(ConfigError, match="short-stub"):
            to_phh(hand)
        return
    history = to_phh(hand)
    text = dumps(history)
    assert to_phh_text(hand) == text
    [loaded] = loads(text)
    assert loaded == history
    replayed, notes = replay_hand(loaded)
    assert not notes
    assert replayed.stacks == hand.stacks
    assert list(history.finishing_stacks or ()) == hand.stacks
    assert _moves(replayed.log) == _moves(hand.log)
    assert [a for _, a in replayed.log if isinstance(a, Muck)] == [
        a for _, a in hand.log if isinstance(a, Muck)
    ]
    deals = [
        e for e in hand.events
        if isinstance(e, ev.BoardDealt)
        or (isinstance(e, ev.HoleCardsDealt) and e.audience == e.position)
    ]
    assert sum(a.code in ("dh", "db") for a in history.actions) == len(deals)
    assert sum(a is None for a, _ in replayed.log) == len(deals)
    assert replayed.board == hand.board
    assert replayed.hole == hand.hole
    assert _awards(replayed) == _awards(hand)
    written: dict[int | None, list[frozenset[int | None]]] = {}
    for a in history.actions:
        if a.code == "sm" and a.cards is not None:
            written.setdefault(a.actor, []).append(frozenset(a.cards))
    last_shown = {e.position: frozenset(e.cards)
                  for e in hand.events if isinstance(e, ev.HandShown)}
    assert {position: shows[-1] for position, shows in written.items()} == last_shown
    for shows in written.values():  # shown again only with new cards
        assert all(a != b for a, b in pairwise(shows))
    for _, actions in partial:
        assert list(history.actions[: len(actions)]) == actions


@settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setups(), st.integers(0, 2**32 - 1))
def test_PHH_refuses_what_it_cannot_express(setup: Setup, seed: int) -> None:
    """PHH: ``to_phh`` either writes a history that replays to the same
    stacks, or raises ConfigError naming what PHH cannot express (a variant or
    structure without a PHH code, rake, a chip unit, house options PHH does
    not record) -- at any point of the hand."""
    rng = random.Random(seed)
    stop = rng.randint(0, 30)
    outcomes: list[str] = []

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        if len(hand.log) == stop:
            outcomes.append(_try(hand))

    hand = play(setup, after)
    outcomes.append(_try(hand))
    assert len(set(outcomes)) == 1, outcomes  # the same answer all through the hand
    if outcomes[-1] == "ok":
        replayed, _ = replay_hand(to_phh(hand))
        assert replayed.stacks == hand.stacks
    elif (setup.config.variant.key, setup.config.structure) not in PHH_GAMES:
        assert "PHH has no variant code" in outcomes[-1]


def _try(hand: Hand) -> str:
    try:
        to_phh(hand)
    except ConfigError as error:
        message = str(error)
        assert "PHH" in message
        return message
    return "ok"


@pytest.mark.parametrize(("key", "structure"), NOT_PHH_GAMES)
def test_PHH_variants_without_a_code_are_refused(key: str, structure: Structure) -> None:
    """PHH: every variant and structure without a PHH code is refused."""
    with pytest.raises(ConfigError, match="PHH has no variant code"):
        config = config_for_game(key, structure)
        to_phh(Hand(config, Deck(1, cards=config.variant.deck)))
