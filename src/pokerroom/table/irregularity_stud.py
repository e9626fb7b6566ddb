"""Stud at a live table: the irregularities of I9.

:class:`StudDeal` adds to :class:`~pokerroom.table.irregularity_deal.PhysicalDeal` the
stud rulings: premature cards (TDA RP-5-D, both procedures); seventh street with a
short stub (TDA RP-10-H): case A, a card to each player from the stub mixed with the
earlier burns; B, a burn and one community card; C, the stub mixed with the earlier
burns, a burn and one community card; and a seventh-street card exposed by the dealer
(TDA RP-10-B): replaced if betting action remains, else it plays.
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.errors import Reason
from pokerroom.rules import events as ev
from pokerroom.rules.stud import short_stub_case
from pokerroom.table.irregularity_deal import Check, PhysicalDeal
from pokerroom.table.irregularity_records import (
    BoardReturned,
    CardBurned,
    CardsSetAside,
    ExposedCardReplaced,
    ExposedCardStands,
    HoleCardExposed,
    ShortStub,
    StubReshuffled,
)


class StudDeal(PhysicalDeal):
    """A physical deal with stud's I9 rulings (see ``LiveDeal``)."""

    # ------------------------------------------------------ premature cards

    def premature_stud_card(self, position: int | None = None) -> list[ev.Event]:
        """I9 (TDA RP-5-D): the dealer burns and deals a card of the next street to
        ``position`` (default: the first player due it) before the betting has ended.
        seed: more cards are set aside with it, one for each other live player; the
        next street is burned and dealt as usual, and the set-aside cards go back into
        the stub, reshuffled and cut, before the last street.  tda2024: the card goes
        back into the stub, which is reshuffled, and the next street is dealt without a
        new burn."""
        why = self._why_not_stud_premature()
        live = self._live_positions()
        if why is None and position is not None and not 0 <= position < self.hand.n:
            why = f"there is no position {position}: positions are 0-{self.hand.n - 1}"
        if why is None and position is not None and position not in live:
            why = f"{self.who(position)} is not in the hand"
        needed = 1 + (len(live) if self.procedures == "seed" else 1)
        if why is None and len(self.cards.stub) < needed:
            why = f"the stub holds {len(self.cards.stub)} card(s), fewer than the {needed} needed"
        if why:
            raise self._refuse(Reason.NO_PREMATURE_CARD, "a premature stud card", why)
        mark = len(self.records)
        hand = self.hand
        street = hand.street + 1
        name = self.street_name(street)
        last = len(hand.variant.streets) - 1
        self._premature_streets.add(street)
        self.cards.burn()
        self._record(CardBurned(None, name))
        card = self.cards.take()[0]
        up = hand.variant.streets[street].up > 0
        shown = (card,) if up else ()
        to = live[0] if position is None else position
        what = f"{card}" if up else "a face-down card"
        if self.procedures == "seed":
            self.cards.set_aside.extend([card, *self.cards.take(len(live) - 1)])
            self._set_aside_back_at = last
            self._reshuffle_at[last] = "I9"
            self._record(CardsSetAside(
                None, "I9", f"premature {name} card ({what} to {self.who(to)}): set aside with "
                f"{len(live) - 1} more, a round for the live players; the {name} is burned and "
                "dealt as usual and the set-aside cards are reshuffled into the stub for the "
                "last street (TDA RP-5-D, older text)", name, shown,
            ))
            return self.records[mark:]
        self.cards.put_on_top([card])
        self._reshuffle_at[street] = "I9"
        self._burn_out[street] = "I9"
        self._record(BoardReturned(
            None, "I9", f"premature {name} card ({what} to {self.who(to)}): back into the "
            f"stub, the burn stays; the stub is reshuffled and the {name} dealt without a new burn "
            "(TDA RP-5-D, 2024)", name, shown,
        ))
        return self.records[mark:]

    def _before_round(self, street: int, players: int) -> bool:
        """I9 (TDA RP-10-H): seventh street with a short stub.  Case A mixes the stub
        with the earlier burns before the round; cases B and C deal the one community
        card here (returns True: no round of hole cards)."""
        variant = self.hand.variant
        if not variant.is_stud or street != len(variant.streets) - 1:
            return False
        stub = self._stub_for(street)
        case = short_stub_case(stub, players, len(self.cards.burns))
        if case is None:
            return False
        if case == "B":
            self._record(ShortStub(
                None, "I9", f"short stub (TDA RP-10-H case B): {stub} card(s) for {players} "
                "players; the top card is burned and the next is one community card",
                "B", stub, players,
            ))
            self._prepare(street)
            self._turn_board(street, self.cards.take(1))
            return True
        burns, self.cards.burns = self.cards.burns, []
        what = "one card dealt to each player" if case == "A" else "one community card dealt"
        self._record(ShortStub(
            None, "I9", f"short stub (TDA RP-10-H case {case}): {stub} card(s) for {players} "
            f"players; the stub is mixed with the {len(burns)} earlier burns, cut, burned "
            f"and {what}", case, stub, players,
        ))
        self._reshuffle(street, "I9", burns)
        if case == "A":
            return False
        self._prepare(street)
        self._turn_board(street, self.cards.take(1))
        return True

    def _stub_for(self, street: int) -> int:
        """The cards the stub will hold for ``street``, set-aside cards back included."""
        returning = len(self.cards.set_aside) if self._set_aside_back_at == street else 0
        return len(self.cards.stub) + returning

    # ------------------------------------ I9: a seventh-street card exposed

    def _why_not_exposed_card(self) -> str | None:
        """I9 (TDA RP-10-B): in stud, a card the dealer exposes has a ruling here on
        seventh street, when it is dealt to each player (not as a community card)."""
        hand = self.hand
        if not hand.variant.is_stud:
            return super()._why_not_exposed_card()
        last = len(hand.variant.streets) - 1
        if hand.street != last:
            return ("in stud, a down card exposed by the dealer is ruled on seventh street "
                    f"(I9, TDA RP-10-B), and this is {self.street_name()} street")
        if not self._round:
            players = len(self._live_positions())
            case = short_stub_case(self._stub_for(last), players, len(self.cards.burns))
            if case in ("B", "C"):
                return (f"seventh street is one community card (short stub, TDA RP-10-H "
                        f"case {case}): there is no down card to expose")
        return None

    def _betting_remains(self) -> bool:
        """Two players in the hand can still bet (neither folded nor all-in)."""
        hand = self.hand
        return sum(1 for i in self._live_positions() if hand.stacks[i] > 0) >= 2

    def _expose(self, position: int, card: Card, index: int) -> bool:
        """I9 (TDA RP-10-B): "A card exposed by the dealer on 7th street will be replaced
        if betting action remains on the hand": after the round, by the top card (as
        I2 does, so every other player gets the card due them).  With no betting left
        the card plays, face up.  Never a misdeal."""
        if not self.hand.variant.is_stud:
            return super()._expose(position, card, index)
        self._exposed.append((position, card))
        if self._betting_remains():
            self._record(HoleCardExposed(
                None, "I9", f"{self.who(position)}'s seventh-street card {card} was exposed by the "
                "dealer; betting action remains, so it is replaced by the top card after the "
                "round (TDA RP-10-B)", position, card,
            ))
        else:
            self._record(ExposedCardStands(
                None, "I9", f"{self.who(position)}'s seventh-street card {card} was exposed by the "
                "dealer; no betting action remains, so it plays face up (TDA RP-10-B)",
                position, card,
            ))
        return False

    def _replace_exposed(self) -> None:
        """I9: the seventh-street cards exposed while betting remains are replaced by the
        top card and go out of play (to the muck: they were seen).  An empty stub is
        made again from the burns, scrambled and cut, as TDA RP-10-H does for a short
        stub (our reading: RP-10-B does not say); with no card at all the exposed card
        plays face up."""
        if not self.hand.variant.is_stud:
            super()._replace_exposed()
            return
        if not self._betting_remains():
            return  # ruled as each was exposed: they play
        for position, card in self._exposed:
            if not self.cards.stub and self.cards.burns:
                burns, self.cards.burns = self.cards.burns, []
                cut = self.cards.reshuffle(burns)
                self._record(StubReshuffled(
                    None, "I9", f"the stub is out: the {len(burns)} burns are scrambled into a "
                    "new stub and cut to replace an exposed card (as TDA RP-10-H makes a new "
                    "stub)", self.street_name(), len(self.cards.stub), (), cut,
                ))
            if not self.cards.stub:
                self._record(ExposedCardStands(
                    None, "I9", f"{self.who(position)}'s exposed {card} cannot be replaced: no "
                    "card is left in the stub or the burns, so it plays face up", position, card,
                ))
                continue
            held = self.cards.hands[position]
            held[held.index(card)] = self.cards.take()[0]
            self.cards.muck.append(card)
            self._record(ExposedCardReplaced(
                None, "I9", f"{self.who(position)}'s exposed {card} is replaced by the top "
                "card and is out of play (TDA RP-10-B)", position, card,
            ))

    # ------------------------------------------------------- preconditions

    def _report_checks(self) -> dict[str, Check]:
        return {**super()._report_checks(), "premature_stud_card": self._why_not_stud_premature}

    def _why_not_stud_premature(self) -> str | None:
        hand = self.hand
        if not hand.variant.is_stud:
            return "I9 covers stud; flop games use premature_flop/turn/river()"
        why = self._why_not_betting()
        if why is None and hand.street + 1 >= len(hand.variant.streets):
            why = "the last street has been dealt"
        if why is None and hand.street + 1 in self._premature_streets:
            why = "a premature card for that street was already reported"
        return why
