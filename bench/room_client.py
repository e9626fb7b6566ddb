"""A player's client of the room over a real WebSocket, shared by the benches and the
cluster tests: how it decides (``decision_key``, ``choose``, ``control_for``, also
used by bench_server.py) and :class:`FollowingClient`, which plays one seat through
a front proxy and follows the table from worker to worker (issue 15).

The client connects to ``/ws/tables/ID`` (any worker), offering the seat's token as
the subprotocol ``pokerroom.token.<token>`` as the page does.  A worker that does not
own the table answers one ``{"type": "moved", "url": ...}`` and closes (4307): the
client connects to that url (``/w/OWNER/ws/tables/ID``), or, when the url is null
(nobody holds the table this instant), to the generic address again half a second
later.
When a socket drops (its worker was killed), the client goes back to the generic
address after a short backoff.  An action sent but not seen applied when the socket
dropped is decided again on the next state (if it had been stored, the state shows it
and the decision is a new one).

Between decisions the client sends what its seat needs (:func:`control_for`: a rebuy,
sitting in, posting), never twice for one need: a state the room built before it
applied the request still shows the need (states are coalesced, so it may show a later
hand), and a top-up sent during a hand is kept by the room until the hand ends without
any state showing it.  So each request is followed by a ``ping``: the room answers it
in order, after applying the request and publishing the state that follows, and
states received before that ``pong`` are not read for requests.  After it, the request
is done once a state shows the need gone; it is sent again only when a state shows
that it cannot be waiting (a top-up: the need still there between hands, where the
room applies a top-up at once; the others: at all, as they apply at once) or when the
room refused it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

BUY_IN = 200


@dataclass
class Seat:
    table: str
    seat: int
    name: str
    token: str


def decision_key(state: dict[str, Any]) -> tuple[Any, ...]:
    """What identifies one decision point: any applied action changes it."""
    hand = state["hand"]
    if hand is None:
        return ("no hand",)
    seats = tuple((s["stack"], s.get("bet"), s.get("folded")) for s in state["seats"]
                  if s is not None and "stack" in s)
    return (hand["number"], hand["street"], hand["phase"], hand["actor"], hand["pot"],
            hand["current_bet"], len(hand["board"]), seats)


def choose(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Show at the showdown; else a minimum raise 8% of the time when raising is
    allowed; else fold 15% of the time facing a bet; else check or call."""
    if legal["show"]:
        return {"type": "act", "action": "show"}
    if legal["muck"]:
        return {"type": "act", "action": "muck"}
    r = rng.random()
    if legal["min_raise_to"] is not None and r < 0.08:
        return {"type": "act", "action": "bet_raise", "to": legal["min_raise_to"]}
    if not legal["check"] and legal["fold"] and r < 0.08 + 0.15:
        return {"type": "act", "action": "fold"}
    return {"type": "act", "action": "check_call"}


def control_for(you: dict[str, Any]) -> dict[str, Any] | None:
    """Between decisions: rebuy when busted, sit back in (posting) when sat out, post
    as a new player or with blinds owed; None when nothing is needed."""
    status = you.get("status")
    if status == "busted":
        return {"type": "top_up", "amount": BUY_IN}
    if status in ("sitting_out", "away"):
        return {"type": "sit_in", "post": True}
    if (status == "new" or you.get("owes")) and not you.get("wants_to_post"):
        return {"type": "post"}
    return None


@dataclass
class FollowingStats:
    """What one :class:`FollowingClient` did and saw."""

    sent: int = 0
    confirmed: int = 0
    decided_again: int = 0  # sent, the socket dropped before it showed: decided anew
    latencies: list[float] = field(default_factory=list)  # seconds, actions sent in window
    sent_walls: list[float] = field(default_factory=list)  # when each of those was sent
    states: int = 0
    bytes: int = 0
    connects: int = 0
    moved: int = 0  # 'moved' messages followed
    moved_nowhere: int = 0  # ... with url null (the table between owners)
    drops: int = 0  # sockets closed without 'moved' (a worker killed, a proxy error)
    connect_failures: int = 0
    connect_errors: Counter[str] = field(default_factory=Counter)  # why connecting failed
    errors: Counter[str] = field(default_factory=Counter)  # the room's error messages
    moving: int = 0  # requests answered 'table_moving' (sent during a hand-over)
    versions_went_back: int = 0
    workers: list[str] = field(default_factory=list)  # the /w/NAME each socket reached
    hands_seen: set[int] = field(default_factory=set)
    last_confirmed_at: float = 0.0  # wall clock


class FollowingClient:
    """One seat played through ``base`` (``ws://HOST:PORT`` of the proxy) until
    :meth:`stop`; see the module's docstring for how it follows its table."""

    def __init__(self, base: str, seat: Seat, *, seed: int, backoff: float = 0.3,
                 retry: float = 0.5,
                 window: tuple[float, float] = (0.0, float("inf"))) -> None:
        self.base = base
        self.seat = seat
        self.rng = random.Random(seed)
        self.backoff = backoff  # after a drop, before the generic address again
        self.retry = retry  # after 'moved' to nowhere (the room says within a second)
        self.window = window  # latencies are kept for actions sent in it (wall clock)
        self.stats = FollowingStats()
        self.generic = f"/ws/tables/{seat.table}"
        self._stopping = False
        self._acted_key: tuple[Any, ...] | None = None
        self._sent_at: float | None = None
        self._sent_wall = 0.0
        self._control: dict[str, Any] | None = None  # sent, its effect not seen yet
        self._pings = 0  # pings sent on this socket after a request, not answered yet
        self._version = -1

    def stop(self) -> None:
        """Act no more; :meth:`run` returns once no action is in flight (or soon)."""
        self._stopping = True

    async def run(self, *, grace: float = 10.0) -> None:
        """Play until stopped; after :meth:`stop`, wait up to ``grace`` seconds for the
        action in flight to be confirmed."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus
        from websockets.typing import Subprotocol

        path = self.generic
        stopped_at: float | None = None
        while True:
            if self._stopping:
                stopped_at = stopped_at or time.monotonic()
                if self._sent_at is None or time.monotonic() - stopped_at > grace:
                    return
            try:
                ws = await connect(self.base + path, max_size=2**24, open_timeout=10,
                                   subprotocols=[Subprotocol("pokerroom"), Subprotocol(
                                       f"pokerroom.token.{self.seat.token}")])
            except (OSError, TimeoutError, InvalidStatus) as exc:
                # E.g. a 502 from the proxy: the worker a 'moved' named has just died.
                self.stats.connect_failures += 1
                what = (f"HTTP {exc.response.status_code}" if isinstance(exc, InvalidStatus)
                        else type(exc).__name__)
                self.stats.connect_errors[what] += 1
                path = self.generic
                await asyncio.sleep(self.backoff)
                continue
            self.stats.connects += 1
            self._version = -1
            if self._sent_at is not None:
                # Sent on the socket that dropped and never seen applied: decide again
                # (a stored action would show in the state: a new decision point).
                self.stats.decided_again += 1
                self._sent_at = None
                self._acted_key = None
            self._pings = 0  # the old socket's pongs will never come
            moved_to: str | bool | None = False
            async with ws:
                with contextlib.suppress(ConnectionClosed):
                    moved_to = await self._session(ws, stopped_at, grace)
            if moved_to is True:  # stopped
                return
            if moved_to is False:
                self.stats.drops += 1
                path = self.generic
                await asyncio.sleep(self.backoff)
            elif moved_to is None:
                self.stats.moved += 1
                self.stats.moved_nowhere += 1
                path = self.generic
                await asyncio.sleep(self.retry)
            else:
                self.stats.moved += 1
                assert isinstance(moved_to, str)
                path = moved_to
            if self._stopping and self._sent_at is None:
                return

    async def _session(self, ws: Any, stopped_at: float | None,
                       grace: float) -> str | bool | None:
        """Play on one socket; the url of a 'moved' message (None: nowhere yet),
        False when the socket ended without one, True once stopped."""
        while True:
            if self._stopping:
                stopped_at = stopped_at or time.monotonic()
                left = grace - (time.monotonic() - stopped_at)
                if self._sent_at is None or left <= 0:
                    await ws.close()
                    return True
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            received = time.perf_counter()
            self.stats.bytes += len(raw)
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "moved":
                url = message.get("url")
                if url:
                    self.stats.workers.append(str(url).split("/ws/")[0])
                return str(url) if url else None
            if kind == "error":
                reason = str(message.get("reason"))
                if reason == "table_moving":
                    # The worker was giving the table up: nothing was applied, try
                    # again at the next owner (the room's answer, not a refusal).
                    self.stats.moving += 1
                else:
                    self.stats.errors[reason] += 1
                if self._sent_at is not None:  # refused: decide again on the next state
                    self._sent_at = None
                    self._acted_key = None
                if self._pings:  # before the request's pong: the request was refused
                    self._control = None
                continue
            if kind == "pong":
                self._pings = max(0, self._pings - 1)
                continue
            if kind != "state":
                continue
            await self._on_state(ws, message, received)

    async def _on_state(self, ws: Any, message: dict[str, Any], received: float) -> None:
        self.stats.states += 1
        if message["version"] < self._version:
            self.stats.versions_went_back += 1
        self._version = message["version"]
        state = message["state"]
        key = decision_key(state)
        if state["hand"] is not None:
            self.stats.hands_seen.add(int(state["hand"]["number"]))
        if self._sent_at is not None and key != self._acted_key:
            self.stats.confirmed += 1
            self.stats.last_confirmed_at = time.time()
            if self.window[0] <= self._sent_wall < self.window[1]:
                self.stats.latencies.append(received - self._sent_at)
                self.stats.sent_walls.append(self._sent_wall)
            self._sent_at = None
        you = state["you"]
        if self._stopping or you is None:
            return
        legal = you.get("legal")
        if legal and self._sent_at is None and key != self._acted_key:
            action = choose(legal, self.rng)
            self._acted_key = key
            self._sent_wall = time.time()
            self._sent_at = time.perf_counter()
            self.stats.sent += 1
            await ws.send(json.dumps(action))
            return
        await self._control_seat(ws, control_for(you), between_hands=state["hand"] is None)

    async def _control_seat(self, ws: Any, need: dict[str, Any] | None, *,
                            between_hands: bool) -> None:
        """Send what the seat needs (``need``, from a state received now) unless the
        request sent before may still be waiting; see the module's docstring."""
        if self._pings:
            return  # this state may predate the request sent: read the ones after it
        sent = self._control
        if (sent is not None and need is not None and need["type"] == sent["type"] == "top_up"
                and not between_hands):
            return  # kept by the room until this hand ends
        # Else the request is done (the state shows the need gone) or was never applied
        # (the need is still there where the room would have applied it at once).
        self._control = None
        if need is not None:
            self._control = need
            self._pings += 1
            await ws.send(json.dumps(need))
            await ws.send(json.dumps({"type": "ping"}))
