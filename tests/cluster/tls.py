"""The room on the internet, on loopback (issue 24): a self-signed certificate made
with ``openssl``, one ``pokerroom serve`` and Debian's nginx in front speaking HTTPS
with :func:`pokerroom.server.cluster.proxy_config.render`'s TLS site (the same
configuration as ``deploy/nginx/pokerroom-tls.conf``), plain HTTP redirected."""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import ssl
import subprocess
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerroom.server.cluster.proxy_config import Tls
from pokerroom.server.settings import ConnectionLimits
from tests.cluster.harness import ClusterError, Nginx
from tests.ports import free_port
from tests.server.serving import start_server

NAME = "poker.test"
"""The room's public name: the certificate's, and what Chromium maps to 127.0.0.1."""


def self_signed(directory: Path, name: str = NAME) -> tuple[Path, Path]:
    """A certificate for ``name`` and 127.0.0.1, and its key (``openssl req``)."""
    if shutil.which("openssl") is None:
        raise ClusterError("no openssl: apt-get install openssl")
    directory.mkdir(parents=True, exist_ok=True)
    certificate, key = directory / "room.pem", directory / "room.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", f"/CN={name}", "-addext", f"subjectAltName=DNS:{name},IP:127.0.0.1",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True)
    key.chmod(0o644)  # nginx's workers (nobody, under a root master) read it at start only
    return certificate, key


def spki_hash(certificate: Path) -> str:
    """base64(sha256(the certificate's public key)): what Chromium's
    ``--ignore-certificate-errors-spki-list`` takes to accept this certificate alone."""
    public = subprocess.run(["openssl", "x509", "-in", str(certificate), "-pubkey", "-noout"],
                            check=True, capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=public,
                         check=True, capture_output=True).stdout
    digest = subprocess.run(["openssl", "dgst", "-sha256", "-binary"], input=der,
                            check=True, capture_output=True).stdout
    return base64.b64encode(digest).decode()


@dataclass
class HttpsRoom:
    """The room behind nginx's HTTPS: :attr:`port` (HTTPS), :attr:`http_port` (a
    redirect), :attr:`room_port` (the room itself, on loopback only)."""

    nginx: Nginx
    room_port: int
    http_port: int
    certificate: Path
    log: Path

    @property
    def port(self) -> int:
        return self.nginx.port

    def evidence(self) -> str:
        """What nginx and the room logged last: nginx's error and access logs, the
        room's log (for a failure's message)."""
        parts = []
        for name, path in (("nginx error.log", self.nginx.directory / "error.log"),
                           ("nginx access.log", self.nginx.directory / "access.log"),
                           ("room.log", self.log)):
            text = path.read_text(errors="replace")[-3000:] if path.exists() else "(none)"
            parts.append(f"--- {name}:\n{text}")
        return "\n".join(parts)

    def context(self) -> ssl.SSLContext:
        """A client context trusting the test's certificate only."""
        return ssl.create_default_context(cafile=str(self.certificate))

    def api(self, path: str, body: Any = None, *, host: str | None = None) -> Any:
        """``path`` through nginx over HTTPS (POST ``body`` as JSON), decoded."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"https://127.0.0.1:{self.port}{path}", data=data, method="POST" if data else "GET",
            headers={**({"Content-Type": "application/json"} if data else {}),
                     **({"Host": host} if host else {})})
        with urllib.request.urlopen(request, timeout=10, context=self.context()) as answer:
            return json.loads(answer.read())


@contextlib.contextmanager
def https_room(directory: Path, *, public: bool = True,
               settings: Sequence[str] = ("proxy.trusted=127.0.0.1",),
               bot_delay: float = 0.002, pause: float = 0.01) -> Iterator[HttpsRoom]:
    """``pokerroom serve`` on SQLite in ``directory`` (with ``--public-url
    https://poker.test:PORT`` when ``public``, and each of ``settings``), nginx in
    front on HTTPS with the test's certificate; all stopped after."""
    certificate, key = self_signed(directory / "tls")
    room_port, http_port = free_port(), free_port()
    # nginx 1.22 (Debian's) counts the TLS handshake in client_header_timeout.  Twice
    # (once in CI, once in a loop of runs beside other suites, load about 10 on 2
    # cores) a test's socket got no answer and left no line in nginx's logs, as a
    # header timeout does (logged at "info"; the error log is at "error"): most
    # likely the handshake and request took longer than the 10 s default.  These
    # tests are about HTTPS, not slow clients (test_connections and the proxy tests
    # keep the default).  (The cause found later was the test's client: see
    # test_https_proxy.py's _socket.)
    nginx = Nginx(directory / "nginx", {"room": f"127.0.0.1:{room_port}"},
                  limits=ConnectionLimits(header_seconds=60),
                  tls=Tls(certificate=certificate, key=key, server_name=NAME,
                          redirect_from=f"127.0.0.1:{http_port}"))
    log = directory / "room.log"
    extra = ("--public-url", f"https://{NAME}:{nginx.port}") if public else ()
    process = start_server(room_port, f"sqlite:///{directory / 'room.sqlite'}", log,
                           bot_delay=bot_delay, pause=pause, settings=settings, extra=extra)
    try:
        nginx.start()
        try:
            yield HttpsRoom(nginx, room_port, http_port, certificate, log)
        finally:
            nginx.stop()
    finally:
        process.terminate()
        process.wait(timeout=20)
