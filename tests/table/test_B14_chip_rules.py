"""B14: the chip assistant's edges: string raises, the engine's bounds, errors, and
properties (a ruling is always an action the engine accepts; judging changes nothing)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.rules import (
    BetRaise,
    CheckCall,
    Fold,
    Hand,
    HandConfig,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev
from pokerroom.table.chips import interpret_chips
from pokerroom.table.rulings import Declaration, Declared, FloorDecision, Ruling, apply_ruling
from tests.state import attributes

DEEP = 1_000_000
A, B, C = range(3)
SB, BB = 0, 1


def holdem(n: int, sb: int = 100, bb: int = 200, stacks: Sequence[int] | None = None, *,
           structure: Structure = Structure.NO_LIMIT, game: str = "holdem") -> Hand:
    config = HandConfig(
        variant=variant(game), structure=structure,
        stacks=tuple(stacks or [DEEP] * n), blinds=button_blinds(n, sb, bb), min_bet=bb,
    )
    return Hand(config, Deck(3))


def postflop(n: int, sb: int = 100, bb: int = 200, stacks: Sequence[int] | None = None,
             **kw: Any) -> Hand:
    hand = holdem(n, sb, bb, stacks, **kw)
    while hand.street == 0:
        hand.act(CheckCall())
    return hand


def snapshot(hand: Hand) -> dict[str, Any]:
    state: dict[str, Any] = {
        k: copy.deepcopy(v) for k, v in attributes(hand).items()
        if isinstance(v, int | bool | str | list | tuple | dict | Enum | type(None))
    }
    state["legal"] = hand.legal_actions()
    return state


# ------------------------------------------------------------------ string raises


def test_B14_string_raise_is_refused_and_the_second_motion_goes_back() -> None:
    """B14 / TDA 42: chips to call, then a second trip to the stack without "raise": the
    second motion is refused; the first is judged alone."""
    hand = postflop(2)
    hand.act(BetRaise(300))
    ruling = interpret_chips(hand, [100, 100, 100], more_chips=[500, 500])
    assert ruling.action == CheckCall() and ruling.change == 1_000
    assert "string raise" in ruling.explanation.lower()


def test_B14_raise_declared_first_allows_one_more_motion() -> None:
    """B14 / TDA 42: "raise" said first, the call, then the rest in one more motion."""
    hand = postflop(2)
    hand.act(BetRaise(300))
    ruling = interpret_chips(hand, [100, 100, 100], declared=Declaration.raise_to(),
                             more_chips=[500, 500])
    assert ruling.action == BetRaise(1_300) and (ruling.change, ruling.to_add) == (0, 0)


def test_B14_a_declared_call_keeps_the_call_and_returns_extra_chips() -> None:
    hand = postflop(2)
    hand.act(BetRaise(300))
    ruling = interpret_chips(hand, [100, 100, 100], declared=Declaration.call(),
                             more_chips=[500])
    assert ruling.action == CheckCall() and ruling.change == 500


# ------------------------------------------------------------- the engine's bounds


def test_B14_a_raise_when_betting_is_not_reopened_is_held_to_a_call() -> None:
    """B14, B9: after A's bet and a short all-in, A may not raise: a declared raise or
    chips past the 50% mark are a call, and the ruling says it was clamped."""
    hand = postflop(3, stacks=[DEEP, 450, DEEP])
    hand.act(BetRaise(200))
    hand.act(BetRaise(250))  # B all-in for 250 (+50, short)
    hand.act(CheckCall())
    assert hand.actor == A and not hand.legal_actions().can_raise
    for ruling in (interpret_chips(hand, [500], declared=Declaration.raise_to()),
                   interpret_chips(hand, [], declared=Declaration.all_in()),
                   interpret_chips(hand, [100, 100, 100, 100])):
        assert ruling.action == CheckCall() and ruling.clamped
        assert "not re-opened" in ruling.explanation
    apply_ruling(hand, interpret_chips(hand, [100, 100, 100, 100]))


def test_B14_pot_limit_amount_above_the_pot_is_reduced() -> None:
    """B14 / TDA 52-B: in pot limit a declared raise above the pot is reduced to it."""
    hand = postflop(2, 50, 100, structure=Structure.POT_LIMIT, game="omaha")
    hand.act(BetRaise(100))
    top = hand.legal_actions().max_raise_to
    assert top == 500
    ruling = interpret_chips(hand, [], declared=Declaration.raise_to(2_000))
    assert ruling.action == BetRaise(500) and ruling.clamped and "52-B" in ruling.explanation
    apply_ruling(hand, ruling)


def test_B14_more_than_the_stack_said_is_all_in() -> None:
    hand = postflop(2, stacks=[DEEP, 2_000])
    hand.act(BetRaise(300))
    ruling = interpret_chips(hand, [], declared=Declaration.raise_to(5_000))
    assert ruling.action == BetRaise(1_800) and ruling.all_in and ruling.clamped
    spoken = interpret_chips(hand, [], declared=Declaration.spoken(5_000))
    assert spoken.action == BetRaise(1_800) and spoken.all_in


def test_B14_big_blind_option_chips_are_judged_with_the_blind() -> None:
    """B14 / TDA 46-C: the big blind's option: the blind covers the call, so new chips and
    the blind are one Rule 45 bet: 50 over 200 is short of the 50% mark of 300 (a check,
    50 back); a 500 chip makes 700, a raise to 700."""
    hand = holdem(3)
    hand.act(CheckCall()), hand.act(CheckCall())
    assert hand.actor == BB and hand.legal_actions().check
    check = interpret_chips(hand, [25, 25])
    assert check.action == CheckCall() and check.change == 50
    assert "a check" in check.explanation
    raised = interpret_chips(hand, [500])
    assert raised.action == BetRaise(700)
    apply_ruling(hand, raised)


def test_B14_short_player_pushing_everything_under_the_call_is_an_all_in_call() -> None:
    hand = postflop(2, stacks=[DEEP, 700])
    hand.act(BetRaise(1_000))
    ruling = interpret_chips(hand, [100, 100, 100, 100, 100])
    assert ruling.action == CheckCall() and ruling.all_in and ruling.to_add == 0
    apply_ruling(hand, ruling)
    assert hand.stacks[B] == 0


# ----------------------------------------------------------------------- errors


def test_B14_at_a_table_the_texts_name_the_seats_people_see() -> None:
    """B14 at a table whose seats are not the positions (``seats``: HandPlan.seats, seat 0
    empty): chips pushed by position 1 out of turn are refused naming the seat people
    see (seat 4, table seat 3) and the player in turn (seat 2, table seat 1); the
    ruling names the position the engine plays it for."""
    hand = postflop(3)
    seats = (1, 3, 6)
    with pytest.raises(IllegalActionError, match=r"^seat 4 cannot act now: it is seat 2's "
                       "turn") as refused:
        interpret_chips(hand, [500], position=B, seats=seats)
    assert refused.value.reason == "not_your_turn"
    ruling = interpret_chips(hand, [500], position=A, seats=seats)
    assert ruling.position == A and ruling.action == BetRaise(500)


def test_B14_errors_name_what_is_wrong_and_change_nothing() -> None:
    hand = postflop(3)
    hand.act(BetRaise(300))
    before = snapshot(hand)
    cases: list[tuple[type[Exception], str, dict[str, Any]]] = [
        (IllegalActionError, "seat 3 cannot act now", {"chips": [500], "position": C}),
        (IllegalActionError, "in all", {"chips": [DEEP]}),
        (ConfigError, "positive whole number", {"chips": [0]}),
        (ConfigError, "nothing to judge", {"chips": []}),
        (ConfigError, "not among the prior", {"chips": [500], "prior_bet_chips": [25],
                                              "pulled_back": [100]}),
        (ConfigError, "name the prior_bet_chips", {"chips": [500], "pulled_back": [25]}),
    ]
    for kind, text, kw in cases:
        chips = kw.pop("chips")
        with pytest.raises(kind, match=text):
            interpret_chips(hand, chips, **kw)
        assert snapshot(hand) == before


def test_B14_prior_chips_must_cover_the_bet_in_front() -> None:
    hand = holdem(3, 25, 50)
    hand.act(BetRaise(600)), hand.act(Fold())
    with pytest.raises(ConfigError, match="list all of them"):
        interpret_chips(hand, [500], prior_bet_chips=[25])


def test_B14_no_judging_outside_a_betting_round() -> None:
    hand = postflop(2)
    hand.act(Fold())
    with pytest.raises(IllegalActionError) as info:
        interpret_chips(hand, [500])
    assert info.value.reason == "not_betting"


@pytest.mark.parametrize(("kind", "amount"), [
    (Declared.AMOUNT, None), (Declared.UNCLEAR, None), (Declared.CALL, 100),
    (Declared.ALL_IN, 5), (Declared.RAISE, 0), (Declared.AMOUNT, -3),
])
def test_B14_malformed_declarations_are_refused(kind: Declared, amount: int | None) -> None:
    with pytest.raises(ConfigError):
        Declaration(kind, amount)


def test_B14_choose_refuses_what_is_not_an_option() -> None:
    hand = postflop(3, 2_000, 4_000)
    hand.act(BetRaise(50_000))
    floor = interpret_chips(hand, [1_000])
    with pytest.raises(IllegalActionError) as info:
        floor.choose(5)
    assert info.value.reason == "no_such_option"
    call = floor.choose(0)
    with pytest.raises(IllegalActionError) as info:
        call.choose(0)
    assert info.value.reason == "no_floor_decision"


# ------------------------------------------------------------------- properties

CHIPS = st.lists(st.sampled_from([5, 25, 100, 500, 1_000, 5_000]), min_size=0, max_size=6)
DECLARATIONS = st.one_of(
    st.none(),
    st.just(Declaration.call()),
    st.just(Declaration.all_in()),
    st.builds(Declaration.raise_to, st.one_of(st.none(), st.integers(1, 20_000))),
    st.builds(Declaration.spoken, st.integers(1, 20_000)),
    st.builds(Declaration.unclear, st.integers(1, 50)),
)


def _engine_accepts(hand: Hand, ruling: Ruling, chips_in_front: int) -> None:
    """The action is accepted and the player ends with what the ruling says is in front."""
    assert not isinstance(ruling.action, FloorDecision)
    trial = copy.deepcopy(hand)
    position = ruling.position
    before = trial.bets[position]
    events = trial.act(ruling.action, position=position)
    paid = sum(e.amount for e in events
               if isinstance(e, ev.Called | ev.BetOrRaised) and e.position == position)
    assert before + paid == chips_in_front - ruling.change + ruling.to_add, ruling.explanation


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(300, 12_000), min_size=2, max_size=4),
    moves=st.lists(st.one_of(st.just("c"), st.just("f"), st.integers(0, 8_000)), max_size=5),
    chips=CHIPS,
    more=CHIPS,
    declared=DECLARATIONS,
    prior=st.sampled_from(["untouched", "listed", "pulled_back"]),
    gathered=st.booleans(),
    structure=st.sampled_from([Structure.NO_LIMIT, Structure.POT_LIMIT]),
)
def test_B14_property_a_ruling_is_always_accepted_by_the_engine(
        stacks: list[int], moves: list[str | int], chips: list[int], more: list[int],
        declared: Declaration | None, prior: str, gathered: bool,
        structure: Structure) -> None:
    """B14: whatever is pushed or said, the ruling (or each floor option) is an action the
    engine accepts, the chip accounting adds up, and judging never changes the hand."""
    hand = holdem(len(stacks), 50, 100, stacks, structure=structure)
    for move in moves:
        if hand.legal_actions().position is None or hand.is_over:
            break
        legal = hand.legal_actions()
        if move == "c":
            hand.act(CheckCall())
        elif move == "f":
            hand.act(Fold())
        elif legal.min_raise_to is not None and legal.max_raise_to is not None:
            assert isinstance(move, int)
            hand.act(BetRaise(min(max(move, legal.min_raise_to), legal.max_raise_to)))
    if hand.is_over or hand.legal_actions().position is None:
        return
    position = hand.actor
    assert position is not None
    mine = hand.bets[position]
    room = hand.stacks[position] + (mine if prior == "pulled_back" else 0)
    pushed: list[int] = []
    for chip in chips + more:
        if sum(pushed) + chip <= room:
            pushed.append(chip)
    first, second = pushed[: len(chips)], pushed[len(chips):]
    if not first and not second and declared is None:
        return
    kw: dict[str, Any] = {"declared": declared, "more_chips": second, "gathered": gathered}
    if prior == "listed" and mine:
        kw["prior_bet_chips"] = [mine]
    elif prior == "pulled_back":
        kw["pulled_back"] = True
    before = snapshot(hand)
    try:
        ruling = interpret_chips(hand, first, **kw)
    except ConfigError as error:
        assert not first and not second and "nothing to judge" in str(error)
        return
    assert snapshot(hand) == before
    in_front = (0 if prior == "pulled_back" else mine) + sum(pushed)
    if isinstance(ruling.action, FloorDecision):
        assert ruling.action.options
        for index, option in enumerate(ruling.action.options):
            if not option.forfeit:
                _engine_accepts(hand, ruling.choose(index), in_front)
    else:
        _engine_accepts(hand, ruling, in_front)
        assert ruling.rule in ruling.explanation
