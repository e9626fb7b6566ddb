"""The room's error handlers: how an exception a route lets out is answered.

Errors on the wire carry a ``reason`` (a rule's :class:`pokerroom.errors.Reason` or the
room's :class:`~pokerroom.server.wire.reasons.WireReason`: ``docs/wire.md`` lists them)
beside the message; none is ever a 500.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.errors import PokerError
from pokerroom.server.cluster.leases import LeaseLost
from pokerroom.server.cluster.routing import moved_socket
from pokerroom.server.guard.quotas import QuotaExceeded, quota_response
from pokerroom.server.live.room import NotHostError
from pokerroom.server.operations.logs import LOG
from pokerroom.server.operations.metrics import metrics_of
from pokerroom.server.tables.actor import HostKeyError
from pokerroom.server.tables.store import StoreUnavailable
from pokerroom.server.wire.protocol import error_reason
from pokerroom.server.wire.reasons import WireReason

__all__ = ["ERROR_HANDLERS"]


async def poker_error(_request: Request, exc: Exception) -> Response:
    """A refused request or action: 400 with its reason."""
    assert isinstance(exc, PokerError)
    return JSONResponse({"error": str(exc), "reason": error_reason(exc)}, status_code=400)


async def store_unavailable(_request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": str(exc), "reason": WireReason.STORE_UNAVAILABLE},
                        status_code=503)


async def write_failed(request: Request, exc: Exception) -> Response:
    """The database refused or failed: 503, and a line on standard error."""
    # The table's actor has reloaded what the database holds: nothing happened.
    LOG.error("%s %s: the database refused or failed: %s: %s", request.method,
              request.url.path, type(exc).__name__, str(exc).splitlines()[0][:300])
    return JSONResponse({"error": "the room's database did not take the change; nothing "
                         "was changed: try again in a moment",
                         "reason": WireReason.STORE_UNAVAILABLE}, status_code=503)


async def lease_lost(conn: Any, exc: Exception) -> Response:
    """Another worker serves the resource now: 503, try again in a second.  A socket
    that reached this worker as it lost the resource cannot carry an HTTP answer: it is
    told ``moved`` (no one serves it yet) and closed, as the routing ends one."""
    assert isinstance(exc, LeaseLost)
    if isinstance(conn, WebSocket):
        with contextlib.suppress(Exception):  # the client may be gone already
            await moved_socket(conn, None)
        # Starlette sends nothing for None (a socket cannot carry an HTTP answer);
        # its handler type names Response only.
        return None  # type: ignore[return-value]
    return JSONResponse({"error": str(exc), "reason": exc.reason}, status_code=503,
                        headers={"Retry-After": "1"})


async def past_quota(_request: Request, exc: Exception) -> Response:
    assert isinstance(exc, QuotaExceeded)
    metrics_of(_request.app).refused(exc.reason)
    return quota_response(exc)


async def not_host(_request: Request, exc: Exception) -> Response:
    """A host's or an event director's action without the key: 403."""
    assert isinstance(exc, HostKeyError | NotHostError)
    return JSONResponse({"error": str(exc), "reason": exc.reason}, status_code=403)


ERROR_HANDLERS: dict[int | type[Exception],
                     Callable[[Request, Any], Coroutine[Any, Any, Response]]] = {
    PokerError: poker_error,
    StoreUnavailable: store_unavailable,
    SQLAlchemyError: write_failed,
    LeaseLost: lease_lost,
    QuotaExceeded: past_quota,
    HostKeyError: not_host,
    NotHostError: not_host,
}
"""Each exception class and its handler (``FastAPI(exception_handlers=...)``)."""
