"""The lobby's answers (``GET /api/tables``, all of it, and ``GET /api/lobby``, a
page of it filtered): an ETag, so that a browser polling an unchanged lobby gets 304
and no body, and gzip for a client that accepts it (10,000 tables are about 2.5 MB
as JSON).  The same on one process and on a worker of many
(tests/server/test_cluster_core.py)."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.errors import ConfigError
from pokerroom.server.lobby.answer import GZIP_FROM, LobbyAnswer, accepts_gzip
from pokerroom.server.lobby.query import LobbyPages, LobbyQuery, LobbyRows, lobby_page
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
    empty = client.get("/api/tables", headers={"accept-encoding": "gzip"})
    assert empty.content == b"[]" and "content-encoding" not in empty.headers  # too short
    for name in ("First", "Second", "Third"):
        new_table(client, name=name)
    first = client.get("/api/tables", headers={"accept-encoding": "gzip"})
    assert first.status_code == 200 and len(first.content) >= GZIP_FROM
    assert first.headers["content-encoding"] == "gzip"
    assert first.headers["vary"].lower() == "accept-encoding"
    assert first.headers["cache-control"] == "no-cache"
    assert [t["name"] for t in first.json()] == ["First", "Second", "Third"]
    etag = first.headers["etag"]

    again = client.get("/api/tables", headers={"if-none-match": etag})
    assert (again.status_code, again.content) == (304, b"")
    assert again.headers["etag"] == etag
    # A client that sends the tag as a strong one, or among others, is answered 304 too.
    strong = etag.removeprefix("W/")
    for header in (strong, f'"other", {etag}', "*"):
        assert client.get("/api/tables", headers={"if-none-match": header}).status_code == 304
    assert client.get("/api/tables", headers={"if-none-match": '"other"'}).status_code == 200

    new_table(client, name="Fourth")
    changed = client.get("/api/tables", headers={"if-none-match": etag,
                                                 "accept-encoding": "identity"})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert "content-encoding" not in changed.headers
    assert sorted(t["name"] for t in changed.json()) == ["First", "Fourth", "Second", "Third"]


def _row(i: int, *, game: str = "holdem", structure: str = "no_limit", players: int = 0,
         seats: int = 6, name: str | None = None) -> dict[str, Any]:
    return {"id": f"{i:04x}", "name": name or f"Table {i:03d}", "game": game,
            "game_name": {"holdem": "Texas hold'em", "omaha": "Omaha", "stud": "Seven-card stud"
                          }[game], "structure": structure, "players": players, "seats": seats}


def test_a_lobby_page_filters_sorts_and_counts() -> None:
    rows = ([_row(i, players=i % 7) for i in range(40)]
            + [_row(100 + i, game="omaha", structure="pot_limit", players=6) for i in range(5)]
            + [_row(200, game="stud", structure="fixed_limit", players=2, seats=8,
                    name="Friday STUD night")])
    lobby = LobbyRows.of(rows)
    first = lobby_page(lobby, LobbyQuery(size=10))
    assert (first["total"], first["pages"], first["page"], first["size"]) == (46, 5, 1, 10)
    assert (first["open_tables"], first["seated"]) == (46, sum(r["players"] for r in rows))
    assert first["games"] == [
        {"game": "holdem", "game_name": "Texas hold'em", "tables": 40},
        {"game": "omaha", "game_name": "Omaha", "tables": 5},
        {"game": "stud", "game_name": "Seven-card stud", "tables": 1}]
    # Most players first, then by name; every table on exactly one page.
    every = [t for p in range(1, 6)
             for t in lobby_page(lobby, LobbyQuery(size=10, page=p))["tables"]]
    assert sorted(t["id"] for t in every) == sorted(r["id"] for r in rows)
    assert [(-t["players"], t["name"]) for t in every] == sorted(
        (-t["players"], t["name"]) for t in every)
    assert lobby_page(lobby, LobbyQuery(size=10, page=9))["page"] == 5  # past the last: the last
    omaha = lobby_page(lobby, LobbyQuery(game="omaha"))
    assert {t["game"] for t in omaha["tables"]} == {"omaha"} and omaha["total"] == 5
    free = lobby_page(lobby, LobbyQuery(open_seat=True, size=100))
    assert all(t["players"] < t["seats"] for t in free["tables"])
    assert free["total"] == 46 - 5 - 5  # the full omaha tables and the holdem ones with 6 of 6
    assert lobby_page(lobby, LobbyQuery(structure="fixed_limit"))["total"] == 1
    assert [t["name"] for t in lobby_page(lobby, LobbyQuery(name="stud"))["tables"]] == [
        "Friday STUD night"]
    assert lobby_page(lobby, LobbyQuery(game="stud", structure="no_limit"))["tables"] == []
    assert lobby_page(LobbyRows.of([]), LobbyQuery()) | {"games": []} == {
        "tables": [], "total": 0, "page": 1, "pages": 1, "size": 25, "open_tables": 0,
        "seated": 0, "games": []}


@pytest.mark.parametrize(("fields", "message"), [
    ({"game": "chess"}, "unknown game 'chess'; known games: "),
    ({"structure": "no-limit"}, "unknown betting structure 'no-limit'; known: no_limit"),
    ({"page": 0}, "pages are numbered from 1, got 0"),
    ({"size": 101}, "a page holds 1 to 100 tables, got 101"),
    ({"size": 0}, "a page holds 1 to 100 tables, got 0"),
    ({"name": "x" * 61}, "a name filter is at most 60 characters (this is 61)"),
])
def test_a_bad_lobby_query_says_what_is_allowed(client: TestClient, fields: dict[str, Any],
                                                message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        LobbyQuery(**fields)
    answer = client.get("/api/lobby", params=fields)
    assert answer.status_code == 400 and message in answer.json()["error"]


def test_the_lobby_pages_of_the_room(client: TestClient) -> None:
    """``/api/lobby`` on a room: the tables made, filtered, a page at a time, with the
    ETag of the lobby answer."""
    for n in range(7):
        new_table(client, name=f"Holdem {n}")
    new_table(client, name="Big O", game="omaha", structure="pot_limit")
    page = client.get("/api/lobby", params={"size": 5}).json()
    assert (page["total"], page["pages"], len(page["tables"])) == (8, 2, 5)
    assert [t["name"] for t in client.get("/api/lobby", params={"size": 5, "page": 2}).json()[
        "tables"]] == ["Holdem 4", "Holdem 5", "Holdem 6"]
    omaha = client.get("/api/lobby", params={"game": "omaha"})
    assert [t["name"] for t in omaha.json()["tables"]] == ["Big O"]
    assert client.get("/api/lobby", params={"game": "omaha"}, headers={
        "if-none-match": omaha.headers["etag"]}).status_code == 304
    assert client.get("/api/lobby", params={"open_seat": "maybe"}).status_code == 422


def test_pages_are_made_once_per_change_of_the_rows() -> None:
    pages = LobbyPages(keep=2)
    rows = [_row(i) for i in range(3)]
    first = pages.answer(rows, LobbyQuery())
    assert pages.answer(rows, LobbyQuery()) is first  # the same answer, not made again
    assert pages.answer(list(rows), LobbyQuery()) is not first  # new rows: made anew
    changed = [*rows, _row(9)]
    assert json.loads(pages.answer(changed, LobbyQuery()).plain)["total"] == 4
    for p in (1, 2, 3):  # past keep: forgotten, still right
        assert json.loads(pages.answer(changed, LobbyQuery(size=1, page=p)).plain)[
            "tables"][0]["id"] == sorted(r["id"] for r in changed)[p - 1]
