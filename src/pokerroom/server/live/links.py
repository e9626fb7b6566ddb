"""Short links to a live event's player pages (issue 25): ``/p/K7QP2MX4R9``, short
enough to type from a seat card, and any worker of the room sends it on to the
event's page, ``/live/{event}/p/{code}`` (the route is in
:mod:`pokerroom.server.live.routes`).

A player's code is 10 characters of Crockford's base 32 (digits and capitals without
I, L, O and U: 50 bits from the OS's CSPRNG), so a code is not guessed; typed in any
case, and with O for 0 or I and L for 1, it still reads.  The code is the player's
page token too.  Which event a code belongs to is kept in the database (migration
0011), written in the registration's own transaction.
"""

from __future__ import annotations

import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, which are read as 1, 1, 0 or not at all."""
CODE_LENGTH = 10
"""Characters of a code: 50 bits."""
_TYPED = str.maketrans("OIL", "011")


def new_code() -> str:
    """A fresh code from the OS's CSPRNG.

    >>> code = new_code()
    >>> len(code) == CODE_LENGTH and set(code) <= set(ALPHABET)
    True
    """
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def canonical(typed: str) -> str | None:
    """The code ``typed`` means (any case, O for 0, I or L for 1, dashes and spaces
    left out), or None when it cannot be one.

    >>> canonical("k7qp-2mx4-r9")
    'K7QP2MX4R9'
    >>> canonical("OIL0000000")
    '0110000000'
    >>> canonical("K7QP2MX4RU") is None  # U is not in the alphabet
    True
    >>> canonical("K7QP") is None
    True
    """
    code = typed.replace("-", "").replace(" ", "").upper().translate(_TYPED)
    if len(code) != CODE_LENGTH or not set(code) <= set(ALPHABET):
        return None
    return code


def is_code(token: str) -> bool:
    """Whether a player's page token is a code (older events' tokens are longer)."""
    return canonical(token) == token


def short_link(code: str) -> str:
    """The short path of a code."""
    return f"/p/{code}"
