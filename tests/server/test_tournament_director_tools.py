"""The director's floor tools against a real server (issue 24, item 8): the clock
(time added or taken off, the next level now) and moving a player (P7), each with
the director's key only; every bad request a clear 4xx and nothing changed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.serving import call, http, served_room


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("director"), bot_delay=0.05) as number:
        yield number


@pytest.fixture(scope="module")
def event(port: int) -> tuple[str, str]:
    """Nine bots at two tables of six (five and four), the clock paused."""
    made = call(port, "/api/tournaments", {"name": "Floor tools", "structure": "turbo",
                                           "seats": 6, "level_seconds": 600})
    tid, key = made["id"], made["director"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 9})
    call(port, f"/api/tournaments/{tid}/start", {"director": key})
    call(port, f"/api/tournaments/{tid}/pause", {"director": key})
    return tid, key


def _state(port: int, tid: str) -> dict[str, Any]:
    state: dict[str, Any] = call(port, f"/api/tournaments/{tid}")
    return state


def _refused(port: int, path: str, body: dict[str, Any], status: int, reason: str | None,
             words: str) -> None:
    tid = path.split("/")[3]
    before = _state(port, tid)
    got, answer = http(port, "POST", path, body)
    assert got == status, (got, answer)
    if reason is None:
        assert words in str(answer["detail"]), answer
    else:
        assert answer["reason"] == reason and words in answer["error"], answer
    after = _state(port, tid)
    assert after["clock"]["level"] == before["clock"]["level"]
    assert after["clock"]["time_left"] == before["clock"]["time_left"]


def test_the_director_moves_the_clock(port: int, event: tuple[str, str]) -> None:
    tid, key = event
    path = f"/api/tournaments/{tid}/clock"
    assert _state(port, tid)["clock"]["level"] == 1
    call(port, path, {"director": key, "next_level": True})
    clock = _state(port, tid)["clock"]
    assert clock["level"] == 2 and clock["time_left"] == 600
    call(port, path, {"director": key, "add_seconds": -90})
    assert _state(port, tid)["clock"]["time_left"] == 510
    call(port, path, {"director": key, "add_seconds": 60})
    assert _state(port, tid)["clock"]["time_left"] == 570
    assert "The director ends the level 1 now" in _state(port, tid)["floor_log"]
    _refused(port, path, {"director": key, "add_seconds": 600}, 400, "ConfigError",
             "no more can be added back")
    _refused(port, path, {"director": "not the key", "next_level": True}, 400,
             "not_director", "only the tournament's director")
    _refused(port, path, {"director": key}, 400, "ConfigError", "either add_seconds")
    _refused(port, path, {"director": key, "add_seconds": 30, "next_level": True}, 400,
             "ConfigError", "either add_seconds")
    _refused(port, path, {"director": key, "add_seconds": 10**6}, 422, None, "add_seconds")


def _tables(port: int, tid: str) -> dict[int, list[str]]:
    seated: dict[int, list[str]] = {}
    for p in _state(port, tid)["players"]:
        if p["alive"] and p["table"] is not None:
            seated.setdefault(p["table"], []).append(p["name"])
    return seated


def test_P7_the_director_moves_a_player_to_an_empty_seat(port: int,
                                                         event: tuple[str, str]) -> None:
    tid, key = event
    path = f"/api/tournaments/{tid}/move"
    tables = _tables(port, tid)
    big, small = sorted(tables, key=lambda n: -len(tables[n]))
    assert len(tables[big]) > len(tables[small]), tables
    who = tables[big][0]
    seats = next(x for x in _state(port, tid)["tables"] if x["number"] == small)["seats"]
    _refused(port, path, {"director": key, "player": who, "table": 99, "seat": 1}, 400,
             "no_table", "no table 99")
    _refused(port, path, {"director": "nope", "player": who, "table": small, "seat": 1},
             400, "not_director", "only the tournament's director")
    _refused(port, path, {"director": key, "player": who, "table": small, "seat": 11}, 422,
             None, "seat")
    _refused(port, path, {"director": key, "player": who, "table": big, "seat": 1}, 400,
             "move_not_allowed", "another table")
    free = 0  # an empty seat of the smaller table, found by trying each
    answer: dict[str, Any] | None = None
    for seat in range(1, seats + 1):
        got, body = http(port, "POST", path, {"director": key, "player": who,
                                              "table": small, "seat": seat})
        if got == 200:
            answer, free = body, seat
            break
        assert got == 400 and body["reason"] == "move_not_allowed", body
        assert f"seat {seat} is taken" in body["error"], body
    assert answer is not None
    deadline = time.monotonic() + 60  # the hand at the player's table ends first
    while who not in _tables(port, tid).get(small, []):
        assert time.monotonic() < deadline, _state(port, tid)["floor_log"][-5:]
        time.sleep(0.1)
    log = _state(port, tid)["floor_log"]
    moved = f"{who} moves from table {big} to table {small}, seat {free} (by the director)"
    assert moved in log, log[-5:]


def _until(what: str, condition: Any, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds  # a wait for the room, not a bound on its speed
    while not (value := condition()):
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)
    return value


def test_an_event_starts_by_itself_at_its_start_time(port: int) -> None:
    """``starts_at``: stored, shown, and the server starts the event then (with two
    players or more; with fewer the floor says the director starts it)."""
    at = time.time() + 2
    made = call(port, "/api/tournaments", {"name": "On time", "starts_at": at})
    tid, key = made["id"], made["director"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 3})
    state = _state(port, tid)
    assert state["status"] == "registering" and state["starts_at"] == at
    listed = {row["id"]: row for row in call(port, "/api/tournaments")}
    assert listed[tid]["starts_at"] == at
    _until("the start", lambda: _state(port, tid)["status"] == "running")
    assert "The start time has come: the tournament starts" in _state(port, tid)["floor_log"]

    alone = call(port, "/api/tournaments", {"name": "Too few", "starts_at": time.time() + 1})
    call(port, f"/api/tournaments/{alone['id']}/bots", {"director": alone["director"],
                                                        "count": 1})
    log = _until("the word about too few players", lambda: [
        line for line in _state(port, alone["id"])["floor_log"] if "fewer than two" in line])
    assert log == ["The start time has come with fewer than two players: the director "
                   "starts the event"]
    state = _state(port, alone["id"])
    assert state["status"] == "registering" and state["starts_at"] is None


@pytest.mark.parametrize("offset", [-60, 31 * 86400])
def test_a_start_time_past_or_too_far_is_refused(port: int, offset: float) -> None:
    before = len(call(port, "/api/tournaments"))
    status, body = http(port, "POST", "/api/tournaments",
                        {"name": "Bad time", "starts_at": time.time() + offset})
    assert status == 400 and body["reason"] == "ConfigError", body
    assert "starts_at must be a time to come" in body["error"], body
    assert len(call(port, "/api/tournaments")) == before
