"""B3 (with B12): betting nobody can call (issue 11, item 6).

Decided rule: a player may bet or raise only if some other player still in the
hand can put in more than the current bet.  When every opponent is all-in, or
can at most call all-in (their chips behind reach no further than the current
bet), a bet or raise could never be called and would only come back (B12): the
player may call (or check) or fold, ``legal_actions()`` offers no raise and a
bet or raise is refused with the reason ``raise_uncallable``.  B3's round that
ends "when the players are all-in" applies as soon as nobody is left who could
bet against the player.  Card rooms, online rooms and PokerKit do the same; the
catalogue has no entry of its own for it, B3 is the closest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from pokerroom.errors import IllegalActionError
from pokerroom.rules import Action, BetRaise, Hand, HandConfig, Phase, Structure, variant
from pokerroom.rules import events as ev
from tests.properties.hands import Setup, setups
from tests.properties.hands import play as play_random

from .conftest import (
    accepts,
    assert_refused,
    check_down,
    dealt,
    deck_hand,
    events_of,
    fl,
    nl,
    pl,
    play,
    street_of,
    to_flop,
)

DEEP = 10_000


def _no_raise(hand: Hand, position: int, call: int) -> None:
    """``position`` acts and may call ``call`` or fold, nothing more."""
    legal = hand.legal_actions()
    assert hand.actor == position
    assert legal.fold and legal.call == call and not legal.check
    assert legal.min_raise_to is None and legal.max_raise_to is None and not legal.can_raise
    all_in = BetRaise(hand.stacks[position] + hand.bets[position])
    error = assert_refused(hand, all_in, "raise_uncallable")
    assert "B3" in str(error) and "call" in str(error)


# ------------------------------------------------------------- facing a bet


def test_B3_facing_an_all_in_bet_with_only_a_short_stack_behind_call_or_fold() -> None:
    """B3: flop, position 0 bets all-in 900; position 1 covers everyone; position 2, still to
    act, has 500 behind: it can at most call all-in, so a raise by position 1 could
    never be called.  Position 1 may call or fold; then position 2 calls all-in and
    nothing comes back."""
    hand, dealer = dealt(nl([1_000, DEEP, 600]), ["AsAh", "KsKh", "QsQh"], "2c7d9cTd3s")
    play(hand, (2, "c"), (0, "c"), (1, "x"), dealer=dealer)
    assert street_of(hand) == "flop"
    play(hand, (0, 900))
    _no_raise(hand, 1, 900)
    play(hand, (1, "c"), (2, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert hand.is_over and not events_of(hand, ev.BetReturned)


@pytest.mark.parametrize(
    ("third", "may_raise"),
    [
        (600, False),  # 500 behind: less than the bet of 900
        (1_000, False),  # 900 behind: exactly the bet, a call all-in at most
        (1_001, True),  # 901 behind: one chip of a raise can be called
        (DEEP, True),
    ],
)
def test_B3_a_raise_needs_an_opponent_with_chips_beyond_the_bet(
    third: int, may_raise: bool
) -> None:
    """B3: position 1 may raise exactly when position 2 (still to act) could put in more
    than the 900 bet; a raise it can only partly call is allowed, and what it
    cannot call goes back (B12)."""
    hand = deck_hand(nl([1_000, DEEP, third]))
    play(hand, (2, "c"), (0, "c"), (1, "x"))
    play(hand, (0, 900))
    if not may_raise:
        _no_raise(hand, 1, 900)
        return
    legal = hand.legal_actions()
    assert legal.call == 900 and (legal.min_raise_to, legal.max_raise_to) == (1_800, DEEP - 100)
    copy = accepts(hand, 5_000)
    play(copy, (2, "c"))
    returned = events_of(copy, ev.BetReturned)
    behind = min(third, DEEP) - 100
    assert returned == ([ev.BetReturned(None, 1, 5_000 - behind)] if behind < 5_000 else [])


def test_B3_a_bettor_with_chips_behind_can_always_be_raised() -> None:
    """B3: the bettor who is not all-in can answer a raise, however short the
    others are."""
    hand = deck_hand(nl([DEEP, DEEP, 150]))
    play(hand, (2, "c"), (0, "c"), (1, "x"))
    play(hand, (0, 900))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.min_raise_to == 1_800


def test_B3_preflop_all_in_raise_and_a_short_big_blind_behind() -> None:
    """B3: the button raises all-in to 500; the big blind, still to act, has 300 in
    all: the small blind may only call or fold."""
    hand = deck_hand(nl([DEEP, 300, 500]))
    play(hand, (2, 500))
    _no_raise(hand, 0, 450)
    play(hand, (0, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 200 and not legal.can_raise
    play(hand, (1, "c"))
    assert not events_of(hand, ev.BetReturned)


def _fixed(stacks: list[int], game: str) -> HandConfig:
    return fl(stacks, game=game)


def _pot(stacks: list[int], game: str) -> HandConfig:
    return pl(stacks, game=game)


def _no(stacks: list[int], game: str) -> HandConfig:
    return nl(stacks, game=game)


@pytest.mark.parametrize(
    ("make", "game", "all_in", "short"),
    [
        (_no, "holdem", 500, 300),
        (_pot, "omaha", 300, 250),
        (_fixed, "holdem", 200, 150),
        (_no, "deuce_seven_single", 500, 300),
        (_fixed, "deuce_seven_triple", 200, 150),
        (_fixed, "badugi", 200, 150),
    ],
)
def test_B3_every_structure_and_draw_games(
    make: Callable[[list[int], str], HandConfig], game: str, all_in: int, short: int
) -> None:
    """B3 in no limit, pot limit, fixed limit and draw games: the button raises
    all-in, the big blind behind has less than the raise in all: the small blind
    may only call or fold."""
    hand = deck_hand(make([DEEP, short, all_in], game))
    assert hand.legal_actions().max_raise_to == all_in
    play(hand, (2, all_in))
    _no_raise(hand, 0, all_in - 50)


def test_B3_fixed_limit_flop_bet_all_in_with_a_shorter_stack_behind() -> None:
    """B3, B5: fixed limit 100/200, flop: position 0 bets its last 100; position 2 has 50
    behind: position 1 may not raise to 200 (nobody could call the second 100)."""
    hand = deck_hand(fl([200, DEEP, 150]))
    to_flop(hand)
    play(hand, (0, 100))
    _no_raise(hand, 1, 100)


# ---------------------------------------------------------- nothing faced


def test_B3_heads_up_all_in_for_less_than_the_big_blind_the_big_blind_has_no_option() -> None:
    """B3, B12: heads-up, the button is all-in for 30 with its small blind: the big
    blind has nothing to decide (its option could not be called): no action, and
    the 70 of the big blind nobody matched goes back."""
    hand = deck_hand(nl([DEEP, 30]))
    assert hand.is_over
    assert ev.BetReturned(None, 0, 70) in hand.events
    assert not [e for e in hand.events if isinstance(e, ev.Checked | ev.BetOrRaised)]


def test_B3_F8_heads_up_short_big_blind_the_button_may_only_call() -> None:
    """B3, F8: heads-up, the big blind is all-in for 60 of 100: the button may call
    (to 100, F8) or fold, never raise."""
    hand = deck_hand(nl([60, DEEP]))
    _no_raise(hand, 1, 50)


def test_B3_F5_big_blind_has_no_option_when_everyone_called_all_in() -> None:
    """B3, F5: the button and the small blind call all-in for exactly the big blind:
    the big blind's option is gone, the flop comes at once."""
    hand = deck_hand(nl([100, DEEP, 100]))
    play(hand, (2, "c"), (0, "c"))
    assert hand.is_over
    assert not any(isinstance(e, ev.Checked) for e in hand.events)


def test_B3_F5_big_blind_option_stands_with_a_caller_who_has_chips_behind() -> None:
    """B3, F5: the small blind called with chips behind: the big blind may raise."""
    hand = deck_hand(nl([150, DEEP, 100]))
    play(hand, (2, "c"), (0, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.check and legal.min_raise_to == 200


# --------------------------------------------------------------------- stud


def _stud(stacks: tuple[int, ...], **kw: Any) -> HandConfig:
    return HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT, stacks=stacks,
                      antes=(5,) * len(stacks), bring_in=10, small_bet=20, big_bet=40, **kw)


def test_B3_F10_stud_completion_all_in_and_the_bring_in_can_only_call() -> None:
    """B3, F10: position 2 brings in 10 with 10 behind; position 0 completes all-in to 20;
    position 1 faces 20 with nobody able to put in more: call or fold."""
    hand, _ = dealt(_stud((25, DEEP, 25)), ["AhKhKd", "QdJdAs", "8s8d2c"])
    play(hand, (2, "b"), (0, 20))
    _no_raise(hand, 1, 20)


def test_B3_F10_stud_everyone_else_all_in_for_the_ante_no_bring_in() -> None:
    """B3, F10: everyone but the player due the bring-in is all-in for the ante:
    nobody could call the bring-in, so there is no betting at all (PokerKit does
    the same); the cards are dealt out."""
    hand, dealer = dealt(_stud((DEEP, 5, 5)), ["AhKh2c 3c4c5c6c", "QdJd7c 3d4d5d6d",
                                              "8s8d9h 3h4h5h6h"])
    assert hand.phase is not Phase.BETTING
    dealer.deal()
    assert hand.is_over
    assert not events_of(hand, ev.BringInPosted) and not events_of(hand, ev.BetOrRaised)
    assert not events_of(hand, ev.BetReturned)


def test_B3_F10_TDA_RP10_E_bring_in_all_in_for_the_ante_and_nobody_else_to_bet() -> None:
    """B3, F10 / TDA RP-10-E: the player due the bring-in is all-in for the ante and
    only one other player has chips: "players with chips must bet at least the
    bring-in" needs someone to bet against; nobody acts."""
    hand, _ = dealt(_stud((DEEP, 5)), ["AhKh9c 3c4c5c6c", "QdJd2c 3d4d5d6d"])
    assert hand.is_over  # dealt out with no betting: position 1's straight wins the antes
    assert hand.stacks == [DEEP - 5, 10]
    assert not events_of(hand, ev.BetOrRaised) and not events_of(hand, ev.Called)


# ------------------------------------------------------------ old records


def test_B3_act_recorded_replays_raises_recorded_before_the_rule() -> None:
    """B3: ``act`` refuses a raise nobody can call; ``act_recorded``, for logs and
    histories made before the rule, accepts it as recorded, and what nobody
    called comes back (B12).  Nothing else is relaxed, and play goes on under
    the rule."""
    hand = deck_hand(nl([DEEP, 300, 500, DEEP]))
    play(hand, (2, 500), (3, "f"))
    assert_refused(hand, 2_000, "raise_uncallable")
    with pytest.raises(IllegalActionError) as info:
        hand.act_recorded(BetRaise(100))
    assert info.value.reason == "raise_out_of_range"
    hand.act_recorded(BetRaise(2_000), position=0)
    assert hand.log[-1] == (0, BetRaise(2_000))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 200 and not legal.can_raise
    play(hand, (1, "c"))
    assert ev.BetReturned(None, 0, 1_500) in hand.events
    copy = deck_hand(hand.config)  # the same deck order
    for position, action in hand.log:
        copy.act_recorded(action, position=position)
    assert copy.stacks == hand.stacks and copy.events == hand.events


# ----------------------------------------------------------------- property


def _opponent_can_answer(hand: Hand) -> None:
    if hand.phase is not Phase.BETTING:
        return
    legal = hand.legal_actions()
    if legal.min_raise_to is None:
        return
    i = hand.actor
    current = hand.current_bet
    assert any(
        j != i and not hand.folded[j] and hand.stacks[j] + hand.bets[j] > current
        for j in range(hand.n)
    ), f"position {i} is offered a raise over {current} nobody can call: {legal}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_B3_property_a_raise_is_offered_only_when_some_opponent_can_answer_it(
    setup: Setup,
) -> None:
    """B3: in random hands of every game and structure, whenever ``legal_actions``
    offers a bet or raise, some other player still in the hand can put in chips
    beyond a call of the current bet."""

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        _opponent_can_answer(hand)

    def before(hand: Hand, rng: random.Random) -> None:
        _opponent_can_answer(hand)

    play_random(setup, after, before)
