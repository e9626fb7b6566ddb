"""``GET /api/room``: the address friends reach the room at (issue 24).

The pages put the links they show and copy for others (a table's invite, its host
link, a live event's seat cards) on ``room.public_url`` when the room has one (it sits
behind a proxy at ``https://poker.example.org``, say), else on the address the
browser used (``static/shared/links.js``).  docs/play-with-friends.md tells the host
which to choose.
"""

from __future__ import annotations

from fastapi import APIRouter

from pokerroom.server.deps import Settings_

router = APIRouter()


@router.get("/api/room")
async def room_address(room: Settings_) -> dict[str, str | None]:
    """``{"public_url": "https://poker.example.org"}``, or ``null`` when the room has no
    public address (the links are then on the address each browser used)."""
    return {"public_url": room.room.public_url or None}
