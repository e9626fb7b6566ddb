"""The room on three workers behind nginx, in a real browser (issue 15): two people
play at a table through the proxy, the worker serving it is killed with kill -9, and
their pages come back by themselves, served by another worker.

PostgreSQL, three ``pokerroom serve --worker`` processes and Debian's nginx run on
loopback (tests/cluster/harness.py, with its audit of which process wrote each row).
A table with one bot is made through nginx; Alice (laptop) and Bob (a 390 px phone)
open its page through nginx in Chromium and take seats with the page's join dialog.
They play with the action bar's buttons until a hand they both acted in is over,
and on into the next one.  At Alice's turn the table's owner is killed (SIGKILL):

- both pages show the connection-lost banner and disable Alice's buttons;
- the pages reconnect through nginx on their own (socket.js follows the room's
  ``moved`` message to the new owner's ``/w/NAME/ws/...``, or nginx's shared address
  reaches the new owner directly), the banner goes, the new owner's state says the
  same hand resumed, and Alice's buttons are back;
- Alice's and Bob's clicks after the kill show in the hand log, every action stored
  after the kill was written (the harness's audit) by the worker that took the table
  over, the table's hands stay whole and its ledger balances.

Screenshots of the reconnected page (laptop and phone) land in
``tests/browser/artifacts/cluster-*.png``.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, click_if_ready, ready, shot
from tests.cluster.checks import database_now, hand_problems
from tests.cluster.harness import Cluster, api, cluster, tracebacks

ALICE, BOB = 1, 3  # their seats (the bot takes the first free one)

# What a page shows, in one go.
PAGE_JS = """() => {
  const room = window.pokerroom;
  const state = room ? room.state : null;
  const banner = document.getElementById("offline-banner");
  return {
    phase: document.body.dataset.phase || "",
    hand: document.body.dataset.hand || "",
    seat: document.body.dataset.seat || "",
    offline: document.body.classList.contains("offline"),
    banner: banner && !banner.hidden ? banner.textContent : "",
    log: state ? state.log : [],
  };
}"""

# Errors a page may log while its table's worker is dead: its socket's connection
# refused by nginx (502: the worker a 'moved' named has just died) or a request
# answered 503 table_moving.  Anything else (a script error above all) fails.
EXPECTED_CONSOLE = re.compile(
    r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/(w/\w+/)?ws/tables/\w+' failed"
    r"|Failed to load resource: the server responded with a status of 50[23]")


_ACTION = r"^(Alice|Bob) (?:checks|calls|bets|raises|folds)\b"


def _sit(page: Any, seat: int, name: str) -> None:
    page.locator(f'.seat.empty[data-seat="{seat}"] button.sit').click()
    page.locator("#join-name").fill(name)
    page.locator("#join-buyin").fill("200")
    page.locator("#join-submit").click()
    page.locator(f'.seat[data-seat="{seat}"]').wait_for()


def _play(pages: list[Any]) -> None:
    """One round of clicks: whoever may act checks or calls (or shows, or posts)."""
    for page in pages:
        (click_if_ready(page, "#btn-call") or click_if_ready(page, "#btn-show")
         or click_if_ready(page, "#btn-post"))


def _acted(log: list[str]) -> dict[int, Counter[str]]:
    """Hand number -> how many times each player acted in it, from a page's log."""
    acted: dict[int, Counter[str]] = {}
    hand = None
    for line in log:
        if m := re.match(r"^--- hand (\d+) ---$|^hand (\d+) resumed after a restart", line):
            hand = int(m.group(1) or m.group(2))
        elif hand is not None and (m := re.match(_ACTION, line)):
            acted.setdefault(hand, Counter())[m.group(1)] += 1
    return acted


def _after_resume(log: list[str], hand: int) -> dict[int, Counter[str]]:
    """:func:`_acted` on the lines after the one saying ``hand`` resumed on the new
    owner (the lines before it, the hand so far, are not counted)."""
    marker = f"hand {hand} resumed after a restart"
    if marker not in log:
        return {}
    start = len(log) - log[::-1].index(marker) - 1
    return _acted(log[start:])


def _stored_after(db: Any, table: str, since: float) -> list[tuple[str, int]]:
    """(process, hand number) of each action stored at ``table`` after ``since`` (the
    database's clock), from the harness's audit."""
    rows = db.execute(
        "SELECT a.app, h.number FROM cluster_audit a "
        "JOIN hands h ON h.id = (a.row_key->>'hand_id')::int "
        "WHERE a.tbl = 'actions' AND a.op = 'INSERT' AND a.at > %s AND h.table_id = %s "
        "ORDER BY a.id", (since, table)).fetchall()
    return [(str(app), int(number)) for app, number in rows]


def _owner(room: Cluster, table: str, *, within: float = 10.0) -> Any:
    deadline = time.monotonic() + within
    while (owner := room.owner_of(table)) is None:
        if time.monotonic() > deadline:
            pytest.fail(f"no worker owns table {table} (GET /api/worker on each)")
        time.sleep(0.2)
    return owner


def test_kill_9_of_the_tables_worker_the_pages_reconnect_through_nginx(
        tmp_path: Path, browser: Any) -> None:
    started = time.monotonic()
    errors: list[str] = []
    sockets: dict[str, list[str]] = {"alice": [], "bob": []}
    with cluster(3, directory=tmp_path, audit=True, pause=1.0) as room:
        base = f"http://127.0.0.1:{room.port}"
        created = api(room.port, "/api/tables", {"name": "Failover", "seats": 4})
        table = created["id"]
        api(room.port, f"/api/tables/{table}/bots", {"policy": "station", "host": created["host"]})
        db = room.connect()

        contexts = [browser.new_context(viewport=LAPTOP),
                    browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                        has_touch=True)]
        try:
            alice, bob = (ctx.new_page() for ctx in contexts)
            for page, who in ((alice, "alice"), (bob, "bob")):
                page.set_default_timeout(30_000)
                page.on("pageerror", lambda exc, who=who: errors.append(f"{who}: {exc}"))
                page.on("console", lambda m, who=who: errors.append(f"{who}: {m.text}")
                        if m.type == "error" else None)
                page.on("websocket", lambda ws, who=who: sockets[who].append(ws.url))
            # Both come in through nginx's one address, as anyone would.
            alice.goto(f"{base}/t/{table}")
            _sit(alice, ALICE, "Alice")
            bob.goto(f"{base}/t/{table}")
            _sit(bob, BOB, "Bob")
            # Bob joined during a hand: he is dealt in from the next one.
            deadline = time.monotonic() + 60  # a wait, not a bound
            while not bob.locator(f'.seat.hero[data-seat="{BOB}"]').count():
                if time.monotonic() > deadline:
                    pytest.fail(f"Bob never got his seat: {bob.evaluate(PAGE_JS)['log']}")
                _play([alice, bob])
                time.sleep(0.1)
            owner = _owner(room, table)

            # They play until a hand both acted in is over, then to Alice's next turn.
            deadline = time.monotonic() + 60  # a wait, not a bound
            while True:
                state = alice.evaluate(PAGE_JS)
                played = [n for n, c in _acted(state["log"]).items() if len(c) == 2]
                both_played = bool(played and state["hand"] and int(state["hand"]) > min(played))
                if both_played and ready(alice, "#btn-call"):
                    break
                if time.monotonic() > deadline:
                    pytest.fail(f"no hand played by both, then Alice's turn: {state['log']}")
                # Alice waits at her next turn once a hand is played: the kill comes there.
                _play([bob] if both_played else [alice, bob])
                if both_played:
                    click_if_ready(alice, "#btn-show") or click_if_ready(alice, "#btn-post")
                time.sleep(0.1)
            hand_at_kill = int(state["hand"])

            killed_at = database_now(db)
            owner.kill9()
            kill_clock = time.monotonic()
            # The lost connection shows, and the buttons are off.
            alice.locator("#offline-banner").wait_for(state="visible", timeout=30_000)
            assert "Connection lost" in alice.locator("#offline-banner").inner_text()
            assert alice.locator("#btn-call").is_disabled()
            shot(alice, "cluster-laptop-connection-lost")

            # Back by itself through nginx: the new owner's state says the hand resumed
            # (the same hand), the banner is gone, Alice's turn and buttons are back.
            resumed = (f"() => !document.body.classList.contains('offline') && "
                       f"window.pokerroom.state.log.includes("
                       f"'hand {hand_at_kill} resumed after a restart')")
            alice.wait_for_function(resumed, timeout=60_000)
            back = time.monotonic()
            assert alice.locator("#offline-banner").is_hidden()
            assert ready(alice, "#btn-call")
            assert int(alice.evaluate(PAGE_JS)["hand"]) == hand_at_kill
            bob.wait_for_function(resumed, timeout=30_000)
            new_owner = _owner(room, table)
            assert new_owner.name != owner.name
            shot(alice, "cluster-laptop-reconnected")
            shot(bob, "cluster-phone-reconnected")

            # Alice acts again (the button works) in that hand, and both play on.
            deadline = time.monotonic() + 60  # a wait, not a bound
            while True:
                log = alice.evaluate(PAGE_JS)["log"]
                now = _after_resume(log, hand_at_kill)
                alice_again = now.get(hand_at_kill, Counter())["Alice"] > 0
                bob_again = any(c["Bob"] for c in now.values())
                if alice_again and bob_again:
                    break
                if time.monotonic() > deadline:
                    pytest.fail(f"Alice or Bob did not act after the hand resumed: {now}; "
                                f"Alice's log: {alice.evaluate(PAGE_JS)['log'][-15:]}")
                _play([alice, bob])
                time.sleep(0.1)
            shot(bob, "cluster-phone-played-on")
        finally:
            for ctx in contexts:
                ctx.close()

        # Every action stored after the kill came from the new owner's process, the
        # first in the hand the kill interrupted.
        stored = _stored_after(db, table, killed_at)
        assert {app for app, _ in stored} == {new_owner.app_name}, stored
        assert stored[0][1] == hand_at_kill, stored
        # The page reached the new owner: by following 'moved' to /w/NAME/..., or
        # through the generic address when nginx sent it there directly.
        last = sockets["alice"][-1]
        assert last.endswith(f"/ws/tables/{table}"), sockets["alice"]
        assert "/w/" not in last or f"/w/{new_owner.name}/" in last, sockets["alice"]
        assert len(sockets["alice"]) >= 2 and len(sockets["bob"]) >= 2, sockets
        assert hand_problems(db, [table]) == []
        ledger = api(room.port, f"/api/tables/{table}/ledger")
        assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
        db.close()
        for w in room.workers:
            if w is not owner:
                assert tracebacks(w.log) == [], f"{w.name}:\n{w.tail()}"
    unexpected = [e for e in errors if not EXPECTED_CONSOLE.search(e)]
    assert unexpected == [], unexpected
    print(f"pages back {back - kill_clock:.1f} s after the kill; sockets: {sockets}; "
          f"{time.monotonic() - started:.1f} s in all")
