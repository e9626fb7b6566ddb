"""The room's log: its own lines (start-up, restores, refusals, leases lost, errors)
through the standard :mod:`logging` module, as plain text or one JSON object a line.

The room logs to the ``pokerroom`` logger (:data:`LOG`; a module may use a child of
it).  ``pokerroom serve`` calls :func:`configure` with ``logs.format`` (or
``--log-format``): ``text`` writes ``pokerroom: MESSAGE`` lines on standard error, as
the room always has; ``json`` writes one object a line, with ``time`` (UTC, ISO 8601),
``level``, ``logger``, ``message``, any fields the call gave in ``extra=`` and, after an
exception, ``error`` (its traceback), and makes uvicorn's own lines JSON too.

A log line never carries a secret: no seat token, host or director key, password or
database URL with its password is ever put in a message or a field (the URLs logged
are rendered with the password hidden, and request paths are logged without their
query, where a download's token may travel).

>>> import io
>>> out = io.StringIO()
>>> configure("json", stream=out, level=logging.INFO)
>>> LOG.info("started", extra={"port": 8000})
>>> line = json.loads(out.getvalue())
>>> line["message"], line["level"], line["port"]
('started', 'info', 8000)
>>> configure("text", stream=out)  # back to plain lines
"""

from __future__ import annotations

import datetime
import json
import logging
import sys
from dataclasses import dataclass
from typing import Any, TextIO

__all__ = ["FORMATS", "LOG", "JsonFormatter", "LogSettings", "configure"]

LOG = logging.getLogger("pokerroom")
"""The room's logger."""

FORMATS = ("text", "json")
"""The formats of ``logs.format``."""

# Every attribute a LogRecord has of its own: the rest came in ``extra=``.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "taskName"}


@dataclass(frozen=True, kw_only=True)
class LogSettings:
    """The room's log on standard error."""

    format: str = "text"
    """``text`` (``pokerroom: ...`` lines) or ``json`` (one JSON object a line: time,
    level, logger, message and the line's fields); ``serve --log-format`` too."""

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"logs.format is one of {', '.join(FORMATS)}, "
                             f"got {self.format!r}")


class JsonFormatter(logging.Formatter):
    """One JSON object a record (module doc)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.datetime.fromtimestamp(record.created, datetime.UTC)
                    .isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage()}
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


class _TextFormatter(logging.Formatter):
    """``pokerroom: MESSAGE`` (the room's lines as they always were), others
    ``LOGGER: MESSAGE``; a traceback after it."""

    def format(self, record: logging.LogRecord) -> str:
        who = "pokerroom" if record.name.startswith("pokerroom") else record.name
        text = f"{who}: {record.getMessage()}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


_HANDLER_NAME = "pokerroom-serve"


def configure(format: str, *, stream: TextIO | None = None, level: int = logging.INFO
              ) -> None:
    """Send the log (the root logger's: the room's and its libraries') to ``stream``
    (standard error) in ``format`` (:data:`FORMATS`), at ``level`` for the room's own
    lines; a handler set by an earlier call is replaced."""
    if format not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, got {format!r}")
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == _HANDLER_NAME]:
        root.removeHandler(old)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter() if format == "json" else _TextFormatter())
    root.addHandler(handler)
    if root.level > logging.WARNING or root.level == logging.NOTSET:
        root.setLevel(logging.WARNING)  # libraries: their warnings and errors
    LOG.setLevel(level)
