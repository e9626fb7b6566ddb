"""A tournament table: the table engine with the tournament's settings (P2, P4, P7).

:class:`TournamentTable` is a :class:`~pokerroom.table.Table` with the dead
button (P2, ``TableOptions(tournament=True)``), players dealt in at once when
they are moved in (TDA: a moved player may get the big blind, the small blind
or the button, never a hand between the small blind and the button), the
big-blind ante order (F7) and the smallest chip in play for splitting pots (S10).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Literal

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError
from pokerroom.rules.engine import Hand
from pokerroom.table import Player, Stakes, Status, Table, TableOptions
from pokerroom.tournament.mixed import GameSwitcher


class TournamentTable(Table):
    """One table of a tournament, numbered ``number`` (1 is the final table's)."""

    def __init__(
        self,
        number: int,
        stakes: Stakes,
        *,
        seats: int = 9,
        bba_order: str = "ante_first",
        chip_unit: int = 1,
        irregularity_procedures: Literal["seed", "tda2024"] = "seed",
    ) -> None:
        super().__init__(
            stakes, TableOptions(seats=seats, tournament=True, new_player_must_post=False,
                                 irregularity_procedures=irregularity_procedures)
        )
        self.number = number
        self.bba_order = bba_order
        self.chip_unit = chip_unit
        self.switcher = GameSwitcher()  # mixed games: the button across stud

    # ------------------------------------------------------------- dealing

    def start_hand(
        self, deck: Deck | None = None, *, manual: bool = False, bomb_pot: bool = False
    ) -> Hand:
        """Deal as the table engine does, with the tournament's big-blind-ante order
        and smallest chip (the table engine leaves both at their defaults)."""
        if bomb_pot:
            raise ConfigError("bomb pots are a cash-game option, never in tournaments")
        self._deal_in_stranded()
        needs_config = self.bba_order != "ante_first" or self.chip_unit != 1
        if not needs_config or manual:
            return super().start_hand(deck, manual=manual)
        if deck is None:
            raise ConfigError("a tournament table deals from a deck it is given")
        order = deck.order
        hand = super().start_hand(Deck.from_order(order))
        config = dataclasses.replace(
            hand.config, bba_order=self.bba_order, chip_unit=self.chip_unit  # type: ignore[arg-type]
        )
        self.hand = Hand(config, Deck.from_order(order))
        return self.hand

    # ------------------------------------------------------------- seating

    def seated(self) -> dict[int, Player]:
        """The players at this table, by seat."""
        return {s: p for s, p in enumerate(self.players) if p is not None}

    def empty_seats(self) -> list[int]:
        """The seats nobody holds, in order."""
        return [s for s, p in enumerate(self.players) if p is None]

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name``; ConfigError if they are not here."""
        for s, p in enumerate(self.players):
            if p is not None and p.name == name:
                return s
        raise ConfigError(f"{name!r} is not at table {self.number}")

    def draw_button(self, rng: random.Random) -> int:
        """P1: a random draw for the button (high card, D5, from a shuffled deck)."""
        return self.draw_for_button(Deck(rng=rng)).winner

    def seat_player(self, seat: int, name: str, chips: int) -> Player:
        """Seat a player arriving from another table (or late).

        TDA: they may be dealt in on the big blind, the small blind or the button;
        only between the small blind and the button do they wait.  The table engine
        makes every newcomer wait on the button and small blind (T7, cash games), so
        the player is made active at once unless they sit strictly between the next
        hand's button and small blind.
        """
        player = self.sit(seat, name, chips)
        if self.hands_dealt == 0 or self.positions is None or self.stakes.game.is_stud:
            player.status = Status.ACTIVE
            return player
        others = [s for s in self._present() if s != seat]
        if len(others) >= 2:
            plan = self.plan()
            pos = plan.positions
            if pos is not None and len(plan.seats) >= 2 and _strictly_between(
                pos.button, pos.small_blind_seat, seat, self.seat_count
            ):
                return player  # waits until the button has passed
        # Otherwise, and always when fewer than two others can play yet (a table
        # being refilled) or the others cannot make a hand without them: dealt in
        # at once, never left waiting as a cash newcomer.
        player.status = Status.ACTIVE
        return player

    def _deal_in_stranded(self) -> None:
        """Players moved in wait for the button to pass only while the others can play
        a hand without them.  When the next deal would have fewer than two players
        (the others busted or moved away, or several newcomers arrived at a lone
        player), the waiting newcomers are dealt in now: a table that can never deal
        would hold up hand-for-hand play (P5) and balancing (P7) for good."""
        if self.hands_dealt == 0 or self.positions is None or self.stakes.game.is_stud:
            return
        if len(self._present()) < 2:
            return
        plan = self.plan()
        if len(plan.seats) >= 2:
            return
        for s in plan.waiting:
            p = self.players[s]
            if p is not None and p.status is Status.NEW:
                p.status = Status.ACTIVE

    def worst_position(self) -> int:
        """P7: the empty seat that pays the big blind soonest: the first empty seat
        after the last big blind (never the small blind, which is behind it)."""
        empty = self.empty_seats()
        if not empty:
            raise ConfigError(f"table {self.number} has no empty seat")
        pos = self.switcher.blind_positions(self)
        if pos is None:
            return empty[0]
        n = self.seat_count
        for k in range(1, n + 1):
            s = (pos.big_blind + k) % n
            if s in empty:
                return s
        return empty[0]  # pragma: no cover - empty is not empty

    def due_big_blind(self) -> int:
        """P7: the seat of the player who would pay the big blind next hand (stud: the
        player after the last dealer position)."""
        seated = self.seated()
        if not seated:
            raise ConfigError(f"table {self.number} is empty")
        present = self._present()
        if len(present) >= 2 and not self.stakes.game.is_stud and (
            self.positions is not None or self.first_button is not None
        ):
            return self.plan().positions.big_blind  # type: ignore[union-attr]
        pos = self.switcher.blind_positions(self)
        start = pos.big_blind if pos is not None else -1
        n = self.seat_count
        for k in range(1, n + 1):
            s = (start + k) % n
            if s in seated:
                return s
        raise AssertionError("unreachable")  # pragma: no cover

    def alive(self) -> int:
        """Players seated with chips (a busted player awaiting a rebuy counts)."""
        return len(self.players) - self.players.count(None)


def _strictly_between(start: int, end: int, seat: int, seats: int) -> bool:
    """True when ``seat`` lies strictly between ``start`` and ``end`` clockwise."""
    s = start
    for _ in range(seats):
        s = (s + 1) % seats
        if s == end:
            return False
        if s == seat:
            return True
    return False
