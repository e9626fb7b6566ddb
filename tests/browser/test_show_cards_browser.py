"""Show cards by choice and the rabbit hunt on the page (issue 24, item 9): Alice on a
laptop (1366x768) and Bob on a phone (390 px), heads-up at a table whose host turned
the rabbit hunt on.  Whoever acts first folds: the hand ends before the flop.  Both
felts show the five board cards that would have come, marked not played; the folder
is offered to show their cards, the winner too; the folder shows one card, the winner
both: each page shows them at the seat and in the log, and neither page ever holds a
card of the other's that was not shown.

Screenshots land in tests/browser/artifacts (``show-*.png``).
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.support import PHONE, new_page, open_as, post_json, room_server, shot

LAPTOP = {"width": 1366, "height": 768}

# A long pause between hands: the hand that ended stays on the felt while we look.
server_url = room_server("shows", bot_delay=0.05, pause_between_hands=60)


def _seated_page(browser: Any, url: str, table: str, joined: dict[str, Any], name: str,
                 viewport: dict[str, int], errors: list[str]) -> Any:
    """The table's page for a sitting joined through the API (its token in the page's
    storage, as the join dialog keeps it)."""
    page = new_page(browser, viewport, errors)
    open_as(page, url, table, joined, name)
    page.wait_for_function("window.pokerroom && window.pokerroom.state"
                           " && window.pokerroom.state.you")
    return page


def _state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("window.pokerroom.state"))


def test_fold_show_one_card_winner_shows_both_and_the_rabbit(browser: Any, server_url: str,
                                                             errors: list[str]) -> None:
    made = post_json(server_url, "/api/tables", {
        "name": "Rabbit night", "seats": 2, "action_seconds": 600,
        "new_player_must_post": False, "rabbit_hunt": True})
    table, host = made["id"], made["host"]
    post_json(server_url, f"/api/tables/{table}/pause", {"host": host})
    joined = {name: post_json(server_url, f"/api/tables/{table}/join",
                              {"name": name, "seat": seat, "buy_in": 200})
              for seat, name in enumerate(("Alice", "Bob"))}
    alice = _seated_page(browser, server_url, table, joined["Alice"], "Alice", LAPTOP, errors)
    bob = _seated_page(browser, server_url, table, joined["Bob"], "Bob", PHONE, errors)
    post_json(server_url, f"/api/tables/{table}/resume", {"host": host})
    pages = {"Alice": alice, "Bob": bob}
    for page in pages.values():
        page.wait_for_function("window.pokerroom.state.hand !== null")
    cards = {name: [c for c in _state(p)["seats"][joined[name]["seat"]]["cards"] if c]
             for name, p in pages.items()}
    # Whoever acts first folds (the small blind, facing the big blind: no free check).
    first = next(n for n, p in pages.items() if p.evaluate(
        "window.pokerroom.state.you.legal !== null"))
    winner = "Bob" if first == "Alice" else "Alice"
    folder_page, winner_page = pages[first], pages[winner]
    folder_page.wait_for_function("document.getElementById('btn-fold') !== null")
    folder_page.click("#btn-fold")
    for page in pages.values():
        page.wait_for_function("""() => { const s = window.pokerroom.state;
            return s.hand === null && s.shown && s.shown.rabbit.length === 5; }""")
        page.wait_for_function(
            "document.querySelectorAll('#rabbit .card.rabbit-card').length === 5")
        assert "not played" in page.locator("#rabbit").inner_text().lower()
    rabbit = _state(alice)["shown"]["rabbit"]
    assert not set(rabbit) & set(cards["Alice"] + cards["Bob"])  # never anyone's card
    # The offers: the folder's and the winner's, in their own docks only.
    folder_page.wait_for_function("document.querySelector('#show-cards') !== null")
    assert "You folded" in folder_page.locator("#show-cards").inner_text()
    winner_page.wait_for_function("document.querySelector('#show-cards') !== null")
    assert "won without a showdown" in winner_page.locator("#show-cards").inner_text()
    shot(alice, "show-offer-laptop")
    shot(bob, "show-offer-phone")
    # The folder shows one card; the winner shows both.
    folder_page.locator("#show-cards [data-show='0']").click()
    winner_page.locator("#btn-show-all").click()
    shown_line = f"{first} shows {cards[first][0]} (after folding)"
    both_line = f"{winner} shows {''.join(cards[winner])} (after winning without a showdown)"
    for page in pages.values():
        page.wait_for_function("""([a, b]) => { const log = window.pokerroom.state.log;
            return log.includes(a) && log.includes(b); }""", arg=[shown_line, both_line])
        folder_seat = page.locator(f"#layer .seat[data-seat='{joined[first]['seat']}']")
        page.wait_for_function("""([seat, card]) => !!document.querySelector(
            `#layer .seat[data-seat='${seat}'] .hole .card[data-card='${card}']`)""",
                               arg=[joined[first]["seat"], cards[first][0]])
        assert folder_seat.locator(".hole .card.back").count() == 1  # the one not shown
        winner_seat = page.locator(f"#layer .seat[data-seat='{joined[winner]['seat']}']")
        for card in cards[winner]:
            page.wait_for_function("""([seat, card]) => !!document.querySelector(
                `#layer .seat[data-seat='${seat}'] .hole .card[data-card='${card}']`)""",
                                   arg=[joined[winner]["seat"], card])
        assert winner_seat.locator(".hole .card").count() == 2
    # The winner's page never held the folder's card that stayed hidden.
    hidden = f'"{cards[first][1]}"'
    assert hidden not in json.dumps(winner_page.evaluate("window.pokerroom.state"))
    folder_page.wait_for_function(
        "document.querySelector('#show-cards [data-show=\"1\"]') !== null")
    shot(alice, "show-shown-laptop")
    shot(bob, "show-shown-phone")
    post_json(server_url, f"/api/tables/{table}/close", {"host": host})
    alice.context.close()
    bob.context.close()


def test_the_host_turns_the_rabbit_hunt_on_in_the_form_and_off_at_the_table(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """On a phone: the create form's advanced house rules have the rabbit hunt; the
    table says it is on (Table tab) and its host turns it off there."""
    page = new_page(browser, PHONE, errors)
    page.goto(server_url + "/")
    page.wait_for_function("document.querySelector('#game option') !== null")
    page.fill("#create-form input[name=name]", "Hunt")
    page.click("#house-more summary")
    page.check("#create-form input[name=rabbit_hunt]")
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    page.wait_for_function("window.pokerroom && window.pokerroom.state"
                           " && window.pokerroom.state.table.rabbit_hunt === true")
    page.click("#tab-btn-info")
    assert "the board that would have come" in page.locator("#info-rabbit").inner_text()
    box = page.locator("#host-rabbit")
    box.scroll_into_view_if_needed()
    assert box.is_checked()
    shot(page, "show-rabbit-host-phone")
    box.uncheck()
    page.wait_for_function("window.pokerroom.state.table.rabbit_hunt === false")
    page.wait_for_function("window.pokerroom.state.log.includes("
                           "'The host turned the rabbit hunt off')")
    table = page.url.rsplit("/", 1)[1]
    host = page.evaluate(f"JSON.parse(localStorage.getItem('pokerroom.host.{table}'))")
    post_json(server_url, f"/api/tables/{table}/close", {"host": host})
    page.context.close()
