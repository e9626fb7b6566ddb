"""Range notation: what each part names, and clear errors for what it cannot read."""

from __future__ import annotations

import pytest

from pokerroom.cards import format_cards, parse_cards
from pokerroom.equity import parse_range
from pokerroom.errors import NotationError


def names(text: str) -> set[str]:
    return {format_cards(c) for c in parse_range(text).combos}


def hands(text: str) -> set[str]:
    """Two-card hands written highest first, like the parser keeps them."""
    out = set()
    for part in text.split():
        cards = sorted((int(c) for c in parse_cards(part)), reverse=True)
        out.add(format_cards(cards))
    return out


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("QQ+", 18),
        ("22+", 78),
        ("A2s+", 48),
        ("KT+", 48),
        ("T9s-65s", 20),
        ("65s-T9s", 20),
        ("22-55", 24),
        ("A9o-A5o", 60),
        ("AhKh", 1),
        ("random", 1326),
        ("any", 1326),
        ("QQ+, AKs, T9s-65s, AhKh", 18 + 4 + 20),
        ("AA, AA, AsAh", 6),
        ("kq s", 0),
    ][:-1],
)
def test_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_parts_name_the_expected_hands() -> None:
    assert names("AKs") == hands("AcKc AdKd AhKh AsKs")
    assert names("QQ+") == names("QQ, KK, AA")
    assert names("A9s+") == names("A9s, ATs, AJs, AQs, AKs")
    assert names("T9s-87s") == names("T9s, 98s, 87s")
    assert names("A5o-A3o") == names("A5o, A4o, A3o")
    assert names("33-22") == names("22, 33")
    assert names("AK") == names("AKs, AKo")
    assert names("KQs+") == names("KQs")


def test_hands_are_highest_card_first_and_exact_hands_are_marked() -> None:
    r = parse_range("Kh As")
    assert r.exact and r.combos == ((51, 46),)
    assert not parse_range("AhKh, QQ").exact
    assert parse_range("ahkh").combos == ((50, 46),)


def test_without_removes_hands_holding_known_cards() -> None:
    r = parse_range("AA")
    assert len(r.without({51})) == 3
    assert len(r.without({51, 50})) == 1


def test_short_deck_random_has_630_hands_and_refuses_low_cards() -> None:
    assert len(parse_range("random", deck="short")) == 630
    assert len(parse_range("66+", deck="short")) == 54
    with pytest.raises(NotationError, match="below six"):
        parse_range("55", deck="short")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty range"),
        ("QQ+,,AKs", "empty part between commas"),
        ("QX", "unknown rank 'X'"),
        ("AKx", "must be s \\(suited\\) or o \\(offsuit\\)"),
        ("QQs", "a pair is neither suited nor offsuit"),
        ("T9s-65o", "same kind of hand"),
        ("22-AKs", "same kind of hand"),
        ("T9s-63s", "different gaps"),
        ("T9s-", "a dash joins exactly two hands"),
        ("22-33-44", "a dash joins exactly two hands"),
        ("AKQs", "expected two ranks"),
        ("A", "expected two ranks"),
        ("AhAh", "appears more than once"),
        ("AhKx", "unknown suit"),
    ],
)
def test_bad_ranges_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_range(text)
