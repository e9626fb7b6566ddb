"""Settings for the whole suite.

Hypothesis's time limits (a 200 ms deadline per example, the "data generation is
slow" health check) are timed assertions: they fail a correct test when the
machine is busy, as a 2-core CI machine running the suite often is.  Speed is
measured in bench/, never asserted here (DESIGN.md), so the suite's profile turns
them off; every property still runs its examples and asserts what it asserts.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "pokerroom", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pokerroom")
