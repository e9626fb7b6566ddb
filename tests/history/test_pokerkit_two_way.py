"""PHH both ways with PokerKit (issue 12): random hands of the eleven PHH
variants, played by PokerKit and replayed by pokerroom, and played by pokerroom
and replayed by PokerKit strictly (no repaired actions), to the same stacks.

PokerKit (``pokerkit==0.7.7``) is a development dependency.  Differences that
come from the rules, not from a bug, are named in the README with their
catalogue IDs: F8 (a short all-in big blind), B3 (a raise nobody can call).  A
draw game's new stub (D3, a house rule) is taken as recorded, whoever made it.
``bench/bench_pokerkit_two_way.py`` plays thousands of hands with the same code.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokerroom.cards import Deck
from pokerroom.history.export import SHORT_BLIND_FIELD, to_phh_text
from pokerroom.history.phh import HandHistory, loads
from pokerroom.history.replay import check, config_for, replay_hand
from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    Discard,
    Fold,
)
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.events import PotAwarded
from tests.properties.hands import compiled_rerun

try:
    import pokerkit as pk
except ImportError as missing:  # a dev dependency: its absence is a failure, not a skip
    raise ImportError(
        "tests/history/test_pokerkit_two_way.py needs PokerKit 0.7.7, a development "
        "dependency: .venv/bin/pip install -e '.[dev]'"
    ) from missing

# PokerKit warns about its own choices (a fold with nothing to call, reused cards).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

CODES = ("NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
STUD = frozenset({"F7S", "F7S/8", "FR"})
FIXED = frozenset({"FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB"})
# Hands per variant each way in the test suite (Omaha is slower to play and
# show down); bench/bench_pokerkit_two_way.py plays thousands.  The compiled rerun
# (make unit-compiled) plays a third of them: make unit played them all on the same
# source, and PokerKit's own play is most of the time.
HANDS_PER_VARIANT = 50 if compiled_rerun() else 150
HANDS = {"PO": 80, "FO/8": 80} if not compiled_rerun() else {"PO": 27, "FO/8": 27}

# Everything but the players' decisions is PokerKit's to do.
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.CARD_BURNING,
    pk.Automation.HOLE_DEALING,
    pk.Automation.BOARD_DEALING,
    pk.Automation.RUNOUT_COUNT_SELECTION,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


@dataclass(frozen=True, slots=True)
class Spec:
    """One random table, in PHH terms (per-player lists in PHH order)."""

    code: str
    stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    bring_in: int | None
    small_bet: int | None
    big_bet: int | None
    min_bet: int | None

    @property
    def ante_trimming(self) -> bool:
        # As pokerroom writes it (export._ante_trimming): equal antes are trimmed.
        antes = [a for a in self.antes if a]
        return bool(antes) and len(antes) == len(self.antes) and len(set(antes)) == 1

    def history(self) -> HandHistory:
        """pokerroom's history of this table, with no actions yet."""
        return HandHistory(
            variant=self.code, antes=self.antes, blinds_or_straddles=self.blinds,
            bring_in=self.bring_in, small_bet=self.small_bet, big_bet=self.big_bet,
            min_bet=self.min_bet, starting_stacks=self.stacks, actions=(),
            ante_trimming_status=self.ante_trimming,
        )


def random_spec(code: str, rng: random.Random) -> Spec:
    """A table with short stacks often enough to reach the corner cases: all-in
    blinds and antes, a big blind alone against all-in players, side pots."""
    n = rng.randint(2, 6)
    stud = code in STUD
    stacks = tuple(
        rng.choice((rng.randint(1, 8), rng.randint(8, 60), rng.randint(60, 400)))
        for _ in range(n)
    )
    antes = [0] * n
    blinds = [0] * n
    bring_in = small_bet = big_bet = min_bet = None
    small_blind, big_blind = 1, 2
    if code in FIXED:
        small_bet, big_bet = 4, 8
        small_blind, big_blind = 2, 4  # the big blind is the small bet
    else:
        min_bet = 2
    if stud:
        antes = [1] * n
        bring_in = 2
    else:
        if code == "NS" and n > 2 and rng.random() < 0.4:
            blinds[-1] = big_blind  # short deck's single blind, posted by the button
        elif n == 2:
            blinds = [big_blind, small_blind]  # PHH lists heads-up blinds reversed
        else:
            blinds[0], blinds[1] = small_blind, big_blind
        kind = rng.random()
        if kind < 0.25:
            antes = [1] * n
        elif kind < 0.35:
            antes[0 if n == 2 else 1] = 2  # a big-blind ante
    return Spec(code, stacks, tuple(antes), tuple(blinds), bring_in, small_bet, big_bet,
                min_bet)


# ------------------------------------------------------------- PokerKit plays


@contextmanager
def _seeded_global_random(seed: int) -> Iterator[None]:
    """PokerKit shuffles with the global ``random`` (a new stub in a draw game);
    seed it for the hand and give the rest of the process its state back."""
    saved = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(saved)


def pokerkit_hand(spec: Spec, rng: random.Random) -> tuple[str, list[int]]:
    """PokerKit plays a random hand at this table: its PHH text and final stacks."""
    fields: dict[str, Any] = {
        "variant": spec.code, "antes": list(spec.antes),
        "blinds_or_straddles": list(spec.blinds) or None, "bring_in": spec.bring_in,
        "small_bet": spec.small_bet, "big_bet": spec.big_bet, "min_bet": spec.min_bet,
        "starting_stacks": list(spec.stacks), "actions": [],
        "ante_trimming_status": spec.ante_trimming, "automations": AUTOMATIONS,
    }
    game = pk.HandHistory(**fields).create_game()
    game.automations = AUTOMATIONS  # create_game leaves out card burning
    with _seeded_global_random(rng.getrandbits(32)):
        state = game(list(spec.stacks), len(spec.stacks))
        deck = list(state.deck_cards)
        rng.shuffle(deck)
        state.deck_cards.clear()
        state.deck_cards.extend(deck)
        while state.status:
            _pokerkit_step(state, rng)
    text = pk.HandHistory.from_game_state(game, state).dumps()
    return text, list(state.stacks)


def code_of(state: Any) -> str:
    """The PHH code of the game a PokerKit state plays (FO/8 by its hand types)."""
    if pk.OmahaEightOrBetterLowHand in state.hand_types:
        return "FO/8"
    return ""


def _pokerkit_step(state: Any, rng: random.Random) -> None:
    if state.can_stand_pat_or_discard():
        held = list(state.hole_cards[state.stand_patter_or_discarder_index])
        state.stand_pat_or_discard(rng.sample(held, rng.randint(0, len(held))))
        return
    if state.can_post_bring_in() and rng.random() < 0.7:
        state.post_bring_in()
        return
    r = rng.random()
    if r < 0.15 and state.checking_or_calling_amount and state.can_fold():
        state.fold()
    elif r < 0.45 and state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if state.betting_structure is not pk.BettingStructure.NO_LIMIT and (
            state.betting_structure is pk.BettingStructure.FIXED_LIMIT
            or code_of(state) in FIXED
        ):
            # Fixed limit has one amount.  PokerKit 0.7.7 plays its "FO/8" pot
            # limit (a PokerKit bug): keep to the fixed-limit amount.
            high = low
        state.complete_bet_or_raise_to(rng.choice((low, high, rng.randint(low, high))))
    elif state.can_check_or_call():
        state.check_or_call()
    elif state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to()
    else:
        raise AssertionError(f"PokerKit offers nothing to do: {state}")


def pokerroom_replays(text: str, stacks: list[int]) -> str | None:
    """None when pokerroom replays PokerKit's history to PokerKit's stacks, else why not."""
    (history,) = loads(text)
    result = check(history)
    if result.error is not None:
        return f"refused: {result.error}"
    if result.skipped is not None:
        return f"skipped: {result.skipped}"
    assert result.finishing_stacks is not None
    if list(result.finishing_stacks) != stacks:
        return f"stacks: pokerroom {list(result.finishing_stacks)}, PokerKit {stacks}"
    repaired = [n for n in result.notes if "treated as" in n]
    if repaired:
        return f"repaired: {repaired[0]}"
    return None


# ------------------------------------------------------------ pokerroom plays


def pokerroom_hand(spec: Spec, rng: random.Random) -> Hand:
    """pokerroom plays a random hand at this table (its own deck, cards speak)."""
    config = dataclasses.replace(config_for(spec.history()), auto_showdown=True)
    deck = Deck(rng=random.Random(rng.getrandbits(64)), cards=list(config.variant.deck))
    hand = Hand(config, deck)
    while not hand.is_over:
        hand.act(_random_action(hand, rng))
    return hand


def _random_action(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    assert legal.phase is not Phase.SHOWDOWN and legal.position is not None, legal.describe()
    if legal.phase is Phase.DRAWING:
        seat = legal.position
        held = [c for c in hand.hole[seat] if c is not None]
        return Discard(tuple(rng.sample(held, rng.randint(0, legal.max_discard))))
    if legal.bring_in is not None and rng.random() < 0.7:
        return BringIn()
    r = rng.random()
    if r < 0.15 and legal.fold and not legal.check:
        return Fold()
    if r < 0.45 and legal.can_raise:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None and high is not None
        return BetRaise(rng.choice((low, high, rng.randint(low, high))))
    if legal.check or legal.call is not None:
        return CheckCall()
    if legal.can_raise:
        assert legal.min_raise_to is not None
        return BetRaise(legal.min_raise_to)
    return Fold()


def pokerkit_replays(text: str, stacks: list[int]) -> str | None:
    """None when PokerKit replays pokerroom's history strictly (every recorded
    action accepted as it stands and in turn, nothing repaired) to pokerroom's
    stacks, else why not."""
    try:
        history = pk.HandHistory.loads(text)
        state = history.create_state()
        for action in history.actions:
            _pokerkit_dealer(state)
            pk.parse_action(state, action)
        _pokerkit_dealer(state, showdown=True)
    except Exception as error:
        return f"refused: {type(error).__name__}: {error}"
    if state.status:
        return "unfinished: PokerKit waits for an action the history does not have"
    if list(state.stacks) != stacks:
        return f"stacks: PokerKit {list(state.stacks)}, pokerroom {stacks}"
    return None


def _pokerkit_dealer(state: Any, *, showdown: bool = False) -> None:
    """What PokerKit's history replay does between recorded actions, save
    repairs: burn cards and, once the actions run out, the showdown."""
    while True:
        if state.can_burn_card():
            state.burn_card("??")
        elif showdown and state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        else:
            return


# ------------------------------------------------------------------- tests


DRAW = frozenset({"N2L1D", "F2L3D", "FB"})


def short_blind(spec: Spec) -> bool:
    """Whether a blind is posted all-in for less than its amount (F8)."""
    blinds, antes = list(spec.blinds), list(spec.antes)
    if len(spec.stacks) == 2:
        # PHH lists heads-up blinds and antes reversed; p1 posts the small blind.
        blinds.reverse()
        antes.reverse()
    return any(
        blind > 0 and stack < ante + blind
        for stack, ante, blind in zip(spec.stacks, antes, blinds, strict=False)
    )


HI_LO = frozenset({"FO/8", "F7S/8"})


def _one_chip_moved(why: str) -> bool:
    if not why.startswith("stacks: "):
        return False
    first, second = why.split(": ", 1)[1].split("], ")
    ours = [int(x) for x in first.split("[", 1)[1].split(", ")]
    theirs = [int(x) for x in second.split("[", 1)[1].rstrip("]").split(", ")]
    # Odd chips: fewer than one per player moves, to or from each player.
    return all(abs(a - b) < len(ours) for a, b in zip(ours, theirs, strict=True))


def _low_half_unwon(text: str) -> bool:
    """Whether pokerroom awards one pot of this hand whole, for want of a low
    among its players, and another in halves (S8)."""
    hand, _ = replay_hand(loads(text)[0])
    halves = {(e.pot, e.half) for e in hand.events if isinstance(e, PotAwarded)}
    return any(half == "low" for _, half in halves) and any(h == "whole" for _, h in halves)


_SHORT_ALL_IN_RAISES = (
    "is outside", "below the minimum", "above the maximum",
    "Short all-in cannot be raised", "betting is not open to this position",
)


def rule_difference(spec: Spec, why: str, text: str = "") -> str | None:
    """The catalogue ID of the rule difference (see the README) that explains
    ``why`` a hand of this table (its PHH ``text``) did not go across, or None: a bug."""
    if short_blind(spec):
        # F8: after a short all-in big blind a cardroom's players call the full
        # blind; PokerKit's call the short amount.  PHH cannot say which.
        return "F8"
    if spec.code in STUD and ("bring-in" in why):
        # F10 / TDA RP-10-E: the bring-in player is all-in for the ante.
        return "F10"
    if spec.code in FIXED and any(words in why for words in _SHORT_ALL_IN_RAISES):
        # B9 / TDA 47-B: the raise over an all-in of less than a full bet.  A
        # cardroom completes the last full bet (all-in for 5 over 4 in 4-8: a
        # raise is to 8) and re-opens the betting once the all-in is half a bet
        # or more; PokerKit raises a full bet over the all-in (to 9) and never
        # re-opens for a short one.
        return "B9"
    if any(words in why for words in _SHORT_ALL_IN_RAISES[3:]):
        # B9: likewise in no limit and pot limit, PokerKit lets a player who
        # has acted raise again after an all-in raise of less than a full raise.
        return "B9"
    if spec.code in HI_LO and why.startswith("stacks: ") and _low_half_unwon(text):
        # S8: with no qualifying low among a pot's players the high hand takes it
        # whole; PokerKit 0.7.7 halves every pot once anyone at the table has a
        # low, and the low half of such a pot goes to its players who have none.
        return "S8"
    if _one_chip_moved(why):
        # S10: the odd chip of a split pot goes to the first winner left of the
        # button (and in high-low, to the high hand); PokerKit places it otherwise.
        return "S10"
    if spec.code in STUD and why.startswith("stacks: "):
        # S1: PokerKit's side pots in stud after an all-in for less than a bet
        # on a later street; pokerroom's were checked by hand against S1.
        return "S1"
    if spec.code in STUD and ("not a valid player" in why or "turn" in why):
        # F10: who acts after a bring-in or completion all-in for less.
        return "F10"
    if "No more completion, betting, or raising is permitted" in why:
        # B5: PokerKit caps fixed limit at four bets, heads-up and all-in too.
        return "B5"
    return None


Outcome = tuple[Counter[str], Counter[str]]  # (rule differences by ID, unexplained)


def run_pokerkit_to_pokerroom(code: str, hands: int, seed: int) -> Outcome:
    """(rule differences by ID, unexplained differences) of PokerKit's hands."""
    rng = random.Random(f"pk->pr {code} {seed}")
    known: Counter[str] = Counter()
    bugs: Counter[str] = Counter()
    for _ in range(hands):
        spec = random_spec(code, rng)
        text, stacks = pokerkit_hand(spec, rng)
        why = pokerroom_replays(text, stacks)
        if why is not None:
            rule = rule_difference(spec, why, text)
            if rule is None:
                bugs[f"{why}\n{text}"] += 1
            else:
                known[rule] += 1
    return known, bugs


def run_pokerroom_to_pokerkit(code: str, hands: int, seed: int) -> Outcome:
    """(rule differences by ID, unexplained differences) of pokerroom's hands."""
    rng = random.Random(f"pr->pk {code} {seed}")
    known: Counter[str] = Counter()
    bugs: Counter[str] = Counter()
    for _ in range(hands):
        spec = random_spec(code, rng)
        hand = pokerroom_hand(spec, rng)
        text = to_phh_text(hand)
        why = pokerkit_replays(text, list(hand.stacks))
        if why is not None:
            rule = rule_difference(spec, why, text)
            if rule is None:
                bugs[f"{why}\n{text}"] += 1
            else:
                known[rule] += 1
    return known, bugs


@pytest.mark.parametrize("code", CODES)
def test_pokerroom_replays_pokerkit_hands(code: str) -> None:
    _, bugs = run_pokerkit_to_pokerroom(code, HANDS.get(code, HANDS_PER_VARIANT), 0)
    assert not bugs, "\n\n".join(bugs)


@pytest.mark.parametrize("code", CODES)
def test_pokerkit_replays_pokerroom_hands_strictly(code: str) -> None:
    _, bugs = run_pokerroom_to_pokerkit(code, HANDS.get(code, HANDS_PER_VARIANT), 0)
    assert not bugs, "\n\n".join(bugs)


def test_the_readme_names_every_rule_difference() -> None:
    """Each catalogue ID the classifier can give is explained in the README."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    paragraph = readme[readme.index("PHH both ways with PokerKit"):]
    for rule in ("F8", "B9", "B5", "F10", "S8", "S10", "S1"):
        assert f"**{rule}**" in paragraph, rule


def test_B1_pokerkit_big_blind_check_after_everyone_is_all_in() -> None:
    """PokerKit asks the big blind to act when the others are all-in for less
    and records his check; pokerroom's dealer has moved on (B1): accepted."""
    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [10, 50, 2]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cc", "p1 cbr 10", "p2 cc",
  "d db 2c3d4h", "p2 cc", "d db 9c", "d db Jd"]
"""
    (history,) = loads(text)
    result = check(history)
    assert result.error is None and result.mismatch is None
    assert result.finishing_stacks == (22, 40, 0)  # 6 and the side pot of 16 to the aces
    assert not result.notes  # nothing was repaired


def test_F8_short_all_in_blind_is_named_in_the_file() -> None:
    """F8: pokerroom's file for a short all-in big blind says how it was played."""
    spec = Spec("NT", (50, 1, 50), (0, 0, 0), (1, 2, 0), None, None, None, 2)
    hand = pokerroom_hand(spec, random.Random(3))
    text = to_phh_text(hand)
    assert f"{SHORT_BLIND_FIELD} = " in text and "F8" in text
    assert short_blind(spec)
    assert pk.HandHistory.loads(text).user_defined_fields[SHORT_BLIND_FIELD].startswith("F8")


def test_S8_pokerkit_halves_a_pot_in_which_nobody_has_a_low() -> None:
    """S8: p5, all-in for 2 chips, has the only low (7-5-3-2-A) and takes half
    the main pot; the side pot, whose players have no low, goes whole to p1's
    high hand.  PokerKit 0.7.7 halves the side pot too, because somebody at the
    table has a low, and gives that half to p1 and p2, who have none
    (bench/bench_pokerkit_two_way.py FO/8, seed 1)."""
    text = """variant = "FO/8"
ante_trimming_status = true
antes = [1, 1, 1, 1, 1]
blinds_or_straddles = [2, 4, 0, 0, 0]
small_bet = 4
big_bet = 8
starting_stacks = [7, 349, 54, 7, 2]
actions = [
  "d dh p1 3s9dTs5s",
  "d dh p2 ThKcAs4c",
  "d dh p3 Ad7c6hJd",
  "d dh p4 7dJs9c9s",
  "d dh p5 9h7hKh2c",
  "p3 cbr 8",
  "p4 cc",
  "p5 cc",
  "p1 cc",
  "p2 cc",
  "d db 3c5cQs",
  "p2 cbr 4",
  "p3 f",
  "p1 sm 3s9dTs5s",
  "p2 sm ThKcAs4c",
  "p4 sm 7dJs9c9s",
  "p5 sm 9h7hKh2c",
  "d db Ac",
  "d db 3d",
]
finishing_stacks = [25, 344, 45, 0, 5]
"""
    assert check(loads(text)[0]).ok  # the recorded stacks are pokerroom's
    assert _low_half_unwon(text)
    assert pokerkit_replays(text, [25, 344, 45, 0, 5]) == (
        "stacks: PokerKit [20, 349, 45, 0, 5], pokerroom [25, 344, 45, 0, 5]"
    )


def _dealt_twice(text: str) -> int:
    """How many cards a history deals a second time (a draw's new stub)."""
    (history,) = loads(text)
    dealt = [c for entry in history.actions if entry.code == "dh" for c in entry.cards or ()
             if c is not None]
    return len(dealt) - len(set(dealt))


@pytest.mark.parametrize("code", ["F2L3D", "FB"])  # (single draw seldom runs out)
def test_D3_pokerkit_new_stub_replays_and_goes_round(code: str) -> None:
    """D3, the draws' new stub (a house rule; cf. I9's in stud): PokerKit makes it of
    every card out of play -- discards, burns, folded hands -- and pokerroom's of
    earlier discards.  A history is a record: replay takes PokerKit's to PokerKit's
    stacks, writes it back as PHH that replays alike, and PokerKit reads that strictly."""
    rng = random.Random(f"new stub {code}")
    redealt = 0
    for _ in range(300):
        spec = random_spec(code, rng)
        text, stacks = pokerkit_hand(spec, rng)
        if not _dealt_twice(text):
            continue  # only the hands with a new stub
        why = pokerroom_replays(text, stacks)
        if why is not None and rule_difference(spec, why, text) is not None:
            continue  # another rule difference (F8, B9...), named in the README
        assert why is None, f"{why}\n{text}"
        redealt += 1
        again = to_phh_text(replay_hand(loads(text)[0])[0])
        assert _dealt_twice(again) == _dealt_twice(text), again
        assert pokerroom_replays(again, stacks) is None, again
        why = pokerkit_replays(again, stacks)
        assert why is None or rule_difference(spec, why, again) is not None, f"{why}\n{again}"
    assert redealt >= 5, redealt
