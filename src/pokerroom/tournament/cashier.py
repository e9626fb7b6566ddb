"""The cashier: money on the way in and out (rebuys, add-ons, final-table deals) and
the count of every chip the event has put in play."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.tournament.busts import BustBook
from pokerroom.tournament.entries import Entry
from pokerroom.tournament.events import ChipsBought, DealMade, FloorEvent
from pokerroom.tournament.floor import Floor
from pokerroom.tournament.icm import DealQuestion
from pokerroom.tournament.places import Finish
from pokerroom.tournament.structure import AddOn, Rebuy


class Cashier:
    """Rebuys and add-ons sold at the tables of ``floor``, a deal if one is made, and
    the chips in play they add up to (with the starting stacks, chip races and
    chips removed)."""

    def __init__(self, floor: Floor, busts: BustBook) -> None:
        self.floor = floor
        self.busts = busts
        self.rebuys = 0
        self.add_ons = 0
        self.chips_expected = 0  # every chip the event has put in play, less removed
        self.deal: dict[int, int] | None = None
        self.kept_for_winner = 0

    def put_in(self, chips: int) -> None:
        """``chips`` more in play (a starting stack, a chip race's change); fewer when
        negative."""
        self.chips_expected += chips

    def take_out(self, chips: int) -> None:
        """``chips`` leave play (P8: a disqualified player's)."""
        self.chips_expected -= chips

    # ------------------------------------------------------------ rebuys

    @staticmethod
    def may_rebuy(e: Entry, rules: Rebuy | None, *, level: int, hand_for_hand: bool) -> bool:
        """Whether a player who busts now may decide on a rebuy: in the rebuy period, not
        in hand-for-hand play, within the limit per entry."""
        r = rules
        return (r is not None and level <= r.last_level and not hand_for_hand
                and (r.max_per_entry is None or e.rebuys < r.max_per_entry))

    def rebuy(self, e: Entry, rules: Rebuy | None, *, level: int) -> list[FloorEvent]:
        """Buy the rebuy's chips: in the rebuy period, between hands at the player's
        table, with a stack at or below the threshold (0: busted), within the limit.  A
        player who busted in the period may still rebuy once it has ended (their table
        waits for the answer either way)."""
        r = rules
        if r is None:
            raise IllegalActionError(Reason.NO_REBUYS, "this event has no rebuys")
        if not e.alive:
            raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} is out of the event")
        if level > r.last_level and not e.deciding_rebuy:
            raise IllegalActionError(Reason.REBUYS_OVER, f"rebuys ended with level {r.last_level}")
        if r.max_per_entry is not None and e.rebuys >= r.max_per_entry:
            raise IllegalActionError(Reason.REBUY_LIMIT, f"{e.label!r} has used all "
                                     f"{r.max_per_entry} rebuys")
        table = self.floor.table_of(e.label)
        if table is None or e.label not in {p.name for p in table.seated().values()}:
            raise IllegalActionError(Reason.NOT_SEATED, f"{e.label!r} is on the way to a table")
        if table.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS,
                                     "rebuys are made between hands (B11)")
        seat = table.seat_of(e.label)
        player = table.players[seat]
        assert player is not None
        if player.stack > r.threshold:
            raise IllegalActionError(Reason.STACK_TOO_BIG, f"{e.label!r} has {player.stack} "
                                     f"chips; rebuys are for stacks of at most {r.threshold}")
        if player.stack == 0:
            table.rebuy(seat, r.chips)
        else:
            table.top_up(seat, r.chips)
        e.rebuys += 1
        e.deciding_rebuy = False
        self.rebuys += 1
        self.chips_expected += r.chips
        self.busts.rebought(e)
        return [ChipsBought(e.number, "rebuy", r.chips, r.price)]

    def decline_rebuy(self, e: Entry) -> None:
        """A busted player will not rebuy: out of the event."""
        if not e.deciding_rebuy:
            raise IllegalActionError(Reason.NOT_DECIDING, f"{e.label!r} has no rebuy to decide")
        table = self.floor.table_of(e.label)
        assert table is not None
        self.busts.decline(table, table.seat_of(e.label), e)

    # ------------------------------------------------------------ the add-on

    def add_on(self, e: Entry, rules: AddOn | None, *, level: int) -> list[FloorEvent]:
        """One add-on per entry, during level ``after_level`` and the break after it,
        between hands."""
        a = rules
        if a is None:
            raise IllegalActionError(Reason.NO_ADD_ON, "this event has no add-on")
        if not e.alive or e.deciding_rebuy:
            raise IllegalActionError(Reason.ELIMINATED, f"{e.label!r} has no chips in play")
        if e.add_on:
            raise IllegalActionError(Reason.ADD_ON_TAKEN, f"{e.label!r} has taken the add-on")
        if level != a.after_level:
            raise IllegalActionError(Reason.ADD_ON_CLOSED, f"the add-on is taken in level "
                                     f"{a.after_level} or the break after it")
        table = self.floor.table_of(e.label)
        if table is None or table.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS, "the add-on is taken between hands")
        table.top_up(table.seat_of(e.label), a.chips)
        e.add_on = True
        self.add_ons += 1
        self.chips_expected += a.chips
        return [ChipsBought(e.number, "add_on", a.chips, a.price)]

    # ------------------------------------------------------------ deals

    def make_deal(self, amounts: Mapping[int, int], *, keep_for_winner: int,
                  alive: set[int], prizes: Sequence[int]) -> list[FloorEvent]:
        """The players still in (entries ``alive``) agree to split the money:
        ``amounts`` by entry, adding up with ``keep_for_winner`` to the ``prizes`` left.
        With nothing kept the event ends (the caller finishes it, places by chips);
        otherwise play goes on for the rest."""
        if self.deal is not None:
            raise IllegalActionError(Reason.DEAL_MADE, "a deal has been made already")
        if set(amounts) != alive:
            raise ConfigError(f"the deal must name every player still in: entries {sorted(alive)}")
        left = sum(prizes[k] for k in range(min(len(alive), len(prizes))))
        if sum(amounts.values()) + keep_for_winner != left:
            raise ConfigError(f"the deal adds up to {sum(amounts.values()) + keep_for_winner}, "
                              f"but {left} is left to win")
        if any(a < 0 for a in amounts.values()):
            raise ConfigError("a deal cannot give a negative amount")
        if keep_for_winner == 0 and any(tb.hand is not None
                                        for tb in self.floor.tables.values()):
            raise IllegalActionError(Reason.HAND_IN_PROGRESS,
                                     "a deal ends the event between hands")
        self.deal = dict(amounts)
        self.kept_for_winner = keep_for_winner
        return [DealMade(tuple(sorted(amounts.items())), keep_for_winner)]

    def settled(self, finishes: list[Finish]) -> list[Finish]:
        """``finishes`` with a deal's amounts in place of the prizes of those who made it."""
        if self.deal is None:
            return finishes
        out = []
        for f in finishes:
            if f.entry in self.deal:
                bonus = self.kept_for_winner if f.place == 1 else 0
                f = Finish(f.entry, f.place, f.place_to, self.deal[f.entry] + bonus,
                           f.disqualified)
            out.append(f)
        return out


def deal_question(players: int, stacks: Sequence[int], prizes: Sequence[int], *,
                  keep_for_winner: int, unit: int) -> DealQuestion:
    """What a deal suggestion among the ``players`` still in (with ``stacks``) needs,
    the prizes of the places being ``prizes``; checked, nothing changed."""
    if players < 2:
        raise IllegalActionError(Reason.NO_DEAL, "a deal needs two players or more")
    places = tuple(prizes[k] if k < len(prizes) else 0 for k in range(players))
    return DealQuestion(tuple(stacks), places, keep_for_winner, unit)
