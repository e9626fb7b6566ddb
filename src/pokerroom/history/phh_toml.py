"""A fast reader for the part of TOML that PHH files use, ``tomllib`` for the rest.

``tomllib`` spends most of its time stepping through the text a character at
a time in Python; PHH files are a handful of ``key = value`` lines, where one
regular expression can take a whole array of strings or numbers at once.
This reader understands exactly this subset:

- ``key = value`` lines with bare keys (``A-Z a-z 0-9 _ -``), blank lines and
  ``#`` comments;
- ``[key]`` table headers (the hands of a ``.phhs`` file: ``[1]``, ``[2]``, ...);
- values: literal strings ``'...'``, basic strings ``"..."`` with the TOML
  escapes, decimal integers, floats (decimal point and/or exponent, ``inf``,
  ``nan``), ``true`` and ``false``, local times (``time = 20:05:00``), and
  arrays of values, which may span lines and hold comments.

Any document outside it -- quoted or dotted keys, multi-line strings, dates and
date-times, inline tables, arrays of tables, hexadecimal, underscores in numbers,
a key given twice, invalid TOML of any kind -- is handed to ``tomllib``
whole, so :func:`loads` returns exactly what ``tomllib.loads`` returns (or
raises what it raises) for every document.  :func:`loads_subset` is the fast
reader alone; it returns None where ``loads`` falls back.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any, Final

from pokerroom.history._bounded import keep

__all__ = ["loads", "loads_subset"]

_CTRL: Final = r"\x00-\x08\x0a-\x1f\x7f"  # control characters TOML forbids in strings and comments
_COMMENT: Final = rf"#[^{_CTRL}]*"
_WS_NL: Final = r"[ \t\n]*"
_LITERAL_ITEM: Final = rf"'[^'{_CTRL}]*'"
_BASIC_ITEM: Final = rf'"[^"\\{_CTRL}]*"'  # a basic string without escapes
_NUMBER_ITEM: Final = r"[+-]?(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|inf|nan)"


def _array_of(item: str) -> re.Pattern[str]:
    """A whole array of ``item``s without comments: ``[a, b]``, ``[a, b,]``, ``[]``."""
    return re.compile(rf"\[{_WS_NL}(?:{item}{_WS_NL},{_WS_NL})*(?:{item}{_WS_NL})?\]")


_KEY: Final = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_END: Final = re.compile(rf"[ \t]*(?:{_COMMENT})?(?:\n|\Z)")  # after a statement, or a blank line
_HEADER: Final = re.compile(r"[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
_LITERAL: Final = re.compile(rf"'([^'{_CTRL}]*)'")
_BASIC: Final = re.compile(rf'"((?:[^"\\{_CTRL}]|\\.)*)"')
_NUMBER: Final = re.compile(_NUMBER_ITEM)
_TIME: Final = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,6})[0-9]*)?")
_ARRAY_GAP: Final = re.compile(rf"(?:[ \t\n]|{_COMMENT})*")  # whitespace, newlines, comments
_LITERAL_ARRAY: Final = _array_of(_LITERAL_ITEM)
_BASIC_ARRAY: Final = _array_of(_BASIC_ITEM)
_NUMBER_ARRAY: Final = _array_of(_NUMBER_ITEM)
_ESCAPE: Final = re.compile(r'\\(?:([btnfr"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|)')
_ESCAPED: Final = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_MAX_DEPTH: Final = 32  # arrays nested deeper go to tomllib
_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_FIELDS: Final = frozenset(  # PHH's fields: bare keys known not to need _BARE_KEY
    {
        "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
        "small_bet", "big_bet", "min_bet", "starting_stacks", "actions", "author", "event",
        "url", "venue", "address", "city", "region", "postal_code", "country", "time",
        "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand", "level",
        "seats", "seat_count", "table", "players", "finishing_stacks", "winnings",
        "currency", "currency_symbol",
    }
)
# The lines that describe the game rather than the hand (the variant, the forced
# bets, the stacks, the players): the same text hand after hand at one table, so
# a line read once is kept by its text, its value made again by a copy.  Only
# lines the simple path reads (strings, integers, booleans, one-line arrays of
# them) are kept: their values do not depend on ``parse_float``.
_GAME_FIELDS: Final = frozenset(
    {
        "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in",
        "small_bet", "big_bet", "min_bet", "starting_stacks", "author", "event", "url",
        "venue", "address", "city", "region", "postal_code", "country", "time_zone",
        "time_zone_abbreviation", "level", "seat_count", "table", "players", "currency",
        "currency_symbol",
    }
)
_LINES: Final[dict[str, tuple[str, Any]]] = {}  # line -> (key, value) of _GAME_FIELDS
_LINES_LIMIT: Final = 1 << 12  # emptied when full
# first line -> (the run of kept lines a document started with, their keys and values)
_HEADS: Final[dict[str, tuple[str, tuple[tuple[str, Any], ...]]]] = {}
_HEADS_LIMIT: Final = 1 << 8  # emptied when full
_NOT_SIMPLE: Final = object()
_INTS: Final[dict[str, int]] = {}  # text -> int, of the integers in one-line arrays
_INTS_LIMIT: Final = 1 << 12  # emptied when full

ParseFloat = Callable[[str], Any]


class _Unsupported(Exception):
    """The document is outside the subset (or not valid TOML): tomllib decides."""


def loads(text: str, /, *, parse_float: ParseFloat = float) -> dict[str, Any]:
    """``tomllib.loads(text, parse_float=parse_float)``, faster on PHH files.

    >>> loads("variant = 'NT'\\nantes = [0, 0]\\nmin_bet = 2.5")
    {'variant': 'NT', 'antes': [0, 0], 'min_bet': 2.5}
    """
    document = loads_subset(text, parse_float=parse_float)
    if document is None:
        import tomllib  # (only here: a process reading PHH files seldom needs it)

        return tomllib.loads(text, parse_float=parse_float)
    return document


def loads_subset(text: str, /, *, parse_float: ParseFloat = float) -> dict[str, Any] | None:
    """The document as ``tomllib`` reads it, or None when it is outside the subset."""
    try:
        return _document(text.replace("\r\n", "\n") if "\r" in text else text, parse_float)
    except _Unsupported:
        return None


def _document(src: str, parse_float: ParseFloat) -> dict[str, Any]:
    root: dict[str, Any] = {}
    table = root
    pos, size = 0, len(src)
    # The kept lines the document starts with (a hand's game, written first): when
    # the same run of lines began a document before, it is read at once.
    head_end = 0  # where that run ends so far (-1: not kept again)
    stop = src.find("\n")
    if stop > 0:
        head = _HEADS.get(src[:stop])
        if head is not None and src.startswith(head[0]):
            for key, known in head[1]:
                root[key] = _own(known)
            pos = len(head[0])
            head_end = -1
    while pos < size:
        # Most lines are "key = value" with a plain value on the line: a literal
        # string, a one-line array of literal strings or of integers, an integer,
        # a boolean.  String methods take those; anything else, the general path.
        stop = src.find("\n", pos)
        if stop < 0:
            stop = size
        line = src[pos:stop]
        kept = _LINES.get(line)
        if kept is not None:
            # A line of the game's (the same at every hand of a table): read before.
            key = kept[0]
            if key not in table:
                table[key] = _own(kept[1])
                if head_end == pos and stop < size:
                    head_end = stop + 1  # (only whole lines: "min_bet = 10" may go on "0")
                pos = stop + 1
                continue
        if head_end > 0:
            _keep_head(src, head_end, root)
        head_end = -1
        key, equals, text = line.partition(" = ")
        if equals and (key in _FIELDS or _BARE_KEY.fullmatch(key)) and key not in table:
            first = text[:1]
            value: Any = _NOT_SIMPLE
            if first == "'":
                if text.count("'") == 2 and text.endswith("'") and text.isprintable():
                    value = text[1:-1]
            elif first == "[":
                value = _one_line_array(text)
            elif text.isdigit() and text.isascii() and (first != "0" or text == "0"):
                value = int(text)
            elif text == "true" or text == "false":
                value = text == "true"
            if value is not _NOT_SIMPLE:
                table[key] = value
                if key in _GAME_FIELDS:
                    keep(_LINES, line, (key, _own(value)), _LINES_LIMIT)
                pos = stop + 1
                continue
        if stop == pos:  # an empty line
            pos += 1
            continue
        match = _KEY.match(src, pos)
        if match is not None:
            key = match.group(1)
            if key in table:
                raise _Unsupported  # a key given twice: tomllib's error
            value, pos = _value(src, match.end(), parse_float, 0)
            table[key] = value
        else:
            match = _END.match(src, pos)
            if match is not None:  # a blank line or a comment
                pos = match.end()
                continue
            match = _HEADER.match(src, pos)
            if match is None:
                raise _Unsupported
            name = match.group(1)
            if name in root:
                raise _Unsupported  # a table declared twice, or over a value
            table = root[name] = {}
            pos = match.end()
        match = _END.match(src, pos)
        if match is None:
            raise _Unsupported
        pos = match.end()
    return root


def _keep_head(src: str, end: int, root: dict[str, Any]) -> None:
    """Keep ``src[:end]``, kept lines all, with what they read to (copies)."""
    if src.count("\n", 0, end) < 2:
        return  # a line alone: the line is kept already
    values = tuple((key, _own(value)) for key, value in root.items())
    keep(_HEADS, src[: src.find("\n")], (src[:end], values), _HEADS_LIMIT)


def _own(value: Any) -> Any:
    """A value to keep or hand out from what is kept: a list is copied (whoever
    holds it may change it), anything else is immutable."""
    return value.copy() if type(value) is list else value


def _one_line_array(line: str) -> Any:
    """``['a', 'b']`` or ``[1, 2]``, the whole ``line``, with ", " between the
    items; else ``_NOT_SIMPLE``."""
    if line.startswith("['"):
        if line.endswith("']"):
            items = line[2:-2].split("', '")
            # Two quotes an item: none inside one.  No control characters.
            if line.count("'") == 2 * len(items) and line.isprintable():
                return items
        return _NOT_SIMPLE
    if line.endswith("]") and line.isascii():
        # ASCII digits and ", " only: decimal integers, unless an item is empty or
        # has a leading zero, which TOML does not allow.  The same numbers come back
        # hand after hand (stacks, blinds): kept by text, read once.
        numbers: list[int] = []
        for item in line[1:-1].split(", "):
            if not item.isdigit() or (item[0] == "0" and len(item) > 1):
                return _NOT_SIMPLE
            number = _INTS.get(item)
            if number is None:
                number = keep(_INTS, item, int(item), _INTS_LIMIT)
            numbers.append(number)
        return numbers
    return _NOT_SIMPLE


def _value(src: str, pos: int, parse_float: ParseFloat, depth: int) -> tuple[Any, int]:
    char = src[pos : pos + 1]
    if char == "'":
        match = _LITERAL.match(src, pos)
        if match is None or src.startswith("'''", pos):
            raise _Unsupported
        return match.group(1), match.end()
    if char == '"':
        match = _BASIC.match(src, pos)
        if match is None or src.startswith('"""', pos):
            raise _Unsupported
        text = match.group(1)
        return (_ESCAPE.sub(_unescape, text) if "\\" in text else text), match.end()
    if char == "[":
        return _array(src, pos, parse_float, depth + 1)
    if char == "t" and src.startswith("true", pos):
        return True, pos + 4
    if char == "f" and src.startswith("false", pos):
        return False, pos + 5
    if src.startswith(":", pos + 2) and src[pos : pos + 2].isdigit():  # a local time (20:05:00)
        match = _TIME.match(src, pos)
        if match is None:
            raise _Unsupported
        hour, minute, second, fraction = match.groups()
        micro = int(fraction.ljust(6, "0")) if fraction else 0
        return datetime.time(int(hour), int(minute), int(second), micro), match.end()
    match = _NUMBER.match(src, pos)
    if match is None:
        raise _Unsupported
    return _number(match.group(), parse_float), match.end()


def _array(src: str, pos: int, parse_float: ParseFloat, depth: int) -> tuple[list[Any], int]:
    stop = src.find("\n", pos)
    line = src[pos:] if stop < 0 else src[pos:stop]
    array = _one_line_array(line)
    if array is not _NOT_SIMPLE:
        return array, pos + len(line)
    # Then whole arrays of one kind: one match, one split.
    match = _LITERAL_ARRAY.match(src, pos)
    if match is not None:
        return match.group().split("'")[1::2], match.end()
    match = _BASIC_ARRAY.match(src, pos)
    if match is not None:
        return match.group().split('"')[1::2], match.end()
    match = _NUMBER_ARRAY.match(src, pos)
    if match is not None:
        items = (item.strip(" \t\n") for item in match.group()[1:-1].split(","))
        return [_number(item, parse_float) for item in items if item], match.end()
    if depth > _MAX_DEPTH:
        raise _Unsupported
    array = []
    pos = _gap(src, pos + 1)
    if src.startswith("]", pos):
        return array, pos + 1
    while True:
        value, pos = _value(src, pos, parse_float, depth)
        array.append(value)
        pos = _gap(src, pos)
        char = src[pos : pos + 1]
        if char == "]":
            return array, pos + 1
        if char != ",":
            raise _Unsupported
        pos = _gap(src, pos + 1)
        if src.startswith("]", pos):
            return array, pos + 1


def _gap(src: str, pos: int) -> int:
    """Past the whitespace, newlines and comments at ``pos`` inside an array."""
    match = _ARRAY_GAP.match(src, pos)
    return pos if match is None else match.end()


def _number(text: str, parse_float: ParseFloat) -> Any:
    """An integer or a float as ``tomllib`` makes it from text matching ``_NUMBER``."""
    if text.isdigit():
        return int(text)
    if "." in text or "e" in text or "E" in text or "n" in text:  # "n": inf, nan
        value = parse_float(text)
        if isinstance(value, dict | list):
            raise _Unsupported  # tomllib refuses such a parse_float
        return value
    return int(text)


def _unescape(match: re.Match[str]) -> str:
    simple, short, long = match.groups()
    if simple is not None:
        return _ESCAPED[simple]
    digits = short or long
    if digits is None:
        raise _Unsupported  # an escape TOML 1.0 does not have
    code = int(digits, 16)
    if not (code <= 0xD7FF or 0xE000 <= code <= 0x10FFFF):
        raise _Unsupported  # not a Unicode scalar value
    return chr(code)
