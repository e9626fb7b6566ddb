"""Seat draws and the arithmetic of balancing and breaking tables (P1, P7).

Pure functions: they take counts and a :class:`random.Random` and say who goes
where; :mod:`pokerroom.tournament.floor` carries the moves out at the tables.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, Deck
from pokerroom.errors import ConfigError


@dataclass(frozen=True, slots=True)
class SeatCard:
    """One seat card of a draw, and the playing card that won it."""

    player: str
    table: int
    seat: int
    card: Card | None = None  # the card dealt face up for the seat-card draw


def table_count(players: int, seats: int) -> int:
    """The fewest tables that seat everyone."""
    if players < 1:
        raise ConfigError("a tournament needs players to seat")
    return -(-players // seats)


def initial_draw(
    players: Sequence[str], *, seats: int, rng: random.Random, first_table: int = 1
) -> list[SeatCard]:
    """P1: a random seat for everyone.  Tables are as even as can be (sizes differ by
    at most one) and the empty seats fall at random."""
    order = list(players)
    rng.shuffle(order)
    tables = table_count(len(order), seats)
    sizes = [len(order) // tables + (1 if t < len(order) % tables else 0) for t in range(tables)]
    cards: list[SeatCard] = []
    k = 0
    for t, size in enumerate(sizes):
        chosen = sorted(rng.sample(range(seats), size))
        for seat in chosen:
            cards.append(SeatCard(order[k], first_table + t, seat))
            k += 1
    return cards


def seat_card_draw(
    players: Sequence[str], seat_cards: Sequence[tuple[int, int]], *, rng: random.Random
) -> list[SeatCard]:
    """P7, TDA breaking procedure: the seat cards are scrambled face down; each player
    is dealt one playing card face up; the first seat card goes to the highest card
    (by suit on equal ranks, D6), the next to the next highest, and so on."""
    if len(seat_cards) < len(players):
        raise ConfigError(f"{len(players)} players but only {len(seat_cards)} seat cards")
    stack = list(seat_cards)
    rng.shuffle(stack)
    deck = Deck(rng=rng)
    dealt = [(p, deck.deal(1)[0]) for p in players]
    dealt.sort(key=lambda pc: int(pc[1]), reverse=True)
    return [SeatCard(p, t, s, card) for (p, card), (t, s) in zip(dealt, stack, strict=False)]


def fill_order(sizes: Mapping[int, int], players: int, capacity: Mapping[int, int]
               ) -> dict[int, int]:
    """How many of ``players`` each table takes, shortest tables first (water filling),
    never more than its ``capacity`` (empty seats).  Ties go to the lower number."""
    take = dict.fromkeys(sizes, 0)
    for _ in range(players):
        open_tables = [t for t in sizes if take[t] < capacity[t]]
        if not open_tables:
            raise ConfigError("not enough empty seats for the players of the broken table")
        t = min(open_tables, key=lambda t: (sizes[t] + take[t], t))
        take[t] += 1
    return {t: n for t, n in take.items() if n}


def next_balance_move(sizes: Mapping[int, int], tolerance: int) -> tuple[int, int] | None:
    """P7: (from, to) when the largest table is more than ``tolerance`` players above the
    smallest: one player moves from the largest (ties: the highest number, the next to
    be broken) to the smallest (ties: the lowest number)."""
    if len(sizes) < 2:
        return None
    big = max(sizes, key=lambda t: (sizes[t], t))
    small = min(sizes, key=lambda t: (sizes[t], t))
    if sizes[big] - sizes[small] <= tolerance:
        return None
    return big, small


def should_break(players: int, tables: int, seats: int) -> bool:
    """P7: a table breaks when everyone fits at one table fewer."""
    return tables > 1 and players <= (tables - 1) * seats
