"""New players, missed blinds, rebuys, seat changes, buy-ins, straddles, kills:
T7-T14, F11, F12, F13, B11."""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table import ButtonMethod, Stakes, Status, Table, TableOptions
from tests.table.conftest import establish, holdem_table, play, stacked_deck

A, B, C, D, E, F, G = range(7)


def dealt(table: Table) -> tuple[int, ...]:
    return table.plan().seats


# ---------------------------------------------------------------- T7, F13


def test_T7_new_player_waits_for_the_big_blind_by_default() -> None:
    table = holdem_table("ABCD", button=A)
    play(table)  # button A -> next deal: button B, blinds C, D
    establish(table)  # a full round later: the same again, in an established game (T11)
    table.sit(F, "F", 1000)
    assert F not in dealt(table)
    assert F in table.plan().waiting
    # The big blind reaches F after the blinds move past A and B... play until it does.
    for _ in range(6):
        plan = table.plan()
        assert plan.positions is not None
        if plan.positions.big_blind == F:
            assert F in plan.seats
            assert plan.blinds[plan.position_of(F)] == 10
            break
        assert F not in plan.seats
        play(table)
    else:
        pytest.fail("the big blind never reached the new player")
    play(table)
    assert table.player(F).status is Status.ACTIVE


def test_T7_F13_new_player_may_post_a_live_big_blind_to_play_at_once() -> None:
    table = holdem_table("ABCDE", button=A)
    play(table)  # button B, small blind C, big blind D next
    establish(table)  # (T11: in an established game)
    table.sit(F, "F", 1000)
    table.post_to_play(F)
    plan = table.plan()
    assert F in plan.seats
    position = plan.position_of(F)
    assert plan.posts[position] == 10 and plan.blinds[position] == 0
    hand = table.start_hand(Deck(3))
    # F13: the post is live and does not change who acts first (left of the big blind).
    assert table.to_act == E
    while table.to_act != F:
        hand.check_call()
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 20  # the option, like the big blind


def test_T7_never_dealt_in_between_the_big_blind_and_the_button() -> None:
    """T7 / RR 7: a new player between the button and the small blind waits, posting or
    not, until the button has passed."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6))
    for seat, name in ((0, "A"), (1, "B"), (3, "C")):
        table.sit(seat, name, 1000)
    table.first_button = 0
    play(table)  # next: button B (1), small blind C (3), big blind A (0)
    table.sit(2, "N", 1000)  # between the button and the small blind
    table.post_to_play(2)
    plan = table.plan()
    assert plan.positions is not None
    assert (plan.positions.button, plan.positions.small_blind) == (1, 3)
    assert plan.positions.between_blinds(2, 6)
    assert 2 not in plan.seats and 2 in plan.waiting
    play(table)
    assert 2 in table.plan().seats  # the button has passed: posting now deals N in


def test_T7_option_new_player_need_not_post() -> None:
    """T7 house option ``new_player_must_post=False`` (LVH B17, lower limits)."""
    table = holdem_table("ABCDE", button=A, new_player_must_post=False)
    play(table)
    table.sit(F, "F", 1000)
    plan = table.plan()
    assert F in plan.seats
    assert plan.posts[plan.position_of(F)] == 0


def test_T11_players_seated_before_the_first_deal_are_active() -> None:
    table = holdem_table("ABC", button=A)
    assert all(p is not None and p.status is Status.ACTIVE for p in table.players[:3])
    assert dealt(table) == (B, C, A)


# ------------------------------------------------------------------ T8, T13


def _away_for_a_round(table: Table, seat: int) -> None:
    table.sit_out(seat)
    for _ in range(6):
        play(table)


def _advance_until(table: Table, seat: int, *, between: bool, need_big: bool = True) -> None:
    """Play (with ``seat`` sitting out) until it owes blinds and, for the next deal, it is
    (or is not) between the blinds and not due the big blind."""
    table.sit_out(seat)
    for _ in range(20):
        plan = table.plan()
        assert plan.positions is not None
        player = table.player(seat)
        if (
            (player.missed_big if need_big else player.owes)
            and plan.positions.big_blind != seat
            and plan.positions.between_blinds(seat, table.seat_count) == between
        ):
            return
        play(table)
    pytest.fail("the situation never came up")


def test_T8_missed_blinds_are_marked_when_the_big_blind_passes() -> None:
    table = holdem_table("ABCDEF", button=A)
    play(table)
    _advance_until(table, E, between=False)
    player = table.player(E)
    assert player.missed_big and player.owes
    table.sit_in(E)
    assert E not in dealt(table)  # waits for the big blind by default
    assert E in table.plan().waiting


def test_T8_limit_make_up_posts_the_sum_big_blind_live_small_dead() -> None:
    """T8 / LVH B15a: at limit the returning player posts both blinds: the big blind is
    live and the small blind is dead money in the middle."""
    table = holdem_table("ABCDEF", button=A, structure="fixed_limit",
                         button_method=ButtonMethod.DEAD_BUTTON)
    play(table)
    _advance_until(table, E, between=False)
    assert table.player(E).missed_big and table.player(E).missed_small
    table.sit_in(E, post=True)
    plan = table.plan()
    k = plan.position_of(E)
    assert (plan.posts[k], plan.dead[k]) == (10, 5)
    hand = table.start_hand(Deck(9))
    assert hand.dead[k] == 5 and hand.bets[k] == 10
    while not hand.is_over:
        hand.fold() if not hand.legal_actions().check else hand.check_call()
    table.finish_hand()
    assert not table.player(E).owes


def test_T8_limit_make_up_is_not_allowed_between_the_blinds() -> None:
    """T8 / LVH B16: at limit a missed blind may not be made up between the blinds."""
    table = holdem_table("ABCDE", button=A, structure="fixed_limit")
    play(table)
    _advance_until(table, C, between=True)
    table.sit_in(C, post=True)
    plan = table.plan()
    assert C not in plan.seats and C in plan.waiting


def test_T8_big_bet_make_up_between_the_blinds_posts_the_big_blind_only() -> None:
    """T8 / LVH B15b, B16: at big-bet poker the returning player posts the big blind only,
    all live, and may do so between the blinds."""
    table = holdem_table("ABCDE", button=A, structure="no_limit",
                         button_method=ButtonMethod.DEAD_BUTTON)
    play(table)
    _advance_until(table, C, between=True)
    table.sit_in(C, post=True)
    plan = table.plan()
    k = plan.position_of(C)
    assert (plan.posts[k], plan.dead[k]) == (10, 0)
    play(table)
    # ... and then takes no more blinds or button that round.
    player = table.player(C)
    assert player.skip_blinds_until_bb and not player.owes
    for _ in range(5):
        plan = table.plan()
        assert plan.positions is not None
        if plan.positions.big_blind == C:
            break
        assert C in plan.seats
        assert C not in (plan.positions.button, plan.positions.small_blind)
        play(table)


def test_T13_away_players_accrue_missed_blinds() -> None:
    table = holdem_table("ABCDEF", button=A)
    play(table)
    table.away(D)
    for _ in range(6):
        play(table)
    assert table.player(D).owes


def test_T8_returning_on_the_big_blind_clears_the_markers() -> None:
    table = holdem_table("ABCDEF", button=A)
    play(table)
    _away_for_a_round(table, E)
    table.sit_in(E)
    for _ in range(8):
        plan = table.plan()
        if E in plan.seats:
            assert plan.positions is not None and plan.positions.big_blind == E
            play(table)
            assert not table.player(E).owes
            return
        play(table)
    pytest.fail("never dealt in")


# ----------------------------------------------------------------- T10, T14


def _bust_seat(table: Table, seat: int) -> None:
    player = table.player(seat)
    player.stack = 0
    player.status = Status.BUSTED


def test_T10_busted_player_who_rebuys_makes_up_missed_blinds() -> None:
    """T10 / RR 11: not a new player; missed blinds must be made up."""
    table = holdem_table("ABCDEF", button=A)
    play(table)
    _bust_seat(table, D)
    for _ in range(6):
        play(table)
    table.rebuy(D, 500)
    player = table.player(D)
    assert player.status is Status.ACTIVE and player.owes


def test_T10_option_rebuy_as_new_player() -> None:
    """T10 house option (LVH B19): treated as a new player."""
    table = holdem_table("ABCDEF", button=A, rebuy_as_new_player=True)
    play(table)
    _bust_seat(table, D)
    for _ in range(6):
        play(table)
    table.rebuy(D, 500)
    player = table.player(D)
    assert player.status is Status.NEW and not player.owes


def test_T14_buy_in_limits_and_top_ups_between_hands_only() -> None:
    stakes = Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2)
    table = Table(stakes, TableOptions(seats=6, min_buy_in=40, max_buy_in=200))
    with pytest.raises(IllegalActionError, match="minimum buy-in is 40") as refused:
        table.sit(0, "A", 39)
    assert refused.value.reason is Reason.BUY_IN_OUT_OF_RANGE
    with pytest.raises(IllegalActionError, match="maximum buy-in is 200") as refused:
        table.sit(0, "A", 201)
    assert refused.value.reason is Reason.BUY_IN_OUT_OF_RANGE
    assert table.players[0] is None  # nothing changed
    table.sit(0, "A", 100)
    table.sit(1, "B", 200)
    with pytest.raises(IllegalActionError, match="at most 100 more") as refused:
        table.top_up(0, 150)
    assert refused.value.reason is Reason.BUY_IN_OUT_OF_RANGE
    table.first_button = 0
    hand = table.start_hand(Deck(1))
    with pytest.raises(IllegalActionError, match="only between hands"):
        table.top_up(0, 10)  # B11: table stakes
    while not hand.is_over:
        hand.fold()
    table.finish_hand()
    table.top_up(0, 10)
    assert table.player(0).stack in (110, 109, 108, 111, 112)


def test_T14_errors_name_the_problem_and_change_nothing() -> None:
    table = holdem_table("AB")
    with pytest.raises(IllegalActionError, match="seat 1 is taken") as refused:
        table.sit(1, "X", 100)
    assert refused.value.reason is Reason.SEAT_TAKEN
    with pytest.raises(IllegalActionError, match="no seat 12") as refused:
        table.sit(12, "X", 100)
    assert refused.value.reason is Reason.NO_SUCH_SEAT
    with pytest.raises(IllegalActionError, match="already seated") as refused:
        table.sit(3, "A", 100)
    assert refused.value.reason is Reason.NAME_TAKEN
    with pytest.raises(IllegalActionError, match="still has 1000 chips") as refused:
        table.rebuy(0, 100)
    assert refused.value.reason is Reason.HAS_CHIPS
    assert [p.name for p in table.players if p] == ["A", "B"]


# ---------------------------------------------------------------------- T12


def test_T12_moving_away_from_the_big_blind_waits_or_posts() -> None:
    """T12 / RR 13: dealt in at the first hand in the same relative position; moving one
    active player further from the big blind means waiting one hand, or posting."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=9))
    for seat, name in ((0, "A"), (1, "B"), (2, "C"), (3, "D"), (5, "F"), (7, "H")):
        table.sit(seat, name, 1000)
    table.first_button = 0
    play(table)  # next: button B, small blind C, big blind D; F is first to act
    establish(table)  # (the same a round later, in an established game: T11)
    table.change_seat(5, 8)  # now H (seat 7) acts before the moved player
    assert 8 not in dealt(table)
    play(table)
    assert 8 in dealt(table)


def test_T12_moving_closer_to_the_big_blind_is_free() -> None:
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=9))
    for seat, name in ((0, "A"), (1, "B"), (2, "C"), (3, "D"), (5, "F"), (7, "H")):
        table.sit(seat, name, 1000)
    table.first_button = 0
    play(table)
    table.change_seat(7, 4)
    assert 4 in dealt(table)


def test_T12_posting_instead_of_waiting() -> None:
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=9))
    for seat, name in ((0, "A"), (1, "B"), (2, "C"), (3, "D"), (5, "F"), (7, "H")):
        table.sit(seat, name, 1000)
    table.first_button = 0
    play(table)
    establish(table)
    table.change_seat(5, 8)
    table.post_to_play(8)
    plan = table.plan()
    assert 8 in plan.seats and plan.posts[plan.position_of(8)] == 10


def test_T12_dealing_off_lets_the_blinds_pass_once() -> None:
    """T12 / RR 14: the player who just had the button moves and may let the blinds
    pass the new seat, coming back in behind the button without posting."""
    table = holdem_table("ABCDEF", button=A, seats=9)
    play(table)  # A had the button
    establish(table)  # ... and has it again, in an established game (T11)
    table.change_seat(A, 7)
    assert table.player(7).dealing_off


# ------------------------------------------------------------------ F11, F12


def test_F11_straddle_left_of_the_big_blind_acts_last_preflop() -> None:
    table = holdem_table("ABCDEF", button=A)
    table.request_straddle(D)  # blinds B, C; D is left of the big blind
    plan = table.plan()
    assert plan.blinds[plan.position_of(D)] == 20  # twice the big blind
    hand = table.start_hand(Deck(2))
    assert table.to_act == E  # left of the straddler
    assert hand.legal_actions().min_raise_to == 40
    while table.to_act != D:
        hand.check_call()
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to is not None  # the straddler's option


def test_F11_straddle_rules_wrong_seat_second_straddle_limit_game() -> None:
    table = holdem_table("ABCDEF", button=A)
    with pytest.raises(IllegalActionError, match="only seat 3"):
        table.request_straddle(E)  # a sleeper straddle
    table.request_straddle(D)
    with pytest.raises(IllegalActionError, match="one straddle per deal"):
        table.request_straddle(E)
    limit = holdem_table("ABCDEF", button=A, structure="fixed_limit")
    with pytest.raises(IllegalActionError, match="does not allow straddles"):
        limit.request_straddle(D)


def test_F11_button_may_not_straddle() -> None:
    table = holdem_table("ABC", button=A)
    with pytest.raises(IllegalActionError):
        table.request_straddle(A)  # left of the big blind is the button itself


def test_F11_multiple_straddles_when_the_house_allows() -> None:
    table = holdem_table("ABCDEF", button=A, multiple_straddles=True)
    table.request_straddle(D)
    table.request_straddle(E)
    plan = table.plan()
    assert plan.blinds[plan.position_of(E)] == 40


def test_F12_kill_with_stacked_decks() -> None:
    """F12 with a controlled result: A wins two pots in a row, then posts the kill."""
    table = holdem_table("ABC", button=A, structure="fixed_limit", kill="two_pots")
    for _ in range(2):
        plan = table.plan()
        holes = ["AsAh" if s == A else "7c2d" if i == 0 else "8c3d"
                 for i, s in enumerate(plan.seats)]
        hand = table.start_hand(stacked_deck(holes, "KdQs4h9s2c"))
        while not hand.is_over:
            hand.check_call()
        table.finish_hand()
    assert table.kill.next_seat == A
    plan = table.plan()
    k = plan.position_of(A)
    assert plan.blinds[k] == 20 and plan.kill_seat == A  # the kill replaces any blind
    hand = table.start_hand(Deck(5))
    assert (hand.config.small_bet, hand.config.big_bet) == (20, 40)
    # The kill blind is the largest blind, so its poster acts last before the flop.
    order = []
    while hand.street == 0 and not hand.is_over:
        order.append(hand.legal_actions().position)
        hand.check_call()
    assert order[-1] == k


@pytest.mark.parametrize("order", ["ante_first", "blind_first"])
def test_F7_table_passes_the_big_blind_ante_order_to_the_hand(order: str) -> None:
    """F7: with a big-blind ante the table's ``bba_order`` option reaches the hand."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=50, big_blind=100, ante=100,
                       big_blind_ante=True)
    table = Table(stakes, TableOptions(seats=3, bba_order=order, chip_unit=25))  # type: ignore[arg-type]
    for seat, name in enumerate("ABC"):
        table.sit(seat, name, 1000 if name != "C" else 150)
    table.first_button = 0
    hand = table.start_hand(Deck(1))
    assert hand.config.bba_order == order and hand.config.chip_unit == 25
    big_blind = table.plan_in_play.position_of(2)  # type: ignore[union-attr]
    # C has 150 for a 100 ante and a 100 blind: ante first leaves a 50 blind.
    assert hand.bets[big_blind] == (50 if order == "ante_first" else 100)
    assert hand.dead[big_blind] == (100 if order == "ante_first" else 50)


def test_S11_table_rake_option_reaches_the_hand() -> None:
    stakes = Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2)
    table = Table(stakes, TableOptions(seats=2, rake_percent=0.05, rake_cap=3))
    table.sit(0, "A", 100)
    table.sit(1, "B", 100)
    table.first_button = 0
    hand = table.start_hand(Deck(3))
    legal = hand.legal_actions()
    assert legal.max_raise_to == 100
    hand.bet_raise(100)
    hand.check_call()
    table.finish_hand()
    assert hand.rake == 3  # 5% of 200 is 10, capped at 3
    assert table.chips_on_table() + hand.rake == 200


def test_T13_away_player_due_the_button_is_dealt_in_if_in_the_room() -> None:
    """T13 / LVH B12b: with No Dead Button, a player who has taken all the blinds and is
    away but in the room is dealt the button; the dealer kills the hand if they do not
    return (here: it is folded at its turn)."""
    table = holdem_table("ABCDE", button=A, button_method=ButtonMethod.MOVING_BUTTON)
    play(table)  # button A -> next: button B
    table.away(B, in_room=True)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.button == B
    assert B in plan.seats and plan.absent == (B,)
    hand = table.start_hand(Deck(4))
    k = plan.position_of(B)
    while hand.legal_actions().position != k:
        hand.check_call()
    hand.fold()  # killed: they did not come back
    while not hand.is_over:
        hand.check_call()
    table.finish_hand()
    assert table.chips_on_table() == 5 * 1000


def test_T13_away_player_not_in_the_room_is_skipped_for_the_button() -> None:
    table = holdem_table("ABCDE", button=A, button_method=ButtonMethod.MOVING_BUTTON)
    play(table)
    table.away(B)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.button == C
    assert B not in plan.seats and plan.absent == ()


# ---------------------------------------------------------------- T11 (RR 12)


def test_T11_RR12a_everyone_who_drew_for_the_button_is_active() -> None:
    table = holdem_table("ABCD", button=A)
    assert table.new_game
    assert all(table.player(s).status is Status.ACTIVE for s in (A, B, C, D))
    assert set(dealt(table)) == {A, B, C, D}


def test_T11_RR12b_a_new_player_needs_no_blind_in_a_new_game_before_a_blind_passes() -> None:
    """RR 12(b): until the button has gone round once, a new player sits in free at a
    seat no blind has passed (the blinds will reach it in turn)."""
    table = holdem_table("ABCD", button=A)
    play(table)  # blinds B, C; next deal: button B, blinds C, D
    assert table.new_game
    table.sit(F, "F", 1000)
    plan = table.plan()
    assert F in plan.seats and F not in plan.waiting
    k = plan.position_of(F)
    assert plan.posts[k] == 0 and plan.blinds[k] == 0 and plan.dead[k] == 0
    play(table)
    assert table.player(F).status is Status.ACTIVE


def test_T11_RR12b_a_seat_a_blind_has_passed_is_an_established_seat() -> None:
    """RR 12(b), proviso: where a blind has passed the seat, the new player posts or
    waits for the big blind as in any game (T7)."""
    table = holdem_table("ABC", button=A)
    play(table)  # blinds B, C
    play(table)  # button B, blinds C and A: the big blind passed seats 3-8
    assert table.new_game
    table.sit(F, "F", 1000)
    assert F not in dealt(table) and F in table.plan().waiting


def test_T11_the_game_is_established_once_the_button_has_gone_round() -> None:
    table = holdem_table("ABCD", button=A)
    for _ in range(4):
        assert table.new_game
        play(table)  # the button: A, B, C, D
    assert table.new_game  # back at A: not round yet
    play(table)
    assert not table.new_game
    table.sit(F, "F", 1000)
    assert F not in dealt(table)  # T7 from now on


def test_T11_RR12c_a_seat_change_is_free_before_a_blind_passes_the_new_seat() -> None:
    """RR 12(c): in a new game a player may change seats without penalty where no blind
    has passed the new seat (in an established game moving away from the big blind
    means waiting, T12)."""
    table = holdem_table("ABCDEF", button=A, seats=9)
    play(table)  # blinds B, C
    table.change_seat(D, 7)
    assert 7 in dealt(table)
    # The same move a round later, when the blinds have passed every seat, waits.
    established = holdem_table("ABCDEF", button=A, seats=9)
    play(established)
    establish(established)
    established.change_seat(D, 7)
    assert 7 not in dealt(established)


def test_T11_house_option_LVH_B18_established_after_the_first_deal() -> None:
    """``new_game_round=False`` (LVH B18): once a hand has been dealt the game is
    established and a new player posts or waits (T7)."""
    table = holdem_table("ABCD", button=A, new_game_round=False)
    play(table)
    assert not table.new_game
    table.sit(F, "F", 1000)
    assert F not in dealt(table) and F in table.plan().waiting
