"""Irregularities at the dealer's tablet (issue 26): each button's ruling with its
rule ID, what it does to the hand, and its refusal when it does not apply.  The
cards are physical: the rulings decide from what the dealer taps and the hand's own
events (substantial action, TDA 36)."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import PokerError
from pokerroom.rules import BetRaise, CheckCall, Fold
from pokerroom.table import Stakes, TableOptions
from pokerroom.table.dealer_game import DealerGame
from pokerroom.table.rulings import Declaration


def _game(players: int = 4, **options: object) -> DealerGame:
    game = DealerGame.of(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                         TableOptions(seats=9, **options))  # type: ignore[arg-type]
    for seat in range(players):
        game.seat(seat, f"P{seat + 1}", 100)
    game.place_button(players - 1)
    game.start()
    return game


def _stacks(game: DealerGame) -> list[int]:
    return [s.stack for s in game.standings()]


def _dealt(game: DealerGame) -> DealerGame:
    game.deal()
    return game


def test_I1_one_boxed_card_is_out_of_play_a_second_is_a_misdeal() -> None:
    game = _game()
    first = game.floor.boxed_card()
    assert first.rule.startswith("I1") and "out of play" in first.text and game.in_hand
    second = game.floor.boxed_card()
    assert "misdeal" in second.text and not game.in_hand
    assert _stacks(game) == [100] * 4 and game.step().kind == "start"
    assert game.floor.this_hand() == [first, second]
    assert "A second boxed card (I1, TDA 35-A)" in game.log[-1]


def test_I1_the_first_or_second_card_exposed_is_a_misdeal() -> None:
    game = _game()
    before = game.step()  # the deal step, then the same button again
    ruling = game.floor.exposed_card(early=True)
    assert ruling.rule == "I1" and not game.in_hand
    game.start()
    assert game.step() == before


def test_I2_a_later_card_exposed_is_replaced_and_becomes_the_burn_a_second_is_a_misdeal(
) -> None:
    game = _game()
    ruling = game.floor.exposed_card(early=False)
    assert ruling.rule == "I2" and "burn" in ruling.text and game.in_hand
    game.deal()
    for seat in (2, 3, 0):
        game.act(seat, CheckCall())
    game.act(1, CheckCall())  # the big blind checks: the flop is due
    assert game.step().text.startswith("The card exposed in the deal is this burn (I2)")
    game2 = _game()
    game2.floor.exposed_card(early=False)
    assert game2.floor.exposed_card(early=False).rule == "I1" and not game2.in_hand


def test_I1_the_first_card_to_the_wrong_seat_is_a_misdeal_only_before_substantial_action(
) -> None:
    game = _game()
    assert game.floor.first_card_to_wrong_seat().rule.startswith("I1")
    assert not game.in_hand
    game = _dealt(_game())
    game.act(2, BetRaise(6))
    game.act(3, CheckCall())  # two actions, one with chips: substantial (TDA 36)
    with pytest.raises(PokerError, match="substantial action"):
        game.floor.first_card_to_wrong_seat()
    assert game.in_hand


def test_I1_TDA_34A_a_misplaced_button_before_substantial_action_is_a_misdeal_after_it_stands(
) -> None:
    game = _dealt(_game())
    game.act(2, Fold())
    ruling = game.floor.button_misplaced(1)
    assert "TDA 34-A" in ruling.rule and "seat 4" in ruling.text and not game.in_hand
    game = _dealt(_game())
    for seat in (2, 3, 0):
        game.act(seat, CheckCall())
    stands = game.floor.button_misplaced(1)
    assert stands.rule == "TDA 34-A" and "plays on" in stands.text and game.in_hand
    with pytest.raises(PokerError, match="where the rule puts the button"):
        _dealt(_game()).floor.button_misplaced(3)


def test_I3_I4_I5_premature_board_cards_by_the_house_procedure() -> None:
    game = _dealt(_game())
    flop = game.floor.premature_card()
    assert flop.rule.startswith("I3") and "without a burn" in flop.text
    for seat in (2, 3, 0, 1):
        game.act(seat, CheckCall())
    assert game.step().text.startswith("Premature flop (I3)")
    game.board(parse_cards("Ah Kd 7c"))
    turn = game.floor.premature_card()
    assert turn.rule.startswith("I4") and "set aside" in turn.text
    for seat in (0, 1, 2, 3):
        game.act(seat, CheckCall())
    assert "I4" in game.step().text and "burn and deal the turn" in game.step().text
    game.board(parse_cards("2s"))
    for seat in (0, 1, 2, 3):
        game.act(seat, CheckCall())
    assert "without a burn" in game.step().text  # the river, from the reshuffled stub
    tda = _dealt(_game(irregularity_procedures="tda2024"))
    for seat in (2, 3, 0, 1):
        tda.act(seat, CheckCall())
    tda.board(parse_cards("Ah Kd 7c"))
    assert tda.floor.premature_card().rule.startswith("I4, TDA RP-5-B")
    assert "reshuffle" in tda.floor.rulings[-1].text
    with pytest.raises(PokerError, match="betting round"):
        _game().floor.premature_card()  # still dealing


def test_I3_TDA_39_a_flop_with_too_many_cards_or_without_a_burn() -> None:
    game = _dealt(_game())
    with pytest.raises(PokerError, match="when the flop is due"):
        game.floor.flop_with_too_many_cards()
    for seat in (2, 3, 0, 1):
        game.act(seat, CheckCall())
    assert game.floor.flop_with_too_many_cards().rule == "I3"
    assert game.floor.flop_without_burn().rule == "I3, TDA 39-B1"
    game.board(parse_cards("Ah Kd 7c"))
    game.act(0, CheckCall())
    assert game.floor.flop_without_burn().rule == "I3, TDA 39-B2"  # acted on: it stands
    tda = _dealt(_game(irregularity_procedures="tda2024"))
    for seat in (2, 3, 0, 1):
        tda.act(seat, CheckCall())
    assert tda.floor.flop_with_too_many_cards().rule == "I3, TDA 39-A"


def test_I7_a_wrong_number_of_cards_misdeal_before_substantial_action_dead_hand_after() -> None:
    game = _dealt(_game())
    assert game.floor.wrong_card_count(1, 3).rule.startswith("I7") and not game.in_hand
    game = _dealt(_game())
    game.act(2, BetRaise(6))
    game.act(3, CheckCall())
    dead = game.floor.wrong_card_count(1, 1)
    assert dead.rule == "I7, TDA 36" and "dead" in dead.text and game.in_hand
    hand = game.table.hand
    assert hand is not None and hand.folded[1]
    assert game.step().seat == 0  # the small blind acts on; the big blind's stays in the pot
    with pytest.raises(PokerError, match="should hold 2"):
        game.floor.wrong_card_count(2, 2)


def test_B14_chips_pushed_out_are_read_and_played() -> None:
    game = _dealt(_game())
    ruling = game.floor.chips(2, [25])  # one oversized chip, silent, facing the blind
    assert ruling.rule.startswith("B14") and "call" in ruling.text.lower()
    hand = game.table.hand
    assert hand is not None and hand.bets[2] == 2
    assert game.step().seat == 3
    raised = game.floor.chips(3, [5, 5], Declaration.raise_to())
    assert raised.rule.startswith("B14") and hand.bets[3] == 10
    with pytest.raises(PokerError, match="in turn"):
        game.floor.chips(2, [5])


def test_a_ruling_that_ends_the_hand_settles_it() -> None:
    game = _dealt(_game(players=2))
    game.act(1, CheckCall())
    game.act(0, BetRaise(10))
    game.act(1, CheckCall())  # substantial action
    game.floor.wrong_card_count(0, 3)  # the big blind's hand is dead: seat 2 wins
    assert not game.in_hand and _stacks(game) == [90, 110]
    assert "to seat 2" in game.result


def test_I7_while_dealing_the_count_is_the_one_this_round_gives() -> None:
    game = _game()  # the hole cards are being dealt: none is entered yet
    with pytest.raises(PokerError, match="should hold 2"):
        game.floor.wrong_card_count(1, 2)
    assert "holds 3 card(s) instead of 2" in game.floor.wrong_card_count(1, 3).text


def test_I3_TDA_39B1_a_flop_entered_before_anyone_acted_on_it_is_redealt() -> None:
    game = _dealt(_game())
    for seat in (2, 3, 0, 1):
        game.act(seat, CheckCall())
    game.board(parse_cards("Ah Kd 7c"))
    ruling = game.floor.flop_without_burn()
    assert ruling.rule == "I3, TDA 39-B1" and "Undo" in ruling.next


def test_a_draw_game_has_no_premature_board_card() -> None:
    game = DealerGame.of(Stakes.of("deuce_seven_single", "no_limit", small_blind=1,
                                   big_blind=2))
    for seat in range(3):
        game.seat(seat, f"P{seat + 1}", 100)
    game.place_button(2)
    game.start()
    game.deal()
    with pytest.raises(PokerError, match="no board card"):
        game.floor.premature_card()


def test_B14_the_ruling_names_its_rule_once() -> None:
    game = _dealt(_game())
    ruling = game.floor.chips(2, [25])
    assert not ruling.text.startswith("TDA") and ".." not in ruling.said


def test_a_redeal_after_a_misdeal_starts_with_no_ruling() -> None:
    game = _game()
    game.floor.boxed_card()
    game.floor.boxed_card()  # a misdeal
    assert [r.title for r in game.floor.this_hand()] == ["A boxed card", "A second boxed card"]
    game.start()
    assert game.floor.this_hand() == []
    assert game.floor.boxed_card().rule.startswith("I1") and game.in_hand  # the first again
