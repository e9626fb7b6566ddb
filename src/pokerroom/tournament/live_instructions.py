"""What a live event tells the floor: an :class:`Instruction` for each tournament
event, in words and in numbers, gathered in a :class:`LiveReport`.

Seats are numbered from 0 in the numbers; the texts say them as printed on the
table (seat 1 first).  :class:`~pokerroom.tournament.live.LiveEvent` makes the
reports; import these names from :mod:`pokerroom.tournament.live`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.tournament.display import describe
from pokerroom.tournament.events import (
    BountyWon,
    BreakEnded,
    BreakStarted,
    ChipsBought,
    DealMade,
    FinalTableFormed,
    FloorEvent,
    HandForHandEnded,
    HandForHandRoundEnded,
    HandForHandStarted,
    LevelStarted,
    PlayerEliminated,
    PlayerMoved,
    PlayerRegistered,
    PlayerSeated,
    RegistrationClosed,
    TableBroken,
    TournamentFinished,
)

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


@dataclass(frozen=True, slots=True)
class Instruction:
    """One thing the floor must do (or announce), in words and in numbers."""

    kind: str  # seat, move, break_table, final_table, hand_for_hand_start, ...
    text: str
    entry: int | None = None
    from_table: int | None = None
    from_seat: int | None = None
    to_table: int | None = None
    to_seat: int | None = None


@dataclass(frozen=True, slots=True)
class LiveReport:
    """What one report changed: the tournament's events and the floor's instructions."""

    events: tuple[FloorEvent, ...]
    instructions: tuple[Instruction, ...]


def duration(seconds: float) -> str:
    """A length of time as the floor says it: whole minutes when it is some, else
    seconds, each in the singular when one.

    >>> duration(60), duration(600), duration(90), duration(1)
    ('1 minute', '10 minutes', '90 seconds', '1 second')
    """
    whole = int(seconds)
    count, unit = (whole // 60, "minute") if whole and whole % 60 == 0 else (whole, "second")
    return f"{count} {unit}{'' if count == 1 else 's'}"

def seat_text(seat: int) -> str:
    """A seat as printed on the table: ``seat_text(0) == "seat 1"``."""
    return f"seat {seat + 1}"


def ordinal(n: int) -> str:
    """``ordinal(22) == "22nd"``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def instructions_for(t: Tournament, e: FloorEvent, money: Callable[[int], str]
                     ) -> list[Instruction]:
    """What event ``e`` of tournament ``t`` asks of the floor, in words; ``money`` says
    an amount (prizes, deals)."""

    def name(entry: int) -> str:
        return t.entries[entry].label

    if isinstance(e, BountyWon):
        text = (f"{name(e.hunter)} keeps their own bounty {money(e.amount)}"
                if e.hunter == e.busted else
                f"{name(e.hunter)} wins {name(e.busted)}'s bounty {money(e.amount)}")
        return [Instruction("bounty", text, e.hunter)]
    if isinstance(e, PlayerSeated):
        return [Instruction("seat", f"{name(e.entry)}: table {e.table}, {seat_text(e.seat)}"
                            + {"draw": "", "late_registration": " (late registration)",
                               "final_table": " (final table draw)"}.get(e.reason, ""),
                            e.entry, to_table=e.table, to_seat=e.seat)]
    if isinstance(e, PlayerMoved):
        why = {"balance": " (due the big blind, to the worst position: P7)",
               "break": " (table breaking: seat-card draw)",
               "director": " (director)"}.get(e.reason, "")
        return [Instruction("move", f"Move {name(e.entry)} from table {e.from_table} "
                            f"{seat_text(e.from_seat)} to table {e.to_table} "
                            f"{seat_text(e.to_seat)}{why}", e.entry, e.from_table, e.from_seat,
                            e.to_table, e.to_seat)]
    if isinstance(e, TableBroken):
        return [Instruction("break_table", f"Table {e.table} is broken", to_table=e.table)]
    if isinstance(e, FinalTableFormed):
        stakes = t.stakes()
        same = (f"; the ante stays {stakes.ante:,}, posted by the big blind (not "
                f"reduced at the final table: P4)" if stakes.big_blind_ante
                and stakes.ante else "")
        return [Instruction("final_table", f"Final table: {e.players} players re-drawn "
                            f"to table {e.table}{same}", to_table=e.table)]
    if isinstance(e, HandForHandStarted):
        run_off = t.structure.floor.hand_for_hand_seconds
        took = duration(run_off)
        return [Instruction("hand_for_hand_start", f"Hand-for-hand: {e.players_left} "
                            f"left, {e.places_paid} paid. Every table plays one hand and "
                            f"waits; all-in hands stay face down until every table is "
                            f"done; each hand takes {took} off the clock (P5)")]
    if isinstance(e, HandForHandRoundEnded):
        return [Instruction("hand_for_hand_round", f"Hand-for-hand hand {e.round} over: "
                            "deal the next hand at every table")]
    if isinstance(e, HandForHandEnded):
        return [Instruction("hand_for_hand_stop", f"Hand-for-hand is over "
                            f"({e.players_left} left): deal at every table")]
    if isinstance(e, PlayerEliminated):
        place = ordinal(e.place) if e.place == e.place_to else (
            f"{ordinal(e.place)}-{ordinal(e.place_to)} (shared)")
        paid = f", wins {money(e.prize)}" if e.prize else ""
        return [Instruction("eliminated", f"{name(e.entry)} is out in {place} place{paid}",
                            e.entry)]
    if isinstance(e, BreakStarted):
        text = f"Break: {duration(e.seconds)}"
        if e.color_up:
            chips = ", ".join(f"{c:,}" for c in e.color_up)
            text += (f". Colour up the {chips} chips: race off the odd chips at every "
                     f"table, one card per chip, nobody raced out (P9); smallest chip "
                     f"now {t.chip_unit:,}")
        return [Instruction("color_up" if e.color_up else "break", text)]
    if isinstance(e, BreakEnded):
        return [Instruction("break_over", "The break is over: shuffle up and deal")]
    if isinstance(e, LevelStarted):
        return [Instruction("level", f"Level {e.number}: {describe(t.stakes(e.number))}"
                            + who_posts_the_ante(t, e.number))]
    if isinstance(e, RegistrationClosed):
        return [Instruction("registration_closed",
                            f"Registration is closed: {e.entries} entries")]
    if isinstance(e, PlayerRegistered) and e.table is None:
        return [Instruction("registered", f"{e.name} registered (entry {e.entry})",
                            e.entry)]
    if isinstance(e, ChipsBought):
        what = "rebuy" if e.kind == "rebuy" else "add-on"
        return [Instruction(e.kind, f"{name(e.entry)}: {what}, {e.chips:,} chips",
                            e.entry)]
    if isinstance(e, DealMade):
        return [Instruction("deal", "Deal made: " + ", ".join(
            f"{name(n)} {money(a)}" for n, a in e.amounts))]
    if isinstance(e, TournamentFinished):
        return [Instruction("finished", f"{name(e.winner)} wins the event", e.winner)]
    return []


def who_posts_the_ante(t: Tournament, level: int) -> str:
    """P4, F7: with a big-blind ante, who posts it and in which order."""
    stakes = t.stakes(level)
    if not (stakes.big_blind_ante and stakes.ante):
        return ""
    first = ("ante first" if t.structure.floor.bba_order == "ante_first"
             else "big blind first")
    return (f". The big blind posts the whole table's ante of {stakes.ante:,} "
            f"({first} when short: P4)")
