"""The cash table's page, issue 24 items 4 to 6, in a real browser at laptop size
(1280x800) and at 390 px:

- the replayer opens beside the table (the side panel on a laptop, a sheet on a
  phone); when your turn comes while it is open the action buttons stay reachable
  (the phone's sheet folds away, a bar brings a scrolled page back to them), it beeps
  and the title flashes;
- the host's "Add bot" stays on the host's own turn in a heads-up hand against a bot
  (it lived only in the dock shown between turns);
- stud and draw told plainly: the bring-in's reason (F10, D6), an up-card "dealt face
  up" (not "shows"), opponents' backs as many as they hold (5 in 2-7 triple draw, 4
  in badugi), each player's draw, the street named as the betting round after a
  draw, your new cards marked, the dealer button clear of the cards, and a question
  before folding when a check is free (with the setting that turns it off).

Screenshots in ``tests/browser/artifacts/`` (``clarity-*``).  Chromium missing fails,
it does not skip."""

from __future__ import annotations

import contextlib
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pokerroom.server.app import create_app
from tests.browser.support import (
    LAPTOP,
    PHONE,
    SEED,
    actions_taken,
    ready,
    serve,
    shot,
    until,
    wait_for_action,
)
from tests.browser.test_hands_browser import _http
from tests.ports import free_port

SIZES = (("laptop", LAPTOP), ("phone", PHONE))


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("clarity") / "room.sqlite"
    app = create_app(f"sqlite:///{database}", seed=SEED, bot_delay=0.05,
                     pause_between_hands=0.2)
    with serve(app, port=free_port()) as url:
        yield url


def _page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    context = browser.new_context(viewport=viewport, **(
        {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
        if viewport == PHONE else {}))
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("dialog", lambda d: (errors.append(f"dialog: {d.message}"), d.dismiss()))
    return page


def _table(url: str, game: str = "holdem", seats: int = 3, bots: tuple[int, ...] = (1, 2),
           **extra: Any) -> tuple[str, str, dict[str, Any]]:
    """A paused table (600 s action clock) with Alice in seat 0 and station bots in
    ``bots``: (table id, host key, Alice's join answer)."""
    body = {"name": f"Clarity {game}", "seats": seats, "game": game, "action_seconds": 600,
            **extra}
    if game != "holdem":
        body["structure"] = "fixed_limit"
    made = _http(f"{url}/api/tables", body)
    table, host = made["id"], made["host"]
    _http(f"{url}/api/tables/{table}/pause", {"host": host})
    joined = _http(f"{url}/api/tables/{table}/join", {"name": "Alice", "seat": 0, "buy_in": 200})
    for seat in bots:
        _http(f"{url}/api/tables/{table}/bots", {"policy": "station", "host": host, "seat": seat})
    return table, host, joined


def _open(page: Any, url: str, table: str, joined: dict[str, Any], host: str | None) -> None:
    """Alice's page (her seat token, and the host key when ``host``), as the join
    dialog and a host link leave them in localStorage."""
    page.goto(f"{url}/t/{table}")
    page.evaluate("(items) => items.forEach(([k, v]) => localStorage.setItem(k, v))", [
        [f"pokerroom.seat.{table}", json.dumps({"token": joined["token"], "seat": 0,
                                                "name": "Alice"})],
        *([[f"pokerroom.host.{table}", json.dumps(host)]] if host else [])])
    page.reload()
    page.locator('#layer .seat.hero[data-seat="0"]').wait_for()


def _call_until(page: Any, what: str, done: Any) -> None:
    """Alice checks or calls whenever it is her turn, until ``done()``."""
    def step() -> bool:
        if ready(page, "#btn-call"):
            # (re-drawn under the click: the next round clicks again)
            with contextlib.suppress(Exception):
                page.locator("#btn-call").click(timeout=2_000)
        return bool(done())
    until(what, step)


def _state(page: Any) -> Any:
    return page.evaluate("window.pokerroom.state")


def _rect(page: Any, selector: str) -> dict[str, float]:
    return dict(page.locator(selector).first.bounding_box())


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _on_top(page: Any, selector: str) -> bool:
    """Whether the element is what a click at its middle reaches (nothing covers it)."""
    return bool(page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit === el || el.contains(hit);
    }""", selector))


# ------------------------------------------------------------------ item 4


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_replayer_beside_the_table_never_hides_a_decision(
        server_url: str, browser: Any, size: str, viewport: dict[str, int]) -> None:
    """Alice replays a hand while the next one is dealt: when her turn comes the
    replayer is beside the table (laptop) or has folded to its title bar (phone), the
    action buttons are what a click reaches, it beeps and the title flashes; she
    acts, and the replay is still there to go back to."""
    table, host, joined = _table(server_url)
    errors: list[str] = []
    page = _page(browser, viewport, errors)
    _open(page, server_url, table, joined, None)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    # Alice calls down one hand, then the host pauses: no hand while she opens the replay.
    hand = lambda: _http(f"{server_url}/api/tables/{table}")["state"]["hand"]  # noqa: E731
    _call_until(page, "hand 1 played", lambda: (h := hand()) is None or h["number"] > 1)
    _http(f"{server_url}/api/tables/{table}/pause", {"host": host})
    _call_until(page, "the hand in play over", lambda: hand() is None)
    page.locator("#tab-btn-hands").click()
    page.locator("#tab-hands .replay-open").first.click()
    replayer = page.locator("dialog#replayer")
    replayer.locator(".rp-seat").first.wait_for()
    replayer.locator('[data-step="forward"]').click()
    # On a phone the side panel is under the table: Alice reads the hand log there,
    # scrolled down to its end, the replay sheet open over the top of the screen.
    if size == "phone":
        page.locator("#tab-btn-log").click()
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    beeps = int(page.evaluate("document.body.dataset.beeps || 0"))
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    page.locator("#btn-fold").wait_for()
    # The turn is told though the page is in view: a beep and the flashing title.
    page.wait_for_function("document.title.includes('YOUR TURN')", timeout=10_000)
    assert int(page.evaluate("document.body.dataset.beeps || 0")) > beeps
    if size == "laptop":
        box, stage = _rect(page, "dialog#replayer"), _rect(page, ".stage")
        assert replayer.is_visible() and box["x"] >= stage["x"] + stage["width"] - 1, \
            "the replayer sits in the side panel, beside the felt"
        assert "given-way" not in (replayer.get_attribute("class") or "")
    else:
        # Alice had scrolled down to the log under the table: a bar at the bottom of the
        # screen takes her back to the buttons.
        page.wait_for_function("document.getElementById('dock').getBoundingClientRect()"
                               ".top < 0")
        page.locator("#turn-jump").wait_for()
        shot(page, f"clarity-{size}-replayer-turn-jump")
        page.locator("#turn-jump").click()
        page.wait_for_function("document.getElementById('dock').getBoundingClientRect()"
                               ".bottom <= window.innerHeight + 1")
        assert page.locator("#turn-jump").is_hidden()
        # The sheet over the table folded to its title bar, clear of every seat, the
        # middle and the dock.
        page.locator("dialog#replayer.given-way").wait_for()
        bar = _rect(page, "dialog#replayer")
        for selector in ("#layer .seat", "#center", "#dock"):
            for i in range(page.locator(selector).count()):
                other = dict(page.locator(selector).nth(i).bounding_box())
                assert not _overlap(bar, other), (selector, i, bar, other)
    for button in ("#btn-fold", "#btn-call"):
        assert _on_top(page, button), f"{button} is covered"
    shot(page, f"clarity-{size}-replayer-your-turn")
    if size == "laptop":
        # With the focus on a replayer's button (tabbed to), the turn's keys still act.
        replayer.locator('[data-step="back"]').focus()
        assert page.evaluate("document.activeElement.closest('#replayer') !== null")
        # (A page between two sockets sends nothing: she would press once it is back, as
        # the page tells her.)
        page.wait_for_function("document.getElementById('conn').classList.contains('ok')")
        taken = actions_taken(page)
        page.keyboard.press("c")
    else:
        taken = actions_taken(page)
        page.locator("#btn-call").click()
    # The table took it.  (Not read from the state: her next turn may come with the
    # answer, as when she calls from the small blind and acts first on the flop:
    # failed so in CI.)
    wait_for_action(page, taken)
    if size == "phone":
        replayer.locator('[data-step="restore"]').click()
        # The sheet is back with its controls (her choice: also when her next turn had
        # come before the click), unless her next turn came after it (the bots act at
        # once): then it has given way again, as it must.  (Failed once in CI when the
        # turn came just before the click: the sheet rightly stayed, the test wanted it
        # given way.)
        page.wait_for_function(
            """() => { const r = document.getElementById('replayer');
                       const controls = r.querySelector('.rp-controls');
                       const mine = Boolean(window.pokerroom.state.you.legal);
                       return controls.offsetParent !== null
                              || (mine && r.classList.contains('given-way')); }""")
        if not page.evaluate("Boolean(window.pokerroom.state.you.legal)"):
            shot(page, f"clarity-{size}-replayer-back")
    assert replayer.locator(".rp-count").inner_text().startswith("Step 2 of")
    page.context.close()
    assert not errors, errors


# ------------------------------------------------------------------ item 5


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_add_bot_stays_on_the_hosts_turn_heads_up(
        server_url: str, browser: Any, size: str, viewport: dict[str, int]) -> None:
    """The host plays heads-up against a bot: on her turn "Add bot" is still in the
    dock (under the action buttons) and in the Table tab, and it adds a bot."""
    table, host, joined = _table(server_url, seats=6, bots=(1,))
    errors: list[str] = []
    page = _page(browser, viewport, errors)
    _open(page, server_url, table, joined, host)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    page.locator("#btn-fold").wait_for()
    dock_bot = page.locator("#dock #btn-add-bot")
    assert dock_bot.is_visible(), "Add bot gone on the host's turn"
    page.locator("#tab-btn-info").click()
    assert page.locator("#host-btn-add-bot").is_visible()
    page.locator("#tab-btn-log").click()
    shot(page, f"clarity-{size}-add-bot-on-your-turn")
    page.locator("#bot-policy").select_option("station")
    dock_bot.click()
    until("a bot joins", lambda: sum(1 for s in _state(page)["seats"] if s) == 3)
    assert page.locator("#btn-fold").is_visible(), "still her turn"
    page.context.close()
    assert not errors, errors


# ------------------------------------------------------------------ item 6: stud


def _up_card_order(card: str) -> tuple[int, int]:
    return "23456789TJQKA".index(card[0]), "cdhs".index(card[1])


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_F10_D6_the_bring_in_says_why_and_up_cards_are_dealt_face_up(
        server_url: str, browser: Any, size: str, viewport: dict[str, int]) -> None:
    """Seven-card stud: on third street the felt says who brings it in and why, the
    lowest up-card with clubs lowest on a tie (F10, D6), the player it names is the
    one whose up-card is lowest, the log's bring-in line says so too, and a dealt
    up-card is "dealt ... face up", never the showdown's "shows"."""
    table, host, joined = _table(server_url, game="stud", seats=4, bots=(1, 2, 3))
    errors: list[str] = []
    page = _page(browser, viewport, errors)
    _open(page, server_url, table, joined, None)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    page.locator("#btn-call, #btn-bring-in").first.wait_for()
    state = _state(page)
    assert state["hand"]["street"] == "third"
    why = page.locator("#bring-in-why")
    why.wait_for()
    text = why.inner_text()
    ups = {s["name"]: next(c for c, up in zip(s["cards"], s["up"], strict=True) if up)
           for s in state["seats"] if s and s["in_hand"]}
    lowest = min(ups, key=lambda name: _up_card_order(ups[name]))
    assert text.startswith(f"{lowest} brings it in: lowest up-card"), (text, ups)
    assert "F10" in text
    lines = state["log"][max(i for i, line in enumerate(state["log"])
                             if line.startswith("--- hand ")):]
    dealt = [line for line in lines if line.endswith(" face up")]
    assert len(dealt) == len(ups) and all(" is dealt " in line for line in dealt), lines
    assert not [line for line in lines if re.search(r" shows? [2-9TJQKA][cdhs]", line)]
    log_line = page.locator("#tab-log .ln", has_text="brings it in for")
    assert "lowest up-card" in log_line.inner_text()
    assert page.locator("#tab-log .ln.dealt-up").count() == len(ups)
    shot(page, f"clarity-{size}-stud-bring-in")
    page.context.close()
    assert not errors, errors


# ------------------------------------------------------------------ item 6: draw


def _button_clear(page: Any) -> None:
    """The dealer button overlaps no seat's cards and nothing covers it."""
    if not page.locator("#layer .dealer-button").count():
        return
    button = _rect(page, "#layer .dealer-button")
    cards = page.locator("#layer .seat .hole .card")
    for i in range(cards.count()):
        assert not _overlap(button, dict(cards.nth(i).bounding_box())), "the button under a card"
    assert _on_top(page, "#layer .dealer-button")


def _backs(page: Any, held: int, drawing: bool = False) -> None:
    """Every opponent in the hand shows ``held`` backs, each edge apart from the last."""
    for seat in page.locator("#layer .seat:not(.hero):not(.folded):not(.out)").all():
        backs = seat.locator(".hole .card.back")
        assert backs.count() == held, (seat.get_attribute("data-name"), backs.count())
        xs = [dict(b.bounding_box())["x"] for b in backs.all()]
        assert all(b - a >= 8 for a, b in itertools.pairwise(xs)), xs
        # Thrown away at this draw and not yet replaced: drawn faded, as many as drawn.
        label = seat.locator(".act-label").all_inner_texts()
        drawn = re.fullmatch(r"Draw (\d)", label[0]) if label else None
        to_come = int(drawn[1]) if drawn and drawing else 0
        assert seat.locator(".card.to-come").count() == to_come, label


def _actuntil(page: Any, selector: str) -> None:
    """Check or call until ``selector`` (Alice's next decision of that kind) shows."""
    _call_until(page, selector, lambda: page.locator(selector).is_visible())


@pytest.mark.parametrize(("size", "viewport", "game", "held"), [
    ("laptop", LAPTOP, "deuce_seven_triple", 5), ("phone", PHONE, "deuce_seven_triple", 5),
    ("laptop", LAPTOP, "badugi", 4), ("phone", PHONE, "badugi", 4)])
def test_a_draw_hand_told_plainly(server_url: str, browser: Any, size: str,
                                  viewport: dict[str, int], game: str, held: int) -> None:
    """Alice draws two: the middle says "First draw" while drawing and "After the first
    draw" in the betting after it, her two new cards are marked, every opponent shows
    as many backs as they hold and what they drew, the dealer button is clear of the
    cards; folding with a check free asks first ("Stay" keeps her in), and with the
    question turned off in the Table tab (kept in localStorage) it folds at once."""
    table, host, joined = _table(server_url, game=game, bots=(1, 2))
    errors: list[str] = []
    page = _page(browser, viewport, errors)
    _open(page, server_url, table, joined, None)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})
    _actuntil(page, "#btn-pat")
    label = page.locator("#center .street-label")
    assert label.text_content() == "First draw"
    _backs(page, held, drawing=True)
    _button_clear(page)
    shot(page, f"clarity-{size}-{game}-first-draw")
    for card in page.locator("#layer .seat.hero .card.selectable").all()[:2]:
        card.click()
    page.locator("#btn-draw").click()
    page.locator("#layer .seat.hero .card.new-card").nth(1).wait_for()
    assert page.locator("#layer .seat.hero .card.new-card").count() == 2
    # Her turn in the betting after the draw, a check free.
    page.locator("#btn-call", has_text="Check").wait_for()
    assert label.text_content() == "After the first draw"
    _backs(page, held)
    _button_clear(page)
    state = _state(page)
    for seat in state["seats"]:
        if seat and seat["in_hand"] and not seat["folded"] and seat["seat"] != 0:
            shown = page.locator(f'#layer .seat[data-seat="{seat["seat"]}"]')
            words = (shown.locator(".act-label").all_inner_texts()
                     + shown.locator(".tag.drew").all_inner_texts())
            assert any(re.fullmatch(r"(?i)(draws?|stands?) ?(\d|pat)", w.strip()) for w in words), \
                (seat["name"], words)
    assert page.locator("#layer .seat.hero .card.new-card").count() == 2
    shot(page, f"clarity-{size}-{game}-after-the-draw")
    # Fold with a check free: asked first; "Stay" keeps her in the hand.
    page.locator("#btn-fold").click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert "check" in page.locator("#confirm-title").inner_text().lower()
    shot(page, f"clarity-{size}-{game}-fold-question")
    page.locator("#confirm-no").click()
    assert not dialog.is_visible() and page.locator("#btn-fold").is_visible()
    # The question off (the Table tab's setting, in localStorage): a fold at once.
    page.locator("#tab-btn-info").click()
    page.locator("#confirm-free-fold").uncheck()
    assert page.evaluate("localStorage.getItem('pokerroom.confirmFreeFold')") == "false"
    page.locator("#tab-btn-log").click()
    page.locator("#btn-fold").click()
    number = state["hand"]["number"]
    until("Alice folded", lambda: (s := _state(page))["hand"] is None
           or s["hand"]["number"] > number or (s["seats"][0] or {}).get("folded"))
    assert not dialog.is_visible()
    page.context.close()
    assert not errors, errors


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_dealer_button_beside_your_five_cards(
        server_url: str, browser: Any, size: str, viewport: dict[str, int]) -> None:
    """Heads-up 2-7 triple draw: when Alice has the button, it sits beside her five
    cards, over none of them, and nothing covers it."""
    table, host, joined = _table(server_url, game="deuce_seven_triple", seats=2, bots=(1,))
    errors: list[str] = []
    page = _page(browser, viewport, errors)
    _open(page, server_url, table, joined, None)
    _http(f"{server_url}/api/tables/{table}/resume", {"host": host})

    def hers() -> bool:
        hand = _state(page)["hand"]
        if hand and hand["button"] == 0 and page.locator("#btn-call").is_visible():
            return True
        for selector in ("#btn-pat", "#btn-call"):
            if ready(page, selector):
                with contextlib.suppress(Exception):
                    page.locator(selector).click(timeout=2_000)
        return False
    until("Alice's turn on the button", hers)
    assert page.locator("#layer .seat.hero .hole .card").count() == 5
    _button_clear(page)
    button, plate = _rect(page, "#layer .dealer-button"), _rect(page, "#layer .seat.hero .plate")
    assert not _overlap(button, plate)
    shot(page, f"clarity-{size}-button-beside-your-cards")
    page.context.close()
    assert not errors, errors
