"""Dealing from the deck (D3, D4): the deal order, burns, and a full table whose
stub is too short for every burn."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.rules import Hand, Structure, variant
from pokerroom.rules import events as ev

from .conftest import nl

DEEP = 10_000


def test_D4_hole_cards_one_at_a_time_clockwise_from_seat_0() -> None:
    """D4: position j gets cards j, j + n, ... of the deck."""
    deck = Deck(5)
    order = [int(c) for c in deck.order]
    hand = Hand(nl([DEEP] * 4, game="omaha"), deck)
    for position in range(4):
        assert hand.hole[position] == order[position:16:4]


def test_D3_a_burn_before_the_flop_turn_and_river() -> None:
    deck = Deck(6)
    order = [int(c) for c in deck.order]
    hand = Hand(nl([DEEP] * 3), deck)
    while not hand.is_over:
        hand.check_call()
    assert [int(c) for c in deck.burned] == [order[6], order[10], order[12]]
    assert hand.board == [*order[7:10], order[11], order[13]]
    assert sum(isinstance(e, ev.CardBurned) for e in hand.events) == 3


@pytest.mark.parametrize(("game", "players", "burns"),
                         [("omaha5", 9, 2), ("omaha5_hilo", 9, 2), ("holdem", 23, 1)])
def test_D3_a_full_table_skips_the_burns_the_stub_cannot_spare(
    game: str, players: int, burns: int
) -> None:
    """D3: nine players of five-card Omaha hold 45 cards; the flop, turn and river
    need 5 more and three burns would make 53.  A burn is skipped when the stub
    holds no more than the board still to come, so the hand is dealt to the end."""
    for seed in range(10):
        hand = Hand(nl([DEEP] * players, 1, 2, game=game,
                       structure=Structure.POT_LIMIT if game != "holdem" else
                       Structure.NO_LIMIT), Deck(seed))
        while not hand.is_over:
            hand.check_call()
        assert len(hand.board) == 5
        assert sum(isinstance(e, ev.CardBurned) for e in hand.events) == burns


def test_a_table_that_cannot_hold_the_hole_cards_and_board_is_refused() -> None:
    with pytest.raises(ConfigError, match="53 cards"):
        nl([DEEP] * 8, game="omaha6")
    assert variant("omaha6").boards_after == (5, 2, 1, 0)
