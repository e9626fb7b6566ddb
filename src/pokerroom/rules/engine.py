"""The hand engine: one deal from the forced bets to the pots awarded.

``Hand(config, deck)`` deals itself from the deck; ``Hand(config)`` without a
deck waits for the dealer's ``DealHole``/``DealBoard`` actions (replaying a
history, or a live table whose cards come from a real dealer).  Then players
act one at a time: :meth:`Hand.legal_actions` says exactly what may happen
next and :meth:`Hand.act` refuses anything else with an IllegalActionError
that says why, leaving the hand unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pokerroom.cards import Deck, format_cards
from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.rules import events as ev
from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    Show,
)
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.showdown import Showdown
from pokerroom.rules.stud import bring_in_seat, first_to_act_by_board


class Phase(Enum):
    DEALING = "dealing"  # waiting for the dealer (manual dealing only)
    BETTING = "betting"
    DRAWING = "drawing"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class LegalActions:
    """Exactly what may happen next.  Amounts are chips; raise amounts are totals."""

    phase: Phase
    seat: int | None  # who acts; None when the dealer must deal or the hand is over
    fold: bool = False
    check: bool = False
    call: int | None = None  # chips a call adds (all-in for less when short)
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    bring_in: int | None = None  # stud: the bring-in amount, when it may be posted
    max_discard: int = 0
    show: bool = False
    muck: bool = False
    deal_seat: int | None = None  # dealer: the seat whose hole cards are due
    deal_board: int = 0  # dealer: board cards due
    deal_count: int = 0  # dealer: how many hole cards are due to deal_seat

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None

    def describe(self) -> str:
        """A sentence listing what is allowed, for error messages and UIs."""
        if self.phase is Phase.COMPLETE:
            return "nothing: the hand is over"
        if self.seat is None:
            if self.deal_board:
                return f"the dealer deals {self.deal_board} board card(s)"
            return f"the dealer deals {self.deal_count} card(s) to seat {self.deal_seat}"
        options: list[str] = []
        if self.bring_in is not None:
            options.append(f"post the bring-in of {self.bring_in}")
        if self.fold:
            options.append("fold")
        if self.check:
            options.append("check")
        if self.call is not None:
            options.append(f"call {self.call}")
        if self.min_raise_to is not None:
            if self.min_raise_to == self.max_raise_to:
                options.append(f"bet/raise to {self.min_raise_to}")
            else:
                options.append(f"bet/raise to {self.min_raise_to}-{self.max_raise_to}")
        if self.phase is Phase.DRAWING:
            options.append(f"discard 0-{self.max_discard} cards")
        if self.show:
            options.append("show")
        if self.muck:
            options.append("muck")
        return f"seat {self.seat} may " + ", ".join(options)


class Hand:
    """One deal.  Mutable inside; read it through properties and events."""

    def __init__(self, config: HandConfig, deck: Deck | None = None) -> None:
        self.config = config
        self.variant = config.variant
        n = config.seats
        self.n = n
        self._deck = deck
        if deck is not None:
            deck_cards = set(deck.remaining())
            if not deck_cards <= set(self.variant.deck):
                raise ConfigError(f"the deck holds cards that are not in {self.variant.name}")
        self.stacks = list(config.stacks)
        self.bets = [0] * n
        self.contributed = [0] * n
        self.dead = [0] * n  # antes and dead blinds: dead money in the middle
        self.short_ante = [False] * n  # all-in before covering their own ante
        self.folded = [False] * n
        self.acted = [False] * n
        self.faced = [0] * n
        self.hole: list[list[int | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.discards: list[int] = []
        self.exposed = [False] * n
        self.mucked = [False] * n
        self.events: list[ev.Event] = []
        # Every accepted action in order, with who took it (None: the dealer).
        # With the configuration and deck order this reproduces the hand.
        self.log: list[tuple[int | None, Action]] = []
        self.street = -1
        self.phase = Phase.DEALING
        self.actor: int | None = None
        self.current_bet = 0
        self.full_raise = 0
        self.last_full_level = 0
        self.raise_count = 0
        self.bet_unit = 0
        self.last_aggressor: int | None = None
        self.rake = 0
        self.flop_dealt = False
        self._pending_deals: list[tuple[int | None, int]] = []
        self._pending_draws: list[int] = []
        self._bring_in_due: int | None = None
        self._showdown_queue: list[int] = []
        self._dealt: set[int] = set()
        self._restub: list[int] = []
        self._draw_round_discards: list[int] = []
        self._post_forced()
        self._start_street(0)

    # ------------------------------------------------------------------ state

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def pot(self) -> int:
        """All chips in the middle, including this street's bets."""
        return sum(self.contributed)

    def in_hand(self) -> list[int]:
        return [i for i in range(self.n) if not self.folded[i]]

    # --------------------------------------------------------------- forced bets

    def _pay(self, seat: int, amount: int) -> int:
        paid = amount if amount < self.stacks[seat] else self.stacks[seat]
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        return paid

    def _post_forced(self) -> None:
        cfg = self.config
        n = self.n
        antes = cfg.antes or (0,) * n
        blinds = cfg.blinds or (0,) * n
        posts = cfg.posts or (0,) * n
        dead = cfg.dead or (0,) * n

        def post_antes() -> None:
            for i in range(n):
                if antes[i]:
                    paid = self._pay(i, antes[i])
                    self.dead[i] += paid
                    self.short_ante[i] = paid < antes[i]
                    self.events.append(ev.AntePosted(None, i, paid))

        def post_blinds() -> None:
            for i in range(n):
                if dead[i]:
                    paid = self._pay(i, dead[i])
                    self.dead[i] += paid
                    self.events.append(ev.BlindPosted(None, i, paid, True))
            for i in range(n):
                live = blinds[i] + posts[i]
                if live:
                    paid = self._pay(i, live)
                    self.bets[i] = paid
                    self.events.append(ev.BlindPosted(None, i, paid))

        if cfg.bba_order == "blind_first":
            post_blinds()
            post_antes()
        else:
            post_antes()
            post_blinds()

    # ----------------------------------------------------------------- streets

    def _start_street(self, index: int) -> None:
        self.street = index
        street = self.variant.streets[index]
        self.events.append(ev.StreetStarted(None, index, street.name))
        live = [i for i in range(self.n) if not self.folded[i]]
        self._pending_deals = []
        if street.board:
            self._pending_deals.append((None, street.board))
        count = street.down + street.up
        if count:
            self._pending_deals.extend((i, count) for i in live)
        if street.draw:
            # Everyone still in draws, all-in players too; then the replacements
            # are dealt, then the betting.
            self._pending_draws = live
            self._draw_round_discards = []
            self.phase = Phase.DRAWING
            self.actor = live[0]
            return
        self._after_street_action()

    def _after_street_action(self) -> None:
        """Deal what is due (or wait for the dealer), then open the betting."""
        if self._pending_deals:
            if self._deck is None:
                self.phase = Phase.DEALING
                self.actor = None
                return
            self._deal_from_deck()
        self._open_betting()

    def _deal_from_deck(self) -> None:
        deck = self._deck
        assert deck is not None
        street = self.variant.streets[self.street]
        if street.burn and len(deck) > 0:
            deck.burn()
            self.events.append(ev.CardBurned(None))
        hole_deals = [(s, c) for s, c in self._pending_deals if s is not None]
        board = sum(c for s, c in self._pending_deals if s is None)
        if hole_deals:
            # D4: one card at a time, clockwise from seat 0.
            dealt: dict[int, list[int | None]] = {s: [] for s, _ in hole_deals}
            rounds = max(c for _, c in hole_deals)
            for r in range(rounds):
                for s, c in hole_deals:
                    if r < c:
                        dealt[s].append(self._draw_card(deck))
            for s, _ in hole_deals:
                self._give_hole(s, dealt[s])
        if board:
            self._give_board([self._draw_card(deck) for _ in range(board)])
        self._pending_deals = []

    def _draw_card(self, deck: Deck) -> int:
        if len(deck) == 0:
            self._reshuffle_discards()
        if len(self._restub):
            return self._restub.pop()
        return int(deck.deal(1)[0])

    def _reshuffle_discards(self) -> None:
        """Draw games, house rule: when the stub runs out, the discards of earlier
        draws (never the burns, never this draw's own discards) are shuffled into
        a new stub.  The shuffle is seeded from the deck order, so a hand stays
        reproducible from its configuration, deck order and actions."""
        if self._restub:
            return
        this_round = set(self._draw_round_discards)
        stub = [c for c in self.discards if c not in this_round]
        if not stub:
            raise ConfigError("the deck ran out of cards and there are no discards to reuse")
        assert self._deck is not None
        seed = hash(tuple(self._deck.order)) ^ len(self.events)
        random.Random(seed).shuffle(stub)
        self.discards = [c for c in self.discards if c in this_round]
        self._restub = stub[::-1]

    def _give_hole(self, seat: int, cards: Sequence[int | None]) -> None:
        street = self.variant.streets[self.street]
        if street.draw:
            ups = [False] * len(cards)
        else:
            ups = [False] * street.down + [True] * street.up
        for c in cards:
            if c is not None:
                self._dealt.add(c)
        self.hole[seat].extend(cards)
        self.up[seat].extend(ups)
        up_cards = tuple(c for c, u in zip(cards, ups, strict=True) if u and c is not None)
        self.events.append(ev.HoleCardsDealt(seat, seat, tuple(cards), up_cards, len(cards)))
        if any(not u for u in ups):
            self.events.append(ev.HoleCardsDealt(None, seat, (), up_cards, len(cards)))
        else:
            self.events.append(ev.HoleCardsDealt(None, seat, tuple(cards), up_cards, len(cards)))

    def _give_board(self, cards: Sequence[int]) -> None:
        self._dealt.update(cards)
        self.board.extend(cards)
        if len(self.board) >= 3:
            self.flop_dealt = True
        self.events.append(ev.BoardDealt(None, tuple(cards)))

    # ----------------------------------------------------------------- betting

    def _can_act(self, i: int) -> bool:
        return not self.folded[i] and self.stacks[i] > 0

    def _can_bet_more(self) -> bool:
        """At least two players in the hand still have chips to bet."""
        count = 0
        for i in range(self.n):
            if not self.folded[i] and self.stacks[i] > 0:
                count += 1
                if count > 1:
                    return True
        return False

    def _unit_for_street(self) -> int:
        cfg = self.config
        street = self.variant.streets[self.street]
        if cfg.structure is Structure.FIXED_LIMIT:
            return cfg.big_bet if street.big_bet else cfg.small_bet
        return cfg.min_bet

    def _open_betting(self) -> None:
        cfg = self.config
        self.bet_unit = self._unit_for_street()
        self.acted = [False] * self.n
        self.faced = [0] * self.n
        self.raise_count = 0
        self.last_aggressor = None
        self.phase = Phase.BETTING
        first: int | None
        if self.street == 0 and not self.variant.is_stud:
            blinds = cfg.blinds or (0,) * self.n
            top = max(blinds) if blinds else 0
            self.current_bet = top
            self.full_raise = max(self.bet_unit, top) if not cfg.structure.is_limit else (
                self.bet_unit
            )
            if top >= self.bet_unit and top > 0:
                self.raise_count = 1
                self.last_full_level = top
            else:
                self.last_full_level = 0
            start = max(range(self.n), key=lambda i: (blinds[i], -i)) if top else self.n - 1
            first = self._next_actor(start)
        else:
            self.current_bet = 0
            self.full_raise = self.bet_unit
            self.last_full_level = 0
            self.bets = [0] * self.n
            if self.variant.is_stud:
                first = self._stud_opener()
            else:
                first = self._next_actor(self.n - 1)
        self.actor = first
        if first is None:
            self._close_round()

    def _stud_opener(self) -> int | None:
        v = self.variant
        live = self.in_hand()
        ups = {
            i: [c for c, u in zip(self.hole[i], self.up[i], strict=True) if u and c is not None]
            for i in live
        }
        ups = {i: cards for i, cards in ups.items() if cards}
        if not ups:
            raise ConfigError("the up-cards must be known to find the bring-in and first to act")
        if self.street == 0:
            seat = bring_in_seat(ups, low_game=v.stud_low)
            # F10: a bring-in player all-in for the ante: the action starts to the left.
            if self.stacks[seat] == 0:
                self._bring_in_due = None
                self.current_bet = 0
                return self._next_actor(seat)
            self._bring_in_due = seat
            return seat
        seat = first_to_act_by_board(ups, low_game=v.stud_low)
        if self.stacks[seat] == 0 or self.folded[seat]:
            return self._next_actor(seat)
        return seat

    def _needs_action(self, i: int) -> bool:
        return (
            not self.folded[i]
            and self.stacks[i] > 0
            and (not self.acted[i] or self.bets[i] < self.current_bet)
        )

    def _next_actor(self, after: int) -> int | None:
        n = self.n
        i = after
        for _ in range(n):
            i = i + 1 if i + 1 < n else 0
            if self._needs_action(i):
                if not self._can_bet_more() and self.bets[i] >= self.current_bet:
                    return None
                return i
        return None

    def _may_raise(self, i: int) -> bool:
        cfg = self.config
        if self.stacks[i] + self.bets[i] <= self.current_bet:
            return False
        others_with_chips = any(
            j != i and not self.folded[j] and self.stacks[j] > 0 for j in range(self.n)
        )
        if not others_with_chips:
            return False
        if cfg.structure.is_limit and cfg.raise_cap is not None:
            heads_up = sum(1 for f in self.folded if not f) == 2
            if (cfg.cap_heads_up or not heads_up) and self.raise_count >= cfg.raise_cap:
                return False
        if not self.acted[i]:
            return True
        if cfg.structure.is_limit:
            return self.last_full_level > self.faced[i]
        return self.current_bet - self.faced[i] >= self.full_raise

    def _raise_bounds(self, i: int) -> tuple[int, int]:
        cfg = self.config
        all_in = self.stacks[i] + self.bets[i]
        current = self.current_bet
        structure = cfg.structure
        if structure is Structure.FIXED_LIMIT:
            unit = self.bet_unit
            if current < unit:
                target = unit
            elif cfg.limit_short_raise == "complete" and self.last_full_level:
                target = max(self.last_full_level + unit, current + 1)
            else:
                target = current + unit
            reach = max(
                (self.bets[j] + self.stacks[j] for j in range(self.n)
                 if j != i and not self.folded[j]),
                default=0,
            )
            low = target
            if current < reach < target:
                # Raising past what any opponent can call is pointless: a raise to
                # exactly what the deepest opponent can put in is accepted too.
                low = reach
            return min(low, all_in), min(target, all_in)
        if structure is Structure.SPREAD_LIMIT:
            low_inc = max(cfg.min_bet, self.full_raise)
            low = max(current + min(low_inc, cfg.max_bet), cfg.min_bet)
            high = current + cfg.max_bet
            return min(low, all_in), min(high, all_in)
        low = max(current + self.full_raise, cfg.min_bet)
        if structure is Structure.POT_LIMIT:
            to_call = current - self.bets[i]
            high = current + self.pot + to_call
        else:
            high = all_in
        return min(low, all_in), min(high, all_in)

    def legal_actions(self) -> LegalActions:
        phase = self.phase
        if phase is Phase.COMPLETE:
            return LegalActions(phase, None)
        if phase is Phase.DEALING:
            seat, count = self._pending_deals[0]
            if seat is None:
                return LegalActions(phase, None, deal_board=count)
            return LegalActions(phase, None, deal_seat=seat, deal_count=count)
        i = self.actor
        assert i is not None
        if phase is Phase.DRAWING:
            return LegalActions(phase, i, max_discard=len(self.hole[i]))
        if phase is Phase.SHOWDOWN:
            return LegalActions(phase, i, show=True, muck=not self._must_show(i))
        if self._bring_in_due == i:
            low, high = self._raise_bounds(i)
            return LegalActions(
                phase, i, bring_in=min(self.config.bring_in, self.stacks[i]),
                min_raise_to=low, max_raise_to=high,
            )
        owed = self.current_bet - self.bets[i]
        call = owed if owed < self.stacks[i] else self.stacks[i]
        if self._may_raise(i):
            low, high = self._raise_bounds(i)
        else:
            low = high = None  # type: ignore[assignment]
        return LegalActions(
            phase,
            i,
            fold=True,
            check=owed <= 0,
            call=call if owed > 0 else None,
            min_raise_to=low,
            max_raise_to=high,
        )

    # ------------------------------------------------------------------ acting

    def act(self, action: Action, *, seat: int | None = None) -> list[ev.Event]:
        """Apply one action; return the events it caused.

        ``seat`` (optional) is who is trying to act: a player acting out of turn
        is refused (B13, online rules).  Nothing changes when an action is refused.
        """
        if seat is not None and seat != self.actor and not self._may_show_out_of_turn(seat, action):
            whose = "the dealer's" if self.actor is None else f"seat {self.actor}'s"
            raise IllegalActionError(
                "not_your_turn", f"seat {seat} cannot act now: it is {whose} turn"
            )
        mark = len(self.events)
        phase = self.phase
        actor = seat if seat is not None else self.actor
        if phase is Phase.COMPLETE:
            raise IllegalActionError("hand_over", "the hand is over; no more actions")
        if isinstance(action, DealHole | DealBoard):
            self._deal_action(action)
        elif phase is Phase.BETTING:
            self._betting_action(action)
        elif phase is Phase.DRAWING:
            self._draw_action(action)
        elif phase is Phase.SHOWDOWN:
            self._showdown_action(action, seat)
        else:
            raise self._refuse("dealer_to_act", action)
        self.log.append((None if isinstance(action, DealHole | DealBoard) else actor, action))
        return self.events[mark:]

    def _may_show_out_of_turn(self, seat: int, action: Action) -> bool:
        """TDA 17: at the showdown anyone still in may table (or muck) without waiting."""
        return (
            self.phase is Phase.SHOWDOWN
            and isinstance(action, Show | Muck)
            and 0 <= seat < self.n
            and not self.folded[seat]
            and not self.exposed[seat]
        )

    def reveal(self, seat: int, cards: Sequence[int]) -> list[ev.Event]:
        """Name the cards of a hand already turned face up (all-in, S3) whose cards
        were not known (a replayed history).  Cards already known must match."""
        if not 0 <= seat < self.n or self.folded[seat]:
            raise IllegalActionError("not_in_hand", f"seat {seat} is not in the hand")
        mark = len(self.events)
        self._fill_cards(seat, cards)
        return self.events[mark:]

    def _refuse(self, reason: str, action: Action, detail: str = "") -> IllegalActionError:
        legal = self.legal_actions().describe()
        prefix = f"{detail}; " if detail else ""
        return IllegalActionError(reason, f"{prefix}{_name(action)} is not allowed: {legal}")

    def _betting_action(self, action: Action) -> None:
        i = self.actor
        assert i is not None
        if self._bring_in_due == i:
            if isinstance(action, BringIn):
                self._bring_in_due = None
                paid = self._pay(i, self.config.bring_in)
                self.bets[i] += paid
                self.current_bet = max(self.current_bet, self.bets[i])
                self.acted[i] = True
                self.faced[i] = self.current_bet
                self.events.append(ev.BringInPosted(None, i, paid))
                self._advance_from(i)
                return
            if not isinstance(action, BetRaise):
                raise self._refuse("bring_in_due", action)
        if isinstance(action, Fold):
            self.folded[i] = True
            self.events.append(ev.Folded(None, i))
            self._bring_in_due = None
            self._advance_from(i)
        elif isinstance(action, CheckCall):
            owed = self.current_bet - self.bets[i]
            if owed <= 0:
                self.events.append(ev.Checked(None, i))
            else:
                paid = self._pay(i, owed)
                self.bets[i] += paid
                self.events.append(ev.Called(None, i, paid, self.stacks[i] == 0))
            self.acted[i] = True
            self.faced[i] = self.current_bet
            self._advance_from(i)
        elif isinstance(action, BetRaise):
            self._bet_raise(i, action.to, action)
        else:
            raise self._refuse("not_a_betting_action", action)

    def _bet_raise(self, i: int, to: int, action: Action) -> None:
        if not self._may_raise(i) and self._bring_in_due != i:
            raise self._refuse("raise_not_allowed", action, "betting is not open to this seat")
        low, high = self._raise_bounds(i)
        if not low <= to <= high:
            raise self._refuse(
                "raise_out_of_range", action, f"a bet/raise to {to} is outside {low}-{high}"
            )
        cfg = self.config
        increment = to - self.current_bet
        paid = self._pay(i, to - self.bets[i])
        self.bets[i] = to
        all_in = self.stacks[i] == 0
        if cfg.structure is Structure.FIXED_LIMIT:
            unit = self.bet_unit
            full = to >= unit and (self.current_bet < unit or 2 * increment >= unit)
            full = full or (not all_in)
        else:
            full = increment >= self.full_raise or (self.current_bet == 0 and to >= cfg.min_bet)
            if full and not cfg.structure.is_limit:
                self.full_raise = max(increment, self.full_raise if self.current_bet else 0)
            elif full:
                self.full_raise = max(self.full_raise, increment)
        if full:
            self.raise_count += 1
            self.last_full_level = to
        self.current_bet = to
        self.last_aggressor = i
        self._bring_in_due = None
        self.acted[i] = True
        self.faced[i] = to
        self.events.append(ev.BetOrRaised(None, i, to, paid, all_in, full))
        self._advance_from(i)

    def _advance_from(self, i: int) -> None:
        if sum(1 for f in self.folded if not f) == 1:
            self._close_round()
            return
        nxt = self._next_actor(i)
        if nxt is None:
            self._close_round()
        else:
            self.actor = nxt

    def _close_round(self) -> None:
        """B3 and B12: the round is over; return any uncalled bet, then go on."""
        bets = self.bets
        top = max(bets)
        if top > 0:
            leaders = [i for i in range(self.n) if bets[i] == top]
            if len(leaders) == 1:
                leader = leaders[0]
                second = max((b for j, b in enumerate(bets) if j != leader), default=0)
                excess = top - second
                if excess > 0:
                    self.stacks[leader] += excess
                    self.contributed[leader] -= excess
                    self.events.append(ev.BetReturned(None, leader, excess))
        self.bets = [0] * self.n
        self.actor = None
        live = self.in_hand()
        if len(live) == 1:
            self._award_uncontested(live[0])
            return
        if not self._can_bet_more():
            self._expose_all_in()
        if self.street + 1 < len(self.variant.streets):
            self._start_street(self.street + 1)
        else:
            self._begin_showdown()

    def _expose_all_in(self) -> None:
        """S3: no more betting is possible: every hand in the pot is tabled at once."""
        for i in self.in_hand():
            if not self.exposed[i]:
                self.exposed[i] = True
                self.events.append(
                    ev.HandShown(None, i, tuple(self.hole[i]), "")
                )

    # ------------------------------------------------------------------ dealing

    def _deal_action(self, action: DealHole | DealBoard) -> None:
        if self.phase is not Phase.DEALING:
            raise self._refuse("no_deal_due", action, "no cards are due now")
        cards = [c for c in action.cards if c is not None]
        for c in cards:
            if c not in self._valid_cards:
                raise self._refuse("bad_card", action, f"card {c} is not in this deck")
        reused = self._reusable_discards(action)
        dup = [c for c in cards if c in self._dealt and c not in reused]
        if dup or len(set(cards)) != len(cards):
            bad = dup[0] if dup else next(c for c in cards if cards.count(c) > 1)
            raise self._refuse(
                "card_dealt_twice", action, f"{format_cards([bad])} has already been dealt"
            )
        if isinstance(action, DealBoard):
            if any(c is None for c in action.cards):
                raise self._refuse("unknown_board_card", action, "board cards must be known")
            index = next((k for k, (s, _) in enumerate(self._pending_deals) if s is None), None)
            if index is None or index and any(s is not None for s, _ in
                                              self._pending_deals[:index]):
                raise self._refuse("no_board_due", action, "no board cards are due now")
            count = self._pending_deals[index][1]
            if len(action.cards) != count:
                raise self._refuse(
                    "wrong_card_count", action, f"{count} board card(s) are due, not "
                    f"{len(action.cards)}"
                )
            del self._pending_deals[index]
            self._give_board(cards)
        else:
            index = next(
                (k for k, (s, _) in enumerate(self._pending_deals) if s == action.seat), None
            )
            if index is None:
                raise self._refuse("no_cards_due", action, f"no cards are due to seat {action.seat}")
            count = self._pending_deals[index][1]
            if len(action.cards) != count:
                raise self._refuse(
                    "wrong_card_count", action,
                    f"{count} card(s) are due to seat {action.seat}, not {len(action.cards)}",
                )
            del self._pending_deals[index]
            self._give_hole(action.seat, action.cards)
        if not self._pending_deals:
            self._after_deals()

    def _reusable_discards(self, action: DealHole | DealBoard) -> set[int]:
        """Draw games: once the stub runs out, earlier discards are dealt again."""
        if not isinstance(action, DealHole) or not self.variant.is_draw:
            return set()
        this_round = set(self._draw_round_discards)
        return {c for c in self.discards if c not in this_round}

    @property
    def _valid_cards(self) -> frozenset[int]:
        return _DECK_SETS.setdefault(self.variant.key, frozenset(self.variant.deck))

    def _after_deals(self) -> None:
        self._open_betting()

    # ------------------------------------------------------------------ drawing

    def _draw_action(self, action: Action) -> None:
        i = self.actor
        assert i is not None
        if not isinstance(action, Discard):
            raise self._refuse("draw_due", action)
        remaining = list(self.hole[i])
        for c in action.cards:
            if c is not None and c in remaining:
                remaining.remove(c)
            elif None in remaining:
                # An unknown card (a replayed history): a named card must be new.
                if c is not None and (c in self._dealt or c not in self._valid_cards):
                    raise self._refuse(
                        "not_your_card", action, f"seat {i} cannot hold {format_cards([c])}"
                    )
                remaining.remove(None)
            else:
                raise self._refuse(
                    "not_your_card", action,
                    f"seat {i} does not hold {format_cards([c])}",
                )
        known = [c for c in action.cards if c is not None]
        if len(set(known)) != len(known):
            raise self._refuse("card_dealt_twice", action, "a card is discarded twice")
        k = len(action.cards)
        self.hole[i] = remaining
        self.up[i] = [False] * len(remaining)
        for c in known:
            self._dealt.add(c)
            self.discards.append(c)
            self._draw_round_discards.append(c)
        self.events.append(ev.Discarded(i, i, k, tuple(known)))
        self.events.append(ev.Discarded(None, i, k, ()))
        if k:
            self._pending_deals.append((i, k))
        self._pending_draws = [s for s in self._pending_draws if s != i]
        if self._pending_draws:
            self.actor = self._pending_draws[0]
            return
        self.actor = None
        if self._pending_deals:
            if self._deck is None:
                self.phase = Phase.DEALING
                return
            self._deal_from_deck()
        self._open_betting()

    # ----------------------------------------------------------------- showdown

    def _begin_showdown(self) -> None:
        self.phase = Phase.SHOWDOWN
        self.actor = None
        self._showdown = Showdown(self)
        self._showdown_queue = self._showdown.order()
        if self.config.auto_showdown:
            for i in self._showdown_queue:
                self._show(i, None)
            self._showdown_queue = []
        self._next_shower()

    def _must_show(self, i: int) -> bool:
        """An exposed hand, or any hand when someone is all-in (TDA 16), stays face up."""
        return self.exposed[i] or any(
            self.stacks[j] == 0 for j in self.in_hand()
        )

    def _show(self, i: int, cards: Sequence[int] | None) -> None:
        if cards is not None:
            self._fill_cards(i, cards)
        self.exposed[i] = True
        self.events.append(
            ev.HandShown(None, i, tuple(self.hole[i]), self._showdown.describe(i))
        )

    def _fill_cards(self, i: int, cards: Sequence[int]) -> None:
        hole = self.hole[i]
        known = [c for c in hole if c is not None]
        if len(cards) != len(hole) and len(cards) != len(known):
            raise self._refuse(
                "wrong_cards", Show(tuple(cards)),
                f"seat {i} holds {len(hole)} cards, not {len(cards)}",
            )
        for c in cards:
            if c not in hole:
                if None not in hole:
                    raise self._refuse(
                        "wrong_cards", Show(tuple(cards)),
                        f"seat {i} does not hold {format_cards([c])}",
                    )
                if c in self._dealt:
                    raise self._refuse(
                        "card_dealt_twice", Show(tuple(cards)),
                        f"{format_cards([c])} has already been dealt",
                    )
        for c in cards:
            if c not in hole:
                hole[hole.index(None)] = c
                self._dealt.add(c)

    def _showdown_action(self, action: Action, seat: int | None = None) -> None:
        i = self.actor if seat is None else seat
        assert i is not None
        if isinstance(action, Show):
            self._show(i, action.cards)
        elif isinstance(action, Muck):
            if self._must_show(i):
                raise self._refuse("must_show", action, "this hand must be tabled")
            self.mucked[i] = True
            self.folded[i] = True
            self.events.append(ev.HandMucked(None, i))
        else:
            raise self._refuse("showdown", action)
        if i in self._showdown_queue:
            self._showdown_queue.remove(i)
        self._next_shower()

    def _next_shower(self) -> None:
        while self._showdown_queue:
            i = self._showdown_queue[0]
            if self.folded[i]:
                self._showdown_queue.pop(0)
                continue
            if len(self.in_hand()) == 1:
                break
            self.actor = i
            return
        live = self.in_hand()
        if len(live) == 1:
            self._award_uncontested(live[0])
            return
        self._finish(self._showdown.award())

    # ------------------------------------------------------------------ awards

    def _award_uncontested(self, seat: int) -> None:
        """B4: the last player in wins without showing."""
        total = self._take_rake(self.pot)
        self.stacks[seat] += total
        self.events.append(ev.PotAwarded(None, 0, "whole", ((seat, total),), ""))
        self._finish([])

    def _take_rake(self, total: int) -> int:
        cfg = self.config
        if cfg.rake_percent and (self.flop_dealt or not cfg.no_flop_no_drop):
            rake = int(total * cfg.rake_percent)
            if cfg.rake_cap:
                rake = min(rake, cfg.rake_cap)
            rake -= rake % cfg.chip_unit
            if rake:
                self.rake = rake
                self.events.append(ev.RakeTaken(None, rake))
                return total - rake
        return total

    def _finish(self, awards: list[ev.Event]) -> None:
        self.events.extend(awards)
        self.contributed = [0] * self.n
        self.phase = Phase.COMPLETE
        self.actor = None
        self.events.append(ev.HandEnded(None, tuple(self.stacks)))

    # ------------------------------------------------------------------ helpers

    def fold(self) -> list[ev.Event]:
        return self.act(Fold())

    def check_call(self) -> list[ev.Event]:
        return self.act(CheckCall())

    def bet_raise(self, to: int) -> list[ev.Event]:
        return self.act(BetRaise(to))


_DECK_SETS: dict[str, frozenset[int]] = {}


def _name(action: Action) -> str:
    if isinstance(action, BetRaise):
        return f"bet/raise to {action.to}"
    names = {
        Fold: "fold", CheckCall: "check/call", BringIn: "the bring-in", Discard: "a discard",
        Show: "show", Muck: "muck", DealHole: "dealing hole cards", DealBoard: "dealing the board",
    }
    return names.get(type(action), type(action).__name__)
