"""The host's tools for the next hand and the settle-up (issue 24, item 2) in a real
browser: the host (a laptop, 1366x768) plans a bomb pot, changes the blinds and moves
a player from the Table tab; the friend on a phone (390 px) sees each plan, the new
blinds and their own new seat; the host downloads the ledger's CSV and sees who pays
whom; the table closes and the phone shows its summary.  The host's panel is also
shot at 390 px.  Screenshots in /tmp/shots-hosttools (never in the repository)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from tests.browser.support import PHONE, new_page, open_as, room_server, until
from tests.browser.test_hands_browser import _http

server_url = room_server("hosttools", bot_delay=0.02, pause_between_hands=0.3)

LAPTOP_1366 = {"width": 1366, "height": 768}
SHOTS = Path("/tmp/shots-hosttools")


def _shot(page: Any, name: str, *, full: bool = False) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def _open(page: Any, url: str, table: str, joined: dict[str, Any] | None, name: str,
          host: str | None = None) -> None:
    """The table's page as the person who joined (their token where the join dialog
    leaves it) and as its host when ``host`` is given."""
    open_as(page, url, table, joined, name, host)
    page.locator("#layer .seat").first.wait_for()


def _state(url: str, table: str) -> dict[str, Any]:
    return dict(_http(f"{url}/api/tables/{table}")["state"])


def test_the_host_plans_the_next_hand_and_settles_up(server_url: str, browser: Any) -> None:
    made = _http(f"{server_url}/api/tables", {"name": "Friday game", "seats": 6,
                                              "action_seconds": 600})
    table, host = made["id"], made["host"]
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    alice = _http(f"{server_url}/api/tables/{table}/join",
                  {"name": "Alice", "seat": 0, "buy_in": 200})
    bob = _http(f"{server_url}/api/tables/{table}/join",
                {"name": "Bob", "seat": 3, "buy_in": 150})
    _http(f"{server_url}/api/tables/{table}/bots", {"policy": "station", "host": host,
                                                    "seat": 1})
    errors: list[str] = []
    laptop = new_page(browser, LAPTOP_1366, errors)
    phone = new_page(browser, PHONE, errors)
    _open(laptop, server_url, table, alice, "Alice", host)
    _open(phone, server_url, table, bob, "Bob")

    # The host's panel: the Table tab's Next hand tools.
    laptop.locator("#tab-btn-info").click()
    laptop.locator("#host-stakes").wait_for()
    assert laptop.locator("#host-stake-big_blind").input_value() == "2"

    # A bomb pot: the phone is told until the deal.
    laptop.locator("#host-bomb-ante").fill("5")
    laptop.locator("#btn-bomb").click()
    phone.locator("#host-notices", has_text="bomb pot next hand: everyone antes 5").wait_for()
    laptop.locator("#btn-bomb-off").wait_for()
    laptop.locator("#host-settle").scroll_into_view_if_needed()
    _shot(laptop, "laptop-host-panel")
    _shot(phone, "phone-bomb-pot-notice")

    # New blinds between hands: the table's at once, the header and log say so.
    laptop.locator("#host-stake-small_blind").fill("2")
    laptop.locator("#host-stake-big_blind").fill("4")
    laptop.locator("#btn-stakes").click()
    phone.locator("#t-sub", has_text="2/4").wait_for()
    assert _state(server_url, table)["table"]["big_blind"] == 4
    # A bad size: the host is told why, nothing changes.
    laptop.locator("#host-stake-small_blind").fill("9")
    laptop.locator("#btn-stakes").click()
    laptop.locator(".toast", has_text="small_blind <= big_blind").wait_for()
    assert _state(server_url, table)["table"]["small_blind"] == 2
    until("the refusal in the console", lambda: errors)  # the browser logs each 400
    assert errors == ["Failed to load resource: the server responded with a status of "
                      "400 (Bad Request)"], errors
    errors.clear()

    # A seat change: Bob moves from seat 4 to seat 6; his phone follows him.
    laptop.locator("#host-move-from").select_option("3")
    laptop.locator("#host-move-to").select_option("5")
    laptop.locator("#btn-move").click()
    until("Bob's page in seat 6",
          lambda: phone.evaluate("document.body.dataset.seat") == "5")
    assert phone.locator("#layer .seat[data-seat='5']", has_text="Bob").count() == 1
    _shot(phone, "phone-after-seat-change")

    # The bomb pot is dealt: everyone antes 5.
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    until("the bomb pot's deal", lambda: any("Bomb pot: everyone antes 5" in line
                                             for line in _state(server_url, table)["log"]))
    phone.locator("#host-notices").wait_for(state="hidden")
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})

    # The ledger as CSV, and who pays whom.
    laptop.locator("#tab-btn-info").click()
    with laptop.expect_download() as downloading:
        laptop.locator("#btn-ledger-csv").click()
    download = downloading.value
    assert download.suggested_filename == f"ledger-{table}.csv"
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text())))
    assert {r["name"] for r in rows} == {"Alice", "Bob", "Bot 1"}
    assert next(r for r in rows if r["name"] == "Bob")["buy_in"] == "150"
    laptop.locator("#btn-settle").click()
    laptop.locator("#summary-table").wait_for()
    laptop.locator("#transfers").scroll_into_view_if_needed()
    _shot(laptop, "laptop-settle-up")

    # The host's panel on a phone.
    host_phone = new_page(browser, PHONE, errors)
    _open(host_phone, server_url, table, None, "", host)
    host_phone.locator("#tab-btn-info").click()
    host_phone.locator("#host-stakes").scroll_into_view_if_needed()
    _shot(host_phone, "phone-host-panel")
    width = host_phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the host's panel is {width} px wide on a 390 px phone"

    # Seat approval: Carol's join waits; refused, her phone says so; asked again and
    # accepted from the host's notices bar, she sits down.
    laptop.locator("#host-approve").check()
    until("approval on", lambda: _state(server_url, table)["table"]["host_tools"]
          ["approve_seats"])
    carol = new_page(browser, PHONE, errors)
    _open(carol, server_url, table, None, "")

    def ask() -> None:
        carol.locator('.seat.empty[data-seat="4"] button.sit').click()
        carol.locator("#join-name").fill("Carol")
        carol.locator("#join-buyin").fill("120")
        carol.locator("#join-submit").click()
        carol.locator("#host-notices", has_text="waiting for the host to accept you").wait_for()

    ask()
    assert "Carol" not in {r["name"] for r in _http(
        f"{server_url}/api/tables/{table}/ledger/players", {"host": host})}
    _shot(carol, "phone-waiting-for-the-host")
    request = laptop.locator("#host-notices .seat-request", has_text="Carol asks for seat 5")
    request.wait_for()
    _shot(laptop, "laptop-seat-request")
    request.locator("button", has_text="Refuse").click()
    carol.locator(".toast", has_text="The host refused your request").wait_for()
    carol.locator("#host-notices .seat-request").wait_for(state="detached")
    ask()
    laptop.locator("#host-notices .seat-request button", has_text="Accept").click()
    carol.locator(".toast", has_text="The host accepted you").wait_for()
    until("Carol's page in seat 5", lambda: carol.evaluate("document.body.dataset.seat") == "4")
    _shot(carol, "phone-accepted")

    # The table closes: everyone's page shows the summary.
    laptop.locator("#btn-close-table").click()
    laptop.locator("#confirm-yes").click()
    phone.locator("#table-summary", has_text="settle up").wait_for()
    phone.locator("#table-summary #summary-table").wait_for()
    _shot(phone, "phone-closed-summary")
    _shot(laptop, "laptop-closed-summary")
    assert not errors, errors


def test_a_full_tables_waitlist_offers_the_open_seat(server_url: str, browser: Any) -> None:
    """A two-seat table is full: Carol's phone offers the waitlist; she puts her name
    down and sees her place; the host removes Bob and her phone offers her his seat
    with the seconds left; she takes it through the buy-in dialog and sits down."""
    made = _http(f"{server_url}/api/tables", {"name": "Full house", "seats": 2,
                                              "action_seconds": 600})
    table, host = made["id"], made["host"]
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    for seat, name in enumerate(("Alice", "Bob")):
        _http(f"{server_url}/api/tables/{table}/join", {"name": name, "seat": seat,
                                                        "buy_in": 200})
    errors: list[str] = []
    carol = new_page(browser, PHONE, errors)
    _open(carol, server_url, table, None, "")
    carol.locator("#waitlist-name").fill("Carol")
    carol.locator("#btn-waitlist").click()
    carol.locator("#waitlist-place", has_text="You are number 1 on the waitlist").wait_for()
    carol.locator("#waitlist", has_text="Waitlist: Carol").wait_for()
    _shot(carol, "phone-waitlist-place")
    _http(f"{server_url}/api/tables/{table}/kick", {"host": host, "seat": 1})
    carol.locator("#waitlist-offer", has_text="Seat 2 is yours").wait_for()
    left = int(carol.locator("#offer-left").inner_text())
    assert 0 < left <= 60, left
    _shot(carol, "phone-waitlist-offer")
    carol.locator("#btn-take-seat").click()
    carol.locator("#join-buyin").fill("150")
    carol.locator("#join-submit").click()
    until("Carol seated", lambda: carol.evaluate("document.body.dataset.seat") == "1")
    state = _state(server_url, table)
    assert state["seats"][1]["name"] == "Carol" and state["seats"][1]["stack"] == 150
    assert state["table"]["host_tools"]["waitlist"] == []
    assert not errors, errors
