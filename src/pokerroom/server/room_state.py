"""What the room's routes share, as one typed object on ``app.state``.

:func:`~pokerroom.server.app.create_app` makes the room's services
(:class:`RoomServices`: the settings, the store, the quotas, the metrics, the caches);
at start-up its lifespan (:class:`~pokerroom.server.lifespan.RoomLife`) makes the
three kinds of resource with them and puts the whole, one :class:`RoomState`, on
``app.state.room_state``.  The dependencies of :mod:`pokerroom.server.deps` read its
fields; nothing else of the room reads ``app.state`` by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.server.actors.group_commit import GroupCommit
from pokerroom.server.actors.registry import Registry
from pokerroom.server.cluster.cluster import Cluster
from pokerroom.server.dealer.room import DealerRoom
from pokerroom.server.guard.expiry import Expiry
from pokerroom.server.guard.quotas import Quotas
from pokerroom.server.hands.exports import SummaryCache
from pokerroom.server.live.room import LiveRoom
from pokerroom.server.lobby.answer import StoredLobby
from pokerroom.server.lobby.query import LobbyPages
from pokerroom.server.operations.metrics import RoomMetrics
from pokerroom.server.settings import Settings
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.deals import DealDesk
from pokerroom.server.tournaments.room import TournamentRoom

__all__ = ["RoomServices", "RoomState"]


@dataclass(frozen=True, kw_only=True, eq=False)
class RoomServices:
    """What is made with the app, once (every start-up of the app shares it)."""

    settings: Settings
    store: Store
    """The cash tables' store; its engine is every store's."""
    cluster: Cluster | None
    """This worker's cluster, or None in a room on one process."""
    quotas: Quotas
    metrics: RoomMetrics
    """``GET /metrics``; the hooks at the call sites count into it."""
    stored_lobby: StoredLobby
    """The lobby as the workers stored it (a room on many processes)."""
    lobby_pages: LobbyPages
    """The filtered, sorted lobby pages, cached by the rows' version."""
    table_summaries: SummaryCache
    """The cash tables' hand summaries (keys: table id and hand row id)."""
    tournament_summaries: SummaryCache
    """The tournaments' hand summaries (keys: tournament id and hand number)."""
    deal_desk: DealDesk
    """Deal suggestions, off the event loop (:mod:`~pokerroom.server.tournaments.deals`)."""


@dataclass(frozen=True, kw_only=True, eq=False)
class RoomState:
    """The room as its routes see it (``app.state.room_state``), made at start-up: the
    services, the three kinds of resource and what runs beside them."""

    services: RoomServices
    tables: Room
    """The cash tables of this process."""
    tournaments: TournamentRoom
    live: LiveRoom
    dealer: DealerRoom
    """The dealer's games (live cash games dealt with real cards)."""
    resources: Registry
    """The four kinds in one registry: ``table``, ``tournament``, ``live``, ``dealer``."""
    group_commit: GroupCommit
    """The tables' writes, one commit per tick."""
    expiry: Expiry
    """The sweeps for idle tables and unstarted events."""
    restored: tuple[str, ...]
    """What start-up brought back (or took the lease of), one note each."""
