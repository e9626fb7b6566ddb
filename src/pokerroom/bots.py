"""Simple bots: policies that choose an action from ``legal_actions``.

Each bot is a callable ``bot(hand, seat) -> Action``.  Bots see only what the
seat may see (its own cards and the public state) and draw randomness from the
``random.Random`` they are given, so simulations are reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
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
from pokerroom.rules.engine import Hand, LegalActions, Phase


class Bot(Protocol):
    name: str

    def __call__(self, hand: Hand, seat: int) -> Action: ...


def _non_betting(hand: Hand, legal: LegalActions) -> Action | None:
    """Draws and showdowns: simple, sensible choices for every bot."""
    if legal.phase is Phase.SHOWDOWN:
        return Show()
    if legal.phase is Phase.DRAWING:
        return Discard(_draw_choice(hand, legal.seat))
    return None


def _draw_choice(hand: Hand, seat: int | None) -> tuple[int | None, ...]:
    """Keep the low cards in lowball, pairs and better in high games."""
    assert seat is not None
    cards = [c for c in hand.hole[seat] if c is not None]
    variant = hand.variant
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


def _strength(hand: Hand, seat: int) -> float:
    """A rough 0-1 hand strength from the seat's own view."""
    cards = [c for c in hand.hole[seat] if c is not None]
    if not cards:
        return 0.5
    board = hand.board
    variant = hand.variant
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


class RandomBot:
    """Folds, calls and raises at fixed rates; raises anywhere in the legal range."""

    name = "random"

    def __init__(self, rng: random.Random, *, fold: float = 0.2, raise_: float = 0.15) -> None:
        self.rng, self.fold, self.raise_ = rng, fold, raise_

    def __call__(self, hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        other = _non_betting(hand, legal)
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


class CallingStation:
    """Never folds, never raises."""

    name = "calling station"

    def __call__(self, hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        other = _non_betting(hand, legal)
        if other is not None:
            return other
        if legal.bring_in is not None:
            return BringIn()
        return CheckCall()


class TightAggressive:
    """Plays strong hands hard and folds weak ones to a bet."""

    name = "tight-aggressive"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, hand: Hand, seat: int) -> Action:
        legal = hand.legal_actions()
        other = _non_betting(hand, legal)
        if other is not None:
            return other
        if legal.bring_in is not None:
            return BringIn()
        strength = _strength(hand, seat)
        if legal.min_raise_to is not None and strength > 0.7 and self.rng.random() < 0.7:
            assert legal.max_raise_to is not None
            if legal.big_raise_to is not None:
                return BetRaise(legal.big_raise_to)  # B15: the open-pair big bet
            pot = hand.pot
            target = max(legal.min_raise_to, min(legal.max_raise_to, hand.current_bet + pot))
            return BetRaise(target)
        if legal.check:
            return CheckCall()
        call = legal.call or 0
        price = call / max(1, hand.pot + call)
        if strength >= 0.45 or price < 0.15 * strength + 0.05:
            return CheckCall()
        return Fold()


def muck_losers(hand: Hand, seat: int) -> Action:
    """At a showdown without all-ins: show (a bot never mucks a winner by mistake)."""
    legal = hand.legal_actions()
    return Show() if legal.show or not legal.muck else Muck()


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": lambda rng: RandomBot(rng),
    "station": lambda rng: CallingStation(),
    "tag": lambda rng: TightAggressive(rng),
}
