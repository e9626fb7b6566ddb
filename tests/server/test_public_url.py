"""``pokerroom serve --host`` and ``--public-url`` (issue 24, play with friends): a
real ``pokerroom serve``.  A bad address stops the start with a line saying what is
allowed; the public URL is what ``GET /api/room`` tells the pages (their invite and
host links), what ``serve`` prints, and an origin whose pages may open the room's
sockets.  (Through nginx with TLS: tests/cluster/test_https_proxy.py.)"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from pokerroom.server.settings import RoomAddress, SettingError, Settings, apply
from tests.ports import free_port
from tests.server.serving import assert_clean_log, call

PUBLIC = "https://poker.example.org"


def _serve(*args: str, database: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokerroom.cli", "serve", "--database",
         f"sqlite:///{database}", *args], capture_output=True, text=True, timeout=60,
        check=False)


@pytest.mark.parametrize(("args", "says"), [
    (("--public-url", "poker.example.org"), "--public-url: room.public_url: "
                                            "'poker.example.org' is not an address"),
    (("--public-url", "https://poker.example.org/room"), "without a path"),
    (("--public-url", "http://0.0.0.0:8000"), "not 0.0.0.0"),
    (("--public-url", "/w/w1"), "a worker's address prefix is --worker-prefix"),
    (("--set", "room.public_url=ftp://poker.example.org"), "--set: room.public_url"),
    (("--host", "no-such-host.invalid"), "--host 'no-such-host.invalid' is no address of "
                                         "this machine"),
    (("--host", "198.51.100.77"), "--host '198.51.100.77' is no address of this machine"),
    (("--port", "70000"), "--port is 1-65535"),
])
def test_a_bad_address_stops_the_start_saying_what_is_allowed(
        tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    database = tmp_path / "room.sqlite"
    done = _serve(*args, database=database)
    assert done.returncode == 2, done
    assert says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert not database.exists()  # refused before the room was made


def test_bad_options_are_refused_before_the_web_stack_loads() -> None:
    """A mistyped option is said at once: nothing of FastAPI, SQLAlchemy or Alembic
    (a second of CPU) is imported before the options are checked."""
    code = ("import sys\nfrom pokerroom.cli import main\n"
            "status = main(['serve', '--port', '70000'])\n"
            "print(status, sorted(m for m in ('fastapi', 'sqlalchemy', 'alembic', 'uvicorn')"
            " if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.stdout.split() == ["2", "[]"], done
    assert done.stderr == "pokerroom serve: --port is 1-65535, got 70000\n"


def test_a_port_in_use_is_said_before_the_room_is_made(tmp_path: Path) -> None:
    port = free_port()
    with socket.create_server(("127.0.0.1", port)):
        done = _serve("--port", str(port), database=tmp_path / "room.sqlite")
    assert done.returncode == 2, done
    assert f"port {port} is in use on 127.0.0.1" in done.stderr, done.stderr
    assert not (tmp_path / "room.sqlite").exists()


def test_the_setting_is_normalised_as_an_origin() -> None:
    assert RoomAddress(public_url="HTTPS://Poker.Example.org:443/").public_url == PUBLIC
    assert apply(Settings(), [f"room.public_url={PUBLIC}:8443"]).room.public_url == (
        f"{PUBLIC}:8443")
    with pytest.raises(SettingError, match="without a path"):
        apply(Settings(), ["room.public_url=https://poker.example.org?x=1"])


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[int, Path]]:
    """``pokerroom serve`` with the test's parameter as more arguments; its port and
    the file its standard output went to."""
    port = free_port()
    out, log = tmp_path / "stdout.txt", tmp_path / "room.log"
    with out.open("wb") as stdout, log.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "pokerroom.cli", "serve", "--port", str(port),
             "--database", f"sqlite:///{tmp_path / 'room.sqlite'}", *request.param],
            stdout=stdout, stderr=stderr)
    try:
        deadline = time.monotonic() + 30  # a wait, not a bound
        while True:
            try:
                call(port, "/api/room")
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"serve did not start: {log.read_text(errors='replace')}")
                time.sleep(0.05)
        yield port, out
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert_clean_log(log)


def _opens(port: int, table: str, origin: str) -> bool:
    """Whether a page at ``origin`` may open ``table``'s socket."""
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}", origin=origin,  # type: ignore[arg-type]
                     open_timeout=10) as ws:
            ws.recv(timeout=10)
            return True
    except InvalidStatus as exc:
        assert exc.response.status_code == 403
        return False


@pytest.mark.parametrize("served", [("--public-url", f"{PUBLIC}:443")], indirect=True)
def test_the_public_url_is_the_pages_address_and_an_allowed_origin(
        served: tuple[int, Path]) -> None:
    port, out = served
    assert call(port, "/api/room") == {"public_url": PUBLIC}
    printed = out.read_text()
    assert f"open http://127.0.0.1:{port}/" in printed
    assert f"friends open {PUBLIC}/" in printed
    assert "proxy.trusted" in printed  # on loopback without a trusted proxy: the hint
    table = call(port, "/api/tables", {"name": "Home", "seats": 4})["id"]
    assert _opens(port, table, PUBLIC)
    assert _opens(port, table, f"http://127.0.0.1:{port}")  # the room's own, as ever
    assert not _opens(port, table, "https://evil.example")


@pytest.mark.parametrize("served", [()], indirect=True)
def test_without_a_public_url_the_pages_use_their_own_address(
        served: tuple[int, Path]) -> None:
    port, out = served
    assert call(port, "/api/room") == {"public_url": None}
    assert "this machine only: --host 0.0.0.0" in out.read_text()
    table = call(port, "/api/tables", {"name": "Home", "seats": 4})["id"]
    assert not _opens(port, table, PUBLIC)
