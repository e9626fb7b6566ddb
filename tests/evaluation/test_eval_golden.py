"""Golden data for five-card high hands (S5): every hand, every class."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

from pokerroom.cards import SHORT_DECK
from pokerroom.evaluation import (
    HIGH,
    SHORT_DECK_HIGH,
    HandCategory,
    category_of,
    high_strength,
)

STANDARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}

# 36-card deck, 376,992 hands; the counts follow from the ranks six to ace
# and the straights A-6-7-8-9 (lowest) to T-J-Q-K-A: six straights.
SHORT_DECK_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 6 * 4,
    HandCategory.FOUR_OF_A_KIND: 9 * 32,
    HandCategory.FULL_HOUSE: 9 * 4 * 8 * 6,
    HandCategory.FLUSH: 4 * (126 - 6),
    HandCategory.STRAIGHT: 6 * (4**5 - 4),
    HandCategory.THREE_OF_A_KIND: 9 * 4 * 28 * 16,
    HandCategory.TWO_PAIR: 36 * 36 * 7 * 4,
    HandCategory.PAIR: 9 * 6 * 56 * 64,
    HandCategory.HIGH_CARD: (126 - 6) * (4**5 - 4),
}


def reference_five(cards: tuple[int, ...], *, short_deck: bool = False) -> tuple[int, ...]:
    """A plain, independent five-card ranking: (category order, tie-break ranks)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif not short_deck and ranks == [12, 3, 2, 1, 0]:
            top = 3
        elif short_deck and ranks == [12, 7, 6, 5, 4]:
            top = 7
    if top is not None:
        category = HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT
        tiebreak: list[int] = [top]
    else:
        tiebreak = groups
        category = {
            (4, 1): HandCategory.FOUR_OF_A_KIND,
            (3, 2): HandCategory.FULL_HOUSE,
            (3, 1, 1): HandCategory.THREE_OF_A_KIND,
            (2, 2, 1): HandCategory.TWO_PAIR,
            (2, 1, 1, 1): HandCategory.PAIR,
            (1, 1, 1, 1, 1): HandCategory.FLUSH if flush else HandCategory.HIGH_CARD,
        }[tuple(shape)]
    order = int(category)
    if short_deck and category in (HandCategory.FLUSH, HandCategory.FULL_HOUSE):
        order = 11 - order  # flush 6, full house 5: the flush beats the full house
    return (order, *tiebreak)


def one_hand_per_class(ranks: range) -> list[tuple[int, ...]]:
    """One five-card hand for every unsuited rank multiset and every flush."""
    hands = []
    for combo in combinations_with_replacement(ranks, 5):
        if max(Counter(combo).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        hand = []
        for r in combo:
            hand.append(r * 4 + seen[r])
            seen[r] += 1
        if len(set(combo)) == 5:
            hand[0] = hand[0] - hand[0] % 4 + 1  # two suits: not a flush
            hands.append(tuple(r * 4 for r in combo))  # the flush of those ranks
        hands.append(tuple(hand))
    return hands


def test_S5_all_2598960_five_card_hands_category_counts_and_7462_classes() -> None:
    """S5: the known golden counts over every five-card hand."""
    by_strength = Counter(map(high_strength, combinations(range(52), 5)))
    assert sum(by_strength.values()) == 2_598_960
    assert len(by_strength) == 7_462
    by_category: Counter[HandCategory] = Counter()
    for strength, n in by_strength.items():
        by_category[category_of(strength)] += n
    assert by_category == STANDARD_COUNTS


def test_S5_every_class_ranks_exactly_as_the_reference() -> None:
    """S5: the 7,462 classes sort the same way as a plain reference ranking."""
    hands = one_hand_per_class(range(13))
    assert len(hands) == 7_462
    pairs = sorted((reference_five(h), high_strength(h)) for h in hands)
    strengths = [s for _, s in pairs]
    assert strengths == sorted(set(strengths))
    for reference, strength in pairs:
        assert int(category_of(strength)) == reference[0]


def test_S5_evaluator_and_fast_path_agree_on_every_class() -> None:
    for hand in one_hand_per_class(range(13)):
        assert HIGH.strength(hand[:2], hand[2:]) == high_strength(hand)


def test_short_deck_all_376992_hands_category_counts() -> None:
    by_strength = Counter(
        SHORT_DECK_HIGH.strength(h, ()) for h in combinations(SHORT_DECK, 5)
    )
    assert sum(by_strength.values()) == 376_992
    by_category: Counter[HandCategory] = Counter()
    for strength, n in by_strength.items():
        assert strength is not None
        by_category[category_of(strength)] += n
    assert by_category == SHORT_DECK_COUNTS


def test_short_deck_every_class_ranks_as_the_reference() -> None:
    """Flush above full house; A-6-7-8-9 the lowest straight."""
    hands = one_hand_per_class(range(4, 13))
    pairs = sorted(
        (reference_five(h, short_deck=True), SHORT_DECK_HIGH.strength(h, ())) for h in hands
    )
    strengths = [s for _, s in pairs]
    assert strengths == sorted(set(strengths))  # type: ignore[type-var]
