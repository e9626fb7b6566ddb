"""Betting rules: order of action, actions, rounds, structures, table stakes
(B1-B8, B11, B12)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    Discard,
    Fold,
    Hand,
    HandConfig,
    Muck,
    Phase,
    Show,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev

from .conftest import (
    accepts,
    assert_refused,
    check_down,
    dealt,
    deck_hand,
    events_of,
    fl,
    nl,
    payouts,
    pl,
    play,
    street_of,
    to_flop,
    to_street,
)

DEEP = 10_000


def _stud(stacks: tuple[int, ...], game: str = "stud", **kw: Any) -> HandConfig:
    return HandConfig(variant=variant(game), structure=Structure.FIXED_LIMIT, stacks=stacks,
                      antes=(5,) * len(stacks), bring_in=10, small_bet=20, big_bet=40,
                      **kw)


# ---------------------------------------------------------------- B1 order


def test_B1_preflop_starts_left_of_the_big_blind_then_left_of_the_button() -> None:
    """B1: preflop the player left of the big blind acts first; after the flop the
    first active player left of the button."""
    hand = deck_hand(nl([DEEP] * 6))
    assert hand.actor == 2
    order = []
    while street_of(hand) == "preflop":
        order.append(hand.actor)
        play(hand, "c")
    assert order == [2, 3, 4, 5, 0, 1]
    assert hand.actor == 0


def test_B1_postflop_skips_folded_and_all_in_players() -> None:
    """B1: after the flop the first player left of the button who can still act
    goes first: folded and all-in players are skipped."""
    hand = deck_hand(nl([DEEP, 100, DEEP, DEEP]))
    play(hand, (2, "c"), (3, "c"), (0, "f"))
    assert street_of(hand) == "flop"
    assert hand.actor == 2  # position 0 folded, position 1 is all-in


def test_B1_stud_bring_in_first_then_highest_board() -> None:
    """B1, F10: on third street the lowest up-card brings it in; later the best hand
    showing acts first (a pair beats ace-high)."""
    hand, dealer = dealt(_stud((DEEP,) * 3),
                         ["AhKh2c 5d 9c Tc 3s", "QdJd7c 5s 9d Ts 4s", "8s8d9h Ac 3d Jh 2h"])
    assert hand.actor == 0 and hand.legal_actions().bring_in == 10  # 2c is lowest
    play(hand, (0, "b"), (1, "c"), (2, "c"), dealer=dealer)
    assert street_of(hand) == "fourth"
    # Up-cards: position 0 2c 5d, position 1 7c 5s, position 2 9h Ac: the ace is the best board.
    assert hand.actor == 2
    play(hand, (2, "x"), (0, "x"), (1, "x"), dealer=dealer)
    # Fifth street: position 0 2c 5d 9c, position 1 7c 5s 9d, position 2 9h Ac 3d.
    assert street_of(hand) == "fifth" and hand.actor == 2


def test_B1_stud_ties_on_board_broken_by_suit_of_the_high_card() -> None:
    """B1 / TDA-RP10-D: K-spades 7 beats K-hearts 7: the K-spades board acts first."""
    hand, dealer = dealt(_stud((DEEP,) * 2),
                         ["2c3cKs 7d 9c Tc 4s", "2d3dKh 7c 9d Ts 4h"])
    # Third street: Ks vs Kh up: Kh is lower by suit and brings it in.
    assert hand.actor == 1
    play(hand, (1, "b"), (0, "c"), dealer=dealer)
    assert street_of(hand) == "fourth" and hand.actor == 0


def test_B1_razz_lowest_board_acts_first() -> None:
    """B1: in razz the highest up-card brings it in and the lowest board acts first."""
    hand, dealer = dealt(_stud((DEEP,) * 3, "razz"),
                         ["2c3cKs 4d 9c Tc 4s", "2d3d5h 7c 9d Ts 4h", "5c6cAh Qd 8s Js 6h"])
    assert hand.actor == 0  # the king brings it in
    play(hand, (0, "b"), (1, "c"), (2, "c"), dealer=dealer)
    # Fourth street: position 0 Ks 4d, position 1 5h 7c, position 2 Ah Qd: position
    # 1's 7-5 is lowest.
    assert hand.actor == 1


# --------------------------------------------------------------- B2 actions


def test_B2_legal_actions_facing_a_bet_and_not() -> None:
    """B2: with nothing owed a player may check or bet; facing a bet, fold, call or
    raise.  ``describe`` lists them."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    legal = hand.legal_actions()
    assert legal.check and legal.call is None and legal.min_raise_to == 100
    assert "check" in legal.describe() and "bet/raise to 100-" in legal.describe()
    play(hand, (0, 300))
    legal = hand.legal_actions()
    assert not legal.check and legal.call == 300 and legal.fold
    assert "call 300" in legal.describe()


def test_B2_calling_short_is_all_in_for_less() -> None:
    """B2: a player who cannot cover the call may call all-in for less."""
    hand = deck_hand(nl([DEEP, DEEP, 250]))
    to_flop(hand)
    play(hand, (0, 500), (1, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 150 and not legal.can_raise
    events = play(hand, (2, "c"))
    assert ev.Called(None, 2, 150, True) in events


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Discard(()), "not_a_betting_action"),
        (Show(), "not_a_betting_action"),
        (Muck(), "not_a_betting_action"),
        (BringIn(), "not_a_betting_action"),
        (BetRaise(150), "raise_out_of_range"),
        (BetRaise(DEEP + 1), "raise_out_of_range"),
    ],
)
def test_B2_other_actions_are_refused_with_a_reason(action: Action, reason: str) -> None:
    """B2: any other action is refused with a machine-readable reason and a message
    that lists the legal ones; the hand does not change."""
    hand = deck_hand(nl([DEEP] * 3))
    error = assert_refused(hand, action, reason)
    assert "position 2 may fold, call 100, bet/raise to 200-" in str(error)


def test_B2_acting_out_of_turn_is_refused() -> None:
    """B2 (B13 online): a position that is not the actor is refused, nothing changes."""
    hand = deck_hand(nl([DEEP] * 3))
    assert_refused(hand, CheckCall(), "not_your_turn", position=0)
    assert_refused(hand, Fold(), "not_your_turn", position=1)


def test_B2_no_action_after_the_hand_is_over() -> None:
    """B2: once the hand is over every action is refused."""
    hand = deck_hand(nl([DEEP] * 2))
    play(hand, (1, "f"))
    assert hand.is_over
    with pytest.raises(IllegalActionError) as info:
        hand.act(CheckCall())
    assert info.value.reason == "hand_over"


# ------------------------------------------------------------ B3 end of round


def test_B3_round_ends_when_all_acted_and_stakes_equal() -> None:
    """B3: the round ends only when everyone has acted and the stakes are equal."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    play(hand, (0, "x"), (1, 200), (2, "c"))
    assert street_of(hand) == "flop" and hand.actor == 0  # position 0 still owes 200
    play(hand, (0, "c"))
    assert street_of(hand) == "turn"


def test_B3_round_ends_when_everyone_else_is_all_in() -> None:
    """B3: when the bettor's only opponents are all-in, the round (and the betting)
    ends; the board is run out.  (Position 0 may not raise over the 800 all-in: position 1
    has only 500; see test_B3_nobody_can_call.py.)"""
    hand = deck_hand(nl([DEEP, 500, 800]))
    play(hand, (2, 800), (0, "c"), (1, "c"))
    assert hand.is_over
    assert len(hand.board) == 5


def test_B3_all_checks_end_the_round() -> None:
    """B3: a round in which everyone checks ends after the last check."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    play(hand, (0, "x"), (1, "x"))
    assert street_of(hand) == "flop"
    play(hand, (2, "x"))
    assert street_of(hand) == "turn"


# -------------------------------------------------------- B4 last player wins


def test_B4_last_player_wins_without_showing() -> None:
    """B4: when all but one fold, the last player wins the pot and shows nothing."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    play(hand, (0, 300), (1, "f"), (2, "f"))
    assert hand.is_over
    assert not events_of(hand, ev.HandShown)
    assert events_of(hand, ev.PotAwarded)[0].amounts == ((0, 300),)
    assert hand.stacks == [DEEP + 200, DEEP - 100, DEEP - 100]


# ------------------------------------------------------------- B5 fixed limit


def test_B5_split_limit_small_bet_then_big_bet() -> None:
    """B5: fixed limit 100-200: bets and raises are 100 preflop and on the flop,
    200 on the turn and river."""
    hand = deck_hand(fl([DEEP] * 3))
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 200
    to_flop(hand)
    assert (hand.legal_actions().min_raise_to, hand.legal_actions().max_raise_to) == (100, 100)
    play(hand, (0, 100))
    assert (hand.legal_actions().min_raise_to, hand.legal_actions().max_raise_to) == (200, 200)
    assert_refused(hand, BetRaise(300), "raise_out_of_range")
    to_street(hand, "turn")
    assert (hand.legal_actions().min_raise_to, hand.legal_actions().max_raise_to) == (200, 200)
    play(hand, (0, 200))
    assert hand.legal_actions().min_raise_to == 400
    to_street(hand, "river")
    assert hand.legal_actions().min_raise_to == 200


def _raises_until_capped(hand: Hand) -> int:
    """Raise while allowed (with the other players calling in between); count bets
    and raises made on the current street."""
    street = hand.street
    count = 0
    while hand.street == street and not hand.is_over:
        legal = hand.legal_actions()
        if legal.min_raise_to is not None and count < 20:
            hand.act(BetRaise(legal.min_raise_to))
            count += 1
        else:
            hand.act(CheckCall())
    return count


@pytest.mark.parametrize(
    ("players", "cap", "cap_heads_up", "expected"),
    [
        (3, 4, False, 4),  # default: a bet and three raises
        (3, 3, False, 3),
        (3, 5, False, 5),
        (3, None, False, 20),  # no cap (the test stops at 20)
        (2, 4, False, 20),  # heads-up: no cap by default
        (2, 4, True, 4),  # cap_heads_up keeps the cap
    ],
)
def test_B5_raise_cap_house_option(players: int, cap: int | None, cap_heads_up: bool,
                                   expected: int) -> None:
    """B5: house option ``raise_cap`` (default a bet and three raises, i.e. 4) and
    ``cap_heads_up`` (default off: no cap with two players left)."""
    hand = deck_hand(fl([10**7] * players, raise_cap=cap, cap_heads_up=cap_heads_up))
    to_flop(hand)
    assert _raises_until_capped(hand) == expected


def test_B5_default_raise_cap_is_a_bet_and_three_raises() -> None:
    """B5: the defaults, and the preflop big blind counting as the bet."""
    config = fl([DEEP] * 3)
    assert config.raise_cap == 4 and config.cap_heads_up is False
    hand = deck_hand(config)
    play(hand, (2, 200), (0, 300), (1, 400))
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 200 and not legal.can_raise
    assert_refused(hand, BetRaise(500), "raise_not_allowed")


def test_B5_cap_reached_multiway_holds_after_a_fold() -> None:
    """B5 (Robert's Rules): once the raising is capped in a multiway pot, a fold that
    leaves two players does not uncap it for the round."""
    hand = deck_hand(fl([DEEP] * 3))
    play(hand, (2, 200), (0, 300), (1, 400))
    assert not hand.legal_actions().can_raise
    play(hand, (2, "f"))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 100 and not legal.can_raise
    play(hand, (0, "c"))
    to_flop(hand)
    play(hand, (0, 100), (1, 200), (0, 300), (1, 400))
    assert hand.legal_actions().min_raise_to == 500  # next round: heads-up, no cap


def test_B5_no_cap_once_heads_up_before_the_cap() -> None:
    """B5: the pot becomes heads-up before the cap is reached: unlimited raising."""
    hand = deck_hand(fl([DEEP] * 3))
    play(hand, (2, 200), (0, "f"), (1, 300), (2, 400), (1, 500), (2, 600))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.min_raise_to == 700


def test_B5_cap_counts_only_players_not_all_in() -> None:
    """B5 (Robert's Rules): the cap is for pots of three or more players who are not
    all-in; with a third player all-in the other two may raise on."""
    hand = deck_hand(fl([DEEP, DEEP, 150]))
    play(hand, (2, 150), (0, 250), (1, 350), (0, 450))
    assert hand.raise_count >= 4
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.min_raise_to == 550


# ------------------------------------------------------------ B6 spread limit


def test_B6_spread_limit_any_amount_between_min_and_max() -> None:
    """B6: spread limit 100-500: bet any amount from 100 to 500; a raise at least
    the previous bet or raise and at most 500 more."""
    config = HandConfig(variant=variant("holdem"), structure=Structure.SPREAD_LIMIT,
                        stacks=(DEEP,) * 3, blinds=button_blinds(3, 50, 100),
                        min_bet=100, max_bet=500)
    hand = deck_hand(config)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 600)
    to_flop(hand)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (100, 500)
    accepts(hand, 100)
    accepts(hand, 370)
    assert_refused(hand, BetRaise(99), "raise_out_of_range")
    assert_refused(hand, BetRaise(501), "raise_out_of_range")
    play(hand, (0, 300))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (600, 800)


# -------------------------------------------------------------- B7 pot limit


def test_B7_pot_limit_max_is_the_pot_after_calling() -> None:
    """B7: PLO 50-100: preflop the first player may raise to 350 (150 + 100 call +
    the 100 call again); after a call, pot-sized raises compound."""
    hand = deck_hand(pl([DEEP] * 4))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 350)
    play(hand, (2, 350))
    # Position 3 faces 350: pot 500 + call 350 = 850 raise, to 1,200.
    assert hand.legal_actions().max_raise_to == 1_200
    assert_refused(hand, BetRaise(1_201), "raise_out_of_range")
    play(hand, (3, "c"), (0, "c"), (1, "c"))
    assert hand.pot == 1_400
    assert hand.legal_actions().max_raise_to == 1_400
    play(hand, (0, 1_400))
    assert hand.legal_actions().max_raise_to == 1_400 * 4


def test_B7_pot_limit_max_is_capped_by_the_stack() -> None:
    """B7, B11: the pot limit never exceeds what the player has."""
    hand = deck_hand(pl([DEEP, DEEP, 300, DEEP]))
    assert hand.legal_actions().max_raise_to == 300


# --------------------------------------------------------------- B8 no limit


def test_B8_smallest_bet_is_the_big_blind() -> None:
    """B8: after the flop the smallest bet is the big blind."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (100, DEEP - 100)
    assert_refused(hand, BetRaise(99), "raise_out_of_range")


def test_B8_all_in_bet_below_the_big_blind_does_not_let_checkers_raise() -> None:
    """B8, B9: an all-in bet of 60 (less than a full bet) does not re-open the betting
    for a player who checked; the next player may raise to 160 (a full 100 more)."""
    hand = deck_hand(nl([DEEP, 160, DEEP]))
    to_flop(hand)
    play(hand, (0, "x"), (1, 60))
    assert hand.actor == 2
    assert hand.legal_actions().min_raise_to == 160
    play(hand, (2, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 60 and not legal.can_raise


# ----------------------------------------------------------- B11 table stakes


def test_B11_only_the_chips_in_front_play() -> None:
    """B11: a player cannot bet more than the stack at the start of the hand; the
    largest raise is all-in, and the all-in player wins at most what it matched."""
    hand, dealer = dealt(nl([DEEP, DEEP, 1_000]), ["KsKh", "QsQh", "AsAh"], "2c7d9cTd3s")
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.max_raise_to == 1_000
    assert_refused(hand, BetRaise(1_001), "raise_out_of_range")
    play(hand, (2, 1_000), (0, "c"), (1, "c"), dealer=dealer)
    assert hand.stacks[2] == 0
    play(hand, (0, 500), (1, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {2: 3_000, 0: 1_000}
    assert hand.stacks == [DEEP - 500, DEEP - 1_500, 3_000]


def test_B11_a_player_covering_the_short_stack_can_raise_only_with_another_opponent() -> None:
    """B11: facing only all-in opponents, there is nobody left to raise."""
    hand = deck_hand(nl([DEEP, 500]))
    play(hand, (1, 500))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 400 and not legal.can_raise


# --------------------------------------------------------- B12 uncalled bets


def test_B12_uncalled_bet_goes_back() -> None:
    """B12: a bet nobody calls goes back to its owner before the pot is awarded."""
    hand = deck_hand(nl([DEEP] * 3))
    to_flop(hand)
    events = play(hand, (0, 500), (1, "f"), (2, "f"))
    assert ev.BetReturned(None, 0, 500) in events
    assert events_of(hand, ev.PotAwarded)[0].amounts == ((0, 300),)


def test_B12_uncalled_part_of_an_all_in_goes_back() -> None:
    """B12: the part of a bet above what the largest opponent could call goes back."""
    hand = deck_hand(nl([DEEP, 700, DEEP]))
    to_flop(hand)
    play(hand, (0, 3_000), (1, "c"), (2, "f"))
    returned = events_of(hand, ev.BetReturned)
    assert returned == [ev.BetReturned(None, 0, 3_000 - 600)]
    assert hand.phase in (Phase.COMPLETE, Phase.SHOWDOWN)


def test_B3_stud_no_betting_once_only_one_player_has_chips() -> None:
    """B3, B1: stud heads-up, one player all-in on third street: fourth to seventh
    street are dealt with no betting, even though the best board has chips."""
    hand, dealer = dealt(_stud((DEEP, 25)), ["2c3d4c 5h 7s 9d Jc", "AhAdKh Kd Qh Qd Jh"])
    play(hand, (0, "b"), (1, 20), (0, "c"), dealer=dealer)
    assert hand.is_over
    assert not [e for e in hand.events if isinstance(e, ev.Checked)]
    assert hand.stacks == [DEEP - 25, 50]


def test_B7_pot_limit_minimum_bet_into_a_smaller_pot() -> None:
    """B7, B8: with less than the minimum bet in the pot (here none), a pot-limit
    player may still bet the minimum."""
    config = HandConfig(variant=variant("holdem"), structure=Structure.POT_LIMIT,
                        stacks=(40, 40), min_bet=2)
    hand = deck_hand(config)
    legal = hand.legal_actions()
    assert hand.pot == 0 and (legal.min_raise_to, legal.max_raise_to) == (2, 2)
    play(hand, 2)
    assert hand.legal_actions().max_raise_to == 2 + 2 + 2


@pytest.mark.parametrize(
    ("all_in", "option", "raise_to"),
    [
        (40, "full_bet_over", None),
        (49, "complete", None),
        (50, "full_bet_over", 150),
        (60, "full_bet_over", 160),
        (60, "complete", 100),
    ],
)
def test_B9_limit_all_in_bet_of_half_a_bet_reopens_the_checkers(
    all_in: int, option: str, raise_to: int | None
) -> None:
    """B9 / TDA 47-B: fixed limit, flop bet 100: after a check, an all-in bet of at
    least half a bet is a full bet and re-opens the betting for the player who
    checked; the raise over it is a full bet on top (Robert's Rules: a 15 all-in
    on a 20 round is raised to 35), or to 100 with ``limit_short_raise="complete"``."""
    hand = deck_hand(fl([DEEP, 100 + all_in, DEEP], limit_short_raise=option))
    to_flop(hand)
    play(hand, (0, "x"), (1, all_in))
    legal = hand.legal_actions()
    # The next player may raise either way: over a short bet, complete it to 100.
    assert hand.actor == 2 and legal.min_raise_to == (raise_to or 100)
    play(hand, (2, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == all_in
    assert legal.min_raise_to == raise_to and legal.max_raise_to == raise_to


def test_B5_F11_limit_straddle_counts_as_a_raise_towards_the_cap() -> None:
    """B5, F11: fixed limit 100-200 with a 200 straddle: the big blind is the bet and
    the straddle the first raise, so two more raises (300, 400) reach the cap."""
    hand = deck_hand(fl([DEEP] * 5, blinds=(50, 100, 200, 0, 0)))
    play(hand, (3, 300), (4, 400))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 350 and not legal.can_raise
