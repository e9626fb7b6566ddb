"""Exact amounts: PHH decimal text <-> integer chips at a power-of-ten scale.

Numbers are read from the TOML text as ``int`` or ``Decimal`` (never through
binary floats), so ``247.10`` is exactly 24710 chips at scale 100.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from typing import Final

from pokerroom.errors import NotationError

Number = int | Decimal  # an amount as written in the file
_AMOUNT: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


def ten_to(places: int) -> int:
    """``10**places`` typed as an int (``places >= 0``)."""
    return int(10**places)


def decimal_places(value: Number) -> int:
    """How many decimal places ``value`` needs: 0 for ``3.00``, 2 for ``0.50``."""
    if isinstance(value, int) or not value:
        return 0
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int), "callers pass finite numbers only"
    places = -exponent
    i = len(digits) - 1
    while places > 0 and digits[i] == 0:
        places -= 1
        i -= 1
    return max(places, 0)


def to_chips(value: Number, places: int) -> int | None:
    """``value * ten_to(places)`` as an int, or None when that is not whole."""
    if isinstance(value, int):
        return value * ten_to(places)
    exact = Fraction(value) * ten_to(places)
    return exact.numerator if exact.denominator == 1 else None


def to_exact(value: Number, places: int) -> int | Fraction:
    """``value * ten_to(places)`` exactly: an int when whole, else a Fraction."""
    if isinstance(value, int):
        return value * ten_to(places)
    exact = Fraction(value) * ten_to(places)
    return exact.numerator if exact.denominator == 1 else exact


def places_of_scale(scale: int) -> int:
    """``2`` for scale 100; a scale must be a power of ten (1, 10, 100, ...)."""
    if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
        raise NotationError(f"scale must be a power of ten (1, 10, 100, ...), got {scale!r}")
    text = str(scale)
    if text.rstrip("0") != "1":
        raise NotationError(f"scale must be a power of ten (1, 10, 100, ...), got {scale}")
    return len(text) - 1


def parse_amount(token: str) -> Number | None:
    """A decimal amount as written in an action (``300``, ``3.00``), or None."""
    if token.isdigit() and token.isascii():
        return int(token)
    if _AMOUNT.fullmatch(token):
        return Decimal(token)
    return None


def format_chips(chips: int, places: int) -> str:
    """Chips at scale ``10**places`` as PHH writes them: ``50`` -> ``0.5`` at scale 100."""
    if places == 0:
        return str(chips)
    whole, part = divmod(abs(chips), ten_to(places))
    sign = "-" if chips < 0 else ""
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{part:0{places}d}".rstrip("0")


def format_exact(value: int | Fraction, places: int) -> str:
    """An exact chip count (maybe fractional) at scale ``10**places`` as decimal text."""
    exact = Fraction(value) / ten_to(places)
    if exact.denominator == 1:
        return str(exact.numerator)
    rest, twos, fives = exact.denominator, 0, 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        raise NotationError(f"{value} chips at scale {ten_to(places)} has no exact decimal form")
    digits = max(twos, fives)
    return format_chips(exact.numerator * ten_to(digits) // exact.denominator, digits)
