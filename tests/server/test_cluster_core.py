"""The room on many processes (issue 15), its core in one test process: leases and
fencing on a real PostgreSQL, redirects between two workers' apps, a graceful
hand-over and a worker fenced off mid-game.  The whole thing (three worker processes,
nginx, kill -9 and SIGSTOP) is tests/cluster."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, create_engine, func, select, text
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pokerroom.server.app import create_app
from pokerroom.server.cluster.leases import Fencing, LeaseBook, LeaseLost
from pokerroom.server.tables.store import ActionRow, LedgerRow, Store
from pokerroom.server.wire.sockets import MOVED, token_subprotocols
from tests.server.conftest import wait_until
from tests.server.pg import PostgresServer, postgres_server

LEASE = 2.0
"""The leases of the LeaseBook tests (seconds)."""


@pytest.fixture(scope="module")
def pg() -> Iterator[PostgresServer]:
    with postgres_server() as server:
        yield server


_databases = iter(range(1000))


@pytest.fixture()
def url(pg: PostgresServer) -> str:
    """A fresh, migrated database for one test."""
    url = pg.create_database(f"cluster_{next(_databases)}")
    store = Store(url)
    store.migrate()
    store.close()
    return url


def _worker(url: str, name: str, **kwargs: Any) -> Any:
    """A worker in this process.  Its lease (6 s: renewed each second, its owner
    "heard of lately" within 3 s) is long enough for a loaded 2-core machine, where a
    1.5 s lease (heard of within 0.75 s) made another worker answer 503 'table_moving'
    instead of a redirect; these tests hand over by stopping a worker (its leases given
    up at once), never by letting one run out."""
    return create_app(url, worker=name, bot_delay=0.02, pause_between_hands=0.05,
                      lease_seconds=kwargs.pop("lease_seconds", 6.0), **kwargs)


def _bot_table(client: TestClient, bots: int = 3) -> str:
    created = client.post("/api/tables", json={"name": "leased"}).json()
    for seat in range(bots):
        assert client.post(f"/api/tables/{created['id']}/bots",
                           json={"host": created["host"], "policy": "tag", "seat": seat},
                           ).status_code == 200
    return str(created["id"])


def _two_workers_and_a_table(url: str) -> tuple[Engine, LeaseBook, LeaseBook, Store]:
    """Workers w1 and w2 registered (leases of :data:`LEASE`) and table t1 stored, with
    no lease taken yet."""
    engine = create_engine(url)
    first = LeaseBook(engine, name="w1", url="/w/w1", seconds=LEASE)
    second = LeaseBook(engine, name="w2", url="/w/w2", seconds=LEASE)
    first.register()
    second.register()
    store = Store(url)
    store.create_table("t1", "leased", {}, {}, host_key="k")
    return engine, first, second, store


def _ran_out(engine: Engine, book: LeaseBook) -> bool:
    """``book``'s worker row has run out by the database's clock (it was not renewed)."""
    with engine.connect() as c:
        return bool(c.execute(text("SELECT expires_at <= EXTRACT(EPOCH FROM clock_timestamp()) "
                                   "FROM workers "
                                   "WHERE name = :name"), {"name": book.instance}).scalar_one())


def _actions(url: str) -> int:
    engine = create_engine(url)
    with engine.connect() as c:
        n = int(c.execute(select(func.count()).select_from(ActionRow)).scalar_one())
    engine.dispose()
    return n


def test_a_write_after_the_lease_was_taken_over_is_refused_by_the_database(url: str) -> None:
    """Fencing: a worker whose lease ran out and was taken (a higher epoch) writes
    nothing: the check inside its transaction refuses it and the whole transaction rolls
    back.  A lease whose owner is alive cannot be taken; once the owner ran out it can,
    with epoch + 1, and the owner cannot renew itself back to life."""
    # Lives long enough for a loaded machine's slowest step between two renewals (the
    # test waits for w1 to run out on a condition, not for a fixed time).
    engine, first, second, store = _two_workers_and_a_table(url)
    epoch = first.acquire("table", "t1")
    assert epoch == 1
    store.fencing = Fencing(first.instance, {("table", "t1"): epoch})
    store.ledger("t1", "Ann", 0, "buy_in", 100)  # the owner writes
    assert first.renew() and second.renew()
    assert second.acquire("table", "t1") is None  # held: not taken
    # w1 "pauses" (renews no more) while w2 renews in time: once w1 has run out, w2
    # takes the table with the next epoch.
    deadline = time.monotonic() + LEASE + 10
    while (epoch := second.acquire("table", "t1")) is None:
        assert time.monotonic() < deadline, "w1's lease never ran out"
        time.sleep(0.05)
        assert second.renew()
    assert epoch == 2
    with pytest.raises(LeaseLost):
        store.ledger("t1", "Ann", 0, "buy_in", 5000)
    with pytest.raises(LeaseLost):  # the same for the hottest write
        store.add_action("t1", 1, 1, 0, {"type": "fold"})
    assert store.fencing.refused == 2 and ("table", "t1") not in store.fencing.held
    assert not first.renew()  # it ran out: no coming back as the same owner
    with engine.connect() as c:
        amounts = c.execute(select(LedgerRow.amount)).scalars().all()
    assert amounts == [100]  # the refused write did not land
    assert second.renew()  # w2 is heard of: clients go there
    owner = first.owner("table", "t1")
    assert owner is not None and owner.url == "/w/w2"
    store.close()
    engine.dispose()


def test_a_lease_run_out_but_not_taken_refuses_its_old_owner_too(url: str) -> None:
    """A worker paused past its lease cannot write even when no one has taken the table
    yet (it may already be being taken); a dead worker's clients are sent nowhere; a
    lease given up is free at once."""
    engine = create_engine(url)
    book = LeaseBook(engine, name="w1", url="/w/w1", seconds=LEASE)
    book.register()
    store = Store(url)
    store.create_table("t1", "leased", {}, {}, host_key="k")
    store.fencing = Fencing(book.instance, {("table", "t1"): book.acquire("table", "t1") or 0})
    assert book.renew()
    owner = book.owner("table", "t1")
    assert owner is not None and owner.url == "/w/w1"
    wait_until(lambda: _ran_out(engine, book), seconds=LEASE + 10)  # paused, no renewal
    with pytest.raises(LeaseLost):
        store.save_snapshot("t1", {"x": 1})
    owner = book.owner("table", "t1")
    assert owner is not None and owner.url is None  # no one to send a client to
    assert book.owner("table", "nope") is None  # no such table
    book.rejoin()  # a new instance: it holds nothing, and may take the table again
    epoch = book.acquire("table", "t1")
    assert epoch == 2
    other = LeaseBook(engine, name="w2", url="/w/w2", seconds=LEASE)
    other.register()
    assert other.acquire("table", "t1") is None
    book.release("table", "t1", epoch)
    assert other.acquire("table", "t1") == 3
    store.close()
    engine.dispose()


def _hold_lease_row(engine: Engine, resource: str) -> Connection:
    """A session that locks ``resource``'s lease row as a worker's write does (the
    fence's ``FOR SHARE``) and then stops inside its transaction, with no timeout of
    the database's to end it: what a worker stopped mid-write left behind once."""
    held = engine.connect()
    held.begin()
    held.execute(text("SELECT 1 FROM leases WHERE kind = 'table' AND resource = :r "
                      "FOR SHARE"), {"r": resource})
    return held


def test_a_takeover_ends_a_stuck_session_of_an_owner_that_ran_out(url: str) -> None:
    """A run-out owner's session stuck in a transaction that locks the lease row does
    not hold the takeover up, nor the taker's own renewal: the taker waits on the lock
    a fraction of a tick (``lock_timeout``), ends that session, and takes the lease at
    its next try.  A live owner's locked row is waited on, never ended."""
    engine, first, second, store = _two_workers_and_a_table(url)
    assert first.acquire("table", "t1") == 1
    stuck = _hold_lease_row(engine, "t1")
    # Its owner alive: the taker gives up waiting on the lock and leaves the session be.
    assert second.acquire("table", "t1") is None
    assert second.ended == 0
    assert stuck.execute(text("SELECT 1")).scalar_one() == 1  # still there
    # w1 stops renewing, w2 renews on.
    wait_until(lambda: second.renew() and _ran_out(engine, first), seconds=LEASE + 10)
    # Its owner ran out: without the lock timeout this acquire would wait for ever
    # (this engine has no statement timeout).
    assert second.acquire("table", "t1") is None
    assert second.ended == 1
    with pytest.raises(OperationalError):  # the stuck session was ended
        stuck.execute(text("SELECT 1"))
    stuck.close()
    assert second.acquire("table", "t1") == 2
    store.close()
    engine.dispose()


def test_sqlite_is_refused_for_a_worker() -> None:
    with pytest.raises(ValueError, match="PostgreSQL"):
        create_app("sqlite://", worker="w1")


def test_any_worker_answers_any_client(url: str) -> None:
    """A table made on w1: w2 lists it in the lobby, redirects its API (307 to /w/w1,
    method and query kept), sends a socket 'moved' to w1 and closes it with 4307, and
    serves its page.  Tournaments the same; an unknown id is a plain 404."""
    with TestClient(_worker(url, "w1")) as one, TestClient(_worker(url, "w2")) as two:
        table = _bot_table(one, bots=0)
        tournament = one.post("/api/tournaments", json={"name": "Sunday"}).json()["id"]
        assert one.get("/api/worker").json()["tables"] == [table]
        assert two.get("/api/worker").json()["tables"] == []
        assert [t["id"] for t in two.get("/api/tables").json()] == [table]
        assert [t["id"] for t in two.get("/api/tournaments").json()] == [tournament]
        moved = two.post(f"/api/tables/{table}/join?x=1", json={"name": "Bo", "seat": 0,
                                                               "buy_in": 200},
                         follow_redirects=False)
        assert moved.status_code == 307
        assert moved.headers["location"] == f"/w/w1/api/tables/{table}/join?x=1"
        assert two.get(f"/api/tournaments/{tournament}",
                       follow_redirects=False).headers["location"] == (
            f"/w/w1/api/tournaments/{tournament}")
        with two.websocket_connect(f"/ws/tables/{table}",
                                   subprotocols=token_subprotocols(None)) as ws:
            assert ws.receive_json()["url"] == f"/w/w1/ws/tables/{table}"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == MOVED
        assert two.get(f"/t/{table}").status_code == 200  # the page: the same file
        assert two.get(f"/tournaments/{tournament}").status_code == 200
        assert two.get("/t/0123456789ab").status_code == 404
        assert two.get("/api/tables/0123456789ab").status_code == 404


def test_a_worker_that_stops_hands_its_tables_over_mid_hand(url: str) -> None:
    """A worker stopping gives its leases up; another takes the table at its next look
    and the hand in progress continues from its last stored action: no hand lost or
    played twice, every chip where the ledger says."""
    with TestClient(_worker(url, "w2")) as two:
        with TestClient(_worker(url, "w1")) as one:
            table = _bot_table(one)
            wait_until(lambda: _actions(url) >= 30, seconds=20)
        wait_until(lambda: two.get("/api/worker").json()["tables"] == [table], seconds=15)
        before = _actions(url)
        wait_until(lambda: _actions(url) >= before + 30, seconds=20)
        ledger = two.get(f"/api/tables/{table}/ledger").json()
        assert ledger["balance"] == ledger["on_table"] + ledger["rake"]
        engine = create_engine(url)
        with engine.connect() as c:
            numbers = c.execute(text(
                "SELECT number, count(*) FROM hands WHERE status = 'finished' "
                "GROUP BY number ORDER BY number")).all()
            gaps = c.execute(text(
                "SELECT hand_id FROM actions GROUP BY hand_id "
                "HAVING count(*) <> max(seq) OR min(seq) <> 1")).all()
            cancelled = c.execute(text(
                "SELECT count(*) FROM hands WHERE status = 'cancelled'")).scalar_one()
        engine.dispose()
        assert [n for n, _ in numbers] == list(range(1, len(numbers) + 1))
        assert all(count == 1 for _, count in numbers)
        assert gaps == [] and cancelled == 0


def test_a_worker_fenced_off_writes_nothing_and_tells_its_clients(url: str) -> None:
    """Another instance takes the lease while w1 plays (as after w1 was paused past
    it): w1's next write is refused, nothing it does lands, it gives the table up and
    its socket gets 'moved' (no url: no one serves the table yet) and is closed."""
    with TestClient(_worker(url, "w1", lease_seconds=30)) as one:
        table = _bot_table(one)
        wait_until(lambda: _actions(url) >= 10, seconds=20)
        with one.websocket_connect(f"/ws/tables/{table}",
                                   subprotocols=token_subprotocols(None)) as ws:
            assert ws.receive_json()["type"] == "state"
            engine = create_engine(url)
            intruder = LeaseBook(engine, name="w9", url="/w/w9", seconds=30)
            intruder.register()
            with engine.begin() as c:  # w1's lease is lost at once, w9 takes it
                c.execute(text("UPDATE leases SET released = TRUE"))
            assert intruder.acquire("table", table) == 2
            taken = _actions(url)
            message: dict[str, Any] = {}
            while message.get("type") != "moved":
                message = ws.receive_json()
            assert message["url"] is None
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == MOVED
        time.sleep(0.5)
        assert _actions(url) == taken  # w1 wrote nothing after the takeover
        worker = one.get("/api/worker").json()
        assert worker["tables"] == [] and worker["refused_writes"] >= 1
        # w9 serves nothing (it is no room), so the table is 'moving' for clients of w1
        assert one.get(f"/api/tables/{table}", follow_redirects=False).status_code == 307
        engine.dispose()


def test_a_socket_opened_as_its_worker_loses_the_table_is_told_moved(url: str) -> None:
    """The instant between a worker losing a table's lease and giving the table up: a
    socket that reaches it then (the routing saw the table as its own) gets 'moved'
    (no url yet) and the MOVED close, as the socket of a table served elsewhere; it
    was an unhandled LeaseLost and a RuntimeError in the log (seen in the kill -9
    test: 'Expected ASGI message websocket.send or websocket.close, but got
    http.response.start')."""
    with TestClient(_worker(url, "w1", lease_seconds=30)) as one:
        table = _bot_table(one, bots=0)
        actor = one.app.state.room.get(table)
        actor.lost = LeaseLost("table", table)  # lost; not given up yet
        with one.websocket_connect(f"/ws/tables/{table}",
                                   subprotocols=token_subprotocols(None)) as ws:
            message = ws.receive_json()
            assert (message["type"], message["url"]) == ("moved", None), message
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == MOVED


def _tournament_hands(url: str, tid: str) -> int:
    engine = create_engine(url)
    with engine.connect() as c:
        n = int(c.execute(text("SELECT count(*) FROM tournament_hands WHERE tournament_id = "
                               ":t"), {"t": tid}).scalar_one())
    engine.dispose()
    return n


def test_a_tournament_moves_to_another_worker_and_plays_on(url: str) -> None:
    """A bots' sit-and-go running on w1 when w1 stops: w2 takes its lease, restores it
    from its last save and the actions after it, and deals on; the chips at its tables
    still equal what the event put in play."""
    with TestClient(_worker(url, "w2")) as two:
        with TestClient(_worker(url, "w1")) as one:
            # Calling stations, deep stacks and long levels: it runs for far longer than
            # the test.  Tight-aggressive bots call any raise with a good hand; six of
            # them have gone all in together in the first hand, which ended it.
            created = one.post("/api/tournaments", json={
                "name": "Moving", "structure": "sit_and_go", "seats": 6,
                "starting_stack": 150_000, "level_seconds": 3600,
                "action_seconds": 2}).json()
            tid, key = created["id"], created["director"]
            assert one.post(f"/api/tournaments/{tid}/bots", json={
                "director": key, "count": 6, "policy": "station"}).status_code == 200
            assert one.post(f"/api/tournaments/{tid}/start", json={"director": key}).json()["ok"]
            wait_until(lambda: _tournament_hands(url, tid) >= 3, seconds=30)
        wait_until(lambda: two.get("/api/worker").json()["tournaments"] == [tid], seconds=15)
        assert two.get(f"/api/tournaments/{tid}").json()["status"] == "running"
        played = _tournament_hands(url, tid)
        wait_until(lambda: _tournament_hands(url, tid) >= played + 3, seconds=30)
        chips = two.get(f"/api/tournaments/{tid}/chips").json()
        assert chips["at_tables"] == chips["expected"] == 6 * chips["starting_stack"]
        assert [t["id"] for t in two.get("/api/tournaments").json()] == [tid]


def test_the_lobby_of_a_worker_follows_the_tables_of_others(url: str) -> None:
    """w2's lobby reads every open table once, then only the changes: a table made,
    paused, played or closed on w1 shows there within about a second.  Its answer has
    an ETag (304 while nothing changed); a page of it is filtered there too."""
    with TestClient(_worker(url, "w1")) as one, TestClient(_worker(url, "w2")) as two:
        first = one.post("/api/tables", json={"name": "First"}).json()
        listed = two.get("/api/tables")
        assert [t["name"] for t in listed.json()] == ["First"]
        # Unchanged, the lobby is 304 with no body (the answer is made once per change).
        unchanged = two.get("/api/tables", headers={"if-none-match": listed.headers["etag"]})
        assert (unchanged.status_code, unchanged.content) == (304, b"")
        second = one.post("/api/tables", json={"name": "Second"}).json()
        wait_until(lambda: [t["name"] for t in two.get("/api/tables").json()]
                   == ["First", "Second"], seconds=15)
        page = two.get("/api/lobby", params={"name": "sec"}).json()  # a page, filtered
        assert ([t["name"] for t in page["tables"]], page["open_tables"]) == (["Second"], 2)
        assert one.post(f"/api/tables/{first['id']}/pause",
                        json={"host": first["host"]}).status_code == 200
        wait_until(lambda: two.get("/api/tables").json()[0]["paused"], seconds=15)
        for seat in range(2):
            one.post(f"/api/tables/{second['id']}/bots",
                     json={"host": second["host"], "policy": "tag", "seat": seat})
        wait_until(lambda: two.get("/api/tables").json()[1]["hands"] >= 2, seconds=20)
        assert two.get("/api/tables").json()[1]["players"] == 2
        assert one.post(f"/api/tables/{first['id']}/close",
                        json={"host": first["host"]}).status_code == 200
        wait_until(lambda: [t["name"] for t in two.get("/api/tables").json()] == ["Second"],
                   seconds=15)
        changed = two.get("/api/tables", headers={"if-none-match": listed.headers["etag"]})
        assert changed.status_code == 200 and changed.headers["etag"] != listed.headers["etag"]


def test_a_live_event_is_served_by_one_worker_and_moves_when_it_stops(url: str) -> None:
    """A live event made on w1: w2 lists it and redirects the director's actions to
    w1; when w1 stops, w2 takes the event's lease, loads it as stored and takes the
    director's next action."""
    with TestClient(_worker(url, "w2")) as two:
        with TestClient(_worker(url, "w1")) as one:
            created = one.post("/api/live", json={
                "name": "Friday live", "structure": "turbo", "buy_in": 5000,
                "late_registration_levels": 0}).json()
            eid, host = created["id"], created["host"]
            assert one.post(f"/api/live/{eid}/register",
                            json={"host": host, "name": "Ann"}).status_code == 200
            assert [e["id"] for e in two.get("/api/live").json()] == [eid]
            moved = two.post(f"/api/live/{eid}/register", json={"host": host, "name": "Bo"},
                             follow_redirects=False)
            assert (moved.status_code, moved.headers["location"]) == (
                307, f"/w/w1/api/live/{eid}/register")
            assert two.get(f"/live/{eid}").status_code == 200  # the screen, served anywhere
        wait_until(lambda: two.get("/api/worker").json()["live"] == [eid], seconds=15)
        assert two.post(f"/api/live/{eid}/register",
                        json={"host": host, "name": "Bo"}).status_code == 200
        assert two.get(f"/api/live/{eid}").json()["entries"] == 2


def test_a_dealers_game_moves_to_another_worker_mid_hand_and_keeps_its_taps(url: str) -> None:
    """A dealer's game (issue 26) made on w1 is redirected to from w2; when w1 stops, w2
    takes it over mid-hand, answers the taps w1 applied as applied (never twice), and
    takes the next."""
    with TestClient(_worker(url, "w2")) as two:
        with TestClient(_worker(url, "w1")) as one:
            game = one.post("/api/dealer", json={"name": "Home game", "seats": 6}).json()
            gid, host = game["id"], game["host"]
            queue = [{"id": f"s{s}", "kind": "seat", "seat": s, "name": f"P{s + 1}",
                      "chips": 100} for s in range(3)]
            queue += [{"id": "b", "kind": "button", "seat": 2}, {"id": "go", "kind": "start"},
                      {"id": "dealt", "kind": "deal"}]
            answers = one.post(f"/api/dealer/{gid}/taps",
                               json={"host": host, "taps": queue}).json()["answers"]
            assert all(a["ok"] for a in answers), answers
            moved = two.post(f"/api/dealer/{gid}/taps", json={"host": host, "taps": queue},
                             follow_redirects=False)
            assert (moved.status_code, moved.headers["location"]) == (
                307, f"/w/w1/api/dealer/{gid}/taps")
        wait_until(lambda: two.get("/api/worker").json()["dealer"] == [gid], seconds=15)
        again = two.post(f"/api/dealer/{gid}/taps", json={"host": host, "taps": queue}).json()
        assert [a["again"] for a in again["answers"]] == [True] * len(queue)
        out = two.post(f"/api/dealer/{gid}/taps", json={"host": host, "taps": [
            {"id": "utg", "kind": "act", "seat": 2, "action": "call"}]}).json()
        assert out["answers"][0]["ok"] and out["state"]["step"]["seat"] == 0
