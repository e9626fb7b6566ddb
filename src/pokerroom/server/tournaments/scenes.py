"""A tournament's scenes: what the viewers of one of its tables share, versioned and
sent to each delta connection as a delta against the version it holds, as at a cash
table (:mod:`pokerroom.server.tables.scene`: the same :class:`ScenePart` and
:class:`SceneUpdate`, the same diff and messages; docs/protocol.md, "Deltas").

A tournament's scene for table ``n`` is that table's public state with the
tournament's public state in it (``"tournament"``,
:meth:`~pokerroom.server.tournaments.views.Publication.scene`); before the first deal
there is one scene without a table (key None).  A viewer's own part is their seat's
private part and their standing (:meth:`~pokerroom.server.tournaments.views.
Publication.own`).

Versions are counted across the tournament's scenes, so that a version belongs to
one scene only: a viewer moved to another table (balancing, a broken table, the
final table) or picking one to watch holds a version no delta of the new table
follows, and gets its whole scene.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from pokerroom.server.tables.scene import ScenePart, SceneUpdate
from pokerroom.server.tournaments.setup import Viewer
from pokerroom.server.tournaments.views import Publication
from pokerroom.server.wire.sockets import Outgoing

__all__ = ["TournamentScenes"]


class TournamentScenes:
    """The latest version of each table's scene, and every viewer's update."""

    def __init__(self) -> None:
        self.latest: dict[int | None, ScenePart] = {}
        self.count = 0  # the last version given, across every table's scene

    def _part(self, n: int | None, scene: dict[str, Any], *, chained: bool) -> ScenePart:
        """A new version of table ``n``'s scene: after the latest (its delta made from
        it), or, not ``chained``, standing alone (a viewer just come: its ``now`` is
        this moment's, and the others' next delta still follows what they hold)."""
        self.count += 1
        before = self.latest.get(n)
        if not chained and before is not None:
            return ScenePart(self.count, scene, None)
        part = ScenePart(self.count, scene,
                         None if before is None else (before.version, before.public))
        self.latest[n] = part
        return part

    def publish(self, publication: Publication, viewers: Iterable[Viewer], *,
                chained: bool = True) -> None:
        """One publication to ``viewers``: per table seen, the scene built once (its
        delta too, when a delta connection asks for it); per person at it, the own part
        once and the whole state once (a connection that did not ask for deltas, or
        has not said yet)."""
        scenes: dict[int | None, dict[str, Any]] = {}
        parts: dict[int | None, ScenePart] = {}
        owns: dict[tuple[int | None, str | None], dict[str, Any] | None] = {}
        updates: dict[tuple[int | None, str | None], SceneUpdate] = {}
        wholes: dict[tuple[int | None, str | None], Outgoing] = {}
        for viewer in viewers:
            n, seat, you = publication.place(viewer)
            key = (n, viewer.name)
            scene = scenes.get(n)
            if scene is None:
                scene = scenes[n] = publication.scene(n)
            if key not in owns:
                owns[key] = publication.own(viewer.name, n, seat, you)
            update = None
            if viewer.deltas is not False:
                update = updates.get(key)
                if update is None:
                    part = parts.get(n)
                    if part is None:
                        part = parts[n] = self._part(n, scene, chained=chained)
                    update = updates[key] = SceneUpdate(part, owns[key])
            whole = None
            if viewer.deltas is not True:
                whole = wholes.get(key)
                if whole is None:
                    whole = wholes[key] = Outgoing(publication.whole(scene, owns[key]))
            viewer.push_update(update, whole)

    def forget(self, tables: Collection[int]) -> None:
        """Let go of the scenes of tables no longer in play."""
        for n in [n for n in self.latest if n is not None and n not in tables]:
            del self.latest[n]
