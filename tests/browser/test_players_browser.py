"""Acting ahead, seeing the action and the host's tools (issue 14, items 2 and 3) in
a real browser: pre-actions (one cancelled by a raise, one played on the turn), the
seats' action labels, the chat (an HTML attack shown as text), the time bank, the
turn's beep and flashing title, and the host's controls (remove a bot, remove a
player, chat off, the ledger, pause).  Screenshots (laptop 1280x800, phone 390 px)
in ``artifacts/``; Chromium missing fails, it does not skip."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.support import LAPTOP, PHONE, open_as, room_server, shot, until
from tests.browser.test_hands_browser import _http

server_url = room_server("players", bot_delay=0.02, pause_between_hands=0.3)

XSS = "<img src=x onerror=alert(1)>"


def _page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    context = browser.new_context(viewport=viewport, **(
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
        if viewport == PHONE else {}))
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message}"),
                                      dialog.dismiss()))
    return page


def _seat_page(page: Any, url: str, table: str, joined: dict[str, Any] | None,
               name: str = "", host: str | None = None) -> None:
    """Open the table as the person who joined (their seat token in localStorage, as
    the join dialog leaves it), and as its host when ``host`` is given."""
    open_as(page, url, table, joined, name, host)
    page.locator("#layer .seat").first.wait_for()


def _state(url: str, table: str) -> dict[str, Any]:
    return dict(_http(f"{url}/api/tables/{table}")["state"])


def _until(what: str, condition: Any, seconds: float = 10.0) -> Any:
    return until(what, condition, seconds)


def test_pre_actions_labels_and_chat(server_url: str, browser: Any) -> None:
    """Three players.  The small blind ticks 'Call 1'; the button raises to 4: its
    seat reads 'Raise 4' on every screen, and the small blind is told the call is
    cancelled and gets the action bar (Call 3).  The big blind ticks 'Call 2' and it
    is played the moment the small blind calls: the flop comes with no click of
    theirs.  Chat: Alice sends an <img onerror> line; Bob's phone shows it as text
    (no image, no alert)."""
    made = _http(f"{server_url}/api/tables", {"name": "Ahead", "seats": 3,
                                              "action_seconds": 600})
    table, host = made["id"], made["host"]
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    joined = {name: _http(f"{server_url}/api/tables/{table}/join",
                          {"name": name, "seat": seat, "buy_in": 200})
              for seat, name in enumerate(("Alice", "Bob", "Carol"))}
    errors: list[str] = []
    pages = {"Alice": _page(browser, LAPTOP, errors), "Bob": _page(browser, PHONE, errors),
             "Carol": _page(browser, LAPTOP, errors)}
    for name, page in pages.items():
        _seat_page(page, server_url, table, joined[name], name)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    hand = _until("a hand is dealt", lambda: _state(server_url, table)["hand"])
    names = ["Alice", "Bob", "Carol"]
    button = hand["actor"]  # three-handed, the button acts first before the flop
    small, big = (button + 1) % 3, (button + 2) % 3
    pb, ps, pg = pages[names[button]], pages[names[small]], pages[names[big]]

    # The small blind chooses 'Call 1' ahead of the turn; the page shows it ticked.
    ps.locator("#preactions input[data-kind='call']").check()
    ps.locator("#preactions .pre.on", has_text="Call 1").wait_for()
    shot(ps, f"{'phone' if names[small] == 'Bob' else 'laptop'}-preaction-chosen")
    # The button raises to 4 (the minimum): everyone sees the label on its seat.
    pb.locator("#btn-raise").click()
    for page in pages.values():
        page.locator(f"#layer .seat[data-seat='{button}'] .act-label",
                     has_text="Raise 4").wait_for()
    # The small blind's choice is cancelled: told why, and it is their turn to act.
    ps.locator(".toast", has_text="is cancelled").wait_for()
    assert "call 1" in ps.locator(".toast", has_text="is cancelled").inner_text()
    ps.locator("#btn-call", has_text="Call 3").wait_for()
    shot(ps, f"{'phone' if names[small] == 'Bob' else 'laptop'}-preaction-cancelled")
    # The big blind ticks 'Call 2'; the small blind calls; the big blind's call is
    # played for them and the flop is dealt.
    pg.locator("#preactions input[data-kind='call'][data-amount='2']").check()
    pg.locator("#preactions .pre.on", has_text="Call 2").wait_for()
    ps.locator("#btn-call").click()
    flop = _until("the flop", lambda: (s := _state(server_url, table))["hand"]
                  and s["hand"]["street"] == "flop" and s)
    log = "\n".join(flop["log"])
    assert (f"{names[button]} raises to 4\n{names[small]} calls 3\n{names[big]} calls 2\n"
            in log), log
    assert all(s is None or s.get("label") is None for s in flop["seats"])  # a new street

    # Chat: Alice's attack line reaches Bob's phone as text.
    alice, bob = pages["Alice"], pages["Bob"]
    alice.locator("#tab-btn-chat").click()
    alice.locator("#chat-text").fill(XSS)
    alice.locator("#chat-send").click()
    bob.locator("#chat-unread", has_text="1").wait_for()
    bob.locator("#tab-btn-chat").click()
    line = bob.locator("#chat-lines .chat-line").last
    line.wait_for()
    assert line.locator("b").inner_text() == "Alice"
    assert line.locator("span").inner_text() == XSS
    assert bob.locator("#chat-lines img").count() == 0
    assert alice.locator("#chat-lines .chat-line.mine span").inner_text() == XSS
    bob.locator("#chat-text").fill("nice try")
    bob.locator("#chat-form button").click()
    alice.locator("#chat-lines .chat-line", has_text="nice try").wait_for()
    time.sleep(0.3)
    shot(alice, "laptop-chat")
    bob.locator("#chat-form").scroll_into_view_if_needed()
    shot(bob, "phone-chat")
    assert not errors, errors


def test_the_time_bank_the_beep_and_the_flashing_title(server_url: str, browser: Any) -> None:
    """A 1 s action clock and a 90 s bank: when Alice's clock runs out her seat says
    'Time bank' and the bar runs on; she folds with most of it left, and the state
    keeps what is left (a 20 s bank left a slow machine 5 s for the screenshots in
    between).  With the tab hidden and the sound on, her next turn beeps
    and the title flashes 'YOUR TURN'."""
    made = _http(f"{server_url}/api/tables", {"name": "Bank", "seats": 2, "action_seconds": 1,
                                              "time_bank": 90, "sit_out_after": 100})
    table, host = made["id"], made["host"]
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    joined = _http(f"{server_url}/api/tables/{table}/join",
                   {"name": "Alice", "seat": 0, "buy_in": 200})
    _http(f"{server_url}/api/tables/{table}/bots", {"policy": "station", "host": host,
                                                    "seat": 1})
    errors: list[str] = []
    page = _page(browser, LAPTOP, errors)
    _seat_page(page, server_url, table, joined, "Alice")
    page.locator("#tab-btn-info").click()
    page.locator("#turn-sound").check()
    page.locator("#confirm-free-fold").uncheck()  # folds at once with a check free (issue 24)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    page.locator("#btn-fold").wait_for()
    page.locator("#my-bank", has_text="Time bank 90s").wait_for()
    page.locator("#layer .seat[data-seat='0'] .tag.bank", has_text="Time bank").wait_for(
        timeout=30_000)
    time.sleep(0.5)
    assert int(page.locator("#my-clock").inner_text().rstrip("s")) > 60
    assert page.locator("#layer .seat[data-seat='0'] .clock i.bank").count() == 1
    shot(page, "laptop-time-bank")
    page.set_viewport_size(PHONE)
    time.sleep(0.3)
    shot(page, "phone-time-bank")
    page.set_viewport_size(LAPTOP)
    beeps = int(page.evaluate("document.body.dataset.beeps || 0"))
    # The tab is hidden (as if Alice looked elsewhere) before she folds: her next turn,
    # which may come before anything below has looked, flashes the title.
    page.evaluate("Object.defineProperty(document, 'hidden', {get: () => true})")
    page.locator("#btn-fold").click()
    left = _until("the bank is kept", lambda: (s := _state(server_url, table))["seats"][0]
                  and s["seats"][0]["time_bank"] < 90 and s["seats"][0]["time_bank"])
    assert 60 <= left < 90, left
    page.wait_for_function("document.title.includes('YOUR TURN')", timeout=15_000)
    assert int(page.evaluate("document.body.dataset.beeps || 0")) > beeps
    page.locator("#btn-fold").click()
    assert not errors, errors


def test_the_host_controls_in_the_page(server_url: str, browser: Any) -> None:
    """Alice hosts; Bob and two bots play.  From the Table tab she removes a bot and
    then Bob (his page is told and watches), locks the table (Bob's empty seats say
    "Locked"), turns the chat off (Bob's chat box is off, saying why), reads the
    ledger (Bob cashed out, nets summing to zero) and pauses the table.
    Laptop and phone screenshots."""
    made = _http(f"{server_url}/api/tables", {"name": "Home game", "seats": 6,
                                              "action_seconds": 600})
    table, host = made["id"], made["host"]
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    alice = _http(f"{server_url}/api/tables/{table}/join",
                  {"name": "Alice", "seat": 0, "buy_in": 200})
    bob = _http(f"{server_url}/api/tables/{table}/join",
                {"name": "Bob", "seat": 2, "buy_in": 150})
    for seat in (1, 3):
        _http(f"{server_url}/api/tables/{table}/bots", {"policy": "station", "host": host,
                                                        "seat": seat})
    errors: list[str] = []
    page = _page(browser, LAPTOP, errors)
    _seat_page(page, server_url, table, alice, "Alice", host=host)
    bob_page = _page(browser, PHONE, errors)
    _seat_page(bob_page, server_url, table, bob, "Bob")
    page.locator("#tab-btn-info").click()
    page.locator("#host-seats li").nth(2).wait_for()  # Bob and two bots: not her own seat
    assert page.locator("#host-seats button", has_text="Remove bot").count() == 2
    shot(page, "laptop-host-tools")
    # Remove the bot in seat 4 (between hands: at once).
    page.locator("#host-seats button[data-seat='3']").click()
    _until("the bot left", lambda: _state(server_url, table)["seats"][3] is None)
    page.locator("#host-seats button[data-seat='3']").wait_for(state="detached")
    # Remove Bob: confirmed, his page is told and he watches.
    page.locator("#host-seats button[data-seat='2']").click()
    page.locator("#confirm-yes").click()
    bob_page.locator(".toast", has_text="The host removed you from the table").wait_for()
    _until("Bob left", lambda: _state(server_url, table)["seats"][2] is None)
    bob_page.locator("#layer .seat.empty button.sit").first.wait_for()
    # Lock the table: Bob, watching, cannot come back under another name; the empty
    # seats say "Locked" and do not open the join form.
    page.locator("#host-lock").check()
    bob_page.locator("#layer .seat.empty button.sit", has_text="Locked").first.wait_for()
    assert all(b.is_disabled() for b in bob_page.locator("#layer .seat.empty button.sit").all())
    bob_page.locator("#dock", has_text="The host has locked this table").wait_for()
    _until("the table locked", lambda: _state(server_url, table)["table"]["locked"])
    page.locator("#host-lock:checked").wait_for()
    shot(bob_page, "phone-table-locked")
    # Chat off: Bob (watching now) cannot type, and is told why.
    page.locator("#host-chat-on").uncheck()
    bob_page.locator("#tab-btn-chat").click()
    bob_page.locator("#chat-note", has_text="turned the chat off").wait_for()
    assert bob_page.locator("#chat-text").is_disabled()
    # The ledger: Alice and Bob (cashed out 150), the bots; nets sum to zero.
    page.locator("#btn-ledger").click()
    page.locator("#ledger-table tr[data-name='Bob']").wait_for()
    cells = page.locator("#ledger-table tr[data-name='Bob'] td").all_inner_texts()
    assert cells[:4] == ["Bob", "150", "0", "150"] and cells[5] == "0", cells
    rows = _http(f"{server_url}/api/tables/{table}/ledger/players", {"host": host})
    assert sum(r["net"] for r in rows) == 0
    assert page.locator("#ledger-table tbody tr").count() == len(rows)
    # Pause from the page, then look at it on a laptop and a phone.
    page.locator("#btn-pause", has_text="Resume dealing").wait_for()  # paused from the API
    page.locator("#btn-pause").click()
    page.locator("#btn-pause", has_text="Pause after this hand").wait_for()
    page.locator("#btn-pause").click()
    page.locator("#btn-pause", has_text="Resume dealing").wait_for()
    page.locator("#btn-ledger").click()
    page.locator("#ledger-table").wait_for()
    shot(page, "laptop-host-ledger")
    page.set_viewport_size(PHONE)
    time.sleep(0.3)
    page.locator("#ledger-table").scroll_into_view_if_needed()
    shot(page, "phone-host-ledger")
    shot(bob_page, "phone-chat-off")
    assert not errors, errors


def test_the_create_form_sets_the_time_bank(server_url: str, browser: Any) -> None:
    """The lobby's form has a 'Time bank (s)' beside the action clock; 45 there makes a
    table whose state (and Table tab) says 45 s each."""
    errors: list[str] = []
    page = _page(browser, LAPTOP, errors)
    page.goto(server_url + "/")
    page.locator('#create-form input[name="name"]').fill("Banked")
    page.locator('#create-form input[name="time_bank"]').fill("45")
    page.locator('#create-form input[name="time_bank"]').scroll_into_view_if_needed()
    shot(page, "laptop-create-time-bank")
    page.locator("#create-submit").click()
    page.wait_for_url(re.compile(r".*/t/[0-9a-f]+$"))
    table = page.url.rsplit("/", 1)[1]
    assert _state(server_url, table)["table"]["time_bank"] == 45
    page.locator("#tab-btn-info").click()
    page.locator("#tab-info dd", has_text="45s each").wait_for()
    assert not errors, errors
