"""What a live deal records: dealing steps, irregularity rulings, where every card is.

Every record is a frozen event (``audience`` None: the whole table may see it).
Records never name a card nobody has seen: burns, the stub and face-down hole
cards appear only as counts.  A card that was exposed (a flashed hole card, a
premature board card, a four-card flop) is public and is named.

Rulings carry ``rule``, the catalogue ID they apply (``"I2"``, ``"T9"``,
``"TDA 39-A"`` ...), and ``note``, one sentence a dealer or floor can read out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card, format_cards
from pokerroom.rules.events import Event

Procedures = Literal["seed", "tda2024"]
"""House option ``irregularity_procedures``: ``"seed"`` follows the catalogue (files
002-004, the older TDA text); ``"tda2024"`` the 2024 TDA text (TDA-EXAMPLES 14)."""

PROCEDURES: tuple[Procedures, ...] = ("seed", "tda2024")


# ------------------------------------------------------------------ dealing (D2-D4)


@dataclass(frozen=True, slots=True)
class DeckPrepared(Event):
    """D1, D2: cards shuffled (and cut when at least ten: five in each part)."""

    cards: int
    cut_at: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class HoleCardPitched(Event):
    """D4: one hole card to ``position``; ``shown`` names it when it lies face up (a stud up
    card or a card the dealer exposed)."""

    position: int
    shown: Card | None


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    """D3: one card off the stub, face down, before the cards of ``street``."""

    street: str


@dataclass(frozen=True, slots=True)
class BoardTurned(Event):
    """D3: the dealer turns ``cards`` of ``street`` face up on the board."""
    street: str
    cards: tuple[Card, ...]


# ------------------------------------------------------------------ rulings


@dataclass(frozen=True, slots=True)
class Ruling(Event):
    """An irregularity and what was done about it."""

    rule: str
    note: str


@dataclass(frozen=True, slots=True)
class Misdeal(Ruling):
    """I1, I6, I7: the deal is void: chips back, reshuffle, recut, redeal; the button
    does not move (a misplaced button, TDA 34-A: it goes where the rule puts it)."""

    cause: str


@dataclass(frozen=True, slots=True)
class HoleCardExposed(Ruling):
    """I2: a hole card the dealer exposed; the deal goes on and it is replaced later."""

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class ExposedCardReplaced(Ruling):
    """I2: after the deal the exposed card is replaced by the top card and becomes the
    burn for the flop.  I9 (TDA RP-10-B): a seventh-street card exposed by the dealer is
    replaced by the top card after the round and is out of play."""

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class ExposedCardStands(Ruling):
    """I9 (TDA RP-10-B): a seventh-street card exposed by the dealer stays and plays face
    up: no betting action remains, or no card is left to replace it."""

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardBoxed(Ruling):
    """I1 (TDA 35-A): a card found face up in the deck during the deal is out of play;
    a second one is a misdeal."""

    card: Card


@dataclass(frozen=True, slots=True)
class ExtraCardBurned(Ruling):
    """I6: one extra card to the first player goes back as the burn."""

    position: int


@dataclass(frozen=True, slots=True)
class BoardReturned(Ruling):
    """I3, I5, TDA RP-5: exposed board cards go back into the stub (the burn stays)."""

    street: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardsSetAside(Ruling):
    """I4, I9 (seed): cards taken out of play until a later reshuffle."""

    street: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BurnChosen(Ruling):
    """TDA 39-A, 39-B1: one of the dealt flop cards, picked at random face down, is
    made a burn."""

    street: str
    card: Card


@dataclass(frozen=True, slots=True)
class StubReshuffled(Ruling):
    """The stub is reshuffled (with ``added`` cards put back into it) and cut."""

    street: str
    cards: int
    added: tuple[Card, ...]
    cut_at: int | None


@dataclass(frozen=True, slots=True)
class DealtWithoutBurn(Ruling):
    """I3-I5, I9 (tda2024), TDA 39-A: the burn for ``street`` is already out."""

    street: str


@dataclass(frozen=True, slots=True)
class HandDead(Ruling):
    """I7, T9: ``position``'s hand is dead; its cards go to the muck, its chips stay in."""

    position: int
    cause: str


@dataclass(frozen=True, slots=True)
class CardsStand(Ruling):
    """I8, I3 (TDA 39-B2): the players acted on these cards, so they stand."""

    street: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class BlindOwed(Ruling):
    """T9: the player at ``position`` (in ``seat`` at the table) posts on the next deal."""

    position: int
    seat: int


@dataclass(frozen=True, slots=True)
class ShortStub(Ruling):
    """I9, TDA RP-10-H: seventh street with too few cards in the stub."""

    case: str
    stub: int
    players: int


# ------------------------------------------------------------------ the census


@dataclass(frozen=True, slots=True)
class Census:
    """Where every physical card is.  Each card of the deck is in exactly one place."""

    stub: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    burns: tuple[Card, ...]
    muck: tuple[Card, ...]
    set_aside: tuple[Card, ...]

    def cards(self) -> list[Card]:
        """Every card, wherever it is: the count check of a deal (all of the deck, once)."""
        out = [*self.stub, *self.board, *self.burns, *self.muck, *self.set_aside]
        for hand in self.hands:
            out.extend(hand)
        return out

    def problems(self, deck: Sequence[Card]) -> list[str]:
        """Cards missing, doubled or foreign to ``deck``; empty when all is well."""
        counts = Counter(self.cards())
        out = [f"{format_cards([c])} is in {n} places" for c, n in counts.items() if n > 1]
        expected = set(deck)
        missing = sorted(expected - counts.keys())
        if missing:
            out.append(f"missing: {format_cards(missing)}")
        foreign = sorted(counts.keys() - expected)
        if foreign:
            out.append(f"not in this deck: {format_cards(foreign)}")
        return out
