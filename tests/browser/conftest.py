"""The browser tests' shared fixtures: one Chromium for the browser modules a test process
runs in a row, and no test may make a page break the room's Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import (
    SharedChromium,
    WatchedBrowser,
    poll_function,
)

HERE = Path(__file__).parent


@pytest.fixture(scope="session", autouse=True)
def wait_without_eval() -> Iterator[None]:
    """``Page.wait_for_function`` that works under the room's policy (see
    :func:`~tests.browser.support.poll_function`)."""
    from playwright.sync_api import Page

    def wait_for_function(page: Page, expression: str, *, arg: Any = None,
                          timeout: float | None = None,
                          polling: float | str | None = None) -> Any:
        return poll_function(page, expression, arg=arg, timeout=timeout, polling=polling)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "wait_for_function", wait_for_function)
        yield


SHARED = SharedChromium()
"""This test process's Playwright and Chromium, while it runs browser tests."""


@pytest.fixture(scope="module")
def playwright() -> Any:
    """Playwright's driver (this process's, :data:`SHARED`)."""
    return SHARED.playwright()


@pytest.fixture(scope="module")
def browser() -> Iterator[WatchedBrowser]:
    """This process's Chromium for the module's tests; what they leave open is closed
    after the module."""
    yield WatchedBrowser(SHARED.browser())
    SHARED.clear()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last browser test before anything else (or the end): Playwright and
    Chromium end (their fixtures' own teardown has run by now)."""
    if nextitem is None or HERE not in nextitem.path.parents:
        SHARED.close()


@pytest.fixture(autouse=True)
def no_csp_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test during which a page broke the Content-Security-Policy (an
    inline script, an event-handler attribute, a <style> element, a connection or
    image elsewhere: the browser refused it, so that part of the page is broken)."""
    if "browser" not in request.fixturenames:
        yield
        return
    watched: WatchedBrowser = request.getfixturevalue("browser")
    watched.violations.clear()
    yield
    if watched.violations:
        pytest.fail("the room's Content-Security-Policy was violated (the browser "
                    f"refused it): {watched.violations}")


@pytest.fixture
def errors() -> Iterator[list[str]]:
    """The page errors a test's pages report (its pages append to it): none may be left
    at the end of the test."""
    found: list[str] = []
    yield found
    assert not found, found
