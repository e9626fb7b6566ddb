"""B7, T2 / TDA-54-B1: a dead small blind in pot limit, at a table.

TDA Rule 54-B (TDA-EXAMPLES.md): PLO, blinds 100-200, pre-flop, "the small blind is
dead and the big blind posts 200": the first player's maximum (pot) bet is 700.
"Pre-flop pot sizing always assumes full blinds: 100 + 200 = 300, plus the 200 call,
gives a 500 raise, so a total of 700."  Post-flop the actual pot is used (54-C).

The small blind is dead under No Missed Blinds (T2, LVH B12a: "A dead blind is one not
actually posted") when last deal's big blind has left or busted: the small blind
falls on that empty seat.
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.rules.actions import CheckCall
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import BlindPosted
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions
from pokerroom.tournament import TournamentTable
from tests.table.conftest import fold_around, stacked_deck

A, B, C, D, E = range(5)
PLO = Stakes.of("omaha", "pot_limit", small_blind=100, big_blind=200)


def _posted(hand: Hand) -> list[int]:
    return [e.amount for e in hand.events if isinstance(e, BlindPosted)]


def _bust_c(table: Table) -> None:
    """One deal (A button, B small blind, C big blind) in which C is all-in and loses."""
    plan = table.plan()
    assert plan.positions is not None and plan.positions.big_blind == C
    holes = {A: "2c3d4h5s", B: "2d3h4s5c", C: "7c7d8h9s", D: "AsAhKsKh", E: "2h3s4c5d"}
    hand = table.start_hand(stacked_deck([holes[s] for s in plan.seats], "AdKdQc6s6h"))
    c, d = plan.position_of(C), plan.position_of(D)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.position == d and legal.max_raise_to is not None:
            hand.bet_raise(legal.max_raise_to)
        elif legal.position in (c, d) or legal.check:
            hand.check_call()
        else:
            hand.fold()
    table.finish_hand()
    assert table.player(C).stack == 0


def _first_action_after_c_went(table: Table) -> Hand:
    plan = table.plan()
    assert plan.positions is not None
    assert plan.positions.small_blind_seat == C and plan.positions.small_blind is None
    assert plan.positions.big_blind == D and plan.positions.button == B
    hand = table.start_hand(Deck(7))
    assert _posted(hand) == [200]  # the dead small blind is not posted (T2)
    assert table.to_act == E
    return hand


@pytest.mark.parametrize("how", ["left", "busted"])
def test_B7_T2_TDA_54_B1_dead_small_blind_at_a_table(how: str) -> None:
    """B7, T2 / TDA-54-B1: after the big blind leaves or busts, the next deal's small
    blind is dead; the first player may still bet the pot as if it had been posted:
    calls 200, raises to at least 400 and at most 700.  On the flop the pot is what is
    really there (54-C)."""
    table = Table(PLO, TableOptions(seats=6, button_method=ButtonMethod.DEAD_BUTTON))
    for seat, name in enumerate("ABCDE"):
        table.sit(seat, name, 2_000 if name == "C" else 20_000)
    table.first_button = A
    if how == "left":
        fold_around(table.start_hand(Deck(3)))
        table.finish_hand()
        table.leave(C)
    else:
        _bust_c(table)
    hand = _first_action_after_c_went(table)
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (200, 400, 700)
    hand.bet_raise(700)  # E pots it; A and B fold, the big blind D calls
    while hand.street == 0:
        if table.to_act == D:
            table.act(D, CheckCall())
        else:
            hand.fold()
    # Flop: E and the big blind D (who called) are in: 700 + 700 really in the pot.
    assert hand.pot == 1_400
    assert hand.legal_actions().max_raise_to == 1_400


def test_B7_T2_TDA_54_B1_tournament_table() -> None:
    """B7, T2, P2 / TDA-54-B1: the same at a tournament table (dead button rule)."""
    table = TournamentTable(1, PLO, seats=6)
    for seat, name in enumerate("ABCDE"):
        table.seat_player(seat, name, 20_000)
    table.first_button = A
    fold_around(table.start_hand(Deck(3)))
    table.finish_hand()
    table.leave(C)  # busted and removed from the table
    hand = _first_action_after_c_went(table)
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (200, 400, 700)


def test_B7_F8_TDA_54_B2_short_big_blind_at_a_table() -> None:
    """B7, F8 / TDA-54-B2: the small blind posts 100 and the big blind is all-in for
    100: the first player's pot raise is still to 700 (the table already gave this)."""
    table = Table(PLO, TableOptions(seats=6, button_method=ButtonMethod.DEAD_BUTTON))
    for seat, name in enumerate("ABCDE"):
        table.sit(seat, name, 100 if name == "C" else 20_000)
    table.first_button = A
    hand = table.start_hand(Deck(3))
    assert _posted(hand) == [100, 100]
    legal = table.legal_actions()
    assert table.to_act == D and legal.position == table.plan_in_play.position_of(D)
    assert (legal.call, legal.max_raise_to) == (200, 700)


def test_B7_no_unposted_blind_when_both_blinds_are_posted() -> None:
    """B7: with both blinds posted the table adds nothing: pot raise to 700 as usual,
    and a moving button (No Dead Button) never leaves a small blind dead."""
    table = Table(PLO, TableOptions(seats=6, button_method=ButtonMethod.MOVING_BUTTON))
    for seat, name in enumerate("ABCDE"):
        table.sit(seat, name, 20_000)
    table.first_button = A
    fold_around(table.start_hand(Deck(3)))
    table.finish_hand()
    table.leave(C)
    hand = table.start_hand(Deck(4))
    assert hand.config.unposted_blinds == 0
    assert _posted(hand) == [100, 200]
    assert hand.legal_actions().max_raise_to == 700
