"""The room on the internet (issue 24): Debian's nginx in front speaking HTTPS with
the site ``pokerroom nginx-config --tls-...`` renders (deploy/nginx/pokerroom-tls.conf),
a self-signed certificate made by ``openssl`` for the test, one ``pokerroom serve
--public-url https://poker.test:PORT`` behind it.  What a friend's browser does
through it: the room's address, its sockets over ``wss://`` from a page on the public
address, plain HTTP sent to HTTPS; and why the public URL is an allowed origin.
(tests/browser/test_friends_browser.py plays a hand through it in Chromium.)"""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import cast

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage, InvalidStatus
from websockets.typing import Origin

from pokerroom.server.cluster.proxy_config import Tls, render
from tests.cluster.tls import NAME, HttpsRoom, https_room

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "pokerroom-tls.conf"
LETS_ENCRYPT = Path("/etc/letsencrypt/live/poker.example.org")


def test_the_deployed_tls_site_is_what_nginx_config_renders() -> None:
    assert DEPLOY.read_text() == render("443", {"room": "127.0.0.1:8000"}, tls=Tls(
        certificate=LETS_ENCRYPT / "fullchain.pem", key=LETS_ENCRYPT / "privkey.pem",
        server_name="poker.example.org", redirect_from="80"))


@pytest.mark.parametrize(("tls", "says"), [
    (Tls(certificate=Path("room.pem"), key=Path("/k.pem")), "certificate 'room.pem'"),
    (Tls(certificate=Path("/c.pem"), key=Path("/k;.pem")), "key '/k;.pem'"),
    (Tls(certificate=Path("/c.pem"), key=Path("/k.pem"), server_name="a b"), "server name"),
    (Tls(certificate=Path("/c.pem"), key=Path("/k.pem"), redirect_from="80; x"),
     "redirect address"),
])
def test_bad_tls_input_is_refused_with_what_is_allowed(tls: Tls, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        render("443", {"room": "127.0.0.1:8000"}, tls=tls)


def _socket(room: HttpsRoom, table: str, origin: str) -> str:
    """The first message of a spectator's socket to ``table`` through nginx, opened
    by a page at ``origin``.  A handshake that gets no HTTP answer at all, or none in
    time, fails with what nginx and the room logged.

    websockets' asyncio client, not its threaded one: the threaded client reads the
    TLS connection in a thread of its own from the start, while the calling thread
    writes the handshake's request through the same OpenSSL object, which OpenSSL
    does not allow at once from two threads.  Four times that we know of (the two
    tests/cluster/tls.py tells of, two on 2026-11-30) the request then never reached
    nginx, whose logs had no line of it, and the handshake waited out its 30 s.  In
    asyncio one thread does both, through a memory BIO."""

    async def first() -> str:
        async with connect(f"wss://127.0.0.1:{room.port}/ws/tables/{table}",
                           ssl=room.context(), origin=cast(Origin, origin),
                           open_timeout=30) as ws:
            return str(await asyncio.wait_for(ws.recv(), 30))

    try:
        return asyncio.run(first())
    except InvalidMessage as empty:
        raise AssertionError(f"no HTTP answer to the socket's handshake through nginx "
                             f"({empty.__cause__!r}):\n{room.evidence()}") from empty
    except TimeoutError as late:
        raise AssertionError(f"the socket's handshake through nginx got no answer in "
                             f"time ({late}):\n{room.evidence()}") from late


def test_a_friend_reaches_the_room_over_https(tmp_path: Path) -> None:
    with https_room(tmp_path) as room:
        public = f"https://{NAME}:{room.port}"
        assert room.api("/api/room") == {"public_url": public}
        created = room.api("/api/tables", {"name": "Home game", "seats": 4})
        table = created["id"]
        # A page on the public address opens the table's socket through nginx.
        first = json.loads(_socket(room, table, public))
        assert first["type"] == "state", first
        # A page anywhere else may not (the room's Origin check, through the proxy too).
        with pytest.raises(InvalidStatus) as refused:
            _socket(room, table, "https://evil.example")
        assert refused.value.response.status_code == 403
        # Plain HTTP at nginx's other address goes to the same address over HTTPS.
        opener = urllib.request.build_opener(_NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as moved:
            opener.open(f"http://127.0.0.1:{room.http_port}/t/{table}?x=1", timeout=10)
        assert moved.value.code == 301
        assert moved.value.headers["Location"] == f"https://127.0.0.1:{room.port}/t/{table}?x=1"


def test_behind_a_proxy_the_public_url_is_the_rooms_own_origin(tmp_path: Path) -> None:
    """Without ``proxy.trusted`` the room cannot read nginx's X-Forwarded-Proto, so a
    page at https://... looks like another site's to it and its sockets are refused;
    the public URL is allowed whatever the proxy forwards."""
    with https_room(tmp_path / "unset", public=False, settings=()) as room:
        table = room.api("/api/tables", {"name": "Refused", "seats": 4})["id"]
        with pytest.raises(InvalidStatus) as refused:
            _socket(room, table, f"https://127.0.0.1:{room.port}")
        assert refused.value.response.status_code == 403
    with https_room(tmp_path / "set", settings=()) as room:
        table = room.api("/api/tables", {"name": "Allowed", "seats": 4})["id"]
        assert json.loads(_socket(room, table, f"https://{NAME}:{room.port}"))["type"] == "state"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None
