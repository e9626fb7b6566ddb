"""The browser modules' unit tests (tests/js/*.test.js), run in the Chromium the
browser tests use, on the real room (its /static modules, its /api/games) under the
room's Content-Security-Policy.  Each test module is one pytest test here; every
failing JS test is reported by name with what differed.  tests/js/harness.js is the
runner; harness.selftest.js holds tests that must fail, so that a failure is seen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.staticfiles import StaticFiles

from pokerroom.server.app import create_app
from tests.browser.support import LAPTOP, WatchedBrowser, new_page, serve

TESTS = Path(__file__).parent.parent / "js"
MODULES = sorted(p.name for p in TESTS.glob("*.test.js"))


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The room, with tests/js served at /js-tests beside its own /static."""
    database = tmp_path_factory.mktemp("js-units") / "room.sqlite"
    app = create_app(f"sqlite:///{database}")
    app.mount("/js-tests", StaticFiles(directory=TESTS), name="js-tests")
    with serve(app) as url:
        yield url


def _run(browser: WatchedBrowser, server_url: str, module: str) -> tuple[list[dict[str, Any]],
                                                                        list[str]]:
    errors: list[str] = []
    page = new_page(browser, LAPTOP, errors)
    try:
        page.goto(f"{server_url}/js-tests/run.html")
        results = page.evaluate(
            "(path) => import('/js-tests/harness.js').then((h) => h.run(path))",
            f"/js-tests/{module}")
    finally:
        page.context.close()
    # A refusal a test asks the room for (a 404, a 400) is reported by the browser too.
    return list(results), [e for e in errors if not e.startswith("Failed to load resource")]


def test_the_test_modules_are_found() -> None:
    assert len(MODULES) >= 10, MODULES


@pytest.mark.parametrize("module", MODULES)
def test_js_module(module: str, server_url: str, browser: WatchedBrowser) -> None:
    results, errors = _run(browser, server_url, module)
    assert results, f"{module} registered no test"
    failed = [f"{r['name']}: {r['error']}" for r in results if not r["ok"]]
    assert not failed, f"{len(failed)} of {len(results)} tests of {module} failed:\n" + "\n".join(
        failed)
    assert not errors, errors


def test_the_harness_reports_failures(server_url: str, browser: WatchedBrowser) -> None:
    """Every test of harness.selftest.js but the last must fail, each with its name
    and what differed: a broken function makes its test fail."""
    results, _ = _run(browser, server_url, "harness.selftest.js")
    outcome = {r["name"]: (r["ok"], r["error"]) for r in results}
    assert outcome.pop("a passing test passes") == (True, "")
    assert outcome and not any(ok for ok, _ in outcome.values()), outcome
    assert outcome["equal fails on different values"][1] == "expected 1, got 2" or \
        outcome["equal fails on different values"][1] == "expected 2, got 1"
    assert "boom" in outcome["a thrown error fails"][1]
    assert "later" in outcome["a rejected promise fails"][1]
    assert outcome["assert fails on false"][1] == "false is false"
