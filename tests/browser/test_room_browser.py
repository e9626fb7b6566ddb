"""The room in a real browser: two players join through the web UI and play to showdown.

A real server (uvicorn, fresh SQLite in a temp dir) runs in a thread; Debian's
Chromium, driven by Playwright, opens three browser contexts: Alice on a laptop
screen, Bob on a phone screen, and a spectator.  Alice creates the table from the
lobby form; both take seats by clicking an empty seat and filling in name and
buy-in; they check and call with the action bar's buttons until hands reach
showdown.  The spectator (and Bob) must never see a hole card that is not theirs
before the showdown.  Screenshots land in ``tests/browser/artifacts/``.

Chromium comes from ``make browser`` (apt-get install chromium); when it is
missing this test fails, it does not skip.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.support import click_if_ready, room_server, shot, three_people

ALICE_BUY_IN = 200
BOB_BUY_IN = 150
HANDS_TO_SHOWDOWN = 2

# What a page shows, read in one go so that phase and cards belong together.
SNAPSHOT_JS = """() => {
  const cards = (sel) => [...document.querySelectorAll(sel)].map((c) => c.dataset.card);
  const room = window.pokerroom;
  const state = room ? room.state : null;
  return {
    phase: document.body.dataset.phase || "",
    hand: document.body.dataset.hand || "",
    seat: document.body.dataset.seat || "",
    faces: cards("#layer .card.face"),
    heroFaces: cards("#layer .seat.hero .card.face"),
    otherFaces: cards("#layer .seat:not(.hero) .card.face"),
    seatsHtml: document.getElementById("layer").innerHTML,
    stateCards: state ? state.seats.filter((s) => s && s.cards).map((s) => [s.seat, s.cards]) : [],
    stacks: [...document.querySelectorAll("#layer .seat[data-stack]")]
      .map((s) => Number(s.dataset.stack)),
    log: state ? state.log : [],
  };
}"""


server_url = room_server("room", bot_delay=0.05, pause_between_hands=1.5)


def _sit(page: Any, seat: int, name: str, buy_in: int) -> None:
    page.locator(f'.seat.empty[data-seat="{seat}"] button.sit').click()
    page.locator("#join-name").fill(name)
    page.locator("#join-buyin").fill(str(buy_in))
    page.locator("#join-submit").click()
    page.locator(f'.seat.hero[data-seat="{seat}"]').wait_for(timeout=30_000)


def _showdowns(log: list[str]) -> set[int]:
    """Hand numbers in the log whose end had hands shown and a pot won."""
    done: set[int] = set()
    number = None
    shown = False
    for line in log:
        m = re.match(r"^--- hand (\d+) ---$", line)
        if m:
            number, shown = int(m.group(1)), False
        elif re.match(r"^.+ shows (?:[2-9TJQKA][cdhs])+ \(", line):
            shown = True
        elif " wins " in line and " from the " in line and shown and number is not None:
            done.add(number)
    return done


def test_two_players_play_to_showdown_in_the_browser(server_url: str, browser: Any) -> None:
    started = time.monotonic()
    errors: list[str] = []
    with three_people(browser, errors) as (alice, bob, watcher):
        # Alice creates the table from the lobby form and lands on its page.
        alice.goto(server_url + "/")
        alice.locator('#create-form input[name="name"]').fill("Browser test")
        alice.locator("#create-submit").click()
        alice.wait_for_url(re.compile(r".*/t/[0-9a-f]+$"))
        table_url = alice.url
        alice.locator(".seat.empty").first.wait_for()
        _sit(alice, 0, "Alice", ALICE_BUY_IN)

        # Bob follows the link on his phone and takes seat 3.
        bob.goto(table_url)
        _sit(bob, 2, "Bob", BOB_BUY_IN)
        # A reload keeps the seat: the token lives in localStorage.
        bob.reload()
        bob.locator('.seat.hero[data-seat="2"]').wait_for()

        watcher.goto(table_url)
        watcher.locator('#layer .seat[data-seat="2"] .plate').wait_for()
        assert watcher.evaluate("document.body.dataset.seat") == ""

        hole: dict[tuple[str, str], list[str]] = {}  # (who, hand) -> that player's cards
        watched: list[dict[str, Any]] = []
        bob_saw: list[dict[str, Any]] = []
        shots_taken: set[str] = set()
        deadline = time.monotonic() + 45
        finished: set[int] = set()
        while len(finished) < HANDS_TO_SHOWDOWN:
            if time.monotonic() > deadline:
                log = alice.evaluate(SNAPSHOT_JS)["log"]
                pytest.fail(f"only hands {sorted(finished)} reached showdown; log: {log}")
            a, b, w = (p.evaluate(SNAPSHOT_JS) for p in (alice, bob, watcher))
            if a["phase"] == "betting" and a["heroFaces"]:
                hole[("alice", a["hand"])] = a["heroFaces"]
            if b["phase"] == "betting" and b["heroFaces"]:
                hole[("bob", b["hand"])] = b["heroFaces"]
            if w["phase"] == "betting":
                watched.append(w)
            if b["phase"] == "betting":
                bob_saw.append(b)
            if a["phase"] == "betting" and "alice-turn" not in shots_taken and alice.locator(
                    "#btn-call").count():
                shot(alice, "laptop-player-turn")
                shot(watcher, "laptop-spectator")
                shots_taken.add("alice-turn")
                # Whose turn, with the action clock counting down from the server's deadline.
                assert alice.locator("#layer .seat.acting .clock i").count() == 1
                assert re.fullmatch(r"\d+s", alice.locator("#my-clock").inner_text())
            if b["phase"] == "betting" and "bob-turn" not in shots_taken and bob.locator(
                    "#btn-call").count():
                shot(bob, "phone-player-turn")
                shots_taken.add("bob-turn")
            if a["phase"] == "between" and alice.locator("#result").count() and (
                    "result" not in shots_taken):
                shot(alice, "laptop-showdown")
                shot(bob, "phone-showdown")
                shots_taken.add("result")
            for page in (alice, bob):
                click_if_ready(page, "#btn-call") or click_if_ready(page, "#btn-show")
            finished = _showdowns(a["log"])
            time.sleep(0.05)

        # Between hands the stacks on the felt add up to the chips bought in.
        alice.wait_for_function("document.body.dataset.phase === 'between'", timeout=30_000)
        final = alice.evaluate(SNAPSHOT_JS)
        assert len(final["stacks"]) == 2
        assert sum(final["stacks"]) == ALICE_BUY_IN + BOB_BUY_IN, final["stacks"]
        if "result" not in shots_taken:
            shot(alice, "laptop-showdown")
            shot(bob, "phone-showdown")

        # The log panel tells the showdown: hands shown and a pot won.
        log_text = alice.locator("#tab-log").inner_text()
        assert "Alice shows" in log_text or "Bob shows" in log_text
        assert " wins " in log_text

        # Hidden cards stayed hidden before the showdown.
        assert watched, "the spectator never saw a hand in play"
        assert bob_saw, "Bob never saw a hand in play"
        for snap in watched:
            assert snap["faces"] == [], f"spectator saw hole cards: {snap['faces']}"
            assert all(all(c is None for c in cards) for _, cards in snap["stateCards"]), (
                f"spectator received hole cards: {snap['stateCards']}")
            for who in ("alice", "bob"):
                for card in hole.get((who, snap["hand"]), []):
                    assert f'data-card="{card}"' not in snap["seatsHtml"]
        for snap in bob_saw:
            assert snap["otherFaces"] == [], f"Bob saw Alice's cards: {snap['otherFaces']}"
            for card in hole.get(("alice", snap["hand"]), []):
                assert f'data-card="{card}"' not in snap["seatsHtml"]
        assert any(key[0] == "alice" for key in hole) and any(key[0] == "bob" for key in hole)

        # Each finished hand downloads as PHH and as text.
        alice.locator("#tab-btn-hands").click()
        alice.locator(".hands-list a.dl-phh").first.wait_for()
        phh_href = alice.locator(".hands-list a.dl-phh").last.get_attribute("href")
        txt_href = alice.locator(".hands-list a.dl-txt").last.get_attribute("href")
        phh = alice.request.get(server_url + phh_href)
        txt = alice.request.get(server_url + txt_href)
        assert phh.ok and "starting_stacks" in phh.text()
        assert txt.ok and "PokerStars Hand #" in txt.text()
        shot(alice, "laptop-hands-tab")

        # The lobby lists the table with both players.
        watcher.goto(server_url + "/")
        watcher.locator("tr.table-row").first.wait_for()
        assert "Browser test" in watcher.locator("#tables").inner_text()
        shot(watcher, "laptop-lobby")

        assert not errors, errors
    assert time.monotonic() - started < 90
