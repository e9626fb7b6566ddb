"""The table between hands: seats, the button, blinds owed, new players (T1-T14).

A :class:`Table` holds players across hands.  :meth:`Table.start_hand` decides
the button and blinds by the configured method, who is dealt in and who
posts what, and returns the engine :class:`~pokerroom.rules.engine.Hand` for
that deal; :meth:`Table.finish_hand` takes the result back.  Every request
that the rules forbid raises an error and leaves the table unchanged.

The rules of each concept live in a part the table holds (composition): the
:class:`~pokerroom.table.planning.Planner` of the next deal, the
:class:`~pokerroom.table.button.Button` (D5, I1), the
:class:`~pokerroom.table.straddles.Straddles` (F11), the
:class:`~pokerroom.table.kill.KillBlind` (F12), the
:class:`~pokerroom.table.make_ups.MakeUps` (T8), the
:class:`~pokerroom.table.seat_changes.SeatChanges` (T12), the
:class:`~pokerroom.table.new_game.NewGameRound` (T11) and
:class:`~pokerroom.table.play_over.PlayOver` (T7 / RR 6).
"""

from __future__ import annotations

import secrets

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules.actions import Action, Award, DealBoard, DealHole, Kill
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import Event, PotAwarded
from pokerroom.rules.legal import LegalActions
from pokerroom.table.bomb_pot import bomb_pot_plan, skip_preflop_betting
from pokerroom.table.button import Button
from pokerroom.table.draw import ButtonDraw
from pokerroom.table.hand_config import hand_config
from pokerroom.table.kill import KillBlind
from pokerroom.table.make_ups import MakeUps
from pokerroom.table.new_game import NewGameRound
from pokerroom.table.options import ButtonMethod, Stakes, TableOptions
from pokerroom.table.placement import Positions
from pokerroom.table.plan import HandPlan
from pokerroom.table.planning import Planner
from pokerroom.table.play_over import PlayOver
from pokerroom.table.player import Player, Status
from pokerroom.table.seat_changes import SeatChanges
from pokerroom.table.skipped import keep_owed
from pokerroom.table.straddles import Straddles
from pokerroom.table.view import TableView, seat_to_act, table_view


class Table:
    """A cash-game (or tournament) table: seats and players across hands.

    The next deal is decided by :meth:`plan` (its :attr:`planner`)."""

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
        o, players, notes = self.options, self.players, self.notes
        self.button = Button(self)
        self.straddles = Straddles(o, players)
        self.kill = KillBlind(o, players, notes)
        self.make_ups = MakeUps(self)
        self.seat_changes = SeatChanges(o.seat_change, players, notes)
        self.new_game_round = NewGameRound(o.seats, whole_round=o.new_game_round)
        self.play_over_seats = PlayOver(players, notes)
        self.planner = Planner(self, straddles=self.straddles, kill=self.kill,
                               seat_changes=self.seat_changes, new_game=self.new_game_round,
                               make_ups=self.make_ups)

    # ------------------------------------------------------------- seating

    @property
    def seat_count(self) -> int:
        """How many seats (chairs) the table has."""
        return len(self.players)

    def player(self, seat: int) -> Player:
        """The player in ``seat``; refused for a seat that is not one (``no_such_seat``)
        or is empty (``seat_empty``)."""
        if not 0 <= seat < self.seat_count:
            raise IllegalActionError(
                Reason.NO_SUCH_SEAT, f"no seat {seat}: seats are 0-{self.seat_count - 1}")
        player = self.players[seat]
        if player is None:
            raise IllegalActionError(Reason.SEAT_EMPTY, f"seat {seat} is empty")
        return player

    def plan(self) -> HandPlan:
        """Decide the next deal without changing anything (:attr:`planner`)."""
        return self.planner.plan()

    def _present(self) -> dict[int, Player]:
        return self.planner.present()

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
        owners = self.play_over_seats.owners.values()
        seated = [p for p in self.players if p is not None] + list(owners)
        if any(p.name == name for p in seated):
            raise IllegalActionError(Reason.NAME_TAKEN, f"{name!r} is already seated at this table")


    def play_over(self, seat: int, name: str, buy_in: int) -> Player:
        """T7 / RR 6: ``name`` plays over in the seat of a player who is away or sitting
        out.  The person playing over is a new player (posts a big blind or waits for
        it, T7); the absent player keeps the seat (:meth:`played_over`), goes on
        missing the blinds that pass it (T8) and takes it back with
        :meth:`end_play_over`."""
        self._between_hands("playing over")
        owner = self.player(seat)
        self.play_over_seats.check(seat, owner)
        self._check_name(name)
        self._check_buy_in(buy_in)
        player = Player(name, buy_in)
        self.play_over_seats.start(seat, owner, player)
        return player

    def played_over(self, seat: int) -> Player | None:
        """T7 / RR 6: the absent player whose seat someone plays over, or None."""
        return self.play_over_seats.owners.get(seat)

    def end_play_over(self, seat: int) -> int:
        """T7 / RR 6: the absent player takes the seat back; the person playing over
        leaves with their chips (returned).  The owner comes back as they left (away
        or sitting out, with the markers they missed): then :meth:`sit_in`."""
        self._between_hands("ending play over")
        over = self.play_over_seats.end(seat)
        self.seat_changes.forget(seat)
        return over.stack

    def leave(self, seat: int) -> int:
        """The player cashes out and the seat empties (a person playing over gives the
        seat back to its absent player, T7); returns the chips taken."""
        self._between_hands("leaving the table")
        if seat in self.play_over_seats.owners:
            return self.end_play_over(seat)
        player = self.player(seat)
        self.players[seat] = None
        self.seat_changes.forget(seat)
        self.button.redraw_if_winner(seat, "left")
        return player.stack

    def top_up(self, seat: int, amount: int) -> None:
        """T14, B11: add chips between hands, within the maximum buy-in."""
        self._between_hands("adding chips")
        player = self.player(seat)
        self._check_buy_in(amount, current=player.stack)
        player.stack += amount

    def rebuy(self, seat: int, amount: int) -> None:
        """T10: a busted player buys in again.  They must make up missed blinds and are not
        a new player (RR 11), unless the house option ``rebuy_as_new_player`` (LVH B19)."""
        self._between_hands("rebuying")
        player = self.player(seat)
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
        player = self.player(seat)
        player.status = Status.SITTING_OUT
        player.wants_to_post = False
        player.forget_dealing_off()
        self.button.redraw_if_winner(seat, "sat out")

    def away(self, seat: int, *, in_room: bool = False) -> None:
        """T13: away from the table; missed blinds accrue.  With No Dead Button, a player
        who has taken all the blinds, is due the button and is ``in_room`` is dealt in;
        if they do not come back in time the dealer kills the hand (``absent`` in the
        plan: fold it when its turn comes)."""
        player = self.player(seat)
        player.status = Status.AWAY
        player.in_room = in_room
        player.wants_to_post = False
        player.forget_dealing_off()
        self.button.redraw_if_winner(seat, "went away")

    def sit_in(self, seat: int, *, post: bool = False) -> None:
        """Come back.  With missed blinds, wait for the big blind or ``post`` to make them
        up (T8); a new player likewise waits or posts a big blind (T7)."""
        player = self.player(seat)
        if player.stack <= 0:
            raise IllegalActionError(Reason.NO_CHIPS, f"seat {seat} has no chips: rebuy first")
        if player.status in (Status.SITTING_OUT, Status.AWAY, Status.BUSTED):
            player.status = Status.ACTIVE if player.in_game else Status.NEW
        player.wants_to_post = post

    def post_to_play(self, seat: int) -> None:
        """A new player (T7, F13) or one with missed blinds (T8) posts to be dealt in
        without waiting for the big blind."""
        player = self.player(seat)
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
        self.player(old)
        if not 0 <= new < self.seat_count or self.players[new] is not None:
            raise IllegalActionError(Reason.SEAT_TAKEN, f"seat {new} is not an empty seat")
        self.seat_changes.move(old, new, positions=self.positions,
                               free=self.new_game_round.free_at(new, self.hands_dealt))
        self.button.redraw_if_winner(old, "changed seats")

    def let_blinds_pass(self, seat: int) -> None:
        """T12 / RR 14, "dealing off": a player who played the button and then changed
        seats lets the blinds pass the new seat one time.  They are not dealt in and
        take no blind while the blinds pass the seat, carry no missed-blind marker,
        and re-enter behind the button without posting.  Refused (``not_dealing_off``)
        for anyone else: they wait for the big blind or post (T7, T8, RR 13)."""
        self._between_hands("letting the blinds pass")
        self.seat_changes.let_blinds_pass(seat, self.player(seat))

    @property
    def new_game(self) -> bool:
        """T11: the game is new until the button has gone round once (with the house
        option ``new_game_round``; otherwise until the first deal, LVH B18)."""
        return self.new_game_round.is_new(self.hands_dealt)

    # -------------------------------------------------------------- button

    def draw_for_button(self, deck: Deck) -> ButtonDraw:
        """D5: the first button by a draw (``button_draw`` option; ``"by_seat"``, LVH
        B4, places it on the highest seat present without drawing)."""
        self._between_hands("drawing for the button")
        return self.button.draw(deck)

    def button_misplaced(self, seat: int) -> None:
        """I1 / TDA 34-A (TDA-34-A1): the floor finds that the button of the hand in
        progress (or of the last deal) was on ``seat``, not where the rule put it,
        after substantial action: the error stands for that hand, and the next deal
        moves on normally from ``seat`` (its blinds the next players after it).  Found
        before substantial action, a live table's dealer declares a misdeal instead
        (``LiveDeal.button_misplaced``)."""
        self.button.misplaced(seat)

    # ---------------------------------------------------------------- deal

    def request_straddle(self, seat: int) -> None:
        """F11: a voluntary live straddle of twice the big blind (``straddle_multiple``
        big blinds, LVH B8b), by the player left of the big blind (or, when the house
        allows several, left of the last straddle, each twice the one before)."""
        self._between_hands("straddling")
        self.straddles.request(seat, self.stakes, self.plan)

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
            self.button.redraw_if_winner(first, "is not here")
        if self.positions is None and self.first_button is None and not self.stakes.game.is_stud:
            self.draw_for_button(Deck(rng=_secure()))
        plan = self.plan()
        if bomb_pot:
            plan = bomb_pot_plan(plan, self.options.bomb_pot_ante,
                                 tournament=self.options.tournament)
        else:
            self.make_ups.mark(plan, self.play_over_seats.owners)
            if plan.positions is not None:
                self.seat_changes.note_blinds_passing(plan.positions)
        config = hand_config(self.stakes, self.options, plan,
                             stacks=tuple(self.player(s).stack for s in plan.seats),
                             names=tuple(self.player(s).name for s in plan.seats))
        if manual:
            hand = Hand(config)
        else:
            hand = Hand(config, deck if deck is not None else Deck(rng=_secure(),
                                                                   cards=self.stakes.game.deck))
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
        self.button.hand_void()

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
            p = self.player(seat)
            p.stack = hand.stacks[position]
            p.hands_played += 1
            p.wants_to_post = False
            p.owes_blind_next = False
            p.forget_dealing_off()
            if p.status is Status.NEW:
                p.status = Status.ACTIVE
            self.make_ups.settle(seat, p, plan)  # T8
            if p.stack == 0:
                p.status = Status.BUSTED
        if self.method is ButtonMethod.SKIPPED_BLINDS_PAID:
            keep_owed(plan, self.players)  # T3, T4 (ENC): what the skipped still owe
        if plan.positions is not None:
            self.seat_changes.after_deal()
        self.kill.after_deal(won)  # F12
        if not plan.bomb_pot and plan.positions is not None:
            self.new_game_round.note_deal(self.positions, plan.positions)
            self.positions = plan.positions  # T1; a bomb pot leaves the button where it is
        self.button.after_deal()  # I1, TDA 34-A
        self.hands_dealt += 1
        self.hand = None
        self.plan_in_play = None
        self.straddles.clear()

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
        :meth:`~pokerroom.rules.engine.Hand.legal_actions`, by position (its
        ``position`` and ``deal_position``; :attr:`to_act` is the seat to act, and
        ``legal.describe(table.plan_in_play.seats)`` names it by seat)."""
        hand, _ = self._in_progress()
        return hand.legal_actions()

    def act(self, seat: int, action: Action) -> list[Event]:
        """The player in ``seat`` acts in the hand in progress; returns the engine's
        events (their ``position`` fields are positions: ``plan_in_play.seat_at``).

        Refused with :class:`~pokerroom.errors.IllegalActionError`, changing nothing,
        when ``seat`` is not dealt in, when it is not that seat's turn (B13; a hand
        may be shown out of turn at the showdown, S4), or when the action is not
        legal (see :meth:`legal_actions`).  The dealer's and the floor's actions
        (``DealHole``, ``DealBoard``, ``Kill``, ``Award``) are not a seat's: they go to
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
            return hand.act(action, position=position)
        except IllegalActionError as refused:
            to_act = self.to_act  # a refused action changed nothing
            if seat == to_act:
                # The engine ends its refusal with what may happen, by position.
                legal = hand.legal_actions()
                message, by_position = str(refused), legal.describe()
                if message.endswith(by_position):
                    message = message[: -len(by_position)] + legal.describe(plan.seats)
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
            total += in_hand - sum(self.player(s).stack for s in self.plan_in_play.seats)
        return total


_NOT_A_SEATS_ACTIONS = frozenset((DealHole, DealBoard, Kill, Award))


def _secure() -> secrets.SystemRandom:
    return secrets.SystemRandom()

