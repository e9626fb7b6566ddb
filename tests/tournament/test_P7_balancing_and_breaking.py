"""P7: tables kept within the tolerance by moving the player due the big blind to the
worst position on the short table; tables broken by a seat-card draw; the final table
(RP-9); a table short by three halts (TDA 11-D)."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.rules.actions import CheckCall, Fold
from pokerroom.table import Status
from pokerroom.tournament.events import (
    FinalTableFormed,
    HandForHandRoundEnded,
    PlayerMoved,
    PlayerSeated,
    TableBroken,
)
from pokerroom.tournament.seating import fill_order, next_balance_move, should_break
from pokerroom.tournament.tables import TournamentTable
from tests.tournament.conftest import (
    bust,
    floor,
    labels_in_order,
    play,
    small_structure,
    tournament,
)


def test_P7_balance_arithmetic() -> None:
    assert next_balance_move({1: 9, 2: 8}, 1) is None
    assert next_balance_move({1: 9, 2: 7}, 1) == (1, 2)
    assert next_balance_move({1: 9, 2: 7, 3: 9}, 1) == (3, 2)  # the next table to break
    assert next_balance_move({1: 9, 2: 7}, 2) is None
    assert should_break(18, 3, 9) and not should_break(19, 3, 9)
    assert fill_order({1: 7, 2: 8, 3: 6}, 4, {1: 2, 2: 1, 3: 3}) == {1: 2, 3: 2}


def test_P7_player_due_the_big_blind_moves_to_the_worst_position() -> None:
    """18 players at two tables of nine.  The two players left of the big blind bust at
    table 1: one player moves from table 2, the one due its big blind, into the seat
    table 1's big blind reaches next: they pay it at once."""
    t = tournament(18)
    t.start()
    due = t.table(2).due_big_blind()
    mover = t.table(2).players[due]
    assert mover is not None
    bust(t, 1, labels_in_order(t, 1)[2:4])  # the two players left of the big blind
    result = t.finish_hand(1)
    moves = [e for e in result.events if isinstance(e, PlayerMoved)]
    assert len(moves) == 1
    move = moves[0]
    assert (move.from_table, move.from_seat, move.to_table, move.reason) == (2, due, 1, "balance")
    assert t.entries[move.entry].label == mover.name
    # The seat taken is the first empty seat after table 1's last big blind.
    table = t.table(1)
    assert table.positions is not None
    n = table.seat_count
    after_bb = [(table.positions.big_blind + k) % n for k in range(1, n)]
    assert move.to_seat == next(s for s in after_bb if s in (*table.empty_seats(), move.to_seat))
    plan = table.plan()
    assert plan.positions is not None and plan.positions.big_blind == move.to_seat
    assert sorted(t.floor.sizes().values()) == [8, 8]


def test_P7_tolerance_is_a_house_option() -> None:
    t = tournament(18, floor=floor(balance_tolerance=2))
    t.start()
    bust(t, 1, labels_in_order(t, 1)[:2])
    assert not any(isinstance(e, PlayerMoved) for e in t.finish_hand(1).events)
    assert t.floor.sizes() == {1: 7, 2: 9}
    bust(t, 1, labels_in_order(t, 1)[2:3])  # a player who still has 1,000
    moves = [e for e in t.finish_hand(1).events if isinstance(e, PlayerMoved)]
    assert len(moves) == 1 and t.floor.sizes() == {1: 7, 2: 8}


def test_P7_table_breaks_by_seat_card_draw() -> None:
    """27 players at three tables of nine; when 18 are left they fit at two tables:
    table 3 breaks and its players draw seat cards for the open seats."""
    t = tournament(27)
    t.start()
    events: list[object] = []
    for n in (1, 2, 3):
        bust(t, n, labels_in_order(t, n)[:3])
        events += t.finish_hand(n).events
    assert TableBroken(3) in events
    moved = [e for e in events if isinstance(e, PlayerMoved) and e.reason == "break"]
    assert moved and {e.from_table for e in moved} == {3}
    assert sorted(t.floor.sizes().values()) == [9, 9] and 3 not in t.floor.tables
    assert len({(e.to_table, e.to_seat) for e in moved}) == len(moved)
    for e in moved:
        player = t.table(e.to_table).players[e.to_seat]
        assert player is not None and player.name == t.entries[e.entry].label


@pytest.mark.parametrize(("seats", "final"), [(9, 9), (8, 9), (10, 10), (6, 7), (7, 7)])
def test_P7_RP9_final_table_size(seats: int, final: int) -> None:
    """RP-9: 9- and 8-handed events finish at a nine-handed final table, 7- and
    6-handed events at a seven-handed one."""
    t = tournament(2 * final, seats=seats)
    assert t.structure.final_table_seats == final


def test_P7_RP9_two_tables_of_five_combine_into_the_final_nine() -> None:
    t = tournament(10)
    t.start()
    assert t.floor.sizes() == {1: 5, 2: 5}
    bust(t, 2, labels_in_order(t, 2)[:1])
    events = t.finish_hand(2).events
    formed = [e for e in events if isinstance(e, FinalTableFormed)]
    assert formed == [FinalTableFormed(1, 9)]
    assert len([e for e in events if isinstance(e, PlayerSeated)]) == 9
    assert list(t.floor.tables) == [1] and t.table(1).seat_count == 9
    assert t.table(1).first_button is not None  # a new draw for the button (P1)


def test_P7_TDA_11_1_short_table_halts_until_players_arrive() -> None:
    """TDA-11-1: table A has 5, the largest table 8 (3 more): A halts until balanced.
    Table 2 is in a hand, so nobody can move yet."""
    t = tournament(16)
    t.start()
    busy = t.start_hand(2)
    bust(t, 1, labels_in_order(t, 1)[:3])
    t.finish_hand(1)
    assert t.floor.sizes() == {1: 5, 2: 8}
    with pytest.raises(IllegalActionError) as e:
        t.start_hand(1)
    assert e.value.reason == "table_halted"
    play(busy, call=())
    moves = [e for e in t.finish_hand(2).events if isinstance(e, PlayerMoved)]
    assert len(moves) == 1 and sorted(t.floor.sizes().values()) == [6, 7]
    t.start_hand(1)


def test_P7_player_moved_to_a_table_in_a_hand_sits_down_after_it() -> None:
    t = tournament(18)
    t.start()
    busy = t.start_hand(2)
    bust(t, 1, labels_in_order(t, 1)[:2])
    t.finish_hand(1)  # table 2 is busy: no move yet (it is the source)
    assert t.floor.sizes() == {1: 7, 2: 9}
    play(busy, call=())
    t.finish_hand(2)
    assert t.floor.sizes() == {1: 8, 2: 8}


def test_P7_worst_position_is_never_the_small_blind() -> None:
    """When only the seats of the last small and big blinds are open, the moved player
    takes the button seat (the big blind in three hands), not the small blind."""
    t = tournament(18)
    t.start()
    bust(t, 1, labels_in_order(t, 1)[:2])  # small and big blind bust
    moves = [e for e in t.finish_hand(1).events if isinstance(e, PlayerMoved)]
    table = t.table(1)
    plan = table.plan()
    assert plan.positions is not None
    assert moves[0].to_seat == plan.positions.button != plan.positions.small_blind_seat
    assert moves[0].to_seat in plan.seats  # dealt in on the button (TDA)


def test_P7_P5_players_moved_to_a_lone_player_on_the_bubble_are_dealt_in() -> None:
    """P7, P5: nine players at three tables of three, three paid, hand-for-hand from
    five left.  Table 1 plays heads-up and its big blind busts, leaving the button
    alone; table 3, in a hand meanwhile, breaks when that hand ends and two of its
    players sit down at table 1.  Table 1 must deal them in: counting the newcomer
    as one of the "two others who can play", both were left waiting for the button
    and table 1 could deal nobody but its lone player ("a hand needs at least two
    players"), so the hand-for-hand round waited for it for ever (CI: the tournament
    WebSocket test's "no winner in 40 s")."""
    t = tournament(9, seed=4, seats=3)
    t.start()
    busy = t.start_hand(3)
    order = labels_in_order(t, 1)
    bust(t, 1, order[:1], winner=order[2])
    t.finish_hand(1)
    play(t.start_hand(1), call=())  # heads-up: the small blind folds
    t.finish_hand(1)
    bust(t, 2, labels_in_order(t, 2)[:2])
    t.finish_hand(2)
    table = t.table(1)
    due = table.plan().positions
    assert due is not None and due.heads_up
    victim = table.players[due.big_blind]
    assert victim is not None
    lone = next(p.name for p in table.seated().values() if p.name != victim.name)
    bust(t, 1, [victim.name], winner=lone)
    t.finish_hand(1)
    assert t.h4h.active and t.floor.sizes() == {1: 1, 2: 1, 3: 3}
    play(busy, call=())
    events = t.finish_hand(3).events
    assert TableBroken(3) in events
    assert len([e for e in events if isinstance(e, PlayerMoved) and e.to_table == 1]) == 2
    ended = []
    for n in (1, 2):  # every table plays the round's hand: the round ends
        hand = t.start_hand(n)
        assert len(hand.config.names) >= 2
        play(hand, call=())
        ended += [e for e in t.finish_hand(n).events if isinstance(e, HandForHandRoundEnded)]
    assert ended


def _fold_hands(table: TournamentTable, count: int, rng: random.Random) -> None:
    for _ in range(count):
        hand = table.start_hand(Deck(rng=rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(CheckCall() if legal.check else Fold())
        table.finish_hand()


def test_P7_newcomers_waiting_for_the_button_are_dealt_in_when_the_others_cannot_play() -> None:
    """P7: two players moved to a heads-up table wait for the button to pass; then one
    of the two who were there leaves (moved to balance, or busted).  The next deal
    would have one player: the waiting newcomers are dealt in instead (a table that
    can never deal holds up balancing and hand-for-hand play for good)."""
    rng = random.Random(1)
    table = TournamentTable(2, small_structure().stakes_at(1), seats=4)
    table.seat_player(0, "A", 1000)
    table.seat_player(1, "C", 1000)
    table.first_button = 0
    _fold_hands(table, 2, rng)
    assert table.positions is not None and table.positions.heads_up
    table.seat_player(2, "N0", 1000)
    table.seat_player(3, "N1", 1000)
    assert [p.status for p in table.players[2:]] == [Status.NEW, Status.NEW]  # wait
    table.leave(0)
    assert len(table.plan().seats) == 1  # as the cash table would deal: C alone
    hand = table.start_hand(Deck(rng=rng))
    assert sorted(hand.config.names) == ["C", "N0", "N1"]
