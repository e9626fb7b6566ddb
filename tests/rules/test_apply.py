"""``Hand.apply``: ``act`` for replays and simulations, without the list of events."""

from __future__ import annotations

import copy
import random

import pytest

from pokerroom.errors import IllegalActionError
from pokerroom.rules import BetRaise, CheckCall, Fold, Phase, Show
from tests.rules.conftest import deck_hand, nl


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_apply_plays_as_act_does_without_returning_the_events(seed: int) -> None:
    """``Hand.apply`` is ``act`` without the list it returns: the same hand, the
    same events in ``events``; refused the same way, changing nothing."""
    acting = deck_hand(nl([500, 800, 300, 1000]), seed=seed)
    applying = copy.deepcopy(acting)
    rng = random.Random(seed)
    while not acting.is_over:
        legal = acting.legal_actions()
        if legal.phase is Phase.SHOWDOWN:
            action: object = Show()
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            assert legal.max_raise_to is not None
            action = BetRaise(rng.randint(legal.min_raise_to, legal.max_raise_to))
        else:
            action = CheckCall() if legal.check or rng.random() < 0.8 else Fold()
        before = len(acting.events)
        caused = acting.act(action)  # type: ignore[arg-type]
        assert applying.apply(action) is None  # type: ignore[arg-type, func-returns-value]
        assert caused == acting.events[before:] and applying.events == acting.events
        assert applying.log == acting.log and applying.stacks == acting.stacks
    with pytest.raises(IllegalActionError) as refused:
        applying.apply(CheckCall())
    assert refused.value.reason == "hand_over" and applying.events == acting.events
