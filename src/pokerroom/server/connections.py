"""Connections: how long a client may take, and how many connections it may hold (#22).

uvicorn closes a kept-alive connection that stays idle, but it waits forever for a
client that opens a connection and never finishes its request line and headers: a
thousand of them hold a thousand file descriptors, and past the process's limit every
new client is refused.  ``pokerroom serve`` runs uvicorn with the protocols of this
module instead of its own (:func:`serve`), enforcing the ``connections`` settings
(:class:`~pokerroom.server.settings.ConnectionLimits`):

- **header timeout**: from the moment a connection opens, and from the first byte of
  each later request on it, the client has ``header_seconds`` to complete the request
  line and headers; then it is answered ``408`` and closed;
- **idle timeout**: a kept-alive connection with no request in flight is closed after
  ``idle_seconds`` (uvicorn's keep-alive timer);
- **per-address cap**: a client address may hold ``per_address`` connections at once
  (HTTP and WebSockets alike); one more is answered ``429`` with ``Retry-After`` and
  closed.  The address is the TCP peer's: a trusted proxy (``proxy.trusted``) is not
  capped, since it carries many clients and limits them itself (nginx: ``limit_conn``);
- **total cap**: ``total`` connections at once in all; one more is answered ``503``
  with ``Retry-After`` and closed, before the process runs out of file descriptors,
  whose soft limit :func:`raise_file_limit` raises at start to fit ``total``.

A refused or timed-out connection is answered before anything of its request is read,
in the room's JSON error form (``reason`` ``too_many_connections``, ``room_full`` or
``request_timeout``).  A WebSocket keeps the connection's place until it closes: the
upgrade hands it from the HTTP protocol to the WebSocket protocol, and whichever
protocol sees the connection end gives the place back.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.base import Extension
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.typing import ExtensionParameter

from pokerroom.server.guard.clients import TrustedProxies
from pokerroom.server.operations.logs import LOG
from pokerroom.server.operations.metrics import UNCOUNTED, RoomMetrics, metrics_of
from pokerroom.server.settings import ConnectionLimits, Settings
from pokerroom.server.wire.frames import FrameCache, text_frame
from pokerroom.server.wire.reasons import WireReason
from pokerroom.server.wire.sockets import ArrivalRate

__all__ = [
    "COMPRESS_FROM",
    "FILE_HEADROOM",
    "ConnectionGuard",
    "GuardedConfig",
    "GuardedHttpProtocol",
    "GuardedWebSocketProtocol",
    "LargeMessageDeflate",
    "Refusal",
    "raise_file_limit",
    "serve",
]

FILE_HEADROOM = 256
"""File descriptors kept beside the connections: the database, logs, listening sockets."""

RETRY_AFTER = 5
"""Seconds a refused client is told to wait (``Retry-After``)."""

@dataclass(frozen=True, kw_only=True)
class Refusal:
    """A short answer written straight to a connection, which is then closed."""

    status: int
    reason: WireReason
    error: str
    limit: str | None = None
    retry_after: int | None = None

    def response(self) -> bytes:
        """The whole HTTP/1.1 response (``Connection: close``)."""
        body: dict[str, Any] = {"error": self.error, "reason": self.reason}
        if self.limit is not None:
            body["limit"] = self.limit
        data = json.dumps(body).encode()
        phrase = {408: "Request Timeout", 429: "Too Many Requests",
                  503: "Service Unavailable"}.get(self.status, "Error")
        head = [f"HTTP/1.1 {self.status} {phrase}", "content-type: application/json",
                f"content-length: {len(data)}", "connection: close"]
        if self.retry_after is not None:
            head.append(f"retry-after: {self.retry_after}")
        return ("\r\n".join(head) + "\r\n\r\n").encode() + data


class ConnectionGuard:
    """The open connections, per client address and in all: admits a new one or says
    why not (:class:`Refusal`).  A connection is known by any hashable key (its
    transport) from :meth:`admit` to :meth:`release`.

    >>> guard = ConnectionGuard(ConnectionLimits(per_address=1, total=2))
    >>> guard.admit("a", peer="10.0.0.1") is None
    True
    >>> guard.admit("b", peer="10.0.0.1").reason
    'too_many_connections'
    >>> guard.admit("c", peer="10.0.0.2") is None, guard.admit("d", peer="10.0.0.3").status
    (True, 503)
    >>> guard.release("a"); guard.admit("b", peer="10.0.0.1") is None
    True
    """

    def __init__(self, limits: ConnectionLimits, trusted: TrustedProxies | None = None, *,
                 total: int | None = None) -> None:
        self.limits = limits
        self.trusted = trusted or TrustedProxies()
        self.total = limits.total if total is None else total
        """The cap in all: ``connections.total``, or fewer when file descriptors are short."""
        self._peers: dict[object, str] = {}
        self.metrics: RoomMetrics = UNCOUNTED  # the app's (serve): counts the refusals
        self._per_peer: dict[str, int] = {}

    @property
    def open(self) -> int:
        """Connections admitted and not yet released."""
        return len(self._peers)

    def admit(self, key: object, *, peer: str) -> Refusal | None:
        """Count the connection ``key`` from ``peer`` (the TCP peer's address), or the
        :class:`Refusal` to answer it with (then it is not counted)."""
        if len(self._peers) >= self.total:
            return Refusal(status=503, reason=WireReason.ROOM_FULL, limit="connections.total",
                           retry_after=RETRY_AFTER,
                           error=f"the room has {self.total} connections open, the most it "
                                 "takes (connections.total): try again in a moment")
        held = self._per_peer.get(peer, 0)
        if held >= self.limits.per_address and peer not in self.trusted:
            return Refusal(status=429, reason=WireReason.TOO_MANY_CONNECTIONS,
                           limit="connections.per_address", retry_after=RETRY_AFTER,
                           error=f"this address has {held} connections open, the most one "
                                 "client address may hold (connections.per_address): close "
                                 "one first")
        self._peers[key] = peer
        self._per_peer[peer] = held + 1
        return None

    def release(self, key: object) -> None:
        """Give back the place of ``key`` (nothing when it was never admitted)."""
        peer = self._peers.pop(key, None)
        if peer is None:
            return
        left = self._per_peer[peer] - 1
        if left:
            self._per_peer[peer] = left
        else:
            del self._per_peer[peer]


class GuardedConfig(uvicorn.Config):
    """uvicorn's configuration with the room's :class:`ConnectionGuard`, which the
    protocols below read from it."""

    def __init__(self, app: Any, *, guard: ConnectionGuard, **options: Any) -> None:
        super().__init__(app, **options)
        self.guard = guard


def _guard(config: uvicorn.Config) -> ConnectionGuard:
    if not isinstance(config, GuardedConfig):
        raise TypeError("the room's protocols need a GuardedConfig (pokerroom.server."
                        "connections.serve builds it)")
    return config.guard


def _timed_out() -> Refusal:
    return Refusal(status=408, reason=WireReason.REQUEST_TIMEOUT,
                   limit="connections.header_seconds",
                   error="the request line and headers did not arrive in time "
                         "(connections.header_seconds)")


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools) with the header timeout and the caps."""

    def __init__(self, config: uvicorn.Config, server_state: ServerState,
                 app_state: dict[str, Any], _loop: asyncio.AbstractEventLoop | None = None,
                 ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard = _guard(config)
        self.header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        refusal = self.guard.admit(transport, peer=self.client[0] if self.client else "")
        if refusal is not None:
            self._refuse(refusal)
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guard.release(self.transport)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        # Bytes while no request is being answered start (the next) request's clock.
        if self.header_timer is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()
        super().data_received(data)

    def on_message_begin(self) -> None:
        if self.header_timer is None:
            self._arm()
        super().on_message_begin()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self.header_timer = self.loop.call_later(self.guard.limits.header_seconds,
                                                 self._header_timeout)

    def _disarm(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _header_timeout(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            self._refuse(_timed_out())

    def _refuse(self, refusal: Refusal) -> None:
        self.guard.metrics.refused(refusal.reason)
        # A few hundred bytes: the kernel takes them at once, so the close is not held
        # up by a client that does not read.
        self.transport.write(refusal.response())
        self.transport.close()


COMPRESS_FROM = 1024
"""The smallest message (bytes) sent compressed on a connection that negotiated
permessage-deflate: whole states (about 3 KB, to a few bytes), not deltas (a few
hundred bytes, where deflating costs 12-25 us of CPU per message to save bytes that
hardly matter).  RFC 7692 lets a message go uncompressed (RSV1 clear); the client's
inflater is not involved and the compressor's context is kept for the next."""


class LargeMessageDeflate(PerMessageDeflate):
    """permessage-deflate that compresses only messages of at least
    :data:`COMPRESS_FROM` bytes (a single frame: uvicorn sends each message whole)."""

    def encode(self, frame: Frame) -> Frame:
        if frame.fin and frame.opcode is not Opcode.CONT and len(frame.data) < COMPRESS_FROM:
            return frame
        return super().encode(frame)

    def text_frame(self, payload: bytes) -> bytes | None:
        """The whole frame of the text message ``payload`` compressed, as
        :meth:`encode` and websockets' serialiser make it, without building their
        frame objects (1-2 us per action under ``bench_server.py``; zlib's own work,
        about 30 us a message there, is most of the cost): the same compressor, whose
        context carries on to the next message either way.
        None when the compressor starts afresh per message (the client asked for
        ``server_no_context_takeover``): websockets' own path does that."""
        if self.local_no_context_takeover:
            return None
        encoder = self.encoder
        data = encoder.compress(payload) + encoder.flush(zlib.Z_SYNC_FLUSH)
        # RFC 7692 7.2.1: the flush's last four bytes (00 00 ff ff) are left out.
        return text_frame(data[:-4], compressed=True)


class LargeMessageDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as websockets does and answers with
    :class:`LargeMessageDeflate`."""

    def process_request_params(self, params: Sequence[ExtensionParameter],
                               accepted_extensions: Sequence[Extension],
                               ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        answer, made = super().process_request_params(params, accepted_extensions)
        return answer, LargeMessageDeflate(
            made.remote_no_context_takeover, made.local_no_context_takeover,
            made.remote_max_window_bits, made.local_max_window_bits, made.compress_settings)


class GuardedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans-I/O) giving back the connection's
    place in the :class:`ConnectionGuard` when the socket ends, and compressing only
    large messages (:class:`LargeMessageDeflate`) when the client asks for
    permessage-deflate (with uvicorn's settings: 12-bit windows, memLevel 5).

    It is also the room's fast way out (a
    :class:`~pokerroom.server.wire.sockets.FrameSink`): once the socket is open,
    :meth:`write_messages` writes a connection's pending messages straight to the
    transport in one write, each text's frame built once for every connection
    (:class:`~pokerroom.server.wire.frames.FrameCache`), instead of one ASGI
    ``websocket.send`` per message through Starlette, the middleware and websockets.
    uvicorn's state stays right: nothing is written once a close frame went out or the
    connection is closing (:meth:`frames_open`), flow control is uvicorn's
    (:meth:`frames_ready` waits while the transport's buffer is above its high-water
    mark, as ``websocket.send`` does), and a message a permessage-deflate connection
    compresses (:data:`COMPRESS_FROM` bytes or more) goes through websockets'
    compressor, whose context it keeps."""

    frame_cache = FrameCache()
    """The frames of the texts recently sent, shared by every connection of the process."""

    def __init__(self, config: uvicorn.Config, server_state: ServerState,
                 app_state: dict[str, Any], _loop: asyncio.AbstractEventLoop | None = None,
                 ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn.available_extensions = [LargeMessageDeflateFactory(
                server_max_window_bits=12, client_max_window_bits=12,
                compress_settings={"memLevel": 5})]

        self.arrivals = ArrivalRate(self.loop.time())
        # Messages shorter than this go as plain frames (write_messages): all without
        # an extension, those under COMPRESS_FROM with LargeMessageDeflate.
        self.raw_below: int | None = None
        self.deflate: LargeMessageDeflate | None = None  # known with raw_below

    def send_receive_event_to_app(self) -> None:
        """Each message counted as it arrives (:class:`ArrivalRate`); past the rate the
        room drops the connection when it reads the next one, and nothing more is
        queued for it meanwhile."""
        self.arrivals.arrived(self.loop.time())
        if self.arrivals.exceeded and not self.queue.empty():
            self.frames = []
            if not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()
            return
        super().send_receive_event_to_app()

    def frames_waiting(self) -> bool:
        """True when a message received is queued for the room to read (reading it
        then does not wait)."""
        return not self.queue.empty()

    def connection_lost(self, exc: Exception | None) -> None:
        _guard(self.config).release(self.transport)
        super().connection_lost(exc)

    def frames_open(self) -> bool:
        """True while a data frame may be written straight to the transport: the
        handshake accepted, no close frame sent or received, the connection not
        closing."""
        return (self.handshake_complete and not self.close_sent and not self.disconnected
                and self.initial_response is None and self.conn.state is State.OPEN
                and not self.transport.is_closing())

    def frames_writable(self) -> bool:
        """True when the transport's buffer is below its high-water mark (uvicorn's
        flow control) and :meth:`frames_open`."""
        return self.writable.is_set() and self.frames_open()

    async def frames_ready(self) -> bool:
        """Wait while the transport's buffer is above its high-water mark (uvicorn's
        flow control, as ``websocket.send`` waits); then :meth:`frames_open`."""
        if not self.writable.is_set():
            await self.writable.wait()
        return self.frames_open()

    def write_messages(self, messages: list[str | bytes]) -> None:
        """Write ``messages`` in order as text frames, in one write: a ``str`` is a text
        that may go to many connections (its frame is cached), ``bytes`` a payload
        (UTF-8 JSON) for this connection only.  Only while :meth:`frames_open`."""
        chunks: list[bytes] = []
        for message in messages:
            frame = self._plain_frame(message)
            if frame is not None:
                chunks.append(frame)
            else:  # compressed: the deflate context carries on from this message
                payload = message.encode() if isinstance(message, str) else message
                deflate = self.deflate
                frame = None if deflate is None else deflate.text_frame(payload)
                if frame is not None:
                    chunks.append(frame)
                else:
                    self.conn.send_text(payload)
                    chunks.extend(self.conn.data_to_send())
        if len(chunks) == 1:
            self.transport.write(chunks[0])
        elif chunks:
            self.transport.writelines(chunks)

    def write_text(self, text: str) -> None:
        """Write one text (shared by many connections) as :meth:`write_messages` would."""
        frame = self._plain_frame(text)
        if frame is None:
            self.write_messages([text])
        else:
            self.transport.write(frame)

    def _plain_frame(self, message: str | bytes) -> bytes | None:
        """``message``'s frame when it goes uncompressed (a text's from the shared
        cache), None when it is to be compressed."""
        raw_below = self.raw_below
        if raw_below is None:
            raw_below = self._raw_below()
        if isinstance(message, str):
            if len(message) >= raw_below:  # its UTF-8 is at least as long
                return None
            payload, frame = self.frame_cache.frame(message)
        else:
            payload, frame = message, b""
        if len(payload) >= raw_below:
            return None
        return frame or text_frame(payload)

    def _raw_below(self) -> int:
        """The size from which a message is compressed (known once the handshake is
        done): never without an extension, :data:`COMPRESS_FROM` with
        :class:`LargeMessageDeflate`, always with another."""
        extensions = self.conn.extensions
        if not extensions:
            raw_below = sys.maxsize
        elif all(isinstance(e, LargeMessageDeflate) for e in extensions):
            raw_below = COMPRESS_FROM
        else:
            raw_below = 0
        self.raw_below = raw_below
        # The only extension: its frames are made here (LargeMessageDeflate.text_frame).
        only = extensions[0] if len(extensions) == 1 else None
        self.deflate = only if isinstance(only, LargeMessageDeflate) else None
        return raw_below


def raise_file_limit(wanted: int) -> tuple[int, str | None]:
    """Raise the soft limit on open files to ``wanted`` (up to the hard limit): the
    soft limit now, and a sentence for the log when it stays below ``wanted``."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if target > soft:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
            except (ValueError, OSError) as exc:
                return soft, (f"could not raise the open-file limit from {soft} to "
                              f"{target}: {exc}")
    if soft != resource.RLIM_INFINITY and soft < wanted:
        return soft, (f"the open-file limit is {soft} (hard limit {hard}), fewer than the "
                      f"{wanted} that connections.total needs; raise it (ulimit -n)")
    return soft, None


def serve(app: Any, *, host: str, port: int, settings: Settings,
          log_level: str = "warning") -> None:
    """Run ``app`` under uvicorn on ``host:port`` with the ``connections`` limits of
    ``settings`` (module doc); returns when the server stops."""
    limits = settings.connections
    files, note = raise_file_limit(limits.total + FILE_HEADROOM)
    total = limits.total
    if note is not None:
        total = max(1, min(total, files - FILE_HEADROOM))
        LOG.warning("%s; at most %d connections are taken at once", note, total)
    guard = ConnectionGuard(limits, TrustedProxies(settings.proxy.trusted), total=total)
    guard.metrics = metrics_of(app)
    guard.metrics.gauge("pokerroom_connections_open", "Connections open (HTTP and sockets).",
                        lambda: guard.open)
    config = GuardedConfig(
        app, guard=guard, host=host, port=port, log_level=log_level,
        http=GuardedHttpProtocol, ws=GuardedWebSocketProtocol,
        ws_max_size=limits.body_bytes, timeout_keep_alive=limits.idle_seconds,
        # uvicorn would take X-Forwarded-For from any loopback peer as the client's
        # address; the room reads it only from proxy.trusted (clients.py).
        proxy_headers=False,
        # JSON logs: uvicorn's own lines go through the room's handler (operations.logs).
        **({"log_config": None} if settings.logs.format == "json" else {}))
    uvicorn.Server(config).run()
