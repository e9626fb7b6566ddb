"""Penalties and disqualification (P8, TDA 71).

A penalty is missed hands: one hand for each player at the table, the offender
included, times the rounds given.  The player is away from the table: dealt in,
blinded and anted, the hand killed (:meth:`Tournament.killed_action`); the
penalty starts at the end of the hand in progress.  A disqualified player is
out and the chips are removed from play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.errors import ConfigError
from pokerroom.tournament import hands
from pokerroom.tournament.events import FloorEvent, PenaltyGiven

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


def penalize(t: Tournament, who: str | int, rounds: int = 1) -> list[FloorEvent]:
    """P8: ``rounds`` rounds of missed hands."""
    if rounds < 1:
        raise ConfigError(f"a penalty is at least one round, got {rounds}")
    e = t.entry(who)
    table = t._table_of(e)
    hands = rounds * table.alive()
    if table.hand is not None:
        e.penalty_next += hands
    else:
        e.penalty_hands += hands
    return t._emit([PenaltyGiven(e.number, hands)])


def disqualify(t: Tournament, who: str | int) -> list[FloorEvent]:
    """P8: out of the event, chips removed from play; during a hand, the hand is killed
    and the disqualification takes effect when it ends."""
    e = t.entry(who)
    table = t._table_of(e)
    if table.hand is not None:
        e.disqualify_after_hand = True
        return []
    seat = table.seat_of(e.label)
    player = table.players[seat]
    assert player is not None
    group = t._new_group()
    events = hands.remove_disqualified(t, table, seat, e, group, {e.label: player.stack})
    events.extend(t._after_change())
    return t._emit(events)
