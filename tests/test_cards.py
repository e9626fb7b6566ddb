"""Cards, notation and the deck (D1, D2, D3, D6)."""

from __future__ import annotations

import math
import random

import pytest

from pokerroom.cards import (
    FULL_DECK,
    RANKS,
    SHORT_DECK,
    SUITS,
    Card,
    Deck,
    check_distinct,
    format_cards,
    parse_cards,
)
from pokerroom.errors import ConfigError, NotationError
from pokerroom.shuffle import shuffle


def test_every_card_round_trips_through_its_notation() -> None:
    assert len(FULL_DECK) == 52
    for index in range(52):
        card = Card(index)
        text = str(card)
        assert Card.parse(text) == card == index
        assert Card.parse(text.lower()) == card
        assert card.rank == index >> 2 and card.suit == index & 3
        assert Card.of(card.rank, card.suit) is card
        assert repr(card) == f"Card({text!r})"
        assert f"{card:>3}" == f" {text}"
    assert format_cards(FULL_DECK) == "".join(r + s for r in RANKS for s in SUITS)
    assert parse_cards(format_cards(FULL_DECK)) == list(FULL_DECK)


def test_card_numbering() -> None:
    assert Card.parse("2c") == 0
    assert Card.parse("As") == 51
    assert Card.parse("Td") == 8 * 4 + 1
    assert isinstance(Card.parse("Kh"), int)


def test_D6_suit_order_clubs_diamonds_hearts_spades() -> None:
    """D6 (with D5): spades > hearts > diamonds > clubs for the draws that need it."""
    suits = [Card.parse(f"A{s}") for s in "cdhs"]
    assert suits == sorted(suits)
    assert [c.suit for c in suits] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Xs", "'X'"),
        ("Ax", "'x'"),
        ("A", "'A'"),
        ("Asd", "'Asd'"),
        ("10s", "'10s'"),
        ("", "''"),
    ],
)
def test_bad_card_notation_names_the_bad_text(text: str, named: str) -> None:
    with pytest.raises(NotationError, match=named):
        Card.parse(text)


def test_card_from_its_notation_is_the_card_its_repr_names() -> None:
    for card in FULL_DECK:
        assert Card(str(card)) is card
        assert eval(repr(card)) is card  # repr is Card('As'), which builds the card
    assert Card("tc") is Card.parse("Tc") is Card(32)
    for text, named in [("Ax", "'x'"), ("1s", "'1'"), ("Asd", "'Asd'"), ("", "''")]:
        with pytest.raises(NotationError, match=named):
            Card(text)


def test_format_cards_and_parse_cards_are_exported_and_inverse() -> None:
    import pokerroom

    assert pokerroom.format_cards is format_cards and pokerroom.parse_cards is parse_cards
    assert pokerroom.format_cards.__doc__
    for order in (FULL_DECK, SHORT_DECK, FULL_DECK[::-7]):
        assert parse_cards(format_cards(order)) == list(order)


def test_card_index_and_rank_suit_out_of_range() -> None:
    for bad in (-1, 52, 100):
        with pytest.raises(NotationError, match=str(bad)):
            Card(bad)
    with pytest.raises(NotationError):
        Card.of(13, 0)
    with pytest.raises(NotationError):
        Card.of(0, 4)
    with pytest.raises(ValueError):
        Card(52)


def test_parse_cards_accepts_spaces_and_commas() -> None:
    expected = [Card.parse("As"), Card.parse("Kd"), Card.parse("Tc")]
    assert parse_cards("AsKdTc") == expected
    assert parse_cards("As Kd Tc") == expected
    assert parse_cards("As, Kd, tc") == expected
    assert parse_cards("") == []


def test_parse_cards_errors_name_the_bad_text() -> None:
    with pytest.raises(NotationError, match="'AsK'"):
        parse_cards("AsK")
    with pytest.raises(NotationError, match="'Zz'"):
        parse_cards("AsZz")


def test_format_cards_marks_unknown_cards() -> None:
    assert format_cards([Card.parse("As"), None, 0]) == "As??2c"


def test_check_distinct_names_the_repeated_card() -> None:
    check_distinct(parse_cards("AsKs"))
    with pytest.raises(NotationError, match="Ks appears more than once"):
        check_distinct(parse_cards("AsKsKs"), what="hand")


def test_D1_seeded_deck_is_reproducible_and_complete() -> None:
    """D1: simulation and replay take a seed and are reproducible."""
    assert Deck(seed=7).order == Deck(seed=7).order
    assert Deck(seed=7).order != Deck(seed=8).order
    assert sorted(Deck(seed=7).order) == list(FULL_DECK)
    assert Deck(rng=random.Random(3)).order == Deck(seed=3).order


def test_D1_the_shuffle_draws_as_the_standard_library_does() -> None:
    """D1: pokerroom.shuffle (compiled with the engine) is Fisher-Yates with the very
    draws of random.Random.shuffle: a seed gives the same order either way, for any
    length, and a secure generator is used the same way."""
    for seed in range(300):
        for n in (0, 1, 2, 36, 52):
            ours, theirs = list(range(n)), list(range(n))
            shuffle(ours, random.Random(seed))
            random.Random(seed).shuffle(theirs)
            assert ours == theirs, (seed, n)
    secure = list(range(52))
    shuffle(secure, random.SystemRandom())
    assert sorted(secure) == list(range(52))


def test_D1_unseeded_decks_use_secure_randomness_and_differ() -> None:
    """D1: live play draws from the operating system's randomness."""
    orders = {Deck().order for _ in range(5)}
    assert len(orders) == 5
    assert all(sorted(order) == list(FULL_DECK) for order in orders)


def test_D1_shuffle_is_uniform_card_by_position() -> None:
    """D1: 20,000 seeded shuffles; card x position counts pass a chi-square test.

    With both margins fixed the statistic has 51 * 51 = 2,601 degrees of
    freedom (mean 2,601, sd sqrt(2 * 2,601) = 72); allow six sd.  Each
    position alone: 51 degrees of freedom, sd about 10; allow six sd.
    """
    shuffles = 20_000
    counts = [[0] * 52 for _ in range(52)]  # counts[position][card]
    for seed in range(shuffles):
        for position, card in enumerate(Deck(seed=seed).order):
            counts[position][card] += 1
    expected = shuffles / 52
    per_position = [sum((n - expected) ** 2 for n in row) / expected for row in counts]
    total = sum(per_position)
    df = 51 * 51
    assert abs(total - df) < 6 * math.sqrt(2 * df)
    for statistic in per_position:
        assert abs(statistic - 51) < 6 * math.sqrt(2 * 51)
    # And each card, over the positions.
    for index in range(52):
        column = sum((counts[p][index] - expected) ** 2 for p in range(52)) / expected
        assert abs(column - 51) < 6 * math.sqrt(2 * 51)


def test_deal_takes_cards_off_the_top() -> None:
    deck = Deck(seed=1)
    order = deck.order
    assert deck.deal(2) == list(order[:2])
    assert deck.deal() == [order[2]]
    assert len(deck) == 49
    assert deck.remaining() == list(order[3:])
    assert deck.order == order
    with pytest.raises(ConfigError, match="only 49 left"):
        deck.deal(50)


def test_D3_burn_takes_the_top_card_face_down() -> None:
    """D3: a card is burned before each dealing street."""
    deck = Deck(seed=2)
    order = deck.order
    deck.deal(4)
    burned = deck.burn()
    assert burned == order[4]
    assert deck.deal(3) == list(order[5:8])
    assert deck.burn() == order[8]
    assert deck.burned == (order[4], order[8])
    assert len(deck) == 52 - 9


def test_D2_cut_leaves_at_least_five_cards_in_each_part() -> None:
    """D2: a cut moves the top part under; each part keeps five cards or more."""
    for at in (5, 26, 47):
        deck = Deck(seed=3)
        order = deck.order
        deck.cut(at)
        assert deck.order == order[at:] + order[:at]
    for at in (0, 4, 48, 52, -1):
        deck = Deck(seed=3)
        with pytest.raises(ConfigError, match="at least five cards"):
            deck.cut(at)


def test_D2_no_cut_after_dealing() -> None:
    deck = Deck(seed=4)
    deck.deal(1)
    with pytest.raises(ConfigError):
        deck.cut(10)


def test_deck_from_order_replays_and_rejects_duplicates() -> None:
    order = list(reversed(FULL_DECK))
    deck = Deck.from_order(order)
    assert deck.deal(3) == order[:3]
    assert Deck.from_order([0, 1, 2]).order == (Card(0), Card(1), Card(2))
    with pytest.raises(NotationError, match="As appears more than once"):
        Deck.from_order(parse_cards("AsKdAs"))
    with pytest.raises(NotationError):
        Deck.from_order([0, 52])


def test_short_deck_has_36_cards_six_to_ace() -> None:
    assert len(SHORT_DECK) == 36
    assert min(c.rank for c in SHORT_DECK) == RANKS.index("6")
    deck = Deck(seed=5, cards=SHORT_DECK)
    assert len(deck) == 36
    assert sorted(deck.order) == list(SHORT_DECK)
    with pytest.raises(ConfigError):
        deck.cut(32)
