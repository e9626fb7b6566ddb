"""T8, F11 / LVH B13(c): a player with a missed-blind button may come back by
straddling in the straddle seat.

LVH B13: "A player who misses a blind will be given a "missed blind" button.  To
receive a hand when he returns, a player with a missed blind button must do one of
the following: a. Come in on his big blind. b. Make up the blind in appropriate
fashion. c. Place a straddle bet, if in the proper position (immediate left of the
big blind.)  A player who makes up his blind is still required to take the blind in
normal rotation."  LVH B8: the straddle is "posted by the person on the immediate left
of the person who has the furthest consecutive blind clockwise from the button"; "the
action before the flop is initiated by the person on the immediate left of the
straddler"; "the straddle is a live blind"; "a sleeper bet (straddle out of the
normal straddle position) is not allowed".  LVH B9: "If a player makes up a blind in
the straddle position, but does not post the amount of a straddle bet, he will be the
first player to act."
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.table import Table
from tests.table.conftest import fold_around, holdem_table, play

A, B, C, D, E, F = range(6)


def _d_owes_in_the_straddle_seat() -> Table:
    """Six players, D sits out until the big blind has passed D (a missed-blind
    button), and comes back when D is immediately left of the next big blind."""
    table = holdem_table("ABCDEF", button=A, seats=6, new_game_round=False)
    play(table)  # next: button B, blinds C, D
    table.sit_out(D)
    for _ in range(20):
        plan = table.plan()
        assert plan.positions is not None
        player = table.player(D)
        if player.owes and plan.positions.big_blind == C:
            break
        play(table)
    else:
        pytest.fail("D never owed blinds with C on the big blind")
    table.sit_in(D)  # waits for the big blind ...
    assert D in table.plan().waiting
    return table


def test_T8_F11_LVH_B13c_missed_blind_player_comes_back_by_straddling() -> None:
    """T8, F11 / LVH B13(c), B8: D, with a missed-blind button and immediately left of
    the big blind, straddles twice the big blind instead of making up the blinds: dealt
    in at once, the straddle live, no dead money; E acts first, D has the option; the
    marker is gone after the hand and D takes the blinds in rotation."""
    table = _d_owes_in_the_straddle_seat()
    table.request_straddle(D)
    plan = table.plan()
    k = plan.position_of(D)
    assert (plan.blinds[k], plan.posts[k], plan.dead[k]) == (20, 0, 0)
    assert plan.straddles == (D,)
    hand = table.start_hand(Deck(5))
    assert table.to_act == E  # left of the straddler
    assert hand.legal_actions().call == 20
    while table.to_act != D:
        hand.check_call()
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 40  # the straddler's option
    fold_around(hand)
    table.finish_hand()
    player = table.player(D)
    assert not player.owes and not player.skip_blinds_until_bb
    # "Still required to take the blind in normal rotation": D is the next big blind.
    nxt = table.plan()
    assert nxt.positions is not None and nxt.positions.big_blind == D
    assert D in nxt.seats


def test_F11_LVH_B8h_the_straddle_seat_is_the_returning_players() -> None:
    """F11 / LVH B8, B8h: with D (missed-blind button) waiting immediately left of the
    big blind, the straddle seat is D's: E's straddle would be a sleeper."""
    table = _d_owes_in_the_straddle_seat()
    with pytest.raises(IllegalActionError, match=f"only seat {D}") as err:
        table.request_straddle(E)
    assert err.value.reason == "wrong_straddle_seat"
    assert table.straddles.seats == []


def test_T8_LVH_B9_make_up_post_in_the_straddle_seat_acts_first() -> None:
    """T8 / LVH B9: making up the big blind in the straddle seat without straddling,
    D is the first player to act."""
    table = _d_owes_in_the_straddle_seat()
    table.post_to_play(D)
    plan = table.plan()
    k = plan.position_of(D)
    assert (plan.blinds[k], plan.posts[k]) == (0, 10)
    hand = table.start_hand(Deck(6))
    assert hand.legal_actions().position == k


def test_F11_a_player_sitting_out_leaves_the_straddle_to_the_next_player() -> None:
    """F11: a player sitting out is not at the table for the straddle; the first
    player dealt in left of the big blind may straddle."""
    table = _d_owes_in_the_straddle_seat()
    table.sit_out(D)
    table.request_straddle(E)
    plan = table.plan()
    assert plan.straddles == (E,) and D not in plan.seats


def test_T8_F11_straddle_asked_then_the_seats_change() -> None:
    """T8, F11: D asked to straddle back in; then the big blind C leaves, so the big
    blind falls on D (No Missed Blinds): D comes in on the big blind (LVH B13a), with
    no straddle.  If instead a player sits in between and posts, D is no longer left
    of the big blind: no straddle, D waits."""
    table = _d_owes_in_the_straddle_seat()
    table.request_straddle(D)
    table.leave(C)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.big_blind == D
    k = plan.position_of(D)
    assert (plan.blinds[k], plan.posts[k], plan.dead[k]) == (10, 0, 0)
    assert plan.straddles == ()

    wide = holdem_table("ABC", button=A, seats=9, new_game_round=False)
    wide.sit(5, "D", 1_000)
    play(wide)  # next: button B, blinds C and D (seat 5)
    wide.sit_out(5)
    for _ in range(20):
        nxt = wide.plan()
        assert nxt.positions is not None
        if wide.player(5).owes and nxt.positions.big_blind == C:
            break
        play(wide)
    wide.sit_in(5)
    wide.request_straddle(5)
    wide.sit(4, "N", 1_000)  # between the big blind and D
    wide.post_to_play(4)
    plan = wide.plan()
    assert 4 in plan.seats and 5 not in plan.seats and 5 in plan.waiting
    assert plan.straddles == ()
