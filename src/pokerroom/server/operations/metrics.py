"""The room's metrics for Prometheus (issue 23, "Operations"), on a registry of the app's own.

Each app holds one :class:`RoomMetrics` (``app.state.metrics``); ``GET /metrics``
(:mod:`pokerroom.server.operations.routes`) renders it in Prometheus's text format
(or OpenMetrics, when the scraper asks for it).  What it counts, each from a
one-line hook where it happens:

- ``pokerroom_actions_total{kind, room}``: actions applied at tables, ``room``
  ``cash`` or ``tournament``; ``kind`` who took it: ``player``, ``bot``, ``timeout``,
  and for the room's stand-ins ``preaction``, ``away``, ``leaving``, ``showdown``
  (a cash table) or ``killed`` (a tournament's killed hand, P8);
- ``pokerroom_hands_total{game, room}``: hands finished, by game (the variant's key);
- ``pokerroom_connections_open``: connections open (HTTP and sockets, counted by
  ``pokerroom serve``'s connection guard; absent in-process), and
  ``pokerroom_sockets_open``: table and tournament sockets open;
- ``pokerroom_db_commit_seconds``: each database transaction that commits, from its
  begin to the return of its commit (every store: tables, tournaments, live events);
- ``pokerroom_event_loop_lag_seconds``: how late a timer wakes on the event loop
  (:meth:`RoomMetrics.watch_loop`, every ``metrics.lag_interval_seconds``), and its
  last value as a gauge;
- ``pokerroom_refusals_total{reason}``: requests and connections refused by the
  room's guards, by their wire ``reason`` (``quota_tables``, ``too_many_connections``,
  ``room_full``, ``request_timeout``, ``body_too_large``, ``cross_origin``, ...);
- ``pokerroom_refused_writes_total``, ``pokerroom_leases_lost_total``,
  ``pokerroom_takeovers_total``: a worker of many, its writes refused by fencing
  (``GET /api/worker``'s ``refused_writes``), leases lost and taken over.

Every label takes a bounded set of values (never a table id or an address), and the
hooks are a dictionary look-up and an add: a counter's child is kept per label
values.  Gauges of what is open are read when scraped, never kept up to date.

>>> metrics = RoomMetrics()
>>> metrics.acted("bot", room="cash"); metrics.refused("quota_tables")
>>> text = metrics.render()[0].decode()
>>> 'pokerroom_actions_total{kind="bot",room="cash"} 1.0' in text
True
>>> 'pokerroom_refusals_total{reason="quota_tables"} 1.0' in text
True
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

__all__ = ["UNCOUNTED", "MetricsSettings", "RoomMetrics", "metrics_of", "refused"]

# No ``*_created`` series (the time each count started): the process's start is
# enough, and they would double the lines of every scrape.
disable_created_metrics()  # type: ignore[no-untyped-call]

COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                  2.5, 5.0)
"""Seconds: a commit on SQLite takes about 0.3 ms, one on PostgreSQL about 1 ms."""
LAG_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds late: past 50 ms every player feels it."""

_BEGAN = "pokerroom_began"  # the key of a transaction's start in its connection's info


@dataclass(frozen=True, kw_only=True)
class MetricsSettings:
    """``GET /metrics``: the room's metrics for Prometheus."""

    enabled: bool = True
    """Serve ``GET /metrics`` (false: it answers 404)."""
    allow: tuple[str, ...] = ("127.0.0.1/32", "::1/128")
    """Client addresses or networks that may read ``/metrics`` (others: 403); the
    address is the client's, read through ``proxy.trusted``."""
    lag_interval_seconds: float = 0.5
    """How often the event loop's lag is measured (a timer of this length, and how
    late it wakes)."""

    def __post_init__(self) -> None:
        for network in self.allow:
            try:
                ipaddress.ip_network(network.strip(), strict=False)
            except ValueError:
                raise ValueError(f"metrics.allow: {network!r} is not an address or a "
                                 "network (write 10.0.0.5, 10.0.0.0/8 or ::1/128)") from None
        if not self.lag_interval_seconds > 0:
            raise ValueError("metrics.lag_interval_seconds must be more than 0, "
                             f"got {self.lag_interval_seconds!r}")

    def allows(self, address: str) -> bool:
        """Whether a client at ``address`` may read the metrics.

        >>> MetricsSettings().allows("127.0.0.1"), MetricsSettings().allows("127.0.0.2")
        (True, False)
        """
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in ipaddress.ip_network(n.strip(), strict=False) for n in self.allow)


class _Reading(Collector):
    """Gauges and counters read when scraped: functions of what is open now."""

    def __init__(self) -> None:
        self.gauges: dict[str, tuple[str, Callable[[], float]]] = {}
        self.counters: dict[str, tuple[str, Callable[[], float]]] = {}

    def collect(self) -> Iterable[Metric]:
        for name, (doc, read) in list(self.gauges.items()):
            yield GaugeMetricFamily(name, doc, value=read())
        for name, (doc, read) in list(self.counters.items()):
            yield CounterMetricFamily(name, doc, value=read())

    def describe(self) -> Iterable[Metric]:
        return ()  # what is read varies (a cluster, a connection guard): not described


class RoomMetrics:
    """The metrics of one room (module doc), on a registry of its own: apps made in one
    process (tests) never share a count."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.actions = Counter("pokerroom_actions", "Actions applied at tables, by who "
                               "took them (player, bot, timeout) and where (cash, "
                               "tournament).", ["kind", "room"], registry=self.registry)
        self.hands = Counter("pokerroom_hands", "Hands finished, by game and where.",
                             ["game", "room"], registry=self.registry)
        self.commits = Histogram("pokerroom_db_commit_seconds", "Database transactions "
                                 "that commit: seconds from begin to the commit's return.",
                                 buckets=COMMIT_BUCKETS, registry=self.registry)
        self.loop_lag = Histogram("pokerroom_event_loop_lag_seconds", "How late a timer "
                                  "wakes on the event loop, in seconds.",
                                  buckets=LAG_BUCKETS, registry=self.registry)
        self.last_lag = Gauge("pokerroom_event_loop_lag_last_seconds", "The event loop's "
                              "lag at its last measurement, in seconds.",
                              registry=self.registry)
        self.refusals = Counter("pokerroom_refusals", "Requests and connections refused "
                                "by the room's guards, by wire reason.", ["reason"],
                                registry=self.registry)
        self._reading = _Reading()
        self.registry.register(self._reading)
        self._acted: dict[tuple[str, str], Counter] = {}
        self._finished: dict[tuple[str, str], Counter] = {}

    # the hooks -----------------------------------------------------------------

    def acted(self, kind: str, *, room: str) -> None:
        """An action was applied (``kind``: ``player``, ``bot`` or ``timeout``)."""
        child = self._acted.get((kind, room))
        if child is None:
            child = self._acted[kind, room] = self.actions.labels(kind, room)
        child.inc()

    def hand_finished(self, game: str, *, room: str) -> None:
        """A hand of ``game`` (a variant's key) ended."""
        child = self._finished.get((game, room))
        if child is None:
            child = self._finished[game, room] = self.hands.labels(game, room)
        child.inc()

    def refused(self, reason: str) -> None:
        """A guard refused a request or a connection, with this wire ``reason``."""
        self.refusals.labels(reason).inc()

    # what is read when scraped -----------------------------------------------------

    def gauge(self, name: str, doc: str, read: Callable[[], float]) -> None:
        """Export ``read()`` as the gauge ``name`` at each scrape (replacing one of that
        name)."""
        self._reading.gauges[name] = (doc, read)

    def counter(self, name: str, doc: str, read: Callable[[], float]) -> None:
        """Export ``read()`` (a count that only grows) as the counter ``name``."""
        self._reading.counters[name] = (doc, read)

    def watch_cluster(self, cluster: Any) -> None:
        """A worker of many: its fencing refusals, leases lost and takeovers (what
        ``GET /api/worker`` shows), read when scraped."""
        self.counter("pokerroom_refused_writes", "Writes refused by fencing: this worker "
                     "had lost the resource's lease.", lambda: cluster.fencing.refused)
        self.counter("pokerroom_leases_lost", "Leases this worker found gone.",
                     lambda: cluster.lost)
        self.counter("pokerroom_takeovers", "Resources this worker took over.",
                     lambda: cluster.taken)

    def watch_commits(self, engine: Engine) -> None:
        """Time every transaction of ``engine`` that commits (:attr:`commits`): its
        begin is noted on the connection, and the dialect's commit is timed to its
        return (SQLAlchemy's ``commit`` event fires before the database commits)."""
        event.listen(engine, "begin", _note_begin)
        dialect = engine.dialect
        commit = dialect.do_commit
        observe = self.commits.observe

        def do_commit(dbapi_connection: Any) -> None:
            commit(dbapi_connection)
            began = dbapi_connection.info.pop(_BEGAN, None)
            if began is not None:
                observe(time.perf_counter() - began)

        dialect.do_commit = do_commit  # type: ignore[method-assign]

    async def watch_loop(self, interval: float) -> None:
        """Measure the event loop's lag every ``interval`` seconds until cancelled: a
        sleep of ``interval`` that wakes later than that waited on other work."""
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(interval)
            lag = max(0.0, loop.time() - start - interval)
            self.loop_lag.observe(lag)
            self.last_lag.set(lag)

    def render(self, accept: str | None = None) -> tuple[bytes, str]:
        """Every metric, and its media type: the format the ``Accept`` header asks
        for (OpenMetrics), else Prometheus's text format 0.0.4."""
        encode, media_type = choose_encoder(accept or "")
        return encode(self.registry), media_type

    def samples(self) -> Iterator[tuple[str, Mapping[str, str], float]]:
        """Every sample now: ``(name, labels, value)`` (for tests and the CLI)."""
        for metric in self.registry.collect():
            for sample in metric.samples:
                yield sample.name, sample.labels, sample.value


def _note_begin(connection: Connection) -> None:
    connection.info[_BEGAN] = time.perf_counter()


UNCOUNTED = RoomMetrics()
"""Counts that no one reads: the metrics of an app without its own (a bare ASGI app
in a test), so that a hook never has to ask whether there are metrics."""


def metrics_of(app: Any) -> RoomMetrics:
    """The metrics of ``app`` (a FastAPI app made by ``create_app``), or
    :data:`UNCOUNTED`."""
    state = getattr(app, "state", None)
    metrics = getattr(state, "metrics", None)
    return metrics if isinstance(metrics, RoomMetrics) else UNCOUNTED


def refused(scope: Mapping[str, Any], reason: str) -> None:
    """Count a refusal by an ASGI middleware of the app that ``scope`` runs in
    (Starlette puts the app in ``scope["app"]`` before any middleware)."""
    metrics_of(scope.get("app")).refused(reason)
