"""A cash game dealt with real cards, as the dealer's tablet keeps it (issue 26).

:class:`DealerGame` is the whole session of one live table: the
:class:`~pokerroom.table.Table` (seats, stacks, the button, blinds and straddles due,
missed blinds: T1-T14), the hand the dealer is dealing (its cards stay physical:
:mod:`pokerroom.table.dealer_guide` says what to do next), the money that came
to the table and left it (:attr:`DealerGame.ledger`), each finished hand's record,
and the session's log in the words the tablet shows.

Every method is one tap of the dealer's.  A tap the rules refuse raises
:class:`~pokerroom.errors.PokerError` with what is allowed, and changes nothing.  A
hand that ends is settled at once (its pots pushed to the stacks, the button moved),
so that between hands the dealer can seat, top up and let people leave; its last
words stay in :attr:`DealerGame.result` until the next deal.  Seats are the table's
numbers (0 first); the words say them as people do (seat 1 first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from pokerroom.cards import Card, format_cards
from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.history.export import to_phh_text
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, Award, DealBoard, Muck, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.table.dealer_floor import TabletFloor
from pokerroom.table.dealer_guide import DealerStep, deal_round, next_step
from pokerroom.table.options import Stakes, TableOptions
from pokerroom.table.table import Table

__all__ = ["DealerGame", "HandRecord", "LedgerLine", "Standing"]

Money = Literal["buy_in", "top_up", "cash_out"]


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """Money that came to the table (``buy_in``, ``top_up``) or left it
    (``cash_out``): ``amount`` chips, by ``name`` at ``seat``, after ``hands`` hands."""

    name: str
    seat: int
    kind: Money
    amount: int
    hands: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's session so far: chips brought (``bought``), taken away
    (``cashed``), in front of them now (``stack``; 0 once gone) and the ``net``."""

    name: str
    bought: int
    cashed: int
    stack: int

    @property
    def net(self) -> int:
        return self.cashed + self.stack - self.bought


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand: its ``number`` (from 1), its PHH text with the cards that were
    entered (None when PHH cannot say the hand: ``why``), and the log's lines of it."""

    number: int
    phh: str | None
    why: str
    lines: tuple[str, ...]


@dataclass(slots=True)
class DealerGame:
    """One live cash table's session (see the module's docstring)."""

    table: Table
    ledger: list[LedgerLine] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    result: str = ""  # the last hand's end, in words, until the next deal
    hands: int = 0  # hands finished
    rake: int = 0  # taken by the house this session
    floor: TabletFloor = field(init=False)  # the irregularities' rulings
    # Hands finished and not yet taken (the room stores them with the tap that ended
    # them: take_records), and the log's lines of the hand in progress.
    records: list[HandRecord] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.floor = TabletFloor(self)

    @classmethod
    def of(cls, stakes: Stakes, options: TableOptions | None = None) -> DealerGame:
        return cls(Table(stakes, options or TableOptions()))

    # ------------------------------------------------------------ what now

    def step(self) -> DealerStep:
        """What the dealer does now (with what a ruling of this hand left to do then)."""
        step = next_step(self.table)
        hand = self.table.hand
        reminder = None if hand is None or step.kind != "board" else \
            self.floor.reminders.get(hand.street)
        return step if reminder is None else replace(step, text=f"{reminder} {step.text}")

    @property
    def in_hand(self) -> bool:
        return self.table.hand is not None

    # ------------------------------------------------------ between hands

    def seat(self, seat: int, name: str, buy_in: int) -> str:
        """A player sits down with ``buy_in`` chips (T14's minimum and maximum)."""
        self.table.sit(seat, name, buy_in)
        self._money(seat, "buy_in", buy_in)
        return self.note(f"{name} sits in seat {seat + 1} with {buy_in:,}.")

    def top_up(self, seat: int, amount: int) -> str:
        """More chips between hands (B11, T14)."""
        player = self.table.player(seat)
        if player.stack == 0:
            self.table.rebuy(seat, amount)
        else:
            self.table.top_up(seat, amount)
        self._money(seat, "top_up", amount)
        return self.note(f"{player.name} adds {amount:,} (now {player.stack:,}).")

    def leave(self, seat: int) -> str:
        """The player leaves the table with their chips."""
        name = self.table.player(seat).name
        chips = self.table.leave(seat)
        self._money(seat, "cash_out", chips, name=name)
        return self.note(f"{name} leaves seat {seat + 1} with {chips:,}.")

    def sit_out(self, seat: int) -> str:
        self.table.sit_out(seat)
        return self.note(f"{self.table.player(seat).name} sits out (blinds missed are owed).")

    def sit_in(self, seat: int, *, post: bool = False) -> str:
        """Back in: missed blinds are posted now with ``post``, else when due (T8)."""
        self.table.sit_in(seat, post=post)
        return self.note(f"{self.table.player(seat).name} is back"
                          + (" and posts what is owed." if post else "."))

    def change_seat(self, seat: int, to: int) -> str:
        """T12: the player moves to the empty seat ``to`` between hands (what the move
        costs is said before the next deal: a big blind to play at once, or waiting
        for it; free in a new game)."""
        name = self.table.player(seat).name
        self.table.change_seat(seat, to)
        return self.note(f"{name} moves from seat {seat + 1} to seat {to + 1}.")

    def straddle(self, seat: int) -> str:
        """F11: a live straddle for the next deal."""
        self.table.request_straddle(seat)
        return self.note(f"{self.table.player(seat).name} straddles the next hand.")

    def place_button(self, seat: int) -> str:
        """The first button, placed by the dealer (after a draw at the table)."""
        if self.table.hands_dealt or self.table.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS, "the button is placed before "
                                     "the first hand only; it moves by itself after that")
        self.table.player(seat)  # refused when nobody sits there
        self.table.first_button = seat
        return self.note(f"The button starts at seat {seat + 1}.")

    # ---------------------------------------------------------- the hand

    def start(self) -> str:
        """Deal the next hand: the blinds and antes are posted as :meth:`step` said."""
        step = self.step()
        if step.kind == "button":  # a real draw at the table, never a virtual one
            raise IllegalActionError(Reason.BUTTON_NOT_DRAWN, step.text)
        if step.kind != "start":
            raise IllegalActionError(Reason.TOO_FEW_PLAYERS if step.kind == "wait"
                                     else Reason.HAND_IN_PROGRESS, step.text)
        posts = step.text
        self.table.start_hand(manual=True)
        self.floor.new_hand()
        self.lines = []
        self.result = ""
        return self.note(f"Hand {self.hands + 1}: {posts}")

    def deal(self, up: Mapping[int, Sequence[Card]] | None = None) -> str:
        """The hole cards of this round are out (stud's up cards as entered, by seat)."""
        deal_round(self.table, up)
        return self._after("Dealt.")

    def board(self, cards: Sequence[Card]) -> str:
        """The board cards the dealer turned (entered, as they are face up)."""
        self._hand().act(DealBoard(tuple(cards)))
        return self._after(f"Board: {_spaced(cards)}.")

    def act(self, seat: int, action: Action) -> str:
        """The player in ``seat`` acted (the dealer taps it)."""
        name = self.table.player(seat).name
        events = self.table.act(seat, action)
        said = "; ".join(_said(e) for e in events if _said(e)) or type(action).__name__
        return self._after(f"{name}: {said}.")

    def show(self, seat: int, cards: Sequence[Card] | None) -> str:
        """At the showdown: the hand ``seat`` tabled (its cards entered; None: mucked)."""
        name = self.table.player(seat).name
        self.table.act(seat, Muck() if cards is None else Show(tuple(cards)))
        what = "mucks" if cards is None else f"shows {_spaced(cards)}"
        return self._after(f"{name} {what}.")

    def award(self, winners: Sequence[Sequence[int]],
              low: Sequence[Sequence[int]] = ()) -> str:
        """The dealer read the hands: the seats that win each pot (main pot first), and
        in a high-low game the low half's."""
        hand = self._hand()
        plan = self.table.plan_in_play
        assert plan is not None  # with the hand
        if hand.phase is not Phase.SHOWDOWN:
            raise IllegalActionError(Reason.SHOWDOWN, "the pots are awarded at the showdown; "
                                     "now: " + self.step().text)

        def positions(pots: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
            out = []
            for seats in pots:
                try:
                    out.append(tuple(plan.position_of(s) for s in seats))
                except ValueError:
                    raise IllegalActionError(
                        Reason.WRONG_AWARD, "a pot can only go to a seat dealt in this hand: "
                        + ", ".join(str(s + 1) for s in plan.seats)) from None
            return tuple(out)

        hand.act(Award(positions(winners), positions(low)))
        return self._after("Pots awarded.")

    def misdeal(self, why: str) -> str:
        """The hand is void (I1): every chip goes back, the button stays."""
        self.table.cancel_hand(why)
        return self.note(f"Misdeal: {why}. Every chip goes back; the button stays. "
                          "Reshuffle and deal again.")

    # ------------------------------------------------------------ money

    def standings(self) -> list[Standing]:
        """Every player of the session, in the order they first sat down."""
        rows: dict[str, list[int]] = {}
        for line in self.ledger:
            row = rows.setdefault(line.name, [0, 0])
            row[0 if line.kind != "cash_out" else 1] += line.amount
        stacks = {p.name: p.stack for p in self.table.players if p is not None}
        if self.table.hand is not None and self.table.plan_in_play is not None:
            plan, hand = self.table.plan_in_play, self.table.hand
            for position, seat in enumerate(plan.seats):  # what is in front of them now
                stacks[self.table.player(seat).name] = hand.stacks[position]
        return [Standing(name, bought, cashed, stacks.get(name, 0))
                for name, (bought, cashed) in rows.items()]

    # ------------------------------------------------------------ inside

    def _hand(self) -> Hand:
        if self.table.hand is None:
            raise IllegalActionError(Reason.NO_HAND, "no hand in progress: start one first")
        return self.table.hand

    def after_ruling(self) -> None:
        """A ruling acted on the hand (a dead hand, chips read): settled if that ended it."""
        if self._settle():
            self.note(self.result)

    def _after(self, said: str) -> str:
        """A tap in the hand: the hand settled at once when it ended."""
        if self._settle():
            said = f"{said} {self.result}"
        return self.note(said)

    def _settle(self) -> bool:
        """Push the pots of a hand that has ended to the stacks; False when none has."""
        hand = self.table.hand
        if hand is None or hand.phase is not Phase.COMPLETE:
            return False
        self.result = self.step().text
        self.rake += hand.rake
        plan = self.table.plan_in_play
        assert plan is not None  # with the hand
        try:
            phh, why = to_phh_text(hand, extra={
                "hand": self.hands + 1, "seats": [s + 1 for s in plan.seats],
                "seat_count": self.table.seat_count}), ""
        except PokerError as refused:
            phh, why = None, str(refused)
        self.table.finish_hand()
        self.hands += 1
        self.records.append(HandRecord(self.hands, phh, why,
                                       (*self.lines, self.result)))
        self.lines = []
        return True

    def take_records(self) -> list[HandRecord]:
        """The hands finished since the last call (the room stores them)."""
        taken, self.records = self.records, []
        return taken

    def _money(self, seat: int, kind: Money, amount: int, *, name: str | None = None) -> None:
        who = name if name is not None else self.table.player(seat).name
        self.ledger.append(LedgerLine(who, seat, kind, amount, self.hands))

    def note(self, text: str) -> str:
        """Add ``text`` to the session's log (the last 200 lines are kept)."""
        self.log.append(text)
        del self.log[:-200]
        if self.table.hand is not None:
            self.lines.append(text)
        return text


def _said(e: ev.Event) -> str:
    """A player's action as the dealer would say it."""
    if isinstance(e, ev.Folded):
        return "folds"
    if isinstance(e, ev.Checked):
        return "checks"
    if isinstance(e, ev.Called):
        return f"calls {e.amount:,}" + (" (all in)" if e.all_in else "")
    if isinstance(e, ev.Discarded) and e.audience is None:
        return f"draws {e.count}" if e.count else "stands pat"
    if isinstance(e, ev.BringInPosted):
        return f"brings it in for {e.amount:,}"
    if isinstance(e, ev.BetOrRaised):
        return f"bets or raises to {e.to:,}" + (" (all in)" if e.all_in else "")
    return ""


def _spaced(cards: Sequence[Card]) -> str:
    """``As Kd 7h``, as a dealer reads them out."""
    return " ".join(format_cards([c]) for c in cards)
