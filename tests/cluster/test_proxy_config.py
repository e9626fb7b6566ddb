"""pokerroom.server.proxy_config: the nginx configuration for the room's workers, read
by the real nginx (issue 15).  What it refuses, that nginx accepts what it renders,
and what nginx then does with requests: the generic paths reach any worker and skip
a dead one, ``/w/NAME/...`` reaches NAME with the prefix taken off, WebSockets pass
through both, a table's players play through it."""

from __future__ import annotations

import json
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bench.room_client import FollowingClient, Seat
from pokerroom.server.cluster.proxy_config import NGINX_MAX_CONN, render
from pokerroom.server.settings import ConnectionLimits
from tests.cluster import harness
from tests.cluster.harness import (
    NGINX,
    ClusterError,
    Nginx,
    api,
    cluster,
    free_port,
    http,
    play_until,
)
from tests.server.serving import assert_clean_log, start_server

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "pokerroom.conf"
THREE = {"w1": "127.0.0.1:8001", "w2": "127.0.0.1:8002", "w3": "127.0.0.1:8003"}


@pytest.mark.parametrize(("listen", "workers", "says"), [
    ("80; include /etc/passwd", THREE, "listen address"),
    ("0", THREE, "out of range"),
    ("8080", {}, "no workers"),
    ("8080", {"w 1": "127.0.0.1:8001"}, "worker name 'w 1'"),
    ("8080", {"w1;": "127.0.0.1:8001"}, "letters, digits"),
    ("8080", {"w1": "127.0.0.1"}, "is not HOST:PORT"),
    ("8080", {"w1": "127.0.0.1:8001; return 200"}, "is not HOST:PORT"),
    ("8080", {"w1": "127.0.0.1:70000"}, "out of range"),
])
def test_bad_input_is_refused_with_what_is_allowed(listen: str, workers: dict[str, str],
                                                   says: str) -> None:
    with pytest.raises(ValueError, match=says):
        render(listen, workers)


def test_standalone_directory_must_be_absolute_and_plain(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="absolute"):
        render("8080", THREE, standalone_dir=Path("relative/dir"))
    with pytest.raises(ValueError, match="without spaces"):
        render("8080", THREE, standalone_dir=tmp_path / "a b")


def _nginx_test(config: Path, prefix: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([NGINX, "-t", "-c", str(config), "-p", str(prefix), "-e",
                           str(prefix / "error.log")], capture_output=True, text=True,
                          check=False)


def test_nginx_accepts_the_site_and_the_standalone_config(tmp_path: Path) -> None:
    """The site as Debian's nginx.conf includes it (inside ``http``), and the whole
    standalone file; both pass ``nginx -t``."""
    standalone = tmp_path / "standalone.conf"
    standalone.write_text(render("127.0.0.1:18080", THREE, standalone_dir=tmp_path))
    checked = _nginx_test(standalone, tmp_path)
    assert checked.returncode == 0, checked.stderr
    site = tmp_path / "site.conf"
    site.write_text(render("18081", THREE))
    main = tmp_path / "main.conf"
    main.write_text(f"pid {tmp_path}/n.pid;\nerror_log {tmp_path}/e.log;\nevents {{}}\n"
                    f"http {{\n    include {site};\n}}\n")
    checked = _nginx_test(main, tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_nginx_accepts_a_per_address_limit_past_its_own_largest(tmp_path: Path) -> None:
    """``connections.per_address`` may be larger than nginx's ``limit_conn`` takes
    (a load test's 100,000): rendered as nginx's largest, which nginx accepts; the
    room's own limit behind it stays the setting's."""
    limits = ConnectionLimits(per_address=100_000, api_rate=100_000, api_burst=100_000)
    standalone = tmp_path / "standalone.conf"
    standalone.write_text(render("127.0.0.1:18082", THREE, standalone_dir=tmp_path,
                                 limits=limits))
    assert f"limit_conn pokerroom_per_address {NGINX_MAX_CONN};" in standalone.read_text()
    checked = _nginx_test(standalone, tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_a_missing_nginx_fails_naming_what_to_install(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness never skips: no nginx is a failure that says how to get it."""
    monkeypatch.setattr(harness, "NGINX", str(tmp_path / "no-nginx"))
    with pytest.raises(ClusterError, match=r"make nginx"):
        Nginx(tmp_path / "nginx", {"w1": "127.0.0.1:8001"}).start()
    with pytest.raises(ClusterError, match=r"apt-get install nginx"), cluster(1):
        pass


def test_the_shipped_example_is_what_render_gives() -> None:
    """deploy/nginx/pokerroom.conf is generated: the same text as rendering it now."""
    assert DEPLOY.read_text() == render("80", THREE)


# ------------------------------------------------------------------ routing


class _Echo(BaseHTTPRequestHandler):
    """Answers every GET with who it is and what it received."""

    name = "?"

    def do_GET(self) -> None:
        body = json.dumps({"who": self.name, "path": self.path,
                           "forwarded_for": self.headers.get("X-Forwarded-For"),
                           "host": self.headers.get("Host")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def _echo(name: str) -> ThreadingHTTPServer:
    handler = type(f"Echo_{name}", (_Echo,), {"name": name})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def echo_proxy(tmp_path: Path) -> Iterator[tuple[Nginx, dict[str, ThreadingHTTPServer]]]:
    servers = {name: _echo(name) for name in ("a", "b")}
    proxy = Nginx(tmp_path / "nginx", {n: f"127.0.0.1:{s.server_address[1]}"
                                       for n, s in servers.items()})
    try:
        proxy.start()
        yield proxy, servers
    finally:
        proxy.stop()
        for s in servers.values():
            s.shutdown()
            s.server_close()


def test_named_paths_reach_that_worker_without_the_prefix(
        echo_proxy: tuple[Nginx, dict[str, ThreadingHTTPServer]]) -> None:
    proxy, _ = echo_proxy
    for sent, who, received in [("/w/a/api/tables/T1/ledger", "a", "/api/tables/T1/ledger"),
                                ("/w/b/api/x?y=1&z=%2F", "b", "/api/x?y=1&z=%2F"),
                                ("/w/b/api/%2Fodd", "b", "/api/%2Fodd"),
                                ("/w/a", "a", "/"), ("/w/b?q=2", "b", "/?q=2")]:
        status, _, answer = http(proxy.port, "GET", sent)
        assert status == 200, (sent, answer)
        assert (answer["who"], answer["path"]) == (who, received), sent
        assert answer["forwarded_for"] == "127.0.0.1"
        assert answer["host"] == f"127.0.0.1:{proxy.port}"
    status, head, answer = http(proxy.port, "GET", "/w/nobody/api/tables")
    assert status == 404 and answer["reason"] == "unknown_worker"
    assert head["content-type"] == "application/json"


def test_generic_paths_reach_every_worker_and_skip_a_dead_one(
        echo_proxy: tuple[Nginx, dict[str, ThreadingHTTPServer]]) -> None:
    proxy, servers = echo_proxy
    seen = {http(proxy.port, "GET", "/api/tables")[2]["who"] for _ in range(6)}
    assert seen == {"a", "b"}  # round robin over the upstream
    servers["a"].shutdown()
    servers["a"].server_close()
    answers = [http(proxy.port, "GET", f"/api/tables?n={i}") for i in range(6)]
    assert all(status == 200 and answer["who"] == "b" for status, _, answer in answers)
    status, _, _ = http(proxy.port, "GET", "/w/a/api/tables")
    assert status == 502  # a named worker that is gone is not replaced by another


# ------------------------------------------------------------------ a real room


def test_players_play_through_nginx_on_both_kinds_of_path(tmp_path: Path) -> None:
    """A single-process room behind nginx as the worker 'solo': a table of bots and a
    person created through the proxy, the person's client playing over the generic
    socket path and the /w/solo/ one; the ledger balances, the log is clean."""
    port = free_port()
    log = tmp_path / "server.log"
    server = start_server(port, f"sqlite:///{tmp_path / 'room.sqlite'}", log,
                          bot_delay=0.01, pause=0.05)
    proxy = Nginx(tmp_path / "nginx", {"solo": f"127.0.0.1:{port}"})
    try:
        proxy.start()
        created = api(proxy.port, "/api/tables", {"name": "Proxy", "seats": 4})
        table, host = created["id"], created["host"]
        for _ in range(2):
            api(proxy.port, f"/w/solo/api/tables/{table}/bots",
                {"policy": "random", "host": host})
        token = api(proxy.port, f"/api/tables/{table}/join",
                    {"name": "Alice", "seat": 3, "buy_in": 200})["token"]
        seat = Seat(table, 3, "Alice", token)

        generic = FollowingClient(proxy.ws_base, seat, seed=1)
        play_until(generic, lambda stats: stats.confirmed >= 3)
        named = FollowingClient(proxy.ws_base, seat, seed=2)
        named.generic = f"/w/solo/ws/tables/{table}"
        play_until(named, lambda stats: stats.confirmed >= 3)
        for client in (generic, named):
            stats = client.stats
            assert stats.confirmed >= 3 and stats.sent == stats.confirmed, stats
            assert stats.connects == 1 and stats.drops == 0 and not stats.errors, stats
        ledger = api(proxy.port, f"/api/tables/{table}/ledger")
        assert ledger["balance"] == ledger["on_table"] + ledger["rake"], ledger
        access = (proxy.directory / "access.log").read_text()
        assert f'"GET /ws/tables/{table} HTTP/1.1" 101' in access
        assert f'"GET /w/solo/ws/tables/{table} HTTP/1.1" 101' in access
    finally:
        proxy.stop()
        server.terminate()
        server.wait(timeout=20)
    assert_clean_log(log)
    assert "[error]" not in proxy.errors() and "[crit]" not in proxy.errors(), proxy.errors()
