"""The room's browser protections in a real Chromium (issue #22, "Browsers"): a page on
another site cannot open the room's sockets, send it changes or frame its pages, and
the room's own pages keep working under its Content-Security-Policy (no inline script
runs; the harness, conftest.py, fails any test during which a page broke the policy).

"Another site" is a page served by a second little server on 127.0.0.1 (another port,
so another origin; on loopback, so that Chromium's private-network rules do not stop
it before the room can): it runs its own script and talks to the room as a real one
would.
Chromium missing fails, it does not skip.
"""

from __future__ import annotations

import contextlib
import json
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.browser.support import LAPTOP, PHONE, WatchedBrowser, new_page, room_server, shot

server_url = room_server("browser-security", bot_delay=0.05, pause_between_hands=0.5)


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


@contextlib.contextmanager
def another_site(html: str) -> Iterator[str]:
    """``html`` served at ``/`` of a site of its own (no security headers); its URL."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_another_sites_page_cannot_use_the_room(server_url: str,
                                                browser: WatchedBrowser) -> None:
    """Its socket is refused at the upgrade (it never watches or chats), its POST is
    refused (a live director's action sent as text/plain, which needs no CORS
    preflight; even with the key, say leaked, nothing is registered) and its frame of
    the table's page stays empty."""
    table = _post(f"{server_url}/api/tables", {"name": "Target", "seats": 6})
    event = _post(f"{server_url}/api/live", {"name": "Target event"})
    host = server_url.removeprefix("http://")
    body = json.dumps({"host": event["host"], "name": "From evil"})
    errors: list[str] = []
    with another_site(f"""<!doctype html><body><script>
      window.outcome = new Promise((done) => {{
        const ws = new WebSocket("ws://{host}/ws/tables/{table['id']}", ["pokerroom"]);
        ws.onmessage = (m) => done("message: " + m.data.slice(0, 40));
        ws.onclose = (e) => done("closed " + e.code);
      }});
      window.posted = fetch("{server_url}/api/live/{event['id']}/register",
                            {{method: "POST", mode: "no-cors", body: {json.dumps(body)}}})
        .then(() => "answered", (e) => "no answer: " + e);
    </script>
    <iframe id="framed" src="{server_url}/t/{table['id']}"></iframe></body>""") as url:
        page = new_page(browser, LAPTOP, errors)
        page.goto(url)
        assert page.evaluate("window.outcome") == "closed 1006"
        # The refusal's answer is the room's alone (Cross-Origin-Resource-Policy):
        # the page sees a failed fetch, as it would see a network error.
        assert page.evaluate("window.posted") == "no answer: TypeError: Failed to fetch"
        with urllib.request.urlopen(f"{server_url}/api/live/{event['id']}", timeout=10) as r:
            assert "From evil" not in r.read().decode()
        # frame-ancestors 'none': the frame holds Chromium's error page, not the table.
        page.wait_for_function("document.readyState === 'complete'")
        assert page.frame_locator("#framed").locator("#t-name").count() == 0
        assert any("frame-ancestors" in e for e in errors), errors
        assert any("403" in e for e in errors), errors  # the refused upgrade, logged
        page.context.close()


def test_the_rooms_own_page_runs_and_inline_script_does_not(server_url: str,
                                                            browser: WatchedBrowser) -> None:
    """Under the policy the lobby works (its scripts are the room's files), while a
    script put into the page inline is refused, and the harness sees the refusal."""
    _post(f"{server_url}/api/tables", {"name": "Lobby row", "seats": 6})
    errors: list[str] = []
    page = new_page(browser, LAPTOP, errors)
    page.goto(server_url)
    page.locator("#tables tr.table-row").first.wait_for()
    assert errors == [] and browser.violations == []
    with (page.expect_console_message(lambda m: "style-src-elem" in m.text),
          page.expect_console_message(lambda m: "script-src" in m.text)):
        page.evaluate("""() => {
            const s = document.createElement("script");
            s.textContent = "window.injected = true";
            document.body.append(s);
            const style = document.createElement("style");
            style.textContent = "body { background: red }";
            document.head.append(style);
        }""")
    assert page.evaluate("window.injected === undefined")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 0, 0)"
    seen = list(browser.violations)
    browser.violations.clear()  # seen on purpose: not this test's failure
    assert any("script-src" in v for v in seen), seen
    assert any("style-src-elem" in v for v in seen), seen
    page.context.close()


def test_the_new_live_event_page_runs_its_moved_script(server_url: str,
                                                       browser: WatchedBrowser) -> None:
    """live_new.html's script, once inline, is live_new.js now: the page lists the
    events and its form creates one (laptop and phone; screenshots)."""
    _post(f"{server_url}/api/live", {"name": "Listed event"})
    errors: list[str] = []
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_page(browser, viewport, errors)
        page.goto(f"{server_url}/live")
        page.locator("#events li a", has_text="Listed event").wait_for()
        shot(page, f"{name}-live-new")
        page.context.close()
    page = new_page(browser, LAPTOP, errors)
    page.goto(f"{server_url}/live")
    page.locator("#name").fill("Made by the form")
    page.locator("#new-form button[type=submit]").click()
    page.wait_for_url("**/console#host=*")
    assert errors == [], errors
    page.context.close()
