"""The floor at the dealer's tablet: irregularities with real cards (issue 26).

The dealer taps what went wrong; :class:`TabletFloor` rules on it by the book, in
our own words, with the rule's ID and what the dealer does next, does what the
ruling does to the hand (a misdeal voids it, a dead hand is killed, the chips a
player pushed are read as the action they are) and keeps the ruling in the hand's
record.  The cards stay physical: the software never learns which card was boxed or
exposed, so what the rules decide from (which card of the deal, how many, whether
there has been substantial action, TDA 36) is what the dealer taps and what the
hand's own events say.  :class:`~pokerroom.table.irregularities.LiveDeal` rules on
the same irregularities for a deal the software makes itself, card by card.

- **I1** (TDA 35-A): a boxed card (one is out of play, a second is a misdeal); the
  first or second card of the deal exposed, or a second exposed card (a misdeal); the
  first card to the wrong seat before substantial action (a misdeal); the button in
  the wrong place before substantial action (a misdeal, the button where the rule
  puts it), after it the error stands (TDA 34-A).
- **I2**: a later hole card exposed by the dealer: replaced after the deal, it
  becomes the burn.
- **I3** - **I5**: a premature flop, turn or river, and a flop with too many cards
  or without a burn (TDA 39), by the house's ``irregularity_procedures``.
- **I7**: a wrong number of hole cards: a misdeal before substantial action, a dead
  hand after it.
- **B14**: chips pushed without a clear declaration, read as the rules read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Kill
from pokerroom.rules.engine import Hand, Phase
from pokerroom.table.chips import interpret_chips
from pokerroom.table.irregularity_deal import is_substantial
from pokerroom.table.rulings import Declaration, apply_ruling

if TYPE_CHECKING:
    from pokerroom.table.dealer_game import DealerGame

__all__ = ["TabletFloor", "TabletRuling"]

_STREETS = ("", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class TabletRuling:
    """One ruling: ``rule`` (the catalogue's ID, and the TDA's where it has one),
    what happened (``title``), the ruling (``text``) and what the dealer does now
    (``next``), in hand number ``hand``."""

    rule: str
    title: str
    text: str
    next: str
    hand: int
    deal: int = 0  # the game's deals so far, this one's (a misdeal's redeal is another)

    @property
    def said(self) -> str:
        return f"{self.title} ({self.rule}): {self.text} {self.next}"


@dataclass(slots=True)
class TabletFloor:
    """The rulings of one game's hands (see the module's docstring)."""

    game: DealerGame
    rulings: list[TabletRuling] = field(default_factory=list)
    boxed: int = 0  # this hand's boxed cards
    exposed: int = 0  # this hand's hole cards exposed by the dealer
    reminders: dict[int, str] = field(default_factory=dict)  # street -> what to do then
    deals: int = 0  # deals so far (a misdeal's redeal counts again)

    def new_hand(self) -> None:
        self.boxed = self.exposed = 0
        self.reminders = {}
        self.deals += 1

    def this_hand(self) -> list[TabletRuling]:
        """The rulings of the deal in progress (or of the last one, between hands)."""
        return [r for r in self.rulings if r.deal == self.deals]

    # ------------------------------------------------------- while dealing

    def boxed_card(self) -> TabletRuling:
        self._dealing("a boxed card")
        self.boxed += 1
        if self.boxed > 1:
            return self._misdeal("I1, TDA 35-A", "A second boxed card",
                                 "two boxed cards in one deal are a misdeal")
        return self._rule("I1, TDA 35-A", "A boxed card",
                          "a card found face up in the deck is out of play: everyone saw it. "
                          "One is not a misdeal.",
                          "Put it in the muck and go on dealing with the next card.")

    def exposed_card(self, *, early: bool) -> TabletRuling:
        """The dealer exposed a hole card while dealing; ``early``: it was the first or
        the second card of the deal."""
        self._dealing("an exposed card")
        self.exposed += 1
        if early:
            return self._misdeal("I1", "The first or second card exposed",
                                 "exposing the first or the second card of the deal is a "
                                 "misdeal")
        if self.exposed > 1:
            return self._misdeal("I1", "A second exposed card",
                                 "more than one hole card exposed is a misdeal")
        if self.game.table.stakes.game.is_stud:
            return self._rule("I2, I9", "An exposed hole card",
                              "a down card the dealer exposes is played as an up card "
                              "(the player gets the next down card face down instead).",
                              "Go on dealing.")
        self.reminders[1] = ("The card exposed in the deal is this burn (I2): burn it, "
                             "then turn the flop.")
        return self._rule("I2", "An exposed hole card",
                          "the deal goes on; the exposed card is replaced by the top card "
                          "once everyone has their cards, and it becomes the burn of the "
                          "flop.",
                          "Finish the deal, give the player the next card off the top, and "
                          "use the exposed card as the flop's burn.")

    def first_card_to_wrong_seat(self) -> TabletRuling:
        self._before_substantial("the first card to the wrong seat", "the deal stands")
        return self._misdeal("I1, TDA 35-A", "The first card to the wrong seat",
                             "the deal starts with the first player left of the button "
                             "(D4); found before substantial action it is a misdeal")

    def button_misplaced(self, seat: int) -> TabletRuling:
        """The button was on ``seat`` for this deal, not where the rule puts it."""
        hand = self._hand("a misplaced button")
        plan = self.game.table.plan_in_play
        where = None if plan is None or plan.positions is None else plan.positions.button
        if where is None:
            raise IllegalActionError(Reason.NO_BUTTON, "this game has no button (stud): the "
                                     "cards decide who acts first")
        if seat == where:
            raise IllegalActionError(Reason.NO_MISDEAL, f"seat {seat + 1} is where the rule "
                                     "puts the button: nothing to correct")
        self.game.table.player(seat)  # refused when nobody sits there
        if not _substantial(hand):
            return self._misdeal("I1, TDA 34-A", "The button in the wrong place",
                                 f"found before substantial action: the button goes back to "
                                 f"seat {where + 1}, where the rule puts it, and the hand is "
                                 "dealt again")
        self.game.table.button_misplaced(seat)
        return self._rule("TDA 34-A", "The button in the wrong place",
                          "found after substantial action: the hand plays on as dealt, and "
                          f"the next deal moves on from seat {seat + 1}.", "Go on.")

    # --------------------------------------------------------- the board

    def premature_card(self) -> TabletRuling:
        """The next board card (or cards) went out before the betting round ended."""
        hand = self._hand("a premature card")
        if hand.variant.is_stud:
            return self._rule("I9, TDA RP-10", "A premature card",
                              "a card dealt before the betting ended is taken back; after "
                              "the betting it is dealt to whoever it would have gone to.",
                              "Set it aside face down, finish the round, then deal on.")
        street = hand.street + 1
        if not any(s.board for s in hand.variant.streets):
            raise IllegalActionError(Reason.NO_PREMATURE_CARD, f"{hand.variant.name} deals "
                                     "no board card: a card dealt too soon is not one")
        if hand.phase is not Phase.BETTING or street >= len(_STREETS):
            raise IllegalActionError(Reason.NO_PREMATURE_CARD, "a card is premature only "
                                     "while a betting round before the river is open")
        tda = self.game.table.options.irregularity_procedures == "tda2024"
        if street == 1:
            self.reminders[1] = ("Premature flop (I3): no burn now; deal the new flop from "
                                 "the reshuffled stub.")
            return self._rule("I3, TDA RP-5-A", "A premature flop",
                              "the flop goes back into the stub; the burn stays. After the "
                              "betting, reshuffle the stub, cut, and deal a new flop without "
                              "a burn.", "Take the flop back and finish the betting round.")
        if street == 2 and not tda:
            self.reminders[2] = ("Premature turn (I4): burn and deal the turn as usual; the "
                                 "card set aside waits for the river.")
            self.reminders[3] = ("Premature turn (I4): reshuffle the stub with the card set "
                                 "aside (not the burns), cut, and deal the river without a "
                                 "burn.")
            return self._rule("I4, TDA RP-5-B", "A premature turn",
                              "the card is set aside. After the betting, burn and deal the "
                              "turn as usual; for the river, reshuffle the stub with the card "
                              "set aside, cut, and deal without a burn.",
                              "Set the card aside face down and finish the betting round.")
        rule = "I4, TDA RP-5-B" if street == 2 else "I5, TDA RP-5-C"
        self.reminders[street] = (f"Premature {_STREETS[street]}: reshuffle the stub with "
                                  "the card taken back, cut, and deal without a new burn.")
        return self._rule(rule, f"A premature {_STREETS[street]}",
                          "the card goes back into the stub; the burn stays. After the "
                          "betting, reshuffle the stub, cut, and deal it without a new "
                          "burn.", "Put the card back in the stub and finish the betting round.")

    def flop_with_too_many_cards(self) -> TabletRuling:
        self._flop_due("a flop with too many cards")
        if self.game.table.options.irregularity_procedures == "tda2024":
            return self._rule("I3, TDA 39-A", "A four-card flop",
                              "the cards are scrambled face down and one is drawn at random "
                              "as the burn of the turn; the other three are the flop.",
                              "Draw one at random, set it aside as the turn's burn, and enter "
                              "the three others as the flop.")
        return self._rule("I3", "A flop with too many cards",
                          "the flop goes back into the stub; the burn stays. Reshuffle the "
                          "stub, cut, and deal a new flop without a burn.",
                          "Deal the new flop and enter it.")

    def flop_without_burn(self) -> TabletRuling:
        hand = self._hand("a flop dealt without a burn")
        if hand.street == 1 and hand.phase is Phase.BETTING and not hand.variant.is_stud:
            if _actions(hand, since=1)[0]:
                return self._rule("I3, TDA 39-B2", "A flop dealt without a burn",
                                  "found after action on the flop: the flop stands.",
                                  "Burn one card before the turn as usual.")
            return self._rule("I3, TDA 39-B1", "A flop dealt without a burn",
                              "found before any action on it: the three cards are "
                              "scrambled face down, one is drawn at random as the burn, and "
                              "the next card off the stub completes the flop.",
                              "Tap Undo to take back the flop entered, do that, then enter "
                              "the new flop.")
        self._flop_due("a flop dealt without a burn")
        return self._rule("I3, TDA 39-B1", "A flop dealt without a burn",
                          "found before any action on it: the three cards are scrambled "
                          "face down, one is drawn at random as the burn, and the next card "
                          "off the stub completes the flop.",
                          "Do that, then enter the flop.")

    # -------------------------------------------------------- the players

    def wrong_card_count(self, seat: int, holding: int) -> TabletRuling:
        """The player in ``seat`` holds ``holding`` hole cards, not the right number."""
        hand = self._hand("a wrong number of cards")
        plan = self.game.table.plan_in_play
        assert plan is not None  # with the hand
        try:
            position = plan.position_of(seat)
        except ValueError:
            raise IllegalActionError(Reason.NOT_IN_HAND, f"seat {seat + 1} is not dealt in "
                                     "this hand") from None
        expected = len(hand.hole[position])
        if hand.phase is Phase.DEALING and hand.legal_actions().deal_position is not None:
            street = hand.variant.streets[hand.street]
            if not (street.draw and hand.street > 0):  # this round's cards are out
                expected += street.down + street.up
        if holding == expected:
            raise IllegalActionError(Reason.NO_WRONG_COUNT, f"seat {seat + 1} should hold "
                                     f"{expected}: tap the number it really holds")
        if hand.folded[position]:
            raise IllegalActionError(Reason.NO_WRONG_COUNT, f"seat {seat + 1}'s hand is "
                                     "already out of play")
        if not _substantial(hand):
            return self._misdeal("I7, TDA 35", "A wrong number of cards",
                                 f"seat {seat + 1} holds {holding} card(s) instead of "
                                 f"{expected} before substantial action: a misdeal")
        hand.act(Kill(position))
        ruling = self._rule("I7, TDA 36", "A wrong number of cards",
                            f"seat {seat + 1} holds {holding} card(s) instead of {expected} "
                            "after substantial action: that hand is dead; its chips stay in "
                            "the pot.", "Take the hand into the muck and go on.")
        self.game.after_ruling()
        return ruling

    def chips(self, seat: int, chips: Sequence[int], declared: Declaration | None = None
              ) -> TabletRuling:
        """B14: the player in turn pushed ``chips`` (their values) after saying
        ``declared`` (None: nothing); the ruling is played as the action it reads as."""
        hand = self._hand("chips pushed out")
        plan = self.game.table.plan_in_play
        assert plan is not None  # with the hand
        if self.game.table.to_act != seat:
            raise IllegalActionError(Reason.NOT_YOUR_TURN, "chips are read for the player in "
                                     "turn: " + self.game.step().text)
        reading = interpret_chips(hand, chips, declared=declared,
                                  position=plan.position_of(seat), seats=plan.seats)
        if reading.needs_floor:
            raise IllegalActionError(Reason.FLOOR_DECISION, f"{reading.explanation}: the "
                                     "floor decides; tap what the floor rules")
        apply_ruling(hand, reading)
        back = f" Give {reading.change:,} back." if reading.change else ""
        more = f" The player adds {reading.to_add:,}." if reading.to_add else ""
        said = reading.explanation.removeprefix(f"{reading.rule}: ")  # the ID is the rule's
        ruling = self._rule(f"B14, {reading.rule}", "Chips pushed out", said,
                            (back + more).strip() or "Go on.")
        self.game.after_ruling()
        return ruling

    # ------------------------------------------------------------ inside

    def _rule(self, rule: str, title: str, text: str, next_: str) -> TabletRuling:
        ruling = TabletRuling(rule, title, text, next_, self.game.hands + 1, self.deals)
        self.rulings.append(ruling)
        del self.rulings[:-500]
        self.game.note(ruling.said)
        return ruling

    def _misdeal(self, rule: str, title: str, why: str) -> TabletRuling:
        ruling = self._rule(rule, title, f"{why}: every chip goes back and the button "
                            "stays.", "Gather the cards, reshuffle, cut and deal again.")
        self.game.table.cancel_hand(f"{title.lower()} ({rule})")
        self.boxed = self.exposed = 0
        self.reminders = {}
        return ruling

    def _hand(self, what: str) -> Hand:
        hand = self.game.table.hand
        if hand is None or hand.phase is Phase.COMPLETE:
            raise IllegalActionError(Reason.NO_HAND, f"{what} is ruled on during a hand; "
                                     "none is being played")
        return hand

    def _dealing(self, what: str) -> None:
        hand = self._hand(what)
        if hand.street != 0 or hand.phase is not Phase.DEALING:
            raise IllegalActionError(Reason.NO_HOLE_CARD_DUE, f"{what} is ruled on while the "
                                     "hole cards are being dealt (before 'cards dealt')")

    def _before_substantial(self, what: str, after: str) -> None:
        if _substantial(self._hand(what)):
            raise IllegalActionError(Reason.NO_MISDEAL, f"{what} is found after substantial "
                                     f"action (TDA 36): {after} and the hand plays on")

    def _flop_due(self, what: str) -> None:
        hand = self._hand(what)
        if hand.variant.is_stud or not hand.legal_actions().deal_board or hand.street != 1:
            raise IllegalActionError(Reason.NO_FLOP_DUE, f"{what} is ruled on when the flop "
                                     "is due, before it is entered")


def _actions(hand: Hand, *, since: int = 0) -> tuple[int, bool]:
    """Player actions in turn since street ``since`` began, and whether one put chips
    in (the blinds, antes and bring-in are posts, not actions; a killed hand is not
    an action)."""
    killed = {action.position for _, action in hand.log if isinstance(action, Kill)}
    street = 0
    actions, chips = 0, False
    for e in hand.events:
        if isinstance(e, ev.StreetStarted):
            street = e.street
        if street < since or e.audience is not None:
            continue
        if isinstance(e, ev.Folded) and e.position in killed:
            continue  # the floor's, not a player's
        if isinstance(e, ev.Folded | ev.Checked):
            actions += 1
        elif isinstance(e, ev.Called | ev.BetOrRaised):
            actions, chips = actions + 1, True
    return actions, chips


def _substantial(hand: Hand) -> bool:
    """TDA 36, since the hole cards were dealt."""
    return is_substantial(*_actions(hand))
