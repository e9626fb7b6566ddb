"""A dealer's session (issue 26) under random taps: whatever the dealer taps, legal or
not, no chip is made or lost.  After every tap the chips in front of the players and
in the pot are what came to the table (buy-ins and top-ups) less what left it (players
leaving) and the house's rake; a refused tap changes nothing at all (the session
pickles the same); the nets of the settle-up sum to zero with the rake (and the pot
of a hand still in play)."""

from __future__ import annotations

import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.cards import Card
from pokerroom.errors import PokerError
from pokerroom.rules import BetRaise, CheckCall, Fold
from pokerroom.table import Stakes, TableOptions
from pokerroom.table.dealer_game import DealerGame

from .hands import examples

sessions = settings(max_examples=examples(12), deadline=None, derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.too_slow])


def _chips(game: DealerGame) -> int:
    """Every chip at the table: the stacks (as the hand has them) and the pot."""
    hand = game.table.hand
    return sum(s.stack for s in game.standings()) + (0 if hand is None else hand.pot)


def _money(game: DealerGame) -> int:
    brought = sum(line.amount for line in game.ledger if line.kind != "cash_out")
    taken = sum(line.amount for line in game.ledger if line.kind == "cash_out")
    return brought - taken - game.rake


def _unused_cards(game: DealerGame, count: int, rng: random.Random) -> list[Card]:
    hand = game.table.hand
    used = set() if hand is None else set(hand.board)
    free = [Card(i) for i in range(52) if Card(i) not in used]
    return rng.sample(free, count)


def _tap(game: DealerGame, rng: random.Random) -> None:
    """One tap a dealer might make now (sometimes a wrong one)."""
    step = game.step()
    seats = [s for s, p in enumerate(game.table.players) if p is not None]
    roll = rng.random()
    if roll < 0.05 and seats:  # a tap out of place: most are refused
        seat = rng.choice(seats)
        rng.choice([lambda: game.act(seat, CheckCall()), lambda: game.top_up(seat, 50),
                    lambda: game.award([[seat]]), game.deal, game.start,
                    lambda: game.leave(seat), game.floor.premature_card,
                    lambda: game.floor.wrong_card_count(seat, 1)])()
        return
    if step.kind == "button":
        game.place_button(rng.choice(seats))
    elif step.kind == "wait":
        free = [s for s in range(game.table.seat_count) if game.table.players[s] is None]
        if free:
            game.seat(rng.choice(free), f"P{len(game.ledger)}", rng.choice([40, 100, 250]))
    elif step.kind == "start":
        if roll < 0.15 and len(seats) > 2:
            game.leave(rng.choice(seats))
        elif roll < 0.25:
            game.top_up(rng.choice(seats), rng.choice([10, 60]))
        elif roll < 0.3:
            game.straddle(rng.choice(seats))
        else:
            game.start()
    elif step.kind == "deal":
        if roll < 0.08:
            game.floor.exposed_card(early=rng.random() < 0.5)
        else:
            game.deal()
    elif step.kind == "board":
        game.board(_unused_cards(game, step.cards, rng))
    elif step.kind == "act":
        legal = step.legal
        assert legal is not None and step.seat is not None
        if roll < 0.03:
            game.floor.wrong_card_count(step.seat, 3)
        elif legal.min_raise_to is not None and roll < 0.35:
            assert legal.max_raise_to is not None
            game.act(step.seat, BetRaise(rng.randint(legal.min_raise_to, legal.max_raise_to)))
        elif not legal.check and roll < 0.55:
            game.act(step.seat, Fold())
        else:
            game.act(step.seat, CheckCall())
    elif step.kind == "showdown":
        winners = [[rng.choice(seats)] for seats in (p[1] for p in step.pots)]
        game.award(winners)


@given(st.integers(0, 2**32 - 1), st.sampled_from([0.0, 0.05]))
@sessions
def test_no_chip_is_made_or_lost_whatever_the_dealer_taps(seed: int, rake: float) -> None:
    rng = random.Random(seed)
    game = DealerGame.of(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                         TableOptions(seats=6, min_buy_in=20, max_buy_in=300,
                                      rake_percent=rake, rake_cap=5))
    hands_seen = 0
    for _ in range(300):
        before = pickle.dumps(game)
        try:
            _tap(game, rng)
        except PokerError:
            assert pickle.dumps(game) == before  # refused: nothing changed
        assert _chips(game) == _money(game)
        hands_seen = game.hands
    pot = 0 if game.table.hand is None else game.table.hand.pot  # a hand still in play
    assert sum(s.net for s in game.standings()) + game.rake + pot == 0
    assert hands_seen > 3
