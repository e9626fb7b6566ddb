"""F4, T2, T3, T7: a heads-up game that a third player joins, in every 6-seat layout.

The seeds: "In heads-up play with two blinds, the small blind is on the button" (RR 3);
the button is "last to receive cards ... and has the right of last action after the
first betting round" (RR intro); "The player on the button is therefore the first to
act before the flop, but last to act for all remaining betting rounds" (ENC).  A new
player "cannot be dealt in between the big blind and the button ... You must wait
until the button passes" (RR 7, LVH B5) and waits for the big blind or posts (RR 4).
With No Missed Blinds the big blind goes to the player due it and the button and
small blind follow (RR 1b, LVH B12a); with No Dead Button the button always moves
forward to a player and nobody has last action on two consecutive hands (RR 1a,
LVH B12b).

So while the newcomer waits the deal is still heads-up and follows F4; no deal ever
gives the button and the big blind to one player.
"""

from __future__ import annotations

import itertools

import pytest

from pokerroom.cards import Deck
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.events import BlindPosted
from pokerroom.table import ButtonMethod, HandPlan, Stakes, Table, TableOptions

SEATS = 6
HEADS_UP_HANDS = (2, 3)  # either player may have the button when the newcomer sits
DEALS_AFTER = 6  # the newcomer is in by then, and a round of three-handed deals follows


def _play_in_turn(hand: Hand) -> list[list[int]]:
    """Check or call every action; the engine seats that acted, street by street."""
    streets: list[list[int]] = []
    while not hand.is_over:
        if hand.phase is Phase.BETTING:
            while len(streets) <= hand.street:
                streets.append([])
            streets[hand.street].append(hand.legal_actions().position)  # type: ignore[arg-type]
        hand.check_call()
    return streets


def _problems(plan: HandPlan, hand: Hand, acted: list[list[int]]) -> list[str]:
    """What is wrong with one deal, by F2, F4 and the button's last action."""
    pos = plan.positions
    assert pos is not None
    seats = plan.seats
    out: list[str] = []
    if pos.button == pos.big_blind or seats[-1] == pos.big_blind:
        out.append("the button and the big blind are one player")
    bb = seats.index(pos.big_blind)
    posted = {e.position: e.amount for e in hand.events if isinstance(e, BlindPosted)}
    if len(seats) == 2:
        button = seats.index(pos.button) if pos.button in seats else None
        if not pos.heads_up or button is None or pos.small_blind != pos.button:
            out.append(f"heads-up but not F4: {pos}")
        elif posted != {button: 5, bb: 10}:
            out.append(f"heads-up the button posts the small blind: posted {posted}")
        elif acted[0][0] != button:
            out.append("heads-up the button acts first before the flop")
        elif any(street[0] != bb or street[-1] != button for street in acted[1:]):
            out.append("heads-up the button acts last after the flop")
    else:
        if pos.heads_up:
            out.append(f"{len(seats)} dealt in under heads-up positions {pos}")
        order = [s for s in seats if s in (pos.small_blind, pos.big_blind)]
        expected = [s for s in (pos.small_blind, pos.big_blind) if s is not None]
        if seats[: len(expected)] != tuple(expected) or order != expected:
            out.append(f"F2: the blinds are not the first players left of the button: {pos}")
        if any(street[-1] != len(seats) - 1 for street in acted[1:]):
            out.append("the button (or the player before a dead button) acts last")
    return out


def _layouts() -> list[tuple[int, int, int, int]]:
    """Heads-up players at x and y, a third player sitting at n, after ``hands`` deals."""
    return [(x, y, n, hands)
            for x, y in itertools.combinations(range(SEATS), 2)
            for n in range(SEATS) if n not in (x, y)
            for hands in HEADS_UP_HANDS]


def _run(method: ButtonMethod, layout: tuple[int, int, int, int], *, post: bool) -> list[str]:
    x, y, n, hands = layout
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=SEATS, button_method=method,
                                       new_game_round=False))
    table.sit(x, "X", 10_000)
    table.sit(y, "Y", 10_000)
    table.first_button = x
    for _ in range(hands):
        hand = table.start_hand(Deck(table.hands_dealt))
        _play_in_turn(hand)
        table.finish_hand()
    table.sit(n, "N", 10_000)
    if post:
        table.post_to_play(n)
    found: list[str] = []
    last_action: str | None = None
    newcomer_in = False
    for deal in range(DEALS_AFTER):
        plan = table.plan()
        pos = plan.positions
        assert pos is not None
        hand = table.start_hand(Deck(100 + deal))
        acted = _play_in_turn(hand)
        table.finish_hand()
        where = f"{method.name} {'post' if post else 'wait'} {layout} deal {deal}: "
        found += [where + p for p in _problems(plan, hand, acted)]
        if n in plan.seats and not newcomer_in:
            newcomer_in = True
            if n == plan.seats[-1]:
                found.append(where + "the newcomer has last action on the first hand (LVH B5)")
        last = table.player(plan.seats[-1]).name
        if (method is ButtonMethod.MOVING_BUTTON and len(plan.seats) > 2
                and last == last_action):
            found.append(where + f"{last} has last action twice in a row (T3)")
        last_action = last
    if not newcomer_in:
        found.append(f"{method.name} {layout}: the newcomer was never dealt in")
    return found


@pytest.mark.parametrize("post", [False, True], ids=["waits", "posts"])
@pytest.mark.parametrize("method", list(ButtonMethod), ids=lambda m: m.value)
def test_F4_T2_T3_T7_heads_up_becoming_three_handed_in_every_layout(
    method: ButtonMethod, post: bool
) -> None:
    """F4, T2, T3, T4, T7 (RR 1, 3, 4, 7; LVH B5, B12; ENC): under each button
    method, two heads-up players, a third sitting in every other seat of six, either
    player on the button, the newcomer waiting for the big blind or posting: every
    deal puts the button and the big blind on different players; heads-up the button
    posts the small blind, acts first before the flop and last after it;
    three-handed the blinds are the two players left of the button, who acts last;
    the newcomer never gets last action on the first hand."""
    found = [p for layout in _layouts() for p in _run(method, layout, post=post)]
    assert not found, f"{len(found)} problems, first: " + "\n".join(found[:8])


@pytest.mark.parametrize("method", list(ButtonMethod), ids=lambda m: m.value)
def test_F4_T7_a_lone_regular_plays_heads_up_against_the_next_big_blind(
    method: ButtonMethod,
) -> None:
    """F4, T7: two heads-up players, two newcomers sit down and wait for the big
    blind, then one of the two leaves.  The one regular player left cannot deal to
    himself: he takes the button and the small blind (F4), and the next newcomer
    comes in on the big blind (T7, RR 4a); the other newcomer waits.  (Before, the
    table planned a deal of one, which it could never start.)"""
    stakes = Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=4, button_method=method, new_game_round=False))
    table.sit(0, "A", 1_000)
    table.sit(1, "C", 1_000)
    table.first_button = 0
    for _ in range(2):
        _play_in_turn(table.start_hand(Deck(table.hands_dealt)))
        table.finish_hand()
    table.sit(2, "N0", 1_000)
    table.sit(3, "N1", 1_000)
    table.leave(0)
    plan = table.plan()
    assert plan.positions is not None and plan.positions.heads_up
    assert (plan.positions.button, plan.positions.big_blind) == (1, 2)
    assert plan.seats == (2, 1) and plan.waiting == (3,)
    for deal in range(4):  # then N1 comes in on the big blind when it reaches the seat
        plan = table.plan()
        assert plan.positions is not None
        hand = table.start_hand(Deck(9 + deal))
        assert _problems(plan, hand, _play_in_turn(hand)) == []
        table.finish_hand()
        if 3 in plan.seats:
            assert plan.positions.big_blind == 3 and set(plan.seats) == {1, 2, 3}
            break
    else:
        pytest.fail("N1 was never dealt in")
