"""A small TOML writer for the values a hand history holds.

Reading uses the standard library's ``tomllib``; the standard library has no
writer, and PHH needs only strings, numbers, booleans, local dates and times,
arrays and (rarely, in user-defined fields) inline tables.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from typing import Final

from pokerroom.errors import NotationError

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
# TOML basic strings forbid raw control characters other than tab, and DEL.
_NEEDS_ESCAPE: Final = re.compile(r'["\\\x00-\x08\x0a-\x1f\x7f]')


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def format_string(text: str) -> str:
    """A TOML basic string: ``"..."`` with the required escapes."""
    return '"' + _NEEDS_ESCAPE.sub(_escape, text) + '"'


def format_key(key: str) -> str:
    """A bare key when TOML allows one, else a quoted key."""
    return key if _BARE_KEY.fullmatch(key) else format_string(key)


def format_float(number: float) -> str:
    if math.isnan(number):
        return "nan"
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return repr(number)  # repr round-trips exactly and always has '.' or 'e'


def format_value(value: object) -> str:
    """Any TOML value: bool, int, float, str, date/time, array, inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return format_float(value)
    if isinstance(value, str):
        return format_string(value)
    if isinstance(value, datetime.datetime):
        offset = value.utcoffset()
        if offset is not None and offset.total_seconds() % 60:
            raise NotationError(f"TOML time zone offsets are whole minutes: {value!r}")
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        if value.tzinfo is not None:
            raise NotationError(f"TOML has no time of day with a time zone: {value!r}")
        return value.isoformat()
    if isinstance(value, Mapping):
        items = ", ".join(
            f"{format_key(str(k))} = {format_value(v)}" for k, v in value.items()
        )
        return "{ " + items + " }" if items else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    raise NotationError(
        f"cannot write a {type(value).__name__} in TOML ({value!r}); allowed are "
        "str, int, float, bool, date, time, datetime, lists and mappings of those"
    )
