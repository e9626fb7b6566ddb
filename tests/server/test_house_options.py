"""The house options a cardroom manager chooses when creating a table (CATALOG.md): each
reaches the table and the hands it deals, survives the table's snapshot (what a restart
brings back), shows in the table's state for its players, and a value the room cannot
play is refused with what is allowed, creating nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.cards import Deck
from pokerroom.rules.engine import Hand
from pokerroom.table import Table
from pokerroom.table.snapshot import table_from_dict, table_to_dict
from tests.server.conftest import (
    actor_of,
    add_bot,
    join,
    new_table,
    seat_socket,
    stack_stud_decks,
    wait_until,
)

STUD = {"game": "stud", "structure": "fixed_limit", "ante": 1, "bring_in": 2,
        "small_bet": 5, "big_bet": 10}
LIMIT = {"structure": "fixed_limit"}


def _dealt(table: Table) -> Hand:
    """A hand dealt by a copy of ``table`` made from its snapshot, with three players."""
    copy = table_from_dict(table_to_dict(table))
    for seat, name in enumerate("ABC"):
        copy.sit(seat, name, copy.options.min_buy_in)
    return copy.start_hand(Deck(seed=3, cards=copy.stakes.game.deck))


Check = Callable[[Table, Hand], bool]
CASES: list[tuple[str, dict[str, Any], Check]] = [
    ("B15", {**STUD, "open_pair_double": True},
     lambda t, h: t.stakes.open_pair_double and h.config.open_pair_double),
    ("B5", {**LIMIT, "raise_cap": None},
     lambda t, h: t.stakes.raise_cap is None and h.config.raise_cap is None),
    ("B5", {**LIMIT, "raise_cap": 3}, lambda t, h: h.config.raise_cap == 3),
    ("S11", {"rake_percent": 0.05, "rake_cap": 3, "no_flop_no_drop": False},
     lambda t, h: (h.config.rake_percent, h.config.rake_cap, h.config.no_flop_no_drop)
     == (0.05, 3, False)),
    ("run_it_twice", {"run_it_twice": True}, lambda t, h: h.config.run_it_twice),
    ("F7", {"ante": 2, "big_blind_ante": True, "bba_order": "blind_first"},
     lambda t, h: h.config.bba_order == "blind_first"),
    ("T11", {"new_game_round": False}, lambda t, h: not t.options.new_game_round),
    ("T10", {"rebuy_as_new_player": True}, lambda t, h: t.options.rebuy_as_new_player),
    ("F11", {"straddle": True, "multiple_straddles": True},
     lambda t, h: t.options.multiple_straddles),
    ("F12", {**LIMIT, "kill": "two_pots", "kill_factor": 1.5},
     lambda t, h: (t.options.kill, t.options.kill_factor) == ("two_pots", 1.5)),
    ("F12", {"kill": "pot_size", "kill_pot_size": 100},
     lambda t, h: (t.options.kill, t.options.kill_pot_size) == ("pot_size", 100)),
    ("D5", {"button_draw": "first_jack"}, lambda t, h: t.options.button_draw == "first_jack"),
    ("D5", {"button_draw": "by_seat"}, lambda t, h: t.options.button_draw == "by_seat"),
    ("F11", {"straddle_multiple": 3},
     lambda t, h: t.options.straddle_multiple == 3),
    ("B9", {**LIMIT, "limit_short_raise": "complete"},
     lambda t, h: h.config.limit_short_raise == "complete"),
    ("F10", {**STUD, "bring_in": 5, "full_bring_in": "raise"},
     lambda t, h: t.stakes.full_bring_in == h.config.full_bring_in == "raise"),
    ("T8", {"make_up": "sum"}, lambda t, h: t.options.make_up == "sum"),
    ("T8", {"make_up": "one_per_hand"}, lambda t, h: t.options.make_up == "one_per_hand"),
    ("T12", {"seat_change": "past_three"}, lambda t, h: t.options.seat_change == "past_three"),
    ("T12", {"seat_change": "free"}, lambda t, h: t.options.seat_change == "free"),
    ("T3", {"button_method": "skipped_blinds_paid"},
     lambda t, h: t.method.value == "skipped_blinds_paid"),
    ("F3", {"small_blind": 2, "big_blind": 4, "button_blind": 1},
     lambda t, h: t.stakes.button_blind == 1 and sorted(h.config.blinds) == [1, 2, 4]),
    # The button antes for all (ENC): one ante of 6 x 1 from the button, none from others.
    ("F1", {"ante": 1, "button_ante": True},
     lambda t, h: t.stakes.button_ante and sum(h.config.antes) == len(h.config.antes)),
]


@pytest.mark.parametrize(("rule", "fields", "check"), CASES,
                         ids=[f"{rule}-{'-'.join(f)}" for rule, f, _ in CASES])
def test_each_house_option_reaches_the_table_and_its_hands(
        client: TestClient, rule: str, fields: dict[str, Any], check: Check) -> None:
    table_id = new_table(client, **fields)
    table = actor_of(client, table_id).table
    copy = table_from_dict(table_to_dict(table))
    hand = _dealt(table)
    assert check(table, hand) and check(copy, hand), (rule, fields)
    # The table's players see the house rules that differ from the catalogue's.
    rules = client.get(f"/api/tables/{table_id}").json()["state"]["table"]["house_rules"]
    assert rules and all(r["label"] and r["value"] for r in rules), rules
    assert rule in " ".join(r["value"] for r in rules) or rule == "run_it_twice", rules


def test_a_table_of_defaults_lists_no_house_rules(client: TestClient) -> None:
    for fields in ({}, STUD, LIMIT):
        table_id = new_table(client, **fields)
        assert client.get(f"/api/tables/{table_id}").json()["state"]["table"]["house_rules"] == []


def test_the_house_rules_in_words(client: TestClient) -> None:
    table_id = new_table(client, **LIMIT, kill="two_pots", kill_factor=1.5,
                         rake_percent=0.05, rake_cap=3, raise_cap=None,
                         rebuy_as_new_player=True)
    rules = {r["option"]: r["value"]
             for r in client.get(f"/api/tables/{table_id}").json()["state"]["table"]["house_rules"]}
    assert rules == {
        "raise_cap": "none (B5)",
        "kill": "half kill, 1.5x, after winning two pots in a row (F12)",
        "rake": "5%, at most 3; no flop, no drop (S11)",
        "rebuy_as_new_player": "after busting, a new player: missed blinds forgiven (T10)",
    }


REFUSED = [
    # (fields, status, what the answer says)
    ({"kill": "sometimes"}, 422, "kill: Input should be 'none', 'two_pots' or 'pot_size'"),
    ({"button_draw": "low_card"}, 422,
     "Input should be 'high_card', 'first_jack' or 'by_seat'"),
    ({"straddle_multiple": 1}, 422,
     "straddle_multiple: Input should be greater than or equal to 2"),
    ({"straddle_multiple": 11}, 422, "straddle_multiple: Input should be less than or equal "
     "to 10"),
    ({**LIMIT, "straddle_multiple": 3}, 400, "needs a no-limit or pot-limit blind game"),
    ({"make_up": "half"}, 422, "make_up: Input should be 'by_structure', 'sum' or 'one_per_hand'"),
    ({"seat_change": "anywhere"}, 422,
     "seat_change: Input should be 'relative_position', 'past_three' or 'free'"),
    ({"limit_short_raise": "half"}, 422,
     "limit_short_raise: Input should be 'full_bet_over' or 'complete'"),
    ({"full_bring_in": "dead"}, 422, "full_bring_in: Input should be 'live' or 'raise'"),
    ({"button_blind": -1}, 422, "button_blind: Input should be greater than or equal to 0"),
    ({"button_blind": 2}, 400, "at most the small blind"),
    ({**STUD, "button_blind": 1}, 400, "for blind games"),
    ({"button_ante": True}, 400, "button_ante"),
    ({"ante": 1, "big_blind_ante": True, "button_ante": True}, 400, "button_ante"),
    ({"bba_order": "never"}, 422, "Input should be 'ante_first' or 'blind_first'"),
    ({"rake_percent": 5}, 422, "rake_percent: Input should be less than 1"),
    ({"rake_cap": -1}, 422, "rake_cap: Input should be greater than or equal to 0"),
    ({"raise_cap": 0}, 422, "raise_cap: Input should be greater than or equal to 1"),
    ({"kill_pot_size": -5}, 422, "kill_pot_size: Input should be greater than or equal to 0"),
    ({"run_it_twice": "maybe"}, 422, "run_it_twice: Input should be a valid boolean"),
    ({"kill_factor": 3}, 400, "kill_factor is 2 (full kill) or 1.5 (half kill), got 3.0"),
    ({"kill": "pot_size"}, 400, "kill = 'pot_size' needs kill_pot_size > 0"),
    ({**STUD, "game": "stud_hilo", "open_pair_double": True}, 400,
     "open_pair_double (B15) is for fixed-limit seven-card stud only (never stud hi-lo or "
     "razz), not fixed limit"),
    ({"open_pair_double": True}, 400, "not no limit Texas hold'em"),
    ({**STUD, "kill": "two_pots"}, 400, "a kill blind (F12) needs a blind game"),
    ({"game": "badugi", **LIMIT, "run_it_twice": True}, 400,
     "running it twice needs a board: badugi has none"),
]


def _error_text(response: Any) -> str:
    """What the lobby shows: the room's error, or each field's complaint."""
    body = response.json()
    if "error" in body:
        return str(body["error"])
    return "; ".join(f"{'.'.join(map(str, d['loc'][1:]))}: {d['msg']}" for d in body["detail"])


@pytest.mark.parametrize(("fields", "status", "says"), REFUSED,
                         ids=[json.dumps(f)[:60] for f, _, _ in REFUSED])
def test_a_bad_house_option_is_refused_clearly_and_creates_nothing(
        client: TestClient, fields: dict[str, Any], status: int, says: str) -> None:
    response = client.post("/api/tables", json={"name": "Bad", **fields})
    assert response.status_code == status, response.text
    assert says in _error_text(response), _error_text(response)
    assert client.get("/api/tables").json() == []
    assert client.app.state.room.store.load() == []  # type: ignore[attr-defined]


def test_B15_the_big_bet_with_an_open_pair_over_the_socket(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """B15 at a room table: Alice's kings on fourth street give her ``big_raise_to``
    (the big bet) beside the small bet, and betting it is accepted."""
    table_id = new_table(client, **STUD, open_pair_double=True)
    stack_stud_decks(monkeypatch, actor_of(client, table_id),
                     {"Alice": "2c3cKd Kh", "Bot 1": "4c4d2d 7s"})
    token = join(client, table_id, "Alice", 0)
    add_bot(client, table_id, "station")  # brings in with the deuce, then calls
    with seat_socket(client, f"/ws/tables/{table_id}", token) as ws:
        for _ in range(100):
            message = ws.receive_json()
            if message["type"] != "state" or not message["state"]["you"]["legal"]:
                continue
            state = message["state"]
            legal = state["you"]["legal"]
            if state["hand"]["street"] == "third":
                assert legal["big_raise_to"] is None
                ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
                continue
            assert state["hand"]["street"] == "fourth"
            assert (legal["min_raise_to"], legal["big_raise_to"]) == (5, 10)
            ws.send_text(json.dumps({"type": "act", "action": "bet_raise", "to": 10}))
            break
        for _ in range(100):
            message = ws.receive_json()
            log = message["state"]["log"] if message["type"] == "state" else []
            if "Bot 1 calls 10" in log:
                break
        else:
            pytest.fail("Alice's big bet was not called")
        assert log[log.index("Bot 1 calls 10") - 1] == "Alice bets 10"


def test_S11_rake_and_running_it_twice_at_a_room_table(client: TestClient) -> None:
    """S11 and running it twice, played: two players who see the flop and go all-in on
    it see the turn and river run twice in the log, the house takes its capped rake
    into the ledger, the text download has both boards, and the PHH download says why
    there is none."""
    table_id = new_table(client, rake_percent=0.05, rake_cap=3, run_it_twice=True)
    tokens = [join(client, table_id, name, seat) for seat, name in enumerate(("Alice", "Bob"))]
    with seat_socket(client, f"/ws/tables/{table_id}", tokens[0]) as alice, \
            seat_socket(client, f"/ws/tables/{table_id}", tokens[1]) as bob:
        for _ in range(200):
            for ws in (alice, bob):
                message = ws.receive_json()
                if message["type"] != "state" or not message["state"]["you"]["legal"]:
                    continue
                legal, hand = message["state"]["you"]["legal"], message["state"]["hand"]
                if hand["board"] and legal["max_raise_to"]:  # all-in on the flop
                    ws.send_text(json.dumps({"type": "act", "action": "bet_raise",
                                             "to": legal["max_raise_to"]}))
                else:
                    ws.send_text(json.dumps({"type": "act", "action": "check_call"}))
            hands = client.get(f"/api/tables/{table_id}/hands").json()
            if any(h["status"] == "finished" for h in hands):
                break
    first = next(h for h in hands if h["status"] == "finished")
    assert first["result"]["rake"] == 3 and first["phh"] is False
    assert sum(first["result"]["stacks"].values()) == 400 - 3
    log = client.get(f"/api/tables/{table_id}").json()["state"]["log"]
    runs = [line[:6] for line in log if line.startswith("Run ")]
    assert runs == ["Run 1:"] * 2 + ["Run 2:"] * 2  # the turn and the river, twice
    assert "rake 3" in log
    text = client.get(f"/api/tables/{table_id}/hands/{first['number']}.txt").text
    # PokerStars' run-twice lines: each run's streets, showdown and board (issue 12).
    assert "*** FIRST TURN ***" in text and "*** SECOND RIVER ***" in text
    assert "*** FIRST SHOW DOWN ***" in text and "*** SECOND SHOW DOWN ***" in text
    assert "Hand was run twice" in text and "FIRST Board [" in text and "SECOND Board [" in text
    assert "| Rake 3" in text
    phh = client.get(f"/api/tables/{table_id}/hands/{first['number']}.phh")
    assert phh.status_code == 404
    assert "PHH cannot express running the board twice" in phh.json()["detail"]
    ledger = client.get(f"/api/tables/{table_id}/ledger").json()
    assert ledger["rake"] >= 3 and ledger["balance"] == ledger["on_table"] == 400 - ledger["rake"]


def test_a_stud_table_has_at_most_eight_seats(client: TestClient) -> None:
    """D1 with stud: eight players take 3 burns and 48 cards before seventh street
    (then a community card); a ninth cannot be dealt, so the room refuses a stud table
    of more than eight seats instead of failing at the deal."""
    for game in ("stud", "razz", "stud_hilo"):
        response = client.post("/api/tables", json={
            "name": "Big stud", "game": game, "structure": "fixed_limit", "seats": 9})
        assert response.status_code == 400, response.text
        assert "at most 8" in response.json()["error"]
        assert client.post("/api/tables", json={
            "name": "Stud", "game": game, "structure": "fixed_limit", "seats": 8}
        ).status_code == 200


def test_D5_LVH_B4_a_button_placed_by_seat_is_logged_as_placed_not_drawn(
        client: TestClient) -> None:
    """D5 with the house's button_draw "by_seat": no cards are dealt for the button, so
    the log names the seat it starts at instead of an empty draw."""
    table = new_table(client, button_draw="by_seat")
    join(client, table, "Ann", 0)
    add_bot(client, table)
    actor = actor_of(client, table)
    wait_until(lambda: any("has the button" in line for line in list(actor.log)))
    line = next(line for line in list(actor.log) if "has the button" in line)
    assert line.startswith("The button starts at seat "), line
    assert "Draw for the button" not in line
