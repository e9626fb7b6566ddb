"""What an action costs the room to tell (issue 23): one new version per change (not
one for the request and another for what it set off), each distinct state encoded
once however many connections get it, and each player's private part (own cards,
legal actions) in that player's state only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.wire import sockets
from tests.server.conftest import (
    actor_of,
    join,
    new_table,
    paused,
    receive_until,
    seat_socket,
    wait_until,
)


def _states(ws: Any, predicate: Any) -> dict[str, Any]:
    return receive_until(ws, lambda m: m["type"] == "state" and predicate(m))


def _state_text(ws: Any, predicate: Any) -> str:
    """The text of the first state from ``ws`` for which ``predicate`` holds."""
    for _ in range(400):
        text = ws.receive_text()
        message = json.loads(text)
        if message["type"] == "state" and predicate(message):
            return str(text)
    raise AssertionError("none of 400 messages was the state expected")


def test_one_action_is_one_new_version_with_the_next_turns_clock(client: TestClient) -> None:
    table_id = new_table(client)
    with paused(client, table_id):
        tokens = {0: join(client, table_id, "Ann", 0), 1: join(client, table_id, "Bob", 1)}
    actor = actor_of(client, table_id)
    path = f"/ws/tables/{table_id}"
    with seat_socket(client, path, tokens[0]) as ann, seat_socket(client, path, tokens[1]) as bob:
        sockets_ = {0: ann, 1: bob}
        wait_until(lambda: len(actor.subscribers) == 2)  # no subscription to publish later
        # Whoever acts first: the state where it is their turn, its clock running.
        first = _states(ann, lambda m: m["state"]["hand"] is not None
                        and m["state"]["hand"]["deadline"] is not None)
        seat = first["state"]["hand"]["actor"]
        mine = _states(sockets_[seat], lambda m: m["state"]["you"]["legal"] is not None
                       and m["state"]["hand"]["deadline"] is not None
                       and m["version"] == actor.version)  # the newest: nothing pending
        before = mine["version"]
        assert actor.table.to_act == seat
        sockets_[seat].send_text(json.dumps({"type": "act", "action": "check_call"}))
        after = _states(sockets_[seat], lambda m: m["version"] > before)
        # The first version after the action shows it applied and the next turn's
        # clock already running: one publication for the action and what it set off.
        assert after["version"] == before + 1, (before, after["version"])
        hand = after["state"]["hand"]
        assert hand is not None and hand["actor"] == 1 - seat and hand["deadline"] is not None


def test_each_distinct_state_is_encoded_once_and_private_parts_stay_private(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three spectators get the same bytes, encoded once per version; a player's own
    cards are in their state alone (S-rules of secrecy: a spectator and the other
    player see face-down cards as None)."""
    encoded: list[tuple[int, Any]] = []
    real = sockets.encode

    def counting(message: dict[str, Any]) -> str:
        if message.get("type") == "state":
            you = message["state"]["you"]
            encoded.append((message["version"], None if you is None else you["seat"]))
        return real(message)

    monkeypatch.setattr(sockets, "encode", counting)
    table_id = new_table(client)
    with paused(client, table_id):
        tokens = {0: join(client, table_id, "Ann", 0), 1: join(client, table_id, "Bob", 1)}
    actor = actor_of(client, table_id)
    path = f"/ws/tables/{table_id}"
    with (seat_socket(client, path, tokens[0]) as ann, seat_socket(client, path, tokens[1]) as bob,
          seat_socket(client, path, None) as s1, seat_socket(client, path, None) as s2,
          seat_socket(client, path, None) as s3):
        # Each connection's subscription is published to all: read every socket up to
        # the newest version any of them has with the hand dealt.
        wait_until(lambda: len(actor.subscribers) == 5)
        sockets_ = {"ann": ann, "bob": bob, "s1": s1, "s2": s2, "s3": s3}
        texts: dict[str, str] = {}
        for name, ws in sockets_.items():
            texts[name] = _state_text(ws, lambda m: m["state"]["hand"] is not None)
        version = max(json.loads(text)["version"] for text in texts.values())
        for name, ws in sockets_.items():
            if json.loads(texts[name])["version"] < version:
                texts[name] = _state_text(ws, lambda m: m["version"] >= version)
        assert {json.loads(text)["version"] for text in texts.values()} == {version}
    assert texts["s1"] == texts["s2"] == texts["s3"]
    # Per version, each distinct state (the spectators', each seat's) was encoded once.
    assert len(encoded) == len(set(encoded)), sorted(encoded)
    states = {name: json.loads(text)["state"] for name, text in texts.items()}
    own = {0: states["ann"]["seats"][0]["cards"], 1: states["bob"]["seats"][1]["cards"]}
    assert all(c is not None for c in own[0] + own[1])
    assert states["bob"]["seats"][0]["cards"] == [None, None]
    assert states["ann"]["seats"][1]["cards"] == [None, None]
    for seat in (0, 1):
        assert states["s1"]["seats"][seat]["cards"] == [None, None]
