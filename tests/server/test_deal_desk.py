"""server/deals.DealDesk (issue 22): suggestions in worker threads, refused past the
time limit or while the event's last one runs, remembered per chip state."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator

import pytest

from pokerroom.server.settings import Settings, apply
from pokerroom.server.tournaments.deals import BUSY, TOO_SLOW, DealDesk, DealLimits, DealRefused
from pokerroom.tournament.icm import DealQuestion, DealSuggestion, suggest_deal

QUESTION = DealQuestion((6000, 3000, 1000), (5000, 3000, 2000), 500, 1)
OTHER = DealQuestion((5000, 4000, 1000), (5000, 3000, 2000), 0, 1)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Every answer waits until the gate opens (a computation held mid-way)."""
    opened = threading.Event()
    started: list[DealQuestion] = []

    def held(self: DealQuestion) -> DealSuggestion:
        started.append(self)
        assert opened.wait(30)
        return suggest_deal(self.stacks, self.prizes, keep_for_winner=self.keep_for_winner)

    monkeypatch.setattr(DealQuestion, "answer", held)
    yield opened
    opened.set()


def test_the_setting_is_read_and_changed() -> None:
    settings = apply(Settings(), ["deals.seconds=0.5", "deals.workers=1"])
    assert settings.deals == DealLimits(seconds=0.5, workers=1)


def test_an_answer_is_computed_then_remembered() -> None:
    desk = DealDesk(DealLimits())
    try:
        first = asyncio.run(desk.answer("t1", QUESTION))
        assert first == suggest_deal([6000, 3000, 1000], [5000, 3000, 2000],
                                     keep_for_winner=500)
        assert desk.cached(QUESTION) == first
    finally:
        desk.close()


def test_past_the_time_limit_refused_then_cached_when_done(gate: threading.Event) -> None:
    desk = DealDesk(DealLimits(seconds=0.05))
    try:
        with pytest.raises(DealRefused) as refused:
            asyncio.run(desk.answer("t1", QUESTION))
        assert refused.value.reason == TOO_SLOW and "deals.seconds" in str(refused.value)
        with pytest.raises(DealRefused) as busy:  # the same event, another chip state
            asyncio.run(desk.answer("t1", OTHER))
        assert busy.value.reason == BUSY
        gate.set()
        answer = asyncio.run(desk.answer("t1", QUESTION))  # the same question waits for it
        assert sum(answer.icm) == 9500
        assert desk.cached(QUESTION) == answer
    finally:
        desk.close()


def test_at_most_workers_in_all(gate: threading.Event) -> None:
    desk = DealDesk(DealLimits(seconds=0.05, workers=1))
    try:
        with pytest.raises(DealRefused):
            asyncio.run(desk.answer("t1", QUESTION))
        with pytest.raises(DealRefused) as busy:  # another event: no worker free
            asyncio.run(desk.answer("t2", OTHER))
        assert busy.value.reason == BUSY and "deals.workers" in str(busy.value)
    finally:
        gate.set()
        desk.close()


def test_the_cache_is_bounded() -> None:
    desk = DealDesk(DealLimits(cached=2))
    try:
        questions = [DealQuestion((1000 + k, 500), (300, 100), 0, 1) for k in range(3)]
        for q in questions:
            asyncio.run(desk.answer("t1", q))
        assert desk.cached(questions[0]) is None
        assert desk.cached(questions[1]) is not None and desk.cached(questions[2]) is not None
    finally:
        desk.close()
