"""What both browser tests need: a real server on a loopback port, Debian's
Chromium driven by Playwright (the ``browser`` fixture is in conftest.py), three
people at their screens, screenshots and careful clicks."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
import urllib.request
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from pokerroom.server.app import create_app

CHROMIUM = os.environ.get("POKERROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def serve(app: FastAPI, port: int = 0) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread on a loopback port (free, or ``port``: a
    restarted server at the same address); yield its URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the pokerroom server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextlib.contextmanager
def playwright_driver() -> Iterator[Any]:
    """Playwright's driver (its one Node.js process) for the ``with`` block; a clear
    failure when the package is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the Python package playwright is missing: pip install -e '.[dev]'")
    with sync_playwright() as playwright:
        yield playwright


@contextlib.contextmanager
def chromium(playwright: Any, extra_args: Sequence[str] = ()) -> Iterator[Any]:
    """Debian's Chromium launched by ``playwright`` (:func:`playwright_driver`), with
    ``extra_args`` besides :data:`CHROMIUM_ARGS`; a clear failure when it is missing."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}. The browser test needs Debian's "
            "chromium: run `make browser` (as root: apt-get update && apt-get install -y "
            "chromium), or point POKERROOM_CHROMIUM at a Chromium binary."
        )
    launched = playwright.chromium.launch(executable_path=CHROMIUM,
                                          args=[*CHROMIUM_ARGS, *extra_args])
    try:
        yield launched
    finally:
        launched.close()


class SharedChromium:
    """One Playwright driver and one Chromium for the browser test modules a test
    process runs one after another, each started when first asked for (Chromium again
    if a test left it disconnected).  A launch costs about a second of CPU, and the
    driver's start more, paid by each of the 27 modules when each had its own.  Each
    module still gets a browser without any other's pages (:meth:`clear`), and
    :meth:`close` ends both before the process runs anything else: while Playwright's
    driver runs, its event loop is the thread's running loop, and ``asyncio.run``
    refuses to start."""

    def __init__(self) -> None:
        self._running: contextlib.ExitStack | None = None
        self._playwright: Any = None
        self._launched: Any = None

    def playwright(self) -> Any:
        if self._running is None:
            self._running = contextlib.ExitStack()
            self._playwright = self._running.enter_context(playwright_driver())
        return self._playwright

    def browser(self) -> Any:
        playwright = self.playwright()
        if self._launched is None or not self._launched.is_connected():
            assert self._running is not None
            self._launched = self._running.enter_context(chromium(playwright))
        return self._launched

    def clear(self) -> None:
        """Close the contexts (and their pages) a module left open."""
        if self._launched is not None and self._launched.is_connected():
            for context in list(self._launched.contexts):
                context.close()

    def close(self) -> None:
        running, self._running, self._playwright, self._launched = (
            self._running, None, None, None)
        if running is not None:
            running.close()


CSP_LISTENER = """
window.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.effectiveDirective} refused ${e.blockedURI || "inline"}`
                + ` at ${e.sourceFile || document.location.href}:${e.lineNumber}`);
}, true);
"""
"""Run in every page before its own scripts: a violation of the room's
Content-Security-Policy becomes a console error the harness sees (Chromium's own
report of it does not reach Playwright's console events)."""


class WatchedBrowser:
    """The launched Chromium, every page of which reports the violations of the
    room's Content-Security-Policy into :attr:`violations` (the ``browser`` fixture;
    conftest.py fails a test that caused one).  Everything else is the browser's."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.violations: list[str] = []

    def watch(self, context: Any) -> Any:
        """Report ``context``'s violations (its pages', now and later), and keep its
        pages' last socket messages (:func:`page_evidence`); ``context``."""
        context.add_init_script(CSP_LISTENER)
        context.on("console", lambda m: self.violations.append(f"{m.text} ({m.page.url})")
                   if m.type == "error" and m.text.startswith("CSP violation") else None)
        context.on("page", keep_frames)
        return context

    def new_context(self, **options: Any) -> Any:
        return self.watch(self.browser.new_context(**options))

    def new_page(self, **options: Any) -> Any:
        page = self.browser.new_page(**options)
        self.watch(page.context)
        keep_frames(page)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


def poll_function(page: Any, expression: str, *, arg: Any = None,
                  timeout: float | None = None, polling: float | str | None = None) -> Any:
    """``page.wait_for_function`` without ``eval`` in the page: Playwright evaluates its
    predicate with ``eval`` inside the page, which the room's Content-Security-Policy
    rightly refuses (no ``'unsafe-eval'``); this asks the page through DevTools
    (``page.evaluate``, which no page's policy restricts) every ``polling`` ms (25 by
    default) until the predicate is truthy, for at most ``timeout`` ms (30 s by default,
    Playwright's).  The conftest installs it as ``Page.wait_for_function``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    interval = polling if isinstance(polling, (int, float)) else 25
    deadline = time.monotonic() + (30_000 if timeout is None else timeout) / 1000
    while True:
        try:
            result = page.evaluate(expression, arg)
        except Exception as exc:  # a navigation replaced the page under us: ask again
            if "context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            result = None
        if result:
            return result
        if time.monotonic() > deadline:
            raise PlaywrightTimeout(f"wait_for_function: {timeout or 30_000} ms passed and "
                                    f"{expression!r} is still {result!r}; the page: "
                                    f"{page_evidence(page)}")
        page.wait_for_timeout(interval)


PAGE_EVIDENCE = """() => ({
  url: location.href, title: document.title,
  connection: (document.getElementById("conn") || {}).textContent || null,
  offline: document.body.classList.contains("offline"),
  data: Object.assign({}, document.body.dataset),
  toasts: [...document.querySelectorAll("#toasts .toast")].map((t) => t.textContent),
  dock: ((document.getElementById("dock") || {}).innerText || "").slice(0, 300),
  buttons: [...document.querySelectorAll("#dock button")].map(
    (b) => `${b.id || b.textContent.trim()}${b.disabled ? " (disabled)" : ""}`),
  focused: document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : null,
})"""


FRAMES_KEPT = 30
"""The socket messages a page keeps for :func:`page_evidence` (its last, both ways)."""
_FRAMES: weakref.WeakKeyDictionary[Any, deque[str]] = weakref.WeakKeyDictionary()


_ACTS: weakref.WeakKeyDictionary[Any, tuple[set[int], set[int]]] = weakref.WeakKeyDictionary()


def keep_frames(page: Any) -> None:
    """Keep ``page``'s last :data:`FRAMES_KEPT` socket messages, sent (``>``) and
    received (``<``), each cut to 300 characters, and which of its actions the table
    acknowledged (:func:`actions_taken`)."""
    if page in _FRAMES:
        return
    kept = _FRAMES[page] = deque(maxlen=FRAMES_KEPT)
    sent, acked = _ACTS[page] = (set(), set())

    def socket(ws: Any) -> None:
        def frame(way: str) -> Callable[[Any], None]:
            def seen(payload: Any) -> None:
                # (A listener that raised would break Playwright's delivery of the
                # page's events: nothing here may.)
                text = str(payload)
                kept.append(f"{time.monotonic():.2f} {way} {text[:300]}")
                if '"act"' not in text and '"ack"' not in text:
                    return
                try:
                    message = json.loads(text)
                except ValueError:
                    return
                ident = message.get("id") if isinstance(message, dict) else None
                if not isinstance(ident, int):  # (a tournament's page sends no ids)
                    return
                if way == ">" and message.get("type") == "act":
                    sent.add(ident)
                elif message.get("type") == "ack" and ident in sent:
                    acked.add(ident)
            return seen
        ws.on("framesent", frame(">"))
        ws.on("framereceived", frame("<"))
    page.on("websocket", socket)


def actions_taken(page: Any) -> int:
    """How many of ``page``'s actions (its "act" messages) the table has acknowledged
    (carried out), as far as Playwright has told (its events arrive while a call to
    it waits: see :func:`wait_for_action`)."""
    return len(_ACTS[page][1]) if page in _ACTS else 0


def wait_for_action(page: Any, taken: int, seconds: float = 30.0) -> None:
    """Wait until the table has acknowledged more than ``taken`` of ``page``'s actions
    (:func:`actions_taken` before the click or key): what a test waits on after acting,
    where the state alone may look the same (her next turn may come with the answer).
    Waits in the page (``wait_for_timeout``), which lets Playwright deliver the socket's
    messages."""
    deadline = time.monotonic() + seconds
    while actions_taken(page) <= taken:
        if time.monotonic() > deadline:
            raise AssertionError(f"the table acknowledged no action of the page in {seconds} "
                                 f"s; the page: {page_evidence(page)}")
        page.wait_for_timeout(25)


def record_shown(page: Any, selector: str) -> None:
    """Record in ``page`` every text the element at ``selector`` shows while visible
    (a MutationObserver, so a notice shown for less than a poll's interval under load
    is still seen): read them with :func:`shown`."""
    page.evaluate("""(sel) => {
      const box = document.querySelector(sel);
      const seen = (window.__shown = window.__shown || {})[sel] = [];
      const note = () => { if (!box.hidden && box.textContent) seen.push(box.textContent); };
      note();
      new MutationObserver(note).observe(box, {attributes: true, childList: true,
                                               subtree: true, characterData: true});
    }""", selector)


def shown(page: Any, selector: str) -> list[str]:
    """The texts :func:`record_shown` saw ``selector`` show, in order."""
    texts: list[str] = page.evaluate("(sel) => window.__shown[sel]", selector)
    return texts


def page_evidence(page: Any) -> str:
    """What a page shows that says why it did not get where a test waited: its
    connection, its toasts, its body's data attributes, the dock (its buttons, and
    which are disabled), the focused element and its last socket messages (for a
    timed-out wait's message: a flake in CI names its cause)."""
    try:
        shown = json.dumps(page.evaluate(PAGE_EVIDENCE))
    except Exception as exc:  # the page is gone or navigating: say so
        shown = f"(could not be read: {exc})"
    frames = "\n  ".join(_FRAMES.get(page, ()))
    return f"{shown}\n its last socket messages (now {time.monotonic():.2f}):\n  {frames}"


SEED = 22
"""The browser tests' rooms are made with this seed (``create_app(seed=...)``): their
deals, bots and seat draws are the same on every run, never the OS's randomness."""


def room_server(name: str, **options: Any) -> Callable[..., Iterator[str]]:
    """A module's ``server_url`` fixture: the room (``create_app(..., **options)``,
    seeded with :data:`SEED` unless ``options`` says otherwise) on a fresh SQLite file in
    a temp dir named ``name``, served for the module."""

    @pytest.fixture(scope="module")
    def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
        database = tmp_path_factory.mktemp(name) / "room.sqlite"
        with serve(create_app(f"sqlite:///{database}", **{"seed": SEED, **options})) as url:
            yield url

    return server_url


@contextlib.contextmanager
def three_people(browser: Any, errors: list[str]) -> Iterator[tuple[Any, Any, Any]]:
    """Alice on a laptop, Bob on a phone (touch, twice the pixels) and a spectator on a
    laptop: a page each in a browser context of its own, 10 s to wait for anything;
    every page error and console error lands in ``errors``.  The contexts close after."""
    contexts = [
        browser.new_context(viewport=LAPTOP),
        browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                            has_touch=True),
        browser.new_context(viewport=LAPTOP),
    ]
    try:
        pages = [ctx.new_page() for ctx in contexts]
        for page, who in zip(pages, ("alice", "bob", "spectator"), strict=True):
            page.set_default_timeout(30_000)
            page.on("pageerror", lambda exc, who=who: errors.append(f"{who}: {exc}"))
            page.on("console", lambda m, who=who: errors.append(f"{who}: {m.text}")
                    if m.type == "error" else None)
        alice, bob, watcher = pages
        yield alice, bob, watcher
    finally:
        for ctx in contexts:
            ctx.close()


def new_page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    """A page in a browser context of its own at ``viewport`` (:data:`PHONE`: a touch
    phone), 10 s to wait for anything; every page error and console error lands in
    ``errors``.  ``page.context.close()`` ends it."""
    context = browser.new_context(viewport=viewport, **(
        {"is_mobile": True, "has_touch": True} if viewport == PHONE else {}))
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page


def post_json(url: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON to the room at ``url`` and return the decoded answer."""
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


def open_as(page: Any, url: str, table: str, joined: dict[str, Any] | None, name: str = "",
            host: str | None = None) -> None:
    """Open the table's page as the person who joined through the API (their seat token
    in localStorage, as the join dialog leaves it) and as its host when ``host`` is
    given (as a host link leaves the key); the caller waits for what it needs."""
    page.goto(f"{url}/t/{table}")
    if joined is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [
            f"pokerroom.seat.{table}",
            json.dumps({"token": joined["token"], "seat": joined["seat"], "name": name})])
    if host is not None:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [f"pokerroom.host.{table}", json.dumps(host)])
    page.reload()


def shot(page: Any, name: str, *, full: bool = False) -> None:
    """A screenshot in ``artifacts/{name}.png`` (``full``: the whole page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


_READY = """(found) => {
  if (found.length !== 1) return false;
  const el = found[0], box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden"
    && !el.matches(":disabled");
}"""


def ready(page: Any, selector: str) -> bool:
    """Whether the one element ``selector`` finds is there, shown and enabled, read in
    one look at the page that never waits.  (``is_visible()`` then ``is_enabled()``
    is two looks: when the page re-draws its buttons between them, as it does on each
    new state, ``is_enabled`` waits 30 s for a button that is gone, failing the test.)"""
    try:
        return bool(page.locator(selector).evaluate_all(_READY))
    except Exception:  # the page navigates or reloads: not ready now
        return False


def click_if_ready(page: Any, selector: str) -> bool:
    """Click the button when it is there, shown and enabled; True when clicked."""
    if not ready(page, selector):
        return False
    try:
        page.locator(selector).click(timeout=1_000)
    except Exception:  # re-rendered under us: the next round clicks again
        return False
    return True


def until(what: str, condition: Callable[[], Any], seconds: float = 30.0) -> Any:
    """Poll ``condition`` (an HTTP read, say) until it gives a true value, which is
    returned; fails naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.05)
