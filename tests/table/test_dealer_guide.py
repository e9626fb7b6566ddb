"""The dealer's guide at a table with real cards (issue 26): ``next_step`` says what
the dealer does next, in seats as people count them, and ``deal_round`` gives the
engine a round dealt by hand (face-down cards unknown, stud's up cards as entered).
One hand of each family is walked from the posts to the pots pushed."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck, parse_cards
from pokerroom.errors import IllegalActionError
from pokerroom.rules import Award, BetRaise, BringIn, CheckCall, DealBoard, Discard, Fold
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.dealer_guide import deal_round, next_step
from tests.table.conftest import fold_around


def _table(stakes: Stakes, names: str = "ABCD", stacks: int = 200) -> Table:
    table = Table(stakes, TableOptions(seats=6, new_game_round=False))
    for seat, name in enumerate(names):
        table.sit(seat, name, stacks)
    table.first_button = len(names) - 1
    return table


def test_D3_D4_B5_S4_a_holdem_hand_step_by_step_with_the_cards_physical() -> None:
    """F1-F4: who posts; D4: the deal from the first seat left of the button; B5: whose
    turn with the call and the raise sizes; D3: burn and turn; S4: who shows first;
    the dealer's award; the pots pushed."""
    table = _table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
    start = next_step(table)
    assert start.kind == "start" and start.seat == 3
    assert start.text == ("The button is at seat 4; seat 1 posts the small blind of 1; "
                          "seat 2 posts the big blind of 2.")
    table.start_hand(manual=True)
    deal = next_step(table)
    assert (deal.kind, deal.seat, deal.cards, deal.burn) == ("deal", 0, 2, False)
    assert deal.text == ("Deal 2 cards face down to each player, one at a time, "
                         "starting with seat 1.")
    deal_round(table)
    assert table.hand is not None and all(None in h for h in table.hand.hole)
    act = next_step(table)
    assert (act.kind, act.seat) == ("act", 2)
    assert act.text == "Seat 3 to act: fold, call 2, bet or raise to 4-200. Pot 3."
    table.act(2, BetRaise(6))
    assert next_step(table).text == "Seat 4 to act: fold, call 6, bet or raise to 10-200. Pot 9."
    for seat in (3, 0):
        table.act(seat, Fold())
    table.act(1, CheckCall())
    flop = next_step(table)
    assert (flop.kind, flop.cards, flop.burn) == ("board", 3, True)
    assert flop.text == "Burn and deal the flop (3 cards)."
    with pytest.raises(IllegalActionError, match="no hole cards are due now: Burn and deal"):
        deal_round(table)
    for board, then in (("Ah Kd 7c", "Burn and deal the turn."),
                        ("4s", "Burn and deal the river."), ("2h", None)):
        table.hand.act(DealBoard(tuple(parse_cards(board))))
        for seat in (1, 2):
            assert next_step(table).text.startswith(f"Seat {seat + 1} to act: fold, check, ")
            table.act(seat, CheckCall())
        if then is not None:
            assert next_step(table).text == then
    show = next_step(table)
    assert (show.kind, show.seat, show.pots) == ("showdown", 1, ((13, (1, 2)),))
    assert show.text == ("Showdown: seat 2 shows first. Pot 13. Enter the cards tabled, "
                         "or name the winner of each pot.")
    table.hand.act(Award(((1,),)))
    over = next_step(table)
    assert (over.kind, over.text) == ("over", "The hand is over. Push the pot, 13, to seat 2. "
                                              "Then start the next hand.")
    table.finish_hand()
    assert table.stacks() == {0: 199, 1: 207, 2: 194, 3: 200}
    assert next_step(table).text.startswith("The button is at seat 1; seat 2 posts the small")


def test_S1_the_pots_and_who_is_in_each_while_a_player_is_all_in() -> None:
    """S1: with a player all-in the dealer is told the main pot and each side pot with
    the seats in it."""
    table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                  TableOptions(seats=6, new_game_round=False))
    for seat, (name, chips) in enumerate((("A", 200), ("B", 50), ("C", 200))):
        table.sit(seat, name, chips)
    table.first_button = 2  # the blinds: A (seat 1) and B (seat 2); C acts first
    table.start_hand(manual=True)
    deal_round(table)
    table.act(2, BetRaise(100))
    table.act(0, CheckCall())
    table.act(1, CheckCall())  # all-in for 50
    step = next_step(table)
    assert step.kind == "board"
    assert step.pots == ((150, (0, 1, 2)), (100, (0, 2)))
    table.hand.act(DealBoard(tuple(parse_cards("Ah Kd 7c"))))
    act = next_step(table)
    assert act.text.endswith(
        "Pots: main pot of 150 (seats 1, 2, 3); side pot 1 of 100 (seats 1, 3).")


def test_D3_F10_stud_up_cards_entered_the_bring_in_and_the_last_card_down() -> None:
    """Stud: third street two down and one up (entered by the dealer; missing, the deal
    is refused and nothing changes); F10: the bring-in; later streets burn first;
    seventh street face down."""
    table = _table(Stakes.of("stud", "fixed_limit", small_bet=10, big_bet=20, ante=1,
                             bring_in=5), "ABC")
    assert next_step(table).text.endswith(
        "seat 1 posts the ante of 1; seat 2 posts the ante of 1; seat 3 posts the ante of 1.")
    table.start_hand(manual=True)
    third = next_step(table)
    assert (third.kind, third.cards, third.up, third.burn) == ("deal", 3, 1, False)
    assert third.text == "Deal 2 down and 1 up to each player, one at a time, starting with seat 1."
    before = table.hand.events[:]
    with pytest.raises(IllegalActionError, match="seat 3's up card of third"):
        deal_round(table, {0: list(parse_cards("Ks")), 1: list(parse_cards("Qh"))})
    assert table.hand.events == before  # nothing dealt
    with pytest.raises(IllegalActionError, match="Ks cannot be dealt again"):
        deal_round(table, {0: list(parse_cards("Ks")), 1: list(parse_cards("Ks")),
                           2: list(parse_cards("9d"))})
    assert table.hand.events == before
    deal_round(table, {0: list(parse_cards("Ks")), 1: list(parse_cards("Qh")),
                       2: list(parse_cards("9d"))})
    bring = next_step(table)
    assert bring.text == "Seat 3 to act: bring it in for 5, complete or raise to 10. Pot 3."
    assert table.hand.up[2] == [False, False, True]
    ups = iter(parse_cards("8c 7s 6h 5d 4c 3s 2h Tc Jd"))
    while next_step(table).kind != "showdown":
        step = next_step(table)
        if step.kind == "deal":
            if step.up:
                assert step.text == "Burn, then deal 1 up to each player, starting with seat 1."
                deal_round(table, {s: [next(ups)] for s in range(3)})
            else:
                assert step.text == ("Burn, then deal 1 card face down to each player, "
                                     "starting with seat 1.")
                deal_round(table)
        else:
            assert step.legal is not None
            table.act(step.seat, BringIn() if step.legal.bring_in else CheckCall())
    assert all(len(h) == 7 for h in table.hand.hole)


def test_a_draw_the_dealer_asks_how_many_then_deals_each_the_cards_drawn() -> None:
    table = _table(Stakes.of("deuce_seven_single", "fixed_limit", small_blind=5,
                             big_blind=10), "ABC")
    table.start_hand(manual=True)
    deal_round(table)
    for seat in (2, 0, 1):
        table.act(seat, CheckCall())
    draw = next_step(table)
    assert (draw.kind, draw.seat, draw.text) == ("draw", 0, "Seat 1 draws: how many cards (0-5)?")
    for seat, count in ((0, 2), (1, 0), (2, 3)):
        table.act(seat, Discard((None,) * count))
    deal = next_step(table)
    assert deal.text == "Deal the cards drawn: seat 1: 2, seat 3: 3."
    deal_round(table)
    assert next_step(table).text.startswith("Seat 1 to act: fold, check, bet or raise to 20.")


def test_T7_T8_a_new_player_s_post_and_a_missed_blind_are_said_before_the_deal() -> None:
    """T7: a new player posts a big blind to be dealt in at once; the dealer hears it
    before the deal, with the blinds."""
    table = _table(Stakes.of("holdem", "fixed_limit", small_blind=5, big_blind=10), "ABC")
    fold_around(table.start_hand(Deck(1)))
    table.finish_hand()
    table.sit(4, "N", 200)
    table.post_to_play(4)
    text = next_step(table).text
    assert "seat 5 posts 10 to play" in text, text
    assert "posts the small blind of 5" in text and "posts the big blind of 10" in text


def test_T8_a_player_back_from_missing_the_blinds_posts_what_is_owed_live_and_dead() -> None:
    """T8 (limit): a player who missed both blinds comes back before the big blind and
    posts the sum: the big blind live, the small blind dead; the dealer hears both."""
    table = _table(Stakes.of("holdem", "fixed_limit", small_blind=5, big_blind=10), "ABCDE")
    fold_around(table.start_hand(Deck(1)))  # B plays a hand: in the game (T8, not T7)
    table.finish_hand()
    table.sit_out(1)
    for _ in range(12):  # until B has missed the big blind and the small blind
        fold_around(table.start_hand(Deck(1)))
        table.finish_hand()
        if table.player(1).missed_small and table.player(1).missed_big:
            break
    table.sit_in(1, post=True)
    plan = table.plan()
    for _ in range(5):  # (not dealt in between the blinds: T8; a hand or two later)
        if 1 in plan.seats:
            break
        fold_around(table.start_hand(Deck(1)))
        table.finish_hand()
        plan = table.plan()
    k = plan.seats.index(1)
    assert (plan.posts[k], plan.dead[k]) == (10, 5), plan
    assert "seat 2 posts 10 to play and 5 dead" in next_step(table).text


def test_B12_S2_S8_S11_the_pots_pushed_an_uncalled_bet_back_the_halves_and_the_rake() -> None:
    """At the end the dealer hears whom to push each pot to: a bet nobody called back
    to its owner (B12), side pots first (S2), each half of a high-low pot (S8) and
    what the house takes (S11).  B (seat 2) is all-in on the flop; C folds to A's
    turn bet; the dealer gives the main pot's high half to B, its low half and the
    side pot to A."""
    table = Table(Stakes.of("omaha_hilo", "pot_limit", small_blind=1, big_blind=2),
                  TableOptions(seats=6, new_game_round=False, rake_percent=0.05, rake_cap=3))
    for seat, (name, chips) in enumerate((("A", 200), ("B", 20), ("C", 200))):
        table.sit(seat, name, chips)
    table.first_button = 2
    table.start_hand(manual=True)
    deal_round(table)
    table.act(2, BetRaise(7))  # the pot limit
    table.act(0, CheckCall())
    table.act(1, CheckCall())
    table.hand.act(DealBoard(tuple(parse_cards("Ah 5d 7c"))))
    table.act(0, BetRaise(21))
    table.act(1, CheckCall())  # all-in for 13
    table.act(2, CheckCall())
    table.hand.act(DealBoard(tuple(parse_cards("4s"))))
    table.act(0, BetRaise(50))
    table.act(2, Fold())
    table.hand.act(DealBoard(tuple(parse_cards("Kh"))))
    assert next_step(table).kind == "showdown"
    table.hand.act(Award(((1,), (0,)), low=((0,), ())))
    assert next_step(table).text == (
        "The hand is over. Push 50 back to seat 1 (not called); side pot 1, 16, to seat 1; "
        "the main pot's high half, 29, to seat 2; the main pot's low half, 28, to seat 1; "
        "the house takes 3. Then start the next hand.")
