"""WebSocket frames the server sends, built once per text (RFC 6455, section 5.2).

A frame from the server is never masked, so a text sent to many connections (a
table's delta, a spectator's state) is the same bytes on every one of them: the
:class:`FrameCache` builds each text's frame once, the first time it is sent, and
hands the same bytes to every connection after it.  Only frames without an
extension's transformation are built here (RSV bits clear): a message a
permessage-deflate connection compresses goes through the connection's compressor
instead (:class:`~pokerroom.server.connections.GuardedWebSocketProtocol`).

>>> text_frame(b"hi")
b'\\x81\\x02hi'
>>> text_frame(b"x" * 200)[:4]
b'\\x81~\\x00\\xc8'
"""

from __future__ import annotations

import struct

__all__ = ["CACHED_TEXTS", "FrameCache", "text_frame"]

_FIN_TEXT = 0x81  # FIN set, RSV1-3 clear, opcode 1 (text)
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")

CACHED_TEXTS = 512
"""The most texts whose frames a :class:`FrameCache` keeps (the newest): a few
versions of every table of a worker, each sent to several connections in a row."""


def text_frame(payload: bytes) -> bytes:
    """One final, unmasked text frame carrying ``payload`` (UTF-8), as websockets
    serialises it on the server side without extensions."""
    length = len(payload)
    if length < 126:
        return _SHORT.pack(_FIN_TEXT, length) + payload
    if length < 65536:
        return _MEDIUM.pack(_FIN_TEXT, 126, length) + payload
    return _LONG.pack(_FIN_TEXT, 127, length) + payload


class FrameCache:
    """The payload (UTF-8) and frame of each text recently sent, built on first use.

    Texts are keys by value (a ``str`` keeps its hash, and the texts shared by many
    connections are the same object, compared by identity first); the oldest goes
    past :data:`CACHED_TEXTS`, so the cache stays bounded whatever is sent.

    >>> cache = FrameCache(limit=2)
    >>> cache.frame("a") is cache.frame("a"), cache.frame("b")[1]
    (True, b'\\x81\\x01b')
    >>> _ = cache.frame("c"); len(cache)
    2
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, *, limit: int = CACHED_TEXTS) -> None:
        self._entries: dict[str, tuple[bytes, bytes]] = {}
        self._limit = limit

    def __len__(self) -> int:
        return len(self._entries)

    def frame(self, text: str) -> tuple[bytes, bytes]:
        """``text``'s payload and its whole frame (:func:`text_frame`)."""
        entry = self._entries.get(text)
        if entry is None:
            payload = text.encode()
            entry = self._entries[text] = (payload, text_frame(payload))
            if len(self._entries) > self._limit:
                del self._entries[next(iter(self._entries))]
        return entry
