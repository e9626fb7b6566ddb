"""A live event's seat cards: each player's table, seat and the link to their own page,
as text and as a QR code the player scans (issue 25).

The link is on the room's public address (``room.public_url``) when it has one, else
on the address the director's browser used.  A QR code takes a few milliseconds to
make, so the cards are made off the event loop and each code is kept (a link never
changes): printing the cards again costs nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pokerroom.server.live.links import is_code, short_link
from pokerroom.server.live.room import LiveRun

QR_KEPT = 4096
"""QR codes kept in memory (one per player link; a few kilobytes each)."""


@lru_cache(maxsize=QR_KEPT)
def qr_svg(url: str) -> str:
    """``url`` as a QR code, an inline SVG element sized by its container (error
    correction M: a card scanned across a table, a little creased, still reads).
    segno is imported here, at the first card: about 60 ms of every room's start
    otherwise, for a page few rooms print."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=1, border=4, omitsize=True))


def seat_cards(run: LiveRun, base: str) -> list[dict[str, Any]]:
    """The cards of everyone still in, in entry order: ``entry``, ``name``, ``table``
    and ``seat`` (None before the draw), ``link`` (the page's path), ``short`` (its
    short link, ``/p/{code}``, a 303 to the page) and ``url`` (the short link on
    ``base``, else the page's); read on the
    event loop, beside the reports that change the event (:func:`with_qr_codes` adds
    the codes, off it)."""
    event = run.event
    out = []
    for e in event.t.alive():
        table, seat = event.seat_of(e.number) if event.t.started else (None, None)
        token = run.token_of(e.number)
        link = f"/live/{run.id}/p/{token}"
        # The short link to type, for a code (an older event's token has none)
        short = short_link(token) if token and is_code(token) else None
        out.append({"entry": e.number, "name": e.label, "table": table, "seat": seat,
                    "link": link, "short": short, "url": base.rstrip("/") + (short or link)})
    return out


def with_qr_codes(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``cards`` each with ``qr``, the SVG of its ``url`` (run in a worker thread)."""
    return [{**card, "qr": qr_svg(card["url"])} for card in cards]
