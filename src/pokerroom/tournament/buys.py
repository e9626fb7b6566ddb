"""Money on the way in and out: rebuys, add-ons and final-table deals.

Functions over a :class:`~pokerroom.tournament.tournament.Tournament`; the
tournament's methods of the same names call them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import ChipsBought, DealMade, FloorEvent
from pokerroom.tournament.icm import DealQuestion, DealSuggestion
from pokerroom.tournament.places import Bust, Finish
from pokerroom.tournament.tables import TournamentTable

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


def rebuy(t: Tournament, who: str | int) -> list[FloorEvent]:
    """Buy the rebuy's chips: in the rebuy period, between hands at the player's table,
    with a stack at or below the threshold (0: busted), within the limit.  A player
    who busted in the period may still rebuy once it has ended (their table waits for
    the answer either way)."""
    r = t.structure.rebuy
    if r is None:
        raise IllegalActionError(Reason.NO_REBUYS, "this event has no rebuys")
    e = t.entry(who)
    if not e.alive:
        raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} is out of the event")
    if t.level > r.last_level and not e.deciding_rebuy:
        raise IllegalActionError(Reason.REBUYS_OVER, f"rebuys ended with level {r.last_level}")
    if r.max_per_entry is not None and e.rebuys >= r.max_per_entry:
        raise IllegalActionError(Reason.REBUY_LIMIT, f"{e.label!r} has used all "
                                 f"{r.max_per_entry} rebuys")
    table = t.floor.table_of(e.label)
    if table is None or e.label not in {p.name for p in table.seated().values()}:
        raise IllegalActionError(Reason.NOT_SEATED, f"{e.label!r} is on the way to a table")
    if table.hand is not None:
        raise IllegalActionError(Reason.HAND_IN_PROGRESS, "rebuys are made between hands (B11)")
    seat = table.seat_of(e.label)
    player = table.players[seat]
    assert player is not None
    if player.stack > r.threshold:
        raise IllegalActionError(Reason.STACK_TOO_BIG, f"{e.label!r} has {player.stack} chips; "
                                 f"rebuys are for stacks of at most {r.threshold}")
    if player.stack == 0:
        table.rebuy(seat, r.chips)
    else:
        table.top_up(seat, r.chips)
    e.rebuys += 1
    e.deciding_rebuy = False
    t.rebuys += 1
    t.chips_expected += r.chips
    for g in t._groups:
        if e.number in g.deciding:
            g.deciding.discard(e.number)
            g.busts = [b for b in g.busts if b.entry != e.number]
    events: list[FloorEvent] = [ChipsBought(e.number, "rebuy", r.chips, r.price)]
    events.extend(t._after_change())
    return t._emit(events)


def decline_rebuy(t: Tournament, who: str | int) -> list[FloorEvent]:
    """A busted player will not rebuy: out of the event."""
    e = t.entry(who)
    if not e.deciding_rebuy:
        raise IllegalActionError(Reason.NOT_DECIDING, f"{e.label!r} has no rebuy to decide")
    table = t.floor.table_of(e.label)
    assert table is not None
    eliminate_decider(t, table, table.seat_of(e.label), e)
    return t._emit(t._after_change())


def may_rebuy(t: Tournament, e: Entry) -> bool:
    """Whether a player who busts now may decide on a rebuy: in the rebuy period, not
    in hand-for-hand play, within the limit per entry."""
    r = t.structure.rebuy
    return (r is not None and t.level <= r.last_level and not t.h4h.active
            and (r.max_per_entry is None or e.rebuys < r.max_per_entry))


def decline_waiting_rebuys(t: Tournament, number: int) -> None:
    """Before table ``number`` deals, its busted players still deciding are out."""
    table = t.floor.tables.get(number)
    if table is None:
        return
    declined = False
    for seat, p in list(table.seated().items()):
        if p.stack == 0:
            eliminate_decider(t, table, seat, t.by_label[p.name])
            declined = True
    if declined:
        t._emit(t._after_change())


def eliminate_decider(t: Tournament, table: TournamentTable, seat: int, e: Entry) -> None:
    """A busted player who was deciding on a rebuy leaves the table, out."""
    table.leave(seat)
    t._eliminate(e)
    e.deciding_rebuy = False
    t._vacated[(table.number, seat)] = e.number
    for g in t._groups:
        g.deciding.discard(e.number)


def add_on(t: Tournament, who: str | int) -> list[FloorEvent]:
    """One add-on per entry, during level ``after_level`` and the break after it,
    between hands."""
    a = t.structure.add_on
    if a is None:
        raise IllegalActionError(Reason.NO_ADD_ON, "this event has no add-on")
    e = t.entry(who)
    if not e.alive or e.deciding_rebuy:
        raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} has no chips in play")
    if e.add_on:
        raise IllegalActionError(Reason.ADD_ON_TAKEN, f"{e.label!r} has taken the add-on")
    if t.level != a.after_level:
        raise IllegalActionError(Reason.ADD_ON_CLOSED, f"the add-on is taken in level "
                                 f"{a.after_level} or the break after it")
    table = t.floor.table_of(e.label)
    if table is None or table.hand is not None:
        raise IllegalActionError(Reason.HAND_IN_PROGRESS, "the add-on is taken between hands")
    table.top_up(table.seat_of(e.label), a.chips)
    e.add_on = True
    t.add_ons += 1
    t.chips_expected += a.chips
    return t._emit([ChipsBought(e.number, "add_on", a.chips, a.price)])


def deal_question(t: Tournament, *, keep_for_winner: int = 0,
                  stacks: Sequence[int] | None = None) -> DealQuestion:
    """What a deal suggestion among the players still in needs (their stacks, or
    ``stacks`` in the order of :meth:`Tournament.alive`, and the prizes they will
    take); checked, nothing changed."""
    alive = t.alive()
    if len(alive) < 2:
        raise IllegalActionError(Reason.NO_DEAL, "a deal needs two players or more")
    prizes = t.prizes()
    n = len(alive)
    places = tuple(prizes[k] if k < len(prizes) else 0 for k in range(n))
    chips = tuple(stacks) if stacks is not None else tuple(t._stack(e) for e in alive)
    return DealQuestion(chips, places, keep_for_winner, t.structure.floor.payout_unit)


def deal_suggestion(t: Tournament, *, keep_for_winner: int = 0) -> DealSuggestion:
    """ICM and chip-chop deals of the prizes the players still in will win."""
    return deal_question(t, keep_for_winner=keep_for_winner).answer()


def make_deal(t: Tournament, amounts: Mapping[int, int], *, keep_for_winner: int = 0
              ) -> list[FloorEvent]:
    """The players still in agree to split the money: ``amounts`` by entry, adding up
    with ``keep_for_winner`` to the prizes left.  With nothing kept the event ends
    (places by chips); otherwise play goes on for the rest."""
    if t.deal is not None:
        raise IllegalActionError(Reason.DEAL_MADE, "a deal has been made already")
    alive = {e.number for e in t.alive()}
    if set(amounts) != alive:
        raise ConfigError(f"the deal must name every player still in: entries {sorted(alive)}")
    prizes = t.prizes()
    left = sum(prizes[k] for k in range(min(len(alive), len(prizes))))
    if sum(amounts.values()) + keep_for_winner != left:
        raise ConfigError(f"the deal adds up to {sum(amounts.values()) + keep_for_winner}, "
                          f"but {left} is left to win")
    if any(a < 0 for a in amounts.values()):
        raise ConfigError("a deal cannot give a negative amount")
    if keep_for_winner == 0 and any(tb.hand is not None for tb in t.floor.tables.values()):
        raise IllegalActionError(Reason.HAND_IN_PROGRESS, "a deal ends the event between hands")
    t.deal = dict(amounts)
    t.kept_for_winner = keep_for_winner
    events: list[FloorEvent] = [DealMade(tuple(sorted(amounts.items())), keep_for_winner)]
    if keep_for_winner == 0:
        events.extend(t._finish())
    return t._emit(events)


def results(t: Tournament) -> list[Finish]:
    """The standings: eliminated groups, then the players still in once it is over
    (one winner, or everyone in a deal that ended it, placed by chips)."""
    winners: list[Bust] = []
    if t.finished:
        winners = [Bust(e.number, t._stack(e)) for e in t.alive()]
    finishes = t.eliminations.standings(len(t.entries), t.prizes(),
                                        unit=t.structure.floor.payout_unit, winners=winners)
    if t.deal is None:
        return finishes
    out = []
    for f in finishes:
        if f.entry in t.deal:
            bonus = t.kept_for_winner if f.place == 1 else 0
            f = Finish(f.entry, f.place, f.place_to, t.deal[f.entry] + bonus, f.disqualified)
        out.append(f)
    return out
