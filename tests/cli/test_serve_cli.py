"""``pokerroom serve --worker`` and ``pokerroom nginx-config`` at the command line
(issue 15): refusals are one line with exit status 2 and start nothing."""

from __future__ import annotations

import pytest

from pokerroom.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "says"), [
    (["--worker", "w1", "--database", "sqlite:///x.sqlite"], "needs a PostgreSQL --database"),
    (["--worker", "w1"], "needs a PostgreSQL --database"),  # the default is SQLite
    (["--worker", "w 1", "--database", "postgresql+psycopg://u@h/d"], "letters, digits"),
    (["--worker", "w1", "--database", "postgresql+psycopg://u@h/d", "--lease-seconds", "0.2"],
     "at least 1"),
])
def test_serve_refuses_a_worker_it_cannot_run(capsys: pytest.CaptureFixture[str],
                                              args: list[str], says: str) -> None:
    code, out, err = run(capsys, "serve", *args)
    assert code == 2 and out == ""
    assert says in err and err.count("\n") == 1


def test_nginx_config_names_every_worker(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "nginx-config", "--listen", "127.0.0.1:8080",
                         "--worker", "w1=127.0.0.1:8101", "--worker", "w2=127.0.0.1:8102")
    assert (code, err) == (0, "")
    assert "listen 127.0.0.1:8080" in out
    assert "127.0.0.1:8101" in out and "127.0.0.1:8102" in out
    assert "daemon off" not in out  # a site for Debian's nginx, not a whole nginx.conf


def test_nginx_config_standalone_keeps_its_files_in_its_directory(
        capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    code, out, _ = run(capsys, "nginx-config", "--worker", "w1=127.0.0.1:8101",
                       "--standalone", str(tmp_path))
    assert code == 0 and "daemon off" in out and f"{tmp_path}/" in out


@pytest.mark.parametrize("worker", ["w1", "w1=", "=127.0.0.1:8101", "w 1=127.0.0.1:8101",
                                    "w1=127.0.0.1"])
def test_nginx_config_refuses_a_bad_worker(capsys: pytest.CaptureFixture[str],
                                           worker: str) -> None:
    code, out, err = run(capsys, "nginx-config", "--worker", worker)
    assert code == 2 and out == "" and "NAME=HOST:PORT" in err


def test_nginx_config_refuses_a_bad_listen_address(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "nginx-config", "--listen", "nowhere;",
                         "--worker", "w1=127.0.0.1:8101")
    assert code == 2 and out == "" and err.startswith("pokerroom nginx-config: ")


def test_serve_never_prints_the_database_password(tmp_path: pytest.TempPathFactory) -> None:
    """Issue 22: the start-up line names the database without its password (a log is
    read by more people than the database's owner); the server cannot reach this
    database and stops, and neither output holds the secret."""
    import subprocess
    import sys

    from tests.ports import free_port

    url = f"postgresql+psycopg://room:s3cret-pw@127.0.0.1:{free_port()}/room"
    done = subprocess.run([sys.executable, "-m", "pokerroom.cli", "serve", "--port",
                           str(free_port()), "--database", url],
                          capture_output=True, text=True, timeout=60)
    assert "database postgresql+psycopg://room:***@127.0.0.1" in done.stdout
    assert "s3cret-pw" not in done.stdout + done.stderr
