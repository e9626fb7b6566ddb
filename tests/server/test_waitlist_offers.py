"""The waitlist's offers run out (issue 24, item 2): in-process on the room's fake
clock, a seat offered to the first name for 60 s passes to the next when the time is
up; the next's offer is kept; a closed table empties the list."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.actors.clock_memory import ClockSettings
from pokerroom.server.tables.actor import TableActor
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import Store
from pokerroom.server.tables.waitlist import OFFER_SECONDS, Waitlist
from pokerroom.server.wire.protocol import CreateTable


def _room(tmp_path: Path, clock: FakeClock) -> Room:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    store.migrate()
    return Room(store, clock, bot_delay=0.0, pause_between_hands=0.0, seed=7,
                clock_settings=ClockSettings())


async def _settle(actor: TableActor) -> None:
    for _ in range(4):
        await actor.submit(lambda: None)


def _offers(actor: TableActor) -> list[tuple[str, int | None]]:
    return [(w.name, w.seat) for w in actor.sittings.waitlist.names]


def test_an_offer_not_taken_in_time_passes_to_the_next_name(tmp_path: Path) -> None:
    async def run() -> None:
        clock = FakeClock()
        room = _room(tmp_path, clock)
        actor = room.create_table(CreateTable(name="Full", seats=2))
        await actor.submit(lambda: actor.pause(True))
        await actor.submit(lambda: actor.join("Alice", 0, 100))
        await actor.submit(lambda: actor.join("Bob", 1, 100))
        for name in ("Carol", "Dave"):
            await actor.submit(lambda name=name: actor.host.join_waitlist(name))
        await actor.submit(lambda: actor.kick(1))
        await _settle(actor)
        assert _offers(actor) == [("Carol", 1), ("Dave", None)]
        clock.advance(OFFER_SECONDS - 1)
        await _settle(actor)
        assert _offers(actor) == [("Carol", 1), ("Dave", None)]
        clock.advance(1)
        await _settle(actor)
        assert _offers(actor) == [("Dave", 1)]
        assert any("Carol did not take seat 2 in time" in line for line in actor.log)
        stored = room.store.load_table(actor.id)
        assert stored is not None and stored.host_state is not None
        assert [(w.name, w.seat) for w in Waitlist.from_dict(
            stored.host_state["waitlist"]).names] == [("Dave", 1)]
        await actor.submit(lambda: actor.close())
        assert actor.sittings.waitlist.names == []
        await room.close()

    asyncio.run(run())


def test_each_free_seat_goes_to_the_next_name_in_order() -> None:
    """Two seats free, three names: the first two are offered one each (in the list's
    order); a seat offered that is taken meanwhile (the host's bot) is offered no more;
    the expired first makes way; the third keeps waiting until a seat is free."""
    waitlist = Waitlist()
    carol, dave, eve = (waitlist.add(name) for name in ("Carol", "Dave", "Eve"))
    assert [w.id for w in waitlist.offer([2, 5], now=0.0)] == [carol.id, dave.id]
    assert (carol.seat, dave.seat, eve.seat) == (2, 5, None)
    assert waitlist.due() == OFFER_SECONDS
    assert waitlist.offer([2], now=1.0) == []  # seat 5 taken: Dave's offer is withdrawn
    assert dave.seat is None and eve.seat is None
    assert waitlist.expire(OFFER_SECONDS) == [carol]
    assert [w.id for w in waitlist.offer([2], now=OFFER_SECONDS)] == [dave.id]
    assert [p["place"] for p in waitlist.public()] == [1, 2]
    assert "token" not in str(waitlist.public())
