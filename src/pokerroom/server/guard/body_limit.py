"""Request bodies: a size limit enforced while reading, and a time limit between parts (#22).

:class:`BodyLimit` is a pure ASGI middleware around the whole room:

- a request whose ``Content-Length`` is over ``connections.body_bytes`` is answered
  ``413`` at once, before a byte of the body is read (a client sending
  ``Expect: 100-continue`` is not even asked for it);
- a body without a length (chunked) is counted as it streams in: the part that takes it
  past the limit is never handed to the route, which sees the request fail, and the
  answer is ``413`` whatever the route was about to say;
- a client has ``connections.header_seconds`` between two parts of a body (as between
  the bytes of its headers), or the answer is ``408``.

Each answer is JSON in the room's error form (``reason`` ``body_too_large`` with the
``limit`` in bytes, or ``request_timeout``) and closes the connection
(``Connection: close``), so the rest of a body too large is never read.  What the server
holds of a body at any time is at most the limit plus one read of the socket: memory
does not grow with what a client sends.

WebSocket frames are bounded by the server itself (``pokerroom serve`` gives uvicorn
``ws_max_size`` = ``connections.body_bytes``: a longer frame closes the socket with code
1009); the room's messages are shorter still
(:data:`~pokerroom.server.wire.protocol.MAX_FRAME_BYTES`, answered ``bad_message``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerroom.server.operations.metrics import refused
from pokerroom.server.wire.reasons import WireReason

__all__ = ["BodyLimit", "BodyRefused", "too_large", "too_slow"]

_REASONS = {413: "body_too_large", 408: "request_timeout"}  # of a refusal, by status


class BodyRefused(Exception):
    """Raised to the route that reads a body past the limit (or too slowly): the request
    is refused; :class:`BodyLimit` answers it."""


def _answer(status: int, body: dict[str, Any]) -> tuple[Message, Message]:
    data = json.dumps(body).encode()
    return ({"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/json"),
                         (b"content-length", str(len(data)).encode()),
                         (b"connection", b"close")]},
            {"type": "http.response.body", "body": data, "more_body": False})


def too_large(limit: int) -> tuple[Message, Message]:
    """The ``413`` answer naming ``limit``."""
    return _answer(413, {"error": f"the request body is larger than {limit} bytes, the most "
                                  "the room takes (connections.body_bytes)",
                         "reason": WireReason.BODY_TOO_LARGE, "limit": limit})


def too_slow(seconds: float) -> tuple[Message, Message]:
    """The ``408`` answer for a body that stopped arriving."""
    return _answer(408, {"error": f"the request body stopped arriving for {seconds:g} s "
                                  "(connections.header_seconds)",
                         "reason": WireReason.REQUEST_TIMEOUT,
                         "limit": "connections.header_seconds"})


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # the HTTP parser has refused it already
    return None


class BodyLimit:
    """ASGI middleware: bodies of at most ``max_bytes``, each part within ``seconds``
    of the one before (module doc)."""

    def __init__(self, app: ASGIApp, *, max_bytes: int, seconds: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.max_bytes:
            refused(scope, "body_too_large")
            for message in too_large(self.max_bytes):
                await send(message)
            return
        await _Reading(self, receive, send).run(scope)


class _Reading:
    """One request through :class:`BodyLimit`: the body counted, the answer replaced
    when it was refused."""

    def __init__(self, limit: BodyLimit, receive: Receive, send: Send) -> None:
        self.limit = limit
        self.upstream_receive = receive
        self.upstream_send = send
        self.received = 0
        self.body_done = False
        self.refusal: tuple[Message, Message] | None = None
        self.started = False  # a response start went out

    async def run(self, scope: Scope) -> None:
        with contextlib.suppress(BodyRefused):
            await self.limit.app(scope, self.receive, self.send)
        if self.refusal is not None and not self.started:
            refused(scope, _REASONS[self.refusal[0]["status"]])
            for message in self.refusal:
                await self.upstream_send(message)

    async def receive(self) -> Message:
        if self.refusal is not None:
            raise BodyRefused("the request was refused")
        if self.body_done:  # the body is read: waiting for a disconnect has no limit
            return await self.upstream_receive()
        try:
            message = await asyncio.wait_for(self.upstream_receive(), self.limit.seconds)
        except TimeoutError:
            self.refusal = too_slow(self.limit.seconds)
            raise BodyRefused("the request body stopped arriving") from None
        if message["type"] == "http.request":
            self.received += len(message.get("body", b""))
            if self.received > self.limit.max_bytes:
                self.refusal = too_large(self.limit.max_bytes)
                raise BodyRefused(f"the request body is over {self.limit.max_bytes} bytes")
            self.body_done = not message.get("more_body", False)
        else:
            self.body_done = True
        return message

    async def send(self, message: Message) -> None:
        if self.refusal is not None:
            return  # the route's own answer to a refused body: replaced by the refusal
        if message["type"] == "http.response.start":
            self.started = True
        await self.upstream_send(message)
