"""Read and write hand histories in the PHH format (phh-std).

A ``.phh`` file is one hand as a TOML document; a ``.phhs`` file holds many,
as tables ``[1]``, ``[2]``, ...  Replaying a hand is ``history.replay``'s job;
this module only turns text into :class:`HandHistory` values and back.

Amounts.  PHH writes amounts as TOML integers or decimals (``0.50``,
``247.10``).  A hand's ``scale`` is the smallest power of ten that makes every
amount of its configuration (antes, blinds or straddles, bring-in, bets,
starting stacks) and every ``cbr`` amount a whole number; each of those is
stored as an ``int`` number of chips, ``amount * scale``.  Numbers are read
from the TOML text as decimals, so there is no binary-float rounding.
``dumps`` writes amounts divided by the scale (``0.5``, ``247.1``), so a hand
read back has the smallest scale for its amounts: ``HandHistory.with_scale``
converts between scales and ``smallest_scale`` tells which one ``loads`` picks.

Outcomes.  ``finishing_stacks`` and ``winnings`` are recorded results, not
inputs: they never widen the scale.  They are exact chip counts at the hand's
scale: an ``int`` when whole (all but a handful of hands), else a
``Fraction`` -- a few Pluribus split pots record half chips such as 10112.5.

Unknown stacks.  ``inf`` in ``starting_stacks`` is :data:`INFINITE_STACK`
(2**63 - 1 chips at any scale) and is written back as ``inf``.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, cast

from pokerroom.errors import NotationError
from pokerroom.history import phh_toml
from pokerroom.history._actions import (
    NOOP,
    PhhAction,
    format_action,
    parse_action,
)
from pokerroom.history._amounts import (
    Number,
    format_chips,
    format_exact,
    places_of_scale,
    ten_to,
    to_chips,
    to_exact,
)
from pokerroom.history._entries import known_actions, read_actions
from pokerroom.history._toml import format_key, format_string, format_value
from pokerroom.rules.fastinit import fast_init

__all__ = [
    "INFINITE_STACK",
    "NOOP",
    "HandHistory",
    "PhhAction",
    "dumps",
    "dumps_many",
    "format_action",
    "iter_names",
    "iter_paths",
    "load",
    "loads",
    "parse_action",
]

INFINITE_STACK: Final = 2**63 - 1
"""``inf`` (an unknown stack) in ``starting_stacks``, in chips at any scale."""

SUFFIXES: Final = (".phh", ".phhs")
REQUIRED: Final = ("variant", "antes", "starting_stacks", "actions")
_CONFIG_AMOUNTS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
_KNOWN: Final = frozenset(
    {*REQUIRED, *_CONFIG_AMOUNTS, "blinds_or_straddles", "ante_trimming_status",
     "finishing_stacks", "winnings"}
)
_EMPTY: Final[Mapping[str, object]] = MappingProxyType({})
_OPEN_FLAGS: Final = os.O_RDONLY | getattr(os, "O_BINARY", 0)
_IMMUTABLE: Final = frozenset({str, int, bool, float})  # TOML values _freeze returns as they are
_SETTLED: Final = _IMMUTABLE | {tuple, MappingProxyType}  # values of an extra already frozen


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHistory:
    """One hand as PHH records it.

    Per-player tuples are in PHH player order (``p1`` first: the small blind
    in button games, left of the dealer in stud).  Amounts are ``int`` chips
    at ``scale`` (see the module docstring).  ``blinds_or_straddles`` is ``()``
    when the file has none (stud games use ``bring_in``).
    ``finishing_stacks`` and ``winnings`` hold ``int`` or, for recorded
    fractions of a chip, ``Fraction``.  ``extra`` keeps every other field
    (``players``, ``event``, ``hand``, ...) read-only and in file order:
    arrays as tuples, floats as floats, TOML dates and times as
    ``datetime`` values.  ``path`` and ``index`` (the ``[n]`` of a ``.phhs``
    table) say where the hand came from; they are not part of equality, so
    ``loads(dumps(h)) == [h]`` for a hand at its smallest scale.
    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...] = ()
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    ante_trimming_status: bool = False
    finishing_stacks: tuple[int | Fraction, ...] | None = None
    winnings: tuple[int | Fraction, ...] | None = None
    scale: int = 1
    extra: Mapping[str, object] = field(default_factory=lambda: _EMPTY)
    path: str | None = field(default=None, compare=False)
    index: int | None = field(default=None, compare=False)

    def __init__(
        self, *, variant: str, antes: tuple[int, ...], blinds_or_straddles: tuple[int, ...] = (),
        bring_in: int | None = None, small_bet: int | None = None, big_bet: int | None = None,
        min_bet: int | None = None, starting_stacks: tuple[int, ...],
        actions: tuple[PhhAction, ...], ante_trimming_status: bool = False,
        finishing_stacks: tuple[int | Fraction, ...] | None = None,
        winnings: tuple[int | Fraction, ...] | None = None, scale: int = 1,
        extra: Mapping[str, object] = _EMPTY, path: str | None = None, index: int | None = None,
    ) -> None:
        # Compiled by mypyc (see setup.py), stores straight into the native object;
        # on the pure-Python path fast_init replaces it (see rules.fastinit).
        self.variant = variant  # type: ignore[misc]
        self.antes = antes  # type: ignore[misc]
        self.blinds_or_straddles = blinds_or_straddles  # type: ignore[misc]
        self.bring_in = bring_in  # type: ignore[misc]
        self.small_bet = small_bet  # type: ignore[misc]
        self.big_bet = big_bet  # type: ignore[misc]
        self.min_bet = min_bet  # type: ignore[misc]
        self.starting_stacks = starting_stacks  # type: ignore[misc]
        self.actions = actions  # type: ignore[misc]
        self.ante_trimming_status = ante_trimming_status  # type: ignore[misc]
        self.finishing_stacks = finishing_stacks  # type: ignore[misc]
        self.winnings = winnings  # type: ignore[misc]
        self.scale = scale  # type: ignore[misc]
        self.extra = extra  # type: ignore[misc]
        self.path = path  # type: ignore[misc]
        self.index = index  # type: ignore[misc]
        self.__post_init__()

    def __post_init__(self) -> None:
        extra = self.extra
        if not isinstance(extra, MappingProxyType) or not _settled(extra):
            object.__setattr__(self, "extra", _freeze(extra))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled or not."""
        return (_rebuild, (type(self), {f.name: getattr(self, f.name) for f in fields(self)}))

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def smallest_scale(self) -> int:
        """The smallest power of ten at which every input amount is whole chips."""
        places = places_of_scale(self.scale)
        amounts = [a for a in self._input_amounts() if a != INFINITE_STACK and a]
        while places and all(a % 10 == 0 for a in amounts):
            amounts = [a // 10 for a in amounts]
            places -= 1
        return ten_to(places)

    def with_scale(self, scale: int) -> HandHistory:
        """The same hand with amounts in chips at ``scale`` (a power of ten).

        Raises NotationError when an input amount is not whole at ``scale``.
        """
        old, new = places_of_scale(self.scale), places_of_scale(scale)
        if old == new:
            return self

        def chips(amount: int, what: str) -> int:
            if amount == INFINITE_STACK:
                return amount
            if new > old:
                return amount * ten_to(new - old)
            whole, part = divmod(amount, ten_to(old - new))
            if part:
                raise NotationError(
                    f"{what} {format_chips(amount, old)} is not a whole number of chips "
                    f"at scale {scale}"
                )
            return whole

        def each(amounts: tuple[int, ...], what: str) -> tuple[int, ...]:
            return tuple(chips(a, what) for a in amounts)

        def exact(values: tuple[int | Fraction, ...] | None) -> tuple[int | Fraction, ...] | None:
            if values is None:
                return None
            factor = Fraction(ten_to(new), ten_to(old))
            return tuple(_whole_if_possible(Fraction(v) * factor) for v in values)

        def optional(amount: int | None, what: str) -> int | None:
            return None if amount is None else chips(amount, what)

        return replace(
            self,
            antes=each(self.antes, "ante"),
            blinds_or_straddles=each(self.blinds_or_straddles, "blind or straddle"),
            bring_in=optional(self.bring_in, "bring_in"),
            small_bet=optional(self.small_bet, "small_bet"),
            big_bet=optional(self.big_bet, "big_bet"),
            min_bet=optional(self.min_bet, "min_bet"),
            starting_stacks=each(self.starting_stacks, "starting stack"),
            actions=tuple(
                a if a.amount is None else replace(a, amount=chips(a.amount, "amount"))
                for a in self.actions
            ),
            finishing_stacks=exact(self.finishing_stacks),
            winnings=exact(self.winnings),
            scale=scale,
        )

    def _input_amounts(self) -> list[int]:
        amounts = [*self.antes, *self.blinds_or_straddles, *self.starting_stacks]
        amounts += [a for a in (self.bring_in, self.small_bet, self.big_bet, self.min_bet)
                    if a is not None]
        amounts += [a.amount for a in self.actions if a.amount is not None]
        return amounts


fast_init(HandHistory)


def _rebuild(cls: type[HandHistory], values: dict[str, Any]) -> HandHistory:
    return cls(**values)


def _settled(extra: Mapping[str, object]) -> bool:
    """Every value of ``extra`` already read-only (as ``_freeze`` leaves it)."""
    for value in extra.values():
        kind = type(value)
        if kind not in _SETTLED and isinstance(value, list | dict | Decimal):
            return False
    return True


def _whole_if_possible(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value


def _freeze(value: Any) -> Any:
    """TOML values made read-only: arrays to tuples, tables to read-only mappings."""
    kind = type(value)
    if kind in _IMMUTABLE:
        return value
    if (kind is list or kind is tuple) and all(type(item) in _IMMUTABLE for item in value):
        return tuple(value)
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list | tuple):
        return tuple(map(_freeze, value))
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _freeze(v) for k, v in value.items()})
    return value


# ---------------------------------------------------------------- reading


def load(path: str | os.PathLike[str]) -> list[HandHistory]:
    """The hands in one ``.phh`` (one hand) or ``.phhs`` (many) file."""
    name = os.fspath(path)
    try:
        text = _read_text(name)
    except UnicodeDecodeError as error:
        raise NotationError(
            f"{name}: not UTF-8 text ({error.reason} at byte {error.start})"
        ) from None
    return loads(text, path=name)


def _read_text(name: str) -> str:
    """``Path(name).read_text(encoding="utf-8")`` (universal newlines included)
    in a few system calls: opening a text file costs more than reading a hand."""
    fd = os.open(name, _OPEN_FLAGS)
    try:
        # Reads until end of file, a hand's file in the first: no fstat, whose
        # result costs more to make than a read that finds the end of the file.
        try:
            data = os.read(fd, 4096)
        except IsADirectoryError:
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), name) from None
        if data:
            chunks = [data]
            while chunk := os.read(fd, 1 << 16):
                chunks.append(chunk)
            if len(chunks) > 1:
                data = b"".join(chunks)
    finally:
        os.close(fd)
    text = data.decode("utf-8")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def loads(text: str, *, path: str | os.PathLike[str] | None = None) -> list[HandHistory]:
    """The hands in PHH text: one for a ``.phh`` document, many for ``.phhs``.

    A document whose top level is only tables (``[1]``, ``[2]``, ...) is a
    ``.phhs``.  Malformed text raises NotationError naming the file, the
    hand (``[n]``) and the field or action at fault.
    """
    name = os.fspath(path) if path is not None else None
    where = name if name is not None else "<PHH text>"
    try:
        document = phh_toml.loads(text, parse_float=Decimal)
    except ValueError as error:
        import tomllib  # (its error comes only from tomllib, which the fast path never loads)

        if not isinstance(error, tomllib.TOMLDecodeError):
            raise
        raise NotationError(f"{where}: not valid TOML: {error}") from None
    if _holds_many(document, name):
        hands = []
        for key, table in document.items():
            if not (key.isascii() and key.isdigit()) or not isinstance(table, dict):
                raise NotationError(
                    f"{where}: a .phhs file holds only hand tables [1], [2], ...; "
                    f"found {key!r}"
                )
            hands.append(_read_hand(table, where=f"{where} [{key}]", path=name, index=int(key)))
        return hands
    return [_read_hand(document, where=where, path=name, index=None)]


def _holds_many(document: dict[str, Any], name: str | None) -> bool:
    if "variant" in document or "actions" in document:
        return False
    if name is not None and name.endswith(".phhs"):
        return True
    return bool(document) and any(
        k.isdigit() and isinstance(v, dict) for k, v in document.items()
    )


def iter_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Files named, and ``.phh``/``.phhs`` files under folders named, recursively.

    Each folder's files come sorted by path with numbers in numeric order
    (``2.phh`` before ``10.phh``), so the order is the same on every system.
    A file is yielded once even when named twice.
    """
    for name in iter_names(paths):
        yield Path(name)


def iter_names(paths: Iterable[str | os.PathLike[str]]) -> Iterator[str]:
    """:func:`iter_paths` as strings, the form ``load`` opens (a ``Path`` made for
    each of 10,000 files costs more than reading one)."""
    seen: set[str] = set()
    for item in paths:
        root = str(Path(item))  # (as Path spells it: "./a//b/" is "a/b")
        if os.path.isdir(root):
            # (os.scandir, not Path.rglob: its entries know their type without a
            # stat, and 10,000 files are listed in milliseconds.)
            found: list[str] = []
            _files_under(root, found, _NaturalKeys())
        elif os.path.exists(root):
            found = [root]
        else:
            raise FileNotFoundError(f"no such file or folder: {root}")
        for name in found:
            if name not in seen:
                seen.add(name)
                yield name


def _files_under(folder: str, found: list[str], keys: _NaturalKeys) -> None:
    """The PHH files under ``folder``, recursively, into ``found``, each folder's
    entries in natural order (so the paths come sorted part by part); as
    ``Path.rglob`` does, symbolic links to folders are not followed."""
    with os.scandir(folder) as listing:
        entries = [(keys.of_part(entry.name), entry.name, entry) for entry in listing]
    entries.sort(key=_first_two)
    for _, _, entry in entries:
        if entry.is_dir(follow_symlinks=False):
            _files_under(entry.path, found, keys)
        elif os.path.splitext(entry.name)[1] in SUFFIXES and entry.is_file():
            found.append(entry.path)


def _first_two(item: tuple[_PartKey, str, os.DirEntry[str]]) -> tuple[_PartKey, str]:
    return item[0], item[1]  # (the name breaks a tie: "01" and "1")


_DIGITS: Final = re.compile(r"(\d+)")


_PartKey = tuple[tuple[int, int, str], ...]


class _NaturalKeys:
    """Sort keys of names, numbers in numeric order (``2.phh`` before ``10.phh``),
    each name's made once (the same file names recur in every folder)."""

    def __init__(self) -> None:
        self.parts: dict[str, _PartKey] = {}

    def of_part(self, part: str) -> _PartKey:
        key = self.parts.get(part)
        if key is None:
            key = self.parts[part] = tuple(
                (0, int(chunk), "") if chunk.isdigit() else (1, 0, chunk)
                for chunk in _DIGITS.split(part) if chunk)
        return key


class _Reader:
    """Checks the fields of one hand table; every error names the hand."""

    def __init__(self, table: dict[str, Any], where: str) -> None:
        self.table = table
        self.where = where

    def error(self, name: str, what: str) -> NotationError:
        return NotationError(f"{self.where}: field {name!r}: {what}")

    def require(self, name: str) -> Any:
        if name not in self.table:
            raise NotationError(
                f"{self.where}: missing field {name!r}; every hand needs "
                + ", ".join(REQUIRED)
            )
        return self.table[name]

    def number(self, name: str, value: Any, *, allow_inf: bool = False) -> Number:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, Decimal):
            if value.is_finite() or (allow_inf and value == Decimal("Infinity")):
                return value
            allowed = "a number or inf (an unknown stack)" if allow_inf else "a finite number"
            raise self.error(name, f"{value} is not allowed here; expected {allowed}")
        raise self.error(name, f"expected a number, got {value!r}")

    def numbers(self, name: str, count: int, *, allow_inf: bool = False) -> list[Number]:
        """The array ``name`` of numbers, one per player (``count``; -1: any length)."""
        values = self.require(name)
        if not isinstance(values, list):
            raise self.error(name, f"expected an array of numbers, one per player, got {values!r}")
        if count >= 0 and len(values) != count:
            raise self.error(
                name,
                f"has {len(values)} entries but starting_stacks has {count}; "
                "it needs one entry per player",
            )
        if _all_ints(values):
            return values
        return [self.number(name, v, allow_inf=allow_inf) for v in values]


def _all_ints(values: list[Any]) -> bool:
    """Every value a plain ``int`` (not a bool, not a Decimal)."""
    return all(type(value) is int for value in values)


def _chips(value: Number, places: int) -> int:
    """An input amount in chips at ``10**places`` (``places`` covers it)."""
    if not places and type(value) is int:
        return value  # (whole chips as written: the common case)
    if isinstance(value, Decimal) and value.is_infinite():
        return INFINITE_STACK
    amount = to_chips(value, places)
    assert amount is not None, "places covers every input amount"
    return amount


def _outcomes(
    read: _Reader, name: str, players: int, places: int, as_written: bool
) -> tuple[int | Fraction, ...] | None:
    """``finishing_stacks`` or ``winnings``: exact chips at the hand's scale, or None."""
    if name not in read.table:
        return None
    values = read.numbers(name, players)
    if as_written and _all_ints(values):
        return tuple(cast(list[int], values))
    return tuple([to_exact(v, places) for v in values])


def _read_hand(
    table: dict[str, Any], *, where: str, path: str | None, index: int | None
) -> HandHistory:
    read = _Reader(table, where)
    variant = read.require("variant")
    if not isinstance(variant, str):
        raise read.error("variant", f"expected a string like 'NT', got {variant!r}")
    stacks = read.numbers("starting_stacks", -1, allow_inf=True)
    players = len(stacks)
    if not players:
        raise read.error("starting_stacks", "is empty; it needs one stack per player")
    antes = read.numbers("antes", players)
    blinds = read.numbers("blinds_or_straddles", players) if "blinds_or_straddles" in table else []
    singles: dict[str, Number] = {}
    for name in _CONFIG_AMOUNTS:
        if name in table:
            singles[name] = read.number(name, table[name])
    trimming = table.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise read.error("ante_trimming_status", f"expected true or false, got {trimming!r}")
    entries = read.require("actions")
    if not isinstance(entries, list):
        raise read.error("actions", f"expected an array of strings, got {entries!r}")

    decimals: list[Decimal] = []
    for values in (antes, blinds, list(singles.values()), stacks):
        if not _all_ints(values):
            decimals.extend([v for v in values if isinstance(v, Decimal)])
    known = None if decimals else known_actions(entries, players)
    places = 0
    if known is not None:  # the common case: whole chips as written
        actions = known
    else:
        actions, places = read_actions(entries, players, decimals, where)

    as_written = not places and not decimals  # every amount an int, in chips already
    finishing = _outcomes(read, "finishing_stacks", players, places, as_written)
    winnings = _outcomes(read, "winnings", players, places, as_written)
    if as_written:
        antes_chips = tuple(cast(list[int], antes))
        blinds_chips = tuple(cast(list[int], blinds))
        stacks_chips = tuple(cast(list[int], stacks))
    else:
        antes_chips = tuple([_chips(a, places) for a in antes])
        blinds_chips = tuple([_chips(b, places) for b in blinds])
        stacks_chips = tuple([_chips(s, places) for s in stacks])
    extra: dict[str, object] = {}
    for key, value in table.items():
        if key not in _KNOWN:
            extra[key] = _freeze(value)
    return HandHistory(
        variant=variant,
        antes=antes_chips,
        blinds_or_straddles=blinds_chips,
        bring_in=_chips(singles["bring_in"], places) if "bring_in" in singles else None,
        small_bet=_chips(singles["small_bet"], places) if "small_bet" in singles else None,
        big_bet=_chips(singles["big_bet"], places) if "big_bet" in singles else None,
        min_bet=_chips(singles["min_bet"], places) if "min_bet" in singles else None,
        starting_stacks=stacks_chips,
        actions=actions,
        ante_trimming_status=trimming,
        finishing_stacks=finishing,
        winnings=winnings,
        scale=ten_to(places) if places else 1,
        extra=MappingProxyType(extra) if extra else _EMPTY,
        path=path,
        index=index,
    )


# ---------------------------------------------------------------- writing


def dumps(hand: HandHistory) -> str:
    """The ``.phh`` text of one hand; ``loads`` reads it back to an equal hand."""
    return "\n".join(_hand_lines(hand)) + "\n"


def dumps_many(hands: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hands, as tables ``[1]``, ``[2]``, ..."""
    return "\n".join(
        f"[{number}]\n" + "\n".join(_hand_lines(hand)) + "\n"
        for number, hand in enumerate(hands, 1)
    )


def _hand_lines(hand: HandHistory) -> list[str]:
    places = places_of_scale(hand.scale)
    players = len(hand.starting_stacks)
    what = f"cannot write hand {hand.path or ''}{'' if hand.index is None else f' [{hand.index}]'}"
    if not isinstance(hand.variant, str):
        raise NotationError(f"{what}: variant must be a string, got {hand.variant!r}")
    if not players:
        raise NotationError(f"{what}: starting_stacks is empty")

    def amounts(name: str, values: Sequence[int]) -> str:
        if len(values) != players:
            raise NotationError(
                f"{what}: {name} has {len(values)} entries but starting_stacks has {players}"
            )
        return f"{name} = [" + ", ".join(format_chips(v, places) for v in values) + "]"

    def exacts(name: str, values: Sequence[int | Fraction]) -> str:
        if len(values) != players:
            raise NotationError(
                f"{what}: {name} has {len(values)} entries but starting_stacks has {players}"
            )
        return f"{name} = [" + ", ".join(format_exact(v, places) for v in values) + "]"

    lines = [
        f"variant = {format_string(hand.variant)}",
        f"ante_trimming_status = {'true' if hand.ante_trimming_status else 'false'}",
        amounts("antes", hand.antes),
    ]
    if hand.blinds_or_straddles:
        lines.append(amounts("blinds_or_straddles", hand.blinds_or_straddles))
    for name in _CONFIG_AMOUNTS:
        value = getattr(hand, name)
        if value is not None:
            lines.append(f"{name} = {format_chips(value, places)}")
    lines.append(
        "starting_stacks = ["
        + ", ".join("inf" if s == INFINITE_STACK else format_chips(s, places)
                    for s in hand.starting_stacks)
        + "]"
    )
    entries = []
    for action in hand.actions:
        for who in (action.actor, action.dealt_to):
            if who is not None and who >= players:
                raise NotationError(
                    f"{what}: action {action!r} names p{who + 1} in a hand of {players} players"
                )
        entries.append("  " + format_string(format_action(action, scale=hand.scale)) + ",\n")
    lines.append("actions = [\n" + "".join(entries) + "]" if entries else "actions = []")
    for key, value in hand.extra.items():
        if key in _KNOWN:
            raise NotationError(f"{what}: extra field {key!r} is a PHH field of HandHistory")
        lines.append(f"{format_key(key)} = {format_value(value)}")
    if hand.finishing_stacks is not None:
        lines.append(exacts("finishing_stacks", hand.finishing_stacks))
    if hand.winnings is not None:
        lines.append(exacts("winnings", hand.winnings))
    return lines
