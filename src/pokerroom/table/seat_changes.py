"""T12: what a seat change costs, and dealing off (RR 13, RR 14; LVH B20-B22).

:class:`SeatChanges` moves a player to an empty seat by the house option
``seat_change`` and keeps the hands each mover waits before being dealt in
again.  A player who played the button and then moved may "deal off": let the
blinds pass the new seat once (RR 14).
"""

from __future__ import annotations

from typing import Literal

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.placement import Positions
from pokerroom.table.player import Player


class SeatChanges:
    """The seat-change rule of a table and the hands each mover still waits (by seat).

    ``players`` and ``notes`` are the table's own lists, shared."""

    def __init__(self, rule: Literal["relative_position", "past_three", "free"],
                 players: list[Player | None], notes: list[str]) -> None:
        self.rule = rule
        self.players = players
        self.notes = notes
        self.waits: dict[int, int] = {}

    def move(self, old: int, new: int, *, positions: Positions | None, free: bool) -> None:
        """T12: move the player in ``old`` to the empty seat ``new`` (both checked by the
        table) after the deal at ``positions``; ``free``: a new game's seat no blind has
        reached (T11).

        ``"relative_position"`` (RR 13): dealt in at the first hand in the same
        relative position to the big blind, or post a big blind to play at once; a
        player who just played the button may deal off (RR 14).  ``"past_three"``
        (LVH B20-B22): see :meth:`_past_three`.  ``"free"``: nothing to pay."""
        player = self.players[old]
        assert player is not None
        wait = 0
        if positions is not None and player.hands_played and not free and self.rule != "free":
            dealt_off = positions.button == old
            before = self._distance_to_big_blind(old, positions)
            self.players[old], self.players[new] = None, player
            after = self._distance_to_big_blind(new, positions)
            if self.rule == "past_three":
                wait = self._past_three(player, old, positions, gained=after - before,
                                        from_big_blind=after)
            elif dealt_off:
                player.dealing_off = True
            elif after > before:
                wait = after - before
        else:
            self.players[old], self.players[new] = None, player
        self.waits.pop(old, None)
        if wait:
            self.waits[new] = wait
            self.notes.append(
                f"seat {new}: moved away from the big blind; dealt in after {wait} hand(s) "
                "or by posting a big blind (T12)"
            )

    def _past_three(self, player: Player, old: int, prev: Positions, *,
                    gained: int, from_big_blind: int) -> int:
        """T12 / LVH B20-B22 (house option ``seat_change="past_three"``): the hands a
        player who moved from ``old`` waits, having gained ``gained`` active players
        and sitting ``from_big_blind`` of them after the next big blind.

        B21: just had the small blind or the button and moved to the seat due the big
        blind or one of the two on its left: may let the blinds pass (dealing off).
        B22: just had the big blind and moved past three or more active players after
        the big blind's new position: owes the small blind
        (a missed-blind marker: make it up or wait for the big blind).  B20: anyone
        else moving past three or more posts a big blind or waits for it."""
        if old in (prev.button, prev.small_blind) and from_big_blind <= 2:
            player.dealing_off = True
            return 0
        if old == prev.big_blind:
            # Counted from the big blind's new position: the move gains nothing else.
            if from_big_blind >= 3:
                player.missed_small = True
                self.notes.append(f"{player.name}: moved past {from_big_blind} players "
                                  "after the big blind; makes up the small blind or waits "
                                  "for the big blind (T12, LVH B22)")
            return 0
        return from_big_blind if gained >= 3 else 0

    def _distance_to_big_blind(self, seat: int, positions: Positions) -> int:
        """Active players from the next big blind up to ``seat`` (hands before paying)."""
        count = 0
        seats = len(self.players)
        s = positions.big_blind
        for _ in range(seats):
            s = (s + 1) % seats
            if s == seat:
                return count
            p = self.players[s]
            if p is not None and p.present:
                count += 1
        return count

    def let_blinds_pass(self, seat: int, player: Player) -> None:
        """T12 / RR 14, "dealing off" (see :meth:`~pokerroom.table.Table.let_blinds_pass`);
        refused (``not_dealing_off``) for a player who did not deal off."""
        if not player.dealing_off:
            raise IllegalActionError(
                Reason.NOT_DEALING_OFF,
                f"seat {seat} did not deal off: only a player who played the button and "
                "then changed seats may let the blinds pass the new seat (RR 14); others "
                "wait for the big blind or post (sit_in, post_to_play)")
        player.letting_blinds_pass = True
        self.notes.append(f"seat {seat}: dealt off; lets the blinds pass once and comes "
                          "back behind the button without posting (T12, RR 14)")

    def note_blinds_passing(self, now: Positions) -> None:
        """T12 / RR 14: a dealt-off player letting the blinds pass: they have passed the
        seat once it is between the blinds of a deal."""
        seats = len(self.players)
        for seat, p in enumerate(self.players):
            if p is not None and p.letting_blinds_pass and now.between_blinds(seat, seats):
                p.blinds_passed = True

    def waiting(self) -> set[int]:
        """The seats whose mover still waits at least one hand (T12)."""
        return {s for s, n in self.waits.items() if n > 0}

    def forget(self, seat: int) -> None:
        """The player in ``seat`` left it: no wait is kept for it."""
        self.waits.pop(seat, None)

    def after_deal(self) -> None:
        """One hand with blinds was dealt: each mover waits one fewer."""
        for seat in list(self.waits):
            self.waits[seat] -= 1
            if self.waits[seat] <= 0:
                del self.waits[seat]

