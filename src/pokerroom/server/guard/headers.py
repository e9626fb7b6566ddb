"""The headers every answer of the room carries for browsers (issue #22, "Browsers").

:class:`SecurityHeaders` adds them to every HTTP response (pages, the API, static
files, errors, a refused socket upgrade) that does not set its own:

- ``Content-Security-Policy`` (:data:`POLICY`): scripts only from the room's own files
  (no inline script, no ``eval``, no event-handler attributes, no ``javascript:``
  links); connections (``fetch``, WebSockets) and images only to the room itself;
  no plugins, no ``<base>``; forms post only to the room; and ``frame-ancestors
  'none'``: no other page may frame the room's (clickjacking).
  Styles: the room's style sheets, and ``style="..."`` attributes, which the table's
  felt needs (each seat, bet and the button is placed by a computed ``left``/``top``
  in the markup it builds).  A style attribute styles its own element only and runs
  nothing; ``<style>`` elements, which could restyle the whole page, are refused
  (``style-src-elem 'self'``; a browser without CSP 3 falls back to ``style-src``);
- ``X-Frame-Options: DENY``: the same for browsers without ``frame-ancestors``;
- ``X-Content-Type-Options: nosniff``: a download or an API answer is never run as a
  script or shown as a page;
- ``Referrer-Policy: no-referrer``: no address of the room reaches another site (a
  host's key travels in a link's fragment, which no browser sends, but nothing is
  lost by sending no referrer at all: the room reads none);
- ``Cross-Origin-Opener-Policy: same-origin``: a page on another site that opens the
  room in a window gets no handle on it;
- ``Cross-Origin-Resource-Policy: same-origin``: other sites cannot embed the room's
  answers (its scripts, its API's JSON) into their pages.

FastAPI's developer pages (``/docs``, ``/redoc``) load Swagger UI and ReDoc from
their CDN with an inline script: they get :data:`DEVELOPER_POLICY` instead, which
allows that and nothing else more (they show only the API's own description).
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["DEVELOPER_POLICY", "HEADERS", "POLICY", "SecurityHeaders"]

POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
"""The Content-Security-Policy of every answer but the developer pages' (module doc)."""

_CDN = "https://cdn.jsdelivr.net"
DEVELOPER_POLICY = "; ".join((
    "default-src 'self'",
    f"script-src 'self' 'unsafe-inline' {_CDN}",
    f"style-src 'self' 'unsafe-inline' {_CDN} https://fonts.googleapis.com",
    "font-src 'self' https://fonts.gstatic.com",
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
))
"""The policy of FastAPI's ``/docs`` and ``/redoc``: their CDN and inline script."""

HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""The headers besides the Content-Security-Policy (module doc)."""

_STARTS = ("http.response.start", "websocket.http.response.start")


class SecurityHeaders:
    """ASGI middleware: :data:`HEADERS` and a Content-Security-Policy on every
    response, each unless the response sets its own; ``developer_pages`` (paths) get
    :data:`DEVELOPER_POLICY`."""

    def __init__(self, app: ASGIApp, *, developer_pages: Iterable[str | None] = ()) -> None:
        self.app = app
        self.developer_pages = frozenset(p for p in developer_pages if p)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        policy = DEVELOPER_POLICY if scope["path"] in self.developer_pages else POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] in _STARTS:
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                for name, value in (("Content-Security-Policy", policy), *HEADERS.items()):
                    if name not in headers:
                        headers.append(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
