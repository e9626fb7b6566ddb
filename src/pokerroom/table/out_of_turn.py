"""B13: acting out of turn at a dealer-assisted table (TDA 53, 36).

An online table simply refuses an action out of turn: ``hand.act(action, seat=s)``
raises ``not_your_turn``.  At a live table the chips or the words are already
out, so :class:`LiveHand` records the action and decides when that seat's turn
comes:

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
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import BetRaise, CheckCall, Fold, Hand, LegalActions, Phase
from pokerroom.rules import events as ev

PlayerAction = Fold | CheckCall | BetRaise


@dataclass(frozen=True, slots=True)
class OutOfTurn:
    """An action recorded out of turn.  ``facing``: the bet it answered (the hand's
    bet, raised by earlier out-of-turn raises of seats acting before this one);
    ``skipped``: the seat that was in turn."""

    seat: int
    action: PlayerAction
    facing: int
    street: int
    skipped: int


class NoteKind(Enum):
    """What became of an action taken out of turn (B13)."""
    RECORDED = "recorded"  # an action out of turn was recorded
    BINDING = "binding"  # it was applied when the turn came
    VOID = "void"  # the action changed (or the round ended): not binding
    FLOOR = "floor"  # substantial action: the floor must rule on a skipped seat
    FLOOR_RULED = "floor_ruled"


@dataclass(frozen=True, slots=True)
class LiveNote:
    """What happened, for the dealer's screen and the hand record."""

    kind: NoteKind
    seat: int
    text: str
    action: PlayerAction | None = None


class SkippedSeatRuling(Enum):
    """The floor's choices for a seat skipped by substantial action (TDA 53-B)."""

    DEAD = "dead"
    CHECK_CALL_FOLD = "check_call_fold"


@dataclass(frozen=True, slots=True)
class SkippedSeat:
    """A floor decision due: what becomes of ``seat``'s hand."""

    seat: int
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
    out of turn are recorded and applied, or voided, when their turn comes (B13)."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.notes: list[LiveNote] = []
        self.floor: SkippedSeat | None = None
        self._pending: dict[int, OutOfTurn] = {}
        self._restricted: dict[int, int] = {}  # seat -> street: no raising (TDA 53-B)

    # ------------------------------------------------------------------- state

    @property
    def pending(self) -> dict[int, OutOfTurn]:
        """Recorded actions out of turn still waiting for their seat's turn."""
        return dict(self._pending)

    def legal_actions(self) -> LegalActions:
        """The engine's legal actions, less raising for a seat the floor limited."""
        legal = self.hand.legal_actions()
        if legal.position is not None and self._is_restricted(legal.position):
            return replace(legal, min_raise_to=None, max_raise_to=None)
        return legal

    def _is_restricted(self, seat: int) -> bool:
        return self._restricted.get(seat) == self.hand.street

    # ------------------------------------------------------------------ acting

    def act(self, action: PlayerAction, *, seat: int | None = None) -> list[ev.Event]:
        """An action in turn; then any recorded actions whose turn has come."""
        hand = self.hand
        if self.floor is not None:
            raise IllegalActionError(
                Reason.FLOOR_DECISION, f"the floor must first rule on seat {self.floor.seat}: "
                f"{self.floor.question}"
            )
        if seat is not None and seat != hand.actor:
            raise IllegalActionError(
                Reason.NOT_YOUR_TURN,
                f"seat {seat} is not in turn (seat {hand.actor} is); record an "
                "action out of turn with act_out_of_turn"
            )
        actor = hand.actor
        if actor is not None and isinstance(action, BetRaise) and self._is_restricted(actor):
            raise IllegalActionError(
                Reason.RESTRICTED_BY_FLOOR,
                f"the floor limited seat {actor} to check, call or fold "
                f"(TDA 53-B): {self.legal_actions().describe()}"
            )
        events = hand.act(action, position=actor)
        events.extend(self._settle())
        return events

    def act_out_of_turn(self, seat: int, action: PlayerAction) -> LiveNote:
        """Record ``action`` by ``seat`` out of turn (TDA 53).  Refused, changing
        nothing, when the seat cannot act on this round at all."""
        hand = self.hand
        if self.floor is not None:
            raise IllegalActionError(
                Reason.FLOOR_DECISION, f"the floor must first rule on seat {self.floor.seat}"
            )
        if hand.phase is not Phase.BETTING or hand.actor is None:
            raise IllegalActionError(
                Reason.NOT_BETTING, f"no betting round is open: {hand.legal_actions().describe()}"
            )
        if not 0 <= seat < hand.n:
            raise IllegalActionError(Reason.NO_SUCH_SEAT, f"seats are 0-{hand.n - 1}, not {seat}")
        if seat == hand.actor:
            raise IllegalActionError(
                Reason.IN_TURN,
                f"seat {seat} is in turn: use act() ({hand.legal_actions().describe()})"
            )
        if not isinstance(action, Fold | CheckCall | BetRaise):
            raise IllegalActionError(
                Reason.NOT_A_BETTING_ACTION,
                "out of turn a player may fold, check/call or bet/raise"
            )
        if hand.folded[seat] or hand.stacks[seat] == 0:
            why = "has folded" if hand.folded[seat] else "is all-in"
            raise IllegalActionError(Reason.CANNOT_ACT,
                                     f"seat {seat} {why} and has no action to take")
        if seat in self._pending:
            earlier = _name(self._pending[seat].action)
            raise IllegalActionError(
                Reason.ALREADY_RECORDED, f"seat {seat} already acted out of turn ({earlier}); it "
                "stands until the seat's turn"
            )
        facing = self._facing(seat)
        if hand.acted[seat] and hand.bets[seat] >= facing:
            raise IllegalActionError(
                Reason.NOTHING_TO_ACT_ON,
                f"seat {seat} has acted and faces no new bet on this round"
            )
        if isinstance(action, BetRaise):
            top = hand.bets[seat] + hand.stacks[seat]
            if not facing < action.to <= top:
                raise IllegalActionError(
                    Reason.RAISE_OUT_OF_RANGE, f"a bet/raise by seat {seat} must be more than the "
                    f"{facing:,} it faces and at most its {top:,} chips, not {action.to:,}"
                )
        record = OutOfTurn(seat, action, facing, hand.street, hand.actor)
        self._pending[seat] = record
        note = LiveNote(
            NoteKind.RECORDED, seat,
            f"seat {seat} acted out of turn ({_name(action)}) with seat {hand.actor} to act; "
            "binding if the action to it does not change (TDA 53-A); a penalty is possible",
            action,
        )
        self.notes.append(note)
        self._check_substantial_action(hand.actor)
        return note

    def rule_skipped_seat(self, ruling: SkippedSeatRuling) -> list[ev.Event]:
        """The floor's ruling on the seat skipped by substantial action (TDA 53-B)."""
        floor = self.floor
        if floor is None:
            raise IllegalActionError(Reason.NO_FLOOR_DECISION, "no floor decision is due")
        if ruling not in floor.options:
            raise IllegalActionError(
                Reason.NO_SUCH_OPTION, f"the options are {[o.value for o in floor.options]}"
            )
        self.floor = None
        seat = floor.seat
        if ruling is SkippedSeatRuling.DEAD:
            self.notes.append(LiveNote(NoteKind.FLOOR_RULED, seat, f"seat {seat}'s hand is dead"))
            events = self.hand.act(Fold(), position=seat)
            events.extend(self._settle())
            return events
        self._restricted[seat] = self.hand.street
        self.notes.append(LiveNote(
            NoteKind.FLOOR_RULED, seat, f"seat {seat} may only check, call or fold this round",
        ))
        return []

    # --------------------------------------------------------------- internals

    def _facing(self, seat: int) -> int:
        """The bet ``seat`` answers now: the hand's bet, raised by actions already
        recorded out of turn for seats acting between the player in turn and it."""
        hand = self.hand
        level = hand.current_bet
        actor = hand.actor
        assert actor is not None
        i = actor
        for _ in range(hand.n):
            i = (i + 1) % hand.n
            if i == seat:
                break
            record = self._pending.get(i)
            if record is not None and isinstance(record.action, BetRaise):
                level = max(level, record.action.to)
        return level

    def _puts_chips_in(self, record: OutOfTurn) -> bool:
        if isinstance(record.action, BetRaise):
            return True
        return isinstance(record.action, CheckCall) and record.facing > self.hand.bets[record.seat]

    def _check_substantial_action(self, skipped: int) -> None:
        """TDA 36 / 53-B: substantial action out of turn past ``skipped``."""
        records = [r for r in self._pending.values()
                   if r.skipped == skipped and r.street == self.hand.street]
        chips = any(self._puts_chips_in(r) for r in records)
        if len(records) >= 3 or (len(records) >= 2 and chips):
            question = (f"substantial action happened out of turn to seat {skipped}'s left "
                        "(TDA 53-B): that action stands; is seat "
                        f"{skipped}'s hand dead, or limited to check, call or fold?")
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
            if isinstance(record.action, Fold) or hand.current_bet == record.facing:
                action, why = self._fit(record.action)
                self.notes.append(LiveNote(
                    NoteKind.BINDING, actor,
                    f"seat {actor}'s {_name(record.action)} out of turn is binding: "
                    + ("a fold out of turn always is" if isinstance(record.action, Fold)
                       else f"the action to it did not change (still {record.facing:,})")
                    + why,
                    action,
                ))
                events.extend(hand.act(action, position=actor))
                continue
            self.notes.append(LiveNote(
                NoteKind.VOID, actor,
                f"seat {actor}'s {_name(record.action)} out of turn is void: the bet changed "
                f"from {record.facing:,} to {hand.current_bet:,}, so seat {actor} has all options"
                f" back (TDA 53-A): {self.legal_actions().describe()}",
                record.action,
            ))
            return events

    def _void_stale(self) -> None:
        hand = self.hand
        for seat, record in list(self._pending.items()):
            over = hand.phase is not Phase.BETTING or record.street != hand.street
            if over or hand.folded[seat] or hand.stacks[seat] == 0:
                del self._pending[seat]
                self.notes.append(LiveNote(
                    NoteKind.VOID, seat,
                    f"seat {seat}'s {_name(record.action)} out of turn lapses: the betting round "
                    "ended before its turn" if over else
                    f"seat {seat}'s {_name(record.action)} out of turn lapses: it cannot act",
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
