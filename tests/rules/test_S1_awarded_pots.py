"""The hand keeps its pots once it is over (S1): each pot's chips and the positions
eligible for it, indexed like ``PotAwarded.pot`` -- what a tournament needs to say
who won the chips a busted player had in play (a knockout bounty)."""

from __future__ import annotations

import copy
import pickle

from pokerroom.rules import events as ev

from .conftest import dealt, events_of, nl, play

DEEP = 10_000


def test_S1_awarded_pots_name_each_pots_eligible_positions() -> None:
    """S1: stacks 300, 700, deep, deep all in: the main pot is everyone's, the first
    side pot excludes the 300 stack, the second only the two deep stacks."""
    hand, dealer = dealt(nl([300, 700, DEEP, DEEP]), ["AsAh", "KsKh", "QsQh", "JsJh"],
                         "2c7d9cTd3s")
    assert hand.awarded_pots == ()
    play(hand, (2, DEEP), (3, "c"), (0, "c"), (1, "c"), dealer=dealer)
    assert hand.is_over
    assert hand.awarded_pots == ((1_200, (0, 1, 2, 3)), (1_200, (1, 2, 3)),
                                 (2 * (DEEP - 700), (2, 3)))
    awarded = {e.pot: sum(c for _, c in e.amounts) for e in events_of(hand, ev.PotAwarded)}
    assert awarded == {k: amount for k, (amount, _) in enumerate(hand.awarded_pots)}


def test_B4_uncontested_pot_is_the_last_players_alone() -> None:
    """B4: everyone folds to the big blind (position 1): one pot, theirs alone."""
    hand, dealer = dealt(nl([1_000, 1_000, 1_000]), ["AsAh", "KsKh", "QsQh"], "")
    play(hand, "f", "f", dealer=dealer)
    assert hand.is_over
    (pot,) = hand.awarded_pots
    assert pot[1] == (1,) and pot[0] == sum(c for e in events_of(hand, ev.PotAwarded)
                                            for _, c in e.amounts)


def test_S1_awarded_pots_survive_a_pickle_and_a_copy() -> None:
    """The pots are part of the hand's state: pickled and copied with it."""
    hand, dealer = dealt(nl([300, DEEP]), ["AsAh", "KsKh"], "2c7d9cTd3s")
    play(hand, DEEP, "c", dealer=dealer)
    assert hand.is_over
    assert pickle.loads(pickle.dumps(hand)).awarded_pots == hand.awarded_pots
    assert copy.deepcopy(hand).awarded_pots == hand.awarded_pots == (
        (600, (0, 1)),)
