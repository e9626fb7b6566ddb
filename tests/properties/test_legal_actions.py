"""Property: an action is accepted exactly when ``legal_actions()`` lists it.

At every step of random hands (every variant and structure, see
``hands.setups``), each action ``legal_actions()`` lists is tried on a copy of
the hand at its boundaries (fold, check, call, the bring-in, the smallest and
largest raise and one in between, standing pat and discarding, show, muck) and
must be accepted with the amounts it announced; actions it does not list are
tried on the hand itself and must be refused with IllegalActionError, leaving
the hand exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Hand,
    LegalActions,
    Muck,
    Phase,
    Show,
)
from pokerroom.rules import events as ev

from .checks import Snapshot
from .hands import Setup, examples, legal_probes, play, setups

HANDS = 400


def _unseen_card(hand: Hand) -> int:
    """A card of the deck that no position holds and the board does not show."""
    used = {c for cards in hand.hole for c in cards if c is not None} | set(hand.board)
    return next(c for c in hand.variant.deck if c not in used)


def _check_effect(hand: Hand, legal: LegalActions, action: Action, events: list[ev.Event]) -> None:
    """The first event of an accepted action is the action, with the amounts
    ``legal_actions()`` announced."""
    position = legal.position
    first = events[0]
    if isinstance(action, Fold):
        assert first == ev.Folded(None, position)  # type: ignore[arg-type]
    elif isinstance(action, CheckCall):
        if legal.check:
            assert first == ev.Checked(None, position), first  # type: ignore[arg-type]
        else:
            assert isinstance(first, ev.Called) and first.position == position, first
            assert first.amount == legal.call, (first, legal)
            assert position is not None and first.all_in == (hand.stacks[position] == legal.call)
    elif isinstance(action, BetRaise):
        assert isinstance(first, ev.BetOrRaised) and first.position == position, first
        assert position is not None
        assert first.to == action.to and first.amount == action.to - hand.bets[position], (
            first, hand.bets[position]
        )
        assert first.all_in == (first.amount == hand.stacks[position])
    elif isinstance(action, BringIn):
        assert first == ev.BringInPosted(None, position, legal.bring_in), (  # type: ignore[arg-type]
            first, legal
        )
    elif isinstance(action, Discard):
        assert first == ev.Discarded(position, position, len(action.cards), action.cards), first  # type: ignore[arg-type]
    elif isinstance(action, Show):
        assert isinstance(first, ev.HandShown) and first.position == position, first
    elif isinstance(action, Muck):
        assert first == ev.HandMucked(None, position), first  # type: ignore[arg-type]


def _illegal(hand: Hand, legal: LegalActions, rng: random.Random) -> Iterator[
    tuple[Action, int | None, str]
]:
    """Actions ``legal`` does not list, with the position trying them and a label."""
    actor = legal.position
    others = [s for s in range(hand.n) if s != actor]
    card = _unseen_card(hand)
    always: list[Action] = [DealBoard((card,)), DealHole(actor or 0, (card,))]
    for action in always:
        yield action, None, "deal when no deal is due"
    if legal.phase is Phase.COMPLETE:
        for action in (Fold(), CheckCall(), BetRaise(hand.config.stacks[0]), Show(), Muck()):
            yield action, None, "act after the hand is over"
        return
    assert actor is not None
    for position in others:
        if (legal.phase is Phase.SHOWDOWN and not hand.folded[position]
                and not hand.exposed[position]):
            continue  # TDA 17: at the showdown anyone still in may show without waiting
        yield (Discard() if legal.phase is Phase.DRAWING else CheckCall()), position, "out of turn"
        yield Fold(), position, "out of turn"
        yield Show(), position, "out of turn"
    if legal.phase is Phase.BETTING:
        current = hand.current_bet
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            yield BetRaise(legal.min_raise_to - 1), None, "raise below the minimum"
            yield BetRaise(legal.max_raise_to + 1), None, "raise above the maximum"
        else:
            yield BetRaise(current + hand.config.min_bet + hand.config.big_bet + 1), None, (
                "raise when raising is closed"
            )
            yield BetRaise(hand.stacks[actor] + hand.bets[actor]), None, (
                "all-in raise when raising is closed"
            )
        if current > hand.bets[actor]:
            yield BetRaise(current), None, "check (bet nothing more) facing a bet"
        if not legal.check and legal.call is None:
            yield CheckCall(), None, "check or call when neither is listed"
        if not legal.fold:
            yield Fold(), None, "fold when folding is not listed"
        if legal.bring_in is None:
            yield BringIn(), None, "bring-in when none is due"
        yield Show(), None, "show in the betting"
        yield Muck(), None, "muck in the betting"
        yield Discard(), None, "discard in the betting"
    elif legal.phase is Phase.DRAWING:
        held = [c for c in hand.hole[actor] if c is not None]
        yield Discard((card,)), None, "discard a card not held"
        if held:
            yield Discard((held[0], held[0])), None, "discard a card twice"
            yield Discard((*held, card)), None, "discard more than held"
        for action in (Fold(), CheckCall(), BetRaise(hand.config.stacks[actor]), BringIn(),
                       Show(), Muck()):
            yield action, None, "a non-draw action in the draw"
    elif legal.phase is Phase.SHOWDOWN:
        if not legal.muck:
            yield Muck(), None, "muck a hand that must be shown"
        for action in (Fold(), CheckCall(), BetRaise(1), BringIn(), Discard()):
            yield action, None, "a betting or draw action at the showdown"
        del rng


@settings(
    max_examples=examples(HANDS),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setups())
def test_B2_B13_legal_actions_agree_with_engine(setup: Setup) -> None:
    """B2, B5-B10, B13, F10, S4: at every step, every action ``legal_actions()``
    lists is accepted (on a copy, at its boundaries: fold, check, call,
    bring-in, smallest and largest raise, discards, show, muck) with the
    announced amounts, and unlisted ones (a raise below the minimum or above
    the maximum, a raise when raising is closed, a "raise" to the current bet
    when facing a bet, check/call or fold when not listed, the bring-in when not
    due, acting out of turn, dealing when no deal is due, show/muck/discard in
    the betting, bad discards, betting at the showdown, mucking a hand that
    must be shown, anything after the end) are refused with IllegalActionError
    and leave the hand unchanged.  The one exception, by design (TDA 17): at
    the showdown a player still in may show or muck out of turn."""

    def before(hand: Hand, rng: random.Random) -> None:
        probe(hand, rng)

    hand = play(setup, before=before)
    probe(hand, random.Random(0))


def fork(hand: Hand) -> Hand:
    """``copy.deepcopy(hand)``, sharing what is immutable (the configuration,
    the events and the logged actions) for speed."""
    shared: list[object] = [hand.config, hand.variant, *hand.events]
    shared += [action for _, action in hand.log]
    return copy.deepcopy(hand, {id(x): x for x in shared})


def probe(hand: Hand, rng: random.Random) -> None:
    legal = hand.legal_actions()
    for action in legal_probes(legal, hand, rng):
        trial = fork(hand)
        try:
            events = trial.act(action)
        except IllegalActionError as error:
            raise AssertionError(
                f"{action!r} is listed by {legal} but refused: {error}"
            ) from error
        _check_effect(hand, legal, action, events)
    for action, position, what in _illegal(hand, legal, rng):
        before = Snapshot(hand)
        with pytest.raises(IllegalActionError):
            hand.act(action, position=position)
            raise AssertionError(
                f"{what}: {action!r} by position {position} accepted; legal: {legal}")
        before.assert_unchanged(hand, f"{what} {action!r}")
