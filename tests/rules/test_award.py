"""The dealer reads the hands (issue 26: a live table, the cards physical): at the
showdown ``Award`` names who wins each pot, main pot first, and the engine divides
them as it would have (S1, S2, S8, S10, S11).  A name that does not fit the pots is
refused, changing nothing."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.rules import (
    Award,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    Phase,
    Structure,
    variant,
)
from pokerroom.rules import events as ev

from .conftest import assert_refused, events_of, nl, payouts, play

DEEP = 10_000


class Physical:
    """Deals a hand whose hole cards nobody enters (None: face down at a real table),
    with the board (and stud's up cards) as the dealer enters them."""

    def __init__(self, hand: Hand, board: str = "",
                 ups: Sequence[Sequence[Card | None]] = ()) -> None:
        self.hand = hand
        self.board = list(parse_cards(board))
        self.ups = [list(u) for u in ups]

    def deal(self) -> None:
        hand = self.hand
        while hand.phase is Phase.DEALING:
            legal = hand.legal_actions()
            if legal.deal_board:
                cards, self.board = self.board[:legal.deal_board], self.board[legal.deal_board:]
                hand.act(DealBoard(tuple(cards)))
                continue
            position, count = legal.deal_position, legal.deal_count
            assert position is not None
            if self.ups:
                mine = self.ups[position]
                given, self.ups[position] = mine[:count], mine[count:]
            else:
                given = [None] * count
            hand.act(DealHole(position, tuple(given)))


def physical(config: HandConfig, board: str = "", **kw: object) -> tuple[Hand, Physical]:
    hand = Hand(config)
    dealer = Physical(hand, board, **kw)  # type: ignore[arg-type]
    dealer.deal()
    return hand, dealer


def to_showdown(hand: Hand, dealer: Physical) -> None:
    """Check or call to the showdown (dealing as it goes)."""
    while hand.phase is not Phase.SHOWDOWN:
        assert not hand.is_over
        dealer.deal()
        if hand.phase is Phase.BETTING:
            play(hand, "c")


def test_S1_S2_the_dealer_awards_a_side_pot_and_the_main_pot_side_pot_first() -> None:
    """S1, S2: position 1 is all-in for 300; the dealer names position 1 the winner of
    the main pot and position 2 of the side pot; the side pot is awarded first."""
    hand, dealer = physical(nl([DEEP, 300, DEEP]), board="Ah Kd 7c 4s 2h")
    play(hand, (2, 1000), (0, "c"), (1, "c"))
    to_showdown(hand, dealer)
    assert hand.phase is Phase.SHOWDOWN and not hand.is_over  # the cards are unknown
    events = hand.act(Award(((1,), (2,))))
    awards = [e for e in events if isinstance(e, ev.PotAwarded)]
    assert [(a.pot, a.amounts) for a in awards] == [(1, ((2, 1400),)), (0, ((1, 900),))]
    assert all(a.description == "" for a in awards)  # nobody named the cards
    assert hand.is_over and hand.log[-1] == (None, Award(((1,), (2,))))
    assert payouts(hand) == {2: 1400, 1: 900}


def test_S10_a_tie_the_dealer_names_splits_with_the_odd_chip_left_of_the_button() -> None:
    """S10: a flop game's tie splits by the smallest chip; the odd chip goes to the
    first player left of the button (the lowest position), whatever order is named."""
    hand, dealer = physical(nl([DEEP] * 3, 5, 10), board="Ah Kd 7c 4s 2h")
    play(hand, (2, 25), (0, "c"), (1, "c"))  # a pot of 75
    to_showdown(hand, dealer)
    hand.act(Award(((2, 0),)))
    (award,) = events_of(hand, ev.PotAwarded)
    assert award.amounts == ((0, 38), (2, 37))


def test_S8_hi_lo_halves_to_the_named_winners_no_low_and_both_halves() -> None:
    """S8: Omaha eight or better: the high half to one, the low half to another; no
    qualifying low named: the high takes the whole pot; the same player named for both
    halves takes it whole (TDA 20: split once, not per half)."""
    config = nl([DEEP] * 3, game="omaha_hilo", structure=Structure.POT_LIMIT)

    def played() -> Hand:
        hand, dealer = physical(config, board="Ah 5d 7c 4s Kh")
        to_showdown(hand, dealer)
        return hand

    hand = played()
    hand.act(Award(((0,),), low=((2,),)))
    assert [(a.half, a.amounts) for a in events_of(hand, ev.PotAwarded)] == [
        ("high", ((0, 150),)), ("low", ((2, 150),))]
    hand = played()
    hand.act(Award(((1,),), low=((),)))  # no qualifying low
    assert [(a.half, a.amounts) for a in events_of(hand, ev.PotAwarded)] == [
        ("whole", ((1, 300),))]
    hand = played()
    hand.act(Award(((0, 2),), low=((2, 0),)))  # the same two both ways: split once
    assert [(a.half, a.amounts) for a in events_of(hand, ev.PotAwarded)] == [
        ("whole", ((0, 150), (2, 150)))]


def test_S11_the_rake_comes_off_before_the_dealer_s_award() -> None:
    hand, dealer = physical(nl([DEEP] * 2, 50, 100, rake_percent=0.05, rake_cap=30),
                            board="Ah Kd 7c 4s 2h")
    play(hand, (1, 300), (0, "c"))
    to_showdown(hand, dealer)
    hand.act(Award(((1,),)))
    assert hand.rake == 30 and payouts(hand) == {1: 570}


def test_S10_stud_odd_chip_by_the_order_the_dealer_named_when_cards_are_unknown() -> None:
    """S10 in stud: the odd chip goes to the highest card by suit of the tied hands;
    with the down cards unknown the dealer reads it, naming that player first.  A pot
    of 13 (antes 3, the bring-in 5 and a call; the third player folds)."""
    config = HandConfig(variant=variant("stud"), structure=Structure.FIXED_LIMIT,
                        stacks=(DEEP,) * 3, antes=(1, 1, 1), bring_in=5, small_bet=10,
                        big_bet=20, min_bet=10)
    c = parse_cards("Ks Qh 9d 8c 7s 6h 5d 4c 3s 2h Tc Jd")
    n = None
    ups = [[n, n, c[0], c[3], c[6], c[9], n], [n, n, c[1], c[4], c[7], c[10], n],
           [n, n, c[2], c[5], c[8], c[11], n]]
    hand, dealer = physical(config, ups=ups)
    assert hand.legal_actions().bring_in == 5
    hand.act(BringIn())
    hand.act(CheckCall())
    hand.act(Fold())
    while hand.phase is not Phase.SHOWDOWN:
        dealer.deal()
        if hand.phase is Phase.BETTING:
            hand.act(CheckCall())
    assert hand.pot == 13
    left = [p for p in range(3) if not hand.folded[p]]
    named = (left[1], left[0])  # the later position first: the dealer read its card
    hand.act(Award((named,)))
    (award,) = events_of(hand, ev.PotAwarded)
    assert award.amounts == ((named[0], 7), (named[1], 6))


@pytest.mark.parametrize(("award", "why"), [
    (Award(((1,),)), "there is the main pot and 1 side pot: name the winners of each"),
    (Award(((1,), (1,))), "side pot 1: position 1 is not in it (in it: 0, 2)"),
    (Award(((5,), (2,))), "the main pot: position 5 is not in it"),
    (Award(((1, 1), (2,))), "the main pot: a position is named twice"),
    (Award(((1,), ())), "side pot 1: name who wins it (in it: 0, 2)"),
    (Award(((1,), (2,)), low=((1,), (2,))), "this game has no low half"),
])
def test_an_award_that_does_not_fit_the_pots_is_refused_and_changes_nothing(
        award: Award, why: str) -> None:
    hand, dealer = physical(nl([DEEP, 300, DEEP]), board="Ah Kd 7c 4s 2h")
    play(hand, (2, 1000), (0, "c"), (1, "c"))
    to_showdown(hand, dealer)
    refused = assert_refused(hand, award, "wrong_award")
    assert why in str(refused), str(refused)


def test_only_the_dealer_awards_and_only_at_the_showdown() -> None:
    hand, dealer = physical(nl([DEEP] * 2), board="Ah Kd 7c 4s 2h")
    refused = assert_refused(hand, Award(((0,),)), "showdown")
    assert "the dealer awards the pots at the showdown" in str(refused)
    play(hand, (1, "c"), (0, "x"))
    to_showdown(hand, dealer)
    assert_refused(hand, Award(((0,),)), "floor_only", position=0)
    hand.act(Award(((0,),)))
    assert payouts(hand) == {0: 200}


def test_a_pot_with_one_player_in_it_needs_no_name() -> None:
    """S1: a side pot only one player is left in (the other folded to a bet on the
    flop) goes to that player, named or not; the bet nobody called goes back (B12)."""
    hand, dealer = physical(nl([DEEP, 300, DEEP]), board="Ah Kd 7c 4s 2h")
    play(hand, (2, 1000), (0, "c"), (1, "c"))
    dealer.deal()
    play(hand, (0, 500), (2, "f"))
    to_showdown(hand, dealer)
    hand.act(Award(((1,), ())))
    assert payouts(hand) == {1: 900, 0: 1400}  # the side pot: 700 each of 0 and 2
    assert ev.BetReturned(None, 0, 500) in hand.events



def test_an_award_is_the_dealer_s_a_table_refuses_it_from_a_seat_and_phh_records_it(
        ) -> None:
    """The table takes the dealer's award by position (``table.hand.act``), never from
    a seat; a PHH file records it as the hand's outcome (``finishing_stacks`` and
    ``winnings``: PHH would work the winners out from cards nobody entered), and the
    room's stored form gives it back as it was."""
    from pokerroom.errors import IllegalActionError
    from pokerroom.history import loads
    from pokerroom.history.export import to_phh, to_phh_text
    from pokerroom.server.wire.codec import action_from_dict, action_to_dict
    from pokerroom.table import Stakes, Table

    award = Award(((1,), (2, 0)), low=((1,), ()))
    assert action_from_dict(action_to_dict(award)) == award
    assert action_from_dict(action_to_dict(Award(((0,),)))) == Award(((0,),))

    table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
    for seat, name in enumerate("AB"):
        table.sit(seat, name, 200)
    table.start_hand()
    with pytest.raises(IllegalActionError) as refused:
        table.act(0, Award(((0,),)))
    assert refused.value.reason == "not_a_player_action"

    hand, dealer = physical(nl([DEEP] * 2), board="Ah Kd 7c 4s 2h")
    play(hand, (1, "c"), (0, "x"))
    to_showdown(hand, dealer)
    hand.act(Award(((1,),)))
    history = to_phh(hand)
    assert history.finishing_stacks == tuple(hand.stacks)
    assert history.winnings == (0, 200)  # the big blind called and checked: 2 x 100
    assert not any(" sm " in str(a) for a in history.actions)  # no card was entered
    [back] = loads(to_phh_text(hand))
    assert (back.finishing_stacks, back.winnings) == (history.finishing_stacks,
                                                      history.winnings)
