"""High hands: hold'em and stud (S5, S6), short deck, descriptions, checked input."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.cards import SHORT_DECK, Card, parse_cards
from pokerroom.errors import NotationError
from pokerroom.evaluation import (
    EVALUATORS,
    HIGH,
    SHORT_DECK_HIGH,
    HandCategory,
    HighHand,
    category_of,
    checked_cards,
    describe_high,
    evaluate_high,
    high_strength,
)


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def brute_force(hand: list[int]) -> int:
    return max(high_strength(five) for five in combinations(hand, 5))


def test_S6_seven_cards_agree_with_the_best_of_21_five_card_hands() -> None:
    """S6: best five of the seven cards, any combination."""
    rng = random.Random(6)
    for _ in range(4000):
        hand = rng.sample(range(52), 7)
        assert high_strength(hand) == brute_force(hand)
        assert HIGH.strength(hand[:2], hand[2:]) == high_strength(hand)


def test_S6_six_cards_and_flush_heavy_hands_agree_with_brute_force() -> None:
    rng = random.Random(66)
    for _ in range(1000):
        hand = rng.sample(range(52), 6)
        assert high_strength(hand) == brute_force(hand)
    for _ in range(1000):
        suit = rng.randrange(4)
        suited = rng.sample(range(suit, 52, 4), rng.randint(5, 7))
        rest = rng.sample([c for c in range(52) if c not in suited], 7 - len(suited))
        assert high_strength(suited + rest) == brute_force(suited + rest)


@given(st.lists(st.integers(0, 51), min_size=5, max_size=9, unique=True))
def test_S6_five_to_nine_cards_agree_with_brute_force(hand: list[int]) -> None:
    assert high_strength(hand) == brute_force(hand)


def test_S6_eight_and_nine_cards_keep_quads_and_full_house_beside_a_flush() -> None:
    quads_and_flush = cards("AsKsQs9s2s AhAdAc")
    assert describe_high(high_strength(quads_and_flush)) == "four of a kind, aces"
    full_and_flush = cards("AsKsQs9s2s AhAdKh")
    assert describe_high(high_strength(full_and_flush)) == "full house, aces full of kings"
    rng = random.Random(89)
    for _ in range(300):
        suit = rng.randrange(4)
        suited = rng.sample(range(suit, 52, 4), 5)
        rest = rng.sample([c for c in range(52) if c not in suited], rng.randint(3, 4))
        assert high_strength(suited + rest) == brute_force(suited + rest)


def test_S6_the_board_alone_can_play() -> None:
    """S6: 'including the board alone' - a board royal flush ties every player."""
    board = cards("AsKsQsJsTs")
    assert HIGH.strength(cards("2c3d"), board) == HIGH.strength(cards("7h7d"), board)
    assert HIGH.describe(high_strength(board)) == "royal flush"


def test_S5_D6_suits_never_break_ties() -> None:
    """S5/D6: the same ranks in other suits are the same strength."""
    assert high_strength(cards("AsKd9h7c2s")) == high_strength(cards("AcKh9d7s2d"))
    assert high_strength(cards("AsKsQsJs9s")) == high_strength(cards("AcKcQcJc9c"))
    assert evaluate_high("AsAd7c7h2s") == evaluate_high("AcAh7d7s2c")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("AsKsQsJsTs", "KsQsJsTs9s"),  # royal flush over king-high straight flush
        ("5s4s3s2sAs", "AcAdAhAsKd"),  # steel wheel over four aces
        ("2c2d2h2s3c", "AcAdAhKsKd"),  # any quads over any full house
        ("2c2d2h3s3c", "AsKsQsJs9s"),  # full house over flush
        ("7c5c4c3c2c", "AsKdQhJcTs"),  # flush over straight
        ("6s5d4h3c2s", "5c4d3h2sAd"),  # six-high straight over the wheel
        ("5c4d3h2sAd", "AcAdAhKsQd"),  # the wheel is a straight, over trips
        ("2c2d2h4s3c", "AcAdKhKsQd"),  # trips over two pair
        ("AcAd3h3s2d", "KcKdQhQsJd"),  # two pair: the higher pair first
        ("KcKd7h7s3d", "KhKs7c7d2d"),  # then the kicker
        ("2c2dAhKsQd", "AsKdQhJc9s"),  # pair over high card
        ("AsKdQhJc9s", "AsKdQhJc8s"),  # high card down to the fifth card
    ],
)
def test_S5_standard_order_of_hands(better: str, worse: str) -> None:
    """S5: standard high ranks."""
    assert high_strength(cards(better)) > high_strength(cards(worse))


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        ("AsKsQsJsTs", "royal flush"),
        ("9h8h7h6h5h", "straight flush, nine high"),
        ("5d4d3d2dAd", "straight flush, five high"),
        ("AcAdAhAsKd", "four of a kind, aces"),
        ("3c3d3h9s9d", "full house, threes full of nines"),
        ("AsJs8s4s2s", "flush, ace high"),
        ("6s5d4h3c2s", "straight, six high"),
        ("5c4d3h2sAd", "straight, five high"),
        ("QcQdQh7s2d", "three of a kind, queens"),
        ("KcKd7h7s3d", "two pair, kings and sevens"),
        ("TcTdAhKs2d", "pair of tens"),
        ("AsKdQhJc9s", "high card, ace"),
    ],
)
def test_S5_descriptions(hand: str, text: str) -> None:
    strength = high_strength(cards(hand))
    assert describe_high(strength) == text
    assert HIGH.describe(strength) == text


def test_category_of_and_hand_category_order() -> None:
    assert list(HandCategory) == sorted(HandCategory)
    assert int(HandCategory.HIGH_CARD) == 0 and int(HandCategory.STRAIGHT_FLUSH) == 8
    assert category_of(high_strength(cards("KcKd7h7s3d"))) is HandCategory.TWO_PAIR


def test_best_cards_are_the_five_used_most_telling_first() -> None:
    best = HIGH.best_cards(cards("7h2c"), cards("7d7s2dKcQh"))
    assert [str(Card(c)) for c in best] == ["7s", "7h", "7d", "2d", "2c"]
    wheel = HIGH.best_cards(cards("Ac2d"), cards("3h4s5cKdKh"))
    assert [str(Card(c)) for c in wheel] == ["5c", "4s", "3h", "2d", "Ac"]
    assert HIGH.best_cards(cards("Ac2d"), cards("3h")) == ()


def test_evaluate_high_reads_text_and_cards() -> None:
    hand = evaluate_high("As Ks Qs Js Ts 2d 3c")
    assert isinstance(hand, HighHand)
    assert hand.category is HandCategory.STRAIGHT_FLUSH
    assert hand.describe() == "royal flush"
    assert str(hand) == "royal flush (AsKsQsJsTs)"
    assert [str(c) for c in hand.best] == ["As", "Ks", "Qs", "Js", "Ts"]
    assert evaluate_high(parse_cards("2c3d4h5s7c")) < evaluate_high(cards("2c2d4h5s7c"))
    assert evaluate_high("AsAd7c7h2s").strength == high_strength(cards("AsAd7c7h2s"))


def test_high_hands_sort_and_are_frozen() -> None:
    hands = [evaluate_high(text) for text in ("AsAdKc7h2s", "2c3d4h5s7c", "9s8s7s6s5s")]
    assert [h.describe() for h in sorted(hands)] == [
        "high card, seven",
        "pair of aces",
        "straight flush, nine high",
    ]
    assert evaluate_high(["As", "Kd", "Qh", "Jc", "Ts"]).describe() == "straight, ace high"
    with pytest.raises(AttributeError):
        hands[0].strength = 0  # type: ignore[misc]


def test_checked_cards() -> None:
    assert checked_cards("AsKd") == parse_cards("AsKd")
    assert checked_cards([51, Card.parse("Kd")], minimum=2, maximum=2) == parse_cards("AsKd")
    with pytest.raises(NotationError, match="hole cards: needs 2 cards, got 1"):
        checked_cards("As", minimum=2, maximum=2, what="hole cards")
    with pytest.raises(NotationError, match="board: card Kd appears more than once"):
        checked_cards("KdAsKd", what="board")


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("AsKsQsJs", "needs 5 to 9 cards, got 4"),
        ("AsKsQsJsAs", "As appears more than once"),
        ("AsKsQsJsXx", "'X'"),
        ([0, 1, 2, 3, 52], "out of range"),
        ([0, 1, 2, 3, -1], "out of range"),
        ("AsKsQsJsTs9s8s7s6s5s", "got 10"),
    ],
)
def test_evaluate_high_rejects_bad_input_clearly(bad: str | list[int], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        evaluate_high(bad)
    with pytest.raises(ValueError):
        evaluate_high(bad)


def test_short_deck_flush_beats_full_house_and_a6789_is_the_lowest_straight() -> None:
    def sd(text: str) -> int:
        strength = SHORT_DECK_HIGH.strength(cards(text), ())
        assert strength is not None
        return strength

    assert sd("AsJs8s7s6s") > sd("KcKdKhQsQd")
    assert sd("AcAdAhAsKd") > sd("AsJs8s7s6s")
    assert sd("9h8h7h6hAh") > sd("AcAdAhAsKd")
    assert SHORT_DECK_HIGH.describe(sd("Ac9d8h7s6d")) == "straight, nine high"
    assert SHORT_DECK_HIGH.describe(sd("9h8h7h6hAh")) == "straight flush, nine high"
    assert SHORT_DECK_HIGH.describe(sd("AsJs8s7s6s")) == "flush, ace high"
    assert sd("Tc9d8h7s6d") > sd("Ac9d8h7s6d") > sd("AcAdAhKsQd")
    assert category_of(sd("Ac9d8h7s6d")) is HandCategory.STRAIGHT
    assert category_of(sd("AsJs8s7s6s")) is HandCategory.FLUSH
    best = SHORT_DECK_HIGH.best_cards(cards("Ac9d"), cards("8h7s6dKcKh"))
    assert [str(Card(c)) for c in best] == ["9d", "8h", "7s", "6d", "Ac"]


def test_short_deck_seven_cards_agree_with_brute_force() -> None:
    rng = random.Random(36)
    deck = [int(c) for c in SHORT_DECK]
    for _ in range(2000):
        hand = rng.sample(deck, 7)
        best = max(SHORT_DECK_HIGH.strength(five, ()) or 0 for five in combinations(hand, 5))
        assert SHORT_DECK_HIGH.strength(hand[:2], hand[2:]) == best


def test_evaluators_by_name() -> None:
    assert set(EVALUATORS) == {
        "high",
        "short_deck_high",
        "omaha_high",
        "omaha_low8",
        "low8",
        "a5_low",
        "deuce_seven_low",
        "badugi",
    }
    for name, evaluator in EVALUATORS.items():
        assert evaluator.name == name
    assert EVALUATORS["high"] is HIGH


def test_too_few_cards_do_not_qualify() -> None:
    assert HIGH.strength(cards("AsKs"), cards("QsJs")) is None
    assert SHORT_DECK_HIGH.strength(cards("AsKs"), ()) is None
