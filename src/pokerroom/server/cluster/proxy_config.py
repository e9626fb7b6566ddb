"""nginx in front of the room's workers (issue 15): the configuration, rendered.

A room on several processes (``pokerroom serve --worker NAME --worker-prefix /w/NAME``,
all on one PostgreSQL database) sits behind one nginx.  Two kinds of address reach a
worker through it:

- the **generic** paths (``/``, ``/api/...``, ``/ws/tables/ID``): any worker, taken
  from an ``upstream`` of all of them; a worker that refuses the connection or does not
  answer in time is skipped for the next (``proxy_next_upstream error timeout``), and
  the worker that answers serves the request, redirects it to the table's owner
  (``307 Location: /w/OWNER/...``) or says the table is moving (``503``);
- the **named** paths ``/w/NAME/...``: exactly the worker NAME, with the ``/w/NAME``
  prefix taken off (the query string kept as sent).  A ``map`` turns the name into the
  worker's own upstream; an unknown name is answered 404 by nginx itself.

WebSockets pass through both (HTTP/1.1, ``Upgrade`` and ``Connection`` forwarded; the
``Connection`` header is emptied for plain requests so upstream connections are kept
alive), with a long read timeout on the socket paths and a short one elsewhere (a
stopped worker does not hold an API call for minutes).  ``X-Forwarded-For``,
``X-Forwarded-Proto``, ``X-Real-IP`` and ``Host`` tell the worker who asked (give the
workers ``--set proxy.trusted=NGINX'S ADDRESS`` so they read it; issue 22).

The same protections as a worker's own (``connections.*`` settings, issue 22), at the
door: a client has ``header_seconds`` to send its request line and headers and between
two reads of its body (``client_header_timeout``, ``client_body_timeout``) and nginx
``send_timeout``; an idle kept-alive connection closes after ``idle_seconds``
(``keepalive_timeout``); a body over ``body_bytes`` is answered ``413`` without being
read (``client_max_body_size``); one client address may have ``per_address`` requests
in progress (an open WebSocket is one; ``limit_conn``, which takes at most
:data:`NGINX_MAX_CONN`: a larger ``per_address`` is rendered as that) and ``api_rate`` API
requests a second, ``api_burst`` at once (``limit_req``); past either the answer
is ``429`` with ``Retry-After``.  nginx's refusals are JSON in the room's error form.

:func:`render` gives either a *site* (the ``http``-context text Debian's nginx
includes from ``/etc/nginx/sites-enabled/``) or, with ``standalone_dir``, a whole
``nginx.conf`` that keeps everything nginx writes (pid, logs, temp files) in that
directory and stays in the foreground: what the tests and the bench run.

>>> site = render("8080", {"a": "127.0.0.1:8001", "b": "127.0.0.1:8002"})
>>> "server 127.0.0.1:8001" in site and "listen 8080;" in site
True

With ``tls`` (a :class:`Tls`: the certificate, its key, the name browsers ask for)
nginx speaks HTTPS on ``listen`` (TLS 1.2 and 1.3) and, when ``tls.redirect_from``
is set, answers plain HTTP there with a redirect to the same address over HTTPS: the
room on the internet (docs/play-with-friends.md; deploy/nginx/pokerroom-tls.conf).

>>> tls = Tls(certificate=Path("/etc/ssl/room.pem"), key=Path("/etc/ssl/room.key"),
...           server_name="poker.example.org", redirect_from="80")
>>> site = render("443", {"room": "127.0.0.1:8000"}, tls=tls)
>>> "listen 443 ssl;" in site and "return 301 https://$host$request_uri;" in site
True
>>> render("8080", {"a b": "127.0.0.1:8001"})
Traceback (most recent call last):
...
ValueError: worker name 'a b': use 1-64 letters, digits, '_' or '-'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from pokerroom.server.settings import ConnectionLimits
from pokerroom.server.wire.reasons import WireReason

__all__ = ["Tls", "render", "render_site", "render_standalone"]

# The same alphabet as a URL path segment needs no escaping in, and as nginx takes
# unquoted in a map: letters, digits, '_' and '-'.
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
# host:port, host a DNS name or an IPv4 address or a bracketed IPv6 address.
_ADDRESS = re.compile(r"(?P<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(?P<port>[0-9]{1,5})")
# nginx's listen: a port, or address:port (same address forms as above).
_LISTEN = re.compile(r"(?:(?P<host>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]|\*):)?(?P<port>[0-9]{1,5})")

# Generic requests go to any worker; these are the upstream groups' names.
GENERIC_UPSTREAM = "pokerroom_workers"
_WORKER_UPSTREAM = "pokerroom_worker_"
# nginx's shared-memory zones: requests in progress, and API requests, per client address.
_CONN_ZONE = "pokerroom_per_address"
NGINX_MAX_CONN = 65535
"""The most ``limit_conn`` takes (nginx refuses a configuration with more)."""
_API_ZONE = "pokerroom_api"

# Seconds.  A worker on loopback or a LAN accepts at once or not at all; an API call
# the room answers in milliseconds.  A socket's read timeout also bounds its opening
# handshake, which a stopped worker (the kernel accepts for it) never answers: long
# enough for an open socket, which always carries uvicorn's ping every 20 s, short
# enough that nginx then tries another worker for a new one.
CONNECT_TIMEOUT = 2
API_TIMEOUT = 15
SOCKET_TIMEOUT = 60

RETRY_AFTER = 5
"""Seconds a client refused by nginx's limits is told to wait (``Retry-After``)."""


# A DNS name nginx takes as a server_name (or '_', any name).
_SERVER_NAME = re.compile(r"_|(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?"
                          r"(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*")


@dataclass(frozen=True, kw_only=True)
class Tls:
    """HTTPS at nginx: the room on the internet (module doc)."""

    certificate: Path
    """The certificate chain, PEM (Let's Encrypt's ``fullchain.pem``)."""
    key: Path
    """Its private key, PEM (``privkey.pem``), readable by nginx's master only."""
    server_name: str = "_"
    """The name browsers ask for (``poker.example.org``); ``_``: any."""
    redirect_from: str | None = None
    """A second address (``80``) where nginx answers plain HTTP with a redirect to HTTPS."""

    def check(self) -> None:
        """Refuse what nginx would misread, naming the value and what is allowed."""
        for what, path in (("certificate", self.certificate), ("key", self.key)):
            if not Path(path).is_absolute() or re.search(r"[\s;{}'\"$#\\]", str(path)):
                raise ValueError(f"TLS {what} {str(path)!r}: give an absolute path without "
                                 "spaces, quotes or any of ; { } $ # \\")
        if not _SERVER_NAME.fullmatch(self.server_name):
            raise ValueError(f"server name {self.server_name!r}: give a DNS name "
                             "(poker.example.org) or _ for any")
        if self.redirect_from is not None:
            _check_listen(self.redirect_from, "redirect address")


def _check_listen(listen: str, what: str) -> str:
    """``listen``'s port; a ValueError when nginx cannot listen on it."""
    match = _LISTEN.fullmatch(listen)
    if match is None:
        raise ValueError(f"{what} {listen!r}: use PORT or HOST:PORT "
                         "(e.g. 80 or 127.0.0.1:8080)")
    _check_port(match["port"], f"{what} {listen!r}")
    return match["port"]


def _tls_lines(indent: str, tls: Tls) -> list[str]:
    lines = [
        "# HTTPS (issue 24): the room on the internet.",
        f"ssl_certificate {tls.certificate};",
        f"ssl_certificate_key {tls.key};",
        "ssl_protocols TLSv1.2 TLSv1.3;",
        "ssl_prefer_server_ciphers off;",
        "ssl_session_cache shared:pokerroom_tls:10m;",
        "ssl_session_timeout 1d;",
        "ssl_session_tickets off;",
    ]
    return [indent + line for line in lines]


def _redirect_server(listen: str, tls: Tls) -> list[str]:
    """Plain HTTP on ``tls.redirect_from``: a redirect to the room over HTTPS."""
    assert tls.redirect_from is not None
    port = _check_listen(listen, "listen address")
    target = "https://$host" + ("" if port == "443" else f":{port}") + "$request_uri"
    return ["", "# Plain HTTP: the same address over HTTPS.", "server {",
            f"    listen {tls.redirect_from};", f"    server_name {tls.server_name};",
            f"    return 301 {target};", "}"]


def _check_port(port: str, what: str) -> None:
    if not 1 <= int(port) <= 65535:
        raise ValueError(f"{what}: port {port} is out of range (1-65535)")


def _check(listen: str, workers: dict[str, str]) -> None:
    """Refuse what nginx would misread, naming the value and what is allowed."""
    _check_listen(listen, "listen address")
    if not workers:
        raise ValueError("no workers: give at least one NAME=HOST:PORT")
    for name, address in workers.items():
        if not _NAME.fullmatch(name):
            raise ValueError(f"worker name {name!r}: use 1-64 letters, digits, '_' or '-'")
        found = _ADDRESS.fullmatch(address)
        if found is None:
            raise ValueError(f"worker {name}: address {address!r} is not HOST:PORT "
                             "(e.g. 127.0.0.1:8001)")
        _check_port(found["port"], f"worker {name}: address {address!r}")


def _proxy_common(indent: str) -> list[str]:
    """What every location passes to a worker."""
    lines = [
        "proxy_http_version 1.1;",
        "proxy_set_header Host $http_host;",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $pokerroom_connection;",
        "proxy_set_header X-Real-IP $remote_addr;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        f"proxy_connect_timeout {CONNECT_TIMEOUT}s;",
    ]
    return [indent + line for line in lines]


def _unknown_worker(indent: str) -> list[str]:
    """A name the map does not know: 404 in JSON, as the room's own errors are."""
    # default_type is not allowed inside 'if'; proxied answers bring their own type.
    return [f"{indent}default_type application/json;",
            f"{indent}if ($pokerroom_worker_upstream = \"\") {{",
            f"{indent}    return 404 '{{\"reason\": \"{WireReason.UNKNOWN_WORKER}\", "
            f"\"detail\": \"no worker of this name behind the proxy\"}}';",
            f"{indent}}}"]


def _duration(seconds: float) -> str:
    """A time as nginx reads it (milliseconds, so 0.5 s is not rounded away)."""
    return f"{max(1, round(seconds * 1000))}ms"


def _refusal(reason: str, error: str, **more: object) -> str:
    """An nginx string literal: the room's JSON error body (no quote, backslash or ``$``
    in it, which nginx would read)."""
    text = json.dumps({"error": error, "reason": reason, **more})
    assert not re.search(r"['\\$]", text), text
    return f"'{text}'"


def _limits(indent: str, limits: ConnectionLimits) -> list[str]:
    """The ``server`` directives of the connections settings (module doc)."""
    header = _duration(limits.header_seconds)
    lines = [
        "# The room's connections.* settings, at the door (issue 22).",
        f"client_header_timeout {header};",
        f"client_body_timeout {header};",
        f"send_timeout {_duration(max(limits.header_seconds, SOCKET_TIMEOUT))};",
        f"keepalive_timeout {_duration(limits.idle_seconds)};",
        f"client_max_body_size {limits.body_bytes};",
        f"limit_conn {_CONN_ZONE} {min(limits.per_address, NGINX_MAX_CONN)};",
        "limit_conn_status 429;",
        "limit_req_status 429;",
        "error_page 413 @pokerroom_body_too_large;",
        "error_page 429 @pokerroom_too_many;",
    ]
    return [indent + line for line in lines]


def _refusal_locations(indent: str, limits: ConnectionLimits) -> list[str]:
    too_large = _refusal("body_too_large", f"the request body is larger than "
                         f"{limits.body_bytes} bytes, the most the room takes "
                         "(connections.body_bytes)", limit=limits.body_bytes)
    too_many = _refusal("too_many_requests", "this address has too many requests in "
                        "progress or made too many in a short time: try again in a moment")
    lines = [
        "location @pokerroom_body_too_large {",
        "    default_type application/json;",
        f"    return 413 {too_large};",
        "}",
        "location @pokerroom_too_many {",
        "    default_type application/json;",
        f"    add_header Retry-After {RETRY_AFTER} always;",
        f"    return 429 {too_many};",
        "}",
    ]
    return [indent + line for line in lines]


def _timeouts(indent: str, seconds: int) -> list[str]:
    return [f"{indent}proxy_read_timeout {seconds}s;", f"{indent}proxy_send_timeout {seconds}s;"]


def render_site(listen: str, workers: dict[str, str], *,
                limits: ConnectionLimits | None = None, tls: Tls | None = None) -> str:
    """The ``http``-context configuration: upstreams, maps and one ``server``, with
    ``limits`` (the defaults when omitted) at the door, HTTPS with ``tls``.

    Debian's nginx includes it from ``/etc/nginx/sites-enabled/``."""
    _check(listen, workers)
    if tls is not None:
        tls.check()
    limits = limits or ConnectionLimits()
    out = [
        "# pokerroom behind nginx (generated by `pokerroom nginx-config`; issue 15).",
        f"# Workers: {', '.join(f'{n}={a}' for n, a in workers.items())}.",
        "",
        "# Any worker, for the generic paths: a refused connection or a timeout moves",
        "# the request to the next worker (max_fails: a dead one is skipped for 2 s).",
        f"upstream {GENERIC_UPSTREAM} {{",
    ]
    out += [f"    server {address} max_fails=1 fail_timeout=2s;" for address in workers.values()]
    out += ["    keepalive 32;", "}", ""]
    for name, address in workers.items():
        out += [f"upstream {_WORKER_UPSTREAM}{name} {{", f"    server {address};",
                "    keepalive 8;", "}"]
    out += [
        "",
        "# /w/NAME/... goes to worker NAME only: its upstream, and the path without the",
        "# prefix, taken from the request line as sent (escapes and query string kept).",
        "map $pokerroom_worker_name $pokerroom_worker_upstream {",
        '    default "";',
    ]
    out += [f"    {name} {_WORKER_UPSTREAM}{name};" for name in workers]
    out += [
        "}",
        "map $request_uri $pokerroom_worker_path {",
        '    "~^/w/[A-Za-z0-9_-]+(?<pokerroom_rest>/.*)$" $pokerroom_rest;',
        '    "~^/w/[A-Za-z0-9_-]+(?<pokerroom_query>\\?.*)$" /$pokerroom_query;',
        "    default /;",
        "}",
        "",
        "# Per client address: requests in progress (a WebSocket is one while open) and",
        "# the API's request rate.",
        f"limit_conn_zone $binary_remote_addr zone={_CONN_ZONE}:10m;",
        f"limit_req_zone $binary_remote_addr zone={_API_ZONE}:10m rate={limits.api_rate}r/s;",
        "",
        "# WebSockets: pass the upgrade; plain requests keep the upstream connection.",
        "map $http_upgrade $pokerroom_connection {",
        "    default upgrade;",
        "    '' '';",
        "}",
        "",
        "server {",
        f"    listen {listen}{' ssl' if tls else ''};",
        f"    server_name {tls.server_name if tls else '_'};",
        *(["", *_tls_lines("    ", tls)] if tls else []),
        "",
        *_limits("    ", limits),
        "",
        *_proxy_common("    "),
        "",
        "    # Sockets of one worker (the room sends them to the table's owner).",
        "    location ~ ^/w/(?<pokerroom_worker_name>[A-Za-z0-9_-]+)/ws/ {",
        *_unknown_worker("        "),
        *_timeouts("        ", SOCKET_TIMEOUT),
        "        proxy_pass http://$pokerroom_worker_upstream$pokerroom_worker_path;",
        "    }",
        "    # Anything else of one worker (redirects, a table's API on its owner).",
        "    location ~ ^/w/(?<pokerroom_worker_name>[A-Za-z0-9_-]+)(?:/|$) {",
        f"        limit_req zone={_API_ZONE} burst={limits.api_burst} nodelay;",
        *_unknown_worker("        "),
        *_timeouts("        ", API_TIMEOUT),
        "        proxy_pass http://$pokerroom_worker_upstream$pokerroom_worker_path;",
        "    }",
        "    # Generic sockets: any worker accepts, and says 'moved' when another owns it.",
        "    location /ws/ {",
        *_timeouts("        ", SOCKET_TIMEOUT),
        "        proxy_next_upstream error timeout;",
        "        proxy_next_upstream_tries 3;",
        f"        proxy_pass http://{GENERIC_UPSTREAM};",
        "    }",
        "    location /api/ {",
        f"        limit_req zone={_API_ZONE} burst={limits.api_burst} nodelay;",
        *_timeouts("        ", API_TIMEOUT),
        "        proxy_next_upstream error timeout;",
        "        proxy_next_upstream_tries 3;",
        f"        proxy_next_upstream_timeout {API_TIMEOUT}s;",
        f"        proxy_pass http://{GENERIC_UPSTREAM};",
        "    }",
        "    location / {",
        *_timeouts("        ", API_TIMEOUT),
        "        # Only requests not yet sent are retried on another worker (nginx never",
        "        # resends a POST a worker may have received).",
        "        proxy_next_upstream error timeout;",
        "        proxy_next_upstream_tries 3;",
        f"        proxy_next_upstream_timeout {API_TIMEOUT}s;",
        f"        proxy_pass http://{GENERIC_UPSTREAM};",
        "    }",
        *_refusal_locations("    ", limits),
        "}",
        *(_redirect_server(listen, tls) if tls and tls.redirect_from else []),
    ]
    return "\n".join(out) + "\n"


def render_standalone(listen: str, workers: dict[str, str], directory: Path, *,
                      limits: ConnectionLimits | None = None, tls: Tls | None = None) -> str:
    """A whole ``nginx.conf`` around :func:`render_site`: in the foreground
    (``daemon off``), with its pid, lock, logs and temp files under ``directory``
    (absolute), so ``nginx -c DIR/nginx.conf -p DIR -e DIR/error.log`` runs it without
    touching ``/etc`` or ``/var``."""
    directory = Path(directory)
    if not directory.is_absolute():
        raise ValueError(f"standalone directory {str(directory)!r}: give an absolute path")
    if re.search(r"[\s;{}'\"$#\\]", str(directory)):
        raise ValueError(f"standalone directory {str(directory)!r}: use a path without "
                         "spaces, quotes or any of ; { } $ # \\")
    site = render_site(listen, workers, limits=limits, tls=tls)
    d = str(directory)
    head = [
        "# A standalone nginx for pokerroom's workers (tests, bench, trying it out).",
        "daemon off;",
        "worker_processes 1;",
        "worker_rlimit_nofile 8192;",
        f"pid {d}/nginx.pid;",
        f"lock_file {d}/nginx.lock;",
        f"error_log {d}/error.log warn;",
        "",
        "events {",
        "    worker_connections 4096;",
        "}",
        "",
        "http {",
        f"    access_log {d}/access.log;",
        f"    client_body_temp_path {d}/client_body;",
        f"    proxy_temp_path {d}/proxy;",
        f"    fastcgi_temp_path {d}/fastcgi;",
        f"    uwsgi_temp_path {d}/uwsgi;",
        f"    scgi_temp_path {d}/scgi;",
        "    default_type application/octet-stream;",
        "",
    ]
    body = ["    " + line if line else "" for line in site.splitlines()]
    return "\n".join([*head, *body, "}"]) + "\n"


def render(listen: str, workers: dict[str, str], *, standalone_dir: Path | None = None,
           limits: ConnectionLimits | None = None, tls: Tls | None = None) -> str:
    """nginx configuration for ``workers`` (name -> ``host:port``) listening on
    ``listen`` (``PORT`` or ``HOST:PORT``): a site for Debian's nginx, or with
    ``standalone_dir`` a whole configuration kept in that directory; ``limits``: the
    room's ``connections`` settings (the defaults when omitted); ``tls``: HTTPS.

    Bad input raises ``ValueError`` naming the value and what is allowed."""
    if standalone_dir is None:
        return render_site(listen, workers, limits=limits, tls=tls)
    return render_standalone(listen, workers, standalone_dir, limits=limits, tls=tls)
