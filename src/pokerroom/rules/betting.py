"""Betting rounds: who acts, what each player may bet, and applying bets
(B1-B12, F5, F8-F10).  The middle layer of :class:`~pokerroom.rules.engine.Hand`
(Dealing <- Betting <- Floor <- Hand), which owns the state declared here.

B3 as decided here: a bet or raise that nobody else in the hand could call is
not offered and is refused (``raise_uncallable``); see ``raise_callable``."""

from __future__ import annotations

from typing import Final

from pokerroom.errors import ConfigError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, BetRaise, BringIn, CheckCall, Fold
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.dealing import Dealing
from pokerroom.rules.legal import BETTING, LegalActions
from pokerroom.rules.stud import bring_in_position, first_to_act_by_board


class Betting(Dealing):
    """The betting part of a hand, on top of the dealing part."""

    config: HandConfig
    n: int
    stacks: list[int]
    bets: list[int]
    acted: list[bool]
    faced: list[int]
    current_bet: int
    full_raise: int
    last_full_level: int
    raise_count: int
    bet_unit: int
    last_aggressor: int | None
    _bring_in_due: int | None
    _blind_shortfall: int
    _capped: bool
    # Kept up to date on every fold, all-in and returned bet so that finding the
    # next player or whether anyone may raise needs no scan of the table.
    _active: int  # positions in the hand with chips behind
    # The structure as flags, read on every action.
    _fixed: bool
    _spread: bool
    _pot_limit: bool
    _limit: bool
    _limit_cap: int | None  # the raise cap in limit games, None otherwise
    _pair_option: bool  # B15: this round a bet or raise may be the big bet
    # B3: off, as pokerroom plays; on only while ``Hand.act_recorded`` replays a
    # bet or raise nobody could call, recorded before such raises were refused.
    _uncallable_ok: bool
    # F10: fixed-limit stud whose bring-in is the whole small bet ("live" or "raise",
    # HandConfig.full_bring_in); None when the bring-in is below the small bet.
    _full_bring_in: str | None

    # Provided by Hand, the class built on this one.

    @property
    def pot(self) -> int:
        """All chips in the middle (see :attr:`Hand.pot`)."""
        raise NotImplementedError

    def in_hand(self) -> list[int]:
        """The positions still in the hand (see :meth:`Hand.in_hand`)."""
        raise NotImplementedError

    def _pay(self, position: int, amount: int) -> int:
        raise NotImplementedError

    def _close_round(self) -> None:
        raise NotImplementedError

    def _init_betting(self) -> None:
        cfg = self.config
        structure = cfg.structure
        self._fixed = structure is Structure.FIXED_LIMIT
        self._spread = structure is Structure.SPREAD_LIMIT
        self._pot_limit = structure is Structure.POT_LIMIT
        self._limit = self._fixed or self._spread
        self._limit_cap = cfg.raise_cap if self._limit else None
        self._active = sum(1 for s in self.stacks if s > 0)
        self._uncallable_ok = False
        self._full_bring_in = (
            cfg.full_bring_in if self._fixed and self.variant.forced == "bring_in"
            and cfg.bring_in >= cfg.small_bet else None)

    def _count_active(self) -> int:
        folded, stacks = self.folded, self.stacks
        return sum(1 for i in range(self.n) if not folded[i] and stacks[i] > 0)

    def _can_bet_more(self) -> bool:
        """At least two players in the hand still have chips to bet."""
        return self._active > 1

    def _unit_for_street(self) -> int:
        cfg = self.config
        if self._fixed:
            return cfg.big_bet if self.variant.streets[self.street].big_bet else cfg.small_bet
        return cfg.min_bet

    def _open_betting(self) -> None:
        cfg = self.config
        n = self.n
        self.bet_unit = self._unit_for_street()
        self.acted = [False] * n
        self.faced = [0] * n
        self.raise_count = 0
        self._capped = False
        self._pair_option = self._open_pair_showing()
        self.last_aggressor = None
        self.phase = BETTING
        first: int | None
        stud = self.variant.forced == "bring_in"
        if self.street == 0 and not stud:
            blinds = cfg.blinds or (0,) * self.n
            top = max(blinds) if blinds else 0
            self.current_bet = top
            self.full_raise = self.bet_unit if self._limit else max(self.bet_unit, top)
            if top >= self.bet_unit and top > 0:
                # B5, F11: the big blind is the bet; in fixed limit a straddle of
                # twice the bet is also the first raise towards the cap.
                self.raise_count = top // self.bet_unit if self._fixed else 1
                self.last_full_level = top
                if self._limit:
                    self._note_cap()
            else:
                self.last_full_level = 0
            start = self.n - 1
            if top:  # the largest blind, the first of equal ones
                start = 0
                for i in range(1, self.n):
                    if blinds[i] > blinds[start]:
                        start = i
            first = self._next_actor(start)
        else:
            self._blind_shortfall = 0
            self.current_bet = 0
            self.full_raise = self.bet_unit
            self.last_full_level = 0
            self.bets = [0] * n
            first = self._stud_opener() if stud else self._next_actor(n - 1)
        self.actor = first
        if first is None:
            self._close_round()

    def _open_pair_showing(self) -> bool:
        """B15, house option ``open_pair_double``: in fixed-limit stud, an open pair on
        fourth street lets every player bet or raise the big bet instead of the small
        one (Robert's Rules); once the big bet is made, later raises in the round are
        big bets too.  Off by default (TDA RP-10-F: no doubling); never in stud
        hi-lo, and not in razz, where a pair is a bad hand."""
        variant = self.variant
        if not (self.config.open_pair_double and self._fixed and self.street == 1
                and variant.is_stud and variant.low is None):
            return False
        for i in range(self.n):
            if self.folded[i]:
                continue
            ranks = [c >> 2 for c, u in zip(self.hole[i], self.up[i], strict=True)
                     if u and c is not None]
            if len(set(ranks)) < len(ranks):
                return True
        return False

    def _big_raise_to(self, i: int, high: int) -> int | None:
        """B15: the big-bet alternative to a small bet or raise (``_open_pair_showing``),
        or None: a full big bet on top of the current bet (completing a short bet
        when the bet is below the last full level), at most all-in."""
        if not self._pair_option:
            return None
        current = self.current_bet
        base = self.last_full_level if current > self.last_full_level else current
        target = min(base + self.config.big_bet, self.stacks[i] + self.bets[i])
        return target if target > high else None

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
            if not self._can_bet_more():
                # B3: everyone but one player is all-in for the ante: nobody could
                # call the bring-in, so there is no betting (PokerKit agrees).
                return None
            position = bring_in_position(ups, low_game=v.stud_low)
            # F10 / TDA RP-10-E: a bring-in player all-in for the ante: the action
            # starts to the left, and everyone must put in at least the bring-in
            # (or complete, or fold): nobody may check.
            if self.stacks[position] == 0:
                self._bring_in_due = None
                self.current_bet = self.config.bring_in
                self._note_full_bring_in()
                return self._next_actor(position)
            self._bring_in_due = position
            return position
        position = first_to_act_by_board(ups, low_game=v.stud_low)
        if self.stacks[position] == 0 or not self._can_bet_more():
            # B1, B3: the best board is all-in, or nobody is left to bet against.
            return self._next_actor(position)
        return position

    def _note_full_bring_in(self) -> None:
        """F10: a bring-in of the whole small bet is the round's first full bet (the
        next player calls it or raises a full bet), even posted all-in short."""
        if self._full_bring_in is not None:
            self.raise_count = 1
            self.last_full_level = self.config.bring_in
            self._note_cap()

    def _next_actor(self, after: int) -> int | None:
        """B1, B3: the next player clockwise who still has to act, or None when the
        round is over (everyone has acted and matched, or nobody is left to bet
        against)."""
        n = self.n
        folded, stacks, acted, bets = self.folded, self.stacks, self.acted, self.bets
        current = self.current_bet
        i = after
        for _ in range(n):
            i = i + 1 if i + 1 < n else 0
            if not folded[i] and stacks[i] > 0 and (not acted[i] or bets[i] < current):
                if bets[i] >= current and self._active < 2:
                    return None
                return i
        return None

    def _may_raise(self, i: int) -> bool:
        """Whether position ``i`` may bet or raise now (B3, B5, B9)."""
        stack = self.stacks[i]
        if stack + self.bets[i] <= self.current_bet:
            return False
        # Someone else in the hand must still have chips.
        if self._active - (stack > 0 and not self.folded[i]) < 1:
            return False
        cap = self._limit_cap
        if cap is not None and self.raise_count >= cap and (
            self.config.cap_heads_up or self._capped
        ):
            return False
        if not self.acted[i]:
            pass
        elif self._fixed:
            # B9 / TDA 47-B: re-opened by a full bet or raise since this player acted
            # that lifts the bet by at least half a bet for this player (several short
            # all-ins may add up), or that completed a bet below a full one (F9, F10).
            faced = self.faced[i]
            if not (self.last_full_level > faced and (
                2 * (self.current_bet - faced) >= self.bet_unit or faced < self.bet_unit
            )):
                return False
        elif self._spread:
            if self.last_full_level <= self.faced[i]:
                return False
        elif self.current_bet - self.faced[i] < self.full_raise:
            return False
        # B3, last: it may have to look at every position.
        return self._uncallable_ok or self.raise_callable(i)

    def raise_callable(self, position: int) -> bool:
        """B3 (decided rule, with B12): whether a bet or raise by ``position`` could be
        called, at least in part: some other player still in the hand can put in
        more than the current bet.  When every opponent is all-in, or can at most
        call all-in, a bet or raise would only come back uncalled (B12), so the
        player may call (or check) or fold, as in card rooms, online rooms and
        PokerKit; ``legal_actions`` offers no raise and a bet or raise is refused
        with the reason ``raise_uncallable``.  The catalogue has no entry of its
        own for this; B3's round that ends when the players are all-in is the
        closest."""
        current = self.current_bet
        folded, stacks, bets = self.folded, self.stacks, self.bets
        # Most often whoever made the bet still has chips behind: no need to look
        # at every position.
        k = self.last_aggressor
        if (k is not None and k != position and stacks[k] > 0 and bets[k] >= current
                and not folded[k]):
            return True
        for j in range(self.n):
            if j != position and not folded[j] and stacks[j] + bets[j] > current:
                return True
        return False

    def _note_cap(self) -> None:
        """B5 (Robert's Rules): the raise cap applies to a pot of three or more players
        not all-in.  Reached heads-up, raising goes on; once reached multiway it holds
        for the round even if a fold leaves two players."""
        cap = self.config.raise_cap
        if cap is not None and self.raise_count >= cap and not self._capped:
            self._capped = self._active >= 3

    def _raise_bounds(self, i: int) -> tuple[int, int]:
        cfg = self.config
        all_in = self.stacks[i] + self.bets[i]
        current = self.current_bet
        if self._fixed:
            unit = self.bet_unit
            if self._full_bring_in is not None and self._bring_in_due == i:
                # F10, full_bring_in="raise": come in for a raise over the bring-in.
                target = cfg.bring_in + unit
                return min(target, all_in), min(target, all_in)
            if current > self.last_full_level:
                # Over a short blind (F9), the bring-in (F10) or an all-in of less
                # than half a bet (TDA 47-B): complete it to a full bet or raise.
                target = self.last_full_level + unit
            elif cfg.limit_short_raise == "complete":
                # TDA 47-B house option: after an all-in of half a bet or more the
                # next raise goes to the next whole bet level (150 of 100s: to 200).
                target = (current // unit + 1) * unit
            else:
                # Default (Robert's Rules): a full bet on top (150 of 100s: to 250).
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
        if self._spread:
            low_inc = max(cfg.min_bet, self.full_raise)
            low = max(current + min(low_inc, cfg.max_bet), cfg.min_bet)
            high = current + cfg.max_bet
            return min(low, all_in), min(high, all_in)
        low = current + self.full_raise
        if low < cfg.min_bet:
            low = cfg.min_bet
        if self._pot_limit:
            # B7: the pot after calling.  TDA 54-B: before the flop the pot counts
            # full blinds even when one is dead or short (F8).  A minimum bet is
            # always allowed, even into a smaller pot.
            to_call = current - self.bets[i]
            high = current + self.pot + self._blind_shortfall + to_call
            if high < low:
                high = low
            return min(low, all_in), min(high, all_in)
        return (low if low < all_in else all_in), all_in

    def _betting_action(self, action: Action) -> None:
        i = self.actor
        assert i is not None
        kind = type(action)
        if self._bring_in_due == i:
            if kind is BringIn:
                self._bring_in_due = None
                bring_in = self.config.bring_in
                paid = self._pay(i, bring_in)
                self.bets[i] += paid
                # F10 (decided, as F8 / LVH B24 for a short big blind and TDA RP-10-E
                # for a bring-in all-in for the ante): a bring-in posted all-in short
                # does not lower it; the next player owes the whole bring-in.
                self.current_bet = max(self.current_bet, bring_in)
                self._note_full_bring_in()
                # F10 / ENC: a full bring-in that is live keeps its option, like a
                # big blind (F5): the player acts again when the others only call.
                self.acted[i] = self._full_bring_in != "live" or self.stacks[i] == 0
                self.faced[i] = self.current_bet
                self.events.append(ev.BringInPosted(None, i, paid))
                self._advance_from(i)
                return
            if kind is not BetRaise:
                raise self._refuse(Reason.BRING_IN_DUE, action)
            if self._full_bring_in == "live":
                raise self._refuse(
                    Reason.BRING_IN_DUE, action, "the bring-in is the whole small bet and "
                    "is live: post it (BringIn); the option to raise comes when the "
                    "others have acted (F10)")
        if kind is CheckCall:
            bets = self.bets
            current = self.current_bet
            owed = current - bets[i]
            if owed <= 0:
                self.events.append(_CHECKED[i] if i < _SHARED_SEATS else ev.Checked(None, i))
            else:
                paid = self._pay(i, owed)
                bets[i] += paid
                self.events.append(_called(i, paid, self.stacks[i] == 0))
            self.acted[i] = True
            self.faced[i] = current
            # (A check or call leaves at least two players in: no need to count.)
            nxt = self._next_actor(i)
            if nxt is None:
                self._close_round()
            else:
                self.actor = nxt
        elif kind is Fold:
            forfeit = action.forfeit  # type: ignore[union-attr]
            if forfeit:
                self._fold_and_forfeit(i, forfeit, action)
            else:
                self._fold(i)
                self.events.append(_FOLDED[i] if i < _SHARED_SEATS else ev.Folded(None, i))
            self._bring_in_due = None
            self._advance_from(i)
        elif kind is BetRaise:
            self._bet_raise(i, action.to, action)  # type: ignore[union-attr]
        else:
            raise self._refuse(Reason.NOT_A_BETTING_ACTION, action)

    def _fold_and_forfeit(self, i: int, forfeit: int, action: Action) -> None:
        """B14 / TDA 51: fold, leaving ``forfeit`` chips (short of a call) in the pot:
        they count in the pots as a folded player's chips (S1), dead money."""
        owed = self.current_bet - self.bets[i]
        if not 0 < forfeit < owed or forfeit > self.stacks[i]:
            raise self._refuse(
                Reason.FORFEIT_OUT_OF_RANGE, action,
                f"a fold may forfeit 1 to {min(owed - 1, self.stacks[i]):,} chips, short of "
                f"the call of {self.current_bet:,} and within the stack, not {forfeit:,} "
                "(B14, TDA 51)")
        self._fold(i)
        self.bets[i] += self._pay(i, forfeit)
        self.events.append(ev.Folded(None, i, forfeit))

    def _fold(self, i: int) -> None:
        self.folded[i] = True
        if self.stacks[i] > 0:
            self._active -= 1

    def _bet_raise(self, i: int, to: int, action: Action) -> None:
        if not self._may_raise(i) and self._bring_in_due != i:
            if (self.stacks[i] + self.bets[i] > self.current_bet
                    and not self._uncallable_ok and not self.raise_callable(i)):
                raise self._refuse(
                    Reason.RAISE_UNCALLABLE, action,
                    f"nobody else in the hand can put in more than the bet of "
                    f"{self.current_bet}, so a bet or raise could not be called (B3)",
                )
            raise self._refuse(
                Reason.RAISE_NOT_ALLOWED, action, "betting is not open to this position")
        low, high = self._raise_bounds(i)
        current = self.current_bet
        if not low <= to <= high:
            if to != self._big_raise_to(i, high):
                raise self._refuse(
                    Reason.RAISE_OUT_OF_RANGE,
                    action, f"a bet/raise to {to} is outside {low}-{high}"
                )
            base = self.last_full_level if current > self.last_full_level else current
            if to == base + self.config.big_bet:
                # B15: the big bet is made; the rest of the round is in big bets.
                self.bet_unit = self.config.big_bet
                self._pair_option = False
        increment = to - current
        paid = self._pay(i, to - self.bets[i])
        self.bets[i] = to
        all_in = self.stacks[i] == 0
        if self._fixed:
            unit = self.bet_unit
            # TDA 47-B (B9): an all-in that lifts the last full bet by at least half
            # a bet counts as a full bet (several short all-ins may add up), and so
            # does completing a short blind or the bring-in (F9, F10).
            full = (not all_in or 2 * (to - self.last_full_level) >= unit
                    or current < unit <= to)
        else:
            full = increment >= self.full_raise or (current == 0 and to >= self.config.min_bet)
            if full and not self._limit:
                self.full_raise = max(increment, self.full_raise if current else 0)
            elif full:
                self.full_raise = max(self.full_raise, increment)
        if full:
            self.raise_count += 1
            self.last_full_level = to
            if self._limit:
                self._note_cap()
        self.current_bet = to
        self.last_aggressor = i
        self._bring_in_due = None
        self.acted[i] = True
        self.faced[i] = to
        self.events.append(_bet_or_raised(i, to, paid, all_in, full))
        self._advance_from(i)

    def _advance_from(self, i: int) -> None:
        if self.folded.count(False) == 1:
            self._close_round()
            return
        nxt = self._next_actor(i)
        if nxt is None:
            self._close_round()
        else:
            self.actor = nxt

    def _betting_legal(self, i: int) -> LegalActions:
        if self._bring_in_due == i:
            bring_in = min(self.config.bring_in, self.stacks[i])
            if self._full_bring_in == "live":
                # F10: nothing to complete, the bring-in is the whole bet; a live
                # one raises later, with the option.
                return LegalActions(BETTING, i, bring_in=bring_in)
            least, most = self._raise_bounds(i)
            return LegalActions(
                BETTING, i, bring_in=bring_in, min_raise_to=least, max_raise_to=most,
            )
        stack = self.stacks[i]
        owed = self.current_bet - self.bets[i]
        call = (owed if owed < stack else stack) if owed > 0 else None
        low: int | None = None
        high: int | None = None
        if self._may_raise(i):
            low, high = self._raise_bounds(i)
            if self._pair_option:
                return LegalActions(BETTING, i, True, call is None, call, low, high,
                                    big_raise_to=self._big_raise_to(i, high))
        # LegalActions are values: equal ones are shared (interned), which saves
        # building one for every decision.
        key = (i, call, low, high)
        legal = _INTERNED.get(key)
        if legal is None:
            if len(_INTERNED) >= 10_000:
                _INTERNED.clear()
            legal = _INTERNED[key] = LegalActions(BETTING, i, True, call is None, call, low, high)
        return legal


# Events are immutable values: the common ones are made once and shared.
_SHARED_SEATS: Final = 32
_CHECKED: Final = tuple(ev.Checked(None, i) for i in range(_SHARED_SEATS))
_FOLDED: Final = tuple(ev.Folded(None, i) for i in range(_SHARED_SEATS))
_INTERNED: Final[dict[tuple[int, int | None, int | None, int | None], LegalActions]] = {}
_CALLS: Final[dict[tuple[int, int, bool], ev.Called]] = {}
_BETS: Final[dict[tuple[int, int, int, bool, bool], ev.BetOrRaised]] = {}


def _called(i: int, paid: int, all_in: bool) -> ev.Called:
    """``Called(None, i, paid, all_in)``, shared like the other common events."""
    key = (i, paid, all_in)
    event = _CALLS.get(key)
    if event is None:
        if len(_CALLS) >= 10_000:
            _CALLS.clear()
        event = _CALLS[key] = ev.Called(None, i, paid, all_in)
    return event


def _bet_or_raised(i: int, to: int, paid: int, all_in: bool, full: bool) -> ev.BetOrRaised:
    """``BetOrRaised(None, i, to, paid, all_in, full)``, shared."""
    key = (i, to, paid, all_in, full)
    event = _BETS.get(key)
    if event is None:
        if len(_BETS) >= 10_000:
            _BETS.clear()
        event = _BETS[key] = ev.BetOrRaised(None, i, to, paid, all_in, full)
    return event
