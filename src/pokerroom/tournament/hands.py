"""Hands at the tournament's tables: dealing the next hand at the level on the clock
(P3), the action of a killed hand (P8), and taking a finished hand back: penalties
counted down, busts and disqualifications booked, before the floor follows.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import events as hand_events
from pokerroom.rules.actions import Action, BringIn, Discard, Fold, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.table import Stakes
from pokerroom.tournament.busts import BustBook
from pokerroom.tournament.conduct import Conduct
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import FloorEvent
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.hand_for_hand import HandForHand
from pokerroom.tournament.roster import Roster
from pokerroom.tournament.tables import TournamentTable


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand did on the floor."""

    table: int
    busted: tuple[int, ...]  # entries that lost every chip (some may still rebuy)
    events: tuple[FloorEvent, ...]
    held: tuple[hand_events.Event, ...] = ()  # RP-8-F: not to be shown yet


class HandBook:
    """The hands dealt at the tables of ``floor`` to the entries of ``roster``: busts
    go to ``busts``, disqualifications to ``conduct``, hand-for-hand rounds to ``h4h``."""

    def __init__(self, floor: Floor, roster: Roster, busts: BustBook, conduct: Conduct,
                 h4h: HandForHand) -> None:
        self.floor = floor
        self.roster = roster
        self.busts = busts
        self.conduct = conduct
        self.h4h = h4h
        self.start_chips: dict[int, dict[str, int]] = {}  # per table, for P6

    def check_may_deal(self, number: int, *, halt_shortage: int) -> None:
        """Refuse a hand at table ``number`` that the floor holds up: broken, breaking
        or waiting for the final table, waiting for the hand-for-hand round, or halted
        short of players (TDA 11)."""
        if number not in self.floor.tables:
            raise IllegalActionError(Reason.TABLE_BROKEN, f"table {number} has been broken")
        if self.floor.blocked(number):
            raise IllegalActionError(Reason.TABLE_BREAKING, f"table {number} waits to be "
                                     "broken or for the final table")
        if not self.h4h.may_start(number):
            raise IllegalActionError(Reason.HAND_FOR_HAND, f"hand-for-hand: table {number} "
                                     "waits for the other tables to finish the hand")
        short = self.halted_short(number, halt_shortage=halt_shortage)
        if short:
            raise IllegalActionError(Reason.TABLE_HALTED,
                                     f"table {number} is {short} players short "
                                     "of the largest table and waits for players (TDA 11)")

    def deal(self, table: TournamentTable, stakes: Stakes, *, chip_unit: int,
             rng: random.Random, deck: Deck | None = None) -> Hand:
        """Deal the next hand at ``table`` at ``stakes`` (P3), from a deck shuffled with
        ``rng`` unless ``deck`` is given."""
        if table.stakes != stakes:
            table.switcher.switch(table, stakes, rng)  # P3: a new level, or game
        table.chip_unit = chip_unit
        if sum(1 for p in table.players if p is not None and p.present) < 2:
            raise IllegalActionError(Reason.SHORT_TABLE,
                                     f"table {table.number} has too few players")
        self.start_chips[table.number] = {p.name: p.stack for p in table.seated().values()}
        if deck is None:
            deck = Deck(rng=rng, cards=stakes.game.deck)
        return table.start_hand(deck)

    def halted_short(self, number: int, *, halt_shortage: int) -> int:
        """TDA 11-D: how many players the table is short of the largest when that many
        (``halt_shortage``) halt it (0: it may deal)."""
        halt = halt_shortage
        size = self.floor.size(number)
        table = self.floor.tables[number]
        short = (max(self.floor.sizes().values()) - size
                 if table.seat_count - size >= halt else 0)
        return short if short >= halt else 0

    def stalled(self, number: int, *, halt_shortage: int) -> bool:
        """A table between hands (no rebuy still to decide) that cannot deal until the
        floor breaks or balances it: marked to break, waiting for the final table,
        halted short of players (TDA 11-D), or down to fewer than two players."""
        if not self.floor.idle(number):
            return False
        table = self.floor.tables[number]
        present = sum(1 for p in table.players if p is not None and p.present)
        return (present < 2 or self.floor.blocked(number)
                or self.halted_short(number, halt_shortage=halt_shortage) > 0)

    def killed_action(self, table: TournamentTable) -> Action | None:
        """P8: the action for a killed hand when it is that seat's turn."""
        hand = table.hand
        if hand is None or hand.is_over:
            return None
        legal = hand.legal_actions()
        if legal.position is None:
            return None
        entry = self.roster.by_label.get(hand.config.names[legal.position])
        if entry is None or not entry.killed:
            return None
        if legal.phase is Phase.BETTING:
            return BringIn() if legal.bring_in is not None else Fold()
        if legal.phase is Phase.DRAWING:
            return Discard(())
        return Show()

    def take_back(self, table: TournamentTable, *, after_antes: bool,
                  may_rebuy: Callable[[Entry], bool]) -> HandResult:
        """Take the finished hand of ``table`` back: penalties counted down, busts and
        disqualifications booked (P6: ranked by chips at the start of the hand, less
        the antes when ``after_antes``; a bust for whom ``may_rebuy`` decides), the
        hand-for-hand round closed when this was its last hand.  The floor follows
        (the caller's)."""
        number = table.number
        hand, plan = table.hand, table.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, f"table {number} has no hand in progress")
        table.finish_hand()
        events: list[FloorEvent] = []
        held: tuple[hand_events.Event, ...] = ()
        in_round = self.h4h.active and number in self.h4h.tables
        if in_round:
            held = tuple(self.h4h.finished(number, hand))
        for label in set(hand.config.names):
            e = self.roster.by_label[label]
            if e.penalty_hands:
                e.penalty_hands -= 1
            e.penalty_hands += e.penalty_next
            e.penalty_next = 0
        self.floor.deliver(number)
        start = self.start_chips.pop(number, {})
        if after_antes:
            for ev in hand.events:
                if isinstance(ev, hand_events.AntePosted):
                    start[hand.config.names[ev.position]] -= ev.amount
        group = self.busts.round_group() if in_round else self.busts.new_group()
        busted: list[int] = []
        for seat, p in sorted(table.seated().items()):
            e = self.roster.by_label[p.name]
            if e.disqualify_after_hand:
                events.extend(self.conduct.remove(table, seat, group, start.get(e.label, 0)))
            elif p.stack == 0:
                busted.append(e.number)
                self.busts.knock_out(table, seat, e, group, start.get(p.name, 0),
                                     may_rebuy=may_rebuy(e))
        if in_round and self.h4h.round_over:
            self.busts.close_round()
        return HandResult(number, tuple(busted), tuple(events), held)
