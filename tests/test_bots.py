"""Bots only ever choose actions the engine accepts, in every game, and decide from
the seat's view of the hand only (issue 13: a bot cannot peek)."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots import BOTS
from pokerroom.cards import Deck
from pokerroom.rules import (
    VARIANTS,
    BetRaise,
    Hand,
    HandConfig,
    HandView,
    Phase,
    Structure,
    button_blinds,
)


@pytest.mark.parametrize("policy", sorted(BOTS))
@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_bots_play_legal_actions_in_every_game(policy: str, key: str) -> None:
    rng = random.Random(f"{policy}-{key}")
    game = VARIANTS[key]
    players = 4
    if game.is_stud:
        config = HandConfig(variant=game, structure=Structure.FIXED_LIMIT, stacks=(300,) * players,
                            antes=(1,) * players, bring_in=2, small_bet=4, big_bet=8)
    else:
        structure = Structure.FIXED_LIMIT if game.is_draw else Structure.POT_LIMIT
        config = HandConfig(variant=game, structure=structure, stacks=(300,) * players,
                            blinds=button_blinds(players, 1, 2), min_bet=2, small_bet=2,
                            big_bet=4)
    bots = [BOTS[policy](random.Random(rng.random())) for _ in range(players)]
    for _ in range(30):
        hand = Hand(config, Deck(rng.randrange(10**9), cards=game.deck))
        steps = 0
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            hand.act(bots[seat](hand, seat))  # raises if a bot chose an illegal action
            steps += 1
            assert steps < 500
        assert sum(hand.stacks) + hand.rake == 300 * players


@pytest.mark.parametrize("policy", ["random", "tag"])
def test_B15_bots_make_the_open_pair_big_bet_when_the_house_allows_it(policy: str) -> None:
    """B15, house option ``open_pair_double``: on fourth street with an open pair
    showing, bots that bet sometimes choose the big bet, and the engine takes it."""
    game = VARIANTS["stud"]
    players = 4
    config = HandConfig(variant=game, structure=Structure.FIXED_LIMIT, stacks=(500,) * players,
                        antes=(1,) * players, bring_in=2, small_bet=4, big_bet=8,
                        open_pair_double=True)
    rng = random.Random(policy)
    bots = [BOTS[policy](random.Random(rng.random())) for _ in range(players)]
    offered = made = 0
    for _ in range(400):
        hand = Hand(config, Deck(rng.randrange(10**9)))
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            big = hand.legal_actions().big_raise_to
            action = bots[seat](hand, seat)
            offered += big is not None
            made += big is not None and isinstance(action, BetRaise) and action.to == big
            hand.act(action)
        assert sum(hand.stacks) == 500 * players
    assert offered > 0 and made > 0, (offered, made)


class _Sealed:
    """A hand that offers nothing but ``view``: a bot that reads anything else fails."""

    def __init__(self, hand: Hand) -> None:
        self._hand = hand

    def view(self, seat: int | None) -> HandView:
        return self._hand.view(seat)

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"a bot peeked at hand.{name}")


def _config(game_key: str, players: int = 4) -> HandConfig:
    game = VARIANTS[game_key]
    if game.is_stud:
        return HandConfig(variant=game, structure=Structure.FIXED_LIMIT,
                          stacks=(300,) * players, antes=(1,) * players, bring_in=2,
                          small_bet=4, big_bet=8)
    structure = Structure.FIXED_LIMIT if game.is_draw else Structure.NO_LIMIT
    return HandConfig(variant=game, structure=structure, stacks=(300,) * players,
                      blinds=button_blinds(players, 1, 2), min_bet=2, small_bet=2, big_bet=4)


@pytest.mark.parametrize("policy", sorted(BOTS))
@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_bots_decide_from_the_seats_view_only(policy: str, key: str) -> None:
    """Called with a hand, a bot reads only ``hand.view(seat)``; ``decide(view)``
    gives the same action as ``bot(hand, seat)`` from equally seeded bots."""
    config = _config(key)
    rng = random.Random(f"view-{policy}-{key}")
    seeds = [rng.random() for _ in range(4)]
    called = [BOTS[policy](random.Random(s)) for s in seeds]
    deciding = [BOTS[policy](random.Random(s)) for s in seeds]
    for _ in range(10):
        hand = Hand(config, Deck(rng.randrange(10**9), cards=config.variant.deck))
        while not hand.is_over:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            assert view.legal is not None
            assert all(c is None for k, s in enumerate(view.seats) if k != seat
                       for c, up in zip(s.cards, s.up, strict=True) if not up and not s.shown)
            action = called[seat](_Sealed(hand), seat)  # type: ignore[arg-type]
            assert deciding[seat].decide(view) == action
            hand.act(action)


def test_a_bot_is_asked_only_on_its_own_turn() -> None:
    hand = Hand(_config("holdem"), Deck(5))
    assert hand.actor is not None and hand.phase is Phase.BETTING
    other = (hand.actor + 1) % hand.n
    with pytest.raises(ValueError, match="not seat"):
        BOTS["station"](random.Random(0)).decide(hand.view(other))
