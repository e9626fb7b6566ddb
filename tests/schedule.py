"""The order the suite's files start in: the longest first.

``make unit`` runs the suite in several processes (pytest-xdist, ``--dist loadfile``:
a file's tests in one of them).  xdist hands out files in the order it gets them;
left to itself it puts the files with the most tests first, so the slowest files,
which start servers and browsers for one or two long tests, came last and the run
ended with one process working through them while the others sat idle.  Started
longest first, the short files fill the gaps at the end instead (the usual rule
for spreading jobs of known lengths over a few machines).

:data:`SECONDS` is each slow file's time in a full ``make test`` (the sum of its
tests' setup, call and teardown from ``--durations=0``, 4 processes; measured on
2026-11-30 at b385b67); a file not listed counts as quick and keeps its place.  The
figures only order the files: a stale one makes the suite a little slower, never
wrong.  tests/test_schedule.py checks that every listed file exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

__all__ = ["SECONDS", "longest_first"]

SECONDS: dict[str, int] = {
    "tests/browser/test_dealer_browser.py": 91,
    "tests/server/test_hostile.py": 77,
    "tests/cluster/test_failover.py": 76,
    "tests/server/test_postgres.py": 72,
    "tests/browser/test_tournament_director_browser.py": 67,
    "tests/history/test_pokerkit_two_way.py": 60,
    "tests/server/test_host_next_hand.py": 58,
    "tests/browser/test_live_browser.py": 55,
    "tests/properties/test_legal_actions.py": 48,
    "tests/browser/test_table_clarity_browser.py": 47,
    "tests/browser/test_hands_room_browser.py": 46,
    "tests/equity/test_equity.py": 45,
    "tests/server/test_bounds.py": 44,
    "tests/browser/test_cluster_browser.py": 43,
    "tests/browser/test_tournament_browser.py": 38,
    "tests/browser/test_players_browser.py": 37,
    "tests/server/test_mixed_cash.py": 36,
    "tests/server/test_cluster_core.py": 35,
    "tests/evaluation/test_batch.py": 35,
    "tests/server/test_restart.py": 34,
    "tests/browser/test_tournament_bounties_browser.py": 31,
    "tests/browser/test_table_life_browser.py": 31,
    "tests/browser/test_live_director_browser.py": 31,
    "tests/browser/test_friends_browser.py": 31,
    "tests/browser/test_dealer_floor_browser.py": 30,
    "tests/history/test_phh_toml.py": 28,
    "tests/browser/test_hands_browser.py": 28,
    "tests/browser/test_mixed_cash_browser.py": 27,
    "tests/server/test_tournament_restart.py": 25,
    "tests/cluster/test_fencing.py": 24,
    "tests/properties/test_engine_invariants.py": 23,
    "tests/browser/test_lobby_browser.py": 23,
    "tests/cluster/test_cluster_smoke.py": 21,
    "tests/browser/test_js_units.py": 21,
    "tests/test_simulate.py": 20,
    "tests/server/test_show_cards.py": 20,
    "tests/server/test_house_options.py": 20,
    "tests/cluster/test_https_proxy.py": 20,
    "tests/browser/test_room_browser.py": 20,
    "tests/browser/test_host_tools_browser.py": 19,
    "tests/server/test_tournament_room.py": 18,
    "tests/server/test_tournament_bounties.py": 18,
    "tests/test_bots.py": 16,
    "tests/server/test_live_restart.py": 16,
    "tests/properties/test_award_property.py": 14,
    "tests/browser/test_house_rules_browser.py": 14,
    "tests/server/test_connections.py": 13,
    "tests/properties/test_phh_round_trip.py": 13,
    "tests/browser/test_show_cards_browser.py": 13,
    "tests/server/test_tournament_money.py": 12,
    "tests/server/test_public_url.py": 12,
    "tests/server/test_live_routes.py": 12,
    "tests/history/test_phh_properties.py": 12,
    "tests/browser/test_tournament_result_browser.py": 12,
    "tests/browser/test_hand_result_browser.py": 11,
    "tests/browser/test_advanced_house_rules_browser.py": 11,
    "tests/server/test_tournament_scene.py": 10,
    "tests/server/test_tournament_hands.py": 10,
    "tests/server/test_quotas.py": 10,
    "tests/server/test_host_tools.py": 10,
    "tests/history/test_replay.py": 10,
    "tests/browser/test_tournament_remove_browser.py": 10,
    "tests/browser/test_browser_security_browser.py": 10,
    "tests/server/test_scene.py": 9,
    "tests/server/test_lobby_answer.py": 9,
    "tests/server/test_dealer_api.py": 9,
    "tests/rules/test_B3_nobody_can_call.py": 8,
    "tests/evaluation/test_numba_cache.py": 8,
    "tests/cluster/test_proxy_limits.py": 8,
}


class _Item(Protocol):
    @property
    def nodeid(self) -> str: ...


def _file(item: _Item) -> str:
    return item.nodeid.split("::", 1)[0]


_T = TypeVar("_T", bound=_Item)


def longest_first(items: Sequence[_T]) -> list[_T]:
    """``items`` with the files of :data:`SECONDS` first, longest first; the rest
    after them in their order (a stable sort: a file's tests keep theirs)."""
    return sorted(items, key=lambda item: -SECONDS.get(_file(item), 0))
