"""Quotas: how much one client address may create, join, register and hold open, and
how many tables and events the room holds in all (issue #22, "Quotas").

Every per-client limit counts the address of
:func:`~pokerroom.server.guard.clients.client_address`: the TCP peer's, or, when the peer is
a trusted proxy (``proxy.trusted``), the address in ``X-Forwarded-For`` that proxy
saw.  Behind nginx without ``proxy.trusted`` every request comes from the proxy's own
address (127.0.0.1): the whole room then shares one quota, so set ``proxy.trusted``
there.  Loopback is not exempt.

Past a limit the request is refused with **429**, a ``Retry-After`` header (whole
seconds until the limit frees a place) and a JSON body ``{"error", "reason",
"limit", "retry_after"}`` (``reason`` ``quota_<name>``, ``limit`` the setting's
``SECTION.NAME``); nothing is created.  A socket past its quota is refused in its
handshake the same way, before it is accepted.

A rate (creations, joins, registrations) is a token bucket per address
(:class:`RateLimit`): ``N`` at once, then ``N`` per period, spread evenly.  Its memory
is bounded: an address whose bucket has refilled is forgotten, and past
``quotas.tracked_addresses`` the least recently seen one is.  ``0`` turns a limit off.

>>> now = [0.0]
>>> tables = RateLimit(2, 3600.0, clock=lambda: now[0])
>>> tables.take("10.0.0.1"), tables.take("10.0.0.1"), tables.take("10.0.0.1")
(None, None, 1800.0)
>>> tables.take("10.0.0.2")  # another address has its own bucket
>>> now[0] += 1800.0
>>> tables.take("10.0.0.1")
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerroom.server.guard.clients import TrustedProxies, client_address
from pokerroom.server.operations.metrics import metrics_of
from pokerroom.server.wire.reasons import WireReason

if TYPE_CHECKING:  # the settings are read without the server's libraries
    from fastapi import WebSocket
    from fastapi.responses import JSONResponse

__all__ = ["OpenCount", "QuotaExceeded", "QuotaSettings", "Quotas", "RateLimit",
           "SocketSlot", "admit_socket", "quota_response"]

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True, kw_only=True)
class QuotaSettings:
    """What one client address may do, how much the room holds, and when idle things
    expire (``0``: no limit)."""

    tables_per_hour: int = 30
    """Cash tables (and dealer's games) one address may create an hour (a burst of this
    many, then one every 3600/N seconds). (0: off)"""
    tournaments_per_day: int = 20
    """Online tournaments one address may create a day. (0: off)"""
    live_events_per_day: int = 20
    """Live events one address may create a day. (0: off)"""
    joins_per_hour: int = 120
    """Seats one address may take at cash tables an hour. (0: off)"""
    registrations_per_hour: int = 60
    """Tournament registrations one address may make an hour. (0: off)"""
    sockets_per_address: int = 32
    """Table and tournament sockets one address may hold open at once. (0: off)"""
    open_tables: int = 1000
    """Cash tables and dealer's games open in the room at once (closed and expired ones do
    not count). (0: off)"""
    open_tournaments: int = 300
    """Online tournaments not finished in the room at once. (0: off)"""
    open_live_events: int = 300
    """Live events not finished in the room at once. (0: off)"""
    entries_per_tournament: int = 1000
    """Entries (people and bots) in one online tournament. (0: off)"""
    empty_table_seconds: float = 1800.0
    """A cash table with no person seated, no hand running and no one watching this
    long is closed (its place under open_tables freed). (0: off)"""
    unstarted_event_seconds: float = 2 * DAY
    """A tournament or live event not started this long after its creation is removed. (0: off)"""
    tracked_addresses: int = 10_000
    """Addresses each rate remembers at most (the least recently seen is forgotten)."""


class QuotaExceeded(Exception):
    """A request past a quota: answered 429 with ``Retry-After`` (see
    :func:`quota_response`); nothing was created."""

    def __init__(self, name: str, setting: str, message: str, *, retry_after: float
                 ) -> None:
        super().__init__(message)
        self.reason = WireReason.quota(name)
        self.setting = f"quotas.{setting}"
        self.retry_after = max(1, math.ceil(retry_after))

    def body(self) -> dict[str, Any]:
        """The JSON answer: the message, the reason, the setting and the wait."""
        return {"error": str(self), "reason": self.reason, "limit": self.setting,
                "retry_after": self.retry_after}


def quota_response(exc: QuotaExceeded) -> JSONResponse:
    """The 429 answer of ``exc``."""
    from fastapi.responses import JSONResponse

    return JSONResponse(exc.body(), status_code=429,
                        headers={"Retry-After": str(exc.retry_after)})


class RateLimit:
    """A token bucket per key: ``limit`` at once, refilled at ``limit`` per ``period``
    seconds; at most ``tracked`` keys remembered (a full bucket is the same as a
    forgotten one, so those go first; then the least recently seen).  ``clock`` is
    any function of the time in seconds (a fake one in tests)."""

    def __init__(self, limit: int, period: float, *, clock: Callable[[], float],
                 tracked: int = 10_000) -> None:
        self.limit = limit
        self.period = period
        self.clock = clock
        self.tracked = max(1, tracked)
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # tokens, at

    def _level(self, key: str, now: float) -> float:
        tokens, at = self._buckets.get(key, (float(self.limit), now))
        return min(float(self.limit), tokens + max(0.0, now - at) * self.limit / self.period)

    def take(self, key: str) -> float | None:
        """Take one for ``key``: None when allowed (and counted), else the seconds until
        one is free again (nothing counted)."""
        if self.limit <= 0:
            return None
        now = self.clock()
        tokens = self._level(key, now)
        if tokens < 1.0:
            return (1.0 - tokens) * self.period / self.limit
        self._buckets[key] = (tokens - 1.0, now)
        self._buckets.move_to_end(key)
        self._forget(now)
        return None

    def _forget(self, now: float) -> None:
        while self._buckets:  # the oldest first: those refilled are forgotten
            oldest = next(iter(self._buckets))
            if self._level(oldest, now) < self.limit and len(self._buckets) <= self.tracked:
                break
            del self._buckets[oldest]

    def __len__(self) -> int:
        """How many keys are remembered now."""
        return len(self._buckets)


class OpenCount:
    """How many of something (sockets) each key holds open now, at most ``limit``."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def open(self, key: str) -> bool:
        """Count one more for ``key``; False (nothing counted) past the limit."""
        held = self._open.get(key, 0)
        if 0 < self.limit <= held:
            return False
        self._open[key] = held + 1
        return True

    def close(self, key: str) -> None:
        held = self._open.get(key, 0) - 1
        if held > 0:
            self._open[key] = held
        else:
            self._open.pop(key, None)

    def held(self, key: str) -> int:
        return self._open.get(key, 0)

    def total(self) -> int:
        """How many are open now, all keys together."""
        return sum(self._open.values())


class SocketSlot:
    """One open socket counted against its address; ``with`` it releases the count."""

    def __init__(self, count: OpenCount, address: str) -> None:
        self._count = count
        self.address = address

    def __enter__(self) -> SocketSlot:
        return self

    def __exit__(self, *_exc: object) -> None:
        self._count.close(self.address)


_RATES: dict[str, tuple[str, float, str]] = {
    # name: (setting, period, what is counted)
    "tables": ("tables_per_hour", HOUR, "created {n} tables in the last hour"),
    "tournaments": ("tournaments_per_day", DAY, "created {n} tournaments in the last day"),
    "live_events": ("live_events_per_day", DAY, "created {n} live events in the last day"),
    "joins": ("joins_per_hour", HOUR, "took {n} seats in the last hour"),
    "registrations": ("registrations_per_hour", HOUR,
                      "made {n} tournament registrations in the last hour"),
}

_CEILINGS: dict[str, tuple[str, str]] = {
    "tables": ("open_tables", "cash tables"),
    "tournaments": ("open_tournaments", "tournaments not finished"),
    "live_events": ("open_live_events", "live events not finished"),
}

CEILING_RETRY = 60.0
"""The ``Retry-After`` of a full room or event (seconds): a hint, since a place frees
when a table closes or expires, which no one can tell in advance."""
SOCKET_RETRY = 5.0
"""The ``Retry-After`` of a socket past its quota: a place frees when one closes."""


class Quotas:
    """The room's quotas (``settings``), counted per client address (``proxies``: whose
    ``X-Forwarded-For`` is read) on ``clock`` (seconds)."""

    def __init__(self, settings: QuotaSettings, *, proxies: TrustedProxies,
                 clock: Callable[[], float]) -> None:
        self.settings = settings
        self.proxies = proxies
        self.rates = {name: RateLimit(getattr(settings, setting), period, clock=clock,
                                      tracked=settings.tracked_addresses)
                      for name, (setting, period, _what) in _RATES.items()}
        self.sockets = OpenCount(settings.sockets_per_address)

    def address(self, scope: Mapping[str, Any]) -> str:
        """The client address of a request's or socket's ASGI ``scope``."""
        return client_address(scope, self.proxies)

    def take(self, name: str, scope: Mapping[str, Any]) -> None:
        """Count one ``name`` (``tables``, ``tournaments``, ``live_events``, ``joins``,
        ``registrations``) for the request's address; :class:`QuotaExceeded` past it."""
        setting, _period, what = _RATES[name]
        address = self.address(scope)
        wait = self.rates[name].take(address)
        if wait is not None:
            limit = getattr(self.settings, setting)
            raise QuotaExceeded(name, setting, f"this address ({address}) "
                                f"{what.format(n=limit)}; the limit is {limit} "
                                f"(quotas.{setting}): try again in {math.ceil(wait)} s",
                                retry_after=wait)

    def ceiling(self, name: str, open_now: int) -> None:
        """:class:`QuotaExceeded` when the room already holds its ceiling of ``name``
        (``tables``, ``tournaments``, ``live_events``; ``open_now`` of them open)."""
        setting, what = _CEILINGS[name]
        limit = getattr(self.settings, setting)
        if 0 < limit <= open_now:
            raise QuotaExceeded(f"open_{name}", setting, f"the room holds {open_now} "
                                f"{what}, its limit (quotas.{setting} = {limit}): try again "
                                "when one closes",
                                retry_after=CEILING_RETRY)

    def entries(self, entered: int, adding: int = 1) -> None:
        """:class:`QuotaExceeded` when ``adding`` more entries to a tournament that has
        ``entered`` would pass ``quotas.entries_per_tournament``."""
        limit = self.settings.entries_per_tournament
        if 0 < limit < entered + adding:
            raise QuotaExceeded("entries", "entries_per_tournament", f"this tournament has "
                                f"{entered} entries and may have at most {limit} (quotas."
                                f"entries_per_tournament)", retry_after=CEILING_RETRY)

    def socket(self, scope: Mapping[str, Any]) -> SocketSlot:
        """Count one open socket for the address (release it with ``with``);
        :class:`QuotaExceeded` when the address holds its quota already."""
        address = self.address(scope)
        if not self.sockets.open(address):
            limit = self.settings.sockets_per_address
            raise QuotaExceeded("sockets", "sockets_per_address", f"this address ({address}) "
                                f"holds {limit} open sockets; the limit is {limit} "
                                "(quotas.sockets_per_address): close one",
                                retry_after=SOCKET_RETRY)
        return SocketSlot(self.sockets, address)


async def admit_socket(websocket: WebSocket) -> SocketSlot | None:
    """The socket's place under its address's quota (the app's quotas, in its
    ``state.room_state``: :mod:`pokerroom.server.room_state`), or
    None when refused: then it has been answered, before any other work, with a 429
    and ``Retry-After`` (or closed with code 1008 by a server without denial
    responses)."""
    quotas: Quotas = websocket.app.state.room_state.services.quotas
    try:
        return quotas.socket(websocket.scope)
    except QuotaExceeded as exc:
        metrics_of(websocket.app).refused(exc.reason)
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(quota_response(exc))
        else:
            await websocket.close(code=1008, reason=exc.reason)
        return None
