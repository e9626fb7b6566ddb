"""What the table driver (:mod:`pokerroom.server.actors.driver`) asks of a cash table:
:class:`CashSeats`, a part of the table's actor
(:class:`~pokerroom.server.tables.actor.TableActor`) given the seats, the player aids
and the recorder, and the actor's T13 setting, metrics and end of a hand as callbacks.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.bots import Policy
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand
from pokerroom.server.actors.driver import Move
from pokerroom.server.actors.stand_ins import default_action
from pokerroom.server.operations.metrics import RoomMetrics
from pokerroom.server.tables.player_aids import PreActions, TimeBank
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.server.wire.codec import action_to_dict


class CashSeats:
    """What the table driver asks a cash table (:class:`~pokerroom.server.actors.driver.Seats`):
    the sittings' bots, leaves, pre-actions, timeouts (T13), showdown choices (S4) and
    time banks; each action stored, labelled and counted; the hand's end."""

    def __init__(self, seats: dict[int, SeatMeta], *, preactions: PreActions, bank: TimeBank,
                 recorder: Recorder, sit_out_after: Callable[[], int],
                 metrics: Callable[[], RoomMetrics], finish: Callable[[], None]) -> None:
        self.seats = seats
        self.preactions = preactions
        self.bank = bank
        self.recorder = recorder
        self.sit_out_after = sit_out_after
        self.metrics = metrics
        self.finish = finish  # the actor's end of a hand
        # The actor's sit_out_after and metrics, as they are now (the room sets its
        # metrics after making the actor).

    def bot(self, seat: int) -> Policy | None:
        meta = self.seats.get(seat)
        return meta.bot if meta is not None and not meta.leaving else None

    def brief(self, policy: Policy) -> None:
        """A cash table's bot knows nothing beside the hand."""

    def stand_in(self, seat: int, hand: Hand) -> tuple[Action, str] | None:
        meta = self.seats.get(seat)
        if meta is not None and meta.leaving:
            return default_action(hand), "leaving"
        return None

    def preaction(self, seat: int) -> Action | None:
        return self.preactions.due(seat)

    def away(self, seat: int) -> bool:
        meta = self.seats.get(seat)
        return meta is not None and meta.timeouts >= self.sit_out_after()

    def muck_losing(self, seat: int) -> bool:
        meta = self.seats.get(seat)
        return meta is None or meta.muck_losing

    def overtime(self, seat: int, at: float) -> float:
        return self.bank.start(seat, at)

    def acted(self, move: Move) -> None:
        self.bank.spend()
        self.preactions.taken(move)
        self.metrics().acted(move.by, room="cash")
        self.recorder.add_action(move.position, action_to_dict(move.action))
        meta = self.seats.get(move.seat)
        if meta is not None and move.by in ("player", "preaction"):
            meta.timeouts = 0  # reset by their own action only (a walk is no sign)

    def timed_out(self, seat: int) -> None:
        meta = self.seats.get(seat)
        if meta is not None:
            meta.timeouts += 1

    def narration_end(self, hand: Hand) -> int | None:
        return None

    def hand_over(self) -> None:
        self.finish()
