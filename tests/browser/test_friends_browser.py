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
in is over, every socket on wss://poker.test.  Screenshots:
``tests/browser/artifacts/friends-*.png``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, WatchedBrowser, chromium, click_if_ready, shot
from tests.cluster.tls import NAME, HttpsRoom, https_room, spki_hash

ALICE, BOB = 0, 2


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpsRoom]:
    with https_room(tmp_path_factory.mktemp("friends"), bot_delay=0.2, pause=0.8) as served:
        yield served


@pytest.fixture(scope="module")
def browser(room: HttpsRoom) -> Iterator[WatchedBrowser]:
    """Chromium that finds poker.test at 127.0.0.1 and accepts the test's certificate
    (and no other bad one)."""
    with chromium([f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
                   f"--ignore-certificate-errors-spki-list={spki_hash(room.certificate)}",
                   ]) as launched:
        yield WatchedBrowser(launched)


def _page(browser: WatchedBrowser, public: str, viewport: dict[str, int], who: str,
          errors: list[str], sockets: list[str]) -> Any:
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport, **({"is_mobile": True, "has_touch": True} if phone else {}))
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
    bob.locator(".toast.info", has_text="Table link copied").wait_for()
    assert bob.evaluate("() => navigator.clipboard.readText()") == invite
    shot(bob, "friends-phone-invite")
    assert sockets and all(url.startswith(f"wss://{NAME}:{room.port}/") for url in sockets), \
        sockets
    assert not errors, errors
    for page in (alice, bob):
        page.context.close()
    assert "Traceback" not in Path(room.log).read_text(errors="replace")
