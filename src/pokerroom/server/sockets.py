"""The WebSocket side shared by table and tournament connections: sending a
connection's mailbox, and answering what the browser sends (validated against the
socket's :class:`~pokerroom.server.protocol.ClientMessages`; a ping gets a pong, bad
input and refused actions an error, never a crash)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import WebSocket, WebSocketDisconnect

from pokerroom.errors import PokerError
from pokerroom.server.protocol import BadMessage, ClientMessages, Ping, error_reason

M = TypeVar("M")
T = TypeVar("T")
K = TypeVar("K")


@dataclass(slots=True, eq=False, kw_only=True)
class Mailbox:
    """A connection's pending messages: errors in order, and only the latest state
    (a cash table's :class:`~pokerroom.server.actor.Subscriber`, a tournament's
    :class:`~pokerroom.server.tournament_setup.Viewer`)."""

    latest: dict[str, Any] | None = None
    errors: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)

    def push_state(self, message: dict[str, Any]) -> None:
        self.latest = message
        self.wake.set()

    def push_error(self, message: dict[str, Any]) -> None:
        self.errors.append(message)
        self.wake.set()


async def send_loop(websocket: WebSocket, box: Mailbox) -> None:
    while True:
        await box.wake.wait()
        box.wake.clear()
        while box.errors:
            await websocket.send_json(box.errors.popleft())
        if box.latest is not None:
            message, box.latest = box.latest, None
            await websocket.send_json(message)


async def accept(websocket: WebSocket, find: Callable[[], T], reason: str, missing: str
                 ) -> T | None:
    """Accept the connection and ``find`` what it is for (a table, a tournament); when
    that raises KeyError, send the error ``reason`` (``missing`` its message), close
    and return None."""
    await websocket.accept()
    try:
        return find()
    except KeyError:
        await websocket.send_json({"type": "error", "reason": reason, "message": missing})
        await websocket.close()
        return None


async def identify(websocket: WebSocket, lookup: Callable[[str], Awaitable[K | None]],
                   unknown: str) -> K | None:
    """Who the connection's ``?token=`` belongs to (``lookup``); None without a token,
    and with an unknown one after a ``bad_token`` error (``unknown`` its message): the
    connection watches."""
    token = websocket.query_params.get("token")
    if not token:
        return None
    who = await lookup(token)
    if who is None:
        await websocket.send_json({"type": "error", "reason": "bad_token", "message": unknown})
    return who


async def answer(box: Mailbox, raw: str, messages: ClientMessages[M],
                 apply: Callable[[M], Awaitable[None]]) -> None:
    """Validate one received text and ``apply`` it; a ping is answered with a pong
    (``apply`` never sees one); bad input gets a ``bad_message`` error and a refused
    action the rule's reason, both ``{"type": "error", "reason", "message"}``."""
    try:
        message = messages.parse(raw)
    except BadMessage as exc:
        box.push_error({"type": "error", "reason": "bad_message", "message": str(exc)})
        return
    if isinstance(message, Ping):
        box.push_error({"type": "pong"})
        return
    try:
        await apply(message)
    except PokerError as exc:
        box.push_error({"type": "error", "reason": error_reason(exc), "message": str(exc)})


async def pump(
    websocket: WebSocket,
    box: Mailbox,
    messages: ClientMessages[M],
    apply: Callable[[M], Awaitable[None]],
    close: Callable[[], Awaitable[Any]],
) -> None:
    """Send ``box`` to the socket while :func:`answer` takes every received text (one
    of ``messages``, handed to ``apply``); when the socket goes, stop sending and
    ``close`` the subscription."""
    sender = asyncio.create_task(send_loop(websocket, box))
    try:
        while True:
            await answer(box, await websocket.receive_text(), messages, apply)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        with contextlib.suppress(Exception):
            await close()
