"""Knockout bounties: part of each entry's buy-in (``Structure.bounty``) rides on the
player's head and goes to whoever busts them.

Who busts a player: the winners of the pots that player was eligible for in the
hand that took their last chip (S1: the hand's ``awarded_pots`` name each pot's
eligible positions, its ``PotAwarded`` events the winners).  Several winners share
the bounty in proportion to what each won of those pots; the cents the proportion
leaves go one each in odd-chip order (S10: the first player left of the button
first, that is the lowest position).

The bounty is paid when the player is out for good: a busted player who rebuys
keeps it on their head (rebuys and add-ons carry no bounty; a re-entry is a new
entry with its own).  A disqualified player's bounty, which nobody won at the
table, goes to the winner of the event, who also keeps their own; when a deal ends
the event each player still in keeps their own.  So every bounty paid in is paid
out once the event is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.rules import events as hand_events
from pokerroom.rules.engine import Hand
from pokerroom.tournament.events import BountyWon, FloorEvent


def bounty_shares(amount: int, busted: int,
                  pots: Sequence[tuple[int, tuple[int, ...]]],
                  awards: Sequence[hand_events.PotAwarded]) -> list[tuple[int, int]]:
    """The bounty ``amount`` on position ``busted``, split among the winners of the
    ``pots`` (chips, eligible positions) it was eligible for, in proportion to what
    each won of them (``awards``); the remainder one unit each in odd-chip order, the
    lowest position first (S10).  ``(position, share)`` in position order, adding up to
    ``amount``; empty when ``busted`` was in no pot anyone won."""
    contested = {k for k, (_, eligible) in enumerate(pots) if busted in eligible}
    won: dict[int, int] = {}
    for award in awards:
        if award.pot in contested:
            for position, chips in award.amounts:
                if position != busted and chips > 0:
                    won[position] = won.get(position, 0) + chips
    total = sum(won.values())
    if not total or not amount:
        return []
    hunters = sorted(won)
    shares = {p: amount * won[p] // total for p in hunters}
    rest = amount - sum(shares.values())
    for p in hunters[:rest]:  # rest < len(hunters): one unit each, S10 order
        shares[p] += 1
    return [(p, shares[p]) for p in hunters if shares[p]]


class Bounties:
    """The bounties of an event: ``amount`` per entry, who busted whom, what each won."""

    def __init__(self, amount: int) -> None:
        self.amount = amount
        self.hunters: dict[int, tuple[tuple[int, int], ...]] = {}  # busted -> (entry, share)
        self.won: dict[int, int] = {}  # entry -> bounty money won
        self.settled: set[int] = set()  # entries whose bounty has been paid

    def hunt(self, hand: Hand, busted: Sequence[int], entry_of: Mapping[str, int]) -> None:
        """The entries ``busted`` lost every chip in ``hand``: note who won their chips
        (``entry_of`` gives the entry of each name dealt in)."""
        if not self.amount:
            return
        names = hand.config.names
        awards = [e for e in hand.events if isinstance(e, hand_events.PotAwarded)]
        for position, name in enumerate(names):
            entry = entry_of[name]
            if entry in busted:
                shares = bounty_shares(self.amount, position, hand.awarded_pots, awards)
                self.hunters[entry] = tuple((entry_of[names[p]], s) for p, s in shares)

    def knocked_out_by(self, busted: int, hunter: int) -> None:
        """At a table the library does not deal (a live event): ``hunter`` won every chip
        of ``busted`` and wins its bounty when it is out for good."""
        if self.amount:
            self.hunters[busted] = ((hunter, self.amount),)

    def pay(self, busted: int) -> list[FloorEvent]:
        """Entry ``busted`` is out for good: its bounty to the hunters of its last bust
        (none for a disqualified player: see :meth:`settle`)."""
        if not self.amount or busted in self.settled:
            return []
        hunters = self.hunters.pop(busted, ())
        if not hunters:
            return []
        self.settled.add(busted)
        return [self._win(h, busted, share) for h, share in hunters]

    def settle(self, winner: int, alive: Sequence[int], entries: Sequence[int]
               ) -> list[FloorEvent]:
        """The event is over: each entry still in (``alive``) keeps its own bounty and
        every bounty nobody won (of ``entries``) goes to ``winner``."""
        if not self.amount:
            return []
        events: list[FloorEvent] = [self._win(e, e, self.amount) for e in alive
                                    if e not in self.settled]
        self.settled.update(alive)
        for e in entries:
            if e not in self.settled:
                events.append(self._win(winner, e, self.amount))
                self.settled.add(e)
        return events

    def _win(self, hunter: int, busted: int, amount: int) -> BountyWon:
        self.won[hunter] = self.won.get(hunter, 0) + amount
        return BountyWon(hunter, busted, amount)

    @property
    def paid(self) -> int:
        """Every bounty paid so far."""
        return sum(self.won.values())
