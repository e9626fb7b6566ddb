"""``GET /metrics`` and the JSON log of a real ``pokerroom serve`` (issue 23, "Operations").

One server (SQLite, ``--log-format json``, ``metrics.allow=127.0.0.1/32``): bots play
a few hands; the metrics count them, the commits and the event loop's lag, the
connections open and a refused quota; a client bound to 127.0.0.2 is refused the
metrics; after a graceful stop, every line of the server's standard error is a JSON
object and none carries a key or token the test was given.
"""

from __future__ import annotations

import http.client
import json
import signal
import time
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from tests.ports import free_port
from tests.server.serving import bot_tables, call, start_server


def scrape(port: int, *, source: str = "127.0.0.1") -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                            source_address=(source, 0))
    try:
        connection.request("GET", "/metrics")
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def samples(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, text = scrape(port)
    assert status == 200, text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def post(port: int, path: str, body: object, *, source: str) -> tuple[int, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                            source_address=(source, 0))
    try:
        connection.request("POST", path, body=json.dumps(body),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_metrics_and_json_log_of_a_served_room(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.log"
    process = start_server(port, f"sqlite:///{tmp_path / 'room.sqlite'}", log,
                           extra=("--log-format", "json"),
                           settings=("metrics.allow=127.0.0.1/32",
                                     "metrics.lag_interval_seconds=0.05",
                                     "quotas.tables_per_hour=2"))
    secrets: list[str] = []
    try:
        (table,) = bot_tables(port, (("holdem", "no_limit"),))
        created = call(port, "/api/tables", {"name": "People", "seats": 2})
        secrets.append(created["host"])
        joined = call(port, f"/api/tables/{created['id']}/join",
                      {"name": "Ann", "seat": 0, "buy_in": 100})
        secrets.append(joined["token"])
        deadline = time.monotonic() + 120
        while samples(port).get(("pokerroom_hands_total",
                                 (("game", "holdem"), ("room", "cash"))), 0) < 3:
            assert time.monotonic() < deadline, "no three hands counted"
            time.sleep(0.05)
        now = samples(port)
        assert now[("pokerroom_actions_total", (("kind", "bot"), ("room", "cash")))] > 0
        assert now[("pokerroom_db_commit_seconds_count", ())] >= 3
        assert now[("pokerroom_db_commit_seconds_sum", ())] > 0
        assert now[("pokerroom_event_loop_lag_seconds_count", ())] >= 1
        # This scrape's own connection is open while it is answered.
        assert now[("pokerroom_connections_open", ())] >= 1
        # tables_per_hour=2 from 127.0.0.1 is used up: from 127.0.0.3, two, then 429.
        answers = [post(port, "/api/tables", {"name": "Q", "seats": 2}, source="127.0.0.3")
                   for _ in range(3)]
        secrets += [body["host"] for status, body in answers if status == 200]
        assert [status for status, _ in answers] == [200, 200, 429]
        assert samples(port)[("pokerroom_refusals_total", (("reason", "quota_tables"),))] == 1
        status, body = scrape(port, source="127.0.0.2")
        assert status == 403 and json.loads(body)["reason"] == "metrics_not_allowed"
        assert table
    finally:
        process.send_signal(signal.SIGINT)  # a graceful stop: the shutdown is logged too
        try:
            process.wait(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    text = log.read_text()
    lines = [line for line in text.splitlines() if line.strip()]
    plain = [line for line in lines if not line.startswith("{")]
    assert not plain, text[-4000:]
    entries = [json.loads(line) for line in lines]  # every line one JSON object
    assert all({"time", "level", "logger", "message"} <= set(e) for e in entries), entries
    assert any(e["message"].startswith("serving on http://") for e in entries), entries
    assert len(secrets) == 4
    for secret in secrets:
        assert secret not in text, "a key or token in the server's log"
