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
            hand.act(bots[seat].decide(hand.view(seat)))  # raises if a bot chose an illegal action
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
            action = bots[seat].decide(hand.view(seat))
            offered += big is not None
            made += big is not None and isinstance(action, BetRaise) and action.to == big
            hand.act(action)
        assert sum(hand.stacks) == 500 * players
    assert offered > 0 and made > 0, (offered, made)


def _config(game_key: str, players: int = 4) -> HandConfig:
    game = VARIANTS[game_key]
    if game.is_stud:
        return HandConfig(variant=game, structure=Structure.FIXED_LIMIT,
                          stacks=(300,) * players, antes=(1,) * players, bring_in=2,
                          small_bet=4, big_bet=8)
    structure = Structure.FIXED_LIMIT if game.is_draw else Structure.NO_LIMIT
    return HandConfig(variant=game, structure=structure, stacks=(300,) * players,
                      blinds=button_blinds(players, 1, 2), min_bet=2, small_bet=2, big_bet=4)


def test_a_bot_is_asked_only_on_its_own_turn() -> None:
    hand = Hand(_config("holdem"), Deck(5))
    assert hand.actor is not None and hand.phase is Phase.BETTING
    other = (hand.actor + 1) % hand.n
    with pytest.raises(ValueError, match="not seat"):
        BOTS["station"](random.Random(0)).decide(hand.view(other))
