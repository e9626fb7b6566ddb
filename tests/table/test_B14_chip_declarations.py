"""B14: chip declarations at a dealer-assisted table, the TDA scenarios with their numbers.

Scenario IDs are those of ``shared/rules/TDA-EXAMPLES.md`` (sections 1, 3 and 4).
Players are lettered in the order they act on the street: post-flop A is seat 0;
pre-flop with four players seat 2 is UTG.  Each ruling is also played on the
hand, to show the engine accepts it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    BetRaise,
    CheckCall,
    Fold,
    Hand,
    HandConfig,
    Phase,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev
from pokerroom.table.chips import interpret_chips
from pokerroom.table.rulings import Declaration, FloorDecision, Ruling, apply_ruling

DEEP = 1_000_000
A, B, C, D, E = range(5)
SB, BB, UTG, UTG1 = range(4)


def holdem(n: int, sb: int, bb: int, stacks: Sequence[int] | None = None, *,
           structure: Structure = Structure.NO_LIMIT, game: str = "holdem") -> Hand:
    config = HandConfig(
        variant=variant(game), structure=structure,
        stacks=tuple(stacks or [DEEP] * n), blinds=button_blinds(n, sb, bb), min_bet=bb,
    )
    return Hand(config, Deck(7))


def postflop(n: int, sb: int, bb: int, stacks: Sequence[int] | None = None, **kw: object) -> Hand:
    """Everyone calls pre-flop; the flop with A (seat 0) to act."""
    hand = holdem(n, sb, bb, stacks, **kw)  # type: ignore[arg-type]
    while hand.street == 0:
        hand.act(CheckCall())
    assert hand.phase is Phase.BETTING and hand.actor == A
    return hand


def bets(hand: Hand, *amounts: int | str) -> None:
    """Apply each move in turn: an int is a bet/raise to that total, "c" a call, "f" a fold."""
    for move in amounts:
        if isinstance(move, int):
            hand.act(BetRaise(move))
        else:
            hand.act(CheckCall() if move == "c" else Fold())


def plays(hand: Hand, ruling: Ruling) -> None:
    """The engine accepts the ruling and the player ends with the ruled total in front."""
    position = ruling.position
    events = apply_ruling(hand, ruling)
    assert events, "the ruling caused no event"
    if hand.street == ruling.street and isinstance(ruling.action, BetRaise):
        assert hand.bets[position] == ruling.action.to


def ruled(ruling: Ruling, action: CheckCall | BetRaise, *, change: int = 0, to_add: int = 0,
          rule: str | None = None) -> None:
    assert ruling.action == action, ruling.explanation
    assert (ruling.change, ruling.to_add) == (change, to_add), ruling.explanation
    if rule is not None:
        assert ruling.rule == rule and rule in ruling.explanation


# ----------------------------------------------------------- Rule 43 (section 1)


def test_B14_TDA_43_1_a_declared_raise_short_of_5600_is_made_5600() -> None:
    """B14, B8 / TDA-43-1: 600, 1,600, 3,600: D's minimum is 5,600, so "raise, 5,000" is
    corrected up to 5,600 and a silent 5,000 chip is a call."""
    hand = postflop(4, 100, 200)
    bets(hand, 600, 1_600, 3_600)
    said = interpret_chips(hand, [5_000], declared=Declaration.raise_to(5_000))
    ruled(said, BetRaise(5_600), to_add=600)
    assert said.clamped
    ruled(interpret_chips(hand, [5_000]), CheckCall(), change=1_400, rule="TDA 44")
    plays(hand, said)


def test_B14_TDA_43_2_raise_after_a_short_all_in_is_to_250() -> None:
    """B14, B8 / TDA-43-2: 50-100, UTG all-in to 150; B says "raise": at least 250."""
    hand = holdem(4, 50, 100, [DEEP, DEEP, 150, DEEP])
    bets(hand, 150)
    ruling = interpret_chips(hand, [], declared=Declaration.raise_to())
    ruled(ruling, BetRaise(250), to_add=250)
    plays(hand, ruling)


def test_B14_TDA_43_4A_chips_over_the_50_percent_mark_raise_to_800() -> None:
    """B14, B8 / TDA-43-4A: 25-50; 125, 200, 500: D's full raise is to 800 (+300);
    [500, 100, 100] (700, past the 650 mark) is a raise to 800."""
    hand = holdem(6, 25, 50)
    bets(hand, 125, 200, 500)
    ruling = interpret_chips(hand, [500, 100, 100])
    ruled(ruling, BetRaise(800), to_add=100)
    assert "650" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_43_4B_the_450_increment_sets_the_marks() -> None:
    """B14, B8 / TDA-43-4B: 25-50; A raises to 500 (+450), B and C call: D's minimum is
    950, the 50% mark 725: [500, 100, 100] is a call, [500, 250] a raise to 950."""
    hand = holdem(6, 25, 50)
    bets(hand, 500, "c", "c")
    ruled(interpret_chips(hand, [500, 100, 100]), CheckCall(), change=200)
    ruling = interpret_chips(hand, [500, 250])
    ruled(ruling, BetRaise(950), to_add=200)
    plays(hand, ruling)


def test_B14_TDA_43_3_two_chips_over_a_bet_are_a_raise_and_set_the_increment() -> None:
    """B14 / TDA-43-3: turn, A bets 300, B pushes [500, 500]: a raise to 1,000 (+700);
    C may call or raise to at least 1,700."""
    hand = postflop(3, 100, 200)
    hand.act(CheckCall()), hand.act(CheckCall()), hand.act(CheckCall())  # flop checked round
    assert hand.street == 2 and hand.actor == A
    bets(hand, 300)
    ruling = interpret_chips(hand, [500, 500])
    ruled(ruling, BetRaise(1_000), rule="TDA 45")
    plays(hand, ruling)
    assert hand.actor == C
    legal = hand.legal_actions()
    assert legal.call == 1_000 and legal.min_raise_to == 1_700


def test_B14_TDA_43_R1_fourteen_hundred_said_or_pushed_is_a_call() -> None:
    """B14 / TDA-43-R1: A bets 1,000; B says "fourteen hundred" or pushes 1,400: a call
    (+400 is under 50% of 1,000)."""
    hand = postflop(2, 100, 200)
    bets(hand, 1_000)
    pushed = interpret_chips(hand, [1_000, 100, 100, 100, 100])
    ruled(pushed, CheckCall(), change=400, rule="TDA 45")
    said = interpret_chips(hand, [1_000, 100, 100, 100, 100], declared=Declaration.spoken(1_400))
    ruled(said, CheckCall(), change=400)
    said_only = interpret_chips(hand, [], declared=Declaration.spoken(1_400))
    ruled(said_only, CheckCall(), to_add=1_000)
    plays(hand, pushed)


def test_B14_TDA_43_R1_derived_raise_said_first_or_exactly_half() -> None:
    """B14 / TDA-43-R1 DERIVED: "raise" said first, or 1,500 pushed (exactly 50%):
    a raise to 2,000."""
    hand = postflop(2, 100, 200)
    bets(hand, 1_000)
    declared = interpret_chips(hand, [1_000, 100, 100, 100, 100], declared=Declaration.raise_to())
    ruled(declared, BetRaise(2_000), to_add=600)
    half = interpret_chips(hand, [1_000, 500])
    ruled(half, BetRaise(2_000), to_add=500)
    spoken_half = interpret_chips(hand, [], declared=Declaration.spoken(1_500))
    ruled(spoken_half, BetRaise(2_000), to_add=2_000)
    plays(hand, half)


def test_B14_TDA_43_R2_a_declared_raise_amount_is_the_new_total() -> None:
    """B14 / TDA-43-R2: A bets 2,000; B says "raise, eight thousand": 8,000 in all."""
    hand = postflop(2, 100, 200)
    bets(hand, 2_000)
    ruling = interpret_chips(hand, [5_000, 1_000, 1_000, 1_000],
                             declared=Declaration.raise_to(8_000))
    ruled(ruling, BetRaise(8_000), rule="TDA 43")
    plays(hand, ruling)
    assert hand.bets[A] == 2_000 and hand.current_bet == 8_000


# ------------------------------------------------------------ Rule 45 (section 3)


def test_B14_TDA_45_R1_removing_the_smallest_chip_leaves_less_than_the_call() -> None:
    """B14 / TDA-45-R1: 400, raise to 1,100; C pushes [500, 1000]: a call, 400 back."""
    hand = postflop(3, 100, 200)
    bets(hand, 400, 1_100)
    ruling = interpret_chips(hand, [500, 1_000])
    ruled(ruling, CheckCall(), change=400, rule="TDA 45")
    plays(hand, ruling)
    assert hand.bets[C] == 1_100


def test_B14_TDA_45_R2_all_his_chips_but_all_needed_is_a_call_not_all_in() -> None:
    """B14 / TDA-45-R2: 25-50; B has exactly 2,000 as two 1,000s; A bets 1,050; B pushes
    both: a call of 1,050, B keeps 950."""
    hand = postflop(2, 25, 50, [DEEP, 2_050])
    assert hand.stacks[B] == 2_000
    bets(hand, 1_050)
    ruling = interpret_chips(hand, [1_000, 1_000])
    ruled(ruling, CheckCall(), change=950)
    assert not ruling.all_in
    plays(hand, ruling)
    assert hand.stacks[B] == 950


def test_B14_TDA_45_1A_neither_chip_can_go() -> None:
    """B14 / TDA-45-1A: A bets 1,200; B pushes [1000, 1000]: a call, 800 back."""
    hand = postflop(2, 100, 200)
    bets(hand, 1_200)
    ruling = interpret_chips(hand, [1_000, 1_000])
    ruled(ruling, CheckCall(), change=800)
    plays(hand, ruling)


def test_B14_TDA_45_1B_preflop_500_and_1000_against_1100() -> None:
    """B14 / TDA-45-1B: 250-500; UTG raises to 1,100; UTG+1 pushes [500, 1000]: a call,
    400 back."""
    hand = holdem(4, 250, 500)
    bets(hand, 1_100)
    assert hand.actor == UTG1
    ruling = interpret_chips(hand, [500, 1_000])
    ruled(ruling, CheckCall(), change=400)
    plays(hand, ruling)


def test_B14_TDA_45_2_fifteen_hundred_must_be_raised_to_1700() -> None:
    """B14 / TDA-45-2: UTG raises to 1,100; UTG+1 pushes 1,000 and five 100s (1,500):
    the 50% mark is 1,400, so a raise to 1,700 (add 200)."""
    hand = holdem(4, 250, 500)
    bets(hand, 1_100)
    ruling = interpret_chips(hand, [1_000, 100, 100, 100, 100, 100])
    ruled(ruling, BetRaise(1_700), to_add=200)
    assert "1,400" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_45_3_thirteen_hundred_is_a_call() -> None:
    """B14 / TDA-45-3: UTG raises to 1,100; UTG+1 pushes [1000, 100, 100, 100]: a call,
    200 back."""
    hand = holdem(4, 250, 500)
    bets(hand, 1_100)
    ruling = interpret_chips(hand, [1_000, 100, 100, 100])
    ruled(ruling, CheckCall(), change=200)
    plays(hand, ruling)


def test_B14_TDA_45_4A_2500_over_1400_is_a_raise_to_2800() -> None:
    """B14 / TDA-45-4A: A bets 1,400; B pushes [1000, 500, 500, 500]: a raise to 2,800."""
    hand = postflop(2, 100, 200)
    bets(hand, 1_400)
    ruling = interpret_chips(hand, [1_000, 500, 500, 500])
    ruled(ruling, BetRaise(2_800), to_add=300)
    assert "2,100" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_45_4B_2000_over_1400_is_a_call() -> None:
    """B14 / TDA-45-4B: A bets 1,400; B pushes [1000, 500, 500]: a call, 600 back."""
    hand = postflop(2, 100, 200)
    bets(hand, 1_400)
    ruling = interpret_chips(hand, [1_000, 500, 500])
    ruled(ruling, CheckCall(), change=600)
    plays(hand, ruling)


@pytest.mark.parametrize(("chips", "total"), [([1_000, 500, 500, 500], 2_500),
                                              ([1_000, 500, 500], 2_000)])
def test_B14_TDA_45_4L_last_chips_are_all_in_and_do_not_reopen(chips: list[int],
                                                               total: int) -> None:
    """B14, B9 / TDA-45-4L: A bets 1,400; B's last chips: all-in for 2,500 (i) or 2,000
    (ii), not a call and not a raise to 2,800.  Neither short all-in re-opens for A."""
    hand = postflop(3, 100, 200, [DEEP, total + 200, DEEP])
    bets(hand, 1_400)
    ruling = interpret_chips(hand, chips)
    ruled(ruling, BetRaise(total), rule="TDA 45")
    assert ruling.all_in and "all-in" in ruling.explanation
    plays(hand, ruling)
    hand.act(CheckCall())  # C calls the all-in
    legal = hand.legal_actions()
    assert hand.actor == A and legal.call == total - 1_400 and not legal.can_raise


def test_B14_TDA_45_4L_last_chips_all_needed_are_a_call() -> None:
    """B14 / TDA-45-4L sub-case: every chip needed for the call: a call, as with chips
    behind (B's last [1000, 500] against 1,400: 100 back, B is not all-in)."""
    hand = postflop(2, 100, 200, [DEEP, 1_700])
    bets(hand, 1_400)
    ruling = interpret_chips(hand, [1_000, 500])
    ruled(ruling, CheckCall(), change=100)
    assert not ruling.all_in
    plays(hand, ruling)
    assert hand.stacks[B] == 100


def test_B14_TDA_61_1_overbet_expecting_change_is_a_raise_to_650() -> None:
    """B14 / TDA-61-1: A bets 325; B pushes [500, 25] expecting change: a raise to 650,
    B adds 125."""
    hand = postflop(2, 100, 200)
    bets(hand, 325)
    ruling = interpret_chips(hand, [500, 25])
    ruled(ruling, BetRaise(650), to_add=125)
    plays(hand, ruling)


# ------------------------------------------------------------- Rules 41 and 44


def test_B14_TDA_41_1_single_small_chip_against_a_big_bet_goes_to_the_floor() -> None:
    """B14 / TDA-41-1: 2,000-4,000; A bets 50,000; B puts out one 1,000 chip: not resolved
    automatically; the floor's options include a full call of 50,000."""
    hand = postflop(3, 2_000, 4_000)
    bets(hand, 50_000)
    ruling = interpret_chips(hand, [1_000])
    assert ruling.needs_floor and ruling.rule == "TDA 41"
    assert isinstance(ruling.action, FloorDecision)
    full_call = ruling.action.options[0]
    assert full_call.action == CheckCall() and full_call.to_add == 49_000
    before = (list(hand.bets), list(hand.stacks), hand.actor)
    with pytest.raises(IllegalActionError) as info:
        apply_ruling(hand, ruling)
    assert info.value.reason == "floor_decision"
    assert (list(hand.bets), list(hand.stacks), hand.actor) == before
    plays(hand, ruling.choose(0))
    assert hand.bets[B] == 50_000


def test_B14_TDA_44_D1_oversized_chip_facing_a_bet_is_a_call() -> None:
    """B14 / TDA-44-D1: 100-200; A bets 300; B puts out one 1,000 chip: a call of 300."""
    hand = postflop(2, 100, 200)
    bets(hand, 300)
    ruling = interpret_chips(hand, [1_000])
    ruled(ruling, CheckCall(), change=700, rule="TDA 44")
    plays(hand, ruling)


def test_B14_TDA_44_D2_raise_declared_with_one_chip_is_the_chips_value() -> None:
    """B14 / TDA-44-D2: as D1 but B says "raise" first: a raise to 1,000."""
    hand = postflop(2, 100, 200)
    bets(hand, 300)
    ruling = interpret_chips(hand, [1_000], declared=Declaration.raise_to())
    ruled(ruling, BetRaise(1_000), rule="TDA 44")
    plays(hand, ruling)


def test_B14_TDA_44_D3_oversized_chip_with_no_bet_is_a_bet_of_its_value() -> None:
    """B14 / TDA-44-D3: post-flop, no bet; A puts out one 1,000 chip: a bet of 1,000."""
    hand = postflop(2, 100, 200)
    ruling = interpret_chips(hand, [1_000])
    ruled(ruling, BetRaise(1_000), rule="TDA 44")
    plays(hand, ruling)


@pytest.mark.parametrize("stack", [DEEP, 500])
def test_B14_TDA_44_D4_a_blind_is_a_bet_and_the_last_chip_too(stack: int) -> None:
    """B14 / TDA-44-D4: pre-flop facing only the big blind, UTG puts out one 500 chip: a
    call of 200; also when that chip is UTG's last."""
    hand = holdem(4, 100, 200, [DEEP, DEEP, stack, DEEP])
    assert hand.actor == UTG
    ruling = interpret_chips(hand, [500])
    ruled(ruling, CheckCall(), change=300, rule="TDA 44")
    assert not ruling.all_in
    plays(hand, ruling)
    assert hand.stacks[UTG] == stack - 200


# ------------------------------------------------------------------ Rule 46


def _bb_facing(raise_to: int, sb: int, bb: int) -> Hand:
    """Three-handed: the button raises pre-flop, the small blind folds, the big blind acts."""
    hand = holdem(3, sb, bb)
    bets(hand, raise_to, "f")
    assert hand.actor == BB
    return hand


@pytest.mark.parametrize(("new", "change"), [([1_000], 450), ([500, 500], 450),
                                             ([100, 500], 50)])
def test_B14_TDA_46_S1_prior_chips_left_alone_new_chips_all_needed_is_a_call(
        new: list[int], change: int) -> None:
    """B14 / TDA-46-S1.1, S1.2a, S1.2b: 25-50, the big blind's [25, 25] stay out; the
    button raised to 600; adding [1000], [500, 500] or [100, 500] is a call."""
    hand = _bb_facing(600, 25, 50)
    ruling = interpret_chips(hand, new, prior_bet_chips=[25, 25])
    ruled(ruling, CheckCall(), change=change)
    plays(hand, ruling)


def test_B14_TDA_46_S1_3_an_unneeded_chip_makes_a_rule_45_raise() -> None:
    """B14 / TDA-46-S1.3: adding [1000, 500] to [25, 25]: 1,550 passes the 875 mark and
    the 1,150 minimum: a raise to 1,550."""
    hand = _bb_facing(600, 25, 50)
    ruling = interpret_chips(hand, [1_000, 500], prior_bet_chips=[25, 25])
    ruled(ruling, BetRaise(1_550))
    assert "875" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_46_S2_prior_chips_pulled_back() -> None:
    """B14 / TDA-46-S2.1, S2.2: both 25s pulled back; one 1,000 added is a call; two or
    more new chips are judged by Rule 45 alone."""
    hand = _bb_facing(600, 25, 50)
    one_chip = interpret_chips(hand, [1_000], prior_bet_chips=[25, 25], pulled_back=True)
    ruled(one_chip, CheckCall(), change=400)
    assert "may not fold" in one_chip.explanation  # TDA 46-B
    all_needed = interpret_chips(hand, [500, 500], prior_bet_chips=[25, 25], pulled_back=True)
    ruled(all_needed, CheckCall(), change=400)
    short = interpret_chips(hand, [500, 100, 100], prior_bet_chips=[25, 25], pulled_back=True)
    ruled(short, CheckCall(), change=100)
    raised = interpret_chips(hand, [1_000, 100], prior_bet_chips=[25, 25], pulled_back=True)
    ruled(raised, BetRaise(1_150), to_add=50)
    plays(hand, raised)


def test_B14_TDA_46_S3_partly_pulled_back_judges_all_chips_together() -> None:
    """B14 / TDA-46-S3: one 25 pulled back, one left, chips added: a Rule 45 bet of the
    combined chips.  [1000] added is then a raise (1,025 passes 875) where S1.1 was a
    call; [500, 100] (625) is short of the mark: a call."""
    hand = _bb_facing(600, 25, 50)
    raised = interpret_chips(hand, [1_000], prior_bet_chips=[25, 25], pulled_back=[25])
    ruled(raised, BetRaise(1_150), to_add=125, rule="TDA 46")
    called = interpret_chips(hand, [500, 100], prior_bet_chips=[25, 25], pulled_back=[25])
    ruled(called, CheckCall(), change=25)
    plays(hand, raised)


@pytest.mark.parametrize("pulled", [False, True])
def test_B14_TDA_46_S4_prior_chip_covering_the_call_makes_any_chip_a_rule_45_bet(
        pulled: bool) -> None:
    """B14 / TDA-46-S4: 50-100, the big blind posted one 1,000 chip; raise to 700; the
    1,000 covers the call, so adding [500] is a Rule 45 bet of 1,500: a raise to 1,500,
    whether the 1,000 stays out or is pulled back and pushed again."""
    hand = _bb_facing(700, 50, 100)
    if pulled:
        ruling = interpret_chips(hand, [1_000, 500], prior_bet_chips=[1_000], pulled_back=True)
    else:
        ruling = interpret_chips(hand, [500], prior_bet_chips=[1_000])
    ruled(ruling, BetRaise(1_500))
    assert "1,000" in ruling.explanation  # the 50% mark
    plays(hand, ruling)


def test_B14_TDA_46_S5_gathering_everything_is_a_floor_decision() -> None:
    """B14 / TDA-46-S5: gathering the prior [25, 25] with new [500, 500] and pushing it all
    may be ruled a bet of everything: the floor chooses between the call of S1.2a and a
    raise (1,050 made a full raise to 1,150)."""
    hand = _bb_facing(600, 25, 50)
    ruling = interpret_chips(hand, [500, 500], prior_bet_chips=[25, 25], gathered=True)
    assert isinstance(ruling.action, FloorDecision) and ruling.rule == "TDA 46"
    as_judged, everything = ruling.action.options
    assert (as_judged.action, as_judged.change) == (CheckCall(), 450)
    assert (everything.action, everything.to_add) == (BetRaise(1_150), 100)
    plays(hand, ruling.choose(1))
    assert hand.bets[BB] == 1_150


# --------------------------------------------------------- Rules 51, 52, 57


def test_B14_TDA_51_1_undercall_of_a_raise_multiway_goes_to_the_floor() -> None:
    """B14 / TDA-51-1: 1,000-2,000; A bets 2,000, B raises to 8,000, C pushes 2,000: the
    floor chooses a full call of 8,000 or forfeiting the 2,000 and folding."""
    hand = postflop(3, 1_000, 2_000)
    bets(hand, 2_000, 8_000)
    ruling = interpret_chips(hand, [1_000, 1_000])
    assert isinstance(ruling.action, FloorDecision) and ruling.rule == "TDA 51"
    call, fold = ruling.action.options
    assert (call.action, call.to_add) == (CheckCall(), 6_000)
    assert (fold.action, fold.forfeit, fold.change) == (Fold(), 2_000, 0)
    plays(hand, ruling.choose(0))
    assert hand.bets[C] == 8_000
    with pytest.raises(IllegalActionError) as info:
        apply_ruling(hand, ruling.choose(1))
    assert info.value.reason == "stale_ruling"


def test_B14_TDA_51_1_fold_and_forfeit_leaves_the_chips_in_the_pot() -> None:
    """B14 / TDA-51-1: the floor rules "fold and forfeit": C's 2,000 stay in the pot as
    dead money and C is out; A and B play on for a pot that holds them."""
    hand = postflop(3, 1_000, 2_000)
    bets(hand, 2_000, 8_000)
    stack = hand.stacks[C]
    pot = hand.pot
    fold = interpret_chips(hand, [1_000, 1_000]).choose(1)
    assert fold.action == Fold() and fold.forfeit == 2_000
    events = apply_ruling(hand, fold)
    assert events[0] == ev.Folded(None, C, 2_000)
    assert hand.folded[C] and hand.stacks[C] == stack - 2_000 and hand.bets[C] == 2_000
    assert hand.pot == pot + 2_000
    assert hand.actor == A and hand.legal_actions().call == 6_000
    bets(hand, "f")  # A folds: B wins A's 2,000 and C's forfeited 2,000 (B12: 6,000 back)
    assert hand.is_over
    won = sum(e.amounts[0][1] for e in hand.events if isinstance(e, ev.PotAwarded))
    # The flop pot, A's 2,000, B's 2,000 they matched and C's forfeited 2,000.
    assert won == 3 * 2_000 + 3 * 2_000
    # PHH has no word for a forfeit: the export says so rather than write a plain fold.
    from pokerroom.errors import ConfigError
    from pokerroom.history.export import to_phh

    with pytest.raises(ConfigError, match="forfeits 2000 chips"):
        to_phh(hand)


def test_B14_TDA_51_4_fold_forfeiting_400_with_100_returned() -> None:
    """B14 / TDA-51-4: B pushed one 500 chip against 1,200: the floor's fold keeps 400
    in the pot (the opening bet's level) and 100 goes back to B."""
    hand = postflop(3, 200, 400)
    bets(hand, 400, 1_200)
    stack = hand.stacks[C]
    fold = interpret_chips(hand, [500]).choose(1)
    apply_ruling(hand, fold)
    assert hand.folded[C] and stack - hand.stacks[C] == 400


def test_B14_a_forfeit_must_be_short_of_a_call() -> None:
    """B14: a fold may forfeit only chips short of the call (more would be a call);
    refused, changing nothing."""
    hand = postflop(3, 1_000, 2_000)
    bets(hand, 2_000, 8_000)
    with pytest.raises(IllegalActionError, match="short of the call of 8,000") as info:
        hand.act(Fold(forfeit=8_000))
    assert info.value.reason == "forfeit_out_of_range"
    assert hand.actor == C and hand.bets[C] == 0 and not hand.folded[C]


def test_B14_TDA_51_2_undercall_of_the_opening_bet_is_a_full_call() -> None:
    """B14 / TDA-51-2: four players; A bets 8,000; B pushes 2,000: a mandatory full call
    of 8,000.  As a single 2,000 chip it goes to the floor (TDA 41), full call first."""
    hand = postflop(4, 1_000, 2_000)
    bets(hand, 8_000)
    ruling = interpret_chips(hand, [1_000, 1_000])
    ruled(ruling, CheckCall(), to_add=6_000, rule="TDA 51")
    single = interpret_chips(hand, [2_000])
    assert isinstance(single.action, FloorDecision)
    assert [o.action for o in single.action.options] == [CheckCall()]
    plays(hand, ruling)
    assert hand.bets[B] == 8_000


def test_B14_TDA_51_3_a_declared_call_is_the_full_call() -> None:
    """B14 / TDA-51-3: A bets 2,000, B raises to 8,000, C says "call": C calls 8,000."""
    hand = postflop(3, 1_000, 2_000)
    bets(hand, 2_000, 8_000)
    ruling = interpret_chips(hand, [1_000, 1_000], declared=Declaration.call())
    ruled(ruling, CheckCall(), to_add=6_000, rule="TDA 51")
    plays(hand, ruling)
    assert hand.bets[C] == 8_000


def test_B14_TDA_51_4_one_500_chip_against_a_raise_to_1200() -> None:
    """B14 / TDA-51-4: 200-400; opener 400, A raises to 1,200, B pushes one 500 chip: the
    floor's options are a full call of 1,200, or fold forfeiting 400 with 100 returned."""
    hand = postflop(3, 200, 400)
    bets(hand, 400, 1_200)
    ruling = interpret_chips(hand, [500])
    assert isinstance(ruling.action, FloorDecision)
    call, fold = ruling.action.options
    assert (call.action, call.to_add) == (CheckCall(), 700)
    assert (fold.action, fold.forfeit, fold.change) == (Fold(), 400, 100)


def test_B14_TDA_51_D1_heads_up_undercall_is_a_full_call() -> None:
    """B14 / TDA-51-D1: heads-up, A bets 3,000, B pushes 1,000: a full call of 3,000."""
    hand = postflop(2, 100, 200)
    bets(hand, 3_000)
    ruling = interpret_chips(hand, [500, 500])
    ruled(ruling, CheckCall(), to_add=2_000)
    assert "heads-up" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_51_D2_the_big_blind_is_the_opening_bet() -> None:
    """B14 / TDA-51-D2: 1,000-2,000, multi-way pre-flop; UTG pushes 1,000: a mandatory
    call of 2,000."""
    hand = holdem(5, 1_000, 2_000)
    ruling = interpret_chips(hand, [500, 500])
    ruled(ruling, CheckCall(), to_add=1_000)
    assert "opening bet" in ruling.explanation
    plays(hand, ruling)


def test_B14_TDA_52_A1_an_underraise_never_reaches_the_engine() -> None:
    """B14, B8 / TDA-52-A1: 100-200 flop, A bets 600; B's raise to 1,000 is below the
    1,200 minimum: the engine refuses it, and the assistant corrects it to 1,200."""
    hand = postflop(5, 100, 200)
    bets(hand, 600)
    with pytest.raises(IllegalActionError) as info:
        hand.act(BetRaise(1_000))
    assert info.value.reason == "raise_out_of_range"
    said = interpret_chips(hand, [500, 500], declared=Declaration.raise_to(1_000))
    ruled(said, BetRaise(1_200), to_add=200)
    assert said.clamped and "52-A" in said.explanation
    pushed = interpret_chips(hand, [500, 200, 200, 100])  # silently: the 50% test
    ruled(pushed, BetRaise(1_200), to_add=200)
    plays(hand, said)
    bets(hand, "c", "c", "f")
    assert hand.actor == A and hand.legal_actions().call == 600  # A owes 600 more, as in the ruling


@pytest.mark.parametrize(("preflop", "pot", "expected"), [
    (("c", "c", "c", "c"), 1_600, 500),
    ((1_249, "c", "c", "c"), 4_996, 500),
    ((1_250, "c", "c", "c"), 5_000, 5_000),
])
def test_B14_TDA_57_1_bet_five_is_the_highest_reading_up_to_the_pot(
        preflop: tuple[int | str, ...], pot: int, expected: int) -> None:
    """B14 / TDA-57-1: 200-400, "I bet five": 500 with a pot under 5,000, 5,000 with a pot
    of 5,000 or more."""
    hand = holdem(4, 200, 400)
    bets(hand, *preflop)
    assert hand.street == 1 and hand.pot == pot
    ruling = interpret_chips(hand, [], declared=Declaration.unclear(5))
    ruled(ruling, BetRaise(expected), to_add=expected, rule="TDA 57")
    plays(hand, ruling)
