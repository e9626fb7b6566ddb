"""Hands at the tournament's tables: dealing the next hand at the level on the clock
(P3), the action of a killed hand (P8), and taking a finished hand back: busts,
penalties and disqualifications, then the floor.

Functions over a :class:`~pokerroom.tournament.tournament.Tournament`; its methods
:meth:`~pokerroom.tournament.tournament.Tournament.start_hand`,
:meth:`~pokerroom.tournament.tournament.Tournament.killed_action` and
:meth:`~pokerroom.tournament.tournament.Tournament.finish_hand` call them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import events as hand_events
from pokerroom.rules.actions import Action, BringIn, Discard, Fold, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.tournament import buys
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import FloorEvent, PlayerDisqualified
from pokerroom.tournament.places import Bust, BustGroup
from pokerroom.tournament.tables import TournamentTable

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand did on the floor."""

    table: int
    busted: tuple[int, ...]  # entries that lost every chip (some may still rebuy)
    events: tuple[FloorEvent, ...]
    held: tuple[hand_events.Event, ...] = ()  # RP-8-F: not to be shown yet


def start_hand(t: Tournament, number: int, *, deck: Deck | None = None) -> Hand:
    """Deal the next hand at table ``number`` at the level on the clock now (P3)."""
    if not t.started or t.finished:
        raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
    table = t.table(number)
    if table.hand is not None:
        raise IllegalActionError(Reason.HAND_IN_PROGRESS, f"table {number} is in a hand")
    if t.clock.on_break:
        raise IllegalActionError(Reason.ON_BREAK, "the tournament is on a break")
    buys.decline_waiting_rebuys(t, number)
    if number not in t.floor.tables:
        raise IllegalActionError(Reason.TABLE_BROKEN, f"table {number} has been broken")
    if t.floor.blocked(number):
        raise IllegalActionError(Reason.TABLE_BREAKING, f"table {number} waits to be broken "
                                 "or for the final table")
    if not t.h4h.may_start(number):
        raise IllegalActionError(Reason.HAND_FOR_HAND, f"hand-for-hand: table {number} waits "
                                 "for the other tables to finish the hand")
    short = halted_short(t, number)
    if short:
        raise IllegalActionError(Reason.TABLE_HALTED,
                                 f"table {number} is {short} players short "
                                 "of the largest table and waits for players (TDA 11)")
    if number in t._color_up_due:
        t._emit(t._color_up(number))  # a hand ran past the end of the break
    if table.first_button is None and table.positions is None:
        t._emit(t.floor.draw_buttons([table]))
    stakes = t.stakes()
    if table.stakes != stakes:
        table.switcher.switch(table, stakes, t.rng)  # P3: a new level, or game
    table.chip_unit = t.chip_unit
    if sum(1 for p in table.players if p is not None and p.present) < 2:
        raise IllegalActionError(Reason.SHORT_TABLE, f"table {number} has too few players")
    t._start_chips[number] = {p.name: p.stack for p in table.seated().values()}
    if deck is None:
        deck = Deck(rng=t.rng, cards=stakes.game.deck)
    return table.start_hand(deck)


def halted_short(t: Tournament, number: int) -> int:
    """TDA 11-D: how many players the table is short of the largest when that many
    halt it (0: it may deal)."""
    halt = t.structure.floor.halt_shortage
    size = t.floor.size(number)
    table = t.floor.tables[number]
    short = max(t.floor.sizes().values()) - size if table.seat_count - size >= halt else 0
    return short if short >= halt else 0


def stalled(t: Tournament, number: int) -> bool:
    """A table between hands (no rebuy still to decide) that cannot deal until the
    floor breaks or balances it: marked to break, waiting for the final table,
    halted short of players (TDA 11-D), or down to fewer than two players."""
    if not t.floor.idle(number):
        return False
    table = t.floor.tables[number]
    present = sum(1 for p in table.players if p is not None and p.present)
    return present < 2 or t.floor.blocked(number) or halted_short(t, number) > 0


def killed_action(t: Tournament, number: int) -> Action | None:
    """P8: the action for a killed hand when it is that seat's turn."""
    hand = t.table(number).hand
    if hand is None or hand.is_over:
        return None
    legal = hand.legal_actions()
    if legal.seat is None:
        return None
    entry = t.by_label.get(hand.config.names[legal.seat])
    if entry is None or not entry.killed:
        return None
    if legal.phase is Phase.BETTING:
        return BringIn() if legal.bring_in is not None else Fold()
    if legal.phase is Phase.DRAWING:
        return Discard(())
    return Show()


def finish_hand(t: Tournament, number: int) -> HandResult:
    """Take a finished hand back: busts, penalties, disqualifications, then the floor."""
    table = t.table(number)
    hand, plan = table.hand, table.plan_in_play
    if hand is None or plan is None:
        raise IllegalActionError(Reason.NO_HAND, f"table {number} has no hand in progress")
    table.finish_hand()
    events: list[FloorEvent] = []
    held: tuple[hand_events.Event, ...] = ()
    in_round = t.h4h.active and number in t.h4h.tables
    if in_round:
        held = tuple(t.h4h.finished(number, hand))
    dealt = set(hand.config.names)
    for label in dealt:
        e = t.by_label[label]
        if e.penalty_hands:
            e.penalty_hands -= 1
        e.penalty_hands += e.penalty_next
        e.penalty_next = 0
    t.floor.deliver(number)
    start = t._start_chips.pop(number, {})
    if t.structure.floor.bust_order == "after_antes":
        for ev in hand.events:
            if isinstance(ev, hand_events.AntePosted):
                start[hand.config.names[ev.seat]] -= ev.amount
    group = t._round_group() if in_round else t._new_group()
    busted: list[int] = []
    for seat, p in sorted(table.seated().items()):
        e = t.by_label[p.name]
        if e.disqualify_after_hand:
            events.extend(remove_disqualified(t, table, seat, e, group, start))
        elif p.stack == 0:
            busted.append(e.number)
            t._knock_out(table, seat, e, group, start.get(p.name, 0))
    if in_round and t.h4h.round_over:
        t._queue_round_group()
    if number in t._color_up_due and t.clock.on_break:
        events.extend(t._color_up(number))
    events.extend(t._after_change())
    return HandResult(number, tuple(busted), tuple(t._emit(events)), held)


def remove_disqualified(t: Tournament, table: TournamentTable, seat: int, e: Entry,
                        group: BustGroup, start: dict[str, int]) -> list[FloorEvent]:
    """P8: a disqualified player leaves with their chips taken out of play, placed with
    the busts of ``group``."""
    chips = table.leave(seat)
    t.chips_expected -= chips
    t._eliminate(e)
    e.disqualified = True
    e.disqualify_after_hand = False
    group.busts.append(Bust(e.number, start.get(e.label, 0), disqualified=True))
    return [PlayerDisqualified(e.number, chips)]
