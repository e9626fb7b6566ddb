"""The ASGI app: HTTP for the lobby and downloads, a WebSocket per table connection."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from typing import Any

from fastapi import FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from pokerroom.bots.odds import warm as warm_bots
from pokerroom.errors import PokerError
from pokerroom.rules.engine import Hand
from pokerroom.server.actor import HostKeyError, Subscriber, TableActor
from pokerroom.server.clock import Clock, SystemClock
from pokerroom.server.cluster import Cluster
from pokerroom.server.downloads import (
    MAX_HAND_NUMBER,
    attachment,
    bearer_token,
    check_hand_number,
)
from pokerroom.server.exports import (
    HandSummary,
    SummaryCache,
    hand_texts,
    phh_refusal,
    replay_frames,
    replay_stored,
    summarize,
    viewer_position,
)
from pokerroom.server.leases import LeaseLost
from pokerroom.server.live_room import LiveRoom
from pokerroom.server.live_routes import add_live_routes
from pokerroom.server.live_store import LiveStore
from pokerroom.server.lobby import LobbyAnswer, StoredLobby
from pokerroom.server.lobby_query import (
    PAGE_SIZE,
    LobbyPages,
    LobbyQuery,
    LobbyRows,
    lobby_page,
)
from pokerroom.server.pages import STATIC, add_page
from pokerroom.server.protocol import (
    CLIENT_MESSAGES,
    Act,
    AddBot,
    ChatMessage,
    ChatSettings,
    ClientMessage,
    CreateTable,
    HostRequest,
    JoinTable,
    Kick,
    Leave,
    LockTable,
    MuckLosing,
    Post,
    PreActionChoice,
    RemoveBot,
    SitIn,
    SitOut,
    Straddle,
    TopUp,
    error_reason,
)
from pokerroom.server.room import Room
from pokerroom.server.routing import Routing, moved_socket
from pokerroom.server.settings import Settings
from pokerroom.server.sockets import accept, identify, pump
from pokerroom.server.store import HandRow, Store, StoreUnavailable
from pokerroom.server.tournament_room import TournamentRoom
from pokerroom.server.tournament_routes import add_tournament_routes
from pokerroom.server.tournament_store import TournamentStore
from pokerroom.table import HandPlan, Table


def create_app(
    database_url: str,
    *,
    clock: Clock | None = None,
    bot_delay: float = 0.8,
    pause_between_hands: float = 2.0,
    seed: int | None = None,
    worker: str | None = None,
    public_url: str | None = None,
    lease_seconds: float = 3.0,
    settings: Settings | None = None,
) -> FastAPI:
    """The room on ``database_url``.  ``worker``: this process is the worker of that
    name in a room on many processes (PostgreSQL only; ``public_url`` is the prefix the
    front proxy routes to it, ``/w/NAME`` by default): it serves the tables,
    tournaments and live events it holds the lease of (``lease_seconds``) and sends
    requests for the others on (:mod:`pokerroom.server.cluster`).  ``settings``: the
    room's limits (:mod:`pokerroom.server.settings`; the defaults when omitted)."""
    # A worker of many: a process stopped inside a transaction must not hold up the
    # takeover of its tables for longer than a lease.
    store = Store(database_url, transaction_timeout=lease_seconds if worker else None)
    room_holder: dict[str, Room] = {}
    tournament_holder: dict[str, TournamentRoom] = {}
    live_holder: dict[str, LiveRoom] = {}
    cluster_holder: dict[str, Cluster] = {}
    if worker is not None:  # refused now, not at start-up: SQLite serves one process
        cluster_holder["cluster"] = Cluster(store.engine, name=worker,
                                            url=public_url or f"/w/{worker}",
                                            seconds=lease_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        room = Room(store, clock or SystemClock(), bot_delay=bot_delay,
                    pause_between_hands=pause_between_hands, seed=seed)
        room_holder["room"] = room
        app.state.room = room
        tournaments = TournamentRoom(room.clock, bot_delay=bot_delay,
                                     pause_between_hands=pause_between_hands, seed=seed,
                                     store=TournamentStore(store.engine))
        tournament_holder["room"] = app.state.tournaments = tournaments
        live = LiveRoom(room.clock, store=LiveStore(store.engine), seed=seed)
        live_holder["room"] = app.state.live = live
        cluster = cluster_holder.get("cluster")
        if cluster is None:
            app.state.restored = room.restore() + tournaments.restore() + live.restore()
        else:  # a worker of many: what it holds the lease of, now and as others go
            for part, kind in ((room, "table"), (tournaments, "tournament"), (live, "live")):
                part.claim = cluster.claim
                cluster.add(kind, part)
            store.fencing = cluster.fencing
            assert tournaments.store is not None and live.store is not None
            tournaments.store.fencing = live.store.fencing = cluster.fencing
            app.state.restored = await cluster.start()
        # The bots' equity kernels load in a thread, not in the first bot decision
        # of some table (which would stall every table for a few seconds).
        threading.Thread(target=warm_bots, name="warm-bots", daemon=True).start()
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
            await tournaments.close()
            await room.close()
            store.close()

    app = FastAPI(title="pokerroom", lifespan=lifespan)
    app.state.settings = settings or Settings()
    app.add_middleware(Routing, cluster=lambda: cluster_holder.get("cluster"))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def room() -> Room:
        return room_holder["room"]

    add_tournament_routes(app, lambda: tournament_holder["room"])
    add_live_routes(app, lambda: live_holder["room"])

    def actor_or_404(table_id: str) -> TableActor:
        try:
            return room().get(table_id)
        except KeyError:
            raise HTTPException(404, f"no table {table_id!r}") from None

    @app.exception_handler(PokerError)
    async def poker_error(_request: Any, exc: PokerError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "reason": error_reason(exc)}, status_code=400)

    @app.exception_handler(StoreUnavailable)
    async def store_unavailable(_request: Any, exc: StoreUnavailable) -> JSONResponse:
        return JSONResponse({"error": str(exc), "reason": "store_unavailable"}, status_code=503)

    @app.exception_handler(SQLAlchemyError)
    async def write_failed(request: Any, exc: SQLAlchemyError) -> JSONResponse:
        # The table's actor has reloaded what the database holds: nothing happened.
        sys.stderr.write(f"pokerroom: {request.method} {request.url.path}: the database "
                         f"refused or failed: {type(exc).__name__}: "
                         f"{str(exc).splitlines()[0][:300]}\n")
        return JSONResponse({"error": "the room's database did not take the change; nothing "
                             "was changed: try again in a moment",
                             "reason": "store_unavailable"}, status_code=503)

    @app.exception_handler(LeaseLost)
    async def lease_lost(conn: Any, exc: LeaseLost) -> JSONResponse | None:
        if isinstance(conn, WebSocket):  # reached this worker as it lost the resource
            with contextlib.suppress(Exception):  # the client may be gone already
                await moved_socket(conn, None)
            return None
        return JSONResponse({"error": str(exc), "reason": exc.reason}, status_code=503,
                            headers={"Retry-After": "1"})

    @app.exception_handler(HostKeyError)
    async def not_host(_request: Any, exc: HostKeyError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "reason": exc.reason}, status_code=403)

    add_page(app, "/", "index.html")
    add_page(app, "/t/{table_id}", "table.html", actor_or_404)

    @app.get("/api/worker")
    async def this_worker() -> dict[str, Any]:
        """Which worker answered, and what it serves now (a room on many processes;
        ``worker`` null in a single-process room)."""
        cluster = cluster_holder.get("cluster")
        if cluster is None:
            return {"worker": None, "tables": sorted(room().actors),
                    "tournaments": sorted(tournament_holder["room"].directors),
                    "live": sorted(live_holder["room"].runs)}
        held = cluster.held()
        return {"worker": cluster.name, "instance": cluster.book.instance,
                "tables": held.get("table", []), "tournaments": held.get("tournament", []),
                "live": held.get("live", []), "taken_over": cluster.taken,
                "lost": cluster.lost, "refused_writes": cluster.fencing.refused}

    stored_lobby = StoredLobby(store)

    def local_lobby() -> list[dict[str, Any]]:
        """The lobby rows of this process's open tables (a room on one process)."""
        return [{**a.lobby_row(), "paused": a.paused}
                for a in room().actors.values() if not a.closed]

    @app.get("/api/tables", response_model=None)
    async def list_tables(request: Request) -> Response:
        """The open tables.  On a worker of many, as each was last stored (most run on
        other workers: :mod:`pokerroom.server.lobby`).  With an ETag (an unchanged
        lobby is 304) and gzipped when the client accepts it."""
        if "cluster" in cluster_holder:
            answer = await asyncio.to_thread(stored_lobby.answer)
        else:
            answer = LobbyAnswer(local_lobby())
        return answer.response(request.headers)

    lobby_pages = LobbyPages()

    @app.get("/api/lobby", response_model=None)
    async def lobby(request: Request, game: str | None = None, structure: str | None = None,
                    open_seat: bool = False, name: str = "", page: int = 1,
                    size: int = PAGE_SIZE) -> Response:
        """One page of the open tables, filtered and sorted (``game``, ``structure``,
        ``open_seat``, ``name``, ``page``, ``size``: :mod:`pokerroom.server.lobby_query`).
        With an ETag, and gzipped, as ``/api/tables``."""
        query = LobbyQuery(game=game, structure=structure, open_seat=open_seat, name=name,
                           page=page, size=size)
        if "cluster" in cluster_holder:
            rows = await asyncio.to_thread(stored_lobby.rows)
            answer = await asyncio.to_thread(lobby_pages.answer, rows, query)
        else:
            answer = LobbyAnswer(lobby_page(LobbyRows.of(local_lobby()), query))
        return answer.response(request.headers)

    @app.post("/api/tables")
    async def create_table(request: CreateTable) -> dict[str, Any]:
        """A new table; ``host`` is its host key (bots, pause, close): keep it."""
        actor = room().create_table(request)
        stored_lobby.changed()
        return {"id": actor.id, "url": f"/t/{actor.id}", "host": actor.host_key}

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str) -> dict[str, Any]:
        actor = actor_or_404(table_id)
        return await actor.submit(lambda: actor._state_for(None))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: JoinTable) -> dict[str, Any]:
        """Sit down (or reserve the seat until the hand in progress ends): ``token`` is
        the new sitting's secret, ``sitting`` its id.  Stored before the answer."""
        actor = actor_or_404(table_id)
        token, sitting = await actor.submit(
            lambda: actor.join(request.name, request.seat, request.buy_in))
        return {"token": token, "seat": request.seat, "sitting": sitting}

    @app.post("/api/tables/{table_id}/bots")
    async def add_bot(table_id: str, request: AddBot) -> dict[str, Any]:
        actor = actor_or_404(table_id)

        def add() -> int:
            actor.check_host(request.host)
            return actor.add_bot(request.policy, request.seat, request.buy_in)

        return {"seat": await actor.submit(add)}

    def host_route(path: str, body: type[HostRequest],
                   do: Callable[[TableActor, Any], None]) -> None:
        """A host's POST: the host key checked, then ``do`` inside the table's actor."""

        async def route(table_id: str, request: Any) -> dict[str, Any]:
            actor = actor_or_404(table_id)

            def run() -> None:
                actor.check_host(request.host)
                do(actor, request)

            await actor.submit(run)
            return {"ok": True, "paused": actor.paused, "closed": actor.closed}

        route.__annotations__["request"] = body
        app.post(f"/api/tables/{{table_id}}/{path}", name=path)(route)

    host_route("bots/remove", RemoveBot, lambda a, r: a.remove_bot(r.seat))
    host_route("pause", HostRequest, lambda a, _r: a.pause(True))
    host_route("resume", HostRequest, lambda a, _r: a.pause(False))
    host_route("close", HostRequest, lambda a, _r: a.close())
    host_route("kick", Kick, lambda a, r: a.kick(r.seat))
    host_route("chat", ChatSettings, lambda a, r: a.set_chat(on=r.on, spectators=r.spectators))
    host_route("lock", LockTable, lambda a, r: a.lock(r.locked))

    @app.post("/api/tables/{table_id}/ledger/players")
    async def host_ledger(table_id: str, request: HostRequest) -> list[dict[str, Any]]:
        """The host's ledger: each player's buy-ins, chips added, cash-outs, chips at
        the table and net (the host key in the body)."""
        actor = actor_or_404(table_id)

        def report() -> list[dict[str, Any]]:
            actor.check_host(request.host)
            return actor.ledger_report()

        return await actor.submit(report)

    @app.get("/api/tables/{table_id}/ledger")
    async def ledger(table_id: str) -> dict[str, Any]:
        """Chips bought in minus cashed out, and the chips at the table now: equal."""
        actor = actor_or_404(table_id)

        def count() -> dict[str, Any]:
            # Read inside the actor so that no hand ends or rebuy lands in between.
            return {"balance": store.ledger_balance(table_id),
                    "on_table": actor.table.chips_on_table(), "rake": actor.rake_taken}

        return await actor.submit(count)

    def viewer_sitting(table_id: str, authorization: str | None) -> str | None:
        token = bearer_token(authorization)
        if token is None:
            return None
        row = store.sitting_for_token(table_id, token)
        if row is None or row.sitting is None:
            raise HTTPException(401, "unknown seat token for this table")
        return row.sitting

    summaries = SummaryCache()

    def stored_hand(table_id: str, number: int) -> tuple[HandRow, Table, Hand, HandPlan]:
        """A finished hand of this table dealt again from its record (404 for no such
        finished hand, 410 for one an older version recorded)."""
        check_hand_number(number, "at this table")
        row = store.hand(table_id, number)
        if row is None or row.status != "finished":
            raise HTTPException(404, f"no finished hand {number} at this table")
        return (row, *replayed(row))

    def replayed(row: HandRow) -> tuple[Table, Hand, HandPlan]:
        actions = [(a.seat, a.action) for a in store.hand_actions(row.id)]
        try:
            return replay_stored(row.before, list(row.deck), actions)
        except (PokerError, KeyError, ValueError) as exc:  # recorded by an older version
            raise HTTPException(410, f"hand {row.number} was recorded by an earlier version "
                                f"of pokerroom and can no longer be dealt again ({exc})"
                                ) from None

    def summary_of(row: HandRow, players: list[str | None]) -> HandSummary:
        _table, hand, plan = replayed(row)
        return summarize(hand, plan.seats, [players[s] or f"seat {s + 1}" for s in plan.seats])

    # The list and the replayer deal hands again (about 8 ms a hand not yet in the
    # summary cache): plain functions, which FastAPI runs in its thread pool, so that
    # a cold page never stalls the tables' actors on the event loop.
    @app.get("/api/tables/{table_id}/hands")
    def hands(table_id: str, authorization: str | None = Header(default=None),
                    before: int | None = Query(default=None, ge=1, le=MAX_HAND_NUMBER),
                    limit: int = Query(default=50, ge=1, le=100),
                    mine: bool = False) -> list[dict[str, Any]]:
        """The table's hands, newest first, ``limit`` at a time; ``before``: only hands
        numbered below it (the next page: the last number of this one).  Each names
        who played (names at the deal, by seat), the winners and the pot; with the
        seat token, whether the viewer's sitting was in it (``you``) and then its
        cards as its own view showed them and its result in chips (``net``);
        ``mine``: only those hands (the token is then required)."""
        actor = actor_or_404(table_id)
        sitting = viewer_sitting(table_id, authorization)
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
                "number": h.number, "status": h.status, "result": h.result,
                "phh": h.phh is not None, "players": players,
                "you": sitting is not None
                and any(w["sitting"] == sitting for w in sittings.values()),
                "winners": [], "pot": None, "cards": None, "net": None}
            if h.status == "finished":
                try:
                    summary = summaries.get((table_id, h.id),
                                            partial(summary_of, h, players))
                except HTTPException:  # recorded by an older version: no summary
                    out.append(row)
                    continue
                row.update(summary.row(viewer_position(sittings, summary.seats, sitting)))
            out.append(row)
        return out

    async def _download(table_id: str, number: int,
                        authorization: str | None) -> tuple[str | None, str, Hand]:
        """A finished hand as the viewer may see it: their own cards (the seat token
        of a sitting that was in the hand, in the Authorization header) and the hands
        tabled at the showdown; every other hole card and discard stays hidden."""
        actor = actor_or_404(table_id)
        sitting = viewer_sitting(table_id, authorization)
        row, table, hand, plan = stored_hand(table_id, number)
        viewer = viewer_position(row.sittings, plan.seats, sitting)
        return (*hand_texts(actor.name, table, hand, plan, number, played_at=row.started_at,
                            viewer=viewer), hand)

    @app.get("/api/tables/{table_id}/hands/{number}/replay")
    def hand_replay(table_id: str, number: int,
                          authorization: str | None = Header(default=None)
                          ) -> JSONResponse:
        """A finished hand step by step for the replayer, with the same secrecy as
        the downloads: the viewer's own cards only if their sitting was in the hand,
        other cards only where tabled at the showdown (see ``replay_frames``)."""
        actor_or_404(table_id)
        sitting = viewer_sitting(table_id, authorization)
        row, _table, _hand, plan = stored_hand(table_id, number)
        frames = replay_frames(row.before, list(row.deck),
                               [(a.seat, a.action) for a in store.hand_actions(row.id)],
                               viewer=viewer_position(row.sittings, plan.seats, sitting))
        return JSONResponse({"number": number, **frames},
                            headers={"Cache-Control": "private, no-store"})

    @app.get("/api/tables/{table_id}/hands/{number}.phh")
    async def hand_phh(table_id: str, number: int,
                       authorization: str | None = Header(default=None)) -> PlainTextResponse:
        phh, _, hand = await _download(table_id, number, authorization)
        if phh is None:  # e.g. dead money or a house rule PHH has no words for
            raise HTTPException(404, f"hand {number}: {phh_refusal(hand)}")
        return attachment(phh, f"{table_id}-{number}.phh")

    @app.get("/api/tables/{table_id}/hands/{number}.txt")
    async def hand_text(table_id: str, number: int,
                        authorization: str | None = Header(default=None)) -> PlainTextResponse:
        _, text, _ = await _download(table_id, number, authorization)
        return attachment(text, f"{table_id}-{number}.txt")

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        actor = await accept(websocket, lambda: room().get(table_id), "no_table",
                             f"no table {table_id!r}")
        if actor is None:
            return

        def sitting_for(token: str) -> Awaitable[str | None]:
            return actor.submit(lambda: actor.sitting_for_token(token))

        sitting = await identify(websocket, sitting_for, "unknown seat token; watching instead")
        sub = await actor.submit(lambda: actor.subscribe(sitting))
        await pump(websocket, sub, CLIENT_MESSAGES, lambda m: _apply(actor, sub, m),
                   lambda: actor.submit(lambda: actor.unsubscribe(sub)))

    return app


async def _apply(actor: TableActor, sub: Subscriber, message: ClientMessage) -> None:
    """Carry out one validated message for the connection's sitting, checked inside the
    actor against the sitting that holds the seat now (see :func:`pump`)."""
    if isinstance(message, ChatMessage):  # a spectator's connection may chat too
        await actor.submit(lambda: actor.say(sub, message.text))
        return
    if isinstance(message, Act):
        data = message.engine_action()
        run: Callable[[int], None] = lambda s: actor.act(s, data)  # noqa: E731
    elif isinstance(message, SitIn):
        run = lambda s: actor.sit_in(s, message.post)  # noqa: E731
    elif isinstance(message, TopUp):
        run = lambda s: actor.top_up(s, message.amount)  # noqa: E731
    elif isinstance(message, MuckLosing):
        run = lambda s: actor.set_muck_losing(s, message.on)  # noqa: E731
    elif isinstance(message, PreActionChoice):
        run = lambda s: actor.set_preaction(s, message.kind, message.amount)  # noqa: E731
    else:  # the messages without arguments
        calls: dict[type[Any], Callable[[int], None]] = {
            SitOut: actor.sit_out, Post: actor.post, Leave: actor.leave, Straddle: actor.straddle}
        run = calls[type(message)]
    await actor.submit(lambda: run(actor.seat_of(sub.sitting)))
