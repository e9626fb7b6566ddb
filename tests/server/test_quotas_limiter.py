"""The quotas' building blocks on a fake clock (issue #22): the token bucket's waits,
its bounded memory, the per-address open count, and the client address counted."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.server.guard.clients import TrustedProxies
from pokerroom.server.guard.quotas import (
    OpenCount,
    QuotaExceeded,
    Quotas,
    QuotaSettings,
    RateLimit,
)


class Now:
    def __init__(self) -> None:
        self.t = 1_000.0

    def __call__(self) -> float:
        return self.t


def test_bucket_allows_a_burst_then_one_per_period_share() -> None:
    now = Now()
    limit = RateLimit(4, 3600.0, clock=now)
    assert [limit.take("a") for _ in range(4)] == [None] * 4
    assert limit.take("a") == pytest.approx(900.0)  # one frees every 3600 / 4 s
    now.t += 899.0
    assert limit.take("a") == pytest.approx(1.0)
    now.t += 1.0
    assert limit.take("a") is None
    assert limit.take("a") == pytest.approx(900.0)
    now.t += 10 * 3600.0  # refilled to the limit, never past it
    assert [limit.take("a") for _ in range(5)][-1] == pytest.approx(900.0)


def test_a_refused_request_costs_nothing() -> None:
    now = Now()
    limit = RateLimit(1, 60.0, clock=now)
    assert limit.take("a") is None
    for _ in range(100):
        assert limit.take("a") is not None
    now.t += 60.0
    assert limit.take("a") is None


def test_memory_is_bounded_and_refilled_addresses_are_forgotten() -> None:
    now = Now()
    limit = RateLimit(2, 100.0, clock=now, tracked=50)
    for i in range(1000):
        limit.take(f"10.0.{i // 256}.{i % 256}")
        assert len(limit) <= 50
    now.t += 100.0  # every bucket full again: the next take forgets them all
    limit.take("fresh")
    assert len(limit) == 1
    assert RateLimit(0, 60.0, clock=now).take("a") is None  # 0: off


def test_open_count_per_key() -> None:
    count = OpenCount(2)
    assert count.open("a") and count.open("a") and not count.open("a")
    assert count.open("b")
    count.close("a")
    assert count.held("a") == 1 and count.open("a")
    count.close("a")
    count.close("a")
    assert count.held("a") == 0


def scope(peer: str, forwarded: str | None = None) -> dict[str, Any]:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"type": "http", "client": (peer, 5000), "headers": headers}


def test_quotas_count_the_client_address() -> None:
    now = Now()
    quotas = Quotas(QuotaSettings(tables_per_hour=1), proxies=TrustedProxies(["10.0.0.1"]),
                    clock=now)
    quotas.take("tables", scope("192.0.2.1"))
    with pytest.raises(QuotaExceeded) as refused:  # the header of an untrusted peer
        quotas.take("tables", scope("192.0.2.1", "198.51.100.9"))
    assert refused.value.reason == "quota_tables"
    assert refused.value.setting == "quotas.tables_per_hour"
    assert refused.value.retry_after == 3600
    quotas.take("tables", scope("10.0.0.1", "198.51.100.9"))  # through the trusted proxy
    with pytest.raises(QuotaExceeded):
        quotas.take("tables", scope("10.0.0.1", "198.51.100.9"))
    quotas.take("tables", scope("10.0.0.1", "198.51.100.10"))


def test_ceilings_and_sockets() -> None:
    quotas = Quotas(QuotaSettings(open_tables=3, sockets_per_address=1,
                                  entries_per_tournament=10),
                    proxies=TrustedProxies(), clock=Now())
    quotas.ceiling("tables", 2)
    with pytest.raises(QuotaExceeded) as full:
        quotas.ceiling("tables", 3)
    assert full.value.reason == "quota_open_tables"
    quotas.entries(9)
    with pytest.raises(QuotaExceeded):
        quotas.entries(5, 6)
    with quotas.socket(scope("192.0.2.1")):
        with pytest.raises(QuotaExceeded) as sockets:
            quotas.socket(scope("192.0.2.1"))
        assert sockets.value.reason == "quota_sockets"
        quotas.socket(scope("192.0.2.2"))
    with quotas.socket(scope("192.0.2.1")):  # released when the first closed
        pass
