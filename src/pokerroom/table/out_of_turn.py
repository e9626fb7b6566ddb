"""B13: acting out of turn at a dealer-assisted table (TDA 53, 36).

An online table simply refuses an action out of turn: ``hand.act(action,
position=p)`` raises ``not_your_turn``.  At a live table the chips or the words are
already out, so :class:`LiveHand` records the action and decides when that player's
turn comes:

- TDA 53-A: an action out of turn is binding if the action to that player has
  not changed by then.  Checks, calls and folds in between do not change it; a
  bet, raise or all-in raise does.  A fold out of turn is always binding.  A
  binding action is applied automatically; a changed one is void and the player
  has all options back.
- TDA 53-B: when players to the left of a skipped player act out of turn and
  that amounts to substantial action (TDA 36: two actions of which at least one
  puts chips in, or any three actions), their actions stand and the floor rules
  on the skipped player's hand: dead, or limited to check, call or fold.

Penalties for acting out of turn are the floor's business; the notes mention
that one is possible.

Numbers: :class:`LiveHand` works on the engine's ``position`` (0 is the first player
left of the button), in its arguments and records alike.  A dealer points at a
seat: ``live.position_of(seat)`` converts once, at that boundary (the deal's
``HandPlan.position_of``).  The notes, read out at the table, name the seat people
see (``seat + 1``) and the player's name (:class:`~pokerroom.table.seat_names.SeatNames`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import BetRaise, CheckCall, Fold, Hand, LegalActions, Phase
from pokerroom.rules import events as ev
from pokerroom.table.seat_names import SeatNames
from pokerroom.table.table import Table

PlayerAction = Fold | CheckCall | BetRaise


@dataclass(frozen=True, slots=True)
class OutOfTurn:
    """An action recorded out of turn by the player at ``position``.  ``facing``: the
    bet it answered (the hand's bet, raised by earlier out-of-turn raises of players
    acting before this one); ``skipped``: the position that was in turn."""

    position: int
    action: PlayerAction
    facing: int
    street: int
    skipped: int


class NoteKind(Enum):
    """What became of an action taken out of turn (B13)."""
    RECORDED = "recorded"  # an action out of turn was recorded
    BINDING = "binding"  # it was applied when the turn came
    VOID = "void"  # the action changed (or the round ended): not binding
    FLOOR = "floor"  # substantial action: the floor must rule on a skipped player
    FLOOR_RULED = "floor_ruled"


@dataclass(frozen=True, slots=True)
class LiveNote:
    """What happened to the player at ``position``, for the dealer's screen and the
    hand record (``text`` names the seat people see)."""

    kind: NoteKind
    position: int
    text: str
    action: PlayerAction | None = None


class SkippedSeatRuling(Enum):
    """The floor's choices for a player skipped by substantial action (TDA 53-B)."""

    DEAD = "dead"
    CHECK_CALL_FOLD = "check_call_fold"


@dataclass(frozen=True, slots=True)
class SkippedSeat:
    """A floor decision due: what becomes of the hand of the player at ``position``
    (the one in turn when the others acted out of turn)."""

    position: int
    question: str
    options: tuple[SkippedSeatRuling, ...] = (
        SkippedSeatRuling.DEAD, SkippedSeatRuling.CHECK_CALL_FOLD,
    )


def _name(action: PlayerAction) -> str:
    if isinstance(action, BetRaise):
        return f"bet/raise to {action.to:,}"
    return "fold" if isinstance(action, Fold) else "check/call"


class LiveHand:
    """A hand at a dealer-assisted table: in-turn actions go to the engine; actions
    out of turn are recorded and applied, or voided, when their turn comes (B13).

    ``seats``: the table seat of each position (``HandPlan.seats``), for the notes
    and :meth:`position_of`; without it (a hand dealt outside a table) seat i is
    position i.  :meth:`at` builds one for a table's hand in play."""

    def __init__(self, hand: Hand, seats: tuple[int, ...] | None = None) -> None:
        self.hand = hand
        self.who = SeatNames.of(hand, seats)
        self.notes: list[LiveNote] = []
        self.floor: SkippedSeat | None = None
        self._pending: dict[int, OutOfTurn] = {}  # position -> its record
        self._restricted: dict[int, int] = {}  # position -> street: no raising (TDA 53-B)

    @classmethod
    def at(cls, table: Table) -> LiveHand:
        """The live hand of ``table``'s hand in play, its seats from the deal's plan."""
        hand, plan = table.hand, table.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, "no hand in progress: start_hand first")
        return cls(hand, plan.seats)

    def position_of(self, seat: int) -> int:
        """The position of the player in table ``seat``: where the dealer's seat numbers
        become the engine's.  Refused when nobody in that seat is dealt in."""
        seats = self.who.seats
        if seat not in seats:
            raise IllegalActionError(
                Reason.NOT_IN_HAND, f"seat {seat} is not in this hand: the seats dealt in are "
                f"{', '.join(map(str, sorted(seats)))}")
        return seats.index(seat)

    # ------------------------------------------------------------------- state

    @property
    def pending(self) -> dict[int, OutOfTurn]:
        """Recorded actions out of turn still waiting for their turn, by position."""
        return dict(self._pending)

    def legal_actions(self) -> LegalActions:
        """The engine's legal actions, less raising for a player the floor limited."""
        legal = self.hand.legal_actions()
        if legal.position is not None and self._is_restricted(legal.position):
            return replace(legal, min_raise_to=None, max_raise_to=None)
        return legal

    def _is_restricted(self, position: int) -> bool:
        return self._restricted.get(position) == self.hand.street

    # ------------------------------------------------------------------ acting

    def act(self, action: PlayerAction, *, position: int | None = None) -> list[ev.Event]:
        """An action in turn (by ``position``, when given, checked against the player in
        turn); then any recorded actions whose turn has come."""
        hand = self.hand
        who = self.who
        if self.floor is not None:
            raise IllegalActionError(
                Reason.FLOOR_DECISION, f"the floor must first rule on {who(self.floor.position)}:"
                f" {self.floor.question}"
            )
        if position is not None and position != hand.actor:
            in_turn = "nobody" if hand.actor is None else who(hand.actor)
            someone = (who(position) if 0 <= position < hand.n
                       else f"position {position} (positions are 0-{hand.n - 1})")
            raise IllegalActionError(
                Reason.NOT_YOUR_TURN,
                f"{someone} is not in turn ({in_turn} is); record an "
                "action out of turn with act_out_of_turn"
            )
        actor = hand.actor
        if actor is not None and isinstance(action, BetRaise) and self._is_restricted(actor):
            raise IllegalActionError(
                Reason.RESTRICTED_BY_FLOOR,
                f"the floor limited {who(actor)} to check, call or fold "
                f"(TDA 53-B): {self.legal_actions().describe(self.who.seats)}"
            )
        events = hand.act(action, position=actor)
        events.extend(self._settle())
        return events

    def act_out_of_turn(self, position: int, action: PlayerAction) -> LiveNote:
        """Record ``action`` by the player at ``position`` out of turn (TDA 53); a seat
        at the table converts with :meth:`position_of`.  Refused, changing nothing,
        when that player cannot act on this round at all."""
        hand = self.hand
        who = self.who
        if self.floor is not None:
            raise IllegalActionError(
                Reason.FLOOR_DECISION, f"the floor must first rule on {who(self.floor.position)}"
            )
        if hand.phase is not Phase.BETTING or hand.actor is None:
            raise IllegalActionError(
                Reason.NOT_BETTING,
                f"no betting round is open: {hand.legal_actions().describe(who.seats)}"
            )
        if not 0 <= position < hand.n:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"positions are 0-{hand.n - 1}, not {position}")
        if position == hand.actor:
            raise IllegalActionError(
                Reason.IN_TURN,
                f"{who(position)} is in turn: use act() "
                f"({hand.legal_actions().describe(who.seats)})"
            )
        if not isinstance(action, Fold | CheckCall | BetRaise):
            raise IllegalActionError(
                Reason.NOT_A_BETTING_ACTION,
                "out of turn a player may fold, check/call or bet/raise"
            )
        if hand.folded[position] or hand.stacks[position] == 0:
            why = "has folded" if hand.folded[position] else "is all-in"
            raise IllegalActionError(Reason.CANNOT_ACT,
                                     f"{who(position)} {why} and has no action to take")
        if position in self._pending:
            earlier = _name(self._pending[position].action)
            raise IllegalActionError(
                Reason.ALREADY_RECORDED, f"{who(position)} already acted out of turn "
                f"({earlier}); it stands until the player's turn"
            )
        facing = self._facing(position)
        if hand.acted[position] and hand.bets[position] >= facing:
            raise IllegalActionError(
                Reason.NOTHING_TO_ACT_ON,
                f"{who(position)} has acted and faces no new bet on this round"
            )
        if isinstance(action, BetRaise):
            top = hand.bets[position] + hand.stacks[position]
            if not facing < action.to <= top:
                raise IllegalActionError(
                    Reason.RAISE_OUT_OF_RANGE, f"a bet/raise by {who(position)} must be more "
                    f"than the {facing:,} it faces and at most its {top:,} chips, not "
                    f"{action.to:,}"
                )
        record = OutOfTurn(position, action, facing, hand.street, hand.actor)
        self._pending[position] = record
        note = LiveNote(
            NoteKind.RECORDED, position,
            f"{who(position)} acted out of turn ({_name(action)}) with {who(hand.actor)} to "
            "act; binding if the action to it does not change (TDA 53-A); a penalty is "
            "possible",
            action,
        )
        self.notes.append(note)
        self._check_substantial_action(hand.actor)
        return note

    def rule_skipped_seat(self, ruling: SkippedSeatRuling) -> list[ev.Event]:
        """The floor's ruling on the player skipped by substantial action (TDA 53-B)."""
        floor = self.floor
        if floor is None:
            raise IllegalActionError(Reason.NO_FLOOR_DECISION, "no floor decision is due")
        if ruling not in floor.options:
            raise IllegalActionError(
                Reason.NO_SUCH_OPTION, f"the options are {[o.value for o in floor.options]}"
            )
        self.floor = None
        position = floor.position
        who = self.who(position)
        if ruling is SkippedSeatRuling.DEAD:
            self.notes.append(LiveNote(NoteKind.FLOOR_RULED, position, f"{who}'s hand is dead"))
            events = self.hand.act(Fold(), position=position)
            events.extend(self._settle())
            return events
        self._restricted[position] = self.hand.street
        self.notes.append(LiveNote(
            NoteKind.FLOOR_RULED, position, f"{who} may only check, call or fold this round",
        ))
        return []

    # --------------------------------------------------------------- internals

    def _facing(self, position: int) -> int:
        """The bet ``position`` answers now: the hand's bet, raised by actions already
        recorded out of turn for players acting between the player in turn and it."""
        hand = self.hand
        level = hand.current_bet
        actor = hand.actor
        assert actor is not None
        i = actor
        for _ in range(hand.n):
            i = (i + 1) % hand.n
            if i == position:
                break
            record = self._pending.get(i)
            if record is not None and isinstance(record.action, BetRaise):
                level = max(level, record.action.to)
        return level

    def _puts_chips_in(self, record: OutOfTurn) -> bool:
        if isinstance(record.action, BetRaise):
            return True
        return (isinstance(record.action, CheckCall)
                and record.facing > self.hand.bets[record.position])

    def _check_substantial_action(self, skipped: int) -> None:
        """TDA 36 / 53-B: substantial action out of turn past position ``skipped``."""
        records = [r for r in self._pending.values()
                   if r.skipped == skipped and r.street == self.hand.street]
        chips = any(self._puts_chips_in(r) for r in records)
        if len(records) >= 3 or (len(records) >= 2 and chips):
            who = self.who(skipped)
            question = (f"substantial action happened out of turn to {who}'s left "
                        f"(TDA 53-B): that action stands; is {who}'s hand dead, or "
                        "limited to check, call or fold?")
            self.floor = SkippedSeat(skipped, question)
            self.notes.append(LiveNote(NoteKind.FLOOR, skipped, question))

    def _settle(self) -> list[ev.Event]:
        """Apply each recorded action whose turn has come, or void it."""
        hand = self.hand
        events: list[ev.Event] = []
        while True:
            self._void_stale()
            actor = hand.actor
            if actor is None or actor not in self._pending or hand.phase is not Phase.BETTING:
                return events
            record = self._pending.pop(actor)
            who = self.who(actor)
            if isinstance(record.action, Fold) or hand.current_bet == record.facing:
                action, why = self._fit(record.action)
                self.notes.append(LiveNote(
                    NoteKind.BINDING, actor,
                    f"{who}'s {_name(record.action)} out of turn is binding: "
                    + ("a fold out of turn always is" if isinstance(record.action, Fold)
                       else f"the action to it did not change (still {record.facing:,})")
                    + why,
                    action,
                ))
                events.extend(hand.act(action, position=actor))
                continue
            self.notes.append(LiveNote(
                NoteKind.VOID, actor,
                f"{who}'s {_name(record.action)} out of turn is void: the bet changed "
                f"from {record.facing:,} to {hand.current_bet:,}, so {who} has all options"
                f" back (TDA 53-A): {self.legal_actions().describe(self.who.seats)}",
                record.action,
            ))
            return events

    def _void_stale(self) -> None:
        hand = self.hand
        for position, record in list(self._pending.items()):
            over = hand.phase is not Phase.BETTING or record.street != hand.street
            if over or hand.folded[position] or hand.stacks[position] == 0:
                del self._pending[position]
                who = self.who(position)
                self.notes.append(LiveNote(
                    NoteKind.VOID, position,
                    f"{who}'s {_name(record.action)} out of turn lapses: the betting round "
                    "ended before its turn" if over else
                    f"{who}'s {_name(record.action)} out of turn lapses: it cannot act",
                    record.action,
                ))

    def _fit(self, action: PlayerAction) -> tuple[PlayerAction, str]:
        """A binding action held to the engine's bounds, and what changed."""
        if not isinstance(action, BetRaise):
            return action, ""
        legal = self.hand.legal_actions()
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return CheckCall(), "; a raise is not allowed now, so it is a call"
        if action.to < low:
            return BetRaise(low), f"; {action.to:,} is under the minimum, corrected to {low:,} " \
                "(TDA 52-A)"
        if action.to > high:
            return BetRaise(high), f"; {action.to:,} is over the maximum, reduced to {high:,}"
        return action, ""
