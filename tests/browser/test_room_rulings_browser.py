"""Small rulings the page used to show wrong (issue 11, item 8), in real Chromium: in
pot limit the largest sizing preset is the pot, so it reads "Max", not "All-in"; in no
limit it is all-in and says so."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from pokerroom.server.app import create_app
from tests.browser.support import LAPTOP, SEED, serve, shot


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[str, FastAPI]]:
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.05,
                     pause_between_hands=0.3, seed=SEED)
    with serve(app) as url:
        yield url, app


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _presets_on_my_turn(url: str, browser: Any, structure: str) -> list[str]:
    """Alice (200 chips at 1/2, a calling bot opposite) opens the table page; the
    labels of the sizing presets when she may raise."""
    created = _post(url + "/api/tables", {"name": structure, "structure": structure,
                                          "seats": 2})
    table, host = created["id"], created["host"]
    _post(f"{url}/api/tables/{table}/pause", {"host": host})
    joined = _post(f"{url}/api/tables/{table}/join",
                   {"name": "Alice", "seat": 0, "buy_in": 200})
    _post(f"{url}/api/tables/{table}/bots", {"host": host, "policy": "station"})
    context = browser.new_context(viewport=LAPTOP)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(url + "/")
        seat = json.dumps({"token": joined["token"], "seat": 0, "name": "Alice"})
        page.evaluate(f"localStorage.setItem('pokerroom.seat.{table}', {json.dumps(seat)})")
        page.goto(f"{url}/t/{table}")
        _post(f"{url}/api/tables/{table}/resume", {"host": host})
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            labels = page.locator("#dock button.preset").all_inner_texts()
            if labels:
                shot(page, f"presets-{structure}")
                return labels
            if page.locator("#btn-call, #btn-check").count():
                page.locator("#btn-call, #btn-check").first.click()
            time.sleep(0.1)
        pytest.fail(f"Alice never had a raise to size: {page.content()[:2000]}")
    finally:
        context.close()


def test_pot_limit_largest_preset_is_max_not_all_in(
        room: tuple[str, FastAPI], browser: Any) -> None:
    url, _ = room
    labels = _presets_on_my_turn(url, browser, "pot_limit")
    assert labels[-1] == "Max" and "All-in" not in labels, labels
    labels = _presets_on_my_turn(url, browser, "no_limit")
    assert labels[-1] == "All-in", labels
