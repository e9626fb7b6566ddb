"""The table driver (``server/actors/driver.py``), the one that plays a cash table's and
every tournament table's hand: in seats through ``Table.act``, with the owner's
``Seats`` deciding what differs.  The room's tests (test_clock, test_preactions,
test_tournament_room, ...) drive it through a real server; these pin its order and
its seats on a table whose seats are not its positions."""

from __future__ import annotations

import random
from collections import deque

import pytest

from pokerroom.bots import BOTS, Policy
from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.actions import Action, CheckCall, Fold
from pokerroom.rules.engine import Hand
from pokerroom.server.actors.driver import Move, TableDriver, Turn
from pokerroom.table import Stakes, Table, TableOptions


class Timing:
    action_seconds = 30.0
    bot_delay = 1.0


class StubSeats:
    """A table's answers to the driver, written down for the test."""

    def __init__(self, *, bots: dict[int, Policy] | None = None, bank: float = 0.0,
                 killed: set[int] | None = None) -> None:
        self.bots = bots or {}
        self.bank = bank
        self.killed = killed or set()
        self.moves: list[Move] = []
        self.timeouts: list[int] = []
        self.over = 0

    def bot(self, seat: int) -> Policy | None:
        return self.bots.get(seat)

    def brief(self, policy: Policy) -> None:
        pass

    def stand_in(self, seat: int, hand: Hand) -> tuple[Action, str] | None:
        return (Fold(), "killed") if seat in self.killed else None

    def preaction(self, seat: int) -> Action | None:
        return None

    def away(self, seat: int) -> bool:
        return False

    def muck_losing(self, seat: int) -> bool:
        return False

    def overtime(self, seat: int, at: float) -> float:
        more, self.bank = self.bank, 0.0
        return more

    def acted(self, move: Move) -> None:
        self.moves.append(move)

    def timed_out(self, seat: int) -> None:
        self.timeouts.append(seat)

    def narration_end(self, hand: Hand) -> int | None:
        return None

    def hand_over(self) -> None:
        self.over += 1


def _table() -> Table:
    """Heads-up in seats 2 and 5 of six (positions 0 and 1), the button in seat 2."""
    table = Table(Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10),
                  TableOptions(seats=6))
    table.sit(2, "Ann", 1000)
    table.sit(5, "Bob", 1000)
    table.first_button = 2
    table.start_hand(Deck(rng=random.Random(7)))
    return table


def _driver(table: Table, seats: StubSeats) -> TableDriver:
    driver = TableDriver(table, seats, Turn(), log=deque(), timing=Timing())
    driver.begin("--- hand 1 ---")
    return driver


def test_a_timeout_checks_or_folds_in_seats_after_the_clock_and_the_bank() -> None:
    table = _table()
    seats = StubSeats(bank=10.0)
    driver = _driver(table, seats)
    first = table.to_act
    assert first in (2, 5)
    assert driver.step(0.0) and driver.turn.deadline == 30.0  # the clock starts
    assert not driver.step(29.9) and not seats.moves
    assert driver.step(30.0) and driver.turn.deadline == 40.0  # the time bank's 10 s
    assert not driver.step(39.0) and not seats.moves
    assert driver.step(40.0)
    move = seats.moves[0]
    assert (move.seat, move.by, seats.timeouts) == (first, "timeout", [first])
    assert isinstance(move.action, Fold)  # facing the big blind: fold
    assert move.position == table.plan_in_play.position_of(first)  # type: ignore[union-attr]
    assert f"{driver.name(first)} ran out of time" in driver.log
    assert seats.over == 1 and table.hand is not None and table.hand.is_over


def test_a_bot_waits_its_delay_and_a_stand_in_comes_before_it() -> None:
    table = _table()
    first = table.to_act
    assert first is not None
    other = 7 - first  # seats 2 and 5
    seats = StubSeats(bots={first: BOTS["station"](random.Random(1))}, killed={other})
    driver = _driver(table, seats)
    assert not driver.step(0.0) and driver.turn.bot_due == 1.0
    assert driver.step(1.0)
    assert [(m.seat, m.by) for m in seats.moves][:2] == [(first, "bot"), (other, "killed")]
    assert isinstance(seats.moves[0].action, CheckCall)
    assert seats.over == 1


def test_a_players_action_is_refused_out_of_turn_and_taken_in_seats() -> None:
    table = _table()
    seats = StubSeats()
    driver = _driver(table, seats)
    first = table.to_act
    assert first is not None
    with pytest.raises(IllegalActionError) as refused:
        driver.act(7 - first, CheckCall())
    assert refused.value.reason == Reason.NOT_YOUR_TURN and not seats.moves
    with pytest.raises(IllegalActionError) as outside:
        driver.act(0, CheckCall())
    assert outside.value.reason == Reason.NOT_IN_HAND
    driver.act(first, CheckCall())
    assert [(m.seat, m.by) for m in seats.moves] == [(first, "player")]
    assert table.to_act == 7 - first and driver.turn.deadline is None
