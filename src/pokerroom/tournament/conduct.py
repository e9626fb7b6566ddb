"""Penalties and disqualification (P8, TDA 71).

A penalty is missed hands: one hand for each player at the table, the offender
included, times the rounds given.  The player is away from the table: dealt in,
blinded and anted, the hand killed (:meth:`Tournament.killed_action`); the
penalty starts at the end of the hand in progress.  A disqualified player is
out and the chips are removed from play.
"""

from __future__ import annotations

from pokerroom.errors import ConfigError
from pokerroom.tournament.busts import BustBook
from pokerroom.tournament.cashier import Cashier
from pokerroom.tournament.events import FloorEvent, PenaltyGiven, PlayerDisqualified
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.places import Bust, BustGroup
from pokerroom.tournament.roster import Roster, seated_table
from pokerroom.tournament.tables import TournamentTable


class Conduct:
    """The director's rulings on the entries of ``roster`` at the tables of ``floor``:
    a disqualified player's busts go to ``busts``, their chips out of ``cashier``'s
    count."""

    def __init__(self, roster: Roster, floor: Floor, busts: BustBook, cashier: Cashier) -> None:
        self.roster = roster
        self.floor = floor
        self.busts = busts
        self.cashier = cashier

    def penalize(self, who: str | int, rounds: int = 1) -> list[FloorEvent]:
        """P8: ``rounds`` rounds of missed hands."""
        if rounds < 1:
            raise ConfigError(f"a penalty is at least one round, got {rounds}")
        e = self.roster.entry(who)
        table = seated_table(self.floor, e)
        hands = rounds * table.alive()
        if table.hand is not None:
            e.penalty_next += hands
        else:
            e.penalty_hands += hands
        return [PenaltyGiven(e.number, hands)]

    def disqualify(self, who: str | int) -> list[FloorEvent]:
        """P8: out of the event, chips removed from play; during a hand, the hand is
        killed and the disqualification takes effect when it ends."""
        e = self.roster.entry(who)
        table = seated_table(self.floor, e)
        if table.hand is not None:
            e.disqualify_after_hand = True
            return []
        seat = table.seat_of(e.label)
        player = table.players[seat]
        assert player is not None
        return self.remove(table, seat, self.busts.new_group(), player.stack)

    def remove(self, table: TournamentTable, seat: int, group: BustGroup,
               chips_at_start: int) -> list[FloorEvent]:
        """P8: the disqualified player at ``seat`` leaves with their chips taken out of
        play, placed with the busts of ``group`` (``chips_at_start``: for P6)."""
        player = table.players[seat]
        assert player is not None
        e = self.roster.by_label[player.name]
        chips = table.leave(seat)
        self.cashier.take_out(chips)
        self.roster.eliminate(e)
        e.disqualified = True
        e.disqualify_after_hand = False
        group.busts.append(Bust(e.number, chips_at_start, disqualified=True))
        return [PlayerDisqualified(e.number, chips)]
