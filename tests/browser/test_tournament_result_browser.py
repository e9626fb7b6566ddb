"""The hand's structured result at a tournament's table (issue #23), at laptop size
and at 390 px: the tournament page asks for deltas (``pokerroom.delta``) and between
hands the felt draws the table state's ``result`` (server/tables/hand_result.py), as
the cash table page does: the board, the hands shown with their descriptions on
their seats, the winners marked with what they won, each pot in the banner; a
spectator sees no other card (S1-S4).

Calling bots play to the showdown; screenshots land in ``tests/browser/artifacts/``
(``tournament-*-hand-result.png``).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, new_page, post_json, room_server, shot

server_url = room_server("tournament-result", bot_delay=0.15, pause_between_hands=3.0)

# What the page shows between hands, read in one go with the state it drew.
BETWEEN_JS = """() => {
  const room = window.pokerroom;
  const state = room ? room.state : null;
  const table = state ? state.table : null;
  if (!table || table.hand || !table.result || !document.getElementById("result")) return null;
  const seats = {};
  for (const el of document.querySelectorAll("#layer .seat[data-seat]")) {
    seats[el.dataset.seat] = {
      faces: [...el.querySelectorAll(".card.face")].map((c) => c.dataset.card),
      winner: el.classList.contains("winner"),
      win: (el.querySelector(".tag.win") || {}).textContent || "",
      desc: (el.querySelector(".shown-desc") || {}).textContent || "",
    };
  }
  return {
    result: table.result,
    banner: document.getElementById("result").textContent,
    board: [...document.querySelectorAll(".board.old .card.face")].map((c) => c.dataset.card),
    seats,
  };
}"""


def _event_of_bots(url: str, name: str) -> str:
    made = post_json(url, "/api/tournaments", {"name": name, "structure": "sit_and_go",
                                           "seats": 6, "level_seconds": 600})
    post_json(url, f"/api/tournaments/{made['id']}/bots",
          {"director": made["director"], "count": 5, "policy": "station"})
    post_json(url, f"/api/tournaments/{made['id']}/start", {"director": made["director"]})
    return str(made["id"])


def _showdown_drawn(page: Any) -> dict[str, Any]:
    """What the page draws between hands, once a hand has ended with hands shown."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        seen = page.evaluate(BETWEEN_JS)
        if seen and seen["result"]["shown"]:
            return dict(seen)
        page.wait_for_timeout(25)
    pytest.fail("no hand reached a showdown drawn between hands")


@pytest.mark.parametrize(("viewport", "label"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_S4_the_tournament_page_draws_the_hands_result(server_url: str, browser: Any,
                                                       viewport: dict[str, int],
                                                       label: str) -> None:
    errors: list[str] = []
    event = _event_of_bots(server_url, f"Result {label}")
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{server_url}/tournaments/{event}")
        seen = _showdown_drawn(page)
        shot(page, f"tournament-{label}-hand-result")
        result = seen["result"]
        assert seen["board"] == result["boards"][0]
        shown = {str(s["seat"]): s for s in result["shown"]}
        for seat, drawn in seen["seats"].items():
            if seat in shown:
                assert drawn["faces"] == [c for c in shown[seat]["cards"] if c], (seat, seen)
                assert drawn["desc"] == shown[seat]["description"], (seat, seen)
            else:  # a spectator never sees a hand not shown (folded, mucked)
                assert drawn["faces"] == [], (seat, seen)
        won = {str(w["seat"]): w["amount"] for w in result["won"]}
        assert won
        for seat, drawn in seen["seats"].items():
            assert drawn["winner"] == (seat in won), (seat, seen)
            if seat in won:
                assert drawn["win"].replace(",", "") == f"Wins {won[seat]}", (seat, seen)
        for pot in result["pots"]:
            for award in pot["awards"]:
                assert f"{award['name']} wins" in seen["banner"], seen
            if pot["description"]:
                assert pot["description"] in seen["banner"], seen
        # The page follows a delta connection: its socket offered pokerroom.delta.
        assert page.evaluate("window.pokerroom.version") > 0
        assert errors == []
    finally:
        page.context.close()
