"""HTTP routes of the lobby: the home page, every open table, and one page of them
filtered and sorted.  In a room on one process the rows come from the tables here;
on a worker of many, from the database (:mod:`pokerroom.server.lobby.answer`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from pokerroom.server.deps import Cluster_, LobbyPages_, StoredLobby_, Tables
from pokerroom.server.lobby.answer import LobbyAnswer
from pokerroom.server.lobby.query import PAGE_SIZE, LobbyQuery, LobbyRows, lobby_page
from pokerroom.server.pages import add_page
from pokerroom.server.tables.room import Room

router = APIRouter()
add_page(router, "/", "index.html")


def local_lobby(room: Room) -> list[dict[str, Any]]:
    """The lobby rows of this process's open tables (a room on one process)."""
    return [{**a.lobby_row(), "paused": a.paused}
            for a in room.actors.values() if not a.closed]


@router.get("/api/tables", response_model=None)
async def list_tables(request: Request, room: Tables, cluster: Cluster_,
                      stored_lobby: StoredLobby_) -> Response:
    """The open tables.  On a worker of many, as each was last stored (most run on
    other workers: :mod:`pokerroom.server.lobby.answer`).  With an ETag (an unchanged
    lobby is 304) and gzipped when the client accepts it."""
    if cluster is not None:
        answer = await asyncio.to_thread(stored_lobby.answer)
    else:
        answer = LobbyAnswer(local_lobby(room))
    return answer.response(request.headers)


@router.get("/api/lobby", response_model=None)
async def lobby(request: Request, room: Tables, cluster: Cluster_,
                stored_lobby: StoredLobby_, lobby_pages: LobbyPages_,
                game: str | None = None, structure: str | None = None,
                open_seat: bool = False, name: str = "", page: int = 1,
                size: int = PAGE_SIZE) -> Response:
    """One page of the open tables, filtered and sorted (``game``, ``structure``,
    ``open_seat``, ``name``, ``page``, ``size``: :mod:`pokerroom.server.lobby.query`).
    With an ETag, and gzipped, as ``/api/tables``."""
    query = LobbyQuery(game=game, structure=structure, open_seat=open_seat, name=name,
                       page=page, size=size)
    if cluster is not None:
        rows = await asyncio.to_thread(stored_lobby.rows)
        answer = await asyncio.to_thread(lobby_pages.answer, rows, query)
    else:
        answer = LobbyAnswer(lobby_page(LobbyRows.of(local_lobby(room)), query))
    return answer.response(request.headers)
