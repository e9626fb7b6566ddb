"""``Hand.view(position)``: what one viewer may know of a hand (issue 13).

A position sees its own cards, everyone's up cards and the hands turned face up and
not mucked (S3, S4); a spectator sees no face-down card before it is shown.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.cards import Deck, format_cards
from pokerroom.rules import (
    VARIANTS,
    Action,
    Hand,
    HandConfig,
    HandView,
    Phase,
    Structure,
    button_blinds,
)
from pokerroom.rules import events as ev
from pokerroom.rules.pots import build_pots
from pokerroom.rules.view import public_players
from tests.properties.hands import Setup, play, setups

from .conftest import play as moves

try:  # the room's filtering of the whole hand, before it switched to views
    from pokerroom.server.tables.views import _cards_for, _pots
except ImportError:  # removed from the room: the same code, as it was (acf0998)
    def _cards_for(hand: Hand, k: int, viewer_engine_seat: int | None) -> list[str | None]:
        visible_all = hand.exposed[k] and not hand.mucked[k]
        out: list[str | None] = []
        for card, up in zip(hand.hole[k], hand.up[k], strict=True):
            if card is not None and (up or visible_all or k == viewer_engine_seat):
                out.append(format_cards([card]))
            else:
                out.append(None)
        return out

    def _pots(hand: Hand) -> list[int]:
        live = [not f for f in hand.folded]
        bets = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
        pots = build_pots(bets, live, [s == 0 for s in hand.stacks], dead=hand.dead,
                          short_dead=hand.short_ante)
        return [amount for amount, _ in pots]


def _holdem(players: int = 3, *, auto_showdown: bool = True) -> HandConfig:
    return HandConfig(variant=VARIANTS["holdem"], structure=Structure.NO_LIMIT,
                      stacks=(100,) * players, blinds=button_blinds(players, 1, 2), min_bet=2,
                      auto_showdown=auto_showdown)


def _check_view(hand: Hand, view: HandView) -> None:
    viewer = view.viewer
    assert len(view.players) == hand.n
    for k, position in enumerate(view.players):
        shown = hand.exposed[k] and not hand.mucked[k]
        assert position.shown == shown
        assert len(position.cards) == len(hand.hole[k])
        for card, real, up in zip(position.cards, hand.hole[k], hand.up[k], strict=True):
            if k != viewer and not up and not shown:
                assert card is None, "a face-down card of another position leaked"
            else:
                assert card == real
        # The same as the room's old filtering of the whole state.
        assert [None if c is None else format_cards([c]) for c in position.cards] == _cards_for(
            hand, k, viewer)
        assert (position.stack, position.bet, position.folded) == (hand.stacks[k], hand.bets[k],
                                                       hand.folded[k])
        assert position.up == tuple(hand.up[k])
    if hand.is_over:
        assert view.pots == () and view.pot == 0  # every pot was awarded
    else:
        assert [p.amount for p in view.pots] == _pots(hand)
        live = [not f for f in hand.folded]
        bets = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
        assert [(p.amount, list(p.eligible)) for p in view.pots] == build_pots(
            bets, live, [s == 0 for s in hand.stacks], dead=hand.dead,
            short_dead=hand.short_ante)  # hand_pots' one-pot shortcut included
    if viewer is None:  # the spectator's positions without the view (the room's public state)
        assert public_players(hand) == [(s.stack, s.bet, s.folded, s.all_in, s.cards, s.up)
                                      for s in view.players]
    assert sum(p.amount for p in view.pots) == view.pot == hand.pot
    for pot in view.pots:
        assert all(not hand.folded[s] for s in pot.eligible)
    assert view.board == tuple(hand.board)
    assert (view.phase, view.street, view.actor, view.current_bet) == (
        hand.phase, hand.street, hand.actor, hand.current_bet)
    if viewer is not None and hand.actor == viewer and hand.phase is not Phase.DEALING:
        assert view.legal == hand.legal_actions()
    else:
        assert view.legal is None


views_of_hands = settings(
    max_examples=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@views_of_hands
@given(setups(), st.integers(0, 2**32 - 1))
def test_a_view_shows_only_what_its_viewer_may_see(setup: Setup, seed: int) -> None:
    """For random hands of every game, at every point and for random viewers (positions
    and spectators): no face-down card of another position that is not tabled, and
    the same cards and pots the room computed from the whole hand."""
    rng = random.Random(seed)

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        viewers: list[int | None] = [None, rng.randrange(hand.n)]
        if hand.actor is not None:
            viewers.append(hand.actor)
        for viewer in viewers:
            _check_view(hand, hand.view(viewer))

    play(setup, after)


def test_seat_and_spectator_before_the_flop() -> None:
    hand = Hand(_holdem(), Deck(7))
    mine, spectator = hand.view(0), hand.view(None)
    assert mine.own_cards == tuple(hand.hole[0]) and len(mine.own_cards) == 2
    assert mine.players[1].cards == (None, None) and mine.players[2].cards == (None, None)
    assert all(position.cards == (None, None) for position in spectator.players)
    assert spectator.own is None and spectator.own_cards == () and spectator.legal is None
    assert mine.game == "holdem" and mine.street_name == "preflop"
    assert hand.view(hand.actor).legal == hand.legal_actions()
    assert mine.legal is None or hand.actor == 0


def test_a_view_shows_the_public_stakes_and_the_big_blind() -> None:
    """The stakes are public (B5-B8): a bot reads the big blind from its view, not
    from the bets.  A big blind posted short all-in does not lower it (F8); fixed
    limit counts the small bet, spread limit the smallest bet; stud has none."""
    short = Hand(HandConfig(variant=VARIANTS["holdem"], structure=Structure.NO_LIMIT,
                            stacks=(100, 1, 100), blinds=button_blinds(3, 1, 2), min_bet=2,
                            antes=(1, 1, 1)), Deck(7))
    view = short.view(None)
    assert (view.blinds, view.antes, view.min_bet) == ((1, 2, 0), (1, 1, 1), 2)
    assert view.players[1].bet <= 1 and view.big_blind == 2  # posted short, still 2 (F8)
    limit = Hand(HandConfig(variant=VARIANTS["holdem"], structure=Structure.FIXED_LIMIT,
                            stacks=(100,) * 3, blinds=button_blinds(3, 2, 4), small_bet=4,
                            big_bet=8), Deck(7)).view(0)
    assert (limit.small_bet, limit.big_bet, limit.big_blind, limit.antes) == (4, 8, 4, (0,) * 3)
    spread = Hand(HandConfig(variant=VARIANTS["holdem"], structure=Structure.SPREAD_LIMIT,
                             stacks=(100,) * 2, blinds=button_blinds(2, 1, 2), min_bet=2,
                             max_bet=10), Deck(7)).view(1)
    assert (spread.min_bet, spread.max_bet, spread.big_blind) == (2, 10, 2)
    stud = Hand(HandConfig(variant=VARIANTS["stud"], structure=Structure.FIXED_LIMIT,
                           stacks=(100,) * 3, antes=(1, 1, 1), bring_in=2, small_bet=4,
                           big_bet=8), Deck(7)).view(None)
    assert (stud.blinds, stud.bring_in, stud.big_blind) == ((0, 0, 0), 2, 0)


def test_a_view_is_a_frozen_value() -> None:
    hand = Hand(_holdem(), Deck(7))
    view = hand.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pot = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.players[0].stack = 0  # type: ignore[misc]
    assert hand.view(0) == view
    moves(hand, "c")
    assert hand.view(0) != view  # a snapshot: the hand moved on, the view did not


def test_a_seat_outside_the_hand_has_no_view() -> None:
    hand = Hand(_holdem(), Deck(7))
    with pytest.raises(ValueError):
        hand.view(3)


def test_S3_all_in_hands_are_tabled_for_everyone() -> None:
    """S3: when no more betting is possible, every hand in the pot is face up."""
    hand = Hand(_holdem(2), Deck(11))
    moves(hand, 100, "c")
    assert hand.is_over
    for viewer in (None, 0, 1):
        view = hand.view(viewer)
        assert all(position.shown for position in view.players)
        assert [list(position.cards) for position in view.players] == hand.hole


def test_S4_a_mucked_hand_stays_hidden_and_a_shown_one_is_public() -> None:
    """S4: at a showdown without all-ins, a hand shown is public, a mucked one is not."""
    for seed in range(40):
        hand = Hand(_holdem(2, auto_showdown=False), Deck(seed))
        moves(hand, "c", "x", "x", "x", "x", "x", "x", "x")
        assert hand.phase is Phase.SHOWDOWN
        first = hand.actor
        assert first is not None
        moves(hand, "s")
        if hand.is_over or not hand.legal_actions().muck:
            continue
        second = hand.actor
        assert second is not None
        moves(hand, "m")
        spectator = hand.view(None)
        assert spectator.players[first].shown and None not in spectator.players[first].cards
        assert spectator.players[second].cards == (None, None)
        assert spectator.players[second].mucked and not spectator.players[second].shown
        assert None not in hand.view(second).players[second].cards  # still their own
        return
    pytest.fail("no showdown with a muck in 40 deals")


def test_stud_up_cards_are_public_and_down_cards_private() -> None:
    config = HandConfig(variant=VARIANTS["stud"], structure=Structure.FIXED_LIMIT,
                        stacks=(100,) * 3, antes=(1,) * 3, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(config, Deck(3))
    spectator = hand.view(None)
    for k, position in enumerate(spectator.players):
        assert position.up == (False, False, True)
        assert position.cards[:2] == (None, None) and position.cards[2] == hand.hole[k][2]
    assert hand.view(1).players[1].cards == tuple(hand.hole[1])
