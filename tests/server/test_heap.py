"""The room's pacing of the garbage collector (server/operations/heap.py): start-up's
objects and then each minute's survivors frozen out of the full passes, everything
collected once an hour, nothing frozen after shutdown."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from pokerroom.server.app import create_app
from pokerroom.server.operations.heap import YOUNG_THRESHOLD, HeapFreeze
from tests.server.conftest import wait_until


class _Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


async def _until(condition: object, what: str) -> None:
    assert callable(condition)
    for _ in range(2000):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"waited 10 s for {what}")


def test_survivors_are_frozen_and_cycles_collected_at_the_full_pass() -> None:
    async def run() -> None:
        heap = HeapFreeze(asyncio.get_running_loop(), settle_seconds=0.01, full_seconds=0.05)
        try:
            heap.start()
            assert gc.get_freeze_count() > 0  # start-up's objects are frozen
            cycle = _Node()
            gone = weakref.ref(cycle)
            settled = heap.settled
            await _until(lambda: heap.settled > settled, "a settling")
            # The cycle survived a young collection: frozen, the collector skips it.
            del cycle
            gc.collect()
            assert gone() is not None, "a frozen cycle was collected before the full pass"
            passes = heap.full_passes
            await _until(lambda: heap.full_passes > passes, "the full pass")
            assert gone() is None, "the full pass did not collect the cycle"
        finally:
            heap.thaw()
        assert gc.get_freeze_count() == 0
        settled = heap.settled
        await asyncio.sleep(0.05)
        assert heap.settled == settled, "it went on settling after shutdown"

    asyncio.run(run())


def _started_room(tmp_path: Path, *, frozen: bool, **options: Any) -> tuple[int, int]:
    """The freeze count once a room started (and, when ``frozen``, once it froze), and
    after it stopped."""
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.0,
                     pause_between_hands=0.0, seed=1, **options)
    gc.unfreeze()
    with TestClient(app) as client:
        assert client.get("/api/tables").status_code == 200
        if frozen:  # the first freeze is made at start, on the event loop
            wait_until(lambda: gc.get_freeze_count() > 0)
        during = gc.get_freeze_count()
    return during, gc.get_freeze_count()


def test_a_room_that_owns_its_process_freezes_its_heap(tmp_path: Path) -> None:
    """``pokerroom serve``'s room (``freeze_heap=True``) freezes start-up's objects and
    thaws them at shutdown."""
    during, after = _started_room(tmp_path, frozen=True, freeze_heap=True)
    assert during > 0 and after == 0


def test_a_room_inside_another_program_leaves_the_collector_alone(tmp_path: Path) -> None:
    """By default (a room in someone else's process, the tests' rooms) nothing is
    frozen, and no start runs a full collection of the process's heap."""
    assert _started_room(tmp_path, frozen=False) == (0, 0)


def test_the_young_generation_is_collected_less_often_until_shutdown() -> None:
    """While the room paces the collector, the youngest generation's pass waits for
    YOUNG_THRESHOLD new objects (a room makes thousands per action), the older ones
    keep CPython's pace; at shutdown CPython's thresholds are given back."""
    before = gc.get_threshold()

    async def run() -> tuple[int, int, int]:
        heap = HeapFreeze(asyncio.get_running_loop())
        heap.start()
        try:
            return gc.get_threshold()
        finally:
            heap.thaw()

    assert asyncio.run(run()) == (YOUNG_THRESHOLD, before[1], before[2])
    assert before[0] < YOUNG_THRESHOLD
    assert gc.get_threshold() == before
