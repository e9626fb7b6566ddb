"""T11: a new game, until the button has gone round once (RR 12b, c; LVH B18).

Before the first deal every seat is free.  With the house option
``new_game_round`` (RR 12b, c) the game stays new until the button has travelled
a whole round, and a seat no blind has reached yet is still free: a player may sit
in or move there without posting.  Without it (LVH B18) the game is established
once the first hand is dealt.
"""

from __future__ import annotations

from pokerroom.table.placement import Positions, passed_over


class NewGameRound:
    """How far a new game has gone: the button's travel since the first deal and the
    seats a blind has reached (posted at or passed over) in that time."""

    def __init__(self, seat_count: int, *, whole_round: bool) -> None:
        self.seat_count = seat_count
        self.whole_round = whole_round
        self.travel = 0
        self.reached: set[int] = set()

    def is_new(self, hands_dealt: int) -> bool:
        """T11: new until the first deal, or with ``new_game_round`` until the button
        has gone round once."""
        if hands_dealt == 0:
            return True
        return self.whole_round and self.travel < self.seat_count

    def free_at(self, seat: int, hands_dealt: int) -> bool:
        """T11 (RR 12b, c): before the first deal; or, while the game is new, at a seat
        no blind has reached yet."""
        return self.is_new(hands_dealt) and (hands_dealt == 0 or seat not in self.reached)

    def note_deal(self, previous: Positions | None, now: Positions) -> None:
        """T11: the seats the blinds of a deal reached, and how far the button moved."""
        if self.travel >= self.seat_count:
            return
        self.reached.update((now.small_blind_seat, now.big_blind))
        if previous is not None:
            self.reached.update(passed_over(previous.big_blind, now.big_blind, self.seat_count))
            self.travel += (now.button - previous.button) % self.seat_count
