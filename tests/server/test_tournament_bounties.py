"""Knockout tournaments against a real server (issue 24, item 8): a bounty in each
buy-in, apart from the prize pool; each bust pays it to whoever won the busted
player's chips (S1, S10), in the floor log, each player's state and the results;
every bounty paid in is won by the end, and it all survives a restart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port
from tests.server.serving import (
    assert_clean_log,
    call,
    finished_results,
    http,
    served_room,
    start_server,
)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("bounties")) as number:
        yield number


def _check_bounties(state: dict[str, Any], results: dict[str, Any]) -> None:
    money, rows = results["money"], results["results"]
    assert money["bounty"] == 10_00 and money["bounties"] == 7 * 10_00
    assert money["bounties_paid"] == money["bounties"] == sum(r["bounties"] for r in rows)
    pool = money["buy_ins"] + money["rebuy_money"] + money["add_on_money"]
    assert pool == money["prize_pool"] == 7 * 20_00  # bounties are not in the pool
    assert pool + money["bounties"] + money["fees"] == sum(r["paid_in"] for r in rows)
    assert all(r["paid_in"] == 20_00 + 10_00 + 2_00 for r in rows)
    assert sum(r["prize"] for r in rows) == pool
    by_entry = {p["entry"]: p["bounties"] for p in state["players"]}
    assert by_entry == {r["entry"]: r["bounties"] for r in rows}
    log = state["floor_log"]
    names = "|".join(re.escape(r["name"]) for r in rows)
    won = [line for line in log if re.fullmatch(rf"({names}) wins ({names})'s bounty \$[\d.,]+",
                                                line)]
    assert won, log
    winner = next(r for r in rows if r["place"] == 1)
    assert f"{winner['name']} keeps their own bounty $10" in log


def test_bounties_paid_shown_and_kept_across_a_restart(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.log"
    database = f"sqlite:///{tmp_path / 'room.sqlite'}"
    server = start_server(port, database, log)
    try:
        created = call(port, "/api/tournaments", {
            "name": "Knockout", "structure": "sit_and_go", "level_seconds": 2,
            "buy_in": 20_00, "bounty": 10_00, "fee": 2_00, "action_seconds": 5})
        tid, key = created["id"], created["director"]
        call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 7,
                                                    "policy": "loose"})
        state = call(port, f"/api/tournaments/{tid}")
        assert state["structure"]["bounty"] == 10_00
        assert state["money"]["bounties"] == 7 * 10_00 and state["money"]["prize_pool"] == 140_00
        call(port, f"/api/tournaments/{tid}/start", {"director": key})
        results = finished_results(port, tid)
        state = call(port, f"/api/tournaments/{tid}")
        _check_bounties(state, results)
    finally:
        server.kill()
        server.wait(timeout=30)
    server = start_server(port, database, log)
    try:
        again = call(port, f"/api/tournaments/{tid}/results")
        assert again["results"] == results["results"] and again["money"] == results["money"]
        _check_bounties(call(port, f"/api/tournaments/{tid}"), again)
    finally:
        server.kill()
        server.wait(timeout=30)
    assert_clean_log(log)


@pytest.mark.parametrize(("change", "words"), [
    ({"bounty": -1}, "bounty"),
    ({"bounty": 10**9 + 1}, "bounty"),
    ({"bounty": "ten"}, "bounty"),
])
def test_bad_bounty_is_refused_clearly_and_creates_nothing(
        room: int, change: dict[str, Any], words: str) -> None:
    """Out of the field's bounds: FastAPI's 422 names the field and what it allows."""
    before = len(call(room, "/api/tournaments"))
    status, body = http(room, "POST", "/api/tournaments", {"name": "Bad", **change})
    assert status == 422 and words in str(body["detail"]), body
    assert len(call(room, "/api/tournaments")) == before
