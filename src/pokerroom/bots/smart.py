"""Bots worth playing: hold'em decisions from the cards, the price and the stacks.

An :class:`EquityBot` plays a :class:`Style`:

- preflop, it ranks its hand among the 169 classes (:mod:`pokerroom.bots.preflop`)
  and opens the top share of hands; facing a raise it weighs its equity against
  the raiser's likely range (:func:`pokerroom.bots.odds.preflop_equity`) against
  the price (the call over the pot after calling), and re-raises its best hands;
- with few big blinds behind (``push_bb``) it pushes or folds: all in with the
  top ``push_factor / depth`` of hands;
- after the flop, it bets for value when its equity against the players left
  (their ranges: the hands that would have come this far) is high, bluffs now
  and then heads-up, calls when the equity beats the price, folds otherwise;
- it remembers, by name, how often each opponent raised or shoved before it
  acted (:class:`Reads`), and widens the range it puts a raiser on to match:
  a player who shoves every hand is called with much more than one who never does;
- in a tournament near the money (:attr:`EquityBot.tournament` set by the
  caller: the prizes and the stacks at other tables), an all-in call or shove
  needs the equity ICM asks for (:mod:`pokerroom.tournament.icm`), not the chip
  price: the stacks after winning, losing and folding, valued in prizes.

The big blind is the view's (:attr:`~pokerroom.rules.HandView.big_blind`: the
stakes are public; a big blind posted short all-in does not lower it).  Games other
than hold'em (and stud's bring-in) go to :class:`~pokerroom.bots.simple.TightAggressive`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerroom.bots.odds import postflop_equity, preflop_equity
from pokerroom.bots.preflop import equity_against, hand_class, top
from pokerroom.bots.simple import TightAggressive, ViewBot, legal_for, non_betting
from pokerroom.errors import ConfigError
from pokerroom.rules.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.rules.config import Structure
from pokerroom.rules.legal import LegalActions
from pokerroom.rules.view import HandView
from pokerroom.tournament.icm import icm_equity

if TYPE_CHECKING:
    from pokerroom.tournament.tournament import Tournament

HOLDEM_GAMES = frozenset({"holdem"})


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot plays: shares of starting hands (0-1, strongest first) and
    equities.  ``margin`` is the equity a call needs beyond the price."""

    name: str
    open_share: float  # open-raise the top share when no one has raised
    call_share: float  # facing a raise: the widest hand that may call
    reraise_share: float  # facing a raise: re-raise the top share
    push_bb: float  # at this depth (big blinds) or less: push or fold
    push_factor: float  # push the top push_factor / depth of hands
    value: float  # heads-up equity to bet or raise for value after the flop
    bluff: float  # chance to bet a weak hand heads-up when checked to
    margin: float  # equity a call needs beyond the price
    bet_size: float  # a bet after the flop, share of the pot


STYLES: dict[str, Style] = {
    "solid": Style("solid", open_share=0.22, call_share=0.14, reraise_share=0.035,
                   push_bb=12, push_factor=2.4, value=0.64, bluff=0.12, margin=0.03,
                   bet_size=0.66),
    "rock": Style("rock", open_share=0.12, call_share=0.07, reraise_share=0.025,
                  push_bb=10, push_factor=1.7, value=0.70, bluff=0.03, margin=0.07,
                  bet_size=0.6),
    "loose": Style("loose", open_share=0.40, call_share=0.28, reraise_share=0.08,
                   push_bb=15, push_factor=3.4, value=0.57, bluff=0.28, margin=0.0,
                   bet_size=0.8),
}
"""The named styles: ``solid`` (the room's default), ``rock``, ``loose``."""


@dataclass(frozen=True, slots=True)
class TournamentSituation:
    """What a tournament bot knows beyond its table: the prizes still to be paid
    (first first) and the stacks of the players at the other tables."""

    prizes: tuple[int, ...]
    others: tuple[int, ...] = ()


MAX_ICM_PLAYERS = 18  # more players left than this: far from the money, chips it is
MAX_READS = 1000  # opponents a bot remembers (a new one past this starts afresh)
READS_NEEDED = 8  # hands seen before an opponent's habits count
ICM_TIGHTEN = 1.0  # a push range shrinks by this times the equity ICM asks beyond chips


@dataclass(slots=True)
class Reads:
    """What a bot has seen one opponent do preflop before its own first decision:
    hands in which they had acted (folded or put in more than the big blind), and in
    how many of those they raised, or went all in."""

    acted: int = 0
    raised: int = 0
    shoved: int = 0

    def share(self, *, shove: bool) -> float:
        """The share of hands they raise (or shove) with, as seen so far; 0 until
        :data:`READS_NEEDED` hands were seen (nobody is a maniac after a few raises)."""
        if self.acted < READS_NEEDED:
            return 0.0
        return (self.shoved if shove else self.raised) / (self.acted + 2)


def _who(view: HandView, position: int) -> str:
    """The player at ``position`` by name (a hand without names: by position)."""
    return view.names[position] if position < len(view.names) else f"position {position}"


def tournament_situation(t: Tournament, number: int) -> TournamentSituation | None:
    """What a bot at table ``number`` of ``t`` should know near the money: the prizes
    of the places still to finish and the stacks elsewhere (None while more than
    :data:`MAX_ICM_PLAYERS` are left)."""
    left = t.players_left
    if left > MAX_ICM_PLAYERS or left < 2:
        return None
    here = {p.name for p in t.table(number).players if p is not None}
    labels = {e.number: e.label for e in t.alive()}
    others = tuple(chips for entry, chips in t.stacks().items()
                   if labels[entry] not in here and chips > 0)
    return TournamentSituation(tuple(t.prizes()[:left]), others)


def brief(bot: object, t: Tournament, number: int) -> None:
    """Tell ``bot``, when it is an :class:`EquityBot`, its tournament situation."""
    if isinstance(bot, EquityBot):
        bot.tournament = tournament_situation(t, number)


class EquityBot(ViewBot):
    """A hold'em bot of a :class:`Style` (see the module's docstring)."""

    def __init__(self, rng: random.Random, style: Style) -> None:
        self.rng = rng
        self.style = style
        self.name = style.name
        self.tournament: TournamentSituation | None = None
        self.fallback = TightAggressive(rng)
        self.reads: dict[str, Reads] = {}
        self._hand: tuple[object, ...] | None = None

    def decide(self, view: HandView) -> Action:
        legal = legal_for(view)
        other = non_betting(view, legal)
        if other is not None:
            return other
        hole = view.own_cards
        if (view.game not in HOLDEM_GAMES or len(hole) != 2 or legal.bring_in is not None
                or view.structure is Structure.SPREAD_LIMIT):
            return self.fallback.decide(view)
        if not view.board:
            return self._preflop(view, legal, hand_class(hole))
        return self._postflop(view, legal, hole)

    # --------------------------------------------------------------- helpers

    @staticmethod
    def price(view: HandView, call: int) -> float:
        """The share of the pot after calling that the call is; chips an opponent bet
        beyond what the viewer can match come back to them and do not count."""
        if call <= 0 or view.viewer is None:
            return 0.0
        me = view.players[view.viewer]
        reach = me.stack + me.bet
        bets = sum(s.bet for s in view.players)
        matched = sum(min(s.bet, reach) for s in view.players)
        return call / (view.pot - bets + matched + call)

    @staticmethod
    def opponents(view: HandView) -> list[int]:
        return [k for k, s in enumerate(view.players) if k != view.viewer and not s.folded]

    def _bet(self, legal: LegalActions, to: int) -> Action:
        """A bet or raise to ``to``, within the legal amounts (or a call)."""
        if legal.min_raise_to is None or legal.max_raise_to is None:
            return CheckCall()
        return BetRaise(max(legal.min_raise_to, min(legal.max_raise_to, to)))

    def _all_in(self, legal: LegalActions) -> Action:
        if legal.max_raise_to is None:
            return CheckCall()
        return BetRaise(legal.max_raise_to)

    def _need(self, view: HandView, villain: int) -> tuple[float, float] | None:
        """An all-in against ``villain``: the equity it needs valued in prizes (ICM)
        and valued in chips (None: no tournament, or too far from the money)."""
        situation = self.tournament
        if situation is None or not situation.prizes or view.viewer is None:
            return None
        me = view.viewer
        totals = [s.stack + (0 if s.folded else s.bet) for s in view.players]
        live_bets = sum(s.bet for s in view.players if not s.folded)
        dead = max(0, view.pot - live_bets)
        mine, theirs = totals[me], totals[villain]
        risk = min(mine, theirs)
        my_bet = view.players[me].bet

        def value(me_after: int, villain_after: int) -> float:
            stacks = list(totals)
            stacks[me], stacks[villain] = me_after, villain_after
            field = [s for s in (*stacks, *situation.others) if s > 0]
            position = sum(1 for s in stacks[:me] if s > 0)
            if len(field) > MAX_ICM_PLAYERS:
                raise ConfigError("too many players for ICM")
            if me_after <= 0:
                # busted now: the lowest place still paying among those left
                places = len(field) + 1
                return situation.prizes[places - 1] if places <= len(situation.prizes) else 0.0
            return icm_equity(field, situation.prizes)[position]

        try:
            win = value(mine + risk + dead, theirs - risk)
            lose = value(mine - risk, theirs + risk + dead)
            fold = value(mine - my_bet, theirs + my_bet + dead)
        except ConfigError:
            return None
        if win <= lose:
            return None
        chips = (risk - my_bet) / (2 * risk + dead) if risk + dead > 0 else 0.0
        return min(1.0, max(0.0, (fold - lose) / (win - lose))), chips

    def _watch(self, view: HandView, bb: int) -> None:
        """At the first preflop decision of a hand: note who raised or shoved."""
        key = (view.names, view.own_cards)
        if key == self._hand:
            return
        self._hand = key
        if len(self.reads) > MAX_READS:
            self.reads.clear()
        for k, seat in enumerate(view.players):
            if k == view.viewer or not (seat.folded or seat.bet > bb):
                continue
            reads = self.reads.setdefault(_who(view, k), Reads())
            reads.acted += 1
            if not seat.folded and seat.bet > bb:
                reads.raised += 1
                reads.shoved += seat.stack == 0

    # -------------------------------------------------------------- preflop

    def _preflop(self, view: HandView, legal: LegalActions, name: str) -> Action:
        style, me = self.style, view.players[view.viewer or 0]
        bb = max(1, view.big_blind)
        self._watch(view, bb)
        opponents = self.opponents(view)
        if not opponents:
            return CheckCall()
        deepest = max(view.players[k].stack + view.players[k].bet for k in opponents)
        depth = min(me.stack + me.bet, deepest) / bb
        call = legal.call or 0
        rank = top(name)
        no_limit = view.structure is Structure.NO_LIMIT
        raised = view.current_bet > bb
        if not raised:
            if no_limit and depth <= style.push_bb:
                share = min(0.75, style.push_factor / max(depth, 1.0))
                villain = max(opponents, key=lambda k: view.players[k].stack)
                pressure = self._need(view, villain)
                if pressure is not None:  # near the money: what ICM asks beyond the chips
                    premium = pressure[0] - pressure[1]
                    share *= min(1.0, max(0.05, 1 - ICM_TIGHTEN * premium))
                if rank <= share:
                    return self._all_in(legal)
                return CheckCall() if legal.check else Fold()
            if rank <= style.open_share:
                limpers = max(0, view.pot - int(1.5 * bb)) // bb
                return self._bet(legal, (3 + limpers) * bb)
            if legal.check:
                return CheckCall()
            if call * 2 <= bb and rank <= 2 * style.open_share:  # completing the small blind
                return CheckCall()
            return Fold()
        # facing a raise
        raiser = max(opponents, key=lambda k: view.players[k].bet)
        raise_bb = view.current_bet / bb
        their_depth = (view.players[raiser].stack + view.players[raiser].bet) / bb
        shove = view.players[raiser].stack == 0
        if shove:  # wider the shorter it is
            share = min(0.6, 2.4 / max(their_depth, 1.0))
        else:
            share = 0.3 if raise_bb <= 4 else 0.12 if raise_bb <= 12 else 0.06
        reads = self.reads.get(_who(view, raiser))
        if reads is not None:  # someone who raises (or shoves) more often has less
            share = max(share, reads.share(shove=shove))
        equity = preflop_equity(name, share)
        if len(opponents) > 1:
            equity *= equity_against(name, len(opponents)) / equity_against(name, 1)
        price = self.price(view, call)
        if rank <= style.reraise_share and legal.min_raise_to is not None:
            target = 3 * view.current_bet
            if target >= 0.4 * (me.stack + me.bet) or not no_limit:
                return self._all_in(legal) if no_limit else self._bet(legal, target)
            return self._bet(legal, target)
        all_in_call = call >= me.stack or call >= 0.4 * (me.stack + me.bet)
        need = price
        if all_in_call:
            icm = self._need(view, raiser)
            if icm is not None:
                need = max(need, icm[0])
        elif depth > 25 and (name[0] == name[1] or name.endswith("s")):
            equity += 0.06  # deep: pairs and suited hands win big pots when they hit
        if equity >= need + style.margin and (all_in_call or rank <= style.call_share
                                              or price < 0.2):
            return CheckCall()
        return CheckCall() if legal.check else Fold()

    # ------------------------------------------------------------- postflop

    def _postflop(self, view: HandView, legal: LegalActions, hole: tuple[int, ...]) -> Action:
        style, me = self.style, view.players[view.viewer or 0]
        opponents = self.opponents(view)
        if not opponents:
            return CheckCall()
        call = legal.call or 0
        count = len(opponents)
        share = 0.65 if count == 1 else 0.45
        equity = postflop_equity(hole, view.board, count, share,
                                 seed=self.rng.randrange(2**32))
        fair = 1 / (count + 1)
        value = fair + (style.value - 0.5) * 2 * fair
        pot = view.pot
        if call == 0:
            if equity >= value or (count == 1 and self.rng.random() < style.bluff):
                return self._bet(legal, view.current_bet + int(style.bet_size * pot))
            return CheckCall()
        price = self.price(view, call)
        if equity >= max(value + 0.15, 0.75 * (1 if count == 1 else fair * 2)) \
                and legal.min_raise_to is not None:
            target = view.current_bet * 3 + (pot - view.current_bet) // 2
            if target >= 0.5 * (me.stack + me.bet):
                return self._all_in(legal)
            return self._bet(legal, target)
        need = price
        if call >= me.stack:
            raiser = max(opponents, key=lambda k: view.players[k].bet)
            icm = self._need(view, raiser)
            if icm is not None:
                need = max(need, icm[0])
        if equity >= need + style.margin:
            return CheckCall()
        return Fold()

