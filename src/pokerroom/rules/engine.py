"""The hand engine: one deal from the forced bets to the pots awarded.

``Hand(config, deck)`` deals itself from the deck; ``Hand(config)`` without a
deck waits for the dealer's ``DealHole``/``DealBoard`` actions (replaying a
history, or a live table whose cards come from a real dealer).  Then players
act one at a time: :meth:`Hand.legal_actions` says exactly what may happen
next and :meth:`Hand.act` refuses anything else with an IllegalActionError
that says why, leaving the hand unchanged.

The engine numbers its players by **position**, their place in dealing order:
0 to ``n - 1`` from the button (0 is the first player left of the button, the
button is last; heads-up, position 1 is the button), in ``HandConfig.stacks``
order.  Every ``position`` parameter and field of the engine is one
(``act(..., position=)``, ``view(position)``, ``LegalActions.position``, the
events' ``position``, ``HandView.players``).  A **seat** is a chair at a
table: :class:`pokerroom.table.Table` speaks seats, and ``HandPlan.position_of``
and ``HandPlan.seat_at`` translate.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

from pokerroom.cards import Deck, format_cards
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import (
    Action,
    Award,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Kill,
    Muck,
    Show,
)
from pokerroom.rules.config import HandConfig
from pokerroom.rules.dealing import deck_set
from pokerroom.rules.floor import Floor
from pokerroom.rules.legal import BETTING, COMPLETE, DEALING, DRAWING, SHOWDOWN, LegalActions, Phase
from pokerroom.rules.run_twice import can_run_twice, run_twice
from pokerroom.rules.showdown import Showdown
from pokerroom.rules.variants import Variant
from pokerroom.rules.view import HandView, make_view

__all__ = ["Hand", "LegalActions", "Phase"]

_DEALER_ACTIONS: Final = (DealHole, DealBoard)
_BETTING_KINDS: Final = frozenset((Fold, CheckCall, BetRaise, BringIn))
_STREETS_STARTED: Final[dict[int, tuple[Variant, tuple[ev.StreetStarted, ...]]]] = {}


def _street_started(variant: Variant, index: int) -> ev.StreetStarted:
    """The event of street ``index`` (events are values: one serves every hand)."""
    entry = _STREETS_STARTED.get(id(variant))
    if entry is None or entry[0] is not variant:
        entry = _STREETS_STARTED[id(variant)] = (
            variant, tuple(ev.StreetStarted(None, k, s.name) for k, s in enumerate(variant.streets))
        )
    return entry[1][index]
_FOLD: Final = Fold()
_CHECK_CALL: Final = CheckCall()


class Hand(Floor):
    """One deal.  Mutable inside; read it through :meth:`view`, properties and events.

    Play it action by action: :meth:`legal_actions` says who acts and what they
    may do (amounts are totals, "raise to"), :meth:`fold`, :meth:`check_call` and
    :meth:`bet_raise` (or :meth:`act`) do it and return the events it caused, and
    anything else is refused with an :class:`~pokerroom.errors.IllegalActionError`
    whose ``reason`` says why, changing nothing.  :mod:`pokerroom.rules` plays one
    hand through as an example.
    """

    def __init__(self, config: HandConfig, deck: Deck | None = None) -> None:
        self.config = config
        self.variant = config.variant
        n = config.players
        self.n = n
        self._deck = deck
        self._deck_cards = deck_set(self.variant)
        # (A full deck holds every card there is: nothing to check.)
        if deck is not None and len(self._deck_cards) < 52 and not set(
            deck.remaining()
        ) <= self._deck_cards:
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
        self.runs: list[tuple[int, ...]] = []  # running it twice: the two finished boards
        self.short_stub: str | None = None  # I9: the seventh-street case used (A, B, C)
        self.discards: list[int] = []
        self.exposed = [False] * n
        self.mucked = [False] * n
        self.events: list[ev.Event] = []
        # Every accepted action in order, with who took it (None: the dealer).
        # With the configuration and deck order this reproduces the hand.
        self.log: list[tuple[int | None, Action]] = []
        self.street = -1
        self.phase = DEALING
        self.actor: int | None = None
        self.current_bet = 0
        self.full_raise = 0
        self.last_full_level = 0
        self.raise_count = 0
        self._capped = False
        self.bet_unit = 0
        self.last_aggressor: int | None = None
        self.rake = 0
        # The pots as awarded (see awarded_pots), kept as the showdown built them: one
        # store per hand, read rarely.
        self._pots: list[tuple[int, list[int]]] = []
        self.flop_dealt = False
        self._pending_deals: list[tuple[int | None, int]] = []
        self._pending_draws: list[int] = []
        self._bring_in_due: int | None = None
        # Pot limit before the flop: blinds not posted in full still count (TDA 54-B).
        self._blind_shortfall = config.unposted_blinds
        self._showdown_queue: list[int] = []
        self._dealt: set[int] = set()
        self._restub: list[int] = []
        self._draw_round_discards: dict[int, int] = {}
        # Set for the showdown only: it refers back to the hand, and a cycle would
        # leave every finished hand to the garbage collector.
        self._showdown: Showdown | None = None
        self._init_betting()
        self._post_forced()
        self._start_street(0)

    # ------------------------------------------------------------------ state

    @property
    def is_over(self) -> bool:
        """True once the pots are awarded (:class:`~pokerroom.rules.events.HandEnded`):
        no action is accepted after that."""
        return self.phase is COMPLETE

    @property
    def awarded_pots(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The pots as awarded, once the hand is over (``()`` before): (chips, eligible
        positions), the main pot first, index k being ``PotAwarded.pot`` k (S1).  Who
        won the chips a player had in play: a knockout bounty's hunters
        (:mod:`pokerroom.tournament.bounties`)."""
        return tuple((amount, tuple(eligible)) for amount, eligible in self._pots)

    @property
    def pot(self) -> int:
        """All chips in the middle, including this street's bets."""
        return sum(self.contributed)

    # ------------------------------------------------------------ copy, pickle

    def __reduce__(self) -> tuple[Any, ...]:
        """``copy.deepcopy`` and ``pickle``, on both paths: compiled by mypyc (see
        setup.py) a hand is a native class, without a ``__dict__``, that cannot be
        made without its configuration."""
        names = getattr(type(self), "__mypyc_attrs__", None) or tuple(vars(self))
        state: dict[str, Any] = {}
        for name in names:
            if name in ("__dict__", "_showdown"):
                continue
            # Compiled, an attribute not set yet is absent (the betting round's, while
            # the dealer of a manual hand deals its first cards): it stays unset.
            with contextlib.suppress(AttributeError):
                state[name] = getattr(self, name)
        return (Hand, (self.config,), state)

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        if "_deck_cards" not in state:  # pickled before hands kept their deck's cards
            self._deck_cards = deck_set(self.variant)
        # The showdown's rankings are a cache that points back at the hand.
        self._showdown = Showdown(self) if self.phase is SHOWDOWN else None

    def stub(self) -> tuple[int, ...]:
        """The cards not dealt, top first, once the hand is over (a rabbit hunt shows
        some of them: :mod:`pokerroom.rules.rabbit`); ``()`` while the hand is played,
        whose stub no one may see, and for a hand the dealer deals (no deck)."""
        if not self.is_over or self._deck is None:
            return ()
        return tuple(int(c) for c in self._deck.remaining())

    def in_hand(self) -> list[int]:
        """The positions still holding cards (not folded or mucked), in order."""
        return [i for i in range(self.n) if not self.folded[i]]

    def view(self, position: int | None) -> HandView:
        """What the player in ``position`` (a position, see the module) may know of the
        hand now (``None``: a spectator): own cards, up cards, tabled hands, stacks,
        bets, pots, and the legal actions when it is their turn (see
        :mod:`pokerroom.rules.view`)."""
        return make_view(self, position)

    # --------------------------------------------------------------- forced bets

    def _pay(self, position: int, amount: int) -> int:
        stack = self.stacks[position]
        if amount < stack:
            self.stacks[position] = stack - amount
            self.contributed[position] += amount
            return amount
        # All-in.
        self.stacks[position] = 0
        self.contributed[position] += stack
        if stack and not self.folded[position]:
            self._active -= 1
        return stack

    def _post_forced(self) -> None:
        if self.config.bba_order == "blind_first":
            self._post_blinds()
            self._post_antes()
        else:
            self._post_antes()
            self._post_blinds()

    def _post_antes(self) -> None:
        antes = self.config.antes
        if not antes:
            return
        for i in range(self.n):
            if antes[i]:
                paid = self._pay(i, antes[i])
                self.dead[i] += paid
                self.short_ante[i] = paid < antes[i]
                self.events.append(ev.AntePosted(None, i, paid))

    def _post_blinds(self) -> None:
        cfg = self.config
        dead = cfg.dead
        if dead:
            for i in range(self.n):
                if dead[i]:
                    paid = self._pay(i, dead[i])
                    self.dead[i] += paid
                    self.events.append(ev.BlindPosted(None, i, paid, True))
        blinds = cfg.blinds or (0,) * self.n
        posts = cfg.posts or (0,) * self.n
        for i in range(self.n):
            live = blinds[i] + posts[i]
            if live:
                paid = self._pay(i, live)
                self.bets[i] = paid
                self._blind_shortfall += live - paid
                self.events.append(ev.BlindPosted(None, i, paid))

    # ----------------------------------------------------------------- streets

    def _start_street(self, index: int) -> None:
        self.street = index
        street = self.variant.streets[index]
        self.events.append(_street_started(self.variant, index))
        folded = self.folded
        live = [i for i in range(self.n) if not folded[i]]
        pending: list[tuple[int | None, int]] = [(None, street.board)] if street.board else []
        count = street.down + street.up
        if count:
            pending.extend([(i, count) for i in live])
        self._pending_deals = pending
        if street.draw:
            # Everyone still in draws, all-in players too; then the replacements
            # are dealt, then the betting.
            self._pending_draws = live
            self._draw_round_discards = {}
            self.phase = DRAWING
            self.actor = live[0]
            return
        self._after_street_action()

    # ----------------------------------------------------------------- betting

    def legal_actions(self) -> LegalActions:
        """Exactly what may happen next (B2): who acts (a position; None when the
        dealer is to deal or the hand is over) and what they may do, with amounts:
        the call, the smallest and largest bet or raise (totals), the bring-in, a
        draw's discards, show or muck.  :meth:`act` accepts an action exactly when
        this lists it; :meth:`LegalActions.describe` says it in words."""
        phase = self.phase
        if phase is BETTING:
            actor = self.actor
            assert actor is not None
            return self._betting_legal(actor)
        if phase is COMPLETE:
            return LegalActions(phase, None)
        if phase is DEALING:
            position, count = self._pending_deals[0]
            if position is None:
                return LegalActions(phase, None, deal_board=count)
            return LegalActions(phase, None, deal_position=position, deal_count=count)
        i = self.actor
        assert i is not None
        if phase is DRAWING:
            return LegalActions(phase, i, max_discard=len(self.hole[i]))
        if phase is SHOWDOWN:
            return LegalActions(phase, i, show=True, muck=not self._must_show(i))
        return self._betting_legal(i)

    # ------------------------------------------------------------------ acting

    def act(self, action: Action, *, position: int | None = None) -> list[ev.Event]:
        """Apply one action; return the events it caused.

        ``position`` (optional) is who is trying to act: a player acting out of turn
        is refused (B13, online rules).  Nothing changes when an action is refused.
        """
        mark = len(self.events)
        self.apply(action, position=position)
        return self.events[mark:]

    def apply(self, action: Action, *, position: int | None = None) -> None:
        """:meth:`act` without the list of the events it caused (they are at the
        end of :attr:`events`): for replays and simulations that do not look."""
        turn = self.actor
        if (position is not None and (turn is None or position != turn)
                and not self._may_show_out_of_turn(position, action)):
            whose = "the dealer's" if turn is None else f"position {turn}'s"
            raise IllegalActionError(
                Reason.NOT_YOUR_TURN, f"position {position} cannot act now: it is {whose} turn"
            )
        phase = self.phase
        actor = position if position is not None else self.actor
        kind = type(action)
        if phase is BETTING and kind in _BETTING_KINDS:
            self._betting_action(action)
        elif phase is COMPLETE:
            raise IllegalActionError(Reason.HAND_OVER, "the hand is over; no more actions")
        elif kind is Kill or kind is Award:
            if position is not None:
                what = ("kill a hand: only the floor does" if kind is Kill
                        else "award a pot: the dealer reads the hands")
                raise IllegalActionError(Reason.FLOOR_ONLY,
                                         f"position {position} cannot {what}")
            if kind is Kill:
                self._kill(action)  # type: ignore[arg-type]
            else:
                self._award_judged(action)  # type: ignore[arg-type]
            actor = None
        elif isinstance(action, _DEALER_ACTIONS):
            self._deal_action(action)
            actor = None
        elif phase is BETTING:
            self._betting_action(action)  # refuses it
        elif phase is DRAWING:
            self._draw_action(action)
        elif phase is SHOWDOWN:
            self._showdown_action(action, position)
        else:
            raise self._refuse(Reason.DEALER_TO_ACT, action)
        self.log.append((actor, action))

    def act_recorded(self, action: Action, *, position: int | None = None) -> list[ev.Event]:
        """Apply an action read back from a record (a stored log, a hand history):
        :meth:`act`, except that a bet or raise nobody else could call is accepted
        as recorded, as pokerroom did before B3 refused it (``raise_uncallable``);
        what nobody called goes back as usual (B12).  Live play uses :meth:`act`.
        """
        try:
            return self.act(action, position=position)
        except IllegalActionError as refused:
            if refused.reason != "raise_uncallable":
                raise
        self._uncallable_ok = True
        try:
            return self.act(action, position=position)
        finally:
            self._uncallable_ok = False

    def _refuse(self, reason: Reason, action: Action, detail: str = "") -> IllegalActionError:
        legal = self.legal_actions().describe()
        prefix = f"{detail}; " if detail else ""
        return IllegalActionError(reason, f"{prefix}{_name(action)} is not allowed: {legal}")

    def _close_round(self) -> None:
        """B3 and B12: the round is over; return any uncalled bet, then go on."""
        bets = self.bets
        # The largest bet and the next one (a loop: max() of a list is a generic call).
        top = second = leader = 0
        for j in range(len(bets)):
            b = bets[j]
            if b > top:
                top, second, leader = b, top, j
            elif b > second:
                second = b
        if top > second:  # one bet above all others: the part nobody matched goes back
            excess = top - second
            if self.stacks[leader] == 0 and not self.folded[leader]:
                self._active += 1
            self.stacks[leader] += excess
            self.contributed[leader] -= excess
            self.events.append(ev.BetReturned(None, leader, excess))
        self.bets = [0] * self.n
        self.actor = None
        folded = self.folded
        if folded.count(False) == 1:
            self._award_uncontested(folded.index(False))
            return
        if self._active < 2:
            # S3: hands are tabled when no decision is left; in draw games players
            # still draw, so their hands stay down until the showdown.
            if not any(s.draw for s in self.variant.streets[self.street + 1:]):
                self._expose_all_in()
            if self.config.run_it_twice and can_run_twice(self):
                run_twice(self)
                return
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

    # ------------------------------------------------------------------ drawing

    # ----------------------------------------------------------------- showdown

    def _begin_showdown(self) -> None:
        """S4: hands are tabled in order (last aggressor first), each player showing
        or mucking when ``auto_showdown`` is off.  S3 / TDA 16: when a player in the
        pot is all-in, every hand is tabled at once as the betting ends."""
        self.phase = SHOWDOWN
        self.actor = None
        self._showdown = Showdown(self)
        queue = self._showdown.order()
        if self.config.auto_showdown or self._anyone_all_in():
            for i in queue:
                self._show(i, None)
            # A replayed history may not know some of the cards yet: those positions
            # still have to name them (Show with cards).
            queue = [i for i in queue if None in self.hole[i]]
        self._showdown_queue = queue
        self._next_shower()

    def _anyone_all_in(self) -> bool:
        """Someone still in the hand has no chips left."""
        return self._active < self.folded.count(False)

    def _must_show(self, i: int) -> bool:
        """An exposed hand, or any hand when someone is all-in (TDA 16), stays face up."""
        return self.exposed[i] or self._anyone_all_in()

    def _show(self, i: int, cards: Sequence[int] | None) -> None:
        if cards is not None:
            self._fill_cards(i, cards)
        self.exposed[i] = True
        showdown = self._showdown
        assert showdown is not None
        self.events.append(ev.HandShown(None, i, tuple(self.hole[i]), showdown.describe(i)))

    def _fill_cards(self, i: int, cards: Sequence[int]) -> None:
        hole = self.hole[i]
        known = [c for c in hole if c is not None]
        if len(cards) != len(hole) and len(cards) != len(known):
            raise self._refuse(
                Reason.WRONG_CARDS, Show(tuple(cards)),
                f"position {i} holds {len(hole)} cards, not {len(cards)}",
            )
        for c in cards:
            if c not in hole:
                if None not in hole:
                    raise self._refuse(
                        Reason.WRONG_CARDS, Show(tuple(cards)),
                        f"position {i} does not hold {format_cards([c])}",
                    )
                if c in self._dealt and c not in self._reusable_for(i):
                    raise self._refuse(
                        Reason.CARD_DEALT_TWICE, Show(tuple(cards)),
                        f"{format_cards([c])} has already been dealt",
                    )
        for c in cards:
            if c not in hole:
                hole[hole.index(None)] = c
                self._dealt.add(c)

    def _showdown_action(self, action: Action, position: int | None = None) -> None:
        i = self.actor if position is None else position
        assert i is not None
        if isinstance(action, Show):
            self._show(i, action.cards)
        elif isinstance(action, Muck):
            if self._must_show(i):
                raise self._refuse(Reason.MUST_SHOW, action, "this hand must be tabled")
            self.mucked[i] = True
            self._fold(i)
            self.events.append(ev.HandMucked(None, i))
        else:
            raise self._refuse(Reason.SHOWDOWN, action)
        if i in self._showdown_queue:
            self._showdown_queue.remove(i)
        self._next_shower()

    def _next_shower(self) -> None:
        while self._showdown_queue:
            i = self._showdown_queue[0]
            if self.folded[i]:
                self._showdown_queue.pop(0)
                continue
            if self.folded.count(False) == 1:
                break
            self.actor = i
            return
        if self.folded.count(False) == 1:
            self._award_uncontested(self.folded.index(False))
            return
        showdown = self._showdown
        assert showdown is not None
        self._finish(showdown.award())

    def _award_judged(self, action: Award) -> None:
        """The dealer read the hands (physical cards): each pot to the positions named,
        split as :meth:`Showdown.award` splits (S1, S2, S8, S10).  Only at the showdown;
        refused, changing nothing, when the names do not fit the pots."""
        showdown = self._showdown
        if self.phase is not SHOWDOWN or showdown is None:
            raise self._refuse(Reason.SHOWDOWN, action,
                               "the dealer awards the pots at the showdown")
        self._finish(showdown.award_judged(action))

    # ------------------------------------------------------------------ awards

    def _award_uncontested(self, position: int) -> None:
        """B4: the last player in wins without showing."""
        total = self._take_rake(self.pot)
        self.stacks[position] += total
        self._pots = [(total, [position])]
        self.events.append(ev.PotAwarded(None, 0, "whole", ((position, total),), ""))
        self._finish([])

    def _take_rake(self, total: int) -> int:
        """S11: a percentage of the pot, rounded down to the smallest chip, at most
        ``rake_cap``.  With ``no_flop_no_drop`` a hand that ends in its first betting
        round (no flop; stud: third street; draw: before the first draw) pays none."""
        cfg = self.config
        if cfg.rake_percent and (self.street > 0 or self.flop_dealt or not cfg.no_flop_no_drop):
            # Exact decimal arithmetic: 7.25% of 400 is 29, not int(28.999...).
            rake = int(Fraction(str(cfg.rake_percent)) * total)
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
        self._showdown = None
        self.contributed = [0] * self.n
        self._active = self._count_active()
        self.phase = COMPLETE
        self.actor = None
        self.events.append(ev.HandEnded(None, tuple(self.stacks)))

    # ------------------------------------------------------------------ helpers

    def fold(self) -> list[ev.Event]:
        """The player to act folds (``act(Fold())``); returns the events."""
        return self.act(_FOLD)

    def check_call(self) -> list[ev.Event]:
        """The player to act checks, or calls what it faces (all-in for less when
        short); ``act(CheckCall())``.  Returns the events."""
        return self.act(_CHECK_CALL)

    def bet_raise(self, to: int) -> list[ev.Event]:
        """The player to act bets or raises to a *total* of ``to`` chips this street,
        between ``legal_actions().min_raise_to`` and ``max_raise_to`` (B5-B10);
        ``act(BetRaise(to))``.  Returns the events."""
        return self.act(BetRaise(to))




def _name(action: Action) -> str:
    if isinstance(action, BetRaise):
        return f"bet/raise to {action.to}"
    names = {
        Fold: "fold", CheckCall: "check/call", BringIn: "the bring-in", Discard: "a discard",
        Show: "show", Muck: "muck", DealHole: "dealing hole cards", DealBoard: "dealing the board",
        Kill: "killing a hand", Award: "the dealer's award",
    }
    return names.get(type(action), type(action).__name__)
