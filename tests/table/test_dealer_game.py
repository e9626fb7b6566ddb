"""The dealer's tablet's game (issue 26): a live cash session with real cards kept by
:class:`~pokerroom.table.dealer_game.DealerGame`, tap by tap."""

from __future__ import annotations

import pickle

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import PokerError
from pokerroom.rules import BetRaise, CheckCall, Discard, Fold
from pokerroom.table import Stakes, TableOptions
from pokerroom.table.dealer_game import DealerGame


def _game(*stacks: int, seats: int = 9, **options: object) -> DealerGame:
    game = DealerGame.of(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                         TableOptions(seats=seats, **options))  # type: ignore[arg-type]
    for seat, chips in enumerate(stacks):
        game.seat(seat, f"P{seat + 1}", chips)
    game.place_button(len(stacks) - 1)
    return game


def _folded_round(game: DealerGame, hands: int) -> None:
    """Deal ``hands`` hands, each folded round to the big blind."""
    for _ in range(hands):
        game.start()
        game.deal()
        while game.in_hand:
            step = game.step()
            assert step.seat is not None
            game.act(step.seat, Fold())


def _net_zero(game: DealerGame) -> None:
    """Every chip is someone's: the nets and the house's rake sum to nothing."""
    assert sum(s.net for s in game.standings()) + game.rake == 0


def test_T1_T14_S1_a_session_with_side_pots_an_award_and_a_ledger_that_balances() -> None:
    """Three players, one short: an all-in makes a side pot (S1), the dealer names the
    winners (the cards stay physical), the hand settles itself, a top-up between
    hands (T14) and a player who leaves; the ledger balances."""
    game = _game(200, 60, 200)
    assert game.step().kind == "start"
    game.start()
    game.deal()
    assert game.step().kind == "act" and game.step().seat == 2  # the button acts first
    game.act(2, BetRaise(100))
    game.act(0, CheckCall())
    game.act(1, CheckCall())  # all in for 60
    assert game.step().pots == ((180, (0, 1, 2)), (80, (0, 2)))
    for cards in ("Ah Kd 7c", "4s", "2h"):
        game.board(parse_cards(cards))
        if game.step().kind == "act":
            game.act(0, CheckCall())
            game.act(2, CheckCall())
    assert game.step().kind == "showdown"
    game.award([[1], [2]])  # the short stack wins the main pot, seat 3 the side pot
    assert not game.in_hand and "the main pot, 180, to seat 2" in game.result
    assert [s.stack for s in game.standings()] == [100, 180, 180]
    _net_zero(game)
    game.top_up(0, 100)
    game.leave(2)
    assert [(s.name, s.bought, s.cashed, s.stack, s.net) for s in game.standings()] == [
        ("P1", 300, 0, 200, -100), ("P2", 60, 0, 180, 120), ("P3", 200, 180, 0, -20)]
    _net_zero(game)


def test_S2_the_dealer_enters_the_tabled_cards_and_the_engine_judges() -> None:
    game = _game(100, 100)
    game.start()
    game.deal()
    game.act(1, CheckCall())  # heads-up: the button is the small blind
    game.act(0, CheckCall())
    for cards in ("Ah Kd 7c", "4s", "2h"):
        game.board(parse_cards(cards))
        game.act(0, CheckCall())
        game.act(1, CheckCall())
    assert game.step().kind == "showdown"
    first = game.step().seat
    assert first is not None
    game.show(first, parse_cards("As Ac"))  # trips
    game.show(1 - first, parse_cards("Qs Jc"))
    assert [s.stack for s in game.standings()][first] == 102
    assert "As Ac" in game.log[-2] and "to seat" in game.result


def test_T8_F11_a_straddle_and_a_player_who_misses_the_blinds_posts_on_return() -> None:
    game = _game(100, 100, 100, 100)
    game.straddle(2)  # left of the big blind (button on seat 4: blinds 1 and 2)
    game.start()
    assert "seat 3 straddles" in game.log[-1]
    game.deal()
    assert game.step().legal is not None and game.step().legal.call == 4  # type: ignore[union-attr]
    for seat in (3, 0, 1):
        game.act(seat, Fold())
    assert not game.in_hand  # the straddle wins the blinds
    game.sit_out(1)  # seat 2 is away while the blinds pass him
    _folded_round(game, 3)
    game.sit_in(1, post=True)
    assert "seat 2 posts" in game.step().text


def test_I1_a_misdeal_gives_every_chip_back_and_the_button_stays() -> None:
    game = _game(100, 100, 100)
    before = game.step()
    game.start()
    game.misdeal("the first card was exposed")
    assert not game.in_hand and [s.stack for s in game.standings()] == [100, 100, 100]
    assert game.step() == before  # the same button, the same blinds
    game.start()
    assert before.text in game.log[-1]


def test_B13_a_tap_the_rules_refuse_changes_nothing_and_says_what_is_allowed() -> None:
    game = _game(100, 100, 100)
    game.start()
    game.deal()
    saved = pickle.dumps(game)
    with pytest.raises(PokerError, match="turn"):
        game.act(0, CheckCall())  # not seat 1's turn
    with pytest.raises(PokerError):
        game.top_up(0, 50)  # not during a hand (B11)
    with pytest.raises(PokerError, match="at the showdown; now: Seat 3 to act"):
        game.award([[0]])
    assert pickle.dumps(game) == saved


def test_the_game_pickles_at_every_tap() -> None:
    """The room stores the game after every tap, mid-deal too."""
    game = _game(100, 100, 100)
    game.start()
    twin = pickle.loads(pickle.dumps(game))
    twin.deal()
    game.deal()
    assert twin.step() == game.step()


def test_D5_the_first_button_is_drawn_at_the_table_before_the_first_deal() -> None:
    game = DealerGame.of(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
    assert game.step().kind == "wait"  # nobody seated
    game.seat(0, "Ann", 100)
    assert game.step().kind == "wait" and "two" in game.step().text
    game.seat(4, "Bo", 100)
    step = game.step()
    assert step.kind == "button" and "spades, hearts, diamonds, clubs" in step.text
    with pytest.raises(PokerError, match="Draw for the button"):
        game.start()  # never a virtual draw at a real table
    game.place_button(4)
    assert game.step().kind == "start" and "The button is at seat 5" in game.step().text
    game.start()
    with pytest.raises(PokerError, match="before the first hand"):
        game.place_button(0)


def test_a_draw_is_said_as_the_dealer_says_it() -> None:
    """A draw game (2-7 single draw): the log says how many each player drew."""
    game = DealerGame.of(Stakes.of("deuce_seven_single", "no_limit", small_blind=1,
                                   big_blind=2))
    game.seat(0, "Ann", 100)
    game.seat(1, "Bo", 100)
    game.place_button(1)
    game.start()
    game.deal()
    game.act(1, CheckCall())
    game.act(0, CheckCall())
    step = game.step()
    assert step.kind == "draw" and step.seat == 0
    assert game.act(0, Discard((None, None))) == "Ann: draws 2."
    assert game.act(1, Discard()) == "Bo: stands pat."


def test_T12_a_seat_change_between_hands_moves_the_player_and_the_next_deal_follows(
) -> None:
    game = _game(100, 100, 100, 100)
    _folded_round(game, 5)  # the game is no longer new (T11)
    assert game.change_seat(0, 6) == "P1 moves from seat 1 to seat 7."
    assert game.table.player(6).name == "P1" and game.table.players[0] is None
    assert "seat 1" not in game.step().text  # the next deal is told from the new seat
    with pytest.raises(PokerError, match="not an empty seat"):
        game.change_seat(6, 1)
    game.start()
    with pytest.raises(PokerError, match="between hands"):
        game.change_seat(1, 8)
