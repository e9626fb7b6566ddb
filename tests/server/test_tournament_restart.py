"""Kill -9 the real server while tournaments run and start it again: every tournament
comes back -- a running one continues to its winner with every place given once and
the prizes adding up to the prize pool, its chips balanced at every look; a
registering one keeps its players, and a person reconnects with their token.

:func:`kill_tournaments_and_restart` runs on SQLite here and on PostgreSQL in
``test_postgres.py``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.wire.sockets import token_subprotocols
from pokerroom.tournament.places import Finish
from pokerroom.tournament.simulate import check_places
from tests.ports import free_port
from tests.server.serving import assert_clean_log, call, start_server

Server = Callable[[int, str, Path], subprocess.Popen[bytes]]


def _chips_balance(port: int, tid: str) -> dict[str, Any]:
    """Chips at the tables == entries x starting stack + rebuys + add-ons (+ chip races
    - disqualified); returns the count."""
    c: dict[str, Any] = call(port, f"/api/tournaments/{tid}/chips")
    if c["started"]:
        put_in = (c["entries"] * c["starting_stack"] + c["rebuys"] * c["rebuy_chips"]
                  + c["add_ons"] * c["add_on_chips"] + c["chip_race_change"] - c["removed"])
        assert c["at_tables"] == c["expected"] == c["stacks"] == put_in, c
    return c


def _finishes(port: int, tid: str) -> set[int]:
    """The entries out of the event (their places and prizes are provisional while
    people may still register, rebuy or take the add-on)."""
    results = call(port, f"/api/tournaments/{tid}/results")["results"]
    return {r["entry"] for r in results}


def _you(port: int, tid: str, token: str, send: dict[str, Any] | None = None,
         until: Callable[[dict[str, Any]], bool] = lambda you: True) -> dict[str, Any]:
    """A person connects with their token (and sends ``send``): what the room says they
    are (once ``until`` holds)."""
    with connect(f"ws://127.0.0.1:{port}/ws/tournaments/{tid}",
                 subprotocols=[Subprotocol(p) for p in token_subprotocols(token)],
                 open_timeout=10) as ws:
        if send is not None:
            ws.send(json.dumps(send))
        while True:
            message = json.loads(ws.recv(timeout=10))
            assert message["type"] != "error", message
            if message["type"] == "state" and until(message["state"]["you"]):
                you: dict[str, Any] = message["state"]["you"]
                return you


def _present(port: int, tid: str, token: str) -> ClientConnection:
    """A person connected to the tournament who never acts: not away (connected, not
    sat out), so with a long action clock their table waits for them when the action
    comes to them, and the tournament cannot end.  Everything the room sends is read
    into an unbounded queue (never a slow client).  A restarted server needs a new
    connection (it marks a person with none away after ``away_after``)."""
    return connect(f"ws://127.0.0.1:{port}/ws/tournaments/{tid}",
                   subprotocols=[Subprotocol(p) for p in token_subprotocols(token)],
                   open_timeout=10, max_queue=None)


def _stuck(port: int, tid: str) -> str:
    """What a tournament that does not finish looks like: its clock, tables, log."""
    s = call(port, f"/api/tournaments/{tid}")
    return "\n".join([json.dumps(s["clock"]), json.dumps(s["tables"]),
                      json.dumps([p for p in s["players"] if p["alive"]]), *s["floor_log"][-15:]])


def _check_end(port: int, tid: str) -> None:
    """Every place given once (a shared place to as many as share it), every entry
    placed once, the prizes adding up to the prize pool, the chips balanced."""
    results = call(port, f"/api/tournaments/{tid}/results")
    assert results["finished"], results
    check_places([Finish(r["entry"], r["place"], r["place_to"], r["prize"], r["disqualified"])
                  for r in results["results"]], results["entries"], results["prize_pool"])
    _chips_balance(port, tid)


def kill_tournaments_and_restart(port: int, database: str, log: Path, *, start: Server,
                                 kills: int, seed: int) -> None:
    rng = random.Random(seed)
    process = start(port, database, log)
    holding = contextlib.ExitStack()  # Dave's connection to the server now running
    try:
        running = call(port, "/api/tournaments", {
            "name": "Rebuy turbo", "structure": "turbo", "seats": 6, "level_seconds": 4,
            "rebuys": True, "rebuy_levels": 2, "add_on": True, "action_seconds": 3600})
        tid, key = running["id"], running["director"]
        alice = call(port, f"/api/tournaments/{tid}/register", {"name": "Alice"})["token"]
        # Dave holds his table (he never acts, on an hour's clock) until the kills are
        # done: the tournament is still running at the last one however fast the bots
        # play and however slowly the server restarts (a race the bots once won).
        dave = call(port, f"/api/tournaments/{tid}/register", {"name": "Dave"})["token"]
        call(port, f"/api/tournaments/{tid}/bots",
              {"director": key, "count": 15, "policy": "random"})
        call(port, f"/api/tournaments/{tid}/start", {"director": key})
        assert _you(port, tid, alice, {"type": "sit_out"},
                    lambda you: you["away"] is not None)["away"] == "sat_out"
        holding.enter_context(_present(port, tid, dave))

        waiting = call(port, "/api/tournaments", {"name": "Tomorrow", "structure": "sit_and_go",
                                                   "seats": 4, "level_seconds": 2})
        wid, wkey = waiting["id"], waiting["director"]
        bob = call(port, f"/api/tournaments/{wid}/register", {"name": "Bob"})["token"]
        carol = call(port, f"/api/tournaments/{wid}/register", {"name": "Carol"})["token"]
        call(port, f"/api/tournaments/{wid}/bots",
              {"director": wkey, "count": 4, "policy": "random"})

        finished: set[int] = set()
        for k in range(kills):
            if k == kills - 1:
                # At least two busts before the last kill, that it must not undo
                # (waited for: how many come in a given time is the machine's speed).
                deadline = time.monotonic() + 90
                while len(finished | _finishes(port, tid)) < 2:
                    assert time.monotonic() < deadline, f"fewer than 2 busts in 90 s: {finished}"
                    time.sleep(0.1)
            time.sleep(rng.uniform(0.2, 0.6))
            _chips_balance(port, tid)
            finished |= _finishes(port, tid)
            os.kill(process.pid, signal.SIGKILL)
            process.wait()
            holding.close()
            process = start(port, database, log)
            holding.enter_context(_present(port, tid, dave))
            listed = {t["id"]: t for t in call(port, "/api/tournaments")}
            assert set(listed) == {tid, wid}, listed
            assert listed[wid]["status"] == "registering" and listed[wid]["entries"] == 6
            _chips_balance(port, tid)
            after = _finishes(port, tid)
            assert finished <= after, finished - after  # a bust is never undone
            you = _you(port, tid, alice)
            assert you["name"] == "Alice" and (you["away"] == "sat_out"
                                               or you["status"] != "playing"), you
        assert listed[tid]["status"] == "running" and len(finished) >= 2, (listed, finished)
        holding.close()
        assert _you(port, tid, dave, {"type": "sit_out"},  # his hand is killed: play on
                    lambda you: you["away"] is not None)["away"] == "sat_out"

        # The registering tournament: its people come back with their tokens.
        assert _you(port, wid, bob)["status"] == "registered"
        call(port, f"/api/tournaments/{wid}/unregister", {"token": carol})
        call(port, f"/api/tournaments/{wid}/start", {"director": wkey})
        _you(port, wid, bob, {"type": "sit_out"}, lambda you: you["away"] is not None)
        deadline = time.time() + 120  # a wait for the end, not a bound on the room's speed
        while time.time() < deadline:
            statuses = {t["id"]: t["status"] for t in call(port, "/api/tournaments")}
            _chips_balance(port, tid)
            # Alice and Dave bust sitting out; in the rebuy period (the bots may play
            # many hands in it on a loaded machine) their tables wait for their answer,
            # up to the hour of their clock: they decline.
            deciding = {p["name"] for p in call(port, f"/api/tournaments/{tid}")["players"]
                        if p["deciding_rebuy"]}
            for name, token in (("Alice", alice), ("Dave", dave)):
                if name in deciding:
                    _you(port, tid, token, {"type": "decline_rebuy"},
                         lambda you: not you["deciding_rebuy"])
            if set(statuses.values()) == {"finished"}:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"no winner in 120 s: {statuses}\n" + "\n".join(
                _stuck(port, t) for t, status in statuses.items() if status != "finished"))
        _check_end(port, tid)
        _check_end(port, wid)
        assert_clean_log(log)
    finally:
        holding.close()
        process.kill()
        process.wait()


def test_kill_9_while_tournaments_run_loses_nothing(tmp_path: Path) -> None:
    kill_tournaments_and_restart(free_port(), f"sqlite:///{tmp_path / 'room.sqlite'}",
                                 tmp_path / "server.log", start=start_server, kills=4, seed=2026)
