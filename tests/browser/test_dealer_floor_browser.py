"""The floor at the dealer's tablet in a browser (issue 26): the "Irregularity" panel
offers what can go wrong at the step the hand is at, and each irregularity tapped comes
back as the room's ruling, shown with its rule ID until the next tap and listed with
this hand's rulings: a boxed card (I1: one is mucked, a second is a misdeal), an exposed
card (I1 early, I2 later), the first card to the wrong seat (I1), the button misplaced
(TDA 34-A before and after substantial action), a premature card (I3, I4), a flop with
too many cards (I3) or without a burn (TDA 39-B1, 39-B2), a wrong number of cards (I7: a
misdeal, a dead hand) and chips pushed (B14); then the hands played with their PHH
download, the players' QR code, the seats' known cards and closing the game, at a
tablet's size; and one ruling end to end on a phone.  Each game is made and brought to
its step through the API (the taps the page would send), then dealt on the page."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from tests.browser.live import call
from tests.browser.support import PHONE, post_json, room_server, shot
from tests.browser.test_dealer_browser import TABLET, Tablet, no_sideways_scroll, watch

server_url = room_server("dealer-floor")

NAMES = ["Ann", "Bob", "Cat", "Dan"]
"""Seats 1-4 (the API's 0-3): the button at Ann, Bob the small blind, Cat the big blind,
Dan first to act before the flop."""

_ids = itertools.count()


def taps(url: str, made: dict[str, Any], *batch: dict[str, Any]) -> dict[str, Any]:
    """Send ``batch`` as the tablet would; every tap must be applied.  The state after."""
    sent = [{"id": f"api-{next(_ids)}", **t} for t in batch]
    answer = post_json(url, f"/api/dealer/{made['id']}/taps", {"host": made["host"], "taps": sent})
    refused = [a for a in answer["answers"] if not a["ok"]]
    assert not refused, refused
    state: dict[str, Any] = answer["state"]
    return state


def state_of(url: str, made: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] = call(url, f"/api/dealer/{made['id']}", host=made["host"])
    return state


def dealt(url: str, name: str, *, deal: bool = True) -> dict[str, Any]:
    """A 5/10 game with four players of 1,000, the button at seat 1, a hand started and
    (``deal``) its cards dealt."""
    made = post_json(url, "/api/dealer", {"name": name, "small_blind": 5, "big_blind": 10,
                                          "seats": 6})
    taps(url, made, *({"kind": "seat", "seat": s, "name": n, "chips": 1000}
                      for s, n in enumerate(NAMES)),
         {"kind": "button", "seat": 0}, {"kind": "start"}, *([{"kind": "deal"}] if deal else []))
    return made


def play_round(url: str, made: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Everyone calls or checks the betting round through."""
    while state["step"]["kind"] == "act":
        legal = state["step"]["legal"]
        state = taps(url, made, {"kind": "act", "seat": state["step"]["seat"],
                                 "action": "check" if legal["check"] else "call"})
    return state


def open_tablet(browser: Any, url: str, made: dict[str, Any], errors: list[str],
                viewport: dict[str, int] = TABLET) -> tuple[Any, Tablet]:
    phone = viewport == PHONE
    context = browser.new_context(viewport=viewport, has_touch=True, is_mobile=phone,
                                  device_scale_factor=2 if phone else 1)
    page = context.new_page()
    watch(page, errors)
    page.goto(url + made["tablet"])
    page.wait_for_function("document.body.dataset.version !== undefined")
    return context, Tablet(page, url)


def offered(t: Tablet) -> list[str]:
    """Open the irregularity panel: the irregularities it offers, in order."""
    if t.page.locator("#floor-box").is_hidden():
        t.page.locator("#irregular").click()
    t.page.wait_for_function("!document.getElementById('floor-box').hidden")
    return [b.get_attribute("data-choice") or ""
            for b in t.page.locator("#floor-box [data-do=floor]").all()]


def rule(t: Tablet, choice: str, *, seat: int | None = None, holding: int | None = None,
         chips: str | None = None, said: str | None = None, amount: int | None = None
         ) -> dict[str, str]:
    """Tap the irregularity ``choice`` in the panel (with its details) and wait for the
    room's ruling: what the page shows of it (title, rule, text, next)."""
    before = t.version()
    offered(t)
    t.page.locator(f"#floor-box [data-choice='{choice}']").click()
    if choice in ("wrong_count", "button_misplaced", "chips"):
        if seat is not None:
            t.page.locator(f"#floor-box [data-do=floor_seat][data-seat='{seat}']").click()
        if holding is not None:
            t.page.locator("#floor-holding").fill(str(holding))
        if chips is not None:
            t.page.locator("#floor-chips").fill(chips)
        if said is not None:
            t.page.locator(f"#floor-box [data-do=floor_said][data-said='{said}']").click()
        if amount is not None:
            t.page.locator("#floor-amount").fill(str(amount))
        t.page.locator("#floor-go").click()
    t.answered(before + 1)
    assert t.page.locator("#floor-box").is_hidden()
    box = t.page.locator("#ruling")
    assert box.is_visible()
    return {"title": box.locator(".ruling-title").inner_text(),
            "rule": box.locator(".rule-id").inner_text(),
            "text": box.locator(".ruling-text").inner_text(),
            "next": box.locator(".ruling-next").inner_text()
            if box.locator(".ruling-next").count() else ""}


def rulings_listed(t: Tablet) -> list[str]:
    """The rule IDs in the panel of this hand's rulings."""
    return t.page.locator("#rulings .rule-id").all_inner_texts()


DEALING = ["boxed_card", "exposed_early", "exposed_late", "wrong_seat", "wrong_count",
           "button_misplaced"]
BETTING = ["premature_card", "wrong_count", "button_misplaced", "chips"]


def test_I1_boxed_card_one_is_mucked_a_second_is_a_misdeal(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I1 (TDA 35-A): while dealing the panel offers the dealing irregularities only; one
    boxed card goes to the muck and the deal goes on, a second is a misdeal (the hand
    void, every chip back).  The ruling stays on screen until the next tap."""
    made = dealt(server_url, "Boxed", deal=False)
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        assert t.page.locator("#rulings-box").is_hidden()
        assert offered(t) == DEALING
        assert t.page.locator("#controls").is_hidden()  # the panel replaces the controls
        shot(t.page, "dealer-floor-panel-deal")
        one = rule(t, "boxed_card")
        assert one["rule"] == "I1, TDA 35-A" and one["title"] == "A boxed card", one
        assert "Put it in the muck" in one["next"]
        assert t.state()["in_hand"] and t.step()["kind"] == "deal"
        assert rulings_listed(t) == ["I1, TDA 35-A"]
        shot(t.page, "dealer-floor-ruling-boxed")
        two = rule(t, "boxed_card")
        assert two["rule"] == "I1, TDA 35-A" and two["title"] == "A second boxed card", two
        assert "misdeal" in two["text"] and "deal again" in two["next"]
        state = t.state()
        assert not state["in_hand"] and state["step"]["kind"] == "start"
        assert all(s["stack"] == 1000 for s in state["seats"] if s["name"])  # every chip back
        assert t.page.locator("#irregular").is_hidden()
        assert "A second boxed card" in t.page.locator("#rulings").inner_text()
        t.tap("#deal-next")  # the next tap: the ruling is gone
        assert t.page.locator("#ruling").is_hidden()
    finally:
        context.close()


def test_I1_I2_exposed_card_early_is_a_misdeal_a_later_one_becomes_the_flops_burn(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I1: the first or second card of the deal exposed is a misdeal.  I2: a later card
    exposed is replaced after the deal and becomes the flop's burn, which the flop's step
    then reminds the dealer of."""
    made = dealt(server_url, "Exposed", deal=False)
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        early = rule(t, "exposed_early")
        assert early["rule"] == "I1" and early["title"] == "The first or second card exposed"
        assert not t.state()["in_hand"]
        t.tap("#deal-next")
        later = rule(t, "exposed_late")
        assert later["rule"] == "I2" and later["title"] == "An exposed hole card", later
        assert "flop's burn" in later["next"]
        assert t.state()["in_hand"]
        assert rulings_listed(t)[-1] == "I2"
        t.tap("#cards-dealt")
        for seat in (3, 0, 1):
            t.act(seat, "call")
        t.act(2, "check")
        assert "The card exposed in the deal is this burn (I2)" in \
            t.page.locator("#step-text").inner_text()
    finally:
        context.close()


def test_I1_first_card_to_the_wrong_seat_is_a_misdeal(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I1 (TDA 35-A): the deal started at the wrong seat, found while dealing: a misdeal,
    the button stays."""
    made = dealt(server_url, "Wrong seat", deal=False)
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        ruled = rule(t, "wrong_seat")
        assert ruled["rule"] == "I1, TDA 35-A", ruled
        assert ruled["title"] == "The first card to the wrong seat"
        state = t.state()
        assert not state["in_hand"] and "The button is at seat 1" in state["step"]["text"]
    finally:
        context.close()


def test_TDA_34A_button_misplaced_before_and_after_substantial_action(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """TDA 34-A (I1): the button found in the wrong place before substantial action is a
    misdeal, the button where the rule puts it; after substantial action (three calls)
    the hand plays on and the next deal's button moves on from where it really was."""
    made = dealt(server_url, "Button", deal=False)
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        before = rule(t, "button_misplaced", seat=2)
        assert before["rule"] == "I1, TDA 34-A", before
        assert "goes back to seat 1" in before["text"]
        assert not t.state()["in_hand"]
        t.start()
        for seat in (3, 0, 1):
            t.act(seat, "call")
        assert offered(t) == BETTING
        after = rule(t, "button_misplaced", seat=2)
        assert after["rule"] == "TDA 34-A" and "plays on" in after["text"], after
        assert t.state()["in_hand"] and t.turn() == 2
        t.act(2, "check")
        t.board("Ah Kd 7c")
        t.raise_to(1, 10)
        for seat in (2, 3, 0):
            t.act(seat, "fold")
        state = t.state()
        assert not state["in_hand"] and state["button"] == 3  # on from seat 3, not seat 2
        assert t.page.locator("#seats [data-seat='3'] .mk.button").count() == 1
    finally:
        context.close()


def test_I3_I4_premature_card_a_premature_flop_then_a_premature_turn(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I3 (TDA RP-5-A): a card turned before the first betting round ended is a premature
    flop; the flop's step then says to deal it without a burn.  I4 (TDA RP-5-B): on the
    flop's betting round it is a premature turn.  On the flop's round the panel offers the
    flop without a burn too (TDA 39-B2)."""
    made = dealt(server_url, "Premature")
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        assert offered(t) == BETTING
        flop = rule(t, "premature_card")
        assert flop["rule"] == "I3, TDA RP-5-A" and flop["title"] == "A premature flop", flop
        for seat in (3, 0, 1):
            t.act(seat, "call")
        t.act(2, "check")
        assert "Premature flop (I3)" in t.page.locator("#step-text").inner_text()
        t.board("Ah Kd 7c")
        assert offered(t) == [*BETTING, "flop_no_burn"]
        turn = rule(t, "premature_card")
        assert turn["rule"] == "I4, TDA RP-5-B" and turn["title"] == "A premature turn", turn
        assert rulings_listed(t) == ["I3, TDA RP-5-A", "I4, TDA RP-5-B"]
    finally:
        context.close()


def test_I3_flop_with_too_many_cards_and_TDA_39B1_39B2_flop_without_a_burn(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I3: with the flop due the panel offers its two irregularities: too many cards
    (the flop goes back, a new one without a burn) and no burn found before any action
    (TDA 39-B1); once the flop is entered and a player has acted, no burn stands
    (TDA 39-B2)."""
    made = dealt(server_url, "Flop")
    play_round(server_url, made, state_of(server_url, made))
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        assert t.step()["kind"] == "board"
        assert offered(t) == ["flop_too_many", "flop_no_burn"]
        shot(t.page, "dealer-floor-panel-flop")
        many = rule(t, "flop_too_many")
        assert many["rule"] == "I3" and many["title"] == "A flop with too many cards", many
        burn = rule(t, "flop_no_burn")
        assert burn["rule"] == "I3, TDA 39-B1", burn
        t.board("Ah Kd 7c")
        t.act(1, "check")
        stands = rule(t, "flop_no_burn")
        assert stands["rule"] == "I3, TDA 39-B2" and "the flop stands" in stands["text"], stands
    finally:
        context.close()


def test_I7_wrong_number_of_cards_a_misdeal_then_a_dead_hand(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """I7: a player holding three cards before substantial action is a misdeal (TDA 35);
    after it (three players acted), a player holding one card has a dead hand (TDA 36):
    folded, the chips stay in the pot."""
    made = dealt(server_url, "Count")
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        misdeal = rule(t, "wrong_count", seat=1, holding=3)
        assert misdeal["rule"] == "I7, TDA 35" and "misdeal" in misdeal["text"], misdeal
        assert not t.state()["in_hand"]
        t.start()
        for seat in (3, 0, 1):
            t.act(seat, "call")
        dead = rule(t, "wrong_count", seat=1, holding=1)
        assert dead["rule"] == "I7, TDA 36" and "dead" in dead["text"], dead
        bob = t.state()["seats"][1]
        assert bob["folded"] and bob["stack"] == 990
        assert "folded" in (t.page.locator("#seats [data-seat='1']").get_attribute("class") or "")
    finally:
        context.close()


def test_B14_chips_pushed_read_as_the_action(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """B14: the chips a player in turn pushes are read by the book: one oversized chip
    without a word is a call (TDA 44, the change given back); "30" said with two 25s is
    a raise to 30 (TDA 43)."""
    made = dealt(server_url, "Chips")
    context, t = open_tablet(browser, server_url, made, errors)
    try:
        oversized = rule(t, "chips", chips="25")
        assert oversized["rule"] == "B14, TDA 44", oversized
        assert "a call of 10" in oversized["text"] and "Give 15 back" in oversized["next"]
        assert t.state()["seats"][3]["bet"] == 10 and t.turn() == 0
        said = rule(t, "chips", chips="25 25", said="amount", amount=30)
        assert said["rule"] == "B14, TDA 43" and "a raise to 30" in said["text"], said
        assert t.state()["seats"][0]["bet"] == 30 and t.turn() == 1
        assert rulings_listed(t) == ["B14, TDA 44", "B14, TDA 43"]
        # chips that are not chips are refused on the page, nothing sent
        offered(t)
        t.page.locator("#floor-box [data-choice='chips']").click()
        t.page.locator("#floor-chips").fill("lots")
        t.page.locator("#floor-go").click()
        assert "The chips pushed" in t.page.locator("#error").inner_text()
        assert t.state()["version"] == t.version()
        t.page.locator("#floor-cancel").click()
        assert t.page.locator("#floor-box").is_hidden() and t.page.locator("#controls").is_visible()
    finally:
        context.close()


def test_the_hands_played_their_PHH_the_QR_code_the_known_cards_and_closing_the_game(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """Two hands are played, a third is at its showdown with one hand shown: its cards
    are on that seat's tile; the hands list shows each hand's first and last lines and
    downloads every hand's PHH (finishing_stacks in it); the players' link has its QR
    code.  The game can be closed between hands only, after a confirmation in the page;
    closed, nothing more can be tapped."""
    made = dealt(server_url, "Last orders")
    for hand in range(2):
        if hand:
            taps(server_url, made, {"kind": "start"}, {"kind": "deal"})
        state = state_of(server_url, made)
        while state["in_hand"]:
            state = taps(server_url, made, {"kind": "act", "seat": state["step"]["seat"],
                                            "action": "fold"})
    state = taps(server_url, made, {"kind": "start"}, {"kind": "deal"})
    for board in ("Qs Jh 2d", "9c", "4h"):
        state = play_round(server_url, made, state)
        state = taps(server_url, made, {"kind": "board", "cards": board})
    state = play_round(server_url, made, state)
    first = state["step"]["seat"]
    state = taps(server_url, made, {"kind": "show", "seat": first, "cards": "As Ac"})
    assert state["seats"][first]["cards"] == ["As", "Ac"]

    context, t = open_tablet(browser, server_url, made, errors)
    page = t.page
    try:
        tile = page.locator(f"#seats [data-seat='{first}'] .hole .minicard")
        assert tile.all_inner_texts() == ["A♠", "A♣"]
        assert page.locator("#seats .hole").count() == 1  # nobody else's cards are known
        shot(page, "dealer-floor-known-cards")
        # the players' link with its QR code
        page.wait_for_function("document.querySelector('#qr svg path') !== null")
        link = page.locator("#short-link").inner_text()
        assert link.startswith(server_url + "/d/"), link
        assert page.locator("#qr svg").get_attribute("viewBox")
        # the hands played
        page.wait_for_function("document.querySelectorAll('#hands li[data-hand]').length === 2")
        hand = page.locator("#hands li[data-hand='1']")
        assert hand.locator("b").inner_text() == "Hand 1"
        assert hand.locator(".first").inner_text().startswith("The button is at seat 1")
        assert hand.locator(".last").inner_text().startswith("The hand is over.")
        with page.expect_download() as download:
            page.locator("#hands-phh").click()
        assert download.value.suggested_filename == f"dealer-{t.game}.phhs"
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert "[1]" in text and "[2]" in text and "finishing_stacks" in text, text[:400]
        # no closing during a hand
        assert page.locator("#close-game").is_hidden()
        while t.state()["in_hand"]:
            t.tap("#controls [data-do=muck]")
        page.wait_for_function("document.querySelectorAll('#hands li[data-hand]').length === 3")
        # closing: a confirmation first, which can be declined
        page.locator("#close-game").click()
        assert page.locator("#close-box").is_visible() and page.locator("#close-game").is_hidden()
        page.locator("#settle-box").scroll_into_view_if_needed()
        shot(page, "dealer-floor-close-confirm")
        page.locator("#close-cancel").click()
        assert page.locator("#close-box").is_hidden() and page.locator("#close-game").is_visible()
        assert not t.state()["closed"]
        page.locator("#close-game").click()
        t.tap("#close-go")
        state = t.state()
        assert state["closed"]
        assert page.locator("#step-text").inner_text() == "The game is closed: settle up below."
        for gone in ("#close-game", "#irregular", "#undo", "#misdeal"):
            assert page.locator(gone).is_hidden(), gone
        assert page.locator("#deal-next").count() == 0
        assert page.locator("#seat-tools").is_hidden()
        page.evaluate("scrollTo(0, 0)")
        shot(page, "dealer-floor-closed", full=True)
        no_sideways_scroll(page, TABLET["width"])
    finally:
        context.close()


def test_B14_a_ruling_on_a_phone_end_to_end(
        browser: Any, server_url: str, errors: list[str]) -> None:
    """B14 at 390x844: the dealer deals the hand on the phone, opens the panel, types
    the chips pushed and what was said, and reads the ruling (TDA 51: a 100 chip with
    "call" said is a call of 10, 90 back); the page never scrolls sideways."""
    made = dealt(server_url, "Phone floor", deal=False)
    context, t = open_tablet(browser, server_url, made, errors, PHONE)
    try:
        t.tap("#cards-dealt")
        assert offered(t) == BETTING
        t.page.locator("#floor-box [data-choice='chips']").click()
        t.page.locator("#floor-chips").fill("100")
        t.page.locator("#floor-box [data-do=floor_said][data-said='call']").click()
        no_sideways_scroll(t.page, PHONE["width"])
        t.page.locator("#floor-box .floor-detail").scroll_into_view_if_needed()
        shot(t.page, "dealer-floor-phone-panel")
        before = t.version()
        t.page.locator("#floor-go").click()
        t.answered(before + 1)
        ruling = t.page.locator("#ruling")
        assert ruling.is_visible()
        assert ruling.locator(".rule-id").inner_text() == "B14, TDA 51"
        assert "a call of 10" in ruling.locator(".ruling-text").inner_text()
        assert "Give 90 back" in ruling.locator(".ruling-next").inner_text()
        assert t.state()["seats"][3]["bet"] == 10
        assert t.page.locator("#rulings .rule-id").count() == 1
        t.page.evaluate("scrollTo(0, 0)")
        no_sideways_scroll(t.page, PHONE["width"])
        shot(t.page, "dealer-floor-phone-ruling")
        shot(t.page, "dealer-floor-phone-full", full=True)
    finally:
        context.close()
