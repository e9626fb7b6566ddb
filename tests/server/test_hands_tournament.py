"""A tournament's hand list pages and filters as a cash table's does, and its hands
replay with the same secrecy (issue 14)."""

from __future__ import annotations

import pickle
import time
from typing import Any

from fastapi.testclient import TestClient

from pokerroom.server.hands.exports import replay_finished
from tests.server.test_tournament_hands import (  # noqa: F401 (app_client: the fixture)
    alice_and_five_bots,
    app_client,
)


def test_tournament_hands_page_and_filter_to_mine(app_client: TestClient) -> None:  # noqa: F811
    c = app_client
    tid, alice = alice_and_five_bots(c, "Paged", seats=3)
    auth = {"Authorization": f"Bearer {alice}"}
    hands: list[dict[str, Any]] = []
    deadline = time.time() + 60
    while time.time() < deadline:
        hands = c.get(f"/api/tournaments/{tid}/hands", headers=auth).json()
        if sum(h["you"] for h in hands) >= 2 and len(hands) - sum(h["you"] for h in hands) >= 3:
            break
        time.sleep(0.2)
    # Hands keep finishing while we read: compare pages of a prefix that stays put.
    top = hands[0]["number"] + 1
    full = [h["number"] for h in c.get(f"/api/tournaments/{tid}/hands",
                                       params={"before": top}).json()]
    paged: list[int] = []
    before = top
    while True:
        page = c.get(f"/api/tournaments/{tid}/hands",
                     params={"before": before, "limit": 2}).json()
        assert len(page) <= 2
        if not page:
            break
        paged += [h["number"] for h in page]
        before = page[-1]["number"]
    assert paged == full and full == sorted(full, reverse=True)
    mine = c.get(f"/api/tournaments/{tid}/hands",
                 params={"before": top, "mine": "true"}, headers=auth).json()
    assert [h["number"] for h in mine] == [h["number"] for h in hands if h["you"]]
    assert all(h["you"] and "Alice" in h["players"] for h in mine)
    assert c.get(f"/api/tournaments/{tid}/hands", params={"mine": "true"}).status_code == 401
    for bad in ({"limit": 0}, {"limit": 101}, {"before": 0}):
        assert c.get(f"/api/tournaments/{tid}/hands", params=bad).status_code == 422, bad
    # Rows carry the winners and pot; Alice's her cards (as her download deals them)
    # and her result, nobody else's.
    for h in c.get(f"/api/tournaments/{tid}/hands", params={"before": top, "limit": 6},
                   headers=auth).json():
        assert h["winners"] and h["pot"] >= sum(w["won"] for w in h["winners"]) > 0
        if h["you"]:
            text = c.get(f"/api/tournaments/{tid}/hands/{h['number']}.txt", headers=auth).text
            assert f"Dealt to Alice [{' '.join(h['cards'])}]" in text, (h, text)
            assert isinstance(h["net"], int)
        else:
            assert h["cards"] is None and h["net"] is None
    for h in c.get(f"/api/tournaments/{tid}/hands", params={"before": top}).json():
        assert h["cards"] is None and h["net"] is None, "cards without a token"
    # The replayer: Alice's cards in every frame of her hands; a stranger's frames
    # show no face-down card until it is tabled, and end at the stacks the text does.
    for h in [h for h in hands if h["you"]][:3]:
        url = f"/api/tournaments/{tid}/hands/{h['number']}/replay"
        own = c.get(url, headers=auth).json()
        other = c.get(url).json()
        alice = own["you"]
        assert alice is not None and other["you"] is None
        assert all(all(next(s for s in f["seats"] if s["seat"] == alice)["cards"])
                   for f in own["frames"])
        assert len(own["frames"]) == len(other["frames"]) > 1
        shown = False
        for frame in other["frames"]:
            shown = shown or any(" shows " in line for line in frame["lines"])
            if not shown:
                assert not any(card for s in frame["seats"] for card in s["cards"]), frame
        assert c.get(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert c.get(f"/api/tournaments/{tid}/hands/0/replay").status_code == 404
    assert c.get(f"/api/tournaments/{tid}/hands/999999/replay").status_code == 404
    # Dealt again from the kept hand's deck order and log, it ends where it ended.
    d = c.app.state.tournaments.get(tid)  # type: ignore[attr-defined]
    for h in hands[:5]:
        row = d.store.hand(d.id, h["number"])
        kept = pickle.loads(row.hand)
        frames = replay_finished(kept, seats=[s - 1 for s in row.players["seats"]],
                                 names=row.players["names"], button=None,
                                 seat_count=row.players["max_seats"], viewer=None)["frames"]
        assert [s["stack"] for s in frames[-1]["seats"]] == list(kept.stacks), h["number"]
