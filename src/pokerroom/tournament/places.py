"""Finishing places (P6) and the prizes they win (P10).

Players are eliminated in *groups*: everyone who busts on one hand (in
hand-for-hand play, one hand at every table) is one group.  Within a group the
player with more chips at the start of the hand finishes higher; equal stacks
tie and share.  A group that straddles the money bubble shares the places paid
among all its members (TDA RP-8-A: three bust with 52 left and 50 paid: all three
share 50th).  Places count from the bottom of the field, so they are final once
registration has closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.tournament.payouts import split_evenly


@dataclass(frozen=True, slots=True)
class Bust:
    """One eliminated entry and the chips it had at the start of the hand."""

    entry: int
    chips: int
    disqualified: bool = False


@dataclass(slots=True)
class BustGroup:
    """Busts of one hand (hand-for-hand: one round), waiting for rebuy decisions
    before they become places."""

    busts: list[Bust] = field(default_factory=list)
    deciding: set[int] = field(default_factory=set)
    closed: bool = False  # no more busts will join (the hand or round is over)


@dataclass(frozen=True, slots=True)
class Finish:
    """A finishing place: ``place``-``place_to`` is the range of a tie (equal when
    alone), ``prize`` the money won."""

    entry: int
    place: int
    place_to: int
    prize: int
    disqualified: bool = False

    @property
    def tied(self) -> bool:
        """True when players busted together share this place (``place`` to ``place_to``)."""
        return self.place != self.place_to


class Eliminations:
    """The groups of eliminated entries, in the order they went out."""

    def __init__(self) -> None:
        self.groups: list[tuple[Bust, ...]] = []

    def add(self, busts: Sequence[Bust]) -> None:
        """Record the players who busted together (P6: one group, ordered by chips at the start)."""
        if busts:
            self.groups.append(tuple(busts))

    @property
    def count(self) -> int:
        """How many entries have busted."""
        return sum(len(g) for g in self.groups)

    def entries(self) -> set[int]:
        """The entry numbers of everyone who busted."""
        return {b.entry for g in self.groups for b in g}

    def standings(self, entries: int, prizes: Sequence[int], *, unit: int = 1,
                  winners: Sequence[Bust] = ()) -> list[Finish]:
        """Every finish so far, best place first.

        ``entries``: the size of the field; ``prizes``: the prize of each place (1st
        first; places past the list win nothing); ``winners``: the players still in,
        as a last group (the winner once one is left; a deal ends with several).
        """
        finishes: list[Finish] = []
        below = 0
        groups = [*self.groups, tuple(winners)] if winners else list(self.groups)
        for group in groups:
            hi = entries - below
            lo = hi - len(group) + 1
            below += len(group)
            finishes.extend(_rank_group(group, lo, hi, prizes, unit))
        finishes.sort(key=lambda f: (f.place, f.entry))
        return finishes

    def last_group(self, entries: int, prizes: Sequence[int], *, unit: int = 1
                   ) -> list[Finish]:
        """The finishes of the group that went out last."""
        if not self.groups:
            return []
        group = self.groups[-1]
        hi = entries - (self.count - len(group))
        return _rank_group(group, hi - len(group) + 1, hi, prizes, unit)


def _prize(prizes: Sequence[int], place: int) -> int:
    return prizes[place - 1] if 1 <= place <= len(prizes) else 0


def _share(members: Sequence[Bust], lo: int, hi: int, prizes: Sequence[int], unit: int
           ) -> list[Finish]:
    """Players tied for places lo..hi share their prizes evenly (P10); odd units go to
    the bigger stack at the start of the hand, then to the earlier entry."""
    total = sum(_prize(prizes, p) for p in range(lo, hi + 1))
    ordered = sorted(members, key=lambda b: (-b.chips, b.entry))
    amounts = split_evenly(total, len(ordered), unit=unit)
    return [Finish(b.entry, lo, hi, a, b.disqualified) for b, a in zip(ordered, amounts,
                                                                         strict=True)]


def _rank_group(group: Sequence[Bust], lo: int, hi: int, prizes: Sequence[int], unit: int
                ) -> list[Finish]:
    paid = sum(1 for p in prizes if p > 0)
    if lo <= paid < hi:
        return _share(group, lo, hi, prizes, unit)  # P6: the bubble is shared
    out: list[Finish] = []
    ordered = sorted(group, key=lambda b: -b.chips)
    place = lo
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j].chips == ordered[i].chips:
            j += 1
        out.extend(_share(ordered[i:j], place, place + (j - i) - 1, prizes, unit))
        place += j - i
        i = j
    return out
