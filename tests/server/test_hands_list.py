"""The Hands tab's server side (issue 14): the list paged from the database, the
"hands I played" filter, each row's winners, pot, the viewer's cards and result,
and the replayer's frames with the downloads' secrecy: a viewer sees their own
sitting's cards and hands tabled at the showdown (S3, S4), nothing else."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import add_bot, join, new_table, receive_until, seat_socket
from tests.server.test_sittings import _play_until


def _bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def played(client: TestClient) -> dict[str, Any]:
    """Alice plays hands 1-3 at seat 0 (folding: her cards are never shown), leaves;
    Bob takes seat 0 and plays on to hand 6 calling down (showdowns with the bot)."""
    table = new_table(client)
    alice = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    _play_until(client, table, alice, 3, fold=True)
    with seat_socket(client, f"/ws/tables/{table}", alice) as ws:
        ws.send_text(json.dumps({"type": "leave"}))
        receive_until(ws, lambda m: m["type"] == "error" and m["reason"] == "seat_lost")
    bob = join(client, table, "Bob", 0)
    _play_until(client, table, bob, 7)
    with seat_socket(client, f"/ws/tables/{table}", bob) as ws:
        ws.send_text(json.dumps({"type": "sit_out"}))
    rows = client.get(f"/api/tables/{table}/hands", headers=_bearer(alice)).json()
    alices = {h["number"] for h in rows if h["you"]}
    bobs = {h["number"] for h in client.get(f"/api/tables/{table}/hands",
                                            headers=_bearer(bob)).json() if h["you"]}
    # The hand running as Bob sits out (if any) is his too, but has no replay yet.
    finished = {h["number"] for h in rows if h["status"] == "finished"}
    return {"table": table, "alice": alice, "bob": bob, "alices": alices, "bobs": bobs,
            "finished": finished}


def _list(client: TestClient, table: str, token: str | None = None,
          **query: Any) -> list[dict[str, Any]]:
    response = client.get(f"/api/tables/{table}/hands", params=query, headers=_bearer(token))
    assert response.status_code == 200, response.text
    return list(response.json())


def test_the_list_pages_newest_first_without_gaps(client: TestClient,
                                                  played: dict[str, Any]) -> None:
    table = played["table"]
    everything = [h["number"] for h in _list(client, table, limit=100)]
    assert everything == sorted(everything, reverse=True) and len(everything) >= 6
    paged: list[int] = []
    before = None
    while True:
        page = _list(client, table, limit=2, **({"before": before} if before else {}))
        assert len(page) <= 2
        if not page:
            break
        paged += [h["number"] for h in page]
        before = page[-1]["number"]
    assert paged == everything
    for bad in ({"limit": 0}, {"limit": 101}, {"before": 0}, {"before": 2**31},
                {"limit": "x"}):
        response = client.get(f"/api/tables/{table}/hands", params=bad)
        assert response.status_code == 422, (bad, response.status_code)
        assert ("limit" if "limit" in bad else "before") in response.text


def test_hands_i_played_lists_only_my_sittings_hands(client: TestClient,
                                                     played: dict[str, Any]) -> None:
    table, alice, bob = played["table"], played["alice"], played["bob"]
    assert played["alices"] and played["bobs"] and not played["alices"] & played["bobs"]
    mine = _list(client, table, alice, mine="true")
    assert {h["number"] for h in mine} == played["alices"]
    assert all(h["you"] and h["players"][0] == "Alice" for h in mine)
    page = _list(client, table, bob, mine="true", limit=1)
    assert [h["number"] for h in page] == [max(played["bobs"])]
    older = _list(client, table, bob, mine="true", limit=100, before=page[0]["number"])
    assert {h["number"] for h in older} | {page[0]["number"]} == played["bobs"]
    refused = client.get(f"/api/tables/{table}/hands", params={"mine": "true"})
    assert refused.status_code == 401 and "token" in refused.json()["detail"]
    assert client.get(f"/api/tables/{table}/hands", params={"mine": "true"},
                      headers=_bearer("not-a-token")).status_code == 401


def test_rows_show_winners_pot_and_only_my_cards_and_result(client: TestClient,
                                                            played: dict[str, Any]) -> None:
    table, alice, bob = played["table"], played["alice"], played["bob"]
    for token, own in ((alice, played["alices"]), (bob, played["bobs"]), (None, set())):
        for h in _list(client, table, token):
            if h["status"] != "finished":
                continue
            assert h["winners"] and h["pot"] == sum(w["won"] for w in h["winners"]) + (
                h["result"]["rake"])
            if h["number"] in own:
                text = client.get(f"/api/tables/{table}/hands/{h['number']}.txt",
                                  headers=_bearer(token)).text
                dealt = re.search(r"Dealt to \w+ \[(.+?)\]", text)
                assert dealt and h["cards"] == dealt.group(1).split(), (h, text)
                phh = client.get(f"/api/tables/{table}/hands/{h['number']}.phh",
                                 headers=_bearer(token))
                # The flag comes from the list's summary (no PHH is stored with a hand).
                assert h["phh"] is True and phh.status_code == 200, (h, phh.text)
                assert h["net"] == h["result"]["stacks"]["0"] - _stack_before(client, table,
                                                                             h["number"])
            else:
                assert h["cards"] is None and h["net"] is None, (token, h)


def _stack_before(client: TestClient, table: str, number: int) -> int:
    frames = client.get(f"/api/tables/{table}/hands/{number}/replay").json()["frames"]
    seat0 = next(s for s in frames[0]["seats"] if s["seat"] == 0)
    return int(seat0["stack"] + seat0["bet"])  # before the blinds


def _replay(client: TestClient, table: str, number: int, token: str | None) -> Any:
    response = client.get(f"/api/tables/{table}/hands/{number}/replay", headers=_bearer(token))
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "private, no-store"
    return response.json()


def _cards(frame: dict[str, Any], seat: int) -> list[str | None]:
    return list(next(s for s in frame["seats"] if s["seat"] == seat)["cards"])


def test_S4_the_replayer_shows_a_viewer_only_their_own_sitting_s_cards(
        client: TestClient, played: dict[str, Any]) -> None:
    """Alice folded every hand: her replay shows her cards in every frame; Bob (now in
    her seat), a stranger, a bad token: none of them, in any frame, ever."""
    table, alice, bob = played["table"], played["alice"], played["bob"]
    for n in played["alices"] & played["finished"]:
        own = _replay(client, table, n, alice)
        assert own["you"] == 0
        assert {p["seat"]: p["name"] for p in own["players"]} == {0: "Alice", 1: "Bot 1"}
        assert all(all(_cards(f, 0)) for f in own["frames"])
        assert any(line.startswith("Dealt to you: ") for line in own["frames"][0]["lines"])
        for token in (bob, None):
            other = _replay(client, table, n, token)
            assert other["you"] is None
            assert len(other["frames"]) == len(own["frames"])
            for frame in other["frames"]:
                assert not any(_cards(frame, 0)), (n, frame)
                assert not any(c for s in frame["seats"] for c in s["cards"]), frame
                assert not any("Dealt to" in line for line in frame["lines"])
        assert client.get(f"/api/tables/{table}/hands/{n}/replay",
                          headers=_bearer("forged")).status_code == 401
        in_url = client.get(f"/api/tables/{table}/hands/{n}/replay?token={alice}").json()
        assert in_url["you"] is None, "a token in the address authorises nothing"
        assert not any(c for f in in_url["frames"] for s in f["seats"] for c in s["cards"])


def test_S3_tabled_hands_appear_in_the_replayer_only_from_the_showdown(
        client: TestClient, played: dict[str, Any]) -> None:
    table, bob = played["table"], played["bob"]
    showdowns = 0
    for n in played["bobs"] & played["finished"]:
        for token in (bob, None):
            frames = _replay(client, table, n, token)["frames"]
            shown_at = next((i for i, f in enumerate(frames)
                             if any(" shows " in line for line in f["lines"])), None)
            if shown_at is None:
                continue
            showdowns += 1
            for frame in frames[:shown_at]:
                assert not any(_cards(frame, 1)), "the bot's cards before its showdown"
                assert all(_cards(frame, 0)) == (token is not None)
            lines = [line for f in frames for line in f["lines"]]
            if "Bot 1 mucks" in lines:  # S4: a mucked hand stays hidden
                assert not any(c for f in frames for c in _cards(f, 1))
            else:
                assert any(line.startswith("Bot 1 shows ") for line in lines)
                assert all(_cards(frames[-1], 1)), "a tabled hand is public"
    assert showdowns, "no showdown among Bob's hands"
    for bad in ("0", "99999999999999999999", "999"):
        response = client.get(f"/api/tables/{table}/hands/{bad}/replay")
        assert response.status_code in (404, 422), (bad, response.status_code)


def test_stud_replay_shows_a_stranger_only_up_cards_until_the_showdown(
        client: TestClient) -> None:
    """Seven-card stud: in the replayer Alice sees her down cards; a stranger sees
    only cards dealt face up until a hand is tabled at the showdown (S3, S4)."""
    table = new_table(client, game="stud", structure="fixed_limit")
    alice = join(client, table, "Alice", 0)
    add_bot(client, table, "station")
    with seat_socket(client, f"/ws/tables/{table}", alice) as ws:
        for _ in range(3000):  # call down (bringing it in when she must) to hand 3
            message = ws.receive_json()
            if message["type"] != "state":
                continue
            state = message["state"]
            if state["hand"] and state["hand"]["number"] > 3:
                break
            legal = state["you"] and state["you"]["legal"]
            if legal:
                action = ("bring_in" if legal["bring_in"] is not None else "show"
                          if legal["show"] else "check_call")
                ws.send_text(json.dumps({"type": "act", "action": action}))
        else:
            raise AssertionError("three stud hands were not played")
    finished = [h["number"] for h in _list(client, table, alice, mine="true")
                if h["status"] == "finished"]
    assert finished
    seen_up = 0
    for n in finished:
        own = _replay(client, table, n, alice)
        stranger = _replay(client, table, n, None)
        shown: set[str] = set()
        for mine, theirs in zip(own["frames"], stranger["frames"], strict=True):
            for line in theirs["lines"]:
                if " shows " in line:  # a showdown (an up card is "dealt ... face up")
                    shown.add(line.split(" shows ")[0])
            names = {p["seat"]: p["name"] for p in stranger["players"]}
            for seat in theirs["seats"]:
                if names[seat["seat"]] in shown:
                    continue
                for card, up in zip(seat["cards"], seat["up"], strict=True):
                    assert card is None or up, (n, seat, "a down card seen by a stranger")
                    seen_up += bool(card and up)
            alice_cards = _cards(mine, 0)
            assert alice_cards and all(alice_cards), "Alice sees all her own cards"
    assert seen_up, "the stranger saw no up card at all"
