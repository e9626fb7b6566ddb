"""The director agrees a deal from the page (issue 24, item 8) against a real server:
``POST /api/tournaments/{id}/deal`` with the director key and the amounts by player
ends the event with the prizes left paid exactly so (when the hands in play end);
amounts that leave a player out, name one who is not in, or do not add up to the
prizes left are refused with ``bad_deal`` and what is allowed, nothing changed.  A
knockout's players still in keep their own bounties."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.serving import call, finished_results, http, served_room


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("deal"), bot_delay=0.02) as number:
        yield number


def _create(port: int, bots: int = 4) -> tuple[str, str]:
    created = call(port, "/api/tournaments", {
        "name": "Deal", "structure": "deepstack", "level_seconds": 600, "buy_in": 20_00,
        "bounty": 5_00, "payouts": "custom", "payout_percentages": [60, 40]})
    tid, key = created["id"], created["director"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": bots,
                                                "policy": "rock"})
    return tid, key


def _alive(port: int, tid: str) -> tuple[dict[str, int], int]:
    """The players still in (name: entry) and the prizes they have left to win."""
    state = call(port, f"/api/tournaments/{tid}")
    alive = {p["name"]: p["entry"] for p in state["players"] if p["alive"]}
    return alive, sum(state["prizes"][:len(alive)])


def _post_deal(port: int, tid: str, key: str, amounts: dict[str, int]) -> tuple[int, Any]:
    return http(port, "POST", f"/api/tournaments/{tid}/deal",
                {"director": key, "amounts": amounts})


def _even(alive: dict[str, int], left: int) -> dict[str, int]:
    names = sorted(alive)
    each, rest = divmod(left, len(names))
    return {n: each + (1 if i < rest else 0) for i, n in enumerate(names)}


def test_deal_refusals_say_what_is_allowed_and_change_nothing(port: int) -> None:
    tid, key = _create(port)
    alive, left = _alive(port, tid)
    status, body = _post_deal(port, tid, key, _even(alive, left))
    assert status == 400 and body["reason"] == "not_running", body
    call(port, f"/api/tournaments/{tid}/start", {"director": key})
    alive, left = _alive(port, tid)
    names = sorted(alive)
    amounts = _even(alive, left)
    status, body = _post_deal(port, tid, "not-the-key", amounts)
    assert 400 <= status < 500 and body["reason"] == "not_director", body
    short = {n: a for n, a in amounts.items() if n != names[-1]}
    status, body = _post_deal(port, tid, key, short)
    assert status == 400 and body["reason"] == "bad_deal", body
    assert f"leaves out '{names[-1]}'" in body["error"] and names[0] in body["error"]
    status, body = _post_deal(port, tid, key, {**amounts, "Nobody": 0})
    assert body["reason"] == "bad_deal" and "'Nobody' is not in the event" in body["error"]
    status, body = _post_deal(port, tid, key, {**amounts, names[0]: amounts[names[0]] + 1})
    assert body["reason"] == "bad_deal" and "but the prizes left add up to" in body["error"]
    status, body = _post_deal(port, tid, key, {**amounts, names[0]: -1})
    assert status == 422 and "amounts" in str(body["detail"]), body
    state = call(port, f"/api/tournaments/{tid}")
    assert state["status"] == "running"
    assert not any(line.startswith(("A deal", "The director agrees", "The deal"))
                   for line in state["floor_log"]), state["floor_log"]


def test_agreed_deal_ends_the_event_paying_the_pool_exactly(port: int) -> None:
    tid, key = _create(port)
    call(port, f"/api/tournaments/{tid}/start", {"director": key})
    while True:  # a bust between reading the field and posting: read it again
        alive, left = _alive(port, tid)
        names = sorted(alive)
        amounts = {**_even(alive, left)}
        amounts[names[0]] += 3_33  # a deal of their own, not an even chop
        amounts[names[1]] -= 3_33
        status, body = _post_deal(port, tid, key, amounts)
        if status == 200:
            break
        assert body["reason"] == "bad_deal" and _alive(port, tid)[0] != alive, body
    results = finished_results(port, tid, seconds=60)  # the hands in play end first
    rows = {r["name"]: r for r in results["results"]}
    assert {n: rows[n]["prize"] for n in alive} == amounts
    assert sum(r["prize"] for r in rows.values()) == results["prize_pool"]
    assert all(rows[n]["bounties"] >= 5_00 for n in alive)  # their own, kept
    assert sum(r["bounties"] for r in rows.values()) == results["money"]["bounties"]
    log = call(port, f"/api/tournaments/{tid}")["floor_log"]
    assert any(line.startswith("A deal: ") for line in log), log
    status, body = _post_deal(port, tid, key, amounts)
    assert 400 <= status < 500 and body["reason"] in ("not_running", "deal_made"), body
