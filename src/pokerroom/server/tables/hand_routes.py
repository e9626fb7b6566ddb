"""HTTP routes of a cash table's finished hands: the list, the replayer's frames, and
the downloads (PHH and text), each with the viewer's secrecy: their own cards only if
their sitting was in the hand (the seat token in ``Authorization: Bearer``), others'
only where tabled at the showdown.

The list and the replayer deal hands again (about 8 ms a hand not yet in the summary
cache): plain functions, which FastAPI runs in its thread pool, so that a cold page
never stalls the tables' actors on the event loop.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Query
from fastapi.responses import JSONResponse, PlainTextResponse

from pokerroom.errors import PokerError
from pokerroom.rules.engine import Hand
from pokerroom.server import deps
from pokerroom.server.deps import Store_, Tables, TableSummaries
from pokerroom.server.hands.downloads import (
    MAX_HAND_NUMBER,
    attachment,
    bearer_token,
    check_hand_number,
)
from pokerroom.server.hands.exports import (
    HandSummary,
    hand_texts,
    phh_refusal,
    replay_frames,
    replay_stored,
    summarize,
    viewer_position,
)
from pokerroom.server.hands.numbers import cash_hand_number
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import HandRow, Store
from pokerroom.table import HandPlan, Table

router = APIRouter()


def viewer_sitting(store: Store, table_id: str, authorization: str | None) -> str | None:
    """The sitting whose seat token is in the header, None without one (401 for a
    token this table does not know)."""
    token = bearer_token(authorization)
    if token is None:
        return None
    row = store.sitting_for_token(table_id, token)
    if row is None or row.sitting is None:
        raise HTTPException(401, "unknown seat token for this table")
    return row.sitting


def stored_hand(store: Store, table_id: str, number: int
                ) -> tuple[HandRow, Table, Hand, HandPlan]:
    """A finished hand of this table dealt again from its record (404 for no such
    finished hand, 410 for one an older version recorded)."""
    check_hand_number(number, "at this table")
    row = store.hand(table_id, number)
    if row is None or row.status != "finished":
        raise HTTPException(404, f"no finished hand {number} at this table")
    return (row, *replayed(store, row))


def replayed(store: Store, row: HandRow) -> tuple[Table, Hand, HandPlan]:
    """The hand of ``row`` dealt again (410 for one an older version recorded)."""
    actions = [(a.position, a.action) for a in store.hand_actions(row.id)]
    try:
        return replay_stored(row.before, list(row.deck), actions)
    except (PokerError, KeyError, ValueError) as exc:  # recorded by an older version
        raise HTTPException(410, f"hand {row.number} was recorded by an earlier version "
                            f"of pokerroom and can no longer be dealt again ({exc})"
                            ) from None


def summary_of(store: Store, row: HandRow, players: list[str | None]) -> HandSummary:
    _table, hand, plan = replayed(store, row)
    return summarize(hand, plan.seats, [players[s] or f"seat {s + 1}" for s in plan.seats])


@router.get("/api/tables/{table_id}/hands")
def hands(table_id: str, room: Tables, store: Store_, summaries: TableSummaries,
          authorization: str | None = Header(default=None),
          before: int | None = Query(default=None, ge=1, le=MAX_HAND_NUMBER),
          limit: int = Query(default=50, ge=1, le=100),
          mine: bool = False) -> list[dict[str, Any]]:
    """The table's hands, newest first, ``limit`` at a time; ``before``: only hands
    numbered below it (the next page: the last number of this one).  ``number`` is
    the hand's count at this table (the table log's "hand 7"), the number the other
    hand routes take; ``room_number`` is the number its downloads carry, unique
    across the room (trackers key hands on it).  Each names
    who played (names at the deal, by seat), the winners and the pot; with the
    seat token, whether the viewer's sitting was in it (``you``) and then its
    cards as its own view showed them and its result in chips (``net``);
    ``mine``: only those hands (the token is then required)."""
    actor = deps.actor_or_404(room, table_id)
    sitting = viewer_sitting(store, table_id, authorization)
    if mine and sitting is None:
        raise HTTPException(401, "mine=true lists the hands your seat played: send its "
                            "token as 'Authorization: Bearer <seat token>'")
    out = []
    for h in store.hands(table_id, limit=limit, before=before,
                         sitting=sitting if mine else None):
        sittings = h.sittings or {}
        players: list[str | None] = [None] * actor.table.seat_count
        for seat, who in sittings.items():
            if 0 <= int(seat) < len(players):
                players[int(seat)] = who["name"]
        row: dict[str, Any] = {
            "number": h.number, "room_number": cash_hand_number(h.id),
            "status": h.status, "result": h.result,
            "phh": h.phh is not None, "players": players,
            "you": sitting is not None
            and any(w["sitting"] == sitting for w in sittings.values()),
            "winners": [], "pot": None, "cards": None, "net": None}
        if h.status == "finished":
            try:
                summary = summaries.get((table_id, h.id),
                                        partial(summary_of, store, h, players))
            except HTTPException:  # recorded by an older version: no summary
                out.append(row)
                continue
            row.update(summary.row(viewer_position(sittings, summary.seats, sitting)),
                       phh=summary.phh)  # hands are no longer stored with their PHH
        out.append(row)
    return out


async def _download(room: Room, store: Store, table_id: str, number: int,
                    authorization: str | None) -> tuple[str | None, str, Hand]:
    """A finished hand as the viewer may see it: their own cards (the seat token
    of a sitting that was in the hand, in the Authorization header) and the hands
    tabled at the showdown; every other hole card and discard stays hidden."""
    actor = deps.actor_or_404(room, table_id)
    sitting = viewer_sitting(store, table_id, authorization)
    row, table, hand, plan = stored_hand(store, table_id, number)
    viewer = viewer_position(row.sittings, plan.seats, sitting)
    return (*hand_texts(actor.name, table, hand, plan, cash_hand_number(row.id),
                        played_at=row.started_at, viewer=viewer), hand)


@router.get("/api/tables/{table_id}/hands/{number}/replay")
def hand_replay(table_id: str, number: int, room: Tables, store: Store_,
                authorization: str | None = Header(default=None)) -> JSONResponse:
    """A finished hand step by step for the replayer, with the same secrecy as
    the downloads: the viewer's own cards only if their sitting was in the hand,
    other cards only where tabled at the showdown (see ``replay_frames``)."""
    deps.actor_or_404(room, table_id)
    sitting = viewer_sitting(store, table_id, authorization)
    row, _table, _hand, plan = stored_hand(store, table_id, number)
    frames = replay_frames(row.before, list(row.deck),
                           [(a.position, a.action) for a in store.hand_actions(row.id)],
                           viewer=viewer_position(row.sittings, plan.seats, sitting))
    return JSONResponse({"number": number, "room_number": cash_hand_number(row.id), **frames},
                        headers={"Cache-Control": "private, no-store"})


@router.get("/api/tables/{table_id}/hands/{number}.phh")
async def hand_phh(table_id: str, number: int, room: Tables, store: Store_,
                   authorization: str | None = Header(default=None)) -> PlainTextResponse:
    """Hand ``number`` of this table (its count here, as the list's ``number``) as
    PHH, whose ``hand`` field is the room's number (the list's ``room_number``)."""
    phh, _, hand = await _download(room, store, table_id, number, authorization)
    if phh is None:  # e.g. a house rule PHH has no words for
        raise HTTPException(404, f"hand {number}: {phh_refusal(hand)}")
    return attachment(phh, f"{table_id}-{number}.phh")


@router.get("/api/tables/{table_id}/hands/{number}.txt")
async def hand_text(table_id: str, number: int, room: Tables, store: Store_,
                    authorization: str | None = Header(default=None)) -> PlainTextResponse:
    """Hand ``number`` of this table (its count here, as the list's ``number``) as
    PokerStars text, headed ``PokerStars Hand #<room number>`` (the list's
    ``room_number``, unique across the room)."""
    _, text, _ = await _download(room, store, table_id, number, authorization)
    return attachment(text, f"{table_id}-{number}.txt")
