"""Seat approval (issue 24): with the host's option "approve seat requests" on, a
person's join waits as a request the host accepts or refuses; no chip moves and no
seat is taken before the host accepts (the seat asked for is held for the request).

:class:`SeatApproval` is a value the seat requests keep
(:class:`~pokerroom.server.tables.seat_requests.SeatRequests`) and the host's tools
store with the table (``host_state``, migration 0009).  A request's ``id`` is public
(everyone's state lists the requests, so that the player's page shows "waiting for
the host"); its ``token`` is the secret the join answered, which becomes the sitting's
token when the host accepts.  The last refused requests' ids are kept (a few) so
that a page can say "refused".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pokerroom.errors import IllegalActionError, Reason

REFUSALS_KEPT = 20
"""How many refused requests' ids the state keeps, for their pages to see."""
MAX_REQUESTS = 20
"""Requests waiting at once, at most (a stranger cannot grow the table's state)."""


@dataclass(slots=True)
class SeatAsk:
    """One request to sit down, waiting for the host."""

    id: str
    name: str
    seat: int
    buy_in: int
    token: str
    sitting: str

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "seat": self.seat, "buy_in": self.buy_in}


@dataclass(slots=True)
class SeatApproval:
    """The host's option and the requests waiting (oldest first)."""

    on: bool = False
    asks: list[SeatAsk] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"on": self.on, "asks": [asdict(a) for a in self.asks], "refused": self.refused}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> SeatApproval:
        data = data or {}
        return cls(on=bool(data.get("on", False)),
                   asks=[SeatAsk(**a) for a in data.get("asks", [])],
                   refused=list(data.get("refused", [])))

    def asked(self, seat: int) -> SeatAsk | None:
        """The request holding ``seat``, if any."""
        return next((a for a in self.asks if a.seat == seat), None)

    def find(self, ask_id: str) -> SeatAsk:
        """The request ``ask_id``; refused (``no_seat_request``) when none waits."""
        for ask in self.asks:
            if ask.id == ask_id:
                return ask
        waiting = ", ".join(f"{a.id} ({a.name})" for a in self.asks) or "none"
        raise IllegalActionError(Reason.NO_SEAT_REQUEST, f"no seat request {ask_id!r} waits "
                                 f"for the host; waiting: {waiting}")

    def drop(self, ask: SeatAsk, *, refused: bool) -> None:
        self.asks.remove(ask)
        if refused:
            self.refused = [*self.refused, ask.id][-REFUSALS_KEPT:]

    def public(self) -> dict[str, Any]:
        """What everyone's state shows: the option, the requests, the refused ids."""
        return {"approve_seats": self.on, "requests": [a.public() for a in self.asks],
                "refused": list(self.refused)}
