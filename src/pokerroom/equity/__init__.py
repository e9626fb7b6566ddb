"""Equity: exact enumeration and Monte Carlo over hands and ranges.

``equity(["AsKs", "QhQd"])`` is the chance each player wins (ties split) over
every board; ``board``, ``dead``, ``game`` (``"holdem"``, ``"short_deck"``,
``"omaha"``, ``"omaha_hilo"``) and ``method`` (``"auto"``, ``"exact"``,
``"monte_carlo"``) say more.  Ranges use the standard notation
(:func:`parse_range`).  See :mod:`pokerroom.equity.calculate`.
"""

from __future__ import annotations

from pokerroom.equity.calculate import EquityResult, Game, Method, equity
from pokerroom.equity.ranges import Range, parse_range

__all__ = ["EquityResult", "Game", "Method", "Range", "equity", "parse_range"]
