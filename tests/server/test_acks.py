"""Message ids and acknowledgements (issue #23): a socket message may carry its own
``id``; its answer names it, ``{"type": "ack", "id": ...}`` when carried out, the error
with ``"id"`` when refused; a message without one is answered as before."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.wire.protocol import CLIENT_MESSAGES, MAX_ID, BadMessage, SitOut
from tests.server.conftest import join, new_table, paused, receive_until, seat_socket


def _answer(ws: Any, message: dict[str, Any] | str) -> dict[str, Any]:
    """Send ``message``; the first message back that is not a state (or chat)."""
    ws.send_text(message if isinstance(message, str) else json.dumps(message))
    while True:
        got = dict(ws.receive_json())
        if got["type"] not in ("state", "chat"):
            return got


def test_an_accepted_message_is_acked_by_its_id_and_a_refused_one_errs_with_it(
        client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0, buy_in=100)
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        assert _answer(ws, {"type": "sit_out", "id": 1}) == {"type": "ack", "id": 1}
        assert _answer(ws, {"type": "top_up", "amount": 50, "id": "t-2"}) == {
            "type": "ack", "id": "t-2"}
        refused = _answer(ws, {"type": "act", "action": "fold", "id": "a:3"})
        assert refused["type"] == "error" and refused["id"] == "a:3", refused
        assert refused["reason"] == "no_hand", refused
        # Without an id: no ack; the ping after it is the next answer.
        ws.send_text(json.dumps({"type": "sit_in"}))
        assert _answer(ws, {"type": "ping", "id": 4}) == {"type": "pong", "id": 4}
        assert _answer(ws, {"type": "ping"}) == {"type": "pong"}


def test_a_spectators_refused_action_names_its_id(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, f"/ws/tables/{table}", None) as ws:
        refused = _answer(ws, {"type": "sit_out", "id": 9})
        assert refused["type"] == "error" and refused["reason"] == "spectator", refused
        assert refused["id"] == 9


def test_a_malformed_message_with_a_valid_id_is_refused_naming_it(client: TestClient) -> None:
    table = new_table(client)
    with seat_socket(client, f"/ws/tables/{table}", None) as ws:
        bad = _answer(ws, {"type": "act", "action": "dance", "id": 7})
        assert bad["reason"] == "bad_message" and bad["id"] == 7, bad
        bad = _answer(ws, {"type": "nope", "id": "x"})
        assert bad["reason"] == "bad_message" and bad["id"] == "x", bad
        bad = _answer(ws, '{"type": "ping", "id": 1')  # not JSON: no id to name
        assert bad["reason"] == "bad_message" and "id" not in bad, bad


@pytest.mark.parametrize("bad_id", [
    True, -1, MAX_ID + 1, 1.5, "", "x" * 33, "has space", "é", None, [1], {"a": 1},
])
def test_an_id_is_an_int_up_to_2_53_or_a_short_plain_string(bad_id: Any) -> None:
    text = json.dumps({"type": "sit_out", "id": bad_id})
    if bad_id is None:  # null is no id
        assert CLIENT_MESSAGES.parse(text) == SitOut(type="sit_out")
        return
    with pytest.raises(BadMessage, match="sit_out 'id") as refused:
        CLIENT_MESSAGES.parse(text)
    assert refused.value.id is None  # an invalid id is not named back


@pytest.mark.parametrize("good_id", [0, MAX_ID, "a", "x" * 32, "A-b_c.d:9"])
def test_valid_ids(good_id: Any) -> None:
    message = CLIENT_MESSAGES.parse(json.dumps({"type": "sit_out", "id": good_id}))
    assert message.id == good_id


def test_T14_a_top_up_during_a_hand_shows_pending_until_the_hand_ends(
        client: TestClient) -> None:
    """T14: chips added during a hand come when it ends; until then the player's own
    state says so (``you.pending``), then the chips are in the stack."""
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0, buy_in=100)
        bob = join(client, table, "Bob", 1, buy_in=100)
    with seat_socket(client, f"/ws/tables/{table}", alice) as ws, \
            seat_socket(client, f"/ws/tables/{table}", bob) as other:
        state = receive_until(ws, lambda m: m["type"] == "state"
                              and m["state"]["hand"] is not None)["state"]
        assert state["you"]["pending"] is None
        assert _answer(ws, {"type": "top_up", "amount": 50, "id": 1}) == {"type": "ack", "id": 1}
        state = receive_until(ws, lambda m: m["type"] == "state")["state"]
        assert state["you"]["pending"] == {"sit_down": None, "top_up": 50, "leave": False}
        assert state["seats"][0]["stack"] < 150
        to_act = state["hand"]["actor"]
        (ws if to_act == 0 else other).send_text(json.dumps({"type": "act", "action": "fold"}))
        state = receive_until(ws, lambda m: m["type"] == "state"
                              and m["state"]["you"]["pending"] is None)["state"]
        # Both buy-ins and Alice's 50 added, wherever the hands moved them.
        assert sum(p["stack"] + p.get("bet", 0) for p in state["seats"] if p) == 250


def test_T14_a_seat_taken_during_a_hand_shows_its_buy_in_pending(client: TestClient) -> None:
    """Joining during a hand: the seat is held at once, the player sits down with the
    buy-in when the hand ends; until then the joiner's state says so."""
    table = new_table(client)
    with paused(client, table):
        join(client, table, "Alice", 0, buy_in=100)
        join(client, table, "Bob", 1, buy_in=100)
    with seat_socket(client, f"/ws/tables/{table}", None) as ws:
        receive_until(ws, lambda m: m["type"] == "state" and m["state"]["hand"] is not None)
    carol = join(client, table, "Carol", 2, buy_in=80)
    with seat_socket(client, f"/ws/tables/{table}", carol) as ws:
        state = receive_until(ws, lambda m: m["type"] == "state")["state"]
        assert state["you"]["status"] == "joining"
        assert state["you"]["pending"] == {"sit_down": 80, "top_up": 0, "leave": False}
