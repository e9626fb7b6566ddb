"""The dealer's tablet in a browser (issue 26): a game made with the form, nine players
seated and fourteen deals tapped, more than an orbit and a half (a raise, a straddle,
all-ins with a side pot awarded by tapping its winners, a hand decided by the cards
tabled, a player who sits out, misses a blind and comes back posting, the second card of
a deal exposed (I1, from the irregularity panel), a misdeal, an undo, a top-up, a player
leaving, a seat change, and a whole orbit after them) at a tablet's size, settled up
with the nets and the rake adding up to nothing, while the players' view on a second
page follows the stacks and never shows a card; the same page on a phone; and the taps
of a tablet whose Wi-Fi drops, queued in the browser (across a reload too), sent again
whole when it comes back and applied once."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.live import call
from tests.browser.support import PHONE, post_json, room_server, shot

server_url = room_server("dealer")

TABLET = {"width": 1024, "height": 768}
CARD = re.compile(r"\b[2-9TJQKA][shdc]\b|[♠♥♦♣]|\b10[shdc]\b")
"""A card as the tablet would write it: the players' view must never show one."""


class Tablet:
    """The dealer's page, and the game it deals as the room has it (read with the key)."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.game = page.url.split("/dealer/")[1].split("#")[0].split("/")[0]
        self.host = page.evaluate(
            f"JSON.parse(localStorage.getItem('pokerroom.dealer.host.{self.game}'))")
        assert self.host, "the tablet keeps the host key"

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = call(self.url, f"/api/dealer/{self.game}", host=self.host)
        return state

    def version(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.version ?? -1)"))

    def answered(self, version: int) -> None:
        """Wait until the tablet shows ``version`` with no tap waiting, and no refusal."""
        self.page.wait_for_function(
            "(v) => Number(document.body.dataset.version) >= v"
            " && document.getElementById('queue').hidden", arg=version)
        error = self.page.locator("#error").inner_text()
        assert error == "", error
        assert self.version() == version

    def tap(self, selector: str) -> None:
        """Click ``selector`` and wait for the room to have applied it (one version on)."""
        before = self.version()
        self.page.locator(selector).click()
        self.answered(before + 1)

    def step(self) -> dict[str, Any]:
        step: dict[str, Any] = self.state()["step"]
        return step

    def turn(self) -> int:
        """The seat the tablet highlights as the one to act (checked against the room)."""
        seat = int(self.page.locator("#seats .dseat.turn").get_attribute("data-seat") or -1)
        assert seat == self.step()["seat"]
        return seat

    # the dealer's taps
    def seat(self, seat: int, name: str, chips: int) -> None:
        self.page.locator(f"#seats [data-seat='{seat}']").click()
        self.page.locator("#seat-name").fill(name)
        self.page.locator("#seat-chips").fill(str(chips))
        self.tap("#seat-go")

    def seat_tool(self, seat: int, tool: str) -> None:
        self.page.locator(f"#seats [data-seat='{seat}']").click()
        self.tap(f"#tools {tool}")

    def act(self, seat: int, action: str) -> None:
        assert self.turn() == seat
        self.tap(f"#controls [data-action='{action}']")

    def raise_to(self, seat: int, to: int) -> None:
        assert self.turn() == seat
        self.page.locator("#raise-to").fill(str(to))
        self.tap("#controls [data-do=raise]")

    def checks_round(self) -> None:
        """Everyone left checks the betting round through."""
        while self.step()["kind"] == "act":
            self.act(self.turn(), "check")

    def board(self, cards: str) -> None:
        assert self.step()["kind"] == "board"
        self.page.locator("#board-cards").fill(cards)
        self.tap("#controls [data-do=board]")

    def start(self) -> None:
        self.tap("#deal-next")
        self.tap("#cards-dealt")


def seats_shown(page: Any) -> dict[int, str]:
    """The players' view's stacks: seat -> the chips written."""
    shown: dict[str, str] = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#seats .dseat')].map("
        "(el) => [el.dataset.seat, el.querySelector('.chips').textContent]))")
    return {int(seat): chips for seat, chips in shown.items()}


def assert_view_follows(view: Any, tablet: Tablet) -> None:
    """The players' view shows the room's stacks (after its next poll) and no card."""
    state = tablet.state()
    want = {s["seat"]: f"{s['stack']:,}" for s in state["seats"] if s["name"]}
    view.wait_for_function(
        "(v) => Number(document.body.dataset.version) === v", arg=state["version"], timeout=10_000)
    assert seats_shown(view) == want
    text = view.locator("body").inner_text()
    assert not CARD.search(text), CARD.search(text)
    for card in state["board"]:
        assert card not in text


def no_sideways_scroll(page: Any, width: int) -> None:
    scroll = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} px wide at {width}"


def new_game_with_the_form(page: Any, url: str, **fields: str) -> None:
    page.goto(f"{url}/dealer")
    page.wait_for_function("document.querySelectorAll('#game option').length > 5")
    for field, value in fields.items():
        page.locator(f"#{field}").fill(value)
    page.locator("#create").click()
    page.wait_for_url("**/dealer/*")
    page.wait_for_function("document.body.dataset.version !== undefined")


def test_a_session_dealt_at_a_tablet_settles_up_and_the_players_follow_it(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """Issue 26 at 1024x768: the form makes the game (straddles, a 5% rake capped at 5);
    nine players are seated with different stacks; the dealer taps the first button and
    then every deal, action, board, showdown and award; between hands a straddle, a sit
    out (the small blind missed), a sit in posting it, a top-up and a player leaving; a
    card exposed on the deal (I1) and a misdeal void a hand each, an undo takes a wrong
    tap back, and one more orbit follows.  The settle-up's nets and the rake add up to
    nothing, and the players' view never shows a card."""
    context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        page = context.new_page()
        watch(page, errors)
        new_game_with_the_form(page, server_url, **{
            "name": "Friday home game", "min-buy-in": "40", "max-buy-in": "400",
            "rake-percent": "5", "rake-cap": "5"})
        t = Tablet(page, server_url)
        assert t.state()["step"]["kind"] == "wait"
        names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
        stacks = [200, 100, 300, 150, 400, 60, 250, 120, 80]
        for seat, (name, chips) in enumerate(zip(names, stacks, strict=True)):
            t.seat(seat, name, chips)
        assert [s["stack"] for s in t.state()["seats"]] == stacks
        assert t.step()["kind"] == "button"
        t.tap("#controls [data-do=button][data-seat='0']")
        shot(page, "dealer-tablet-seated")

        # The players follow on a phone, through the short link the tablet shows.
        short = page.locator("#short-link").inner_text()
        assert re.fullmatch(rf"{re.escape(server_url)}/d/[0-9A-Z]+", short), short
        view_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        view = view_context.new_page()
        watch(view, errors)
        view.goto(short)
        view.wait_for_url(f"**/dealer/{t.game}/view")
        assert_view_follows(view, t)

        # Hand 1: a raise, and everyone folds to it.
        t.start()
        t.raise_to(3, 6)
        for seat in (4, 5, 6, 7, 8, 0, 1, 2):
            t.act(seat, "fold")
        result = page.locator("#result").inner_text()
        assert "4 back to seat 4" in result and "to seat 4" in result, result

        # Hand 2: Eve straddles; all-ins make a side pot; the dealer taps each pot's winner.
        t.seat_tool(4, "[data-do=straddle]")
        assert "seat 5 straddles" in t.step()["text"]
        t.start()
        assert t.state()["seats"][4]["bet"] == 4
        t.act(5, "all_in")
        t.act(6, "call")
        t.act(7, "all_in")
        t.act(8, "fold")
        t.act(0, "call")
        # A wrong tap (Bob calls: he folded), taken back.
        t.act(1, "call")
        t.tap("#undo")
        assert t.turn() == 1 and "Undone" in page.locator("#log li").first.inner_text()
        t.act(1, "fold")
        for seat in (2, 3, 4):
            t.act(seat, "fold")
        t.act(6, "call")
        # The flop through the card pad: a rank, then a suit.
        for key in ("A", "h", "K", "d", "8", "7", "c"):  # the 8 is replaced by the 7
            page.locator(f"#controls [data-pad='{key}']").click()
        assert page.locator("#board-cards").input_value() == "Ah Kd 7c"
        t.tap("#controls [data-do=board]")
        board = [c.inner_text() for c in page.locator("#board .cardchip").all()]
        assert board == ["A♥", "K♦", "7♣"]
        assert_view_follows(view, t)
        assert view.locator("#seats .dseat.turn").get_attribute("data-seat") == "6"
        shot(view, "dealer-view-in-hand")
        t.checks_round()
        t.board("2s")
        t.checks_round()
        t.board("3h")
        t.checks_round()
        step = t.step()
        assert step["kind"] == "showdown"
        assert [p["seats"] for p in step["pots"]] == [[5, 6, 7, 0], [6, 7, 0]]
        pots = page.locator("#controls .pot-pick p").all_inner_texts()
        assert pots == ["Main pot 247: seats 1, 6, 7, 8", "Side pot 1 180: seats 1, 7, 8"], pots
        assert page.locator("#award").is_disabled()
        page.locator("#controls [data-do=pick][data-pot='0'][data-seat='5']").click()
        page.locator("#controls [data-do=pick][data-pot='1'][data-seat='7']").click()
        shot(page, "dealer-tablet-showdown")
        t.tap("#award")
        result = page.locator("#result").inner_text()
        assert "side pot 1, 180, to seat 8" in result and "the main pot, 242, to seat 6" in result
        assert "the house takes 5" in result
        assert_view_follows(view, t)
        assert "to seat 6" in view.locator("#result").inner_text()

        # Dan sits out: the small blind of hand 3 was his, he owes it.
        t.seat_tool(3, "[data-do=sit_out]")
        t.start()
        for seat in (6, 7, 8, 0, 1, 2):
            t.act(seat, "call" if seat == 2 else "fold")
        t.act(4, "call")
        t.act(5, "check")
        assert t.state()["seats"][3]["missed"] == ["small"]
        assert "owes small" in page.locator("#seats [data-seat='3']").inner_text()
        # Hand 3 is decided by the cards tabled.
        t.board("Qs Jh 2d")
        t.checks_round()
        t.board("9c")
        t.checks_round()
        t.board("4h")
        t.checks_round()
        assert t.turn() == 4
        page.locator("#show-cards").fill("ac ad")
        t.tap("#controls [data-do=show]")
        assert t.turn() == 5
        t.tap("#controls [data-do=muck]")
        assert t.turn() == 2
        page.locator("#show-cards").fill("Qc Qd")
        t.tap("#controls [data-do=show]")
        assert "the pot, 6, to seat 3" in page.locator("#result").inner_text()
        log = page.locator("#log").inner_text()
        assert "Eve shows Ac Ad" in log and "Fay mucks" in log and "Cat shows Qc Qd" in log

        # Dan comes back and posts what he owes now.
        t.seat_tool(3, "[data-do=sit_in][data-post='1']")
        assert "seat 4 posts 1 dead" in t.step()["text"]
        # Hand 4: the dealer exposes the second card of the deal: a misdeal (I1) from the
        # irregularity panel, the same button, dealt again; then a misdeal the dealer
        # declares (a card flashed while pitching, say).
        t.tap("#deal-next")
        page.locator("#irregular").click()
        t.tap("#floor-box [data-choice='exposed_early']")
        assert page.locator("#ruling").is_visible()
        assert page.locator("#ruling .rule-id").inner_text() == "I1"
        assert t.step()["kind"] == "start" and "The button is at seat 5" in t.step()["text"]
        t.tap("#deal-next")
        page.locator("#misdeal").click()
        page.locator("#misdeal-why").fill("a card flashed on the deal")
        t.tap("#misdeal-go")
        assert t.step()["kind"] == "start" and "The button is at seat 5" in t.step()["text"]
        assert "Misdeal: a card flashed on the deal" in page.locator("#log li").first.inner_text()
        t.start()
        assert "seat 4 posts 1 dead" in page.locator("#log").inner_text()
        for seat in (7, 8, 0, 1, 2, 3, 4, 5):
            t.act(seat, "fold")
        assert "to seat 7" in page.locator("#result").inner_text()
        assert t.state()["seats"][3]["missed"] == []  # posted: owed no more

        # A top-up and a player who leaves, between hands.
        page.locator("#seats [data-seat='0']").click()
        page.locator("#top-up-chips").fill("100")
        t.tap("#top-up-go")
        t.seat_tool(8, "[data-do=leave]")
        state = t.state()
        assert state["seats"][0]["stack"] == 180 and state["seats"][8]["name"] is None
        # Cat changes seats, into the one Ivy left (T12).
        page.locator("#seats [data-seat='2']").click()
        page.select_option("#move-to", "8")
        t.tap("#move-go")
        state = t.state()
        assert state["seats"][8]["name"] == "Cat" and state["seats"][2]["name"] is None
        assert "Cat moves from seat 3 to seat 9" in page.locator("#log li").first.inner_text()
        # Then one more orbit of eight players, each hand folded round to the big
        # blind: the button goes round the table, every blind posted where it says.
        buttons = []
        while len(buttons) < 8:
            buttons.append(t.state()["button"])
            t.start()
            while t.step()["kind"] == "act":
                seat = t.turn()
                t.act(seat, "check" if t.step()["legal"]["check"] else "fold")
        seated_now = [s["seat"] for s in t.state()["seats"] if s["name"]]
        assert sorted(buttons) == seated_now, buttons
        shot(page, "dealer-tablet-between-hands")

        # The settle-up: every player's money; the nets and the rake add up to nothing.
        page.locator("#settle").click()
        page.wait_for_selector("#settle-table")
        money = call(server_url, f"/api/dealer/{t.game}/settle", host=t.host)
        assert money["in_play"] == 0 and money["rake"] > 0
        assert sum(p["net"] for p in money["players"]) + money["rake"] == 0
        rows = page.locator("#settle-table tbody tr").all_inner_texts()
        assert len(rows) == 10 and rows[-1].split("\t")[0] == "House (rake)"
        nets = [int(r.split("\t")[-1].replace("+", "").replace("−", "-").replace(",", ""))
                for r in rows]
        assert sum(nets) == 0 and page.locator("#settle-total").inner_text() == "0"
        ivy = next(p for p in money["players"] if p["name"] == "Ivy")
        assert ivy["cashed"] == 80 and ivy["stack"] == 0
        assert page.locator("#transfers li").count() == len(money["transfers"]) > 0
        page.locator("#settle-box").scroll_into_view_if_needed()
        shot(page, "dealer-tablet-settled")
        shot(page, "dealer-tablet-full", full=True)
        assert_view_follows(view, t)
        shot(view, "dealer-view-phone", full=True)
        no_sideways_scroll(page, TABLET["width"])
        no_sideways_scroll(view, PHONE["width"])
        view_context.close()
    finally:
        context.close()


def test_the_tablet_on_a_phone(browser: Any, server_url: str, errors: list[str]) -> None:
    """Issue 26 at 390x844: the same pages on a phone; a game made with the form, three
    players seated, a hand played to the end with the quick sizes and the card pad, the
    pots awarded; the page never scrolls sideways."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    try:
        page = context.new_page()
        watch(page, errors)
        page.goto(f"{server_url}/dealer")
        page.wait_for_function("document.querySelectorAll('#game option').length > 5")
        no_sideways_scroll(page, PHONE["width"])
        shot(page, "dealer-new-phone", full=True)
        new_game_with_the_form(page, server_url, name="Kitchen table")
        t = Tablet(page, server_url)
        for seat, name in enumerate(["Ann", "Bob", "Maximilian Featherstonehaugh"]):
            t.seat(seat, name, 100)
        no_sideways_scroll(page, PHONE["width"])
        t.tap("#controls [data-do=button][data-seat='0']")
        t.start()
        assert t.turn() == 0
        shot(page, "dealer-tablet-phone-act")
        no_sideways_scroll(page, PHONE["width"])
        page.locator("#controls [data-do=size]", has_text="Pot").click()
        assert page.locator("#raise-to").input_value() == "7"  # the call, then the pot: 2 + 5
        assert page.locator("#controls [data-do=raise]").inner_text() == "Raise to 7"
        t.tap("#controls [data-do=raise]")
        t.act(1, "fold")
        t.act(2, "call")
        for key in ("Q", "s", "J", "s", "T", "s"):
            page.locator(f"#controls [data-pad='{key}']").tap()
        shot(page, "dealer-tablet-phone-board")
        no_sideways_scroll(page, PHONE["width"])
        t.tap("#controls [data-do=board]")
        t.act(2, "check")
        page.locator("#controls [data-do=size]", has_text="½ pot").click()
        assert page.locator("#raise-to").input_value() == "7"  # half of 15
        assert page.locator("#controls [data-do=raise]").inner_text() == "Bet to 7"
        t.tap("#controls [data-do=raise]")
        t.act(2, "call")
        t.board("2c")
        t.checks_round()
        t.board("3d")
        t.checks_round()
        assert t.step()["kind"] == "showdown"
        page.locator("#controls [data-do=pick][data-pot='0'][data-seat='2']").tap()
        page.locator("#controls [data-do=pick][data-pot='0'][data-seat='0']").tap()
        shot(page, "dealer-tablet-phone-showdown", full=True)
        no_sideways_scroll(page, PHONE["width"])
        t.tap("#award")  # a split pot
        assert "split" in page.locator("#result").inner_text()
        assert [s["stack"] for s in t.state()["seats"][:3]] == [100, 99, 101]
        page.locator("#settle").click()
        page.wait_for_selector("#settle-table")
        assert page.locator("#settle-total").inner_text() == "0"
        no_sideways_scroll(page, PHONE["width"])
        shot(page, "dealer-tablet-phone-end", full=True)
    finally:
        context.close()


def test_stud_up_cards_and_a_draw_at_the_tablet(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """Issue 26: in seven-card stud the tablet asks for each player's up cards (a card
    missing is refused before anything is sent), then offers the bring-in and the
    completion; in a draw game it asks how many cards each player draws, then for the
    cards drawn to be dealt."""
    context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        page = context.new_page()
        watch(page, errors)
        for body in ({"name": "Stud night", "game": "stud", "structure": "fixed_limit",
                      "small_blind": 1, "big_blind": 2, "bring_in": 1, "small_bet": 2,
                      "big_bet": 4, "ante": 1, "seats": 8},
                     {"name": "Deuce to seven", "game": "deuce_seven_single",
                      "structure": "no_limit", "small_blind": 1, "big_blind": 2, "seats": 6}):
            made = post_json(server_url, "/api/dealer", body)
            page.goto(server_url + made["tablet"])
            page.wait_for_function("document.body.dataset.version !== undefined")
            t = Tablet(page, server_url)
            for seat, name in enumerate(["Ann", "Bob", "Cat"]):
                t.seat(seat, name, 100)
            if t.step()["kind"] == "button":
                t.tap("#controls [data-do=button][data-seat='0']")
            t.tap("#deal-next")
            if body["game"] == "stud":
                assert t.step()["up"] == 1
                page.locator("#controls [data-up='0']").fill("2c")
                page.locator("#controls [data-up='1']").fill("kd")
                page.locator("#cards-dealt").click()  # seat 3's up card is missing
                assert "Seat 3's up card" in page.locator("#error").inner_text()
                assert t.state()["version"] == t.version()  # nothing sent
                page.locator("#controls [data-up='2']").fill("9h")
                t.tap("#cards-dealt")
                assert t.turn() == 0  # the lowest card brings it in
                assert page.locator("#controls [data-do=raise]").inner_text() == "Complete to 2"
                t.act(0, "bring_in")
                t.raise_to(1, 2)
                t.act(2, "call")
                t.act(0, "call")
                assert t.step()["kind"] == "deal" and t.step()["up"] == 1
                for seat, card in enumerate(["3c", "Kh", "9s"]):
                    page.locator(f"#controls [data-up='{seat}']").fill(card)
                t.tap("#cards-dealt")
                assert t.step()["kind"] == "act"
                shot(page, "dealer-tablet-stud")
            else:
                t.tap("#cards-dealt")
                t.act(0, "call")
                t.act(1, "call")
                t.act(2, "check")
                assert t.turn() == 1 and t.step()["kind"] == "draw"
                assert page.locator("#controls [data-do=draw]").count() == 6  # 0 to 5
                t.tap("#controls [data-do=draw][data-count='2']")
                t.tap("#controls [data-do=draw][data-count='0']")
                shot(page, "dealer-tablet-draw")
                t.tap("#controls [data-do=draw][data-count='1']")
                assert t.step()["text"] == "Deal the cards drawn: seat 2: 2, seat 1: 1."
                t.tap("#cards-dealt")
                assert t.step()["kind"] == "act"
    finally:
        context.close()


def until_in(page: Any, what: str, condition: Any, seconds: float = 30.0) -> None:
    """Wait for ``condition()`` while the page runs (its routes answer meanwhile)."""
    for _ in range(int(seconds * 20)):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never: {what}")


def test_taps_made_while_the_wifi_is_down_wait_and_are_applied_once(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """Issue 26: the tablet's requests fail (the Wi-Fi dropped): two taps wait in the
    browser ("2 taps waiting"), the tablet guessing the turn between them; the room then
    gets them but its answer is lost; when the connection is back the queue is sent again
    whole and each tap is applied once.  A tap left waiting over a reload is sent after
    it.  A refused tap takes the taps made after it with it, saying why."""
    made = post_json(server_url, "/api/dealer", {"name": "Flaky Wi-Fi", "small_blind": 1,
                                                 "big_blind": 2, "seats": 6})
    gid, host = made["id"], made["host"]
    taps: list[dict[str, Any]] = [{"id": f"seat-{s}", "kind": "seat", "seat": s, "name": name,
                                   "chips": 100} for s, name in enumerate(["Ann", "Bob", "Cat"])]
    taps += [{"id": "button", "kind": "button", "seat": 0}, {"id": "start", "kind": "start"},
             {"id": "dealt", "kind": "deal"}]
    assert all(a["ok"] for a in post_json(server_url, f"/api/dealer/{gid}/taps",
                                          {"host": host, "taps": taps})["answers"])
    context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        page = context.new_page()
        watch(page, errors)
        page.goto(server_url + made["tablet"])
        page.wait_for_function("document.body.dataset.version !== undefined")
        t = Tablet(page, server_url)
        start = t.version()
        waiting = "document.getElementById('queue').textContent"
        page.route("**/api/dealer/*/taps", lambda route: route.abort())
        assert t.turn() == 0
        page.locator("#controls [data-action='call']").click()
        page.wait_for_function(f"{waiting} === '1 tap waiting — offline'")
        # the tablet guesses the turn passed to Bob (the small blind) and offers his
        page.wait_for_function("document.querySelector('#seats .dseat.turn').dataset.seat === '1'")
        assert "a guess" in page.locator("#step-text").inner_text()
        page.locator("#controls [data-action='call']").click()
        page.wait_for_function(f"{waiting} === '2 taps waiting — offline'")
        page.evaluate("scrollTo(0, 0)")
        shot(page, "dealer-tablet-offline")
        assert t.state()["version"] == start  # nothing reached the room

        # The room gets the two taps, but its answer is lost on the way back.
        page.unroute("**/api/dealer/*/taps")
        lost: list[str] = []

        def lose_the_answer(route: Any) -> None:
            route.fetch()
            route.abort()
            lost.append(route.request.post_data)  # this handler is done with the route

        page.route("**/api/dealer/*/taps", lose_the_answer)
        until_in(page, "the room has the two taps and its answer is lost",
                 lambda: bool(lost) and t.state()["version"] == start + 2)
        assert page.locator("#queue").inner_text() == "2 taps waiting — offline"
        # The connection is back: the queue is sent again whole, each tap applied once.
        # (Unrouted once no handler runs: one that is still between fetching and
        # aborting a retry would find its route already handled.)
        page.unroute_all(behavior="wait")
        t.answered(start + 2)
        assert lost and all('"base"' in body for body in lost)
        state = t.state()
        assert state["version"] == start + 2
        assert state["log"].count("Ann: calls 2.") == 1
        assert state["log"].count("Bob: calls 1.") == 1
        assert t.turn() == 2

        # A tap made offline, then the tablet reloaded: it is sent after the reload.
        page.route("**/api/dealer/*/taps", lambda route: route.abort())
        page.locator("#controls [data-action='check']").click()
        page.wait_for_function(f"{waiting} === '1 tap waiting — offline'")
        page.reload()
        page.wait_for_function(f"{waiting} === '1 tap waiting — offline'")
        assert t.state()["version"] == start + 2
        page.unroute("**/api/dealer/*/taps")
        t.answered(start + 3)
        assert t.state()["log"].count("Cat: checks.") == 1
        assert t.step()["kind"] == "board"
        t.board("Ah Kd 7c")

        # Offline again: Bob checks, Cat bets 1 (less than a big blind), Ann folds.  Back
        # online, the check is applied, the bet refused, and the fold made after it dropped.
        page.route("**/api/dealer/*/taps", lambda route: route.abort())
        after_flop = t.version()
        assert t.turn() == 1
        page.locator("#controls [data-action='check']").click()
        page.wait_for_function("document.querySelector('#seats .dseat.turn').dataset.seat === '2'")
        page.locator("#raise-to").fill("1")
        page.locator("#controls [data-do=raise]").click()
        page.wait_for_function("document.querySelector('#seats .dseat.turn').dataset.seat === '0'")
        page.locator("#controls [data-action='fold']").click()
        page.wait_for_function(f"{waiting} === '3 taps waiting — offline'")
        page.unroute("**/api/dealer/*/taps")
        page.wait_for_function("document.getElementById('queue').hidden"
                               " && document.getElementById('error').textContent !== ''")
        error = page.locator("#error").inner_text()
        assert "1 later tap not sent" in error, error
        state = t.state()
        assert state["version"] == after_flop + 1 and t.version() == after_flop + 1
        assert state["log"][-1] == "Bob: checks." and state["step"]["seat"] == 2
    finally:
        context.close()


def watch(page: Any, errors: list[str]) -> None:
    """A page's errors and console errors into ``errors`` (a request the test makes
    fail is no error: the tablet says it itself)."""
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and "Failed to load resource" not in m.text else None)
