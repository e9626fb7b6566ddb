"""Planning the next deal: button and blinds by the button method, who is dealt in,
who waits and who posts what (T2-T8, T11-T13, F4, F11-F13).

:class:`Planner` is a part the :class:`~pokerroom.table.table.Table` holds: its
:meth:`Planner.plan` reads the seats, what the last deal left behind and the
table's other parts (straddles, kill blind, seat changes, the new game, the
make-ups) and changes nothing.
"""

from __future__ import annotations

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.kill import KillBlind
from pokerroom.table.make_ups import MakeUps
from pokerroom.table.new_game import NewGameRound
from pokerroom.table.options import MAX_STUD_PLAYERS, ButtonMethod
from pokerroom.table.placement import Positions, clockwise_from, next_of, passed_over, place
from pokerroom.table.plan import Duties, HandPlan
from pokerroom.table.player import Player, Status
from pokerroom.table.seat_changes import SeatChanges
from pokerroom.table.skipped import collect_skipped
from pokerroom.table.state import TableState
from pokerroom.table.straddles import Straddles


class Planner:
    """Decides the next deal of ``table`` from its state and its parts."""

    def __init__(self, table: TableState, *, straddles: Straddles, kill: KillBlind,
                 seat_changes: SeatChanges, new_game: NewGameRound,
                 make_ups: MakeUps) -> None:
        self.table = table
        self.straddles = straddles
        self.kill = kill
        self.seat_changes = seat_changes
        self.new_game = new_game
        self.make_ups = make_ups

    def _free_in_new_game(self, seat: int) -> bool:
        return self.new_game.free_at(seat, self.table.hands_dealt)

    # ---------------------------------------------------------------- plan

    def present(self) -> dict[int, Player]:
        """The players who would be dealt in (sitting in with chips), by seat."""
        return {s: p for s, p in enumerate(self.table.players) if p is not None and p.present}

    def plan(self) -> HandPlan:
        """Decide the next deal without changing anything."""
        present = self.present()
        if len(present) < 2:
            raise IllegalActionError(
                Reason.TOO_FEW_PLAYERS, f"{len(present)} player(s) ready: a deal needs two")
        if self.table.stakes.game.is_stud:
            if len(present) > MAX_STUD_PLAYERS:
                raise IllegalActionError(
                    Reason.TOO_MANY_PLAYERS,
                    f"{len(present)} players ready: {self.table.stakes.game.name} deals at most "
                    f"{MAX_STUD_PLAYERS} (more would need more cards before seventh street "
                    "than the deck holds, I9); one must sit out")
            return self._plan_stud(present)
        ready = [s for s, p in present.items() if not p.letting_blinds_pass]
        if len(ready) < 2:
            raise IllegalActionError(
                Reason.TOO_FEW_PLAYERS, f"{len(ready)} player(s) ready: a deal needs two "
                "(a player letting the blinds pass cannot take one, T12)")
        return self._plan_blinds(present)

    def _plan_stud(self, present: dict[int, Player]) -> HandPlan:
        # No button in stud; keep a dealer position moving for the seat order.
        t = self.table
        start = t.first_button if t.positions is None else t.positions.button
        if start is None:
            start = min(present)
        elif self.table.positions is not None:
            start = next(s for s in (*passed_over(start, start, self.table.seat_count), start)
                         if s in present)
        seats = clockwise_from(start, self.table.seat_count, present)
        antes = tuple(self.table.stakes.ante for _ in seats)
        zeros = (0,) * len(seats)
        positions = Positions(start, start, None, start)
        return HandPlan(positions, seats, zeros, zeros, zeros, antes)

    def _plan_blinds(self, present: dict[int, Player]) -> HandPlan:
        stakes, options = self.table.stakes, self.table.options
        waiting_turns = self.seat_changes.waiting()
        positions, present, dealers, absent_due = self._place_next(present, waiting_turns)
        duties = self._duties(present, positions, dealers, waiting_turns)
        self.straddles.check_comeback(duties, positions)
        if len(duties.dealt) == 2 and not positions.heads_up:
            # F4 (RR 3): whoever else waits, two players dealt in play heads-up.
            positions = _heads_up_between(duties.dealt, positions.big_blind, dealers)
            duties = self._duties(present, positions, dealers, waiting_turns)
        elif len(duties.dealt) == 1 and not self.table.options.tournament:
            # The one regular player cannot deal to himself: he takes the button (F4)
            # and the next player comes in on the big blind (T7).  A tournament table
            # deals its moved-in players in itself (TournamentTable).
            (alone,) = duties.dealt
            others = set(present) - {alone}
            if alone in dealers and others:
                bb_seat = next_of(alone, self.table.seat_count, others)
                positions = Positions(alone, alone, alone, bb_seat, heads_up=True)
                duties = self._duties(present, positions, dealers, waiting_turns)
        notes = duties.notes
        dealt = duties.dealt
        if absent_due is not None:
            notes.append(f"seat {absent_due}: away but in the room and due the button: dealt "
                         "in; the hand is killed if they do not return (T13)")
        bb, sb = stakes.big_blind, stakes.small_blind
        seats = clockwise_from(positions.button, self.table.seat_count, dealt)
        blinds = {positions.big_blind: bb}
        unposted = 0
        if positions.small_blind is not None:
            blinds[positions.small_blind] = sb
        else:
            unposted = sb  # T2: a dead small blind, not posted
        if stakes.button_blind and not positions.heads_up:
            # F3 (ENC): with three blinds the first is on the button; a dead button
            # (T2) posts none.  Heads-up the button is the small blind (F4): two blinds.
            if positions.button in dealt and not positions.dead_button:
                blinds[positions.button] = stakes.button_blind
            else:
                unposted += stakes.button_blind
        kill_seat = self.kill.next_seat if self.kill.next_seat in dealt else None
        factor = options.kill_factor if kill_seat is not None else 1.0
        if kill_seat is not None:
            # F12: the kill blind replaces any blind the killer was due (house rules
            # vary; this keeps one blind per player).
            blinds[kill_seat] = int(bb * factor)
        straddles = self.straddles.post(blinds, dealt, bb)  # F11 / LVH B8b
        skipped: tuple[tuple[int, bool, bool], ...] = ()
        if self.table.method is ButtonMethod.SKIPPED_BLINDS_PAID:
            regulars = {s for s in dealt if s in dealers and s not in duties.posts
                        and s not in duties.dead and s not in straddles and s != kill_seat}
            got = collect_skipped(
                self.table.positions, positions, self.table.seat_count, regulars=regulars,
                carried={s: (p.skipped_big, p.skipped_small)
                         for s in regulars if (p := self.table.player(s))},
                small=sb, big=bb)
            if got.deferred_small_blind is not None:
                del blinds[got.deferred_small_blind]
            duties.posts.update(got.posts)
            notes.extend(got.notes)
            skipped = got.owed_after
        ante = stakes.ante
        if stakes.big_blind_ante:
            antes = tuple(ante if s == positions.big_blind else 0 for s in seats)
        elif stakes.button_ante:
            # F1 (ENC): the dealer pays for everyone.  A dead button (T2) deals with no
            # ante: nobody deals from it (ENC's "minor inequities" of a missed turn).
            payer = positions.button if not positions.dead_button else None
            antes = tuple(ante * len(seats) if s == payer else 0 for s in seats)
            if payer is None or payer not in seats:
                notes.append("dead button: nobody pays the button ante this deal (F1)")
        else:
            antes = tuple(ante for _ in seats)
        return HandPlan(
            positions=positions,
            seats=seats,
            blinds=tuple(blinds.get(s, 0) for s in seats),
            posts=tuple(duties.posts.get(s, 0) for s in seats),
            dead=tuple(duties.dead.get(s, 0) for s in seats),
            antes=antes,
            straddles=tuple(straddles),
            kill_seat=kill_seat,
            factor=factor,
            waiting=tuple(sorted(duties.waiting)),
            notes=tuple(notes),
            absent=(absent_due,) if absent_due is not None else (),
            unposted=unposted,
            skipped=skipped,
        )

    def _place_next(
        self, present: dict[int, Player], waiting_turns: set[int]
    ) -> tuple[Positions, dict[int, Player], set[int], int | None]:
        """The button and blinds of the next deal, by the button method (T1-T4, T13):
        the positions, the players present (with an away player due the button), the
        players who may take the button or small blind, and that away player."""
        first_deal = self.table.hands_dealt == 0
        # T12 / RR 14: a player letting the blinds pass takes none of them.
        candidates = {s for s, p in present.items() if not p.letting_blinds_pass}
        dealers = {
            s for s in candidates
            if (p := present[s]).status is Status.ACTIVE and not p.owes
            and not p.skip_blinds_until_bb and s not in waiting_turns and not p.dealing_off
        }
        absent_due: int | None = None
        if (
            self.table.method is ButtonMethod.MOVING_BUTTON and self.table.positions is not None
            and not first_deal and len(present) >= 3
        ):
            # T13 / LVH B12b: an away player due the button is dealt in if in the room.
            due = self._due_button(set(present) | self._away_in_room())
            if due is not None and due not in present:
                absent_due = due
        if first_deal:
            dealers = set(present)
        elif not dealers and absent_due is None:
            # Nobody present has taken the blinds in turn: the players who have been
            # in the game (owing blinds) may take the button, or nobody could.
            dealers = {s for s, p in present.items() if p.status is Status.ACTIVE}
        elif len(candidates) == 2:
            # Heads-up there is no round to skip blinds in: a made-up player is regular.
            dealers |= {s for s, p in present.items() if p.skip_blinds_until_bb}
        first = self.table.first_button
        if self.table.positions is None and first is None:
            raise IllegalActionError(Reason.BUTTON_NOT_DRAWN,
                                     "draw for the button first: table.draw_for_button(deck) (D5)")
        positions = place(
            self.table.method, self.table.seat_count, candidates=candidates,
            dealers=dealers | {absent_due} if absent_due is not None else dealers,
            previous=self.table.positions, first_button=first,
        )
        if absent_due is not None and (positions.button != absent_due or positions.heads_up):
            absent_due = None  # not in a heads-up deal: they would post the small blind
            positions = place(self.table.method, self.table.seat_count, candidates=candidates,
                              dealers=dealers, previous=self.table.positions, first_button=first)
        if absent_due is not None:
            present = {**present, absent_due: self.table.player(absent_due)}
            dealers = dealers | {absent_due}
        return positions, present, dealers, absent_due

    def _duties(
        self, present: dict[int, Player], positions: Positions, dealers: set[int],
        waiting_turns: set[int],
    ) -> Duties:
        """Who of the players present is dealt in, who waits, and the posts and dead
        money of those who come in (T7-T9, T11, T12, F13)."""
        stakes, options = self.table.stakes, self.table.options
        duties = Duties()
        dealt, posts, dead, waiting, notes = (
            duties.dealt, duties.posts, duties.dead, duties.waiting, duties.notes)
        bb = stakes.big_blind
        blind_seats = (positions.button, positions.big_blind, positions.small_blind)
        for seat, p in present.items():
            if positions.heads_up and seat not in blind_seats:
                # F4: heads-up the button is the small blind; a third player would
                # leave the button with no small blind behind it.  They wait for a
                # deal with a place for them (T7, T8).
                waiting.append(seat)
                continue
            between = positions.between_blinds(seat, self.table.seat_count)
            if p.letting_blinds_pass:
                # T12 / RR 14: out until the blinds have passed the seat, then back
                # behind the button without posting.
                (dealt.add if p.blinds_passed and not between else waiting.append)(seat)
                continue
            if seat in (positions.big_blind, positions.small_blind) or seat in dealers:
                dealt.add(seat)
                if p.owes_blind_next and seat != positions.big_blind:
                    posts[seat] = bb  # T9: played without posting last deal
            elif p.owes:
                if self.straddles.comes_back(seat):
                    # T8 / LVH B13c: back by straddling in the straddle seat, instead
                    # of making up the blinds (a live straddle, nothing dead).
                    dealt.add(seat)
                    notes.append(f"seat {seat}: comes back by straddling (T8, LVH B13c)")
                elif not p.wants_to_post:
                    waiting.append(seat)
                else:
                    self.make_ups.post(seat, p, duties, between=between)  # T8
            elif p.status is Status.NEW or p.dealing_off or seat in waiting_turns:
                free = (self._free_in_new_game(seat) or not options.new_player_must_post
                        or p.transferred)  # LVH B17: moved by the house
                if p.dealing_off and not between:
                    dealt.add(seat)  # RR 14: re-enters behind the button without posting
                elif between:
                    waiting.append(seat)  # T7: never dealt in between the blinds
                elif free and p.status is Status.NEW:
                    dealt.add(seat)
                elif p.wants_to_post:
                    dealt.add(seat)
                    posts[seat] = bb  # F13: a live big blind
                    if stakes.lowball and (p.status is Status.NEW or seat in waiting_turns):
                        # RR 4(b): at lowball a new player posts double the big blind;
                        # up to the big blind is live, the rest dead (RR 9, T8).  RR 13's
                        # lowball exception: a seat changer who will not wait "kills
                        # the pot" the same way (T12).
                        dead[seat] = bb
                else:
                    waiting.append(seat)
            else:
                dealt.add(seat)
        return duties

    def _away_in_room(self) -> set[int]:
        return {s for s, p in enumerate(self.table.players)
                if p is not None and p.status is Status.AWAY and p.in_room and p.stack > 0
                and not p.owes}

    def _due_button(self, among: set[int]) -> int | None:
        """The next player after the last button who has taken all the blinds."""
        assert self.table.positions is not None
        for k in range(1, self.table.seat_count + 1):
            s = (self.table.positions.button + k) % self.table.seat_count
            if s in among:
                return s
        return None


def _heads_up_between(dealt: set[int], big_blind: int, dealers: set[int]) -> Positions:
    """F4: the two players dealt in play heads-up; the big blind stays where it fell,
    unless it fell on the only regular player, who then takes the button (a newcomer
    never has the button, T7)."""
    other = next(s for s in dealt if s != big_blind)
    if other not in dealers and big_blind in dealers:
        big_blind, other = other, big_blind
    return Positions(other, other, other, big_blind, heads_up=True)
