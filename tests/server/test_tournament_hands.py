"""Tournaments keep and offer their hands like cash tables (issue 12), with the
same rule of secrecy (issue 10): a player's own cards only to that player's token,
hands tabled at the showdown to everyone, nothing else."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.app import create_app


@pytest.fixture
def app_client(db_url: str) -> Any:
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=11)
    with TestClient(app) as c:
        yield c


def alice_and_five_bots(c: TestClient, name: str, *, seats: int) -> tuple[str, str]:
    """A sit-and-go ``name`` started with Alice (who never connects) and five random
    bots: its id and Alice's token."""
    created = c.post("/api/tournaments", json={
        "name": name, "structure": "sit_and_go", "seats": seats, "action_seconds": 2}).json()
    tid, key = created["id"], created["director"]
    alice = c.post(f"/api/tournaments/{tid}/register", json={"name": "Alice"}).json()["token"]
    assert c.post(f"/api/tournaments/{tid}/bots",
                  json={"director": key, "count": 5, "policy": "random"}).status_code == 200
    assert c.post(f"/api/tournaments/{tid}/start", json={"director": key}).json()["ok"]
    return str(tid), str(alice)


def test_a_tournament_hand_downloads_like_a_cash_hand(app_client: TestClient) -> None:
    """Alice (who never connects, so she is soon away and folded) and five bots: the
    hands list says which she played; her token shows her cards in those, no one
    else's token or none at all shows them; numbers out of range are 404; a hand
    downloaded twice is the same."""
    c = app_client
    tid, alice = alice_and_five_bots(c, "Hands", seats=6)
    auth = {"Authorization": f"Bearer {alice}"}
    hands: list[dict[str, Any]] = []
    deadline = time.time() + 60
    while time.time() < deadline:
        hands = c.get(f"/api/tournaments/{tid}/hands", headers=auth).json()
        if sum(h["you"] for h in hands) >= 4:
            break
        time.sleep(0.2)
    played = [h for h in hands if h["you"]]
    assert len(played) >= 4, hands
    assert all("Alice" in h["players"] for h in played)
    assert all("Alice" not in h["players"] for h in hands if not h["you"])
    assert len({h["room_number"] for h in hands}) == len(hands), hands
    seen_own_cards = 0
    for h in played:
        url = f"/api/tournaments/{tid}/hands/{h['number']}.txt"
        mine = c.get(url, headers=auth)
        public = c.get(url)
        assert mine.status_code == public.status_code == 200
        assert mine.headers["cache-control"] == "private, no-store"
        if "Dealt to Alice [" in mine.text:
            seen_own_cards += 1
        assert "Dealt to" not in public.text
        header = mine.text.splitlines()[0]
        # The room's number (even: a tournament's), not the tournament's count.
        assert h["room_number"] % 2 == 0, h
        prefix = f"PokerStars Hand #{h['room_number']}: Tournament #{int(tid, 16)}, "
        assert header.startswith(prefix), header
        assert " - Level I (" in header, header
        assert c.get(url, headers=auth).text == mine.text  # byte-identical twice
        phh = c.get(f"/api/tournaments/{tid}/hands/{h['number']}.phh", headers=auth)
        assert phh.status_code in (200, 404), phh.text
    assert seen_own_cards == len(played)
    url = f"/api/tournaments/{tid}/hands/{played[0]['number']}.txt"
    assert c.get(url, headers={"Authorization": "Bearer not-a-token"}).status_code == 401
    for number in ("0", "99999999999999999999"):
        assert c.get(f"/api/tournaments/{tid}/hands/{number}.txt").status_code == 404
    assert c.get("/api/tournaments/nope/hands").status_code == 404
