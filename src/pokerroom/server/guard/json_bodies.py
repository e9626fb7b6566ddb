"""Request bodies are JSON, and say so (issue #22).

Every route of the room that takes a body takes a JSON object.  :class:`JsonBodies`
refuses, before any route reads it, a body sent with any other ``Content-Type``
(``text/plain``, a form, none at all): ``415 Unsupported Media Type`` with
``{"error", "reason": "unsupported_media_type"}``, nothing read and nothing changed.
``application/json`` (any parameters, ``charset=utf-8`` say) and the ``+json`` types
(``application/merge-patch+json`` ...) are JSON.  A request without a body is the
routes' to answer.

Why it matters beyond tidiness: a page on another site may send a ``text/plain``
POST to the room without the browser asking first (a "simple" request), but never an
``application/json`` one; a route that read a ``text/plain`` body as JSON (the live
events' director actions did) took such requests.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

from pokerroom.errors import Reason

_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def is_json(content_type: str | None) -> bool:
    """Whether a ``Content-Type`` header names JSON.

    >>> is_json("application/json; charset=utf-8"), is_json("text/plain"), is_json(None)
    (True, False, False)
    """
    if content_type is None:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/")
                                           and media.endswith("+json"))


class JsonBodies:
    """ASGI middleware: a request whose body is not declared JSON is answered 415
    (see the module)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope["headers"]
                   if k.lower() in (b"content-type", b"content-length", b"transfer-encoding")}
        has_body = (b"transfer-encoding" in headers
                    or headers.get(b"content-length", b"0").strip() not in (b"0", b""))
        content_type = headers.get(b"content-type")
        declared = content_type.decode("latin-1") if content_type is not None else None
        if not has_body or is_json(declared):
            await self.app(scope, receive, send)
            return
        got = f"'{declared[:100]}'" if declared is not None else "none"
        body = json.dumps({
            "error": "the body must be a JSON object sent with 'Content-Type: "
                     f"application/json' (got {got})",
            "reason": Reason.UNSUPPORTED_MEDIA_TYPE.value}).encode()
        await send({"type": "http.response.start", "status": 415,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
