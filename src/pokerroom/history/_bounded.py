"""The bounded caches of reading and replaying PHH: values kept by a key and made
again on a miss, so the simplest policy that cannot grow will do."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(cache: dict[K, V], key: K, value: V, limit: int) -> V:
    """Put ``value`` in ``cache`` under ``key`` and return it; a cache holding
    ``limit`` entries is emptied first."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value
