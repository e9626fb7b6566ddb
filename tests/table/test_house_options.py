"""House options a table passes to its hands, and the ones it refuses: what a cardroom
manager may choose (B5, B15, F12, S11, the board run twice) and what each allows."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.errors import ConfigError
from pokerroom.rules.actions import BringIn
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.snapshot import table_from_dict, table_to_dict

from .conftest import check_down, holdem_table, play, seat_of, stacked_deck, stud_deck

STUD_SIZES: dict[str, Any] = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


SEATED = {0: "Pair", 3: "Low"}


def _stud_table(**stakes: Any) -> Table:
    table = Table(Stakes.of("stud", "fixed_limit", **{**STUD_SIZES, **stakes}),
                  TableOptions(seats=6))
    for seat, name in SEATED.items():
        table.sit(seat, name, 200)
    return table


@pytest.mark.parametrize("double", [True, False])
def test_B15_open_pair_double_reaches_the_hands_the_table_deals(double: bool) -> None:
    """B15: the table's ``open_pair_double`` is the hand's; with a pair of kings showing
    on fourth street the player may bet the big bet, and only then."""
    table = _stud_table(open_pair_double=double)
    cards = {"Pair": "2c3cKd Kh", "Low": "4c4d2d 7s"}
    order = [SEATED[s] for s in table.plan().seats]  # engine seats in dealing order
    hand = table.start_hand(stud_deck([cards[name] for name in order]))
    assert hand.config.open_pair_double is double
    low, pair = order.index("Low"), order.index("Pair")
    assert hand.actor == low and hand.legal_actions().bring_in == 2
    hand.act(BringIn())
    hand.check_call()
    legal = hand.legal_actions()
    assert hand.actor == pair  # the open pair is the best hand showing (B1)
    assert (legal.min_raise_to, legal.max_raise_to) == (5, 5)
    assert legal.big_raise_to == (10 if double else None)


def test_B5_raise_cap_reaches_the_hand() -> None:
    table = _stud_table(raise_cap=None)
    hand = table.start_hand(stud_deck(["2c3cKd", "4c4d2d"]))
    assert hand.config.raise_cap is None


@pytest.mark.parametrize(
    ("game", "structure"),
    [("stud_hilo", "fixed_limit"), ("razz", "fixed_limit"), ("stud", "spread_limit"),
     ("holdem", "fixed_limit")],
)
def test_B15_open_pair_double_is_for_fixed_limit_high_stud_only(game: str,
                                                                  structure: str) -> None:
    sizes = STUD_SIZES if game != "holdem" else {"small_blind": 1, "big_blind": 2}
    with pytest.raises(ConfigError, match=r"open_pair_double \(B15\) is for fixed-limit "
                                          r"seven-card stud only \(never stud hi-lo or razz\)"):
        Stakes.of(game, structure, open_pair_double=True, **sizes)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kill": "pot_size"}, r"kill = 'pot_size' needs kill_pot_size > 0"),
        ({"kill_pot_size": -5}, "kill_pot_size cannot be negative"),
        ({"kill_factor": 3.0}, r"kill_factor is 2 \(full kill\) or 1.5 \(half kill\)"),
        ({"rake_percent": 5.0}, r"rake_percent is a fraction of the pot .* \(0.05 is 5%\)"),
        ({"rake_percent": -0.1}, "rake_percent is a fraction"),
        ({"rake_cap": -1}, r"rake_cap cannot be negative \(0: no cap\)"),
    ],
)
def test_F12_S11_impossible_house_options_are_refused(options: dict[str, Any],
                                                      message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        TableOptions(**options)


def test_B5_a_raise_cap_below_one_is_refused() -> None:
    with pytest.raises(ConfigError, match="raise_cap is at least 1"):
        Stakes.of("holdem", "fixed_limit", small_blind=1, big_blind=2, raise_cap=0)


@pytest.mark.parametrize(
    ("game", "options", "message"),
    [
        ("stud", {"kill": "two_pots"}, r"a kill blind \(F12\) needs a blind game"),
        ("stud", {"run_it_twice": True}, "running it twice needs a board"),
        ("badugi", {"run_it_twice": True}, "running it twice needs a board"),
    ],
)
def test_F12_options_a_game_cannot_use_are_refused(game: str, options: dict[str, Any],
                                                   message: str) -> None:
    sizes = STUD_SIZES if game == "stud" else {"small_blind": 1, "big_blind": 2}
    with pytest.raises(ConfigError, match=message):
        Table(Stakes.of(game, "fixed_limit", **sizes), TableOptions(**options))


@pytest.mark.parametrize(("pot_size", "killed"), [(30, True), (31, False)])
def test_F12_half_kill_after_a_pot_of_the_set_size(pot_size: int, killed: bool) -> None:
    """F12, ``kill="pot_size"``: winning a pot of at least ``kill_pot_size`` alone means
    a kill blind next deal; a half kill (1.5x) scales the blind and the bets."""
    table = holdem_table("ABC", button=2, structure="fixed_limit", kill="pot_size",
                         kill_factor=1.5, kill_pot_size=pot_size)
    a = seat_of(table, "A")
    losers = iter(["7c2d", "8c3d"])
    holes = ["AsAh" if s == a else next(losers) for s in table.plan().seats]
    hand = table.start_hand(stacked_deck(holes, "KdQs4h9s2c"))
    check_down(hand)
    table.finish_hand()
    assert table.stacks()[a] == 1000 + 20  # A won the 30 in the pot alone
    plan = table.plan()
    assert plan.kill_seat == (a if killed else None)
    hand = table.start_hand(stacked_deck(["2c3d", "4c5d", "6c7d"]))
    if killed:
        assert plan.blinds[plan.position_of(a)] == 15
        assert (hand.config.small_bet, hand.config.big_bet) == (15, 30)
    else:
        assert (hand.config.small_bet, hand.config.big_bet) == (10, 20)


@pytest.mark.parametrize("hands", [1, 2, 8])
def test_T11_the_new_game_survives_the_tables_snapshot(hands: int) -> None:
    """T11 (``new_game_round``): a table brought back from its snapshot (a restart of the
    room) is as far into its new game as it was: the same free seats, and established
    once the button has gone round."""
    table = holdem_table("ABCD", seats=6)
    for _ in range(hands):
        play(table)
    copy = table_from_dict(table_to_dict(table))
    assert copy.new_game == table.new_game == (hands < 8)
    assert [copy.new_game_round.free_at(s, copy.hands_dealt) for s in range(6)] == [
        table.new_game_round.free_at(s, table.hands_dealt) for s in range(6)]


def test_T11_an_older_snapshot_of_a_table_that_has_dealt_counts_as_established() -> None:
    table = holdem_table("ABCD", seats=6)
    play(table)
    data = table_to_dict(table)
    del data["button_travel"], data["blinds_reached"]
    assert not table_from_dict(data).new_game
