"""F1 (ENC): the button ante, ``Stakes.button_ante``: "one of the players, normally
the dealer, pay[s] for everyone: if there are six players, the dealer would toss six
times the ante into the pot"."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerroom.errors import ConfigError
from pokerroom.rules.events import AntePosted
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions
from pokerroom.table.snapshot import table_from_dict, table_to_dict
from tests.table.conftest import fold_around, play


def ante_table(names: str, *, button_ante: bool, method: ButtonMethod | None = None) -> Table:
    """No limit 5-10 with an ante of 1, the button on seat 0."""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10, ante=1,
                       button_ante=button_ante)
    table = Table(stakes, TableOptions(seats=6, button_method=method))
    for seat, name in enumerate(names):
        table.sit(seat, name, 1000)
    table.first_button = 0
    return table


def antes_by_name(table: Table, hands: int) -> Counter[str]:
    """The antes each player posted in the next ``hands`` deals."""
    paid: Counter[str] = Counter()
    for _ in range(hands):
        hand = play(table)
        for e in hand.events:
            if isinstance(e, AntePosted):
                paid[hand.config.names[e.position]] += e.amount
    return paid


@pytest.mark.parametrize(("button_ante", "first_deal"), [
    (False, {"A": 1, "B": 1, "C": 1, "D": 1}),
    (True, {"A": 4}),
])
def test_F1_ENC_the_button_antes_for_everyone(button_ante: bool,
                                              first_deal: dict[str, int]) -> None:
    """F1 (ENC): with the button ante the dealer puts in the ante of every player dealt
    in (4 x 1), nobody else antes; the pot is the same, and over an orbit each player
    pays the same as with everyone anteing."""
    table = ante_table("ABCD", button_ante=button_ante)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.button == 0
    assert antes_by_name(table, 1) == first_deal
    assert antes_by_name(table, 3) + Counter(first_deal) == Counter(
        {"A": 4, "B": 4, "C": 4, "D": 4})


def test_F1_ENC_heads_up_the_button_on_the_small_blind_antes_for_both() -> None:
    """F1, F4: heads-up the button is the small blind, and it antes for both players."""
    table = ante_table("AB", button_ante=True)
    hand = table.start_hand()
    assert [(e.position, e.amount) for e in hand.events if isinstance(e, AntePosted)] == [(1, 2)]
    assert hand.config.names[1] == "A"  # the button acts last, in position 1 of 2


def test_F1_T2_a_dead_button_deal_has_no_ante() -> None:
    """F1, T2 (pokerroom's choice; ENC names the "minor inequities" of a player missing
    a turn to deal): when the button falls on an empty seat nobody deals from it, and
    nobody antes that deal."""
    table = ante_table("ABCDE", button_ante=True, method=ButtonMethod.DEAD_BUTTON)
    play(table)  # button A, blinds B and C
    table.leave(1)  # the small blind leaves: the button falls on the empty seat (T2)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.dead_button
    assert set(plan.antes) == {0}
    assert "dead button: nobody pays the button ante this deal (F1)" in plan.notes
    hand = table.start_hand()
    assert not [e for e in hand.events if isinstance(e, AntePosted)]
    fold_around(hand)
    table.finish_hand()
    assert sum(table.plan().antes) == 4  # the next button antes for the four again


def test_F1_ENC_a_short_button_antes_what_it_has() -> None:
    """F1, S1: a button who cannot cover everyone's ante is all-in for what it had."""
    table = ante_table("ABC", button_ante=True)
    button = table.player(0)
    button.stack = 2
    hand = table.start_hand()
    assert [e.amount for e in hand.events if isinstance(e, AntePosted)] == [2]
    assert hand.stacks[hand.config.names.index("A")] == 0


def test_F1_button_ante_refusals_and_snapshot() -> None:
    """F1: the button ante needs a blind game, an ante, and no big-blind ante (F7);
    a table keeps it across a snapshot."""
    for sizes in ({"ante": 0}, {"ante": 2, "big_blind_ante": True}):
        with pytest.raises(ConfigError, match="button_ante: the button pays the ante for "
                           "everyone dealt in"):
            Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2, button_ante=True,
                      **sizes)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="needs a blind game"):
        Stakes.of("stud", "fixed_limit", ante=1, bring_in=2, small_bet=4, big_bet=8,
                  button_ante=True)
    table = ante_table("ABC", button_ante=True)
    assert table_from_dict(table_to_dict(table)).stakes.button_ante
