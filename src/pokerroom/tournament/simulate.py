"""A whole tournament played by bots, checking the floor's invariants as it goes.

The tables play in rounds (each table one hand, then the clock moves on by
``seconds_per_round``), the way a room's tables run side by side.  After every
hand the simulation checks that every chip is accounted for and that the
tables are balanced within the tolerance (P7); at the end, that every place
from 1 to the field size was given once and the prizes add up to the prize
pool (P6, P10).  A failed check raises :class:`SimulationError`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerroom.bots import BOTS, Policy, RandomBot, ViewBot, legal_for
from pokerroom.bots.smart import brief
from pokerroom.errors import IllegalActionError
from pokerroom.rules.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.rules.engine import Phase
from pokerroom.rules.view import HandView
from pokerroom.tournament.places import Finish
from pokerroom.tournament.structure import Structure
from pokerroom.tournament.tournament import Tournament


class SteadyBot(ViewBot):
    """Plays like a careful club player who ignores the cards: folds to a bet a third
    of the time, otherwise calls, and now and then makes a small raise (the minimum,
    at most a pot-size one).  A field of them lasts hundreds of hands, so the clock,
    the breaks and the floor get a work-out."""

    name = "steady"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.fallback = RandomBot(rng)

    def decide(self, view: HandView) -> Action:
        """Bet or call by the hand's strength; the random bot's choice outside betting."""
        legal = legal_for(view)
        if legal.phase is not Phase.BETTING or legal.bring_in is not None:
            return self.fallback.decide(view)
        r = self.rng.random()
        if legal.min_raise_to is not None and r < 0.06:
            assert legal.max_raise_to is not None
            top = min(legal.max_raise_to, max(legal.min_raise_to, view.current_bet + view.pot))
            return BetRaise(self.rng.randint(legal.min_raise_to, top))
        if not legal.check:
            call = legal.call or 0
            own = view.own
            assert own is not None  # legal_for: the viewer's turn
            stack = own.stack
            if r < 0.40 or (call * 4 > stack and r < 0.85):
                return Fold()  # big bets are mostly given up
        return CheckCall()


# A field that plays for a while, with a few loose players to bust people.
BOT_MIX: tuple[str, ...] = ("steady", "steady", "tag", "steady", "steady", "tag", "steady",
                            "steady", "tag", "station")


def make_bot(name: str, rng: random.Random) -> Policy:
    """A bot from :data:`pokerroom.bots.BOTS`, or ``steady`` (:class:`SteadyBot`)."""
    if name == "steady":
        return SteadyBot(rng)
    return BOTS[name](rng)


class SimulationError(AssertionError):
    """An invariant of the floor did not hold."""


@dataclass(slots=True)
class SimulationReport:
    """What a simulated tournament did: hands, rounds, levels, tables, checks and the results."""
    players: int  # entries, late registrations included
    hands: int = 0
    rounds: int = 0
    levels: int = 0
    tables_at_start: int = 0
    max_imbalance: int = 0  # largest minus smallest table, whenever a hand may start
    chip_checks: int = 0
    rebuys: int = 0
    hand_for_hand_rounds: int = 0
    prize_pool: int = 0
    results: list[Finish] = field(default_factory=list)
    policies: dict[str, str] = field(default_factory=dict)  # player name -> bot name


def play_hand(t: Tournament, number: int, bots: dict[str, Policy]) -> None:
    """Deal and play one hand at table ``number`` with bots (killed hands folded, P8)."""
    hand = t.start_hand(number)
    while not hand.is_over:
        action = t.killed_action(number)
        if action is None:
            seat = hand.legal_actions().position
            assert seat is not None
            bot = bots[hand.config.names[seat]]
            brief(bot, t, number)  # near the money: the prizes and stacks, for ICM
            action = bot.decide(hand.view(seat))
        hand.act(action)


def check_places(results: Sequence[Finish], entries: int, pool: int) -> None:
    """P6, P10: the finishes cover places 1..entries exactly once; prizes add up."""
    by_range: dict[tuple[int, int], int] = {}
    for f in results:
        by_range[(f.place, f.place_to)] = by_range.get((f.place, f.place_to), 0) + 1
    places: list[int] = []
    for (lo, hi), count in by_range.items():
        if hi - lo + 1 != count:
            raise SimulationError(f"{count} players share places {lo}-{hi}")
        places.extend(range(lo, hi + 1))
    if sorted(places) != list(range(1, entries + 1)):
        raise SimulationError(f"places given: {sorted(places)[:20]}..., expected 1-{entries}")
    if len({f.entry for f in results}) != entries:
        raise SimulationError("an entry finished twice or not at all")
    total = sum(f.prize for f in results)
    if total != pool:
        raise SimulationError(f"prizes add up to {total}, the prize pool is {pool}")


def simulate(
    structure: Structure,
    players: int,
    *,
    rng: random.Random,
    bots: Sequence[str] = BOT_MIX,
    seconds_per_round: float = 120.0,
    absent: float = 0.0,
    late: int = 0,
    rebuy_rate: float = 0.5,
    check: bool = True,
    max_rounds: int = 100_000,
) -> tuple[Tournament, SimulationReport]:
    """Register ``players`` bots, start, and play to the winner.  ``absent``: the share
    of players who never show up (blinded out, P8); ``late``: players who register
    during late registration, a few each round."""
    t = Tournament(structure, rng=rng)
    chosen: dict[str, Policy] = {}
    policies: dict[str, str] = {}

    def enter() -> None:
        name = f"bot{len(chosen) + 1:04d}"
        policies[name] = bots[len(chosen) % len(bots)]
        chosen[name] = make_bot(policies[name], rng)
        t.register(name)
        if rng.random() < absent:
            t.set_absent(name)

    for _ in range(players):
        enter()
    t.start()
    late_left = late
    report = SimulationReport(players, tables_at_start=len(t.floor.tables), policies=policies)
    tolerance = structure.floor.balance_tolerance
    while not t.finished:
        report.rounds += 1
        if report.rounds > max_rounds:
            raise SimulationError(f"no winner after {max_rounds} rounds")
        if t.h4h.active:
            report.hand_for_hand_rounds += 1
        for number in sorted(t.floor.tables):
            if t.finished or number not in t.floor.tables or t.clock.on_break:
                continue
            try:
                play_hand(t, number, chosen)
            except IllegalActionError as refused:
                if refused.reason in ("table_halted", "table_breaking", "hand_for_hand",
                                "short_table"):
                    continue
                raise
            result = t.finish_hand(number)
            report.hands += 1
            for entry in result.busted:
                if t.entries[entry].deciding_rebuy:
                    if rng.random() < rebuy_rate:
                        t.rebuy(entry)
                        report.rebuys += 1
                    else:
                        t.decline_rebuy(entry)
            if check:
                _check_floor(t, report, tolerance)
        if t.finished:
            break
        while late_left and t.registration_open and rng.random() < 0.7:
            enter()
            late_left -= 1
        t.advance(seconds_per_round)
        while t.clock.on_break:
            left = t.clock.time_left
            t.advance(left if left else seconds_per_round)
        if check:
            _check_floor(t, report, tolerance)
    report.players = len(t.entries)
    report.levels = t.level
    report.prize_pool = t.prize_pool()
    report.results = t.results()
    if check:
        check_places(report.results, len(t.entries), report.prize_pool)
    return t, report


def _check_floor(t: Tournament, report: SimulationReport, tolerance: int) -> None:
    chips = t.chips_at_tables()
    if chips != t.chips_expected:
        raise SimulationError(f"chips at the tables {chips} != chips in play {t.chips_expected}")
    report.chip_checks += 1
    if t.h4h.active and t.h4h.done:
        return  # hand-for-hand: the tables are balanced when every table has played
    sizes = t.floor.sizes()
    if len(sizes) > 1:
        gap = max(sizes.values()) - min(sizes.values())
        report.max_imbalance = max(report.max_imbalance, gap)
        if gap > tolerance:
            raise SimulationError(f"tables out of balance: {sizes}")
