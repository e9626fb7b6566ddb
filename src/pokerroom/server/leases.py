"""Leases and fencing: which worker process owns each table, tournament and live event.

A room on many processes (``pokerroom serve --worker NAME`` on one PostgreSQL
database) gives each resource to exactly one worker at a time.  The ``leases`` row
of a resource names its owner (a worker *instance*: its name and a random suffix, so
that a restarted worker is a new owner), an *epoch* raised at every change of owner,
and when the lease runs out, by the database's clock (no two machines' clocks are
compared).  The owner renews its leases every second or so; when one runs out any
worker may take it, raising the epoch, and restores the resource from the database
as a restart does.  With the default lease of 3 s a worker renews every half second
and a dead worker's resources are served again by others within about 4 s.

*Fencing*: every write of an owned resource runs :meth:`Fencing.check` in its own
transaction, which locks the lease row (``FOR SHARE``) and requires this owner, the
epoch it took and a lease not run out.  A worker that was paused, partitioned or slow
past its lease can therefore write nothing more: its transaction is refused by the
database and rolled back (:class:`LeaseLost`), and a takeover waits for a write in
flight to commit first.  Whatever it still holds in memory is given up.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from pokerroom.errors import PokerError

KINDS: dict[str, tuple[str, str]] = {
    # kind: (the table of its rows, which rows need an owner)
    "table": ("room_tables", "NOT r.closed"),
    "tournament": ("tournaments", "TRUE"),
    "live": ("live_events", "TRUE"),
}
"""What a worker may own: each kind's rows, and which of them are kept running."""

_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"


class LeaseLost(PokerError):
    """This worker no longer owns the resource: the write was refused, nothing of it
    landed, and the worker gives the resource up (another serves it now)."""

    def __init__(self, kind: str, resource: str) -> None:
        super().__init__(f"this {kind} is being served by another worker now; nothing was "
                         f"changed: try again in a moment")
        self.kind = kind
        self.resource = resource


@dataclass(slots=True)
class Fencing:
    """The epochs of the leases this worker holds, checked inside every write."""

    owner: str
    held: dict[tuple[str, str], int] = field(default_factory=dict)
    refused: int = 0  # writes refused: this worker had lost the lease

    def check(self, connection: Connection, kind: str, resource: str) -> None:
        """Refuse (raise :class:`LeaseLost`, so that the caller's transaction rolls
        back) unless this worker still holds ``resource``'s lease at the epoch it
        took; the row stays locked until the transaction ends."""
        epoch = self.held.get((kind, resource))
        if epoch is not None and connection.execute(text(
                "SELECT 1 FROM leases WHERE kind = :kind AND resource = :resource "
                f"AND owner = :owner AND epoch = :epoch AND expires_at > {_NOW} FOR SHARE"),
                {"kind": kind, "resource": resource, "owner": self.owner,
                 "epoch": epoch}).first() is not None:
            return
        self.held.pop((kind, resource), None)
        self.refused += 1
        raise LeaseLost(kind, resource)


@dataclass(frozen=True, slots=True)
class Owner:
    """Who serves a resource now: ``url`` is the prefix the front proxy routes to the
    worker (``/w/NAME``); None when no worker holds it (it is being taken over)."""

    instance: str | None
    url: str | None


class LeaseBook:
    """The SQL of the ``workers`` and ``leases`` tables (PostgreSQL)."""

    def __init__(self, engine: Engine, *, name: str, url: str, seconds: float) -> None:
        if not engine.dialect.name.startswith("postgresql"):
            raise ValueError(f"many workers share one PostgreSQL database; "
                             f"{engine.dialect.name} serves one process only (no --worker)")
        self.engine = engine
        self.name = name
        self.instance = f"{name}-{secrets.token_hex(4)}"
        self.url = url
        self.seconds = seconds
        # The worker renews (and says it is alive) every ``interval``; one not heard of
        # for three of them is taken for dead (it gets no share, nothing is sent to it).
        self.interval = seconds / 6
        self.alive_within = 3 * self.interval

    def register(self) -> None:
        now = time.time()
        with self.engine.begin() as c:
            c.execute(text("INSERT INTO workers (name, url, started_at, seen_at) "
                           "VALUES (:name, :url, :now, :now)"),
                      {"name": self.instance, "url": self.url, "now": now})

    def acquire(self, kind: str, resource: str) -> int | None:
        """Take ``resource`` if no one holds it (never held, run out, or given up):
        the new epoch, or None when another worker holds it."""
        with self.engine.begin() as c:
            row = c.execute(text(
                "INSERT INTO leases (kind, resource, owner, epoch, expires_at) "
                f"VALUES (:kind, :resource, :owner, 1, {_NOW} + :seconds) "
                "ON CONFLICT (kind, resource) DO UPDATE SET owner = EXCLUDED.owner, "
                "epoch = leases.epoch + 1, expires_at = EXCLUDED.expires_at "
                f"WHERE leases.expires_at <= {_NOW} RETURNING epoch"),
                {"kind": kind, "resource": resource, "owner": self.instance,
                 "seconds": self.seconds}).first()
        return None if row is None else int(row[0])

    def renew(self) -> dict[tuple[str, str], int]:
        """Extend every lease this worker still holds (and say it is alive): what it
        holds, with the epochs.  A lease that ran out is not renewed: it is lost."""
        with self.engine.begin() as c:
            c.execute(text(f"UPDATE workers SET seen_at = {_NOW} WHERE name = :name"),
                      {"name": self.instance})
            rows = c.execute(text(
                f"UPDATE leases SET expires_at = {_NOW} + :seconds "
                f"WHERE owner = :owner AND expires_at > {_NOW} "
                "RETURNING kind, resource, epoch"),
                {"owner": self.instance, "seconds": self.seconds}).all()
        return {(str(row[0]), str(row[1])): int(row[2]) for row in rows}

    def release(self, kind: str, resource: str, epoch: int) -> None:
        """Give one lease up at once (another worker may take it at its next look)."""
        with self.engine.begin() as c:
            c.execute(text("UPDATE leases SET expires_at = 0 WHERE kind = :kind AND "
                           "resource = :resource AND owner = :owner AND epoch = :epoch"),
                      {"kind": kind, "resource": resource, "owner": self.instance,
                       "epoch": epoch})

    def retire(self) -> None:
        """This worker stops: every lease it holds is given up, its row removed."""
        with self.engine.begin() as c:
            c.execute(text("UPDATE leases SET expires_at = 0 WHERE owner = :owner"),
                      {"owner": self.instance})
            c.execute(text("DELETE FROM workers WHERE name = :name"), {"name": self.instance})

    def unowned(self, kind: str) -> list[str]:
        """The resources of ``kind`` that need an owner and have none now."""
        rows_table, needed = KINDS[kind]
        with self.engine.connect() as c:
            rows = c.execute(text(
                f"SELECT r.id FROM {rows_table} r LEFT JOIN leases l "
                "ON l.kind = :kind AND l.resource = r.id "
                f"WHERE {needed} AND (l.owner IS NULL OR l.expires_at <= {_NOW}) "
                "ORDER BY r.created_at"), {"kind": kind}).all()
        return [str(r[0]) for r in rows]

    def workers_alive(self) -> int:
        """Workers heard of lately (this one among them)."""
        with self.engine.connect() as c:
            n: int = c.execute(text(f"SELECT count(*) FROM workers WHERE seen_at > {_NOW} - "
                               ":within"), {"within": self.alive_within}).scalar_one()
        return max(1, int(n))

    def owner(self, kind: str, resource: str) -> Owner | None:
        """Who serves ``resource`` now; None when there is no such resource.  A lease
        not run out yet whose worker has not been heard of lately (it died) has no
        owner: clients wait for the takeover instead of being sent to a dead worker."""
        rows_table, _ = KINDS[kind]
        with self.engine.connect() as c:
            row = c.execute(text(
                f"SELECT l.owner, w.url, l.expires_at > {_NOW} "
                f"AND w.seen_at > {_NOW} - :within FROM {rows_table} r "
                "LEFT JOIN leases l ON l.kind = :kind AND l.resource = r.id "
                "LEFT JOIN workers w ON w.name = l.owner WHERE r.id = :resource"),
                {"kind": kind, "resource": resource, "within": self.alive_within}).first()
        if row is None:
            return None
        instance, url, current = row
        if instance is None or not current or url is None:
            return Owner(None, None)
        return Owner(str(instance), str(url))
