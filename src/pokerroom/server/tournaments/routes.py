"""HTTP and WebSocket routes of the room's tournaments (an :class:`~fastapi.APIRouter`
the app includes).

Pages: ``/tournaments/{id}`` (clock, players, tables, the player's own table) and
``/tournaments/{id}/results``.

API (money in cents; tournaments are kept in the room's database and survive a
restart, see :mod:`pokerroom.server.tournaments.store`):

- ``GET /api/tournaments``: every tournament, newest first;
- ``POST /api/tournaments``: create one (:class:`CreateTournament`); the answer's
  ``director`` key starts it, adds bots and pauses the clock;
- ``GET /api/tournaments/{id}``: the public state (clock, players, tables, results);
- ``POST /api/tournaments/{id}/register`` ``{"name"}``: a person enters; the answer's
  ``token`` is their key at the tables (``/ws/tournaments/{id}?token=...``);
- ``POST /api/tournaments/{id}/unregister`` ``{"token"}``: before the start;
- ``POST /api/tournaments/{id}/remove`` ``{"director", "player"}``: the director
  removes a registration before the start (a made-up name, a no-show);
- ``POST /api/tournaments/{id}/bots`` ``{"director", "count", "policy"}``;
- ``POST /api/tournaments/{id}/start`` / ``pause`` / ``resume`` ``{"director"}``;
- ``POST /api/tournaments/{id}/penalize`` ``{"director", "player", "rounds"}`` and
  ``/disqualify`` ``{"director", "player"}`` (P8);
- ``POST /api/tournaments/{id}/clock`` ``{"director", "add_seconds"}`` or
  ``{"director", "next_level": true}``: time added to (or taken off) the level or
  break in play, or the next one started now;
- ``POST /api/tournaments/{id}/move`` ``{"director", "player", "table", "seat"}`` (P7):
  a player moved to an empty seat (from 1), when the hand at their table ends;
- ``GET /api/tournaments/{id}/deal`` (``Authorization: Bearer <director key>``): ICM
  and chip-chop deal suggestions, computed off the event loop (``deals.*`` settings);
  ``POST`` the same ``{"director", "amounts": {name: cents}}``: the deal agreed, the
  event ends with the prizes left paid exactly so (when the hands in play end);
- ``GET /api/tournaments/{id}/results``: places, prizes and who was disqualified,
  each entry's rebuys, add-on, money paid in and knockout bounties won, and the
  pool's ``money`` (buy-ins, fees, bounties paid in and won, rebuys, add-ons, payout
  table and unit); ``.../results.csv``: the same rows as a spreadsheet's CSV;
- ``GET /api/tournaments/{id}/chips``: the chip count (must always balance);
- ``GET /api/tournaments/{id}/hands``: the finished hands, newest first, paged
  (``limit``, ``before``) and filtered (``mine``) as a cash table's (``you``: with the
  player's token in ``Authorization: Bearer``, whether they played it);
  ``.../hands/{n}.txt`` and ``.phh``: one hand, showing the viewer's own cards
  only if they played it, and the hands tabled at the showdown (as at a cash table);
  ``.../hands/{n}/replay``: the replayer's frames, with the same secrecy.
"""

from __future__ import annotations

import asyncio
import contextlib
import pickle
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Query, Request, WebSocket
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.rules.engine import Hand
from pokerroom.server import deps
from pokerroom.server.deps import Quotas_, Tournaments, TournamentSummaries
from pokerroom.server.guard.quotas import admit_socket
from pokerroom.server.hands.downloads import (
    MAX_HAND_NUMBER,
    attachment,
    bearer_token,
    check_hand_number,
)
from pokerroom.server.hands.exports import (
    HandSummary,
    phh_refusal,
    render_hand,
    replay_finished,
    summarize,
)
from pokerroom.server.hands.numbers import tournament_hand_number
from pokerroom.server.lobby.answer import LobbyAnswer
from pokerroom.server.pages import add_page
from pokerroom.server.tournaments.deals import DealRefused
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.setup import Viewer
from pokerroom.server.tournaments.store import FINISHED_LISTED, TournamentHandRow
from pokerroom.server.tournaments.views import money_view
from pokerroom.server.wire.protocol import (
    TOURNAMENT_CLIENT_MESSAGES,
    Act,
    AddOn,
    AddTournamentBots,
    AgreeDeal,
    ClockChange,
    CreateTournament,
    DeclineRebuy,
    DirectorRequest,
    FloorRequest,
    MovePlayer,
    Rebuy,
    RegisterTournament,
    RemoveEntry,
    SitIn,
    SitOut,
    TokenRequest,
    TournamentClientMessage,
    Watch,
)
from pokerroom.server.wire.reasons import WireReason
from pokerroom.server.wire.sockets import accept, identify, pump
from pokerroom.tournament.icm import DealQuestion
from pokerroom.tournament.results_sheet import result_rows, results_csv

router = APIRouter()


def _check_tournament(request: Request, tournament_id: str) -> None:
    deps.director_or_404(deps.tournaments(request), tournament_id)


add_page(router, "/tournaments/{tournament_id}", "tournament.html", _check_tournament)
add_page(router, "/tournaments/{tournament_id}/results", "tournament.html",
         _check_tournament)


@router.get("/api/tournaments", response_model=None)
async def list_tournaments(request: Request, tournaments: Tournaments) -> Response:
    """The room's tournaments, newest first: every one not finished, and the
    newest finished ones (:data:`~pokerroom.server.tournaments.store.FINISHED_LISTED`;
    on a worker of many, as each was last saved: most run on other workers).  With
    an ETag and gzipped, as the tables' lobby."""
    room = tournaments
    if room.claim is not None and room.store is not None:
        rows = await asyncio.to_thread(room.store.lobby)
    else:
        newest = sorted(room.directors.values(), key=lambda d: -d.play.created_at)
        finished = [d for d in newest if d.play.status == "finished"]
        older = {d.id for d in finished[FINISHED_LISTED:]}  # not among the newest
        rows = [await d.submit(d.lobby_row) for d in newest if d.id not in older]
    return LobbyAnswer(rows).response(request.headers)


@router.post("/api/tournaments")
async def create_tournament(request: CreateTournament, tournaments: Tournaments, quotas: Quotas_,
                            http: Request) -> dict[str, Any]:
    """Create a tournament from a built-in structure; keep the ``director`` key.
    429 past ``quotas.open_tournaments`` or the address's
    ``quotas.tournaments_per_day``."""
    quotas.ceiling("tournaments", tournaments.open_count())
    quotas.take("tournaments", http.scope)
    d = tournaments.create(request)
    return {"id": d.id, "url": f"/tournaments/{d.id}", "director": d.director_key}


@router.get("/api/tournaments/{tournament_id}")
async def tournament_state(tournament_id: str, tournaments: Tournaments) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)
    message = await d.submit(lambda: d.snapshot())
    state: dict[str, Any] = message["state"]["tournament"]
    return state


@router.post("/api/tournaments/{tournament_id}/register")
async def register(tournament_id: str, tournaments: Tournaments, quotas: Quotas_,
                   request: RegisterTournament, http: Request
                   ) -> dict[str, Any]:
    """429 past the address's ``quotas.registrations_per_hour`` or the event's
    ``quotas.entries_per_tournament``."""
    d = deps.director_or_404(tournaments, tournament_id)
    quotas.take("registrations", http.scope)

    def enter() -> dict[str, Any]:
        quotas.entries(len(d.play.t.entries))
        token = d.register(request.name, request.token)
        entry = d.play.t.entry(request.name.strip())
        return {"token": token, "entry": entry.number, "name": entry.name,
                "label": entry.label}

    return await d.submit(enter)


@router.post("/api/tournaments/{tournament_id}/unregister")
async def unregister(tournament_id: str, tournaments: Tournaments,
                     request: TokenRequest) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.unregister(request.token))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/bots")
async def add_bots(tournament_id: str, tournaments: Tournaments, quotas: Quotas_,
                   request: AddTournamentBots) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)

    def add() -> list[str]:
        d.check_director(request.director)
        quotas.entries(len(d.play.t.entries), request.count)
        return d.add_bots(request.director, request.count, request.policy)

    return {"added": await d.submit(add)}


@router.post("/api/tournaments/{tournament_id}/remove")
async def remove(tournament_id: str, tournaments: Tournaments, request: RemoveEntry) -> dict[str,
                 Any]:
    """The director removes ``player``'s registration before the start."""
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.remove_registration(request.director, request.player))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/start")
async def start(tournament_id: str, tournaments: Tournaments,
                request: DirectorRequest) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.start(request.director))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/pause")
async def pause(tournament_id: str, tournaments: Tournaments,
                request: DirectorRequest) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.pause(request.director, True))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/resume")
async def resume(tournament_id: str, tournaments: Tournaments,
                 request: DirectorRequest) -> dict[str, Any]:
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.pause(request.director, False))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/penalize")
async def penalize(tournament_id: str, tournaments: Tournaments,
                   request: FloorRequest) -> dict[str, Any]:
    """P8: a missed-hands penalty of ``rounds`` rounds for ``player``."""
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.penalize(request.director, request.player, request.rounds))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/disqualify")
async def disqualify(tournament_id: str, tournaments: Tournaments,
                     request: FloorRequest) -> dict[str, Any]:
    """P8: ``player`` is out and their chips leave play."""
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.disqualify(request.director, request.player))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/clock")
async def clock(tournament_id: str, tournaments: Tournaments,
                request: ClockChange) -> dict[str, Any]:
    """The director adds time to the level or break in play (``add_seconds``,
    negative to take it off) or ends it now (``next_level``)."""
    d = deps.director_or_404(tournaments, tournament_id)
    await d.submit(lambda: d.change_clock(request.director, add_seconds=request.add_seconds,
                                          next_level=request.next_level))
    return {"ok": True}


@router.post("/api/tournaments/{tournament_id}/move")
async def move(tournament_id: str, tournaments: Tournaments,
               request: MovePlayer) -> dict[str, Any]:
    """P7: the director moves ``player`` to the empty ``seat`` (from 1) of ``table``,
    at once between hands, else when the hand at their table ends (``pending``)."""
    d = deps.director_or_404(tournaments, tournament_id)

    def ask() -> bool:
        d.move(request.director, request.player, request.table, request.seat - 1)
        return request.player in d.play.moves.pending

    return {"ok": True, "pending": await d.submit(ask)}


@router.post("/api/tournaments/{tournament_id}/deal")
async def agree_deal(tournament_id: str, tournaments: Tournaments,
                     request: AgreeDeal) -> dict[str, Any]:
    """The director's deal (a suggestion's amounts, or others): the players still in
    split the prizes left and the event ends, at once or when the hands in play end
    (``made`` false: kept, no new hand dealt meanwhile).  Refused, nothing changed,
    when the amounts leave out a player still in, name one who is not, or do not add
    up to the prizes left (``bad_deal``)."""
    d = deps.director_or_404(tournaments, tournament_id)
    made = await d.submit(lambda: d.agree_deal(request.director, dict(request.amounts)))
    return {"ok": True, "made": made}


@router.get("/api/tournaments/{tournament_id}/deal", response_model=None)
async def deal(tournament_id: str, tournaments: Tournaments, request: Request,
               keep_for_winner: int = 0,
               authorization: Annotated[str | None, Header()] = None
               ) -> dict[str, Any] | JSONResponse:
    """ICM and chip-chop deal suggestions among the players still in (for a deal at
    the final table), prizes in cents.  The director's only: the key in
    ``Authorization: Bearer <director key>``.  The chips are read on the
    tournament's task; the suggestion is computed off the event loop, within
    ``deals.seconds`` (else 503), and remembered per chip state
    (:mod:`pokerroom.server.tournaments.deals`)."""
    d = deps.director_or_404(tournaments, tournament_id)
    key = bearer_token(authorization, what="director key",
                       source="the tournament's creation")
    if key is None or not secrets.compare_digest(key.encode(), d.director_key.encode()):
        raise IllegalActionError(Reason.NOT_DIRECTOR, "only the tournament's director "
                                 "may ask for a deal suggestion: send the director key "
                                 "in 'Authorization: Bearer <key>'")

    def read() -> tuple[DealQuestion, list[tuple[int, str]]]:
        if d.play.status != "running":
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        question = d.play.t.deal_question(keep_for_winner=keep_for_winner)
        return question, [(e.number, e.label) for e in d.play.t.alive()]

    question, alive = await d.submit(read)
    try:
        s = await deps.deal_desk(request).answer(f"tournament:{d.id}", question)
    except DealRefused as exc:
        return JSONResponse({"error": str(exc), "reason": exc.reason}, status_code=503,
                            headers={"Retry-After": "5"})
    return {
        "prizes": list(s.prizes), "kept_for_winner": s.kept_for_winner,
        "players": [{"entry": number, "name": label, "chips": chips, "icm": icm,
                     "chip_chop": chop}
                    for (number, label), chips, icm, chop in zip(
                        alive, s.stacks, s.icm, s.chip_chop, strict=True)],
    }


@router.get("/api/tournaments/{tournament_id}/results")
async def results(tournament_id: str, tournaments: Tournaments) -> dict[str, Any]:
    """Places (a range when shared), prizes in cents, disqualifications; final once
    ``finished`` is true."""
    d = deps.director_or_404(tournaments, tournament_id)

    def read() -> dict[str, Any]:
        t = d.play.t
        return {"id": d.id, "name": d.name, "status": d.play.status, "finished": t.finished,
                "entries": len(t.entries), "prize_pool": t.prize_pool(),
                "places_paid": t.places_paid, "money": money_view(d.play.structure, t),
                "results": [r.to_json() for r in result_rows(t)]}

    return await d.submit(read)


@router.get("/api/tournaments/{tournament_id}/results.csv")
async def results_sheet(tournament_id: str, tournaments: Tournaments) -> PlainTextResponse:
    """The results sheet as CSV (:func:`pokerroom.tournament.results_sheet.results_csv`):
    one row per finish, money in decimal units."""
    d = deps.director_or_404(tournaments, tournament_id)
    text = await d.submit(lambda: results_csv(result_rows(d.play.t)))
    return attachment(text, f"tournament-{tournament_id}-results.csv")


@router.get("/api/tournaments/{tournament_id}/chips")
async def chips(tournament_id: str, tournaments: Tournaments) -> dict[str, Any]:
    """Chips at the tables against what the event put in play: always equal."""
    d = deps.director_or_404(tournaments, tournament_id)

    def count() -> dict[str, Any]:
        t, s = d.play.t, d.play.structure
        rebuy_chips = s.rebuy.chips if s.rebuy else 0
        add_on_chips = s.add_on.chips if s.add_on else 0
        return {
            "at_tables": t.chips_at_tables() if t.started else 0,
            "expected": t.chips_expected,
            "entries": len(t.entries), "starting_stack": s.starting_stack,
            "rebuys": t.rebuys, "rebuy_chips": rebuy_chips,
            "add_ons": t.add_ons, "add_on_chips": add_on_chips,
            "chip_race_change": d.play.chip_race_change, "removed": d.play.chips_removed,
            "started": t.started,
            "stacks": sum(t.stacks().values()) if t.started else 0,
        }

    return await d.submit(count)


async def viewer_name(d: TournamentDirector, authorization: str | None) -> str | None:
    token = bearer_token(authorization)
    if token is None:
        return None
    name = await d.submit(lambda: d.name_for_token(token))
    if name is None:
        raise HTTPException(401, "unknown player token for this tournament")
    return name


@router.get("/api/tournaments/{tournament_id}/hands")
async def tournament_hands(
        tournament_id: str, tournaments: Tournaments, summaries: TournamentSummaries,
        authorization: str | None = Header(default=None),
        before: int | None = Query(default=None, ge=1, le=MAX_HAND_NUMBER),
        limit: int = Query(default=100, ge=1, le=100),
        mine: bool = False) -> list[dict[str, Any]]:
    """The finished hands, newest first, ``limit`` at a time (``before``: numbered
    below it, the next page); ``mine``: only those the token's player played."""
    d = deps.director_or_404(tournaments, tournament_id)
    name = await viewer_name(d, authorization)
    if mine and name is None:
        raise HTTPException(401, "mine=true lists the hands you played: send your "
                            "token as 'Authorization: Bearer <token>'")
    store = d.store
    if store is None:
        return []

    def read(before: int | None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while len(out) < limit:
            rows = store.hands(d.id, limit=limit, before=before)
            for h in rows:
                people = h.players["people"]
                you = name is not None and name in people
                if h.held or not (you or not mine):
                    continue
                summary = summaries.get((d.id, h.number), partial(summary_of, d, h.number))
                out.append({"number": h.number, "room_number": tournament_hand_number(h.id),
                            "table": h.table_number,
                            "players": h.players["names"], "you": you,
                            **summary.row(people.index(name) if you else None)})
            if len(rows) < limit:
                break
            before = rows[-1].number
        return out[:limit]

    # Unpickling hands not yet summarised is work for a thread, not the loop.
    return await asyncio.to_thread(read, before)


def summary_of(d: TournamentDirector, number: int) -> HandSummary:
    row = d.store.hand(d.id, number) if d.store is not None else None
    assert row is not None
    hand: Hand = pickle.loads(row.hand)
    return summarize(hand, row.players["seats"], row.players["names"])


async def finished_hand(tournaments: TournamentRoom, tournament_id: str, number: int,
                        authorization: str | None
                        ) -> tuple[TournamentDirector, TournamentHandRow, int | None]:
    """The director, the stored finished hand ``number`` (404 while it is held or
    when there is none) and the viewer's place among its people (None: a stranger)."""
    d = deps.director_or_404(tournaments, tournament_id)
    name = await viewer_name(d, authorization)
    check_hand_number(number, "in this tournament")
    row = d.store.hand(d.id, number) if d.store is not None else None
    if row is None or row.held:
        raise HTTPException(404, f"no finished hand {number} in this tournament")
    people = row.players["people"]
    return d, row, people.index(name) if name in people else None


async def download(tournaments: TournamentRoom, tournament_id: str, number: int,
                   authorization: str | None
                   ) -> tuple[str | None, str, Hand]:
    d, row, viewer = await finished_hand(tournaments, tournament_id, number, authorization)
    hand: Hand = pickle.loads(row.hand)
    players = row.players
    # Trackers read a tournament's number as digits: the id's hex, read as one.
    number_of_event = int(d.id, 16) if all(c in "0123456789abcdef" for c in d.id) else None
    s = d.play.structure
    buy_in = (f"${s.buy_in / 100:.2f}+${s.fee / 100:.2f} USD" if s.buy_in or s.fee else "")
    phh, text = render_hand(
        hand, table_name=(f"{number_of_event} {row.table_number}" if number_of_event
                          is not None else f"{d.name} - table {row.table_number}"),
        room_number=tournament_hand_number(row.id), tournament_id=number_of_event, buy_in=buy_in,
        level=players.get("level"),
        names=players["names"], seat_numbers=players["seats"],
        button_seat=players["button"], max_seats=players["max_seats"],
        played_at=row.finished_at, viewer=viewer)
    return phh, text, hand


@router.get("/api/tournaments/{tournament_id}/hands/{number}/replay")
async def tournament_hand_replay(tournament_id: str, tournaments: Tournaments, number: int,
                                 authorization: str | None = Header(default=None)
                                 ) -> JSONResponse:
    """The replayer's frames of one hand, with the downloads' secrecy: the
    player's own cards only if they played it, others' only where tabled."""
    _, row, viewer = await finished_hand(tournaments, tournament_id, number, authorization)
    players = row.players

    def frames() -> dict[str, Any]:
        hand: Hand = pickle.loads(row.hand)
        try:
            return replay_finished(
                hand, seats=[s - 1 for s in players["seats"]], names=players["names"],
                button=players["button"] - 1 if players["button"] else None,
                seat_count=players["max_seats"], viewer=viewer)
        except (PokerError, AttributeError) as exc:  # a hand kept by an older version
            raise HTTPException(410, f"hand {number} cannot be dealt again ({exc})"
                                ) from None

    return JSONResponse({"number": number, "room_number": tournament_hand_number(row.id),
                         **await asyncio.to_thread(frames)},
                        headers={"Cache-Control": "private, no-store"})


@router.get("/api/tournaments/{tournament_id}/hands/{number}.txt")
async def tournament_hand_text(tournament_id: str, tournaments: Tournaments, number: int,
                               authorization: str | None
                               = Header(default=None)) -> PlainTextResponse:
    _, text, _ = await download(tournaments, tournament_id, number, authorization)
    return attachment(text, f"{tournament_id}-{number}.txt")


@router.get("/api/tournaments/{tournament_id}/hands/{number}.phh")
async def tournament_hand_phh(tournament_id: str, tournaments: Tournaments, number: int,
                              authorization: str | None
                              = Header(default=None)) -> PlainTextResponse:
    phh, _, hand = await download(tournaments, tournament_id, number, authorization)
    if phh is None:
        raise HTTPException(404, f"hand {number}: {phh_refusal(hand)}")
    return attachment(phh, f"{tournament_id}-{number}.phh")


@router.websocket("/ws/tournaments/{tournament_id}")
async def tournament_socket(websocket: WebSocket, tournament_id: str,
                            tournaments: Tournaments) -> None:
    slot = await admit_socket(websocket)  # quotas.sockets_per_address
    if slot is None:
        return
    with slot:
        await _tournament_socket(tournaments, websocket, tournament_id)


async def _tournament_socket(tournaments: TournamentRoom, websocket: WebSocket,
                             tournament_id: str) -> None:
    d = await accept(websocket, lambda: tournaments.get(tournament_id),
                     WireReason.NO_TOURNAMENT, f"no tournament {tournament_id!r}")
    if d is None:
        return

    def name_for(token: str) -> Awaitable[str | None]:
        return d.submit(lambda: d.name_for_token(token))

    name = await identify(websocket, name_for, "unknown player token; watching instead")
    watching: int | None = None
    with contextlib.suppress(ValueError, TypeError):
        watching = int(websocket.query_params.get("table") or "")
    viewer = await d.submit(lambda: d.subscribe(name, watching))
    await pump(websocket, viewer, TOURNAMENT_CLIENT_MESSAGES,
               lambda m: _apply(d, viewer, m),
               lambda: d.submit(lambda: d.unsubscribe(viewer)))


async def _apply(d: TournamentDirector, viewer: Viewer, message: TournamentClientMessage
                 ) -> None:
    """Carry out one validated message for the connection (see :func:`pump`)."""
    if isinstance(message, Watch):
        table = message.table
        await d.submit(lambda: d.watch(viewer, table))
        return
    name = viewer.name
    if name is None:
        raise IllegalActionError(Reason.SPECTATOR, "spectators cannot play; register to play")
    if isinstance(message, Act):
        data = message.engine_action()
        await d.submit(lambda: d.act(name, data))
    else:  # the messages without arguments
        calls: dict[type[Any], Callable[[str], None]] = {
            Rebuy: d.rebuy, DeclineRebuy: d.decline_rebuy, AddOn: d.add_on, SitOut: d.sit_out,
            SitIn: d.sit_in}
        call = calls[type(message)]
        await d.submit(lambda: call(name))
