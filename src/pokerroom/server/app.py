"""The ASGI app: HTTP for the lobby and downloads, a WebSocket per table connection."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from pokerroom.errors import IllegalActionError, PokerError
from pokerroom.rules.engine import Hand
from pokerroom.server.actor import TableActor
from pokerroom.server.clock import Clock, SystemClock
from pokerroom.server.exports import hand_texts, phh_refusal, replay_stored, shown_seats
from pokerroom.server.pages import STATIC, add_page
from pokerroom.server.protocol import (
    CLIENT_MESSAGES,
    Act,
    AddBot,
    ClientMessage,
    CreateTable,
    JoinTable,
    Leave,
    Post,
    SitIn,
    SitOut,
    Straddle,
    TopUp,
    error_reason,
)
from pokerroom.server.room import Room
from pokerroom.server.sockets import accept, identify, pump
from pokerroom.server.store import Store
from pokerroom.server.tournament_room import TournamentRoom
from pokerroom.server.tournament_routes import add_tournament_routes
from pokerroom.server.tournament_store import TournamentStore


def create_app(
    database_url: str,
    *,
    clock: Clock | None = None,
    bot_delay: float = 0.8,
    pause_between_hands: float = 2.0,
    seed: int | None = None,
) -> FastAPI:
    store = Store(database_url)
    room_holder: dict[str, Room] = {}
    tournament_holder: dict[str, TournamentRoom] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.migrate()
        room = Room(store, clock or SystemClock(), bot_delay=bot_delay,
                    pause_between_hands=pause_between_hands, seed=seed)
        room_holder["room"] = room
        app.state.room = room
        app.state.restored = room.restore()
        tournaments = TournamentRoom(room.clock, bot_delay=bot_delay,
                                     pause_between_hands=pause_between_hands,
                                     store=TournamentStore(store.engine))
        tournament_holder["room"] = app.state.tournaments = tournaments
        app.state.restored += tournaments.restore()
        try:
            yield
        finally:
            await tournaments.close()
            await room.close()
            store.close()

    app = FastAPI(title="pokerroom", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def room() -> Room:
        return room_holder["room"]

    add_tournament_routes(app, lambda: tournament_holder["room"])

    def actor_or_404(table_id: str) -> TableActor:
        try:
            return room().get(table_id)
        except KeyError:
            raise HTTPException(404, f"no table {table_id!r}") from None

    @app.exception_handler(PokerError)
    async def poker_error(_request: Any, exc: PokerError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "reason": error_reason(exc)}, status_code=400)

    add_page(app, "/", "index.html")
    add_page(app, "/t/{table_id}", "table.html", actor_or_404)

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        out = []
        for actor in room().actors.values():
            t = actor.table
            out.append({
                "id": actor.id,
                "name": actor.name,
                "game": t.stakes.game.key,
                "game_name": t.stakes.game.name,
                "structure": t.stakes.structure.value,
                "small_blind": t.stakes.small_blind,
                "big_blind": t.stakes.big_blind,
                "ante": t.stakes.ante,
                "bring_in": t.stakes.bring_in,
                "small_bet": t.stakes.small_bet,
                "big_bet": t.stakes.big_bet,
                "seats": t.seat_count,
                "players": sum(1 for p in t.players if p is not None),
                "hands": actor.hand_number,
            })
        return out

    @app.post("/api/tables")
    async def create_table(request: CreateTable) -> dict[str, Any]:
        actor = room().create_table(request)
        return {"id": actor.id, "url": f"/t/{actor.id}"}

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str) -> dict[str, Any]:
        actor = actor_or_404(table_id)
        return await actor.submit(lambda: actor._state_for(None))

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: JoinTable) -> dict[str, Any]:
        actor = actor_or_404(table_id)
        token = await actor.submit(lambda: actor.join(request.name, request.seat, request.buy_in))
        return {"token": token, "seat": request.seat}

    @app.post("/api/tables/{table_id}/bots")
    async def add_bot(table_id: str, request: AddBot) -> dict[str, Any]:
        actor = actor_or_404(table_id)

        def add() -> int:
            table = actor.table
            free = [s for s in range(table.seat_count)
                    if table.players[s] is None and s not in actor.seats]
            seat = request.seat if request.seat is not None else (free[0] if free else -1)
            if seat not in free:
                taken = f"seat {seat} is taken"
                raise PokerError("no free seat for a bot" if seat == -1 else taken)
            names = {m.name for m in actor.seats.values()}
            n = 1
            while f"Bot {n}" in names:
                n += 1
            buy_in = request.buy_in or table.options.max_buy_in or 100 * table.stakes.unit
            actor.join(f"Bot {n}", seat, buy_in, policy=request.policy)
            return seat

        return {"seat": await actor.submit(add)}

    @app.get("/api/tables/{table_id}/ledger")
    async def ledger(table_id: str) -> dict[str, Any]:
        """Chips bought in minus cashed out, and the chips at the table now: equal."""
        actor = actor_or_404(table_id)

        def count() -> dict[str, Any]:
            # Read inside the actor so that no hand ends or rebuy lands in between.
            return {"balance": store.ledger_balance(table_id),
                    "on_table": actor.table.chips_on_table(), "rake": actor.rake_taken}

        return await actor.submit(count)

    @app.get("/api/tables/{table_id}/hands")
    async def hands(table_id: str) -> list[dict[str, Any]]:
        actor_or_404(table_id)
        return [{"number": h.number, "status": h.status, "result": h.result,
                 "phh": h.phh is not None} for h in store.hands(table_id)]

    async def _download(table_id: str, number: int,
                        token: str | None) -> tuple[str | None, str, Hand]:
        """A finished hand as the viewer may see it: their own cards (with the seat's
        token) and hands tabled at the showdown; every other hole card stays hidden."""
        actor = actor_or_404(table_id)
        row = store.hand(table_id, number)
        if row is None or row.status != "finished":
            raise HTTPException(404, f"no finished hand {number} at this table")
        actions = [(a.seat, a.action) for a in store.hand_actions(row.id)]
        hand, plan = replay_stored(row.before, list(row.deck), actions)
        visible = shown_seats(hand)
        seat = await actor.submit(lambda: actor.seat_for_token(token)) if token else None
        if seat is not None and seat in plan.seats:
            visible.add(plan.seats.index(seat))
        return (*hand_texts(actor, hand, plan, number, visible=visible), hand)

    @app.get("/api/tables/{table_id}/hands/{number}.phh")
    async def hand_phh(table_id: str, number: int, token: str | None = None) -> PlainTextResponse:
        phh, _, hand = await _download(table_id, number, token)
        if phh is None:  # e.g. dead money or a house rule PHH has no words for
            raise HTTPException(404, f"hand {number}: {phh_refusal(hand)}")
        return PlainTextResponse(phh, headers={
            "Content-Disposition": f'attachment; filename="{table_id}-{number}.phh"'})

    @app.get("/api/tables/{table_id}/hands/{number}.txt")
    async def hand_text(table_id: str, number: int, token: str | None = None) -> PlainTextResponse:
        _, text, _ = await _download(table_id, number, token)
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="{table_id}-{number}.txt"'})

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        actor = await accept(websocket, lambda: room().get(table_id), "no_table",
                             f"no table {table_id!r}")
        if actor is None:
            return

        def seat_for(token: str) -> Awaitable[int | None]:
            return actor.submit(lambda: actor.seat_for_token(token))

        seat = await identify(websocket, seat_for, "unknown seat token; watching instead")
        sub = await actor.submit(lambda: actor.subscribe(seat))
        await pump(websocket, sub, CLIENT_MESSAGES, lambda m: _apply(actor, seat, m),
                   lambda: actor.submit(lambda: actor.unsubscribe(sub)))

    return app


async def _apply(actor: TableActor, seat: int | None, message: ClientMessage) -> None:
    """Carry out one validated message for the connection's seat (see :func:`pump`)."""
    if seat is None:
        raise IllegalActionError("spectator", "spectators cannot act; join the table to play")
    s = seat
    if isinstance(message, Act):
        data = message.engine_action()
        await actor.submit(lambda: actor.act(s, data))
    elif isinstance(message, SitIn):
        await actor.submit(lambda: actor.sit_in(s, message.post))
    elif isinstance(message, TopUp):
        await actor.submit(lambda: actor.top_up(s, message.amount))
    else:  # the messages without arguments
        calls: dict[type[Any], Callable[[int], None]] = {
            SitOut: actor.sit_out, Post: actor.post, Leave: actor.leave, Straddle: actor.straddle}
        call = calls[type(message)]
        await actor.submit(lambda: call(s))
