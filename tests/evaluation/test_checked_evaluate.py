"""``evaluate``: any evaluator behind checked input (S5, S7, S8, S9, badugi).

The evaluators' own ``strength`` trusts its input for the engine's speed; the
public entry refuses a card twice or a count the evaluator cannot rank, where
``strength`` would silently return a number.
"""

from __future__ import annotations

import random

import pytest

from pokerroom.cards import FULL_DECK, SHORT_DECK, Card, parse_cards
from pokerroom.errors import NotationError
from pokerroom.evaluation import EVALUATORS, LOW8, OMAHA_HIGH, RankedHand, evaluate

# (evaluator, hole cards, board cards) of a legal deal for each evaluator.
SHAPES = {
    "high": (2, 5),
    "short_deck_high": (2, 5),
    "low8": (7, 0),
    "a5_low": (7, 0),
    "deuce_seven_low": (5, 0),
    "omaha_high": (4, 5),
    "omaha_low8": (5, 5),
    "badugi": (4, 0),
}


def test_every_evaluator_has_a_checked_entry() -> None:
    assert set(SHAPES) == set(EVALUATORS)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_evaluate_agrees_with_the_evaluator_on_legal_deals(name: str) -> None:
    ev = EVALUATORS[name]
    deck = SHORT_DECK if name == "short_deck_high" else FULL_DECK
    n_hole, n_board = SHAPES[name]
    rng = random.Random(name)
    for _ in range(200):
        cards = rng.sample(deck, n_hole + n_board)
        hole, board = cards[:n_hole], cards[n_hole:]
        ranked = evaluate(name, hole, board)
        assert isinstance(ranked, RankedHand)
        assert ranked.evaluator == name
        assert ranked.strength == ev.strength(hole, board)
        assert ranked.hole == tuple(hole) and ranked.board == tuple(board)
        assert all(type(c) is Card for c in ranked.best)
        if ranked.strength is None:
            assert ranked.best == () and ranked.describe() == "no qualifying low"
        else:
            assert ranked.best == ev.best_cards(hole, board)
            assert ranked.describe() == ev.describe(ranked.strength)
    assert evaluate(ev, hole, board) == evaluate(name, hole, board)  # by object too


def test_S8_a_hand_without_an_eight_or_better_low_does_not_qualify() -> None:
    assert evaluate("low8", "KsKd9h9c7d2s3s").strength is None
    assert evaluate(LOW8, "As2d3h4c8s").describe() == "8-4-3-2-A low"


def test_S7_omaha_uses_exactly_two_hole_cards() -> None:
    # Four spades in the hand and one on the board: no flush, as two must come from the hand.
    hole, board = parse_cards("AsKsQsJs"), parse_cards("2s7d8c9hTd")
    ranked = evaluate(OMAHA_HIGH, hole, board)
    assert "flush" not in ranked.describe()
    assert ranked.strength == OMAHA_HIGH.strength(hole, board)
    assert ranked.describe() == "straight, queen high"  # QJ from the hand, T98 from the board


@pytest.mark.parametrize(
    ("name", "hole", "board", "message"),
    [
        # A card twice: in the hand, or once in the hand and once on the board.
        ("low8", "As2d3h4c4c", "", "card 4c appears more than once"),
        ("omaha_low8", "As2d9h9c", "As4c5sKdQh", "card As appears more than once"),
        ("omaha_high", "AsKsQsJs", "2d2d4d", "card 2d appears more than once"),
        ("badugi", "AsAs3h4c", "", "card As appears more than once"),
        ("deuce_seven_low", "7s5d4h3c3c", "", "card 3c appears more than once"),
        # Counts the evaluator cannot rank.
        ("omaha_high", "AsKs", "2d3d4d", "hole cards: needs 4 to 6 cards, got 2"),
        ("omaha_low8", "AsKsQsJs", "2d3d", "board: needs 3 to 5 cards, got 2"),
        ("omaha_low8", "AsKsQsJsTs9s8s", "2d3d4d", "hole cards: needs 4 to 6 cards, got 7"),
        ("badugi", "As2d3h", "", "hole cards: needs 4 cards, got 3"),
        ("badugi", "As2d3h4c", "5s", "badugi takes no board cards, got 5s"),
        ("low8", "As2d3h4c", "", "low8 ranks 5 to 9 cards in all, got 4"),
        ("a5_low", "As2d", "", "a5_low ranks 5 to 9 cards in all, got 2"),
        ("deuce_seven_low", "7s5d4h3c2s", "AhKhQhJhTh", "deuce_seven_low ranks 5 to 9 cards"),
        ("short_deck_high", "As5d", "KsQsJs", "a short deck has no 5d"),
        # Not cards, or no such evaluator.
        ("low8", "As2d3h4c5x", "", "unknown suit 'x'"),
        ("razz", "As2d3h4c5s", "", "unknown evaluator 'razz'; evaluators: high,"),
    ],
)
def test_bad_input_is_refused_saying_what_is_allowed(
    name: str, hole: str, board: str, message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        evaluate(name, hole, board)

