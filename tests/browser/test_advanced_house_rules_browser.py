"""The lobby form's "Advanced house rules" in a real browser, at laptop size and on a
390 px phone: collapsed until opened, each choice shown only for the games it applies
to (B9, F10 in fixed limit; F11's straddle size in big-bet games), and a table created
with D5 (LVH B4), F3 (ENC), F11 (LVH B8b), T8 (RR 9) and T12 (LVH B20-B22) choices that
reach the table and its players' house rules.  Screenshots land in ``tests/browser/artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from pokerroom.server.app import create_app
from tests.browser.support import LAPTOP, PHONE, SEED, new_page, serve, shot


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[str, FastAPI]]:
    app = create_app(f"sqlite:///{tmp_path / 'room.sqlite'}", bot_delay=0.05,
                     pause_between_hands=0.5, seed=SEED)
    with serve(app) as url:
        yield url, app


def _visible(page: Any, name: str) -> bool:
    return bool(page.locator(f'#create-form [name="{name}"]').is_visible())


def test_D5_F3_F11_T8_T12_B9_F10_advanced_house_rules_from_the_lobby_form(
        room: tuple[str, FastAPI], browser: Any) -> None:
    url, app = room
    errors: list[str] = []
    page = new_page(browser, LAPTOP, errors)
    try:
        page.goto(url + "/")
        page.locator('#create-form input[name="name"]').fill("House choices")
        # Collapsed by default: none of the advanced choices is on show.
        assert page.locator("#house-more summary").inner_text().startswith(
            "Advanced house rules")
        for name in ("make_up", "seat_change", "straddle_multiple", "button_draw"):
            assert not _visible(page, name), name
        page.locator("#house-more summary").click()
        assert _visible(page, "make_up") and _visible(page, "seat_change")
        # No limit hold'em: the straddle's size, no fixed-limit choices.
        assert _visible(page, "straddle_multiple")
        assert not _visible(page, "limit_short_raise") and not _visible(page, "full_bring_in")
        # Fixed limit: B9's choice, no straddle size; stud in fixed limit: F10's too.
        page.select_option("#structure", "fixed_limit")
        assert _visible(page, "limit_short_raise") and not _visible(page, "straddle_multiple")
        assert not _visible(page, "full_bring_in")
        page.select_option("#game", "stud")
        assert _visible(page, "full_bring_in") and _visible(page, "limit_short_raise")
        page.select_option("#game", "holdem")
        page.select_option("#structure", "no_limit")

        page.select_option('#create-form [name="button_draw"]', "by_seat")
        page.select_option('#create-form [name="straddle_multiple"]', "3")
        page.select_option('#create-form [name="make_up"]', "sum")
        page.select_option('#create-form [name="seat_change"]', "past_three")
        page.locator('#create-form [name="button_blind"]').fill("1")
        assert page.locator("#house-count").inner_text() == "· 5 changed"
        shot(page, "laptop-lobby-advanced-house-rules", full=True)
        page.locator("#create-submit").click()
        page.wait_for_url(re.compile(r".*/t/[0-9a-f]+$"))
        table = app.state.room.get(page.url.rsplit("/", 1)[1]).table
        options = table.options
        assert (options.button_draw, options.straddle_multiple, options.make_up,
                options.seat_change) == ("by_seat", 3, "sum", "past_three")
        assert table.stakes.button_blind == 1

        page.locator("#tab-btn-info").click()
        rules = page.locator("#house-rules").inner_text()
        for words in ("without a draw (D5, LVH B4)", "3 big blinds (6) (F11, LVH B8)",
                      "made up as their sum", "(T12, LVH B20-B22)",
                      "the button posts 1 (F3)"):
            assert words in rules, rules
        assert not errors, errors
    finally:
        page.context.close()


def test_advanced_house_rules_fit_a_phone(room: tuple[str, FastAPI], browser: Any) -> None:
    """At 390 px the opened section fits the screen's width: nothing scrolls sideways."""
    url, _ = room
    errors: list[str] = []
    page = new_page(browser, PHONE, errors)
    try:
        page.goto(url + "/")
        page.locator("#house-more summary").click()
        page.locator('#create-form [name="seat_change"]').scroll_into_view_if_needed()
        assert _visible(page, "seat_change") and _visible(page, "make_up")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width
        for name in ("make_up", "seat_change", "straddle_multiple", "button_draw"):
            box = page.locator(f'#create-form [name="{name}"]').bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (
                name, box)
        page.locator("#house-more").screenshot(
            path=str(Path(__file__).parent / "artifacts" / "phone-advanced-house-rules.png"))
        assert not errors, errors
    finally:
        page.context.close()
