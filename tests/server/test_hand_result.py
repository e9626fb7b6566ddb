"""The structured result of each hand in the table's state (issue #23): board(s),
hands shown with their descriptions, awards per pot and per player, bets returned;
built from the engine's public events only, so that a folded or mucked hand's cards
never reach anyone (S3-S4: only a hand turned up at the showdown is seen)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.cards import Card, parse_cards
from pokerroom.rules import Hand, HandConfig, Structure, variant
from pokerroom.rules import events as ev
from pokerroom.rules.actions import BetRaise, CheckCall, DealBoard, DealHole, Fold
from pokerroom.server.tables import actor as actor_module
from pokerroom.server.tables.hand_result import hand_result
from pokerroom.server.tables.views import table_state
from tests.server.conftest import (
    actor_of,
    add_bot,
    new_table,
    paused,
    receive_until,
    seat_socket,
    wait_until,
)


def test_S1_S3_B3_result_names_the_shown_hands_each_pot_and_the_bet_returned() -> None:
    """Three players: Bob folds, Ann and Cy go all-in to the showdown.  Both hands are
    shown once each with their descriptions, the pot's award and Ann's total agree,
    Bob's folded hand is named nowhere with its cards, and Ann's bet past Cy's stack
    comes back (B3)."""
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(100, 100, 40), blinds=(1, 2, 0), min_bet=2)
    hand = Hand(config)
    for k, hole in enumerate(["AsAd", "7c2h", "KsKd"]):
        hand.act(DealHole(k, tuple(parse_cards(hole))))
    for action in (CheckCall(), BetRaise(100), Fold(), CheckCall()):  # Cy, Ann, Bob, Cy
        hand.act(action)
    for street in ("2c7h9d", "Jc", "3s"):
        hand.act(DealBoard(tuple(parse_cards(street))))
    assert hand.is_over
    names = {0: "Ann", 1: "Bob", 2: "Cy"}
    result = hand_result(hand.events, lambda k: k, names.__getitem__, 5)
    assert result == {
        "number": 5,
        "boards": [["2c", "7h", "9d", "Jc", "3s"]],
        "shown": [{"seat": 0, "name": "Ann", "cards": ["As", "Ad"],
                   "description": "pair of aces"},
                  {"seat": 2, "name": "Cy", "cards": ["Ks", "Kd"],
                   "description": "pair of kings"}],
        "mucked": [],
        "pots": [{"pot": 0, "half": "whole", "description": "pair of aces",
                  "awards": [{"seat": 0, "name": "Ann", "amount": 82}]}],
        "won": [{"seat": 0, "name": "Ann", "amount": 82}],
        "returned": [{"seat": 0, "name": "Ann", "amount": 60}],
        "rake": 0,
    }
    assert "7c" not in json.dumps(result) and "2h" not in json.dumps(result)


def _holes(events: list[ev.Event]) -> dict[int, set[str]]:
    """Each position's hole cards, from the events only that position may see."""
    holes: dict[int, set[str]] = {}
    for event in events:
        if isinstance(event, ev.HoleCardsDealt) and event.audience is not None:
            holes.setdefault(event.position, set()).update(
                str(Card(c)) for c in event.cards if c is not None)
    return holes


def test_S4_folded_and_mucked_cards_never_reach_any_viewer(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots play hands with folds and mucks; after each, the state every viewer gets
    (each seat's, a spectator's, over a real socket too) carries the same result, and
    no card of a hand folded or mucked is anywhere in it."""
    seen: list[tuple[list[ev.Event], dict[str, Any]]] = []
    real = actor_module.hand_result

    def spy(events: list[ev.Event], *args: Any) -> Any:
        result = real(events, *args)
        seen.append((list(events), dict(result)))
        return result

    monkeypatch.setattr(actor_module, "hand_result", spy)
    table = new_table(client)
    with paused(client, table):
        seats = [add_bot(client, table, p) for p in ("station", "station", "tag", "rock")]
    actor = actor_of(client, table)

    def folds_and_mucks() -> bool:
        kinds = {type(e) for events, _ in seen for e in events}
        return ev.Folded in kinds and ev.HandMucked in kinds and len(seen) >= 12

    wait_until(folds_and_mucks)
    hidden_checked = 0
    for events, result in seen:
        holes = _holes(events)
        gone = {e.position for e in events if isinstance(e, ev.Folded | ev.HandMucked)}
        text = json.dumps(result)
        for position in gone:
            for card in holes.get(position, ()):
                assert f'"{card}"' not in text, (card, result)
                hidden_checked += 1
        shown_positions = {e.position for e in events if isinstance(e, ev.HandShown)}
        assert len(result["shown"]) == len(shown_positions)
    assert hidden_checked > 0
    with seat_socket(client, f"/ws/tables/{table}", None) as ws:  # a spectator's state
        state = receive_until(ws, lambda m: m["type"] == "state"
                              and m["state"]["result"] is not None)["state"]
    assert state["result"]["number"] <= actor.hand_number
    assert not {s["seat"] for s in state["result"]["mucked"]} & {
        s["seat"] for s in state["result"]["shown"]}
    # Every viewer's state holds the same result: it is public.
    for viewer in [None, *seats]:
        assert table_state(actor, viewer)["result"] == table_state(actor, None)["result"]


def test_run_it_twice_gives_two_boards_and_a_pot_on_each() -> None:
    """Run it twice (a house option): both boards, the pot awarded once per run, and
    each player's total the sum of theirs."""
    from tests.rules.test_run_it_twice import _config, _deck

    rest = "2c 3d7c9h 3c Jd 4c Kd  6c 4d8sTc 6d 2d 6h 5c"
    hand = Hand(_config(True), _deck(["AsAh", "KsKh"], rest))
    hand.bet_raise(100)
    hand.check_call()
    assert hand.is_over
    result = hand_result(hand.events, lambda k: k + 3, lambda s: f"P{s}", 1)
    assert result["boards"] == [[str(Card(c)) for c in run] for run in hand.runs]
    assert result["boards"][0] == ["3d", "7c", "9h", "Jd", "Kd"]
    assert [[(a["seat"], a["amount"]) for a in p["awards"]] for p in result["pots"]] == [
        [(4, 100)], [(3, 100)]]
    assert sorted((w["seat"], w["amount"]) for w in result["won"]) == [(3, 100), (4, 100)]
    assert {s["seat"] for s in result["shown"]} == {3, 4}
