"""Colour-ups and the chip race (P9, TDA 24).

When the smallest chips go out of play every player changes them for larger
ones; what cannot be changed (a stack's remainder below the new smallest chip)
is raced off.  The odd chips of the table are added up and made into new chips,
rounding to the nearest whole chip (half or more rounds up).  Each player gets
one card per odd chip, dealt face up; the highest card (suit breaks ties, D6)
wins the first new chip, the next highest player the next one, and so on, a
player winning at most one chip.  Nobody is raced out of the event: a player
left with no chips gets one chip of the new smallest denomination.

Stacks here are values; a player is taken to hold as few small chips as the
value allows, so the odd chips of a stack are its remainder below the smallest
chip still in play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pokerroom.cards import Card, Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.table import Table


@dataclass(frozen=True, slots=True)
class ChipRace:
    """The result of a colour-up at one table."""

    before: dict[str, int]
    after: dict[str, int]
    odd: dict[str, int]  # the value each player raced with
    cards: dict[str, tuple[Card, ...]]  # the cards dealt in the race
    winners: tuple[str, ...]  # who won a new chip, in the order they won
    new_chips: int  # new smallest chips raced off
    new_smallest: int

    @property
    def change(self) -> int:
        """Chips in play after minus before (the race rounds)."""
        return sum(self.after.values()) - sum(self.before.values())


def odd_chip_count(value: int, removed: Sequence[int]) -> int:
    """How many chips of the removed denominations make up ``value`` (largest first),
    one card each in the race."""
    count = 0
    for d in sorted(removed, reverse=True):
        count += value // d
        value %= d
    return count + (1 if value else 0)


def chip_race(
    stacks: Mapping[str, int],
    *,
    removed: Sequence[int],
    smallest: int,
    rng: random.Random,
    order: Sequence[str] | None = None,
) -> ChipRace:
    """P9: colour up the chips ``removed`` at one table, ``smallest`` being the smallest
    chip left in play.  ``order`` is the dealing order (seat 1 first); by default the
    order of ``stacks``."""
    if smallest <= 0 or any(d >= smallest or smallest % d for d in removed):
        raise ConfigError(
            f"a colour-up removes chips smaller than, and dividing, the new smallest chip "
            f"{smallest}; got {list(removed)}"
        )
    players = list(order) if order is not None else list(stacks)
    odd = {p: stacks[p] % smallest for p in players}
    total = sum(odd.values())
    new_chips = (2 * total + smallest) // (2 * smallest)  # nearest, half rounds up
    racing = [p for p in players if odd[p]]
    cards: dict[str, list[Card]] = {p: [] for p in racing}
    needed = sum(odd_chip_count(odd[p], removed) for p in racing)
    deck = Deck(rng=rng)
    dealt: list[tuple[int, int, str]] = []  # (card value, deal index, player)
    for k in range(max((odd_chip_count(odd[p], removed) for p in racing), default=0)):
        for p in racing:  # one card at a time, round the table
            if k < odd_chip_count(odd[p], removed):
                if not len(deck):
                    deck = Deck(rng=rng)
                card = deck.deal(1)[0]
                cards[p].append(card)
                dealt.append((int(card), -len(dealt), p))
    assert len(dealt) == needed
    dealt.sort(reverse=True)
    winners: list[str] = []
    for _, _, p in dealt:
        if len(winners) == new_chips:
            break
        if p not in winners:
            winners.append(p)
    after = {}
    for p in players:
        value = stacks[p] - odd[p] + (smallest if p in winners else 0)
        if value == 0 and stacks[p] > 0:
            value = smallest  # TDA 24-A: nobody is raced out
        after[p] = value
    return ChipRace(
        before={p: stacks[p] for p in players}, after=after, odd=odd,
        cards={p: tuple(c) for p, c in cards.items()}, winners=tuple(winners),
        new_chips=new_chips, new_smallest=smallest,
    )


def race_at_table(table: Table, *, removed: Sequence[int], smallest: int,
                  rng: random.Random) -> ChipRace:
    """P9: colour up at ``table`` (between hands), dealing in seat order, and put the
    new stacks in front of the players."""
    if table.hand is not None:
        raise IllegalActionError(Reason.HAND_IN_PROGRESS, "a colour-up is done between hands")
    seated = sorted((s, p) for s, p in enumerate(table.players) if p is not None)
    race = chip_race({p.name: p.stack for _, p in seated}, removed=removed, smallest=smallest,
                     rng=rng, order=[p.name for _, p in seated])
    for _, p in seated:
        p.stack = race.after[p.name]
    return race
