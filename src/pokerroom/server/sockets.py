"""The WebSocket side shared by table and tournament connections."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from fastapi import WebSocket, WebSocketDisconnect


class Mailbox(Protocol):
    """A connection's pending messages: errors in order, and only the latest state."""

    wake: asyncio.Event
    errors: Any  # deque[dict[str, Any]]
    latest: dict[str, Any] | None


async def send_loop(websocket: WebSocket, box: Mailbox) -> None:
    while True:
        await box.wake.wait()
        box.wake.clear()
        while box.errors:
            await websocket.send_json(box.errors.popleft())
        if box.latest is not None:
            message, box.latest = box.latest, None
            await websocket.send_json(message)


async def pump(
    websocket: WebSocket,
    box: Mailbox,
    handle: Callable[[str], Awaitable[None]],
    close: Callable[[], Awaitable[Any]],
) -> None:
    """Send ``box`` to the socket while handing every received text to ``handle``;
    when the socket goes, stop sending and ``close`` the subscription."""
    sender = asyncio.create_task(send_loop(websocket, box))
    try:
        while True:
            await handle(await websocket.receive_text())
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        with contextlib.suppress(Exception):
            await close()
