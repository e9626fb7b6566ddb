"""Structures as files the user can edit: TOML or JSON, read and written.

The format, in TOML::

    name = "Sunday 100"
    game = "nlhe"                 # a game, a rotation ("horse") ...
    # rotation = ["lhe", "stud"]  # ... or a custom rotation by level
    starting_stack = 20000
    seats = 9
    chips = [25, 100, 500, 1000, 5000]
    late_registration_levels = 6
    buy_in = 10000                # money in the smallest unit (cents)

    [rebuy]                       # optional: chips, price, last_level, threshold
    [add_on]                      # optional: chips, price, after_level
    [floor]                       # house options (FloorOptions)
    [house]                       # table rules (HouseRules): raise_cap, limit_short_raise,
                                  # full_bring_in, irregularity_procedures

    [[schedule]]
    minutes = 20
    small_blind = 25
    big_blind = 50

    [[schedule]]
    break = true
    minutes = 10
    color_up = [25]

Every mistake is a :class:`~pokerroom.errors.ConfigError` that names the field
(``schedule[3].big_blind``) and, when read from a file, the file.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.tournament.house_rules import HouseRules
from pokerroom.tournament.structure import AddOn, Break, FloorOptions, Level, Rebuy, Structure

_TOP = {
    "name": str, "game": str, "rotation": list, "starting_stack": int, "seats": int,
    "chips": list, "late_registration_levels": int, "reentries": int, "buy_in": int,
    "fee": int, "bounty": int, "guarantee": int, "payouts": str, "schedule": list, "rebuy": dict,
    "add_on": dict, "floor": dict, "house": dict,
}
_REQUIRED = ("name", "starting_stack", "schedule")


def _fields(cls: type) -> dict[str, Any]:
    return {f.name: f for f in dataclasses.fields(cls)}


def _check_type(value: object, kind: object, where: str) -> None:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ConfigError(f"{where} must be a whole number, got {value!r}")
    if kind is bool and not isinstance(value, bool):
        raise ConfigError(f"{where} must be true or false, got {value!r}")
    if kind is str and not isinstance(value, str):
        raise ConfigError(f"{where} must be text, got {value!r}")
    if kind is list and not isinstance(value, list):
        raise ConfigError(f"{where} must be a list, got {value!r}")
    if kind is dict and not isinstance(value, dict):
        raise ConfigError(f"{where} must be a table of fields, got {value!r}")


def _unknown(data: Mapping[str, Any], known: Collection[str], where: str) -> None:
    for key in data:
        if key not in known:
            prefix = f"{where}." if where else ""
            raise ConfigError(f"{prefix}{key}: unknown field (known: "
                              f"{', '.join(sorted(known))})")


def _int_list(value: object, where: str) -> tuple[int, ...]:
    _check_type(value, list, where)
    assert isinstance(value, list)
    for i, v in enumerate(value):
        _check_type(v, int, f"{where}[{i}]")
    return tuple(value)


def _seconds(data: Mapping[str, Any], where: str) -> int:
    has_m, has_s = "minutes" in data, "seconds" in data
    if has_m == has_s:
        raise ConfigError(f"{where}: give the length as exactly one of minutes or seconds")
    if has_s:
        _check_type(data["seconds"], int, f"{where}.seconds")
        return int(data["seconds"])
    m = data["minutes"]
    if isinstance(m, bool) or not isinstance(m, int | float):
        raise ConfigError(f"{where}.minutes must be a number, got {m!r}")
    seconds = m * 60
    if seconds != int(seconds):
        raise ConfigError(f"{where}.minutes must be a whole number of seconds, got {m}")
    return int(seconds)


def _period(data: object, where: str) -> Level | Break:
    _check_type(data, dict, where)
    assert isinstance(data, dict)
    if data.get("break", False) is True:
        _unknown(data, {"break", "minutes", "seconds", "color_up"}, where)
        return Break(_seconds(data, where),
                     _int_list(data.get("color_up", []), f"{where}.color_up"))
    if "break" in data and data["break"] is not False:
        raise ConfigError(f"{where}.break must be true or false, got {data['break']!r}")
    level_fields = _fields(Level)
    known = (set(level_fields) - {"seconds"}) | {"minutes", "seconds", "break"}
    _unknown(data, known, where)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("minutes", "seconds", "break"):
            continue
        if key == "game":
            _check_type(value, str, f"{where}.game")
        elif key == "big_blind_ante":
            _check_type(value, bool, f"{where}.big_blind_ante")
        else:
            _check_type(value, int, f"{where}.{key}")
        values[key] = value
    return Level(_seconds(data, where), **values)


def _section(cls: type, data: object, where: str) -> Any:
    _check_type(data, dict, where)
    assert isinstance(data, dict)
    fields = _fields(cls)
    _unknown(data, fields, where)
    for key, value in data.items():
        kind = {"int": int, "int | None": int, "bool": bool}.get(str(fields[key].type), str)
        _check_type(value, kind, f"{where}.{key}")
    if cls is Rebuy or cls is AddOn:
        missing = [f for f, spec in fields.items()
                   if spec.default is dataclasses.MISSING and f not in data]
        if missing:
            raise ConfigError(f"{where}: missing {', '.join(missing)}")
    return cls(**data)


def from_dict(data: Mapping[str, Any]) -> Structure:
    """A structure from parsed TOML or JSON."""
    if not isinstance(data, Mapping):
        raise ConfigError("a structure is a table of fields")
    _unknown(data, _TOP, "")
    for key in _REQUIRED:
        if key not in data:
            raise ConfigError(f"{key}: missing (required: {', '.join(_REQUIRED)})")
    values: dict[str, Any] = {}
    for key, value in data.items():
        where = key
        if key == "schedule":
            _check_type(value, list, where)
            values[key] = tuple(_period(p, f"schedule[{i}]") for i, p in enumerate(value))
        elif key in ("chips",):
            values[key] = _int_list(value, where)
        elif key == "rotation":
            _check_type(value, list, where)
            for i, g in enumerate(value):
                _check_type(g, str, f"rotation[{i}]")
            values[key] = tuple(value)
        elif key == "rebuy":
            values[key] = _section(Rebuy, value, where)
        elif key == "add_on":
            values[key] = _section(AddOn, value, where)
        elif key == "floor":
            values[key] = _section(FloorOptions, value, where)
        elif key == "house":
            values[key] = _section(HouseRules, value, where)
        else:
            _check_type(value, _TOP[key], where)
            values[key] = value
    return Structure(**values)


def _level_dict(p: Level | Break) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(p, Break):
        out["break"] = True
    if p.seconds % 60 == 0:
        out["minutes"] = p.seconds // 60
    else:
        out["seconds"] = p.seconds
    if isinstance(p, Break):
        if p.color_up:
            out["color_up"] = list(p.color_up)
        return out
    for f in dataclasses.fields(Level):
        value = getattr(p, f.name)
        if f.name != "seconds" and value != f.default:
            out[f.name] = value
    return out


def to_dict(s: Structure) -> dict[str, Any]:
    """The structure as plain data (defaults left out), for TOML or JSON."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(Structure):
        value = getattr(s, f.name)
        if f.name == "schedule":
            continue
        default = f.default if f.default is not dataclasses.MISSING else (
            f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
        if f.name in _REQUIRED or value != default:
            if isinstance(value, tuple):
                value = list(value)
            elif dataclasses.is_dataclass(value):
                value = {g.name: getattr(value, g.name) for g in dataclasses.fields(value)
                         if g.default is dataclasses.MISSING
                         or getattr(value, g.name) != g.default}
            out[f.name] = value
    out["schedule"] = [_level_dict(p) for p in s.schedule]
    return out


# ---------------------------------------------------------------- TOML writing


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise ConfigError(f"cannot write {value!r} as TOML")


def dumps_toml(s: Structure) -> str:
    """The structure as a TOML file that :func:`loads` reads back to the same structure."""
    data = to_dict(s)
    lines = [f"{k} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and k != "schedule"]
    for k, v in data.items():
        if isinstance(v, dict):
            lines += ["", f"[{k}]", *(f"{kk} = {_toml_value(vv)}" for kk, vv in v.items())]
    for period in data["schedule"]:
        lines += ["", "[[schedule]]", *(f"{k} = {_toml_value(v)}" for k, v in period.items())]
    return "\n".join(lines) + "\n"


def dumps_json(s: Structure) -> str:
    """The structure as JSON that ``loads(text, format="json")`` reads back."""
    return json.dumps(to_dict(s), indent=2) + "\n"


def loads(text: str, *, format: str = "toml") -> Structure:
    """A structure from TOML or JSON text."""
    try:
        data = tomllib.loads(text) if format == "toml" else json.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"not valid TOML: {e}") from None
    except json.JSONDecodeError as e:
        raise ConfigError(f"not valid JSON: {e}") from None
    return from_dict(data)


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".json"):
        raise ConfigError(f"{path}: a structure file ends in .toml or .json")
    return suffix[1:]


def load(path: str | Path) -> Structure:
    """Read a structure file (.toml or .json); errors name the file and the field."""
    p = Path(path)
    fmt = _format_of(p)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ConfigError(f"{p}: cannot read: {e.strerror}") from None
    try:
        return loads(text, format=fmt)
    except ConfigError as e:
        raise ConfigError(f"{p}: {e}") from None


def save(structure: Structure, path: str | Path) -> None:
    """Write a structure file; the format follows the file name (.toml or .json)."""
    p = Path(path)
    text = dumps_toml(structure) if _format_of(p) == "toml" else dumps_json(structure)
    p.write_text(text, encoding="utf-8")
