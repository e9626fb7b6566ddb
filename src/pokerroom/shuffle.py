"""The shuffle (D1): Fisher-Yates, drawing each position from ``rng.getrandbits``.

The same algorithm and the same draws as :meth:`random.Random.shuffle`, so a
seeded deck comes out in the same order, and a secure generator
(:class:`random.SystemRandom`) is used the same way.  Its own module so that
mypyc compiles it with the hand engine (see setup.py): the loop then runs in C.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place: every order equally likely."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:  # rejection keeps the draw uniform on 0..i
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
