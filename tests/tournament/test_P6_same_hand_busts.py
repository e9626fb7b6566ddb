"""P6: players who bust on the same hand: more chips at the start of the hand finishes
higher, equal stacks tie and share; on the money bubble they share the places paid."""

from __future__ import annotations

from pokerroom.tournament import Bust, Eliminations, Level
from pokerroom.tournament.events import PlayerEliminated
from tests.tournament.conftest import bust, floor, labels_in_order, tournament

PRIZES = [50, 30, 20]


def test_P6_bigger_stack_at_the_start_of_the_hand_finishes_higher() -> None:
    el = Eliminations()
    el.add([Bust(1, 300), Bust(2, 500), Bust(3, 100)])
    assert [(f.entry, f.place) for f in el.standings(10, PRIZES)] == [(2, 8), (1, 9), (3, 10)]


def test_P6_equal_stacks_tie_and_share() -> None:
    el = Eliminations()
    el.add([Bust(7, 100)])
    el.add([Bust(1, 300), Bust(2, 300)])  # 2nd and 3rd with 4 entries
    finishes = el.standings(4, PRIZES, winners=[Bust(9, 0)])
    tied = [f for f in finishes if f.entry in (1, 2)]
    assert {(f.place, f.place_to) for f in tied} == {(2, 3)}
    assert sorted(f.prize for f in tied) == [25, 25]
    assert sum(f.prize for f in finishes) == 100


def test_P6_bubble_group_shares_regardless_of_chips() -> None:
    """Places 3-5 with 3 paid: everyone shares the 3rd prize, whatever their stacks."""
    el = Eliminations()
    el.add([Bust(1, 900), Bust(2, 100), Bust(3, 500)])
    finishes = el.standings(5, PRIZES)
    assert {(f.place, f.place_to) for f in finishes} == {(3, 5)}
    assert sorted(f.prize for f in finishes) == [6, 7, 7]
    assert max(finishes, key=lambda f: f.prize).entry == 1  # odd chip: bigger stack


def test_P6_two_bust_on_one_hand_at_a_table() -> None:
    """At a nine-handed table two players go all in and lose to aces: the one who had
    more chips at the start of the hand takes the better place."""
    t = tournament(9)
    t.start()
    order = labels_in_order(t, 1)
    small, big = order[0], order[1]
    table = t.table(1)
    table.players[table.seat_of(small)].stack = 400  # type: ignore[union-attr]
    t.chips_expected -= 600
    hand = bust(t, 1, [small, big], winner=order[-1])
    assert hand.is_over
    out = [e for e in t.finish_hand(1).events if isinstance(e, PlayerEliminated)]
    assert [(e.name, e.place) for e in out] == [(small, 9), (big, 8)]  # lowest place first


def test_P6_house_option_rank_by_stack_after_the_big_blind_ante() -> None:
    """``bust_order="after_antes"`` (the 2026 TDA text as reported): stacks after the
    big-blind ante decide.  A big blind with 1,500 who pays a 400 ante counts 1,100,
    below a player who started with 1,200."""
    bba = (Level(600, 200, 400, ante=400, big_blind_ante=True),)
    t = tournament(9, schedule=bba, chips=(100,), starting_stack=3000,
                   floor=floor(bust_order="after_antes"))
    t.start()
    order = labels_in_order(t, 1)
    table = t.table(1)
    pos = table.plan().positions
    assert pos is not None
    bb = table.players[pos.big_blind]
    assert bb is not None
    other = order[0]
    bb.stack = 1500
    table.players[table.seat_of(other)].stack = 1200  # type: ignore[union-attr]
    bust(t, 1, [bb.name, other], winner=order[2])
    out = {e.name: e.place for e in t.finish_hand(1).events if isinstance(e, PlayerEliminated)}
    assert out == {other: 8, bb.name: 9}
