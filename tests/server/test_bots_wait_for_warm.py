"""The room's bots wait for their kernels (bots/odds.py ``expect_warm``, the room's
start-up): a bot decision while the kernels load in their thread would load or
compile them on the event loop, stopping every table for seconds (seen as a served
tournament's requests timing out in a fresh clone, where Numba compiles them).  The
bots' turns are asked again every ``WARM_POLL`` seconds instead; once the warm-up
ends they play as before.  In-process, on the room's fake clock."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from pokerroom.bots import odds
from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.actors.driver import WARM_POLL
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import Store
from pokerroom.server.wire.protocol import CreateTable


def test_bots_do_not_decide_until_the_warm_up_ends(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
        store.migrate()
        clock = FakeClock()
        room = Room(store, clock, bot_delay=0.0, pause_between_hands=0.0, seed=7)
        actor = room.create_table(CreateTable(name="Warm", seats=2))
        odds.expect_warm()
        try:
            await actor.submit(lambda: actor.add_bot("station", 0, None))
            await actor.submit(lambda: actor.add_bot("station", 1, None))
            for _ in range(20):  # two seconds of the warm-up, in polls
                clock.advance(WARM_POLL)
                for _ in range(4):
                    await actor.submit(lambda: None)
            hand = actor.table.hand
            assert hand is not None, "a hand is dealt: the blinds are posted"
            assert not [e for e in hand.events if type(e).__name__ in (
                "Called", "Checked", "Folded", "BetOrRaised")], "a bot decided while warming"
        finally:
            odds.warm()  # ends the warm-up
        for _ in range(200):
            clock.advance(WARM_POLL)
            await actor.submit(lambda: None)
            if actor.hand_number > 1:
                break
        assert actor.hand_number > 1, "the bots did not play once the warm-up ended"
        await room.close()

    asyncio.run(run())


def test_numpy_random_is_imported_before_the_warm_up_thread_starts() -> None:
    """Imported lazily by the warm-up thread and another at once, NumPy's random
    module's circular imports tripped Python's import-deadlock check once in CI: the
    thread that announces the warm-up imports it first (a fresh interpreter)."""
    code = ("import sys\nfrom pokerroom.bots.odds import expect_warm\n"
            "assert 'numpy.random' not in sys.modules\nexpect_warm()\n"
            "assert 'numpy.random' in sys.modules, 'not imported by expect_warm'\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_a_room_loads_the_kernels_only_when_its_bots_first_play(tmp_path: Path) -> None:
    """The room announces the warm-up at start (``expect_warm(on_demand=True)``) and
    its thread starts when a hand is dealt to a bot (``request_warm``): a room whose
    tables have only people never loads Numba (about 0.65 s of CPU at every start, and
    its memory); once two bots sit down, the kernels load while the person acts, so
    the bots' first turn need not wait for them.  Alice is first to act (under the gun
    of three) and never does, on a 10-minute clock: the warm-up ends (within the test's
    2 minutes, compiling on a cold cache included) while hand 1 waits on her.  A fresh
    interpreter, the room's own lifespan (``create_app``)."""
    code = f"""
import sys, time
from fastapi.testclient import TestClient
from pokerroom.bots import odds
from pokerroom.server.app import create_app
app = create_app("sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.0,
                 pause_between_hands=0.0, seed=3)
with TestClient(app) as client:
    table = client.post("/api/tables", json={{"name": "People", "seats": 4,
                                               "action_seconds": 600}}).json()
    host = table["host"]
    joined = client.post(f"/api/tables/{{table['id']}}/join",
                         json={{"name": "Alice", "seat": 1, "buy_in": 100}})
    assert joined.status_code == 200, joined.text
    assert not odds.is_warm(), "the warm-up was not announced"
    assert "numba" not in sys.modules, "a room without bots loaded Numba"
    for seat in (0, 2):
        added = client.post(f"/api/tables/{{table['id']}}/bots",
                            json={{"host": host, "policy": "solid", "seat": seat}})
        assert added.status_code == 200, added.text
    deadline = time.monotonic() + 120
    while not odds.is_warm() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert odds.is_warm(), "the deal to the bots did not start the warm-up"
    assert ("numba" in sys.modules) == odds._fast(), "the kernels were not loaded"
    state = client.get(f"/api/tables/{{table['id']}}").json()["state"]
    assert state["hand"]["number"] == 1 and state["hand"]["actor"] == 1, state["hand"]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=180, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-3000:]


def test_a_room_that_stops_before_its_bots_play_calls_its_warm_up_off() -> None:
    """A warm-up announced on demand and never asked for ends with its room
    (``withdraw_warm``): bots driven later in the same process (another room, a
    tournament's tables) do not wait for a thread that nobody will start."""
    odds.expect_warm(on_demand=True)
    try:
        assert not odds.is_warm()
    finally:
        odds.withdraw_warm()  # never left announced for the worker's later tests
    assert odds.is_warm()
