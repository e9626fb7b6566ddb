"""The bulk fill of a :class:`~pokerroom.evaluation.tables.BestOfTable`: the best
strength of every multiset of five, six and seven ranks, as one function over plain
ints that mypyc compiles (setup.py): 0.2 s interpreted, the first showdown of
every process (``pokerroom replay`` pays it on every run)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement


def best_of_ranks(five: Callable[[list[int]], int], ranks: Sequence[int],
                  sizes: Sequence[int]) -> dict[int, int]:
    """Rank key (the sum of ``5 ** rank`` over the cards) -> the best ``five`` of
    any five of those ranks, for every multiset of ``sizes`` cards over ``ranks``
    (at most four of a rank).  Five ranks from their counts; then each larger
    size forward from the one below: a multiset's value is the max over the ones
    it extends."""
    table: dict[int, int] = {}
    level: dict[int, int] = {}
    for combo in combinations_with_replacement(ranks, 5):
        counts = [0] * 13
        key = 0
        for r in combo:
            counts[r] += 1
            key += 5**r
        if max(counts) <= 4:
            level[key] = five(counts)
    steps = [(5**r, 5 ** (r + 1)) for r in ranks]
    for size in range(5, max(sizes) + 1):
        if size > 5:
            bigger: dict[int, int] = {}
            for key, value in level.items():
                for step, next_digit in steps:
                    if key % next_digit // step != 4:
                        grown = key + step
                        if bigger.get(grown, -1) < value:
                            bigger[grown] = value
            level = bigger
        if size in sizes:
            table.update(level)
    return table
