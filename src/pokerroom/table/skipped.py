"""T3, T4 (ENC's "moving button"): blinds a player present was skipped by, paid later.

ENC: "As in Simplified, the button moves to the left to the next active player, and
the blinds move to the next two active players. However, any 'missed blinds' are paid
by the player whom they skipped as if they were due for the upcoming hand, with one
blind paid per player, per hand, biggest blind first. Any blind a player misses on a
given hand because a bigger blind was due will be paid by the player in the following
hand."  And: "In the special case of three players in a tournament being reduced to
the two-player showdown, any leftover blinds from other rules are 'written off'":
pokerroom writes them off whenever a deal is heads-up.

:func:`collect_skipped` (pure) reads the placement of two deals and what each player
still owes, and says who posts what now and what is left for later;
:func:`keep_owed` writes what is left on the players after the deal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pokerroom.table.placement import Positions, passed_over
from pokerroom.table.plan import HandPlan
from pokerroom.table.player import Player

Owed = tuple[bool, bool]  # (a big blind, a small blind) still to pay


@dataclass(frozen=True, slots=True)
class SkippedBlinds:
    """What :func:`collect_skipped` decided for one deal: the live posts of skipped
    blinds (seat -> chips), the seats whose small blind waits for the next deal (a
    bigger blind was due), what each player owes after the deal, and notes."""

    posts: dict[int, int]
    deferred_small_blind: int | None
    owed_after: tuple[tuple[int, bool, bool], ...]
    notes: tuple[str, ...]


def collect_skipped(
    previous: Positions | None, now: Positions, seats: int, *,
    regulars: Collection[int], carried: Mapping[int, Owed], small: int, big: int,
) -> SkippedBlinds:
    """The skipped blinds of the deal placed at ``now`` after ``previous``.

    ``regulars``: the seats dealt in who take blinds in turn (active, owing nothing,
    no other post this deal): only they can be skipped, and only they pay now.
    ``carried``: what a regular still owes from earlier deals.  Every regular the big
    blind passed over from ``previous`` to ``now`` owes a big blind; every one the
    small blind passed over owes a small blind.  Each pays one a deal, the big first,
    as a live post; the big blind of this deal pays its own blind only; the small
    blind of this deal who owes a big blind posts the big one and pays the small on
    the next deal."""
    owed = {s: carried.get(s, (False, False)) for s in regulars}
    if now.heads_up:
        return SkippedBlinds({}, None, (), ("heads-up: skipped blinds are written off (ENC)",)
                           if any(b or s for b, s in owed.values()) else ())
    if previous is not None:
        for s in passed_over(previous.big_blind, now.big_blind, seats):
            if s in owed:
                owed[s] = (True, owed[s][1])
        for s in passed_over(previous.small_blind_seat, now.small_blind_seat, seats):
            if s in owed and s != now.big_blind:
                owed[s] = (owed[s][0], True)
    posts: dict[int, int] = {}
    deferred: int | None = None
    after: list[tuple[int, bool, bool]] = []
    notes: list[str] = []
    for s in sorted(owed):
        owes_big, owes_small = owed[s]
        if s == now.big_blind or not (owes_big or owes_small):
            pass  # one blind a deal: this deal's big blind pays its own
        elif owes_big:
            posts[s] = big
            owes_big = False
            notes.append(f"seat {s}: posts the big blind the blinds skipped (T3, ENC)")
            if s == now.small_blind:
                deferred, owes_small = s, True
        elif s != now.small_blind:
            posts[s] = small
            owes_small = False
            notes.append(f"seat {s}: posts the small blind the blinds skipped (T3, ENC)")
        if owes_big or owes_small:
            after.append((s, owes_big, owes_small))
    return SkippedBlinds(posts, deferred, tuple(after), tuple(notes))


def keep_owed(plan: HandPlan, players: Sequence[Player | None]) -> None:
    """T3, T4 (ENC): after the deal of ``plan``, what the players dealt in still owe
    (``plan.skipped``), by seat; a bomb pot changes nothing."""
    if plan.bomb_pot:
        return
    for seat in plan.seats:
        p = players[seat]
        assert p is not None
        p.skipped_big = p.skipped_small = False
    for seat, big, small in plan.skipped:
        p = players[seat]
        assert p is not None
        p.skipped_big, p.skipped_small = big, small
