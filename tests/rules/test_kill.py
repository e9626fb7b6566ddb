"""Dead hands declared by the floor (I7, T9, P8): ``Hand.kill(position)`` folds a position
at once, in turn or not; its chips stay in the pot."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    CheckCall,
    DealHole,
    Discard,
    Hand,
    HandConfig,
    Kill,
    Phase,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev

from .conftest import (
    assert_refused,
    cards,
    check_down,
    dealt,
    deck_hand,
    fork,
    nl,
    payouts,
    play,
    street_of,
)

DEEP = 10_000


def test_I7_kill_out_of_turn_keeps_the_chips_in_and_the_turn_where_it_is() -> None:
    """I7: the floor kills position 0's hand (wrong number of cards after substantial
    action) while position 3 is to act: position 0 is out at once, its small blind stays in
    the pot, and position 3 still acts."""
    hand = deck_hand(nl([DEEP] * 4))
    play(hand, (2, "c"))
    assert hand.actor == 3
    events = hand.kill(0)
    assert events == [ev.Folded(None, 0)]
    assert hand.folded[0] and hand.actor == 3 and hand.bets[0] == 50
    assert hand.log[-1] == (None, Kill(0))
    play(hand, (3, "c"), (1, "x"))
    assert street_of(hand) == "flop" and hand.actor == 1
    check_down(hand)
    assert 0 not in payouts(hand) and sum(payouts(hand).values()) == 350


def test_I7_kill_in_turn_moves_the_action_on() -> None:
    hand = deck_hand(nl([DEEP] * 4))
    assert hand.actor == 2
    hand.kill(2)
    assert hand.actor == 3


def test_I7_kill_leaving_one_player_ends_the_hand_and_returns_the_uncalled_bet() -> None:
    """I7: the last opponent's hand is killed: the other player wins; the part of
    their bet nobody called goes back (B12)."""
    hand = deck_hand(nl([DEEP] * 3))
    play(hand, (2, 300), (0, "f"))
    assert hand.actor == 1
    hand.kill(1)
    assert hand.is_over
    assert ev.BetReturned(None, 2, 200) in hand.events
    assert payouts(hand) == {2: 250}  # the blinds and the 100 of the raise that was called


def test_kill_stops_the_betting_when_nobody_is_left_to_bet_against() -> None:
    """B3 after a kill: the player to act has nobody with chips to bet against and
    has matched the bet: the round ends and the board is run out."""
    hand = deck_hand(nl([DEEP, 300, DEEP]))
    play(hand, (2, "c"), (0, "c"), (1, "x"))
    assert street_of(hand) == "flop" and hand.actor == 0
    play(hand, (0, "x"), (1, 200))  # position 1 all-in
    assert hand.actor == 2
    play(hand, (2, "c"))
    assert hand.actor == 0
    hand.kill(2)
    assert hand.actor == 0  # position 0 still owes the all-in bet
    play(hand, (0, "c"))
    assert hand.is_over


def test_T9_killed_poster_leaves_the_post_in_the_pot() -> None:
    """T9: a player who looked at the cards before posting the blind owed has a dead
    hand: what was posted stays in the pot."""
    config = nl([DEEP] * 5, posts=(0, 0, 0, 100, 0))
    hand = deck_hand(config)
    hand.kill(3)
    assert hand.folded[3] and hand.contributed[3] == 100
    while not hand.is_over:
        hand.act(CheckCall())
    # Four players put in 100 each, and the dead post is in the pot too.
    assert 3 not in payouts(hand) and sum(payouts(hand).values()) == 500


def test_P8_stud_killed_bring_in_the_next_player_must_bring_it_in() -> None:
    """P8, F10: the hand due the bring-in is killed (absent player): as with a bring-in
    player all-in for the ante (TDA RP-10-E), the action moves to the left and
    everyone must put in at least the bring-in."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 3, antes=(5,) * 3, bring_in=10, small_bet=20,
                        big_bet=40)
    hand, _ = dealt(config, ["AhKh2c", "QdJd7c", "8s8d9h"])
    assert hand.actor == 0
    hand.kill(0)
    legal = hand.legal_actions()
    assert hand.actor == 1 and not legal.check and legal.call == 10
    assert legal.bring_in is None and (legal.min_raise_to, legal.max_raise_to) == (20, 20)


def test_kill_in_the_draw_skips_the_seat() -> None:
    """A hand killed while the players draw: it neither draws nor gets cards."""
    config = HandConfig(variant=variant("deuce_seven_triple"),
                        structure=Structure.FIXED_LIMIT, stacks=(DEEP,) * 3,
                        blinds=button_blinds(3, 5, 10), small_bet=10, big_bet=20)
    hand = Hand(config, Deck(3))
    while hand.phase is not Phase.DRAWING:
        hand.act(CheckCall())
    assert hand.actor == 0
    hand.act(Discard(tuple(hand.hole[0][:2])))
    hand.kill(0)  # discarded, replacements not dealt yet
    hand.kill(2)  # still to draw
    assert hand.is_over and payouts(hand) == {1: 30}


def test_kill_while_the_dealer_deals_skips_the_seat() -> None:
    """Manual dealing: a hand killed before its cards come gets none ("no cards are
    dealt to a hand that is not live")."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 3, antes=(5,) * 3, bring_in=10, small_bet=20,
                        big_bet=40)
    hand, _ = dealt(config, ["AhKh2c 3c", "QdJd7c 5s", "8s8d9h 6d"])
    play(hand, (0, "b"), (1, "c"), (2, "c"))
    assert hand.phase is Phase.DEALING
    play(hand, DealHole(0, cards("3c")))
    hand.kill(1)
    assert_refused(hand, DealHole(1, cards("5s")), "no_cards_due")
    play(hand, DealHole(2, cards("6d")))
    assert hand.phase is Phase.BETTING and street_of(hand) == "fourth"
    assert len(hand.hole[1]) == 3


def test_kill_at_the_showdown() -> None:
    """A hand killed at the showdown wins nothing."""
    config = nl([DEEP] * 3, auto_showdown=False)
    hand = deck_hand(config)
    check_down(hand)
    assert hand.phase is Phase.SHOWDOWN
    shower = hand.actor
    assert shower is not None
    hand.kill(shower)
    assert hand.actor != shower
    while not hand.is_over:
        play(hand, "s")
    assert shower not in payouts(hand)


def test_kill_refusals() -> None:
    hand = deck_hand(nl([DEEP] * 3))
    play(hand, (2, "f"))
    assert_refused(hand, Kill(2), "not_in_hand")
    assert_refused(hand, Kill(7), "not_in_hand")
    with pytest.raises(IllegalActionError) as info:
        hand.act(Kill(1), position=hand.actor)
    assert info.value.reason == "floor_only"
    hand.kill(1)
    assert hand.is_over
    assert_refused(hand, Kill(0), "hand_over")


def test_D1_a_kill_is_in_the_log_and_plays_again() -> None:
    """D1: the configuration, deck order and log (the kill included) reproduce the hand."""
    hand = deck_hand(nl([DEEP] * 4))
    play(hand, (2, 300))
    hand.kill(0)
    play(hand, (3, "c"), (1, "f"))
    check_down(hand)
    again = fork(hand)
    assert again.events == hand.events and again.stacks == hand.stacks
