"""I1 / TDA 34-A (TDA-34-A1): a button found in the wrong place after substantial
action: the error stands for the hand, and the next deal moves on normally from
where the button was, not from where the rule had put it (``Table.button_misplaced``)."""

from __future__ import annotations

import pytest

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions
from tests.table.conftest import establish, fold_around, holdem_table, play

A, B, C, D, E, F = range(6)


@pytest.mark.parametrize("method", [ButtonMethod.DEAD_BUTTON, ButtonMethod.MOVING_BUTTON])
def test_I1_TDA_34A1_the_next_deal_moves_on_from_where_the_button_was(
        method: ButtonMethod) -> None:
    table = holdem_table("ABCDEF", button=A, button_method=method)
    play(table)
    establish(table)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.button == B
    hand = table.start_hand()
    table.button_misplaced(D)  # the disc was two seats on; found after action: stands
    fold_around(hand)
    table.finish_hand()
    assert table.positions is not None and table.positions.button == D
    nxt = table.plan().positions
    assert nxt is not None
    assert (nxt.button, nxt.small_blind, nxt.big_blind) == (E, F, A)


def test_I1_TDA_34A1_told_between_hands_too() -> None:
    table = holdem_table("ABCDEF", button=A)
    play(table)
    establish(table)
    table.button_misplaced(D)
    nxt = table.plan().positions
    assert nxt is not None and nxt.button == E


def test_I1_TDA_34A1_refusals_change_nothing() -> None:
    table = holdem_table("ABCDEF", button=A, seats=9)
    with pytest.raises(IllegalActionError) as refused:
        table.button_misplaced(D)  # no deal yet: the button is drawn for (D5)
    assert refused.value.reason is Reason.BUTTON_NOT_DRAWN
    play(table)
    before = table.positions
    with pytest.raises(IllegalActionError) as refused:
        table.button_misplaced(12)
    assert refused.value.reason is Reason.NO_SUCH_SEAT
    with pytest.raises(IllegalActionError) as refused:
        table.button_misplaced(7)
    assert refused.value.reason is Reason.SEAT_EMPTY
    assert table.positions == before
    stud = Table(Stakes.of("stud", "fixed_limit", ante=1, bring_in=2, small_bet=5,
                           big_bet=10), TableOptions(seats=6))
    for seat, name in enumerate("ABC"):
        stud.sit(seat, name, 100)
    stud.start_hand()
    with pytest.raises(IllegalActionError, match="stud has no button") as refused:
        stud.button_misplaced(1)
    assert refused.value.reason is Reason.NO_BUTTON
