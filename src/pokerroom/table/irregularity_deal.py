"""The physical side of a live deal: dealing by the book (D1-D4) and handing the
cards to the hand engine.

:class:`PhysicalDeal` is the base of :class:`~pokerroom.table.irregularities.LiveDeal`:
it starts a manual-mode hand, deals hole cards one at a time and the board with
its burns, passes player actions to the engine and keeps every card in exactly
one place.  The irregularity reports live in the subclass; the few rulings that
come up while dealing (I1, I2: an exposed hole card) are here.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokerroom.cards import Card
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, DealBoard, DealHole
from pokerroom.rules.engine import Hand, Phase
from pokerroom.table.irregularity_cards import Cards
from pokerroom.table.irregularity_records import (
    PROCEDURES,
    BoardTurned,
    CardBurned,
    Census,
    DealtWithoutBurn,
    DeckPrepared,
    ExposedCardReplaced,
    HandDead,
    HoleCardExposed,
    HoleCardPitched,
    Misdeal,
    Procedures,
    StubReshuffled,
)
from pokerroom.table.plan import HandPlan
from pokerroom.table.seat_names import SeatNames
from pokerroom.table.table import Table

FLOP, TURN, RIVER = 1, 2, 3  # street indexes of flop games
_ORDINALS = ("first", "second")

Check = Callable[[], "str | None"]
"""A precondition: None when an operation is possible now, else why not."""


def resolve_procedures(chosen: Procedures | None, table: Table) -> Procedures:
    """The explicit choice, else the table's house option ``irregularity_procedures``
    when the table has one, else ``"seed"``."""
    value: object = chosen if chosen is not None else getattr(
        table.options, "irregularity_procedures", "seed"
    )
    if value not in PROCEDURES:
        raise ConfigError(f"irregularity_procedures is 'seed' or 'tda2024', got {value!r}")
    return value


def is_substantial(actions: int, chips: bool) -> bool:
    """TDA 36 (I7): ``actions`` in turn, ``chips`` when one of them put chips in, make
    substantial action: any three, or two of which one put chips in."""
    return actions >= 3 or (actions >= 2 and chips)


def fmt(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards as text for the dealer's messages: ``"As Kd"``."""
    return " ".join(str(c) for c in cards)


class PhysicalDeal:
    """One hand's physical deal at a live table (see ``LiveDeal``)."""

    def __init__(
        self, table: Table, *, rng: random.Random, procedures: Procedures | None = None
    ) -> None:
        if table.stakes.game.is_draw:
            raise ConfigError("a live deal covers flop games and stud, not draw games")
        self.table = table
        self.procedures: Procedures = resolve_procedures(procedures, table)
        self.records: list[ev.Event] = []
        self.misdeals = 0
        self._rng = rng
        self._owes_next: dict[int, int] = {}  # T9: seat -> position
        self._begin("a new deal")

    def _begin(self, reason: str) -> None:
        self.hand: Hand = self.table.start_hand(manual=True)
        plan = self.table.plan_in_play
        assert plan is not None
        self.plan: HandPlan = plan
        self.who = SeatNames.of(self.hand, plan.seats)  # names a position in the texts
        self.cards = Cards(self.hand.variant.deck, self.hand.n, self._rng)
        self.dead: set[int] = set()
        # Streets whose burn is already out, and streets dealt from a fresh reshuffle,
        # each with the rule that said so.
        self._burn_out: dict[int, str] = {}
        self._reshuffle_at: dict[int, str] = {}
        self._set_aside_back_at: int | None = None
        self._premature_streets: set[int] = set()
        self._burned_for: dict[int, Card] = {}
        self._procedural: set[int] = set()  # engine event indexes of dead-hand folds
        self._dealt_at: dict[int, int] = {}  # street -> engine event index after its cards
        self._round: list[int] = []  # positions due a card, in dealing order (D4)
        self._round_pos = 0
        self._round_count = 0
        self._round_players = 0
        self._exposed: list[tuple[int, Card]] = []
        self._extra_cards = 0
        self._boxed: list[Card] = []  # found face up in the deck during the deal (I1)
        self._record(DeckPrepared(None, len(self.cards.deck), self.cards.last_cut, reason))

    # ------------------------------------------------------------------ views

    def census(self) -> Census:
        """Where every card is: stub, hands, board, burns, muck, set aside."""
        return self.cards.census()

    def street_name(self, street: int | None = None) -> str:
        """The name of ``street`` (default: the street in play), as the rules call it."""
        index = self.hand.street if street is None else street
        return self.hand.variant.streets[index].name

    def substantial_action(self, since_street: int = 0) -> bool:
        """I7 (TDA 36): since the cards of ``since_street`` were dealt, two actions in turn
        of which at least one put chips in, or any three actions in turn.  Posted blinds
        and antes, the bring-in and the folding of dead hands do not count."""
        return is_substantial(*self._actions_since(since_street))

    def _actions_since(self, street: int) -> tuple[int, bool]:
        """Player actions since ``street``'s cards went to the engine, and whether any of
        them put chips in."""
        start = self._dealt_at.get(street)
        if start is None:
            return 0, False
        actions = 0
        chips = False
        events = self.hand.events
        for k in range(start, len(events)):
            e = events[k]
            if k in self._procedural:
                continue
            if isinstance(e, ev.Folded | ev.Checked):
                actions += 1
            elif isinstance(e, ev.Called | ev.BetOrRaised):
                actions += 1
                chips = True
        return actions, chips

    def allowed_reports(self) -> list[str]:
        """The irregularities that could be reported right now."""
        return [name for name, why_not in self._report_checks().items() if why_not() is None]

    def _report_checks(self) -> dict[str, Check]:
        return {}

    # ---------------------------------------------------------------- dealing

    def deal(self) -> list[ev.Event]:
        """Deal whatever is due: the rest of a round of hole cards, or the board."""
        mark = len(self.records)
        legal = self.hand.legal_actions()
        if legal.deal_board:
            self.deal_board()
        elif legal.deal_position is not None:
            hand = self.hand
            self.deal_hole_card()
            while self._round and self.hand is hand:
                self.deal_hole_card()
        else:
            raise self._refuse(Reason.NOTHING_TO_DEAL, "dealing", "no cards are due")
        return self.records[mark:]

    def deal_hole_card(self, *, exposed: bool = False) -> list[ev.Event]:
        """D4: the next hole card to the position due it.  ``exposed``: the dealer exposed it
        (I1: the first or second card, or a second exposed card, is a misdeal; I2:
        otherwise it is replaced after the deal and becomes the burn)."""
        why = self._why_not_hole_card(exposed=exposed)
        if why:
            raise self._refuse(Reason.NO_HOLE_CARD_DUE, "dealing a hole card", why)
        mark = len(self.records)
        if not self._round and not self._open_round():
            return self.records[mark:]
        if self._round_pos < len(self._round):
            index = self._round_pos
            position = self._round[index]
            card = self.cards.take()[0]
            self.cards.hands[position].append(card)
            self._round_pos += 1
            shown = card if exposed or self._is_up(index) else None
            self._record(HoleCardPitched(None, position, shown))
            if exposed and self._expose(position, card, index):
                return self.records[mark:]
        if self._round_pos >= len(self._round):
            self._close_round()
        return self.records[mark:]

    def deal_board(self) -> list[ev.Event]:
        """D3: burn (unless a ruling already put the burn out) and turn the board cards
        due."""
        legal = self.hand.legal_actions()
        if not legal.deal_board:
            raise self._refuse(Reason.NO_BOARD_DUE, "dealing the board", "no board cards are due")
        mark = len(self.records)
        street = self.hand.street
        self._prepare(street)
        self._turn_board(street, self.cards.take(legal.deal_board))
        return self.records[mark:]

    def act(self, action: Action) -> list[ev.Event]:
        """A player's action, through the hand engine; folded and mucked cards go to the
        muck.  Returns the engine's events."""
        if isinstance(action, DealHole | DealBoard):
            raise self._refuse(
                Reason.DEALER_ACTION, "a dealing action", "the live deal deals the cards itself"
            )
        if self.hand.phase is Phase.DEALING:
            raise self._refuse(Reason.DEALER_TO_DEAL, "a player action", "the dealer deals first")
        mark = len(self.hand.events)
        self.hand.act(action)
        self._collect(mark)
        return self.hand.events[mark:]

    def finish(self) -> list[ev.Event]:
        """The hand is over: the table takes the result (``table.finish_hand``); a player
        dealt in without posting posts on the next deal (T9)."""
        mark = len(self.records)
        self.table.finish_hand()
        for seat in self._owes_next:
            player = self.table.players[seat]
            if player is not None:
                player.owes_blind_next = True
        return self.records[mark:]

    # ------------------------------------------------------- internal dealing

    def _record(self, record: ev.Event) -> None:
        self.records.append(record)

    def _live_positions(self) -> list[int]:
        return [i for i in range(self.hand.n) if not self.hand.folded[i]]

    def _open_round(self) -> bool:
        """Open a round of hole cards; False when the street was dealt otherwise (a
        stud short stub's community card)."""
        hand = self.hand
        street = hand.street
        count = hand.legal_actions().deal_count
        live = self._live_positions()
        if self._before_round(street, len(live)):
            self._round = []
            self._round_pos = 0
            return False
        self._prepare(street)
        self._round = [s for _ in range(count) for s in live]
        self._round_pos = 0
        self._round_count = count
        self._round_players = len(live)
        return True

    def _before_round(self, street: int, players: int) -> bool:
        """A hook for stud's seventh street (I9, short stub); True when it dealt the
        street itself."""
        return False

    def _is_up(self, index: int) -> bool:
        street = self.hand.variant.streets[self.hand.street]
        return index // max(self._round_players, 1) >= street.down

    def _prepare(self, street: int) -> None:
        """Before the cards of ``street``: a pending reshuffle (with any cards set aside
        to come back now), then the burn (D3) unless it is already out."""
        name = self.street_name(street)
        rule = self._reshuffle_at.pop(street, None)
        if rule is not None:
            self._reshuffle(street, rule)
        if not self.hand.variant.streets[street].burn:
            return
        rule = self._burn_out.pop(street, None)
        if rule is not None:
            self._record(DealtWithoutBurn(
                None, rule, f"the {name} is dealt without a new burn: its burn is already out",
                name,
            ))
        else:
            self._burned_for[street] = self.cards.burn()
            self._record(CardBurned(None, name))

    def _reshuffle(self, street: int, rule: str, extra: list[Card] | None = None) -> None:
        name = self.street_name(street)
        added = list(extra or [])
        if self._set_aside_back_at == street:
            added.extend(self.cards.set_aside)
            self.cards.set_aside = []
            self._set_aside_back_at = None
        self._reshuffle_at.pop(street, None)
        cut = self.cards.reshuffle(added)
        back = f" with {fmt(added)}" if added else ""
        self._record(StubReshuffled(
            None, rule, f"the stub is reshuffled{back} and cut before the {name}", name,
            len(self.cards.stub), tuple(added), cut,
        ))

    def _turn_board(self, street: int, cards: list[Card]) -> None:
        self.cards.board.extend(cards)
        self._record(BoardTurned(None, self.street_name(street), tuple(cards)))
        self.hand.act(DealBoard(tuple(cards)))
        self._dealt_at[street] = len(self.hand.events)

    def _close_round(self) -> None:
        """The round is out: replace an exposed card (I2), then hand each position's cards to
        the engine."""
        hand = self.hand
        street = hand.street
        self._replace_exposed()
        self._exposed = []
        count = self._round_count
        for position in self._live_positions():
            hand.act(DealHole(position, tuple(self.cards.hands[position][-count:])))
        self._round = []
        self._round_pos = 0
        self._dealt_at[street] = len(hand.events)

    def _replace_exposed(self) -> None:
        """I2: each exposed hole card is replaced by the top card and becomes the burn for
        the flop."""
        for position, card in self._exposed:
            held = self.cards.hands[position]
            held[held.index(card)] = self.cards.take()[0]
            self.cards.burns.append(card)
            self._burn_out[FLOP] = "I2"
            self._record(ExposedCardReplaced(
                None, "I2", f"{self.who(position)}'s exposed {card} is replaced by the top "
                "card and becomes the burn for the flop", position, card,
            ))

    def _expose(self, position: int, card: Card, index: int) -> bool:
        """I1/I2 for an exposed hole card at deal position ``index``; True on a misdeal."""
        if index < 2:
            self._misdeal("I1", f"the {_ORDINALS[index]} hole card dealt ({card}) was exposed")
            return True
        if self._exposed:
            self._misdeal("I1", f"more than one hole card was exposed ({card} is the second)")
            return True
        self._exposed.append((position, card))
        self._record(HoleCardExposed(
            None, "I2", f"{self.who(position)}'s {card} was exposed: the deal goes on and it is "
            "replaced by the top card after the deal", position, card,
        ))
        return False

    def _misdeal(
        self, rule: str, cause: str, *, button: str = "the button does not move"
    ) -> None:
        """I1: the hand is void; every chip back, the button stays (the table places it
        again by its rule); reshuffle, recut and redeal (``table.cancel_hand``, then a new
        hand).  A player owed a blind under T9 posts it in the redeal."""
        self.table.cancel_hand(f"misdeal ({rule}): {cause}")
        for seat in self._owes_next:
            player = self.table.players[seat]
            if player is not None:
                player.owes_blind_next = True
        self._owes_next = {}
        self.misdeals += 1
        self._record(Misdeal(
            None, rule, f"misdeal: {cause}; the cards are reshuffled, cut and redealt and "
            f"{button}", cause,
        ))
        self._begin("the redeal after a misdeal")

    def _kill(self, position: int, rule: str, cause: str) -> None:
        """I7, T9: a dead hand, in turn or not (the engine's :meth:`~pokerroom.rules.
        engine.Hand.kill`): its cards to the muck, its chips stay in the pot, and the
        player to act still acts."""
        self.dead.add(position)
        self.cards.muck_hand(position)
        # Killed in the middle of a round of cards (stud's later streets): no more cards
        # to that hand; the round closes with the next card due.
        self._round[self._round_pos:] = [p for p in self._round[self._round_pos:]
                                         if p != position]
        self._record(HandDead(
            None, rule, f"{self.who(position)}'s hand is dead ({cause}); its cards go to the "
            "muck and its chips stay in the pot", position, cause,
        ))
        mark = len(self.hand.events)
        self.hand.kill(position)
        self._procedural.update(range(mark, len(self.hand.events)))
        self._collect(mark)

    def _collect(self, mark: int) -> None:
        for e in self.hand.events[mark:]:
            if isinstance(e, ev.Folded | ev.HandMucked):
                self.cards.muck_hand(e.position)

    # ----------------------------------------------------------- refusing

    def _refuse(self, code: Reason, what: str, why: str) -> IllegalActionError:
        allowed = ", ".join(self.allowed_reports()) or "none"
        return IllegalActionError(
            code, f"{what} is not possible now: {why}. Next: {self._next_step()}; "
            f"reports allowed now: {allowed}",
        )

    def _next_step(self) -> str:
        hand = self.hand
        if hand.is_over:
            return "finish()"
        legal = hand.legal_actions()
        if legal.deal_board:
            return f"deal_board() ({legal.deal_board} card(s) for the {self.street_name()})"
        if legal.deal_position is not None:
            return f"deal_hole_card() (the {self.street_name()})"
        return legal.describe()

    def _why_not_hole_card(self, *, exposed: bool) -> str | None:
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        if hand.legal_actions().deal_position is None:
            return "no hole cards are due"
        return self._why_not_exposed_card() if exposed else None

    def _why_not_exposed_card(self) -> str | None:
        """Whether a hole card the dealer exposes now has a ruling here: in a flop game's
        first deal (I1, I2)."""
        if self.hand.variant.is_stud or self.hand.street != 0:
            return "I1 and I2 cover the hole cards of a flop game's first deal"
        return None

    def _why_not_betting(self) -> str | None:
        hand = self.hand
        if hand.is_over:
            return "the hand is over"
        if hand.phase is not Phase.BETTING:
            return f"the hand is {hand.phase.value}, not betting"
        return None
