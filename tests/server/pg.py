"""A throwaway PostgreSQL server for tests: Debian's binaries, a temp data directory,
loopback only, stopped at the end.

`make postgres` (a dependency of `make test`) installs Debian's ``postgresql``
package when no ``pg_ctl`` is found.  A missing or broken server is a failure with
the reason, never a skip: the room's PostgreSQL support is part of the product.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.ports import free_port

INSTALL_HINT = ("install Debian's PostgreSQL server with `make postgres` "
                "(apt-get install postgresql)")


def _bin_dir() -> Path:
    """Where pg_ctl, initdb and postgres live: on PATH, or Debian's versioned directory."""
    found = shutil.which("pg_ctl")
    if found:
        directory = Path(os.path.realpath(found)).parent
        if (directory / "initdb").exists() and (directory / "postgres").exists():
            return directory
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                        key=lambda p: int(Path(p).parent.parent.name)
                        if Path(p).parent.parent.name.isdigit() else 0)
    if not candidates:
        pytest.fail(f"no PostgreSQL server (pg_ctl) on this machine: {INSTALL_HINT}",
                    pytrace=False)
    return Path(candidates[-1]).parent


@dataclass(frozen=True)
class PostgresServer:
    port: int
    user: str
    database: str

    @property
    def url(self) -> str:
        """The SQLAlchemy URL, over TCP on loopback (psycopg 3)."""
        return self.url_for(self.database)

    def url_for(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database on this server; its URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(host="127.0.0.1", port=self.port, user=self.user,
                             dbname=self.database, autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url_for(name)


def _runner() -> tuple[list[str], int | None, int | None]:
    """The command prefix that runs the server's programs, and the owner for its files.

    initdb and postgres refuse to run as root, so as root they run as the ``postgres``
    account that Debian's package creates."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        account = pwd.getpwnam("postgres")
    except KeyError:
        pytest.fail(f"running as root and there is no 'postgres' account to run the server "
                    f"as: {INSTALL_HINT}", pytrace=False)
    runuser = shutil.which("runuser")
    if runuser:
        prefix = [runuser, "-u", "postgres", "--"]
    else:
        su = shutil.which("su")
        if su is None:
            pytest.fail("running as root with neither runuser nor su to drop to 'postgres'",
                        pytrace=False)
        prefix = [su, "postgres", "-s", "/bin/sh", "-c", '"$0" "$@"']
    return prefix, account.pw_uid, account.pw_gid


def _run(prefix: list[str], args: list[str], *, what: str, log: Path | None = None,
         timeout: float = 120) -> None:
    try:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=timeout,
                              check=False, cwd="/")
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.fail(f"PostgreSQL {what} failed: {exc}", pytrace=False)
    if done.returncode != 0:
        tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
        pytest.fail(f"PostgreSQL {what} failed (exit {done.returncode}):\n{done.stdout[-2000:]}"
                    f"\n{done.stderr[-2000:]}\n{tail}", pytrace=False)


@contextlib.contextmanager
def postgres_server(*, database: str = "pokerroom", user: str = "pokerroom") -> Iterator[
        PostgresServer]:
    """Start a fresh PostgreSQL cluster on a free loopback port; remove it afterwards."""
    bin_dir = _bin_dir()
    prefix, uid, gid = _runner()
    # Not under pytest's tmp_path: its parents are private to root and the server may
    # run as 'postgres'.  The socket path must also stay short (about 100 bytes).
    root = Path(tempfile.mkdtemp(prefix="pokerroom-pg-"))
    data, sockets, log = root / "data", root / "sock", root / "server.log"
    sockets.mkdir()
    log.touch()
    if uid is not None and gid is not None:
        for path in (root, sockets, log):
            os.chown(path, uid, gid)
    port = free_port()
    started = False
    try:
        _run(prefix, [str(bin_dir / "initdb"), "-D", str(data), "-U", user, "--auth=trust",
                      "-E", "UTF8", "--locale=C", "--no-sync"], what="initdb")
        options = (f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 "
                   # A throwaway cluster: no need to wait for the disk (nor in initdb).
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        _run(prefix, [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                      "-w", "-t", "60", "start"], what="start", log=log)
        started = True
        createdb = bin_dir / "createdb"
        _run(prefix, [str(createdb) if createdb.exists() else "createdb", "-h", str(sockets),
                      "-p", str(port), "-U", user, database], what="createdb", log=log)
        yield PostgresServer(port, user, database)
    finally:
        if started:
            with contextlib.suppress(subprocess.TimeoutExpired, OSError):
                stop = [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w",
                        "-t", "30", "stop"]
                subprocess.run([*prefix, *stop], capture_output=True, timeout=60, check=False,
                               cwd="/")
        for _ in range(3):
            with contextlib.suppress(OSError):
                shutil.rmtree(root)
                break
            time.sleep(0.2)
