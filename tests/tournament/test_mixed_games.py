"""Mixed games: rotations by level (tournaments) and by orbit or hands (cash games), and
the button across stud, checked against the televised final table of the 2023 Poker
Players Championship (the PHH data set in tests/data: wsop/2023/43/5, in time order)."""

from __future__ import annotations

import random
import tomllib
from typing import Any

from pokerroom.cards import Deck
from pokerroom.rules.actions import BringIn, CheckCall, Fold
from pokerroom.rules.engine import Hand
from pokerroom.table import Table, TableOptions
from pokerroom.tournament import (
    ROTATIONS,
    Level,
    MixedGame,
    TournamentTable,
    game,
    rotation,
    stakes_for,
    structure,
)
from tests.data import phh_data
from tests.tournament.conftest import floor, tournament

CODES = {"NT": "nlhe", "F7S": "stud", "FO/8": "o8", "FR": "razz", "PO": "plo", "FT": "lhe",
         "N2L1D": "nl27sd", "F7S/8": "stud8", "F2L3D": "27td"}
SIZES = Level(0, 50, 100, ante=100, big_blind_ante=True, small_bet=200, big_bet=400,
              stud_ante=50, bring_in=50)


def fold_around(hand: Hand) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.bring_in is not None:
            hand.act(BringIn())
        elif legal.check or not legal.fold:
            hand.act(CheckCall())
        else:
            hand.act(Fold())


def ppc_hands() -> list[dict[str, Any]]:
    ppc = phh_data() / "wsop" / "2023" / "43" / "5"
    files = sorted(ppc.glob("*.phh"))  # named by the time of day: time order
    assert len(files) == 83
    return [tomllib.loads(f.read_text(encoding="utf-8")) for f in files]


def test_button_across_stud_matches_the_televised_PPC_final_table() -> None:
    """Nine games in turn, seven hands each (NLHE, stud, O8, razz, PLO, LHE, NL 2-7,
    stud hi-lo, 2-7 triple draw).  Stud has no button: it stays where it was and the
    next blind game starts one player on.  Every blind-game hand of the day (53, with
    two players busting and the heads-up) has the small blind, big blind and button of
    the record."""
    hands = ppc_hands()
    first = hands[0]["players"]  # small blind first, the button last
    table = TournamentTable(1, stakes_for(game("nlhe"), SIZES), seats=len(first))
    for seat, name in enumerate(first):
        table.seat_player(seat, name, 10**9)
    table.first_button = len(first) - 1
    rng = random.Random(0)
    checked = 0
    games: list[str] = []
    for record in hands:
        players = record["players"]
        for seat, p in table.seated().items():
            if p.name not in players:
                table.leave(seat)  # busted on the hand before
        g = game(CODES[record["variant"]])
        if not games or games[-1] != g.key:
            games.append(g.key)
        table.switcher.switch(table, stakes_for(g, SIZES), rng)
        hand = table.start_hand(Deck(seed=table.hands_dealt, cards=g.variant.deck))
        if not g.is_stud:
            assert list(hand.config.names) == players, f"hand {record['hand']}"
            checked += 1
        fold_around(hand)
        table.finish_hand()
    assert checked == 53
    assert tuple(games[:9]) == ROTATIONS["nine_game"]


def test_PPC_holdem_to_stud_to_omaha() -> None:
    """Hold'em ends with Talal Shakerchi in the small blind and James Obst on the button;
    after seven stud hands Omaha hi-lo starts one on: Brian Rast in the small blind,
    Talal on the button."""
    hands = ppc_hands()
    assert hands[3]["variant"] == "NT" and hands[3]["players"][0] == "Talal Shakerchi"
    assert hands[3]["players"][-1] == "James Obst"
    assert {h["variant"] for h in hands[4:11]} == {"F7S"}
    assert hands[11]["variant"] == "FO/8"
    assert (hands[11]["players"][0], hands[11]["players"][-1]) == ("Brian Rast",
                                                                    "Talal Shakerchi")


def test_tournament_changes_the_game_with_the_level() -> None:
    t = tournament(6, game="horse", seats=6, schedule=structure("horse").schedule[:6],
                   chips=(25,), starting_stack=20000, floor=floor(final_table_seats=6))
    t.start()
    seen = []
    for level in range(1, 6):
        hand = t.start_hand(1)
        seen.append(hand.variant.key)
        fold_around(hand)
        t.finish_hand(1)
        t.advance(1200 if level != 4 else 1200 + 600)  # a break after level 4
    assert seen == ["holdem", "omaha_hilo", "razz", "stud", "stud_hilo"]
    assert [g.key for g in rotation("horse")] == ["lhe", "o8", "razz", "stud", "stud8"]


def test_cash_game_rotation_by_orbit() -> None:
    """HORSE at a six-handed cash table: each game for an orbit (six hands)."""
    mixed = MixedGame.of("horse", SIZES, per="orbit")
    table = Table(mixed.stakes(), TableOptions(seats=6))
    for seat in range(6):
        table.sit(seat, f"p{seat}", 10_000)
    table.first_button = 0
    rng = random.Random(1)
    played = []
    for _ in range(31):
        g = mixed.before_hand(table, rng)
        hand = table.start_hand(Deck(seed=table.hands_dealt, cards=g.variant.deck))
        played.append(g.key)
        fold_around(hand)
        table.finish_hand()
    assert played == [k for k in ("lhe", "o8", "razz", "stud", "stud8") for _ in range(6)] + [
        "lhe"]


def test_cash_game_rotation_every_n_hands_keeps_the_button() -> None:
    """Every three hands: LHE, razz, LHE.  The button of the second LHE round starts one
    seat after where the first one stopped."""
    mixed = MixedGame.of(["lhe", "razz"], SIZES, per="hands", hands=3)
    table = Table(mixed.stakes(), TableOptions(seats=6))
    for seat in range(5):
        table.sit(seat, f"p{seat}", 10_000)
    table.first_button = 0
    rng = random.Random(1)
    buttons = []
    for _ in range(9):
        g = mixed.before_hand(table, rng)
        hand = table.start_hand(Deck(seed=table.hands_dealt, cards=g.variant.deck))
        if not g.is_stud:
            assert table.plan_in_play is not None and table.plan_in_play.positions is not None
            buttons.append(table.plan_in_play.positions.button)
        fold_around(hand)
        table.finish_hand()
    assert buttons == [0, 1, 2, 3, 4, 0]
