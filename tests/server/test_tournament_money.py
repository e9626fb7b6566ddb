"""A home tournament's money against a real server (issue 24, item 7; P10): the fee a
field of its own, the payout table chosen (standard or the host's percentages),
prizes rounded to the host's unit with the pool paid exactly, rebuys and add-ons
counted on the results; every bad request a clear 4xx, nothing created."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from tests.server.serving import call, finished_results, http, served_room


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with served_room(tmp_path_factory.mktemp("money")) as number:
        yield number


def _count(port: int) -> int:
    return len(call(port, "/api/tournaments"))


def test_P10_fee_custom_payouts_and_unit_pay_the_pool_exactly(port: int) -> None:
    """Buy-in $20 + fee $5, the host's 60/25/15, prizes in $5: the pool is the buy-ins
    and rebuys (never the fees), every prize a multiple of $5 but 1st's odd cents,
    the prizes add up to the pool, and each entry's rebuys are counted."""
    created = call(port, "/api/tournaments", {
        "name": "Friday money", "structure": "sit_and_go", "level_seconds": 2,
        "buy_in": 20_00, "fee": 5_00, "payouts": "custom",
        "payout_percentages": [60, 25, 15], "payout_unit": 5_00, "rebuys": True,
        "rebuy_levels": 2, "rebuy_limit": 1, "action_seconds": 5})
    tid, key = created["id"], created["director"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 9,
                                                "policy": "loose"})
    state = call(port, f"/api/tournaments/{tid}")
    s, money = state["structure"], state["money"]
    assert (s["buy_in"], s["fee"], s["rebuy"]["limit"]) == (20_00, 5_00, 1)
    assert s["payouts"] == "custom: 60% / 25% / 15%" and s["payout_unit"] == 5_00
    assert money["buy_ins"] == 9 * 20_00 and money["fees"] == 9 * 5_00
    assert money["prize_pool"] == 9 * 20_00
    assert state["prizes"] == [110_00, 45_00, 25_00]  # $27 is $25 in $5; the $2 to 1st
    call(port, f"/api/tournaments/{tid}/start", {"director": key})
    results = finished_results(port, tid)
    money = results["money"]
    pool = money["buy_ins"] + money["rebuy_money"] + money["add_on_money"]
    assert results["prize_pool"] == pool == money["prize_pool"]
    rows = results["results"]
    assert len(rows) == money["entries"] == 9
    assert sum(r["rebuys"] for r in rows) == money["rebuys"]
    assert all(r["rebuys"] <= 1 for r in rows)  # the limit the host set
    assert money["rebuy_money"] == money["rebuys"] * 20_00
    # Three places paid; two players out on one hand from equal stacks share their
    # places' prizes (P6: four prizes then, as a loop run of the suite once saw)
    paid = [r for r in rows if r["prize"]]
    assert sum(r["prize"] for r in paid) == pool
    assert {r["place"] for r in paid} <= {1, 2, 3} and [r["place"] for r in paid].count(1) == 1
    assert len(paid) == 3 or any(r["place_to"] != r["place"] for r in paid), paid
    first = next(r["prize"] for r in paid if r["place"] == 1)
    assert all(r["prize"] % 5_00 == 0 for r in paid if r["place"] != 1)
    assert first % 5_00 == pool % 5_00  # 1st takes the odd cents
    for r in rows:
        assert r["paid_in"] == 25_00 + r["rebuys"] * 20_00
        assert r["net"] == r["prize"] + r["bounties"] - r["paid_in"]
    # The same sheet as CSV: money in decimal units, best first.
    status, text = http(port, "GET", f"/api/tournaments/{tid}/results.csv")
    assert status == 200, text
    read = list(csv.DictReader(io.StringIO(text)))
    assert [(x["name"], Decimal(x["prize"]) * 100, Decimal(x["paid_in"]) * 100, int(x["rebuys"]))
            for x in read] == [(r["name"], r["prize"], r["paid_in"], r["rebuys"]) for r in rows]
    assert http(port, "GET", "/api/tournaments/nosuch/results.csv")[0] == 404


@pytest.mark.parametrize(("change", "reason", "words"), [
    ({"payouts": "custom", "payout_percentages": [50, 40]}, "bad_payouts",
     "add up to 90, they must add up to exactly 100"),
    ({"payouts": "custom", "payout_percentages": [30, 70]}, "bad_payouts",
     "never pays more than the place above"),
    ({"payouts": "custom"}, "bad_payouts", "needs payout_percentages"),
    ({"payout_percentages": [100]}, "bad_payouts", "send payouts 'custom'"),
    ({"payouts": "half"}, "bad_request", "payouts"),
    ({"payout_unit": 0}, "bad_request", "payout_unit"),
    ({"fee": -5}, "bad_request", "fee"),
    ({"rebuy_limit": 2}, "ConfigError", "set rebuys to true"),
    ({"payouts": "custom", "payout_percentages": [0, 100]}, "bad_request",
     "payout_percentages"),
])
def test_P10_bad_money_is_refused_clearly_and_creates_nothing(
        port: int, change: dict[str, Any], reason: str, words: str) -> None:
    before = _count(port)
    status, body = http(port, "POST", "/api/tournaments", {"name": "Bad money", **change})
    assert 400 <= status < 500, (status, body)
    if reason == "bad_request":  # out of the field's bounds: FastAPI's 422 names it
        assert status == 422 and words in str(body["detail"]), body
    else:
        assert status == 400 and body["reason"] == reason and words in body["error"], body
    assert _count(port) == before


def test_P10_the_fee_is_optional_and_a_standard_table_is_rounded(port: int) -> None:
    """No fee at all; the standard table; prizes in whole dollars."""
    created = call(port, "/api/tournaments", {
        "name": "No fee", "structure": "turbo", "buy_in": 13_37, "fee": 0,
        "payouts": "standard", "payout_unit": 100})
    tid, key = created["id"], created["director"]
    call(port, f"/api/tournaments/{tid}/bots", {"director": key, "count": 10})
    state = call(port, f"/api/tournaments/{tid}")
    assert state["structure"]["fee"] == 0 and state["money"]["fees"] == 0
    # $133.70 at 50/30/20 in $1: 66, 40, 26; the $1 left to 1st, and its 70 cents
    assert state["prizes"] == [67_70, 40_00, 26_00]
    assert state["structure"]["payouts"] == "standard"
