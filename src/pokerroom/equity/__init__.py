"""Equity: exact enumeration and Monte Carlo over hands and ranges.

``equity(["AsKs", "QhQd"])`` is the chance each player wins (ties split) over
every board; ``board``, ``dead``, ``game`` (``"holdem"``, ``"short_deck"``,
``"omaha"``, ``"omaha_hilo"``) and ``method`` (``"auto"``, ``"exact"``,
``"monte_carlo"``) say more.  Ranges use the standard notation
(:func:`parse_range`).  See :mod:`pokerroom.equity.calculate`.

The names load on first use, so ``pokerroom.equity.command`` (the command
line) starts without loading NumPy.  Without NumPy at all (a plain ``pip
install pokerroom``, no ``[fast]`` extra) equity runs in pure Python with
the same results (:mod:`pokerroom.equity.scalar`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerroom.equity.calculate import EquityResult, Game, Method, equity, warm_up
    from pokerroom.equity.ranges import Range, parse_range

__all__ = ["EquityResult", "Game", "Method", "Range", "equity", "parse_range", "warm_up"]

_WHERE = {
    "EquityResult": "pokerroom.equity.calculate",
    "Game": "pokerroom.equity.calculate",
    "Method": "pokerroom.equity.calculate",
    "equity": "pokerroom.equity.calculate",
    "Range": "pokerroom.equity.ranges",
    "parse_range": "pokerroom.equity.ranges",
    "warm_up": "pokerroom.equity.calculate",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'pokerroom.equity' has no attribute {name!r}")
