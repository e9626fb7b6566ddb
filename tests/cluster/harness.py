"""The room on several processes, for real (issue 15): PostgreSQL, worker processes
and Debian's nginx in front, all on loopback, all killed at the end.

- :class:`Worker`: one ``pokerroom serve --worker NAME`` subprocess with its own log
  (stdout and stderr, appended across restarts); ready when ``GET /api/worker``
  answers.  ``kill9``, ``restart``, ``pause`` (SIGSTOP), ``resume`` (SIGCONT).  Each
  start connects to PostgreSQL with its own ``application_name`` (``PGAPPNAME``:
  ``NAME.N`` for the N-th start), which :func:`install_audit` records with every row
  written: the tests see which process wrote what.
- :class:`Nginx`: nginx with :func:`pokerroom.server.proxy_config.render`'s standalone
  configuration in a directory of its own, on a free port.
- :func:`cluster`: PostgreSQL (tests/server/pg.py) + N workers + nginx.
- :func:`api`: a JSON call that follows the room's ``307`` to a table's owner (any
  method, body resent) and waits out ``503 table_moving``; :func:`bot_tables`.

A missing nginx or PostgreSQL is a failure naming what to install, never a skip.
Used by tests/cluster and bench/bench_cluster.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerroom.server.cluster.proxy_config import Tls, render
from pokerroom.server.settings import ConnectionLimits
from tests.ports import free_port
from tests.server.pg import PostgresServer, postgres_server

HOST = "127.0.0.1"  # loopback only
NGINX = os.environ.get("POKERROOM_NGINX", "/usr/sbin/nginx")
NGINX_HINT = "install Debian's nginx with `make nginx` (apt-get install nginx)"
ROOT = Path(__file__).resolve().parents[2]


class ClusterError(AssertionError):
    """Something the cluster needs did not start or answer (a test failure)."""


def _die_with_parent() -> None:
    """The child gets SIGKILL if the test process dies, however it dies (Linux)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


# Loopback only: never through a proxy named in the environment; redirects by hand.
class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect)


def http(port: int, method: str, path: str, body: Any = None, *,
         token: str | None = None, timeout: float = 10) -> tuple[int, dict[str, str], Any]:
    """One request to ``HOST:port``: status, headers (names in lower case), body (JSON
    decoded when it is)."""
    data = json.dumps(body).encode() if body is not None else None
    headers = {**({"Content-Type": "application/json"} if data is not None else {}),
               **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(f"http://{HOST}:{port}{path}", data=data,
                                     method=method, headers=headers)
    try:
        with _OPENER.open(request, timeout=timeout) as response:
            status, raw = response.status, response.read()
            head = {k.lower(): v for k, v in response.headers.items()}
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read()
        head = {k.lower(): v for k, v in exc.headers.items()}
    text = raw.decode(errors="replace")
    try:
        return status, head, json.loads(text)
    except ValueError:
        return status, head, text


def api(port: int, path: str, body: Any = None, *, method: str | None = None,
        token: str | None = None, moving_for: float = 30.0, hops: int = 3) -> Any:
    """A JSON call through the proxy (or a worker) as a client of the cluster makes it:
    a ``307`` is followed (same method and body: the room redirects to the table's
    owner), ``503 table_moving`` is retried after its ``Retry-After`` for up to
    ``moving_for`` seconds.  Any other status than 200 fails with the answer."""
    method = method or ("POST" if body is not None else "GET")
    deadline = time.monotonic() + moving_for
    where = path
    followed = 0
    while True:
        status, head, answer = http(port, method, where, body, token=token)
        if status in (307, 308) and followed < hops:
            location = head.get("location", "")
            where = urllib.parse.urlsplit(location)._replace(scheme="", netloc="").geturl()
            followed += 1
            continue
        moving = (status == 503 and isinstance(answer, dict)
                  and answer.get("reason") == "table_moving")
        # A 502 from the proxy: the worker the request was sent to has just died.
        if (moving or status == 502) and time.monotonic() < deadline:
            time.sleep(float(head.get("retry-after", "1")) if moving else 0.2)
            where, followed = path, 0
            continue
        if status != 200:
            raise ClusterError(f"{method} {path} (last {where}): HTTP {status}: {answer!r}")
        return answer


# ------------------------------------------------------------------ workers


LOAD_SETTINGS = ("proxy.trusted=127.0.0.1", "quotas.tables_per_hour=0",
                 "quotas.joins_per_hour=0", "quotas.registrations_per_hour=0",
                 "quotas.sockets_per_address=0")
"""The workers sit behind nginx on loopback (its X-Forwarded-For is read), and every
client of a test or a bench is one machine: the per-address quotas are off."""


@dataclass
class Worker:
    """One worker process of the room (``pokerroom serve --worker NAME``)."""

    name: str
    port: int
    database: str
    log: Path
    bot_delay: float = 0.05
    pause: float = 0.2
    lease_seconds: float = 3.0
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0
    paused: bool = False

    @property
    def address(self) -> str:
        return f"{HOST}:{self.port}"

    @property
    def app_name(self) -> str:
        """The PostgreSQL application_name of the current start (see install_audit)."""
        return f"{self.name}.{self.starts}"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "pokerroom.cli", "serve", "--host", HOST, "--port",
                str(self.port), "--database", self.database, "--worker", self.name,
                "--worker-prefix", f"/w/{self.name}", "--lease-seconds", str(self.lease_seconds),
                "--bot-delay", str(self.bot_delay), "--pause", str(self.pause),
                *(a for setting in LOAD_SETTINGS for a in ("--set", setting))]

    def start(self, *, wait: bool = True) -> None:
        assert self.process is None or self.process.poll() is not None, "already running"
        self.starts += 1
        env = {**os.environ, "PGAPPNAME": self.app_name, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as sink:
            sink.write(f"\n=== start {self.starts} of {self.name} at {time.time():.3f}\n"
                       .encode())
            sink.flush()
            self.process = subprocess.Popen(self.command(), stdout=sink, stderr=sink, env=env,
                                            cwd=str(ROOT), preexec_fn=_die_with_parent)
        self.paused = False
        if wait:
            self.wait_ready()

    def wait_ready(self, seconds: float = 60.0) -> dict[str, Any]:
        """Poll ``GET /api/worker`` until it answers; fail with the log's tail."""
        assert self.process is not None
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            with contextlib.suppress(OSError):
                status, _, answer = http(self.port, "GET", "/api/worker", timeout=2)
                if status == 200 and isinstance(answer, dict):
                    return answer
            time.sleep(0.1)
        code = self.process.poll()
        self.destroy()
        raise ClusterError(f"worker {self.name} did not answer GET /api/worker within "
                           f"{seconds:.0f} s (exit code {code}); its log:\n{self.tail()}")

    def status(self, timeout: float = 10.0) -> dict[str, Any]:
        """``GET /api/worker`` on this worker directly."""
        status, _, answer = http(self.port, "GET", "/api/worker", timeout=timeout)
        if status != 200:
            raise ClusterError(f"worker {self.name}: GET /api/worker: {status} {answer!r}")
        return dict(answer)

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.paused = False

    def restart(self, *, wait: bool = True) -> None:
        """Started again (killed first if it runs); ``wait=False``: call
        :meth:`wait_ready` later."""
        if self.process is not None and self.process.poll() is None:
            self.kill9()
        self.start(wait=wait)

    def pause_process(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)
        self.paused = True

    def resume_process(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)
        self.paused = False

    def destroy(self) -> None:
        """Gone, whatever its state (a stopped process gets SIGCONT to die)."""
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.send_signal(signal.SIGKILL)
                self.process.send_signal(signal.SIGCONT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)

    def tail(self, chars: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-chars:] if self.log.exists() else ""


_TRACEBACK = re.compile(r"Traceback \(most recent call last\):\n(?:[ \t].*\n|\n)*.*")


def tracebacks(log: Path, *, expected: tuple[str, ...] = ()) -> list[str]:
    """The tracebacks in a worker's log (each with the line naming the exception), but
    those whose text contains one of ``expected``; also lines saying 'internal error' and
    lines of the scene check (``POKERROOM_CHECK_SCENE``: a stale version)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    found = [m.group(0) for m in _TRACEBACK.finditer(text)]
    found += [line for line in text.splitlines()
              if "internal error" in line or "scene check:" in line]
    return [t for t in found if not any(e in t for e in expected)]


# ------------------------------------------------------------------ nginx


@dataclass
class Nginx:
    """nginx in front of ``workers`` (name -> host:port), standalone in ``directory``."""

    directory: Path
    workers: dict[str, str]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    limits: ConnectionLimits | None = None
    """The ``connections`` settings nginx enforces (the defaults when None)."""
    tls: Tls | None = None
    """HTTPS on :attr:`port` (plain HTTP when None)."""

    def _write(self) -> Path:
        self.directory.mkdir(parents=True, exist_ok=True)
        # nginx's workers run as 'nobody' when the master is root: they must reach it.
        for path in (self.directory, *self.directory.parents):
            if path == Path(tempfile.gettempdir()) or path == Path("/"):
                break
            os.chmod(path, os.stat(path).st_mode | 0o711)
        config = self.directory / "nginx.conf"
        config.write_text(render(f"{HOST}:{self.port}", self.workers,
                                 standalone_dir=self.directory, limits=self.limits,
                                 tls=self.tls))
        return config

    def _args(self, config: Path) -> list[str]:
        return [NGINX, "-c", str(config), "-p", str(self.directory), "-e",
                str(self.directory / "error.log")]

    def start(self) -> None:
        if not (os.path.isfile(NGINX) and os.access(NGINX, os.X_OK)):
            raise ClusterError(f"no nginx at {NGINX}: {NGINX_HINT}")
        config = self._write()
        checked = subprocess.run([*self._args(config), "-t"], capture_output=True, text=True,
                                 check=False)
        if checked.returncode != 0:
            raise ClusterError(f"nginx refuses the rendered configuration:\n{checked.stderr}"
                               f"\n{config.read_text()}")
        sink = (self.directory / "nginx.out").open("ab")
        with sink:
            self.process = subprocess.Popen(self._args(config), stdout=sink, stderr=sink,
                                            preexec_fn=_die_with_parent)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            with contextlib.suppress(OSError), socket.create_connection((HOST, self.port), 1):
                return
            time.sleep(0.05)
        self.stop()
        raise ClusterError(f"nginx did not listen on {HOST}:{self.port}:\n{self.errors()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def errors(self) -> str:
        log = self.directory / "error.log"
        return log.read_text(errors="replace")[-4000:] if log.exists() else ""

    @property
    def ws_base(self) -> str:
        return f"ws://{HOST}:{self.port}"


# ------------------------------------------------------------------ the cluster


@dataclass
class Cluster:
    postgres: PostgresServer
    workers: list[Worker]
    nginx: Nginx
    directory: Path

    @property
    def port(self) -> int:
        """nginx's port: where every client goes."""
        return self.nginx.port

    def worker(self, name: str) -> Worker:
        return next(w for w in self.workers if w.name == name)

    def owner_of(self, table: str) -> Worker | None:
        """The worker that lists ``table`` in ``GET /api/worker`` (paused ones are not
        asked)."""
        for w in self.workers:
            if w.paused or w.process is None or w.process.poll() is not None:
                continue
            with contextlib.suppress(OSError, ClusterError):
                if table in w.status()["tables"]:
                    return w
        return None

    def connect(self) -> Any:
        """A psycopg connection to the room's database (autocommit)."""
        import psycopg

        return psycopg.connect(host=HOST, port=self.postgres.port, user=self.postgres.user,
                               dbname=self.postgres.database, autocommit=True)


def bot_tables(room: Cluster, count: int, *, bots: int = 3, seats: int = 4) -> list[str]:
    """``count`` tables created through the proxy, each with ``bots`` random bots (a
    few tables at a time, as many clients would)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(i: int) -> str:
        created = api(room.port, "/api/tables", {"name": f"T{i + 1}", "seats": seats})
        for _ in range(bots):
            api(room.port, f"/api/tables/{created['id']}/bots",
                {"policy": "random", "host": created["host"]})
        return str(created["id"])

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(one, range(count)))


def play_until(client: Any, enough: Any, *, seconds: float = 60.0) -> None:
    """Run ``client`` (a ``bench.room_client.FollowingClient``) until ``enough(its
    stats)`` holds, then stop it and wait for its action in flight; fail if that takes
    more than ``seconds`` (a wait on what the test needs, not on a fixed time: a
    loaded machine plays fewer hands a second)."""
    import asyncio

    async def play() -> None:
        task = asyncio.create_task(client.run())
        deadline = time.monotonic() + seconds
        while not enough(client.stats) and time.monotonic() < deadline and not task.done():
            await asyncio.sleep(0.05)
        client.stop()
        await asyncio.wait_for(task, 30)

    asyncio.run(play())
    assert enough(client.stats), f"not within {seconds} s: {client.stats}"


@contextlib.contextmanager
def cluster(workers: int, *, directory: Path | None = None, bot_delay: float = 0.05,
            pause: float = 0.2, lease_seconds: float = 3.0,
            audit: bool = False) -> Iterator[Cluster]:
    """PostgreSQL, ``workers`` workers (w1, w2, ...) and nginx in front; everything is
    killed at the end, whatever happened.  ``audit``: record every row written (see
    :func:`install_audit`)."""
    if not (os.path.isfile(NGINX) and os.access(NGINX, os.X_OK)):
        raise ClusterError(f"no nginx at {NGINX}: {NGINX_HINT}")
    own_directory = directory is None
    root = Path(tempfile.mkdtemp(prefix="pokerroom-cluster-")) if directory is None \
        else directory
    crew: list[Worker] = []
    proxy: Nginx | None = None
    try:
        with postgres_server() as pg:
            crew = [Worker(f"w{i + 1}", free_port(), pg.url, root / f"w{i + 1}.log",
                           bot_delay=bot_delay, pause=pause, lease_seconds=lease_seconds)
                    for i in range(workers)]
            try:
                # The first worker migrates the schema alone; then the others together.
                crew[0].start()
                if audit:
                    install_audit(pg)
                for w in crew[1:]:
                    w.start(wait=False)
                for w in crew[1:]:
                    w.wait_ready()
                proxy = Nginx(root / "nginx", {w.name: w.address for w in crew})
                proxy.start()
                yield Cluster(pg, crew, proxy, root)
            finally:
                for w in crew:
                    w.destroy()
                if proxy is not None:
                    proxy.stop()
    finally:
        if own_directory:
            shutil.rmtree(root, ignore_errors=True)


# ------------------------------------------------------------------ the audit

AUDITED = ("room_tables", "seats", "hands", "actions", "ledger")
_AUDIT_SQL = """
CREATE TABLE IF NOT EXISTS cluster_audit (
    id bigserial PRIMARY KEY,
    at double precision NOT NULL,
    app text NOT NULL,
    tbl text NOT NULL,
    op text NOT NULL,
    row_key jsonb NOT NULL
);
CREATE OR REPLACE FUNCTION cluster_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
    INSERT INTO cluster_audit (at, app, tbl, op, row_key) VALUES (
        EXTRACT(EPOCH FROM clock_timestamp()), current_setting('application_name'),
        TG_TABLE_NAME, TG_OP,
        r - ARRAY['snapshot', 'settings', 'before', 'deck', 'result', 'phh', 'text',
                  'sittings', 'action', 'token', 'host_key']);
    RETURN NULL;
END $$;
"""


def install_audit(pg: PostgresServer) -> None:
    """Record every row written to the room's tables (``cluster_audit``): when, by
    which process (its ``application_name``, ``NAME.N``), which table and row.  Rolled
    back writes (a fenced transaction) leave no record, as they leave no row."""
    import psycopg

    with psycopg.connect(host=HOST, port=pg.port, user=pg.user, dbname=pg.database,
                         autocommit=True) as connection:
        connection.execute(_AUDIT_SQL)
        for table in AUDITED:
            connection.execute(
                f"CREATE TRIGGER cluster_audit_{table} AFTER INSERT OR UPDATE OR DELETE "
                f"ON {table} FOR EACH ROW EXECUTE FUNCTION cluster_audit_row()")
