"""HTTP and WebSocket routes of the cash tables: the table page, create and read a
table, sit down, the host's tools, the ledger, and the table's socket.

Handlers are module-level functions; what they need (the room of tables, the quotas,
the store, the lobby to tell of a change) comes from :mod:`pokerroom.server.deps`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response, WebSocket
from starlette.concurrency import run_in_threadpool

from pokerroom.errors import ConfigError, Reason
from pokerroom.server import deps
from pokerroom.server.deps import Quotas_, Store_, StoredLobby_, Table, Tables
from pokerroom.server.guard.quotas import admit_socket
from pokerroom.server.pages import add_page
from pokerroom.server.tables.actor import HostKeyError, Subscriber, TableActor
from pokerroom.server.tables.host_requests import (
    BombPot,
    ChangeStakes,
    JoinWaitlist,
    SeatApprovalSetting,
    SeatChange,
    SeatRequestAnswer,
    TakeOfferedSeat,
    WaitlistToken,
)
from pokerroom.server.tables.host_tools import ledger_rows
from pokerroom.server.tables.life import refuse_unless_open, refuse_when_closed
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.settlement import settle_up
from pokerroom.server.tables.store import Store
from pokerroom.server.wire.protocol import (
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
    RabbitHunt,
    RemoveBot,
    ShowCards,
    SitIn,
    SitOut,
    Straddle,
    TopUp,
)
from pokerroom.server.wire.sockets import accept, identify, pump

router = APIRouter()


def _check_table(request: Request, table_id: str) -> None:
    deps.actor_or_404(deps.tables(request), table_id)


add_page(router, "/t/{table_id}", "table.html", _check_table)


@router.post("/api/tables")
async def create_table(request: CreateTable, http: Request, room: Tables, quotas: Quotas_,
                       stored_lobby: StoredLobby_) -> dict[str, Any]:
    """A new table; ``host`` is its host key (bots, pause, close): keep it.  429
    past ``quotas.open_tables`` or the address's ``quotas.tables_per_hour``."""
    quotas.ceiling("tables", room.open_count())
    quotas.take("tables", http.scope)
    actor = room.create_table(request)
    stored_lobby.changed()
    return {"id": actor.id, "url": f"/t/{actor.id}", "host": actor.host_key}


@router.get("/api/tables/{table_id}")
async def table_state(actor: Table) -> dict[str, Any]:
    return await actor.submit(lambda: actor._state_for(None))


@router.post("/api/tables/{table_id}/join")
async def join(table_id: str, request: JoinTable, http: Request, room: Tables,
               quotas: Quotas_) -> dict[str, Any]:
    """Sit down (or reserve the seat until the hand in progress ends): ``token`` is
    the new sitting's secret, ``sitting`` its id.  Stored before the answer.  429
    past the address's ``quotas.joins_per_hour``."""
    actor = deps.actor_or_404(room, table_id)
    quotas.take("joins", http.scope)
    def sit() -> tuple[str, str, str | None]:
        token, sitting = actor.join(request.name, request.seat, request.buy_in)
        return token, sitting, actor.sittings.waiting(sitting)

    token, sitting, waiting = await actor.submit(sit)
    # ``waiting``: the seat request's id when the host approves each player (#24).
    return {"token": token, "seat": request.seat, "sitting": sitting, "waiting": waiting}


@router.post("/api/tables/{table_id}/bots")
async def add_bot(table_id: str, request: AddBot, room: Tables) -> dict[str, Any]:
    actor = deps.actor_or_404(room, table_id)

    def add() -> int:
        actor.check_host(request.host)
        return actor.add_bot(request.policy, request.seat, request.buy_in)

    return {"seat": await actor.submit(add)}


def _host_route(path: str, body: type[HostRequest],
                do: Callable[[TableActor, Any], None]) -> None:
    """A host's POST: the host key checked, then ``do`` inside the table's actor;
    answered with the table's life (tables/life.py) after it."""

    async def route(table_id: str, request: Any, room: Tables) -> dict[str, Any]:
        actor = deps.actor_or_404(room, table_id)

        def run() -> dict[str, Any]:
            actor.check_host(request.host)
            do(actor, request)
            return {"ok": True, "life": actor.life, "paused": actor.paused,
                    "closed": actor.closed}

        return await actor.submit(run)

    route.__annotations__["request"] = body
    router.post(f"/api/tables/{{table_id}}/{path}", name=path)(route)


_host_route("bots/remove", RemoveBot, lambda a, r: a.remove_bot(r.seat))
_host_route("pause", HostRequest, lambda a, _r: a.pause(True))
_host_route("resume", HostRequest, lambda a, _r: a.pause(False))
_host_route("close", HostRequest, lambda a, _r: a.close())
_host_route("kick", Kick, lambda a, r: a.kick(r.seat))
_host_route("chat", ChatSettings, lambda a, r: _set_chat(a, r))
_host_route("lock", LockTable, lambda a, r: a.lock(r.locked))
_host_route("rabbit", RabbitHunt, lambda a, r: a.set_rabbit_hunt(r.on))  # show_cards.py
# Issue 24: the host's tools for the next hand, the settle-up and the ledger's CSV.
_host_route("stakes", ChangeStakes, lambda a, r: _change_stakes(a, r))
_host_route("bomb-pot", BombPot, lambda a, r: a.host.plan_bomb_pot(r.ante))
_host_route("seat-change", SeatChange, lambda a, r: a.host.change_seat(r.seat, r.to))
_host_route("seat-approval", SeatApprovalSetting, lambda a, r: a.host.approve_seats(r.on))
_host_route("seat-requests/accept", SeatRequestAnswer,
            lambda a, r: a.host.answer_seat_request(r.request, accept=True))
_host_route("seat-requests/refuse", SeatRequestAnswer,
            lambda a, r: a.host.answer_seat_request(r.request, accept=False))


@router.post("/api/tables/{table_id}/waitlist")
async def join_waitlist(table_id: str, request: JoinWaitlist, http: Request, room: Tables,
                        quotas: Quotas_) -> dict[str, Any]:
    """Put a name down on a full table's waitlist: its ``id``, secret ``token`` (to take
    the seat offered or leave) and ``place``.  Counted as a join by the quotas."""
    actor = deps.actor_or_404(room, table_id)
    quotas.take("joins", http.scope)
    return await actor.submit(lambda: actor.host.join_waitlist(request.name))


@router.post("/api/tables/{table_id}/waitlist/take")
async def take_offered_seat(table_id: str, request: TakeOfferedSeat, room: Tables
                            ) -> dict[str, Any]:
    """Sit down in the seat offered from the waitlist: answered as a join."""
    actor = deps.actor_or_404(room, table_id)

    def take() -> dict[str, Any]:
        token, sitting = actor.host.take_offered_seat(request.token, request.buy_in)
        return {"token": token, "seat": actor.seat_of(sitting) if actor.sittings.waiting(
            sitting) is None else None, "sitting": sitting,
            "waiting": actor.sittings.waiting(sitting)}

    return await actor.submit(take)


@router.post("/api/tables/{table_id}/waitlist/leave")
async def leave_waitlist(table_id: str, request: WaitlistToken, room: Tables
                         ) -> dict[str, Any]:
    actor = deps.actor_or_404(room, table_id)
    await actor.submit(lambda: actor.host.leave_waitlist(request.token))
    return {"ok": True}


@router.post("/api/tables/{table_id}/summary")
async def host_summary(table_id: str, request: HostRequest, room: Tables) -> dict[str, Any]:
    """The host's settle-up at any time: each player's buy-ins, chips added,
    cash-out, chips at the table and net, and who pays whom in the fewest transfers."""
    actor = deps.actor_or_404(room, table_id)

    def report() -> dict[str, Any]:
        actor.check_host(request.host)
        return actor.host.summary()

    return await actor.submit(report)


_SUMMARY_IS_THE_HOSTS = ("the summary is the host's until the table closes: POST "
                         "/api/tables/{id}/summary with the host key")


@router.get("/api/tables/{table_id}/summary")
async def closed_summary(table_id: str, room: Tables, store: Store_) -> dict[str, Any]:
    """The table's summary for everyone, once the host has closed it (before that it
    is the host's: POST with the host key); from the store when the room no longer
    runs the closed table (after a restart)."""
    try:
        actor = room.get(table_id)
    except KeyError:
        return await run_in_threadpool(_stored_summary, store, table_id)

    def report() -> dict[str, Any]:
        if not actor.closed:
            raise HostKeyError(Reason.NOT_HOST, _SUMMARY_IS_THE_HOSTS)
        return actor.host.summary()

    return await actor.submit(report)


def _stored_summary(store: Store, table_id: str) -> dict[str, Any]:
    """A closed table's settle-up from its ledger alone (everyone cashed out)."""
    closed = store.table_closed(table_id)
    if closed is None:
        raise HTTPException(404, f"no table {table_id!r}")
    if not closed:
        raise HostKeyError(Reason.NOT_HOST, _SUMMARY_IS_THE_HOSTS)
    return settle_up(ledger_rows(store.ledger_by_player(table_id), {}),
                     store.ledger_rake(table_id), closed=True)


@router.post("/api/tables/{table_id}/ledger.csv")
async def ledger_csv(table_id: str, request: HostRequest, room: Tables) -> Response:
    """The host's ledger as a CSV file (one row a player: name, buy_in, added,
    cash_out, on_table, net, seated)."""
    actor = deps.actor_or_404(room, table_id)

    def report() -> str:
        actor.check_host(request.host)
        return actor.host.ledger_csv()

    text = await actor.submit(report)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="ledger-{table_id}.csv"'})


def _change_stakes(actor: TableActor, request: ChangeStakes) -> None:
    """New stakes from the next hand; not at a mixed table, whose games each take
    their stakes from the rotation's sizes (tables/rotation.py)."""
    actor.host.refuse_when_closed("changing the stakes")
    if actor.rotation.mixed is not None:
        raise ConfigError(f"{actor.rotation.title}: each game's stakes come from the "
                          "table's sizes when the game changes; a mixed table's stakes "
                          "cannot be changed")
    actor.host.change_stakes(request.sizes())


def _set_chat(actor: TableActor, request: ChatSettings) -> None:
    actor.host.refuse_when_closed("changing the chat")
    actor.set_chat(on=request.on, spectators=request.spectators)


@router.post("/api/tables/{table_id}/ledger/players")
async def host_ledger(table_id: str, request: HostRequest, room: Tables
                      ) -> list[dict[str, Any]]:
    """The host's ledger: each player's buy-ins, chips added, cash-outs, chips at
    the table and net (the host key in the body)."""
    actor = deps.actor_or_404(room, table_id)

    def report() -> list[dict[str, Any]]:
        actor.check_host(request.host)
        return actor.ledger_report()

    return await actor.submit(report)


@router.get("/api/tables/{table_id}/ledger")
async def ledger(table_id: str, actor: Table, store: Store_) -> dict[str, Any]:
    """Chips bought in minus cashed out, and the chips at the table now: equal."""

    def count() -> dict[str, Any]:
        # Read inside the actor so that no hand ends or rebuy lands in between.
        return {"balance": store.ledger_balance(table_id),
                "on_table": actor.table.chips_on_table(), "rake": actor.rake_taken}

    return await actor.submit(count)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, room: Tables) -> None:
    slot = await admit_socket(websocket)  # quotas.sockets_per_address
    if slot is None:
        return
    with slot:
        await _table_socket(websocket, table_id, room)


async def _table_socket(websocket: WebSocket, table_id: str, room: Room) -> None:
    actor = await accept(websocket, lambda: room.get(table_id), Reason.NO_TABLE,
                         f"no table {table_id!r}")
    if actor is None:
        return

    def sitting_for(token: str) -> Awaitable[str | None]:
        return actor.submit(lambda: actor.sitting_for_token(token))

    sitting = await identify(websocket, sitting_for, "unknown seat token; watching instead")
    sub = await actor.submit(lambda: actor.subscribe(sitting))
    await pump(websocket, sub, CLIENT_MESSAGES, lambda m: _apply(actor, sub, m),
               lambda: actor.submit(lambda: actor.unsubscribe(sub)))


async def _apply(actor: TableActor, sub: Subscriber, message: ClientMessage) -> None:
    """Carry out one validated message for the connection's sitting, checked inside the
    actor against the sitting that holds the seat now (see :func:`pump`)."""
    if isinstance(message, ChatMessage):  # a spectator's connection may chat too
        await actor.submit(lambda: actor.say(sub, message.text))
        return
    if isinstance(message, Act):
        data = message.engine_action()
        run: Callable[[int], None] = lambda s: actor.act_alone(s, data)  # noqa: E731
    elif isinstance(message, SitIn):
        run = lambda s: actor.sit_in(s, message.post)  # noqa: E731
    elif isinstance(message, TopUp):
        run = lambda s: actor.top_up(s, message.amount)  # noqa: E731
    elif isinstance(message, MuckLosing):
        run = lambda s: actor.set_muck_losing(s, message.on)  # noqa: E731
    elif isinstance(message, PreActionChoice):
        run = lambda s: actor.set_preaction(s, message.kind, message.amount)  # noqa: E731
    elif isinstance(message, ShowCards):  # tables/show_cards.py: its own cards only
        run = lambda s: actor.show_cards(s, message.cards)  # noqa: E731
    else:  # the messages without arguments
        calls: dict[type[Any], Callable[[int], None]] = {
            SitOut: actor.sit_out, Post: actor.post, Leave: actor.leave, Straddle: actor.straddle}
        run = calls[type(message)]

    def checked() -> None:
        _refuse_by_life(actor, message)  # first: a closed table's sittings are all gone
        run(actor.seat_of(sub.sitting))

    await actor.submit(checked)


# What a player may not ask of a closed table (tables/life.py): what the next hand would
# use.  The hand in progress is played out (actions, pre-actions, the showdown's
# choice), the chat stays and leaving is what everyone does.
_NEXT_HAND: dict[type[Any], str] = {
    SitIn: "sitting in", SitOut: "sitting out", Post: "posting", TopUp: "adding chips"}


def _refuse_by_life(actor: TableActor, message: ClientMessage) -> None:
    """Refuse, before anything changes, what the table's life does not allow: a
    straddle unless the table is open or idle; the next hand's requests at a closed
    table."""
    if isinstance(message, Straddle):
        refuse_unless_open(actor.closed, actor.paused, "a straddle")
    elif type(message) in _NEXT_HAND:
        refuse_when_closed(actor.closed, _NEXT_HAND[type(message)])
