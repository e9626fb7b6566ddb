"""A cash table's waitlist (issue 24): when the table is full a person puts their name
down and sees their place; when a seat opens the first on the list is offered it for
:data:`OFFER_SECONDS`, then the next.

:class:`Waitlist` is a value the host's tools keep and store with the table
(``host_state``, migration 0009); it holds no clock and no seats: the table's actor
says when a seat is free and what time it is (:meth:`Waitlist.offer`,
:meth:`Waitlist.expire`).  Each name's ``token`` is the secret its page keeps to take
the seat or leave the list; everyone's state shows the names in order and the offers
(:meth:`Waitlist.public`).
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerroom.errors import IllegalActionError, Reason

OFFER_SECONDS = 60.0
"""How long the first on the list has to take a seat offered to them."""
MAX_NAMES = 30
"""Names on one table's waitlist, at most."""


@dataclass(slots=True)
class Waiting:
    """One name on the list; ``seat`` and ``until``: the seat offered and until when."""

    id: str
    name: str
    token: str
    seat: int | None = None
    until: float | None = None


@dataclass(slots=True)
class Waitlist:
    """The names in order, first first."""

    names: list[Waiting] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"names": [asdict(w) for w in self.names]}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Waitlist:
        return cls(names=[Waiting(**w) for w in (data or {}).get("names", [])])

    def add(self, name: str) -> Waiting:
        """Put ``name`` down last; its secret token takes the seat later."""
        if len(self.names) >= MAX_NAMES:
            raise IllegalActionError(Reason.TOO_MANY_REQUESTS,
                                     f"the waitlist is full ({MAX_NAMES} names)")
        entry = Waiting(secrets.token_hex(4), name, secrets.token_urlsafe(24))
        self.names.append(entry)
        return entry

    def by_token(self, token: str) -> Waiting:
        """The name whose secret ``token`` this is; refused (``not_on_waitlist``)."""
        for entry in self.names:
            if secrets.compare_digest(entry.token, token):
                return entry
        raise IllegalActionError(Reason.NOT_ON_WAITLIST, "you are not on this table's "
                                 "waitlist (taken off, or your turn passed): put your name "
                                 "down again")

    def held(self) -> dict[int, Waiting]:
        """The seats offered now, and to whom."""
        return {w.seat: w for w in self.names if w.seat is not None}

    def offer(self, free: list[int], now: float) -> list[Waiting]:
        """Offer each seat in ``free`` not offered yet to the first name without an
        offer, until ``now + OFFER_SECONDS``; returns the new offers."""
        held = self.held()
        # A seat offered that is no longer free (the host seated a bot there): offer again.
        for seat, entry in held.items():
            if seat not in free:
                entry.seat = entry.until = None
        open_seats = [s for s in free if s not in self.held()]
        made = []
        for entry in self.names:
            if not open_seats:
                break
            if entry.seat is None:
                entry.seat, entry.until = open_seats.pop(0), now + OFFER_SECONDS
                made.append(entry)
        return made

    def expire(self, now: float) -> list[Waiting]:
        """Take off the list each name whose offer ran out; returns them."""
        gone = [w for w in self.names if w.until is not None and w.until <= now]
        for entry in gone:
            self.names.remove(entry)
        return gone

    def due(self) -> float | None:
        """When the next offer runs out, if any."""
        times = [w.until for w in self.names if w.until is not None]
        return min(times) if times else None

    def public(self) -> list[dict[str, Any]]:
        """The list for everyone: each name's id, name, place (1 first) and the seat
        offered with the time (the server's, as the state's ``now``) the offer ends."""
        return [{"id": w.id, "name": w.name, "place": n,
                 **({"seat": w.seat, "until": w.until} if w.seat is not None else {})}
                for n, w in enumerate(self.names, 1)]
