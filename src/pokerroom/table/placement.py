"""Where the button and the blinds go for the next deal (T1-T6, F4).

Pure functions over seat numbers; the table decides who is eligible.  Seats
are numbered clockwise; "after s" means the next seats clockwise from s.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass

from pokerroom.errors import ConfigError
from pokerroom.table.options import ButtonMethod


@dataclass(frozen=True, slots=True)
class Positions:
    """The button and blinds of one deal.

    ``button`` may be an empty seat or a seat not dealt in (a dead button, T2);
    then the last player before it acts last.  ``small_blind_seat`` is where
    the small blind falls; ``small_blind`` is the seat that posts it, None when
    it is dead (T2) or, heads-up, the button itself (F4).
    """

    button: int
    small_blind_seat: int
    small_blind: int | None
    big_blind: int
    heads_up: bool = False
    dead_button: bool = False  # T2: the button is on a seat nobody plays from

    def between_blinds(self, seat: int, seats: int) -> bool:
        """T7, T8: the button seat and the seats after it up to the big blind."""
        if seat == self.button:
            return True
        return seat in list(_after(self.button, seats, until=self.big_blind))


def _after(start: int, seats: int, *, until: int | None = None) -> Iterator[int]:
    """Seats clockwise after ``start``; stops before ``until`` (or after a full turn)."""
    s = start
    for _ in range(seats - 1):
        s = (s + 1) % seats
        if s == until:
            return
        yield s


def next_of(start: int, seats: int, among: Collection[int]) -> int:
    """The first seat after ``start`` (clockwise, wrapping, ``start`` last) in ``among``."""
    for s in (*_after(start, seats), start):
        if s in among:
            return s
    raise ConfigError("no eligible player for the button or blinds")


def passed_over(start: int, end: int, seats: int) -> list[int]:
    """The seats strictly between ``start`` and ``end``, clockwise."""
    return list(_after(start, seats, until=end))


def clockwise_from(start: int, seats: int, chosen: Collection[int]) -> tuple[int, ...]:
    """The chosen seats in dealing order: the first after ``start``, ``start`` last."""
    order = [(start + k) % seats for k in range(1, seats + 1)]
    return tuple(s for s in order if s in chosen)


def place(
    method: ButtonMethod,
    seats: int,
    *,
    candidates: Collection[int],
    dealers: Collection[int],
    previous: Positions | None,
    first_button: int | None = None,
) -> Positions:
    """Positions for the next deal.

    ``candidates``: seats whose players may take the big blind (present, with
    chips: active, new and returning players alike).  ``dealers``: seats whose
    players may take the button or small blind (active players dealt in).
    ``first_button``: the seat that won the draw (D5) for the first deal.
    """
    if len(candidates) < 2:
        raise ConfigError(f"a deal needs two players, {len(candidates)} can play")
    if len(candidates) == 2:
        return _heads_up(seats, candidates, dealers, previous, first_button)
    if previous is None:
        if first_button is None or first_button not in dealers:
            raise ConfigError("the first deal needs a button on an active player (draw for it)")
        sb = next_of(first_button, seats, dealers)
        bb = next_of(sb, seats, candidates)
        return Positions(first_button, sb, sb, bb)
    if method is ButtonMethod.DEAD_BUTTON:
        # T2: the big blind moves to the next player due it; small blind and
        # button follow behind it, even onto empty seats.
        bb = next_of(previous.big_blind, seats, candidates)
        sb_seat = previous.big_blind
        button = previous.small_blind_seat
        if sb_seat == bb or button == bb:
            # Coming back from heads-up or from a gap: keep the order sane.
            sb_seat = _before(bb, seats, set(dealers) | set(candidates))
            button = _before(sb_seat, seats, set(dealers)) if sb_seat != bb else sb_seat
            if button == bb and sb_seat in dealers:
                # Nobody but the big blind and the player before it may take the
                # button: heads-up (a newcomer waits, T7), as when the table shrank.
                return Positions(sb_seat, sb_seat, sb_seat, bb, heads_up=True)
        poster = sb_seat if sb_seat in dealers else None
        dead = button not in dealers and button not in candidates
        return Positions(button, sb_seat, poster, bb, dead_button=dead)
    # T3 / T4: the button always moves forward to an active player.
    button = next_of(previous.button, seats, dealers)
    sb = next_of(button, seats, dealers)
    if sb == button:
        return _heads_up_against(button, seats, candidates)
    bb = next_of(sb, seats, candidates)
    if bb == button:
        # Only two players may take the button or the small blind, and the others
        # sit between them (new players wait, T7): heads-up, the button moved on.
        return Positions(button, button, button, sb, heads_up=True)
    return Positions(button, sb, sb, bb)


def _heads_up_against(button: int, seats: int, candidates: Collection[int]) -> Positions:
    """F4, T7: the one player who may take the button plays heads-up against the next
    player, who comes in on the big blind."""
    bb = next_of(button, seats, candidates)
    return Positions(button, button, button, bb, heads_up=True)


def _before(seat: int, seats: int, among: Collection[int]) -> int:
    s = seat
    for _ in range(seats):
        s = (s - 1) % seats
        if s in among:
            return s
    return seat


def _heads_up(
    seats: int,
    candidates: Collection[int],
    dealers: Collection[int],
    previous: Positions | None,
    first_button: int | None,
) -> Positions:
    """F4, T6: the button posts the small blind; when the table shrinks to two
    the big blind keeps moving and the button is placed accordingly.  A new or
    returning player facing a single active player takes the big blind (T7)."""
    a, b = sorted(candidates)
    newcomers = [s for s in (a, b) if s not in dealers]
    if len(newcomers) == 1 and (previous is not None or first_button not in (a, b)):
        bb = newcomers[0]
        button = b if bb == a else a
    elif previous is None:
        button = first_button if first_button in (a, b) else a
        bb = b if button == a else a
    else:
        bb = next_of(previous.big_blind, seats, candidates)
        button = b if bb == a else a
    return Positions(button, button, button, bb, heads_up=True)


def missed_on_the_first_deal(
    method: ButtonMethod, seats: int, now: Positions
) -> list[tuple[int, bool, bool]]:
    """T11 / RR 12(a): the seats the blinds of the first deal of a new game skipped, as
    (seat, missed big, missed small): a seat between the button and the small blind
    missed the small blind, one between the small and the big blind the big blind
    (under No Missed Blinds both, as in :func:`missed_blinds`).  The table marks the
    players there who drew for the button and sit out."""
    dead = method is ButtonMethod.DEAD_BUTTON
    out = []
    past_small = False
    for s in passed_over(now.button, now.big_blind, seats):
        if s == now.small_blind_seat:
            past_small = True
            continue
        out.append((s, past_small, dead or not past_small))
    return out


def missed_blinds(
    method: ButtonMethod, seats: int, previous: Positions, now: Positions
) -> list[tuple[int, bool, bool]]:
    """T8: the seats a blind passed from ``previous`` to ``now``, as (seat, missed
    big, missed small).  The table marks the players there who were absent.  Under
    No Missed Blinds, a player the big blind skips has missed both blinds (the small
    blind never reaches them); it lands on last deal's big blind seat."""
    if method is ButtonMethod.SIMPLIFIED:
        return []
    dead = method is ButtonMethod.DEAD_BUTTON
    out = [(s, True, dead) for s in passed_over(previous.big_blind, now.big_blind, seats)]
    if dead:
        out.append((now.small_blind_seat, False, True))
    else:
        out += [(s, False, True)
                for s in passed_over(previous.small_blind_seat, now.small_blind_seat, seats)]
    return out
