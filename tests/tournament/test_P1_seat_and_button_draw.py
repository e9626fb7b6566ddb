"""P1: a random draw for seats and for the button (LVH B4), from the injected RNG."""

from __future__ import annotations

import random

from pokerroom.tournament import Tournament
from pokerroom.tournament.events import ButtonDrawn, PlayerSeated
from pokerroom.tournament.seating import initial_draw, seat_card_draw, table_count
from tests.tournament.conftest import small_structure, tournament


def test_P1_seat_draw_balances_tables_and_is_reproducible() -> None:
    names = [f"p{i}" for i in range(40)]
    draw = initial_draw(names, seats=9, rng=random.Random(3))
    assert table_count(40, 9) == 5
    sizes = [sum(1 for c in draw if c.table == t) for t in range(1, 6)]
    assert sorted(sizes) == [8, 8, 8, 8, 8]
    assert sorted(c.player for c in draw) == sorted(names)
    assert len({(c.table, c.seat) for c in draw}) == 40
    assert draw == initial_draw(names, seats=9, rng=random.Random(3))
    assert draw != initial_draw(names, seats=9, rng=random.Random(4))


def test_P1_seat_draw_is_random() -> None:
    """Every player is as likely to sit at any table: over many draws, p0 sits at table 1
    about a third of the time (3 tables)."""
    rng = random.Random(11)
    names = [f"p{i}" for i in range(27)]
    at_one = sum(
        next(c.table for c in initial_draw(names, seats=9, rng=rng) if c.player == "p0") == 1
        for _ in range(3000)
    )
    assert 900 < at_one < 1100


def test_P1_tournament_start_draws_seats_and_a_button_per_table() -> None:
    t = tournament(20, seed=5)
    events = t.start()
    seated = [e for e in events if isinstance(e, PlayerSeated)]
    buttons = [e for e in events if isinstance(e, ButtonDrawn)]
    assert len(seated) == 20 and {e.reason for e in seated} == {"draw"}
    assert sorted(e.table for e in buttons) == sorted(t.floor.tables) == [1, 2, 3]
    for e in buttons:
        table = t.table(e.table)
        assert table.first_button == e.seat
        assert table.players[e.seat] is not None


def test_P1_same_seed_same_tournament() -> None:
    def seats(seed: int) -> list[tuple[int, int, int]]:
        t = Tournament(small_structure(), rng=random.Random(seed))
        for i in range(30):
            t.register(f"p{i}")
        return [(e.entry, e.table, e.seat) for e in t.start() if isinstance(e, PlayerSeated)]

    assert seats(9) == seats(9)
    assert seats(9) != seats(10)


def test_P1_seat_card_draw_highest_card_gets_the_first_seat_card() -> None:
    """TDA breaking procedure: one card face up each, the first seat card (of the
    scrambled stack) to the highest card by suit."""
    cards = [(2, 0), (2, 4), (3, 1)]
    draw = seat_card_draw(["a", "b", "c"], cards, rng=random.Random(2))
    assert sorted((c.table, c.seat) for c in draw) == sorted(cards)
    ranks = [int(c.card) for c in draw if c.card is not None]
    assert ranks == sorted(ranks, reverse=True)
