"""S4 at a room table: with ``auto_showdown`` off (the room's default) a player not
all-in mucks a hand that cannot win, as their "muck losing hands" setting says;
with it on every hand is turned up (issue 11, item 7)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from pokerroom.cards import parse_cards
from pokerroom.rules import Hand, HandConfig, Structure, variant
from pokerroom.rules.actions import CheckCall, DealBoard, DealHole
from pokerroom.server.actors.stand_ins import can_still_win
from tests.server.conftest import actor_of, add_bot, new_table, paused


def _showdown(holes: list[str], board: str) -> Hand:
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(100,) * len(holes), blinds=(1, 2) + (0,) * (len(holes) - 2),
                        min_bet=2, auto_showdown=False)
    hand = Hand(config)
    for k, hole in enumerate(holes):
        hand.act(DealHole(k, tuple(parse_cards(hole))))
    cards = parse_cards(board)
    for street in (cards[:3], cards[3:4], cards[4:5]):
        while hand.actor is not None:
            hand.act(CheckCall())
        hand.act(DealBoard(tuple(street)))
    while hand.actor is not None and hand.legal_actions().show is False:
        hand.act(CheckCall())
    return hand


def test_S4_a_hand_that_cannot_win_is_known() -> None:
    """The first hand shown may always win; a later one only if it beats or ties."""
    hand = _showdown(["AsAd", "KsKd", "QsQd"], "2c7h9dJc3s")
    first = hand.actor
    assert first is not None and can_still_win(hand, first)
    hand.exposed[0] = True  # aces turned up
    assert not can_still_win(hand, 1) and not can_still_win(hand, 2)
    tie = _showdown(["AsKd", "AhKc"], "2c7h9dJc3s")
    tie.exposed[0] = True
    assert can_still_win(tie, 1)  # a tie wins half


def _hands_with_mucks(client: TestClient, **options: object) -> tuple[int, int, list[str]]:
    table = new_table(client, **options)
    with paused(client, table):
        first, second = add_bot(client, table, "station"), add_bot(client, table, "station")
        actor = actor_of(client, table)
        actor.seats[second].muck_losing = False  # this bot always shows
    deadline = time.time() + 20
    while actor.hand_number < 25 and time.time() < deadline:
        time.sleep(0.05)
    log = list(actor.log)
    names = (actor.seats[first].name, actor.seats[second].name)
    return (sum(f"{names[0]} mucks" in line for line in log),
            sum(f"{names[1]} mucks" in line for line in log), log)


def test_S4_losing_hands_are_mucked_unless_the_player_shows_them(client: TestClient) -> None:
    """Two calling stations check or call every hand down: the one with the setting on
    mucks when beaten (never both: the first hand shown may win), the other never."""
    mucks, never, log = _hands_with_mucks(client)
    assert mucks > 0, log
    assert never == 0, log


def test_S4_auto_showdown_turns_every_hand_up(client: TestClient) -> None:
    mucks, never, log = _hands_with_mucks(client, auto_showdown=True)
    assert mucks == never == 0, log
    table = client.get("/api/tables").json()[-1]["id"]
    rules = client.get(f"/api/tables/{table}").json()["state"]["table"]["house_rules"]
    assert any(r["option"] == "auto_showdown" for r in rules)
