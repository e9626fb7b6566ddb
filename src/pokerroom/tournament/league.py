"""A league: points for each finish by a formula, standings over a season of events.

A bar league lives on its points table.  Each event's results sheet
(:mod:`pokerroom.tournament.results_sheet`) gives every finish; a :class:`Formula`
turns a finish into points, and :func:`standings` adds them up per player over the
events of the season, best first.

A formula is arithmetic the director writes or picks (:data:`FORMULAS`), over the
names of :data:`VARIABLES` (``place``, ``entries``, ``prize``, ...), numbers, ``+ - *
/``, ``**`` (an exponent of at most 10 either way), parentheses and the functions of
:data:`FUNCTIONS`.  It is read with Python's own parser into a tree and worked out
node by node: nothing in it is ever run as code (no ``eval``), and anything else (a
name not listed, an attribute, a call of anything but those functions) is refused
with what is allowed.

>>> f = Formula("10 * sqrt(entries / place)")
>>> f.points(place=1, place_to=1, entries=25)
50.0
>>> try:
...     Formula("__import__('os')")
... except ConfigError as exc:
...     print(str(exc).rpartition("; ")[2])
it calls __import__
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.tournament.results_sheet import ResultRow

__all__ = ["FORMULAS", "FUNCTIONS", "MAX_FORMULA", "VARIABLES", "Formula", "Standing",
           "standings"]

VARIABLES = ("place", "place_to", "entries", "prize", "bounties", "rebuys", "add_on",
             "paid_in")
"""What a formula may read of a finish: the place (the best of a shared range) and
``place_to`` (its worst), the entries of the event, the prize and bounties won and the
money paid in (in whole units: dollars), the rebuys and ``add_on`` (1 or 0)."""

FUNCTIONS: dict[str, Callable[..., float]] = {
    "sqrt": math.sqrt, "log": math.log, "min": min, "max": max, "round": round,
    "floor": math.floor, "ceil": math.ceil,
}
"""The functions a formula may call."""

FORMULAS = {
    "linear": "entries - place + 1",
    "square_root": "10 * sqrt(entries / place)",
    "beaten": "10 + 5 * (entries - place)",
    "money": "prize + bounties",
}
"""Standard formulas: ``linear`` one point per player finished ahead of plus one (the
winner of 20 gets 20, the last 1); ``square_root`` the common bar-league curve (the
winner of 25 gets 50, 4th 25); ``beaten`` 10 for playing and 5 per player beaten;
``money`` the dollars won."""

MAX_FORMULA = 200
"""The longest formula, in characters."""

_WHAT = ("the formula may use " + ", ".join(VARIABLES) + ", numbers, + - * / ** ( ) and "
         + ", ".join(FUNCTIONS))
_OPERATORS: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: a ** b,
}


@dataclass(frozen=True)
class Formula:
    """Points for a finish, from ``text`` (checked when made: a formula that cannot be
    worked out raises :class:`~pokerroom.errors.ConfigError` saying why)."""

    text: str
    _tree: ast.expr = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = self.text.strip()
        if not text or len(text) > MAX_FORMULA:
            raise ConfigError(f"a formula is 1 to {MAX_FORMULA} characters, got {len(text)}")
        try:
            tree = ast.parse(text, mode="eval").body
        except SyntaxError:
            raise ConfigError(f"{_WHAT}; {text!r} is not a formula") from None
        called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id in FUNCTIONS and id(node) not in called:
                raise ConfigError(f"{_WHAT}; {node.id} is a function: {node.id}(...)")
            self._check(node)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_tree", tree)
        # Worked out once on a finish: a formula that fails on every finish (a name
        # misspelt as a call, say) is refused here rather than at the standings.
        self.points(place=1, place_to=1, entries=10)

    @staticmethod
    def _check(node: ast.AST) -> None:
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else ast.unparse(node.func)
            if name not in FUNCTIONS or node.keywords:
                raise ConfigError(f"{_WHAT}; it calls {name}")
        elif isinstance(node, ast.Name):
            if node.id not in VARIABLES and node.id not in FUNCTIONS:
                raise ConfigError(f"{_WHAT}; it names {node.id}")
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int | float):
                raise ConfigError(f"{_WHAT}; {node.value!r} is not a number")
        elif isinstance(node, ast.BinOp):
            if type(node.op) not in _OPERATORS:
                raise ConfigError(f"{_WHAT}; it uses {ast.unparse(node)}")
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.USub | ast.UAdd):
                raise ConfigError(f"{_WHAT}; it uses {ast.unparse(node)}")
        elif not isinstance(node, ast.Load | ast.operator | ast.unaryop):
            raise ConfigError(f"{_WHAT}; it uses {ast.unparse(node)}")

    def points(self, *, place: int, place_to: int, entries: int, prize: float = 0,
               bounties: float = 0, rebuys: int = 0, add_on: bool = False,
               paid_in: float = 0) -> float:
        """The points of one finish, rounded to two decimals."""
        names = {"place": place, "place_to": place_to, "entries": entries, "prize": prize,
                 "bounties": bounties, "rebuys": rebuys, "add_on": int(add_on),
                 "paid_in": paid_in}
        try:
            value = _work_out(self._tree, names)
        except (ArithmeticError, ValueError, TypeError) as exc:
            raise ConfigError(f"the formula {self.text!r} cannot be worked out for place "
                              f"{place} of {entries}: {exc}") from None
        if not math.isfinite(value):
            raise ConfigError(f"the formula {self.text!r} gives {value} for place {place} "
                              f"of {entries}")
        return round(float(value), 2)

    def for_row(self, row: ResultRow, entries: int) -> float:
        """The points of a results sheet's row (money in dollars)."""
        return self.points(place=row.place, place_to=row.place_to, entries=entries,
                           prize=row.prize / 100, bounties=row.bounties / 100,
                           rebuys=row.rebuys, add_on=row.add_on, paid_in=row.paid_in / 100)


def _work_out(node: ast.expr, names: dict[str, float]) -> float:
    if isinstance(node, ast.Constant):
        assert isinstance(node.value, int | float)  # checked when the formula was made
        return float(node.value)
    if isinstance(node, ast.Name):
        return float(names[node.id])
    if isinstance(node, ast.UnaryOp):
        value = _work_out(node.operand, names)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left, right = _work_out(node.left, names), _work_out(node.right, names)
        if isinstance(node.op, ast.Pow) and abs(right) > 10:
            raise ValueError(f"an exponent is at most 10 either way, got {right:g}")
        return _OPERATORS[type(node.op)](left, right)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return float(FUNCTIONS[node.func.id](*(_work_out(a, names) for a in node.args)))
    raise TypeError(f"cannot work out {ast.unparse(node)}")  # pragma: no cover - checked


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's season: ``points`` over ``events`` played, ``wins``, the ``best``
    place, the money ``won`` (prizes and bounties, in cents)."""

    name: str
    points: float
    events: int
    wins: int
    best: int
    won: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "points": self.points, "events": self.events,
                "wins": self.wins, "best": self.best, "won": self.won}


def standings(events: Iterable[tuple[int, Sequence[ResultRow]]], formula: Formula
              ) -> list[Standing]:
    """The season's table from each event's (entries, results sheet), the newest
    event first: points added up per player (the same name in any case is one player,
    shown as last written), best first (then more wins, a better best place, fewer
    events, the name)."""
    table: dict[str, dict[str, Any]] = {}
    for entries, rows in events:
        for row in rows:
            key = row.name.casefold()
            s = table.setdefault(key, {"name": row.name, "points": 0.0, "events": 0,
                                       "wins": 0, "best": row.place, "won": 0})
            s["points"] += formula.for_row(row, entries)
            s["events"] += 1
            s["wins"] += row.place == 1 == row.place_to
            s["best"] = min(s["best"], row.place)
            s["won"] += row.prize + row.bounties
    out = [Standing(s["name"], round(s["points"], 2), s["events"], s["wins"], s["best"],
                    s["won"]) for s in table.values()]
    return sorted(out, key=lambda s: (-s.points, -s.wins, s.best, s.events, s.name.casefold()))
