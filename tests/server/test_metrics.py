"""``GET /metrics`` and the room's log, in-process (issue 23, "Operations").

Bots play real hands on the system clock (bots without delay) until the metrics show
them; every wait is on a condition, never a fixed sleep.
"""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from pokerroom.server.app import create_app
from pokerroom.server.operations.logs import LOG, JsonFormatter, configure
from pokerroom.server.operations.metrics import MetricsSettings, RoomMetrics
from pokerroom.server.settings import SettingError, Settings, apply
from tests.server.conftest import receive_until, seat_socket

LOOPBACK = ("127.0.0.1", 50000)


def scrape(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """The samples of a scrape, parsed by the client library's own parser."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def total(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    """The sum of ``name`` over the samples whose labels include ``labels``."""
    return sum(v for (n, ls), v in samples.items()
               if n == name and set(labels.items()) <= set(ls))


def wait_for(what: Callable[[], bool], *, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def make_room(tmp: Path, *assignments: str, client: tuple[str, int] = LOOPBACK
              ) -> Iterator[TestClient]:
    settings = apply(Settings(), ["metrics.lag_interval_seconds=0.02", *assignments])
    app = create_app(f"sqlite:///{tmp / 'room.sqlite'}", bot_delay=0.0,
                     pause_between_hands=0.0, seed=5, settings=settings)
    with TestClient(app, client=client) as test_client:
        yield test_client


@pytest.fixture
def room(tmp_path: Path) -> Iterator[TestClient]:
    yield from make_room(tmp_path, "quotas.tables_per_hour=2")


def metrics_now(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    return scrape(answer.text)


def bot_table(client: TestClient, game: str = "holdem") -> dict[str, Any]:
    created = client.post("/api/tables", json={"name": "Bots", "game": game, "seats": 5})
    assert created.status_code == 200, created.text
    table = created.json()
    for _ in range(4):
        added = client.post(f"/api/tables/{table['id']}/bots",
                            json={"policy": "random", "host": table["host"]})
        assert added.status_code == 200, added.text
    return dict(table)


def test_bot_hands_show_as_actions_hands_commits_and_loop_lag(room: TestClient) -> None:
    bot_table(room)
    wait_for(lambda: value(metrics_now(room), "pokerroom_hands_total", game="holdem",
                           room="cash") >= 3)
    samples = metrics_now(room)
    assert value(samples, "pokerroom_actions_total", kind="bot", room="cash") > 0
    assert total(samples, "pokerroom_actions_total", kind="player") == 0  # no one played
    # Each action is stored: at least as many commits as hands, each timed.
    commits = value(samples, "pokerroom_db_commit_seconds_count")
    assert commits >= 3
    assert value(samples, "pokerroom_db_commit_seconds_bucket", le="+Inf") == commits
    assert value(samples, "pokerroom_db_commit_seconds_sum") > 0
    wait_for(lambda: value(metrics_now(room), "pokerroom_event_loop_lag_seconds_count") >= 2)
    assert ("pokerroom_event_loop_lag_last_seconds", ()) in metrics_now(room)
    assert ("pokerroom_sockets_open", ()) in samples
    # No refused writes on a room of one process: the cluster's counters are absent.
    assert ("pokerroom_refused_writes_total", ()) not in samples


def test_a_players_action_is_counted_as_a_player(room: TestClient) -> None:
    created = room.post("/api/tables", json={"name": "Two", "seats": 2,
                                             "action_seconds": 600}).json()
    joined = room.post(f"/api/tables/{created['id']}/join",
                       json={"name": "Ann", "seat": 0, "buy_in": 200}).json()
    with seat_socket(room, f"/ws/tables/{created['id']}", joined["token"]) as ws:
        room.post(f"/api/tables/{created['id']}/bots",
                  json={"policy": "station", "host": created["host"]})
        receive_until(ws, lambda m: m["type"] == "state"
                      and m["state"]["you"]["legal"] is not None)
        assert value(metrics_now(room), "pokerroom_sockets_open") == 1
        ws.send_json({"type": "act", "action": "check_call"})
        wait_for(lambda: value(metrics_now(room), "pokerroom_actions_total", kind="player",
                               room="cash") == 1)
    wait_for(lambda: value(metrics_now(room), "pokerroom_sockets_open") == 0)


def test_refusals_are_counted_by_reason(room: TestClient) -> None:
    for _ in range(2):
        assert room.post("/api/tables", json={"name": "Q", "seats": 2}).status_code == 200
    refused = room.post("/api/tables", json={"name": "Q", "seats": 2})
    assert refused.status_code == 429 and refused.json()["reason"] == "quota_tables"
    cross = room.post("/api/tables", json={"name": "X", "seats": 2},
                      headers={"Origin": "https://evil.example"})
    assert cross.status_code == 403
    big = room.post("/api/tables", content=b"{" + b" " * 70_000 + b"}",
                    headers={"Content-Type": "application/json"})
    assert big.status_code == 413
    samples = metrics_now(room)
    assert value(samples, "pokerroom_refusals_total", reason="quota_tables") == 1
    assert value(samples, "pokerroom_refusals_total", reason="cross_origin") == 1
    assert value(samples, "pokerroom_refusals_total", reason="body_too_large") == 1


def test_two_apps_in_one_process_count_apart(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    rooms = make_room(tmp_path / "a", "quotas.tables_per_hour=1")
    others = make_room(tmp_path / "b", "quotas.tables_per_hour=1")
    a, b = next(rooms), next(others)
    try:
        a.post("/api/tables", json={"name": "Q", "seats": 2})
        assert a.post("/api/tables", json={"name": "Q", "seats": 2}).status_code == 429
        assert value(metrics_now(a), "pokerroom_refusals_total", reason="quota_tables") == 1
        assert value(metrics_now(b), "pokerroom_refusals_total", reason="quota_tables") == 0
    finally:
        for gen in (rooms, others):
            gen.close()


@pytest.mark.parametrize(("client", "assignments", "status"), [
    (("127.0.0.2", 5), (), 403),  # loopback, but not 127.0.0.1
    (("10.1.2.3", 5), (), 403),
    (("10.1.2.3", 5), ("metrics.allow=10.0.0.0/8",), 200),
    (("::1", 5), (), 200),
    (("127.0.0.1", 5), ("metrics.enabled=false",), 404),
])
def test_who_may_read_the_metrics(tmp_path: Path, client: tuple[str, int],
                                  assignments: tuple[str, ...], status: int) -> None:
    for test_client in make_room(tmp_path, *assignments, client=client):
        answer = test_client.get("/metrics")
        assert answer.status_code == status, answer.text
        if status == 403:
            assert answer.json()["reason"] == "metrics_not_allowed"
            assert "metrics.allow" in answer.json()["error"]


def test_a_forwarded_address_counts_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    forged = {"X-Forwarded-For": "127.0.0.1"}
    for test_client in make_room(tmp_path, client=("10.0.0.7", 5)):
        assert test_client.get("/metrics", headers=forged).status_code == 403
    for test_client in make_room(tmp_path, "proxy.trusted=10.0.0.7", client=("10.0.0.7", 5)):
        assert test_client.get("/metrics", headers=forged).status_code == 200
        assert test_client.get("/metrics").status_code == 403  # the proxy's own address


def test_openmetrics_when_asked() -> None:
    metrics = RoomMetrics()
    metrics.hand_finished("razz", room="cash")
    body, media_type = metrics.render("application/openmetrics-text; version=1.0.0")
    assert media_type.startswith("application/openmetrics-text")
    assert body.decode().rstrip().endswith("# EOF")


def test_settings_refuse_what_they_cannot_take() -> None:
    with pytest.raises(SettingError, match=r"metrics\.allow"):
        apply(Settings(), ["metrics.allow=127.0.0.1/32,nowhere"])
    with pytest.raises(SettingError, match=r"logs\.format"):
        apply(Settings(), ["logs.format=xml"])
    assert MetricsSettings(allow=("10.0.0.0/8",)).allows("10.9.9.9")
    assert not MetricsSettings().allows("unknown")


def test_json_log_lines_carry_fields_and_errors() -> None:
    out = io.StringIO()
    configure("json", stream=out)
    try:
        LOG.warning("worker %s: gave up table %s", "w1", "abc", extra={"event": "lease_lost"})
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            LOG.exception("expiry sweep failed")
        # A library's logger that propagates to the root: not uvicorn's, whose loggers
        # keep the handlers an in-process uvicorn of an earlier test gave them (a
        # served room's whole stderr is read as JSON lines in test_metrics_served).
        logging.getLogger("some_library").error("a library's error")
    finally:
        configure("text", stream=io.StringIO())
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["message"] for line in lines] == [
        "worker w1: gave up table abc", "expiry sweep failed", "a library's error"]
    assert lines[0]["event"] == "lease_lost" and lines[0]["level"] == "warning"
    assert "RuntimeError: boom" in lines[1]["error"]
    assert lines[2]["logger"] == "some_library"
    assert all(line["time"].endswith("Z") for line in lines)
    assert JsonFormatter().format(logging.makeLogRecord({"msg": "x"})).startswith("{")


def test_text_log_lines_read_as_before() -> None:
    out = io.StringIO()
    configure("text", stream=out)
    try:
        LOG.info("restored %s", "table abc: resumed")
    finally:
        configure("text", stream=io.StringIO())
    assert out.getvalue() == "pokerroom: restored table abc: resumed\n"
