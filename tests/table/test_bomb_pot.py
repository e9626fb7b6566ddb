"""Bomb pots: a cash-game house option (issue 4): everyone antes, no preflop betting,
the button does not move."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.rules import events as ev
from tests.table.conftest import holdem_table, play

A, B, C, D = range(4)


def test_bomb_pot_everyone_antes_betting_starts_on_the_flop_button_stays() -> None:
    table = holdem_table("ABCD", button=A, bomb_pot_ante=20)
    play(table)  # button A; next deal: button B
    before = table.plan().positions
    hand = table.start_hand(Deck(7), bomb_pot=True)
    assert sum(1 for e in hand.events if isinstance(e, ev.AntePosted)) == 4
    assert not any(isinstance(e, ev.BlindPosted) for e in hand.events)
    assert hand.street == 1 and len(hand.board) == 3  # straight to the flop
    assert hand.pot == 80
    assert not any(isinstance(e, ev.BetOrRaised) for e in hand.events)
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 10  # a normal flop round
    while not hand.is_over:
        hand.check_call()
    table.finish_hand()
    assert table.chips_on_table() == 4000
    assert table.plan().positions == before  # the button did not move


def test_bomb_pot_needs_an_ante_and_is_never_in_tournaments() -> None:
    table = holdem_table("ABC", button=A)
    with pytest.raises(ConfigError, match="needs an ante"):
        table.start_hand(Deck(1), bomb_pot=True)
    assert table.hand is None
    tournament = holdem_table("ABC", button=A, bomb_pot_ante=10, tournament=True)
    with pytest.raises(ConfigError, match="never in tournaments"):
        tournament.start_hand(Deck(1), bomb_pot=True)


def test_run_it_twice_table_option_reaches_cash_hands_only() -> None:
    """Run it twice is a cash-game house option; tournaments refuse it (TableOptions)."""
    table = holdem_table("AB", button=A, run_it_twice=True)
    hand = table.start_hand(Deck(2))
    assert hand.config.run_it_twice
    with pytest.raises(ConfigError, match="never allowed in tournaments"):
        holdem_table("AB", button=A, run_it_twice=True, tournament=True)
