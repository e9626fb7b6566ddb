"""The Tournament's public API for tables it does not deal (a live event's floor):
busts reported by table and seat (P6), a hand-for-hand hand over (P5), the director's
move (P7), setting the clock and the structure (P3), on a plain Tournament."""

from __future__ import annotations

import dataclasses
import doctest

import pytest

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament import Break, Level, Tournament
from pokerroom.tournament.events import (
    HandForHandRoundEnded,
    LevelStarted,
    PlayerEliminated,
    PlayerMoved,
)
from tests.tournament.conftest import fifty_paid, tournament


def state(t: Tournament) -> object:
    """Everything a refused report must leave as it was."""
    seats = {(n, s): (p.name, p.stack) for n, tb in t.floor.tables.items()
             for s, p in tb.seated().items()}
    return (seats, t.players_left, len(t.log), t.eliminations.count, t.clock.elapsed,
            t.h4h.active, sorted(t.h4h.done), [e.deciding_rebuy for e in t.entries.values()])


def test_P6_report_busts_ranks_one_hands_busts_by_their_chips_at_the_start() -> None:
    """P6: two players out on one reported hand; more chips at the start finishes
    higher; the seats are freed and the events are in the tournament's log."""
    t = tournament(20)
    t.start()
    a, b = (1, min(t.table(1).seated())), (2, min(t.table(2).seated()))
    name_a, name_b = (t.table(n).players[s].name for n, s in (a, b))  # type: ignore[union-attr]
    assert t.seat_of(name_a) == a
    events = t.report_busts([a, b], chips_at_start={a: 300, b: 800})
    out = {e.name: e.place for e in events if isinstance(e, PlayerEliminated)}
    assert out == {name_a: 20, name_b: 19}
    assert t.players_left == 18
    seated = {p.name for tb in t.floor.tables.values() for p in tb.seated().values()}
    assert name_a not in seated and name_b not in seated and len(seated) == 18
    assert all(e in t.log for e in events)
    with pytest.raises(IllegalActionError, match=f"'{name_a}' is out of the event") as refused:
        t.seat_of(name_a)
    assert refused.value.reason is Reason.ELIMINATED


def test_report_busts_refusals_change_nothing() -> None:
    """Bad reports are refused whole, with what was wrong, and change nothing."""
    t = tournament(20)
    with pytest.raises(IllegalActionError, match="not in play") as refused:
        t.report_busts([(1, 0)])
    assert refused.value.reason is Reason.NOT_RUNNING
    t.start()
    seat = min(t.table(1).seated())
    name = t.table(1).players[seat].name  # type: ignore[union-attr]
    t.report_busts([(1, seat)])
    before = state(t)
    with pytest.raises(IllegalActionError, match=f"seat {seat + 1} is empty: {name} busted "
                       "from it already") as refused:
        t.report_busts([(1, seat)])
    assert refused.value.reason is Reason.EMPTY_SEAT
    other = min(t.table(2).seated())
    with pytest.raises(IllegalActionError, match="empty"):  # one bad seat: none taken
        t.report_busts([(2, other), (1, seat)])
    with pytest.raises(IllegalActionError, match="names a seat twice"):
        t.report_busts([(2, other), (2, other)])
    with pytest.raises(IllegalActionError, match="no table 9 in play") as refused:
        t.report_busts([(9, 0)])
    assert refused.value.reason is Reason.NO_TABLE
    with pytest.raises(ConfigError, match="seats 1-9, not 12"):
        t.report_busts([(2, 11)])
    with pytest.raises(ConfigError, match="at least one table and seat"):
        t.report_busts([])
    with pytest.raises(ConfigError, match="for every bust reported, or for none"):
        t.report_busts([(2, other)], chips_at_start={(2, 99): 10})
    assert state(t) == before


def test_P5_report_hand_done_ends_the_round_when_every_table_is_done() -> None:
    """P5: hand-for-hand, each table reports its hand (a bust counts its table done);
    the round ends when all have, and busts of one round share the places they cover."""
    t = tournament(53, payout=fifty_paid(), late_registration_levels=0)
    t.start()
    with pytest.raises(IllegalActionError, match="hand-for-hand is not on") as refused:
        t.report_hand_done(1)
    assert refused.value.reason is Reason.NOT_HAND_FOR_HAND
    t.start_hand_for_hand()
    tables = sorted(t.floor.tables)
    first = (tables[0], min(t.table(tables[0]).seated()))
    second = (tables[1], min(t.table(tables[1]).seated()))
    assert t.report_busts([first]) == []  # the round goes on: no place yet
    before = state(t)
    with pytest.raises(IllegalActionError, match="has played this round's hand") as refused:
        t.report_hand_done(tables[0])
    assert refused.value.reason is Reason.HAND_FOR_HAND
    assert state(t) == before
    t.report_busts([second])
    for n in tables[2:-1]:
        assert not any(isinstance(e, HandForHandRoundEnded) for e in t.report_hand_done(n))
    events = t.report_hand_done(tables[-1])
    assert any(isinstance(e, HandForHandRoundEnded) for e in events)
    places = [(e.place, e.place_to) for e in events if isinstance(e, PlayerEliminated)]
    assert places == [(52, 53), (52, 53)]  # one round: the two share 52nd-53rd


def test_P7_director_move_keeps_the_tables_within_the_tolerance() -> None:
    """P7: the director's move goes to an empty seat of another table, never leaving the
    tables further apart than the tolerance (one); a refused move changes nothing."""
    t = tournament(20)
    t.start()
    assert {n: len(t.table(n).seated()) for n in t.floor.tables} == {1: 7, 2: 7, 3: 6}
    short, full = t.table(3), t.table(1)
    stays = short.players[min(short.seated())]
    mover = full.players[min(full.seated())]
    assert stays is not None and mover is not None
    before = state(t)
    with pytest.raises(IllegalActionError, match=r"3 players apart \(P7 allows 1\)") as refused:
        t.move(stays.name, 1, full.empty_seats()[0])  # 5 and 8
    assert refused.value.reason is Reason.MOVE_NOT_ALLOWED
    with pytest.raises(IllegalActionError, match="a move goes to another table"):
        t.move(mover.name, 1, full.empty_seats()[0])
    with pytest.raises(IllegalActionError, match="is taken"):
        t.move(mover.name, 3, min(short.seated()))
    with pytest.raises(ConfigError, match="seats 1-9, not 10"):
        t.move(mover.name, 3, 9)
    assert state(t) == before
    from_seat = t.seat_of(mover.name)[1]
    seat = short.empty_seats()[0]
    events = t.move(mover.name, 3, seat)  # 6, 7 and 7
    assert events[0] == PlayerMoved(t.entry(mover.name).number, 1, from_seat, 3, seat,
                                    "director")
    assert events[0] in t.log
    assert t.seat_of(mover.name) == (3, seat)


def test_P3_set_clock_and_set_structure() -> None:
    """P3: the director sets the clock forward (the level passed starts) and plays on
    with an edited structure at the same time on the clock."""
    t = tournament(10)
    t.start()
    t.advance(100)
    events = t.set_clock(600)
    assert [e for e in events if isinstance(e, LevelStarted)] == [LevelStarted(2)]
    assert LevelStarted(2) in t.log and t.level == 2
    with pytest.raises(ConfigError, match="only set forward"):
        t.set_clock(500)
    schedule = list(t.structure.schedule)
    schedule[2] = Level(900, 20, 40)
    t.set_structure(dataclasses.replace(t.structure, schedule=tuple(schedule)))
    assert t.clock.elapsed == 600 and t.level == 2
    assert (t.stakes(3).small_blind, t.stakes(3).big_blind) == (20, 40)
    assert t.clock.level_start(3) == 1200
    before = (t.structure, t.clock.elapsed, t.level)
    past = list(t.structure.schedule)
    past[0] = Level(600, 10, 20)
    with pytest.raises(ConfigError, match="changes what has been played"):
        t.set_structure(dataclasses.replace(t.structure, schedule=tuple(past)))
    ended = list(t.structure.schedule)
    ended[1] = Level(60, 10, 20)  # level 2, 0 seconds in: still level 2 (60 > 0)
    t.set_structure(dataclasses.replace(t.structure, schedule=tuple(ended)))
    t.advance(30)
    on_break = list(t.structure.schedule)
    on_break[1] = Break(600)  # the level in progress would turn into a break
    with pytest.raises(ConfigError, match="changes what has been played"):
        t.set_structure(dataclasses.replace(t.structure, schedule=tuple(on_break)))
    with pytest.raises(ConfigError, match="changes only its levels and breaks"):
        t.set_structure(dataclasses.replace(t.structure, buy_in=500))
    assert t.level == 2 and t.clock.elapsed == 630 and t.structure.buy_in == before[0].buy_in
    with pytest.raises(IllegalActionError, match="not in play"):
        tournament(3).set_clock(60)


def test_report_busts_example_runs() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(Tournament.report_busts, "Tournament.report_busts"):
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0 and results.failed == 0
