"""A hand can be copied and pickled at any point, compiled or not (see setup.py):
the copy is independent and plays on exactly as the original does."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from pokerroom.rules import DealHole, Hand, HandConfig, Phase, Show
from tests.rules.conftest import deck_hand, nl


def _play_on(hand: Hand, seed: int) -> list[object]:
    """Finish ``hand`` with a seeded random policy; return its events."""
    rng = random.Random(seed)
    mark = len(hand.events)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.phase is Phase.SHOWDOWN:
            hand.act(Show())
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            assert legal.max_raise_to is not None
            hand.bet_raise(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif not legal.check and rng.random() < 0.2:
            hand.fold()
        else:
            hand.check_call()
    return list(hand.events[mark:])


@pytest.mark.parametrize("clone", [copy.deepcopy,
                                   lambda h: pickle.loads(pickle.dumps(h))],
                         ids=["deepcopy", "pickle"])
@pytest.mark.parametrize("steps", [0, 3, 7])
def test_a_copied_hand_is_independent_and_plays_on_identically(clone, steps: int) -> None:
    hand = deck_hand(nl([500, 800, 300, 1000]), seed=11)
    rng = random.Random(5)
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        if legal.min_raise_to is not None and rng.random() < 0.5:
            hand.bet_raise(legal.min_raise_to)
        else:
            hand.check_call()
    twin = clone(hand)
    assert twin is not hand
    assert twin.stacks == hand.stacks and twin.events == hand.events
    assert twin.legal_actions() == hand.legal_actions()
    before = (list(hand.stacks), len(hand.events), list(hand.log))
    twin_events = _play_on(twin, seed=1)
    # Playing the copy left the original alone ...
    assert (hand.stacks, len(hand.events), hand.log) == before
    # ... and the original, played the same way, does exactly what the copy did.
    assert _play_on(hand, seed=1) == twin_events
    assert hand.stacks == twin.stacks


def test_a_hand_copied_during_the_showdown_finishes_alike() -> None:
    """Manual showdown (auto_showdown off): the copy's showdown ranks the hands anew."""
    hand = deck_hand(nl([500, 500, 500], auto_showdown=False), seed=3)
    while hand.phase is not Phase.SHOWDOWN:
        hand.check_call()
    twin = copy.deepcopy(hand)
    assert _play_on(twin, seed=2) == _play_on(hand, seed=2)
    assert twin.stacks == hand.stacks


def test_a_configuration_pickled_before_it_was_compiled_loads() -> None:
    """A stored tournament's hands hold configurations pickled as plain frozen
    dataclasses (their fields' values, in order, as the state); compiled or not,
    such a pickle still loads to an equal configuration that deals."""
    config = nl([500, 800, 300])
    old_state = [getattr(config, f.name) for f in dataclasses.fields(config)]
    restored = HandConfig.__new__(HandConfig)
    restored.__setstate__(old_state)  # what unpickling the old form does
    assert restored == config and hash(restored) == hash(config)
    assert Hand(restored).legal_actions() == Hand(config).legal_actions()
    assert pickle.loads(pickle.dumps(config)) == config
    assert dataclasses.replace(config, auto_showdown=False).auto_showdown is False



@pytest.mark.parametrize("clone", [copy.deepcopy,
                                   lambda h: pickle.loads(pickle.dumps(h))],
                         ids=["deepcopy", "pickle"])
def test_a_hand_the_dealer_deals_can_be_copied_before_its_first_betting_round(clone) -> None:
    """A dealer's tablet stores its hand after every tap, the first ones before any
    betting round has opened (compiled, the round's attributes are not set yet)."""
    hand = Hand(nl([500, 800, 300]))  # no deck: the dealer deals real cards
    assert hand.phase is Phase.DEALING
    twin = clone(hand)
    assert twin.phase is Phase.DEALING and twin.stacks == hand.stacks
    for h in (hand, twin):
        while h.phase is Phase.DEALING:
            legal = h.legal_actions()
            assert legal.deal_position is not None
            h.act(DealHole(legal.deal_position, (None, None)))
    assert twin.legal_actions() == hand.legal_actions()
    assert twin.events == hand.events
