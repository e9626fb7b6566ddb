"""The room's settings in one place: every limit the room enforces, with its default.

A setting is ``SECTION.NAME``; ``pokerroom serve --set SECTION.NAME=VALUE`` (repeatable)
changes it, and :func:`apply` refuses a name or value it does not know, saying what is
allowed.  Each section is a frozen dataclass owned by the module that enforces it; this
module only gathers them, so the README's table of limits and the parser read the same
fields.

>>> s = apply(Settings(), ["connections.per_address=32"])
>>> s.connections.per_address
32
>>> try:
...     apply(Settings(), ["connections.nope=1"])
... except SettingError as exc:
...     print(str(exc).split(";")[0])
unknown setting 'connections.nope'
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, get_type_hints
from urllib.parse import urlsplit

from pokerroom.server.actors.clock_memory import ClockSettings
from pokerroom.server.actors.group_commit import RecorderSettings
from pokerroom.server.guard.clients import ProxySettings
from pokerroom.server.guard.origins import BrowserSettings, normalized_origin
from pokerroom.server.guard.quotas import QuotaSettings
from pokerroom.server.operations.logs import LogSettings
from pokerroom.server.operations.metrics import MetricsSettings
from pokerroom.server.tournaments.deals import DealLimits

__all__ = ["ConnectionLimits", "RoomAddress", "SettingError", "Settings", "apply", "described"]


class SettingError(ValueError):
    """A ``--set`` the room cannot take: the message names what is allowed."""


@dataclass(frozen=True, kw_only=True)
class ConnectionLimits:
    """Connections and request bodies (enforced while reading, before any route runs)."""

    header_seconds: float = 10.0
    """A client has this long to send a request's line and headers (and between two parts
    of its body), then it is answered 408 and closed."""
    idle_seconds: float = 5.0
    """A kept-alive connection with no request in flight is closed after this long."""
    per_address: int = 64
    """Open connections (HTTP and sockets) from one client address at once; one more is
    answered 429 (a trusted proxy's own address is not capped)."""
    total: int = 4000
    """Open connections in all (one more is answered 503); the file-descriptor limit is
    raised to fit at start."""
    body_bytes: int = 64 * 1024
    """The largest request body (HTTP: 413 past it; a socket frame: closed, code 1009)."""
    api_rate: int = 50
    """API requests a second one client address may make through nginx (``pokerroom
    nginx-config`` renders it as ``limit_req``; the room itself counts creations and
    joins with ``quotas.*``)."""
    api_burst: int = 200
    """API requests one client address may make at once above ``api_rate``, through nginx."""

    def __post_init__(self) -> None:
        for name in ("header_seconds", "idle_seconds", "per_address", "total", "body_bytes",
                     "api_rate", "api_burst"):
            if not getattr(self, name) > 0:
                raise SettingError(f"connections.{name} must be more than 0, "
                                   f"got {getattr(self, name)!r}")


_UNSPECIFIED_HOSTS = frozenset({"0.0.0.0", "::"})


@dataclass(frozen=True, kw_only=True)
class RoomAddress:
    """Where friends reach the room (docs/play-with-friends.md).

    >>> RoomAddress(public_url="HTTPS://Poker.Example.org:443/").public_url
    'https://poker.example.org'
    """

    public_url: str = ""
    """The address friends open the room at (``https://poker.example.org``, the proxy's):
    the invite and host links the pages show and copy are on it, and its pages may open
    the room's sockets.  Empty: the address each browser used (``pokerroom serve
    --public-url``)."""

    def __post_init__(self) -> None:
        if not self.public_url:
            return
        origin = normalized_origin(self.public_url)
        if origin is None or urlsplit(origin).hostname in _UNSPECIFIED_HOSTS:
            raise SettingError(
                f"room.public_url: {self.public_url!r} is not an address a browser can open:"
                " write http(s)://HOST or http(s)://HOST:PORT without a path, HOST a name or "
                "address friends reach (not 0.0.0.0), e.g. https://poker.example.org")
        object.__setattr__(self, "public_url", origin)  # compared as an origin


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Every section of the room's settings."""

    connections: ConnectionLimits = field(default_factory=ConnectionLimits)
    proxy: ProxySettings = field(default_factory=ProxySettings)
    deals: DealLimits = field(default_factory=DealLimits)
    quotas: QuotaSettings = field(default_factory=QuotaSettings)
    clock: ClockSettings = field(default_factory=ClockSettings)
    browser: BrowserSettings = field(default_factory=BrowserSettings)
    metrics: MetricsSettings = field(default_factory=MetricsSettings)
    logs: LogSettings = field(default_factory=LogSettings)
    recorder: RecorderSettings = field(default_factory=RecorderSettings)
    room: RoomAddress = field(default_factory=RoomAddress)


def _sections(settings: Settings) -> Iterator[tuple[str, Any]]:
    for f in dataclasses.fields(settings):
        yield f.name, getattr(settings, f.name)


def described(settings: Settings | None = None) -> list[tuple[str, Any, str]]:
    """``(SECTION.NAME, value, what it limits)`` for every setting, in order: what the
    README's table and ``pokerroom serve --help`` show."""
    rows = []
    for name, section in _sections(settings or Settings()):
        docs = _field_docs(type(section))
        for f in dataclasses.fields(section):
            rows.append((f"{name}.{f.name}", getattr(section, f.name), docs.get(f.name, "")))
    return rows


def _field_docs(cls: type) -> dict[str, str]:
    """The string literal under each field (the attribute docstrings above)."""
    import ast
    import inspect
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs


def _coerce(text: str, kind: Any, name: str) -> Any:
    try:
        if kind is int:
            value: Any = int(text.replace("_", ""))
        elif kind is float:
            value = float(text)
            if not math.isfinite(value):
                raise ValueError(text)
        elif kind is bool:
            lowered = text.lower()
            if lowered not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError(text)
            value = lowered in ("true", "1", "yes")
        elif kind is str:
            value = text
        elif kind == tuple[str, ...]:  # a comma-separated list
            value = tuple(part.strip() for part in text.split(",") if part.strip())
        else:  # pragma: no cover - a section declared a type this parser lacks
            raise AssertionError(f"setting {name} has a type --set cannot parse: {kind}")
    except ValueError:
        raise SettingError(f"{name} takes {getattr(kind, '__name__', kind)}, "
                           f"got {text!r}") from None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        raise SettingError(f"{name} cannot be negative, got {text!r}")
    return value


def apply(settings: Settings, assignments: Iterable[str]) -> Settings:
    """``settings`` with each ``SECTION.NAME=VALUE`` of ``assignments`` applied."""
    sections = dict(_sections(settings))
    changed: dict[str, dict[str, Any]] = {}
    for assignment in assignments:
        key, sep, text = assignment.partition("=")
        key = key.strip()
        section_name, _, field_name = key.partition(".")
        section = sections.get(section_name)
        names = ({f.name for f in dataclasses.fields(section)} if section is not None
                 else set())
        if not sep or field_name not in names:
            allowed = ", ".join(row[0] for row in described(settings))
            what = (f"unknown setting {key!r}" if sep
                    else f"a setting is SECTION.NAME=VALUE, got {assignment!r}")
            raise SettingError(f"{what}; the settings are: {allowed}")
        kind = get_type_hints(type(section))[field_name]
        changed.setdefault(section_name, {})[field_name] = _coerce(text.strip(), kind, key)
    try:  # a section may check its values as a whole (browser.allowed_origins)
        return dataclasses.replace(settings, **{
            name: dataclasses.replace(sections[name], **fields)
            for name, fields in changed.items()})
    except ValueError as exc:
        raise SettingError(str(exc)) from None
