"""``GET /api/games``: the games the room deals, as the pages need them.

Everything here is read from the rules: :data:`~pokerroom.rules.variants.VARIANTS`
(names, streets, board, up cards, draws, hi-lo, bring-in or blinds), the betting
structures of :class:`~pokerroom.rules.config.Structure`, and which house options a
game takes is asked of the engine itself (:class:`~pokerroom.table.Stakes` and
:meth:`~pokerroom.table.TableOptions.check_game` accept or refuse them), so the pages
hold no copy of a game's facts.  Only the words a page shows in little room (``NL
Hold'em``, ``5-Card Omaha``) and the structure the lobby's form offers first are
the room's own, here.

The answer never changes while the server runs: it is built once, sent with an
``ETag`` (a request that has it gets a ``304``) and may be kept for
:data:`MAX_AGE` seconds.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, Response

from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import VARIANTS, Variant
from pokerroom.table import Stakes, TableOptions

__all__ = ["MAX_AGE", "SHORT_NAMES", "games_answer", "router"]

router = APIRouter()

MAX_AGE = 600
"""Seconds a browser may keep the answer without asking again (then it revalidates
with its ``ETag``): a new version of the room with another game is seen within them."""

TABLE_MAX_SEATS = 10
"""The most seats of a table (``TableOptions`` refuses more)."""

STUD_MAX_SEATS = 8
"""Stud deals at most eight players: six cards each and three burns before seventh
street come from 52 (the room refuses a stud table of more)."""

SHORT_NAMES = {
    "holdem": "Hold'em", "short_deck": "Short Deck", "omaha": "Omaha",
    "omaha5": "5-Card Omaha", "omaha6": "6-Card Omaha", "omaha_hilo": "Omaha Hi-Lo",
    "omaha5_hilo": "5-Card Omaha Hi-Lo", "stud": "Stud", "stud_hilo": "Stud Hi-Lo",
    "razz": "Razz", "deuce_seven_triple": "2-7 Triple Draw",
    "deuce_seven_single": "2-7 Single Draw", "ace_five_triple": "A-5 Triple Draw",
    "badugi": "Badugi",
}
"""A game's name where there is little room (the lobby's rows, the table's header)."""

STRUCTURE_SHORT = {
    Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL", Structure.FIXED_LIMIT: "FL",
    Structure.SPREAD_LIMIT: "Spread",
}

FAMILIES = (("holdem", "Hold'em"), ("omaha", "Omaha"), ("stud", "Stud"), ("draw", "Draw"))


def family(v: Variant) -> str:
    """The group a game is listed in: stud, draw, or a board game with two hole cards
    (hold'em) or more (Omaha)."""
    if v.is_stud:
        return "stud"
    if v.is_draw:
        return "draw"
    return "holdem" if v.hole_cards == 2 else "omaha"


def default_structure(v: Variant) -> Structure:
    """The betting a new table of ``v`` starts with in the lobby's form: fixed limit
    for stud and draw, pot limit for Omaha, no limit for hold'em."""
    kind = family(v)
    if kind in ("stud", "draw"):
        return Structure.FIXED_LIMIT
    return Structure.POT_LIMIT if kind == "omaha" else Structure.NO_LIMIT


def _sizes(v: Variant) -> dict[str, int]:
    return {"bring_in": 1, "small_bet": 2, "big_bet": 4} if v.is_stud else {
        "small_blind": 1, "big_blind": 2}


def _accepts(make: Callable[[], object]) -> bool:
    try:
        make()
    except ConfigError:
        return False
    return True


def house_options(v: Variant) -> dict[str, bool]:
    """The house options a table of ``v`` may take, as the engine answers:
    ``open_pair_double`` (B15, in fixed limit), ``run_it_twice``, ``kill`` (F12)."""
    fixed = Structure.FIXED_LIMIT
    stakes = Stakes.of(v.key, fixed, **_sizes(v))
    return {
        "open_pair_double": _accepts(lambda: Stakes.of(v.key, fixed, **_sizes(v),
                                                       open_pair_double=True)),
        "run_it_twice": _accepts(lambda: TableOptions(run_it_twice=True).check_game(stakes)),
        "kill": _accepts(lambda: TableOptions(kill="two_pots").check_game(stakes)),
    }


def game_facts(v: Variant) -> dict[str, Any]:
    """One game as the pages read it."""
    return {
        "key": v.key,
        "name": v.name,
        "short": SHORT_NAMES.get(v.key, v.name),
        "family": family(v),
        "deck": len(v.deck),
        "hole_cards": v.hole_cards,
        "board": sum(s.board for s in v.streets) > 0,
        "up_cards": any(s.up for s in v.streets),
        "draws": sum(1 for s in v.streets if s.draw),
        "stud": v.is_stud,
        "forced": v.forced,
        "hi_lo": v.split,
        "high": v.high,
        "low": v.low,
        "streets": [{"name": s.name, "down": s.down, "up": s.up, "board": s.board,
                     "draw": s.draw, "big_bet": s.big_bet} for s in v.streets],
        "max_seats": STUD_MAX_SEATS if v.is_stud else TABLE_MAX_SEATS,
        "structures": [s.value for s in Structure],
        "default_structure": default_structure(v).value,
        "house_options": house_options(v),
    }


def games_answer() -> dict[str, Any]:
    """The whole answer of ``GET /api/games``."""
    return {
        "games": [game_facts(v) for v in VARIANTS.values()],
        "families": [{"key": key, "name": name} for key, name in FAMILIES],
        "structures": [{"key": s.value, "name": s.value.replace("_", " ").capitalize(),
                        "short": STRUCTURE_SHORT[s], "limit": s.is_limit}
                       for s in Structure],
        "table_max_seats": TABLE_MAX_SEATS,
    }


_BODY = json.dumps(games_answer(), separators=(",", ":")).encode()
_ETAG = f'"{hashlib.sha256(_BODY).hexdigest()[:32]}"'
_HEADERS = {"ETag": _ETAG, "Cache-Control": f"public, max-age={MAX_AGE}"}


@router.get("/api/games")
async def games(request: Request) -> Response:
    """The games the room deals (see the module's doc), one JSON answer for every
    page: names, streets, board, up cards, draws, hi-lo, seats, betting structures and
    the house options each game takes."""
    if _ETAG in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=_HEADERS)
    return Response(_BODY, media_type="application/json", headers=_HEADERS)
