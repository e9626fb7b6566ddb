"""What cash tables' and tournaments' hand downloads share: the viewer's seat token
from the ``Authorization`` header (never a URL's query, which logs and referrers
keep), the range of hand numbers, and the response."""

from __future__ import annotations

from fastapi import HTTPException
from fastapi.responses import PlainTextResponse

from pokerroom.server.wire.protocol import MAX_KEY_LENGTH

MAX_HAND_NUMBER = 2**31 - 1  # a hand number past it is no hand (404), never a 500


def bearer_token(authorization: str | None, *,
                 what: str = "seat token", source: str = "the join or registration"
                 ) -> str | None:
    """The token of ``Authorization: Bearer <token>``; None without the header; 401
    for any other form (the message names ``what`` is expected and where it comes
    from, ``source``)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_KEY_LENGTH:
        raise HTTPException(401, f"Authorization must be 'Bearer <{what}>' (the {what} "
                            f"{source} answered)")
    return token


def check_hand_number(number: int, what: str) -> None:
    if not 1 <= number <= MAX_HAND_NUMBER:
        raise HTTPException(404, f"no finished hand {number} {what}")


def attachment(text: str, filename: str) -> PlainTextResponse:
    """A download that no shared cache keeps (it may show the viewer's own cards)."""
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="{filename}"',
        "Cache-Control": "private, no-store"})
