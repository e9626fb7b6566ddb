"""Golden data for the batch high evaluator: all 133,784,560 seven-card hands (S6)."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from pokerroom.evaluation import HandCategory
from pokerroom.evaluation.batch import high_strengths

SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def test_S6_all_133784560_seven_card_hands_category_counts_and_4824_classes() -> None:
    """Every seven-card hand once: the first two cards fixed, the other five above them."""
    fives = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    # Lexicographic order: the fives whose lowest card is above b form the tail.
    tail_start = np.searchsorted(fives[:, 0], np.arange(53), side="left")
    by_category = np.zeros(16, dtype=np.int64)
    classes = np.zeros(1 << 24, dtype=bool)
    hands = np.empty((len(fives), 7), dtype=np.uint8)
    total = 0
    for a in range(52):
        for b in range(a + 1, 52):
            tail = fives[tail_start[b + 1] :]
            n = len(tail)
            if n == 0:
                continue
            hands[:n, 0] = a
            hands[:n, 1] = b
            hands[:n, 2:] = tail
            values = high_strengths(hands[:n])
            by_category += np.bincount(values >> 20, minlength=16)
            classes[values] = True
            total += n
    assert total == 133_784_560
    assert {HandCategory(c): int(n) for c, n in enumerate(by_category) if n} == SEVEN_CARD_COUNTS
    assert int(classes.sum()) == 4_824
