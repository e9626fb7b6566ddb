"""HTTP routes of the dealer's tablet (issue 26), an :class:`~fastapi.APIRouter`.

Pages: ``/dealer`` a new game, ``/dealer/{id}`` the tablet (the host key in the
address's ``#`` part, kept in the browser, never sent in a page request),
``/dealer/{id}/view`` the players' view and ``/d/{code}`` its short link (a 303 to
it; the tablet shows it with a QR code).

API (chips in whole chips; seats from 0, the pages show seat 1 first):

- ``POST /api/dealer`` (the fields of ``POST /api/tables``: game, stakes, seats,
  buy-ins, button method, straddles, rake and the other house options, and
  ``irregularity_procedures``, ``"seed"`` or ``"tda2024"``): a new game;
  keep the answer's ``host`` key.  Counted with the tables (``quotas.open_tables``,
  ``quotas.tables_per_hour``);
- ``GET /api/dealer/{id}`` with ``Authorization: Bearer <host key>``: the tablet's
  state (:func:`~pokerroom.server.dealer.views.dealer_state`);
- ``POST /api/dealer/{id}/taps`` ``{"host": key, "taps": [...]}``: the dealer's taps,
  applied in order, each once (:mod:`pokerroom.server.dealer.taps`); answers
  ``{"answers": [...], "state": ...}``;
- ``GET /api/dealer/{id}/view``: what the players follow (no card);
- ``GET /api/dealer/{id}/link``: the players' short link (``url``, on the room's
  public address, else the one the request came to) and its QR code (``qr``, an SVG
  element) for the tablet to show;
- ``GET /api/dealer/{id}/settle`` with the host key: each player's money and who pays
  whom;
- ``GET /api/dealer/{id}/hands`` with the host key: each finished hand's record (its
  number, its PHH with the cards that were entered, or ``why`` PHH cannot say it, and
  the log's lines of it); ``GET /api/dealer/{id}/hands.phhs``: every hand's PHH in one
  download.

A refusal of a tap is in its answer (``ok`` false, ``error``, ``reason``), the
others applied; a malformed request is a 422 naming the field; a wrong host key a
403; an unknown game a 404.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from fastapi.responses import PlainTextResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.requests import HTTPConnection

from pokerroom.server.dealer.room import DealerRoom, DealerRun, NoSuchGame
from pokerroom.server.dealer.taps import MAX_TAPS, ONE_TAP, CreateDealerGame, Malformed, Tap
from pokerroom.server.dealer.views import dealer_state, players_state, standings
from pokerroom.server.deps import Quotas_, Settings_, Tables, room_state
from pokerroom.server.hands.downloads import attachment, bearer_token
from pokerroom.server.live.links import CODE_LENGTH, canonical
from pokerroom.server.live.seat_cards import qr_svg
from pokerroom.server.pages import add_page
from pokerroom.server.wire.protocol import MAX_KEY_LENGTH

router = APIRouter()
T = TypeVar("T")


def dealer_room(conn: HTTPConnection) -> DealerRoom:
    """The room's dealer's games."""
    return room_state(conn).dealer


Dealer = Annotated[DealerRoom, Depends(dealer_room)]
Authorization = Annotated[str | None, Header()]


class Taps(BaseModel):
    """The taps are checked one by one (:func:`checked`): a malformed one is answered
    as its own refusal, the others applied, so that a tablet's queue loses only it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    host: str = Field(max_length=MAX_KEY_LENGTH)
    taps: list[dict[str, Any]] = Field(min_length=1, max_length=MAX_TAPS)


def run_or_404(room: DealerRoom, game_id: str) -> DealerRun:
    try:
        return room.get(game_id)
    except NoSuchGame:
        raise HTTPException(404, f"no dealer's game {game_id!r}") from None


def _hosted(room: DealerRoom, game_id: str, authorization: str | None) -> DealerRun:
    run_or_404(room, game_id)
    key = bearer_token(authorization, what="host key", source="the game's creation")
    if key is None:
        raise HTTPException(403, "the game's host key is needed (Authorization: Bearer ...)")
    return room.hosted(game_id, key)


async def _off_loop(game_id: str, call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` in a thread (a game's reads and taps wait on its lock, its taps on
    the database); a game removed meanwhile (it expired) is a 404, never a 500."""
    try:
        return await asyncio.to_thread(call, *args)
    except NoSuchGame:
        raise HTTPException(404, f"no dealer's game {game_id!r}") from None


def _check_game(request: Request, game_id: str) -> None:
    run_or_404(dealer_room(request), game_id)


add_page(router, "/dealer", "dealer_new.html")
add_page(router, "/dealer/{game_id}", "dealer.html", _check_game)
add_page(router, "/dealer/{game_id}/view", "dealer_view.html", _check_game)


@router.get("/d/{typed}", include_in_schema=False)
async def short_link(typed: str, room: Dealer) -> RedirectResponse:
    """The players' view's short link, sent on (303) to the view."""
    code = canonical(typed[:40])
    game = None if code is None else await room.game_of_code(code)
    if code is None or game is None:
        raise HTTPException(404, "no game has this code: check it on the dealer's tablet "
                                 f"({CODE_LENGTH} letters and digits)")
    return RedirectResponse(f"../dealer/{game}/view", status_code=303)


@router.post("/api/dealer")
async def create(request: CreateDealerGame, room: Dealer, tables: Tables, quotas: Quotas_,
                 http: Request) -> dict[str, Any]:
    """A new dealer's game; keep the ``host`` key."""
    quotas.ceiling("tables", tables.open_count() + room.open_count())
    quotas.take("tables", http.scope)
    run = await asyncio.to_thread(room.create, request)
    return {"id": run.id, "host": run.host_key, "view_code": run.view_code,
            "tablet": f"/dealer/{run.id}#host={run.host_key}",
            "view": f"/dealer/{run.id}/view", "short": f"/d/{run.view_code}"}


@router.get("/api/dealer/{game_id}")
async def state(game_id: str, room: Dealer, authorization: Authorization = None
                ) -> dict[str, Any]:
    run = _hosted(room, game_id, authorization)
    return await _off_loop(game_id, room.read, run.id, dealer_state)


@router.post("/api/dealer/{game_id}/taps")
async def taps(game_id: str, body: Taps, room: Dealer) -> dict[str, Any]:
    """The dealer's taps (see the module's docstring); stored before the answer."""
    run_or_404(room, game_id)
    answers = await _off_loop(game_id, room.tap, game_id, body.host,
                                      [checked(raw) for raw in body.taps])
    return {"answers": answers,
            "state": await _off_loop(game_id, room.read, game_id, dealer_state)}


def checked(raw: dict[str, Any]) -> Tap | Malformed:
    """One tap as sent: the :data:`Tap` it is, or what is wrong with it."""
    try:
        return ONE_TAP.validate_python(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'tap'}: {e['msg']}"
                             for e in exc.errors(include_url=False))
        tap_id = raw.get("id")
        return Malformed(tap_id if isinstance(tap_id, str) and len(tap_id) <= 40 else None,
                         f"bad tap: {problems}")


@router.get("/api/dealer/{game_id}/view")
async def view(game_id: str, room: Dealer) -> dict[str, Any]:
    run_or_404(room, game_id)
    return await _off_loop(game_id, room.read, game_id, players_state)


@router.get("/api/dealer/{game_id}/hands")
async def hands(game_id: str, room: Dealer, authorization: Authorization = None
                ) -> list[dict[str, Any]]:
    run = _hosted(room, game_id, authorization)
    return await asyncio.to_thread(room.hands, run.id)


@router.get("/api/dealer/{game_id}/hands.phhs")
async def hands_phhs(game_id: str, room: Dealer, authorization: Authorization = None
                     ) -> PlainTextResponse:
    """Every finished hand that PHH can say, as one ``.phhs`` file (``[N]`` sections)."""
    run = _hosted(room, game_id, authorization)
    rows = await asyncio.to_thread(room.hands, run.id)
    text = "".join(f"[{r['number']}]\n{r['phh']}\n" for r in rows if r["phh"])
    return attachment(text, f"dealer-{game_id}.phhs")


@router.get("/api/dealer/{game_id}/link")
async def link(game_id: str, room: Dealer, settings: Settings_, http: Request
               ) -> dict[str, Any]:
    run = run_or_404(room, game_id)
    base = settings.room.public_url or str(http.base_url)
    url = base.rstrip("/") + f"/d/{run.view_code}"
    return {"url": url, "qr": await asyncio.to_thread(qr_svg, url)}


@router.get("/api/dealer/{game_id}/settle")
async def settle(game_id: str, room: Dealer, authorization: Authorization = None
                 ) -> dict[str, Any]:
    run = _hosted(room, game_id, authorization)
    return await _off_loop(game_id, room.read, run.id, lambda r: standings(r.game))
