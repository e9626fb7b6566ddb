"""The rabbit hunt (issue 24, item 9): the board cards a hand that ended early would
have dealt, from its stub only, with the burns of D3, never before the hand is over
and never a card anyone held."""

from __future__ import annotations

import random

from pokerroom.cards import Card, Deck
from pokerroom.rules.actions import BetRaise, BringIn, CheckCall, Fold
from pokerroom.rules.engine import Hand
from pokerroom.rules.rabbit import rabbit_cards
from pokerroom.table import Stakes, Table, TableOptions


def _hand(game: str, order: list[int], players: int = 3, **sizes: int) -> Hand:
    structure = "fixed_limit" if game in ("stud", "razz") else "no_limit"
    stakes = Stakes.of(game, structure, **(sizes or {"small_blind": 1, "big_blind": 2}))
    table = Table(stakes, TableOptions(seats=players))
    for seat in range(players):
        table.sit(seat, f"p{seat}", 1000)
    table.first_button = 0
    return table.start_hand(Deck.from_order(order))


def _held(hand: Hand) -> set[int]:
    return {c for cards in hand.hole for c in cards if c is not None} | set(hand.board)


ORDER = list(range(52))
random.Random(24).shuffle(ORDER)


def test_a_hand_folded_before_the_flop_hunts_flop_turn_and_river_with_their_burns_D3() -> None:
    """Three players, six hole cards: the flop would have come after a burn (cards
    8-10 of the deck), the turn after another (12), the river after a third (14)."""
    hand = _hand("holdem", ORDER)
    assert rabbit_cards(hand) == [] and hand.stub() == ()  # never during the hand
    while not hand.is_over:
        hand.act(Fold())
    assert rabbit_cards(hand) == [*ORDER[7:10], ORDER[11], ORDER[13]]
    assert not set(rabbit_cards(hand)) & _held(hand)


def test_a_hand_over_on_the_flop_hunts_turn_and_river() -> None:
    """Called preflop, a bet on the flop and two folds: the turn (after its burn) and
    the river (after its own) would have come."""
    hand = _hand("holdem", ORDER)
    while hand.street == 0:
        hand.act(CheckCall())
    assert hand.board == ORDER[7:10] and rabbit_cards(hand) == []  # the flop is played
    hand.act(BetRaise(10))
    while not hand.is_over:
        hand.act(Fold())
    assert rabbit_cards(hand) == [ORDER[11], ORDER[13]]
    assert not set(rabbit_cards(hand)) & _held(hand)


def test_no_rabbit_when_the_board_is_complete_or_the_game_has_none() -> None:
    hand = _hand("holdem", ORDER)
    while not hand.is_over:
        hand.act(CheckCall())
    assert len(hand.board) == 5 and rabbit_cards(hand) == []
    stud = _hand("stud", ORDER, ante=1, bring_in=1, small_bet=2, big_bet=4)
    while not stud.is_over:
        legal = stud.legal_actions()
        stud.act(BringIn() if legal.bring_in is not None else Fold())
    assert stud.is_over and rabbit_cards(stud) == []
    assert all(isinstance(Card(c), Card) for c in stud.stub())
