"""Stud: the bring-in (F10), who acts first (B1), bet sizes and the open-pair
option (B15), razz rankings (S9), the odd chip (S10), the seventh-street short
stub (I9, TDA RP-10-H) and a fixed-limit raise over a short opponent (the razz
hand wsop/2023/43/5/03-50-24.phh)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.rules import (
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    Phase,
    Structure,
    Variant,
    variant,
)
from pokerroom.rules import events as ev
from pokerroom.rules.stud import short_stub_case

from .conftest import (
    assert_refused,
    cards,
    check_down,
    dealt,
    events_of,
    fork,
    payouts,
    play,
    street_of,
    to_street,
)

DEEP = 10_000


def stud(stacks: tuple[int, ...] | int, game: str = "stud", **kw: Any) -> HandConfig:
    """Fixed-limit stud 20/40, ante 5, bring-in 10 (``stacks``: a tuple or a count)."""
    if isinstance(stacks, int):
        stacks = (DEEP,) * stacks
    kw.setdefault("small_bet", 20)
    kw.setdefault("big_bet", 40)
    kw.setdefault("bring_in", 10)
    kw.setdefault("antes", (5,) * len(stacks))
    return HandConfig(variant=variant(game), structure=kw.pop("structure", Structure.FIXED_LIMIT),
                      stacks=stacks, **kw)


# ------------------------------------------------------------- F10 bring-in


@pytest.mark.parametrize(
    ("ups", "bringer"),
    [
        (("Ah", "7c", "9d"), 1),  # the lowest rank
        (("2h", "2c", "2d"), 1),  # same rank: clubs is the lowest suit
        (("3s", "3h", "3d"), 2),  # diamonds below hearts below spades
        (("Ac", "Kd", "2s"), 2),  # the ace is high for the bring-in in high stud
    ],
)
def test_F10_lowest_up_card_brings_it_in_ties_by_suit_clubs_lowest(
    ups: tuple[str, str, str], bringer: int
) -> None:
    """F10: in high stud the lowest up-card brings it in; equal ranks go by suit,
    clubs lowest, then diamonds, hearts, spades."""
    downs = ["KsQs", "JdJh", "TcTs"]
    hand, _ = dealt(stud(3), [d + u for d, u in zip(downs, ups, strict=True)])
    assert hand.actor == bringer
    assert hand.legal_actions().bring_in == 10


@pytest.mark.parametrize("game", ["stud_hilo"])
def test_F10_stud_hilo_brings_in_like_high_stud(game: str) -> None:
    """F10: stud hi-lo is a high game for the bring-in: the deuce, not the ace."""
    hand, _ = dealt(stud(3, game), ["KsQsAc", "JdJh2d", "TcTs5c"])
    assert hand.actor == 1


@pytest.mark.parametrize(
    ("ups", "bringer"),
    [
        (("Kh", "7c", "Ad"), 0),  # the highest rank; the ace is low
        (("Qc", "Qh", "Qd"), 1),  # same rank: hearts above diamonds above clubs
        (("Ac", "2d", "As"), 1),  # aces are the lowest cards in razz
    ],
)
def test_F10_razz_highest_up_card_brings_it_in_ace_low(
    ups: tuple[str, str, str], bringer: int
) -> None:
    """F10: in razz the highest up-card brings it in, the ace counting low; equal
    ranks go by suit, spades highest."""
    downs = ["KsQs", "JdJh", "TcTs"]
    hand, _ = dealt(stud(3, "razz"), [d + u for d, u in zip(downs, ups, strict=True)])
    assert hand.actor == bringer


def test_F10_bring_in_completes_and_the_rest_complete_or_call() -> None:
    """F10: the bring-in may complete to the small bet at once; then the others
    call the completion or raise a full small bet."""
    hand, _ = dealt(stud(3), ["AhKh2c", "QdJd7c", "8s8d9h"])
    legal = hand.legal_actions()
    assert legal.bring_in == 10 and (legal.min_raise_to, legal.max_raise_to) == (20, 20)
    events = play(hand, (0, 20))
    assert events[0] == ev.BetOrRaised(None, 0, 20, 20, False, True)
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 20 and legal.min_raise_to == 40


def test_F10_calling_the_bring_in_then_completing_reopens_the_bring_in() -> None:
    """F10: a call of the bring-in puts in the bring-in; a later completion is a full
    bet that lets the bring-in and the caller raise."""
    hand, _ = dealt(stud(3), ["AhKh2c", "QdJd7c", "8s8d9h"])
    play(hand, (0, "b"), (1, "c"))
    assert hand.bets[1] == 10
    play(hand, (2, 20))
    assert hand.actor == 0 and hand.legal_actions().call == 10
    assert hand.legal_actions().min_raise_to == 40
    play(hand, (0, "c"))
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call == 10 and legal.min_raise_to == 40


def test_F10_the_bring_in_may_not_check_or_fold_before_posting() -> None:
    """F10: the player due the bring-in posts it or completes; nothing else."""
    hand, _ = dealt(stud(3), ["AhKh2c", "QdJd7c", "8s8d9h"])
    assert not hand.legal_actions().fold and not hand.legal_actions().check
    assert_refused(hand, "f", "bring_in_due")
    assert_refused(hand, "c", "bring_in_due")


# ---------------------------------------------------------------- B1 order


@pytest.mark.parametrize(
    ("fourth", "first"),
    [
        (("Kd", "Qh", "Jc"), 0),  # a pair of kings beats ace-high
        (("Qd", "Kh", "Jc"), 1),  # position 1 pairs its king
        (("5d", "6h", "8c"), 2),  # no pairs: A-8 beats K-6 beats K-5
    ],
)
def test_B1_stud_best_board_acts_first_on_later_streets(
    fourth: tuple[str, str, str], first: int
) -> None:
    """B1: from fourth street the best hand showing acts first: pairs count,
    then the ranks in order."""
    third = ["2c3cKs", "2d3dKc", "4c4dAh"]
    hand, dealer = dealt(stud(3), [t + f for t, f in zip(third, fourth, strict=True)])
    play(hand, "b", "c", "c", dealer=dealer)
    assert street_of(hand) == "fourth" and hand.actor == first


def test_B1_TDA_RP10_D_stud_matching_boards_the_high_card_by_suit() -> None:
    """B1 / TDA-RP10-D: K-spades 7-diamonds against K-hearts 7-clubs on fourth street:
    the K-spades board acts first."""
    hand, dealer = dealt(stud(2), ["2c3cKh 7c", "2d3dKs 7d"])
    assert hand.actor == 0  # the K-hearts is the lower card: it brings it in
    play(hand, (0, "b"), (1, "c"), dealer=dealer)
    assert street_of(hand) == "fourth" and hand.actor == 1


def test_B1_TDA_RP10_D_razz_matching_boards_the_high_card_by_suit() -> None:
    """B1 / TDA-RP10-D: in razz 5-spades 3-diamonds against 5-hearts 3-clubs: the
    hand with the 5-spades acts first."""
    hand, dealer = dealt(stud(2, "razz"), ["KcQc5h 3c", "KdQd5s 3d"])
    assert hand.actor == 1  # the 5-spades is the highest up-card: the bring-in
    play(hand, (1, "b"), (0, "c"), dealer=dealer)
    assert street_of(hand) == "fourth" and hand.actor == 1


def test_B1_razz_lowest_board_acts_first_and_a_pair_is_a_bad_board() -> None:
    """B1: in razz the lowest board acts first; a pair is worse than any unpaired board."""
    hand, dealer = dealt(stud(3, "razz"), ["KcQc2h 2s", "KdQd9s 8d", "KhQhTs 7c"])
    play(hand, "b", "c", "c", dealer=dealer)
    # Boards: 2-2 (a pair), 9-8 and T-7: the nine-high board is the lowest.
    assert hand.actor == 1


def test_B1_stud_later_street_skips_an_all_in_best_board() -> None:
    """B1: the best board is all-in: the next player to its left acts first."""
    hand, dealer = dealt(stud((DEEP, 35, DEEP)),
                         ["2c3c9d Th 2d", "AcAdKs Kc 7h", "4c4dQh 5s 8s"])
    play(hand, (0, "b"), (1, 20), (2, "c"), (0, "c"), dealer=dealer)
    assert hand.stacks[1] == 10
    play(hand, dealer=dealer)
    assert street_of(hand) == "fourth"
    assert hand.actor == 1  # kings showing
    play(hand, (1, 10), (2, "c"), (0, "c"), dealer=dealer)
    assert hand.stacks[1] == 0 and street_of(hand) == "fifth"
    assert hand.actor == 2  # position 1 still has the best board but is all-in


# ------------------------------------------------------------ B15 bet sizes


def test_B15_small_bet_third_and_fourth_big_bet_fifth_to_seventh() -> None:
    """B15: the small bet (20) on third and fourth street, the big bet (40) on
    fifth, sixth and seventh."""
    hand, dealer = dealt(stud(2), ["2c3c9d 5h 6h 7h 8h", "AcAdKs 5s 6s 7s 8s"])
    play(hand, (0, "b"), (1, "c"), dealer=dealer)
    sizes = {}
    while not hand.is_over and hand.phase is Phase.BETTING:
        legal = hand.legal_actions()
        sizes[street_of(hand)] = legal.min_raise_to, legal.max_raise_to
        hand.act(CheckCall())
        dealer.deal()
    assert sizes == {"fourth": (20, 20), "fifth": (40, 40), "sixth": (40, 40),
                     "seventh": (40, 40)}


def test_B15_TDA_RP10_F_an_open_pair_does_not_double_by_default() -> None:
    """B15 / TDA-RP10-F: an open pair on fourth street: still the small bet."""
    hand, dealer = dealt(stud(2), ["2c3c9d 9h", "AcAdKs 5s"])
    play(hand, (0, "b"), (1, "c"), dealer=dealer)
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.max_raise_to == 20 and legal.big_raise_to is None
    assert_refused(hand, 40, "raise_out_of_range")


def test_B15_open_pair_double_lets_the_big_bet_be_made() -> None:
    """B15, ``open_pair_double``: with an open pair on fourth street a player may bet
    the small or the big bet; after a small bet a raise may be small or big."""
    config = stud(3, open_pair_double=True)
    hand, dealer = dealt(config, ["2c3c9d 9h", "AcAdKs 5s", "4c4dQh 7s"])
    play(hand, (0, "b"), (1, "c"), (2, "c"), dealer=dealer)
    legal = hand.legal_actions()
    assert hand.actor == 0
    assert (legal.min_raise_to, legal.max_raise_to, legal.big_raise_to) == (20, 20, 40)
    assert "big bet to 40" in legal.describe()
    assert_refused(hand, 30, "raise_out_of_range")
    play(hand, (0, 20))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.big_raise_to) == (40, 60)
    play(hand, (1, 60))
    # The big bet is made: the rest of the round is in big bets.
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to, legal.big_raise_to) == (100, 100, None)
    play(hand, (2, "c"), (0, "c"))
    assert street_of(hand) == "fifth"


def test_B15_open_pair_double_big_bet_at_once() -> None:
    """B15: the first bet is the big bet: raises are big bets."""
    config = stud(3, open_pair_double=True)
    hand, dealer = dealt(config, ["2c3c9d 9h", "AcAdKs 5s", "4c4dQh 7s"])
    play(hand, (0, "b"), (1, "c"), (2, "c"), dealer=dealer)
    play(hand, (0, 40))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to, legal.big_raise_to) == (80, 80, None)


@pytest.mark.parametrize(
    ("game", "fourth"),
    [("stud", ("8h", "5s", "7s")),  # no open pair
     ("stud_hilo", ("9h", "5s", "7s")),  # never in stud hi-lo
     ("razz", ("9h", "5s", "7s"))],  # nor in razz, where a pair is a bad hand
)
def test_B15_open_pair_double_only_with_an_open_pair_in_high_stud(
    game: str, fourth: tuple[str, str, str]
) -> None:
    config = stud(3, game, open_pair_double=True)
    third = ["2c3c9d", "AcAdKs", "4c4dQh"]
    hand, dealer = dealt(config, [t + f for t, f in zip(third, fourth, strict=True)])
    play(hand, "b", "c", "c", dealer=dealer)
    assert street_of(hand) == "fourth"
    assert hand.legal_actions().big_raise_to is None


def test_B15_open_pair_double_not_on_fifth_street() -> None:
    config = stud(2, open_pair_double=True)
    hand, dealer = dealt(config, ["2c3c9d 9h 5h", "AcAdKs 5s 6s"])
    play(hand, "b", "c", dealer=dealer)
    to_street(hand, "fifth", dealer)
    legal = hand.legal_actions()
    assert legal.max_raise_to == 40 and legal.big_raise_to is None


# -------------------------------------------------------------- S9 razz


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("As2s3d 4c 5h Kc Kd", "Ah2c3c 4d 6h Qc Qh", 0),  # the wheel is the best
        ("Ac2c3d 4c 6h Kc Kd", "Ad2d3c 4d 7h Qc Qh", 0),  # 6-low beats 7-low
        ("Ac2c3d 4c 8h Kc Kd", "Ad2d3c 5d 8d Qc Qh", 0),  # 8-4 beats 8-5
        ("7c6c5c 4c 3c Kc Kd", "8d6d5d 4d 2d Qc Qh", 0),  # flushes and straights don't count
        ("AcAd2c 2d 3c 3d 4c", "KcQdJc 9d 8d 6h 5h", 1),  # a pair is worse than jack-high
    ],
)
def test_S9_razz_ace_to_five_low_at_the_showdown(a: str, b: str, winner: int) -> None:
    """S9: razz is ace-to-five low: aces low, straights and flushes ignored, pairs
    bad; the lowest hand wins the whole pot."""
    hand, dealer = dealt(stud(2, "razz"), [a, b])
    play(hand, "b", "c", dealer=dealer)
    check_down(hand, dealer)
    assert hand.is_over and set(payouts(hand)) == {winner}


# ------------------------------------------------------------ S10 odd chip


def test_S10_razz_odd_chip_to_the_highest_card_by_suit_ace_low() -> None:
    """S10: razz, both hold 6-4-3-2-A; the odd chip goes to the highest card by suit,
    and in a low hand the highest card is the six (the ace is low): the 6-spades."""
    config = stud((50, 50, 10), "razz", structure=Structure.NO_LIMIT, antes=(1, 1, 1),
                  bring_in=4, min_bet=10)
    # The aces' suits favour position 0 and the sixes' position 1.
    hand, dealer = dealt(config, ["As2c3c 4h 6d Kc Kd", "Ad2d3d 4c 6s Qc Qd", "KsQsJs"])
    play(hand, (2, "b"), (0, 49), (1, "c"), (2, "f"), dealer=dealer)
    dealer.deal()
    assert hand.is_over
    assert payouts(hand) == {1: 53, 0: 52}  # 105 in the pot


def test_S10_stud_hilo_odd_chips_go_high_then_by_suit() -> None:
    """S10: stud hi-lo, one hand scoops the high half, two tie for low: the odd chip
    of the pot goes to the high half, the odd chip of the low half to the highest
    low card by suit."""
    config = stud((101, 101, 101), "stud_hilo", structure=Structure.NO_LIMIT,
                  antes=(1, 1, 1), bring_in=5, min_bet=10)
    hand, dealer = dealt(config, ["KcKdKh Ks 9c 9d 9h", "Ad2c3c 4d 7h Qc Jc",
                                  "Ac2d3d 4c 7s Qd Jd"])
    play(hand, (1, "b"), (2, 100), (0, "c"), (1, "c"), dealer=dealer)
    dealer.deal()
    assert hand.is_over
    # 303 in the pot: high 152 to position 0; low 151 split, the 7-spades (not the
    # ace-diamonds: the ace is low) gets the odd chip.
    assert payouts(hand) == {0: 152, 2: 76, 1: 75}


# -------------------------------------------------- I9 short stub (RP-10-H)


@pytest.mark.parametrize(
    ("stub", "players", "case"),
    [(10, 8, None), (9, 7, None), (6, 7, "A"), (8, 7, "A"), (3, 7, "B"), (5, 7, "B"),
     (2, 8, "C"), (0, 8, "C"), (1, 8, "C"), (2, 2, "A")],
)
def test_I9_TDA_RP10_H_which_case(stub: int, players: int, case: str | None) -> None:
    """I9 / TDA-RP10-H: the number needed is players + a burn + one card left; A when
    the stub and the three earlier burns suffice, else B with three cards or more,
    else C; A wins when A and C both fit (the TDA lists it first)."""
    assert short_stub_case(stub, players) == case


def _all_call(hand: Hand) -> None:
    """Everyone posts the bring-in or calls, to the end of the hand."""
    while not hand.is_over:
        if hand.phase is Phase.SHOWDOWN:
            break
        legal = hand.legal_actions()
        hand.act(BringIn() if legal.bring_in is not None else CheckCall())


def _seventh_street_events(hand: Hand) -> list[ev.Event]:
    starts = [k for k, e in enumerate(hand.events)
              if isinstance(e, ev.StreetStarted) and e.name == "seventh"]
    assert len(starts) == 1
    return hand.events[starts[0]:]


def _stub_variant(deck_size: int) -> Variant:
    """Seven-card stud played with the first ``deck_size`` cards of the deck (to set
    the stub left for seventh street)."""
    base = variant("stud")
    return Variant(f"stud{deck_size}", base.name, base.streets, base.high, base.low,
                   deck=base.deck[52 - deck_size:], forced="bring_in")


def test_I9_TDA_RP10_H_case_C_eight_players_need_a_community_card() -> None:
    """I9 / TDA-RP10-H case C: eight players reach seventh street; one card is left
    (52 - 48 dealt - 3 burns): it is mixed with the three earlier burns, one card
    is burned and one community card is dealt face up for everyone."""
    deck = Deck(7)
    order = [int(c) for c in deck.order]
    hand = Hand(stud(8), deck)
    _all_call(hand)
    assert hand.is_over
    seventh = _seventh_street_events(hand)
    boards = [e for e in seventh if isinstance(e, ev.BoardDealt)]
    assert [e.audience for e in boards] == [None] and hand.board == list(boards[0].cards)
    assert not any(isinstance(e, ev.HoleCardsDealt) for e in seventh)
    assert sum(isinstance(e, ev.CardBurned) for e in seventh) == 1
    assert all(len(h) == 6 for h in hand.hole)
    # The community card is the last card of the stub or one of the earlier burns.
    burns = [order[k] for k in (24, 33, 42)]
    assert hand.board[0] in [*burns, order[51]]
    # Every player's seven cards: six of their own and the community card.
    shown = {e.position: e for e in events_of(hand, ev.HandShown)}
    assert len(shown) == 8 and all(len(e.cards) == 6 for e in shown.values())
    assert sum(payouts(hand).values()) == 8 * (5 + 10)


def test_I9_case_C_is_reproducible_from_the_deck_order_and_the_log() -> None:
    """D1, I9: the mix of stub and burns is shuffled from a seed taken from the
    deck: the configuration, the deck order and the log give the same hand."""
    hand = Hand(stud(8), Deck(11))
    _all_call(hand)
    again = fork(hand)
    assert again.events == hand.events and again.board == hand.board


def test_I9_TDA_RP10_H_case_A_seven_players_the_burns_go_back_in() -> None:
    """I9 / TDA-RP10-H case A (n = 7, s = 6): the stub and the three earlier burns
    make nine cards; one is burned, each player gets a card, one is left over."""
    config = dataclasses.replace(stud(7), variant=_stub_variant(51))
    deck = Deck(3, cards=config.variant.deck)
    order = [int(c) for c in deck.order]
    hand = Hand(config, deck)
    _all_call(hand)
    assert hand.is_over and hand.board == []
    seventh = _seventh_street_events(hand)
    assert sum(isinstance(e, ev.CardBurned) for e in seventh) == 1
    sevenths = {h[6] for h in hand.hole}
    stub = order[45:]
    burns = [order[k] for k in (21, 29, 37)]
    assert len(stub) == 6 and len(sevenths) == 7 and sevenths <= {*stub, *burns}
    assert len(hand._restub) == 1  # the card left over


def test_I9_TDA_RP10_H_case_B_burn_one_and_a_community_card_from_the_stub() -> None:
    """I9 / TDA-RP10-H case B (n = 7, s = 4): the top card of the stub is burned and
    the next one is the community card; the earlier burns stay burned."""
    config = dataclasses.replace(stud(7), variant=_stub_variant(49))
    deck = Deck(5, cards=config.variant.deck)
    order = [int(c) for c in deck.order]
    hand = Hand(config, deck)
    _all_call(hand)
    assert hand.is_over
    assert hand.board == [order[46]]  # 45 dealt, 46th burned
    assert [int(c) for c in deck.burned] == [order[k] for k in (21, 29, 37, 45)]


def test_I9_TDA_RP10_H_D_with_a_community_card_sixth_streets_first_player_acts_first() -> None:
    """I9 / TDA-RP10-H D: with a community card the player who acted first on sixth
    street acts first on seventh (the community card is nobody's up-card)."""
    for seed in range(20):
        hand = Hand(stud(8), Deck(seed))
        while street_of(hand) != "sixth" or hand.phase is not Phase.BETTING:
            legal = hand.legal_actions()
            hand.act(BringIn() if legal.bring_in is not None else CheckCall())
        sixth = hand.actor
        to_street(hand, "seventh")
        assert hand.board and hand.actor == sixth


def test_I9_eight_player_stud_hands_play_to_completion() -> None:
    """I9: eight players need 56 cards to reach seventh street's showdown; with
    random play every hand ends and never deals a card twice."""
    rng = random.Random(8)
    for game in ("stud", "stud_hilo", "razz"):
        for seed in range(30):
            hand = Hand(stud(8, game), Deck(seed))
            while not hand.is_over:
                legal = hand.legal_actions()
                if legal.bring_in is not None:
                    hand.act(BringIn())
                elif legal.min_raise_to is not None and rng.random() < 0.15:
                    hand.act(BetRaise(legal.min_raise_to))
                elif not legal.check and rng.random() < 0.1:
                    hand.act(Fold())
                else:
                    hand.act(CheckCall())
            held = [c for h in hand.hole for c in h] + hand.board
            assert len(held) == len(set(held))


def test_I9_stud_deals_at_most_eight_players() -> None:
    """Nine players would need 57 cards before seventh street: refused."""
    with pytest.raises(ConfigError, match="57 cards"):
        stud(9)


def test_I9_manual_dealing_accepts_one_community_card_on_seventh_street() -> None:
    """I9 (cases B, C), manual dealing: on seventh street, before anyone's card, the
    dealer (a live table that sees the stub is short) may deal one community card
    instead; then the betting starts with sixth street's first player."""
    holes = ["2c3d4h 5s 7c 9d", "2d3h4s 6c 8d Tc", "2h3s5c 6d 8h Td", "2s4c5d 6h 8s Th",
             "3c4d5h 7d 9c Jc", "AcAdAh As Kh Ks", "6s7h9h Jd Qc Kc", "7s8c9s Jh Qd Kd"]
    hand, dealer = dealt(stud(8), holes)
    while street_of(hand) != "seventh":
        if hand.phase is Phase.DEALING:
            dealer.deal()
        else:
            legal = hand.legal_actions()
            hand.act(BringIn() if legal.bring_in is not None else CheckCall())
    assert hand.phase is Phase.DEALING and hand.legal_actions().deal_position == 0
    assert_refused(hand, DealBoard(cards("TsJs")), "wrong_card_count")
    play(hand, DealBoard(cards("Ts")))
    assert hand.board == list(cards("Ts")) and hand.phase is Phase.BETTING
    assert hand.actor == 5  # four aces: first on sixth street, first on seventh
    check_down(hand)
    assert hand.is_over and payouts(hand) == {5: 8 * (5 + 10)}


def test_I9_manual_community_card_only_at_the_start_of_seventh_street() -> None:
    holes = ["2c3c4c 5c 6c 7c 8c", "2d3d4d 5d 6d 7d 8d"]
    hand, dealer = dealt(stud(2), holes)
    play(hand, "b", "c")
    assert street_of(hand) == "fourth" and hand.phase is Phase.DEALING
    assert_refused(hand, DealBoard(cards("9c")), "no_board_due")
    dealer.deal()
    to_street(hand, "sixth", dealer)
    while street_of(hand) == "sixth":
        hand.act(CheckCall())
    assert street_of(hand) == "seventh" and hand.phase is Phase.DEALING
    play(hand, DealHole(0, cards("8c")))
    assert_refused(hand, DealBoard(cards("9c")), "no_board_due")


# --------------------------------------- a limit raise over a short opponent


def test_B5_B11_razz_wsop_2023_43_5_03_50_24_raise_capped_at_the_short_stack() -> None:
    """B5, B11 (decided rule, wsop/2023/43/5/03-50-24.phh): fixed-limit razz 300k/600k;
    on sixth street Shakerchi bets 600,000 with 150,000 behind and Rast raises to
    750,000 -- exactly what Shakerchi can put in, less than a full raise (1,200,000).
    A raise past what any opponent can call is pointless, so in fixed limit a raise
    to exactly the deepest opponent's stack is accepted (``min_raise_to``), up to a
    full raise; the caller is all-in and nothing is returned."""
    config = HandConfig(variant=variant("razz"), structure=Structure.FIXED_LIMIT,
                        stacks=(2_650_000, 27_050_000), antes=(100_000, 100_000),
                        bring_in=100_000, small_bet=300_000, big_bet=600_000)
    hand, dealer = dealt(config, ["8c2h4c Ad Qd Jd Kh", "4h3d8d 2s Td 8s 7h"])
    play(hand, (1, "b"), (0, 300_000), (1, 600_000), (0, "c"), dealer=dealer)
    play(hand, (0, 300_000), (1, 600_000), (0, "c"), dealer=dealer)
    play(hand, (1, 600_000), (0, "c"), dealer=dealer)
    assert street_of(hand) == "sixth"
    play(hand, (0, 600_000))
    assert hand.stacks[0] == 150_000
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (750_000, 1_200_000)
    assert_refused(hand, 749_999, "raise_out_of_range")
    play(hand, (1, 750_000), (0, "c"), dealer=dealer)
    assert hand.stacks[0] == 0
    assert not events_of(hand, ev.BetReturned)
    check_down(hand, dealer)
    assert hand.is_over and hand.stacks == [0, 29_700_000]


def test_B5_the_short_stack_raise_needs_a_short_deepest_opponent() -> None:
    """B5: with an opponent who can call a full raise, the raise is a full bet."""
    config = stud((DEEP, DEEP, 130), structure=Structure.FIXED_LIMIT)
    hand, _ = dealt(config, ["2c3c9d", "AcAdKs", "4c4dQh"])
    play(hand, (0, "b"), (1, 20))
    assert hand.legal_actions().min_raise_to == 40

