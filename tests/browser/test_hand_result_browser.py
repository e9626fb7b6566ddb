"""The hand's structured result on the table page (issue #23), at laptop size and at
390 px: between hands the felt draws the state's ``result`` (server/tables/
hand_result.py), not lines read back from the log: the board, the hands shown with
their descriptions on their seats, the winners marked with what they won, each pot
in the banner; a spectator sees no other card.  And a player's message answered by
its id: a top-up asked for during a hand shows pending until the hand ends.

Calling bots play to the showdown (S1-S4); screenshots land in
``tests/browser/artifacts/``.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser.support import (
    LAPTOP,
    PHONE,
    click_if_ready,
    new_page,
    post_json,
    room_server,
    shot,
)

server_url = room_server("result", bot_delay=0.15, pause_between_hands=3.0)

# What the page shows between hands, read in one go with the state it drew.
BETWEEN_JS = """() => {
  const room = window.pokerroom;
  const state = room ? room.state : null;
  if (!state || state.hand || !state.result || !document.getElementById("result")) return null;
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
    result: state.result,
    banner: document.getElementById("result").textContent,
    board: [...document.querySelectorAll(".board.old .card.face")].map((c) => c.dataset.card),
    seats,
  };
}"""


def _table_of_bots(url: str, name: str) -> str:
    made = post_json(url, "/api/tables", {"name": name, "seats": 6})
    for _ in range(3):
        post_json(url, f"/api/tables/{made['id']}/bots",
                  {"policy": "station", "host": made["host"]})
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
def test_S4_the_page_draws_the_hands_result(server_url: str, browser: Any,
                                            viewport: dict[str, int], label: str) -> None:
    errors: list[str] = []
    table = _table_of_bots(server_url, f"Result {label}")
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{server_url}/t/{table}")
        seen = _showdown_drawn(page)
        shot(page, f"{label}-hand-result")
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
        mucked = {str(m["seat"]) for m in result["mucked"]}
        assert not mucked & set(shown), result
        assert errors == []
    finally:
        page.context.close()


def test_a_top_up_during_a_hand_is_acked_and_shows_pending(server_url: str,
                                                           browser: Any) -> None:
    """T14: Alice, sitting out while Bob and the bots play, adds chips during a hand:
    the page sends the message with an id, the answer acknowledges it (nothing left
    unanswered) and the dock says the chips come when the hand ends; then they are in
    her stack.  She adds them while the hand waits for Bob (a 600 s clock), so the hand
    cannot end before the pending top-up is seen; then Bob plays it out."""
    errors: list[str] = []
    made = post_json(server_url, "/api/tables",
                     {"name": "Top up", "seats": 6, "action_seconds": 600})
    table, host = made["id"], made["host"]
    post_json(server_url, f"/api/tables/{table}/pause", {"host": host})
    bob_seat = post_json(server_url, f"/api/tables/{table}/join",
                         {"name": "Bob", "seat": 0, "buy_in": 100})
    page = new_page(browser, LAPTOP, errors)
    bob = new_page(browser, PHONE, errors)
    try:
        page.goto(f"{server_url}/t/{table}")
        page.locator('.seat.empty[data-seat="3"] button.sit').click()
        page.locator("#join-name").fill("Alice")
        page.locator("#join-buyin").fill("100")
        page.locator("#join-submit").click()
        page.locator('.seat.hero[data-seat="3"]').wait_for()
        page.locator("#btn-sit-out").click()
        page.wait_for_function("window.pokerroom.state.you.status === 'sitting_out'"
                               " && document.body.dataset.unacked === '0'")
        bob.goto(f"{server_url}/t/{table}")
        bob.evaluate("([k, v]) => localStorage.setItem(k, v)", [
            f"pokerroom.seat.{table}",
            json.dumps({"token": bob_seat["token"], "seat": 0, "name": "Bob"})])
        bob.reload()
        for _ in range(3):
            post_json(server_url, f"/api/tables/{table}/bots",
                      {"policy": "station", "host": host})
        post_json(server_url, f"/api/tables/{table}/resume", {"host": host})
        # The hand waits for Bob: nothing ends it until he acts.
        bob.locator("#btn-call").wait_for()
        hand = page.wait_for_function(  # Alice's page has it too
            "(s => s.hand && s.hand.actor === 0 && s.hand.number)(window.pokerroom.state)")
        page.locator("#btn-top-up").click()
        page.locator("#amount-value").fill("20")
        page.locator("#amount-submit").click()
        page.wait_for_function("document.body.dataset.unacked === '0'"
                               " && window.pokerroom.state.you.pending !== null")
        page.locator("#pending-top-up").wait_for()
        assert page.evaluate("window.pokerroom.state.you.pending.top_up") == 20
        assert page.evaluate("window.pokerroom.state.hand.number") == hand
        assert page.evaluate("window.pokerroom.state.seats[3].stack") == 100
        shot(page, "laptop-top-up-pending")
        # Bob checks and calls the hand out: it ends, the chips are in her stack and
        # nothing is pending.
        done = ("window.pokerroom.state.you.pending === null"
                " && !document.getElementById('pending-top-up')")
        deadline = time.monotonic() + 60
        while not page.evaluate(done):
            assert time.monotonic() < deadline, "the hand with Bob never ended"
            click_if_ready(bob, "#btn-call")
            page.wait_for_timeout(25)
        assert page.evaluate("window.pokerroom.state.seats[3].stack") == 120
        assert errors == []
    finally:
        bob.context.close()
        page.context.close()
