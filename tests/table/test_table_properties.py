"""Thousands of hands with players joining, leaving, sitting out and busting at random,
under each button method (T1-T8, T10, T14)."""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import Deck
from pokerroom.rules.engine import Hand
from pokerroom.table import ButtonMethod, Stakes, Status, Table, TableOptions

NAMES = [f"P{i}" for i in range(40)]


def _play_randomly(hand: Hand, rng: random.Random) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_raise_to is not None and r < 0.15:
            assert legal.max_raise_to is not None
            hand.bet_raise(rng.randint(legal.min_raise_to, legal.max_raise_to))
        elif r < 0.45 and not legal.check:
            hand.fold()
        else:
            hand.check_call()


def _churn(table: Table, rng: random.Random, names: list[str]) -> int:
    """Random comings and goings between hands; returns chips added minus removed."""
    delta = 0
    for seat, player in enumerate(table.players):
        r = rng.random()
        if player is None:
            if r < 0.25 and names:
                table.sit(seat, names.pop(), rng.choice([100, 200, 300]))
                delta += table.players[seat].stack  # type: ignore[union-attr]
                if rng.random() < 0.5:
                    table.post_to_play(seat)
            continue
        if player.status is Status.BUSTED:
            if r < 0.5:
                table.rebuy(seat, 200)
                delta += 200
            elif r < 0.7:
                names.insert(0, player.name)
                delta -= table.leave(seat)
        elif r < 0.04:
            names.insert(0, player.name)
            delta -= table.leave(seat)
        elif r < 0.10 and player.status in (Status.ACTIVE, Status.NEW):
            table.sit_out(seat)
        elif player.status in (Status.SITTING_OUT, Status.AWAY) and r < 0.4:
            table.sit_in(seat, post=rng.random() < 0.5)
    return delta


@pytest.mark.parametrize("method", list(ButtonMethod))
@pytest.mark.parametrize("structure", ["no_limit", "fixed_limit"])
def test_T1_T8_random_table_churn_keeps_every_rule(method: ButtonMethod, structure: str) -> None:
    """Chips are conserved across hands; under No Missed Blinds a continuously present
    player never escapes the small blind after the big blind; under No Dead Button nobody
    gets the button (last action) twice in a row; a new player is never dealt in between
    the big blind and the button; every deal has exactly one big blind."""
    rng = random.Random(f"{method.value}-{structure}")
    stakes = Stakes.of("holdem", structure, small_blind=1, big_blind=2)
    table = Table(stakes, TableOptions(seats=9, button_method=method, max_buy_in=1000))
    names = list(NAMES)
    for seat in range(5):
        table.sit(seat, names.pop(), 200)
    table.draw_for_button(Deck(rng.randrange(10**6)))
    total = table.chips_on_table()
    previous_button_player: str | None = None
    previous_bb: tuple[int, str] | None = None
    hands = 0
    for _ in range(600):
        total += _churn(table, rng, names)
        present = [p for p in table.players if p is not None and p.present]
        if len(present) < 2:
            continue
        before = {s: (p.name, p.status, p.owes) for s, p in enumerate(table.players) if p}
        plan = table.plan()
        positions = plan.positions
        assert positions is not None
        hand = table.start_hand(Deck(rng.randrange(10**6)))
        hands += 1
        # T7: new players are not dealt in between the big blind and the button.
        regulars = [s for s in plan.seats
                    if before[s][1] is Status.ACTIVE and not before[s][2]]
        for seat in plan.seats:
            name, status, _ = before[seat]
            if positions.heads_up and not regulars:
                continue  # two newcomers heads-up: one of them must take the button
            if status is Status.NEW and seat != positions.big_blind:
                assert not positions.between_blinds(seat, table.seat_count), (seat, positions)
        assert plan.blinds.count(2) == 1  # one big blind per deal
        button_player = table.players[plan.seats[-1]]
        assert button_player is not None
        if method is ButtonMethod.MOVING_BUTTON and not positions.heads_up:
            assert button_player.name != previous_button_player  # T3
        dead_button = method is ButtonMethod.DEAD_BUTTON
        if dead_button and previous_bb is not None and not positions.heads_up:
            seat, name = previous_bb
            player = table.players[seat]
            if player is not None and player.name == name and player.present:
                # T2: the small blind falls on last deal's big blind seat.
                assert positions.small_blind_seat == seat
                assert positions.small_blind == seat
        _play_randomly(hand, rng)
        table.finish_hand()
        assert table.chips_on_table() == total
        previous_button_player = button_player.name if not positions.dead_button else None
        bb_player = table.players[positions.big_blind]
        previous_bb = (positions.big_blind, bb_player.name) if bb_player else None
    assert hands > 400
