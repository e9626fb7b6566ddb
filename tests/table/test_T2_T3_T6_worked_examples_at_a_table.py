"""T2, T3, T5, T6, F4: the seeds' worked examples, dealt at a real table with players
joining and leaving between hands (sit, leave, start_hand, finish_hand), checked by
what happens in each hand: who posts what, who acts first and who acts last.

LVH B12 (file 002): "Suppose on the first deal, Player A has the button, Player B has
the $5 blind, and Player C has the $10 blind. If Player C quits the game ...
The "NO MISSED BLINDS" method on the next deal would have Player D (on Player C's
left) take the big blind, the empty chair (where Player C had been sitting) assigned
a dead little blind, and Player B the button. The following deal would have Player E
take the big blind, Player D the small blind, and the empty chair vacated by Player C
assigned the button. ... player B would have the privilege of last-action on two
consecutive deals.  The "NO DEAD BUTTON" method on the next deal would have Player E
take the big blind, Player D the small blind, and Player B the button. The following
deal, the button would go to Player D. With this method, Player D would escape taking
his big blind, but Player B would not get the privilege of last-action on two
consecutive deals."  (LVH B11: No Missed Blinds in limit games, No Dead Button in
big-bet cash games, T5.)

ENC (file 003): "in a three-handed game, Alice is the button, Dianne is the small
blind, and Carol is the big blind. If Alice busts out, the next hand Dianne will be
the big blind, and the button will skip past Dianne and move to Carol.  On the other
hand, if Carol busts out, Alice will be the big blind, Dianne will get the button and
will have to pay the small blind for the second hand in a row."  "The player on the
button is therefore the first to act before the flop, but last to act for all
remaining betting rounds."
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from pokerroom.cards import Deck
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.events import BlindPosted
from pokerroom.table import ButtonMethod, HandPlan, Stakes, Table, TableOptions
from tests.table.conftest import stacked_deck


@dataclass
class Deal:
    """What happened in one hand, by player name."""

    posted: dict[str, int]  # live blinds and posts
    dead: dict[str, int]
    order: list[list[str]]  # who acted, street by street (everyone checks or calls)
    button: int  # the button's seat (may be empty: a dead button)

    @property
    def first_preflop(self) -> str:
        return self.order[0][0]

    @property
    def last_after_flop(self) -> str:
        return self.order[1][-1]


def _names(table: Table, plan: HandPlan) -> list[str]:
    return [table.player(s).name for s in plan.seats]


def _deal(table: Table, deck: Deck | None = None) -> tuple[Deal, Hand]:
    """Start a hand and check or call it down, recording what happened."""
    hand = table.start_hand(deck if deck is not None else Deck(table.hands_dealt))
    plan = table.plan_in_play
    assert plan is not None and plan.positions is not None
    names = _names(table, plan)
    posted: dict[str, int] = {}
    dead: dict[str, int] = {}
    for e in hand.events:
        if isinstance(e, BlindPosted):
            (dead if e.dead else posted)[names[e.position]] = e.amount
    order: list[list[str]] = []
    while not hand.is_over:
        if hand.phase is Phase.BETTING:
            while len(order) <= hand.street:
                order.append([])
            order[hand.street].append(names[hand.legal_actions().position])  # type: ignore[index]
        hand.check_call()
    table.finish_hand()
    return Deal(posted, dead, order, plan.positions.button), hand


def _lvh_table(structure: str) -> Table:
    """Players A-E in seats 0-4 of a six-seat table, $5 and $10 blinds, A's button."""
    stakes = Stakes.of("holdem", structure, small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6))
    for seat, name in enumerate("ABCDE"):
        table.sit(seat, name, 1_000)
    table.first_button = 0
    return table


def test_T2_T5_LVH_B12_no_missed_blinds_example_at_a_table() -> None:
    """T2, T5 / LVH B12a: limit hold'em (No Missed Blinds by default, LVH B11b).
    Deal 1: A button, B $5, C $10.  C quits.  Deal 2: D the big blind, C's empty
    chair a dead small blind, B the button (last action).  Deal 3: E the big blind, D
    the small blind, the button on C's empty chair: B has last action again."""
    table = _lvh_table("fixed_limit")
    assert table.method is ButtonMethod.DEAD_BUTTON
    first, _ = _deal(table)
    assert (first.posted, first.button) == ({"B": 5, "C": 10}, 0)
    assert first.last_after_flop == "A"
    table.leave(2)  # Player C quits the game
    second, _ = _deal(table)
    assert second.posted == {"D": 10} and second.dead == {}  # dead small blind: not posted
    assert second.button == 1 and second.first_preflop == "E"
    assert second.last_after_flop == "B"
    third, _ = _deal(table)
    assert third.posted == {"D": 5, "E": 10}
    assert third.button == 2  # C's empty chair: a dead button ...
    assert third.last_after_flop == "B"  # ... so B acts last on two consecutive deals
    assert third.first_preflop == "A"
    # Every player took every blind: the next big blind is A's.
    fourth, _ = _deal(table)
    assert fourth.posted == {"E": 5, "A": 10} and fourth.last_after_flop == "D"


def test_T3_T5_LVH_B12_no_dead_button_example_at_a_table() -> None:
    """T3, T5 / LVH B12b: no-limit hold'em (No Dead Button by default, LVH B11b).
    Deal 1: A button, B $5, C $10.  C quits.  Deal 2: E the big blind, D the small
    blind, B the button.  Deal 3: the button goes to D, who escapes the big blind; B
    never has last action twice in a row."""
    table = _lvh_table("no_limit")
    assert table.method is ButtonMethod.MOVING_BUTTON
    first, _ = _deal(table)
    assert (first.posted, first.last_after_flop) == ({"B": 5, "C": 10}, "A")
    table.leave(2)
    second, _ = _deal(table)
    assert second.posted == {"D": 5, "E": 10}
    assert (second.button, second.last_after_flop, second.first_preflop) == (1, "B", "A")
    third, _ = _deal(table)
    assert third.button == 3 and third.last_after_flop == "D"
    assert third.posted == {"E": 5, "A": 10}  # D never posts a big blind this round
    assert "D" not in third.posted


# ------------------------------------------------------- Alice, Dianne, Carol (T6)

ALICE, DIANNE, CAROL = 0, 1, 2


def _three_handed(method: ButtonMethod) -> Table:
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6, button_method=method, new_game_round=False))
    table.sit(ALICE, "Alice", 1_000)
    table.sit(DIANNE, "Dianne", 1_000)
    table.sit(CAROL, "Carol", 1_000)
    table.first_button = ALICE
    return table


def _bust(table: Table, loser: str) -> Deal:
    """The first deal (Alice button, Dianne small blind, Carol big blind): ``loser``
    moves all in before the flop and loses to a called ace-ace; the other folds."""
    plan = table.plan()
    names = _names(table, plan)
    assert names == ["Dianne", "Carol", "Alice"]
    winner = "Dianne" if loser != "Dianne" else "Carol"
    holes = ["AsAh" if n == winner else "7c2d" if n == loser else "9c8c" for n in names]
    hand = table.start_hand(stacked_deck(holes, "KdQs4h3s2c"))
    posted = {names[e.position]: e.amount for e in hand.events if isinstance(e, BlindPosted)}
    while not hand.is_over:
        legal = hand.legal_actions()
        name = names[legal.position]  # type: ignore[index]
        if name == loser and legal.max_raise_to is not None:
            hand.bet_raise(legal.max_raise_to)
        elif name in (loser, winner) or legal.check:
            hand.check_call()
        else:
            hand.fold()
    table.finish_hand()
    plan_seat = {n: s for s, n in zip(plan.seats, names, strict=True)}
    assert table.player(plan_seat[loser]).stack == 0
    table.leave(plan_seat[loser])  # busted out of the game
    return Deal(posted, {}, [], plan.positions.button if plan.positions else -1)


@pytest.mark.parametrize("method", list(ButtonMethod))
def test_T6_F4_ENC_alice_busts_dianne_big_blind_carol_button(method: ButtonMethod) -> None:
    """T6, F4 (ENC): Alice button, Dianne small blind, Carol big blind; Alice busts.
    Next hand Dianne is the big blind and the button skips past her to Carol, who
    posts the small blind, acts first before the flop and last after it.  Then Bob
    sits down in Alice's chair, waits for the big blind, and the three play on: every
    deal has a button and a big blind on different players."""
    table = _three_handed(method)
    first = _bust(table, "Alice")
    assert first.posted == {"Dianne": 5, "Carol": 10} and first.button == ALICE
    second, _ = _deal(table)
    assert second.posted == {"Dianne": 10, "Carol": 5}
    assert second.button == CAROL
    assert (second.first_preflop, second.last_after_flop) == ("Carol", "Carol")
    table.sit(ALICE, "Bob", 1_000)
    deals = [_deal(table)[0] for _ in range(4)]
    in_by = next(k for k, d in enumerate(deals) if "Bob" in d.order[0])
    assert deals[in_by].posted["Bob"] == 10  # Bob comes in on the big blind
    for d in deals:
        big_blind = next(n for n, v in d.posted.items() if v == 10)
        assert d.last_after_flop != big_blind
        if len(d.order[0]) == 2 or "Bob" not in d.order[0]:  # heads-up: F4
            assert d.posted[d.first_preflop] == 5 and d.last_after_flop == d.first_preflop


@pytest.mark.parametrize("method", list(ButtonMethod))
def test_T6_F4_ENC_carol_busts_alice_big_blind_dianne_button(method: ButtonMethod) -> None:
    """T6, F4 (ENC): if Carol busts instead, Alice is the big blind, and Dianne gets
    the button and pays the small blind for the second hand in a row."""
    table = _three_handed(method)
    first = _bust(table, "Carol")
    assert first.posted == {"Dianne": 5, "Carol": 10}
    second, _ = _deal(table)
    assert second.posted == {"Alice": 10, "Dianne": 5}  # Dianne's second small blind
    assert second.button == DIANNE
    assert (second.first_preflop, second.last_after_flop) == ("Dianne", "Dianne")
