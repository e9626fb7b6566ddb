"""PokerStars text and OHH for hands played at random in every game (issue 12): the
writers never fail, only the hero's cards are dealt, and the chips the text moves
add up to each player's stack at the end, read back from the text alone."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.history.ohh import to_ohh
from pokerroom.history.pokerstars import to_pokerstars
from pokerroom.rules.actions import BetRaise, BringIn, CheckCall, Discard, Fold, Muck, Show
from pokerroom.rules.config import HandConfig, Structure, button_blinds
from pokerroom.rules.engine import Hand
from pokerroom.rules.variants import VARIANTS, variant

WHEN = datetime(2026, 11, 25, 20, 40, tzinfo=UTC)
ACTION = re.compile(
    r"^(?P<name>P\d): (?:posts the ante (?P<ante>\d+)|posts small blind (?P<sb>\d+)"
    r"|posts big blind (?P<bb>\d+)|posts small & big blinds (?P<both>\d+)"
    r"|posts straddle (?P<straddle>\d+)|brings in for (?P<bring>\d+)|calls (?P<call>\d+)"
    r"|bets (?P<bet>\d+)|raises \d+ to (?P<raise_to>\d+)|completes it to (?P<complete>\d+))")
RETURNED = re.compile(r"^Uncalled bet \((\d+)\) returned to (P\d)$")
COLLECTED = re.compile(r"^(P\d) collected (\d+) from ")
SEAT = re.compile(r"^Seat (\d+): (P\d) \((\d+) in chips\)$")


def random_hand(rng: random.Random) -> Hand:
    key = rng.choice(sorted(VARIANTS))
    v = variant(key)
    n = rng.randint(2, 6 if not v.is_stud else 5)
    stacks = tuple(rng.choice((3, 15, 40, 100, 400)) for _ in range(n))
    kw: dict[str, object] = {}
    if v.is_stud:
        structure = Structure.FIXED_LIMIT
        kw.update(bring_in=1, small_bet=2, big_bet=4, antes=(1,) * n)
    else:
        structure = rng.choice([Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT])
        amounts = (1, 2, 4) if n > 3 and rng.random() < 0.3 else (1, 2)
        kw["blinds"] = button_blinds(n, *amounts)
        if structure is Structure.FIXED_LIMIT:
            kw.update(small_bet=2, big_bet=4)
        else:
            kw["min_bet"] = 2
        if rng.random() < 0.3:
            kw["antes"] = tuple(rng.choice((0, 1)) for _ in range(n))
        if n > 3 and rng.random() < 0.2:
            kw["posts"] = (0, 0, 0, 2) + (0,) * (n - 4)
            kw["dead"] = (0, 0, 0, 1) + (0,) * (n - 4)
        if not v.is_draw and structure is Structure.NO_LIMIT:
            kw["run_it_twice"] = rng.random() < 0.3
    if rng.random() < 0.2:
        kw.update(rake_percent=0.05, no_flop_no_drop=False)
    kw["auto_showdown"] = rng.random() < 0.5
    cfg = HandConfig(v, structure, stacks, **kw)  # type: ignore[arg-type]
    hand = Hand(cfg, Deck(seed=rng.randrange(10**9), cards=v.deck))
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.max_discard or legal.phase.name == "DRAWING":
            seat = legal.position
            assert seat is not None
            k = rng.randint(0, legal.max_discard)
            hand.act(Discard(tuple(rng.sample(list(hand.hole[seat]), k))))
        elif legal.show or legal.muck:
            hand.act(Muck() if legal.muck and rng.random() < 0.5 else Show())
        else:
            choices: list[object] = [CheckCall()] * 3 if legal.bring_in is None else []
            if legal.fold:
                choices.append(Fold())
            if legal.bring_in is not None:
                choices.append(BringIn())
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                choices.append(BetRaise(rng.choice((legal.min_raise_to, legal.max_raise_to))))
            hand.act(rng.choice(choices))  # type: ignore[arg-type]
    return hand


def chips_moved(text: str, bb: int) -> dict[str, int]:
    """Each player's stack at the end, from the text's seat lines and chip lines."""
    stacks: dict[str, int] = {}
    street: dict[str, int] = {}
    for line in text.splitlines():
        if line.startswith("*** "):
            if line not in ("*** HOLE CARDS ***", "*** DEALING HANDS ***"):
                street = {}  # the blinds count in the first round's bets
            continue
        seat = SEAT.match(line)
        if seat:
            stacks[seat[2]] = int(seat[3])
            continue
        m = ACTION.match(line)
        if m:
            name = m["name"]
            if m["ante"]:
                stacks[name] -= int(m["ante"])
            elif m["both"]:
                stacks[name] -= int(m["both"])
                street[name] = min(bb, int(m["both"]))
            else:
                added = next(int(m[g]) for g in ("sb", "bb", "straddle", "bring", "call", "bet")
                             if m[g]) if not (m["raise_to"] or m["complete"]) else None
                if added is None:
                    to = int(m["raise_to"] or m["complete"])
                    added = to - street.get(name, 0)
                stacks[name] -= added
                street[name] = street.get(name, 0) + added
            continue
        back = RETURNED.match(line)
        if back:
            stacks[back[2]] += int(back[1])
            street[back[2]] = street.get(back[2], 0) - int(back[1])
            continue
        won = COLLECTED.match(line)
        if won:
            stacks[won[1]] += int(won[2])
    return stacks


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_write_and_their_chips_add_up_to_the_final_stacks(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        hand = random_hand(rng)
        names = [f"P{k}" for k in range(hand.n)]
        seats = rng.sample(range(1, 10), hand.n)
        button = None if hand.variant.is_stud else seats[-1]
        hero = rng.randrange(hand.n)
        for visible in (None, set(), {hero}):
            kw = {"hand_number": 1, "table_name": "T", "names": names,
                  "seat_numbers": seats, "button_seat": button, "max_seats": 9,
                  "when": WHEN, "visible": visible}
            text = to_pokerstars(hand, **kw)  # type: ignore[arg-type]
            dealt = {line.split(" [")[0][9:] for line in text.splitlines()
                     if line.startswith("Dealt to")}
            if visible is not None and not hand.variant.is_stud:
                assert dealt <= {names[k] for k in visible}, text
            bb = hand.config.small_bet if hand.config.structure is Structure.FIXED_LIMIT \
                else hand.config.min_bet
            assert chips_moved(text, bb) == {names[k]: hand.stacks[k] for k in range(hand.n)}, text
            collected = sum(int(m[2]) for m in map(COLLECTED.match, text.splitlines()) if m)
            assert f"Total pot {collected + hand.rake}" in text
            try:
                ohh = to_ohh(hand, **kw)  # type: ignore[arg-type]
            except ConfigError:
                assert hand.variant.is_stud or hand.variant.is_draw
                continue
            pots = ohh["ohh"]["pots"]
            wins = sum(w["win_amount"] for p in pots for w in p["player_wins"])
            assert wins == collected
            # Every chip put in is in a pot, the rake included (a pot raked whole too).
            assert sum(p["rake"] for p in pots) == hand.rake
            assert sum(p["amount"] for p in pots) == collected + hand.rake
