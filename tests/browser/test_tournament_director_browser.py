"""The director's floor tools on the tournament page, and the moved player's notice
(issue 24, item 8), at 1366x768 and at 390 px.

A real room (seeded) runs a nine-player event at two tables of six: Alice, a person,
and eight bots.  The director's page (the key in its browser, as creating the event
from the lobby leaves it) opens the Director tab: pauses the clock, starts the next
level, takes a minute off, and is told clearly when the room refuses a minute added
back; gives a bot a penalty and, after a second click, disqualifies another; asks
for a deal suggestion; and moves Alice to the other table, whose page then says
"You are moving to table N, seat S" until she sits there.  A HORSE event's clock
bar names the game and shows the whole level (limits, ante and bring-in) at 390 px.
Screenshots land in ``tests/browser/artifacts/`` (``tournament-director-*.png``).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser.support import (
    PHONE,
    new_page,
    post_json,
    record_shown,
    room_server,
    shot,
    shown,
    until,
)

LAPTOP = {"width": 1366, "height": 768}

server_url = room_server("tournament-director", bot_delay=0.05, pause_between_hands=0.5)

STATE = "window.pokerroom && window.pokerroom.state"


def _keep(page: Any, key: str, value: Any) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"pokerroom.{key}", value])


def _state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.pokerroom.state")
    return state


def _sizes(page: Any) -> dict[int, list[str]]:
    seated: dict[int, list[str]] = {}
    for p in _state(page)["tournament"]["players"]:
        if p["alive"] and p["table"] is not None:
            seated.setdefault(p["table"], []).append(p["name"])
    return seated


def _said(page: Any, before: str) -> str:
    """The floor tools' answer line once it says something new."""
    text: str = until("the floor tools answer", lambda: (
        t if (t := page.locator("#dt-said").inner_text()) and t != before else None))
    return text


def _move_via_tools(page: Any, who: str, table: int) -> str:
    """Move ``who`` to ``table`` with the tools, trying its seats in turn (a taken seat
    is refused, naming the empty ones)."""
    page.locator("#dt-player").select_option(who)
    page.locator("#dt-table").select_option(str(table))
    said = page.locator("#dt-said").inner_text()
    for seat in range(1, 7):
        page.locator("#dt-seat").fill(str(seat))
        page.locator("#dt-move").click()
        said = _said(page, said)
        if "is taken" in said:
            page.evaluate("document.getElementById('dt-said').textContent = ''")
            said = ""
            continue
        assert f"to table {table}, seat {seat}" in said, said
        return said
    pytest.fail(f"no seat of table {table} took {who}")


@pytest.mark.parametrize(("viewport", "label"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_the_director_runs_the_floor_from_the_page(server_url: str, browser: Any,
                                                   viewport: dict[str, int],
                                                   label: str) -> None:
    made = post_json(server_url, "/api/tournaments", {
        "name": f"Floor {label}", "structure": "turbo", "seats": 6, "level_seconds": 600,
        "action_seconds": 3})
    tid, key = made["id"], made["director"]
    alice = post_json(server_url, f"/api/tournaments/{tid}/register", {"name": "Alice"})
    post_json(server_url, f"/api/tournaments/{tid}/bots",
              {"director": key, "count": 8, "policy": "station"})
    post_json(server_url, f"/api/tournaments/{tid}/start", {"director": key})
    errors: list[str] = []
    director = new_page(browser, viewport, errors)
    player = new_page(browser, viewport, errors)
    try:
        director.goto(f"{server_url}/tournaments/{tid}")
        _keep(director, f"tournament.director.{tid}", key)
        director.reload()
        player.goto(f"{server_url}/tournaments/{tid}")
        _keep(player, f"tournament.{tid}", {"token": alice["token"], "name": "Alice"})
        player.reload()
        director.wait_for_function(
            f"{STATE} && window.pokerroom.state.tournament.tables.length === 2")
        player.wait_for_function(f"{STATE} && window.pokerroom.state.you"
                                 " && window.pokerroom.state.you.table")
        assert player.locator("#tab-btn-director").is_hidden()  # no key, no tab
        director.locator("#tab-btn-director").click()
        assert director.locator("#dt-player").is_visible()

        # The clock: paused, the next level now, a minute off; a minute back refused.
        director.locator("#dt-pause").click()
        director.wait_for_function("window.pokerroom.state.tournament.clock.paused")
        said = _said(director, "")
        director.locator("#dt-next").click()
        director.wait_for_function("window.pokerroom.state.tournament.clock.level === 2")
        said = _said(director, said)
        assert "next level" in said
        director.locator("#dt-minus").click()
        director.wait_for_function("window.pokerroom.state.tournament.clock.time_left === 540")
        said = _said(director, said)
        director.locator("#dt-plus").click()
        said = _said(director, said)
        director.wait_for_function("window.pokerroom.state.tournament.clock.time_left === 600")
        director.locator("#dt-plus").click()
        said = _said(director, said)
        assert "no more can be added back" in said
        assert director.locator("#dt-said.bad").is_visible()
        assert _state(director)["tournament"]["clock"]["time_left"] == 600

        # Alice to the other table (first a bot the other way if hers is the smaller).
        tables = _sizes(director)
        mine = next(n for n, names in tables.items() if "Alice" in names)
        other = next(n for n in tables if n != mine)
        if len(tables[mine]) <= len(tables[other]):
            bot = next(name for name in tables[other] if name != "Alice")
            _move_via_tools(director, bot, mine)
            director.wait_for_function(
                "([bot, t]) => window.pokerroom.state.tournament.players.some("
                "(p) => p.name === bot && p.table === t)", arg=[bot, mine])
        # (Recorded in the page: the notice stays until her second hand there is dealt,
        # which under load can come and go between two polls.)
        record_shown(player, "#move-notice")
        said = _move_via_tools(director, "Alice", other)
        text = until("Alice's page says where she is moving", lambda: next(
            (t for t in shown(player, "#move-notice") if f"table {other}, seat" in t), None))
        shot(player, f"tournament-director-{label}-moved-player")
        assert text.startswith(("You are moving to table", "You moved to table")), text
        player.wait_for_function(f"window.pokerroom.state.you.table === {other}"
                                 " && !window.pokerroom.state.you.moving_to")
        assert f"table {other}" in player.locator("#move-notice").inner_text() or \
            player.locator("#move-notice").is_hidden()

        # A penalty; then a disqualification, only on the second click.
        bots = [p["name"] for p in _state(director)["tournament"]["players"]
                if p["alive"] and p["bot"]]
        director.locator("#dt-player").select_option(bots[0])
        director.locator("#dt-rounds").select_option("2")
        director.locator("#dt-penalize").click()
        said = _said(director, said)
        assert f"{bots[0]} sits out 2 rounds" in said
        # The same bot (it sits out its penalty: no hand of its can bust it meanwhile).
        director.locator("#dt-disqualify").click()
        asked = director.locator("#dt-disqualify").inner_text()
        assert asked.startswith("Disqualify ") and asked.endswith(": sure?"), asked
        victim = asked[len("Disqualify "):-len(": sure?")]
        assert victim == bots[0], asked
        assert not any(line.startswith(f"{victim} is disqualified")
                       for line in _state(director)["tournament"]["floor_log"])
        director.locator("#dt-disqualify").click()
        said = _said(director, said)
        assert said == f"{victim} is disqualified.", said
        director.wait_for_function(
            "(name) => window.pokerroom.state.tournament.floor_log.some("
            "(l) => l.startsWith(name + ' is disqualified'))", arg=victim)

        # A deal suggestion: the players' ICM shares, or why there is none now.
        director.locator("#dt-deal").click()
        until("a deal suggestion or a refusal", lambda: (
            director.locator("#dt-deal-box table.deal").count()
            or director.locator("#dt-said.bad").count()))
        if director.locator("#dt-deal-box table.deal").count():
            rows = director.locator("#dt-deal-box table.deal tbody tr").count()
            assert rows == len([p for p in _state(director)["tournament"]["players"]
                                if p["alive"]])
        else:
            assert "deal" in director.locator("#dt-said").inner_text()
        wide = director.evaluate("document.documentElement.scrollWidth")
        assert wide <= viewport["width"], wide  # the tabs never widen the page
        shot(director, f"tournament-director-{label}-tools", full=label == "phone")
    finally:
        director.context.close()
        player.context.close()
    # The refusals the test asks for (a taken seat, a minute too many) are 400s.
    assert [e for e in errors if "status of 400" not in e] == []


def test_a_mixed_clock_bar_names_the_game_and_shows_the_whole_level(
        server_url: str, browser: Any) -> None:
    made = post_json(server_url, "/api/tournaments", {
        "name": "HORSE clock", "structure": "horse", "level_seconds": 600})
    tid, key = made["id"], made["director"]
    post_json(server_url, f"/api/tournaments/{tid}/bots", {"director": key, "count": 4})
    post_json(server_url, f"/api/tournaments/{tid}/start", {"director": key})
    for _ in range(3):  # hold'em, Omaha eight, razz, stud: to level 4
        post_json(server_url, f"/api/tournaments/{tid}/clock",
                  {"director": key, "next_level": True})
    errors: list[str] = []
    for viewport, label in ((PHONE, "phone"), (LAPTOP, "laptop")):
        page = new_page(browser, viewport, errors)
        try:
            page.goto(f"{server_url}/tournaments/{tid}")
            page.wait_for_function(
                f"{STATE} && window.pokerroom.state.tournament.clock.level === 4")
            level = page.locator("#clock-level")
            game = _state(page)["tournament"]["clock"]["game"]
            # The label's text, upper-cased by the style: "LEVEL 4 · SEVEN-CARD STUD".
            assert level.locator(".k").inner_text().lower() == f"level 4 · {game}".lower()
            value = level.locator(".v")
            assert "bring-in" in value.inner_text()
            fits = value.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"
                                  " && el.getBoundingClientRect().right <= window.innerWidth")
            assert fits, value.inner_text()
            shot(page, f"tournament-director-{label}-mixed-clock")
        finally:
            page.context.close()
    assert errors == []


def test_P10_the_results_page_counts_the_money(server_url: str, browser: Any) -> None:
    """A finished event with a fee, rebuys, an add-on and the host's payouts: the
    results page's summary gives the buy-ins, rebuys, add-ons and the fees the house
    kept, and each finisher's rebuys, add-on and money paid in."""
    made = post_json(server_url, "/api/tournaments", {
        "name": "Money cup", "structure": "sit_and_go", "level_seconds": 3,
        "buy_in": 20_00, "fee": 5_00, "rebuys": True, "rebuy_levels": 2, "rebuy_limit": 2,
        "add_on": True, "payouts": "custom", "payout_percentages": [70, 30],
        "payout_unit": 5_00, "action_seconds": 3})
    tid, key = made["id"], made["director"]
    post_json(server_url, f"/api/tournaments/{tid}/bots",
              {"director": key, "count": 6, "policy": "loose"})
    post_json(server_url, f"/api/tournaments/{tid}/start", {"director": key})
    results = until("the event's end", lambda: (
        r if (r := _get(server_url, f"/api/tournaments/{tid}/results"))["finished"] else None),
        seconds=240)
    money = results["money"]
    errors: list[str] = []
    for viewport, label in ((LAPTOP, "laptop"), (PHONE, "phone")):
        page = new_page(browser, viewport, errors)
        try:
            page.goto(f"{server_url}/tournaments/{tid}/results")
            page.wait_for_function(f"{STATE} && document.body.dataset.view === 'results'")
            summary = page.locator("#summary").inner_text()
            assert "6 × $20 = $120" in summary
            assert "Fees (the house)" in summary and "6 × $5 = $30" in summary
            assert f"{money['rebuys']} × $20" in summary
            assert "custom: 70% / 30%, in $5" in summary
            rows = page.locator("#results-table tbody tr")
            assert rows.count() == 6
            for r in results["results"]:
                row = page.locator(f'#results-table tbody tr[data-place="{r["place"]}"]')
                assert f"paid ${r['paid_in'] // 100}" in row.first.inner_text()
            shot(page, f"tournament-director-{label}-results-money", full=True)
        finally:
            page.context.close()
    assert errors == []


def _get(url: str, path: str) -> Any:
    with urllib.request.urlopen(url + path, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.mark.parametrize(("viewport", "label"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_P10_the_form_says_the_money_plainly_and_refuses_bad_payouts(
        server_url: str, browser: Any, viewport: dict[str, int], label: str) -> None:
    """Buy-in 20 + fee 5 in words as the host types; the host's percentages refused
    clearly when they do not add up to 100, nothing created; then created with them."""
    errors: list[str] = []
    page = new_page(browser, viewport, errors)
    try:
        page.goto(server_url)
        page.locator("#t-create summary").click()
        form = page.locator("#tournament-form")
        form.locator('input[name="name"]').fill(f"Home game {label}")
        form.locator('input[name="buy_in"]').fill("20")
        form.locator('input[name="fee"]').fill("5")
        says = page.locator("#t-money-says")
        assert says.inner_text() == ("Each player pays $25: buy-in $20 to the prize pool "
                                     "+ fee $5 to the house.")
        assert page.locator("#t-custom-payouts").is_hidden()
        form.locator('select[name="payouts"]').select_option("custom")
        form.locator('input[name="payout_percentages"]').fill("50, 40")
        form.locator('select[name="payout_unit"]').select_option("500")
        form.locator('input[name="bots"]').fill("3")
        before = len(_get(server_url, "/api/tournaments"))
        form.locator("#tournament-submit").click()
        until("the refusal", lambda: page.locator("#tournament-error").inner_text())
        assert "add up to 90, they must add up to exactly 100" in page.locator(
            "#tournament-error").inner_text()
        assert len(_get(server_url, "/api/tournaments")) == before
        form.scroll_into_view_if_needed()
        shot(page, f"tournament-director-{label}-form-refused", full=True)
        form.locator('input[name="payout_percentages"]').fill("60, 40")
        form.locator("#tournament-submit").click()
        page.wait_for_url("**/tournaments/*")
        page.wait_for_function(
            f"{STATE} && window.pokerroom.state.tournament.players.length === 3")
        facts = page.locator("#event-info").inner_text()
        assert "$20 + $5 fee" in facts
        assert "custom: 60% / 40%; prizes rounded to $5" in facts
        shot(page, f"tournament-director-{label}-event-money", full=True)
    finally:
        page.context.close()
    assert [e for e in errors if "status of 400" not in e] == []
