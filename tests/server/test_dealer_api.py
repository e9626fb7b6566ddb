"""The dealer's tablet's API (issue 26) on a real app and database: a game made, the
dealer's taps applied in order and each exactly once (a queue sent again after the
connection dropped changes nothing), refusals that change nothing, the players'
view without a card, the host key, an undo, and a restart that resumes the hand."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.app import create_app

_ids = itertools.count(1)


def app(db_url: str) -> Any:
    return create_app(db_url, clock=FakeClock(), bot_delay=0.0, pause_between_hands=0.0,
                      seed=3)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(app(db_url)) as c:
        yield c


def tap(kind: str, **fields: Any) -> dict[str, Any]:
    return {"id": f"t{next(_ids)}", "kind": kind, **fields}


def new_game(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "Friday game", "small_blind": 1, "big_blind": 2, "seats": 9,
            "min_buy_in": 40, "max_buy_in": 400, **fields}
    answer = client.post("/api/dealer", json=body)
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


def send(client: TestClient, game: dict[str, Any], *taps: dict[str, Any],
         ok: bool = True) -> dict[str, Any]:
    answer = client.post(f"/api/dealer/{game['id']}/taps",
                         json={"host": game["host"], "taps": list(taps)})
    assert answer.status_code == 200, answer.text
    out: dict[str, Any] = answer.json()
    if ok:
        assert all(a["ok"] for a in out["answers"]), out["answers"]
    return out


def dealer(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    answer = client.get(f"/api/dealer/{game['id']}",
                        headers={"authorization": f"Bearer {game['host']}"})
    assert answer.status_code == 200, answer.text
    state: dict[str, Any] = answer.json()
    return state


def seated(client: TestClient, *stacks: int) -> dict[str, Any]:
    game = new_game(client)
    send(client, game, *(tap("seat", seat=s, name=f"Player {s + 1}", chips=c)
                         for s, c in enumerate(stacks)), tap("button", seat=len(stacks) - 1))
    return game


def test_a_queue_of_taps_sent_twice_after_a_drop_is_applied_once(client: TestClient) -> None:
    """The tablet lost the answer (the Wi-Fi dropped mid-hand) and sends its whole
    queue again, twice: every tap is answered as the first time, marked ``again``,
    and the game is where one sending left it."""
    game = seated(client, 200, 200, 200)
    send(client, game, tap("start"), tap("deal"))
    version = dealer(client, game)["version"]
    queue = [tap("act", seat=2, action="raise", to=6, base=version),
             tap("act", seat=0, action="call", base=version + 1),
             tap("act", seat=1, action="fold", base=version + 2)]
    first = send(client, game, *queue)
    after = dealer(client, game)
    for _ in range(2):
        again = send(client, game, *queue)
        assert [a["again"] for a in again["answers"]] == [True] * 3
        assert [{k: v for k, v in a.items() if k != "again"} for a in again["answers"]] \
            == first["answers"]
        assert dealer(client, game) == after
    assert after["version"] == version + 3
    assert after["step"]["kind"] == "board" and after["pot"] == 14


def test_B13_a_refused_tap_changes_nothing_and_later_taps_made_on_it_are_stale(
        client: TestClient) -> None:
    game = seated(client, 200, 200, 200)
    send(client, game, tap("start"), tap("deal"))
    before = dealer(client, game)
    v = before["version"]
    out = send(client, game, tap("act", seat=0, action="call", base=v),  # not seat 1's turn
               tap("act", seat=1, action="fold", base=v + 1), ok=False)
    first, second = out["answers"]
    assert not first["ok"] and first["reason"] == "not_your_turn" and "seat 2" in first["error"]
    assert not second["ok"] and second["reason"] == "stale_tap"
    assert out["state"] == before  # nothing changed
    # A malformed tap is refused as itself; the taps after it made on the version
    # it would have made are stale; one sent again later is answered the same
    bad = send(client, game, {"id": "x1", "kind": "act", "seat": 0, "action": "shove"},
               tap("act", seat=2, action="fold", base=v + 1), ok=False)
    assert [a["reason"] for a in bad["answers"]] == ["bad_request", "stale_tap"]
    assert "action" in bad["answers"][0]["error"] and bad["answers"][0]["id"] == "x1"
    assert bad["state"] == before
    too_many = client.post(f"/api/dealer/{game['id']}/taps", json={
        "host": game["host"], "taps": [tap("start") for _ in range(101)]})
    assert too_many.status_code == 422


def test_the_host_key_is_needed_and_the_players_view_shows_no_card(
        client: TestClient) -> None:
    game = seated(client, 200, 200)
    wrong = client.post(f"/api/dealer/{game['id']}/taps",
                        json={"host": "not-the-key", "taps": [tap("start")]})
    assert wrong.status_code == 403 and wrong.json()["reason"] == "not_host"
    assert client.get(f"/api/dealer/{game['id']}").status_code == 403
    assert client.get("/api/dealer/nosuchgame/view").status_code == 404
    send(client, game, tap("start"), tap("deal"), tap("act", seat=1, action="call"),
         tap("act", seat=0, action="check"), tap("board", cards="Ah Kd 7c"))
    assert dealer(client, game)["board"] == ["Ah", "Kd", "7c"]
    view = client.get(f"/api/dealer/{game['id']}/view").json()
    text = repr(view)
    assert "Ah" not in text and "Kd" not in text and "board" not in view and "log" not in view
    assert view["pot"] == 4 and view["step"]["seat"] == 0
    link = client.get(f"/api/dealer/{game['id']}/link").json()
    assert link["url"].endswith(f"/d/{game['view_code']}") and link["qr"].startswith("<svg")
    assert [s["stack"] for s in view["seats"][:2]] == [198, 198]
    # the short link goes to the view
    moved = client.get(f"/d/{game['view_code'].lower()}", follow_redirects=False)
    assert moved.status_code == 303 and moved.headers["location"].endswith(
        f"/dealer/{game['id']}/view")


def test_an_undo_takes_the_last_tap_back_exactly(client: TestClient) -> None:
    game = seated(client, 200, 200, 200)
    send(client, game, tap("start"), tap("deal"))
    before = dealer(client, game)
    send(client, game, tap("act", seat=2, action="raise", to=50))
    send(client, game, tap("undo"))
    after = dealer(client, game)
    assert {k: v for k, v in after.items() if k not in ("version", "log")} \
        == {k: v for k, v in before.items() if k not in ("version", "log")}
    assert after["version"] == before["version"] + 2 and "Undone: act" in after["log"][-1]


def test_a_restart_resumes_the_hand_and_remembers_the_taps(db_url: str) -> None:
    with TestClient(app(db_url)) as client:
        game = seated(client, 100, 100, 100)
        queue = [tap("start"), tap("deal"), tap("act", seat=2, action="call")]
        send(client, game, *queue)
        before = dealer(client, game)
    with TestClient(app(db_url)) as client:
        assert dealer(client, game) == before
        again = send(client, game, *queue)  # answered from the database
        assert all(a["again"] for a in again["answers"])
        assert dealer(client, game) == before


def test_S1_T14_a_session_settles_up(client: TestClient) -> None:
    game = seated(client, 100, 60, 100)
    send(client, game, tap("start"), tap("deal"), tap("act", seat=2, action="all_in"),
         tap("act", seat=0, action="call"), tap("act", seat=1, action="call"),
         tap("board", cards="Ah Kd 7c"), tap("board", cards="4s"), tap("board", cards="2h"))
    state = dealer(client, game)
    assert state["step"]["kind"] == "showdown" and state["button"] == 2
    assert state["step"]["pots"] == [{"amount": 180, "seats": [0, 1, 2]},
                                     {"amount": 80, "seats": [0, 2]}]
    send(client, game, tap("award", winners=[[1], [2]]))
    state = dealer(client, game)  # the next deal's button, as the dealer is told it:
    assert state["button"] == 1 and "The button is at seat 2" in state["step"]["text"]
    view = client.get(f"/api/dealer/{game['id']}/view").json()
    assert view["result"].startswith("The hand is over.") and "Then" not in view["result"]
    send(client, game, tap("top_up", seat=0, chips=100), tap("leave", seat=2))
    money = client.get(f"/api/dealer/{game['id']}/settle",
                       headers={"authorization": f"Bearer {game['host']}"}).json()
    nets = {p["name"]: p["net"] for p in money["players"]}
    assert nets == {"Player 1": -100, "Player 2": 120, "Player 3": -20}
    assert money["in_play"] == 0
    assert {(t["payer"], t["payee"], t["amount"]) for t in money["transfers"]} == {
        ("Player 1", "Player 2", 100), ("Player 3", "Player 2", 20)}
    refused = send(client, game, tap("top_up", seat=0, chips=10_000), ok=False)
    assert refused["answers"][0]["reason"] == "buy_in_out_of_range"


def test_I1_I7_B14_irregularity_taps_give_the_ruling_with_its_rule_id(
        client: TestClient) -> None:
    game = seated(client, 100, 100, 100)
    send(client, game, tap("start"))
    out = send(client, game, tap("ruling", ruling="exposed_card", early=True))
    assert "(I1)" in out["answers"][0]["said"] and not out["state"]["in_hand"]
    assert out["state"]["rulings"][0]["rule"] == "I1"
    send(client, game, tap("start"), tap("deal"))
    out = send(client, game, tap("ruling", ruling="chips", seat=2, chips=[25]))
    assert "B14" in out["answers"][0]["said"] and out["state"]["step"]["seat"] == 0
    out = send(client, game, tap("ruling", ruling="wrong_count", seat=1, holding=3))
    said = out["answers"][0]["said"]  # one action (a call): not substantial (TDA 36)
    assert "(I7, TDA 35)" in said and "misdeal" in said and not out["state"]["in_hand"]
    send(client, game, tap("start"), tap("deal"), tap("act", seat=2, action="raise", to=6),
         tap("act", seat=0, action="call"))
    out = send(client, game, tap("ruling", ruling="wrong_count", seat=1, holding=3))
    assert "(I7, TDA 36)" in out["answers"][0]["said"] and out["state"]["in_hand"]
    assert [s["folded"] for s in out["state"]["seats"][:3]] == [False, True, False]
    refused = send(client, game, tap("ruling", ruling="wrong_count", seat=0), ok=False)
    assert refused["answers"][0]["reason"] == "no_wrong_count"


def test_each_hand_is_kept_as_phh_with_the_cards_entered(client: TestClient) -> None:
    """A hand the dealer judged from the tabled cards and one whose pot was tapped: each
    is stored as PHH with the log's lines (the tapped one with its recorded outcome),
    and the whole session downloads as one .phhs file that reads back."""
    from pokerroom.history import loads

    game = seated(client, 100, 100)
    play = [tap("start"), tap("deal"), tap("act", seat=1, action="call"),
            tap("act", seat=0, action="check")]
    for cards in ("Ah Kd 7c", "4s", "2h"):
        play += [tap("board", cards=cards), tap("act", seat=0, action="check"),
                 tap("act", seat=1, action="check")]
    send(client, game, *play, tap("show", seat=0, cards="As Ac"),
         tap("show", seat=1, cards="Qs Jc"))
    play = [tap("start"), tap("deal"), tap("act", seat=0, action="call"),
            tap("act", seat=1, action="check")]
    for cards in ("2c 3d 9h", "Ts", "Jd"):
        play += [tap("board", cards=cards), tap("act", seat=1, action="check"),
                 tap("act", seat=0, action="check")]
    send(client, game, *play, tap("award", winners=[[1]]))
    key = {"authorization": f"Bearer {game['host']}"}
    assert client.get(f"/api/dealer/{game['id']}/hands").status_code == 403
    hands = client.get(f"/api/dealer/{game['id']}/hands", headers=key).json()
    assert [h["number"] for h in hands] == [1, 2]
    assert "p1 sm AsAc" in hands[0]["phh"] and "finishing_stacks = [102, 98]" in hands[0]["phh"]
    assert "winnings" in hands[1]["phh"] and " sm " not in hands[1]["phh"]
    assert hands[0]["lines"][0].startswith("Hand 1:") and "to seat 1" in hands[0]["lines"][-1]
    download = client.get(f"/api/dealer/{game['id']}/hands.phhs", headers=key)
    assert download.headers["content-disposition"].endswith('.phhs"')
    read = loads(download.text)
    assert [h.finishing_stacks for h in read] == [(102, 98), (100, 100)]
    # PHH lists the players in the hand's order: hand 2's button (seat 1) is the
    # small blind, so seat 2 (the winner) is p1
    assert "seats = [2, 1]" in hands[1]["phh"] and read[1].winnings == (4, 0)


def test_I4_the_house_procedures_and_button_method_are_the_games(client: TestClient) -> None:
    """The game's house rules come with it: the TDA 2024 procedures (a premature turn is
    reshuffled at once, I4) and the dead button (T5, no missed blinds)."""
    game = new_game(client, irregularity_procedures="tda2024", button_method="no_missed_blinds")
    send(client, game, *(tap("seat", seat=s, name=f"P{s + 1}", chips=100) for s in range(3)),
         tap("button", seat=2), tap("start"), tap("deal"),
         tap("act", seat=2, action="call"), tap("act", seat=0, action="call"),
         tap("act", seat=1, action="check"), tap("board", cards="Ah Kd 7c"))
    out = send(client, game, tap("ruling", ruling="premature_card"))
    assert "(I4, TDA RP-5-B)" in out["answers"][0]["said"]
    assert "reshuffle" in out["answers"][0]["said"]
    bad = client.post("/api/dealer", json={"name": "x", "irregularity_procedures": "mine"})
    assert bad.status_code == 422 and "irregularity_procedures" in bad.text
