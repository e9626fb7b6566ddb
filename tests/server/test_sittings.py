"""Identity is a sitting, not a seat (issue 10): a connection acts only while its
sitting holds the seat, old hands belong to who played them, the host's key, and
requests answered during a hand stored before the answer."""

from __future__ import annotations

import json
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from pokerroom.server.app import create_app
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


def _next(ws: Any) -> dict[str, Any]:
    return dict(ws.receive_json())


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _ledger(client: TestClient, table: str) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{table}/ledger").json())


def test_a_socket_does_not_outlive_its_sitting(client: TestClient) -> None:
    """Alice's socket after she leaves: told at once (seat_lost), then a spectator's.
    Bob takes the seat: Alice's old socket never sees his cards and cannot act or
    leave for him; the ledger shows no cash-out of Bob's."""
    table = new_table(client)
    alice = join(client, table, "Alice", 0)
    with seat_socket(client, f"/ws/tables/{table}", alice) as old:
        assert _next(old)["state"]["you"]["seat"] == 0
        old.send_text(json.dumps({"type": "leave"}))
        lost = receive_until(old, lambda m: m["type"] == "error")
        assert lost["reason"] == "seat_lost", lost
        bob = join(client, table, "Bob", 0)
        add_bot(client, table, "station")
        with seat_socket(client, f"/ws/tables/{table}", bob) as new:
            mine = receive_until(new, lambda m: m["type"] == "state" and m["state"]["hand"]
                          and m["state"]["seats"][0]["cards"])
            bobs_cards = mine["state"]["seats"][0]["cards"]
            assert all(bobs_cards)
            seen = receive_until(old, lambda m: m["type"] == "state" and m["state"]["hand"])
            assert seen["state"]["you"] is None
            assert not any(seen["state"]["seats"][0]["cards"])
            for attempt in ({"type": "act", "action": "fold"}, {"type": "leave"},
                            {"type": "top_up", "amount": 10}, {"type": "sit_out"}):
                old.send_text(json.dumps(attempt))
                refused = receive_until(old, lambda m: m["type"] == "error")
                assert refused["reason"] == "spectator", refused
        actor = actor_of(client, table)
        assert actor.seats[0].name == "Bob" and not actor.seats[0].leaving
    rows = create_engine(str(client.app.state.room.store.url)).connect().execute(
        text("SELECT name, kind FROM ledger WHERE table_id = :t"), {"t": table}).all()
    assert ("Bob", "cash_out") not in [tuple(r) for r in rows]
    ledger = _ledger(client, table)
    assert ledger["balance"] == ledger["on_table"] + ledger["rake"]


def _play_until(client: TestClient, table: str, token: str, hands: int, *,
                fold: bool = False) -> None:
    """Check or call (or ``fold`` when allowed) with ``token``'s socket until ``hands``
    hands have been dealt."""
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        for _ in range(2000):
            message = _next(ws)
            if message["type"] != "state":
                continue
            state = message["state"]
            if state["hand"] and state["hand"]["number"] > hands:
                return
            if state["you"] and state["you"]["legal"]:
                legal = state["you"]["legal"]
                action = "check_call" if legal["check"] or legal["call"] is not None else "fold"
                if fold and legal["fold"]:
                    action = "fold"
                move: dict[str, Any] = {"type": "act", "action": action}
                if legal["discard"]:  # draw one: the first card
                    move = {"type": "act", "action": "discard",
                            "cards": state["seats"][state["you"]["seat"]]["cards"][0]}
                elif legal["show"]:
                    move = {"type": "act", "action": "show"}
                ws.send_text(json.dumps(move))
    raise AssertionError(f"fewer than {hands} hands were played")


def test_old_hands_belong_to_who_played_them(client: TestClient) -> None:
    """Downloads are authorised by the sitting that was in the hand: Alice's token
    shows her cards after she has gone; Bob, now in her seat, sees none of them;
    names in an old hand do not change; the token never goes in the URL."""
    table = new_table(client)
    alice = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    _play_until(client, table, alice, 2, fold=True)  # Alice's cards are never shown
    with seat_socket(client, f"/ws/tables/{table}", alice) as ws:
        ws.send_text(json.dumps({"type": "leave"}))
        receive_until(ws, lambda m: m["type"] == "error" and m["reason"] == "seat_lost")
    bob = join(client, table, "Bob", 0)
    hands = client.get(f"/api/tables/{table}/hands", headers=_bearer(alice)).json()
    first = min(h["number"] for h in hands if h["status"] == "finished")
    assert next(h for h in hands if h["number"] == first)["you"] is True
    assert next(h for h in hands if h["number"] == first)["players"][0] == "Alice"
    url = f"/api/tables/{table}/hands/{first}.txt"
    as_alice = client.get(url, headers=_bearer(alice)).text
    as_bob = client.get(url, headers=_bearer(bob)).text
    as_anyone = client.get(url).text
    assert "Dealt to Alice [" in as_alice
    assert "Dealt to" not in as_bob and "Bob" not in as_bob and "Alice" in as_bob
    assert as_anyone == as_bob
    phh_bob = client.get(f"/api/tables/{table}/hands/{first}.phh", headers=_bearer(bob)).text
    phh_alice = client.get(f"/api/tables/{table}/hands/{first}.phh",
                           headers=_bearer(alice)).text
    assert phh_bob.count("????") > phh_alice.count("????")
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.get(url, headers={"Authorization": "Basic x"}).status_code == 401
    for number in ("0", "99999999999999999999", "-1"):
        response = client.get(f"/api/tables/{table}/hands/{number}.txt")
        assert response.status_code in (404, 422), (number, response.status_code)


def test_draw_downloads_hide_every_other_seats_discards(client: TestClient) -> None:
    """Deuce-to-seven triple draw played to showdowns: another seat's discards ("sd" cards) and
    the deals of a tabled draw hand never appear; a player's own always do."""
    table = new_table(client, game="deuce_seven_triple", structure="fixed_limit")
    alice = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    _play_until(client, table, alice, 4)
    checked = 0
    for hand in client.get(f"/api/tables/{table}/hands").json():
        if hand["status"] != "finished" or not hand["phh"]:
            continue
        url = f"/api/tables/{table}/hands/{hand['number']}.phh"
        public = client.get(url).text
        mine = client.get(url, headers=_bearer(alice)).text
        bot_moves = [line for line in public.splitlines()
                     if line.strip().startswith(('"p', "'p")) and " sd " in line]
        for line in bot_moves:
            cards = line.split(" sd ")[1].strip("\"', ")
            assert not cards or set(cards.replace("?", "")) == set(), line
        checked += len(bot_moves)
        assert mine.count("????") < public.count("????")
    assert checked, "no draw was recorded"


def test_only_the_host_adds_bots_pauses_and_closes(client: TestClient) -> None:
    """The host key from creating the table: without it (or with another table's)
    adding or removing bots, pausing and closing are refused 403 and nothing
    changes; with it they happen.  Closing cashes everyone out."""
    table = new_table(client)
    other = new_table(client)
    for key in ("wrong", HOST_KEYS[other]):
        response = client.post(f"/api/tables/{table}/bots", json={"host": key})
        assert response.status_code == 403 and response.json()["reason"] == "not_host"
        for path in ("pause", "close"):
            response = client.post(f"/api/tables/{table}/{path}", json={"host": key})
            assert response.status_code == 403, path
    assert client.post(f"/api/tables/{table}/bots", json={}).status_code == 422
    actor = actor_of(client, table)
    assert not actor.seats and not actor.paused
    host = {"host": HOST_KEYS[table]}
    assert client.post(f"/api/tables/{table}/pause", json=host).json()["paused"] is True
    alice = join(client, table, "Alice", 0)
    seat = add_bot(client, table, "station")
    extra = add_bot(client, table, "station")
    response = client.post(f"/api/tables/{table}/bots/remove",
                           json={"host": HOST_KEYS[table], "seat": 0})
    assert response.status_code == 400  # Alice is no bot
    time.sleep(0.3)
    assert actor.hand_number == 0 and actor.table.hand is None  # paused: nothing dealt
    assert client.get(f"/api/tables/{table}").json()["state"]["table"]["paused"] is True
    assert client.post(f"/api/tables/{table}/bots/remove",
                       json={**host, "seat": extra}).status_code == 200
    assert extra not in actor.seats
    assert client.post(f"/api/tables/{table}/resume", json=host).json()["paused"] is False
    wait_until(lambda: actor.hand_number)
    assert actor.hand_number == 1 and seat in actor.seats
    assert client.post(f"/api/tables/{table}/close", json=host).status_code == 200
    assert not actor.seats and actor.table.chips_on_table() == 0
    assert table not in [t["id"] for t in client.get("/api/tables").json()]
    ledger = _ledger(client, table)
    assert ledger["balance"] == ledger["on_table"] == 0
    refused = client.post(f"/api/tables/{table}/join",
                          json={"name": "Carol", "seat": 1, "buy_in": 200})
    assert refused.status_code == 400 and "closed" in refused.json()["error"]
    assert alice


def test_requests_answered_during_a_hand_survive_a_restart(db_url: str) -> None:
    """A join, a top-up and a leave answered while a hand runs are in the database
    before the answer: after a restart Carol still holds her seat with her buy-in
    to come, Alice's top-up and Bob's leave are still due, and when the hand ends
    they all happen, the ledger in balance."""
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=3)
    with TestClient(app) as client:
        table = new_table(client)
        with paused(client, table):  # the first hand three-handed
            alice = join(client, table, "Alice", 0, 100)
            bob = join(client, table, "Bob", 1)
            join(client, table, "Dave", 3)  # so that Bob's fold as he leaves ends nothing
        actor = actor_of(client, table)
        wait_until(lambda: actor.table.hand is not None)
        join(client, table, "Carol", 2, 150)
        with seat_socket(client, f"/ws/tables/{table}", alice) as ws:
            _next(ws)
            ws.send_text(json.dumps({"type": "top_up", "amount": 50}))
            ws.send_text(json.dumps({"type": "ping"}))
            receive_until(ws, lambda m: m["type"] == "pong")
        with seat_socket(client, f"/ws/tables/{table}", bob) as ws:
            _next(ws)
            ws.send_text(json.dumps({"type": "leave"}))
            ws.send_text(json.dumps({"type": "ping"}))
            receive_until(ws, lambda m: m["type"] == "pong")
        stored = create_engine(db_url).connect().execute(text(
            "SELECT seat, name, buy_in, top_up, leaving FROM seats WHERE table_id = :t "
            "AND active ORDER BY seat"), {"t": table}).all()
        assert [(*r[:4], bool(r[4])) for r in stored] == [
            (0, "Alice", None, 50, False), (1, "Bob", None, 0, True),
            (2, "Carol", 150, 0, False), (3, "Dave", None, 0, False)]
    again = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=4)
    with TestClient(again) as client:
        actor = actor_of(client, table)
        assert actor.seats[2].name == "Carol" and actor.seats[2].buy_in == 150
        assert actor.seats[0].top_up == 50 and actor.seats[1].leaving
        assert actor.table.hand is not None  # the hand resumed
        resumed = actor.hand_number
        for _ in range(10):  # whoever is to act folds, until the hand is over
            if actor.hand_number != resumed or actor.table.hand is None:
                break
            seat = actor._actor_seat()
            assert seat is not None
            client.portal.call(actor.submit, lambda s=seat: actor.act(s, {"type": "fold"}))
        assert actor.table.players[1] is None and 1 not in actor.seats
        carol = actor.table.players[2]
        assert carol is not None and carol.name == "Carol"
        ledger = _ledger(client, table)
        assert ledger["balance"] == ledger["on_table"] + ledger["rake"]
        rows = create_engine(db_url).connect().execute(text(
            "SELECT name, kind, amount FROM ledger WHERE table_id = :t ORDER BY id"),
            {"t": table}).all()
        kinds = [(r[0], r[1]) for r in rows]
        assert ("Carol", "buy_in") in kinds and ("Alice", "top_up") in kinds
        assert ("Bob", "cash_out") in kinds


def test_a_room_from_before_sittings_upgrades(tmp_path: Any) -> None:
    """A database at migration 0002 (seats without sitting ids) is upgraded: the
    seated player keeps the seat, known by a sitting id, can act on it and leave."""
    from alembic import command
    from alembic.config import Config

    from pokerroom.server.tables.store import Store
    from pokerroom.table import Stakes, Table, TableOptions
    from pokerroom.table.snapshot import table_to_dict

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", "src/pokerroom/server/migrations")
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                  TableOptions(seats=6))
    table.sit(0, "Olga", 150)
    with store.engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO room_tables (id, name, created_at, settings, snapshot, closed) "
            "VALUES ('old', 'Old', 0, '{}', :snapshot, false)"),
            {"snapshot": json.dumps(table_to_dict(table))})
        connection.execute(text(
            "INSERT INTO seats (table_id, seat, name, token, is_bot, active) "
            "VALUES ('old', 0, 'Olga', 'olgas-token', false, true)"))
        connection.execute(text(
            "INSERT INTO ledger (table_id, name, seat, kind, amount, at) "
            "VALUES ('old', 'Olga', 0, 'buy_in', 150, 0)"))
    store.close()
    with TestClient(create_app(url, bot_delay=0.0, pause_between_hands=0.0, seed=5)) as client:
        actor = actor_of(client, "old")
        assert actor.seats[0].sitting and actor.seats[0].name == "Olga"
        with seat_socket(client, "/ws/tables/old", "olgas-token") as ws:
            assert _next(ws)["state"]["you"]["seat"] == 0
            ws.send_text(json.dumps({"type": "leave"}))
            receive_until(ws, lambda m: m["type"] == "error" and m["reason"] == "seat_lost")
        assert actor.table.players[0] is None
        assert _ledger(client, "old")["balance"] == 0
