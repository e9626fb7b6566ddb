"""The table rules a tournament structure chooses (``Structure.house``, HouseRules):
B5 ``raise_cap``, B9 / TDA 47-B ``limit_short_raise``, F10 ``full_bring_in`` and
I3 ``irregularity_procedures``; each plays a hand at a tournament's own table under
every value, and a bad choice is a ConfigError naming the field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerroom.errors import ConfigError
from pokerroom.rules.actions import BetRaise, BringIn, CheckCall
from pokerroom.table import LiveDeal
from pokerroom.table.irregularity_records import BoardReturned, BurnChosen
from pokerroom.tournament import HouseRules, Level, Tournament
from pokerroom.tournament.structure_files import dumps_toml, loads
from tests.table.test_I0_live_deal import Watch, finish_round, of, to_street
from tests.tournament.conftest import small_structure

LIMIT_LEVEL = Level(600, small_bet=100, big_bet=200, limit_small_blind=50, limit_big_blind=100)
STUD_LEVEL = Level(600, small_bet=20, big_bet=40, stud_ante=5, bring_in=20)


def started(players: int, house: HouseRules, **changes: Any) -> Tournament:
    """A started tournament of ``players`` with the table rules ``house``."""
    values: dict[str, Any] = {"chips": (5, 25, 100), "starting_stack": 5000, "house": house}
    values.update(changes)
    t = Tournament(small_structure(**values), rng=random.Random(3))
    for i in range(players):
        t.register(f"p{i + 1}")
    t.start()
    return t


# ------------------------------------------------------------------------- B5


@pytest.mark.parametrize(("cap", "raises"), [(4, 3), (5, 4), (0, 8)])
def test_B5_raise_cap_of_a_limit_event(cap: int, raises: int) -> None:
    """B5 (``house.raise_cap``): before the flop the big blind is the bet; with a cap of
    four bets three raises follow, with five four, and with no cap (0) the raising
    goes on (this test stops at eight)."""
    t = started(4, HouseRules(raise_cap=cap), game="lhe", schedule=(LIMIT_LEVEL,))
    hand = t.start_hand(1)
    assert hand.config.raise_cap == (cap or None)
    made, bet = 0, 100
    while made < 8 and (legal := hand.legal_actions()).max_raise_to is not None:
        bet = legal.min_raise_to or 0
        hand.act(BetRaise(bet))
        made += 1
    assert (made, bet) == (raises, 100 * (raises + 1))
    if made < 8:
        legal = hand.legal_actions()  # capped: call or fold
        assert legal.call and legal.fold and legal.min_raise_to is None


# ------------------------------------------------------------------------- B9


@pytest.mark.parametrize(("option", "raise_to"), [("full_bet_over", 250), ("complete", 200)])
def test_B9_TDA_47B_D1_limit_short_raise_of_a_limit_event(option: str, raise_to: int) -> None:
    """B9 / TDA-47B-D1 (``house.limit_short_raise``): blinds 50-100, the small blind
    bets 100 on the flop, the big blind calls, the next player goes all-in for 150
    (half a bet re-opens the betting), the button calls; the small blind may raise to
    250 (a full bet over the all-in, the default) or to 200 (``"complete"``)."""
    t = started(4, HouseRules(limit_short_raise=option),  # type: ignore[arg-type]
                game="lhe", schedule=(LIMIT_LEVEL,))
    table = t.table(1)
    seats = table.plan().seats  # small blind, big blind, the short player, the button
    short = table.players[seats[2]]
    assert short is not None
    short.stack = 250
    hand = t.start_hand(1)
    assert hand.config.limit_short_raise == option
    while hand.street == 0:
        hand.act(CheckCall())
    hand.act(BetRaise(100))  # the small blind
    hand.act(CheckCall())  # the big blind
    hand.act(BetRaise(150))  # all-in
    hand.act(CheckCall())  # the button
    legal = hand.legal_actions()
    assert legal.position == 0
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (50, raise_to, raise_to)


# ------------------------------------------------------------------------ F10


@pytest.mark.parametrize("option", ["live", "raise"])
def test_F10_full_bring_in_of_a_stud_event(option: str) -> None:
    """F10 (``house.full_bring_in``): a level whose bring-in is the whole small bet.
    ``"live"``: the bring-in may not come in for a raise, and when everyone calls it
    has the option like a blind.  ``"raise"``: it may come in for a raise (to two
    small bets), and when everyone calls the street is over."""
    t = started(3, HouseRules(full_bring_in=option),  # type: ignore[arg-type]
                game="stud", seats=6, schedule=(STUD_LEVEL,))
    hand = t.start_hand(1)
    bringer, street = hand.actor, hand.street
    legal = hand.legal_actions()
    assert legal.bring_in == 20
    assert legal.min_raise_to == (40 if option == "raise" else None)
    hand.act(BringIn())
    hand.act(CheckCall())
    hand.act(CheckCall())
    if option == "live":
        assert (hand.actor, hand.street) == (bringer, street)
        assert hand.legal_actions().check
    else:
        assert hand.street != street


# ------------------------------------------------------------------------- I3


@pytest.mark.parametrize("procedures", ["seed", "tda2024"])
def test_I3_TDA_39_A_irregularity_procedures_of_an_event(procedures: str) -> None:
    """I3 (``house.irregularity_procedures``) at a tournament's own table, dealt by
    the live-table assistant: a four-card flop goes back into the stub (``"seed"``)
    or keeps three cards and burns one at random (``"tda2024"``, TDA 39-A)."""
    t = started(4, HouseRules(irregularity_procedures=procedures))  # type: ignore[arg-type]
    table = t.table(1)
    assert table.options.irregularity_procedures == procedures
    live = Watch(LiveDeal(table, rng=random.Random(7)))
    to_street(live, "preflop")
    finish_round(live)
    live.deal_flop_with_extra_cards()
    returned, chosen = of(live.records, BoardReturned), of(live.records, BurnChosen)
    assert (bool(returned), bool(chosen)) == ((True, False) if procedures == "seed"
                                              else (False, True))
    assert len(live.hand.board) == 3


# ----------------------------------------------------------------- refusals


@pytest.mark.parametrize(("game", "house", "message"), [
    ("nlhe", {"raise_cap": 5}, r"house.raise_cap is a fixed-limit rule \(B5\) and this event "
     r"deals no fixed-limit game \(nlhe\): leave it at 4"),
    ("plo", {"limit_short_raise": "complete"}, r"house.limit_short_raise is a fixed-limit "
     r"rule \(B9\)"),
    ("lhe", {"full_bring_in": "raise"}, r"house.full_bring_in is a stud rule \(F10\) and this "
     r"event deals no stud game \(lhe\): leave it at 'live'"),
    ("lhe", {"raise_cap": -1}, "house.raise_cap is the bets allowed .* got -1"),
    ("lhe", {"raise_cap": True}, "house.raise_cap is the bets allowed .* got True"),
    ("lhe", {"limit_short_raise": "half"}, "house.limit_short_raise is one of "
     "'full_bet_over', 'complete' \\(B9, TDA 47-B\\), got 'half'"),
    ("nlhe", {"irregularity_procedures": "wsop"}, "house.irregularity_procedures is one of "
     "'seed', 'tda2024'"),
])
def test_house_rules_refusals_name_the_field(game: str, house: dict[str, Any],
                                             message: str) -> None:
    schedule = (LIMIT_LEVEL,) if game == "lhe" else small_structure().schedule
    with pytest.raises(ConfigError, match=message):
        small_structure(game=game, schedule=schedule, house=HouseRules(**house))


def test_house_rules_in_a_mixed_event_apply_to_its_limit_and_stud_games() -> None:
    """B5, F10 in HORSE: the limit and stud games get the house's rules; the stakes of
    a big-bet game are unchanged."""
    level = Level(600, 50, 100, small_bet=100, big_bet=200, stud_ante=25, bring_in=100)
    horse = small_structure(game="horse", seats=6, schedule=(level,) * 5,
                            house=HouseRules(raise_cap=0, full_bring_in="raise"))
    by_game = {horse.game_at(n).key: horse.stakes_at(n) for n in range(1, 6)}
    assert by_game["lhe"].raise_cap is None and by_game["stud"].raise_cap is None
    assert by_game["stud"].full_bring_in == "raise"
    assert by_game["lhe"].full_bring_in == "live"  # a blind game has no bring-in
    nl = small_structure(game="nlhe").stakes_at(1)
    assert small_structure(game="nlhe", house=HouseRules()).stakes_at(1) == nl


def test_house_rules_in_a_structure_file() -> None:
    """The ``[house]`` table of a structure file: written only when not the default,
    read back the same, and a wrong type or name is an error naming it."""
    s = small_structure(game="lhe", schedule=(LIMIT_LEVEL,),
                        house=HouseRules(raise_cap=5, limit_short_raise="complete"))
    text = dumps_toml(s)
    assert "[house]\nraise_cap = 5\nlimit_short_raise = \"complete\"\n" in text
    assert loads(text) == s
    assert "[house]" not in dumps_toml(small_structure())
    with pytest.raises(ConfigError, match=r"house\.raise_cap must be a whole number"):
        loads(text.replace("raise_cap = 5", 'raise_cap = "5"'))
    with pytest.raises(ConfigError, match=r"house\.straddle: unknown field \(known: "
                       "full_bring_in, irregularity_procedures, limit_short_raise, raise_cap"):
        loads(text.replace("raise_cap = 5", "straddle = true"))
