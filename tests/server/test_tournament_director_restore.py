"""What the director set that the room keeps across a restart (issue 24): a start
time not yet come, and a move waiting for the hand at the player's table to end
(P7).  The director on a fake clock over a real SQLite file, dropped and read back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.store import TournamentStore
from pokerroom.server.wire.protocol import CreateTournament


async def _restart(room: TournamentRoom, d: TournamentDirector, clock: FakeClock,
                   records: TournamentStore) -> tuple[TournamentRoom, TournamentDirector]:
    await room.close()  # the task is cancelled: nothing more is written
    room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, seed=3,
                          store=records)
    assert "restored" in room.restore()[0]
    return room, room.get(d.id)


async def _turns(clock: FakeClock, until: Callable[[], bool], limit: int = 5000) -> None:
    """Let the director's task run, the fake clock moving half a second at a time,
    until ``until`` holds."""
    for _ in range(limit):
        if until():
            return
        for _ in range(10):
            await asyncio.sleep(0)
        clock.advance(0.5)
    raise AssertionError("never came")


def test_the_start_time_and_a_waiting_move_survive_a_restart(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
        store.migrate()
        records = TournamentStore(store.engine)
        clock = FakeClock(1_000.0)
        room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, seed=9,
                              store=records)
        d = room.create(CreateTournament(name="Kept", structure="turbo", seats=6,
                                         level_seconds=600, starts_at=1_060.0))
        await d.submit(lambda: d.add_bots(d.director_key, 9, "station"))
        room, d = await _restart(room, d, clock, records)
        assert d.play.status == "registering" and d.play.starts_at == 1_060.0
        await _turns(clock, lambda: d.play.status == "running")
        assert clock.now() >= 1_060.0
        assert "The start time has come: the tournament starts" in d.play.floor_log

        # A move asked during a hand waits for it; a restart keeps it.
        t = d.play.t
        await _turns(clock, lambda: any(tb.hand is not None and len(tb.seated()) == 5
                                           for tb in t.floor.tables.values()))
        big = next(tb for tb in t.floor.tables.values() if len(tb.seated()) == 5)
        small = next(tb for tb in t.floor.tables.values() if tb is not big)
        who = next(iter(big.seated().values())).name
        seat = next(s for s, p in enumerate(small.players) if p is None)
        await d.submit(lambda: d.move(d.director_key, who, small.number, seat))
        assert who in d.play.moves.pending
        room, d = await _restart(room, d, clock, records)
        move = d.play.moves.pending[who]
        assert (move.table, move.seat) == (small.number, seat)
        t = d.play.t
        await _turns(clock, lambda: getattr(t.floor.table_of(who), "number", None)
                     == small.number)
        assert who not in d.play.moves.pending
        await room.close()
        store.close()

    asyncio.run(run())
