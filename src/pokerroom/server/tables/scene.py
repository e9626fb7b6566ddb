"""A table's scene: what everyone at it sees, built once per change, versioned, and
sent to each connection as a delta against the version it holds.

Each publication builds the public state once (:func:`~pokerroom.server.tables.views.
public_state`, the spectator's view) and its :func:`diff` against the previous
version: the values that changed (an object's or a seat's changed keys only), and
the log's new lines.  A connection that asked for deltas (it offered the WebSocket
subprotocol ``pokerroom.delta``; see :mod:`pokerroom.server.wire.sockets`) then
gets, per version, ``{"type": "delta", "version", "base", "scene", "own"}``: the
scene's delta (encoded once, shared by every connection) and its own private part
(:func:`~pokerroom.server.tables.views.private_part`: its cards, its ``you``; None
for a spectator; left out when the connection holds the same one); or, when it
holds no version or not the delta's base (it just connected, its mailbox dropped
deltas), the whole scene: ``{"type": "scene", "version", "scene", "own"}``.
:func:`apply` and :func:`~pokerroom.server.tables.views.compose` rebuild the
viewer's state from them: exactly the ``{"type": "state"}`` an older client gets
(docs/protocol.md).

Security: the scene is the spectator's view, made by the engine for no seat; a
seat's face-down cards travel only in that seat's ``own``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import orjson

from pokerroom.server.tables.views import KeptParts, private_part, public_state
from pokerroom.server.wire.sockets import Outgoing, encode_bytes

if TYPE_CHECKING:
    from pokerroom.server.tables.facets import VersionedTable
    from pokerroom.server.tables.sittings import Subscriber

__all__ = ["CHECK", "CHECK_FAILURES", "ScenePart", "SceneUpdate", "TableScene", "apply", "diff"]

_SPLIT = ("seats", "log")  # the keys a delta carries in parts (the rest: whole, if changed)


def _log_delta(old: list[str], new: list[str]) -> dict[str, Any] | None:
    """``{"drop": d, "add": lines}`` such that ``old[d:] + lines == new``, with the
    fewest lines added (the log only grows at its end and loses lines at its start);
    None when ``new == old``."""
    if old == new:
        return None
    for added in range(1, len(new) + 1):
        kept = len(new) - added
        if kept <= len(old) and old[len(old) - kept:] == new[:kept]:
            return {"drop": len(old) - kept, "add": new[kept:]}
    return {"drop": len(old), "add": list(new)}  # new is empty


def _patch(old: Any, new: Any) -> dict[str, Any] | None:
    """The keys of ``new`` whose values differ from ``old``'s, when both are objects
    with the same keys (else None: the value goes whole)."""
    if not (isinstance(old, dict) and isinstance(new, dict)) or old.keys() != new.keys():
        return None
    return {k: v for k, v in new.items() if old[k] != v}


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any] | None:
    """The delta from the public state ``old`` to ``new``, changed values only:

    - ``set``: top-level keys whose value changed, each whole;
    - ``patch``: top-level objects with the same keys as before (``table``,
      ``hand``): only their keys that changed, ``{"hand": {"pot": 30}}``;
    - ``seats``: seat entries that changed shape (a player sat down, left, was dealt
      in), each whole by index (``null``: an empty seat), ``{"3": {...}}``;
    - ``seat_patch``: the other changed seat entries, their changed keys only;
    - ``log``: ``{"drop": d, "add": [lines]}``: drop ``d`` lines from the start, add
      these at the end.

    A part with nothing in it is left out.  None when the two have different keys or
    seat counts (no delta says that: the whole scene is sent instead).

    >>> diff({"a": 1, "h": {"x": 1, "y": 2}, "seats": [None, {"n": 1}], "log": ["x", "y"]},
    ...      {"a": 2, "h": {"x": 1, "y": 3}, "seats": [{"n": 0}, {"n": 2}], "log": ["y", "z"]})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'set': {'a': 2}, 'patch': {'h': {'y': 3}}, 'seats': {'0': {'n': 0}},
     'seat_patch': {'1': {'n': 2}}, 'log': {'drop': 1, 'add': ['z']}}
    """
    if old.keys() != new.keys() or len(old.get("seats") or ()) != len(new.get("seats") or ()):
        return None
    whole: dict[str, Any] = {}
    patches: dict[str, Any] = {}
    for key, value in new.items():
        was = old[key]
        if key in _SPLIT or was is value or was == value:  # a kept part: the same object
            continue
        patch = _patch(was, value)
        if patch is None:
            whole[key] = value
        else:
            patches[key] = patch
    delta: dict[str, Any] = {"set": whole, "patch": patches}
    if "seats" in new and old["seats"] != new["seats"]:
        seats, seat_patches = delta["seats"], delta["seat_patch"] = {}, {}
        for index, (was, entry) in enumerate(zip(old["seats"], new["seats"], strict=True)):
            if was is not entry and was != entry:
                patch = _patch(was, entry)
                if patch is None:
                    seats[str(index)] = entry
                else:
                    seat_patches[str(index)] = patch
    if "log" in new:
        delta["log"] = _log_delta(old["log"], new["log"])
    return {k: v for k, v in delta.items() if v}


def apply(public: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The public state after ``delta`` (:func:`diff`); ``public`` is not changed.
    Applying each version's delta in order to the scene a connection got reproduces
    every later scene exactly (static/shared/scene.js does the same in the page)."""
    state = {**public, **delta.get("set", {})}
    for key, patch in delta.get("patch", {}).items():
        state[key] = {**state[key], **patch}
    if "seats" in delta or "seat_patch" in delta:
        seats = list(state["seats"])
        for index, entry in delta.get("seats", {}).items():
            seats[int(index)] = entry
        for index, patch in delta.get("seat_patch", {}).items():
            seats[int(index)] = {**seats[int(index)], **patch}
        state["seats"] = seats
    if "log" in delta:
        state["log"] = state["log"][delta["log"]["drop"]:] + delta["log"]["add"]
    return state


@dataclass(slots=True, eq=False)
class ScenePart:
    """One version of a table's scene, shared by every connection: the public state,
    and its delta from the version before, ``base`` (None: none, the first version or a
    change no delta says); the delta is made when first asked for (a table whose
    connections all take whole states never makes one), each encoded once."""

    version: int
    public: dict[str, Any]
    _before: tuple[int, dict[str, Any]] | None  # the version before and its public state
    _delta: dict[str, Any] | None = None
    _base: int | None = None
    _public_json: bytes | None = None
    _delta_json: bytes | None = None
    _delta_text: str | None = None  # the delta message without an own part

    def _diff(self) -> None:
        """Make the delta from the version before (once: ``_before`` is then None).
        The properties below call it only while that is still to do: they are read
        for every connection of every version."""
        assert self._before is not None
        version, public = self._before
        self._delta = diff(public, self.public)
        self._before = None
        self._base = None if self._delta is None else version

    @property
    def base(self) -> int | None:
        if self._before is not None:
            self._diff()
        return self._base

    @property
    def delta(self) -> dict[str, Any] | None:
        if self._before is not None:
            self._diff()
        return self._delta

    def public_json(self) -> orjson.Fragment:
        if self._public_json is None:
            self._public_json = encode_bytes(self.public)
        return orjson.Fragment(self._public_json)

    def delta_json(self) -> orjson.Fragment:
        if self._delta_json is None:
            self._delta_json = encode_bytes(self.delta)
        return orjson.Fragment(self._delta_json)

    def delta_message(self, own: dict[str, Any] | None = None, *,
                      with_own: bool = False) -> str:
        """``{"type": "delta", "version", "base", "scene"}`` as JSON text, with
        ``"own": own`` when ``with_own``; without it the text is the same for every
        viewer, and made once."""
        if not with_own and self._delta_text is not None:
            return self._delta_text
        assert self.delta is not None
        message: dict[str, Any] = {"type": "delta", "version": self.version,
                                   "base": self.base, "scene": self.delta_json()}
        if with_own:
            message["own"] = own
        text = encode_bytes(message).decode()
        if not with_own:
            self._delta_text = text
        return text


@dataclass(slots=True, eq=False)
class SceneUpdate:
    """What the connections of one viewer (a seat, or every spectator) get at one
    version: the shared :class:`ScenePart` and the viewer's own part, as a delta (with
    the own part, or without it when the connection holds the same) or a whole scene
    (a :class:`~pokerroom.server.wire.sockets.StateUpdate`); each text is made once,
    when first sent, for all of them."""

    part: ScenePart
    own: dict[str, Any] | None
    _delta_own: str | None = None
    _full: str | None = None

    @property
    def version(self) -> int:
        return self.part.version

    @property
    def base(self) -> int | None:
        return self.part.base

    def delta_text(self, *, own: bool) -> str:
        if not own:
            return self.part.delta_message()
        if self._delta_own is None:
            self._delta_own = self.part.delta_message(self.own, with_own=True)
        return self._delta_own

    def full_text(self) -> str:
        if self._full is None:
            self._full = encode_bytes({
                "type": "scene", "version": self.part.version,
                "scene": self.part.public_json(), "own": self.own}).decode()
        return self._full


CHECK = os.environ.get("POKERROOM_CHECK_SCENE", "") == "1"
"""For development (the test suite turns it on): every version made from what changed
(:meth:`TableScene.touch`) is also made whole; where the two differ, the whole one is
sent and the difference is kept in :data:`CHECK_FAILURES` and logged."""

CHECK_FAILURES: list[str] = []
""":data:`CHECK`: each difference found (the test suite fails a test that leaves one)."""

LOG = logging.getLogger(__name__)


def _check_failed(what: str) -> None:
    CHECK_FAILURES.append(what)
    LOG.error("scene check: %s", what)


class TableScene:
    """A table's scene across versions: builds each version's public state and delta
    once (:meth:`publish`) and gives every connection its update.

    Between two versions the table tells the scene which seats it changed
    (:meth:`touch`), or that it cannot say (:meth:`touch_all`: any request but a
    player's action within a betting round, any step that did more than start a
    clock); the next version then makes only those seats' public entries and private
    parts, and gives the others' kept parts again without looking at them."""

    def __init__(self) -> None:
        self.part: ScenePart | None = None
        self.kept = KeptParts()  # the parts last made: given again while unchanged
        # The seats whose parts may have changed since the last version (None: any).
        self.touched: set[int] | None = None

    def touch(self, *seats: int | None) -> None:
        """These seats' parts may have changed (a seat None: none)."""
        if self.touched is not None:
            self.touched.update(seat for seat in seats if seat is not None)

    def touch_all(self) -> None:
        """Any seat's part may have changed: the next version looks at every one."""
        self.touched = None

    def _current(self, actor: VersionedTable, version: int) -> ScenePart:
        """The latest part, built now when there is none at ``version``."""
        if self.part is None or self.part.version != version:
            self.part = ScenePart(version, public_state(actor, kept=self.kept), None)
        return self.part

    def joining(self, actor: VersionedTable, seat: int | None) -> SceneUpdate:
        """A new connection's first update (a whole scene): the latest version's, with
        the viewer's own part as it is now."""
        return SceneUpdate(self._current(actor, actor.version),
                           private_part(actor, seat, kept=self.kept))

    def _public(self, actor: VersionedTable, touched: set[int] | None) -> dict[str, Any]:
        """The public state, each seat not ``touched`` given its kept entry."""
        public = public_state(actor, kept=self.kept, touched=touched)
        if CHECK and touched is not None:
            whole = public_state(actor)
            if {**whole, "now": None} != {**public, "now": None}:
                stale = [key for key in whole if key != "now" and whole[key] != public[key]]
                _check_failed(f"table {actor.id}: the public state made from seats "
                              f"{sorted(touched)} differs in {stale}: {public} != {whole}")
                return public_state(actor, kept=self.kept)
        return public

    def _own(self, actor: VersionedTable, seat: int | None, touched: set[int] | None,
             ) -> dict[str, Any] | None:
        """The private part of ``seat``: its kept one when the seat is not touched."""
        if touched is not None and seat is not None and seat not in touched:
            was = self.kept.privates.get(seat)
            if was is not None:
                if CHECK and was[1] != (made := private_part(actor, seat)):
                    _check_failed(f"table {actor.id}: seat {seat}'s own part kept, seats "
                                  f"{sorted(touched)} touched: {was[1]} != {made}")
                    return private_part(actor, seat, kept=self.kept)
                return was[1]
        return private_part(actor, seat, kept=self.kept)

    def publish(self, actor: VersionedTable, version: int, subscribers: Iterable[Subscriber],
                state_for: Callable[[int | None, dict[str, Any]], dict[str, Any]]) -> None:
        """Version ``version`` to every subscriber: the public state built once (its
        delta too, when a delta connection asks for it); per viewer, its private part
        once (a delta connection's) and its whole state once (``state_for(seat,
        public)``: a connection that did not ask for deltas, or has not said yet).  Only
        the seats touched since the last version are looked at (:meth:`touch`)."""
        touched, self.touched = self.touched, set()
        public = self._public(actor, touched)
        previous = self.part
        self.part = part = ScenePart(version, public, None if previous is None
                                     else (previous.version, previous.public))
        updates: dict[int | None, SceneUpdate] = {}
        fulls: dict[int | None, Outgoing] = {}
        for sub in list(subscribers):
            update = None
            if sub.deltas is not False:
                update = updates.get(sub.seat)
                if update is None:
                    update = updates[sub.seat] = SceneUpdate(
                        part, self._own(actor, sub.seat, touched))
            full = None
            if sub.deltas is not True:
                full = fulls.get(sub.seat)
                if full is None:
                    full = fulls[sub.seat] = Outgoing(state_for(sub.seat, public))
            sub.push_update(update, full)
