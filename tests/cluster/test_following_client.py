"""bench/room_client.FollowingClient between decisions (issue 22, item 6): the client
the cluster tests play with never sends a seat's request twice for one need.

A fresh clone's ``make test`` failed in tests/cluster/test_proxy_config.py: Alice
busted, her client topped up, and a state the room had built before applying that
top-up (coalesced, so it showed the next hand) made the client top up again, which
the room rightly refused (past the maximum buy-in).  Here the socket is scripted:
the states, errors and pongs a room may send in that order, with nothing left to
timing or random play."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from bench.room_client import FollowingClient, Seat


class _Socket:
    """Hands the client the scripted messages one by one; records what it sends.
    After the last message it stops the client (its session then returns)."""

    def __init__(self, client: FollowingClient, script: Iterable[dict[str, Any]]) -> None:
        self.client = client
        self.script = list(script)
        self.sent: list[dict[str, Any]] = []

    async def recv(self) -> str:
        if not self.script:
            self.client.stop()
            await asyncio.sleep(3600)  # the session's 0.5 s wait ends it
        return json.dumps(self.script.pop(0))

    async def send(self, raw: str) -> None:
        self.sent.append(json.loads(raw))

    async def close(self) -> None:
        pass


def _state(version: int, *, status: str, hand: int | None, stack: int = 0,
           owes: bool = False, wants_to_post: bool = False) -> dict[str, Any]:
    """Alice's state at seat 3 with no decision of hers pending (``hand``: the running
    hand's number, None between hands)."""
    running = None if hand is None else {
        "number": hand, "street": "preflop", "phase": "betting", "actor": 0, "pot": 3,
        "current_bet": 2, "board": []}
    seat = {"seat": 3, "name": "Alice", "stack": stack, "status": status}
    return {"type": "state", "version": version, "state": {
        "hand": running, "seats": [None, None, None, seat],
        "you": {"seat": 3, "status": status, "owes": owes, "wants_to_post": wants_to_post,
                "legal": None}}}


PONG = {"type": "pong"}


def _requests(script: list[dict[str, Any]]) -> list[str]:
    client = FollowingClient("ws://unused", Seat("T1", 3, "Alice", "token"), seed=1)
    socket = _Socket(client, script)
    asyncio.run(client._session(socket, None, 0.0))
    return [m["type"] for m in socket.sent]


def test_one_top_up_per_bust_whatever_states_come_before_it_is_applied() -> None:
    """Busted at the end of hand 7: one top-up.  The states built before the room
    applied it (between hands, then hand 8 dealt without her) still say busted; after
    the pong, hand 8 still runs (the room keeps the top-up until it ends): nothing more.
    Then she is seated again with chips, owing the blind: she posts, once."""
    sent = _requests([
        _state(1, status="busted", hand=7),
        _state(2, status="busted", hand=None),  # built before the top-up was applied
        _state(3, status="busted", hand=8),
        PONG,
        _state(4, status="busted", hand=8),  # the top-up is kept until hand 8 ends
        _state(5, status="new", hand=None, stack=200, owes=True),
        _state(6, status="new", hand=None, stack=200, owes=True),  # before the post
        PONG,
        _state(7, status="new", hand=None, stack=200, owes=True, wants_to_post=True),
    ])
    assert sent == ["top_up", "ping", "post", "ping"]


def test_a_refused_request_is_sent_again_on_a_later_state() -> None:
    """An error before the request's pong refused it: the next state that still shows
    the need (read after the pong) sends it again."""
    sent = _requests([
        _state(1, status="sitting_out", hand=None, stack=150),
        {"type": "error", "reason": "store_unavailable", "message": "try again"},
        PONG,
        _state(2, status="sitting_out", hand=None, stack=150),
    ])
    assert sent == ["sit_in", "ping", "sit_in", "ping"]


def test_a_top_up_not_applied_between_hands_was_lost_and_is_sent_again() -> None:
    """Between hands the room applies a top-up at once: still busted there, after the
    pong, means it never arrived (a socket that dropped), so it is sent again; during
    a hand it may be waiting, so it is not."""
    sent = _requests([
        _state(1, status="busted", hand=None),
        PONG,
        _state(2, status="busted", hand=4),
        _state(3, status="busted", hand=None),
    ])
    assert sent == ["top_up", "ping", "top_up", "ping"]
