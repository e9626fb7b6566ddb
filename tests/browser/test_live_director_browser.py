"""The live director's tools in a browser (issue 25): the new-event form's money (fee,
bounty, payouts and rounding) and a knockout reported from the phone, rebuy or out
beside the table, the seat cards printed to PDF with their QR codes read back, and a
league table over a season."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokerroom.server.app import create_app
from pokerroom.server.settings import Settings, apply
from tests.browser.live import TV, call, watch
from tests.browser.support import LAPTOP, PHONE, SEED, serve, shot


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_seat_cards_print_on_the_paper_chosen_and_every_qr_code_reads_back(
        browser: Any, tmp_path: Path, paper: str, errors: list[str]) -> None:
    """Issue 25: the seat cards printed to PDF by Chromium, on A4 or Letter as chosen,
    ten a sheet; every card's QR code, rendered from the PDF and read back, is its
    player's link on the room's public address, and nothing is cut off the page."""
    import pypdfium2
    import zxingcpp

    settings = apply(Settings(), ["room.public_url=https://poker.example.org"])
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", seed=SEED, settings=settings)
    with serve(app) as url:
        made = call(url, "/api/live", {"name": "Card night", "structure": "turbo",
                                       "buy_in": 1_000, "late_registration_levels": 0})
        eid, host = made["id"], made["host"]
        for i in range(23):
            name = f"Player {i + 1}" if i else "Maximilian Featherstonehaugh"
            call(url, f"/api/live/{eid}/register", {"host": host, "name": name})
        call(url, f"/api/live/{eid}/start", {"host": host})
        cards = call(url, f"/api/live/{eid}/cards", host=host)
        assert all(c["url"] == f"https://poker.example.org{c['short']}" for c in cards)
        context = browser.new_context(viewport=LAPTOP)
        try:
            page = context.new_page()
            watch(page, "console", errors)
            page.goto(f"{url}/live/{eid}/console#host={host}")
            page.wait_for_selector("#tables .seat:not(.empty)")
            page.evaluate("window.print = () => {}")  # the dialog: the test prints below
            page.locator("#paper").select_option(paper)
            page.locator("#print-cards").click()
            page.wait_for_function("document.querySelectorAll('.card-slip').length === 23")
            pdf = page.pdf(prefer_css_page_size=True)
            page.emulate_media(media="print")
            shot(page, f"live-seat-cards-{paper}")
        finally:
            context.close()
    document = pypdfium2.PdfDocument(pdf)
    assert len(document) == 3  # 23 cards, ten a sheet
    width, height = document[0].get_size()  # in points
    assert (round(width), round(height)) == {"a4": (595, 842), "letter": (612, 792)}[paper]
    read: list[str] = []
    for number in range(len(document)):
        image = document[number].render(scale=3).to_numpy()
        read.extend(code.text for code in zxingcpp.read_barcodes(image))
    assert sorted(read) == sorted(c["url"] for c in cards)  # each once, none cut off


def test_a_live_knockout_from_the_form_with_a_fee_its_own_payouts_and_rounding(
        browser: Any, tmp_path: Path, errors: list[str]) -> None:
    """Issue 25: the new-event form takes the fee, the bounty, a payout table (its own
    percentages) and the unit prizes are rounded to; a wrong table is refused saying
    why.  In the knockout event a bust tapped on the phone asks, beside its table, who
    won the chips: the next tap names them and they win the bounty."""
    with serve(create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", seed=SEED)) as url:
        earlier = call(url, "/api/live", {"name": "Last week", "structure": "turbo"})
        for name in ("Regular Ann", "Regular Bob", "Player 1"):
            call(url, f"/api/live/{earlier['id']}/register",
                 {"host": earlier["host"], "name": name})
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            watch(page, "console", errors)
            page.goto(f"{url}/live")
            page.locator("#name").fill("League night")
            page.locator("#structure").select_option("turbo")
            page.locator("#buy-in").fill("30")
            page.locator("#fee").fill("5")
            page.locator("#bounty").fill("10")
            page.locator("#payouts").select_option("custom")
            page.locator("#payout-unit").select_option("500")
            page.locator("#percentages").fill("60, 30")  # adds up to 90: refused
            page.locator("#new-form button[type=submit]").click()
            page.wait_for_function("document.querySelector('#error').innerText.length > 0")
            assert "100" in page.locator("#error").inner_text()
            assert len(call(url, "/api/live")) == 1  # nothing made
            page.locator("#percentages").fill("50, 30, 20")
            page.locator("#new-form button[type=submit]").click()
            page.wait_for_url("**/console")
            eid = page.url.split("/")[-2]
            host = page.evaluate(f"localStorage.getItem('live-host-{eid}')")
            for i in range(7):
                call(url, f"/api/live/{eid}/register", {"host": host, "name": f"Player {i + 1}"})
            # the names of the room's earlier events are offered as the director types,
            # less those entered here already
            page.wait_for_function(
                "document.querySelector('#registered').innerText.startsWith('7 registered')")
            page.locator("#reg-name").focus()
            page.wait_for_function(
                "document.querySelectorAll('#known-names option').length === 2")
            offered = page.eval_on_selector_all("#known-names option", "os => os.map(o => o.value)")
            assert offered == ["Regular Ann", "Regular Bob"], offered
            state = call(url, f"/api/live/{eid}")
            # $210 in the pool (the fees are the house's, the bounties apart): 50/30/20
            # is $105, $63, $42; in $5 that is $105, $60, $40, and the $5 left to 1st
            assert state["prize_pool"] == 210_00 and state["bounty"] == 10_00
            assert [p["prize"] for p in state["payouts"]] == [110_00, 60_00, 40_00]
            call(url, f"/api/live/{eid}/start", {"host": host})
            table = call(url, f"/api/live/{eid}")["tables"][0]
            loser, winner = table["players"][0], table["players"][1]
            page.on("dialog", lambda d: d.accept())
            seat = f"[data-table='{table['table']}'][data-seat='{{}}']"
            page.locator(seat.format(loser["seat"])).click()
            page.wait_for_selector(".ltable .knockout")
            assert f"Who knocked {loser['name']} out?" in page.locator(".knockout").inner_text()
            shot(page, "live-console-knockout")
            page.locator(seat.format(winner["seat"])).click()
            page.wait_for_function(
                "document.querySelector('#todo').innerText.includes(\"'s bounty\")")
            assert (f"{winner['name']} wins {loser['name']}'s bounty $10"
                    in page.locator("#todo").inner_text())
            assert page.locator(".knockout").count() == 0
        finally:
            context.close()
        (row,) = call(url, f"/api/live/{eid}/results")["results"]
        assert (row["name"], row["paid_in"], row["net"]) == (loser["name"], 45_00, -45_00)


def test_a_league_table_on_the_page_from_ticked_events_and_a_formula(
        browser: Any, tmp_path: Path, errors: list[str]) -> None:
    """Issue 25: the league page lists the events to tick, adds up the points by the
    formula picked or written, keeps the choice in its address, and says why a formula
    is refused."""
    with serve(create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", seed=SEED)) as url:
        ids = []
        for week in range(2):
            made = call(url, "/api/live", {"name": f"Week {week + 1}", "structure": "turbo",
                                           "late_registration_levels": 0})
            eid, host = made["id"], made["host"]
            for name in ("Ann", "Bob", "Cy"):
                call(url, f"/api/live/{eid}/register", {"host": host, "name": name})
            call(url, f"/api/live/{eid}/start", {"host": host})
            while not call(url, f"/api/live/{eid}")["finished"]:
                table = call(url, f"/api/live/{eid}")["tables"][0]
                call(url, f"/api/live/{eid}/bust", {"host": host, "busts": [
                    {"table": table["table"], "seat": table["players"][0]["seat"]}]})
            ids.append(eid)
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            watch(page, "league", errors)
            page.goto(f"{url}/live")
            page.locator("#league-link").click()
            page.wait_for_selector("#events input")
            for eid in ids:
                page.locator(f"#events input[value='{eid}']").check()
            # the table for both events (after the first tick it already has 3 rows)
            page.wait_for_function(
                "document.querySelector('#summary').innerText.startsWith('2 events')")
            page.wait_for_function("document.querySelectorAll('#rows tr').length === 3")
            in_address = page.evaluate("new URLSearchParams(location.search).get('events')")
            assert sorted(in_address.split(",")) == sorted(ids)
            expected = call(url, f"/api/live/league?events={in_address}&formula=linear")[
                "standings"]
            first = page.locator("#rows tr").first.inner_text()
            assert expected[0]["name"] in first and str(int(expected[0]["points"])) in first
            assert sum(s["points"] for s in expected) == 2 * (3 + 2 + 1)
            page.locator("#formula-pick").select_option("own")
            page.locator("#formula").fill("place == 1")
            page.locator("#formula").dispatch_event("change")
            page.wait_for_function("document.querySelector('#error').innerText.length > 0")
            assert "the formula may use place" in page.locator("#error").inner_text()
            page.locator("#formula").fill("100 * max(0, 2 - place)")
            page.locator("#formula").dispatch_event("change")
            page.wait_for_function(
                "document.querySelector('#summary').innerText.includes('100 * max(0, 2 - place)')")
            assert page.locator("#error").inner_text() == ""
            shot(page, "live-league-phone")
            page.reload()  # the season and the formula are in the address
            page.wait_for_function("document.querySelectorAll('#events input:checked').length"
                                   " === 2")
            assert page.locator("#formula").input_value() == "100 * max(0, 2 - place)"
        finally:
            context.close()


def test_rebuy_or_out_is_asked_beside_the_table_of_the_seat_tapped(
        browser: Any, tmp_path: Path, errors: list[str]) -> None:
    """Issue 25: a bust in the rebuy period asks "rebuy or out?" beside the player's
    table (not only at the top of the page); Rebuy there puts them back in."""
    with serve(create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", seed=SEED)) as url:
        made = call(url, "/api/live", {"name": "Rebuy night", "structure": "turbo",
                                       "rebuys": True, "late_registration_levels": 0})
        eid, host = made["id"], made["host"]
        for i in range(6):
            call(url, f"/api/live/{eid}/register", {"host": host, "name": f"Player {i + 1}"})
        call(url, f"/api/live/{eid}/start", {"host": host})
        table = call(url, f"/api/live/{eid}")["tables"][0]
        busted = table["players"][0]
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            watch(page, "console", errors)
            page.goto(f"{url}/live/{eid}/console#host={host}")
            page.on("dialog", lambda d: d.accept())
            page.locator(f"[data-table='{table['table']}'][data-seat='{busted['seat']}']").click()
            beside = page.locator(".ltable .knockout", has_text="rebuy or out?")
            beside.wait_for()
            assert busted["name"] in beside.inner_text()
            beside.locator(f"[data-rebuy='{busted['entry']}']").click()
            beside.wait_for(state="detached")
            me = next(p for p in call(url, f"/api/live/{eid}")["players"]
                      if p["entry"] == busted["entry"])
            assert me["alive"] and not me["deciding_rebuy"] and me["rebuys"] == 1
        finally:
            context.close()


def test_the_tv_counts_down_to_the_start_time_before_the_start(
        browser: Any, tmp_path: Path, errors: list[str]) -> None:
    """Issue 25: an event with a start time shows on the TV, before the start, "Starts at"
    that time, the countdown to it and level 1's blinds (not a bar)."""
    import time

    with serve(create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", seed=SEED)) as url:
        made = call(url, "/api/live", {"name": "Friday 7pm", "structure": "turbo",
                                       "starts_at": time.time() + 3600})
        context = browser.new_context(viewport=TV)
        try:
            page = context.new_page()
            watch(page, "clock", errors)
            page.goto(f"{url}/live/{made['id']}")
            page.wait_for_function(
                "document.querySelector('#level').textContent.startsWith('Starts at')")
            left = page.locator("#time").inner_text()
            assert left.count(":") == 2 or left.startswith(("59:", "1:00:")), left
            assert page.locator("#blinds").inner_text() == "Level 1: 25/50"
            assert page.locator("#banner").inner_text() == "Registration open"
            shot(page, "live-clock-before-start")
        finally:
            context.close()
