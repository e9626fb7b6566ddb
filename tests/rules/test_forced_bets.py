"""Forced bets: antes, blinds, big-blind ante, straddles and posts (F1-F9, F11, F13)."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import ConfigError
from pokerroom.rules import BetRaise, Hand, HandConfig, Structure, button_blinds, variant
from pokerroom.rules import events as ev

from .conftest import (
    accepts,
    assert_refused,
    check_down,
    dealt,
    deck_hand,
    fl,
    nl,
    payouts,
    play,
    street_of,
    to_flop,
)

DEEP = 10_000


def _forced(hand: Hand) -> list[tuple[str, int, int]]:
    """The forced-bet events in order: (kind, position, amount)."""
    out = []
    for e in hand.events:
        if isinstance(e, ev.AntePosted):
            out.append(("ante", e.position, e.amount))
        elif isinstance(e, ev.BlindPosted):
            out.append(("dead" if e.dead else "blind", e.position, e.amount))
    return out


# ------------------------------------------------------------------- F1 antes


def test_F1_every_player_antes_and_the_ante_is_not_part_of_the_bet() -> None:
    """F1: each player antes 10 before the deal; the ante is dead money, so the first
    player still owes the whole big blind and the big blind still has the option."""
    hand = deck_hand(nl([DEEP] * 4, antes=(10,) * 4))
    assert [e for e in _forced(hand) if e[0] == "ante"] == [("ante", i, 10) for i in range(4)]
    antes_first = [type(e) for e in hand.events[:4]]
    assert antes_first == [ev.AntePosted] * 4  # before the blinds and the deal
    assert hand.pot == 40 + 150
    assert hand.actor == 2 and hand.legal_actions().call == 100
    play(hand, (2, "c"), (3, "c"), (0, "c"))
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.check and legal.can_raise  # the ante did not count as the big blind's bet


def test_F1_stud_antes_without_blinds() -> None:
    """F1: in stud every dealt-in player antes; then the bring-in (F10)."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 3, antes=(5,) * 3, bring_in=10,
                        small_bet=20, big_bet=40)
    hand = deck_hand(config)
    assert [k for k, _, _ in _forced(hand)] == ["ante"] * 3
    assert hand.pot == 15 and hand.legal_actions().bring_in == 10


def test_F1_S1_player_all_in_for_part_of_the_ante_wins_only_what_it_matched() -> None:
    """F1, S1: the button has 5 chips and antes 10: it is all-in for the ante and
    wins only 5 from each player's ante; the rest goes to the best other hand."""
    config = nl([DEEP, DEEP, 5], antes=(10, 10, 10))
    hand, dealer = dealt(config, ["KsKh", "QsQh", "AsAh"], "2c7d9cTd3s")
    assert hand.stacks[2] == 0 and hand.dead == [10, 10, 5]
    play(hand, (0, "c"), (1, "x"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {2: 15, 0: 10 + 200}
    assert hand.stacks == [DEEP + 100, DEEP - 110, 15]


# ------------------------------------------------------------------ F2 blinds


def test_F2_small_blind_left_of_the_button_big_blind_two_left() -> None:
    """F2: with the button on the last position, position 0 posts the small blind, position 1 the
    big blind, and position 2 acts first."""
    assert button_blinds(6, 50, 100) == (50, 100, 0, 0, 0, 0)
    hand = deck_hand(nl([DEEP] * 6))
    assert _forced(hand) == [("blind", 0, 50), ("blind", 1, 100)]
    assert hand.bets[:2] == [50, 100]
    assert hand.actor == 2


# ----------------------------------------------------------------- F3 blinds


def test_F3_three_increasing_blinds_the_last_is_the_big_blind() -> None:
    """F3: blinds 25, 25, 50 left of the button; action starts left of the 50."""
    hand = deck_hand(nl([DEEP] * 6, blinds=(25, 25, 50, 0, 0, 0), min_bet=50))
    assert _forced(hand) == [("blind", 0, 25), ("blind", 1, 25), ("blind", 2, 50)]
    assert hand.actor == 3
    assert hand.legal_actions().call == 50 and hand.legal_actions().min_raise_to == 100


def test_F3_a_blind_may_sit_on_the_button() -> None:
    """F3: three blinds with the first on the button (ENC): button 25, then 25, then 50.
    The player left of the 50 acts first; the button blind acts before the others."""
    hand = deck_hand(nl([DEEP] * 5, blinds=(25, 50, 0, 0, 25), min_bet=50))
    assert hand.actor == 2
    play(hand, (2, "c"), (3, "c"))
    assert hand.actor == 4 and hand.legal_actions().call == 25  # the button blind
    play(hand, (4, "c"), (0, "c"))
    assert hand.actor == 1 and hand.legal_actions().check  # the big blind's option
    play(hand, (1, "x"))
    assert street_of(hand) == "flop" and hand.actor == 0


# --------------------------------------------------------------- F4 heads-up


def test_F4_heads_up_button_posts_the_small_blind_acts_first_then_last() -> None:
    """F4: heads-up the button (position 1) posts the small blind, acts first before the
    flop and last after it."""
    assert button_blinds(2, 50, 100) == (100, 50)
    hand = deck_hand(nl([DEEP, DEEP]))
    assert _forced(hand) == [("blind", 0, 100), ("blind", 1, 50)]
    assert hand.actor == 1 and hand.legal_actions().call == 50
    play(hand, (1, "c"))
    assert hand.actor == 0 and hand.legal_actions().check  # big blind's option
    play(hand, (0, "x"))
    assert street_of(hand) == "flop"
    for _ in range(3):
        assert hand.actor == 0  # the big blind acts first after the flop
        play(hand, (0, "x"), (1, "x"))


# ------------------------------------------------------------- F5 live blinds


def test_F5_big_blind_option_when_unraised() -> None:
    """F5: the big blind's blind is live: unraised, the big blind may check or raise."""
    hand = deck_hand(nl([DEEP] * 3))
    play(hand, (2, "c"), (0, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.check and legal.call is None
    assert (legal.min_raise_to, legal.max_raise_to) == (200, DEEP)
    raised = accepts(hand, 300)
    assert raised.actor == 2 and raised.legal_actions().call == 200
    play(hand, (1, "x"))
    assert street_of(hand) == "flop"


def test_F5_option_comes_once() -> None:
    """F5: after the big blind raises on the option and is called, the round ends;
    the option is not offered again."""
    hand = deck_hand(nl([DEEP] * 3))
    play(hand, (2, "c"), (0, "c"), (1, 300), (2, "c"), (0, "c"))
    assert street_of(hand) == "flop"


def test_F5_small_blind_is_live_and_counts_towards_the_call() -> None:
    """F5: the small blind's 50 is part of its bet: it owes 50 to call 100."""
    hand = deck_hand(nl([DEEP] * 3))
    play(hand, (2, "c"))
    assert hand.actor == 0 and hand.legal_actions().call == 50


def test_F5_dead_blind_is_not_part_of_the_bet() -> None:
    """F5: a dead blind (``dead``) goes into the pot but does not count as a bet."""
    hand = deck_hand(nl([DEEP] * 4, dead=(0, 0, 0, 50), posts=(0, 0, 0, 100)))
    assert ("dead", 3, 50) in _forced(hand) and ("blind", 3, 100) in _forced(hand)
    assert hand.pot == 300
    play(hand, (2, "c"))
    assert hand.actor == 3 and hand.legal_actions().check  # only the live 100 counts
    dead_only = deck_hand(nl([DEEP] * 4, dead=(0, 0, 0, 50)))
    play(dead_only, (2, "c"))
    assert dead_only.legal_actions().call == 100


def test_F5_blind_option_in_limit() -> None:
    """F5: fixed limit too: the big blind may raise once when the pot is unraised."""
    hand = deck_hand(fl([DEEP] * 3))
    play(hand, (2, "c"), (0, "c"))
    legal = hand.legal_actions()
    assert legal.check and (legal.min_raise_to, legal.max_raise_to) == (200, 200)


# -------------------------------------------------------- F6 no oversize blinds


def test_F6_a_blind_is_exactly_the_structures_amount() -> None:
    """F6: each blind posts exactly its amount, never more (a short stack posts what
    it has, F8); a bigger blind is a raise that can only come in turn."""
    hand = deck_hand(nl([DEEP, 60, DEEP]))
    assert _forced(hand) == [("blind", 0, 50), ("blind", 1, 60)]
    assert hand.stacks[0] == DEEP - 50 and hand.stacks[1] == 0
    with pytest.raises(ConfigError):
        nl([DEEP] * 3, blinds=(50, -100, 0))


# ------------------------------------------------------- F7 big-blind ante


def _bba(bb_stack: int, order: str) -> Hand:
    return deck_hand(nl([DEEP, bb_stack, DEEP, DEEP], 1_000, 2_000,
                        antes=(0, 2_000, 0, 0), bba_order=order))


@pytest.mark.parametrize(
    ("bb_stack", "order", "ante", "blind"),
    [
        (DEEP, "ante_first", 2_000, 2_000),
        (DEEP, "blind_first", 2_000, 2_000),
        (3_000, "ante_first", 2_000, 1_000),  # TDA-RP11-D1, older text (default)
        (3_000, "blind_first", 1_000, 2_000),  # TDA-RP11-D1, 2024 text
        (1_500, "ante_first", 1_500, 0),  # TDA-RP11-D2
        (1_500, "blind_first", 0, 1_500),
    ],
)
def test_F7_big_blind_ante_order(bb_stack: int, order: str, ante: int, blind: int) -> None:
    """F7 / TDA-RP11-D1, D2: the big blind pays the table's ante (dead) and the blind
    (live); short of both, house option ``bba_order`` decides which is paid first."""
    hand = _bba(bb_stack, order)
    forced = {(k, s): a for k, s, a in _forced(hand)}
    assert forced.get(("ante", 1), 0) == ante
    assert forced.get(("blind", 1), 0) == blind
    assert hand.bets[1] == blind and hand.dead[1] == ante
    # F8: a short big blind does not lower the bet.
    assert hand.actor == 2 and hand.legal_actions().call == 2_000
    assert hand.legal_actions().min_raise_to == 4_000


def test_F7_default_is_ante_first() -> None:
    """F7: the catalogue's default is the TDA's ante-first calculation."""
    assert nl([DEEP, DEEP]).bba_order == "ante_first"


def test_F7_big_blind_all_in_for_the_ante_contests_only_the_ante() -> None:
    """F7, S1: a big blind whose 1,500 all went to the ante (ante first) has no live
    bet: with the best hand it wins back the 1,500 ante, and the blinds and calls of
    the others form a side pot it cannot win."""
    config = nl([DEEP, 1_500, DEEP], 1_000, 2_000, antes=(0, 2_000, 0))
    hand, dealer = dealt(config, ["7c2d", "AsAh", "KsKh"], "Ad8c5s3hJd")
    assert hand.bets[1] == 0 and hand.dead[1] == 1_500
    play(hand, (2, "c"), (0, "c"), dealer=dealer)
    check_down(hand, dealer)
    assert payouts(hand) == {1: 1_500, 2: 4_000}
    assert hand.stacks == [DEEP - 2_000, 1_500, DEEP + 2_000]


# --------------------------------------------------------------- F8 short big blind


def test_F8_short_big_blind_does_not_lower_the_bet() -> None:
    """F8: a big blind all-in for 60 of 100: the others act as if 100 were posted."""
    hand = deck_hand(nl([DEEP, 60, DEEP, DEEP]))
    assert hand.bets[1] == 60 and hand.stacks[1] == 0
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 100 and legal.min_raise_to == 200
    play(hand, (2, "c"), (3, "c"))
    assert hand.actor == 0 and hand.legal_actions().call == 50
    play(hand, (0, "c"))
    assert street_of(hand) == "flop"  # the all-in big blind has no option to take


def test_F8_short_big_blind_heads_up_excess_is_returned() -> None:
    """F8, B12: heads-up, the button completes to 100 against a 60 all-in big blind;
    the 40 nobody can call goes back."""
    hand = deck_hand(nl([60, DEEP]))
    assert hand.actor == 1 and hand.legal_actions().call == 50
    events = play(hand, (1, "c"))
    assert ev.BetReturned(None, 1, 40) in events


# ----------------------------------------------------- F9 sub-minimum blind


def test_F9_blind_below_the_minimum_bet_may_be_called_or_completed() -> None:
    """F9: fixed limit 30-60 with blinds 10-20: the first player may call 20 or
    complete to 30; after a completion the next raise is a full 30."""
    hand = deck_hand(fl([DEEP] * 4, 30, 60, sb=10, bb=20))
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 20
    assert (legal.min_raise_to, legal.max_raise_to) == (30, 30)
    assert_refused(hand, BetRaise(40), "raise_out_of_range")
    play(hand, (2, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 3 and legal.call == 20 and legal.min_raise_to == 30
    play(hand, (3, 30))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 20 and legal.min_raise_to == 60
    play(hand, (0, "c"), (1, "c"))
    # The limper who called 20 faces a completion: the betting is open to him (F9).
    assert hand.actor == 2 and hand.legal_actions().call == 10
    assert hand.legal_actions().min_raise_to == 60


# ------------------------------------------------------------------ F11 straddle


def test_F11_straddle_is_a_live_blind_twice_the_big_blind() -> None:
    """F11: a straddle (position 2, twice the big blind) is the largest blind: the call is
    200, the minimum raise 400, and action starts left of the straddler."""
    hand = deck_hand(nl([DEEP] * 6, 50, 100, 200))
    assert _forced(hand) == [("blind", 0, 50), ("blind", 1, 100), ("blind", 2, 200)]
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert legal.call == 200 and (legal.min_raise_to, legal.max_raise_to) == (400, DEEP)
    assert_refused(hand, BetRaise(300), "raise_out_of_range")


def test_F11_straddler_has_the_option() -> None:
    """F11: everyone calls the straddle; the big blind calls; the straddler may check
    or raise, and acts last before the flop."""
    hand = deck_hand(nl([DEEP] * 6, 50, 100, 200))
    play(hand, (3, "c"), (4, "c"), (5, "c"), (0, "c"), (1, "c"))
    assert hand.actor == 2
    legal = hand.legal_actions()
    assert legal.check and legal.min_raise_to == 400
    play(hand, (2, "x"))
    assert street_of(hand) == "flop" and hand.actor == 0


def test_F11_after_a_raise_the_straddler_may_reraise() -> None:
    """F11: the straddle is live: facing a raise the straddler may call or re-raise."""
    hand = deck_hand(nl([DEEP] * 4, 50, 100, 200))
    play(hand, (3, 600), (0, "f"), (1, "f"))
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 400 and legal.min_raise_to == 1_000


def test_F11_straddle_in_limit_raises_the_stakes_of_the_round() -> None:
    """F11: a limit straddle is a full bet: the next raise is to 300 (fixed limit 100-200)."""
    hand = deck_hand(fl([DEEP] * 5, blinds=(50, 100, 200, 0, 0)))
    legal = hand.legal_actions()
    assert hand.actor == 3 and legal.call == 200 and legal.min_raise_to == 300


# -------------------------------------------------------------- F13 posts


def test_F13_a_post_is_live_and_does_not_move_the_first_action() -> None:
    """F13: a new player posts 100 in the cutoff: action still starts left of the
    big blind; unraised, the poster may check or raise (the option)."""
    hand = deck_hand(nl([DEEP] * 6, posts=(0, 0, 0, 0, 100, 0)))
    assert ("blind", 4, 100) in _forced(hand)
    assert hand.actor == 2 and hand.legal_actions().call == 100
    play(hand, (2, "c"), (3, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 4 and legal.check and legal.call is None and legal.min_raise_to == 200
    play(hand, (4, "x"), (5, "c"), (0, "c"))
    assert hand.actor == 1 and hand.legal_actions().check
    play(hand, (1, "x"))
    assert street_of(hand) == "flop"


def test_F13_poster_facing_a_raise_owes_only_the_difference() -> None:
    """F13: the post counts towards the poster's call."""
    hand = deck_hand(nl([DEEP] * 6, posts=(0, 0, 0, 0, 100, 0)))
    play(hand, (2, 300), (3, "f"))
    assert hand.actor == 4 and hand.legal_actions().call == 200


def test_F13_post_in_limit_is_live() -> None:
    """F13: a limit post of the big blind is live and has the option."""
    hand = deck_hand(fl([DEEP] * 5, posts=(0, 0, 0, 100, 0)))
    play(hand, (2, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 3 and legal.check and legal.min_raise_to == 200
    to_flop(hand)


# ------------------------------------------------------------- F10 bring-in


def _stud(stacks: tuple[int, ...]) -> HandConfig:
    return HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT, stacks=stacks,
                      antes=(100,) * len(stacks), bring_in=200, small_bet=400, big_bet=800)


def test_F10_bring_in_may_post_or_complete_then_call_or_complete() -> None:
    """F10: the lowest up-card brings it in (200) or completes (400); later players
    call the bring-in or complete; after a completion the bring-in may raise."""
    hand, _ = dealt(_stud((DEEP,) * 3), ["AhKh2c", "QdJd7c", "8s8d9h"])
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.bring_in == 200
    assert (legal.min_raise_to, legal.max_raise_to) == (400, 400) and not legal.fold
    assert_refused(hand, "c", "bring_in_due")
    play(hand, (0, "b"))
    legal = hand.legal_actions()
    assert legal.call == 200 and legal.min_raise_to == 400
    play(hand, (1, 400))
    legal = hand.legal_actions()
    assert hand.actor == 2 and legal.call == 400 and legal.min_raise_to == 800
    play(hand, (2, "c"))
    assert hand.actor == 0 and hand.legal_actions().min_raise_to == 800


def test_F10_TDA_RP10_E_bring_in_all_in_for_the_ante() -> None:
    """F10 / TDA-RP10-E: the player due the bring-in is all-in for the ante: action
    starts to the left, and nobody may check: bring-in (200), complete (400) or fold."""
    hand, dealer = dealt(_stud((DEEP, DEEP, 100, DEEP)),
                         ["AhKh9c", "QdJd7c", "8s8d2c", "TcTd9h"])
    assert hand.stacks[2] == 0
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert not legal.check and legal.call == 200 and legal.bring_in is None
    assert (legal.min_raise_to, legal.max_raise_to) == (400, 400)
    play(hand, (3, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 200 and not legal.check
    play(hand, (0, "f"), (1, "f"))
    # The 200 nobody called goes back; position 3 and the all-in position 2 play for the antes.
    assert ev.BetReturned(None, 3, 200) in hand.events
    dealer.holes[2] += parse_cards("3c4c5c6c")
    dealer.holes[3] += parse_cards("3d4d5d6d")
    dealer.deal()
    assert hand.is_over and sum(payouts(hand).values()) == 400
