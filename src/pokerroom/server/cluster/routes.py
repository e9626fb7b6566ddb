"""``GET /api/worker``: which worker answered, and what it serves now."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from pokerroom.server.deps import Cluster_, Resources

router = APIRouter()


@router.get("/api/worker")
async def this_worker(cluster: Cluster_, resources: Resources) -> dict[str, Any]:
    """Which worker answered, and what it serves now (a room on many processes;
    ``worker`` null in a single-process room)."""
    if cluster is None:
        held = resources.held()
        return {"worker": None, "tables": held["table"],
                "tournaments": held["tournament"], "live": held["live"],
                "dealer": held["dealer"]}
    held = cluster.held()
    return {"worker": cluster.name, "instance": cluster.book.instance,
            "tables": held.get("table", []), "tournaments": held.get("tournament", []),
            "live": held.get("live", []), "dealer": held.get("dealer", []),
            "taken_over": cluster.taken,
            "lost": cluster.lost, "refused_writes": cluster.fencing.refused,
            "ended_sessions": cluster.book.ended}
