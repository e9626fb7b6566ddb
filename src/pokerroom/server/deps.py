"""FastAPI dependencies: what the routes need, read from the app's state.

Each reads a field of the one :class:`~pokerroom.server.room_state.RoomState` that
the app's lifespan puts on ``app.state`` at start-up; the routes of every context
(``tables/routes.py``, ``tournaments/routes.py``, ...) name them as parameters
(``room: Tables``) instead of closing over them.  Each works for HTTP and WebSocket
routes alike (an :class:`~starlette.requests.HTTPConnection`).

``..._or_404`` look one resource up by id and answer 404 for an unknown one.  They
are plain functions a handler calls, not dependencies, where the route has other
parameters to validate: FastAPI solves dependencies before it validates the query
and the body, so a dependency would answer 404 where the room answers 422 today.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException
from starlette.requests import HTTPConnection

from pokerroom.server.actors.registry import Registry
from pokerroom.server.cluster.cluster import Cluster
from pokerroom.server.guard.quotas import Quotas
from pokerroom.server.hands.exports import SummaryCache
from pokerroom.server.live.room import LiveRoom, LiveRun
from pokerroom.server.lobby.answer import StoredLobby
from pokerroom.server.lobby.query import LobbyPages
from pokerroom.server.room_state import RoomState
from pokerroom.server.settings import Settings
from pokerroom.server.tables.actor import TableActor
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.deals import DealDesk
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.room import TournamentRoom


def room_state(conn: HTTPConnection) -> RoomState:
    """What the routes share: the one :class:`~pokerroom.server.room_state.RoomState`
    the lifespan put on ``app.state`` at start-up."""
    state: RoomState = conn.app.state.room_state
    return state


def settings(conn: HTTPConnection) -> Settings:
    """The room's settings."""
    return room_state(conn).services.settings


def store(conn: HTTPConnection) -> Store:
    """The cash tables' store."""
    return room_state(conn).services.store


def tables(conn: HTTPConnection) -> Room:
    """The room of cash tables."""
    return room_state(conn).tables


def tournaments(conn: HTTPConnection) -> TournamentRoom:
    """The room's tournaments."""
    return room_state(conn).tournaments


def live(conn: HTTPConnection) -> LiveRoom:
    """The room's live events."""
    return room_state(conn).live


def resources(conn: HTTPConnection) -> Registry:
    """The three kinds of resource in one registry."""
    return room_state(conn).resources


def quotas(conn: HTTPConnection) -> Quotas:
    """The room's quotas."""
    return room_state(conn).services.quotas


def cluster(conn: HTTPConnection) -> Cluster | None:
    """This worker's cluster, or None in a room on one process."""
    return room_state(conn).services.cluster


def stored_lobby(conn: HTTPConnection) -> StoredLobby:
    """The lobby as the workers stored it (a room on many processes)."""
    return room_state(conn).services.stored_lobby


def lobby_pages(conn: HTTPConnection) -> LobbyPages:
    """The filtered, sorted lobby pages, cached by the rows' version."""
    return room_state(conn).services.lobby_pages


def table_summaries(conn: HTTPConnection) -> SummaryCache:
    """The cash tables' hand summaries, cached (keys: table id and hand row id)."""
    return room_state(conn).services.table_summaries


def tournament_summaries(conn: HTTPConnection) -> SummaryCache:
    """The tournaments' hand summaries, cached (keys: tournament id and hand number)."""
    return room_state(conn).services.tournament_summaries


def deal_desk(conn: HTTPConnection) -> DealDesk:
    """The room's deal suggestions, answered off the event loop."""
    return room_state(conn).services.deal_desk


Settings_ = Annotated[Settings, Depends(settings)]
Store_ = Annotated[Store, Depends(store)]
Tables = Annotated[Room, Depends(tables)]
Tournaments = Annotated[TournamentRoom, Depends(tournaments)]
Live = Annotated[LiveRoom, Depends(live)]
Resources = Annotated[Registry, Depends(resources)]
Quotas_ = Annotated[Quotas, Depends(quotas)]
Cluster_ = Annotated[Cluster | None, Depends(cluster)]
StoredLobby_ = Annotated[StoredLobby, Depends(stored_lobby)]
LobbyPages_ = Annotated[LobbyPages, Depends(lobby_pages)]
TableSummaries = Annotated[SummaryCache, Depends(table_summaries)]
TournamentSummaries = Annotated[SummaryCache, Depends(tournament_summaries)]


def actor_or_404(room: Room, table_id: str) -> TableActor:
    """The table ``table_id``, or a 404."""
    try:
        return room.get(table_id)
    except KeyError:
        raise HTTPException(404, f"no table {table_id!r}") from None


def director_or_404(room: TournamentRoom, tournament_id: str) -> TournamentDirector:
    """The tournament ``tournament_id``, or a 404."""
    try:
        return room.get(tournament_id)
    except KeyError:
        raise HTTPException(404, f"no tournament {tournament_id!r}") from None


def run_or_404(room: LiveRoom, event_id: str) -> LiveRun:
    """The live event ``event_id``, or a 404."""
    try:
        return room.get(event_id)
    except KeyError:
        raise HTTPException(404, f"no live event {event_id!r}") from None


def table(table_id: str, room: Tables) -> TableActor:
    """The table of the path's ``table_id``, or a 404: a dependency, for the routes
    with nothing else to validate."""
    return actor_or_404(room, table_id)


def tournament(tournament_id: str, room: Tournaments) -> TournamentDirector:
    """The tournament of the path's ``tournament_id``, or a 404 (a dependency)."""
    return director_or_404(room, tournament_id)


Table = Annotated[TableActor, Depends(table)]
Tournament = Annotated[TournamentDirector, Depends(tournament)]
