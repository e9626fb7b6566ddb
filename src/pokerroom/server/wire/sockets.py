"""The WebSocket side shared by table and tournament connections: sending a
connection's mailbox, and answering what the browser sends (validated against the
socket's :class:`~pokerroom.server.wire.protocol.ClientMessages`; a ping gets a pong, bad
input and refused actions an error, never a crash).

Bounds (issue #10, "Bounded queues"):

- sending: a connection's :class:`Mailbox` holds the latest state (one; a newer one
  replaces it), or for a delta connection (:data:`DELTAS`) at most
  :data:`MAX_PENDING` (16) deltas (past that, the oldest go and the whole scene is
  sent next), and at most :data:`MAX_QUEUED` (64) answers (errors and pongs) not
  yet sent, besides the one message being sent.  A client that leaves more unread
  (it floods and never reads) is dropped instead of the server holding more for it.
- receiving: a connection may send :data:`RATE_BURST` (200) frames at once and
  :data:`RATE_PER_SECOND` (50) a second after that, or it is dropped
  (``too_many_messages``), counted both as the room reads them and as they arrive
  (:class:`ArrivalRate`: a busy room reads slower than a flooder sends); frames are
  read and answered one at a time, each before the next is read, so a client that
  floods waits on itself (the ASGI server holds what one read of the socket brought,
  then TCP pushes back).  A frame is text of at most
  :data:`~pokerroom.server.wire.protocol.MAX_FRAME_BYTES` (16 KiB) holding JSON nested at
  most :data:`~pokerroom.server.wire.protocol.MAX_DEPTH` deep; a binary, longer or
  deeper frame gets a ``bad_message`` error and the connection carries on, up to
  :data:`MAX_MALFORMED` (64) malformed frames in a row: one more drops it, however
  fast it reads (no client of ours sends one).
- dropping: the server reads no more from the connection, sends a last error
  (``too_much_unread`` or ``too_many_malformed``, saying why) if the client takes
  it within :data:`DROP_TIMEOUT`, and ends the connection without a closing
  handshake.  (After a close frame uvicorn goes on reading and parsing whatever the
  client still sends, up to its 10-second close timeout: a flooding client would
  have the event loop to itself.  Ending without one makes it stop reading at
  once; the browser sees code 1006), and the TCP connection is cut at once (a
  graceful close would wait for a write buffer the client never drains).
- a token longer than :data:`~pokerroom.server.wire.protocol.MAX_KEY_LENGTH` is unknown
  (``bad_token``; the connection watches).

Credentials: a seat's or a player's token travels in the WebSocket's subprotocol
header, never in its address (addresses end up in access logs, proxies and browser
history): the client offers ``["pokerroom", "pokerroom.token.<token>"]`` (see
:func:`token_subprotocols`) and the server answers with ``pokerroom``.  A ``?token=``
in the address authorises nothing: the connection gets a ``token_in_url`` error and
watches.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

import orjson
from fastapi import WebSocket

from pokerroom.errors import Reason
from pokerroom.server.wire.answers import answer
from pokerroom.server.wire.messages import error, moved
from pokerroom.server.wire.protocol import MAX_KEY_LENGTH, ClientMessages
from pokerroom.server.wire.reasons import WireReason

M = TypeVar("M")
T = TypeVar("T")
K = TypeVar("K")

MAX_QUEUED = 64
"""The most answers (errors, pongs) a connection may leave unsent; one more drops it."""
MAX_PENDING = 16
"""The most deltas a delta connection may leave unsent; past it the oldest are dropped
and the connection gets the whole state next (its version no longer fits the delta)."""
MAX_MALFORMED = 64
"""The most malformed frames in a row a connection may send; one more drops it."""
DROP_TIMEOUT = 2.0
"""Seconds to try sending the last error to a client being dropped."""
UNREAD = error(WireReason.TOO_MUCH_UNREAD,
               f"more than {MAX_QUEUED} messages left unread: the connection is closed")
"""The last message to a client dropped for not reading."""
MALFORMED = error(WireReason.TOO_MANY_MALFORMED, f"more than {MAX_MALFORMED} malformed "
                  "messages in a row: the connection is closed")
"""The last message to a client dropped for sending only malformed frames."""
RATE_PER_SECOND = 50
RATE_BURST = 200
"""A connection may send :data:`RATE_BURST` frames at once and :data:`RATE_PER_SECOND`
a second after that (a person's page sends a few); past it the connection is dropped."""
FLOODED = error(WireReason.TOO_MANY_MESSAGES,
                f"more than {RATE_PER_SECOND} messages a second: the connection is closed")
"""The last message to a client dropped for flooding."""


class ArrivalRate:
    """A connection's frames against the rate: :data:`RATE_BURST` at once, then
    :data:`RATE_PER_SECOND`.  Kept twice: as the room reads them (:func:`receive_loop`)
    and as they ARRIVE (by uvicorn's protocol,
    :class:`~pokerroom.server.connections.GuardedWebSocketProtocol`): a busy room reads
    fewer than :data:`RATE_PER_SECOND` a second, so counting reads alone never catches
    a flooder on a loaded machine (the hostile flood test failed so)."""

    __slots__ = ("allowance", "exceeded", "last")

    def __init__(self, now: float) -> None:
        self.allowance, self.last = float(RATE_BURST), now
        self.exceeded = False

    def arrived(self, now: float) -> None:
        self.allowance = min(float(RATE_BURST),
                             self.allowance + (now - self.last) * RATE_PER_SECOND) - 1
        self.last = now
        if self.allowance < 0:
            self.exceeded = True


def encode_bytes(message: Any) -> bytes:
    """``message`` as compact JSON in UTF-8 (orjson: about ten times as fast as
    :mod:`json`; a value orjson refuses, such as an integer past 64 bits, is left to
    :mod:`json`; an ``orjson.Fragment`` is already encoded JSON, spliced in as it is)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False,
                          default=_fragment).encode()


def _fragment(value: Any) -> Any:
    if isinstance(value, orjson.Fragment):
        return json.loads(value.contents)
    raise TypeError(f"{type(value).__name__} is not JSON")


def encode(message: Any) -> str:
    """``message`` as JSON text, compact, as :meth:`WebSocket.send_json` writes it
    (:func:`encode_bytes`)."""
    return encode_bytes(message).decode()


class StateUpdate(Protocol):
    """One version of what a delta connection sees (a table's
    :class:`~pokerroom.server.tables.scene.SceneUpdate`): sent as a delta when the
    connection holds ``base``, else whole."""

    @property
    def version(self) -> int: ...

    @property
    def base(self) -> int | None: ...

    @property
    def own(self) -> Any:
        """The viewer's own part it carries: a delta leaves it out when the connection
        holds the same one."""

    def delta_text(self, *, own: bool) -> str: ...

    def full_text(self) -> str: ...


@dataclass(slots=True, eq=False)
class Outgoing:
    """A message to send and its JSON text, encoded once, when first sent, however
    many connections are given the same :class:`Outgoing` (every spectator of a table
    gets the same bytes)."""

    message: dict[str, Any]
    _text: str | None = None

    def text(self) -> str:
        """The message as JSON (:func:`encode`), encoded on the first call only."""
        if self._text is None:
            self._text = encode(self.message)
        return self._text


@dataclass(slots=True, eq=False, kw_only=True)
class Mailbox:
    """A connection's pending messages: errors (and pongs) in order, at most
    :data:`MAX_QUEUED`, and only the latest state, or a delta connection's updates
    (:meth:`push_update`, :meth:`take_updates`) (a cash table's
    :class:`~pokerroom.server.tables.actor.Subscriber`, a tournament's
    :class:`~pokerroom.server.tournaments.setup.Viewer`).

    One error more than :data:`MAX_QUEUED` marks it ``overflowed``: it drops what it
    holds and keeps nothing more, and :func:`pump` drops the connection."""

    latest: dict[str, Any] | None = None
    outgoing: Outgoing | None = None  # ``latest`` with its text, shared by connections
    errors: deque[dict[str, Any]] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    overflowed: bool = False
    final: dict[str, Any] | None = None  # sent last, then the socket is closed (MOVED)
    # Delta connections (:data:`DELTAS` offered; None until :func:`pump` knows): the
    # updates not yet sent, at most MAX_PENDING, and the version the client holds.
    deltas: bool | None = None
    updates: deque[StateUpdate] = field(default_factory=deque)
    held: int | None = None
    held_own: Any = None  # the own part the client holds (sent with ``held``)
    # While :func:`send_loop` writes through a FrameSink: a change is written by a
    # callback of the event loop (:meth:`_flush`), scheduled where ``wake.set()`` would
    # have woken the send task, instead of waking that task once per connection; a
    # delta with nothing before it to send is written at once (:meth:`push_update`).
    sink: FrameSink | None = None
    loop: asyncio.AbstractEventLoop | None = None  # the send task's, while ``sink`` is set
    flush_due: bool = False
    failure: Exception | None = None  # raised by the send task (a bug: not swallowed)
    # A request of this connection is being carried out (:func:`answer`): its answer
    # goes out before the state showing its effect, so that state waits for the
    # callback instead of being written at once (:meth:`push_update`).
    answering: bool = False

    def push_state(self, message: dict[str, Any] | Outgoing) -> None:
        """Make ``message`` the state to send next, replacing one not sent yet (an
        :class:`Outgoing` given to many mailboxes is encoded once for all)."""
        if not self.overflowed:
            self.outgoing = message if isinstance(message, Outgoing) else Outgoing(message)
            self.latest = self.outgoing.message
        self._wake()

    def push_update(self, update: StateUpdate | None,
                    full: dict[str, Any] | Outgoing | None) -> None:
        """A new version: ``update`` for a delta connection, ``full`` (the whole state,
        :meth:`push_state`) for one that did not ask for deltas; while it is not known
        which this is, both are kept.  A delta connection keeps at most
        :data:`MAX_PENDING` updates: the oldest go, and the next one sent is whole.

        A delta that follows the version the connection holds, with nothing queued
        before it and no request of the connection being answered, is written at once
        when the transport takes it (:meth:`_write_now`), in the order the callback
        would have written it."""
        if self.overflowed:
            self._wake()
            return
        if (self.deltas is True and update is not None and self.sink is not None
                and not self.flush_due and not self.answering and not self.updates
                and not self.errors and self.outgoing is None and self.final is None
                and self.held is not None and update.base == self.held
                and self._write_now(update)):
            return
        if self.deltas is not True and full is not None:
            self.push_state(full)
        if self.deltas is not False and update is not None:
            self.updates.append(update)
            while len(self.updates) > MAX_PENDING:
                self.updates.popleft()
        self._wake()

    def take_updates(self, texts: list[str | bytes] | None = None) -> list[str | bytes]:
        """The texts to send for the pending updates, in order (appended to ``texts``
        when given): each a delta while it follows the version the client holds (its
        own part left out when the client holds the same), else the newest update whole
        (after a gap: none held yet, or deltas dropped); the client then holds the
        newest."""
        if texts is None:
            texts = []
        updates = self.updates
        while updates:
            update = updates.popleft()
            if self.held is not None and update.base == self.held:
                texts.append(self._hold_delta(update))
            else:
                while updates:
                    update = updates.popleft()
                texts.append(update.full_text())
                self.held, self.held_own = update.version, update.own
        return texts

    def _hold_delta(self, update: StateUpdate) -> str:
        """``update``'s delta for this connection, which holds its base (the own part
        left out when the connection holds the same); the connection then holds
        ``update``."""
        own, held_own = update.own, self.held_own
        text = update.delta_text(own=own is not held_own and own != held_own)
        self.held, self.held_own = update.version, own
        return text

    def _write_now(self, update: StateUpdate) -> bool:
        """Write ``update``'s delta straight to the sink, when nothing waits to go before
        it (no answer, no update queued) and the transport takes it now: what the
        callback (:meth:`_flush`) would write next, without waiting for it.  False
        when the transport does not take it now (the update is queued instead)."""
        sink = self.sink
        assert sink is not None
        if not sink.frames_writable():
            return False
        text = self._hold_delta(update)
        try:
            sink.write_text(text)
        except Exception as exc:  # the send task raises it, which ends the connection
            self.failure = exc
            self.wake.set()
        return True

    def push_error(self, message: dict[str, Any]) -> None:
        """Queue ``message`` to send after those before it; the one past
        :data:`MAX_QUEUED` overflows the mailbox instead."""
        if len(self.errors) >= MAX_QUEUED:
            self.overflowed = True
        if self.overflowed:
            self.errors.clear()
            self.updates.clear()
            self.latest = self.outgoing = None
        else:
            self.errors.append(message)
        self._wake()

    def _wake(self) -> None:
        """Have what changed sent: by the send task, or, while it writes through a
        :class:`FrameSink`, by :meth:`_flush` at the same place in the event loop's
        queue (so answers and states keep today's order, docs/protocol.md)."""
        if self.sink is None:
            self.wake.set()
        elif not self.flush_due:
            self.flush_due = True
            # The send task's loop, kept with the sink: asyncio.get_running_loop() makes
            # a system call (getpid) on Python 3.11, and this runs for every state sent.
            assert self.loop is not None
            self.loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Write what is pending straight to the sink when it takes it now; else (the
        transport's buffer is full, the socket closing, the mailbox overflowed or
        final) wake the send task, which waits for the transport or ends."""
        self.flush_due = False
        sink = self.sink
        if sink is None or self.overflowed or self.final is not None or not sink.frames_writable():
            self.wake.set()
            return
        try:
            if messages := self.take():
                sink.write_messages(messages)
        except Exception as exc:  # the send task raises it, which ends the connection
            self.failure = exc
            self.wake.set()

    def take(self) -> list[str | bytes]:
        """Take what is to be sent, in the order it goes out: the answers (encoded,
        ``bytes``), then (unless a final message waits) the state or the updates'
        texts (``str``, shared by many connections); nothing once the mailbox
        overflowed."""
        if self.overflowed:
            return []
        messages: list[str | bytes] = []
        errors = self.errors
        while errors:
            messages.append(encode_bytes(errors.popleft()))
        if self.final is not None:
            return messages
        if self.outgoing is not None:
            outgoing, self.latest, self.outgoing = self.outgoing, None, None
            # A delta connection's whole state kept before it was known to be one: its
            # updates say the same.
            if not (self.deltas and self.updates):
                messages.append(outgoing.text())
        if self.deltas and self.updates:
            self.take_updates(messages)
        return messages

    def push_final(self, message: dict[str, Any]) -> None:
        """Send ``message`` after what is queued, then close the connection with
        :data:`MOVED` (the table is served by another worker now)."""
        self.final = message
        self._wake()


MOVED = 4307
"""The close code of a socket whose table another worker serves: the last message,
``{"type": "moved", "url": ...}``, says where to connect (None: the generic address
again, in a moment)."""


def moved_message(url: str | None) -> dict[str, Any]:
    return moved(url)


class FrameSink(Protocol):
    """A connection's fast way out, past the ASGI layers (the room's uvicorn protocol,
    :class:`~pokerroom.server.connections.GuardedWebSocketProtocol`)."""

    def frames_writable(self) -> bool:
        """True when the transport takes more now and the socket is open for data
        frames."""

    async def frames_ready(self) -> bool:
        """Wait for the transport to take more (flow control); False when the socket
        is no longer open for data frames."""

    def write_messages(self, messages: list[str | bytes]) -> None:
        """Write these text messages in order (``str`` shared, ``bytes`` this
        connection's own), in one write."""

    def write_text(self, text: str) -> None:
        """Write one text message (shared by many connections: its frame is built once)."""


def frame_sink(websocket: WebSocket) -> FrameSink | None:
    """The connection's :class:`FrameSink`, or None (another ASGI server, the test
    client: messages then go through ``websocket.send``)."""
    protocol = _protocol(websocket)
    ready = getattr(protocol, "frames_ready", None)
    return cast(FrameSink, protocol) if callable(ready) else None


async def send_loop(websocket: WebSocket, box: Mailbox) -> None:
    """Send what ``box`` holds (:meth:`Mailbox.take`: errors first), until it
    overflows or is final.  Through the connection's :class:`FrameSink` when it has
    one, all that is pending in one write, once the transport takes more; else one
    ``websocket.send`` a message."""
    sink = frame_sink(websocket)
    box.sink, box.loop = sink, asyncio.get_running_loop()
    try:
        while not box.overflowed:
            await box.wake.wait()
            box.wake.clear()
            if box.failure is not None:
                raise box.failure
            if sink is not None and await sink.frames_ready():
                if messages := box.take():
                    sink.write_messages(messages)
            else:
                for message in box.take():
                    if box.overflowed:  # while the last one was sent: nothing more
                        break
                    await websocket.send_text(
                        message if isinstance(message, str) else message.decode())
            if box.final is not None:
                await websocket.send_json(box.final)
                await websocket.close(code=MOVED)
                return
    finally:
        box.sink = box.loop = None


SUBPROTOCOL = "pokerroom"
"""The subprotocol the room's sockets speak (JSON messages, protocol.py)."""
DELTAS = "pokerroom.delta"
"""Offered beside :data:`SUBPROTOCOL`, this subprotocol asks a table for deltas: per
version the changes since the version the client holds (docs/protocol.md, "Deltas")
instead of the whole state.  A client that does not offer it gets whole states."""
TOKEN_PREFIX = "pokerroom.token."
"""A subprotocol offered with this prefix carries the connection's token."""


def token_subprotocols(token: str | None) -> list[str]:
    """The subprotocols a client offers to connect with ``token`` (or as a spectator
    without one): ``new WebSocket(url, token_subprotocols(token))`` in a browser."""
    return [SUBPROTOCOL] + ([TOKEN_PREFIX + token] if token else [])


def offered_token(subprotocols: list[str]) -> str | None:
    """The token among the offered subprotocols, if any."""
    for offered in subprotocols:
        if offered.startswith(TOKEN_PREFIX):
            return offered[len(TOKEN_PREFIX):]
    return None


async def accept(websocket: WebSocket, find: Callable[[], T], reason: Reason | WireReason,
                 missing: str) -> T | None:
    """Accept the connection and ``find`` what it is for (a table, a tournament); when
    that raises KeyError, send the error ``reason`` (``missing`` its message), close
    and return None."""
    offered = websocket.scope.get("subprotocols") or []
    await websocket.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)
    try:
        return find()
    except KeyError:
        await websocket.send_json(error(reason, missing))
        await websocket.close()
        return None


async def identify(websocket: WebSocket, lookup: Callable[[str], Awaitable[K | None]],
                   unknown: str) -> K | None:
    """Who the token the connection offered belongs to (``lookup``; the token is in the
    subprotocol header, see the module's docstring); None without a token, and with an
    unknown one after a ``bad_token`` error (``unknown`` its message), or one in the
    address after a ``token_in_url`` error: the connection watches."""
    if "token" in websocket.query_params:
        await websocket.send_json(error(
            WireReason.TOKEN_IN_URL,
            "a token in the address authorises nothing (addresses are logged): offer it "
            "as the WebSocket subprotocol 'pokerroom.token.<token>' beside 'pokerroom'; "
            "watching instead"))
        return None
    token = offered_token(websocket.scope.get("subprotocols") or [])
    if not token:
        return None
    who = await lookup(token) if len(token) <= MAX_KEY_LENGTH else None
    if who is None:
        await websocket.send_json(error(Reason.BAD_TOKEN, unknown))
    return who


async def receive_loop(websocket: WebSocket, box: Mailbox, messages: ClientMessages[M],
                       apply: Callable[[M], Awaitable[None]]) -> dict[str, Any] | None:
    """:func:`answer` every frame received, one at a time, until the client goes (then
    None), ``box`` overflows, the client sends faster than the rate allows, or more
    than :data:`MAX_MALFORMED` frames in a row are
    malformed (then the last message to send before dropping the connection)."""
    malformed = 0
    clock = asyncio.get_running_loop().time
    reads = ArrivalRate(clock())  # as read here (any ASGI server)
    protocol = _protocol(websocket)
    arrivals = getattr(protocol, "arrivals", None)  # as they came (uvicorn)
    waiting = getattr(protocol, "frames_waiting", None)  # the room's uvicorn protocol
    while not box.overflowed:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return None
        reads.arrived(clock())
        if reads.exceeded or (isinstance(arrivals, ArrivalRate) and arrivals.exceeded):
            return FLOODED
        text, data = frame.get("text"), frame.get("bytes")
        bad = await answer(box, text if text is not None else data or b"", messages, apply)
        malformed = malformed + 1 if bad else 0
        if malformed > MAX_MALFORMED:
            return MALFORMED
        # Let the sender catch up before the next frame (reading a frame already
        # received does not yield): only a client that does not read falls behind.
        # With none received yet, reading the next one waits anyway.
        if waiting is None or waiting():
            await asyncio.sleep(0)
    return UNREAD


async def pump(
    websocket: WebSocket,
    box: Mailbox,
    messages: ClientMessages[M],
    apply: Callable[[M], Awaitable[None]],
    close: Callable[[], Awaitable[Any]],
) -> None:
    """Send ``box`` to the socket while :func:`answer` takes every received frame (one
    of ``messages``, handed to ``apply``); when the socket goes, or ``box`` overflows or
    the client sends too many malformed frames in a row (then the connection is dropped:
    see the module's docstring), stop both and ``close`` the subscription."""
    box.deltas = DELTAS in ((getattr(websocket, "scope", None) or {}).get("subprotocols") or ())
    sender = asyncio.create_task(send_loop(websocket, box))
    receiver = asyncio.create_task(receive_loop(websocket, box, messages, apply))
    try:
        await asyncio.wait((sender, receiver), return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (sender, receiver):
            task.cancel()
        for task in (sender, receiver):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        last = UNREAD if box.overflowed else _why_drop(receiver)
        if last is not None:
            # It may wait behind what the client has not read; no close frame after it
            # (returning without one, the ASGI server stops reading and drops the
            # connection at once).
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.send_json(last), DROP_TIMEOUT)
            # A graceful close waits for a write buffer the client never drains:
            # cut the connection.
            _abort_transport(websocket)
        with contextlib.suppress(Exception):
            await close()
    if receiver.done() and not receiver.cancelled() and receiver.exception() is not None:
        raise cast(BaseException, receiver.exception())  # a bug: not swallowed


def _protocol(websocket: WebSocket) -> Any:
    """uvicorn's protocol object of the connection (behind the ASGI ``send``/``receive``
    callables), or None (another ASGI server, or the test client)."""
    for channel in (getattr(websocket, "_send", None), getattr(websocket, "_receive", None)):
        protocol = getattr(channel, "__self__", None)
        if protocol is not None and hasattr(protocol, "transport"):
            return protocol
    return None


def _abort_transport(websocket: WebSocket) -> bool:
    """Cut a dropped client's TCP connection at once; False when the protocol cannot be
    found (another ASGI server: the connection then ends when the server gives up on
    it)."""
    abort = getattr(getattr(_protocol(websocket), "transport", None), "abort", None)
    if callable(abort):
        abort()
        return True
    return False


def _why_drop(receiver: asyncio.Task[dict[str, Any] | None]) -> dict[str, Any] | None:
    """The last message when :func:`receive_loop` stopped to drop the connection."""
    if not receiver.done() or receiver.cancelled() or receiver.exception() is not None:
        return None
    return receiver.result()
