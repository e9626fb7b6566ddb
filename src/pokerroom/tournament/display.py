"""What the tournament clock shows: level, game and blinds, time left, the next
level, players left, average stack, prize pool (a value the room renders)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.table import Stakes
from pokerroom.tournament.structure import Break

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament


@dataclass(frozen=True, slots=True)
class ClockView:
    """What a tournament clock display shows (:func:`clock_view`): the level or break,
    the game and stakes, the time left, what comes next and the field's numbers."""

    level: int
    on_break: bool
    game: str  # the game's name
    stakes: str  # "100/200, ante 200 (big blind)" or "limits 400/800, ante 60, bring-in 100"
    time_left: float | None  # seconds; None in the last level
    next_stakes: str | None
    next_break_in: float | None  # seconds of play to the next break
    players_left: int
    entries: int
    average_stack: int
    chips_in_play: int
    prize_pool: int
    places_paid: int
    hand_for_hand: bool
    push_held: bool
    registration_open: bool
    tables: int


def describe(stakes: Stakes) -> str:
    """Blinds and antes, or limits, ante and bring-in, as the clock shows them."""
    if stakes.game.is_stud:
        return (f"limits {stakes.small_bet:,}/{stakes.big_bet:,}, ante {stakes.ante:,}, "
                f"bring-in {stakes.bring_in:,}")
    text = f"{stakes.small_blind:,}/{stakes.big_blind:,}"
    if stakes.is_limit:
        text = f"limits {stakes.small_bet:,}/{stakes.big_bet:,}, blinds {text}"
    if stakes.ante:
        text += f", ante {stakes.ante:,}" + (" (big blind)" if stakes.big_blind_ante else "")
    return text


def clock_view(t: Tournament) -> ClockView:
    """The clock display of tournament ``t`` now."""
    clock = t.clock
    level = clock.level_number
    game = t.structure.game_at(level)
    nxt = level + 1 if level < t.structure.level_count else None
    next_break: float | None = None
    for i in range(clock.index + 1, len(clock.schedule)):
        if isinstance(clock.schedule[i], Break):
            next_break = clock.starts[i] - clock.elapsed
            break
    left = t.players_left
    chips = t.chips_expected
    return ClockView(
        level=level,
        on_break=clock.on_break,
        game=game.name,
        stakes=describe(t.stakes(level)),
        time_left=clock.time_left,
        next_stakes=describe(t.stakes(nxt)) if nxt is not None else None,
        next_break_in=next_break,
        players_left=left,
        entries=len(t.entries),
        average_stack=chips // left if left else 0,
        chips_in_play=chips,
        prize_pool=t.prize_pool(),
        places_paid=t.places_paid,
        hand_for_hand=t.h4h.active,
        push_held=clock.push_held,
        registration_open=t.registration_open,
        tables=len(t.floor.tables),
    )

