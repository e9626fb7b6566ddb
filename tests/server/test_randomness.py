"""D1 in the room: every live deal comes from the operating system's CSPRNG.

A room started without a test seed deals every cash table and every tournament
from :class:`~pokerroom.cards.SecureRandom` (``os.urandom``); no request can choose
a seed (a tournament request naming one is refused), none is stored, and the
generator pickles with a tournament so a saved event deals from the operating
system again after a restore.  Each hand's deck order is still stored (restore).
"""

from __future__ import annotations

import asyncio
import copy
import os
import pickle
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from pokerroom.cards import Deck, SecureRandom, child_rng
from pokerroom.rules.events import HoleCardsDealt
from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.app import create_app
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.store import TournamentRow, TournamentStore
from pokerroom.server.wire.protocol import CreateTournament
from tests.server.conftest import actor_of, add_bot, new_table
from tests.server.test_tournament_restore import _floor
from tests.server.test_tournament_room import _check_end, _drive, _watch_every_hand


@pytest.fixture
def live_client(db_url: str) -> Iterator[TestClient]:
    """The room as ``pokerroom serve`` starts it: no seed."""
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def urandom_draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every read of ``os.urandom`` (the byte counts) that :class:`random.SystemRandom`
    or :class:`SecureRandom`'s pool makes; a Mersenne Twister never reads it."""
    reads: list[int] = []
    real: Callable[[int], bytes] = os.urandom

    def counted(n: int) -> bytes:
        reads.append(n)
        return real(n)

    monkeypatch.setattr(random, "_urandom", counted)
    monkeypatch.setattr(os, "urandom", counted)
    return reads


def _wait(condition: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


# ------------------------------------------------------------ the generator


def test_D1_the_secure_generator_pickles_and_copies_as_a_fresh_one() -> None:
    rng = SecureRandom()
    with pytest.raises(NotImplementedError):  # why the class exists
        pickle.dumps(random.SystemRandom())
    for other in (pickle.loads(pickle.dumps(rng)), copy.copy(rng), copy.deepcopy(rng)):
        assert type(other) is SecureRandom and other is not rng
        # No state travels (there is none): two generators never agree on 256 bits.
        assert other.getrandbits(256) != rng.getrandbits(256)
        assert sorted(Deck(rng=other).order) == list(range(52))


def test_D1_child_generators_are_secure_from_a_secure_one_and_seeded_from_a_seeded_one(
        ) -> None:
    assert type(child_rng(SecureRandom())) is SecureRandom
    seeded = [child_rng(random.Random(7)) for _ in range(2)]
    assert all(type(r) is random.Random for r in seeded)
    assert Deck(rng=seeded[0]).order == Deck(rng=seeded[1]).order
    assert Deck().order != Deck().order  # 52! orders: equal only by a broken source


def test_D1_the_secure_generator_draws_from_os_urandom_a_block_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw of up to 32 bits is the top bits of the next word of a block read from
    ``os.urandom``: one read per 256 draws, each word used once."""
    reads: list[int] = []
    block = bytes(range(256)) * 4  # words 0x03020100, 0x07060504, ... (little-endian)

    def fake(n: int) -> bytes:
        reads.append(n)
        return block[:n]

    monkeypatch.setattr(os, "urandom", fake)
    rng = SecureRandom()
    assert reads == []  # nothing read before the first draw
    words = [int.from_bytes(block[i:i + 4], "little") for i in range(0, 1024, 4)]
    assert rng.getrandbits(32) == words[0]
    assert rng.getrandbits(6) == words[1] >> 26
    assert rng.getrandbits(1) == words[2] >> 31
    assert [rng.getrandbits(32) for _ in range(253)] == words[3:]
    assert reads == [SecureRandom.POOL_BYTES]
    assert rng.getrandbits(32) == words[0]  # the next block (the same fake bytes)
    assert reads == [SecureRandom.POOL_BYTES] * 2
    rng.getrandbits(64)  # wider than a word: read at once, by SystemRandom
    assert rng.getrandbits(0) == 0
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


def test_D1_two_threads_never_share_a_word_of_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    counter = iter(range(1 << 30))

    def numbered(n: int) -> bytes:  # every word read is a different number
        return b"".join(next(counter).to_bytes(4, "little") for _ in range(n // 4))

    monkeypatch.setattr(os, "urandom", numbered)
    rng = SecureRandom()
    drawn: list[list[int]] = [[], []]

    def draw(out: list[int]) -> None:
        for _ in range(20_000):
            out.append(rng.getrandbits(32))

    threads = [threading.Thread(target=draw, args=(out,)) for out in drawn]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    every = drawn[0] + drawn[1]
    assert len(set(every)) == len(every) == 40_000


@pytest.mark.skipif(not hasattr(os, "fork"), reason="os.fork is POSIX only")
def test_D1_a_forked_child_does_not_deal_its_parents_next_cards() -> None:
    """The pool is thrown away in a forked child: parent and child draw different
    words (the same ones would deal the same cards in two processes)."""
    rng = SecureRandom()
    rng.getrandbits(8)  # the pool is read: 255 words are left in it
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its next draws, to the parent
        try:
            os.write(write_end, b"".join(rng.getrandbits(32).to_bytes(4, "little")
                                         for _ in range(8)))
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        child = pipe.read()
    os.waitpid(pid, 0)
    parent = b"".join(rng.getrandbits(32).to_bytes(4, "little") for _ in range(8))
    assert len(child) == 32 and child != parent


# ------------------------------------------------------------ cash tables


def test_D1_a_live_table_deals_from_the_os_csprng_and_stores_the_order(
        live_client: TestClient, urandom_draws: list[int]) -> None:
    c = live_client
    room = c.app.state.room  # type: ignore[attr-defined]
    assert type(room.rng) is SecureRandom
    table_id = new_table(c)
    actor = actor_of(c, table_id)
    assert type(actor.rng) is SecureRandom
    before = len(urandom_draws)
    add_bot(c, table_id)
    add_bot(c, table_id)
    _wait(lambda: actor.hand_number >= 1, "the first hand")
    # A 52-card Fisher-Yates draws at least 51 times, each a 32-bit word of the
    # generator's pool, read from os.urandom.
    assert sum(urandom_draws[before:]) >= 51 * 4
    # The deal is stored by the table's next group commit (before it is published).
    _wait(lambda: room.store.hand(table_id, 1) is not None, "the first hand stored")
    stored = room.store.hand(table_id, 1)
    assert stored is not None and sorted(stored.deck) == list(range(52))


def test_D1_a_room_with_a_test_seed_deals_from_a_seeded_generator(client: TestClient) -> None:
    """The counterpart: ``create_app(seed=7)`` (tests) is reproducible, not secure."""
    table_id = new_table(client)
    assert type(actor_of(client, table_id).rng) is random.Random
    assert type(client.app.state.room.rng) is random.Random  # type: ignore[attr-defined]


# ------------------------------------------------------------ tournaments


def test_D1_a_tournament_request_naming_a_seed_is_refused(live_client: TestClient) -> None:
    body = {"name": "Seeded", "structure": "sit_and_go"}
    refused = live_client.post("/api/tournaments", json={**body, "seed": 5})
    assert refused.status_code == 422 and "seed" in refused.text
    assert live_client.get("/api/tournaments").json() == []
    assert live_client.post("/api/tournaments", json=body).status_code == 200


def _first_deals(d: TournamentDirector) -> dict[int, list[tuple[int | None, ...]]]:
    return {n: [e.cards for e in table.hand.events if isinstance(e, HoleCardsDealt)]
            for n, table in d.play.t.floor.tables.items() if table.hand is not None}


def test_D1_two_tournaments_created_the_same_way_deal_different_cards() -> None:
    async def run() -> None:
        room = TournamentRoom(FakeClock(), bot_delay=1000.0, pause_between_hands=0.0)
        assert type(room.rng) is SecureRandom
        request = CreateTournament(name="Twin", structure="sit_and_go", seats=6)
        twins = [room.create(request) for _ in range(2)]
        for d in twins:
            assert type(d.play.rng) is SecureRandom and type(d.play.t.rng) is SecureRandom
            d.add_bots(d.director_key, 12, "steady")
            d.start(d.director_key)
        for _ in range(200):  # the bots wait (bot_delay): each table's first hand stays
            if all(len(_first_deals(d)) == 2 for d in twins):
                break
            await asyncio.sleep(0)
        first, second = (_first_deals(d) for d in twins)
        assert len(first) == len(second) == 2
        assert first != second
        seating = [[[p.name if p else None for p in t.players]
                    for _, t in sorted(d.play.t.floor.tables.items())] for d in twins]
        assert seating[0] != seating[1]  # the seat draw too (P1)
        await room.close()

    asyncio.run(run())


def test_D1_a_secure_tournament_saves_and_restores(tmp_path: Path) -> None:
    """Pickled with :class:`SecureRandom`, the event comes back exactly and deals
    from the operating system again; a definition stored before D1, which names a
    seed, still restores (the seed unused)."""

    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
        store.migrate()
        records = TournamentStore(store.engine)
        clock = FakeClock()
        room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, store=records)
        d = room.create(CreateTournament(name="Saved", structure="sit_and_go", seats=4,
                                         level_seconds=60, action_seconds=10))
        d.add_bots(d.director_key, 8, "random")
        d.start(d.director_key)
        while d.play.hands < 3 or d.recorded == 0:  # mid-hand, actions since the save
            for _ in range(20):
                await asyncio.sleep(0)
            clock.advance(1.0)
        before = _floor(d)
        saved = records.load()[0]
        assert "seed" not in saved.definition and "seed" not in saved.definition["request"]
        assert saved.engine is not None and b"SecureRandom" in saved.engine
        await room.close()  # as if killed: nothing more is written
        with store.engine.begin() as connection:  # as an older version stored it
            old = dict(saved.definition, seed=0.25,
                       request=dict(saved.definition["request"], seed=9))
            connection.execute(update(TournamentRow).where(TournamentRow.id == d.id)
                               .values(definition=old))
        room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, store=records)
        notes = room.restore()
        assert len(notes) == 1 and "restored" in notes[0], notes
        again = room.get(d.id)
        after = _floor(again)
        after["floor_log"] = after["floor_log"][:len(before["floor_log"])]
        assert after == before
        assert type(again.play.t.rng) is SecureRandom and again.play.t.rng is not d.play.t.rng
        assert type(again.play.rng) is SecureRandom
        _watch_every_hand(again)
        await _drive(again, clock, step=2.0)
        _check_end(again)
        await room.close()
        store.close()

    asyncio.run(run())
