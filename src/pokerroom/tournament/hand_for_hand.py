"""Hand-for-hand play (P5, TDA RP-8).

Near the money every table plays one hand and waits for the others.  The hand
in progress when it is announced counts as the first (RP-8-A: players busting
on it share the places paid); each hand takes a fixed run-off off the clock
(RP-8-B, 2 minutes); players who bust on the same hand-for-hand hand, at any
table, bust together (P6).  When a player is all-in and called, the cards stay
face down and no more cards are shown until every table is done (RP-8-F): the
events from that point are held (:func:`all_in_cut`) and released when the
round ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pokerroom.rules import events as ev
from pokerroom.rules.engine import Hand


def all_in_cut(hand: Hand) -> int | None:
    """RP-8-F: the index in ``hand.events`` from which the hand must stay hidden in
    hand-for-hand play (the first hand turned up with a player all-in and the
    betting over), or None when nobody was all-in at a showdown."""
    put_in = [0] * hand.n
    for i, e in enumerate(hand.events):
        if isinstance(e, ev.AntePosted | ev.BlindPosted | ev.BringInPosted | ev.Called
                      | ev.BetOrRaised):
            put_in[e.position] += e.amount
        elif isinstance(e, ev.BetReturned):
            put_in[e.position] -= e.amount
        elif isinstance(e, ev.HandShown):
            stacks = hand.config.stacks
            if any(put_in[j] >= stacks[j] for j in range(hand.n) if stacks[j] > 0):
                return i
            return None
    return None


@dataclass(slots=True)
class HandForHand:
    """The state of hand-for-hand play: which tables still owe the current hand."""

    active: bool = False
    round: int = 0
    tables: set[int] = field(default_factory=set)  # tables in the current round
    done: set[int] = field(default_factory=set)  # ... that have finished it
    held: list[tuple[int, ev.Event]] = field(default_factory=list)

    def start(self, busy: Iterable[int], all_tables: Iterable[int]) -> None:
        """Announced now: the hands in progress make the first round; with none in
        progress the first round is the next hand everywhere."""
        self.active = True
        self.round = 1
        busy = set(busy)
        self.tables = busy if busy else set(all_tables)
        self.done = set()
        self.held = []

    def stop(self) -> None:
        """P5: hand-for-hand is over; every table deals freely again."""
        self.active = False
        self.tables = set()
        self.done = set()

    def may_start(self, table: int) -> bool:
        """A table deals the round's hand once, then waits for the others."""
        return not self.active or (table in self.tables and table not in self.done)

    def finished(self, table: int, hand: Hand) -> Sequence[ev.Event]:
        """Table ``table`` finished its hand; returns the events held back (RP-8-F)."""
        self.done.add(table)
        cut = all_in_cut(hand)
        if cut is None:
            return ()
        held = hand.events[cut:]
        self.held.extend((table, e) for e in held)
        return tuple(held)

    def forget(self, table: int) -> None:
        """A table left play (broken) during the round."""
        self.tables.discard(table)
        self.done.discard(table)

    @property
    def round_over(self) -> bool:
        """True when every table of the round has played its hand."""
        return self.active and self.tables <= self.done

    def next_round(self, all_tables: Iterable[int]) -> tuple[tuple[int, ev.Event], ...]:
        """Close the round; returns the held events, now to be shown."""
        released = tuple(self.held)
        self.held = []
        self.round += 1
        self.tables = set(all_tables)
        self.done = set()
        return released
