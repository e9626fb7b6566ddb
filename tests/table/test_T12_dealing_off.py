"""T12 / RR 14: "dealing off": a player who played the button and at once changes
seats may let the blinds pass the new seat one time and re-enter behind the button
without posting.  A request of its own (``Table.let_blinds_pass``), not sitting out."""

from __future__ import annotations

import pytest

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table import ButtonMethod, Table
from tests.table.conftest import establish, holdem_table, play

A, B, C, D, E, F = range(6)
NEW_SEAT = 7


def _dealt_off(method: ButtonMethod) -> Table:
    table = holdem_table("ABCDEF", button=A, seats=9, button_method=method)
    play(table)  # A had the button
    establish(table)  # ... and has it again, in an established game (T11)
    assert table.positions is not None and table.positions.button == A
    table.change_seat(A, NEW_SEAT)
    return table


@pytest.mark.parametrize("method", [ButtonMethod.DEAD_BUTTON, ButtonMethod.MOVING_BUTTON])
def test_T12_RR14_letting_the_blinds_pass_once_then_in_behind_the_button(
        method: ButtonMethod) -> None:
    """T12 / RR 14: after dealing off, the player lets the blinds pass the new seat: not
    dealt in and never given a blind while they pass, no missed-blind marker at any
    time, then dealt in behind the button without posting."""
    table = _dealt_off(method)
    table.let_blinds_pass(NEW_SEAT)
    player = table.player(NEW_SEAT)
    waited_between = False
    for _ in range(12):
        plan = table.plan()
        assert plan.positions is not None
        assert NEW_SEAT not in (plan.positions.big_blind, plan.positions.small_blind)
        assert not player.owes  # the state never says he owes what he may let pass
        if NEW_SEAT in plan.seats:
            k = plan.position_of(NEW_SEAT)
            assert plan.posts[k] == plan.dead[k] == plan.blinds[k] == 0
            assert not plan.positions.between_blinds(NEW_SEAT, table.seat_count)
            assert waited_between  # the blinds did pass the seat first
            play(table)
            assert not player.owes and player.hands_played > 0
            # From now on a regular player: the blinds reach the seat in turn.
            for _ in range(12):
                plan = table.plan()
                assert plan.positions is not None
                assert NEW_SEAT in plan.seats
                if plan.positions.big_blind == NEW_SEAT:
                    return
                play(table)
            pytest.fail("the big blind never reached the seat again")
        assert NEW_SEAT in plan.waiting
        if plan.positions.between_blinds(NEW_SEAT, table.seat_count):
            waited_between = True
        play(table)
    pytest.fail("never dealt in again")


def test_T12_RR14_only_a_player_who_dealt_off_may_let_the_blinds_pass() -> None:
    """T12: the request is refused, changing nothing, for a player who did not just
    play the button and change seats; the message says who may."""
    table = holdem_table("ABCDEF", button=A, seats=9)
    play(table)
    establish(table)
    with pytest.raises(IllegalActionError, match="did not deal off") as refused:
        table.let_blinds_pass(C)
    assert refused.value.reason is Reason.NOT_DEALING_OFF
    assert not table.player(C).letting_blinds_pass


def test_T12_RR14_sitting_out_after_dealing_off_misses_blinds_and_is_not_dealt_free() -> None:
    """T12, T8: a player who dealt off and then sits out (rather than asking to let the
    blinds pass) misses the blinds like anyone; back, he makes them up or waits for
    the big blind, and is never dealt a free hand while carrying the markers."""
    table = _dealt_off(ButtonMethod.DEAD_BUTTON)
    table.sit_out(NEW_SEAT)
    for _ in range(12):
        play(table)
        if table.player(NEW_SEAT).missed_big:
            break
    player = table.player(NEW_SEAT)
    assert player.owes and not player.dealing_off
    table.sit_in(NEW_SEAT)
    for _ in range(12):
        plan = table.plan()
        assert plan.positions is not None
        if NEW_SEAT in plan.seats:
            assert plan.positions.big_blind == NEW_SEAT
            return
        play(table)
    pytest.fail("never dealt in on the big blind")
