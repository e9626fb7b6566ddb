"""F10: a bring-in equal to the small bet (ENC: "rare and not recommended": the game
must either let the bring-in come in for a raise, or treat the bring-in as live like
a blind, with the option), the house option ``full_bring_in``; and a low card all-in
for less than the bring-in (the others act as if the whole bring-in were posted, as
for a short big blind, F8 / LVH B24, and the all-in-for-the-ante case, TDA RP-10-E)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.errors import ConfigError
from pokerroom.rules import HandConfig, Structure, variant
from pokerroom.rules import events as ev

from .conftest import assert_refused, dealt, play

DEEP = 10_000
# Position 0 shows the 2c and brings it in; positions 1 and 2 act after.
HOLES = ["AhKh2c", "QdJd7c", "8s8d9h"]


def stud(stacks: tuple[int, ...] = (DEEP, DEEP, DEEP), **kw: Any) -> HandConfig:
    """Fixed-limit stud 20/40, ante 5, bring-in 20: the bring-in is the small bet."""
    kw.setdefault("small_bet", 20)
    kw.setdefault("big_bet", 40)
    kw.setdefault("bring_in", 20)
    kw.setdefault("antes", (5,) * len(stacks))
    return HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                      stacks=stacks, **kw)


def test_F10_full_bring_in_the_next_player_may_raise_a_full_bet_not_to_the_same_amount() -> None:
    """F10: after a bring-in of the full small bet the next player calls 20 or raises
    to 40; no "raise to 20" with nothing added."""
    hand, _ = dealt(stud(), HOLES)
    play(hand, (0, "b"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 20
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    assert_refused(hand, 20, "raise_out_of_range")


def test_F10_full_bring_in_live_by_default_the_bring_in_has_the_option() -> None:
    """F10, ``full_bring_in="live"`` (default): the bring-in is live like a blind:
    when everyone calls, the bring-in player may check or raise (the option)."""
    hand, _ = dealt(stud(), HOLES)
    assert hand.config.full_bring_in == "live"
    legal = hand.legal_actions()
    assert legal.bring_in == 20 and legal.min_raise_to is None  # nothing to complete
    play(hand, (0, "b"), (1, "c"), (2, "c"))
    assert hand.actor == 0 and street_is_third(hand)
    legal = hand.legal_actions()
    assert legal.check and (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    play(hand, (0, 40))
    assert hand.actor == 1 and hand.legal_actions().call == 20


def test_F10_full_bring_in_raise_the_bring_in_may_come_in_for_a_raise() -> None:
    """F10, ``full_bring_in="raise"``: the bring-in player may post it or come in for a
    raise at once (to two small bets); having posted, they have no option later."""
    hand, _ = dealt(stud(full_bring_in="raise"), HOLES)
    legal = hand.legal_actions()
    assert legal.bring_in == 20 and (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    play(hand, (0, "b"), (1, "c"), (2, "c"))
    assert not street_is_third(hand)  # the round is over: no option
    raised, _ = dealt(stud(full_bring_in="raise"), HOLES)
    events = play(raised, (0, 40))
    assert events[0] == ev.BetOrRaised(None, 0, 40, 40, False, True)
    assert raised.actor == 1 and raised.legal_actions().call == 40


def test_F10_a_bring_in_above_the_small_bet_is_refused() -> None:
    """F10: in fixed limit the bring-in is at most the small bet."""
    with pytest.raises(ConfigError, match="bring-in of 30 is more than the small bet of 20"):
        stud(bring_in=30)
    with pytest.raises(ConfigError, match="full_bring_in"):
        stud(full_bring_in="twice")


def test_F10_low_card_all_in_for_less_than_the_bring_in_the_next_player_owes_all_of_it() -> None:
    """F10 (decided, as F8 / LVH B24 and TDA RP-10-E): the low card is all-in for 3 of
    a 10 bring-in; the next player calls the whole bring-in (10) or completes (20)."""
    config = stud(stacks=(8, DEEP, DEEP), bring_in=10)
    hand, _ = dealt(config, HOLES)
    legal = hand.legal_actions()
    assert legal.bring_in == 3
    play(hand, (0, "b"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 10 and legal.min_raise_to == 20
    play(hand, (1, "c"))
    assert hand.actor == 2 and hand.legal_actions().call == 10


def test_F10_full_bring_in_all_in_short_still_a_full_bet_for_the_next_player() -> None:
    """F10: a full bring-in posted all-in short (3 of 20) counts as the whole bet."""
    hand, _ = dealt(stud(stacks=(8, DEEP, DEEP)), HOLES)
    play(hand, (0, "b"))
    legal = hand.legal_actions()
    assert legal.call == 20 and (legal.min_raise_to, legal.max_raise_to) == (40, 40)


def street_is_third(hand: Any) -> bool:
    return bool(hand.street == 0)
