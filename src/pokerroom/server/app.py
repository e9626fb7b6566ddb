"""The ASGI app: HTTP for the lobby and downloads, a WebSocket per table connection.

:func:`create_app` holds no routes of its own: it reads the settings, makes the
room's services (:class:`~pokerroom.server.room_state.RoomServices`), adds the
middleware, includes each context's router and sets the error handlers; the room's
life (start-up and shutdown) is :class:`~pokerroom.server.lifespan.RoomLife`, which
puts what the routes share, one :class:`~pokerroom.server.room_state.RoomState`, on
``app.state`` for :mod:`pokerroom.server.deps` to read.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from pokerroom.server.actors.clock import Clock, SystemClock
from pokerroom.server.address import router as address_router
from pokerroom.server.cluster.cluster import Cluster
from pokerroom.server.cluster.routes import router as worker_router
from pokerroom.server.cluster.routing import Routing
from pokerroom.server.dealer.routes import router as dealer_router
from pokerroom.server.games import router as games_router
from pokerroom.server.guard.body_limit import BodyLimit
from pokerroom.server.guard.clients import TrustedProxies
from pokerroom.server.guard.headers import SecurityHeaders
from pokerroom.server.guard.json_bodies import JsonBodies
from pokerroom.server.guard.origins import OriginCheck
from pokerroom.server.guard.quotas import Quotas
from pokerroom.server.handlers import ERROR_HANDLERS
from pokerroom.server.hands.exports import SummaryCache
from pokerroom.server.lifespan import RoomLife
from pokerroom.server.live.records import router as live_records_router
from pokerroom.server.live.routes import router as live_router
from pokerroom.server.lobby.answer import StoredLobby
from pokerroom.server.lobby.query import LobbyPages
from pokerroom.server.lobby.routes import router as lobby_router
from pokerroom.server.operations.metrics import RoomMetrics
from pokerroom.server.operations.routes import router as metrics_router
from pokerroom.server.pages import STATIC
from pokerroom.server.room_state import RoomServices
from pokerroom.server.settings import Settings
from pokerroom.server.tables.hand_routes import router as hand_router
from pokerroom.server.tables.routes import router as table_router
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.deals import DealDesk
from pokerroom.server.tournaments.routes import router as tournament_router


def create_app(
    database_url: str,
    *,
    clock: Clock | None = None,
    bot_delay: float = 0.8,
    pause_between_hands: float = 2.0,
    seed: int | None = None,
    worker: str | None = None,
    worker_prefix: str | None = None,
    lease_seconds: float = 3.0,
    settings: Settings | None = None,
    freeze_heap: bool = False,
) -> FastAPI:
    """The room on ``database_url``.  ``worker``: this process is the worker of that
    name in a room on many processes (PostgreSQL only; ``worker_prefix`` is the prefix the
    front proxy routes to it, ``/w/NAME`` by default): it serves the tables,
    tournaments and live events it holds the lease of (``lease_seconds``) and sends
    requests for the others on (:mod:`pokerroom.server.cluster`).  ``settings``: the
    room's limits (:mod:`pokerroom.server.settings`; the defaults when omitted).
    ``freeze_heap``: the room is its process's one long-lived tenant, as under
    ``pokerroom serve``: it paces CPython's garbage collector
    (:mod:`pokerroom.server.operations.heap`).  Off by default: a room inside another
    program, or one of many rooms a process runs one after another (the tests), leaves
    the process's collector alone (each start would otherwise run a full collection of
    everything the process holds)."""
    # A worker of many: a process stopped inside a transaction must not hold up the
    # takeover of its tables for longer than a lease.
    store = Store(database_url, transaction_timeout=lease_seconds if worker else None)
    settings = settings or Settings()
    room_clock = clock or SystemClock()
    cluster = None
    if worker is not None:  # refused now, not at start-up: SQLite serves one process
        cluster = Cluster(store.engine, name=worker, url=worker_prefix or f"/w/{worker}",
                          seconds=lease_seconds)
    proxies = TrustedProxies(settings.proxy.trusted)
    quotas = Quotas(settings.quotas, proxies=proxies, clock=room_clock.now)
    metrics = RoomMetrics()  # GET /metrics (operations/); the hooks count
    metrics.watch_commits(store.engine)  # every store's: one engine
    metrics.gauge("pokerroom_sockets_open", "Table and tournament sockets open.",
                  quotas.sockets.total)
    if cluster is not None:
        metrics.watch_cluster(cluster)  # refused writes, leases lost, takeovers
    services = RoomServices(
        settings=settings, store=store, cluster=cluster, quotas=quotas, metrics=metrics,
        stored_lobby=StoredLobby(store), lobby_pages=LobbyPages(),
        table_summaries=SummaryCache(), tournament_summaries=SummaryCache(),
        # Deal suggestions' threads, warming their kernel now (tournaments/deals).
        deal_desk=DealDesk(settings.deals))
    app = FastAPI(title="pokerroom", exception_handlers=ERROR_HANDLERS,
                  lifespan=RoomLife(services=services, clock=room_clock, bot_delay=bot_delay,
                                    pause_between_hands=pause_between_hands, seed=seed,
                                    freeze_heap=freeze_heap))
    # The layers below the rooms (middleware, error handlers, the connection guard)
    # count through ``metrics_of(app)``, from the app's making on: its one name of its own.
    app.state.metrics = metrics
    app.add_middleware(Routing, cluster=lambda: cluster)
    app.add_middleware(JsonBodies)  # a body must be sent as JSON: 415 otherwise
    # Other sites' pages refused (sockets and changes), before any route runs; the
    # room's public address is its own (behind a proxy, whatever Host it forwards).
    public = (settings.room.public_url,) if settings.room.public_url else ()
    app.add_middleware(OriginCheck, allowed=(*settings.browser.allowed_origins, *public),
                       trusted=proxies)
    limits = settings.connections  # before any route reads a body
    app.add_middleware(BodyLimit, max_bytes=limits.body_bytes, seconds=limits.header_seconds)
    # Outermost (added last): the security headers on every answer, refusals included.
    app.add_middleware(SecurityHeaders, developer_pages=(
        app.docs_url, app.redoc_url, app.swagger_ui_oauth2_redirect_url))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # live_records_router first: /live/league before /live/{event_id}
    for router in (games_router, tournament_router, live_records_router, live_router,
                   lobby_router, table_router, hand_router, worker_router, metrics_router,
                   address_router, dealer_router):
        app.include_router(router)
    return app
