"""The simple bots (random, calling station, tight-aggressive by a rough hand
strength) and what every bot shares: the view policy (see :mod:`pokerroom.bots`),
its legal actions, draws and showdowns."""

from __future__ import annotations

import random
from typing import Protocol

from pokerroom.evaluation import EVALUATORS
from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    Discard,
    Fold,
    Muck,
    Show,
)
from pokerroom.rules.engine import LegalActions, Phase
from pokerroom.rules.view import HandView


class Policy(Protocol):
    """A bot that decides from the seat's view only."""

    name: str

    def decide(self, view: HandView) -> Action: ...


class ViewBot:
    """Base of the bots here: :meth:`decide` from the seat's view."""

    name = "bot"

    def decide(self, view: HandView) -> Action:
        raise NotImplementedError


def legal_for(view: HandView) -> LegalActions:
    """The viewer's legal actions: a bot is only asked on its own turn."""
    if view.legal is None:
        raise ValueError(f"it is not seat {view.viewer}'s turn to act (seat {view.actor} is)")
    return view.legal


def non_betting(view: HandView, legal: LegalActions) -> Action | None:
    """Draws and showdowns: simple, sensible choices for every bot."""
    if legal.phase is Phase.SHOWDOWN:
        return Show()
    if legal.phase is Phase.DRAWING:
        return Discard(_draw_choice(view))
    return None


def _draw_choice(view: HandView) -> tuple[int | None, ...]:
    """Keep the low cards in lowball, pairs and better in high games."""
    cards = list(view.own_cards)
    variant = view.variant
    if variant.high is None:  # lowball / badugi: throw the high and paired cards
        keep: list[int] = []
        seen_ranks: set[int] = set()
        seen_suits: set[int] = set()
        low_rank = 5 if variant.low != "deuce_seven_low" else 6
        for c in sorted(cards, key=lambda c: ((c >> 2) + 1) % 13):
            rank = c >> 2
            ok = rank not in seen_ranks and ((rank + 1) % 13 <= low_rank + 1 or rank <= low_rank)
            if variant.low == "badugi":
                ok = rank not in seen_ranks and (c & 3) not in seen_suits
            if ok:
                keep.append(c)
                seen_ranks.add(rank)
                seen_suits.add(c & 3)
        return tuple(c for c in cards if c not in keep)
    return ()


def rough_strength(view: HandView) -> float:
    """A rough 0-1 hand strength from the seat's own view."""
    cards = list(view.own_cards)
    if not cards:
        return 0.5
    board = list(view.board)
    variant = view.variant
    if len(cards) + len(board) >= 5 and variant.high is not None:
        evaluator = EVALUATORS[variant.high]
        value = evaluator.strength(cards, board)
        if value is not None:
            category = value >> 20 if value < 1 << 24 else (value >> 24)
            return min(1.0, 0.25 + category / 8)
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    pair = len(set(ranks)) < len(ranks)
    score = sum(ranks[:2]) / 24
    if variant.high is None:
        score = 1 - score
    return min(1.0, score + (0.3 if pair and variant.high is not None else 0))


class RandomBot(ViewBot):
    """Folds, calls and raises at fixed rates; raises anywhere in the legal range."""

    name = "random"

    def __init__(self, rng: random.Random, *, fold: float = 0.2, raise_: float = 0.15) -> None:
        self.rng, self.fold, self.raise_ = rng, fold, raise_

    def decide(self, view: HandView) -> Action:
        legal = legal_for(view)
        other = non_betting(view, legal)
        if other is not None:
            return other
        r = self.rng.random()
        if legal.bring_in is not None:
            if r < 0.7 or legal.min_raise_to is None:
                return BringIn()
            return BetRaise(legal.min_raise_to)  # complete (F10)
        if legal.min_raise_to is not None and r < self.raise_:
            assert legal.max_raise_to is not None
            if legal.big_raise_to is not None and self.rng.random() < 0.5:
                return BetRaise(legal.big_raise_to)  # B15: the open-pair big bet
            return BetRaise(self.rng.randint(legal.min_raise_to, legal.max_raise_to))
        if not legal.check and r < self.raise_ + self.fold:
            return Fold()
        return CheckCall()


class CallingStation(ViewBot):
    """Never folds, never raises."""

    name = "calling station"

    def decide(self, view: HandView) -> Action:
        legal = legal_for(view)
        other = non_betting(view, legal)
        if other is not None:
            return other
        if legal.bring_in is not None:
            return BringIn()
        return CheckCall()


class TightAggressive(ViewBot):
    """Plays strong hands hard and folds weak ones to a bet."""

    name = "tight-aggressive"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: HandView) -> Action:
        legal = legal_for(view)
        other = non_betting(view, legal)
        if other is not None:
            return other
        if legal.bring_in is not None:
            return BringIn()
        strength = rough_strength(view)
        if legal.min_raise_to is not None and strength > 0.7 and self.rng.random() < 0.7:
            assert legal.max_raise_to is not None
            if legal.big_raise_to is not None:
                return BetRaise(legal.big_raise_to)  # B15: the open-pair big bet
            pot = view.pot
            target = max(legal.min_raise_to, min(legal.max_raise_to, view.current_bet + pot))
            return BetRaise(target)
        if legal.check:
            return CheckCall()
        call = legal.call or 0
        price = call / max(1, view.pot + call)
        if strength >= 0.45 or price < 0.15 * strength + 0.05:
            return CheckCall()
        return Fold()


def muck_losers(view: HandView) -> Action:
    """At a showdown without all-ins: show (a bot never mucks a winner by mistake)."""
    legal = legal_for(view)
    return Show() if legal.show or not legal.muck else Muck()
