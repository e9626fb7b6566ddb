"""House rules in a real browser: a fixed-limit stud table created from the lobby form
with ``open_pair_double`` (B15), its house rules on the table page, and the big-bet
button on fourth street with an open pair, clicked.

The room runs in this process (``support.serve``), so the test stacks the table's
deck: Alice is dealt Kd up on third street and Kh on fourth, the calling bot a deuce up
(it brings in).  Screenshots land in ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from pokerroom.server.app import create_app
from tests.browser.support import LAPTOP, SEED, serve, shot
from tests.server.conftest import stack_stud_decks

LOG_JS = "() => window.pokerroom && window.pokerroom.state ? window.pokerroom.state.log : []"


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[str, FastAPI]]:
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.05,
                     pause_between_hands=0.5, seed=SEED)
    with serve(app) as url:
        yield url, app


def _wait_for_log(page: Any, line: str) -> list[str]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log: list[str] = page.evaluate(LOG_JS)
        if line in log:
            return log
        time.sleep(0.05)
    pytest.fail(f"{line!r} never reached the log: {page.evaluate(LOG_JS)}")


def test_B15_the_big_bet_button_with_an_open_pair(
        room: tuple[str, FastAPI], browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    url, app = room
    started = time.monotonic()
    errors: list[str] = []
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

        # The lobby form's house rules are collapsed; a kill by pot size without the size
        # is refused, saying what is missing, and creates nothing.
        page.goto(url + "/")
        page.locator('#create-form input[name="name"]').fill("Stud house")
        assert not page.locator("#kill").is_visible()
        page.locator("#house-more summary").click()
        page.select_option("#kill", "pot_size")
        page.locator("#create-submit").click()
        page.wait_for_function(
            "document.getElementById('create-error').textContent.includes('kill_pot_size > 0')")
        assert page.evaluate("fetch('/api/tables').then((r) => r.json())") == []
        assert [e for e in errors if "status of 400" not in e] == []  # Chromium logs the 400
        errors.clear()
        page.select_option("#kill", "none")

        # Stud, with the open pair (B15) and a rake.
        assert not page.locator('input[name="open_pair_double"]').is_visible()  # hold'em
        page.select_option("#game", "stud")
        assert page.locator("#structure").input_value() == "fixed_limit"
        page.locator('input[name="open_pair_double"]').check()
        page.locator('input[name="rake_percent"]').fill("5")
        assert not page.locator("#kill").is_visible()  # no kill blind in stud (F12)
        assert page.locator("#house-count").inner_text() == "· 2 changed"
        shot(page, "laptop-lobby-house-rules", full=True)
        page.locator("#create-submit").click()
        page.wait_for_url(re.compile(r".*/t/[0-9a-f]+$"))
        actor = app.state.room.get(page.url.rsplit("/", 1)[1])
        stack_stud_decks(monkeypatch, actor, {"Alice": "2c3cKd Kh", "Bot 1": "4c4d2d 7s"})

        # The table tab shows the house rules in force.
        page.locator("#tab-btn-info").click()
        rules = page.locator("#house-rules").inner_text()
        assert "on 4th street the big bet (4) may be bet (B15)" in rules
        assert "5%; no flop, no drop (S11)" in rules
        page.locator("#tab-btn-log").click()

        # Alice sits down; a calling bot joins.
        page.locator('.seat.empty[data-seat="0"] button.sit').click()
        page.locator("#join-name").fill("Alice")
        page.locator("#join-submit").click()
        page.locator('.seat.hero[data-seat="0"]').wait_for()
        page.select_option("#bot-policy", "station")
        page.locator("#btn-add-bot").click()

        # Third street: the bot brings in with its deuce; Alice calls, no big bet yet.
        page.locator("#btn-call").wait_for()
        assert page.locator("#btn-big-bet").count() == 0
        page.locator("#btn-call").click()

        # Fourth street: her kings showing give her the big bet beside the small one.
        big = page.locator("#btn-big-bet")
        big.wait_for()
        assert big.inner_text() == "Bet 4 (big bet)"
        assert page.locator("#btn-raise").inner_text() == "Bet 2"
        shot(page, "laptop-big-bet")
        big.click()
        log = _wait_for_log(page, "Bot 1 calls 4")
        assert log[log.index("Bot 1 calls 4") - 1] == "Alice bets 4"
        assert actor.table.hand.config.open_pair_double
        assert not errors, errors
    finally:
        context.close()
    assert time.monotonic() - started < 30
