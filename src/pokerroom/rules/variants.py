"""Games as data: which cards are dealt on which street and how hands are ranked.

A variant says nothing about betting sizes; the betting structure (no limit,
pot limit, fixed limit, spread limit) is chosen in the hand configuration, so
"pot-limit Omaha" is ``variant("omaha")`` with ``Structure.POT_LIMIT``.

When the deck runs short:

- Stud deals at most eight players (six cards each and three burns before
  seventh street).  On seventh street a short stub follows TDA RP-10-H (I9):
  the stub mixed with the earlier burns, or one community card that every
  player uses as a seventh card.
- Draw games (house rule): the replacements of a draw come one at a time
  clockwise (D4).  When the stub runs out, the discards of earlier draws are
  shuffled into a new stub; if there are none, or they run out too, this
  draw's discards are, and no player is dealt back a card he threw away in
  this draw.  Burned cards never come back.  The shuffle is seeded from the
  deck order, so a hand stays reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pokerroom.cards import FULL_DECK, SHORT_DECK, Card
from pokerroom.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Street:
    """One street: cards dealt (then, in draw games, a draw), then a betting round."""

    name: str
    down: int = 0  # cards dealt face down to each player
    up: int = 0  # cards dealt face up to each player (stud)
    board: int = 0  # community cards
    draw: bool = False  # players discard and draw before the betting
    big_bet: bool = False  # fixed limit: this street's bets are the big bet (B5, B15)
    burn: bool = True  # D3: a card is burned before the cards of this street

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled by mypyc (see setup.py) or not."""
        return (Street, (self.name, self.down, self.up, self.board, self.draw, self.big_bet,
                         self.burn))


@dataclass(frozen=True, slots=True)
class Variant:
    """A poker game: deck, streets and how the pot is won."""

    key: str
    name: str
    streets: tuple[Street, ...]
    high: str | None  # evaluator name for the high half (or the whole pot)
    low: str | None = None  # evaluator name for the low half / the low game
    deck: tuple[Card, ...] = FULL_DECK
    forced: Literal["blinds", "bring_in"] = "blinds"
    stud_low: bool = False  # razz: the high up-card brings it in, low board acts first
    # Per street, the community cards of the streets after it (made from ``streets``).
    boards_after: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        streets = self.streets
        later = tuple(sum(s.board for s in streets[k + 1:]) for k in range(len(streets)))
        object.__setattr__(self, "boards_after", later)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and copied by its fields, compiled by mypyc (see setup.py) or not."""
        return (Variant, (self.key, self.name, self.streets, self.high, self.low, self.deck,
                          self.forced, self.stud_low))

    @property
    def split(self) -> bool:
        """High-low split: half the pot to each (S8)."""
        return self.high is not None and self.low is not None

    @property
    def is_stud(self) -> bool:
        """A stud game: up cards and a bring-in instead of blinds (F10)."""
        return self.forced == "bring_in"

    @property
    def is_draw(self) -> bool:
        """A draw game: some street lets players discard and draw."""
        return any(s.draw for s in self.streets)

    @property
    def hole_cards(self) -> int:
        """The cards each player is dealt in all, down and up (7 in stud, 2 in hold'em)."""
        return sum(s.down + s.up for s in self.streets)


def _flop_streets(hole: int) -> tuple[Street, ...]:
    return (
        Street("preflop", down=hole, burn=False),
        Street("flop", board=3),
        Street("turn", board=1, big_bet=True),
        Street("river", board=1, big_bet=True),
    )


_STUD = (
    Street("third", down=2, up=1, burn=False),
    Street("fourth", up=1),
    Street("fifth", up=1, big_bet=True),
    Street("sixth", up=1, big_bet=True),
    Street("seventh", down=1, big_bet=True),
)


def _draw_streets(draws: int) -> tuple[Street, ...]:
    names = ("first", "second", "third")
    return (
        Street("predraw", down=5, burn=False),
        *(Street(f"{names[i]}_draw", draw=True, big_bet=i >= draws // 2 if draws > 1 else True)
          for i in range(draws)),
    )


def _badugi_streets() -> tuple[Street, ...]:
    names = ("first", "second", "third")
    return (
        Street("predraw", down=4, burn=False),
        *(Street(f"{names[i]}_draw", draw=True, big_bet=i >= 1) for i in range(3)),
    )


VARIANTS: dict[str, Variant] = {
    v.key: v
    for v in (
        Variant("holdem", "Texas hold'em", _flop_streets(2), "high"),
        Variant(
            "short_deck", "short-deck hold'em", _flop_streets(2), "short_deck_high",
            deck=SHORT_DECK,
        ),
        Variant("omaha", "Omaha", _flop_streets(4), "omaha_high"),
        Variant("omaha5", "five-card Omaha", _flop_streets(5), "omaha_high"),
        Variant("omaha6", "six-card Omaha", _flop_streets(6), "omaha_high"),
        Variant("omaha_hilo", "Omaha hi-lo eight or better", _flop_streets(4), "omaha_high",
                "omaha_low8"),
        Variant("omaha5_hilo", "five-card Omaha hi-lo", _flop_streets(5), "omaha_high",
                "omaha_low8"),
        Variant("stud", "seven-card stud", _STUD, "high", forced="bring_in"),
        Variant("stud_hilo", "seven-card stud hi-lo eight or better", _STUD, "high", "low8",
                forced="bring_in"),
        Variant("razz", "razz", _STUD, None, "a5_low", forced="bring_in", stud_low=True),
        Variant("deuce_seven_triple", "deuce-to-seven triple draw", _draw_streets(3), None,
                "deuce_seven_low"),
        Variant("deuce_seven_single", "deuce-to-seven single draw", _draw_streets(1), None,
                "deuce_seven_low"),
        Variant("ace_five_triple", "ace-to-five triple draw", _draw_streets(3), None,
                "a5_low"),
        Variant("badugi", "badugi", _badugi_streets(), None, "badugi"),
    )
}


def variant(key: str) -> Variant:
    """Look a variant up by key, with an error that lists the known ones."""
    try:
        return VARIANTS[key]
    except KeyError:
        raise ConfigError(
            f"unknown variant {key!r}; known variants: {', '.join(sorted(VARIANTS))}"
        ) from None
