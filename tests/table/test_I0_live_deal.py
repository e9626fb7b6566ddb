"""The live deal without irregularities (D1-D4), and the helpers the I-rule tests share.

Every operation in these tests goes through :class:`Watch`, which checks after
each one that the 52 cards are each in exactly one place, that the hand engine
holds exactly the cards the players and the board physically hold, and that no
chip was created or lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pokerroom.cards import Card
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.rules import CheckCall, DealBoard, Fold
from pokerroom.rules.engine import Phase
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.irregularities import LiveDeal
from pokerroom.table.irregularity_records import (
    BoardTurned,
    CardBurned,
    DeckPrepared,
    HoleCardPitched,
    Procedures,
)

STACK = 10_000

# ------------------------------------------------------------------ helpers


def check_invariants(live: LiveDeal, chips: int) -> None:
    """Cards: each of the deck's cards in exactly one place; the engine's hole cards and
    board are the physical ones.  Chips: nothing created or lost."""
    census = live.census()
    problems = census.problems(live.cards.deck)
    assert not problems, problems
    hand = live.hand
    for position in range(hand.n):
        if hand.folded[position]:
            assert census.hands[position] == (), f"folded position {position} still holds cards"
        elif hand.hole[position]:
            held = census.hands[position]
            if live._round:  # a round being pitched reaches the engine at its end
                held = held[: len(hand.hole[position])]
            assert tuple(hand.hole[position]) == held, (position, hand.hole[position])
    assert tuple(hand.board) == census.board
    assert live.table.chips_on_table() == chips
    assert sum(hand.stacks) + hand.pot + hand.rake == sum(hand.config.stacks)


class Watch:
    """A LiveDeal whose every public operation is followed by :func:`check_invariants`."""

    _views = frozenset({"census", "street_name", "substantial_action", "allowed_reports"})

    def __init__(self, live: LiveDeal) -> None:
        self.live = live
        self.chips = live.table.chips_on_table()
        check_invariants(live, self.chips)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.live, name)
        if name.startswith("_") or name in self._views or not callable(attr):
            return attr

        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                return attr(*args, **kwargs)
            finally:
                check_invariants(self.live, self.chips)

        return checked


def holdem(
    players: int = 6,
    *,
    procedures: Procedures | None = None,
    seed: int = 7,
    first_seat: int = 0,
    seats: int = 9,
    **options: Any,
) -> Any:
    """No-limit hold'em 50-100: players in table seats ``first_seat``, ``first_seat + 1``
    ... and the button on the last of them, so position k is table seat
    ``first_seat + k``.  Returns a :class:`Watch` (typed Any so tests can call the
    LiveDeal's methods through it)."""
    table = Table(
        Stakes.of("holdem", "no_limit", small_blind=50, big_blind=100),
        TableOptions(seats=seats, **options),
    )
    for k in range(players):
        table.sit(first_seat + k, chr(ord("A") + k), STACK)
    table.first_button = first_seat + players - 1
    return Watch(LiveDeal(table, rng=random.Random(seed), procedures=procedures))


def stud(players: int = 5, *, procedures: Procedures | None = None, seed: int = 7) -> Any:
    """Seven-card stud, ante 10, bring-in 20, limits 50/100."""
    table = Table(
        Stakes.of("stud", "fixed_limit", ante=10, bring_in=20, small_bet=50, big_bet=100),
        TableOptions(seats=9),
    )
    for k in range(players):
        table.sit(k, chr(ord("A") + k), STACK)
    return Watch(LiveDeal(table, rng=random.Random(seed), procedures=procedures))


def finish_round(live: Any) -> None:
    """Everyone still to act checks or calls (a stud bring-in player brings it in)."""
    hand = live.hand
    street = hand.street
    while hand.phase is Phase.BETTING and hand.street == street:
        legal = hand.legal_actions()
        if legal.bring_in is not None:
            from pokerroom.rules import BringIn

            live.act(BringIn())
        else:
            live.act(CheckCall())


def to_street(live: Any, name: str) -> None:
    """Deal and check/call until the betting of street ``name`` is open."""
    while not (live.street_name() == name and live.hand.phase is Phase.BETTING):
        assert not live.hand.is_over, "the hand ended first"
        if live.hand.phase is Phase.DEALING:
            live.deal()
        else:
            finish_round(live)


def play_out(live: Any) -> None:
    """Check or call down to the end of the hand."""
    while not live.hand.is_over:
        if live.hand.phase is Phase.DEALING:
            live.deal()
        else:
            finish_round(live)


def of(records: list[Any], kind: type) -> list[Any]:
    return [r for r in records if isinstance(r, kind)]


def snapshot(live: Any) -> tuple[object, ...]:
    inner = live.live if isinstance(live, Watch) else live
    return (
        inner.census(),
        tuple(inner.records),
        id(inner.hand),
        tuple(inner.hand.events),
        inner.hand.legal_actions(),
        tuple(inner.hand.stacks),
        inner.table.stacks(),
        inner.misdeals,
        dict(inner._burn_out),
        dict(inner._reshuffle_at),
        inner._set_aside_back_at,
        frozenset(inner._premature_streets),
        tuple(inner._round),
        inner._round_pos,
        tuple(inner._exposed),
        tuple(inner._boxed),
        inner._extra_cards,
        frozenset(inner.dead),
        dict(inner._owes_next),
        inner._rng.getstate(),
    )


def assert_refused(
    live: Any, call: Callable[[], object], reason: str | None = None
) -> IllegalActionError:
    """``call`` raises IllegalActionError naming what is allowed, and changes nothing
    (not even the random generator's state)."""
    before = snapshot(live)
    with pytest.raises(IllegalActionError) as info:
        call()
    assert snapshot(live) == before
    if reason is not None:
        assert info.value.reason == reason, info.value.reason
    assert "Next:" in str(info.value) and "reports allowed now:" in str(info.value)
    return info.value


def position_of(live: Any, seat: int) -> int:
    return int(live.plan.position_of(seat))


# ------------------------------------------------------------------ tests


def test_D4_hole_cards_one_at_a_time_clockwise_from_left_of_the_button() -> None:
    live = holdem(6)
    order = live.cards.stub.order
    live.deal()
    pitched = of(live.records, HoleCardPitched)
    assert [p.position for p in pitched] == [0, 1, 2, 3, 4, 5] * 2
    assert all(p.shown is None for p in pitched)  # face down: nobody sees a card
    for seat in range(6):
        assert live.hand.hole[seat] == [order[seat], order[6 + seat]]
    assert live.hand.phase is Phase.BETTING


def test_D3_a_burn_before_each_street_and_board_cards_off_the_top() -> None:
    live = holdem(4)
    order = live.cards.stub.order
    play_out(live)
    assert [r.street for r in of(live.records, CardBurned)] == ["flop", "turn", "river"]
    assert live.cards.burns == [order[8], order[12], order[14]]
    assert live.hand.board == [*order[9:12], order[13], order[15]]
    assert [r.street for r in of(live.records, BoardTurned)] == ["flop", "turn", "river"]
    live.finish()
    assert live.table.hand is None


def test_D1_D2_shuffle_and_cut_come_from_the_injected_generator_only() -> None:
    random.seed(1)
    first = holdem(6, seed=42)
    random.seed(2)
    second = holdem(6, seed=42)
    assert first.cards.stub.order == second.cards.stub.order
    prepared = of(first.records, DeckPrepared)[0]
    assert prepared.cards == 52 and prepared.cut_at is not None
    assert 5 <= prepared.cut_at <= 47  # D2: five cards at least in each part
    assert holdem(6, seed=43).cards.stub.order != first.cards.stub.order


def test_the_live_deal_deals_the_cards_itself() -> None:
    live = holdem(3)
    assert_refused(live, lambda: live.act(CheckCall()), "dealer_to_deal")
    live.deal()
    assert_refused(live, lambda: live.act(DealBoard((Card(0), Card(1), Card(2)))),
                   "dealer_action")
    assert_refused(live, live.deal_board, "no_board_due")
    assert_refused(live, live.deal, "nothing_to_deal")


def test_folded_hands_go_to_the_muck() -> None:
    live = holdem(4)
    live.deal()
    folder = live.hand.actor
    held = live.census().hands[folder]
    live.act(Fold())
    assert live.census().hands[folder] == ()
    assert set(held) <= set(live.census().muck)


def test_a_whole_hand_keeps_cards_and_chips() -> None:
    live = holdem(9)
    play_out(live)
    assert len(live.census().stub) == 52 - 18 - 8
    live.finish()
    assert sum(live.table.stacks().values()) == 9 * STACK


def test_house_option_irregularity_procedures_is_checked() -> None:
    table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
    table.sit(0, "A", 100)
    table.sit(1, "B", 100)
    table.first_button = 1
    with pytest.raises(ConfigError, match="seed' or 'tda2024"):
        LiveDeal(table, rng=random.Random(1), procedures="tda2019")  # type: ignore[arg-type]
    assert LiveDeal(table, rng=random.Random(1)).procedures == "seed"


def test_draw_games_are_not_covered() -> None:
    table = Table(Stakes.of("deuce_seven_triple", "fixed_limit", small_blind=1, big_blind=2))
    table.sit(0, "A", 100)
    table.sit(1, "B", 100)
    table.first_button = 1
    with pytest.raises(ConfigError, match="draw games"):
        LiveDeal(table, rng=random.Random(1))


def test_stud_deals_two_down_one_up_then_burns_each_street() -> None:
    live = stud(4)
    order = live.cards.stub.order
    live.deal()
    pitched = of(live.records, HoleCardPitched)
    assert [p.position for p in pitched] == [0, 1, 2, 3] * 3
    assert [p.shown is not None for p in pitched] == [False] * 8 + [True] * 4
    assert live.hand.hole[2] == [order[2], order[6], order[10]]
    play_out(live)
    assert len(live.cards.burns) == 4  # fourth to seventh street
