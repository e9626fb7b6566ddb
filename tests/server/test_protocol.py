"""The room's protocol in-process: joining, acting, errors, reconnecting, and that no
connection ever receives a card its viewer may not see."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import add_bot, join, new_table, seat_socket


def _receive_state(ws: Any, *, errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message
        if errors is not None:
            errors.append(message)


def test_create_join_and_play_hands_over_a_websocket(client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        versions = []
        for _ in range(200):
            message = _receive_state(ws)
            versions.append(message["version"])
            state = message["state"]
            if state["you"]["legal"]:
                ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
            if state["hand"] and state["hand"]["number"] > 3:
                break
        assert versions == sorted(versions)  # versions only go up
    hands = client.get(f"/api/tables/{table}/hands").json()
    finished = [h for h in hands if h["status"] == "finished"]
    assert len(finished) >= 3
    number = finished[0]["number"]
    phh = client.get(f"/api/tables/{table}/hands/{number}.phh")
    assert phh.status_code == 200 and 'variant = "NT"' in phh.text
    text = client.get(f"/api/tables/{table}/hands/{number}.txt")
    assert text.status_code == 200 and text.text.startswith("PokerStars Hand #")
    ledger = client.get(f"/api/tables/{table}/ledger").json()
    assert ledger["balance"] == ledger["on_table"] + ledger["rake"] == 400


def test_bad_messages_get_errors_and_the_table_carries_on(client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    join(client, table, "Bob", 1)
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        state = _receive_state(ws)
        for bad in ("not json", json.dumps({"type": "nope"}), json.dumps([1, 2]),
                    json.dumps({"type": "act", "action": "bet_raise"}),
                    json.dumps({"type": "act", "action": "fold", "extra": 1}),
                    json.dumps({"type": "top_up", "amount": -5})):
            ws.send_text(bad)
            message = ws.receive_json()
            while message["type"] == "state":
                message = ws.receive_json()
            assert message["type"] == "error", message
        # Acting out of turn or illegally is refused with the engine's reason.  (Errors
        # change nothing, so no new state was sent: use the last one.)
        while not state["state"]["hand"]:
            state = _receive_state(ws)
        hand = state["state"]["hand"]
        mine = state["state"]["you"]["legal"] is not None
        if mine:
            ws.send_text(json.dumps({"type": "act", "action": "bet_raise", "to": 1}))
        else:
            ws.send_text(json.dumps({"type": "act", "action": "fold"}))
        errors: list[dict[str, Any]] = []
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        errors.append(message)
        assert errors[0]["reason"] in ("raise_out_of_range", "not_your_turn")
        assert hand["number"] >= 1
        ws.send_text(json.dumps({"type": "ping"}))
        message = ws.receive_json()
        while message["type"] == "state":
            message = ws.receive_json()
        assert message == {"type": "pong"}


def test_http_errors_are_clear(client: TestClient) -> None:
    table = new_table(client, min_buy_in=40, max_buy_in=200)
    response = client.post(f"/api/tables/{table}/join",
                           json={"name": "A", "seat": 0, "buy_in": 500})
    assert response.status_code == 400
    assert "maximum buy-in is 200" in response.json()["error"]
    join(client, table, "A", 0)
    response = client.post(f"/api/tables/{table}/join", json={"name": "B", "seat": 0,
                                                              "buy_in": 100})
    assert response.status_code == 400 and "seat 0 is taken" in response.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
    response = client.post("/api/tables", json={"name": "", "seats": 6})
    assert response.status_code == 422


def test_reconnecting_resumes_the_latest_state(client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        state = _receive_state(ws)
        while not state["state"]["hand"]:
            state = _receive_state(ws)
        before = state
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        again = _receive_state(ws)
        assert again["version"] >= before["version"]
        assert again["state"]["you"]["seat"] == 0
        mine = next(s for s in again["state"]["seats"] if s and s["seat"] == 0)
        assert mine["cards"] == [c for c in mine["cards"] if c is not None]  # sees own cards
        # Nothing happened in between (it is Alice's turn or the bot waits on her):
        assert again["state"]["hand"]["number"] == before["state"]["hand"]["number"]


def test_spectators_and_folded_players_never_see_hidden_cards(client: TestClient) -> None:
    """Over every message of many hands: a card of another seat is visible only when that
    hand has been shown (or, in stud, for up-cards)."""
    table = new_table(client)
    token = join(client, table, "Folder", 0)
    for _ in range(3):
        add_bot(client, table, "station")
    checked = own_seen = 0
    with seat_socket(client, f"/ws/tables/{table}", token) as player, \
            client.websocket_connect(f"/ws/tables/{table}") as spectator:
        for _ in range(400):
            for ws, viewer in ((player, 0), (spectator, None)):
                message = _receive_state(ws)
                state = message["state"]
                _assert_no_hidden_cards(state, viewer)
                mine = state["seats"][0]
                if viewer == 0 and mine.get("in_hand") and not mine["folded"]:
                    # The player's own view (built on the shared public one) has their cards.
                    assert mine["cards"] and None not in mine["cards"], mine
                    own_seen += 1
                checked += 1
                if viewer == 0 and state["you"]["legal"]:
                    action = "fold" if not state["you"]["legal"]["check"] else "check_call"
                    if state["you"]["legal"]["show"]:
                        action = "show"
                    ws.send_text(json.dumps({"type": "act", "action": action}))
            if state["hand"] and state["hand"]["number"] > 12:
                break
    assert checked > 50 and own_seen > 0


def _assert_no_hidden_cards(state: dict[str, Any], viewer: int | None) -> None:
    log = state["log"]
    starts = [i for i, line in enumerate(log) if line.startswith("--- hand ")]
    current = log[starts[-1]:] if starts else log
    for seat in state["seats"]:
        if seat is None or seat.get("pending") or seat["seat"] == viewer:
            continue
        visible = [c for c in seat.get("cards", []) if c is not None]
        if visible:
            shown = any(line.startswith(f"{seat['name']} shows") for line in current)
            assert shown, (viewer, seat, current[-5:])


def test_downloads_hide_hole_cards_the_viewer_may_not_see(client: TestClient) -> None:
    """A finished hand's PHH and text show a seat's own cards (with its token) and the
    hands tabled at the showdown; folded and mucked hands stay hidden."""
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    for _ in range(3):
        add_bot(client, table, "random")
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        for _ in range(300):
            state = _receive_state(ws)["state"]
            if state["you"]["legal"]:
                ws.send_text(json.dumps({"type": "act", "action": "fold"
                                         if not state["you"]["legal"]["check"]
                                         else "check_call"}))
            if state["hand"] and state["hand"]["number"] > 6:
                break
    finished = [h for h in client.get(f"/api/tables/{table}/hands").json()
                if h["status"] == "finished"]
    assert finished
    hidden_seen = False
    for hand in finished:
        number = hand["number"]
        public = client.get(f"/api/tables/{table}/hands/{number}.phh").text
        mine = client.get(f"/api/tables/{table}/hands/{number}.phh",
                          headers={"Authorization": f"Bearer {token}"}).text
        text = client.get(f"/api/tables/{table}/hands/{number}.txt").text
        dealt = [line for line in public.splitlines() if " dh p" in line]
        shows = {line.split()[0].strip('"') for line in public.splitlines() if " sm " in line}
        for line in dealt:
            player = line.split()[2]
            if player not in shows:
                assert "????" in line, line  # never shown: hidden
                hidden_seen = True
        assert mine.count("????") <= public.count("????")
        assert "Dealt to Alice" not in text or "Alice: shows" in text
    assert hidden_seen
