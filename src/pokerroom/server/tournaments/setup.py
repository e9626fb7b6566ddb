"""What a tournament in the room is made of: its structure (a built-in one with a
request's changes), the director's settings, and the records the director keeps
beside the library's :class:`~pokerroom.tournament.Tournament` -- the people
registered, their connections, and each table's log and timers."""

from __future__ import annotations

import dataclasses
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from pokerroom.bots import Policy
from pokerroom.errors import ConfigError, Reason
from pokerroom.server.tables.hand_result import HandResult
from pokerroom.server.wire.protocol import CreateTournament
from pokerroom.server.wire.sockets import Mailbox
from pokerroom.tournament import AddOn, Break, FloorOptions, Level, Rebuy, Structure
from pokerroom.tournament import structure as builtin_structure
from pokerroom.tournament.display import describe
from pokerroom.tournament.payouts import CUSTOM_PREFIX, custom_payout_table

_HOUSE_CHOICES = ("raise_cap", "limit_short_raise", "full_bring_in", "irregularity_procedures")
"""The house's choices a tournament may make when it is created (#27)."""


MAX_START_DAYS = 30
"""An event's start time (``starts_at``) is at most this many days ahead."""


def checked_start(request: CreateTournament, now: float) -> float | None:
    """The request's ``starts_at`` (Unix seconds), a time to come at most
    :data:`MAX_START_DAYS` ahead; None when it gives none."""
    if request.starts_at is not None and not now < request.starts_at <= (
            now + MAX_START_DAYS * 86400):
        raise ConfigError(f"starts_at must be a time to come (Unix seconds; now is "
                          f"{now:.0f}), at most {MAX_START_DAYS} days ahead, got "
                          f"{request.starts_at:.0f}")
    return request.starts_at


def build_structure(request: CreateTournament) -> Structure:
    """A built-in structure with the request's changes (checked by ``Structure``)."""
    base = builtin_structure(request.structure)
    changes: dict[str, Any] = {}
    if request.level_seconds is not None:
        first = next(p for p in base.schedule if isinstance(p, Level)).seconds
        ratio = request.level_seconds / first
        changes["schedule"] = tuple(
            dataclasses.replace(p, seconds=request.level_seconds) if isinstance(p, Level)
            else dataclasses.replace(p, seconds=max(1, round(p.seconds * ratio)))
            for p in base.schedule)
        if ratio < 1:  # short levels: the hand-for-hand run-off and push hold shrink too
            floor = base.floor
            changes["floor"] = dataclasses.replace(
                floor, hand_for_hand_seconds=max(1, round(floor.hand_for_hand_seconds * ratio)),
                push_hold_seconds=round(floor.push_hold_seconds * ratio))
    if request.seats is not None:
        changes["seats"] = request.seats
    stack = request.starting_stack if request.starting_stack is not None else base.starting_stack
    if request.starting_stack is not None:
        changes["starting_stack"] = stack
    levels = base.level_count
    if request.late_registration_levels is not None:
        changes["late_registration_levels"] = min(request.late_registration_levels, levels)
    buy_in = request.buy_in if request.buy_in is not None else base.buy_in
    if request.buy_in is not None:
        changes["buy_in"] = buy_in
    if request.fee is not None:
        changes["fee"] = request.fee
    if request.bounty is not None:
        changes["bounty"] = request.bounty
    last = min(request.rebuy_levels, levels)
    if request.rebuys:
        changes["rebuy"] = Rebuy(chips=stack, price=buy_in, last_level=last,
                                 max_per_entry=request.rebuy_limit)
    elif request.rebuy_limit is not None:
        raise ConfigError("rebuy_limit limits the rebuys: set rebuys to true too")
    if request.reentries is not None:
        changes["reentries"] = request.reentries
    changes.update(_money(request, changes.get("floor", base.floor)))
    if request.add_on:
        changes["add_on"] = AddOn(chips=stack, price=buy_in, after_level=last)
    house = {name: value for name in _HOUSE_CHOICES
             if (value := getattr(request, name)) is not None}
    if house:
        changes["house"] = dataclasses.replace(base.house, **house)
    return dataclasses.replace(base, **changes) if changes else base


class PayoutsRefused(ConfigError):
    """A payout table or unit the request cannot have (``bad_payouts``)."""

    reason = Reason.BAD_PAYOUTS


def _money(request: CreateTournament, floor: FloorOptions) -> dict[str, Any]:
    """The request's payout table and payout unit, checked (P10)."""
    changes: dict[str, Any] = {}
    if request.payouts == "custom":
        if request.payout_percentages is None:
            raise PayoutsRefused("payouts 'custom' needs payout_percentages: the "
                                 "percentages of 1st, 2nd, ... adding up to 100")
        try:
            table = custom_payout_table([repr(p) for p in request.payout_percentages])
        except ConfigError as exc:
            raise PayoutsRefused(f"payout_percentages: {exc}") from None
        changes["payouts"] = table.name
    elif request.payout_percentages is not None:
        raise PayoutsRefused("payout_percentages are the percentages of a custom table: "
                             "send payouts 'custom' with them")
    elif request.payouts is not None:
        changes["payouts"] = request.payouts
    if request.payout_unit is not None:
        changes["floor"] = dataclasses.replace(floor, payout_unit=request.payout_unit)
    return changes


def payouts_label(structure: Structure) -> str:
    """The payout table as the page shows it: its name, or a custom table's percentages."""
    name = structure.payouts
    if name.startswith(CUSTOM_PREFIX):
        return "custom: " + " / ".join(f"{p}%" for p in name[len(CUSTOM_PREFIX):].split(","))
    return name.replace("_", " ")


def schedule_rows(structure: Structure) -> list[dict[str, Any]]:
    """The structure sheet: every level and break, for the page."""
    rows: list[dict[str, Any]] = []
    number = 0
    for p in structure.schedule:
        if isinstance(p, Break):
            rows.append({"break": True, "seconds": p.seconds, "color_up": list(p.color_up)})
            continue
        number += 1
        stakes = structure.stakes_at(number)
        rows.append({"level": number, "seconds": p.seconds, "game": stakes.game.name,
                     "stakes": describe(stakes)})
    return rows


# ------------------------------------------------------------------ the people


@dataclass(slots=True)
class Registrant:
    """A person or a bot in the event (their latest entry is ``t.entry(name)``)."""

    name: str
    token: str | None  # people only: the key of their connection
    bot: Policy | None = None
    policy: str | None = None
    connections: int = 0
    disconnected_at: float = 0.0
    timeouts: int = 0  # consecutive turns the clock ran out on (T13)
    away: str | None = None  # why the library marks them absent (P8): "disconnected",
    # "timeouts" or "sat_out"
    rebuy_deadline: float | None = None
    wants_add_on: bool = False


@dataclass(slots=True, eq=False)
class Viewer(Mailbox):
    """One connection: a registrant (``name``) or a spectator (None) watching a table."""

    name: str | None
    watching: int | None = None


@dataclass(slots=True)
class TableRun:
    """What the director keeps for one table: its log and its timers."""

    number: int
    log: deque[str] = field(default_factory=lambda: deque(maxlen=200))
    hand_number: int = 0  # the tournament's hand number of the hand in play or last
    ready_at: float = 0.0  # no new hand before this (the pause between hands)
    deadline: float | None = None  # a person's action clock
    bot_due: float | None = None
    events_seen: int = 0
    cut: int | None = None  # RP-8-F: events from here are held until the round ends
    waiting: str | None = None  # why no hand is dealt now (the library's reason)
    start_stacks: dict[str, int] = field(default_factory=dict)
    # The last hand's result (tables/hand_result.py), shown between hands; a
    # hand-for-hand all-in hand's waits in ``held_result`` until the round ends (RP-8-F).
    result: HandResult | None = None
    held_result: HandResult | None = None


@dataclass(frozen=True, slots=True)
class DirectorSettings:
    action_seconds: float = 30.0
    bot_delay: float = 0.8
    pause_between_hands: float = 2.0
    sit_out_after: int = 2  # consecutive timeouts before a person is marked away
    away_after: float = 30.0  # seconds without a connection before being marked away
    rebuy_seconds: float = 20.0  # how long a busted person may think about a rebuy
    bot_rebuy_rate: float = 0.6


