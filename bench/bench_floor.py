"""The room's floor: what an action costs the server in its stack alone, with no game.

Run ``python bench/bench_floor.py`` (about 30 seconds).  It measures what
``bench_server.py`` measures (server CPU per action, 40 tables of 5 WebSocket
clients, saturated), for a server that does only the input and output of an action:

1. The server is the room's own uvicorn set-up (:func:`pokerroom.server.connections.serve`:
   uvloop, httptools, its WebSocket protocol with the fast way out and
   permessage-deflate as the room negotiates it) serving a Starlette app with one
   WebSocket route, started as a subprocess on 127.0.0.1.
2. ``--tables`` tables of ``--per-table`` clients, each a ``websockets`` client in one
   asyncio process, offering permessage-deflate as bench_server's clients do.
3. An action: the client whose turn it is sends ``{"type": "act", ...}`` (a frame
   the size of the page's); the server reads it (Starlette's ``receive``, orjson),
   moves the turn on and writes the next version to each of the table's connections
   through the room's :class:`~pokerroom.server.wire.sockets.FrameSink`: one text
   shared by every seat (its frame built once) and, for the seat to act, its own
   text: about the sizes the room sends (``--bytes``).  Nothing is stored, nothing is
   decided: no engine, no state, no database.

So the figure is the least an action can cost with this stack: the socket reads and
writes, the event loop, uvicorn's and websockets' protocol code, inflating what the
clients compress.  ``bench_server.py``'s figure less this one is what the room's own
work (the engine, the state, the deltas, the recorder) costs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import HOST, cpu_seconds, free_port, pin_cores, server_preexec
from provenance import git_commit, machine

DEFAULT_OUTPUT = Path(__file__).resolve().parent / "results" / "floor.json"


# ------------------------------------------------------------------ the server

def serve(port: int, per_table: int, size: int) -> None:
    """The server's process: one route, ``/ws/{table}/{seat}``."""
    import orjson
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    from pokerroom.server.connections import serve as room_serve
    from pokerroom.server.settings import Settings, apply
    from pokerroom.server.wire.sockets import FrameSink, frame_sink

    pad = "x" * size
    tables: dict[int, list[FrameSink | None]] = {}
    turns: dict[int, list[int]] = {}  # table: [version, seat to act]

    def publish(table: int) -> None:
        version, turn = turns[table]
        shared = orjson.dumps({"type": "delta", "version": version, "base": version - 1,
                               "scene": {"turn": turn, "pad": pad}}).decode()
        own = orjson.dumps({"type": "delta", "version": version, "base": version - 1,
                            "scene": {"turn": turn, "pad": pad},
                            "own": {"seat": turn, "legal": {"call": 2, "pad": pad[:120]}}}
                           ).decode()
        for seat, sink in enumerate(tables[table]):
            if sink is not None and sink.frames_writable():
                sink.write_messages([own if seat == turn else shared])

    async def table_socket(websocket: WebSocket) -> None:
        table, seat = int(websocket.path_params["table"]), int(websocket.path_params["seat"])
        offered = websocket.scope.get("subprotocols") or []
        await websocket.accept(subprotocol="pokerroom" if "pokerroom" in offered else None)
        sink = frame_sink(websocket)
        assert sink is not None, "not the room's WebSocket protocol"
        sinks = tables.setdefault(table, [None] * per_table)
        sinks[seat] = sink
        turns.setdefault(table, [0, 0])
        if all(s is not None for s in sinks):
            publish(table)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                act = orjson.loads(message.get("text") or message.get("bytes") or b"{}")
                state = turns[table]
                if act.get("version") == state[0] and seat == state[1]:
                    state[0] += 1
                    state[1] = (state[1] + 1) % per_table
                    publish(table)
        except WebSocketDisconnect:
            return
        finally:
            sinks[seat] = None

    app = Starlette(routes=[WebSocketRoute("/ws/{table}/{seat}", table_socket)])
    # One client address for every client, as bench_server sets it.
    room_serve(app, host=HOST, port=port,
               settings=apply(Settings(), ["connections.per_address=100000"]))


# ----------------------------------------------------------------- the clients

async def play(port: int, tables: int, per_table: int, warmup: float,
               seconds: float) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    counts = {"actions": 0, "connected": 0}
    window = {"open": False}
    stop = asyncio.Event()

    async def client(table: int, seat: int) -> None:
        async with connect(f"ws://{HOST}:{port}/ws/{table}/{seat}", max_size=2**24,
                           subprotocols=["pokerroom"]) as ws:  # type: ignore[list-item]
            counts["connected"] += 1
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                message = json.loads(text)
                if message["scene"]["turn"] == seat:
                    await ws.send(json.dumps({"type": "act", "action": "call",
                                              "version": message["version"], "id": 1}))
                    if window["open"]:
                        counts["actions"] += 1

    tasks = [asyncio.create_task(client(t, s)) for t in range(tables) for s in range(per_table)]
    await asyncio.sleep(warmup)
    if counts["connected"] != len(tasks):
        failed = [t.exception() for t in tasks if t.done() and not t.cancelled()]
        raise SystemExit(f"only {counts['connected']} of {len(tasks)} clients connected: "
                         f"{failed[:1]}")
    window["open"] = True
    started = time.monotonic()
    cpu_start, own_start = cpu_seconds(_server_pid), time.process_time()
    await asyncio.sleep(seconds)
    cpu_end, own_end = cpu_seconds(_server_pid), time.process_time()
    window["open"] = False
    elapsed = time.monotonic() - started
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"actions": counts["actions"], "seconds": elapsed, "server_cpu": cpu_end - cpu_start,
            "client_cpu": own_end - own_start}


_server_pid = 0


def main() -> None:
    global _server_pid
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="timed window")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--per-table", type=int, default=5)
    parser.add_argument("--bytes", type=int, default=300,
                        help="padding in each version's text (the room's deltas: 250-500 bytes)")
    parser.add_argument("--pin", action="store_true",
                        help="the server on one core, the clients on the others "
                             "(as bench_server.py --pin)")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the server's process
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve, args.per_table, args.bytes)
        return
    load_before = os.getloadavg()
    server_core = pin_cores(parser) if args.pin else None
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--per-table",
                               str(args.per_table), "--bytes", str(args.bytes)],
                              env={**os.environ, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=server_preexec(server_core))
    _server_pid = server.pid
    try:
        for _ in range(200):
            try:
                socket.create_connection((HOST, port), 0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        result = asyncio.run(play(port, args.tables, args.per_table, args.warmup, args.seconds))
    finally:
        server.terminate()
        server.wait(10)
    per_action = result["server_cpu"] / max(result["actions"], 1)
    rate = result["actions"] / result["seconds"]
    print(f"floor: {args.tables} tables x {args.per_table} clients, {rate:,.0f} actions/s, "
          f"server CPU {per_action * 1000:.3f} ms per action "
          f"({result['server_cpu'] / result['seconds']:.0%} of a core; the clients "
          f"{result['client_cpu'] / result['seconds']:.0%})"
          + (f"; the server pinned to core {server_core}" if server_core is not None else ""))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps({
        "commit": git_commit(), "machine": machine(load_before), "options": {
            k: v for k, v in vars(args).items() if k not in ("output", "serve")},
        "results": {**result, "actions_per_second": rate,
                    "server_cpu_ms_per_action": per_action * 1000}}, indent=2, default=str))


if __name__ == "__main__":
    main()
