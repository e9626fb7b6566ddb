"""A deal the director agrees from the page: the players still in split what is left
of the prize pool (their own amounts, a deal suggestion's or others), and the event
ends with everyone paid (:meth:`~pokerroom.tournament.Tournament.make_deal`).

A deal ends the event between hands: when a hand is in play it is kept (no new hand
is dealt meanwhile) and made as soon as every table is between hands; if the hand
in play changed who is still in, it is called off, with the reason in the floor log.
Refused, nothing kept, when the amounts do not name exactly the players still in or
do not add up to the prizes left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.tournament import Tournament
from pokerroom.tournament import events as fe


def prizes_left(t: Tournament) -> int:
    """What the players still in have left to win: the prizes of the places they cover."""
    prizes, alive = t.prizes(), len(t.alive())
    return sum(prizes[k] for k in range(min(alive, len(prizes))))


def _dollars(cents: int) -> str:
    return f"${cents // 100:,}" if cents % 100 == 0 else f"${cents / 100:,.2f}"


class AgreedDeal:
    """The deal the director agreed and not yet made (amounts by entry), if any."""

    def __init__(self) -> None:
        self.pending: dict[int, int] | None = None

    def agree(self, t: Tournament, amounts: Mapping[str, int]) -> list[fe.FloorEvent]:
        """Check ``amounts`` (cents by player name) and make the deal now when every
        table is between hands (the floor's events), else keep it (none yet)."""
        if t.deal is not None or self.pending is not None:
            raise IllegalActionError(Reason.DEAL_MADE, "a deal has been agreed already")
        alive = {e.label: e.number for e in t.alive()}
        if len(alive) < 2:
            raise IllegalActionError(Reason.NO_DEAL, "a deal needs two players or more")
        names = ", ".join(sorted(alive))
        unknown = sorted(set(amounts) - set(alive))
        if unknown:
            raise IllegalActionError(Reason.BAD_DEAL, f"{', '.join(map(repr, unknown))} "
                                     f"{'is' if len(unknown) == 1 else 'are'} not in the "
                                     f"event now: the deal names the players still in: {names}")
        missing = sorted(set(alive) - set(amounts))
        if missing:
            raise IllegalActionError(Reason.BAD_DEAL, f"the deal leaves out "
                                     f"{', '.join(map(repr, missing))}: it names every "
                                     f"player still in: {names}")
        left, total = prizes_left(t), sum(amounts.values())
        if total != left:
            raise IllegalActionError(Reason.BAD_DEAL, f"the amounts add up to "
                                     f"{_dollars(total)}, but the prizes left add up to "
                                     f"{_dollars(left)}: a deal pays out exactly that")
        self.pending = {alive[name]: amount for name, amount in amounts.items()}
        return self.make(t) or []

    def make(self, t: Tournament) -> list[fe.FloorEvent] | None:
        """Make the deal kept, if any, once every table is between hands: the floor's
        events (the deal, the end), or None while it waits.  Called off (ValueError
        with why) when the players still in are no longer the deal's."""
        if self.pending is None or any(tb.hand is not None for tb in t.floor.tables.values()):
            return None
        amounts, self.pending = self.pending, None
        alive = {e.number for e in t.alive()}
        if set(amounts) != alive or any(e.deciding_rebuy for e in t.alive()):
            gone = sorted(t.entries[n].label for n in set(amounts) - alive)
            raise ValueError(f"the deal is off: {', '.join(gone) or 'a player'} "
                             "busted in the hand in play")
        return t.make_deal(amounts)

    def to_json(self) -> list[list[int]] | None:
        return None if self.pending is None else [[k, v] for k, v in self.pending.items()]

    def load(self, data: Any) -> None:
        self.pending = None if not data else {int(k): int(v) for k, v in data}
