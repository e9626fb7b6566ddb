"""A request happens whole or not at all (issue 10): when the database refuses a
write, the table reloads what the database holds, the caller is told (503, or a
socket error), and no chip, seat or action exists in memory that is not stored."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from tests.server.conftest import actor_of, join, new_table, paused, seat_socket, wait_until


def _fails_once(monkeypatch: pytest.MonkeyPatch, store: Any, name: str) -> list[int]:
    """``store.name`` raises a database error the first time it is called."""
    real: Callable[..., Any] = getattr(store, name)
    calls: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("INSERT ...", {}, Exception("disk I/O error"))
        return real(*args, **kwargs)

    monkeypatch.setattr(store, name, flaky)
    return calls


def _balanced(client: TestClient, table: str) -> None:
    ledger = client.get(f"/api/tables/{table}/ledger").json()
    assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger


def test_a_join_the_database_refuses_does_not_happen(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client)
    actor = actor_of(client, table)
    calls = _fails_once(monkeypatch, actor.store, "commit")
    refused = client.post(f"/api/tables/{table}/join",
                          json={"name": "Alice", "seat": 0, "buy_in": 200})
    assert calls and refused.status_code == 503, refused.text
    assert refused.json()["reason"] == "store_unavailable"
    assert actor.seats == {} and actor.table.players[0] is None
    _balanced(client, table)
    join(client, table, "Alice", 0)  # the seat is free: the refused join never happened
    assert actor.table.players[0] is not None
    _balanced(client, table)


def test_an_action_the_database_refuses_is_not_taken(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client)
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
        bob = join(client, table, "Bob", 1)
    actor = actor_of(client, table)
    wait_until(lambda: actor.table.hand is not None)
    seat = actor._actor_seat()
    assert seat is not None
    token = alice if seat == 0 else bob
    calls = _fails_once(monkeypatch, actor.store, "add_action")
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "action": "fold"}))
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert message["reason"] == "store_unavailable", message
        assert calls
        assert actor.table.hand is not None and actor._actor_seat() == seat  # not folded
        ws.send_text(json.dumps({"type": "act", "action": "fold"}))
        for _ in range(100):
            if actor.hand_number > 1 or actor.table.hand is None:
                break
            time.sleep(0.02)
    assert actor.hand_number > 1 or actor.table.hand is None
    assert not any("internal error" in line for line in actor.log)
    _balanced(client, table)
