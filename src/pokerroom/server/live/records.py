"""The live events' records across events: each event's results sheet and a league
table over a season, the names of the room's earlier events (issue 25).  Included
before :mod:`pokerroom.server.live.routes`: ``/live/league`` and ``/api/live/league``
and ``/api/live/players`` are matched before ``/live/{event_id}``."""

from __future__ import annotations

import asyncio
import csv
import io
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, PlainTextResponse

from pokerroom.errors import ConfigError
from pokerroom.server import deps
from pokerroom.server.deps import Live
from pokerroom.server.hands.downloads import attachment
from pokerroom.server.live.room import LiveRoom
from pokerroom.server.live.routes import every_run
from pokerroom.server.pages import STATIC
from pokerroom.tournament.league import FORMULAS, Formula, Standing, standings
from pokerroom.tournament.results_sheet import result_rows, results_csv

router = APIRouter()


async def league_page() -> FileResponse:
    return FileResponse(STATIC / "live_league.html")


router.add_api_route("/live/league", league_page, methods=["GET"], include_in_schema=False,
                     name="live_league_page")  # before /live/{event_id}
KNOWN_NAMES = 1000
"""The most names ``GET /api/live/players`` gives (the most recent events' first)."""


@router.get("/api/live/players")
async def players(live: Live) -> list[str]:
    """The names entered in the room's live events, the newest events' first, each once
    (whatever its case): the console offers them at registration, so a league's
    regulars are typed once.  Public, as the events' pages show the same names."""
    runs = await every_run(live)
    seen: dict[str, str] = {}
    for run in sorted(runs, key=lambda r: -r.created_at):
        for e in run.event.t.entries.values():
            seen.setdefault(e.name.casefold(), e.name)
            if len(seen) >= KNOWN_NAMES:
                return list(seen.values())
    return list(seen.values())


MAX_SEASON = 100
"""The most events one league table adds up."""


async def _season(live: LiveRoom, events: str, formula: str) -> tuple[Formula, list[Standing]]:
    """The standings of the events named (ids, comma-separated) by ``formula`` (a
    standard one's name or the director's own); a ConfigError (400) says what is
    wrong, an unknown event is a 404."""
    ids = [i for i in events.split(",") if i]
    if not 1 <= len(ids) <= MAX_SEASON or len(set(ids)) != len(ids):
        raise ConfigError(f"a season is 1 to {MAX_SEASON} different events (ids, "
                          f"comma-separated), got {len(ids)}")
    try:
        chosen = Formula(FORMULAS.get(formula, formula))
    except ConfigError as exc:
        raise ConfigError(f"{exc} (or one of: {', '.join(FORMULAS)})") from None
    runs = {r.id: r for r in await every_run(live)}
    missing = [i for i in ids if i not in runs]
    if missing:
        raise HTTPException(404, f"no live event {missing[0]!r} in this room")
    ordered = sorted((runs[i] for i in ids), key=lambda r: -r.created_at)
    sheets = [(len(r.event.t.entries), result_rows(r.event.t)) for r in ordered]
    # a thousand finishes worked out: off the event loop (a ConfigError: a 400)
    return chosen, await asyncio.to_thread(standings, sheets, chosen)


@router.get("/api/live/league")
async def league(live: Live, events: str = "", formula: str = "linear") -> dict[str, Any]:
    """A league table: the points of every finish of ``events`` (ids, comma-separated,
    at most :data:`MAX_SEASON`) by ``formula`` (``linear``, ``square_root``, ``beaten``,
    ``money``, or arithmetic of its own: :mod:`pokerroom.tournament.league`), added up
    per player, best first.  Public, as the events' results are."""
    chosen, table = await _season(live, events, formula)
    return {"formula": chosen.text, "formulas": FORMULAS,
            "standings": [s.to_json() for s in table]}


@router.get("/api/live/league.csv")
async def league_csv(live: Live, events: str = "", formula: str = "linear"
                     ) -> PlainTextResponse:
    """The league table as CSV (money in decimal units)."""
    _, table = await _season(live, events, formula)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", "name", "points", "events", "wins", "best", "won"])
    for rank, st in enumerate(table, 1):
        writer.writerow([rank, st.name, f"{st.points:g}", st.events, st.wins, st.best,
                         f"{st.won // 100}.{st.won % 100:02d}"])
    return attachment(out.getvalue(), "league.csv")


@router.get("/api/live/{event_id}/results")
async def results(event_id: str, live: Live) -> dict[str, Any]:
    """The results sheet: the finishes so far, best first (the winner once it is over),
    and the money they add up to."""
    run = deps.run_or_404(live, event_id)
    t = run.event.t
    rows = [r.to_json() for r in result_rows(t)]
    return {"id": run.id, "name": run.name, "status": run.status, "finished": t.finished,
            "entries": len(t.entries), "prize_pool": t.prize_pool(),
            "places_paid": t.places_paid, "rebuys": t.rebuys, "add_ons": t.add_ons,
            "bounty": t.structure.bounty, "results": rows}


@router.get("/api/live/{event_id}/results.csv")
async def results_sheet(event_id: str, live: Live) -> PlainTextResponse:
    """The results sheet as CSV, money in decimal units (a spreadsheet's numbers)."""
    run = deps.run_or_404(live, event_id)
    return attachment(results_csv(result_rows(run.event.t)), f"live-{event_id}-results.csv")
