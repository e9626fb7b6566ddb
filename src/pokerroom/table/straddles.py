"""F11: the straddles asked for the next deal (LVH B8; T8 / LVH B13c coming back).

A voluntary live straddle of ``straddle_multiple`` big blinds (twice, by default)
by the player left of the big blind; when the house allows several, each next one
by the player left of the last, twice the one before.  A player waiting with a
missed-blind button left of the big blind may come back by straddling (T8, LVH
B13c).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.options import Stakes, TableOptions
from pokerroom.table.placement import Positions, clockwise_from
from pokerroom.table.plan import Duties, HandPlan
from pokerroom.table.player import Player, Status


class Straddles:
    """The seats that asked to straddle the next deal, in order.

    ``players`` is the table's own list, shared."""

    def __init__(self, options: TableOptions, players: list[Player | None]) -> None:
        self.options = options
        self.players = players
        self.seats: list[int] = []

    def request(self, seat: int, stakes: Stakes, next_plan: Callable[[], HandPlan]) -> None:
        """F11: ``seat`` asks to straddle the deal ``next_plan`` makes at ``stakes``;
        refused unless the house allows it and it is that seat's turn to straddle."""
        if not self.options.straddle_allowed(stakes):
            raise IllegalActionError(Reason.NO_STRADDLE, "this game does not allow straddles (F11)")
        plan = next_plan()
        if plan.positions is None:
            raise IllegalActionError(Reason.NO_STRADDLE, "stud games have no straddle")
        if plan.positions.heads_up:
            raise IllegalActionError(Reason.NO_STRADDLE,
                                     "no straddle heads-up: it would be the button")
        if seat in self.seats:
            raise IllegalActionError(Reason.SECOND_STRADDLE, f"seat {seat} already straddles")
        if self.seats and not self.options.multiple_straddles:
            raise IllegalActionError(
                Reason.SECOND_STRADDLE, "one straddle per deal (F11); the house allows no more"
            )
        due = self._seat_due(plan, after=self.seats[-1] if self.seats else None)
        if due is None or seat != due:
            raise IllegalActionError(
                Reason.WRONG_STRADDLE_SEAT,
                f"seat {seat} cannot straddle: only seat {due} (left of the "
                f"{'last straddle' if self.seats else 'big blind'}) may (F11)"
                if due is not None else "nobody may straddle this deal",
            )
        self.seats.append(seat)

    def comes_back(self, seat: int) -> bool:
        """T8 / LVH B13c: ``seat`` asked to come back by straddling (the first straddle)."""
        return self.seats[:1] == [seat]

    def post(self, blinds: dict[int, int], dealt: Collection[int], big_blind: int
             ) -> list[int]:
        """F11 / LVH B8b: add the straddles of the players dealt in to ``blinds`` (the
        house's set size, each further one twice the last); the seats that straddle."""
        straddles: list[int] = []
        size = self.options.straddle_multiple * big_blind
        for s in self.seats:
            if s in dealt and s not in blinds:
                blinds[s] = size
                straddles.append(s)
                size *= 2
        return straddles

    def check_comeback(self, duties: Duties, positions: Positions) -> None:
        """T8, F11: a player who asked to come back by straddling and whom the seats
        have since moved out of the straddle seat waits like anyone owing blinds (a
        big blind that falls on them they take, LVH B13a)."""
        seat = self.seats[0] if self.seats else None
        if (
            seat is None or seat not in duties.dealt
            or seat in (positions.big_blind, positions.small_blind)
            or self._is_next(seat, positions.big_blind, duties.dealt)
        ):
            return
        duties.dealt.discard(seat)
        duties.waiting.append(seat)
        duties.notes.append(f"seat {seat}: no longer in the straddle seat; waits (T8)")

    def clear(self) -> None:
        """The deal is over: straddles are asked for each deal anew."""
        self.seats = []

    def _is_next(self, seat: int, big_blind: int, dealt: set[int]) -> bool:
        """F11: ``seat`` is the first player dealt in left of the big blind; a player
        coming back by straddling (T8) must be, every deal until it is dealt."""
        p = self.players[seat]
        if p is None or not p.owes:
            return True  # a regular straddler is checked when asking (request)
        order = clockwise_from(big_blind, len(self.players), dealt)
        return bool(order) and order[0] == seat

    def _may_come_back(self, seat: int) -> bool:
        """T8 / LVH B13c: a player at the table with a missed-blind button."""
        p = self.players[seat]
        return p is not None and p.present and p.status is Status.ACTIVE and p.owes

    def _seat_due(self, plan: HandPlan, *, after: int | None) -> int | None:
        """F11 (LVH B8): the seat that may straddle next: the player left of the big
        blind, or of the last straddle.  Left of the big blind that may be a player
        waiting with a missed-blind button, who may come back by straddling (T8,
        LVH B13c); a straddle by the player after them would be a sleeper."""
        assert plan.positions is not None
        anchor = plan.positions.big_blind if after is None else after
        chosen = set(plan.seats)
        if after is None:
            chosen |= {s for s in plan.waiting if self._may_come_back(s)}
        order = list(clockwise_from(plan.positions.button, len(self.players), chosen))
        if anchor not in order:
            return None
        k = order.index(anchor) + 1
        if k >= len(order) - 1:
            return None  # the button may not straddle
        return order[k]
