"""The table's life (issue 23): open, paused, closed and idle, said by the state
(``table.life``) and the lobby (``life``, ``bots``), and enforced by the API: what the
state refuses is answered with its reason and changes nothing."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.lobby.answer import settled_life
from pokerroom.server.tables.life import TableLife
from pokerroom.table.snapshot import table_to_dict
from tests.server.conftest import (
    HOST_KEYS,
    actor_of,
    add_bot,
    join,
    new_table,
    paused,
    receive_until,
    seat_socket,
    wait_until,
)


def _life(client: TestClient, table: str) -> str:
    return str(client.get(f"/api/tables/{table}").json()["state"]["table"]["life"])


def _lobby_row(client: TestClient, table: str) -> dict[str, Any]:
    rows = client.get("/api/lobby").json()["tables"]
    return next(r for r in rows if r["id"] == table)


def _refusal(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    ws.send_text(json.dumps(message))
    return receive_until(ws, lambda m: m["type"] == "error")


HOST_TOOLS = [
    ("resume", {}), ("pause", {}), ("close", {}), ("bots", {"policy": "station"}),
    ("bots/remove", {"seat": 1}), ("kick", {"seat": 0}), ("lock", {"locked": True}),
    ("chat", {"on": False}),
]


def test_a_closed_table_refuses_every_host_tool_but_the_ledger(client: TestClient) -> None:
    """Closed: resume, pause, close, add or remove a bot, kick, lock and the chat's
    settings are refused 'table_closed' and change nothing (still closed, not locked,
    the chat on, no bot, the log as it was); a join too; the ledger is still the
    host's.  The state and the host's answer say 'closed'; the lobby lists it no more."""
    table = new_table(client)
    host = HOST_KEYS[table]
    with paused(client, table):
        join(client, table, "Alice", 0)
        add_bot(client, table, "station")
    wait_until(lambda: actor_of(client, table).hand_number >= 1)
    closed = client.post(f"/api/tables/{table}/close", json={"host": host})
    assert closed.status_code == 200 and closed.json()["life"] == "closed"
    actor = actor_of(client, table)
    wait_until(lambda: actor.table.hand is None and not actor.seats)
    assert _life(client, table) == TableLife.CLOSED
    log = list(actor.log)
    for path, body in HOST_TOOLS:
        response = client.post(f"/api/tables/{table}/{path}", json={"host": host, **body})
        assert response.status_code == 400, (path, response.text)
        assert response.json()["reason"] == "table_closed", path
        assert "closed" in response.json()["error"], path
    refused = client.post(f"/api/tables/{table}/join",
                          json={"name": "Bob", "seat": 3, "buy_in": 200})
    assert refused.status_code == 400 and refused.json()["reason"] == "table_closed"
    assert actor.closed and actor.paused and not actor.locked and actor.chat.on
    assert not actor.seats and list(actor.log) == log
    assert client.post(f"/api/tables/{table}/ledger/players",
                       json={"host": host}).status_code == 200
    assert all(r["id"] != table for r in client.get("/api/lobby").json()["tables"])


def test_a_closed_table_refuses_what_only_a_next_hand_would_use(client: TestClient) -> None:
    """Closed during a hand: Alice's turn is played for her (she is leaving), she leaves
    with her chips when it ends and her page is told; then sitting out, posting,
    sitting in, adding chips and straddling are refused 'table_closed' (not
    'spectator': the table is why) and the ledger balances."""
    table = new_table(client, action_seconds=600)
    host = HOST_KEYS[table]
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
        add_bot(client, table, "station")
    actor = actor_of(client, table)
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        wait_until(lambda: actor.table.hand is not None and actor.table.to_act == 0)
        assert client.post(f"/api/tables/{table}/close", json={"host": host}).status_code == 200
        lost = receive_until(wa, lambda m: m["type"] == "error")
        assert lost["reason"] == "seat_lost"
        assert actor.table.hand is None and not actor.seats
        for message in ({"type": "sit_out"}, {"type": "post"}, {"type": "straddle"},
                        {"type": "sit_in", "post": False}, {"type": "top_up", "amount": 10}):
            refused = _refusal(wa, message)
            assert refused["reason"] == "table_closed", (message, refused)
            assert "closed" in refused["message"]
        assert _life(client, table) == "closed"
    assert any("Alice leaves with" in line for line in actor.log)
    balance = client.get(f"/api/tables/{table}/ledger").json()
    assert balance["balance"] == balance["on_table"] == 0


def test_a_paused_table_refuses_a_straddle_and_says_it_is_paused(client: TestClient) -> None:
    """Paused (F11): a straddle is refused 'table_paused' (none recorded), while people
    may still sit down and sit out; pausing again changes nothing (no second log
    line).  Resumed, the state says 'open' and hands are dealt."""
    table = new_table(client, straddle=True)
    host = HOST_KEYS[table]
    actor = actor_of(client, table)
    assert client.post(f"/api/tables/{table}/pause", json={"host": host}).json()["life"] == "paused"
    alice = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        state = receive_until(wa, lambda m: m["type"] == "state")["state"]
        assert state["table"]["life"] == "paused" and state["table"]["paused"] is True
        before = table_to_dict(actor.table)
        refused = _refusal(wa, {"type": "straddle"})
        assert refused["reason"] == "table_paused" and "paused" in refused["message"]
        assert table_to_dict(actor.table) == before
        lines = len(actor.log)
        again = client.post(f"/api/tables/{table}/pause", json={"host": host})
        assert again.status_code == 200 and again.json()["life"] == "paused"
        assert len(actor.log) == lines
        assert _lobby_row(client, table)["life"] == "paused"
        bob = join(client, table, "Bob", 3)  # a break is when people sit down
        assert bob and 3 in actor.seats
        # Nothing is dealt while paused, and the straddle waits for play to resume.
        assert actor.table.hand is None and actor.hand_number == 0
        assert client.post(f"/api/tables/{table}/pause", json={"host": host}).status_code == 200
        assert client.post(f"/api/tables/{table}/resume",
                           json={"host": host}).json()["life"] == "open"
        wait_until(lambda: actor.hand_number >= 1)


def test_a_table_whose_people_are_away_and_offline_stops_dealing_and_the_lobby_says_so(
        client: TestClient) -> None:
    """Alice with three bots sits out and closes her page: once she has been gone for
    the table's idle time the bots stop being dealt (a log line says why), the state
    and the lobby say 'idle' (4/6, 3 bots), and a spectator opening the table does not
    deal again; Alice opening her page does.

    She is dealt into hand 1 and her page stays open until her clock has run out
    twice there (T13: the rest of the hand is folded for her): a connected
    player's time bank would hold such a turn for 30 s, so the table has none
    (whether her page was still open when her clock ran out used to depend on the
    machine's load)."""
    table = new_table(client, action_seconds=0.05)  # her turn in a hand passes fast
    actor = actor_of(client, table)
    actor.settings = dataclasses.replace(actor.settings, idle_seconds=0.3)
    actor.bank.full = 0.0  # and no time bank follows it
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
        for _ in range(3):
            add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        wait_until(lambda: actor.table.hand is not None)  # she is dealt in
        wa.send_text(json.dumps({"type": "sit_out"}))
        receive_until(wa, lambda m: m["type"] == "state"
                      and m["state"]["you"]["status"] == "sitting_out")
        assert _life(client, table) == "open"  # her page is open: she is here
        wait_until(lambda: actor.seats[0].timeouts >= 2)  # both turns timed out, page open
    idle = "No player is here: the bots wait for a player to come back"
    wait_until(lambda: actor.table.hand is None and idle in actor.log)
    stopped = actor.hand_number
    assert _life(client, table) == "idle"
    row = _lobby_row(client, table)
    assert (row["life"], row["players"], row["bots"], row["seats"]) == ("idle", 4, 3, 6)
    with seat_socket(client, f"/ws/tables/{table}", None) as ws:
        state = receive_until(ws, lambda m: m["type"] == "state")["state"]
        assert state["table"]["life"] == "idle"
        assert _life(client, table) == "idle"  # asked after the watcher came in
        assert actor.hand_number == stopped and actor.table.hand is None
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        receive_until(wa, lambda m: m["type"] == "state")
        wait_until(lambda: actor.hand_number >= stopped + 2)
        assert _lobby_row(client, table)["life"] == "open"


def test_an_idle_table_deals_again_when_its_person_sits_in(client: TestClient) -> None:
    """A person away who sits in again (without a page of theirs being needed
    afterwards) brings the bots back: the table is open and deals.  (Her turns time
    out at once, and never sit her out here: T13's sit_out_after is 100; the table
    has no time bank, which would hold a turn of hers for 30 s while her page is
    open: it stays open until her clock has run out once after she sat in.)"""
    table = new_table(client, action_seconds=0.05, sit_out_after=100)
    actor = actor_of(client, table)
    actor.settings = dataclasses.replace(actor.settings, idle_seconds=0.0)
    actor.bank.full = 0.0
    with paused(client, table):
        alice = join(client, table, "Alice", 0)
        add_bot(client, table, "station")
        add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        wa.send_text(json.dumps({"type": "sit_out"}))
        receive_until(wa, lambda m: m["type"] == "state"
                      and m["state"]["you"]["status"] == "sitting_out")
    wait_until(lambda: _life(client, table) == "idle")
    stopped = actor.hand_number
    with seat_socket(client, f"/ws/tables/{table}", alice) as wa:
        timeouts = actor.seats[0].timeouts
        wa.send_text(json.dumps({"type": "sit_in", "post": True}))
        receive_until(wa, lambda m: m["type"] == "state"
                      and m["state"]["you"]["status"] != "sitting_out")
        wait_until(lambda: actor.seats[0].timeouts > timeouts)  # her clock ran out, page open
    wait_until(lambda: actor.hand_number >= stopped + 2)  # she plays: no page needed


@pytest.mark.parametrize(("row", "life"), [
    ({"life": "open", "paused": True}, "paused"),  # paused during a hand: stored at once
    ({"life": "paused", "paused": False}, "open"),  # resumed during a hand
    ({"life": "idle", "paused": False}, "idle"),
    ({"life": "idle", "paused": True}, "paused"),
    ({"paused": False}, "open"),  # a row stored before rows had a life
])
def test_a_stored_lobby_row_says_the_life_its_paused_column_agrees_with(
        row: dict[str, Any], life: str) -> None:
    assert settled_life(row)["life"] == life
    assert settled_life(row)["bots"] == row.get("bots", 0)
