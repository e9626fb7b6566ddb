"""Running it twice (cash-game house option, issue 4): the rest of the board is dealt
twice and each pot is split between the two runs."""

from __future__ import annotations

from pokerroom.cards import FULL_DECK, Deck, parse_cards
from pokerroom.rules import Hand, HandConfig, Structure, button_blinds, variant
from pokerroom.rules import events as ev


def _deck(holes: list[str], rest: str) -> Deck:
    cards = [parse_cards(h) for h in holes]
    order = [h[0] for h in cards] + [h[1] for h in cards] + parse_cards(rest)
    used = set(order)
    order += [c for c in FULL_DECK if c not in used]
    return Deck.from_order(order)


def _config(twice: bool) -> HandConfig:
    return HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                      stacks=(100, 100), blinds=button_blinds(2, 1, 2), min_bet=2,
                      run_it_twice=twice)


def test_run_it_twice_splits_the_pot_between_two_boards() -> None:
    # Position 0 (big blind) AsAh, position 1 (button) KsKh.  Run 1: burn 2c, flop 3d 7c 9h, burn,
    # turn Jd, burn, river Kd (kings win).  Run 2: burn, flop 4d 8s Tc, burn, turn 2d,
    # burn, river 5c (aces win).
    rest = "2c 3d7c9h 3c Jd 4c Kd  6c 4d8sTc 6d 2d 6h 5c"
    hand = Hand(_config(True), _deck(["AsAh", "KsKh"], rest))
    hand.bet_raise(100)  # the button shoves
    hand.check_call()  # the big blind calls: no more betting
    assert hand.is_over
    runs = [e for e in hand.events if isinstance(e, ev.BoardRun)]
    assert {e.run for e in runs} == {1, 2}
    assert len(hand.runs) == 2 and all(len(b) == 5 for b in hand.runs)
    assert hand.runs[0] != hand.runs[1]
    awards = [e for e in hand.events if isinstance(e, ev.PotAwarded)]
    assert [a.amounts for a in awards] == [((1, 100),), ((0, 100),)]
    assert hand.stacks == [100, 100]  # one run each


def test_run_it_twice_off_deals_one_board() -> None:
    rest = "2c 3d7c9h 3c Jd 4c Kd"
    hand = Hand(_config(False), _deck(["AsAh", "KsKh"], rest))
    hand.bet_raise(100)
    hand.check_call()
    assert hand.is_over and hand.runs == []
    assert hand.stacks == [0, 200]  # the king on the river wins it all


def test_run_it_twice_odd_chip_goes_to_the_first_run() -> None:
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(101, 100), blinds=button_blinds(2, 1, 2), min_bet=2,
                        antes=(1, 0), run_it_twice=True)
    rest = "2c 3d7c9h 3c Jd 4c Kd  6c 4d8sTc 6d 2d 6h 5c"
    hand = Hand(config, _deck(["AsAh", "KsKh"], rest))
    hand.bet_raise(100)
    hand.check_call()
    total = sum(c for e in hand.events if isinstance(e, ev.PotAwarded) for _, c in e.amounts)
    assert total == 201
    assert sum(hand.stacks) == 201
    assert hand.stacks[1] == 101  # the kings took the first run's bigger half


def test_S11_an_all_in_before_the_flop_run_twice_is_raked() -> None:
    """S11, "no flop, no drop": a hand all-in before the flop and run twice has had
    its flops dealt, so it pays the rake like any hand that saw a flop."""
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(100, 100), blinds=button_blinds(2, 1, 2), min_bet=2,
                        run_it_twice=True, rake_percent=0.05, rake_cap=4,
                        no_flop_no_drop=True)
    rest = "2c 3d7c9h 3c Jd 4c Kd  6c 4d8sTc 6d 2d 6h 5c"
    hand = Hand(config, _deck(["AsAh", "KsKh"], rest))
    hand.bet_raise(100)
    hand.check_call()
    assert hand.is_over and len(hand.runs) == 2
    assert hand.rake == 4  # 5% of 200 is 10, capped at 4
    assert [e.amount for e in hand.events if isinstance(e, ev.RakeTaken)] == [4]
    assert sum(hand.stacks) + hand.rake == 200
