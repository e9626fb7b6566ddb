"""Settings for the whole suite.

Hypothesis's time limits (a 200 ms deadline per example, the "data generation is
slow" health check) are timed assertions: they fail a correct test when the
machine is busy, as a 2-core CI machine running the suite often is.  Speed is
measured in bench/, never asserted here (DESIGN.md), so the suite's profile turns
them off; every property still runs its examples and asserts what it asserts.

``make unit-compiled`` runs the engine's tests again against the mypyc-compiled
engine, after ``make unit`` ran them in full on the same source: it selects the
``pokerroom-compiled`` profile (``POKERROOM_HYPOTHESIS_PROFILE``), which runs at most
:data:`COMPILED_EXAMPLES` examples of each property (tests/properties/hands.py's
``examples`` caps the counts the properties set themselves).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

# Every table version made from what changed is made whole too and compared, in this
# process and in the servers the tests start (pokerroom/server/tables/scene.py, CHECK).
os.environ.setdefault("POKERROOM_CHECK_SCENE", "1")

import pytest
from hypothesis import HealthCheck, settings

from tests.schedule import longest_first

COMPILED_EXAMPLES = 200

settings.register_profile(
    "pokerroom", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "pokerroom-compiled", parent=settings.get_profile("pokerroom"),
    max_examples=COMPILED_EXAMPLES)
settings.load_profile(os.environ.get("POKERROOM_HYPOTHESIS_PROFILE", "pokerroom"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest files first (tests/schedule.py), so that a run in several
    processes does not end on one of them; ``make unit`` turns off xdist's own
    reordering (``--no-loadscope-reorder``), which would undo this."""
    items[:] = longest_first(items)


@pytest.fixture(autouse=True)
def _scene_checked() -> Iterator[None]:
    """A table version made from what changed that differs from the same version made
    whole fails the test that made it (pokerroom/server/tables/scene.py, CHECK; only
    where the test imported it)."""
    yield
    scene = sys.modules.get("pokerroom.server.tables.scene")
    failures: list[str] = getattr(scene, "CHECK_FAILURES", [])
    found = list(failures)
    failures.clear()
    assert not found, found[0]
