"""Issue #10, "Bounds everywhere": every amount, count and length the room's API takes
has a documented bound, and a request past it is a 422 naming the bound, with nothing
created or changed; names are trimmed, printable and never pose as the room's bots.
(Room rules, not catalogue rules.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.wire.names import (
    MAX_PERSON_NAME,
    MAX_TITLE,
    clean_name,
    person_name,
    poses_as_bot,
)
from pokerroom.server.wire.protocol import MAX_CENTS, MAX_CHIPS, MAX_TOURNAMENT_STACK
from tests.server.conftest import HOST_KEYS, add_bot, join, new_table, seat_socket

TOO_MANY = MAX_CHIPS + 1


def _refusal(response: Any, field: str) -> str:
    """The 422's complaint about ``field`` (FastAPI's detail for the body)."""
    assert response.status_code == 422, response.text
    found = [d["msg"] for d in response.json()["detail"] if d["loc"][-1] == field]
    assert found, response.text
    return str(found[0])


def _seats(client: TestClient, table: str) -> list[dict[str, Any] | None]:
    seats: list[dict[str, Any] | None] = client.get(f"/api/tables/{table}").json()[
        "state"]["seats"]
    return seats


def _names_the_bound(message: str, bound: int) -> None:
    assert message == f"Input should be less than or equal to {bound}", message


CHIP_FIELDS = ["small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
               "min_buy_in", "max_buy_in", "kill_pot_size", "rake_cap"]


@pytest.mark.parametrize("field", CHIP_FIELDS)
@pytest.mark.parametrize("amount", [TOO_MANY, 2**63, 2**64 + 1, 1e300])
def test_create_table_refuses_chips_past_the_bound(client: TestClient, field: str,
                                                   amount: float) -> None:
    """Past 2^63 - 1 used to be accepted, then a bot's join answered 500 after half
    applying; now anything past MAX_CHIPS is a 422 naming it (1e300 too, not "exceeded
    maximum size"), and no table is made."""
    response = client.post("/api/tables", json={"name": "Big", field: amount})
    _names_the_bound(_refusal(response, field), MAX_CHIPS)
    assert client.get("/api/tables").json() == []


def test_the_bound_itself_is_playable(client: TestClient) -> None:
    """A table whose buy-in is MAX_CHIPS takes a bot buying in for all of it, and the
    ledger adds up (the store holds the amounts)."""
    table = new_table(client, max_buy_in=MAX_CHIPS, min_buy_in=MAX_CHIPS)
    add_bot(client, table, "station")
    join(client, table, "Alice", 1, buy_in=MAX_CHIPS)
    ledger = client.get(f"/api/tables/{table}/ledger").json()
    assert ledger["balance"] == ledger["on_table"] + ledger["rake"] == 2 * MAX_CHIPS


def test_joining_and_bots_refuse_a_buy_in_past_the_bound(client: TestClient) -> None:
    table = new_table(client)
    response = client.post(f"/api/tables/{table}/join",
                           json={"name": "Alice", "seat": 0, "buy_in": TOO_MANY})
    _names_the_bound(_refusal(response, "buy_in"), MAX_CHIPS)
    response = client.post(f"/api/tables/{table}/bots",
                           json={"buy_in": TOO_MANY, "host": HOST_KEYS[table]})
    _names_the_bound(_refusal(response, "buy_in"), MAX_CHIPS)
    response = client.post(f"/api/tables/{table}/join",
                           json={"name": "Alice", "seat": 10, "buy_in": 100})
    _names_the_bound(_refusal(response, "seat"), 9)
    assert _seats(client, table) == [None] * 6


def test_top_up_and_act_past_the_bound_are_bad_messages(client: TestClient) -> None:
    table = new_table(client)
    token = join(client, table, "Alice", 0)
    with seat_socket(client, f"/ws/tables/{table}", token) as ws:
        for message, field in (({"type": "top_up", "amount": TOO_MANY}, "top_up 'amount'"),
                               ({"type": "act", "action": "bet_raise", "to": 1e300},
                                "act 'to'")):
            ws.send_text(json.dumps(message))
            answer = ws.receive_json()
            while answer["type"] == "state":
                answer = ws.receive_json()
            assert answer["reason"] == "bad_message", answer
            assert f"{field}: Input should be less than or equal to {MAX_CHIPS}" in (
                answer["message"]), answer


@pytest.mark.parametrize(("field", "amount", "bound"), [
    ("starting_stack", MAX_CHIPS + 1, MAX_TOURNAMENT_STACK),
    ("starting_stack", MAX_TOURNAMENT_STACK + 1, MAX_TOURNAMENT_STACK),
    ("buy_in", MAX_CHIPS + 1, MAX_CENTS),
    ("fee", MAX_CENTS + 1, MAX_CENTS),
    ("rebuy_levels", 101, 100),
    ("late_registration_levels", 10**30, 100),
    ("level_seconds", 7201, 7200),
])
def test_create_tournament_refuses_past_the_bound(client: TestClient, field: str,
                                                  amount: int, bound: int) -> None:
    response = client.post("/api/tournaments", json={"name": "Cup", field: amount})
    _names_the_bound(_refusal(response, field), bound)
    assert client.get("/api/tournaments").json() == []


def test_tournament_bots_and_registration_are_bounded(client: TestClient) -> None:
    created = client.post("/api/tournaments", json={"name": "Cup"}).json()
    tid, key = created["id"], created["director"]
    response = client.post(f"/api/tournaments/{tid}/bots", json={"director": key, "count": 501})
    _names_the_bound(_refusal(response, "count"), 500)
    response = client.post(f"/api/tournaments/{tid}/register",
                           json={"name": "Alice", "token": "x" * 101})
    assert "at most 100 characters" in _refusal(response, "token")


# ---------------------------------------------------------------------------- names


@pytest.mark.parametrize("name", [
    "Bot 1", "bot", "BOT", "Bot", "bot7", "[bot] x", "Alice (bot)", "bot_3", "Bot-2",
    "Bοt 1",  # a Greek omicron
    "Вот 1",  # Cyrillic Ve, o, te
    "B0T", "Ｂｏｔ 2", "Böt", " bot ",
])
def test_a_person_may_not_pose_as_a_bot(client: TestClient, name: str) -> None:
    """The room names its bots "Bot 1", "Bot 2", ...: a person's name may not say
    "bot" as a word, in any case or lookalike letters, at a table or a tournament."""
    assert poses_as_bot(clean_name(name, max_length=MAX_PERSON_NAME))
    table = new_table(client)
    response = client.post(f"/api/tables/{table}/join",
                           json={"name": name, "seat": 0, "buy_in": 100})
    assert "may not say 'bot' as a word" in _refusal(response, "name")
    tid = client.post("/api/tournaments", json={"name": "Cup"}).json()["id"]
    response = client.post(f"/api/tournaments/{tid}/register", json={"name": name})
    assert "may not say 'bot' as a word" in _refusal(response, "name")


@pytest.mark.parametrize("name", ["Robot", "Botvinnik", "Abbot", "bottom", "Bots R Us",
                                  "Talbot"])
def test_words_that_only_contain_bot_are_fine(name: str) -> None:
    assert person_name(name) == name


@pytest.mark.parametrize(("raw", "kept"), [
    ("  Alice  ", "Alice"),
    ("Ann   Lee", "Ann Lee"),
    ("Ann\u00a0\u3000Lee", "Ann Lee"),  # no-break and ideographic spaces
    ("\tAnn\n", "Ann"),  # surrounding whitespace of any kind is trimmed
    ("Ａｌｉｃｅ", "Alice"),  # fullwidth letters are the same name (NFKC)
    ("Ame\u0301lie", "Amélie"),  # composed as one character
    ("李小龍", "李小龍"),
    ("♠ Ace", "♠ Ace"),
])
def test_names_are_trimmed_and_collapsed(client: TestClient, raw: str, kept: str) -> None:
    table = new_table(client, name=f" {raw}  ")
    assert client.get("/api/tables").json()[0]["name"] == kept
    join(client, table, raw, 0)
    seat = _seats(client, table)[0]
    assert seat is not None and seat["name"] == kept


@pytest.mark.parametrize(("name", "says"), [
    ("Al\u202eice", "U+202E"),  # right-to-left override
    ("Al\u200dice", "U+200D"),  # zero-width joiner
    ("Al\u200bice", "U+200B"),  # zero-width space
    ("Al\u2066ice", "U+2066"),  # left-to-right isolate
    ("Al\tice", "U+0009"),
    ("Al\x00ice", "U+0000"),
    ("Al\u2028ice", "U+2028"),  # line separator
    ("\u3164", "U+3164"),  # Hangul filler: a letter that shows nothing
    ("\u2800", "U+2800"),  # braille blank
    ("Al\ue000ice", "U+E000"),  # private use
    ("a" + "\u0301" * 4, "combining marks"),
    ("   ", "got 0 after trimming"),
    ("", "got 0 after trimming"),
    ("x" * (MAX_PERSON_NAME + 1), f"got {MAX_PERSON_NAME + 1}"),
    ("x" * 10_000, "got 10000"),
    ("\u0301", "must show a letter"),
])
def test_unprintable_or_spoofing_names_are_refused(client: TestClient, name: str,
                                                   says: str) -> None:
    table = new_table(client)
    response = client.post(f"/api/tables/{table}/join",
                           json={"name": name, "seat": 0, "buy_in": 100})
    message = _refusal(response, "name")
    assert f"a name is 1 to {MAX_PERSON_NAME} characters" in message, message
    assert says in message, message
    assert _seats(client, table)[0] is None


def test_table_and_tournament_names_are_bounded_and_printable(client: TestClient) -> None:
    for path in ("/api/tables", "/api/tournaments"):
        message = _refusal(client.post(path, json={"name": "x" * (MAX_TITLE + 1)}), "name")
        assert f"a name is 1 to {MAX_TITLE} characters" in message
        assert f"got {MAX_TITLE + 1}" in message
        assert "U+202E" in _refusal(client.post(path, json={"name": "Cup\u202e"}), "name")
        assert client.post(path, json={"name": "x" * MAX_TITLE}).status_code == 200
    # A table may be called what it likes, a bot's name too: only people may not.
    assert client.post("/api/tables", json={"name": "Bot 1"}).status_code == 200


def test_the_bounds_are_in_the_api_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    table = schema["CreateTable"]["properties"]
    assert table["max_buy_in"]["maximum"] == MAX_CHIPS
    assert table["name"]["maxLength"] == MAX_TITLE
    assert "no control or invisible characters" in table["name"]["description"]
    join_name = schema["JoinTable"]["properties"]["name"]
    assert join_name["maxLength"] == MAX_PERSON_NAME and "bot" in join_name["description"]
