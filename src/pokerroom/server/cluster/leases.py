"""Leases and fencing: which worker process owns each table, tournament and live event.

A room on many processes (``pokerroom serve --worker NAME`` on one PostgreSQL
database) gives each resource to exactly one worker at a time.  The ``leases`` row
of a resource names its owner (a worker *instance*: its name and a random suffix, so
that a restarted worker is a new owner) and an *epoch* raised at every change of
owner.  A lease lasts as long as its owner's ``workers`` row does: the worker renews
that one row every sixth of the lease time (half a second by default) and it runs
out ``--lease-seconds`` (3) after the last renewal, by the database's clock (no two
machines' clocks are compared).  So renewing costs one row a worker, however many
tables it serves, and a worker that misses its renewals loses all its leases at once:
it must not renew a row that ran out, and comes back as a new instance holding
nothing.  Any worker may then take a lease whose owner ran out (or that was given
up), raising the epoch, and restore the resource from the database as a restart
does: a dead worker's resources are served again within about 4 s.

*Fencing*: every write of an owned resource runs :meth:`Fencing.check` in its own
transaction, which locks the lease row (``FOR SHARE``) and requires this owner, the
epoch it took, the lease not given up and its owner not run out.  A worker that was
paused, partitioned or slow past its lease can therefore write nothing more: its
transaction is refused by the database and rolled back (:class:`LeaseLost`), and a
takeover (which updates the lease row) waits for a write in flight to commit first.
A worker stopped inside a transaction is cut off by the database after the lease
time (``idle_in_transaction_session_timeout`` between statements, ``statement_timeout``
within one), so it cannot hold a takeover up.

Those timeouts are not enough alone: once, a stopped worker's session stayed "idle in
transaction" for 13 s under a 3 s timeout, its lock on a lease row holding the takeover
up; and the taker, waiting on that lock inside its own lease tick, renewed too late and
lost everything it served.  So a takeover waits on a lease row's lock for a fraction of
a tick only (``lock_timeout``); when it cannot get it, and the row's owner has run out,
the taker ends the session that holds the lock (``pg_terminate_backend``: the row's
locker is found by its transaction id), and takes the lease at its next look.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

from pokerroom.errors import PokerError
from pokerroom.server.wire.reasons import WireReason

KINDS: dict[str, tuple[str, str]] = {
    # kind: (the table of its rows, which rows need an owner)
    "table": ("room_tables", "NOT r.closed"),
    "tournament": ("tournaments", "TRUE"),
    "live": ("live_events", "TRUE"),
    "dealer": ("dealer_games", "NOT r.closed"),
}
"""What a worker may own: each kind's rows, and which of them are kept running."""

_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"
_LOCK_NOT_AVAILABLE = "55P03"  # SQLSTATE of a lock not granted within lock_timeout


class LeaseLost(PokerError):
    """This worker no longer owns the resource: the write was refused, nothing of it
    landed, and the worker gives the resource up (another serves it now)."""

    reason = WireReason.TABLE_MOVING

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
                "SELECT 1 FROM leases l JOIN workers w ON w.name = l.owner "
                "WHERE l.kind = :kind AND l.resource = :resource AND l.owner = :owner "
                f"AND l.epoch = :epoch AND NOT l.released AND w.expires_at > {_NOW} "
                "FOR SHARE OF l"),
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
        # How long a takeover waits on a lease row's lock (ms): a fraction of a tick,
        # so that a row held by a stopped worker never delays this worker's renewal.
        self.lock_wait_ms = max(1, int(self.interval * 1000 / 4))
        self.ended = 0  # sessions of run-out owners ended because they held a lease row

    def register(self) -> None:
        """Say this worker is here: its row, alive for one lease time."""
        with self.engine.begin() as c:
            c.execute(text("INSERT INTO workers (name, url, started_at, seen_at, expires_at) "
                           f"VALUES (:name, :url, {_NOW}, {_NOW}, {_NOW} + :seconds)"),
                      {"name": self.instance, "url": self.url, "seconds": self.seconds})

    def rejoin(self) -> None:
        """After this worker ran out (it lost every lease): come back as a new instance,
        holding nothing."""
        self.instance = f"{self.name}-{secrets.token_hex(4)}"
        self.register()

    def acquire(self, kind: str, resource: str) -> int | None:
        """Take ``resource`` if no one holds it (never held, given up, or its owner ran
        out): the new epoch, or None when a live worker holds it, or when the lease row
        is locked (a run-out owner's session stuck inside a transaction is ended then:
        the lease can be taken at the next look)."""
        try:
            with self.engine.begin() as c:
                c.execute(text(f"SET LOCAL lock_timeout = {self.lock_wait_ms}"))
                row = c.execute(text(
                    "INSERT INTO leases (kind, resource, owner, epoch, released) "
                    "VALUES (:kind, :resource, :owner, 1, FALSE) "
                    "ON CONFLICT (kind, resource) DO UPDATE SET owner = EXCLUDED.owner, "
                    "epoch = leases.epoch + 1, released = FALSE "
                    "WHERE leases.released OR NOT EXISTS (SELECT 1 FROM workers w "
                    f"WHERE w.name = leases.owner AND w.expires_at > {_NOW}) RETURNING epoch"),
                    {"kind": kind, "resource": resource, "owner": self.instance}).first()
        except OperationalError as error:
            if getattr(error.orig, "sqlstate", None) != _LOCK_NOT_AVAILABLE:
                raise
            self.ended += self.end_stuck(kind, resource)
            return None
        return None if row is None else int(row[0])

    def end_stuck(self, kind: str, resource: str) -> int:
        """End the sessions that hold ``resource``'s lease row locked when its owner has
        run out (a stopped worker's transaction the database did not end): how many.
        A live owner's sessions are never touched.  The locker is the session whose
        transaction id is the row's ``xmax`` (one transaction's lock, as a worker's
        write takes it; a lock shared by several is left to the database's timeouts)."""
        with self.engine.begin() as c:
            ended: int = c.execute(text(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(a.pid)) "
                "FROM leases l JOIN pg_stat_activity a ON a.backend_xid = l.xmax "
                "WHERE l.kind = :kind AND l.resource = :resource "
                "AND a.pid <> pg_backend_pid() AND a.datname = current_database() "
                "AND NOT l.released AND NOT EXISTS (SELECT 1 FROM workers w "
                f"WHERE w.name = l.owner AND w.expires_at > {_NOW})"),
                {"kind": kind, "resource": resource}).scalar_one()
        return int(ended)

    def renew(self) -> bool:
        """Extend this worker's life, and with it every lease it holds; False when it
        had run out already (every lease is lost: :meth:`rejoin`)."""
        with self.engine.begin() as c:
            done = c.execute(text(
                f"UPDATE workers SET seen_at = {_NOW}, expires_at = {_NOW} + :seconds "
                f"WHERE name = :name AND expires_at > {_NOW}"),
                {"name": self.instance, "seconds": self.seconds})
            # Workers gone for a while (their leases are free either way).
            c.execute(text(f"DELETE FROM workers WHERE expires_at < {_NOW} - 600"))
        return done.rowcount == 1

    def release(self, kind: str, resource: str, epoch: int) -> None:
        """Give one lease up at once (another worker may take it at its next look)."""
        with self.engine.begin() as c:
            c.execute(text("UPDATE leases SET released = TRUE WHERE kind = :kind AND "
                           "resource = :resource AND owner = :owner AND epoch = :epoch"),
                      {"kind": kind, "resource": resource, "owner": self.instance,
                       "epoch": epoch})

    def retire(self) -> None:
        """This worker stops: every lease it holds is given up, its row removed."""
        with self.engine.begin() as c:
            c.execute(text("UPDATE leases SET released = TRUE WHERE owner = :owner"),
                      {"owner": self.instance})
            c.execute(text("DELETE FROM workers WHERE name = :name"), {"name": self.instance})

    def unowned(self, kind: str) -> list[str]:
        """The resources of ``kind`` that need an owner and have none now."""
        rows_table, needed = KINDS[kind]
        with self.engine.connect() as c:
            rows = c.execute(text(
                f"SELECT r.id FROM {rows_table} r LEFT JOIN leases l "
                "ON l.kind = :kind AND l.resource = r.id LEFT JOIN workers w "
                f"ON w.name = l.owner AND w.expires_at > {_NOW} "
                f"WHERE {needed} AND (l.owner IS NULL OR l.released OR w.name IS NULL) "
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
                f"SELECT l.owner, w.url, NOT l.released AND w.expires_at > {_NOW} "
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
