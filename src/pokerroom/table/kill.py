"""F12: the kill blind (house option ``kill``): who must post one next deal."""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.table.options import TableOptions
from pokerroom.table.player import Player


class KillBlind:
    """Who must post a kill blind next deal, by the house's ``kill`` option: the
    winner of two pots in a row (``"two_pots"``) or of a pot of at least
    ``kill_pot_size`` (``"pot_size"``); ``kill_factor`` sizes it.

    ``players`` and ``notes`` are the table's own lists, shared."""

    def __init__(self, options: TableOptions, players: list[Player | None],
                 notes: list[str]) -> None:
        self.options = options
        self.players = players
        self.notes = notes
        self.next_seat: int | None = None

    def after_deal(self, won: Mapping[int, int]) -> None:
        """F12: the deal paid ``won`` (seat -> chips): who must post a kill blind next."""
        o = self.options
        self.next_seat = None
        if o.kill == "none":
            return
        sole = [s for s, chips in won.items() if chips > 0]
        winner = sole[0] if len(sole) == 1 else None
        for seat, p in enumerate(self.players):
            if p is None:
                continue
            p.pots_won_in_row = p.pots_won_in_row + 1 if seat == winner else 0
        if winner is None:
            return
        pot = sum(won.values())
        p = self.players[winner]
        assert p is not None
        if (o.kill == "two_pots" and p.pots_won_in_row >= 2) or (
            o.kill == "pot_size" and pot >= o.kill_pot_size > 0
        ):
            self.next_seat = winner
            self.notes.append(f"seat {winner} must post a kill blind next deal (F12)")
