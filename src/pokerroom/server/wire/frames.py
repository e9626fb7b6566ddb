"""WebSocket frames the server sends, built once per text (RFC 6455, section 5.2).

A frame from the server is never masked, so a text sent to many connections (a
table's delta, a spectator's state) is the same bytes on every one of them: the
:class:`FrameCache` builds each text's frame once, the first time it is sent, and
hands the same bytes to every connection after it.  A message a
permessage-deflate connection compresses is compressed by that connection's own
compressor (its context carries from one message to the next), then framed here with
RSV1 set (``compressed``, RFC 7692 section 6):
:class:`~pokerroom.server.connections.LargeMessageDeflate`.

>>> text_frame(b"hi")
b'\\x81\\x02hi'
>>> text_frame(b"x" * 200)[:4]
b'\\x81~\\x00\\xc8'
"""

from __future__ import annotations

import struct

__all__ = ["CACHED_TEXTS", "FrameCache", "text_frame"]

_FIN_TEXT = 0x81  # FIN set, RSV1-3 clear, opcode 1 (text)
_RSV1 = 0x40  # permessage-deflate: the message's payload is compressed
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")

CACHED_TEXTS = 512
"""The most texts whose frames a :class:`FrameCache` keeps (the newest): a few
versions of every table of a worker, each sent to several connections in a row."""


def text_frame(payload: bytes, *, compressed: bool = False) -> bytes:
    """One final, unmasked text frame carrying ``payload`` (UTF-8), as websockets
    serialises it on the server side; ``compressed``: ``payload`` is the message
    deflated by permessage-deflate (RSV1 set).

    >>> text_frame(b"\\xf2\\x00\\x00", compressed=True)
    b'\\xc1\\x03\\xf2\\x00\\x00'
    """
    first = _FIN_TEXT | _RSV1 if compressed else _FIN_TEXT
    length = len(payload)
    if length < 126:
        return _SHORT.pack(first, length) + payload
    if length < 65536:
        return _MEDIUM.pack(first, 126, length) + payload
    return _LONG.pack(first, 127, length) + payload


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
