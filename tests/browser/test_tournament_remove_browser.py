"""The director removes a registration from the tournament page before the start
(issue #22): a "Remove" button beside each entrant, shown to the director only."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.browser.support import room_server

server_url = room_server("tournament-remove", bot_delay=0.05, pause_between_hands=0.3)


def post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_the_director_removes_a_made_up_name(server_url: str, browser: Any) -> None:
    created = post(server_url + "/api/tournaments", {"name": "Remove cup"})
    tid, director = created["id"], created["director"]
    for name in ("Alice", "Made Up"):
        post(f"{server_url}/api/tournaments/{tid}/register", {"name": name})
    errors: list[str] = []
    director_context = browser.new_context()
    stranger_context = browser.new_context()
    try:
        page = director_context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server_url}/tournaments/{tid}")
        # the page keeps the director's key where creating the event from the lobby puts it
        page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                      [f"pokerroom.tournament.director.{tid}", director])
        page.reload()
        page.wait_for_function("window.pokerroom && window.pokerroom.state"
                               " && window.pokerroom.state.tournament.players.length === 2")
        assert page.locator(".remove-entry").count() == 2
        page.locator('.remove-entry[data-name="Made Up"]').click()
        page.wait_for_function(
            "window.pokerroom.state.tournament.players.length === 1")
        names = page.evaluate(
            "window.pokerroom.state.tournament.players.map((p) => p.name)")
        assert names == ["Alice"]
        stranger = stranger_context.new_page()
        stranger.goto(f"{server_url}/tournaments/{tid}")
        stranger.wait_for_function("window.pokerroom && window.pokerroom.state")
        assert stranger.locator(".remove-entry").count() == 0  # no key, no button
    finally:
        director_context.close()
        stranger_context.close()
    assert errors == []
