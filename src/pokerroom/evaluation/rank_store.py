"""The rank tables of the scalar evaluators kept on disk between processes.

Filling a :class:`~pokerroom.evaluation.tables.BestOfTable` (every multiset of
five to seven ranks, 73,775 entries for hold'em) takes about 0.14 s of
interpreted Python at the first showdown of every process: an eighth of
``pokerroom replay`` on 10,000 hands.  Read back from a file it takes about 0.02 s.
The file lies in pokerroom's user cache directory
(:func:`~pokerroom.evaluation.user_cache.cache_dir`), named after the table and a
fingerprint of the code its values come from, as 64-bit keys (sorted) then values;
one that cannot be read, or is not whole, is ignored (and the table built again).
A process looks its keys up in the two arrays by bisection (:class:`StoredTable`)
instead of making the whole dict, which costs more than the few thousand lookups of
a replay.
"""

from __future__ import annotations

import hashlib
import os
import sys
from array import array
from bisect import bisect_left
from functools import cache
from pathlib import Path

from pokerroom.evaluation.user_cache import cache_dir

_SOURCES = ("encoding", "tables", "high", "lows", "rank_store")
"""The modules of pokerroom.evaluation whose source the values depend on."""


@cache
def fingerprint() -> str | None:
    """Changes whenever the code the tables come from changes; None when its source
    is not installed (nothing is then kept)."""
    digest = hashlib.sha256(sys.version.encode())
    folder = Path(__file__).resolve().parent
    for name in _SOURCES:
        try:
            digest.update((folder / f"{name}.py").read_bytes())
        except OSError:
            return None
    return digest.hexdigest()[:16]


def _path(name: str) -> Path | None:
    mark = fingerprint()
    return None if mark is None else cache_dir() / f"rank-table-{name}-{mark}.bin"


class StoredTable:
    """A kept table as its two arrays, keys sorted: a value by bisection."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: array[int], values: array[int]) -> None:
        self._keys = keys
        self._values = values

    def get(self, key: int) -> int | None:
        """The value kept for ``key``, or None when it has none."""
        keys = self._keys
        i = bisect_left(keys, key)
        return self._values[i] if i < len(keys) and keys[i] == key else None

    def as_dict(self) -> dict[int, int]:
        return dict(zip(self._keys, self._values, strict=True))


def stored(name: str) -> StoredTable | None:
    """The table kept under ``name``, or None."""
    path = _path(name)
    if path is None:
        return None
    try:
        data = path.read_bytes()
    except OSError:
        return None
    half = len(data) // 2
    if not data or len(data) % 16:
        return None
    keys, values = array("q"), array("q")
    keys.frombytes(data[:half])
    values.frombytes(data[half:])
    return StoredTable(keys, values)


def stored_table(name: str) -> dict[int, int] | None:
    """The table kept under ``name`` as a dict, or None."""
    table = stored(name)
    return None if table is None else table.as_dict()


def keep_table(name: str, table: dict[int, int]) -> None:
    """Write ``table`` under ``name`` (whole or not at all: a temporary file renamed);
    a cache directory that cannot be written is no error."""
    path = _path(name)
    if path is None:
        return
    import tempfile  # (only here: most processes read a kept table, none write one)

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, suffix=".bin")
        keys = sorted(table)
        with os.fdopen(fd, "wb") as f:
            f.write(array("q", keys).tobytes())
            f.write(array("q", map(table.__getitem__, keys)).tobytes())
        os.replace(temporary, path)
    except OSError:
        pass
