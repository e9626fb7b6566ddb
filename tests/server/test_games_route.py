"""``GET /api/games``: the game facts the pages read instead of keeping copies, built
from ``rules/variants.py``; each fact is checked against what the room then does."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.rules.config import Structure
from pokerroom.rules.variants import VARIANTS
from pokerroom.server.games import MAX_AGE


def _games(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/games")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_every_variant_is_listed_in_the_rules_order(client: TestClient) -> None:
    games = _games(client)["games"]
    assert [g["key"] for g in games] == list(VARIANTS)
    for g in games:
        v = VARIANTS[g["key"]]
        assert g["name"] == v.name
        assert g["short"] and g["short"] != v.key, g  # every game has its short label
        assert [s["name"] for s in g["streets"]] == [s.name for s in v.streets]
        assert g["structures"] == [s.value for s in Structure]


def test_the_facts_a_page_draws_from(client: TestClient) -> None:
    """Board, up cards, draws, bring-in and hi-lo of a few games, as the felt needs
    them (no board slots in stud and draw games, no SB tag in stud)."""
    games = {g["key"]: g for g in _games(client)["games"]}
    holdem, stud, razz, triple, o8 = (games[k] for k in (
        "holdem", "stud", "razz", "deuce_seven_triple", "omaha_hilo"))
    assert (holdem["board"], holdem["up_cards"], holdem["draws"], holdem["stud"]) == (
        True, False, 0, False)
    assert (stud["board"], stud["up_cards"], stud["stud"], stud["forced"]) == (
        False, True, True, "bring_in")
    assert (triple["board"], triple["draws"], triple["family"]) == (False, 3, "draw")
    assert o8["hi_lo"] and not holdem["hi_lo"] and razz["low"] == "a5_low"
    assert games["short_deck"]["deck"] == 36 and holdem["deck"] == 52
    assert [g["family"] for g in games.values()].count("omaha") == 5
    assert {g["default_structure"] for g in games.values() if g["family"] == "omaha"} == {
        "pot_limit"}
    structures = _games(client)["structures"]
    assert [(s["key"], s["short"]) for s in structures] == [
        ("no_limit", "NL"), ("pot_limit", "PL"), ("fixed_limit", "FL"),
        ("spread_limit", "Spread")]


@pytest.mark.parametrize("key", ["stud", "stud_hilo", "holdem"])
def test_max_seats_is_what_the_room_accepts(client: TestClient, key: str) -> None:
    """A table of ``max_seats`` is made; one seat more is refused with a clear 400."""
    game = {g["key"]: g for g in _games(client)["games"]}[key]
    most = game["max_seats"]
    body = {"name": "Seats", "game": key, "structure": game["default_structure"]}
    assert client.post("/api/tables", json={**body, "seats": most}).status_code == 200
    refused = client.post("/api/tables", json={**body, "seats": most + 1})
    assert refused.status_code in (400, 422), refused.text
    assert str(most) in refused.text


@pytest.mark.parametrize("option,body", [
    ("open_pair_double", {"open_pair_double": True, "structure": "fixed_limit"}),
    ("run_it_twice", {"run_it_twice": True}),
    ("kill", {"kill": "two_pots"}),
])
def test_house_options_are_what_the_room_accepts(client: TestClient, option: str,
                                                 body: dict[str, Any]) -> None:
    """B15, running it twice and the kill (F12): a game the answer allows the option
    makes a table with it, a game it does not is refused (400, nothing made)."""
    games = _games(client)["games"]
    allowed = [g for g in games if g["house_options"][option]]
    refused = [g for g in games if not g["house_options"][option]]
    assert allowed and refused, option
    for g in (allowed[0], refused[0], allowed[-1], refused[-1]):
        sent = {"name": "House", "game": g["key"], "structure": g["default_structure"],
                "seats": 6, **body}
        answer = client.post("/api/tables", json=sent)
        assert answer.status_code == (200 if g["house_options"][option] else 400), (
            g["key"], option, answer.text)


def test_cached_with_an_etag(client: TestClient) -> None:
    """It never changes while the server runs: kept MAX_AGE seconds, then revalidated
    with its ETag (a 304 with no body)."""
    first = client.get("/api/games")
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == f"public, max-age={MAX_AGE}"
    again = client.get("/api/games", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    other = client.get("/api/games", headers={"if-none-match": '"something-else"'})
    assert other.status_code == 200 and other.json() == first.json()
    assert "script-src 'self'" in first.headers["content-security-policy"]
