"""The plan of one deal: who is dealt in and who posts what."""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.table.placement import Positions


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who is dealt in and who posts what, for the next deal.

    ``seats`` lists the table seats dealt in, in engine order (the first player
    left of the button first, the player with last action last).  The other
    tuples are per engine seat.
    """

    positions: Positions | None  # None in stud
    seats: tuple[int, ...]
    blinds: tuple[int, ...]
    posts: tuple[int, ...]
    dead: tuple[int, ...]
    antes: tuple[int, ...]
    straddles: tuple[int, ...] = ()  # table seats that straddle
    kill_seat: int | None = None
    factor: float = 1.0  # kill stakes multiplier (F12)
    waiting: tuple[int, ...] = ()  # present players not dealt in this time
    notes: tuple[str, ...] = ()
    absent: tuple[int, ...] = ()  # T13: dealt in while away; their hands are killed
    bomb_pot: bool = False  # everyone antes, no preflop betting, the button stays
    # T2, B7: chips of blinds due that nobody posts (a dead small blind); pot limit
    # counts them in the pot before the flop (TDA 54-B).
    unposted: int = 0

    def engine_seat(self, table_seat: int) -> int:
        return self.seats.index(table_seat)
