"""Play with friends over the internet (issue 24), in a real browser: the room behind
Debian's nginx speaking HTTPS (the site ``pokerroom nginx-config --tls-...`` renders,
deploy/nginx/pokerroom-tls.conf) with a certificate ``openssl`` made for the test,
the room started with ``--public-url https://poker.test:PORT``.  Chromium is told
that poker.test is 127.0.0.1 and to accept that one certificate (its public key's
hash), nothing else.

Alice, the host, on a laptop opens her table at https://poker.test:PORT, sits, and
copies the Invite link and the host link: both are on the public address (the
clipboard's text and the toast say so).  Bob, on a 390 px phone, opens the link he
was sent, sits, and they play with the action bar's buttons until a hand both acted
in is over, every socket on wss://poker.test.  A room without a public URL (a LAN)
links on the address the page was opened at, and says when that address opens on
the host's computer only (plain HTTP on a LAN is no secure context: no clipboard,
a box shows the link to copy).  Screenshots:
``tests/browser/artifacts/friends-*.png``.
"""

from __future__ import annotations

import functools
import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import (
    LAPTOP,
    PHONE,
    WatchedBrowser,
    chromium,
    click_if_ready,
    room_server,
    shot,
)
from tests.cluster.tls import NAME, HttpsRoom, https_room, spki_hash

ALICE, BOB = 0, 2
LAN = "lan.test"
"""A name for this machine as friends on a LAN reach it (Chromium maps it to 127.0.0.1)."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpsRoom]:
    with https_room(tmp_path_factory.mktemp("friends"), bot_delay=0.2, pause=0.8) as served:
        yield served


@pytest.fixture(scope="module")
def browser(room: HttpsRoom, playwright: Any) -> Iterator[WatchedBrowser]:
    """A Chromium of its own that finds poker.test at 127.0.0.1 and accepts the test's
    certificate (and no other bad one)."""
    with chromium(playwright, [f"--host-resolver-rules=MAP {NAME} 127.0.0.1, MAP {LAN} 127.0.0.1",
                   f"--ignore-certificate-errors-spki-list={spki_hash(room.certificate)}",
                   ]) as launched:
        yield WatchedBrowser(launched)


def _page(browser: WatchedBrowser, public: str, viewport: dict[str, int], who: str,
          errors: list[str], sockets: list[str]) -> Any:
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport, **({"is_mobile": True, "has_touch": True} if phone else {}))
    if public.startswith("https:") or "127.0.0.1" in public:  # a secure context
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=public)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(f"{who}: {exc}"))
    page.on("console", lambda m: errors.append(f"{who}: {m.text}") if m.type == "error"
            else None)
    page.on("websocket", lambda ws: sockets.append(ws.url))
    return page


def _sit(page: Any, seat: int, name: str) -> None:
    page.locator(f'.seat.empty[data-seat="{seat}"] button.sit').click()
    page.locator("#join-name").fill(name)
    page.locator("#join-buyin").fill("200")
    page.locator("#join-submit").click()
    page.locator(f'.seat[data-seat="{seat}"]:not(.empty)').wait_for()


def _answer(shown: list[tuple[str, str, str]], dialog: Any) -> None:
    """Note a dialog (its type, default value and message) and dismiss it."""
    shown.append((dialog.type, dialog.default_value, dialog.message))
    dialog.dismiss()


def _settled(toast: Any) -> None:
    """Wait for ``toast``'s entrance to finish (for a screenshot of it, not half-faded)."""
    toast.evaluate("el => Promise.all(el.getAnimations().map((a) => a.finished))")


def _log(page: Any) -> list[str]:
    return list(page.evaluate("() => window.pokerroom && window.pokerroom.state"
                              " ? window.pokerroom.state.log : []"))


def _both_acted_in_a_finished_hand(log: list[str]) -> bool:
    hand, acted, finished = None, set(), False
    for line in log:
        if re.match(r"^--- hand \d+ ---$", line):
            if hand is not None and {"Alice", "Bob"} <= acted:
                finished = True
            hand, acted = line, set()
        elif m := re.match(r"^(Alice|Bob) (?:checks|calls|bets|raises|folds)\b", line):
            acted.add(m.group(1))
    return finished


def test_friends_play_through_the_https_proxy_from_the_invite_link(
        room: HttpsRoom, browser: WatchedBrowser) -> None:
    public = f"https://{NAME}:{room.port}"
    made = room.api("/api/tables", {"name": "Friday game", "seats": 4})
    table, host = made["id"], made["host"]
    room.api(f"/api/tables/{table}/bots", {"policy": "station", "host": host, "seat": 1})
    errors: list[str] = []
    sockets: list[str] = []
    alice = _page(browser, public, LAPTOP, "alice", errors, sockets)
    alice.goto(f"{public}/t/{table}#host={host}")
    _sit(alice, ALICE, "Alice")

    # Invite: the table's link on the public address, in the clipboard and the toast.
    alice.locator("#invite").click()
    toast = alice.locator(".toast.info", has_text="Table link copied")
    toast.wait_for()
    _settled(toast)
    invite = alice.evaluate("() => navigator.clipboard.readText()")
    assert invite == f"{public}/t/{table}"
    assert invite in toast.inner_text() and "this computer only" not in toast.inner_text()
    shot(alice, "friends-laptop-invite")
    # The host link too (the host's tools, in the table's info tab).
    alice.locator("#tab-btn-info").click()
    alice.locator("#btn-host-link").click()
    alice.locator(".toast.info", has_text="Host link copied").wait_for()
    assert alice.evaluate("() => navigator.clipboard.readText()") == (
        f"{public}/t/{table}#host={host}")

    # Bob opens what he was sent, on his phone, and sits.
    bob = _page(browser, public, PHONE, "bob", errors, sockets)
    bob.goto(invite)
    _sit(bob, BOB, "Bob")
    deadline = time.monotonic() + 120  # a wait, not a bound
    while not _both_acted_in_a_finished_hand(_log(alice)):
        if time.monotonic() > deadline:
            pytest.fail(f"no hand both played finished: {_log(alice)[-30:]}")
        for page in (alice, bob):
            (click_if_ready(page, "#btn-call") or click_if_ready(page, "#btn-show")
             or click_if_ready(page, "#btn-post"))
        time.sleep(0.1)
    shot(alice, "friends-laptop-played")
    shot(bob, "friends-phone-played")
    # Bob invites someone else from his phone: the same public link.
    bob.locator("#invite").click()
    toast = bob.locator(".toast.info", has_text="Table link copied")
    toast.wait_for()
    _settled(toast)
    assert bob.evaluate("() => navigator.clipboard.readText()") == invite
    shot(bob, "friends-phone-invite")
    assert sockets and all(url.startswith(f"wss://{NAME}:{room.port}/") for url in sockets), \
        sockets
    assert not errors, errors
    for page in (alice, bob):
        page.context.close()
    assert "Traceback" not in Path(room.log).read_text(errors="replace")


lan_url = room_server("friends-lan")


def test_without_a_public_url_the_invite_is_on_the_address_the_page_was_opened_at(
        lan_url: str, browser: WatchedBrowser) -> None:
    port = lan_url.rsplit(":", 1)[1]
    made = json.loads(urllib.request.urlopen(urllib.request.Request(
        f"{lan_url}/api/tables", data=json.dumps({"name": "LAN game", "seats": 4}).encode(),
        headers={"Content-Type": "application/json"}), timeout=10).read())
    errors: list[str] = []
    for base, viewport, here_only in ((f"http://{LAN}:{port}", LAPTOP, False),
                                      (lan_url, PHONE, True)):
        page = _page(browser, base, viewport, base, errors, [])
        page.goto(f"{base}/t/{made['id']}")
        page.locator('.seat.empty[data-seat="0"]').wait_for()
        link = f"{base}/t/{made['id']}"
        if here_only:  # loopback is a secure context: the link is in the clipboard
            page.locator("#invite").click()
            toast = page.locator(".toast.info", has_text="Table link copied")
            toast.wait_for()
            _settled(toast)
            assert page.evaluate("() => navigator.clipboard.readText()") == link
            assert link in toast.inner_text()
            assert "this computer only" in toast.inner_text(), toast.inner_text()
            shot(page, "friends-phone-loopback-invite")
        else:  # plain HTTP on a LAN has no clipboard API: a box to copy the link from
            shown: list[tuple[str, str, str]] = []
            page.once("dialog", functools.partial(_answer, shown))
            page.locator("#invite").click()
            deadline = time.monotonic() + 10  # a wait, not a bound
            while not shown and time.monotonic() < deadline:
                page.wait_for_timeout(25)
            assert shown == [("prompt", link, "Copy this link for your friends:")], shown
        page.context.close()
    # Chromium says once per page that it ignores the room's Cross-Origin-Opener-Policy
    # on plain HTTP at a name that is not loopback (a LAN): not a fault of the page.
    assert not [e for e in errors if "Cross-Origin-Opener-Policy header has been ignored"
                not in e], errors
