"""The cash tables' lobby on a worker of a room on many processes.

Most tables run on other workers, so the lobby is read from the database: each table's
lobby row is stored beside its snapshot (at every hand's end and every change between
hands) with the time of that change by the database's clock.  A worker reads every
open table once, then at most once a second only the tables changed since its last
read (less a few seconds, for transactions that committed late), whoever asks: at
10,000 tables and 170 hands a second that is about a thousand rows a second instead
of ten thousand a request.

The answer (:class:`LobbyAnswer`) is made once per change for everyone who asks: with a
weak ETag, so that a browser polling an unchanged lobby is answered 304 with no body,
and gzipped for a client that accepts it (10,000 rows: about 2.5 MB as they are).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
import time
from typing import Any

from starlette.responses import Response

from pokerroom.server.tables.store import Store

GZIP_FROM = 500
"""Answers shorter than this many bytes go as they are: gzip's own header and trailer
would make them longer (an empty list is 2 bytes, 22 gzipped)."""
OVERLAP = 5.0
"""Seconds of changes read again each time: a change stamped before the last read but
committed after it is still seen (a write transaction lasts milliseconds)."""


def settled_life(row: dict[str, Any]) -> dict[str, Any]:
    """A stored lobby row with its ``life`` (tables/life.py) agreeing with its
    ``paused`` column: a pause (or resume) during a hand is stored at once, the row
    itself only when the hand ends.  A row stored before rows had a life is open, or
    paused, and says it has no bots."""
    life = row.get("life", "open")
    if life != "closed":
        life = "paused" if row.get("paused") else ("open" if life == "paused" else life)
    return {**row, "life": life, "bots": row.get("bots", 0)}


class LobbyAnswer:
    """A JSON answer of the lobby (its rows, or a page of them), made once: its bytes,
    its ETag and, the first time a client accepts it, the same bytes gzipped."""

    __slots__ = ("_gzipped", "etag", "plain")

    def __init__(self, value: list[dict[str, Any]] | dict[str, Any]) -> None:
        self.plain = json.dumps(value, separators=(",", ":")).encode()
        # Weak: the plain and the gzipped bytes are the same representation (RFC 9110).
        self.etag = f'W/"{hashlib.blake2b(self.plain, digest_size=12).hexdigest()}"'
        self._gzipped: bytes | None = None

    @property
    def gzipped(self) -> bytes:
        if self._gzipped is None:
            self._gzipped = gzip.compress(self.plain, compresslevel=6, mtime=0)
        return self._gzipped

    def response(self, headers: Any) -> Response:
        """The answer to a request with these ``headers``: 304 when its If-None-Match
        names this answer, else the rows (gzipped when Accept-Encoding allows and the
        answer is at least :data:`GZIP_FROM` bytes)."""
        common = {"etag": self.etag, "cache-control": "no-cache", "vary": "accept-encoding"}
        if _names(headers.get("if-none-match", ""), self.etag):
            return Response(status_code=304, headers=common)
        if len(self.plain) >= GZIP_FROM and accepts_gzip(headers.get("accept-encoding", "")):
            return Response(self.gzipped, media_type="application/json",
                            headers={**common, "content-encoding": "gzip"})
        return Response(self.plain, media_type="application/json", headers=common)


def _names(header: str, etag: str) -> bool:
    """Whether an If-None-Match header names the weak ``etag``: ``*``, or among its
    tags by a weak comparison (``"x"`` and ``W/"x"`` match)."""
    tags = [t.strip() for t in header.split(",")]
    return tags == ["*"] or etag in {t if t.startswith("W/") else f"W/{t}" for t in tags}


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header accepts gzip: named (or ``*``) without
    ``q=0``, and not refused by a ``gzip;q=0`` of its own."""
    weights: dict[str, float] = {}
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.strip()] = q
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


class StoredLobby:
    """Every open table's lobby row, as stored, kept up to date from the changes."""

    def __init__(self, store: Store, *, every: float = 1.0) -> None:
        self.store = store
        self.every = every
        self._rows: dict[str, tuple[float, dict[str, Any]]] = {}  # id -> (created, row)
        self._since: float | None = None  # the database's time of the last read
        self._read_at = float("-inf")  # this process's clock at the last read
        self._lock = threading.Lock()
        # Made once per change, for everyone who asks until the next one:
        self._sorted: list[dict[str, Any]] | None = None  # the rows, oldest table first
        self._answer: LobbyAnswer | None = None  # the same as JSON

    def rows(self) -> list[dict[str, Any]]:
        """The lobby, oldest table first (blocking: run it in a thread)."""
        with self._lock:
            return self._current()

    def answer(self) -> LobbyAnswer:
        """:meth:`rows` as the JSON answer (10,000 rows are about 2.5 MB)."""
        with self._lock:
            rows = self._current()
            if self._answer is None:
                self._answer = LobbyAnswer(rows)
            return self._answer

    def _current(self) -> list[dict[str, Any]]:
        if time.monotonic() - self._read_at >= self.every:
            self._refresh()
        if self._sorted is None:
            self._sorted = [row for _, row in sorted(self._rows.values(), key=lambda e: e[0])]
        return self._sorted

    def changed(self) -> None:
        """A table was made or changed here: the next look reads the changes."""
        self._read_at = float("-inf")

    def _refresh(self) -> None:
        since = None if self._since is None else self._since - OVERLAP
        now, entries = self.store.lobby_changes(since)
        for entry in entries:  # the overlap reads rows again: only a difference counts
            before = self._rows.get(entry.id)
            if entry.closed:
                self._rows.pop(entry.id, None)
            else:
                self._rows[entry.id] = (entry.created_at, settled_life(entry.row))
            if self._rows.get(entry.id) != before:
                self._sorted = self._answer = None
        self._since, self._read_at = now, time.monotonic()
