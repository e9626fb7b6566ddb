"""A PokerStars hand's forced bets as PHH records them: ``antes`` and
``blinds_or_straddles``.

``posts the ante`` is an ante; the first ``posts small blind`` and ``posts big
blind`` are the blinds; a later ``posts big blind`` is a live post (negative in
``blinds_or_straddles``, as pokerroom's PHH writes it, F13); ``posts small &
big blinds`` is a live post of the big blind plus a dead small blind, and a
later ``posts small blind`` is dead: dead money goes into that player's
``antes``, being dead money posted before the deal (T8).  A blind posted all-in
for less is written as the blind the structure calls for, which the engine
posts as far as the stack goes (F8).
"""

from __future__ import annotations

from pokerroom.history.pokerstars_seats import Player
from pokerroom.history.pokerstars_text import HandText, Line
from pokerroom.rules.config import Structure

KINDS = ("ante", "small", "big", "both", "straddle")
"""The forced bets :meth:`ForcedBets.post` takes."""


class ForcedBets:
    """The antes and blinds of a hand's players (PHH order), as they are posted.

    >>> bets = ForcedBets(3, small=1, big=2)
    >>> [bets.post(i, kind, amount, short=False)
    ...  for i, kind, amount in ((0, "small", 1), (1, "big", 2), (2, "both", 3))]
    [1, 2, 2]
    >>> bets.antes, bets.blinds
    ([0, 0, 1], [1, 2, -2])
    """

    def __init__(self, players: int, *, small: int, big: int) -> None:
        self.small = small
        self.big = big
        self.antes = [0] * players
        self.blinds = [0] * players

    @classmethod
    def for_stakes(cls, players: int, structure: Structure, stakes: tuple[int, int]) -> ForcedBets:
        """The blinds of the header's stakes: the blinds themselves, or in fixed limit
        the small bet (the big blind) and half of it."""
        if structure is Structure.FIXED_LIMIT:
            return cls(players, small=stakes[0] // 2, big=stakes[0])
        return cls(players, small=stakes[0], big=stakes[1])

    def post(self, i: int, kind: str, amount: int, *, short: bool) -> int:
        """Position ``i`` posts ``amount`` (``short``: all-in for less); returns the
        chips that count as his bet on the first street (none are dead).  ValueError
        for a second blind by one player."""
        if kind == "ante":
            self.antes[i] += amount
            return 0
        big = self.big
        written = max(amount, self._nominal(kind)) if short else amount
        if kind == "both":
            live = min(big, amount)
            self.antes[i] += amount - live  # the dead small blind
            self.blinds[i] = -live
            return live
        if kind == "small" and self.blinds[i] == 0 and not any(0 < b < big for b in self.blinds):
            self.blinds[i] = written
            return amount
        if kind == "small":
            self.antes[i] += amount  # a dead small blind
            return 0
        if self.blinds[i] != 0:
            raise ValueError("a second blind by the same player")
        if kind == "straddle" or not any(b >= big for b in self.blinds):
            self.blinds[i] = written
        else:
            self.blinds[i] = -written  # a live post by a new or returning player
        return amount

    def _nominal(self, kind: str) -> int:
        """The blind the structure calls for: the small blind, the big, a straddle."""
        if kind == "small":
            return self.small
        if kind == "straddle":
            return 2 * max(self.big, *self.blinds)
        return self.big

    def posted(self, hand: HandText, line: Line, player: Player, i: int, kind: str,
               amount: int, *, short: bool) -> None:
        """:meth:`post` for a player read from ``line``, keeping his chips' account."""
        try:
            live = self.post(i, kind, amount, short=short)
        except ValueError as exc:
            raise hand.refuse(line, str(exc)) from None
        player.spent += amount
        player.street += live
