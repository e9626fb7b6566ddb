"""Other sites' pages against a real ``pokerroom serve`` (issue #22, "Browsers").

A browser sends the page's origin in ``Origin`` on every WebSocket upgrade and every
cross-site POST; the room refuses those from pages that are neither its own nor in
``browser.allowed_origins`` (:mod:`pokerroom.server.origins`), and every answer
carries the headers that stop other sites framing its pages or running scripts in
them (:mod:`pokerroom.server.headers`).  A client without ``Origin`` (a bot, a
script) is no page and is served as before.

One server (SQLite) for the module, started with ``browser.allowed_origins`` set to
one other site; everything talks to 127.0.0.1 over real HTTP and real WebSockets.
"""

from __future__ import annotations

import re
import socket
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin, Subprotocol

from pokerroom.server.guard.clients import TrustedProxies
from pokerroom.server.guard.headers import HEADERS, POLICY
from pokerroom.server.guard.origins import BrowserSettings, OriginCheck
from pokerroom.server.pages import STATIC
from tests.ports import free_port
from tests.server.serving import assert_clean_log, http, start_server

ALLOWED = "https://cards.example"
EVIL = "https://evil.example"


@dataclass
class Served:
    port: int
    log: Path
    process: subprocess.Popen[bytes]
    table: str
    tournament: str
    event: str
    host: str  # the live event's key

    @property
    def own(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    home = tmp_path_factory.mktemp("browser-security")
    port, log = free_port(), home / "server.log"
    # The allow-list as an operator might write it: case and the default port; and
    # the room's loopback as its proxy (nginx on the same machine).
    process = start_server(port, f"sqlite:///{home / 'room.sqlite'}", log,
                           settings=["browser.allowed_origins=https://Cards.Example:443",
                                     "proxy.trusted=127.0.0.1"])
    try:
        status, table = http(port, "POST", "/api/tables", {"name": "t", "seats": 6})
        assert status == 200, table
        status, tournament = http(port, "POST", "/api/tournaments", {"name": "t"})
        assert status == 200, tournament
        status, event = http(port, "POST", "/api/live", {"name": "e"})
        assert status == 200, event
        yield Served(port, log, process, table["id"], tournament["id"], event["id"],
                     event["host"])
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert_clean_log(log)


def sockets(s: Served) -> list[str]:
    """Every WebSocket route of the room (live events have none: their pages poll)."""
    return [f"/ws/tables/{s.table}", f"/ws/tournaments/{s.tournament}"]


def open_socket(s: Served, path: str, origin: str | None, *, host: str | None = None,
                **kw: Any) -> ClientConnection:
    """A socket to the room on 127.0.0.1, sent as to ``host`` (its ``Host`` header)."""
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
    ws: ClientConnection = connect(
        f"ws://{host or f'127.0.0.1:{s.port}'}{path}", sock=sock, open_timeout=10,
        origin=Origin(origin) if origin is not None else None,
        subprotocols=[Subprotocol("pokerroom")], **kw)
    return ws


def assert_watching(ws: ClientConnection) -> None:
    """The socket was accepted and sends the state (a table's or a tournament's)."""
    with ws:
        first: str = ws.recv(timeout=10)  # type: ignore[assignment]
        assert '"type"' in first and "cross_origin" not in first


def assert_refused(s: Served, path: str, origin: str, **kw: Any) -> None:
    with pytest.raises(InvalidStatus) as refused:
        open_socket(s, path, origin, **kw)
    assert refused.value.response.status_code == 403, refused.value.response


@pytest.mark.parametrize("which", [0, 1], ids=["table", "tournament"])
@pytest.mark.parametrize("origin", [
    EVIL,
    "null",  # a sandboxed frame, a data: or file: page
    "https://127.0.0.1",  # the room's host, another scheme and port
    "http://127.0.0.1:1",  # the room's host and scheme, another port
    "http://127.0.0.1.evil.example",
])
def test_socket_from_another_sites_page_is_refused(served: Served, which: int,
                                                    origin: str) -> None:
    """A page elsewhere cannot open the room's sockets (and so cannot watch or chat)."""
    assert_refused(served, sockets(served)[which], origin)


@pytest.mark.parametrize("which", [0, 1], ids=["table", "tournament"])
def test_socket_from_the_rooms_own_page_is_accepted(served: Served, which: int) -> None:
    assert_watching(open_socket(served, sockets(served)[which], served.own))
    # The same page reached by another name of the same host: Host and Origin agree.
    assert_watching(open_socket(served, sockets(served)[which],
                                f"http://localhost:{served.port}",
                                host=f"localhost:{served.port}"))


@pytest.mark.parametrize("which", [0, 1], ids=["table", "tournament"])
def test_socket_without_origin_is_accepted(served: Served, which: int) -> None:
    """Bots and scripts send no Origin: they are no page, and are served as before."""
    assert_watching(open_socket(served, sockets(served)[which], None))


@pytest.mark.parametrize("which", [0, 1], ids=["table", "tournament"])
def test_socket_from_an_allowed_origin_is_accepted(served: Served, which: int) -> None:
    assert_watching(open_socket(served, sockets(served)[which], ALLOWED))
    assert_watching(open_socket(served, sockets(served)[which], "https://CARDS.example:443"))


def test_socket_behind_a_tls_proxy_is_the_proxys_scheme(served: Served) -> None:
    """nginx ends TLS and forwards ``Host`` and ``X-Forwarded-Proto: https``: the room's
    own pages are https ones (the proxy here is on the room's loopback, one of
    ``proxy.trusted``)."""
    path = sockets(served)[0]
    behind: dict[str, Any] = {"host": "room.example",
                              "additional_headers": {"X-Forwarded-Proto": "https"}}
    assert_watching(open_socket(served, path, "https://room.example", **behind))
    assert_refused(served, path, "http://room.example", **behind)
    assert_refused(served, path, EVIL, **behind)
    # Without the proxy's word the room is plain http: an https page is another's.
    assert_refused(served, path, "https://room.example", host="room.example")
    assert_watching(open_socket(served, path, "http://room.example", host="room.example"))


def test_only_a_trusted_proxy_says_the_scheme() -> None:
    """``X-Forwarded-Proto`` from a peer that is not one of ``proxy.trusted`` is
    ignored: the scheme is the connection's own."""
    check = OriginCheck.rules(BrowserSettings(), TrustedProxies(["10.0.0.0/8"]))

    def scope(peer: str, origin: str) -> dict[str, Any]:
        return {"type": "websocket", "scheme": "ws", "client": (peer, 40000),
                "headers": [(b"host", b"room.example"), (b"origin", origin.encode()),
                            (b"x-forwarded-proto", b"https")]}

    assert check.allowed(scope("10.1.2.3", "https://room.example"))
    assert not check.allowed(scope("10.1.2.3", "http://room.example"))
    assert not check.allowed(scope("203.0.113.9", "https://room.example"))
    assert check.allowed(scope("203.0.113.9", "http://room.example"))


def lobby_size(s: Served) -> int:
    status, tables = http(s.port, "GET", "/api/tables")
    assert status == 200
    return len(tables)


def test_changes_from_another_sites_page_are_refused(served: Served) -> None:
    """A page elsewhere can send a POST without a CORS preflight (a form, or ``fetch``
    in ``no-cors`` mode); the room refuses it when its Origin is not the room's, and
    nothing is created."""
    before = lobby_size(served)
    body = {"name": "from elsewhere", "seats": 6}
    status, answer = http(served.port, "POST", "/api/tables", body, headers={"Origin": EVIL})
    assert status == 403 and answer["reason"] == "cross_origin", answer
    status, answer = http(served.port, "POST", f"/api/tables/{served.table}/join",
                          {"name": "mallory", "seat": 0, "buy_in": 100},
                          headers={"Origin": "null"})
    assert status == 403 and answer["reason"] == "cross_origin", answer
    assert lobby_size(served) == before
    # The room's own pages, an allowed site and programs without Origin create.
    for headers in ({"Origin": served.own}, {"Origin": ALLOWED}, {}):
        status, answer = http(served.port, "POST", "/api/tables", body, headers=headers)
        assert status == 200, (headers, answer)
    assert lobby_size(served) == before + 3


def test_simple_requests_from_elsewhere_are_refused(served: Served) -> None:
    """What a page elsewhere can send without a CORS preflight: a body without a
    Content-Type (``fetch(url, {mode: "no-cors", body: new Blob([json])})``) or as
    ``text/plain`` (a form, or ``fetch`` with a string).  FastAPI reads neither as
    JSON (415, server/json_bodies); the Origin check refuses them from another
    site's page before that (403).  Nothing is created either way."""

    def post(headers: dict[str, str]) -> int:
        connection = HTTPConnection("127.0.0.1", served.port, timeout=10)
        try:  # http.client adds no Content-Type of its own
            connection.request("POST", "/api/tables", body=b'{"name": "simple", "seats": 6}',
                               headers=headers)
            return connection.getresponse().status
        finally:
            connection.close()

    before = lobby_size(served)
    assert post({"Origin": EVIL}) == 403
    assert post({"Origin": EVIL, "Content-Type": "text/plain"}) == 403
    assert post({}) == 415  # a body is JSON with its Content-Type only (json_bodies)
    assert post({"Content-Type": "text/plain"}) == 415
    assert lobby_size(served) == before


def test_a_live_directors_action_from_elsewhere_is_refused(served: Served) -> None:
    """Live routes read the body as JSON whatever its Content-Type (a form's text/plain
    too); from another site's page the Origin check refuses it first."""
    status, answer = http(served.port, "POST", f"/api/live/{served.event}/register",
                          {"host": served.host, "name": "from elsewhere"},
                          headers={"Origin": EVIL, "Content-Type": "text/plain"})
    assert status == 403 and answer["reason"] == "cross_origin", answer
    status, state = http(served.port, "GET", f"/api/live/{served.event}")
    assert status == 200 and "from elsewhere" not in str(state)


def test_reading_needs_no_origin_check(served: Served) -> None:
    """GET changes nothing: a link or an image from elsewhere is answered as ever."""
    status, _ = http(served.port, "GET", "/api/tables", headers={"Origin": EVIL})
    assert status == 200


def pages(s: Served) -> list[str]:
    """Every page of the room (a live player's page from a registration's link)."""
    status, joined = http(s.port, "POST", f"/api/live/{s.event}/register",
                          {"host": s.host, "name": f"p{free_port()}"})
    assert status == 200, joined
    return ["/", f"/t/{s.table}", f"/tournaments/{s.tournament}",
            f"/tournaments/{s.tournament}/results", "/live", f"/live/{s.event}",
            f"/live/{s.event}/console", f"/live/{s.event}/p/{joined['token']}"]


def assert_headers(headers: Any, where: str) -> None:
    assert headers.get("Content-Security-Policy") == POLICY, where
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (where, name, headers.get(name))
    policy = POLICY.split("; ")
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_every_page_and_answer_carries_the_security_headers(served: Served) -> None:
    """Pages, API answers, static files, errors: a CSP without inline script, no
    framing, nosniff, no referrer."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    paths = [*pages(served), "/api/tables", f"/api/tables/{served.table}",
             f"/api/tournaments/{served.tournament}", f"/api/live/{served.event}",
             "/static/table.js", "/static/style.css", "/static/favicon.svg",
             "/api/tables/nope", "/no/such/page"]
    for path in paths:
        try:
            with opener.open(f"http://127.0.0.1:{served.port}{path}", timeout=10) as response:
                headers = response.headers
        except urllib.error.HTTPError as exc:
            assert exc.code == 404, path
            headers = exc.headers
        assert_headers(headers, path)
    # A refused change too.
    request = urllib.request.Request(f"http://127.0.0.1:{served.port}/api/tables",
                                     data=b"{}", method="POST", headers={"Origin": EVIL})
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(request, timeout=10)
    assert_headers(refused.value.headers, "refused POST")


class _Scripts(HTMLParser):
    """The inline scripts, event-handler attributes and ``javascript:`` URLs of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            self._in_script = True
            if not named.get("src"):
                self.found.append(f"<script> without src at line {self.getpos()[0]}")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=...> at line {self.getpos()[0]}")
            if value and value.strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}> at line {self.getpos()[0]}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append(f"script text at line {self.getpos()[0]}")


@pytest.mark.parametrize("html", sorted(p.name for p in STATIC.glob("*.html")))
def test_no_page_has_inline_script(html: str) -> None:
    """``script-src 'self'`` runs only the room's .js files: a page's inline script,
    ``on...=`` attribute or ``javascript:`` link would be refused by the browser."""
    parser = _Scripts()
    parser.feed((STATIC / html).read_text())
    assert parser.found == [], (html, parser.found)


# Markup built in a script: an element with an on...= attribute or a javascript: link.
_MARKUP_HANDLER = re.compile(r"<[a-z][^<>]*\son[a-z]+\s*=|javascript:", re.IGNORECASE)


@pytest.mark.parametrize("js", sorted(p.name for p in STATIC.glob("*.js")))
def test_no_script_builds_inline_handlers(js: str) -> None:
    """The markup the scripts build (``innerHTML``) has no ``on...=`` attributes or
    ``javascript:`` links either: the policy refuses those too."""
    found = [f"line {n}: {line.strip()}"
             for n, line in enumerate((STATIC / js).read_text().splitlines(), 1)
             if _MARKUP_HANDLER.search(line)]
    assert found == [], (js, found)


def test_the_origin_rules_doctests() -> None:
    """The origins module's examples (what counts as the same origin) hold."""
    import doctest

    from pokerroom.server.guard import origins

    result = doctest.testmod(origins)
    assert result.attempted >= 7 and result.failed == 0, result
