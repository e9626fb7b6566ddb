"""T7, F13 / RR 4(b): a new player who posts to play at lowball posts double the big
blind.

RR "Button and Blind Use" 4: "A new player entering the game has the following
options: (a) Wait for the big blind. (b) Post an amount equal to the big blind and
immediately be dealt a hand. (In lowball, a new player must either post an amount
double the big blind or wait for the big blind.)"  RR 8: "When you post the big
blind, it serves as your opening bet. When it is your next turn to act, you have the
option to raise."  The seed calls no part of the lowball post dead; the one rule in
the seeds on what of a post beyond the big blind plays (RR 9, T8) is that "an amount
up to the size of the minimum opening bet is live. The remainder is taken by the
dealer to the center of the pot and is not part of your bet."  So the new player puts
in twice the big blind: the big blind live, as any post (F13), the rest dead.
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.rules.events import BlindPosted
from pokerroom.table import Stakes, Table, TableOptions
from tests.table.conftest import fold_around

N = 4  # the newcomer's seat: first to act left of the big blind (blinds at 1 and 2)


def _table(game: str) -> Table:
    stakes = Stakes.of(game, "fixed_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6, new_game_round=False))
    for seat, name in enumerate("ABC"):
        table.sit(seat, name, 1_000)
    table.first_button = 2
    fold_around(table.start_hand(Deck(1)))  # button C; next: button A, blinds B, C
    table.finish_hand()
    table.sit(N, "N", 1_000)
    table.post_to_play(N)
    return table


@pytest.mark.parametrize("game", ["deuce_seven_triple", "deuce_seven_single",
                                  "ace_five_triple"])
def test_T7_F13_RR4b_lowball_new_player_posts_double_the_big_blind(game: str) -> None:
    """T7, F13 / RR 4(b): at deuce-to-seven and ace-to-five draw the new player's post
    is double the big blind (20 at 5-10): 10 live as the player's bet, 10 dead in the
    middle; unraised, the player has the option (RR 8)."""
    table = _table(game)
    plan = table.plan()
    assert plan.positions is not None
    assert (plan.positions.button, plan.positions.big_blind) == (0, 2)
    k = plan.position_of(N)
    assert (plan.posts[k], plan.dead[k], plan.blinds[k]) == (10, 10, 0)
    hand = table.start_hand(Deck(2))
    mine = [(e.amount, e.dead) for e in hand.events
            if isinstance(e, BlindPosted) and e.position == k]
    assert sorted(mine) == [(10, False), (10, True)]
    assert hand.bets[k] == 10 and hand.dead[k] == 10
    assert hand.pot == 5 + 10 + 20
    # The post does not change who acts first (left of the big blind: N itself);
    # everyone calls 10 and N, unraised, may check or raise.
    legal = hand.legal_actions()
    assert legal.position == k and legal.check and legal.min_raise_to == 20
    hand.check_call()
    while hand.street == 0:
        hand.check_call()
    table.cancel_hand("test over")
    assert table.player(N).stack == 1_000


def test_T7_F13_other_games_post_one_big_blind() -> None:
    """T7, F13 / RR 4(b): outside lowball the post is one big blind, all live."""
    for game in ("holdem", "badugi"):
        table = _table(game)
        plan = table.plan()
        k = plan.position_of(N)
        assert (plan.posts[k], plan.dead[k]) == (10, 0), game


def test_T7_lowball_new_player_may_still_wait_for_the_big_blind() -> None:
    """T7 / RR 4: "either post ... or wait for the big blind": waiting costs nothing."""
    table = _table("deuce_seven_triple")
    table.player(N).wants_to_post = False
    plan = table.plan()
    assert N not in plan.seats and N in plan.waiting


def test_T12_RR13_lowball_a_seat_changer_kills_the_pot_or_waits() -> None:
    """T12 / RR 13, the lowball exception: a player who moves away from the big blind
    may not simply post a big blind to play at once: at lowball they "kill the pot"
    (double the big blind, as a new player's lowball post, RR 4b: the big blind live,
    the rest dead), wait for the same relative position, or wait for the big blind.
    In hold'em the same move posts one big blind (RR 13)."""
    for game, dead in (("deuce_seven_triple", 10), ("holdem", 0)):
        stakes = Stakes.of(game, "fixed_limit", small_blind=5, big_blind=10)
        table = Table(stakes, TableOptions(seats=9, new_game_round=False))
        for seat, name in ((0, "A"), (1, "B"), (2, "C"), (3, "D"), (5, "F"), (7, "H")):
            table.sit(seat, name, 1_000)
        table.first_button = 0
        fold_around(table.start_hand(Deck(1)))  # next: button B, blinds C, D
        table.finish_hand()
        table.change_seat(5, 8)  # H (seat 7) now acts before the moved player
        assert 8 not in table.plan().seats  # waits for the same relative position
        table.post_to_play(8)
        plan = table.plan()
        k = plan.position_of(8)
        assert (plan.posts[k], plan.dead[k]) == (10, dead), game
