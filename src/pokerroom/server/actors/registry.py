"""One registry for the three kinds of resource the room runs: cash tables,
tournaments and live events.

Each kind has a part of the room that holds its resources (``tables.room.Room``,
``tournaments.room.TournamentRoom``, ``live.room.LiveRoom``); what they share is
:class:`Resources`: bring back what the database holds, take over one resource
(a worker of many), drop one, say what is held and how many are open.  The
registry does for every kind at once what the app used to spell out three times:
restore at start-up, join a cluster (each part leases what it makes, and the
cluster hands resources over by kind), list what is held, close at shutdown.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterator
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pokerroom.server.cluster.cluster import Cluster

__all__ = ["Registry", "Resources"]


class Resources(Protocol):
    """The part of the room that runs the resources of one kind."""

    claim: Callable[[str, str], None] | None
    """Lease a resource being made here (a worker of many), or None (one process)."""

    def restore(self) -> list[str]:
        """Bring back every stored resource; one note a line."""
        ...

    def adopt(self, resource: str) -> str | None:
        """This worker took the resource's lease: bring it back as a restart does."""
        ...

    def drop(self, resource: str, message: dict[str, Any]) -> Coroutine[Any, Any, None]:
        """Another worker serves the resource now: stop it here."""
        ...

    def held(self) -> set[str]:
        """The ids of the resources running here."""
        ...

    def open_count(self) -> int:
        """The resources here not closed or finished (what the quotas count)."""
        ...

    def close(self) -> Coroutine[Any, Any, None]:
        """Stop every resource here (the app's shutdown)."""
        ...


class Registry:
    """The room's resources by kind (``table``, ``tournament``, ``live``, ``dealer``: the cluster's
    lease kinds), in the order given: restored in that order, closed in reverse."""

    def __init__(self, kinds: dict[str, Resources]) -> None:
        self.kinds = dict(kinds)

    def __iter__(self) -> Iterator[tuple[str, Resources]]:
        return iter(self.kinds.items())

    def __getitem__(self, kind: str) -> Resources:
        return self.kinds[kind]

    def restore(self) -> list[str]:
        """Bring back what the database holds, every kind (a room on one process)."""
        return [note for part in self.kinds.values() for note in part.restore()]

    def join(self, cluster: Cluster) -> None:
        """A worker of many: each part leases what it makes, and the cluster hands
        resources of each kind to it (call :meth:`Cluster.start` next)."""
        for kind, part in self.kinds.items():
            part.claim = cluster.claim
            cluster.add(kind, part)

    def held(self) -> dict[str, list[str]]:
        """The ids running here, sorted, by kind."""
        return {kind: sorted(part.held()) for kind, part in self.kinds.items()}

    def open_count(self, kind: str) -> int:
        """How many of ``kind`` are open here."""
        return self.kinds[kind].open_count()

    async def close(self) -> None:
        """Stop every resource, the kinds in reverse order."""
        for part in reversed(list(self.kinds.values())):
            await part.close()
