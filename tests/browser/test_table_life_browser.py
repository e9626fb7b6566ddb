"""The table's life on the page (issue #23), at laptop size and at 390 px: a closed
table says so and offers nothing (no Resume, Close, Add bot, no seat, no "Locked");
a paused table says "Paused by the host", never "Next hand starting soon", and offers
no straddle; a table whose only person sat out and left says "Waiting for players" to
whoever opens it, and the lobby says so too ("4/6 · 3 bots").

Screenshots land in ``tests/browser/artifacts/`` (``life-*.png``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI

from pokerroom.server.app import create_app
from tests.browser.support import LAPTOP, PHONE, SEED, new_page, post_json, serve, shot

VIEWPORTS = [(LAPTOP, "laptop"), (PHONE, "phone")]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FastAPI]]:
    """The room served for the module, and its app (to shorten a table's idle time)."""
    database = tmp_path_factory.mktemp("life") / "room.sqlite"
    app = create_app(f"sqlite:///{database}", seed=SEED, bot_delay=0.05,
                     pause_between_hands=0.3)
    with serve(app) as url:
        yield url, app


# True once the condition holds; until then the hero posts, checks or calls.
PLAY_UNTIL = """() => {
  if (%s) return true;
  if ((document.body.dataset.unacked || "0") !== "0") return false;  // answered first
  for (const id of ["btn-post", "btn-call"]) {
    const b = document.getElementById(id);
    if (b && !b.disabled) { b.click(); break; }
  }
  return false;
}"""


# True once the hero sits out (or is away); until then she sits out, or folds (checks).
SIT_OUT = """() => {
  const status = window.pokerroom.state.you.status;
  if (status === "sitting_out" || status === "away") return true;
  if ((document.body.dataset.unacked || "0") !== "0") return false;
  for (const id of ["btn-sit-out", "btn-fold", "btn-call"]) {
    const b = document.getElementById(id);
    if (b && !b.disabled) { b.click(); break; }
  }
  return false;
}"""


def _table(url: str, name: str, bots: int, **fields: Any) -> tuple[str, str]:
    made = post_json(url, "/api/tables", {"name": name, "seats": 6, **fields})
    for _ in range(bots):
        post_json(url, f"/api/tables/{made['id']}/bots",
                  {"policy": "station", "host": made["host"]})
    return str(made["id"]), str(made["host"])


def _life(page: Any, life: str) -> None:
    page.wait_for_function(f"window.pokerroom && window.pokerroom.state"
                           f" && window.pokerroom.state.table.life === {life!r}")


def _text(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text())


def _badge_says(page: Any, viewport: dict[str, int], long: str, short: str) -> None:
    """The header's badge says the state: in full on a laptop, in a word on a phone."""
    assert _text(page, "#t-life") == (short if viewport == PHONE else long)


def _felt_says(page: Any, words: str) -> None:
    """Between hands the felt's centre says the state, unless it shows the last hand's
    result (the header's badge says the state then)."""
    if page.locator("#result").count() == 0:
        assert _text(page, "#life-note") == words


def _no_overflow(page: Any) -> None:
    """Nothing runs off the page sideways, and the header's badge fits in its bar."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the page is {wide}px wider than the window"
    fits = page.evaluate("""() => {
      const b = document.getElementById('t-life').getBoundingClientRect();
      const bar = document.querySelector('.topbar').getBoundingClientRect();
      return b.right <= bar.right && b.bottom <= bar.bottom && b.top >= bar.top; }""")
    assert fits, "the life badge runs out of the header"


@pytest.mark.parametrize(("viewport", "label"), VIEWPORTS)
def test_a_closed_table_says_so_and_offers_nothing(room: tuple[str, FastAPI], browser: Any,
                                                   viewport: dict[str, int],
                                                   label: str) -> None:
    """The host locked the table, then closes it from its Table tab: the header says
    "Closed", empty seats say "Closed" (not "Locked") and cannot be taken, the host's
    tools are gone but the ledger, and the dock offers no bot."""
    url, _app = room
    errors: list[str] = []
    table, host = _table(url, f"Closing {label}", 2)
    post_json(url, f"/api/tables/{table}/lock", {"host": host, "locked": True})
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{url}/t/{table}#host={host}")
        _life(page, "open")
        page.locator("#tab-btn-info").click()
        page.locator("#btn-close-table").click()
        page.locator("#confirm-yes").click()
        _life(page, "closed")
        page.wait_for_function("!window.pokerroom.state.hand"
                               " && window.pokerroom.state.seats.every((s) => !s)")
        _badge_says(page, viewport, "Closed", "Closed")
        seats = page.locator("#layer button.sit")
        assert seats.count() == 6
        assert {s.strip() for s in seats.all_inner_texts()} == {f"Closed\nseat {n}"
                                                                for n in range(1, 7)}
        assert all(s.is_disabled() for s in seats.all())
        for gone in ("#btn-pause", "#btn-close-table", "#btn-add-bot", "#host-lock",
                     "#btn-leave", "#btn-straddle"):
            assert page.locator(gone).count() == 0, gone
        assert "closed" in _text(page, "#host-closed")
        assert page.locator("#btn-ledger").count() == 1
        _felt_says(page, "Closed")
        assert "The table is closed." in _text(page, "#dock")
        _no_overflow(page)
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"life-closed-{label}")
        if viewport == PHONE:  # the host's tab is under the felt
            page.locator("#host-closed").scroll_into_view_if_needed()
            shot(page, f"life-closed-{label}-host")
        assert errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize(("viewport", "label"), VIEWPORTS)
def test_a_paused_table_says_paused_and_offers_no_straddle(
        room: tuple[str, FastAPI], browser: Any, viewport: dict[str, int],
        label: str) -> None:
    """Alice sits down at a table of two bots that allows straddles; the host pauses
    it: her page says "Paused by the host" (header, felt, dock and log), never "Next
    hand starting soon", and offers no Straddle; resumed, the badge goes."""
    url, _app = room
    errors: list[str] = []
    table, host = _table(url, f"Pausing {label}", 2, straddle=True)
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{url}/t/{table}")
        page.locator('.seat.empty[data-seat="3"] button.sit').click()
        page.locator("#join-name").fill("Alice")
        page.locator("#join-submit").click()
        page.locator('.seat.hero[data-seat="3"]').wait_for()
        # She posts to play now and plays a hand (checking or calling): an active player,
        # who could straddle.
        page.wait_for_function(PLAY_UNTIL % "window.pokerroom.state.you.status === 'active'",
                               polling=200)
        assert post_json(url, f"/api/tables/{table}/pause", {"host": host})["life"] == "paused"
        _life(page, "paused")
        # The hand in progress is played out: Alice checks or calls to its end.
        page.wait_for_function(PLAY_UNTIL % "!window.pokerroom.state.hand", polling=200)
        assert page.evaluate("window.pokerroom.state.you.status") == "active"
        _badge_says(page, viewport, "Paused by the host", "Paused")
        dock = _text(page, "#dock")
        assert "Paused by the host" in dock and "Next hand" not in dock, dock
        assert page.locator("#btn-straddle").count() == 0
        _felt_says(page, "Paused by the host")
        assert "Paused by the host" in _text(page, "#log-next")
        _no_overflow(page)
        shot(page, f"life-paused-{label}")
        post_json(url, f"/api/tables/{table}/resume", {"host": host})
        _life(page, "open")
        page.wait_for_function("document.getElementById('t-life').hidden")
        assert errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize(("viewport", "label"), VIEWPORTS)
def test_a_table_whose_person_left_waits_for_players_and_the_lobby_says_so(
        room: tuple[str, FastAPI], browser: Any, viewport: dict[str, int],
        label: str) -> None:
    """Alice sits down with three bots, sits out and closes her page: a spectator
    opening the table sees "Waiting for players" (the bots deal no more), and the lobby
    lists the table as waiting, 4/6 with 3 bots."""
    url, app = room
    errors: list[str] = []
    table, _host = _table(url, f"Idle {label}", 3, action_seconds=1)
    actor = app.state.room.get(table)
    actor.settings = dataclasses.replace(actor.settings, idle_seconds=0.5)
    alice = new_page(browser, viewport, errors)
    try:
        alice.goto(f"{url}/t/{table}")
        # She folds at once when a check is free (the page would ask first, issue 24).
        alice.evaluate("localStorage.setItem('pokerroom.confirmFreeFold', 'false')")
        alice.locator('.seat.empty[data-seat="4"] button.sit').click()
        alice.locator("#join-name").fill("Alice")
        alice.locator("#join-submit").click()
        alice.locator('.seat.hero[data-seat="4"]').wait_for()
        # She sits out, folding first when it is her turn (a click once each answer
        # came: a click a poll would be too many messages).
        alice.wait_for_function(SIT_OUT, polling=300)
    finally:
        alice.context.close()
    page = new_page(browser, viewport, errors)
    try:
        page.goto(f"{url}/t/{table}")
        _life(page, "idle")
        page.wait_for_function("!window.pokerroom.state.hand")
        _badge_says(page, viewport, "Waiting for players", "Waiting")
        _felt_says(page, "Waiting for players")
        assert "Waiting for players" in _text(page, "#dock")
        assert "no hand until a person is back" in _text(page, "#log-next")
        _no_overflow(page)
        shot(page, f"life-idle-{label}")
        page.goto(url)
        row = page.locator(f'tr.table-row[data-id="{table}"]')
        row.wait_for()
        assert row.get_attribute("data-life") == "idle"
        assert _text(page, f'tr.table-row[data-id="{table}"] .lobby-life') == "Waiting for players"
        players = " ".join(row.locator("td").nth(3).inner_text().split())
        assert players == "4/6 3 bots", players  # "·" drawn by the style on a laptop
        wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wide <= 0, f"the lobby is {wide}px wider than the window"
        shot(page, f"life-idle-lobby-{label}")
        assert errors == []
    finally:
        page.context.close()
