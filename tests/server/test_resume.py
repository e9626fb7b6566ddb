"""A restart in the middle of a hand: the hand continues from its last action (the
room's choice), with the same cards, bets and turn; no chip moves."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from pokerroom.server.app import create_app
from tests.server.conftest import add_bot, join, new_table, seat_socket
from tests.server.serving import assert_same_turn


def _state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return dict(message["state"])


def _mid_hand_turn(ws: Any) -> dict[str, Any]:
    """Act until it is our turn after the flop, then stop there."""
    while True:
        state = _state(ws)
        legal = state["you"]["legal"]
        if legal and state["hand"]["board"]:
            return state
        if legal:
            ws.send_text(json.dumps({"type": "act", "action": "check_call"}))


def test_a_hand_in_progress_continues_after_a_restart(db_url: str) -> None:
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=3)
    with TestClient(app) as client:
        table = new_table(client)
        token = join(client, table, "Alice", 0)
        add_bot(client, table, "station")
        with seat_socket(client, f"/ws/tables/{table}", token) as ws:
            before = _mid_hand_turn(ws)
    # The process is gone; the hand was never finished.  Start a new one on the database.
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=4)
    with TestClient(app) as client:
        with seat_socket(client, f"/ws/tables/{table}", token) as ws:
            after = _state(ws)
            assert_same_turn(before, after)
            ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
            while True:
                state = _state(ws)
                if state["hand"] is None or state["hand"]["number"] > before["hand"]["number"]:
                    break
                if state["you"]["legal"]:
                    ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
        ledger = client.get(f"/api/tables/{table}/ledger").json()
        assert ledger["balance"] == ledger["on_table"] + ledger["rake"]
        hands = client.get(f"/api/tables/{table}/hands").json()
        resumed = [h for h in hands if h["number"] == before["hand"]["number"]]
        assert resumed and resumed[0]["status"] == "finished"
