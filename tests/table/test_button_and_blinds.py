"""The button and blinds between hands: T1-T6, F4, D5 (worked examples verbatim)."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.config import Structure
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions, draw_for_button
from tests.table.conftest import holdem_table, play, seat_of, stacked_deck

A, B, C, D, E, F = range(6)


def positions(table: Table) -> tuple[int, int | None, int]:
    plan = table.plan()
    assert plan.positions is not None
    return plan.positions.button, plan.positions.small_blind, plan.positions.big_blind


def test_T1_button_moves_clockwise_after_each_deal() -> None:
    table = holdem_table("ABCDEF", button=A)
    seen = []
    for _ in range(7):
        seen.append(positions(table))
        play(table)
    assert [b for b, _, _ in seen] == [A, B, C, D, E, F, A]
    assert seen[0] == (A, B, C)


def test_T2_no_missed_blinds_worked_example_LVH_B12() -> None:
    """T2 / LVH B12a: A button, B small blind, C big blind; C quits.  Next deal: D big
    blind, C's empty chair a dead small blind, B the button.  Then: E big blind, D small
    blind, the button dead on C's chair, so B has last action twice in a row."""
    table = holdem_table("ABCDEF", button=A, button_method=ButtonMethod.DEAD_BUTTON)
    assert positions(table) == (A, B, C)
    play(table)
    table.leave(C)
    plan = table.plan()
    assert plan.positions is not None
    assert plan.positions.big_blind == D
    assert plan.positions.small_blind_seat == C and plan.positions.small_blind is None
    assert plan.positions.button == B
    assert plan.seats[-1] == B  # last action
    assert sum(plan.blinds) == 10  # the dead small blind is not posted
    play(table)
    plan = table.plan()
    assert plan.positions is not None
    assert (plan.positions.big_blind, plan.positions.small_blind) == (E, D)
    assert plan.positions.button == C and plan.positions.dead_button
    assert plan.seats[-1] == B  # B acts last on two consecutive deals
    play(table)
    assert positions(table) == (D, E, F)


def test_T3_no_dead_button_worked_example_LVH_B12() -> None:
    """T3 / LVH B12b: after C quits, E takes the big blind, D the small blind and B the
    button; on the following deal the button goes to D, who escapes the big blind."""
    table = holdem_table("ABCDEF", button=A, button_method=ButtonMethod.MOVING_BUTTON)
    play(table)
    table.leave(C)
    assert positions(table) == (B, D, E)
    play(table)
    assert positions(table) == (D, E, F)
    plan = table.plan()
    assert D not in (plan.positions.big_blind if plan.positions else None,)


def test_T4_simplified_button_and_blinds_to_the_next_active_players() -> None:
    table = holdem_table("ABCDEF", button=A, button_method=ButtonMethod.SIMPLIFIED)
    play(table)
    table.sit_out(C)
    assert positions(table) == (B, D, E)
    play(table)
    assert table.player(C).owes is False  # T4: missed blinds are not tracked


@pytest.mark.parametrize(
    ("structure", "tournament", "expected"),
    [
        ("fixed_limit", False, ButtonMethod.DEAD_BUTTON),
        ("no_limit", False, ButtonMethod.MOVING_BUTTON),
        ("pot_limit", False, ButtonMethod.MOVING_BUTTON),
        ("no_limit", True, ButtonMethod.DEAD_BUTTON),
    ],
)
def test_T5_default_button_method_by_game(structure: str, tournament: bool,
                                          expected: ButtonMethod) -> None:
    """T5 / LVH B11: tournaments and limit games use No Missed Blinds, big-bet cash
    games No Dead Button; the house option overrides."""
    stakes = Stakes.of("holdem", structure, small_blind=5, big_blind=10)
    assert TableOptions(tournament=tournament).method_for(stakes) is expected
    forced = TableOptions(button_method=ButtonMethod.SIMPLIFIED)
    assert forced.method_for(stakes) is ButtonMethod.SIMPLIFIED


def _bust(table: Table, loser: str, winner: str) -> None:
    """Play one hand in which ``loser`` goes all-in and loses to ``winner``."""
    plan = table.plan()
    holes = []
    for seat in plan.seats:
        name = table.player(seat).name
        holes.append("AsAh" if name == winner else "7c2d" if name == loser else "9c8c")
    hand = table.start_hand(stacked_deck(holes, "KdQs4h3s2c"))
    loser_seat = plan.position_of(seat_of(table, loser))
    winner_seat = plan.position_of(seat_of(table, winner))
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.position == loser_seat and legal.max_raise_to is not None:
            hand.bet_raise(legal.max_raise_to)
        elif legal.position in (loser_seat, winner_seat) or legal.check:
            hand.check_call()
        else:
            hand.fold()
    table.finish_hand()
    assert table.player(seat_of(table, loser)).stack == 0


@pytest.mark.parametrize("method", list(ButtonMethod))
def test_T6_heads_up_transition_when_the_button_busts(method: ButtonMethod) -> None:
    """T6 (ENC): Alice button, Dianne small blind, Carol big blind.  If Alice busts,
    Dianne is the big blind next and the button skips past her to Carol."""
    table = holdem_table("ADC", button=0, button_method=method)
    alice, dianne, carol = 0, 1, 2
    assert positions(table) == (alice, dianne, carol)
    _bust(table, "A", "D")
    plan = table.plan()
    assert plan.positions is not None and plan.positions.heads_up
    assert plan.positions.big_blind == dianne
    assert plan.positions.button == carol == plan.positions.small_blind  # F4


@pytest.mark.parametrize("method", list(ButtonMethod))
def test_T6_heads_up_transition_when_the_big_blind_busts(method: ButtonMethod) -> None:
    """T6 (ENC): if Carol busts instead, Alice is the big blind, and Dianne gets the
    button and pays the small blind for the second hand in a row."""
    table = holdem_table("ADC", button=0, button_method=method)
    alice, dianne = 0, 1
    _bust(table, "C", "A")
    plan = table.plan()
    assert plan.positions is not None and plan.positions.heads_up
    assert plan.positions.big_blind == alice
    assert plan.positions.button == dianne == plan.positions.small_blind


def test_F4_heads_up_small_blind_on_the_button_acts_first_preflop_last_after() -> None:
    """F4: heads-up the button posts the small blind, acts first before the flop and
    last after it."""
    table = holdem_table("AB", button=A)
    hand = table.start_hand(Deck(1))
    plan = table.plan_in_play
    assert plan is not None and plan.positions is not None
    assert plan.seats == (B, A)  # engine order: big blind first, button last
    assert plan.blinds == (10, 5)
    assert hand.legal_actions().position == 1  # the button acts first preflop
    hand.check_call()
    hand.check_call()
    assert hand.legal_actions().position == 0  # the big blind acts first on the flop
    hand.check_call()
    hand.check_call()
    assert table.hand is hand


def test_D5_button_draw_high_card_with_suit_tiebreak() -> None:
    """D5: the highest card wins the button; equal ranks by suit, spades highest."""
    deck = Deck.from_order(stacked_deck(["Ah", "As", "Kd"]).order)
    result = draw_for_button([3, 5, 7], deck)
    assert result.winner == 5
    assert [str(c) for _, c in result.cards] == ["Ah", "As", "Kd"]


def test_D5_button_draw_first_jack_option() -> None:
    """D5 house option ``first_jack``: deal face up round the table until a jack."""
    deck = stacked_deck(["2c", "3c", "Jd"])
    result = draw_for_button([0, 1, 2], deck, method="first_jack")
    assert result.winner == 2
    assert len(result.cards) == 3


def test_D5_table_draws_for_the_first_button_once() -> None:
    table = Table(Stakes.of("holdem", Structure.NO_LIMIT, small_blind=1, big_blind=2))
    for seat, name in enumerate("ABC"):
        table.sit(seat, name, 100)
    result = table.draw_for_button(Deck(5))
    assert table.first_button == result.winner
    play(table)
    with pytest.raises(IllegalActionError, match="only for the first deal") as refused:
        table.draw_for_button(Deck(6))
    assert refused.value.reason is Reason.BUTTON_ALREADY_PLACED


def test_a_deal_needs_two_players() -> None:
    table = holdem_table("A")
    with pytest.raises(IllegalActionError, match="a deal needs two") as refused:
        table.start_hand(Deck(1))
    assert refused.value.reason is Reason.TOO_FEW_PLAYERS
