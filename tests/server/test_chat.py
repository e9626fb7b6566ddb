"""The table's chat (issue 14, item 2): players and spectators (when the host
allows) send short messages, rate-limited and length-limited, named from the
sitting, kept for the session, and the host can turn it off."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from pokerroom.server.tables.chat import CHAT_BURST, MAX_CHAT_CHARS, SPECTATORS_BURST
from tests.server.conftest import (
    HOST_KEYS,
    actor_of,
    join,
    new_table,
    paused,
    receive_until,
    seat_socket,
)

XSS = "<img src=x onerror=alert(1)>"


def _say(ws: Any, text: str) -> None:
    ws.send_text(json.dumps({"type": "chat", "text": text}))


def _chat(ws: Any) -> list[dict[str, Any]]:
    return list(receive_until(ws, lambda m: m["type"] in ("chat", "error"))["lines"])


def _error(ws: Any) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] == "error")


def test_players_and_spectators_chat_named_from_the_sitting(client: TestClient) -> None:
    """Alice's line reaches the spectator with her name and seat; the spectator's
    reaches Alice as 'Spectator N'; the text arrives as sent (HTML and all: the
    page shows it as text); a connection opened later gets both lines."""
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
    path = f"/ws/tables/{table}"
    with seat_socket(client, path, alice) as wa, seat_socket(client, path, None) as ww:
        _say(wa, f"hi {XSS}")
        line = _chat(ww)[0]
        assert (line["name"], line["seat"], line["text"]) == ("Alice", 0, f"hi {XSS}")
        assert _chat(wa)[0]["text"] == f"hi {XSS}"
        _say(ww, "good luck")
        heard = _chat(wa)[0]
        assert heard["name"].startswith("Spectator ") and heard["seat"] is None
        with seat_socket(client, path, None) as late:
            backlog = _chat(late)
        assert [x["text"] for x in backlog] == [f"hi {XSS}", "good luck"]


def test_chat_is_rate_limited_and_length_limited(client: TestClient) -> None:
    """Five lines in ten seconds, then 'chat_too_fast'; more than 200 characters
    'chat_too_long' (and a frame past 400, 'bad_message'); an empty line refused;
    nothing refused is sent to anyone."""
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        for n in range(CHAT_BURST):
            _say(wa, f"line {n}")
            assert _chat(wa)[0]["text"] == f"line {n}"
        _say(wa, "one too many")
        told = _error(wa)
        assert told["reason"] == "chat_too_fast" and "5 messages in 10 seconds" in told["message"]
        actor = actor_of(client, table)
        actor.chat._recent.clear()  # ten seconds later
        _say(wa, "x" * (MAX_CHAT_CHARS + 1))
        told = _error(wa)
        assert told["reason"] == "chat_too_long" and "1 to 200 characters" in told["message"]
        _say(wa, "   ")
        assert _error(wa)["reason"] == "chat_too_long"
        _say(wa, "y" * 401)
        assert _error(wa)["reason"] == "bad_message"
        _say(wa, "  spaced   out  ")
        assert _chat(wa)[0]["text"] == "spaced out"
        assert [x["text"] for x in actor.chat.lines][-1] == "spaced out"
        assert len(actor.chat.lines) == CHAT_BURST + 1


def test_many_spectator_connections_share_one_rate(client: TestClient) -> None:
    """A spectator is a connection: one person opening three cannot say three times
    the rate.  The spectators together say at most 10 lines in 10 seconds, then each
    of them is told 'chat_too_fast'; a refused line reaches no one and counts for
    nothing; the players keep their own rate."""
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
    path = f"/ws/tables/{table}"
    with seat_socket(client, path, alice) as wa, seat_socket(client, path, None) as w1, \
            seat_socket(client, path, None) as w2, seat_socket(client, path, None) as w3:
        said = 0
        for ws in (w1, w2):
            for _ in range(CHAT_BURST):
                _say(ws, f"spam {said}")
                heard = receive_until(ws, lambda m, n=said: m["type"] == "error" or (
                    m["type"] == "chat" and m["lines"][0]["text"] == f"spam {n}"))
                assert heard["type"] == "chat", heard
                said += 1
        assert said == SPECTATORS_BURST
        _say(w3, "one more")  # w3's own first line, over the spectators' rate
        told = _error(w3)
        assert told["reason"] == "chat_too_fast"
        assert "10 messages from all the spectators together in 10 seconds" in told["message"]
        _say(wa, "players still talk")
        heard = receive_until(wa, lambda m: m["type"] == "error" or (
            m["type"] == "chat" and m["lines"][0]["text"] == "players still talk"))
        assert heard["type"] == "chat", heard
        actor = actor_of(client, table)
        texts = [x["text"] for x in actor.chat.lines]
        assert "one more" not in texts and texts[-1] == "players still talk"
        assert len(actor.chat._recent["spectator 4"]) == 0  # w3's refusal not counted


def test_the_host_turns_chat_off_or_off_for_spectators(client: TestClient) -> None:
    """Off: every line refused ('chat_off'), the state says so.  Players only: the
    spectator refused, Alice heard.  A stranger's key: 403 not_host, nothing changed.
    The choice is stored with the table (a restart keeps it: the snapshot's room
    part)."""
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
    url = f"/api/tables/{table}/chat"
    refused = client.post(url, json={"host": "not-the-key", "on": False})
    assert refused.status_code == 403 and refused.json()["reason"] == "not_host"
    actor = actor_of(client, table)
    assert actor.chat.on
    path = f"/ws/tables/{table}"
    with seat_socket(client, path, alice) as wa, seat_socket(client, path, None) as ww:
        assert client.post(url, json={"host": HOST_KEYS[table], "on": False}).status_code == 200
        _say(wa, "anyone?")
        told = _error(wa)
        assert told["reason"] == "chat_off" and "turned the chat off" in told["message"]
        state = receive_until(ww, lambda m: m["type"] == "state"
                       and not m["state"]["table"]["chat"]["on"])
        assert state["state"]["table"]["chat"] == {"on": False, "spectators": True}
        assert client.post(url, json={"host": HOST_KEYS[table], "on": True,
                                      "spectators": False}).status_code == 200
        _say(ww, "me too")
        assert _error(ww)["reason"] == "chat_off"
        _say(wa, "players only")
        assert _chat(ww)[0]["text"] == "players only"
    assert actor.room_extras()["chat"] == {"on": True, "spectators": False}
    assert actor.store.load_table(table).snapshot["room"]["chat"] == {  # type: ignore[union-attr]
        "on": True, "spectators": False}
