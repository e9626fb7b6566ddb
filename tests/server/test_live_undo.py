"""Undo and redo of a live event's reports (issue 25): one wrong tap no longer busts
the wrong player for good.  An undo puts the event back exactly as it was before the
report (seats, chips in play, places, prizes, the clock's level and pauses), a redo
puts the report back, a report after an undo ends the redos, and both survive a
restart: the snapshots are stored with the report's row of the audit log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine

from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.app import create_app
from pokerroom.server.live.room import LiveRoom, LiveRun
from pokerroom.server.live.routes import ACTIONS, public_state
from pokerroom.server.live.store import UNDO_STEPS, LiveStore
from pokerroom.server.tables.store import Base
from pokerroom.server.wire.protocol import CreateTournament
from tests.properties.hands import examples
from tests.server.test_live_routes import act, create, state

# What an undo gives back exactly; the feed also says "Undone: ...", and the time
# of the answer and the undo and redo offers move on.
MOVING = {"server_time", "feed", "undo", "redo"}


def event(s: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k not in MOVING}


def app(db_url: str, clock: FakeClock) -> Any:
    return create_app(db_url, clock=clock, bot_delay=0.0, pause_between_hands=0.0, seed=7)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def live(db_url: str, clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(app(db_url, clock)) as c:
        yield c


def undo(c: TestClient, eid: str, host: str, way: str = "undo") -> Any:
    return c.post(f"/api/live/{eid}/{way}", json={"host": host})


def test_a_bust_undone_is_back_exactly_and_redone_is_out_again(live: TestClient,
                                                               clock: FakeClock) -> None:
    eid, host = create(live)
    act(live, eid, host, "start")
    clock.advance(60)
    before = state(live, eid)
    victim = before["tables"][0]["players"][0]
    out = act(live, eid, host, "bust", busts=[{"table": before["tables"][0]["table"],
                                               "seat": victim["seat"]}])
    busted = state(live, eid)
    assert busted["players_left"] == 19
    assert busted["undo"] == {"seq": busted["undo"]["seq"], "action": "bust",
                              "text": out["instructions"][0]}
    assert busted["redo"] is None

    answer = undo(live, eid, host)
    assert answer.status_code == 200, answer.text
    assert answer.json()["undo"]["action"] == "bust"
    back = state(live, eid)
    assert event(back) == event(before), "the undo gives back the event before the bust"
    assert back["feed"][-1]["kind"] == "undo"
    assert back["feed"][-1]["text"] == f"Undone: bust ({out['instructions'][0]})"
    assert back["redo"]["action"] == "bust" and back["undo"]["action"] == "start"
    again = undo(live, eid, host, "redo")
    assert again.status_code == 200, again.text
    assert event(state(live, eid)) == event(busted)


def test_undo_goes_back_report_by_report_and_the_clock_keeps_running(
        live: TestClient, clock: FakeClock) -> None:
    eid, host = create(live, players=9)
    registered = state(live, eid)
    act(live, eid, host, "start")
    started = state(live, eid)
    act(live, eid, host, "pause")
    paused = state(live, eid)
    act(live, eid, host, "resume")
    clock.advance(90)

    assert undo(live, eid, host).status_code == 200  # the resume: paused again
    assert event(state(live, eid)) == event(paused)
    assert undo(live, eid, host).status_code == 200  # the pause: it ran all along
    now = state(live, eid)
    assert now["clock"]["running"] and now["clock"]["level"] == started["clock"]["level"]
    assert now["clock"]["time_left"] == pytest.approx(started["clock"]["time_left"] - 90)
    assert {k: v for k, v in event(now).items() if k != "clock"} == {
        k: v for k, v in event(started).items() if k != "clock"}
    assert undo(live, eid, host).status_code == 200  # the start: registering again
    assert event(state(live, eid)) == event(registered)
    assert undo(live, eid, host).status_code == 200  # then the registrations, one by one
    assert state(live, eid)["entries"] == 8


def test_nothing_to_undo_a_wrong_key_and_a_report_after_an_undo_are_refused(
        live: TestClient) -> None:
    r = live.post("/api/live", json={"name": "Empty", "structure": "turbo", "buy_in": 5000})
    eid, host = r.json()["id"], r.json()["host"]
    nothing = undo(live, eid, host)
    assert nothing.status_code == 400 and nothing.json()["reason"] == "nothing_to_undo"
    assert "nothing to undo" in nothing.json()["error"]
    act(live, eid, host, "register", name="Ann")
    act(live, eid, host, "register", name="Bob")
    wrong = undo(live, eid, "not-the-key")
    assert wrong.status_code == 403 and "host key" in wrong.json()["error"]
    assert state(live, eid)["entries"] == 2, "a refused undo changes nothing"
    assert undo(live, eid, host).status_code == 200
    act(live, eid, host, "register", name="Cat")  # a new report: Bob's cannot come back
    refused = undo(live, eid, host, "redo")
    assert refused.status_code == 400 and refused.json()["reason"] == "nothing_to_redo"
    assert [p["name"] for p in state(live, eid)["players"]] == ["Ann", "Cat"]
    bad = live.post(f"/api/live/{eid}/undo", json={"host": host, "steps": 3})
    assert bad.status_code == 422 and "steps" in bad.json()["error"]


def test_undo_and_redo_survive_a_restart(db_url: str, clock: FakeClock) -> None:
    with TestClient(app(db_url, clock)) as first:
        eid, host = create(first, players=12)
        act(first, eid, host, "start")
        before = state(first, eid)
        table = before["tables"][1]
        act(first, eid, host, "bust", busts=[{"table": table["table"],
                                              "seat": table["players"][0]["seat"]}])
        after = state(first, eid)
    with TestClient(app(db_url, clock)) as second:
        assert state(second, eid)["undo"]["action"] == "bust"
        assert undo(second, eid, host).status_code == 200
        assert event(state(second, eid)) == event(before)
    with TestClient(app(db_url, clock)) as third:
        assert state(third, eid)["redo"]["action"] == "bust"
        assert undo(third, eid, host, "redo").status_code == 200
        assert event(state(third, eid)) == event(after)
        log = third.get(f"/api/live/{eid}/log", headers={"Authorization": f"Bearer {host}"})
        assert [e["action"] for e in log.json()][-3:] == ["bust", "undo", "redo"]


# ------------------------------------------------------------------ the property

@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> LiveRoom:
    engine = create_engine(f"sqlite:///{tmp_path_factory.mktemp('undo') / 'live.sqlite'}")
    Base.metadata.create_all(engine)
    return LiveRoom(FakeClock(), store=LiveStore(engine), seed=11)


def report(room: LiveRoom, run: LiveRun, action: str, **body: Any) -> None:
    model, do = ACTIONS[action]
    parsed = model.model_validate({"host": run.host_key, **body})
    room.act(run.id, run.host_key, action, body, lambda r, _a: do(r, parsed))


def snapshot(room: LiveRoom, run_id: str) -> tuple[dict[str, Any], dict[str, int]]:
    run = room.get(run_id)
    return event(public_state(run, room.clock.now())), dict(run.tokens)


@st.composite
def reports(draw: st.DrawFn) -> list[tuple[str, int]]:
    """Reports by kind, each with a number that picks its player or amount."""
    kinds = st.sampled_from(["bust", "bust", "absent", "pause", "add_time", "rebuy",
                             "register", "hands"])
    return draw(st.lists(st.tuples(kinds, st.integers(0, 10**6)), max_size=12))


@settings(max_examples=examples(12), deadline=None, derandomize=True, database=None)
@given(reports())
def test_undoing_every_report_gives_the_start_and_redoing_them_the_end(
        room: LiveRoom, steps: list[tuple[str, int]]) -> None:
    """Any sequence of reports, then every one undone, gives back the event it started
    from exactly; redoing them all gives the end."""
    run = room.create(CreateTournament(name="Undo", structure="turbo", buy_in=5000,
                                       rebuys=True, late_registration_levels=2))
    for i in range(14):
        report(room, run, "register", name=f"P{i}")
    report(room, run, "start")
    start = snapshot(room, run.id)
    done = 0
    for kind, pick in steps:
        run = room.get(run.id)
        t = run.event.t
        seated = [(n, s) for n, table in sorted(t.floor.tables.items())
                  for s, p in sorted(table.seated().items()) if p.stack > 0]
        try:
            if kind == "bust" and len(seated) > 2:
                table, seat = seated[pick % len(seated)]
                report(room, run, "bust", busts=[{"table": table, "seat": seat}])
            elif kind == "absent":
                entry = sorted(t.entries)[pick % len(t.entries)]
                report(room, run, "absent", entry=entry, absent=pick % 2 == 0)
            elif kind == "pause":
                report(room, run, "resume" if not t.clock.running else "pause")
            elif kind == "add_time":
                report(room, run, "add_time", seconds=pick % 300 - 150)
            elif kind == "rebuy" and run.event.rebuy_decisions():
                report(room, run, "rebuy", entry=run.event.rebuy_decisions()[0])
            elif kind == "register":
                report(room, run, "register", name=f"Late {pick}")
            elif kind == "hands":  # the button moves on (P7)
                table = sorted(t.floor.tables)[pick % len(t.floor.tables)]
                report(room, run, "hands", table=table, hands=pick % 3 + 1)
            else:
                continue
        except PokerError:  # a report the rules refuse: nothing changed, nothing to undo
            continue
        done += 1
    end = snapshot(room, run.id)
    for _ in range(done):
        room.undo(run.id, run.host_key)
    assert snapshot(room, run.id) == start
    for _ in range(done):
        room.undo(run.id, run.host_key, "redo")
    assert snapshot(room, run.id) == end


def test_only_the_last_reports_keep_their_snapshots(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'live.sqlite'}")
    Base.metadata.create_all(engine)
    room = LiveRoom(FakeClock(), store=LiveStore(engine), seed=5)
    run = room.create(CreateTournament(name="Long", structure="turbo", buy_in=5000))
    for i in range(UNDO_STEPS + 5):
        report(room, run, "register", name=f"P{i}")
    for _ in range(UNDO_STEPS):
        room.undo(run.id, run.host_key)
    assert len(room.get(run.id).event.t.entries) == 5
    with pytest.raises(IllegalActionError, match="nothing to undo") as refused:
        room.undo(run.id, run.host_key)
    assert refused.value.reason is Reason.NOTHING_TO_UNDO
