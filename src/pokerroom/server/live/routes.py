"""HTTP routes of live events (issue 16), an :class:`~fastapi.APIRouter` the
app includes.

Pages: ``/live`` a new event and the list of events, ``/live/{id}`` the clock on
the wall, ``/live/{id}/console`` the director's console (the host key in the
address's ``#`` part, never sent to the server in a page request),
``/live/{id}/p/{token}`` a player's page (the link on the seat card), and
``/p/{code}`` its short link (a 303 to it).

API (money in cents, seats numbered from 0 as in every answer of the room; pages
show seat 1 first):

- ``POST /api/live`` (the fields of ``POST /api/tournaments``): a new event; keep
  the answer's ``host`` key (``starts_at``: the start time the clock counts down to;
  the director still starts it);
- ``GET /api/live``; ``GET /api/live/{id}``: the clock, payouts, tables and the
  floor's instructions (``server_time``: the wall time of the answer);
- ``GET /api/live/players``: the names entered in the room's events, newest first (the
  console offers them at registration);
- ``GET /api/live/league?events=ID,ID&formula=linear`` (and ``league.csv``): a league
  table over those events by a points formula (the page ``/live/league``);
- ``GET /api/live/{id}/p/{token}``: one player's table, seat, moves, finish, prize;
- ``POST /api/live/{id}/{action}`` with ``{"host": key, ...}``: ``register``
  ``{name}``, ``unregister`` ``{name}``, ``start``, ``bust`` ``{busts: [{table,
  seat, chips?, by?}]}`` (``by``: the seat at that table of who won the chips, who
  wins the bounty in a knockout event), ``button`` ``{table, seat}``, ``hands``
  ``{table, hands}`` (the table played that many more hands: its button moves on,
  P7), ``hand_done`` ``{table}``,
  ``rebuy`` / ``decline_rebuy`` / ``add_on`` ``{entry}``, ``move`` ``{entry, table,
  seat}``, ``pause``, ``resume``, ``add_time`` ``{seconds}``, ``edit_level``
  ``{level, seconds?, small_blind?, big_blind?, ante?}``, ``insert_level``
  ``{position, seconds, small_blind, big_blind, ante?, big_blind_ante?}``,
  ``insert_break`` ``{position, seconds, color_up?}`` and ``remove_period``
  ``{position}`` (a position of the ``structure`` rows, from 0, after the level or
  break in play), ``absent`` ``{entry, absent}`` (P8), ``hand_for_hand``
  ``{on}``, ``race`` ``{table, odd: {seat: value}}``, ``deal_suggestion``
  ``{chips: {entry: count}, keep_for_winner}``, ``deal`` ``{amounts: {entry:
  cents}, keep_for_winner}``.  Each answers ``{"ok", "instructions", ...}``;
- ``POST /api/live/{id}/undo`` and ``/redo`` with ``{"host": key}``: take back the
  last report (put back the one undone last), the event exactly as it was; the
  state's ``undo`` and ``redo`` say which report each would take (or null);
- ``GET /api/live/{id}/cards``: seat cards with each player's link (``url``: on the
  room's public address, else the one the request came to) and its QR code (``qr``,
  an SVG element);
- ``GET /api/live/{id}/log`` (JSON) and ``/log.csv``: the audit log;
- ``GET /api/live/{id}/results`` (JSON) and ``/results.csv``: the results sheet, every
  finish best first with its prize, bounties, rebuys, add-on and money paid in (public,
  as the clock on the wall shows the places; the page ``/live/{id}/results`` prints it).

The cards and the log take the host key in ``Authorization: Bearer <host key>``, never in
the address (which access logs and proxies keep).

A refusal is a 400 with ``error`` (what was wrong and what is allowed) and
``reason``; a wrong host key a 403; an unknown event a 404; a body not sent as
``application/json`` a 415 (:mod:`pokerroom.server.guard.json_bodies`, before the route
reads it).
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import secrets
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from pokerroom.errors import ConfigError, Reason
from pokerroom.server import deps
from pokerroom.server.cluster.routing import served_elsewhere
from pokerroom.server.deps import Live, Quotas_, Settings_
from pokerroom.server.hands.downloads import attachment, bearer_token
from pokerroom.server.live.links import CODE_LENGTH, canonical, new_code
from pokerroom.server.live.room import LiveRoom, LiveRun, NotHostError
from pokerroom.server.live.seat_cards import seat_cards, with_qr_codes
from pokerroom.server.live.store import LogEntry, Step
from pokerroom.server.pages import STATIC
from pokerroom.server.tournaments.deals import DealRefused
from pokerroom.server.tournaments.setup import schedule_rows
from pokerroom.server.wire.names import PersonName, refuse_lookalike
from pokerroom.server.wire.protocol import MAX_KEY_LENGTH, CreateTournament
from pokerroom.server.wire.reasons import WireReason
from pokerroom.tournament.display import clock_view
from pokerroom.tournament.live import LiveEvent, LiveReport
from pokerroom.tournament.structure import Break, Level

Small = Annotated[int, Field(ge=0, le=10_000)]
Money = Annotated[int, Field(ge=0, le=10**12)]
Chips = Annotated[int, Field(ge=0, le=10**13)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    host: str = Field(max_length=MAX_KEY_LENGTH)


class _Name(_Body):
    name: PersonName


class _Entry(_Body):
    entry: Small


class _Seat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    table: Small
    seat: Small
    chips: Chips | None = None  # at the start of the hand (P6)
    by: Small | None = None  # the seat at that table of who won the chips (a bounty)


class _Bust(_Body):
    busts: list[_Seat] = Field(min_length=1, max_length=100)


class _TableSeat(_Body):
    table: Small
    seat: Small


class _Table(_Body):
    table: Small


class _Hands(_Body):
    table: Small
    hands: Small = 1


class _Move(_Body):
    entry: Small
    table: Small
    seat: Small


class _Seconds(_Body):
    seconds: Annotated[int, Field(ge=-86_400, le=86_400)]


class _EditLevel(_Body):
    level: Small
    seconds: Annotated[int, Field(ge=1, le=86_400)] | None = None
    small_blind: Chips | None = None
    big_blind: Chips | None = None
    ante: Chips | None = None


class _InsertLevel(_Body):
    position: Small
    seconds: Annotated[int, Field(ge=1, le=86_400)]
    small_blind: Chips
    big_blind: Chips
    ante: Chips = 0
    big_blind_ante: bool = True  # P4: an ante is the big blind's unless said otherwise


class _InsertBreak(_Body):
    position: Small
    seconds: Annotated[int, Field(ge=1, le=86_400)]
    color_up: list[Chips] = Field(default=[], max_length=10)


class _Position(_Body):
    position: Small


class _Absent(_Body):
    entry: Small
    absent: bool


class _OnOff(_Body):
    on: bool


class _Race(_Body):
    table: Small
    odd: dict[int, Chips] = Field(max_length=20)


class _Counts(_Body):
    chips: dict[int, Annotated[int, Field(ge=1, le=10**13)]] = Field(max_length=1000)
    keep_for_winner: Money = 0


class _Deal(_Body):
    amounts: dict[int, Money] = Field(max_length=1000)
    keep_for_winner: Money = 0


def _register(run: LiveRun, b: _Name) -> tuple[LiveReport, dict[str, Any]]:
    others = {e.name for e in run.event.t.entries.values()} - {b.name}  # a re-entry: its own
    refuse_lookalike(b.name, others, where="entered in this event")
    report = run.event.register(b.name)
    entry = max(run.event.t.entries)
    token = new_code()  # the page's token and its short link (live/links.py)
    run.tokens[token] = entry
    return report, {"entry": entry, "token": token}


def _unregister(run: LiveRun, b: _Name) -> tuple[LiveReport, dict[str, Any]]:
    entry = run.event.t.entry(b.name).number
    report = run.event.unregister(b.name)
    # the library renumbers the entries after the one withdrawn
    run.tokens = {tok: e - (e > entry) for tok, e in run.tokens.items() if e != entry}
    return report, {}


def _busts(run: LiveRun, b: _Bust) -> tuple[LiveReport, dict[str, Any]]:
    where = [(s.table, s.seat) for s in b.busts]
    chips = {(s.table, s.seat): s.chips for s in b.busts if s.chips is not None}
    if chips and len(chips) != len(where):
        raise ConfigError("give the chips at the start of the hand for every bust, or none")
    counts = {k: v for k, v in chips.items() if v is not None}
    by = {(s.table, s.seat): s.by for s in b.busts if s.by is not None}
    return run.event.busts(where, counts or None, by or None), {}


def _race(run: LiveRun, b: _Race) -> tuple[LiveReport, dict[str, Any]]:
    race, report = run.event.race(b.table, b.odd)
    t = run.event.t
    return report, {"new_chips": race.new_chips, "winners": [t.by_label[w].number
                                                             for w in race.winners],
                    "cards": {t.by_label[p].number: [str(c) for c in cs]
                              for p, cs in race.cards.items()}}


def _deal_counts(run: LiveRun, b: _Counts) -> tuple[LiveReport, dict[str, Any]]:
    """Records the counts a deal suggestion was made from (after it was computed, off
    the event loop: see the ``deal_suggestion`` route)."""
    return run.event.enter_chips(b.chips), {}


ACTIONS: dict[str, tuple[type[_Body], Callable[[LiveRun, Any], tuple[LiveReport,
                                                                    dict[str, Any]]]]] = {
    "register": (_Name, _register),
    "unregister": (_Name, _unregister),
    "start": (_Body, lambda r, b: (r.event.start(), {})),
    "bust": (_Bust, _busts),
    "button": (_TableSeat, lambda r, b: (r.event.set_button(b.table, b.seat), {})),
    "hand_done": (_Table, lambda r, b: (r.event.hand_done(b.table), {})),
    "hands": (_Hands, lambda r, b: (r.event.hands_played(b.table, b.hands), {})),
    "rebuy": (_Entry, lambda r, b: (r.event.rebuy(b.entry), {})),
    "decline_rebuy": (_Entry, lambda r, b: (r.event.decline_rebuy(b.entry), {})),
    "add_on": (_Entry, lambda r, b: (r.event.add_on(b.entry), {})),
    "move": (_Move, lambda r, b: (r.event.move(b.entry, b.table, b.seat), {})),
    "pause": (_Body, lambda r, b: (r.event.pause(), {})),
    "resume": (_Body, lambda r, b: (r.event.resume(), {})),
    "add_time": (_Seconds, lambda r, b: (r.event.add_time(b.seconds), {})),
    "edit_level": (_EditLevel, lambda r, b: (r.event.edit_level(
        b.level, seconds=b.seconds, small_blind=b.small_blind, big_blind=b.big_blind,
        ante=b.ante), {})),
    "insert_level": (_InsertLevel, lambda r, b: (r.event.insert_period(b.position, Level(
        b.seconds, b.small_blind, b.big_blind, ante=b.ante,
        big_blind_ante=b.big_blind_ante and b.ante > 0)), {})),
    "insert_break": (_InsertBreak, lambda r, b: (r.event.insert_period(
        b.position, Break(b.seconds, color_up=tuple(b.color_up))), {})),
    "remove_period": (_Position, lambda r, b: (r.event.remove_period(b.position), {})),
    "absent": (_Absent, lambda r, b: (r.event.set_absent(b.entry, b.absent), {})),
    "hand_for_hand": (_OnOff, lambda r, b: ((r.event.start_hand_for_hand() if b.on
                                             else r.event.stop_hand_for_hand()), {})),
    "race": (_Race, _race),
    "deal_suggestion": (_Counts, _deal_counts),
    "deal": (_Deal, lambda r, b: (r.event.make_deal(
        b.amounts, keep_for_winner=b.keep_for_winner), {})),
}


def _step_json(entry: LogEntry | None) -> dict[str, Any] | None:
    """A report an undo or redo would take: its number, action and first line."""
    if entry is None:
        return None
    return {"seq": entry.seq, "action": entry.action,
            "text": entry.outcome[0] if entry.outcome else ""}


def _due_big_blind(event: LiveEvent, number: int) -> int | None:
    """The seat due the big blind at table ``number`` (P7), None when it has no
    player to name (an empty table on its way to be broken)."""
    try:
        return event.due_big_blind(number)
    except ConfigError:
        return None


def public_state(run: LiveRun, now: float,
                 steps: tuple[LogEntry | None, LogEntry | None] = (None, None)
                 ) -> dict[str, Any]:
    """What every screen shows: the clock, the money, the tables, the instructions;
    ``steps``: the reports an undo and a redo would take (:meth:`LiveRoom.steps`)."""
    ev, t = run.event, run.event.t
    clock = t.clock
    view = clock_view(t)
    next_color_up = None
    for i in range(clock.index + (0 if clock.on_break else 1), len(clock.schedule)):
        p = clock.schedule[i]
        if isinstance(p, Break) and p.color_up and (i > clock.index or clock.on_break):
            next_color_up = {"chips": list(p.color_up),
                             "in_seconds": max(0.0, clock.starts[i] - clock.elapsed)}
            break
    stakes = t.stakes(view.level)
    ante_by = (None if not stakes.ante else "big blind" if stakes.big_blind_ante
               else "every player")  # P4: who posts the ante
    results = t.results() if t.started else []
    finish = {f.entry: f for f in results}
    prizes = t.prizes() if t.entries else []
    tables = []
    seat_of: dict[str, tuple[int, int]] = {}
    for n, table in sorted(t.floor.tables.items()):
        seat_of.update({p.name: (n, s) for s, p in table.seated().items()})
        tables.append({"table": n, "seats": table.seat_count, "button": ev.buttons.get(n),
                       "due_big_blind": _due_big_blind(ev, n),
                       "players": [{"seat": s, "entry": t.by_label[p.name].number,
                                    "name": p.name, "busted": p.stack == 0}
                                   for s, p in sorted(table.seated().items())]})
    entries = []
    for e in t.entries.values():
        where = seat_of.get(e.label) if e.alive else None
        f = finish.get(e.number)
        entries.append({"entry": e.number, "name": e.label, "alive": e.alive,
                        "table": where[0] if where else None,
                        "seat": where[1] if where else None,
                        "deciding_rebuy": e.deciding_rebuy, "rebuys": e.rebuys,
                        "absent": e.absent and e.alive,
                        "add_on": e.add_on,
                        "place": f.place if f else None, "place_to": f.place_to if f else None,
                        "prize": f.prize if f else 0})
    return {
        "id": run.id, "name": run.name, "status": run.status, "server_time": now,
        "clock": {
            # running: real time moves it (not paused, not hand-for-hand, P5)
            "running": clock.running and not clock.hand_for_hand,
            "paused": not clock.running, "level": view.level,
            "on_break": view.on_break, "game": view.game, "stakes": view.stakes,
            "time_left": view.time_left, "next_stakes": view.next_stakes,
            "next_break_in": view.next_break_in, "push_held": view.push_held,
            "hand_for_hand": view.hand_for_hand, "next_color_up": next_color_up,
            "smallest_chip": t.chip_unit, "ante": stakes.ante, "ante_by": ante_by,
        },
        "entries": view.entries, "players_left": view.players_left,
        "average_stack": view.average_stack, "chips_in_play": view.chips_in_play,
        "prize_pool": view.prize_pool, "places_paid": view.places_paid,
        "bounty": t.structure.bounty,
        "payouts": [{"place": i + 1, "prize": p} for i, p in enumerate(prizes)],
        "registration_open": view.registration_open, "tables": tables,
        "starts_at": run.starts_at,
        "players": entries, "structure": schedule_rows(t.structure),
        "hand_for_hand": {"active": t.h4h.active, "round": t.h4h.round,
                          "waiting": sorted(t.h4h.tables - t.h4h.done) if t.h4h.active
                          else []},
        "rebuy_decisions": ev.rebuy_decisions(),
        "feed": run.feed[-60:],
        "finished": t.finished,
        "undo": _step_json(steps[0]), "redo": _step_json(steps[1]),
    }


def player_state(run: LiveRun, entry: int, now: float) -> dict[str, Any]:
    """One player's page: where to sit, where they were moved, how they finished."""
    state = public_state(run, now)
    me = next(p for p in state["players"] if p["entry"] == entry)
    mine = [f for f in run.feed if f["entry"] == entry]
    return {"id": run.id, "name": run.name, "server_time": now, "me": me,
            "clock": state["clock"], "players_left": state["players_left"],
            "entries": state["entries"], "average_stack": state["average_stack"],
            "prize_pool": state["prize_pool"], "payouts": state["payouts"],
            "status": state["status"], "finished": state["finished"], "news": mine[-20:]}


router = APIRouter()

Authorization = Annotated[str | None, Header()]
"""The ``Authorization`` header of the director's reads (``Bearer <host key>``)."""


def host_or_403(run: LiveRun, host: str | None) -> None:
    if host is None or not secrets.compare_digest(run.host_key.encode(),
                                                  host.encode()[:MAX_KEY_LENGTH]):
        raise HTTPException(403, "the event's host key is needed (?host=...)")


def page(html: str) -> Callable[..., Any]:
    async def serve(request: Request, event_id: str, token: str | None = None
                    ) -> FileResponse:
        if served_elsewhere(request):  # another worker's event: its page is the same
            return FileResponse(STATIC / html)
        run = deps.run_or_404(deps.live(request), event_id)
        if token is not None and token not in run.tokens:
            raise HTTPException(404, "no player with this link in the event")
        return FileResponse(STATIC / html)
    return serve


async def new_event() -> FileResponse:
    return FileResponse(STATIC / "live_new.html")


router.add_api_route("/live", new_event, methods=["GET"], include_in_schema=False,
                     name="live_new_page")
router.add_api_route("/live/{event_id}", page("live_clock.html"), methods=["GET"],
                     include_in_schema=False, name="live_clock_page")
router.add_api_route("/live/{event_id}/console", page("live_console.html"), methods=["GET"],
                     include_in_schema=False, name="live_console_page")
router.add_api_route("/live/{event_id}/p/{token}", page("live_player.html"), methods=["GET"],
                     include_in_schema=False, name="live_player_page")
router.add_api_route("/live/{event_id}/results", page("live_results.html"), methods=["GET"],
                     include_in_schema=False, name="live_results_page")


@router.get("/p/{typed}", include_in_schema=False)
async def short_link(typed: str, live: Live) -> RedirectResponse:
    """A player's short link (:mod:`pokerroom.server.live.links`), sent on (303) to
    their page.  The address is relative (``../live/...``): a room served under a path
    prefix keeps it."""
    code = canonical(typed[:40])
    event = None if code is None else await live.event_of_link(code)
    if code is None or event is None:
        raise HTTPException(404, "no player's page has this code: check it against the "
                                 f"seat card ({CODE_LENGTH} letters and digits)")
    return RedirectResponse(f"../live/{event}/p/{code}", status_code=303)


@router.post("/api/live")
async def create(request: CreateTournament, live: Live, quotas: Quotas_,
                 http: Request) -> dict[str, Any]:
    """A new live event from a built-in structure; keep the ``host`` key.  429 past
    ``quotas.open_live_events`` or the address's ``quotas.live_events_per_day``."""
    quotas.ceiling("live_events", live.open_count())
    quotas.take("live_events", http.scope)
    run = live.create(request)
    return {"id": run.id, "url": f"/live/{run.id}", "host": run.host_key,
            "console": f"/live/{run.id}/console#host={run.host_key}"}


async def every_run(room: LiveRoom) -> list[LiveRun]:
    """Every event of the room: on a worker of many, each as last stored (most run on
    other workers)."""
    if room.claim is not None:
        return await asyncio.to_thread(room.stored_runs)
    return list(room.runs.values())


@router.get("/api/live")
async def events(live: Live) -> list[dict[str, Any]]:
    runs = await every_run(live)
    return [{"id": r.id, "name": r.name, "status": r.status, "url": f"/live/{r.id}",
             "entries": len(r.event.t.entries), "players_left": r.event.t.players_left}
            for r in sorted(runs, key=lambda r: -r.created_at)]


@router.get("/api/live/{event_id}")
async def state(event_id: str, live: Live) -> dict[str, Any]:
    run = deps.run_or_404(live, event_id)
    return public_state(run, live.clock.now(), live.steps(event_id))


@router.get("/api/live/{event_id}/p/{token}")
async def player(event_id: str, live: Live, token: str) -> dict[str, Any]:
    run = deps.run_or_404(live, event_id)
    entry = run.tokens.get(token)
    if entry is None:
        raise HTTPException(404, "no player with this link in the event")
    return player_state(run, entry, live.clock.now())


@router.get("/api/live/{event_id}/cards")
async def cards(event_id: str, live: Live, settings: Settings_, http: Request,
                authorization: Authorization = None) -> list[dict[str, Any]]:
    """Seat cards: each player's table, seat, page link and its QR code (director
    only; made off the event loop, :mod:`pokerroom.server.live.seat_cards`)."""
    run = deps.run_or_404(live, event_id)
    host_or_403(run, host_key(authorization))
    base = settings.room.public_url or str(http.base_url)
    return await asyncio.to_thread(with_qr_codes, seat_cards(run, base))


@router.get("/api/live/{event_id}/log")
async def log(event_id: str, live: Live, authorization: Authorization = None
              ) -> list[dict[str, Any]]:
    run = deps.run_or_404(live, event_id)
    host_or_403(run, host_key(authorization))
    return [{"seq": r.seq, "at": r.at, "action": r.action, "args": r.args,
             "outcome": r.outcome} for r in live.log(event_id)]


@router.get("/api/live/{event_id}/log.csv")
async def log_csv(event_id: str, live: Live,
                  authorization: Authorization = None) -> PlainTextResponse:
    run = deps.run_or_404(live, event_id)
    host_or_403(run, host_key(authorization))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["seq", "at", "action", "args", "outcome"])
    for r in live.log(event_id):
        writer.writerow([r.seq, f"{r.at:.3f}", r.action, json.dumps(r.args),
                         " | ".join(r.outcome)])
    return attachment(out.getvalue(), f"live-{event_id}-log.csv")


@router.post("/api/live/{event_id}/deal_suggestion", response_model=None)
async def deal_suggestion(event_id: str, live: Live, request: Request
                          ) -> dict[str, Any] | JSONResponse:
    """ICM and chip-chop splits from the counts entered (host key in the body, as
    every action): checked, computed off the event loop within ``deals.seconds``
    (else 503, nothing recorded) and remembered per chip state, then the counts are
    recorded as the ``deal_suggestion`` action (:mod:`pokerroom.server.tournaments.deals`)."""
    run = deps.run_or_404(live, event_id)
    try:
        body = _Counts.model_validate(await request.json())
    except ValueError as exc:
        if not isinstance(exc, ValidationError):
            raise HTTPException(400, "the body must be a JSON object") from None
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}"
                             for e in exc.errors())
        return _bad(f"bad deal_suggestion request: {problems}", WireReason.BAD_REQUEST, 422)
    if not secrets.compare_digest(run.host_key.encode(),
                                  body.host.encode()[:MAX_KEY_LENGTH]):
        raise NotHostError(Reason.NOT_HOST, "only the event's director may do this: the "
                           "host key returned when the event was created is needed")
    question = run.event.deal_question(body.chips, keep_for_winner=body.keep_for_winner)
    try:
        s = await deps.deal_desk(request).answer(f"live:{run.id}", question)
    except DealRefused as exc:
        return _bad(str(exc), exc.reason, 503)
    args = body.model_dump(mode="json", exclude={"host"})
    run, report, _ = live.act(event_id, body.host, "deal_suggestion", args,
                              lambda r, _a: _deal_counts(r, body))
    alive = [e.number for e in run.event.t.alive()]
    return {"ok": True, "instructions": [i.text for i in report.instructions],
            "prizes": list(s.prizes), "players": [
                {"entry": e, "chips": c, "icm": i, "chip_chop": cc}
                for e, c, i, cc in zip(alive, s.stacks, s.icm, s.chip_chop, strict=True)],
            "status": run.status}


async def _body(request: Request, model: type[_Body], action: str) -> _Body | JSONResponse:
    """The request's body as ``model``, or the 422 that says what was wrong."""
    try:
        raw = await request.json()
    except ValueError:
        raise HTTPException(400, "the body must be a JSON object") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}"
                             for e in exc.errors())
        return _bad(f"bad {action} request: {problems}", WireReason.BAD_REQUEST, 422)


async def _undo(event_id: str, live: LiveRoom, request: Request, way: Step
                ) -> dict[str, Any] | JSONResponse:
    deps.run_or_404(live, event_id)
    body = await _body(request, _Body, way)
    if isinstance(body, JSONResponse):
        return body
    run, done = live.undo(event_id, body.host, way)
    return {"ok": True, way: _step_json(done), "status": run.status}


@router.post("/api/live/{event_id}/undo", response_model=None)
async def undo(event_id: str, live: Live, request: Request) -> dict[str, Any] | JSONResponse:
    """Take back the director's last report (host key in the body)."""
    return await _undo(event_id, live, request, "undo")


@router.post("/api/live/{event_id}/redo", response_model=None)
async def redo(event_id: str, live: Live, request: Request) -> dict[str, Any] | JSONResponse:
    """Put back the report undone last (host key in the body)."""
    return await _undo(event_id, live, request, "redo")


@router.post("/api/live/{event_id}/{action}", response_model=None)
async def act(event_id: str, live: Live, action: str, request: Request
              ) -> dict[str, Any] | JSONResponse:
    """A director's action (host key in the body)."""
    deps.run_or_404(live, event_id)
    if action not in ACTIONS:
        raise HTTPException(404, f"no action {action!r}; actions: "
                            f"{', '.join(sorted([*ACTIONS, 'undo', 'redo']))}")
    model, do = ACTIONS[action]
    body = await _body(request, model, action)
    if isinstance(body, JSONResponse):
        return body
    args = body.model_dump(mode="json", exclude={"host"})
    run, report, answer = live.act(event_id, body.host, action, args,
                                   lambda r, _a: do(r, body))
    return {"ok": True, "instructions": [i.text for i in report.instructions], **answer,
            "status": run.status}


def host_key(authorization: str | None) -> str | None:
    """The host key of ``Authorization: Bearer <key>``; None without the header (the
    route then answers 403); 401 for any other form."""
    return bearer_token(authorization, what="host key", source="the event's creation")


def _bad(message: str, reason: WireReason, status: int) -> JSONResponse:
    return JSONResponse({"error": message, "reason": reason}, status_code=status)

