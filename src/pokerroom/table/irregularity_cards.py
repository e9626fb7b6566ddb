"""The physical cards of one live deal: the stub and every other place a card can be.

A live deal needs more places than the hand engine knows: burns, the muck, cards
set aside, hole cards pitched but not yet handed to the engine.  :class:`Cards`
keeps them, moves cards only between them (so no card is ever lost or doubled,
D1) and reshuffles and cuts with the injected random generator only (D2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom.cards import Card, Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.irregularity_records import Census

MIN_CUT_PART = 5  # D2: each part of a cut keeps at least five cards


class Cards:
    """Stub (a :class:`Deck`, top first), hands per position, board, burns, muck and
    cards set aside."""

    def __init__(self, deck: Sequence[Card], players: int, rng: random.Random) -> None:
        self.deck = tuple(deck)
        self._rng = rng
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.muck: list[Card] = []
        self.set_aside: list[Card] = []
        self.stub, self.last_cut = self._shuffled(self.deck)

    # ---------------------------------------------------------------- the stub

    def _shuffled(self, cards: Sequence[Card]) -> tuple[Deck, int | None]:
        """D1, D2: shuffle with the injected generator, then cut when both parts can keep
        five cards (a cut is optional, so a smaller stub is not cut)."""
        deck = Deck(rng=self._rng, cards=cards)
        if len(cards) < 2 * MIN_CUT_PART:
            return deck, None
        at = self._rng.randint(MIN_CUT_PART, len(cards) - MIN_CUT_PART)
        deck.cut(at)
        return deck, at

    def reshuffle(self, added: Sequence[Card] = ()) -> int | None:
        """Shuffle the stub with ``added`` (already taken out of their places) and cut;
        returns where it was cut, None when too small to cut."""
        self.stub, self.last_cut = self._shuffled([*self.stub.remaining(), *added])
        return self.last_cut

    def take(self, count: int = 1) -> list[Card]:
        """Cards off the top of the stub."""
        if count > len(self.stub):
            raise IllegalActionError(
                Reason.STUB_EMPTY,
                f"the stub holds {len(self.stub)} card(s); {count} are needed",
            )
        return list(self.stub.deal(count))

    def put_on_top(self, cards: Sequence[Card]) -> None:
        """Cards that never really left the stub go back on top, in this order."""
        self.stub = Deck.from_order([*cards, *self.stub.remaining()])

    def pull(self, card: Card) -> Card:
        """``card``, found in the stub (a boxed card), comes out of it; the cards above
        and below it keep their order."""
        rest = self.stub.remaining()
        rest.remove(card)
        self.stub = Deck.from_order(rest)
        return card

    def burn(self) -> Card:
        """D3: the top card, face down, to the burns."""
        card = self.take(1)[0]
        self.burns.append(card)
        return card

    # ----------------------------------------------------------------- moving

    def muck_hand(self, position: int) -> list[Card]:
        """The hand of ``position`` goes to the muck (a fold or a killed hand); returns its
        cards."""
        cards = self.hands[position]
        self.muck.extend(cards)
        self.hands[position] = []
        return cards

    def census(self) -> Census:
        """Where every card is: stub, hands, board, burns, muck, set aside."""
        return Census(
            stub=tuple(self.stub.remaining()),
            hands=tuple(tuple(h) for h in self.hands),
            board=tuple(self.board),
            burns=tuple(self.burns),
            muck=tuple(self.muck),
            set_aside=tuple(self.set_aside),
        )

    def check(self) -> None:
        """Every card of the deck is in exactly one place (an engine bug otherwise)."""
        problems = self.census().problems(self.deck)
        assert not problems, "; ".join(problems)
