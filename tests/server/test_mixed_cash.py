"""Mixed games at a room's cash table (issue 24, item 3), against a real server: HORSE
changing game every so many hands, the button frozen across stud (T1: stud deals are
no deal for the button; the catalogue has no rule of its own for rotations, the
tournament library's GameSwitcher is the reference), the state saying the game, the
hands left and the next game, a restart mid-rotation, and every bad request refused
with nothing created."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port
from tests.server.serving import call, http, start_server

HORSE = ("Hold'em Limit", "Omaha Hi/Lo Limit", "Razz Limit", "7 Card Stud Limit",
         "7 Card Stud Hi/Lo Limit")
HORSE_KEYS = ("lhe", "o8", "razz", "stud", "stud8")


class Served:
    """A real ``pokerroom serve`` on a SQLite file, which a test may kill -9 and start
    again on the same file."""

    def __init__(self, directory: Path) -> None:
        self.database = f"sqlite:///{directory / 'room.sqlite'}"
        self.log = directory / "server.log"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] = start_server(self.port, self.database, self.log)

    def kill_and_restart(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = start_server(self.port, self.database, self.log)

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture
def served(tmp_path: Path) -> Any:
    room = Served(tmp_path)
    try:
        yield room
    finally:
        room.stop()
    assert "internal error" not in room.log.read_text(), room.log.read_text()[-3000:]
    assert "Traceback" not in room.log.read_text(), room.log.read_text()[-3000:]


def _bot_table(port: int, **fields: Any) -> tuple[str, str]:
    """A table of three bots, seated while paused: the first hand deals them all."""
    created = call(port, "/api/tables", {"name": "Mixed", "seats": 6, **fields})
    table, host = created["id"], created["host"]
    call(port, f"/api/tables/{table}/pause", {"host": host})
    for seat in range(3):
        call(port, f"/api/tables/{table}/bots", {"host": host, "policy": "station",
                                                  "seat": seat})
    call(port, f"/api/tables/{table}/resume", {"host": host})
    return table, host


def _finished(port: int, table: str) -> list[int]:
    hands = call(port, f"/api/tables/{table}/hands?limit=100")
    return sorted(h["number"] for h in hands if h["status"] == "finished")


def _wait_finished(port: int, table: str, count: int) -> list[int]:
    deadline = time.monotonic() + 120
    while len(numbers := _finished(port, table)) < count:
        assert time.monotonic() < deadline, f"{len(numbers)} of {count} hands in 120 s"
        time.sleep(0.05)
    return numbers


def _header(port: int, table: str, number: int) -> tuple[str, int | None]:
    """The hand's game ("Razz Limit") and button seat (None in stud) from its text."""
    url = f"http://127.0.0.1:{port}/api/tables/{table}/hands/{number}.txt"
    with urllib.request.urlopen(url, timeout=10) as response:
        lines = response.read().decode().splitlines()
    game = re.match(r"PokerStars Hand #\d+: (.+?) \(", lines[0])
    button = re.search(r"Seat #(\d+) is the button", lines[1])
    assert game is not None, lines[0]
    return game.group(1), int(button.group(1)) if button else None


def _state(port: int, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = call(port, f"/api/tables/{table}")["state"]
    return answer


def _pause_between_hands(port: int, table: str, host: str) -> dict[str, Any]:
    call(port, f"/api/tables/{table}/pause", {"host": host})
    deadline = time.monotonic() + 60
    while (state := _state(port, table))["hand"] is not None:
        assert time.monotonic() < deadline, "the hand in progress never ended"
        time.sleep(0.05)
    return state


def test_horse_every_two_hands_freezes_the_button_across_stud_T1(served: Served) -> None:
    """HORSE, two hands a game, three bots: the hands' games run LHE LHE O8 O8 razz
    razz stud stud stud8 stud8 LHE...; stud shows no button, and the first LHE hand
    after the stud games has the button one seat on from the last O8 hand (T1: the
    stud hands were no deal for it), and so on one seat a hand."""
    port = served.port
    table, _host = _bot_table(port, rotation="horse", rotate_every="hands", rotate_hands=2)
    numbers = _wait_finished(port, table, 13)[:13]
    headers = [_header(port, table, n) for n in numbers]
    assert [g for g, _ in headers] == [g for g in HORSE for _ in range(2)] + [HORSE[0]] * 2 + [
        HORSE[1]]
    buttons = [b for _, b in headers]
    assert all(b is None for b in buttons[4:10])  # stud: no button
    seats = sorted({b for b in buttons if b is not None})
    assert seats == [1, 2, 3]

    def after(seat: int | None) -> int:
        assert seat is not None
        return seat % 3 + 1

    # Hand 4 (O8) to hand 11 (LHE): one seat on, the six stud hands between them.
    assert buttons[10] == after(buttons[3])
    assert buttons[11] == after(buttons[10]) and buttons[12] == after(buttons[11])
    assert buttons[3] == after(buttons[2])


def test_state_says_the_game_the_hands_left_and_the_next_game(served: Served) -> None:
    """The public state's ``rotation``: the game dealt, the hands of it left after
    this one and the game that comes next, counted hand by hand."""
    port = served.port
    table, host = _bot_table(port, rotation=["razz", "lhe"], rotate_every="hands",
                             rotate_hands=3)
    state = _pause_between_hands(port, table, host)
    rotation = state["rotation"]
    dealt = len(_finished(port, table))
    in_game = (dealt - 1) % 3 + 1  # hands of the last game dealt, this one included
    game = ("razz", "lhe")[((dealt - 1) // 3) % 2]
    assert rotation["name"] == "Mixed games" and rotation["every"] == "hands"
    assert rotation["games"] == ["Razz", "Limit hold'em"]
    assert rotation["game"]["key"] == game and rotation["dealt"] == in_game
    assert rotation["left"] == 3 - in_game
    assert rotation["next"]["key"] == ("lhe" if game == "razz" else "razz")
    assert state["table"]["game"] == {"razz": "razz", "lhe": "holdem"}[game]


def test_a_restart_mid_rotation_carries_on_where_it_was(served: Served) -> None:
    """Killed -9 while the bots play (a hand may be running) and started again, twice:
    every finished hand's game still follows HORSE three hands at a time, and a table
    paused between hands shows the same rotation after a restart as before it."""
    port = served.port
    table, host = _bot_table(port, rotation="horse", rotate_every="hands", rotate_hands=3)
    _wait_finished(port, table, 4)
    served.kill_and_restart()
    _wait_finished(port, table, 8)
    served.kill_and_restart()
    before = _pause_between_hands(port, table, host)["rotation"]
    served.kill_and_restart()
    after = _state(port, table)["rotation"]
    assert after == before
    call(port, f"/api/tables/{table}/resume", {"host": host})
    numbers = _wait_finished(port, table, 17)
    games = [_header(port, table, n)[0] for n in numbers[:17]]
    assert games == [HORSE[(i // 3) % 5] for i in range(17)]


def test_orbit_rotation_is_one_hand_per_player(served: Served) -> None:
    """By orbit with three players: three hands of each game."""
    port = served.port
    table, _host = _bot_table(port, rotation="hose")
    numbers = _wait_finished(port, table, 7)
    games = [_header(port, table, n)[0] for n in numbers[:7]]
    assert games == [HORSE[0]] * 3 + [HORSE[1]] * 3 + [HORSE[3]]


REFUSED: list[tuple[dict[str, Any], int, str]] = [
    ({"rotation": "horsey"}, 400, "unknown rotation 'horsey': choose one of horse, hose, "
                                  "eight_game, nine_game or list the games"),
    ({"rotation": ["lhe"]}, 400, "a rotation of your own lists 2 to 20 games, got 1"),
    ({"rotation": ["lhe", "chess"]}, 400, "unknown game 'chess'; known games:"),
    ({"rotation": "horse", "rotate_every": "level"}, 422, "rotate_every"),
    ({"rotation": "horse", "rotate_every": "hands", "rotate_hands": 0}, 422, "rotate_hands"),
    ({"rotation": "horse", "rotate_hands": 101}, 422, "rotate_hands"),
    ({"rotation": "horse", "seats": 9}, 400, "a rotation with stud takes 2 to 8 seats"),
    ({"rotation": "horse", "run_it_twice": True}, 400,
     "Razz: running it twice needs a board"),
    ({"rotation": "eight_game", "kill": "two_pots"}, 400, "a kill blind (F12) needs a blind"),
    ({"rotation": ["lhe", "razz"], "small_bet": 2, "bring_in": 3}, 400,
     "the bring-in is at most the small"),
    ({"rotation": 7}, 422, "rotation"),
    ({"rotation": ["x" * 21, "lhe"]}, 422, "rotation"),
]


def test_a_bad_rotation_is_refused_clearly_and_creates_nothing(served: Served) -> None:
    port = served.port
    for fields, status, says in REFUSED:
        code, body = http(port, "POST", "/api/tables", {"name": "Bad", **fields})
        assert code == status, (fields, code, body)
        assert says in str(body), (fields, body)
    code, tables = http(port, "GET", "/api/tables")
    assert code == 200 and tables == [], tables
