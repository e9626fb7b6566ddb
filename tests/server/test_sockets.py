"""The one answer of both sockets (cash table and tournament) to what a browser sends:
the same error for the same mistake, naming what was wrong and what is allowed, a pong
for a ping, and spectators refused; and the pages, served alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.wire.protocol import CLIENT_MESSAGES, TOURNAMENT_CLIENT_MESSAGES, BadMessage
from tests.server.conftest import join, new_table, seat_socket


def _answer(ws: Any, text: str) -> dict[str, Any]:
    """Send ``text``; the first message back that is not a state."""
    ws.send_text(text)
    message = ws.receive_json()
    while message["type"] == "state":
        message = ws.receive_json()
    assert isinstance(message, dict)
    return message


def _sockets(client: TestClient) -> dict[str, str]:
    """A spectator's address at a cash table and at a tournament."""
    table = new_table(client)
    join(client, table, "Alice", 0)
    tid = client.post("/api/tournaments", json={"name": "Cup"}).json()["id"]
    return {"table": f"/ws/tables/{table}", "tournament": f"/ws/tournaments/{tid}"}


MISTAKES = [
    ("not json", "not JSON"),
    (json.dumps([1, 2]), "not a JSON object"),
    (json.dumps({"action": "fold"}), 'no "type"'),
    (json.dumps({"type": "nope"}), "unknown type 'nope'"),
    (json.dumps({"type": "act", "action": "fold", "extra": 1}),
     "act 'extra': Extra inputs are not permitted"),
    (json.dumps({"type": "act", "action": "x"}), "act 'action': Input should be 'fold'"),
    (json.dumps({"type": "sit_in", "post": "maybe"}), "sit_in 'post':"),
]


@pytest.mark.parametrize(("text", "what"), MISTAKES)
def test_both_sockets_answer_a_bad_message_alike(client: TestClient, text: str,
                                                 what: str) -> None:
    answers = {}
    for kind, path in _sockets(client).items():
        with client.websocket_connect(path) as ws:
            answers[kind] = _answer(ws, text)
    for kind, messages in (("table", CLIENT_MESSAGES), ("tournament", TOURNAMENT_CLIENT_MESSAGES)):
        answer = answers[kind]
        assert answer["type"] == "error" and answer["reason"] == "bad_message", answer
        assert answer["message"].startswith(f"malformed message: {what}"), answer
        # ... and says what the socket takes.
        assert answer["message"].endswith(
            f'send a JSON object whose "type" is one of: {", ".join(messages.types)}'), answer
        assert "pydantic" not in answer["message"]


def test_each_socket_names_its_own_messages(client: TestClient) -> None:
    assert CLIENT_MESSAGES.types == (
        "act", "sit_out", "sit_in", "post", "top_up", "leave", "straddle", "muck_losing", "ping",
        "preaction", "chat", "show_cards")
    assert TOURNAMENT_CLIENT_MESSAGES.types == (
        "act", "watch", "rebuy", "decline_rebuy", "add_on", "sit_out", "sit_in", "ping")
    with pytest.raises(BadMessage, match="unknown type 'watch'"):
        CLIENT_MESSAGES.parse(json.dumps({"type": "watch", "table": 1}))
    with pytest.raises(BadMessage, match="unknown type 'top_up'"):
        TOURNAMENT_CLIENT_MESSAGES.parse(json.dumps({"type": "top_up", "amount": 5}))


def test_both_sockets_pong_and_refuse_spectators(client: TestClient) -> None:
    for path in _sockets(client).values():
        with client.websocket_connect(path) as ws:
            assert _answer(ws, json.dumps({"type": "ping"})) == {"type": "pong"}
            refused = _answer(ws, json.dumps({"type": "act", "action": "fold"}))
            assert refused["type"] == "error" and refused["reason"] == "spectator", refused
            assert "spectators cannot" in refused["message"]


def test_a_bet_without_its_total_is_refused(client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        refused = _answer(ws, json.dumps({"type": "act", "action": "bet_raise"}))
    assert refused == {"type": "error", "reason": "missing_amount",
                       "message": "bet_raise needs 'to', the total"}


def test_the_pages_are_served_for_what_exists(client: TestClient) -> None:
    table = new_table(client)
    tid = client.post("/api/tournaments", json={"name": "Cup"}).json()["id"]
    for path, marker in (("/", "/static/lobby.js"), (f"/t/{table}", "/static/table.js"),
                         (f"/tournaments/{tid}", "/static/tournament.js"),
                         (f"/tournaments/{tid}/results", "/static/tournament.js")):
        page = client.get(path)
        assert page.status_code == 200 and marker in page.text, path
    for path in ("/t/nope", "/tournaments/nope", "/tournaments/nope/results"):
        missing = client.get(path)
        assert missing.status_code == 404 and "nope" in missing.json()["detail"], path
    assert "/t/{table_id}" not in client.get("/openapi.json").text
