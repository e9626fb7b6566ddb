"""``GET /metrics``: the room's metrics in Prometheus's text format.

Metrics tell how loaded the room is, not any secret, but they are still for the
room's operators: only a client address in ``metrics.allow`` (loopback by default;
the address is the client's as :mod:`~pokerroom.server.guard.clients` reads it) may
read them, others are answered ``403``; with ``metrics.enabled`` false the path
answers ``404``.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse

from pokerroom.server.deps import Quotas_, Settings_
from pokerroom.server.operations.metrics import metrics_of
from pokerroom.server.wire.reasons import WireReason

__all__ = ["REASON", "router"]

REASON = WireReason.METRICS_NOT_ALLOWED
"""The ``reason`` of a ``403`` to a client outside ``metrics.allow``."""

router = APIRouter()


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request, settings: Settings_, quotas: Quotas_) -> Response:
    """Every metric of the room (:mod:`pokerroom.server.operations.metrics`)."""
    if not settings.metrics.enabled:
        raise HTTPException(404, "not found: this room does not serve its metrics "
                                 "(metrics.enabled is false)")
    room = metrics_of(request.app)
    address = quotas.address(request.scope)
    if not settings.metrics.allows(address):
        room.refused(REASON)
        return JSONResponse({"error": f"this address ({address}) may not read the room's "
                                      "metrics: only those of metrics.allow may",
                             "reason": REASON}, status_code=403)
    body, media_type = room.render(request.headers.get("accept"))
    return Response(body, media_type=media_type)
