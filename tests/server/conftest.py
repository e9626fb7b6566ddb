"""In-process room: the real app, a temp SQLite file, bots that act at once."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.cards import Deck
from pokerroom.server.app import create_app
from pokerroom.server.tables import actor as actor_module
from pokerroom.server.tables.actor import TableActor
from pokerroom.server.wire.sockets import token_subprotocols
from tests.table.conftest import stud_deck


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.sqlite'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=7)
    with TestClient(app) as c:
        yield c


HOST_KEYS: dict[str, str] = {}  # table id -> the host key its creation returned


def new_table(client: TestClient, **fields: Any) -> str:
    body = {"name": "Test", "seats": 6, **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    table_id = str(response.json()["id"])
    HOST_KEYS[table_id] = str(response.json()["host"])
    return table_id


def join(client: TestClient, table_id: str, name: str, seat: int, buy_in: int = 200) -> str:
    response = client.post(f"/api/tables/{table_id}/join",
                           json={"name": name, "seat": seat, "buy_in": buy_in})
    assert response.status_code == 200, response.text
    return str(response.json()["token"])


def add_bot(client: TestClient, table_id: str, policy: str = "random") -> int:
    response = client.post(f"/api/tables/{table_id}/bots",
                           json={"policy": policy, "host": HOST_KEYS[table_id]})
    assert response.status_code == 200, response.text
    return int(response.json()["seat"])


@contextmanager
def paused(client: TestClient, table_id: str) -> Iterator[None]:
    """Seat the players of a test before the first deal: the table is paused (host
    key) inside the block and resumed when it ends, so the first hand is dealt to
    everyone seated in it."""
    host = {"host": HOST_KEYS[table_id]}
    assert client.post(f"/api/tables/{table_id}/pause", json=host).status_code == 200
    yield
    assert client.post(f"/api/tables/{table_id}/resume", json=host).status_code == 200


def wait_until(condition: Callable[[], object], *, seconds: float = 30.0) -> None:
    """Poll ``condition`` until it is true; fail the test if it is not within ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not true within {seconds} s: {condition}"
        time.sleep(0.02)


def seat_socket(client: TestClient, path: str, token: str | None) -> Any:
    """A WebSocket to ``path`` offering ``token`` as the page does: as a subprotocol,
    never in the address (see :mod:`pokerroom.server.sockets`)."""
    return client.websocket_connect(path, subprotocols=token_subprotocols(token))


def receive_until(ws: Any, predicate: Callable[[dict[str, Any]], object], *,
                  limit: int = 400) -> dict[str, Any]:
    """The first message from ``ws`` for which ``predicate`` holds, reading at most
    ``limit`` messages."""
    for _ in range(limit):
        message = dict(ws.receive_json())
        if predicate(message):
            return message
    raise AssertionError(f"none of {limit} messages was the one expected")


def actor_of(client: TestClient, table_id: str) -> TableActor:
    actor: TableActor = client.app.state.room.get(table_id)
    return actor


def stack_stud_decks(monkeypatch: pytest.MonkeyPatch, actor: TableActor,
                     holes: dict[str, str]) -> None:
    """Every hand the room deals from now on gives each player named in ``holes`` those
    cards ("2c3cKd Kh": third street, then one a street; see ``stud_deck``), whatever
    their seats: the deck is made for the table's next deal when it is dealt."""

    def deck(**_: Any) -> Deck:
        table = actor.table
        names = [table.players[s].name for s in table.plan().seats]
        return stud_deck([holes[name] for name in names], table.stakes.game.key)

    monkeypatch.setattr(actor_module, "Deck", deck)
