"""A live, dealer-assisted deal: the physical deck of one hand and the irregularities
a dealer reports (I1-I9, T9).

:class:`LiveDeal` starts a manual-mode hand at a :class:`~pokerroom.table.Table`,
shuffles and cuts a physical deck with an injected ``random.Random`` (D1, D2),
deals hole cards one at a time clockwise from the first player left of the button
(D4) and burns before every street that deals cards (D3).  It hands cards to the
hand engine (``DealHole``/``DealBoard``) only once they are where they belong, so
the engine never holds a card that is later taken back.

The dealer reports what went wrong; each report applies the rulebook at once,
appends frozen records to :attr:`LiveDeal.records` (rulings name their rule) and
leaves every card in exactly one place (:meth:`LiveDeal.census`) and every chip
where it was.  A report that cannot have happened now raises
:class:`~pokerroom.errors.IllegalActionError` naming what is allowed, and changes
nothing.

House option ``irregularity_procedures`` (``procedures=``): ``"seed"`` (default:
the catalogue, files 002-004 and the older TDA text) or ``"tda2024"`` (TDA-EXAMPLES
section 14: a four-card flop keeps three and burns one at random; a premature turn
or stud card is reshuffled and redealt).

Numbers: a ``position`` is the hand engine's number for a player (0 is the first
player left of the button), as :class:`~pokerroom.rules.engine.Hand` uses; a
``seat`` is a chair at the table (``Table.players``' index).  The reports about a
player's cards (:meth:`LiveDeal.expose_hole_card`, :meth:`LiveDeal.wrong_card_count`,
:meth:`LiveDeal.unposted_blind`, ``premature_stud_card``) take a position, as the
records name the player; the reports about a chair (:meth:`LiveDeal.first_card_to_wrong_seat`,
:meth:`LiveDeal.button_misplaced`) take a seat.  A dealer's seat converts once with
``live.plan.position_of(seat)``, back with ``live.plan.seat_at(position)``.  The
notes and refusals, read out at the table, name the seat people see (``seat + 1``)
and the player's name (``live.who``); a ``BlindOwed`` record carries both numbers.

An I7 or T9 dead hand is dead when it is found, in turn or not (the engine's
:meth:`~pokerroom.rules.engine.Hand.kill`).  Stud's rulings (I9) are in
:mod:`pokerroom.table.irregularity_stud`.
"""

from __future__ import annotations

from pokerroom.cards import Card
from pokerroom.errors import Reason
from pokerroom.rules import events as ev
from pokerroom.rules.stud import short_stub_case
from pokerroom.table.irregularity_deal import FLOP, RIVER, TURN, Check, fmt
from pokerroom.table.irregularity_records import (
    BlindOwed,
    BoardReturned,
    BurnChosen,
    CardBoxed,
    CardBurned,
    CardsSetAside,
    CardsStand,
    ExtraCardBurned,
)
from pokerroom.table.irregularity_stud import StudDeal

__all__ = ["LiveDeal", "short_stub_case"]

# A premature street's refusal, by street (I3-I5).
_NO_PREMATURE = {FLOP: Reason.NO_PREMATURE_FLOP, TURN: Reason.NO_PREMATURE_TURN,
                 RIVER: Reason.NO_PREMATURE_RIVER}


class LiveDeal(StudDeal):
    """The physical deal of one hand at a live table, redealt after a misdeal.

    ``LiveDeal(table, rng=random.Random(seed))`` starts the hand
    (``table.start_hand(manual=True)``).  Then :meth:`deal` (or
    :meth:`deal_hole_card` one card at a time), :meth:`act` for the players,
    :meth:`deal` for each street, a report whenever something goes wrong, and
    :meth:`finish` once the hand is over.  :meth:`allowed_reports` lists the reports
    possible now: the dealer's (exposed, extra and premature cards, irregular flops,
    wrong card counts, unposted blinds, stud's premature cards) and the floor's
    misdeals (:meth:`boxed_card`, :meth:`first_card_to_wrong_seat`,
    :meth:`button_misplaced`).

    >>> import random
    >>> from pokerroom.table import Stakes, Table
    >>> table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2))
    >>> for seat, name in enumerate("ABC"):
    ...     _ = table.sit(seat, name, 200)
    >>> table.first_button = 2
    >>> live = LiveDeal(table, rng=random.Random(1))
    >>> [r.rule for r in live.boxed_card()]
    ['I1']
    >>> [type(r).__name__ for r in live.boxed_card()]
    ['Misdeal', 'DeckPrepared']
    >>> live.misdeals, live.plan.positions.button, table.stacks()
    (1, 2, {0: 200, 1: 200, 2: 200})
    >>> _ = live.deal()
    >>> live.boxed_card()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    pokerroom.errors.IllegalActionError: a boxed card is not possible now: ...
    """

    # ---------------------------------------------- I1, I2: an exposed hole card

    def expose_hole_card(self, position: int, card_index: int) -> list[ev.Event]:
        """I1/I2: during the deal the dealer exposes a card already pitched to ``position``
        (``card_index`` 0 = the position's first card).  The first or second card dealt, or
        a second exposed card, is a misdeal (I1); any other is replaced after the deal
        and becomes the burn (I2).  In stud, the position's seventh-street card (I9, TDA
        RP-10-B): replaced after the round if betting action remains, else it plays.
        ``deal_hole_card(exposed=True)`` reports a card exposed as it is dealt."""
        why = self._why_not_expose()
        if why is None and not 0 <= position < self.hand.n:
            why = f"there is no position {position}: positions are 0-{self.hand.n - 1}"
        if why is None and self.hand.folded[position]:
            why = f"{self.who(position)} is out of the hand"
        held = self.cards.hands[position] if why is None else []
        dealt = [k for k, s in enumerate(self._round[: self._round_pos]) if s == position]
        earlier = len(held) - len(dealt)  # cards of earlier streets (stud)
        if why is None and not 0 <= card_index < len(held):
            why = (f"{self.who(position)} holds {len(held)} card(s) so far: card {card_index} has "
                   "not been dealt yet")
        if why is None and card_index < earlier:
            why = (f"{self.who(position)}'s card {card_index} was dealt on an earlier street; only "
                   f"this street's card(s) ({earlier}-{len(held) - 1}) can be exposed now")
        if why is None and any(s == position for s, _ in self._exposed):
            why = f"{self.who(position)}'s exposed card is already ruled on"
        if why:
            raise self._refuse(Reason.NO_EXPOSED_CARD, "an exposed hole card", why)
        mark = len(self.records)
        self._expose(position, held[card_index], dealt[card_index - earlier])
        return self.records[mark:]

    # ------------------------------- I1 (TDA 35-A, 34-A): misdeals the floor rules on

    def boxed_card(self, card: Card | None = None) -> list[ev.Event]:
        """I1 (TDA 35-A: "2 or more boxed cards" is a misdeal): while dealing the hole
        cards the dealer finds a card face up in the deck: ``card``, by default the next
        one to be dealt.  One is not a misdeal: it is out of play (to the muck: everyone
        saw it) and the deal goes on with the card under it.  A second is a misdeal."""
        why = self._why_not_boxed()
        stub = self.cards.stub.remaining()
        if why is None and card is not None and card not in self.cards.deck:
            why = f"{card} is not in this game's deck"
        if why is None and card is not None and card not in stub:
            why = (f"{card} is not in the stub: a boxed card is one of the {len(stub)} "
                   "cards still in the deck")
        if why:
            raise self._refuse(Reason.NO_BOXED_CARD, "a boxed card", why)
        mark = len(self.records)
        found = self.cards.take()[0] if card is None else self.cards.pull(card)
        self.cards.muck.append(found)
        self._boxed.append(found)
        if len(self._boxed) > 1:
            self._misdeal("I1", f"two boxed cards were found in the deck "
                          f"({fmt(self._boxed)}; TDA 35-A)")
            return self.records[mark:]
        self._record(CardBoxed(
            None, "I1", f"{found} was found face up in the deck: it is out of play and the "
            "deal goes on with the next card (TDA 35-A: two boxed cards are a misdeal, one "
            "is not)", found,
        ))
        return self.records[mark:]

    def first_card_to_wrong_seat(self, seat: int) -> list[ev.Event]:
        """I1 (TDA 35-A): the first card of the deal went to ``seat`` instead of the
        first player left of the button (D4).  Before substantial action (TDA 36, as
        for I7) it is a misdeal: every chip back, the button stays, reshuffle and
        redeal.  After it a misdeal can no longer be declared: the report is refused."""
        why = self._why_not_misdeal_report(first_card=True)
        if why is None:
            why = self._why_not_seat(seat)
        due = self.plan.seat_at(0)
        if why is None and seat == due:
            why = (f"seat {due + 1} is the seat due the first card (the first player "
                   "left of the button, D4)")
        if why:
            raise self._refuse(Reason.NO_MISDEAL, "the first card to the wrong seat", why)
        mark = len(self.records)
        self._misdeal("I1", f"the first card was dealt to seat {seat + 1} instead "
                      f"of seat {due + 1} (TDA 35-A)")
        return self.records[mark:]

    def button_misplaced(self, seat: int) -> list[ev.Event]:
        """I1, TDA 34-A (TDA-34-A1): the floor finds the button was on ``seat`` for
        this deal, not where the rule puts it.  Found before substantial action, the
        error is corrected: a misdeal, every chip back, and the redeal has the button
        where the rule puts it (the table's own placement, T1-T4).  After substantial
        action the error stands for this hand and the report is refused: there is no
        misdeal and the hand plays on."""
        why = self._why_not_misdeal_report(first_card=False)  # refuses stud: no button
        if why is None:
            why = self._why_not_seat(seat)
        positions = self.plan.positions
        button = positions.button if positions is not None else None
        if why is None and seat == button:
            why = f"seat {seat + 1} is where the rule puts the button"
        if why:
            raise self._refuse(Reason.NO_MISDEAL, "a button in the wrong place", why)
        assert button is not None  # a flop game's deal places a button
        mark = len(self.records)
        self._misdeal(
            "I1", f"the button was on seat {seat + 1}, not on seat {button + 1} "
            "where the rule puts it (TDA 34-A)",
            button=f"the button goes to seat {button + 1}, where the rule puts it",
        )
        return self.records[mark:]

    # ------------------------------------------------------ I6: an extra card

    def deal_extra_card(self) -> list[ev.Event]:
        """I6: after every hand is dealt, the dealer pitches an extra card to the first
        player: it goes back as the flop's burn.  A second extra card is a misdeal."""
        why = self._why_not_extra_card()
        if why:
            raise self._refuse(Reason.NO_EXTRA_CARD, "an extra card to the first player", why)
        mark = len(self.records)
        self._extra_cards += 1
        if self._extra_cards > 1:
            self._misdeal("I6", "more than one extra card was dealt after the hands")
            return self.records[mark:]
        self.cards.burns.append(self.cards.take()[0])
        self._burn_out[FLOP] = "I6"
        self._record(ExtraCardBurned(
            None, "I6", "the extra card dealt to the first player goes back as the burn for "
            "the flop", 0,
        ))
        return self.records[mark:]

    # ------------------------------------------------- I3-I5: premature cards

    def premature_flop(self) -> list[ev.Event]:
        """I3 (TDA RP-5-A, both procedures): the flop went out before the betting ended.
        The burn stays; the flop goes back into the stub, which is reshuffled and cut;
        the new flop comes without a burn."""
        return self._premature(FLOP)

    def premature_turn(self) -> list[ev.Event]:
        """I4.  seed: the card is set aside; the turn is burned and dealt as usual (what
        would have been the river); the river comes from the stub reshuffled with the
        set-aside card, without a burn.  tda2024 (TDA RP-5-B): the card goes back, the
        stub is reshuffled and the turn is dealt without a burn."""
        return self._premature(TURN)

    def premature_river(self) -> list[ev.Event]:
        """I5 (TDA RP-5-C): the card goes back into the stub, the burn stays; after the
        turn betting the stub is reshuffled and the river dealt without a new burn."""
        return self._premature(RIVER)

    def _premature(self, street: int) -> list[ev.Event]:
        name = ("", "flop", "turn", "river")[street]
        why = self._why_not_premature(street)
        if why:
            raise self._refuse(_NO_PREMATURE[street], f"a premature {name}", why)
        mark = len(self.records)
        self._premature_streets.add(street)
        if street not in self._burn_out:
            self._burned_for[street] = self.cards.burn()
            self._record(CardBurned(None, name))
            self._burn_out[street] = "I3" if street == FLOP else f"I{street + 2}"
        cards = self.cards.take(self.hand.variant.streets[street].board)
        shown = fmt(cards)
        if street == TURN and self.procedures == "seed":
            self.cards.set_aside.extend(cards)
            self._burn_out.pop(TURN, None)
            self._burn_out[RIVER] = "I4"
            self._reshuffle_at[RIVER] = "I4"
            self._set_aside_back_at = RIVER
            self._record(CardsSetAside(
                None, "I4", f"premature turn {shown}: set aside; after the flop betting the "
                "dealer burns and deals the next card as the turn; the river comes from the "
                "stub reshuffled with it, without a burn", name, tuple(cards),
            ))
            return self.records[mark:]
        rule = {FLOP: "I3", TURN: "I4", RIVER: "I5"}[street]
        tda = {FLOP: "TDA RP-5-A", TURN: "TDA RP-5-B", RIVER: "TDA RP-5-C"}[street]
        self.cards.put_on_top(cards)
        self._reshuffle_at[street] = rule
        self._record(BoardReturned(
            None, rule, f"premature {name} {shown} ({tda}): back into the stub, the burn stays; "
            f"the stub is reshuffled and the {name} dealt without a new burn", name,
            tuple(cards),
        ))
        return self.records[mark:]

    # ----------------------------------------- I3, I8, TDA 39: irregular flops

    def deal_flop_with_extra_cards(self, extra: int = 1) -> list[ev.Event]:
        """I3: the dealer turns 3 + ``extra`` flop cards.  seed: the whole flop goes back,
        the burn stays, the stub is reshuffled and cut and a new flop dealt without a
        burn.  tda2024, four cards (TDA 39-A): the floor picks one at random, face down,
        as the turn's burn; the other three are the flop."""
        why = self._why_not_flop_due()
        if why is None and extra < 1:
            why = "extra counts the cards beyond three and must be at least 1"
        if why:
            raise self._refuse(Reason.NO_FLOP_DUE, "a flop with too many cards", why)
        mark = len(self.records)
        self._prepare(FLOP)
        cards = self.cards.take(3 + extra)
        if self.procedures == "tda2024" and extra == 1:
            burn = cards.pop(self._rng.randrange(4))
            self.cards.burns.append(burn)
            self._burn_out[TURN] = "I3"
            self._record(BurnChosen(
                None, "I3", f"four-card flop (TDA 39-A): {burn} is drawn at random as the burn "
                "for the turn; the other three are the flop", "flop", burn,
            ))
            self._turn_board(FLOP, cards)
            return self.records[mark:]
        self._record(BoardReturned(
            None, "I3", f"the flop {fmt(cards)} has {len(cards)} cards: it goes back into the "
            "stub, the burn stays; reshuffle, cut and a new flop without a burn", "flop",
            tuple(cards),
        ))
        self.cards.put_on_top(cards)
        self._reshuffle_at[FLOP] = "I3"
        self._burn_out[FLOP] = "I3"
        self._prepare(FLOP)
        self._turn_board(FLOP, self.cards.take(3))
        return self.records[mark:]

    def deal_flop_without_burn(self) -> list[ev.Event]:
        """TDA 39-B1 (I3): the flop went out without a burn, seen before any action: the
        three are mixed face down, one drawn at random becomes the burn, and the flop is
        the other two plus the next card off the stub."""
        why = self._why_not_flop_due()
        if why is None and FLOP in self._burn_out:
            why = "the flop's burn is already out, so it is dealt without one anyway"
        if why:
            raise self._refuse(Reason.NO_FLOP_DUE, "a flop without a burn", why)
        mark = len(self.records)
        cards = self.cards.take(3)
        burn = cards.pop(self._rng.randrange(3))
        self.cards.burns.append(burn)
        self._record(BurnChosen(
            None, "I3", f"flop dealt without a burn (TDA 39-B1): {burn} is drawn at random as "
            "the burn; the next card off the stub completes the flop", "flop", burn,
        ))
        self._turn_board(FLOP, [*cards, *self.cards.take(1)])
        return self.records[mark:]

    def report_missed_flop_burn(self) -> list[ev.Event]:
        """TDA 39-B2 (I3): the flop was dealt without a burn and found out after at
        least one action on it: the flop stands and the turn gets its usual burn."""
        why = self._why_not_flop_found_out()
        if why is None and FLOP not in self._burned_for:
            why = "the flop was dealt without a burn by a ruling, not by mistake"
        if why is None and not self._flop_actions():
            why = ("nobody has acted on the flop: report it when dealing, with "
                   "deal_flop_without_burn() (TDA 39-B1)")
        if why:
            raise self._refuse(Reason.FLOP_BURN_NOT_MISSED, "a flop dealt without a burn", why)
        mark = len(self.records)
        # The card taken as its burn never left the stub: it is still the top card.
        burn = self._burned_for.pop(FLOP)
        self.cards.burns.remove(burn)
        self.cards.put_on_top([burn])
        self._record(CardsStand(
            None, "I3", "the flop was dealt without a burn and has been acted on, so it stands "
            "(TDA 39-B2); the turn gets its usual single burn", "flop", tuple(self.cards.board[:3]),
        ))
        return self.records[mark:]

    def report_stuck_flop_card(self) -> list[ev.Event]:
        """I8 (LVH B2): a fourth card stuck under the flop is found after substantial
        action on the flop: the cards the players acted on stand; the stuck card is out
        of play and the turn gets its usual burn."""
        why = self._why_not_flop_found_out()
        if why is None and not self.substantial_action(FLOP):
            why = ("there has been no substantial action on the flop: a flop with too many "
                   "cards is redealt (I3), which the hand engine cannot do once it holds the "
                   "flop; report four cards as they are dealt, with deal_flop_with_extra_cards()")
        if why:
            raise self._refuse(Reason.NO_STUCK_CARD, "a card stuck to the flop", why)
        mark = len(self.records)
        self.cards.muck.extend(self.cards.take(1))
        self._record(CardsStand(
            None, "I8", "a card stuck to the flop is found after substantial action: the flop "
            "the players acted on stands, the stuck card is out of play", "flop",
            tuple(self.cards.board[:3]),
        ))
        return self.records[mark:]

    def _flop_actions(self) -> int:
        start = self._dealt_at.get(FLOP, len(self.hand.events))
        return sum(
            1 for k, e in enumerate(self.hand.events[start:], start)
            if k not in self._procedural
            and isinstance(e, ev.Folded | ev.Checked | ev.Called | ev.BetOrRaised)
        )

    # ---------------------------------------- I7: wrong number of hole cards

    def wrong_card_count(self, position: int, holding: int) -> list[ev.Event]:
        """I7 (TDA 35, 36, 38): ``position`` finds it holds ``holding`` cards.  Before
        substantial action: a misdeal.  After it: the hand is dead and the deal goes on;
        the dealer burns one card as usual (TDA 38-1A/1B: a third card is not the burn)."""
        why = self._why_not_seat_report(position)
        expected = len(self.cards.hands[position]) if why is None else 0
        if why is None and (holding < 0 or holding == expected):
            why = f"{self.who(position)} should hold {expected}; report how many it really holds"
        substantial = why is None and self.substantial_action(0)
        if why:
            raise self._refuse(Reason.NO_WRONG_COUNT, "a wrong number of hole cards", why)
        mark = len(self.records)
        if not substantial:
            self._misdeal("I7", f"{self.who(position)} holds {holding} card(s) instead of "
                          f"{expected} before substantial action")
            return self.records[mark:]
        if holding > expected:
            # The extra cards came off the stub stuck to hers; they die with her hand.
            self.cards.hands[position].extend(self.cards.take(holding - expected))
        self._kill(position, "I7", f"{holding} card(s) instead of {expected} after substantial "
                   "action")
        return self.records[mark:]

    # ---------------------------------------------- T9: dealt in without posting

    def unposted_blind(self, position: int, *, looked: bool) -> list[ev.Event]:
        """T9 (RR 10, LVH B23): ``position`` owed a blind and was dealt in without posting.
        Looked and not yet acted: the hand is dead.  Acted: the hand is live.  Either
        way (and when not looked: the engine takes no post in mid-hand) the player posts
        on the next deal."""
        why = self._why_not_seat_report(position)
        if why is None and self.hand.variant.is_stud:
            why = "stud has no blinds"
        config = self.hand.config
        if why is None and any(
            values and values[position] for values in (config.blinds, config.posts, config.dead)
        ):
            why = f"{self.who(position)} posted in this hand"
        acted = any(actor == position for actor, _ in self.hand.log)
        if why:
            raise self._refuse(Reason.NO_UNPOSTED_BLIND, "a blind not posted", why)
        mark = len(self.records)
        seat = self.plan.seat_at(position)
        self._owes_next[seat] = position
        if looked and not acted:
            self._kill(position, "T9", "looked at the cards before posting the blind owed")
        how = "acted, so the hand is live" if acted else (
            "looked before posting" if looked else "has not looked, so the hand is live")
        self._record(BlindOwed(
            None, "T9", f"{self.who(position)} owed a blind and {how}; the blind is posted on "
            "the next deal", position, seat,
        ))
        return self.records[mark:]

    # ------------------------------------------------------- preconditions

    def _report_checks(self) -> dict[str, Check]:
        return {
            **super()._report_checks(),
            "boxed_card": self._why_not_boxed,
            "first_card_to_wrong_seat": lambda: self._why_not_misdeal_report(first_card=True),
            "button_misplaced": lambda: self._why_not_misdeal_report(first_card=False),
            "deal_hole_card(exposed=True)": lambda: self._why_not_hole_card(exposed=True),
            "expose_hole_card": self._why_not_expose,
            "deal_extra_card": self._why_not_extra_card,
            "premature_flop": lambda: self._why_not_premature(FLOP),
            "premature_turn": lambda: self._why_not_premature(TURN),
            "premature_river": lambda: self._why_not_premature(RIVER),
            "deal_flop_with_extra_cards": self._why_not_flop_due,
            "deal_flop_without_burn": self._why_not_flop_due,
            "report_missed_flop_burn": self._why_not_flop_found_out,
            "report_stuck_flop_card": self._why_not_flop_found_out,
            "wrong_card_count": lambda: self._why_not_any_seat_report(),
            "unposted_blind": lambda: self._why_not_any_seat_report(stud=False),
        }

    def _why_not_boxed(self) -> str | None:
        hand = self.hand
        if hand.variant.is_stud:
            return "TDA 35-A's boxed cards are ruled here in flop games"
        if hand.is_over or hand.street != 0 or hand.legal_actions().deal_position is None:
            return "a boxed card is reported while the hole cards are dealt (TDA 35-A)"
        return None

    def _why_not_misdeal_report(self, *, first_card: bool) -> str | None:
        hand = self.hand
        if hand.variant.is_stud:
            return ("TDA 35-A's first card to the wrong seat is ruled here in flop games"
                    if first_card else "stud has no button")
        if hand.is_over:
            return "the hand is over"
        if first_card and not self._round_pos and 0 not in self._dealt_at:
            return "no card has been dealt yet"
        if self.substantial_action(0):
            if first_card:
                return ("there has been substantial action (TDA 36): a misdeal can no "
                        "longer be declared and the hand plays on as dealt")
            return ("there has been substantial action, so the button error stands for "
                    "this hand (TDA 34-A): no misdeal, the hand plays on")
        return None

    def _why_not_seat(self, seat: int) -> str | None:
        count = self.table.seat_count
        if not 0 <= seat < count:
            return f"there is no seat {seat}: seats are 0-{count - 1}"
        return None

    def _why_not_expose(self) -> str | None:
        why = self._why_not_hole_card(exposed=True)
        if why is None and not self._round_pos:
            why = "no hole card has been dealt yet"
        return why

    def _why_not_extra_card(self) -> str | None:
        hand = self.hand
        if hand.variant.is_stud:
            return "I6 covers flop games"
        if hand.is_over or 0 not in self._dealt_at:
            return "the hands are not all dealt yet"
        if hand.street != 0 or self._players_have_acted():
            return "the players have started acting: an extra card now is not I6"
        return None

    def _players_have_acted(self) -> bool:
        return any(actor is not None for actor, _ in self.hand.log)

    def _why_not_premature(self, street: int) -> str | None:
        hand = self.hand
        names = ("", "flop", "turn", "river")
        if hand.variant.is_stud:
            return "stud has no board: use premature_stud_card()"
        why = self._why_not_betting()
        if why is None and hand.street != street - 1:
            why = (f"a premature {names[street]} is dealt during the "
                   f"{self.street_name(street - 1)} betting, not the {self.street_name()} betting")
        if why is None and street in self._premature_streets:
            why = f"a premature {names[street]} was already reported"
        return why

    def _why_not_flop_due(self) -> str | None:
        hand = self.hand
        if hand.variant.is_stud:
            return "stud has no flop"
        if hand.legal_actions().deal_board == 0 or hand.street != FLOP:
            return "the flop is not due"
        return None

    def _why_not_flop_found_out(self) -> str | None:
        hand = self.hand
        if hand.variant.is_stud:
            return "stud has no flop"
        if hand.is_over:
            return "the hand is over"
        if FLOP not in self._dealt_at:
            return "the flop has not been dealt"
        if hand.street != FLOP:
            return "the turn has been dealt on top of it"
        return None

    def _why_not_any_seat_report(self, *, stud: bool = True) -> str | None:
        if not stud and self.hand.variant.is_stud:
            return "stud has no blinds"
        if self.hand.is_over or 0 not in self._dealt_at:
            return "the hands are not all dealt yet" if not self.hand.is_over else (
                "the hand is over")
        return None

    def _why_not_seat_report(self, position: int) -> str | None:
        why = self._why_not_any_seat_report()
        if why is None and not 0 <= position < self.hand.n:
            why = f"there is no position {position}: positions are 0-{self.hand.n - 1}"
        if why is None and self.hand.folded[position]:
            why = f"{self.who(position)} is out of the hand"
        return why
