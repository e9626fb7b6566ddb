"""The lobby's answer (``GET /api/tables``): an ETag, so that a browser polling an
unchanged lobby gets 304 and no body, and gzip for a client that accepts it (10,000
tables are about 2.5 MB as JSON).  The same on one process and on a worker of many
(tests/server/test_cluster_core.py)."""

from __future__ import annotations

import gzip
import json

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.lobby import LobbyAnswer, accepts_gzip
from tests.server.conftest import new_table


@pytest.mark.parametrize(("header", "gzip_ok"), [
    ("gzip, deflate, br", True),
    ("GZIP", True),
    ("br;q=1.0, gzip;q=0.8, *;q=0.1", True),
    ("*", True),
    ("x-gzip", True),
    ("", False),
    ("identity", False),
    ("br, deflate", False),
    ("gzip;q=0", False),
    ("gzip;q=0.0, *", False),  # gzip refused by name: a * does not bring it back
    ("*;q=0", False),
    ("gzip;q=nonsense", False),  # a weight that is not a number counts as a refusal
])
def test_accept_encoding_is_read_with_its_weights(header: str, gzip_ok: bool) -> None:
    assert accepts_gzip(header) is gzip_ok


def test_the_answer_is_the_same_rows_gzipped_or_not() -> None:
    rows = [{"id": f"{i:04x}", "name": f"Table {i}", "players": i % 7} for i in range(500)]
    answer = LobbyAnswer(rows)
    assert json.loads(answer.plain) == rows
    assert gzip.decompress(answer.gzipped) == answer.plain
    assert len(answer.gzipped) * 5 < len(answer.plain)
    assert answer.gzipped == LobbyAnswer(rows).gzipped  # no timestamp: the same bytes
    assert answer.etag == LobbyAnswer(rows).etag and answer.etag.startswith('W/"')
    assert LobbyAnswer(rows[:-1]).etag != answer.etag


def test_an_unchanged_lobby_is_304_and_a_change_is_a_new_answer(client: TestClient) -> None:
    new_table(client, name="First")
    first = client.get("/api/tables", headers={"accept-encoding": "gzip"})
    assert first.status_code == 200
    assert first.headers["content-encoding"] == "gzip"
    assert first.headers["vary"].lower() == "accept-encoding"
    assert first.headers["cache-control"] == "no-cache"
    assert [t["name"] for t in first.json()] == ["First"]
    etag = first.headers["etag"]

    again = client.get("/api/tables", headers={"if-none-match": etag})
    assert (again.status_code, again.content) == (304, b"")
    assert again.headers["etag"] == etag
    # A client that sends the tag as a strong one, or among others, is answered 304 too.
    strong = etag.removeprefix("W/")
    for header in (strong, f'"other", {etag}', "*"):
        assert client.get("/api/tables", headers={"if-none-match": header}).status_code == 304
    assert client.get("/api/tables", headers={"if-none-match": '"other"'}).status_code == 200

    new_table(client, name="Second")
    changed = client.get("/api/tables", headers={"if-none-match": etag,
                                                 "accept-encoding": "identity"})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert "content-encoding" not in changed.headers
    assert sorted(t["name"] for t in changed.json()) == ["First", "Second"]
