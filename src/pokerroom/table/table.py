"""The table between hands: seats, the button, blinds owed, new players (T1-T14).

A :class:`Table` holds players across hands.  :meth:`Table.start_hand` decides
the button and blinds by the configured method, who is dealt in and who
posts what, and returns the engine :class:`~pokerroom.rules.engine.Hand` for
that deal; :meth:`Table.finish_hand` takes the result back.  Every request
that the rules forbid raises an error and leaves the table unchanged.
"""

from __future__ import annotations

import secrets

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules.actions import Action, DealBoard, DealHole, Kill
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import Event, PotAwarded
from pokerroom.rules.legal import LegalActions
from pokerroom.table.bomb_pot import bomb_pot_plan, skip_preflop_betting
from pokerroom.table.draw import ButtonDraw, draw_for_button
from pokerroom.table.options import ButtonMethod, Stakes, TableOptions
from pokerroom.table.placement import (
    Positions,
    missed_blinds,
    missed_on_the_first_deal,
    passed_over,
    place,
)
from pokerroom.table.plan import HandPlan
from pokerroom.table.planning import Planning
from pokerroom.table.player import Player, Status
from pokerroom.table.view import TableView, legal_in_seats, seat_to_act, table_view


class Table(Planning):
    """A cash-game (or tournament) table: seats and players across hands.

    The next deal is decided by :meth:`plan` (:class:`~pokerroom.table.planning.Planning`)."""

    def __init__(self, stakes: Stakes, options: TableOptions | None = None) -> None:
        self.stakes = stakes
        self.options = options or TableOptions()
        self.options.check_game(stakes)
        self.method = self.options.method_for(stakes)
        self.players: list[Player | None] = [None] * self.options.seats
        self.positions: Positions | None = None
        self.first_button: int | None = None
        self.hand: Hand | None = None
        self.plan_in_play: HandPlan | None = None
        self.hands_dealt = 0
        self.notes: list[str] = []
        self._straddles: list[int] = []
        self._kill_next: int | None = None
        self._last_winner: int | None = None
        self._wait_hands: dict[int, int] = {}
        self._rebought: set[int] = set()
        # T11: how far the button has travelled since the first deal, and the seats
        # a blind has reached (posted at or passed over) in that time.
        self._button_travel = 0
        self._blinds_reached: set[int] = set()
        # T7 / RR 6: the absent players whose seats someone else plays over, by seat.
        self._held: dict[int, Player] = {}
        # I1 / TDA 34-A: where the button really was in the hand in progress.
        self._button_found: int | None = None

    # ------------------------------------------------------------- seating

    @property
    def seat_count(self) -> int:
        """How many seats (chairs) the table has."""
        return len(self.players)

    def _player(self, seat: int) -> Player:
        if not 0 <= seat < self.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{self.seat_count - 1}")
        player = self.players[seat]
        if player is None:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"seat {seat} is empty")
        return player

    def _between_hands(self, what: str) -> None:
        if self.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS,
                                     f"{what} only between hands (B11, T14)")

    def _check_buy_in(self, amount: int, *, current: int = 0) -> None:
        o = self.options
        total = current + amount
        if amount <= 0:
            raise ConfigError(f"a buy-in must be a positive number of chips, got {amount}")
        if current == 0 and total < o.min_buy_in:
            raise IllegalActionError(
                Reason.BUY_IN_OUT_OF_RANGE, f"the minimum buy-in is {o.min_buy_in}, got {amount}")
        if o.max_buy_in and total > o.max_buy_in:
            allowed = o.max_buy_in - current
            raise IllegalActionError(
                Reason.BUY_IN_OUT_OF_RANGE,
                f"the maximum buy-in is {o.max_buy_in}: with {current} in front, at most "
                f"{allowed} more may be added, not {amount}"
            )

    def sit(self, seat: int, name: str, buy_in: int, *, transferred: bool = False) -> Player:
        """A new player takes an empty seat with a buy-in (T14).  New players wait for the
        big blind or post to be dealt in at once (T7).

        ``transferred``: moved here by the house from a broken game or one whose limit
        changed (LVH B17): dealt in without posting (never between the big blind and
        the button, T7), and given missed-blind markers for blinds they let pass."""
        if not 0 <= seat < self.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{self.seat_count - 1}")
        if self.players[seat] is not None:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {seat} is taken")
        self._check_name(name)
        self._check_buy_in(buy_in)
        player = Player(name, buy_in, transferred=transferred)
        if self.hands_dealt == 0:
            # T11: a player seated before the first deal draws for the button and
            # is active from the start (RR 12a); seated after the draw, active but
            # not one who drew.
            player.status = Status.ACTIVE
            player.drew_for_button = self.first_button is None
        self.players[seat] = player
        return player

    def _check_name(self, name: str) -> None:
        seated = [p for p in self.players if p is not None] + list(self._held.values())
        if any(p.name == name for p in seated):
            raise IllegalActionError(Reason.NAME_TAKEN, f"{name!r} is already seated at this table")

    def play_over(self, seat: int, name: str, buy_in: int) -> Player:
        """T7 / RR 6: ``name`` plays over in the seat of a player who is away or sitting
        out.  The person playing over is a new player (posts a big blind or waits for
        it, T7); the absent player keeps the seat (:meth:`played_over`), goes on
        missing the blinds that pass it (T8) and takes it back with
        :meth:`end_play_over`."""
        self._between_hands("playing over")
        owner = self._player(seat)
        if seat in self._held or owner.status not in (Status.AWAY, Status.SITTING_OUT):
            raise IllegalActionError(
                Reason.SEAT_IN_USE, f"seat {seat}'s player is {owner.status.value}: one may "
                "play over only in the seat of a player who is away or sitting out (RR 6)")
        self._check_name(name)
        self._check_buy_in(buy_in)
        player = Player(name, buy_in)
        self._held[seat] = owner
        self.players[seat] = player
        self.notes.append(f"seat {seat}: {name} plays over for {owner.name}: a new player "
                          "(T7, RR 6)")
        return player

    def played_over(self, seat: int) -> Player | None:
        """T7 / RR 6: the absent player whose seat someone plays over, or None."""
        return self._held.get(seat)

    def end_play_over(self, seat: int) -> int:
        """T7 / RR 6: the absent player takes the seat back; the person playing over
        leaves with their chips (returned).  The owner comes back as they left (away
        or sitting out, with the markers they missed): then :meth:`sit_in`."""
        self._between_hands("ending play over")
        if seat not in self._held:
            raise IllegalActionError(
                Reason.NOT_PLAYING_OVER, f"nobody plays over in seat {seat}")
        over = self._player(seat)
        self.players[seat] = self._held.pop(seat)
        self._wait_hands.pop(seat, None)
        return over.stack

    def leave(self, seat: int) -> int:
        """The player cashes out and the seat empties (a person playing over gives the
        seat back to its absent player, T7); returns the chips taken."""
        self._between_hands("leaving the table")
        if seat in self._held:
            return self.end_play_over(seat)
        player = self._player(seat)
        self.players[seat] = None
        self._wait_hands.pop(seat, None)
        self._redraw_if_button_winner(seat, "left")
        return player.stack

    def top_up(self, seat: int, amount: int) -> None:
        """T14, B11: add chips between hands, within the maximum buy-in."""
        self._between_hands("adding chips")
        player = self._player(seat)
        self._check_buy_in(amount, current=player.stack)
        player.stack += amount

    def rebuy(self, seat: int, amount: int) -> None:
        """T10: a busted player buys in again.  They must make up missed blinds and are not
        a new player (RR 11), unless the house option ``rebuy_as_new_player`` (LVH B19)."""
        self._between_hands("rebuying")
        player = self._player(seat)
        if player.stack > 0:
            raise IllegalActionError(
                Reason.HAS_CHIPS, f"seat {seat} still has {player.stack} chips: use top_up")
        self._check_buy_in(amount)
        player.stack = amount
        if self.options.rebuy_as_new_player and player.owes:
            player.status = Status.NEW
            player.missed_small = player.missed_big = False
        else:
            player.status = Status.ACTIVE

    def sit_out(self, seat: int) -> None:
        """T8: sitting out, the player misses blinds as they pass (a player who dealt
        off and sits out instead of :meth:`let_blinds_pass` gives that privilege up)."""
        player = self._player(seat)
        player.status = Status.SITTING_OUT
        player.wants_to_post = False
        _forget_dealing_off(player)
        self._redraw_if_button_winner(seat, "sat out")

    def away(self, seat: int, *, in_room: bool = False) -> None:
        """T13: away from the table; missed blinds accrue.  With No Dead Button, a player
        who has taken all the blinds, is due the button and is ``in_room`` is dealt in;
        if they do not come back in time the dealer kills the hand (``absent`` in the
        plan: fold it when its turn comes)."""
        player = self._player(seat)
        player.status = Status.AWAY
        player.in_room = in_room
        player.wants_to_post = False
        _forget_dealing_off(player)
        self._redraw_if_button_winner(seat, "went away")

    def sit_in(self, seat: int, *, post: bool = False) -> None:
        """Come back.  With missed blinds, wait for the big blind or ``post`` to make them
        up (T8); a new player likewise waits or posts a big blind (T7)."""
        player = self._player(seat)
        if player.stack <= 0:
            raise IllegalActionError(Reason.NO_CHIPS, f"seat {seat} has no chips: rebuy first")
        if player.status in (Status.SITTING_OUT, Status.AWAY, Status.BUSTED):
            player.status = Status.ACTIVE if player.in_game else Status.NEW
        player.wants_to_post = post

    def post_to_play(self, seat: int) -> None:
        """A new player (T7, F13) or one with missed blinds (T8) posts to be dealt in
        without waiting for the big blind."""
        player = self._player(seat)
        if player.status not in (Status.NEW, Status.ACTIVE):
            raise IllegalActionError(
                Reason.NOT_SITTING_IN, f"seat {seat} is {player.status.value}: sit in first")
        player.wants_to_post = True

    def change_seat(self, old: int, new: int) -> None:
        """T12: move to an empty seat between hands.

        In a new game, free until a blind has passed the new seat (T11).  Otherwise
        the player is dealt in at the first hand in the same relative position to the
        big blind, or posts a big blind to play at once (RR 13).  A player who just
        played the button may "deal off" and let the blinds pass the new seat once
        (RR 14).

        House option ``seat_change`` (LVH B20-B22): ``"past_three"`` charges only a
        move past three or more active players (a big blind; a small blind for the
        player who just had the big blind), and lets the player who just had the small
        blind or the button let the blinds pass the seat due the big blind or the two
        on its left; ``"free"`` charges nothing.
        """
        self._between_hands("changing seats")
        player = self._player(old)
        if not 0 <= new < self.seat_count or self.players[new] is not None:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {new} is not an empty seat")
        wait = 0
        prev = self.positions
        rule = self.options.seat_change
        if (prev is not None and player.hands_played and not self._free_in_new_game(new)
                and rule != "free"):
            dealt_off = prev.button == old
            before = self._distance_to_big_blind(old)
            self.players[old] = None
            self.players[new] = player
            after = self._distance_to_big_blind(new)
            if rule == "past_three":
                wait = self._seat_change_past_three(player, old, prev, gained=after - before,
                                                    from_big_blind=after)
            elif dealt_off:
                player.dealing_off = True
            elif after > before:
                wait = after - before
        else:
            self.players[old] = None
            self.players[new] = player
        self._wait_hands.pop(old, None)
        self._redraw_if_button_winner(old, "changed seats")
        if wait:
            self._wait_hands[new] = wait
            self.notes.append(
                f"seat {new}: moved away from the big blind; dealt in after {wait} hand(s) "
                "or by posting a big blind (T12)"
            )

    def _seat_change_past_three(self, player: Player, old: int, prev: Positions, *,
                                gained: int, from_big_blind: int) -> int:
        """T12 / LVH B20-B22 (house option ``seat_change="past_three"``): the hands a
        player who moved from ``old`` waits, having gained ``gained`` active players
        and sitting ``from_big_blind`` of them after the next big blind.

        B21: just had the small blind or the button and moved to the seat due the big
        blind or one of the two on its left: may let the blinds pass (dealing off).
        B22: just had the big blind and moved past three or more active players after
        the big blind's new position: owes the small blind
        (a missed-blind marker: make it up or wait for the big blind).  B20: anyone
        else moving past three or more posts a big blind or waits for it."""
        if old in (prev.button, prev.small_blind) and from_big_blind <= 2:
            player.dealing_off = True
            return 0
        if old == prev.big_blind:
            # Counted from the big blind's new position: the move gains nothing else.
            if from_big_blind >= 3:
                player.missed_small = True
                self.notes.append(f"{player.name}: moved past {from_big_blind} players "
                                  "after the big blind; makes up the small blind or waits "
                                  "for the big blind (T12, LVH B22)")
            return 0
        return from_big_blind if gained >= 3 else 0

    def let_blinds_pass(self, seat: int) -> None:
        """T12 / RR 14, "dealing off": a player who played the button and then changed
        seats lets the blinds pass the new seat one time.  They are not dealt in and
        take no blind while the blinds pass the seat, carry no missed-blind marker,
        and re-enter behind the button without posting.  Refused (``not_dealing_off``)
        for anyone else: they wait for the big blind or post (T7, T8, RR 13)."""
        self._between_hands("letting the blinds pass")
        player = self._player(seat)
        if not player.dealing_off:
            raise IllegalActionError(
                Reason.NOT_DEALING_OFF,
                f"seat {seat} did not deal off: only a player who played the button and "
                "then changed seats may let the blinds pass the new seat (RR 14); others "
                "wait for the big blind or post (sit_in, post_to_play)")
        player.letting_blinds_pass = True
        self.notes.append(f"seat {seat}: dealt off; lets the blinds pass once and comes "
                          "back behind the button without posting (T12, RR 14)")

    @property
    def new_game(self) -> bool:
        """T11: the game is new until the button has gone round once (with the house
        option ``new_game_round``; otherwise until the first deal, LVH B18)."""
        if self.hands_dealt == 0:
            return True
        return self.options.new_game_round and self._button_travel < self.seat_count

    def _free_in_new_game(self, seat: int) -> bool:
        """T11 (RR 12b, c): before the first deal; or, with the house option
        ``new_game_round``, until the button has gone round once, at a seat no blind
        has passed yet."""
        return self.new_game and (self.hands_dealt == 0 or seat not in self._blinds_reached)

    def _note_blinds_reached(self, previous: Positions | None, now: Positions) -> None:
        """T11: the seats the blinds of this deal reached, and how far the button moved."""
        if self._button_travel >= self.seat_count:
            return
        reached = self._blinds_reached
        reached.update((now.small_blind_seat, now.big_blind))
        if previous is not None:
            reached.update(passed_over(previous.big_blind, now.big_blind, self.seat_count))
            self._button_travel += (now.button - previous.button) % self.seat_count

    def _distance_to_big_blind(self, seat: int) -> int:
        """Active players from the next big blind up to ``seat`` (hands before paying)."""
        assert self.positions is not None
        bb = self.positions.big_blind
        count = 0
        s = bb
        for _ in range(self.seat_count):
            s = (s + 1) % self.seat_count
            if s == seat:
                return count
            p = self.players[s]
            if p is not None and p.present:
                count += 1
        return count

    # -------------------------------------------------------------- button

    def draw_for_button(self, deck: Deck) -> ButtonDraw:
        """D5: the first button by a draw (``button_draw`` option; ``"by_seat"``, LVH
        B4, places it on the highest seat present without drawing)."""
        self._between_hands("drawing for the button")
        if self.hands_dealt:
            raise IllegalActionError(
                Reason.BUTTON_ALREADY_PLACED, "the button is drawn only for the first deal (D5)")
        seats = [s for s, p in enumerate(self.players) if p is not None and p.present]
        result = draw_for_button(seats, deck, method=self.options.button_draw)
        self.first_button = result.winner
        for seat, p in enumerate(self.players):
            if p is not None:
                p.drew_for_button = seat in seats  # T11 / RR 12(a)
        return result

    def _redraw_if_button_winner(self, seat: int, what: str) -> None:
        """D5, T11: the button is drawn among the players of the first deal.  When
        the winner of the draw leaves, sits out, goes away or changes seats before
        it, the draw is void and the button is drawn again (by :meth:`start_hand`,
        or :meth:`draw_for_button` first)."""
        if self.hands_dealt == 0 and self.positions is None and self.first_button == seat:
            self.first_button = None
            self.notes.append(f"seat {seat} won the draw for the button and {what} before "
                              "the first deal: the button is drawn again (D5)")

    def button_misplaced(self, seat: int) -> None:
        """I1 / TDA 34-A (TDA-34-A1): the floor finds that the button of the hand in
        progress (or of the last deal) was on ``seat``, not where the rule put it,
        after substantial action: the error stands for that hand, and the next deal
        moves on normally from ``seat`` (its blinds the next players after it).  Found
        before substantial action, a live table's dealer declares a misdeal instead
        (``LiveDeal.button_misplaced``)."""
        if self.stakes.game.is_stud:
            raise IllegalActionError(Reason.NO_BUTTON, "stud has no button: the bring-in "
                                     "and the boards decide who acts (F10, B1)")
        if self.positions is None and self.hand is None:
            raise IllegalActionError(Reason.BUTTON_NOT_DRAWN, "no deal yet: the first button "
                                     "is drawn for (D5), not moved")
        self._player(seat)  # a seat with a player (NO_SUCH_SEAT, SEAT_EMPTY)
        if self.hand is not None:
            self._button_found = seat
        else:
            self.positions = self._positions_from(seat)
        self.notes.append(f"the button was on seat {seat}: the hand stands and the next "
                          "deal moves on from there (I1, TDA 34-A)")

    def _positions_from(self, button: int) -> Positions:
        """I1 / TDA 34-A: the button and blinds of a deal with the button on ``button``,
        as if it had been placed there (T1-T4)."""
        seated = {s for s, p in enumerate(self.players) if p is not None and p.stack > 0}
        seated.add(button)
        if len(seated) < 2:
            raise IllegalActionError(Reason.TOO_FEW_PLAYERS,
                                     "a button needs two players with chips to place blinds")
        return place(self.method, self.seat_count, candidates=seated, dealers=seated,
                     previous=None, first_button=button)

    def request_straddle(self, seat: int) -> None:
        """F11: a voluntary live straddle of twice the big blind (``straddle_multiple``
        big blinds, LVH B8b), by the player left of the big blind (or, when the house
        allows several, left of the last straddle, each twice the one before)."""
        self._between_hands("straddling")
        if not self.options.straddle_allowed(self.stakes):
            raise IllegalActionError(Reason.NO_STRADDLE, "this game does not allow straddles (F11)")
        plan = self.plan()
        if plan.positions is None:
            raise IllegalActionError(Reason.NO_STRADDLE, "stud games have no straddle")
        if plan.positions.heads_up:
            raise IllegalActionError(Reason.NO_STRADDLE,
                                     "no straddle heads-up: it would be the button")
        if seat in self._straddles:
            raise IllegalActionError(Reason.SECOND_STRADDLE, f"seat {seat} already straddles")
        if self._straddles and not self.options.multiple_straddles:
            raise IllegalActionError(
                Reason.SECOND_STRADDLE, "one straddle per deal (F11); the house allows no more"
            )
        due = self._straddle_seat(plan, after=self._straddles[-1] if self._straddles else None)
        if due is None or seat != due:
            raise IllegalActionError(
                Reason.WRONG_STRADDLE_SEAT,
                f"seat {seat} cannot straddle: only seat {due} (left of the "
                f"{'last straddle' if self._straddles else 'big blind'}) may (F11)"
                if due is not None else "nobody may straddle this deal",
            )
        self._straddles.append(seat)

    # ---------------------------------------------------------------- deal

    def start_hand(
        self, deck: Deck | None = None, *, manual: bool = False, bomb_pot: bool = False
    ) -> Hand:
        """Place the button and blinds (marking missed blinds) and deal.

        ``manual``: a live table whose dealer deals real cards: the hand waits for
        DealHole/DealBoard actions instead of dealing from ``deck``.
        ``bomb_pot``: everyone dealt in antes ``options.bomb_pot_ante``, nobody bets
        before the flop, and the button does not move (a cash-game house option).
        """
        self._between_hands("starting a hand")
        first = self.first_button
        if self.hands_dealt == 0 and first is not None and first not in self._present():
            self._redraw_if_button_winner(first, "is not here")
        if self.positions is None and self.first_button is None and not self.stakes.game.is_stud:
            self.draw_for_button(Deck(rng=_secure()))
        plan = self.plan()
        if bomb_pot:
            plan = bomb_pot_plan(plan, self.options.bomb_pot_ante,
                                 tournament=self.options.tournament)
        else:
            self._mark_missed_blinds(plan)
            self._note_blinds_passing(plan)
        stakes = self.stakes
        factor = plan.factor
        structure = stakes.structure
        config = HandConfig(
            variant=stakes.game,
            structure=structure,
            stacks=tuple(self._player(s).stack for s in plan.seats),
            antes=plan.antes,
            blinds=plan.blinds,
            posts=plan.posts,
            dead=plan.dead,
            unposted_blinds=0 if plan.bomb_pot else plan.unposted,  # B7, TDA 54-B
            bring_in=stakes.bring_in,
            min_bet=int(stakes.big_blind * factor) if structure in (
                Structure.NO_LIMIT, Structure.POT_LIMIT) else (
                stakes.big_blind if structure is Structure.SPREAD_LIMIT else 0),
            max_bet=stakes.max_bet,
            small_bet=int(stakes.small_bet * factor),
            big_bet=int(stakes.big_bet * factor),
            raise_cap=stakes.raise_cap,
            open_pair_double=stakes.open_pair_double,
            full_bring_in=stakes.full_bring_in,
            limit_short_raise=stakes.limit_short_raise,
            names=tuple(self._player(s).name for s in plan.seats),
            bba_order=self.options.bba_order,
            chip_unit=self.options.chip_unit,
            rake_percent=self.options.rake_percent,
            rake_cap=self.options.rake_cap,
            no_flop_no_drop=self.options.no_flop_no_drop,
            run_it_twice=self.options.run_it_twice and not self.options.tournament,
            auto_showdown=self.options.auto_showdown,
        )
        if manual:
            hand = Hand(config)
        else:
            hand = Hand(config, deck if deck is not None else Deck(rng=_secure(),
                                                                   cards=stakes.game.deck))
        self.hand = hand
        self.plan_in_play = plan
        self.notes.extend(plan.notes)
        if bomb_pot and not manual:
            skip_preflop_betting(hand)
        return hand

    def cancel_hand(self, reason: str) -> None:
        """A misdeal (I1): the hand is void, every chip goes back where it was, and the
        button does not move.  Stacks at the table were never changed by the hand."""
        if self.hand is None:
            raise IllegalActionError(Reason.NO_HAND, "no hand in progress to cancel")
        self.notes.append(f"hand cancelled: {reason}")
        self.hand = None
        self.plan_in_play = None
        self._button_found = None

    def _mark_missed_blinds(self, plan: HandPlan) -> None:
        """T8: players absent when a blind passes them get a missed-blind marker; in a
        new game, from the first deal on, those who drew for the button (T11 / RR 12a)."""
        prev, now = self.positions, plan.positions
        if now is None:
            return
        if prev is None:
            if self.hands_dealt or self.method is ButtonMethod.SIMPLIFIED:
                return
            passed = missed_on_the_first_deal(self.method, self.seat_count, now)
        else:
            passed = missed_blinds(self.method, self.seat_count, prev, now)
        # T7 / RR 6 (the seeds are silent; pokerroom's choice): the absent player whose
        # seat someone plays over misses the blinds that seat takes or is passed by.
        for seat in self._held if self.method is not ButtonMethod.SIMPLIFIED else ():
            if seat == now.big_blind:
                passed.append((seat, True, self.method is ButtonMethod.DEAD_BUTTON))
            elif seat == now.small_blind_seat:
                passed.append((seat, False, True))
        for seat, big, small in passed:
            p = self._held.get(seat, self.players[seat])
            if p is None or p.present or not p.in_game:
                continue
            if big:
                p.missed_big = True
            if small:
                p.missed_small = True
            self.notes.append(f"seat {seat}: missed the {'big' if big else 'small'} blind")

    def _note_blinds_passing(self, plan: HandPlan) -> None:
        """T12 / RR 14: a dealt-off player letting the blinds pass: they have passed the
        seat once it is between the blinds of a deal."""
        now = plan.positions
        if now is None:
            return
        for seat, p in enumerate(self.players):
            if p is not None and p.letting_blinds_pass and now.between_blinds(
                    seat, self.seat_count):
                p.blinds_passed = True

    def finish_hand(self) -> None:
        """Take the result of the finished hand back to the seats."""
        hand, plan = self.hand, self.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, "no hand in progress")
        if not hand.is_over:
            raise IllegalActionError(Reason.HAND_NOT_OVER, "the hand is not over yet")
        won: dict[int, int] = {}
        for event in hand.events:
            if isinstance(event, PotAwarded):
                for position, chips in event.amounts:
                    seat = plan.seat_at(position)
                    won[seat] = won.get(seat, 0) + chips
        for position, seat in enumerate(plan.seats):
            p = self._player(seat)
            p.stack = hand.stacks[position]
            p.hands_played += 1
            p.wants_to_post = False
            p.owes_blind_next = False
            _forget_dealing_off(p)
            if p.status is Status.NEW:
                p.status = Status.ACTIVE
            posted_bb = (plan.positions is not None and seat == plan.positions.big_blind
                         and not plan.bomb_pot)
            made_up = p.owes and bool(plan.posts[position] or plan.dead[position]
                                      or seat in plan.straddles)  # T8, LVH B13c
            if (
                made_up and not self.stakes.is_limit and plan.positions is not None
                and plan.positions.between_blinds(seat, self.seat_count)
            ):
                p.skip_blinds_until_bb = True  # T8, LVH B16: no more blinds that round
            if (
                made_up and not posted_bb and self.options.make_up == "one_per_hand"
                and p.missed_big and p.missed_small and seat not in plan.straddles
            ):
                # T8 (ENC): the big blind made up this hand, the small one the next.
                p.missed_big = False
                p.wants_to_post = True
            elif posted_bb or made_up:
                p.missed_small = p.missed_big = False
            if posted_bb:
                p.skip_blinds_until_bb = False
            if p.stack == 0:
                p.status = Status.BUSTED
        if self.method is ButtonMethod.SKIPPED_BLINDS_PAID and not plan.bomb_pot:
            for seat in plan.seats:  # T3, T4 (ENC): what the skipped still owe
                p = self._player(seat)
                p.skipped_big = p.skipped_small = False
            for seat, big, small in plan.skipped:
                p = self._player(seat)
                p.skipped_big, p.skipped_small = big, small
        if plan.positions is not None:
            for seat in list(self._wait_hands):
                self._wait_hands[seat] -= 1
                if self._wait_hands[seat] <= 0:
                    del self._wait_hands[seat]
        self._update_kill(plan, won, hand)
        if not plan.bomb_pot and plan.positions is not None:
            self._note_blinds_reached(self.positions, plan.positions)
            self.positions = plan.positions  # T1; a bomb pot leaves the button where it is
        if self._button_found is not None:
            self.positions = self._positions_from(self._button_found)  # I1, TDA 34-A
            self._button_found = None
        self.hands_dealt += 1
        self.hand = None
        self.plan_in_play = None
        self._straddles = []

    def _update_kill(self, plan: HandPlan, won: dict[int, int], hand: Hand) -> None:
        """F12: who must post a kill blind next deal."""
        o = self.options
        self._kill_next = None
        if o.kill == "none":
            return
        sole = [s for s, chips in won.items() if chips > 0]
        winner = sole[0] if len(sole) == 1 else None
        for seat, p in enumerate(self.players):
            if p is None:
                continue
            p.pots_won_in_row = p.pots_won_in_row + 1 if seat == winner else 0
        if winner is None:
            return
        pot = sum(won.values())
        p = self._player(winner)
        if (o.kill == "two_pots" and p.pots_won_in_row >= 2) or (
            o.kill == "pot_size" and pot >= o.kill_pot_size > 0
        ):
            self._kill_next = winner
            self.notes.append(f"seat {winner} must post a kill blind next deal (F12)")

    # ------------------------------------------------- the hand, in seats

    def _in_progress(self) -> tuple[Hand, HandPlan]:
        hand, plan = self.hand, self.plan_in_play
        if hand is None or plan is None:
            raise IllegalActionError(Reason.NO_HAND, "there is no hand in progress")
        return hand, plan

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the hand in progress; ``None`` between hands,
        while the dealer deals (manual dealing) and once the hand is over."""
        hand, plan = self.hand, self.plan_in_play
        if hand is None or plan is None:
            return None
        return seat_to_act(hand.phase, hand.actor, plan)

    def legal_actions(self) -> LegalActions:
        """What may happen next in the hand in progress: the engine's
        :meth:`~pokerroom.rules.engine.Hand.legal_actions`, with ``seat`` (the seat
        to act) and ``deal_seat`` in seats."""
        hand, plan = self._in_progress()
        return legal_in_seats(hand.legal_actions(), plan)

    def act(self, seat: int, action: Action) -> list[Event]:
        """The player in ``seat`` acts in the hand in progress; returns the engine's
        events (their ``seat`` fields are positions: ``plan_in_play.seat_at``).

        Refused with :class:`~pokerroom.errors.IllegalActionError`, changing nothing,
        when ``seat`` is not dealt in, when it is not that seat's turn (B13; a hand
        may be shown out of turn at the showdown, S4), or when the action is not
        legal (see :meth:`legal_actions`).  The dealer's and the floor's actions
        (``DealHole``, ``DealBoard``, ``Kill``) are not a seat's: they go to
        ``table.hand.act``, by position."""
        hand, plan = self._in_progress()
        if type(action) in _NOT_A_SEATS_ACTIONS:
            raise IllegalActionError(
                Reason.NOT_A_PLAYER_ACTION, f"{type(action).__name__} is the dealer's or the "
                "floor's, not a seat's: give it to table.hand.act (by position)")
        try:
            position = plan.position_of(seat)
        except ValueError:
            raise IllegalActionError(
                Reason.NOT_IN_HAND, f"seat {seat} is not in this hand: the seats dealt in are "
                + ", ".join(map(str, sorted(plan.seats)))) from None
        try:
            return hand.act(action, seat=position)
        except IllegalActionError as refused:
            to_act = self.to_act  # a refused action changed nothing
            if seat == to_act:
                # The engine ends its refusal with what may happen, by position.
                legal = hand.legal_actions()
                message, by_position = str(refused), legal.describe()
                if message.endswith(by_position):
                    message = (message[: -len(by_position)]
                               + legal_in_seats(legal, plan).describe())
                raise IllegalActionError(refused.reason, message) from None
            whose = "nobody's" if hand.is_over else (
                "the dealer's" if to_act is None else f"seat {to_act}'s")
            raise IllegalActionError(
                refused.reason, f"seat {seat} cannot act now: it is {whose} turn") from None

    def view(self, seat: int | None) -> TableView:
        """What the player in ``seat`` may know of the hand in progress, in seats
        (``None``, or a seat not dealt in: what a spectator may know).  Built from
        the engine's :meth:`~pokerroom.rules.engine.Hand.view` (see
        :mod:`pokerroom.table.view`)."""
        hand, plan = self._in_progress()
        if seat is not None and not 0 <= seat < self.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{self.seat_count - 1}")
        position = plan.position_of(seat) if seat is not None and seat in plan.seats else None
        return table_view(hand.view(position), plan, seat)

    # -------------------------------------------------------------- views

    def stacks(self) -> dict[int, int]:
        """Each seated player's chips, by seat, as the last hand left them (a hand in
        progress pays out at :meth:`finish_hand`; its stacks behind the bets are in
        :meth:`view`'s ``seats``)."""
        return {s: p.stack for s, p in enumerate(self.players) if p is not None}

    def chips_on_table(self) -> int:
        """Every chip at the table, including a hand in progress."""
        total = sum(p.stack for p in self.players if p is not None)
        if self.hand is not None and self.plan_in_play is not None:
            in_hand = sum(self.hand.stacks) + self.hand.pot
            total += in_hand - sum(self._player(s).stack for s in self.plan_in_play.seats)
        return total


_NOT_A_SEATS_ACTIONS = frozenset((DealHole, DealBoard, Kill))


def _forget_dealing_off(player: Player) -> None:
    """T12: the privilege of dealing off ends when it is used or given up."""
    player.dealing_off = player.letting_blinds_pass = player.blinds_passed = False


def _secure() -> secrets.SystemRandom:
    return secrets.SystemRandom()
