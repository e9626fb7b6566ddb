"""T8: missed blinds, the markers and how they are made up (house option ``make_up``).

A player absent when a blind passes them gets a missed-blind marker (T8; in a new
game, from the first deal on, those who drew for the button, T11 / RR 12a).  To
be dealt in again before the big blind they make the blinds up, by the house's
``make_up``: ``"by_structure"`` (LVH B15-B16), ``"sum"`` (RR 9, RR 7) or
``"one_per_hand"`` (ENC).
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerroom.table.options import ButtonMethod
from pokerroom.table.placement import missed_blinds, missed_on_the_first_deal
from pokerroom.table.plan import Duties, HandPlan
from pokerroom.table.player import Player
from pokerroom.table.state import TableState


class MakeUps:
    """The missed-blind rules of one table (its state read through ``table``)."""

    def __init__(self, table: TableState) -> None:
        self.table = table

    def mark(self, plan: HandPlan, played_over: Mapping[int, Player]) -> None:
        """T8: players absent when a blind of ``plan`` passes them get a missed-blind
        marker; ``played_over``: absent players whose seats someone plays over (T7)."""
        t = self.table
        prev, now, method = t.positions, plan.positions, t.method
        if now is None:
            return
        if prev is None:
            if t.hands_dealt or method is ButtonMethod.SIMPLIFIED:
                return
            passed = missed_on_the_first_deal(method, t.seat_count, now)
        else:
            passed = missed_blinds(method, t.seat_count, prev, now)
        # T7 / RR 6 (the seeds are silent; pokerroom's choice): the absent player whose
        # seat someone plays over misses the blinds that seat takes or is passed by.
        for seat in played_over if method is not ButtonMethod.SIMPLIFIED else ():
            if seat == now.big_blind:
                passed.append((seat, True, method is ButtonMethod.DEAD_BUTTON))
            elif seat == now.small_blind_seat:
                passed.append((seat, False, True))
        for seat, big, small in passed:
            p = played_over.get(seat, t.players[seat])
            if p is None or p.present or not p.in_game:
                continue
            if big:
                p.missed_big = True
            if small:
                p.missed_small = True
            t.notes.append(f"seat {seat}: missed the {'big' if big else 'small'} blind")

    def post(self, seat: int, player: Player, duties: Duties, *, between: bool) -> None:
        """T8: ``player`` owes blinds and posts to be dealt in now: what they post, by
        the house's ``make_up`` (``between``: the seat is between the blinds)."""
        stakes, make_up = self.table.stakes, self.table.options.make_up
        bb, sb = stakes.big_blind, stakes.small_blind
        if stakes.is_limit or make_up != "by_structure":
            # T8: the sum, the big blind live and the small dead; never between
            # the blinds (LVH B15a, B16 at limit; RR 9, RR 7 in every game).
            if between:
                duties.waiting.append(seat)
                duties.notes.append(f"seat {seat}: make-ups wait for the button (T8)")
                return
            duties.dealt.add(seat)
            if make_up == "one_per_hand":
                # ENC: one blind a hand, the largest first, all live.
                duties.posts[seat] = bb if player.missed_big else sb
            elif player.missed_big:
                duties.posts[seat] = bb
                if player.missed_small:
                    duties.dead[seat] = sb
            else:
                duties.dead[seat] = sb
        else:
            duties.dealt.add(seat)
            if player.missed_big:
                duties.posts[seat] = bb
            else:
                duties.dead[seat] = sb

    def settle(self, seat: int, player: Player, plan: HandPlan) -> None:
        """T8: after the deal of ``plan``, the markers ``player`` (in ``seat``, dealt in)
        made up, and whether they skip the blinds until the big blind (LVH B16)."""
        t = self.table
        position = plan.position_of(seat)
        posted_bb = (plan.positions is not None and seat == plan.positions.big_blind
                     and not plan.bomb_pot)
        made_up = player.owes and bool(plan.posts[position] or plan.dead[position]
                                       or seat in plan.straddles)  # T8, LVH B13c
        if (
            made_up and not t.stakes.is_limit and plan.positions is not None
            and plan.positions.between_blinds(seat, t.seat_count)
        ):
            player.skip_blinds_until_bb = True  # T8, LVH B16: no more blinds that round
        if (
            made_up and not posted_bb and t.options.make_up == "one_per_hand"
            and player.missed_big and player.missed_small and seat not in plan.straddles
        ):
            # T8 (ENC): the big blind made up this hand, the small one the next.
            player.missed_big = False
            player.wants_to_post = True
        elif posted_bb or made_up:
            player.missed_small = player.missed_big = False
        if posted_bb:
            player.skip_blinds_until_bb = False
