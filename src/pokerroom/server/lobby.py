"""The cash tables' lobby on a worker of a room on many processes.

Most tables run on other workers, so the lobby is read from the database: each table's
lobby row is stored beside its snapshot (at every hand's end and every change between
hands) with the time of that change by the database's clock.  A worker reads every
open table once, then at most once a second only the tables changed since its last
read (less a few seconds, for transactions that committed late), whoever asks: at
10,000 tables and 170 hands a second that is about a thousand rows a second instead
of ten thousand a request.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

from pokerroom.server.store import Store

OVERLAP = 5.0
"""Seconds of changes read again each time: a change stamped before the last read but
committed after it is still seen (a write transaction lasts milliseconds)."""


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
        self._body: bytes | None = None  # the same as JSON

    def rows(self) -> list[dict[str, Any]]:
        """The lobby, oldest table first (blocking: run it in a thread)."""
        with self._lock:
            return self._current()

    def body(self) -> bytes:
        """:meth:`rows` as the JSON answer (10,000 rows are about 2.5 MB)."""
        with self._lock:
            rows = self._current()
            if self._body is None:
                self._body = json.dumps(rows, separators=(",", ":")).encode()
            return self._body

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
                self._rows[entry.id] = (entry.created_at, entry.row)
            if self._rows.get(entry.id) != before:
                self._sorted = self._body = None
        self._since, self._read_at = now, time.monotonic()
