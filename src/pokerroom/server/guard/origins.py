"""Which web pages may talk to the room: the ``Origin`` check (issue #22, "Browsers").

A browser names the page that makes a request in its ``Origin`` header, and sends it
on every WebSocket upgrade and every cross-site POST.  Without a check, a page on any
other site could open the room's sockets in its visitors' browsers (watch, chat as a
spectator) and send it changes.  :class:`OriginCheck` refuses, before any route runs:

- a **WebSocket upgrade** (every socket: tables, tournaments, a moved table's) and
- a request with a **method that changes state** (anything but GET, HEAD, OPTIONS)

whose ``Origin`` is present and is neither the room's own nor one of
``browser.allowed_origins``: an upgrade gets ``403`` instead of ``101``, a request
``403`` with ``{"error": ..., "reason": "cross_origin"}``, and nothing changes.
A request without ``Origin`` (bots, scripts, the ``websockets`` library, curl) is
a program's, not a page's, and goes on as before.

The room's own origin is the scheme and ``Host`` the request came with: behind a
proxy, its ``X-Forwarded-Proto`` says the scheme when the proxy is one of
``proxy.trusted`` (the rendered nginx configuration forwards ``Host`` as the client
sent it).  Origins compare by scheme, host and port, the port left out when it is the
scheme's default (``https://room.example:443`` is ``https://room.example``).

>>> check = OriginCheck.rules(BrowserSettings(allowed_origins=("https://Cards.example:443",)))
>>> check.allowed({"type": "websocket", "scheme": "ws",
...                "headers": [(b"host", b"room.example:8000"),
...                            (b"origin", b"http://room.example:8000")]})
True
>>> check.allowed({"type": "websocket", "scheme": "ws",
...                "headers": [(b"host", b"room.example"), (b"origin", b"https://evil.example")]})
False
>>> check.allowed({"type": "websocket", "scheme": "ws",
...                "headers": [(b"host", b"room.example"), (b"origin", b"https://cards.example")]})
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pokerroom.server.guard.clients import TrustedProxies
from pokerroom.server.operations.metrics import refused
from pokerroom.server.wire.reasons import WireReason

if TYPE_CHECKING:  # the settings read this module: it needs no web stack to import
    from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["BrowserSettings", "OriginCheck", "normalized_origin"]

REASON = WireReason.CROSS_ORIGIN
"""The ``reason`` of a refused request or upgrade."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: a page on another site may send them (a link, an image)."""
_DEFAULT_PORTS = {"http": 80, "https": 443}
_SOCKET_SCHEMES = {"ws": "http", "wss": "https"}


@dataclass(frozen=True, kw_only=True)
class BrowserSettings:
    """What web pages may do with the room."""

    allowed_origins: tuple[str, ...] = ()
    """Origins besides the room's own (``https://cards.example``) whose pages may open its
    sockets and send it changes; a request from a page elsewhere is refused (403)."""

    def __post_init__(self) -> None:
        for origin in self.allowed_origins:
            normalized_origin(origin, strict=True)


def normalized_origin(text: str, *, strict: bool = False) -> str | None:
    """``scheme://host[:port]`` in lower case, the scheme's default port left out;
    None for text that is no http(s) origin (``null``, a path, a bad port), or with
    ``strict`` a ValueError saying what an origin looks like.

    >>> normalized_origin("HTTPS://Room.Example:443")
    'https://room.example'
    >>> normalized_origin("http://[::1]:8000")
    'http://[::1]:8000'
    >>> normalized_origin("null") is None
    True
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
        scheme, host = parts.scheme.lower(), parts.hostname
    except ValueError:
        scheme, host, port = "", None, None
    if (scheme not in _DEFAULT_PORTS or not host or parts.path not in ("", "/")
            or parts.query or parts.fragment or parts.username or parts.password):
        if strict:
            raise ValueError(f"browser.allowed_origins: {text!r} is not an origin: write "
                             "scheme://host or scheme://host:port, scheme http or https "
                             "(https://cards.example)")
        return None
    host = f"[{host}]" if ":" in host else host
    shown_port = "" if port is None or port == _DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


def _header(scope: Mapping[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


class OriginCheck:
    """ASGI middleware: refuse sockets and changes from other sites' pages (module doc)."""

    def __init__(self, app: ASGIApp, *, allowed: Iterable[str] = (),
                 trusted: TrustedProxies | None = None) -> None:
        self.app = app
        self.allowed_origins = frozenset(
            o for o in (normalized_origin(a, strict=True) for a in allowed) if o)
        self.trusted = trusted or TrustedProxies()

    @classmethod
    def rules(cls, settings: BrowserSettings, trusted: TrustedProxies | None = None
              ) -> OriginCheck:
        """The check alone, without an app behind it (what :meth:`allowed` answers)."""
        return cls(_nothing, allowed=settings.allowed_origins, trusted=trusted)

    def own_origin(self, scope: Mapping[str, Any]) -> str | None:
        """The room's origin as this request reached it (None without a ``Host``)."""
        host = _header(scope, b"host")
        if not host:
            return None
        scheme = str(scope.get("scheme", "http"))
        scheme = _SOCKET_SCHEMES.get(scheme, scheme)
        client = scope.get("client")
        if client and str(client[0]) in self.trusted:
            forwarded = _header(scope, b"x-forwarded-proto")
            if forwarded:
                scheme = forwarded.split(",")[0].strip().lower()
        return normalized_origin(f"{scheme}://{host}")

    def allowed(self, scope: Mapping[str, Any]) -> bool:
        """Whether a request with this ``scope`` may go on: no ``Origin``, or the room's
        own, or an allowed one."""
        origin = _header(scope, b"origin")
        if origin is None:
            return True
        normalized = normalized_origin(origin)
        return normalized is not None and (normalized in self.allowed_origins
                                           or normalized == self.own_origin(scope))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        checked = kind == "websocket" or (kind == "http" and scope["method"] not in SAFE_METHODS)
        if not checked or self.allowed(scope):
            await self.app(scope, receive, send)
            return
        refused(scope, REASON)
        if kind == "websocket":
            # Closed before it is accepted: the server answers the upgrade 403.  (Not
            # a denial response with a body: uvicorn's default socket implementation
            # then logs an error for every refusal, Kludex/uvicorn#3138; and a page
            # never sees a refused upgrade's body.)
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": REASON})
            return
        body = json.dumps({
            "error": f"a page at {_header(scope, b'origin')!r} may not send the room "
                     f"changes: only the room's own pages "
                     f"({self.own_origin(scope) or 'no Host header'}) and those of "
                     "browser.allowed_origins may", "reason": REASON}).encode()
        await send({"type": "http.response.start", "status": 403, "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


async def _nothing(scope: Scope, receive: Receive, send: Send) -> None:
    """No app: :meth:`OriginCheck.rules` only checks."""
