"""The room's send path alone: CPU per WebSocket message sent.

Run ``python bench/bench_send_path.py`` (a few seconds).  One uvicorn server in this
process with the room's protocols (``connections.py``), ``SecurityHeaders`` and
``wire/sockets.py`` ``pump``; ``--sockets`` (50) WebSocket clients in a child process
that only drain what they get.  Each round pushes one shared ~300-byte state to every
connection's mailbox and an ack to one of them (as an action does), then lets the
event loop send; the figure is this process's CPU (user + system) per message, for
each of ``--trials`` (3) trials of ``--rounds`` (300) rounds: it leaves out the tables,
the database and the clients, and depends little on other load on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import multiprocessing
import os
import resource
import selectors
import socket
from typing import Any

import uvicorn
import uvloop
from fastapi import FastAPI, WebSocket

from pokerroom.server.connections import (
    ConnectionGuard,
    GuardedConfig,
    GuardedHttpProtocol,
    GuardedWebSocketProtocol,
)
from pokerroom.server.guard.headers import SecurityHeaders
from pokerroom.server.settings import ConnectionLimits
from pokerroom.server.wire.protocol import CLIENT_MESSAGES
from pokerroom.server.wire.sockets import Mailbox, Outgoing, pump


def _drain(port: int, count: int) -> None:
    """``count`` WebSocket clients that read everything and send nothing."""
    sockets = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += sock.recv(4096)
        sock.setblocking(False)
        sockets.append(sock)
    selector = selectors.DefaultSelector()
    for sock in sockets:
        selector.register(sock, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select(1):
            try:
                if not key.fileobj.recv(1 << 16):  # type: ignore[union-attr]
                    return
            except BlockingIOError:
                pass


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run(sockets: int, rounds: int, trials: int) -> list[float]:
    app = FastAPI()
    boxes: list[Mailbox] = []

    @app.websocket("/ws")
    async def endpoint(websocket: WebSocket) -> None:
        await websocket.accept()
        box = Mailbox()
        boxes.append(box)

        async def nothing(*_: Any) -> None:
            return None

        await pump(websocket, box, CLIENT_MESSAGES, nothing, nothing)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = GuardedConfig(
        SecurityHeaders(app), guard=ConnectionGuard(ConnectionLimits(per_address=sockets + 10)),
        host="127.0.0.1", port=port, log_level="warning", lifespan="off",
        http=GuardedHttpProtocol, ws=GuardedWebSocketProtocol)
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.05)
    client = multiprocessing.Process(target=_drain, args=(port, sockets), daemon=True)
    client.start()
    while len(boxes) < sockets:
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    figures = []
    for _ in range(trials):
        start = _cpu()
        for n in range(rounds):
            state = Outgoing({"type": "state", "version": n, "pad": "x" * 300})
            for box in boxes:
                box.push_state(state)
            boxes[n % sockets].push_error({"type": "ack", "id": n})
            for _ in range(3):
                await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        figures.append(1e6 * (_cpu() - start) / (rounds * (sockets + 1)))
    server.should_exit = True
    client.kill()
    await asyncio.wait_for(serving, 5)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()
    figures = uvloop.run(run(args.sockets, args.rounds, args.trials))
    print(f"send path: {min(figures):.1f} us of CPU per message (trials: "
          f"{', '.join(f'{f:.1f}' for f in figures)}); load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
