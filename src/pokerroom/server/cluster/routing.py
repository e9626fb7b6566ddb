"""Any worker answers any client: requests for a resource another worker serves.

A worker of a room on many processes (:mod:`pokerroom.server.cluster.cluster`) serves the
tables, tournaments and live events it holds the lease of.  A request reaching it for
one served elsewhere, through the front proxy's shared address, is sent on:

- HTTP: ``307 Temporary Redirect`` to the owner's prefix (``/w/NAME`` + the same path
  and query; the method and body are kept, and browsers follow it by themselves);
- a WebSocket: accepted, one message ``{"type": "moved", "url": "/w/NAME/ws/..."}``,
  then closed with code :data:`~pokerroom.server.wire.sockets.MOVED`; the page connects
  there (and back to the shared address when that connection drops);
- while no worker holds it (one died and the lease has not run out, or another is
  taking it over): ``503`` with ``Retry-After: 1`` (``reason`` ``table_moving``), or
  the ``moved`` message with ``url`` null: try the shared address again in a moment;
- its pages (the table's, the tournament's, the live event's screens) are served here
  all the same: they are the same files everywhere, and what they load is redirected.

A resource no worker has (no such id) is left to the routes: their 404.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState

from pokerroom.server.cluster.cluster import Cluster
from pokerroom.server.wire.reasons import WireReason
from pokerroom.server.wire.sockets import MOVED, SUBPROTOCOL, moved_message

_PATH = re.compile(r"^/(?P<via>api/|ws/)?(?P<what>tables|t|tournaments|live|dealer)/"
                   r"(?P<id>[A-Za-z0-9_-]+)(?:[/.]|$)")
_KINDS = {"tables": "table", "t": "table", "tournaments": "tournament", "live": "live",
          "dealer": "dealer"}
ELSEWHERE = "served_elsewhere"
"""Set in a request's scope ``state`` when its page's resource is served by another
worker: the page is served here without the local existence check."""


def served_elsewhere(request: Request) -> bool:
    """Whether this page request is for a resource another worker serves (it exists)."""
    return bool(request.scope.get("state", {}).get(ELSEWHERE))


class Routing:
    """ASGI middleware: send requests for resources served elsewhere on (module doc)."""

    def __init__(self, app: ASGIApp, cluster: Callable[[], Cluster | None]) -> None:
        self.app = app
        self.cluster = cluster

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cluster = self.cluster() if scope["type"] in ("http", "websocket") else None
        match = _PATH.match(scope["path"]) if cluster is not None else None
        if cluster is None or match is None:
            await self.app(scope, receive, send)
            return
        kind, resource = _KINDS[match["what"]], match["id"]
        if cluster.owns(kind, resource):
            await self.app(scope, receive, send)
            return
        owner = await asyncio.to_thread(cluster.book.owner, kind, resource)
        if owner is None:  # no such resource: the route's own 404
            await self.app(scope, receive, send)
            return
        if match["via"] is None and scope["type"] == "http":  # a page: the same file here
            scope.setdefault("state", {})[ELSEWHERE] = True
            await self.app(scope, receive, send)
            return
        url = None
        if owner.url is not None and owner.instance != cluster.book.instance:
            query = scope.get("query_string", b"").decode("latin-1")
            url = owner.url + scope["path"] + (f"?{query}" if query else "")
        if scope["type"] == "websocket":
            await _moved_socket(scope, receive, send, url)
        elif url is None:
            await JSONResponse(
                {"error": f"this {kind} is moving to another server; nothing was changed: "
                          "try again in a second", "reason": WireReason.TABLE_MOVING},
                status_code=503, headers={"Retry-After": "1"})(scope, receive, send)
        else:
            await RedirectResponse(url, status_code=307)(scope, receive, send)


async def _moved_socket(scope: Scope, receive: Receive, send: Send, url: str | None) -> None:
    await moved_socket(WebSocket(scope, receive, send), url)


async def moved_socket(websocket: WebSocket, url: str | None) -> None:
    """Tell ``websocket`` its resource is served by ``url`` (None: by no one yet, try
    again in a moment) and close it with :data:`MOVED`; accepted first if it is not
    yet.  Also for a socket that reached this worker as it lost the resource."""
    if websocket.application_state == WebSocketState.CONNECTING:
        offered: list[str] = list(websocket.scope.get("subprotocols") or [])
        await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    message: dict[str, Any] = moved_message(url)
    await websocket.send_json(message)
    await websocket.close(code=MOVED)
