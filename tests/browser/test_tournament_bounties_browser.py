"""A knockout tournament in the browser (issue 24, item 8), at 1366x768 and 390 px:
the creation form says where the bounty goes as the host types it, the event's facts
show it beside the buy-in and fee, and once five bots have played it out the results
page has a Bounties column adding up to every bounty paid in, the money view counts
them apart from the pool, and the floor log says who won whose bounty.  Screenshots
in ``/tmp/shots-bounty`` (the form, the results)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import PHONE, new_page, post_json, room_server, until

LAPTOP = {"width": 1366, "height": 768}
SHOTS = Path("/tmp/shots-bounty")

server_url = room_server("tournament-bounties", bot_delay=0.002, pause_between_hands=0.05)

STATE = "window.pokerroom && window.pokerroom.state"


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _get(url: str, path: str) -> Any:
    with urllib.request.urlopen(url + path, timeout=10) as answer:
        return json.loads(answer.read())


@pytest.mark.parametrize(("viewport", "label"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_knockout_form_facts_and_results(server_url: str, browser: Any,
                                         viewport: dict[str, int], label: str) -> None:
    errors: list[str] = []
    page = new_page(browser, viewport, errors)
    try:
        page.goto(server_url)
        page.locator("#t-create summary").click()
        form = page.locator("#tournament-form")
        form.locator('input[name="name"]').fill(f"Knockout {label}")
        form.locator('select[name="structure"]').select_option("sit_and_go")
        form.locator('input[name="level_minutes"]').fill("0.1")
        form.locator('input[name="buy_in"]').fill("20")
        form.locator('input[name="fee"]').fill("2")
        form.locator('input[name="bounty"]').fill("10")
        form.locator('input[name="bots"]').fill("5")
        form.locator('select[name="policy"]').select_option("loose")
        says = page.locator("#t-money-says")
        assert says.inner_text() == ("Each player pays $32: buy-in $20 to the prize pool + "
                                     "bounty $10 to whoever knocks them out + fee $2 to the "
                                     "house.")
        form.scroll_into_view_if_needed()
        _shot(page, f"{label}-form")
        form.locator("#tournament-submit").click()
        page.wait_for_url("**/tournaments/*")
        page.wait_for_function(
            f"{STATE} && window.pokerroom.state.tournament.players.length === 5")
        facts = page.locator("#event-info").inner_text()
        assert "$20 + $10 bounty + $2 fee" in facts and "on each player's head" in facts
        tid = page.url.rstrip("/").rsplit("/", 1)[1]
        key = page.evaluate(
            f"JSON.parse(localStorage.getItem('pokerroom.tournament.director.{tid}'))")
        post_json(server_url, f"/api/tournaments/{tid}/start", {"director": key})
        page.goto(f"{server_url}/tournaments/{tid}/results")
        page.wait_for_function(
            f"{STATE} && window.pokerroom.state.tournament.status === 'finished'",
            timeout=180_000)  # a wait for the end, not a bound on the room's speed
        results = _get(server_url, f"/api/tournaments/{tid}/results")
        rows = results["results"]
        paid = results["money"]["bounties_paid"]
        assert sum(r["bounties"] for r in rows) == 5 * 10_00 == paid
        table = page.locator("table.results")
        assert "BOUNTIES" in table.locator("thead").inner_text().upper()
        for r in rows:
            if r["bounties"]:
                row = table.locator(f'tr[data-place="{r["place"]}"]', has_text=r["name"])
                assert f"${r['bounties'] // 100}" in row.inner_text()
        page_text = page.locator("body").inner_text()
        assert "5 × $10 = $50, $50 won so far" in page_text
        log = _get(server_url, f"/api/tournaments/{tid}")["floor_log"]
        assert any(re.fullmatch(r".+ wins .+'s bounty \$[\d.]+", line) for line in log), log
        _shot(page, f"{label}-results")
    finally:
        page.context.close()
    assert errors == []


def _keep(page: Any, key: str, value: Any) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))",
                  [f"pokerroom.{key}", value])


@pytest.mark.parametrize(("viewport", "label"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_director_agrees_the_suggested_deal_from_the_page(
        server_url: str, browser: Any, viewport: dict[str, int], label: str) -> None:
    """The TD tab's deal suggestion, agreed with two clicks: the event ends, each
    player still in paid the ICM amount shown, the prizes adding up to the pool."""
    created = post_json(server_url, "/api/tournaments", {
        "name": f"Deal {label}", "structure": "deepstack", "level_seconds": 600,
        "buy_in": 20_00, "bounty": 5_00, "payouts": "custom", "payout_percentages": [60, 40]})
    tid, key = created["id"], created["director"]
    post_json(server_url, f"/api/tournaments/{tid}/bots",
              {"director": key, "count": 3, "policy": "rock"})
    post_json(server_url, f"/api/tournaments/{tid}/start", {"director": key})
    errors: list[str] = []
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{server_url}/tournaments/{tid}")
        _keep(page, f"tournament.director.{tid}", key)
        page.reload()
        page.wait_for_function(f"{STATE} && window.pokerroom.state.tournament.tables.length")
        page.locator("#tab-btn-director").click()
        agreed: dict[str, int] = {}
        for _ in range(5):  # asked again when the field changed or the room was busy
            page.locator("#dt-deal").click()
            until("a deal suggestion or a refusal", lambda: (
                page.locator("#dt-deal-box table.deal").count()
                or page.locator("#dt-said.bad").count()))
            if not page.locator("#dt-deal-box table.deal").count():
                continue
            rows = page.locator("#dt-deal-box table.deal tbody tr")
            agreed = {rows.nth(i).locator("td").nth(0).inner_text():
                      round(float(rows.nth(i).locator("td").nth(2).inner_text()
                                  .strip("$").replace(",", "")) * 100)
                      for i in range(rows.count())}
            if label == "phone":
                _shot(page, f"{label}-deal-suggested")
            button = page.locator('#dt-deal-box button[data-agree="icm"]')
            button.click()
            assert "end the event?" in button.inner_text()
            button.click()
            said = until("the answer", lambda: page.locator("#dt-said").inner_text())
            if said.startswith("The deal is"):
                break
        page.wait_for_function(
            f"{STATE} && window.pokerroom.state.tournament.status === 'finished'",
            timeout=60_000)  # a wait for the hands in play, not a bound on speed
        results = _get(server_url, f"/api/tournaments/{tid}/results")
        paid = {r["name"]: r["prize"] for r in results["results"] if r["name"] in agreed}
        assert paid == agreed and sum(agreed.values()) == results["prize_pool"]
        page.goto(f"{server_url}/tournaments/{tid}/results")
        page.wait_for_function(f"{STATE} && window.pokerroom.state.tournament.results.length")
        assert "A deal: " in page.locator("body").inner_text()
        _shot(page, f"{label}-deal-results")
    finally:
        page.context.close()
    assert [e for e in errors if "status of 400" not in e] == []
