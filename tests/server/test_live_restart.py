"""Kill -9 a real ``pokerroom serve`` running a live event (issue 16): the event, its
audit log and its clock come back, the clock with the time left it would have had
had the server never stopped (a paused clock exactly where it stood)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from tests.ports import free_port
from tests.server.serving import call, start_server


def _act(port: int, eid: str, host: str, action: str, **body: Any) -> Any:
    return call(port, f"/api/live/{eid}/{action}", {"host": host, **body})


def test_live_event_and_clock_survive_kill_9(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'room.sqlite'}"
    port = free_port()
    log = tmp_path / "server.log"
    process = start_server(port, database, log)
    try:
        events = []
        for paused in (False, True):
            made = call(port, "/api/live", {"name": "Kill test", "structure": "turbo"})
            eid, host = made["id"], made["host"]
            for i in range(24):
                _act(port, eid, host, "register", name=f"P{i}")
            _act(port, eid, host, "start")
            _act(port, eid, host, "add_time", seconds=-200)  # 400 s left in level 1
            first = call(port, f"/api/live/{eid}")["tables"][0]
            _act(port, eid, host, "bust", busts=[{"table": first["table"],
                                                  "seat": first["players"][0]["seat"]}])
            if paused:
                _act(port, eid, host, "pause")
            events.append((eid, host, paused))
        before = {eid: call(port, f"/api/live/{eid}") for eid, _, _ in events}
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        time.sleep(1.5)
        process = start_server(port, database, log)
        for eid, host, paused in events:
            after = call(port, f"/api/live/{eid}")
            old = before[eid]
            assert after["tables"] == old["tables"] and after["feed"] == old["feed"]
            assert after["players_left"] == old["players_left"] == 23
            gone = after["server_time"] - old["server_time"]
            left = old["clock"]["time_left"] - (0 if paused else gone)
            assert abs(after["clock"]["time_left"] - left) < 0.05, (after["clock"], left)
            assert gone > 1.5 and after["clock"]["level"] == 1
            audit = call(port, f"/api/live/{eid}/log", headers={"Authorization": f"Bearer {host}"})
            assert [r["action"] for r in audit][-3:] == (
                ["add_time", "bust", "pause"] if paused else ["start", "add_time", "bust"])
        assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
    finally:
        process.kill()
        process.wait()
