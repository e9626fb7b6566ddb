"""The choices the rulebooks leave to the house, as table options, each played under
every value (D5 / LVH B4, F11 / LVH B8b, T8 / RR 9 against LVH B15, T12 / LVH B20-B22,
B9 / TDA 47-B, F10): what each value changes at a table."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions
from pokerroom.table.snapshot import table_from_dict, table_to_dict

from .conftest import establish, holdem_table, play, stacked_deck

A, B, C, D, E, F = range(6)


def dealt(table: Table) -> set[int]:
    return set(table.plan().seats)


# ---------------------------------------------------------------- D5 / LVH B4


@pytest.mark.parametrize(("method", "cards"), [("high_card", 4), ("by_seat", 0)])
def test_D5_LVH_B4_first_button_by_seat_without_a_draw(method: str, cards: int) -> None:
    """D5 / LVH B4: with ``button_draw="by_seat"`` nobody draws: the button goes in
    front of the first player counter-clockwise from the dealer (the highest seat,
    seats counting clockwise from the dealer's left), and the deck is not touched.
    The default draws a card each (high card, DB)."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=9, button_draw=method))  # type: ignore[arg-type]
    for seat in (1, 3, 4, 7):
        table.sit(seat, f"P{seat}", 1000)
    deck = Deck(11)
    draw = table.draw_for_button(deck)
    assert len(draw.cards) == cards
    assert len(deck) == 52 - cards
    if method == "by_seat":
        assert draw.winner == 7
        hand = table.start_hand(Deck(3))
        assert table.plan_in_play is not None
        positions = table.plan_in_play.positions
        assert positions is not None and positions.button == 7
        assert (positions.small_blind, positions.big_blind) == (1, 3)
        assert hand.config.blinds[:2] == (5, 10)


def test_D5_LVH_B4_by_seat_when_nobody_drew_yet() -> None:
    """D5 / LVH B4: ``start_hand`` places the first button by seat too, and a bad
    ``button_draw`` is refused naming the three choices."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6, button_draw="by_seat"))
    for seat in (0, 2, 5):
        table.sit(seat, f"P{seat}", 1000)
    table.start_hand(Deck(1))
    assert table.plan_in_play is not None and table.plan_in_play.positions is not None
    assert table.plan_in_play.positions.button == 5
    with pytest.raises(ConfigError, match="'high_card', 'first_jack', 'by_seat'"):
        TableOptions(button_draw="lowest")  # type: ignore[arg-type]


# ---------------------------------------------------------------- F11 / LVH B8b


@pytest.mark.parametrize(("multiple", "straddle", "min_raise_to"), [(2, 20, 40), (3, 30, 60),
                                                                     (5, 50, 100)])
def test_F11_LVH_B8b_the_house_sets_the_straddles_size(
    multiple: int, straddle: int, min_raise_to: int
) -> None:
    """F11 / LVH B8b: "a specific size straddle is set for each game. It is always at
    least twice the size of the big blind": ``straddle_multiple`` big blinds.  The
    straddle is the largest blind: the player on its left acts first, facing it, and
    the smallest raise is the straddle again (B8)."""
    table = holdem_table("ABCDEF", button=A, straddle_multiple=multiple)
    table.request_straddle(D)
    plan = table.plan()
    assert plan.blinds[plan.position_of(D)] == straddle
    hand = table.start_hand(Deck(2))
    assert table.to_act == E
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to) == (straddle, min_raise_to)
    while table.to_act != D:
        hand.check_call()
    assert hand.legal_actions().check  # the straddler's option (LVH B8e)


def test_F11_LVH_B8b_a_second_straddle_doubles_the_house_size() -> None:
    """F11: the seeds do not size a second straddle; pokerroom doubles the one before
    (three big blinds, then six)."""
    table = holdem_table("ABCDEF", button=A, straddle_multiple=3, multiple_straddles=True)
    table.request_straddle(D)
    table.request_straddle(E)
    plan = table.plan()
    assert (plan.blinds[plan.position_of(D)], plan.blinds[plan.position_of(E)]) == (30, 60)


def test_F11_LVH_B8b_straddle_size_refusals() -> None:
    """F11: below twice the big blind, or above ten, is refused; so is any size but two
    big blinds in a limit or stud game (a limit straddle is a raise, RR 15)."""
    with pytest.raises(ConfigError, match=r"from 2 .* to 10"):
        TableOptions(straddle_multiple=1)
    with pytest.raises(ConfigError, match=r"from 2 .* to 10"):
        TableOptions(straddle_multiple=11)
    with pytest.raises(ConfigError, match="no-limit or pot-limit"):
        holdem_table("AB", structure="fixed_limit", straddle_multiple=3)
    stud = Stakes.of("stud", "fixed_limit", ante=1, bring_in=2, small_bet=5, big_bet=10)
    with pytest.raises(ConfigError, match="no-limit or pot-limit"):
        Table(stud, TableOptions(straddle_multiple=4))


# ---------------------------------------------------------------- T8 / RR 9


def _owing_both(make_up: str, *, between: bool) -> Table:
    """A no-limit table where E missed both blinds and is back, asking to post, with
    E between the blinds (``between``) or not."""
    table = holdem_table("ABCDEF", button=A, make_up=make_up,
                         button_method=ButtonMethod.DEAD_BUTTON)
    play(table)
    table.sit_out(E)
    for _ in range(12):
        plan = table.plan()
        assert plan.positions is not None
        if (table.player(E).missed_big and table.player(E).missed_small
                and plan.positions.between_blinds(E, table.seat_count) == between
                and E not in (plan.positions.big_blind, plan.positions.small_blind)):
            table.sit_in(E, post=True)
            return table
        play(table)
    pytest.fail("E never owed both blinds in the wanted place")


@pytest.mark.parametrize(("make_up", "post", "dead"), [("by_structure", 10, 0), ("sum", 10, 5)])
def test_T8_RR9_make_up_the_sum_in_a_big_bet_game(make_up: str, post: int, dead: int) -> None:
    """T8: a no-limit player back after missing both blinds.  LVH B15b
    (``make_up="by_structure"``, default): the big blind only, live.  RR 9
    (``make_up="sum"``): "posting all the blinds missed ... an amount up to the size of
    the minimum opening bet is live. The remainder is taken by the dealer to the
    center of the pot": 10 live and 5 dead."""
    table = _owing_both(make_up, between=False)
    plan = table.plan()
    k = plan.position_of(E)
    assert (plan.posts[k], plan.dead[k]) == (post, dead)
    hand = table.start_hand(Deck(5))
    assert hand.bets[k] == post and hand.dead[k] == dead
    while not hand.is_over:
        hand.check_call() if hand.legal_actions().check else hand.fold()
    table.finish_hand()
    assert not table.player(E).owes


@pytest.mark.parametrize(("make_up", "dealt_in"), [("by_structure", True), ("sum", False),
                                                    ("one_per_hand", False)])
def test_T8_RR7_make_up_between_the_blinds(make_up: str, dealt_in: bool) -> None:
    """T8: between the big blind and the button a big-bet player may make up under LVH
    B16 (default), but RR 7 ("Blinds may not be made up between the big blind and the
    button. You must wait until the button passes.") keeps them out with ``"sum"``."""
    table = _owing_both(make_up, between=True)
    plan = table.plan()
    assert (E in plan.seats) is dealt_in
    assert (E in plan.waiting) is not dealt_in


@pytest.mark.parametrize("structure", ["no_limit", "fixed_limit"])
def test_T8_ENC_one_blind_per_hand_largest_first_all_live(structure: str) -> None:
    """T8 (ENC): "Some house rules allow posting one blind per hand, largest first,
    meaning all posts of missed blinds are live" (``make_up="one_per_hand"``): the big
    blind live on the way back, the small blind live on the next hand, then nothing."""
    table = holdem_table("ABCDEF", button=A, make_up="one_per_hand", structure=structure,
                         button_method=ButtonMethod.DEAD_BUTTON)
    play(table)
    table.sit_out(E)
    for _ in range(12):
        plan = table.plan()
        assert plan.positions is not None
        if (table.player(E).missed_big and table.player(E).missed_small
                and not plan.positions.between_blinds(E, table.seat_count)
                and plan.positions.big_blind != E
                and not plan.positions.between_blinds((E + 1) % 9, table.seat_count)):
            break
        play(table)
    table.sit_in(E, post=True)
    for live in (10, 5):
        plan = table.plan()
        k = plan.position_of(E)
        assert (plan.posts[k], plan.dead[k]) == (live, 0)
        hand = table.start_hand(Deck(live))
        assert hand.bets[k] == live and sum(hand.dead) == 0
        while not hand.is_over:
            hand.check_call() if hand.legal_actions().check else hand.fold()
        table.finish_hand()
        assert table.player(E).owes is (live == 10)
    plan = table.plan()
    assert E in plan.seats and plan.posts[plan.position_of(E)] == 0


def test_T8_make_up_refuses_an_unknown_value() -> None:
    with pytest.raises(ConfigError, match="make_up is one of 'by_structure', 'sum'"):
        TableOptions(make_up="half")  # type: ignore[arg-type]


# ---------------------------------------------------------------- T12 / LVH B20-B22


def _nine_handed(rule: str) -> Table:
    """Nine players, seats 0-8, in an established game whose last deal had the button
    on seat 0 and the blinds on 1 and 2: the next big blind is seat 3."""
    table = holdem_table("ABCDEFGHI", button=0, seats=10, seat_change=rule)
    establish(table)
    assert table.positions is not None and table.positions.button == 0
    return table


@pytest.mark.parametrize(("rule", "waits"), [("relative_position", True),
                                             ("past_three", False), ("free", False)])
def test_T12_LVH_B20_a_move_past_two_players(rule: str, waits: bool) -> None:
    """T12: seat 4 moves to seat 7, past two active players.  RR 13 (default) makes
    them wait two hands or post; LVH B20 charges only a move past three or more; below
    $5-$10 (``"free"``) nothing is charged."""
    table = _nine_handed(rule)
    table.leave(7)
    table.change_seat(4, 7)  # past seats 5 and 6
    assert (7 not in dealt(table)) is waits


@pytest.mark.parametrize(("rule", "waits"), [("relative_position", True),
                                             ("past_three", True), ("free", False)])
def test_T12_LVH_B20_a_move_past_three_players_posts_or_waits_for_the_big_blind(
    rule: str, waits: bool
) -> None:
    """T12 / LVH B20: "a player who moves to a new seat, and goes past three or more
    active players clockwise from the blinds, must post the amount of the big blind (or
    wait to take the big blind)"."""
    table = _nine_handed(rule)
    table.leave(8)
    table.change_seat(4, 8)  # past seats 5, 6 and 7
    assert (8 not in dealt(table)) is waits
    if waits:
        table.post_to_play(8)
        plan = table.plan()
        assert 8 in plan.seats and plan.posts[plan.position_of(8)] == 10


def test_T12_LVH_B20_past_three_waits_until_the_big_blind() -> None:
    """T12 / LVH B20: waiting means taking the big blind: the player is dealt no hand
    before the big blind reaches the new seat."""
    table = _nine_handed("past_three")
    table.leave(8)
    table.change_seat(4, 8)
    for _ in range(10):
        plan = table.plan()
        assert plan.positions is not None
        if plan.positions.big_blind == 8:
            assert 8 in plan.seats
            return
        assert 8 not in plan.seats
        play(table)
    pytest.fail("the big blind never reached seat 8")


def test_T12_LVH_B21_the_small_blind_moves_next_to_the_big_blind_and_lets_the_blinds_pass(
) -> None:
    """T12 / LVH B21: the player who just took the small blind ("the blind before the
    button") moves to a seat due the big blind or one of the two on its left, and may
    let the blinds go by "without penalty".  RR 13 gives no such privilege."""
    for rule, privileged in (("past_three", True), ("relative_position", False)):
        table = _nine_handed(rule)
        assert table.positions is not None
        small = table.positions.small_blind
        assert small == 1
        table.leave(5)
        table.change_seat(1, 5)  # the next big blind is seat 3; 5 is two seats left of it
        assert table.player(5).dealing_off is privileged
        if privileged:
            table.let_blinds_pass(5)
            assert 5 not in dealt(table)
        else:
            with pytest.raises(IllegalActionError, match="did not deal off"):
                table.let_blinds_pass(5)


def test_T12_LVH_B22_the_big_blind_moving_past_three_makes_up_the_small_blind() -> None:
    """T12 / LVH B22: "he must either make up the little blind or wait for the big
    blind, if he moves past three or more active players"; posting it is dead money."""
    table = _nine_handed("past_three")
    assert table.positions is not None and table.positions.big_blind == 2
    table.leave(7)
    table.change_seat(2, 7)  # past 3, 4, 5 and 6
    player = table.player(7)
    assert player.missed_small and not player.missed_big
    assert 7 not in dealt(table)
    table.post_to_play(7)
    plan = table.plan()
    k = plan.position_of(7)
    assert (plan.posts[k], plan.dead[k]) == (0, 5)


def test_T12_seat_change_option_survives_a_snapshot_and_refuses_bad_values() -> None:
    """T12: the option is kept with the table; an unknown value names the three."""
    table = _nine_handed("past_three")
    assert table_from_dict(table_to_dict(table)).options.seat_change == "past_three"
    with pytest.raises(ConfigError, match="'relative_position', 'past_three', 'free'"):
        TableOptions(seat_change="anywhere")  # type: ignore[arg-type]


# ---------------------------------------------------------------- B9 / TDA 47-B


def _limit_table(**stakes: Any) -> Table:
    """Fixed limit 50-100: A (seat 0) small blind, B big blind, C and D after them;
    C has 250 chips: 100 before the flop and 150 on it."""
    table = Table(Stakes.of("holdem", "fixed_limit", small_blind=50, big_blind=100, **stakes),
                  TableOptions(seats=4))
    for seat, (name, chips) in enumerate((("A", 5000), ("B", 5000), ("C", 250), ("D", 5000))):
        table.sit(seat, name, chips)
    table.first_button = 3
    return table


@pytest.mark.parametrize(("option", "raise_to"), [("full_bet_over", 250), ("complete", 200)])
def test_B9_TDA_47B_D1_limit_short_raise_at_a_table(option: str, raise_to: int) -> None:
    """B9 / TDA-47B-D1 at a table (``Stakes.limit_short_raise``): blinds 50-100, A bets
    100 on the flop, B calls, C goes all-in for 150 (half a bet: a full raise), D
    calls; A may raise to 250 (a full bet over, Robert's Rules, default) or to 200
    (``"complete"``)."""
    table = _limit_table(limit_short_raise=option)
    hand = table.start_hand(stacked_deck(["AsAd", "KsKd", "QsQd", "JsJd"], "2c7h9dTc3s"))
    assert hand.config.limit_short_raise == option
    while hand.street == 0:
        hand.check_call()
    hand.bet_raise(100)  # A
    hand.check_call()  # B
    hand.bet_raise(150)  # C, all-in
    hand.check_call()  # D
    assert table.to_act == 0
    legal = hand.legal_actions()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (50, raise_to, raise_to)


def test_B9_limit_short_raise_refuses_an_unknown_value() -> None:
    with pytest.raises(ConfigError, match="limit_short_raise is 'full_bet_over' or 'complete'"):
        Stakes.of("holdem", "fixed_limit", small_blind=5, big_blind=10,
                  limit_short_raise="half")  # type: ignore[arg-type]


# ---------------------------------------------------------------- F3 (ENC)


def _three_blinds(method: ButtonMethod | None = None, names: str = "ABCD") -> Table:
    stakes = Stakes.of("holdem", "no_limit", button_blind=1, small_blind=1, big_blind=2)
    table = Table(stakes, TableOptions(seats=6, button_method=method))
    for seat, name in enumerate(names):
        table.sit(seat, name, 200)
    table.first_button = 0
    return table


def test_F3_ENC_three_blinds_the_first_on_the_button() -> None:
    """F3 (ENC): "In the case of three blinds usually one quarter, one quarter, and half
    a normal bet amount, the first blind goes 'on the button', that is, is paid by the
    dealer."  Blinds 1-1-2: the button posts 1 live; the action starts left of the big
    blind and the button owes 1 more when its turn comes."""
    table = _three_blinds()
    plan = table.plan()
    assert plan.seats == (1, 2, 3, 0)
    assert plan.blinds == (1, 2, 0, 1)  # small, big, under the gun, the button
    hand = table.start_hand(Deck(1))
    assert table.to_act == 3
    hand.check_call()
    assert table.to_act == 0 and hand.legal_actions().call == 1  # the button's blind is live
    hand.check_call()
    hand.check_call()
    assert table.to_act == 2 and hand.legal_actions().check  # the big blind's option (F5)


def test_F3_heads_up_and_a_dead_button_post_no_button_blind() -> None:
    """F3, F4: heads-up the button posts the small blind only (two blinds); F3, T2: a
    button on an empty seat posts nothing (a dead blind, counted as unposted)."""
    heads_up = _three_blinds(names="AB")
    assert sorted(heads_up.plan().blinds) == [1, 2]
    table = _three_blinds(ButtonMethod.DEAD_BUTTON, names="ABCDE")
    play(table)  # button 0, blinds 1 and 2
    table.leave(1)  # the small blind leaves: the button falls on the empty seat 1 (T2)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.dead_button
    assert plan.seats == (2, 3, 4, 0)
    assert (plan.blinds, plan.unposted) == ((1, 2, 0, 0), 1)


def test_F3_button_blind_refusals_and_snapshot() -> None:
    """F3: blinds grow clockwise from the button, so the button's blind is at most the
    small blind; stud has no blinds.  The stakes survive the table's snapshot."""
    with pytest.raises(ConfigError, match="at most the small blind"):
        Stakes.of("holdem", "no_limit", button_blind=2, small_blind=1, big_blind=2)
    with pytest.raises(ConfigError, match="for blind games"):
        Stakes.of("stud", "fixed_limit", ante=1, bring_in=2, small_bet=5, big_bet=10,
                  button_blind=1)
    table = _three_blinds()
    assert table_from_dict(table_to_dict(table)).stakes.button_blind == 1



# ---------------------------------------------------------------- T3, T4 (ENC)


def _after_a_leaver(method: ButtonMethod, leaver: int) -> Table:
    """LVH's A-E (plus F) example: A had the button, B the small blind, C the big
    blind; then ``leaver`` quits the game."""
    table = holdem_table("ABCDEF", button=A, button_method=method)
    play(table)
    table.leave(leaver)
    return table


def _deal(table: Table) -> dict[int, int]:
    """The next deal's blinds and live posts by seat (chips put in before the cards)."""
    plan = table.plan()
    put = {s: plan.blinds[k] + plan.posts[k] for k, s in enumerate(plan.seats)}
    play(table)
    return {s: c for s, c in put.items() if c}


@pytest.mark.parametrize(("method", "deals"), [
    (ButtonMethod.SKIPPED_BLINDS_PAID,
     [{D: 10, E: 10}, {D: 5, E: 5, F: 10}, {F: 5, A: 10}]),
    (ButtonMethod.SIMPLIFIED, [{D: 5, E: 10}, {E: 5, F: 10}, {F: 5, A: 10}]),
])
def test_T3_T4_ENC_moving_button_the_big_blind_leaves(
    method: ButtonMethod, deals: list[dict[int, int]]
) -> None:
    """T3, T4 (ENC): C, the big blind, quits.  Both methods move the button to B and
    the blinds to D and E, so D is skipped by the big blind.  Simplified: D escapes it.
    ENC's moving button (``"skipped_blinds_paid"``): "any missed blinds are paid by the
    player whom they skipped as if they were due for the upcoming hand, with one blind
    paid per player, per hand, biggest blind first": D posts a live big blind now and,
    "any blind a player misses on a given hand because a bigger blind was due will be
    paid by the player in the following hand", the small blind on the button next."""
    table = _after_a_leaver(method, C)
    assert [_deal(table) for _ in deals] == deals


@pytest.mark.parametrize(("method", "first"), [
    (ButtonMethod.SKIPPED_BLINDS_PAID, {C: 5, D: 10, E: 10}),
    (ButtonMethod.SIMPLIFIED, {D: 5, E: 10}),
])
def test_T3_T4_ENC_moving_button_the_small_blind_leaves(
    method: ButtonMethod, first: dict[int, int]
) -> None:
    """T3, T4 (ENC): B, the small blind, quits; the button goes to C, the blinds to D
    and E.  C skipped the small blind ("a player in the small blind who busts out means
    the player in the big blind gets the button, missing the small blind") and D the big
    blind: under ENC's moving button C posts a live small blind on the button, D a big
    blind, and D's own small blind waits for the next deal."""
    table = _after_a_leaver(method, B)
    assert _deal(table) == first
    if method is ButtonMethod.SKIPPED_BLINDS_PAID:
        assert _deal(table) == {D: 5, E: 5, F: 10}
        assert not any(p.skipped_big or p.skipped_small for p in table.players if p)


def test_T3_T4_ENC_skipped_blinds_are_written_off_heads_up() -> None:
    """T3, T4 (ENC): "In the special case of three players ... reduced to the two-player
    showdown, any leftover blinds ... are 'written off'": heads-up nothing is owed."""
    table = holdem_table("ABCD", button=A, button_method=ButtonMethod.SKIPPED_BLINDS_PAID)
    play(table)
    table.leave(C)  # D is skipped by the big blind ...
    assert _deal(table) == {D: 10, A: 10}
    assert table.player(D).skipped_small
    table.leave(B)  # ... and the table goes heads-up before D pays the small blind
    assert sorted(_deal(table).values()) == [5, 10]
    assert not table.player(D).skipped_small
