"""The table driver: what happens next in the hand at one table, written once for the
cash tables (:mod:`pokerroom.server.tables.actor`) and every table of a tournament
(:mod:`pokerroom.server.tournaments.play`).

For one :class:`~pokerroom.table.Table` with a hand in progress, :meth:`TableDriver.step`
plays what is due, in this order, for the seat whose turn it is:

1. the hand is over: the owner's :meth:`Seats.hand_over`;
2. a showdown decision (S4): show, or muck a hand that cannot win when the seat chose to;
3. a stand-in (:meth:`Seats.stand_in`: a player leaving a cash table, a killed hand
   in a tournament, P8);
4. a bot, after its delay (``bot_delay``), and once the bots' kernels have loaded at start
   (they load in a thread: a decision before would stop the event loop to load them);
5. the seat's pre-action, when one is due (:meth:`Seats.preaction`);
6. a person away after their timeouts (T13): folded at once (:meth:`Seats.away`);
7. the action clock (``action_seconds``), then the time bank
   (:meth:`Seats.overtime`), then the timeout's check or fold
   (:func:`~pokerroom.server.actors.stand_ins.default_action`).

Every action goes through :meth:`Table.act <pokerroom.table.Table.act>` in seats (the
table finds the position), then its public events are told in the table's log
(:func:`pokerroom.history.narrate.narrate`) and the owner hears of it
(:meth:`Seats.acted`: store it, label it, count it).  What differs between a cash
table and a tournament's is the :class:`Seats` object the owner gives: who is a bot,
who stands in, how an action is recorded, what a hand's end does.  The timers live
in a :class:`TurnState` the owner keeps (a tournament stores its tables' timers
with the event).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Protocol

from pokerroom.bots import Policy
from pokerroom.bots.odds import is_warm, request_warm
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.history.narrate import narrate
from pokerroom.rules.actions import Action, Muck, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.server.actors.stand_ins import away_action, can_still_win, default_action
from pokerroom.table import Table

__all__ = ["Move", "Seats", "TableDriver", "Timing", "Turn", "TurnState"]

LOOP_LIMIT = 2000
"""The most actions one step plays in a row (bots and stand-ins with no delay)."""
WARM_POLL = 0.1
"""Seconds a bot's turn waits before it is asked again while the bots' kernels still
load at start (:func:`pokerroom.bots.odds.is_warm`)."""


class Timing(Protocol):
    """The driver's settings (a cash table's ``ActorSettings``, a tournament's
    ``DirectorSettings``)."""

    @property
    def action_seconds(self) -> float: ...

    @property
    def bot_delay(self) -> float: ...


class TurnState(Protocol):
    """The timers of the hand at one table and how far its log has told it."""

    deadline: float | None  # the acting person's clock (time bank included)
    bot_due: float | None  # when the acting bot decides
    events_seen: int  # the hand's events told in the log so far


@dataclass(slots=True)
class Turn:
    """A :class:`TurnState` of its own (a cash table's)."""

    deadline: float | None = None
    bot_due: float | None = None
    events_seen: int = 0


@dataclass(frozen=True, slots=True)
class Move:
    """An action just taken: by ``seat`` (``position`` in the engine's hand, for the
    stored record), and why (``by``: "player", "bot", "timeout", "preaction",
    "showdown", "away", "leaving", "killed"); ``owed`` (what the seat had to put in
    to call: 0 or less, a check) and ``bet_before`` (the round's bet) are the hand just
    before it, ``new_street`` whether it ended the betting round, ``all_in`` whether
    it put in the seat's last chip."""

    seat: int
    position: int
    action: Action
    by: str
    owed: int
    bet_before: int
    new_street: bool
    all_in: bool


class Seats(Protocol):
    """What the driver asks the table's owner (see the module's docstring)."""

    def bot(self, seat: int) -> Policy | None:
        """The bot that plays ``seat``, if a bot does."""
        ...

    def brief(self, policy: Policy) -> None:
        """Tell the bot what it may know beside the hand, just before it decides."""
        ...

    def stand_in(self, seat: int, hand: Hand) -> tuple[Action, str] | None:
        """The action taken for ``seat`` at once, and why, instead of its player's."""
        ...

    def preaction(self, seat: int) -> Action | None:
        """The action the seat chose ahead of its turn, when it is due now."""
        ...

    def away(self, seat: int) -> bool:
        """The seat's person is away (T13): the rest of the hand is folded for them."""
        ...

    def muck_losing(self, seat: int) -> bool:
        """At a showdown (S4): whether the seat mucks a hand that cannot win."""
        ...

    def overtime(self, seat: int, at: float) -> float:
        """The action clock ran out at ``at``: the seconds of time bank the seat
        starts now (0: none; the timeout is taken)."""
        ...

    def acted(self, move: Move) -> None:
        """An action was taken (and told in the log): record it."""
        ...

    def timed_out(self, seat: int) -> None:
        """The seat's clock ran out (its check or fold was taken)."""
        ...

    def narration_end(self, hand: Hand) -> int | None:
        """Tell the hand's events only up to this index (hand-for-hand, RP-8-F), or
        None: all of them."""
        ...

    def hand_over(self) -> None:
        """The hand is over: finish it."""
        ...


class TableDriver:
    """Plays the hand at one table (see the module's docstring)."""

    def __init__(self, table: Table, seats: Seats, turn: TurnState, *, log: deque[str],
                 timing: Timing) -> None:
        self.table = table
        self.seats = seats
        self.turn = turn
        self.log = log
        self.timing = timing

    # ------------------------------------------------------------ the hand

    def begin(self, *lines: str) -> None:
        """A hand was dealt: its timers start over, ``lines`` head it in the log, and
        its first events (blinds, antes) are told."""
        turn = self.turn
        turn.deadline = turn.bot_due = None
        turn.events_seen = 0
        self.log.extend(lines)
        self.narrate()
        plan = self.table.plan_in_play
        if (not is_warm() and plan is not None
                and any(self.seats.bot(seat) is not None for seat in plan.seats)):
            request_warm()  # the kernels load while the people before the bots act

    def step(self, now: float) -> bool:
        """Play what is due now in the hand in progress; True when anything changed."""
        table, turn, seats = self.table, self.turn, self.seats
        changed = False
        for _ in range(LOOP_LIMIT):
            hand = table.hand
            if hand is None:
                return changed
            if hand.is_over:
                turn.deadline = turn.bot_due = None
                seats.hand_over()
                return True
            seat = table.to_act
            if seat is None:
                return changed
            if hand.phase is Phase.SHOWDOWN:  # S4: show or muck, as the player chose
                muck = seats.muck_losing(seat) and not can_still_win(hand, self._position(seat))
                self.apply(seat, Muck() if muck else Show(), by="showdown")
                changed = True
                continue
            stand_in = seats.stand_in(seat, hand)
            if stand_in is not None:
                self.apply(seat, stand_in[0], by=stand_in[1])
                changed = True
                continue
            bot = seats.bot(seat)
            if bot is not None:
                if turn.bot_due is None:
                    turn.bot_due = now + self.timing.bot_delay
                if now < turn.bot_due:
                    return changed
                if not is_warm():  # the kernels load (from now on): asked again soon
                    request_warm()
                    turn.bot_due = now + WARM_POLL
                    return changed
                self._play_bot(seat, bot, hand)
                changed = True
                continue
            pre = seats.preaction(seat)
            if pre is not None:
                self.apply(seat, pre, by="preaction")
                changed = True
                continue
            if seats.away(seat):
                # T13: away (timed out sit_out_after times in a row): no clock runs for
                # them any more; the hand is killed.
                self.apply(seat, away_action(hand), by="away")
                changed = True
                continue
            if turn.deadline is None:
                turn.deadline = now + self.timing.action_seconds
                changed = True
            if now < turn.deadline:
                return changed
            more = seats.overtime(seat, turn.deadline)
            if more > 0:
                turn.deadline += more
                return True
            self.apply(seat, default_action(hand), by="timeout")
            self.log.append(f"{self.name(seat)} ran out of time")
            seats.timed_out(seat)
            changed = True
        return changed

    def _play_bot(self, seat: int, bot: Policy, hand: Hand) -> None:
        self.seats.brief(bot)
        action = bot.decide(hand.view(self._position(seat)))  # the seat's view, never the hand
        try:
            self.apply(seat, action, by="bot")
        except IllegalActionError as exc:
            self.log.append(f"{self.name(seat)} (bot) tried an illegal action: {exc}")
            self.apply(seat, default_action(hand), by="bot")

    # ------------------------------------------------------------ actions

    def dealt_in(self, seat: int) -> Hand:
        """The hand in progress, when ``seat`` is dealt in (refused otherwise)."""
        hand, plan = self.table.hand, self.table.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, "there is no hand in progress")
        if seat not in plan.seats:
            raise IllegalActionError(Reason.NOT_IN_HAND, "you are not in this hand")
        return hand

    def act(self, seat: int, action: Action) -> None:
        """A player's own action (refused, changing nothing, when it is not theirs to
        take: no hand, not dealt in, not their turn; a hand may be shown out of turn
        at the showdown, S4)."""
        hand = self.dealt_in(seat)
        if self.table.to_act != seat and not (
                hand.phase is Phase.SHOWDOWN and isinstance(action, Show)):
            raise IllegalActionError(Reason.NOT_YOUR_TURN, "it is not your turn")
        self.apply(seat, action, by="player")

    def apply(self, seat: int, action: Action, *, by: str) -> None:
        """Take ``action`` for ``seat`` through the table, tell it, record it."""
        table = self.table
        hand = table.hand
        assert hand is not None
        position = self._position(seat)  # every caller's seat is dealt in
        bet_before, street = hand.current_bet, hand.street
        owed = bet_before - hand.bets[position]  # 0 or less: a check (the engine's rule)
        table.act(seat, action)
        move = Move(seat, position, action, by, owed, bet_before,
                    new_street=hand.street != street,
                    all_in=hand.stacks[position] == 0 and not hand.folded[position])
        self.turn.deadline = self.turn.bot_due = None
        self.narrate()
        self.seats.acted(move)

    # ------------------------------------------------------------ the log

    def narrate(self) -> None:
        """Tell the hand's public events not told yet (up to where the owner holds
        them back)."""
        hand = self.table.hand
        if hand is None:
            return
        turn = self.turn
        end = len(hand.events)
        held = self.seats.narration_end(hand)
        if held is not None:
            end = min(held, end)
        names = hand.config.names
        for event in hand.events[turn.events_seen:end]:
            if event.audience is None:
                line = narrate(event, lambda k: names[k], hand=hand)
                if line:
                    self.log.append(line)
        turn.events_seen = max(turn.events_seen, end)

    # ------------------------------------------------------------ seats

    def name(self, seat: int) -> str:
        player = self.table.players[seat]
        return player.name if player is not None else f"seat {seat + 1}"

    def _position(self, seat: int) -> int:
        """The engine's position of ``seat`` in the hand in progress (a bot's view, the
        stored record and S4's comparison are the engine's)."""
        plan = self.table.plan_in_play
        assert plan is not None
        return plan.position_of(seat)
