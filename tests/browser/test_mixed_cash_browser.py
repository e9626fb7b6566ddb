"""Mixed games at a cash table on the page (issue 24, item 3), at 1366x768 and 390 px:
the lobby's form makes a HORSE table changing game every two hands; the table's strip
says the game, the hands left and the next game; in stud no dealer button is drawn
and the strip says so (T1: the button waits for the next blind game); the Table tab
names the rotation.

Screenshots land in /tmp/shots-mixed (``mixed-*.png``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import PHONE, new_page, post_json, room_server

LAPTOP = {"width": 1366, "height": 768}
SHOTS = Path("/tmp/shots-mixed")

server_url = room_server("mixed", bot_delay=0.25, pause_between_hands=0.4)


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def errors() -> Iterator[list[str]]:
    seen: list[str] = []
    yield seen
    assert seen == []


# True while a hand of game ``key`` (any stud game: null) is dealt, the strip says
# ``words`` and the felt shows ``buttons`` dealer buttons, all at once.
SHOWS = """([key, words, buttons]) => {
  const s = window.pokerroom && window.pokerroom.state;
  if (!s || !s.hand || !s.rotation) return false;
  if (key ? s.rotation.game.key !== key : !s.rotation.game.stud) return false;
  return document.getElementById("rotation").textContent.includes(words)
    && document.querySelectorAll("#layer .dealer-button").length === buttons;
}"""


def _strip(page: Any) -> str:
    return str(page.locator("#rotation").inner_text())


def test_a_horse_table_from_the_lobby_shows_its_rotation(browser: Any, server_url: str,
                                                        errors: list[str]) -> None:
    page = new_page(browser, LAPTOP, errors)
    page.goto(server_url + "/")
    page.wait_for_function("document.querySelector('#game option') !== null")
    page.fill("#create-form input[name=name]", "HORSE night")
    page.select_option("#rotation", "horse")
    assert not page.locator("#game").is_visible()  # the rotation's games instead
    page.select_option("#rotate-every", "hands")
    page.fill("#create-form input[name=rotate_hands]", "2")
    _shot(page, "mixed-form-laptop")
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    host = page.evaluate(f"JSON.parse(localStorage.getItem('pokerroom.host.{table}'))")
    page.wait_for_function("window.pokerroom && window.pokerroom.state")
    assert page.locator("#rotation").is_visible()
    assert _strip(page).startswith("HORSE · Limit hold'em")  # before the first hand
    post_json(server_url, f"/api/tables/{table}/pause", {"host": host})
    for seat in range(3):
        post_json(server_url, f"/api/tables/{table}/bots",
                  {"host": host, "policy": "station", "seat": seat})
    post_json(server_url, f"/api/tables/{table}/resume", {"host": host})
    # A limit hold'em hand: the strip counts down; the button is on the felt.
    page.wait_for_function(SHOWS, arg=["lhe", "Limit hold'em · 1 more hand, then Omaha hi-lo", 1])
    _shot(page, "mixed-lhe-laptop")
    # Razz: no button on the felt, and the strip says why.
    page.wait_for_function(SHOWS, arg=["razz", "Razz", 0])
    page.wait_for_function(SHOWS, arg=["razz", "no button in stud", 0])
    _shot(page, "mixed-razz-laptop")
    page.click("#tab-btn-info")
    assert page.locator("#info-rotation").inner_text() == (
        "HORSE: Limit hold'em, Omaha hi-lo eight or better, Razz, Seven-card stud, "
        "Seven-card stud hi-lo eight or better, changing every 2 hands")
    # The same table on a phone: the strip is on screen, within its width.
    phone = new_page(browser, PHONE, errors)
    phone.goto(f"{server_url}/t/{table}")
    phone.wait_for_function(SHOWS, arg=[None, "no button in stud", 0])
    box = phone.locator("#rotation").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    _shot(phone, "mixed-stud-phone")
    post_json(server_url, f"/api/tables/{table}/close", {"host": host})
    phone.context.close()
    page.context.close()


def test_the_lobby_form_for_a_mixed_table_on_a_phone(browser: Any, server_url: str,
                                                     errors: list[str]) -> None:
    """At 390 px the form's mixed-games fields fit; choosing one game again gives the
    game and betting back."""
    page = new_page(browser, PHONE, errors)
    page.goto(server_url + "/")
    page.wait_for_function("document.querySelector('#game option') !== null")
    page.select_option("#rotation", "eight_game")
    assert page.locator("#rotate-every").is_visible()
    assert not page.locator("#create-form input[name=rotate_hands]").is_visible()
    page.select_option("#rotate-every", "hands")
    hands = page.locator("#create-form input[name=rotate_hands]")
    hands.scroll_into_view_if_needed()
    box = hands.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    _shot(page, "mixed-form-phone")
    page.select_option("#rotation", "")
    assert page.locator("#game").is_visible()
    assert not page.locator("#rotate-every").is_visible()
    page.context.close()
