"""The order the suite's files start in when ``make test`` runs them in several
processes (pytest-xdist, ``--dist loadfile --no-loadscope-reorder``): the longest
first, so that none of them starts last and runs on alone while the other processes
have finished (the suite's wall time was then its sum shared out, plus the last long
file).  pytest-xdist's own order, by the number of tests in a file, started the
kill -9 and cluster files (a few long tests each) last.

:data:`LONGEST` holds the files that took longest in a clean clone's ``make test``
(``PYTEST_ADDOPTS=--durations=0``, each file's setup, call and teardown times
added up), in seconds; what is not in it keeps its place after them.  A file renamed
or gone only loses its head start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

LONGEST: dict[str, float] = {
    # a clean clone's make test at 2e32f2e, 2026-11-29, 3 processes
    "tests/cluster/test_failover.py": 72,
    "tests/browser/test_tournament_director_browser.py": 69,
    "tests/server/test_postgres.py": 66,
    "tests/server/test_hostile.py": 64,
    "tests/browser/test_table_clarity_browser.py": 47,
    "tests/server/test_public_url.py": 46,
    "tests/server/test_host_next_hand.py": 45,
    "tests/equity/test_equity.py": 42,
    "tests/browser/test_players_browser.py": 41,
    "tests/browser/test_tournament_bounties_browser.py": 41,
    "tests/browser/test_cluster_browser.py": 35,
    "tests/browser/test_tournament_browser.py": 33,
    "tests/evaluation/test_batch.py": 32,
    "tests/history/test_pokerkit_two_way.py": 32,
    "tests/browser/test_table_life_browser.py": 31,
    "tests/history/test_phh_toml.py": 30,
    "tests/browser/test_friends_browser.py": 30,
    "tests/browser/test_hands_room_browser.py": 30,
    "tests/browser/test_live_browser.py": 29,
    "tests/server/test_cluster_core.py": 25,
    "tests/browser/test_room_browser.py": 25,
    "tests/server/test_mixed_cash.py": 24,
    "tests/browser/test_mixed_cash_browser.py": 24,
    "tests/server/test_restart.py": 24,
    "tests/server/test_tournament_bounties.py": 23,
    "tests/browser/test_hands_browser.py": 23,
    "tests/browser/test_host_tools_browser.py": 23,
    "tests/server/test_tournament_restart.py": 22,
}


class Item(Protocol):
    """What the ordering reads of a collected test (a ``pytest.Item``)."""

    @property
    def nodeid(self) -> str: ...


def longest_first(items: Sequence[Item]) -> list[Item]:
    """``items`` with the files of :data:`LONGEST` first, longest first; the others
    after them in their own order (a stable sort: a file's tests stay in order)."""
    def weight(item: Item) -> float:
        return -LONGEST.get(item.nodeid.split("::", 1)[0], 0.0)
    return sorted(items, key=weight)
