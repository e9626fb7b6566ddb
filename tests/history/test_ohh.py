"""Open Hand History JSON (issue 12): the sample hands of test_pokerstars written as
OHH 1.4.6, validated with a JSON schema written from the published specification
(hh-specs.handhistory.org: the ohh object, bet limit, player, round, action, pot and
player-wins objects, card strings), and checked field by field."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import jsonschema
import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history.ohh import SPEC_VERSION, TournamentDetails, to_ohh
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.engine import Hand
from pokerroom.rules.variants import variant
from tests.history.test_pokerstars import (
    cash_holdem,
    returning_player,
    run_twice,
    stud,
    tournament_side_pots,
    triple_draw,
)

CARD = {"type": "string", "pattern": "^[2-9TJQKA][shdc]$"}
DECIMAL = {"type": "number"}
ACTIONS = ["Dealt Cards", "Mucks Cards", "Shows Cards", "Post Ante", "Post SB", "Post BB",
           "Straddle", "Post Dead", "Post Extra Blind", "Fold", "Check", "Bet", "Raise",
           "Call", "Added Chips", "Sits Down", "Stands Up"]
OHH_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["ohh"],
    "additionalProperties": False,
    "properties": {"ohh": {
        "type": "object",
        "required": ["spec_version", "site_name", "network_name", "internal_version",
                     "game_number", "start_date_utc", "table_name", "game_type",
                     "bet_limit", "table_size", "currency", "dealer_seat",
                     "small_blind_amount", "big_blind_amount", "ante_amount", "players",
                     "rounds", "pots"],
        "additionalProperties": False,
        "properties": {
            "spec_version": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
            "site_name": {"type": "string"},
            "network_name": {"type": "string"},
            "internal_version": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
            "tournament": {"type": "boolean"},
            "tournament_info": {
                "type": "object",
                # As ohh-pydantic 0.x requires them (the "four missing fields").
                "required": ["tournament_number", "name", "start_date_utc", "currency",
                             "initial_stack", "type", "speed"],
                "additionalProperties": False,
                "properties": {
                    "tournament_number": {"type": "string"},
                    "name": {"type": "string"},
                    "start_date_utc": {"type": "string"},
                    "currency": {"type": "string"},
                    "buyin_amount": DECIMAL,
                    "fee_amount": DECIMAL,
                    "bounty_fee_amount": DECIMAL,
                    "initial_stack": {"type": "integer"},
                    "type": {"enum": ["STT", "MTT"]},
                    "flags": {"type": "array", "items": {"type": "string"}},
                    "speed": {
                        "type": "object",
                        "required": ["type", "round_time"],
                        "additionalProperties": False,
                        "properties": {
                            "type": {"enum": ["Normal", "Semi-Turbo", "Turbo", "Super-Turbo",
                                              "Hyper-Turbo", "Ultra-Turbo"]},
                            "round_time": {"type": "integer", "minimum": 0},
                        },
                    },
                },
            },
            "game_number": {"type": "string"},
            "start_date_utc": {"type": "string",
                               "pattern": r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z)?$"},
            "table_name": {"type": "string"},
            "table_handle": {"type": "string"},
            "table_skin": {"type": "string"},
            "game_type": {"enum": ["Holdem", "Omaha", "OmahaHiLo", "Stud", "StudHiLo", "Draw"]},
            "bet_limit": {
                "type": "object",
                "required": ["bet_type"],
                "additionalProperties": False,
                "properties": {"bet_type": {"enum": ["NL", "PL", "FL"]}, "bet_cap": DECIMAL},
            },
            "table_size": {"type": "integer", "minimum": 2},
            "currency": {"type": "string"},
            "dealer_seat": {"type": "integer"},
            "small_blind_amount": DECIMAL,
            "big_blind_amount": DECIMAL,
            "ante_amount": DECIMAL,
            "hero_player_id": {"type": "integer"},
            "flags": {"type": "array", "items": {
                "enum": ["Run_It_Twice", "Anonymous", "Observed", "Fast", "Cap"]}},
            "players": {"type": "array", "minItems": 2, "items": {
                "type": "object",
                "required": ["id", "seat", "name", "starting_stack"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "integer"}, "seat": {"type": "integer"},
                    "name": {"type": "string"}, "display": {"type": "string"},
                    "starting_stack": DECIMAL, "player_bounty": DECIMAL,
                    "is_sitting_out": {"type": "boolean"},
                },
            }},
            "rounds": {"type": "array", "minItems": 1, "items": {
                "type": "object",
                "required": ["id", "street", "actions"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "integer"},
                    "street": {"enum": ["Preflop", "Flop", "Turn", "River", "Showdown"]},
                    "cards": {"type": "array", "items": CARD},
                    "actions": {"type": "array", "items": {
                        "type": "object",
                        "required": ["action_number", "action"],
                        "additionalProperties": False,
                        "properties": {
                            "action_number": {"type": "integer", "minimum": 1},
                            "player_id": {"type": "integer"},
                            "action": {"enum": ACTIONS},
                            "amount": DECIMAL,
                            "is_allin": {"type": "boolean"},
                            "cards": {"type": "array", "items": CARD},
                        },
                    }},
                },
            }},
            "pots": {"type": "array", "items": {
                "type": "object",
                "required": ["number", "amount", "player_wins"],
                "additionalProperties": False,
                "properties": {
                    "number": {"type": "integer", "minimum": 0},
                    "amount": DECIMAL, "rake": DECIMAL, "jackpot": DECIMAL,
                    "player_wins": {"type": "array", "items": {
                        "type": "object",
                        "required": ["player_id", "win_amount"],
                        "additionalProperties": False,
                        "properties": {
                            "player_id": {"type": "integer"}, "win_amount": DECIMAL,
                            "cashout_amount": DECIMAL, "cashout_fee": DECIMAL,
                            "bonus_amount": DECIMAL, "contributed_rake": DECIMAL,
                        },
                    }},
                },
            }},
            "tournament_bounties": {"type": "array"},
        },
    }},
}
FLOP_HANDS = [cash_holdem, tournament_side_pots, run_twice, returning_player]


def ohh_of(make: Callable[[], tuple[Hand, dict[str, Any]]], **changes: Any) -> dict[str, Any]:
    hand, kw = make()
    return to_ohh(hand, **{**kw, **changes})


def actions(ohh: dict[str, Any], street: str) -> list[tuple[Any, ...]]:
    rounds = [r for r in ohh["ohh"]["rounds"] if r["street"] == street]
    return [(a.get("player_id"), a["action"], a.get("amount"), a.get("cards"))
            for r in rounds for a in r["actions"]]


@pytest.mark.parametrize("make", FLOP_HANDS, ids=lambda f: f.__name__)
def test_every_flop_sample_validates_against_the_ohh_schema(
        make: Callable[[], tuple[Hand, dict[str, Any]]]) -> None:
    jsonschema.Draft202012Validator.check_schema(OHH_SCHEMA)
    for visible in ({0}, set(), None):
        ohh = ohh_of(make, visible=visible)
        jsonschema.validate(json.loads(json.dumps(ohh)), OHH_SCHEMA)


def test_the_header_fields_name_the_game_stakes_table_and_time() -> None:
    ohh = ohh_of(cash_holdem)["ohh"]
    assert {k: ohh[k] for k in ("spec_version", "game_number", "start_date_utc",
                                "table_name", "game_type", "bet_limit", "table_size",
                                "dealer_seat", "small_blind_amount", "big_blind_amount",
                                "ante_amount", "hero_player_id")} == {
        "spec_version": SPEC_VERSION, "game_number": "254000001",
        "start_date_utc": "2026-11-25T20:40:00", "table_name": "Elm",
        "game_type": "Holdem", "bet_limit": {"bet_type": "NL", "bet_cap": 0},
        "table_size": 9, "dealer_seat": 3, "small_blind_amount": 1,
        "big_blind_amount": 2, "ante_amount": 0, "hero_player_id": 3,
    }
    assert ohh["players"] == [
        {"id": 2, "seat": 1, "name": "Cleo", "starting_stack": 250},
        {"id": 3, "seat": 3, "name": "Dan", "starting_stack": 300},
        {"id": 0, "seat": 5, "name": "Ann", "starting_stack": 200},
        {"id": 1, "seat": 7, "name": "Bob", "starting_stack": 180},
    ]
    assert "tournament" not in ohh


def test_actions_carry_the_chips_each_puts_in_and_bets_only_after_the_flop() -> None:
    ohh = ohh_of(cash_holdem)
    assert actions(ohh, "Preflop") == [
        (0, "Post SB", 1, None), (1, "Post BB", 2, None),
        (3, "Dealt Cards", 0, ["Ac", "Ah"]),
        (2, "Fold", 0, None), (3, "Raise", 6, None), (0, "Fold", 0, None),
        (1, "Call", 4, None),
    ]
    assert actions(ohh, "Flop") == [(1, "Check", 0, None), (3, "Bet", 8, None),
                                    (1, "Call", 8, None)]
    assert [r["cards"] for r in ohh["ohh"]["rounds"] if r["street"] in ("Flop", "Turn", "River")
            ] == [["Kd", "9s", "5h"], ["Jh"], ["2h"]]
    assert actions(ohh, "Showdown") == [(1, "Shows Cards", 0, ["Kh", "Qd"]),
                                        (3, "Shows Cards", 0, ["Ac", "Ah"])]
    assert ohh["ohh"]["pots"] == [{"number": 0, "amount": 69, "rake": 0,
                                   "player_wins": [{"player_id": 3, "win_amount": 69}]}]


def test_only_the_heros_cards_are_dealt_and_the_public_gets_none() -> None:
    public = ohh_of(cash_holdem, visible=set())
    assert not any(a[1] == "Dealt Cards" for a in actions(public, "Preflop"))
    assert "hero_player_id" not in public["ohh"]
    everyone = ohh_of(cash_holdem, visible=None)
    assert sum(a[1] == "Dealt Cards" for a in actions(everyone, "Preflop")) == 4


def test_a_tournament_hand_has_its_info_antes_all_ins_and_side_pots() -> None:
    ohh = ohh_of(tournament_side_pots)["ohh"]
    assert ohh["tournament"] is True
    assert ohh["tournament_info"] == {
        "tournament_number": "3125", "name": "Tournament #3125",
        "start_date_utc": "2026-11-25T20:40:00", "currency": "USD", "buyin_amount": 10,
        "fee_amount": 1, "bounty_fee_amount": 0, "initial_stack": 5000, "type": "STT",
        "speed": {"type": "Normal", "round_time": 0},
    }
    assert ohh["ante_amount"] == 10
    pre = actions({"ohh": ohh}, "Preflop")
    assert pre[:5] == [(0, "Post Ante", 10, None), (1, "Post Ante", 10, None),
                       (2, "Post Ante", 10, None), (0, "Post SB", 50, None),
                       (1, "Post BB", 100, None)]
    allins = [a for r in ohh["rounds"] for a in r["actions"] if a["is_allin"]]
    assert [(a["player_id"], a["action"], a["amount"]) for a in allins] == [
        (2, "Raise", 4990), (0, "Call", 940), (1, "Call", 2890)]
    assert ohh["pots"] == [
        {"number": 0, "amount": 3000, "rake": 0,
         "player_wins": [{"player_id": 1, "win_amount": 3000}]},
        {"number": 1, "amount": 4000, "rake": 0,
         "player_wins": [{"player_id": 1, "win_amount": 4000}]},
    ]
    assert [r["street"] for r in ohh["rounds"]] == ["Preflop", "Flop", "Turn", "River",
                                                    "Showdown"]


def test_a_board_run_twice_has_each_runs_rounds_and_the_flag() -> None:
    ohh = ohh_of(run_twice)["ohh"]
    assert ohh["flags"] == ["Run_It_Twice"]
    assert [(r["street"], r.get("cards")) for r in ohh["rounds"]] == [
        ("Preflop", None), ("Flop", ["8h", "As", "7h"]), ("Turn", ["4h"]), ("River", ["3h"]),
        ("Turn", ["6d"]), ("River", ["Ac"]), ("Showdown", None)]
    assert ohh["pots"] == [{"number": 0, "amount": 2000, "rake": 0, "player_wins": [
        {"player_id": 0, "win_amount": 1000}, {"player_id": 1, "win_amount": 1000}]}]


def test_dead_money_and_a_returning_players_post_have_their_own_actions() -> None:
    pre = actions(ohh_of(returning_player), "Preflop")
    assert pre[:4] == [(0, "Post SB", 1, None), (1, "Post BB", 2, None),
                       (2, "Post Dead", 1, None), (2, "Post Extra Blind", 2, None)]


def test_a_main_pot_the_rake_takes_whole_stays_in_the_record() -> None:
    """S11: the rake comes from the main pot first; when it takes all of it (a short
    all-in's pot of 3, a rake of 4), the main pot is listed with its rake and no
    winner, and the rest of the rake is the side pot's."""
    cfg = HandConfig(variant("holdem"), Structure.NO_LIMIT, (1, 100, 100), blinds=(1, 2, 0),
                     min_bet=2, rake_percent=0.1, no_flop_no_drop=False)
    hand = Hand(cfg, Deck(seed=3))
    hand.bet_raise(20)
    hand.check_call()
    while not hand.is_over:
        hand.check_call()
    assert hand.rake == 4
    ohh = to_ohh(hand, hand_number=1, table_name="T", names=["A", "B", "C"],
                 seat_numbers=[1, 2, 3], button_seat=3, max_seats=6)
    jsonschema.validate(ohh, OHH_SCHEMA)
    assert ohh["ohh"]["pots"] == [
        {"number": 0, "amount": 3, "rake": 3, "player_wins": []},
        {"number": 1, "amount": 38, "rake": 1, "player_wins": [
            {"player_id": 1, "win_amount": 37}]},
    ]


def test_a_tournament_hand_says_what_the_event_was() -> None:
    """The tournament's own facts (start, initial stack, tables, level length and
    speed) come from :class:`TournamentDetails`; the result validates."""
    start = datetime(2026, 1, 15, 19, 0, tzinfo=UTC)
    details = TournamentDetails(start=start, initial_stack=3000, tables=4, level_minutes=12,
                                speed="Turbo")
    ohh = ohh_of(tournament_side_pots, details=details)
    jsonschema.validate(json.loads(json.dumps(ohh)), OHH_SCHEMA)
    info = ohh["ohh"]["tournament_info"]
    assert (info["start_date_utc"], info["initial_stack"], info["type"], info["speed"]) == (
        "2026-01-15T19:00:00", 3000, "MTT", {"type": "Turbo", "round_time": 720})


def test_a_tournament_without_a_money_buy_in_still_has_every_field() -> None:
    ohh = ohh_of(tournament_side_pots, buy_in="", currency="")
    jsonschema.validate(json.loads(json.dumps(ohh)), OHH_SCHEMA)
    assert "buyin_amount" not in ohh["ohh"]["tournament_info"]


@pytest.mark.parametrize("speed", ["Slow", ""])
def test_an_unknown_speed_is_refused_naming_the_allowed_ones(speed: str) -> None:
    with pytest.raises(ConfigError, match="Hyper-Turbo"):
        TournamentDetails(speed=speed)


@pytest.mark.parametrize("make", [stud, triple_draw], ids=lambda f: f.__name__)
def test_stud_and_draw_hands_are_refused_since_ohh_names_flop_streets_only(
        make: Callable[[], tuple[Hand, dict[str, Any]]]) -> None:
    """OHH 1.4.6's streets are Preflop, Flop, Turn, River and Showdown: no stud
    street, no draw, no discard; the refusal says so and names PHH instead."""
    with pytest.raises(ConfigError, match=r"flop games only \(Preflop, Flop, Turn, River, "
                       r"Showdown\).*PHH"):
        ohh_of(make)


def test_the_module_doctest_runs() -> None:
    import doctest

    import pokerroom.history.ohh as module

    assert doctest.testmod(module).failed == 0
