"""The action clock against a player who never acts, and a time bank kept across
leave and join (issue #22, item 5; T13).  In-process, on the room's fake clock: time
moves only when the test moves it, a second at a time while the player holds the turn.

With the defaults (30 s a turn, a 30 s time bank, sat out after 2 timeouts) a
connected player who never acts holds the table 90 s in all: 30 + 30 (the bank) on
the first turn, 30 on the second; the rest of that hand is folded at once, and they
are sat out when it ends.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.actors.clock_memory import ClockSettings
from pokerroom.server.tables.actor import TableActor
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import Store
from pokerroom.server.wire.protocol import CreateTable
from pokerroom.table import Status


def _room(tmp_path: Path, clock: FakeClock, **settings: float) -> Room:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    store.migrate()
    return Room(store, clock, bot_delay=0.0, pause_between_hands=0.0, seed=7,
                clock_settings=ClockSettings(**settings))


async def _settle(actor: TableActor) -> None:
    """Let the actor do everything due now (each request is handled after a step)."""
    for _ in range(4):
        await actor.submit(lambda: None)


async def _hold(actor: TableActor, clock: FakeClock, seat: int, *, limit: int = 2000) -> int:
    """Move the clock a second at a time while ``seat`` holds the turn, until it is sat
    out; the seconds it held the table."""
    held = 0
    for _ in range(limit):
        await _settle(actor)
        player = actor.table.players[seat]
        assert player is not None
        if player.status is Status.SITTING_OUT and actor.table.hand is None:
            return held
        if actor.table.hand is not None and actor.table.to_act == seat:
            clock.advance(1.0)
            held += 1
        else:
            clock.advance(0.001)
    raise AssertionError(f"seat {seat} was not sat out; held {held} s: {list(actor.log)[-30:]}")


def test_T13_a_player_who_never_acts_holds_the_table_90_seconds_at_most(
        tmp_path: Path) -> None:
    """Heads-up against a calling station, Alice (connected, so her time bank runs)
    never acts.  Each turn the clock runs out on counts; at the second she is away:
    her remaining turns in that hand are folded at once, and she is sat out when it
    ends.  She held the table 90 s (30 + 30 + 30).  Counting hands instead of turns
    let her check down every street of a hand in the big blind, twice."""

    async def run() -> None:
        clock = FakeClock()
        room = _room(tmp_path, clock)
        actor = room.create_table(CreateTable(name="Clock", seats=2))
        assert actor.settings.action_seconds == 30 and actor.time_bank_full == 30
        await actor.submit(lambda: actor.pause(True))
        _, sitting = await actor.submit(lambda: actor.join("Alice", 0, 100))
        await actor.submit(lambda: actor.add_bot("station", 1, None))
        await actor.submit(lambda: actor.subscribe(sitting))
        await actor.submit(lambda: actor.pause(False))
        held = await _hold(actor, clock, 0)
        assert held == 90, list(actor.log)
        assert any("Alice is sat out after 2 timeouts" in line for line in actor.log)
        await room.close()

    asyncio.run(run())


def test_T13_sitting_in_again_buys_one_more_action_clock_only(tmp_path: Path) -> None:
    """Alice, sat out for her timeouts, sits in again and still never acts: one more
    timeout (30 s, her bank being empty) sits her out again.  Sitting in used to clear
    her count, buying 60 s more each time."""

    async def run() -> None:
        clock = FakeClock()
        room = _room(tmp_path, clock)
        actor = room.create_table(CreateTable(name="Clock", seats=2, time_bank_every=1000))
        await actor.submit(lambda: actor.pause(True))
        _, sitting = await actor.submit(lambda: actor.join("Alice", 0, 100))
        await actor.submit(lambda: actor.add_bot("station", 1, None))
        await actor.submit(lambda: actor.subscribe(sitting))
        await actor.submit(lambda: actor.pause(False))
        assert await _hold(actor, clock, 0) == 90
        await actor.submit(lambda: actor.sit_in(0, True))
        assert await _hold(actor, clock, 0) == 30, list(actor.log)
        await room.close()

    asyncio.run(run())


def test_leaving_and_joining_again_keeps_the_time_bank_and_the_timeouts(
        tmp_path: Path) -> None:
    """Alice uses her whole time bank on one timeout, leaves, and joins again within
    ``clock.time_bank_memory_seconds`` as "alice": she has no bank and one timeout
    counted, so her next timeout (30 s) sits her out.  It used to give a fresh sitting
    a full bank and a clean count (60 + 30 s more).  Past the memory, a full bank."""

    async def run() -> None:
        clock = FakeClock()
        room = _room(tmp_path, clock, time_bank_memory_seconds=600)
        actor = room.create_table(CreateTable(name="Clock", seats=3, time_bank_every=1000))
        await actor.submit(lambda: actor.pause(True))
        _, sitting = await actor.submit(lambda: actor.join("Alice", 0, 100))
        await actor.submit(lambda: actor.add_bot("station", 1, None))
        await actor.submit(lambda: actor.add_bot("station", 2, None))
        await actor.submit(lambda: actor.subscribe(sitting))
        await actor.submit(lambda: actor.pause(False))
        held = 0
        for _ in range(1000):  # to her first timeout: 30 s and the bank's 30
            await _settle(actor)
            if actor.seats[0].timeouts:
                break
            if actor.table.hand is not None and actor.table.to_act == 0:
                clock.advance(1.0)
                held += 1
            else:
                clock.advance(0.001)
            assert held <= 60
        assert held == 60 and actor.seats[0].time_bank == 0
        await actor.submit(lambda: actor.leave(0))
        await _settle(actor)
        assert 0 not in actor.seats
        _, again = await actor.submit(lambda: actor.join("alice", 0, 100))
        meta = actor.seats[0]
        assert meta.time_bank == 0 and meta.timeouts == 1
        await actor.submit(lambda: actor.subscribe(again))
        assert await _hold(actor, clock, 0) == 30, list(actor.log)
        # an hour later (past the 600 s the table remembers), a full bank again
        await actor.submit(lambda: actor.leave(0))
        await _settle(actor)
        clock.advance(601)
        await actor.submit(lambda: actor.join("Alice", 0, 100))
        assert actor.seats[0].time_bank is None and actor.seats[0].timeouts == 0
        await room.close()

    asyncio.run(run())


def test_the_clock_memory_survives_a_restart(tmp_path: Path) -> None:
    """What the table remembers of a person who left is kept with its snapshot."""

    async def run() -> None:
        clock = FakeClock()
        room = _room(tmp_path, clock)
        actor = room.create_table(CreateTable(name="Clock", seats=3))
        await actor.submit(lambda: actor.join("Bob", 0, 100))
        actor.seats[0].time_bank = 12.5
        await actor.submit(lambda: actor.leave(0))
        await room.close()
        again = _room(tmp_path, clock)
        again.restore()
        restored = again.get(actor.id)
        await restored.submit(lambda: restored.join("BOB", 1, 100))
        assert restored.seats[1].time_bank == 12.5
        await again.close()

    asyncio.run(run())
