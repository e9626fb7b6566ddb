"""Live events over HTTP (issue 16): the host key, bad input as 4xx with a clear error
and nothing changed, the clock driven by the room's clock, the audit log and its
export, and an event that comes back after a restart with the right time left."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.app import create_app


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def live(db_url: str, clock: FakeClock) -> Iterator[TestClient]:
    app = create_app(db_url, clock=clock, bot_delay=0.0, pause_between_hands=0.0, seed=7)
    with TestClient(app) as c:
        yield c


def create(c: TestClient, players: int = 20, **fields: Any) -> tuple[str, str]:
    body = {"name": "Friday live", "structure": "turbo", "buy_in": 5000,
            "late_registration_levels": 0, **fields}
    r = c.post("/api/live", json=body)
    assert r.status_code == 200, r.text
    eid, host = r.json()["id"], r.json()["host"]
    for i in range(players):
        act(c, eid, host, "register", name=f"Player {i + 1}")
    return eid, host


def act(c: TestClient, eid: str, host: str, action: str, **body: Any) -> dict[str, Any]:
    r = c.post(f"/api/live/{eid}/{action}", json={"host": host, **body})
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def state(c: TestClient, eid: str) -> dict[str, Any]:
    r = c.get(f"/api/live/{eid}")
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def steady(s: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k != "server_time"}


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_live_event_by_http_with_the_host_key(live: TestClient, clock: FakeClock) -> None:
    """P1, P7: the draw, a reported bust, the floor's instructions, the player's page."""
    eid, host = create(live)
    r = live.post(f"/api/live/{eid}/start", json={"host": "wrong"})
    assert r.status_code == 403 and "host key" in r.json()["error"]
    assert state(live, eid)["status"] == "registering"
    started = act(live, eid, host, "start")
    assert sum("table" in t for t in started["instructions"]) == 20
    s = state(live, eid)
    assert [len(t["players"]) for t in s["tables"]] == [7, 7, 6]
    assert s["clock"]["level"] == 1 and s["clock"]["time_left"] == 600
    clock.advance(125)
    assert state(live, eid)["clock"]["time_left"] == 475
    table = s["tables"][0]
    victim = table["players"][0]
    out = act(live, eid, host, "bust", busts=[{"table": table["table"],
                                               "seat": victim["seat"]}])
    assert out["instructions"][0] == f"{victim['name']} is out in 20th place"
    cards = live.get(f"/api/live/{eid}/cards", headers=_bearer(host)).json()
    link = next(c["link"] for c in cards if c["entry"] == s["tables"][1]["players"][0]["entry"])
    me = live.get(link.replace("/live/", "/api/live/", 1)).json()
    assert me["me"]["table"] == s["tables"][1]["table"] and me["me"]["alive"]
    assert live.get(link).status_code == 200  # the page itself
    # no public address set: the link on the address the request came to, as a QR code;
    # the card's link is the short one (issue 25), which sends on to the page
    assert all(c["url"] == f"http://testserver{c['short']}" for c in cards)
    assert all(c["short"] == "/p/" + c["link"].rsplit("/", 1)[1] for c in cards)
    r = live.get(cards[0]["short"].lower(), follow_redirects=False)  # typed in any case
    assert r.status_code == 303 and r.headers["location"] == ".." + cards[0]["link"]
    assert live.get(cards[0]["short"]).status_code == 200  # followed: the page
    assert all(c["qr"].startswith("<svg") and "<script" not in c["qr"] for c in cards)
    assert live.get(f"/api/live/{eid}/cards", headers=_bearer("x")).status_code == 403


def test_live_bad_requests_are_4xx_with_a_clear_error_and_change_nothing(
        live: TestClient) -> None:
    """A bust from an empty seat, the same bust twice, malformed bodies: 4xx, never a
    500, and the event as it was."""
    eid, host = create(live, players=20)
    act(live, eid, host, "start")
    s = state(live, eid)
    table = s["tables"][0]
    seat = table["players"][0]["seat"]
    act(live, eid, host, "bust", busts=[{"table": table["table"], "seat": seat}])
    before = steady(state(live, eid))
    bad: list[tuple[str, Any, int, str]] = [
        ("bust", {"busts": [{"table": table["table"], "seat": seat}]}, 400,
         "busted from it already"),
        ("bust", {"busts": [{"table": 7, "seat": 0}]}, 400, "no table 7"),
        ("bust", {"busts": [{"table": 1, "seat": 12}]}, 400, "seats 1-"),
        ("bust", {"busts": [{"table": 1, "seat": -1}]}, 422, "greater than or equal to 0"),
        ("bust", {"busts": []}, 422, "at least 1"),
        ("bust", {"busts": [{"table": "one", "seat": 0}]}, 422, "valid integer"),
        ("bust", {"table": 1}, 422, "busts: Field required"),
        ("move", {"entry": 999, "table": 1, "seat": 0}, 400, "no entry 999"),
        ("add_time", {"seconds": "lots"}, 422, "seconds"),
        ("deal", {"amounts": {"1": 10}}, 400, "every player still in"),
        ("resume", {}, 400, "running already"),
        ("race", {"table": 1, "odd": {}}, 400, "coloured up"),
        ("register", {"name": ""}, 422, "name"),
    ]
    for action, body, code, text in bad:
        r = live.post(f"/api/live/{eid}/{action}", json={"host": host, **body})
        assert r.status_code == code, (action, body, r.text)
        assert text in r.json()["error"], (action, r.json())
    assert live.post(f"/api/live/{eid}/fly", json={"host": host}).status_code == 404
    r = live.post(f"/api/live/{eid}/pause", content=b"not json",
                  headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON object" in r.json()["detail"]
    assert live.post(f"/api/live/{eid}/pause", json=[1, 2]).status_code == 422
    assert live.get("/api/live/nope").status_code == 404
    assert live.get(f"/api/live/{eid}/p/nope").status_code == 404
    assert steady(state(live, eid)) == before


def test_live_audit_log_is_kept_and_exported(live: TestClient, clock: FakeClock) -> None:
    """Every director action, in order, with what it told the floor; JSON and CSV."""
    eid, host = create(live, players=4)
    act(live, eid, host, "start")
    clock.advance(30)
    act(live, eid, host, "pause")
    act(live, eid, host, "add_time", seconds=-60)
    log = live.get(f"/api/live/{eid}/log", headers=_bearer(host)).json()
    assert [r["action"] for r in log] == ["register"] * 4 + ["start", "pause", "add_time"]
    assert [r["seq"] for r in log] == list(range(1, 8))
    assert log[0]["args"] == {"name": "Player 1"} and log[6]["args"] == {"seconds": -60}
    assert any("Player 1: table 1" in o for o in log[4]["outcome"])
    r = live.get(f"/api/live/{eid}/log.csv", headers=_bearer(host))
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0] == ["seq", "at", "action", "args", "outcome"] and len(rows) == 8
    assert live.get(f"/api/live/{eid}/log", headers=_bearer("no")).status_code == 403
    # The key goes in a header: in the address (which logs keep) it opens nothing.
    assert live.get(f"/api/live/{eid}/log", params={"host": host}).status_code == 403
    assert live.get(f"/api/live/{eid}/log.csv").status_code == 403
    assert live.get(f"/api/live/{eid}/cards", headers={"Authorization": host}).status_code == 401
    assert live.get(f"/api/live/{eid}/log").status_code == 403


def test_live_event_comes_back_after_a_restart_with_its_clock(db_url: str) -> None:
    """A new app on the same database: the seats, the feed and the clock, which ran
    on while the server was down (paused: exactly where it stood)."""
    clock = FakeClock()
    app = create_app(db_url, clock=clock, seed=7)
    with TestClient(app) as c:
        eid, host = create(c, players=12)
        act(c, eid, host, "start")
        clock.advance(100)
        paused_id, paused_host = create(c, players=3)
        act(c, paused_id, paused_host, "start")
        clock.advance(50)
        act(c, paused_id, paused_host, "pause")
        before = steady(state(c, eid))
        before_paused = steady(state(c, paused_id))
    clock.advance(200)  # the server is down
    with TestClient(create_app(db_url, clock=clock, seed=7)) as c:
        after = steady(state(c, eid))
        assert after["clock"]["time_left"] == before["clock"]["time_left"] - 200 == 250
        assert after["tables"] == before["tables"] and after["feed"] == before["feed"]
        assert steady(state(c, paused_id)) == before_paused
        act(c, eid, host, "pause")  # the key still works


def test_live_junk_bodies_never_make_a_500(live: TestClient) -> None:
    """Every action with wrong types, missing or extra fields, out-of-range numbers:
    a 4xx each time, and the event as it was."""
    import random

    from pokerroom.server.live.routes import ACTIONS

    eid, host = create(live, players=12)
    act(live, eid, host, "start")
    before = steady(state(live, eid))
    rng = random.Random(16)
    values: list[Any] = [None, -1, 0, 1, 3, 99, 10**30, "x", "", [], {}, [1], {"1": 5},
                         {"-4": 10}, True, 1.5, [{"table": 1, "seat": 99}]]
    fields = ["name", "entry", "table", "seat", "busts", "seconds", "level", "small_blind",
              "big_blind", "ante", "on", "odd", "chips", "amounts", "keep_for_winner", "x"]
    for action in sorted(ACTIONS):
        if action in ("start", "pause", "resume", "register", "add_time", "edit_level",
                      "hand_for_hand", "deal_suggestion", "button"):
            continue  # these may rightly succeed on some bodies; checked elsewhere
        for _ in range(25):
            body = {f: rng.choice(values) for f in rng.sample(fields, rng.randint(0, 4))}
            r = live.post(f"/api/live/{eid}/{action}", json={"host": host, **body})
            assert 400 <= r.status_code < 500, (action, body, r.status_code, r.text)
            assert r.json().get("error") or r.json().get("detail"), r.text
    assert steady(state(live, eid)) == before


def test_live_action_not_stored_is_undone(live: TestClient,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The database refuses the write: a 503, and the event as it was before."""
    from sqlalchemy.exc import OperationalError

    eid, host = create(live, players=12)
    act(live, eid, host, "start")
    before = steady(state(live, eid))
    store = live.app.state.live.store  # type: ignore[attr-defined]

    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise OperationalError("UPDATE ...", {}, Exception("disk I/O error"))

    monkeypatch.setattr(store, "record", broken)
    table = before["tables"][0]
    r = live.post(f"/api/live/{eid}/bust", json={"host": host, "busts": [
        {"table": table["table"], "seat": table["players"][0]["seat"]}]})
    assert r.status_code == 503 and "nothing was changed" in r.json()["error"]
    assert steady(state(live, eid)) == before
    monkeypatch.undo()
    act(live, eid, host, "bust", busts=[{"table": table["table"],
                                         "seat": table["players"][0]["seat"]}])
    assert state(live, eid)["players_left"] == 11


def test_live_event_that_cannot_be_read_back_leaves_the_room_open(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A stored run that no longer unpickles is named on standard error and left in the
    database; the room starts and the other events come back."""
    from sqlalchemy import create_engine, text

    clock = FakeClock()
    with TestClient(create_app(db_url, clock=clock, seed=7)) as c:
        good, _ = create(c, players=3)
        bad, _ = create(c, players=3)
    engine = create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(text("update live_events set run = :junk where id = :id"),
                           {"junk": b"not a pickle", "id": bad})
    engine.dispose()
    with TestClient(create_app(db_url, clock=clock, seed=7)) as c:
        assert state(c, good)["players_left"] == 3
        assert c.get(f"/api/live/{bad}").status_code == 404
        notes = c.app.state.restored  # type: ignore[attr-defined]
        assert any(f"live event {bad}: could not be restored" in n for n in notes)
    assert f"live event {bad}: could not be restored" in capsys.readouterr().err
    with create_engine(db_url).connect() as connection:
        kept: bytes = connection.execute(text("select run from live_events where id = :id"),
                                  {"id": bad}).scalar_one()
    assert kept == b"not a pickle"


def _bust_to_one_table(c: TestClient, eid: str, host: str) -> dict[str, Any]:
    """Report busts (in hand-for-hand, one at each waiting table) until one table is left."""
    s = state(c, eid)
    while len(s["tables"]) > 1:
        waiting = s["hand_for_hand"]["waiting"]
        table = next(t for t in s["tables"] if not waiting or t["table"] == waiting[0])
        act(c, eid, host, "bust", busts=[{"table": table["table"],
                                          "seat": table["players"][0]["seat"]}])
        s = state(c, eid)
    return s


def test_P4_live_route_clock_shows_the_big_blind_ante_the_same_at_the_final_table(
        live: TestClient) -> None:
    """P4: the turbo's big-blind ante (from level 3) on the clock, said as the big
    blind's; the floor's feed says who posts it; at the final table, down to three, the
    clock shows the same ante (not reduced)."""
    eid, host = create(live, players=20)
    act(live, eid, host, "start")
    s = state(live, eid)
    assert (s["clock"]["ante"], s["clock"]["ante_by"]) == (0, None)
    act(live, eid, host, "add_time", seconds=-600)
    out = act(live, eid, host, "add_time", seconds=-600)
    assert out["instructions"] == ["Level 3: 75/150, ante 150 (big blind). The big blind "
                                   "posts the whole table's ante of 150 (ante first when "
                                   "short: P4)"]
    clock = state(live, eid)["clock"]
    assert (clock["level"], clock["stakes"], clock["ante"], clock["ante_by"]) == (
        3, "75/150, ante 150 (big blind)", 150, "big blind")
    s = _bust_to_one_table(live, eid, host)
    final = [f["text"] for f in s["feed"] if f["kind"] == "final_table"]
    assert len(final) == 1 and "the ante stays 150, posted by the big blind" in final[0]
    table = s["tables"][0]
    while len(table["players"]) > 3:
        act(live, eid, host, "bust", busts=[{"table": table["table"],
                                             "seat": table["players"][0]["seat"]}])
        table = state(live, eid)["tables"][0]
    clock = state(live, eid)["clock"]
    assert (clock["level"], clock["stakes"], clock["ante"], clock["ante_by"]) == (
        3, "75/150, ante 150 (big blind)", 150, "big blind")


def test_P8_live_route_absent_players_are_drawn_counted_and_blinded_out(
        live: TestClient) -> None:
    """P8: two players marked absent before the draw get seats, count in the players
    left and the average stack, show as absent, and one is busted (blinded off) like
    anyone; marking twice is a 400 that changes nothing; the log keeps each mark."""
    eid, host = create(live, players=20)
    act(live, eid, host, "absent", entry=3, absent=True)
    act(live, eid, host, "absent", entry=9, absent=True)
    act(live, eid, host, "start")
    s = state(live, eid)
    away = {p["entry"]: p for p in s["players"] if p["absent"]}
    assert sorted(away) == [3, 9] and all(p["table"] is not None for p in away.values())
    assert s["players_left"] == 20 and s["average_stack"] == 10_000
    r = live.post(f"/api/live/{eid}/absent", json={"host": host, "entry": 9, "absent": True})
    assert r.status_code == 400 and "marked absent already" in r.json()["error"]
    me = away[3]
    out = act(live, eid, host, "bust", busts=[{"table": me["table"], "seat": me["seat"]}])
    assert out["instructions"][0] == f"{me['name']} is out in 20th place"
    s = state(live, eid)
    assert s["players_left"] == 19 and s["average_stack"] == 200_000 // 19
    assert [p["entry"] for p in s["players"] if p["absent"]] == [9]
    here = act(live, eid, host, "absent", entry=9, absent=False)
    assert here["instructions"][0].endswith("is here: deal to them as usual")
    log = live.get(f"/api/live/{eid}/log", headers=_bearer(host)).json()
    assert [r["args"] for r in log if r["action"] == "absent"] == [
        {"entry": 3, "absent": True}, {"entry": 9, "absent": True},
        {"entry": 9, "absent": False}]


def test_P3_live_route_structure_insert_and_remove_ahead_of_the_level_in_play(
        live: TestClient, clock: FakeClock) -> None:
    """P3: the director inserts a level and a break and removes a level after the one in
    play; the structure sheet and the clock follow; the level in progress and bad
    levels are a 400 that changes nothing; each edit is in the audit log."""
    eid, host = create(live, players=12)
    act(live, eid, host, "start")
    clock.advance(100)
    act(live, eid, host, "insert_level", position=1, seconds=900, small_blind=50,
        big_blind=75)
    act(live, eid, host, "insert_break", position=2, seconds=300)
    rows = state(live, eid)["structure"]
    assert rows[1] == {"level": 2, "seconds": 900, "game": rows[0]["game"],
                       "stakes": "50/75"}
    assert rows[2] == {"break": True, "seconds": 300, "color_up": []}
    assert rows[3]["level"] == 3 and rows[3]["stakes"] == "50/100"
    act(live, eid, host, "remove_period", position=3)
    s = state(live, eid)
    assert s["structure"][3]["stakes"] == "75/150, ante 150 (big blind)"
    assert s["clock"]["next_stakes"] == "50/75" and s["clock"]["time_left"] == 500
    before = steady(s)
    bad: list[tuple[str, dict[str, Any], int, str]] = [
        ("remove_period", {"position": 0}, 400, "cannot remove level 1, which is in progress"),
        ("insert_level", {"position": 0, "seconds": 600, "small_blind": 25, "big_blind": 50},
         400, "cannot insert before level 1"),
        ("insert_level", {"position": 1, "seconds": 600, "small_blind": 30, "big_blind": 60},
         400, "not a multiple of the smallest chip"),
        ("insert_break", {"position": 1, "seconds": 30}, 400, "at least 60 seconds"),
        ("remove_period", {"position": 500}, 400, "no position 500"),
        ("insert_level", {"position": 1, "seconds": 600}, 422, "small_blind: Field required"),
    ]
    for action, body, code, text in bad:
        r = live.post(f"/api/live/{eid}/{action}", json={"host": host, **body})
        assert r.status_code == code, (action, body, r.text)
        assert text in r.json()["error"], (action, r.json())
    assert steady(state(live, eid)) == before
    log = live.get(f"/api/live/{eid}/log", headers=_bearer(host)).json()
    assert [r["action"] for r in log][-3:] == ["insert_level", "insert_break",
                                              "remove_period"]
    assert log[-1]["args"] == {"position": 3}


def test_a_deal_from_counts_that_do_not_add_up_is_refused_saying_by_how_much(
        live: TestClient) -> None:
    """Issue 25: the ICM and chip-chop splits are worked out only from counts that add
    up to the chips in play; counts off by any chip are refused with the difference,
    and nothing is recorded."""
    eid, host = create(live, players=3)
    act(live, eid, host, "start")
    s = state(live, eid)
    entries = [p["entry"] for p in s["players"] if p["alive"]]
    in_play = s["chips_in_play"]
    short = {str(e): in_play // 3 - 1 for e in entries}  # a few chips short of the total
    missing = in_play - sum(short.values())
    r = live.post(f"/api/live/{eid}/deal_suggestion", json={"host": host, "chips": short})
    assert r.status_code == 400, r.text
    assert f"({missing:,} missing)" in r.json()["error"], r.json()
    over = {**short, str(entries[0]): short[str(entries[0])] + missing + 900_000}
    r = live.post(f"/api/live/{eid}/deal_suggestion", json={"host": host, "chips": over})
    assert r.status_code == 400 and "(900,000 too many)" in r.json()["error"], r.json()
    log = live.get(f"/api/live/{eid}/log", headers=_bearer(host)).json()
    assert "deal_suggestion" not in [row["action"] for row in log]
    exact = {**short, str(entries[0]): short[str(entries[0])] + missing}
    r = live.post(f"/api/live/{eid}/deal_suggestion", json={"host": host, "chips": exact})
    assert r.status_code == 200, r.text


def _bust_first(c: TestClient, eid: str, host: str) -> None:
    """Report a bust of the first player listed at the first table."""
    table = state(c, eid)["tables"][0]
    seat = table["players"][0]["seat"]
    act(c, eid, host, "bust", busts=[{"table": table["table"], "seat": seat}])


def test_P6_P10_live_results_sheet_as_json_csv_and_a_printable_page(live: TestClient) -> None:
    """The results sheet: the finishes so far while the event runs, every entry once
    the winner is known, the prizes adding up to the pool; the CSV says the same in
    decimal units; the page that prints it is served; an unknown event is a 404."""
    eid, host = create(live, players=6, fee=300)
    empty = live.get(f"/api/live/{eid}/results").json()
    assert (empty["results"], empty["finished"], empty["status"]) == ([], False, "registering")
    act(live, eid, host, "start")
    _bust_first(live, eid, host)
    _bust_first(live, eid, host)
    so_far = live.get(f"/api/live/{eid}/results").json()
    assert [r["place"] for r in so_far["results"]] == [5, 6] and not so_far["finished"]
    while not state(live, eid)["finished"]:
        _bust_first(live, eid, host)
    sheet = live.get(f"/api/live/{eid}/results").json()
    rows = sheet["results"]
    assert sheet["finished"] and [r["place"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert sum(r["prize"] for r in rows) == sheet["prize_pool"] == 6 * 5000
    assert all(r["paid_in"] == 5300 and r["net"] == r["prize"] - 5300 for r in rows)
    assert rows[0]["name"] == next(p["name"] for p in state(live, eid)["players"] if p["alive"])

    r = live.get(f"/api/live/{eid}/results.csv")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    read = list(csv.DictReader(io.StringIO(r.text)))
    assert [(int(x["place"]), x["name"], x["prize"]) for x in read] == [
        (row["place"], row["name"], f"{row['prize'] // 100}.{row['prize'] % 100:02d}")
        for row in rows]
    page = live.get(f"/live/{eid}/results")
    assert page.status_code == 200 and "live_results.js" in page.text
    assert live.get("/api/live/nosuchevent/results").status_code == 404
    assert live.get("/api/live/nosuchevent/results.csv").status_code == 404


def test_P7_live_route_hands_played_move_the_button_and_undo_puts_it_back(
        live: TestClient) -> None:
    """``hands``: a table played hands, its button moves on and the seat due the big
    blind with it; the floor's list says so; bad counts are a 400 saying what is
    allowed and change nothing; an undo puts the button back."""
    eid, host = create(live, players=9)
    act(live, eid, host, "start")
    (table,) = state(live, eid)["tables"]
    seats = sorted(p["seat"] for p in table["players"])
    button, due = table["button"], table["due_big_blind"]
    out = act(live, eid, host, "hands", table=table["table"], hands=2)
    assert any(i.startswith(f"Table {table['table']}: 2 hands played")
               for i in out["instructions"])
    after = state(live, eid)["tables"][0]
    assert after["button"] == seats[(seats.index(button) + 2) % len(seats)]
    assert after["due_big_blind"] == seats[(seats.index(due) + 2) % len(seats)]
    for bad in (0, 101):
        r = live.post(f"/api/live/{eid}/hands", json={"host": host, "table": table["table"],
                                                      "hands": bad})
        assert r.status_code == 400 and "hands played are 1-100" in r.json()["error"], r.text
    assert state(live, eid)["tables"][0]["button"] == after["button"]
    live.post(f"/api/live/{eid}/undo", json={"host": host})
    assert state(live, eid)["tables"][0]["button"] == button


def test_the_names_of_earlier_events_are_offered_at_registration(
        live: TestClient, clock: FakeClock) -> None:
    """``GET /api/live/players``: every name entered in the room's live events, the
    newest event's first, each once whatever its case (a league's regulars)."""
    first, host1 = create(live, players=0)
    for name in ("Ann", "bob"):
        act(live, first, host1, "register", name=name)
    clock.advance(60)
    second, host2 = create(live, players=0)
    for name in ("Bob", "Cy"):
        act(live, second, host2, "register", name=name)
    assert live.get("/api/live/players").json() == ["Bob", "Cy", "Ann"]


def test_a_league_table_over_a_season_by_a_formula(live: TestClient,
                                                   clock: FakeClock) -> None:
    """``GET /api/live/league``: the points of every finish of the events named, by a
    standard formula or the director's own, added up per player; the CSV says the
    same; a bad formula or season is a 400 saying what is allowed, an unknown event a
    404."""
    season = []
    for _week in range(2):
        eid, host = create(live, players=4, fee=0)
        act(live, eid, host, "start")
        while not state(live, eid)["finished"]:
            _bust_first(live, eid, host)
        season.append(eid)
        clock.advance(7 * 86_400)
    ids = ",".join(season)
    table = live.get(f"/api/live/league?events={ids}&formula=linear").json()
    standings = table["standings"]
    assert sum(s["points"] for s in standings) == 2 * (4 + 3 + 2 + 1)
    assert sum(s["events"] for s in standings) == 8 and table["formula"] == "entries - place + 1"
    assert [s["points"] for s in standings] == sorted((s["points"] for s in standings),
                                                      reverse=True)
    own = live.get(f"/api/live/league?events={ids}&formula=100 * (place == 1)")
    assert own.status_code == 400 and "it uses" in own.json()["error"]
    mine = live.get(f"/api/live/league?events={ids}&formula=max(0, 3 - place)").json()
    assert sum(s["points"] for s in mine["standings"]) == 2 * (2 + 1)
    r = live.get(f"/api/live/league.csv?events={ids}&formula=money")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    read = list(csv.DictReader(io.StringIO(r.text)))
    assert [x["rank"] for x in read] == [str(i + 1) for i in range(len(read))]
    assert sum(float(x["points"]) for x in read) == 2 * 4 * 50  # every dollar paid out
    assert live.get("/api/live/league?events=&formula=linear").status_code == 400
    assert live.get(f"/api/live/league?events={season[0]},{season[0]}").status_code == 400
    assert live.get("/api/live/league?events=nosuch").status_code == 404
    assert live.get("/live/league").status_code == 200


def test_a_re_entry_is_a_new_entry_of_its_own_in_late_registration(live: TestClient) -> None:
    """``reentries``: a player out during late registration enters again as a new entry
    (its own label, seat and buy-in in the pool), as often as allowed, then refused."""
    eid, host = create(live, players=0, late_registration_levels=2, reentries=1)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        act(live, eid, host, "register", name=name)
    act(live, eid, host, "start")
    table, seat = next((t["table"], p["seat"]) for t in state(live, eid)["tables"]
                       for p in t["players"] if p["name"] == "Ann")
    act(live, eid, host, "bust", busts=[{"table": table, "seat": seat}])
    again = act(live, eid, host, "register", name="Ann")
    assert again["instructions"][0].startswith("Ann (2): table ")
    s = state(live, eid)
    assert (s["entries"], s["prize_pool"]) == (5, 5 * 5000)
    assert [p["name"] for p in s["players"] if p["alive"]][-1] == "Ann (2)"
    table, seat = next((t["table"], p["seat"]) for t in s["tables"] for p in t["players"]
                       if p["name"] == "Ann (2)")
    act(live, eid, host, "bust", busts=[{"table": table, "seat": seat}])
    refused = live.post(f"/api/live/{eid}/register", json={"host": host, "name": "Ann"})
    assert refused.status_code == 400 and "re-entries allowed: 1" in refused.json()["error"]
    assert state(live, eid)["entries"] == 5


def test_a_start_time_is_announced_and_checked(live: TestClient, clock: FakeClock) -> None:
    """``starts_at``: the time the clock counts down to before the start (the director
    still starts it); one in the past or over 30 days ahead is refused, nothing made."""
    now = clock.now()
    eid, _ = create(live, players=0, starts_at=now + 3600)
    assert state(live, eid)["starts_at"] == now + 3600
    before = len(live.get("/api/live").json())
    for bad in (now - 1, now + 31 * 86_400):
        r = live.post("/api/live", json={"name": "Bad start", "structure": "turbo",
                                         "starts_at": bad})
        assert r.status_code == 400 and "starts_at must be a time to come" in r.json()["error"]
    assert len(live.get("/api/live").json()) == before


def test_a_players_short_link_reads_as_typed_and_from_any_worker(
        live: TestClient, db_url: str, clock: FakeClock) -> None:
    """Issue 25: a seat card's short link, ``/p/{code}``: ten characters of Crockford's
    base 32, read in any case and with O for 0; a code no player has is a 404 that says
    what a code is; a room that does not hold the event (another worker) finds it in
    the database; an expired event's codes are gone with it."""
    import asyncio

    from sqlalchemy import create_engine

    from pokerroom.server.live.links import ALPHABET, CODE_LENGTH
    from pokerroom.server.live.room import LiveRoom
    from pokerroom.server.live.store import LiveStore

    eid, host = create(live, players=3)
    token = act(live, eid, host, "register", name="Zoe")["token"]
    assert len(token) == CODE_LENGTH and set(token) <= set(ALPHABET)
    typed = token.lower().replace("0", "o")
    r = live.get(f"/p/{typed[:5]}-{typed[5:]}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"../live/{eid}/p/{token}"
    me = live.get(f"/api/live/{eid}/p/{token}").json()
    assert me["me"]["name"] == "Zoe"
    for wrong in ("U" * CODE_LENGTH, "K7QP", "0" * CODE_LENGTH, "x" * 500):
        r = live.get(f"/p/{wrong}", follow_redirects=False)
        assert r.status_code == 404 and "seat card" in r.json()["detail"], (wrong, r.text)

    elsewhere = LiveRoom(clock, store=LiveStore(create_engine(db_url)))
    assert elsewhere.runs == {}  # holds no event: the database answers
    assert asyncio.run(elsewhere.event_of_link(token)) == eid
    assert asyncio.run(elsewhere.event_of_link("0" * CODE_LENGTH)) is None
    assert elsewhere.expire(eid) is False  # not held here
    elsewhere.restore(eid)
    assert elsewhere.expire(eid)  # never started: gone, and its codes with it
    assert asyncio.run(elsewhere.event_of_link(token)) is None


def test_migration_0011_adds_the_short_links_and_takes_them_back(db_url: str) -> None:
    """Migration 0011 (issue 25): ``live_links`` is made on the upgrade and dropped on
    the downgrade, the live events kept.  (On PostgreSQL every test that starts a room
    on it upgrades through it.)"""
    import sqlalchemy as sa

    from pokerroom.server.tables.store import Store
    from tests.server.migrating import columns, migrate_to

    store = Store(db_url)
    store.migrate()
    assert columns(store, "live_links") == {"code", "event_id"}
    migrate_to(store, "0010", down=True)
    assert "live_links" not in sa.inspect(store.engine).get_table_names()
    assert "live_events" in sa.inspect(store.engine).get_table_names()
    migrate_to(store, "head")
    assert columns(store, "live_links") == {"code", "event_id"}
    store.close()
