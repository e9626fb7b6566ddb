"""The room's fast way out (issue 23, the cost per action): on ``pokerroom serve`` a
connection's messages are written straight to uvicorn's transport, each shared text's
frame built once (wire/frames.py, ``GuardedWebSocketProtocol.write_messages``), by one
event-loop callback per change instead of a task woken per connection.  What a client
sees must not change: the same frames websockets would write, messages a
permessage-deflate connection compresses still compressed in one stream (context
takeover), an answer before the state that shows its effect (docs/protocol.md), and
the ordinary path for any other ASGI server (the TestClient tests of the suite)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable, Iterator
from typing import Any, cast

import pytest
from fastapi import WebSocket
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from pokerroom.server.connections import COMPRESS_FROM, LargeMessageDeflate
from pokerroom.server.wire.frames import FrameCache, text_frame
from pokerroom.server.wire.sockets import (
    DELTAS,
    MAX_QUEUED,
    MOVED,
    Mailbox,
    Outgoing,
    send_loop,
    token_subprotocols,
)
from tests.server.serving import call, served_room

WAIT = 30.0  # seconds: the most one message is waited for


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_frame_is_the_bytes_websockets_writes(length: int) -> None:
    payload = ("é" * length).encode()[:length]  # multi-byte text, cut to the length
    expected = Frame(Opcode.TEXT, payload).serialize(mask=False)
    assert text_frame(payload) == expected


def test_a_compressed_frame_is_the_bytes_websockets_writes_in_one_stream() -> None:
    """LargeMessageDeflate.text_frame compresses with the connection's own compressor
    and frames the result itself: byte for byte what websockets' encode and serialiser
    make with the same settings, message after message (the context carried on), and a
    client's inflater reads every one in turn."""
    ours = LargeMessageDeflate(False, False, 12, 12, {"memLevel": 5})
    theirs = PerMessageDeflate(False, False, 12, 12, {"memLevel": 5})
    client = PerMessageDeflate(False, False, 12, 12)  # the other side's inflater
    rng = random.Random(23)
    for n in range(40):
        text = json.dumps({"version": n, "seats": [
            {"seat": s, "stack": rng.randrange(1000)} for s in range(rng.randrange(1, 90))]})
        payload = text.encode()
        frame = ours.text_frame(payload)
        assert frame is not None
        assert frame == Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[theirs])
        assert frame[0] == 0xC1  # FIN, RSV1 (compressed), text
        body = frame[2:] if frame[1] < 126 else frame[4:]
        assert len(body) == (frame[1] if frame[1] < 126 else int.from_bytes(frame[2:4]))
        received = Frame(Opcode.TEXT, body, rsv1=True)
        assert client.decode(received).data == payload
    fresh = LargeMessageDeflate(False, True, 12, 12)  # server_no_context_takeover
    assert fresh.text_frame(b"{}") is None  # websockets' own path restarts per message


def test_a_shared_text_is_framed_once_and_the_cache_stays_bounded() -> None:
    cache = FrameCache(limit=3)
    text = json.dumps({"type": "delta", "version": 7})
    first = cache.frame(text)
    assert cache.frame(text) is first  # the same bytes for every connection
    for i in range(10):
        cache.frame(f"other {i}")
    assert len(cache) == 3
    assert cache.frame(text) == first and cache.frame(text) is not first  # rebuilt


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("send-path")) as number:
        yield number


def _socket(port: int, path: str, token: str | None, *, deltas: bool,
            compression: str | None) -> ClientConnection:
    offered = token_subprotocols(token) + ([DELTAS] if deltas else [])
    return connect(f"ws://127.0.0.1:{port}{path}", proxy=None, compression=compression,
                   subprotocols=[Subprotocol(p) for p in offered], open_timeout=WAIT,
                   ping_interval=None, close_timeout=1, max_size=2**24)


def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=WAIT))
    return message


def test_deflate_keeps_one_stream_across_messages_sent_as_they_are(port: int) -> None:
    """A whole-state connection with permessage-deflate: states (over COMPRESS_FROM)
    go compressed, pongs between them as they are; the client's inflater takes every
    compressed one in turn (the compressor's context carried across the small ones),
    version after version of a table of bots."""
    created = call(port, "/api/tables", {"name": "Stream", "seats": 6})
    table, host = created["id"], created["host"]
    for _ in range(3):
        call(port, f"/api/tables/{table}/bots", {"policy": "random", "host": host})
    with _socket(port, f"/ws/tables/{table}", None, deltas=False,
                 compression="deflate") as ws:
        assert ws.protocol.extensions, "permessage-deflate negotiated"
        versions: list[int] = []
        pongs = 0
        while len(versions) < 30:
            ws.send(json.dumps({"type": "ping", "id": len(versions)}))
            message = _next(ws)
            while message["type"] != "state":
                pongs += message["type"] == "pong"
                message = _next(ws)
            assert len(json.dumps(message, separators=(",", ":"))) >= COMPRESS_FROM
            versions.append(message["version"])
    assert versions == sorted(versions) and len(set(versions)) == len(versions), versions
    assert pongs >= 20, pongs


def test_an_answer_comes_before_the_state_that_shows_it(port: int) -> None:
    """docs/protocol.md: an acknowledged message's ack comes before the state showing
    its effect, on the fast way out too (one seated player, nothing else changing the
    table: each accepted message makes exactly one new version)."""
    created = call(port, "/api/tables", {"name": "Order", "seats": 6})
    table = created["id"]
    token = call(port, f"/api/tables/{table}/join",
                 {"name": "Alice", "seat": 0, "buy_in": 200})["token"]
    with _socket(port, f"/ws/tables/{table}", token, deltas=True, compression=None) as ws:
        first = _next(ws)
        assert first["type"] == "scene", first
        version = first["version"]
        for n, kind in enumerate(["sit_out", "sit_in", "sit_out", "sit_in"] * 3):
            ws.send(json.dumps({"type": kind, "id": n}))
            got = [_next(ws)]
            while got[-1]["type"] not in ("delta", "scene"):
                got.append(_next(ws))
            assert got[0] == {"type": "ack", "id": n}, got
            assert got[-1]["version"] > version, got
            version = got[-1]["version"]


# ------------------------------------------------------------------ the mailbox's side


class FakeSink:
    """uvicorn's protocol as :func:`send_loop` sees it (a transport, flow control, a
    socket open for data frames): what it is given to write, one list per write."""

    def __init__(self) -> None:
        self.transport = object()
        self.writable = asyncio.Event()
        self.writable.set()
        self.open = True
        self.fail: Exception | None = None
        self.writes: list[list[str]] = []

    def frames_writable(self) -> bool:
        return self.writable.is_set() and self.open

    async def frames_ready(self) -> bool:
        await self.writable.wait()
        return self.open

    def write_messages(self, messages: list[str | bytes]) -> None:
        if self.fail is not None:
            raise self.fail
        self.writes.append([m if isinstance(m, str) else m.decode() for m in messages])

    def write_text(self, text: str) -> None:
        self.write_messages([text])

    async def receive(self) -> dict[str, Any]:  # how send_loop finds the protocol
        await asyncio.Event().wait()
        raise AssertionError


class FakeSocket:
    """A Starlette WebSocket's channels on the :class:`FakeSink` (nothing goes through
    ``websocket.send`` while the sink is open)."""

    def __init__(self, sink: FakeSink) -> None:
        self._receive = sink.receive
        self.sent: list[str] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(data)

    async def send_json(self, data: Any) -> None:
        self.sent.append(json.dumps(data))

    async def close(self, code: int = 1000) -> None:
        self.sent.append(f"close {code}")


def _run(body: Callable[[Mailbox, FakeSink, asyncio.Task[None]], Awaitable[None]],
         *, sent: list[str] | None = None) -> None:
    """Run ``body`` against a send loop on a :class:`FakeSink`; what went through
    ``websocket.send`` instead must be ``sent`` (nothing by default)."""
    async def main() -> None:
        sink, box = FakeSink(), Mailbox(deltas=False)
        socket = FakeSocket(sink)
        sender = asyncio.create_task(send_loop(cast(WebSocket, socket), box))
        await asyncio.sleep(0)
        try:
            await asyncio.wait_for(body(box, sink, sender), timeout=10)
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, RuntimeError):
                await sender
        assert socket.sent == (sent or [])

    asyncio.run(main())


def _state(version: int) -> Outgoing:
    return Outgoing({"type": "state", "version": version})


def test_a_change_is_written_by_one_callback_answers_first_without_waking_the_task() -> None:
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        box.push_state(_state(1))
        box.push_error({"type": "ack", "id": 1})
        await asyncio.sleep(0)
        assert sink.writes == [['{"type":"ack","id":1}', '{"type":"state","version":1}']]
        assert not box.wake.is_set()  # the send task was not woken
        box.push_state(_state(2))
        box.push_state(_state(3))  # replaces 2 before it went
        await asyncio.sleep(0)
        assert sink.writes[1:] == [['{"type":"state","version":3}']]

    _run(body)


class _Update:
    """A version of a delta connection (a table's SceneUpdate): a delta from ``base``,
    with its own part ``own`` when the connection holds another."""

    def __init__(self, version: int, own: Any = None) -> None:
        self.version, self.base, self.own = version, version - 1, own

    def delta_text(self, *, own: bool) -> str:
        return f"delta {self.version}" + (f" own {self.own}" if own else "")

    def full_text(self) -> str:
        return f"scene {self.version}"


def test_a_delta_with_nothing_before_it_is_written_at_once() -> None:
    """No callback, no wake: the delta goes out inside push_update, its own part left
    out while the connection holds the same one."""
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        box.deltas = True
        box.push_update(_Update(1, own="a"), None)  # no version held: queued, whole
        await asyncio.sleep(0)
        assert sink.writes == [["scene 1"]] and box.held == 1
        box.push_update(_Update(2, own="a"), None)
        assert sink.writes[1:] == [["delta 2"]] and not box.flush_due  # at once
        box.push_update(_Update(3, own="b"), None)
        assert sink.writes[2:] == [["delta 3 own b"]] and box.held_own == "b"
        assert not box.updates and not box.wake.is_set()

    _run(body)


def test_a_delta_waits_behind_an_answer_and_while_a_request_is_answered() -> None:
    """The order docs/protocol.md promises: an answer queued, or a request of this
    connection still being carried out (its ack comes first), or a full transport, and
    the delta is queued for the callback (or the send task) instead of written now."""
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        box.deltas, box.held = True, 0
        box.answering = True
        box.push_update(_Update(1), None)
        assert not sink.writes and box.flush_due  # waits for the callback
        box.push_error({"type": "ack", "id": 7})
        box.answering = False
        box.push_update(_Update(2), None)  # behind the queued ones
        await asyncio.sleep(0)
        assert sink.writes == [['{"type":"ack","id":7}', "delta 1", "delta 2"]]
        sink.writable.clear()
        box.push_update(_Update(3), None)
        assert sink.writes[1:] == [] and list(box.updates) != []
        sink.writable.set()
        while len(sink.writes) < 2:
            await asyncio.sleep(0)
        assert sink.writes[1:] == [["delta 3"]]

    _run(body)


def test_a_full_transport_keeps_the_mailbox_bounds() -> None:
    """While the transport's buffer is full nothing is taken from the mailbox: the
    answers wait there (at most MAX_QUEUED; one more drops the connection), states
    replace each other, and all that waits goes in one write once it drains."""
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        sink.writable.clear()
        for n in range(MAX_QUEUED):
            box.push_error({"type": "pong", "id": n})
            box.push_state(_state(n))
            await asyncio.sleep(0)
        assert not sink.writes and len(box.errors) == MAX_QUEUED
        sink.writable.set()
        while not sink.writes:
            await asyncio.sleep(0)
        assert len(sink.writes) == 1 and len(sink.writes[0]) == MAX_QUEUED + 1
        assert sink.writes[0][-1] == f'{{"type":"state","version":{MAX_QUEUED - 1}}}'
        sink.writable.clear()
        for n in range(MAX_QUEUED + 1):
            box.push_error({"type": "pong", "id": n})
        assert box.overflowed  # the receive loop sees it and pump drops the connection
        sink.writable.set()
        await sender  # nothing more is written
        assert len(sink.writes) == 1

    _run(body)


def test_a_failure_while_writing_ends_the_send_loop() -> None:
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        sink.fail = RuntimeError("a bug")
        box.push_state(_state(1))
        with pytest.raises(RuntimeError, match="a bug"):
            await sender

    _run(body)


def test_a_moved_table_sends_the_answers_then_the_final_message_and_closes() -> None:
    """``moved`` (a table another worker serves now): the answers waiting go first, the
    states after them are not sent, then the final message and the close (4307)."""
    async def body(box: Mailbox, sink: FakeSink, sender: asyncio.Task[None]) -> None:
        sink.writable.clear()  # all three wait in the mailbox
        box.push_error({"type": "ack", "id": 1})
        box.push_state(_state(2))
        box.push_final({"type": "moved", "url": None})
        sink.writable.set()
        await sender
        assert sink.writes == [['{"type":"ack","id":1}']]

    _run(body, sent=['{"type": "moved", "url": null}', f"close {MOVED}"])
