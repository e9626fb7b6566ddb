"""Hold'em starting-hand ranges in the standard notation.

A range is a comma-separated list of parts:

- ``AhKh``: one exact hand (any number of cards for Omaha: ``AhKhQdJd``);
- ``QQ``, ``AKs``, ``AKo``, ``AK``: a pair (6 combinations), a suited (4),
  offsuit (12) or any (16) two ranks;
- ``QQ+``: that pair and every higher one; ``A9s+``: the kicker up to one
  below the top card (A9s, ATs, ..., AKs); ``KT+`` likewise, both kinds;
- ``22-55``, ``T9s-65s`` (connectors, same gap at each step), ``A9o-A5o``
  (same top card, kickers between): both ends inclusive, in either order;
- ``random`` (or ``any``): every two-card hand.

``parse_range("QQ+, AKs")`` gives a :class:`Range` of distinct two-card
combinations; text that cannot be read raises NotationError naming the part
and what is wrong.  ``deck="short"`` refuses the deuce to the five.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from pokerroom.cards import RANKS, Card, check_distinct, format_cards, parse_cards
from pokerroom.errors import NotationError

Deck = Literal["standard", "short"]
Combo = tuple[int, ...]

RANDOM_WORDS: Final = frozenset({"random", "any", "xx"})


@dataclass(frozen=True)
class Range:
    """Distinct hands (each a tuple of cards, highest card first), from ``text``."""

    text: str
    combos: tuple[Combo, ...]
    exact: bool = False
    """One exact hand written card by card (``AhKh``), not a range."""

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        return self.text

    def without(self, cards: set[int]) -> tuple[Combo, ...]:
        """The hands that hold none of ``cards`` (dead, on the board, held by others)."""
        return tuple(c for c in self.combos if not cards.intersection(c))


def _rank(char: str, part: str) -> int:
    rank = RANKS.find(char.upper())
    if rank < 0:
        raise NotationError(f"range part {part!r}: unknown rank {char!r}; ranks are {RANKS}")
    return rank


def _pair(rank: int) -> list[Combo]:
    cards = [Card.of(rank, s) for s in range(4)]
    return [(int(b), int(a)) for a, b in combinations(cards, 2)]


def _two_ranks(high: int, low: int, kind: str) -> list[Combo]:
    out: list[Combo] = []
    for s1 in range(4):
        for s2 in range(4):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((high * 4 + s1, low * 4 + s2))
    return out


@dataclass(frozen=True)
class _Shape:
    """``AKs``-like text read: two ranks (high first) and ``s``, ``o`` or ``""``."""

    high: int
    low: int
    kind: str

    @property
    def pair(self) -> bool:
        return self.high == self.low

    def combos(self) -> list[Combo]:
        return _pair(self.high) if self.pair else _two_ranks(self.high, self.low, self.kind)


def _shape(text: str, part: str) -> _Shape:
    if len(text) not in (2, 3):
        raise NotationError(
            f"range part {part!r}: expected two ranks and an optional s or o (like 'AKs'), "
            f"got {text!r}"
        )
    a, b = _rank(text[0], part), _rank(text[1], part)
    kind = text[2:].lower()
    if kind not in ("", "s", "o"):
        raise NotationError(
            f"range part {part!r}: {text[2]!r} after the ranks must be s (suited) or o (offsuit)"
        )
    if a == b and kind:
        raise NotationError(f"range part {part!r}: a pair is neither suited nor offsuit")
    return _Shape(max(a, b), min(a, b), kind)


def _plus(shape: _Shape) -> list[_Shape]:
    if shape.pair:
        return [_Shape(r, r, "") for r in range(shape.high, 13)]
    return [_Shape(shape.high, low, shape.kind) for low in range(shape.low, shape.high)]


def _dash(first: _Shape, last: _Shape, part: str) -> list[_Shape]:
    if first.kind != last.kind or first.pair != last.pair:
        raise NotationError(
            f"range part {part!r}: both ends of a dash range must be the same kind of hand"
        )
    if first.pair:
        low, high = sorted((first.high, last.high))
        return [_Shape(r, r, "") for r in range(low, high + 1)]
    if first.high == last.high:
        low, high = sorted((first.low, last.low))
        return [_Shape(first.high, k, first.kind) for k in range(low, high + 1)]
    if first.high - first.low != last.high - last.low:
        raise NotationError(
            f"range part {part!r}: the ends share no top card and have different gaps; "
            "write 'A9s-A5s' (kickers) or 'T9s-65s' (same gap)"
        )
    gap = first.high - first.low
    low, high = sorted((first.high, last.high))
    return [_Shape(top, top - gap, first.kind) for top in range(low, high + 1)]


def _exact(part: str) -> Combo:
    try:
        cards = parse_cards(part)
    except NotationError as error:
        raise NotationError(f"range part {part!r}: {error}") from None
    check_distinct(cards, what=f"range part {part!r}")
    return tuple(sorted((int(c) for c in cards), reverse=True))


def _is_exact(part: str) -> bool:
    """Card by card (``AhKh``): a suit letter second (``AKs`` and the like have a rank there)."""
    return len(part) >= 4 and part[1].lower() in "cdhs" and "+" not in part and "-" not in part


def parse_range(text: str, *, deck: Deck = "standard") -> Range:
    """Read a range (see the module docstring); NotationError says what is wrong."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    if not text.strip():
        raise NotationError("empty range: name hands like 'QQ+, AKs' or cards like 'AhKh'")
    combos: dict[Combo, None] = {}
    exact = False
    for part in parts:
        if not part:
            raise NotationError(f"range {text!r}: an empty part between commas")
        if part.lower() in RANDOM_WORDS:
            ranks = range(4, 13) if deck == "short" else range(13)
            for high in ranks:
                for c in _pair(high):
                    combos[c] = None
                for low in ranks[: high - ranks.start]:
                    for c in _two_ranks(high, low, ""):
                        combos[c] = None
            continue
        if _is_exact(part):
            combos[_exact(part)] = None
            exact = len(parts) == 1
            continue
        if "-" in part:
            ends = part.split("-")
            if len(ends) != 2 or not all(ends):
                raise NotationError(f"range part {part!r}: a dash joins exactly two hands")
            shapes = _dash(_shape(ends[0], part), _shape(ends[1], part), part)
        elif part.endswith("+"):
            shapes = _plus(_shape(part[:-1], part))
        else:
            shapes = [_shape(part, part)]
        for shape in shapes:
            for c in shape.combos():
                combos[c] = None
    result = tuple(combos)
    if deck == "short":
        too_low = [c for c in result if min(c) < 16]
        if too_low:
            raise NotationError(
                f"range {text!r}: {format_cards(too_low[0])} holds a card below six, "
                "which short deck does not have"
            )
    return Range(text=text.strip(), combos=result, exact=exact)
