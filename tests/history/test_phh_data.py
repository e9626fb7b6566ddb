"""The PHH data set (tests/data): every hand loads, writes and reads back equal."""

from __future__ import annotations

import time
from fractions import Fraction
from pathlib import Path

import pytest

from pokerroom.cards import Card
from pokerroom.history import HandHistory, dumps, dumps_many, iter_paths, load, loads
from tests.data import phh_data


def handhq() -> Path:
    [path] = phh_data().glob("handhq/**/*.phhs")
    return path


@pytest.fixture(scope="module")
def all_hands() -> list[HandHistory]:
    start = time.perf_counter()
    hands = [hand for path in iter_paths([phh_data()]) for hand in load(path)]
    elapsed = time.perf_counter() - start
    print(f"\nloaded {len(hands)} hands in {elapsed:.2f} s ({len(hands) / elapsed:,.0f}/s)")
    return hands


def test_every_file_loads(all_hands: list[HandHistory]) -> None:
    files = list(iter_paths([phh_data()]))
    assert len(files) == 10_090  # 10,089 .phh files and one .phhs
    assert len(all_hands) == 10_089 + 12
    assert sum(h.index is not None for h in all_hands) == 12
    assert sum(len(h.actions) for h in all_hands) > 160_000


def test_every_hand_round_trips(all_hands: list[HandHistory]) -> None:
    for hand in all_hands:
        again = loads(dumps(hand))
        assert again == [hand], hand.path
        assert again[0].path is None and again[0].index is None


def test_phhs_round_trips_as_a_whole() -> None:
    hands = load(handhq())
    text = dumps_many(hands)
    assert text.startswith("[1]\n")
    again = loads(text)
    assert again == hands
    assert [h.index for h in again] == list(range(1, 13))


def test_iter_paths_is_sorted_numerically_and_deduplicated() -> None:
    folder = phh_data() / "pluribus" / "30"
    files = list(iter_paths([folder, folder / "2.phh"]))
    names = [p.name for p in files]
    assert names[:3] == ["0.phh", "1.phh", "2.phh"]
    assert names.index("10.phh") > names.index("9.phh")
    assert len(names) == len(set(names)) == 80
    assert list(iter_paths([folder])) == files


def test_pluribus_half_chip_finishing_stacks_keep_scale_one() -> None:
    # A split pot recorded with half chips: 10112.5 must not make the scale 10.
    [hand] = load(phh_data() / "pluribus" / "102" / "0.phh")
    assert hand.scale == 1
    assert hand.blinds_or_straddles == (50, 100, 0, 0, 0, 0)
    half = Fraction(20225, 2)
    assert hand.finishing_stacks == (half, 9775, 10000, 10000, half, 10000)
    assert type(hand.finishing_stacks[1]) is int  # 9775.0 in the file is a whole number
    assert "finishing_stacks = [10112.5, 9775, 10000, 10000, 10112.5, 10000]" in dumps(hand)


def test_exactly_eight_hands_record_half_chips(all_hands: list[HandHistory]) -> None:
    fractional = [
        h for h in all_hands
        if h.finishing_stacks and any(isinstance(s, Fraction) for s in h.finishing_stacks)
    ]
    assert len(fractional) == 8
    assert all("pluribus" in (h.path or "") and h.scale == 1 for h in fractional)


def test_heads_up_hand_keeps_blinds_in_file_order() -> None:
    # Heads-up the entries apply in reverse (the engine's business): keep them as written.
    [hand] = load(phh_data() / "antonius-blom-2009.phh")
    assert hand.variant == "PO"
    assert hand.blinds_or_straddles == (50000, 100000)  # [500, 1000] at scale 100
    assert hand.scale == 100  # starting stacks 1259450.25 and 678473.5
    assert hand.starting_stacks == (125945025, 67847350)
    assert hand.actions[2].actor == 1 and hand.actions[2].amount == 300000  # "p2 cbr 3000"
    assert hand.extra["players"] == ("Patrik Antonius", "Victor Blom")


def test_phhs_unknown_cards_and_decimal_amounts() -> None:
    hands = load(handhq())
    assert [h.index for h in hands] == list(range(1, 13))
    first = hands[0]
    assert first.path == str(handhq())
    assert first.actions[0].cards == (None, None)  # 'd dh p1 ????'
    assert first.actions[0].dealt_to == 0
    # blinds 0.50/1, stacks 200.30 81.60 197, 'p1 cbr 3.00': one decimal place is enough.
    assert first.scale == 10
    assert first.blinds_or_straddles == (5, 10, 0)
    assert first.starting_stacks == (2003, 816, 1970)
    assert first.actions[4].amount == 30
    assert first.winnings == (20, 0, 0)
    third = hands[2]  # a stack of 58.15 needs cents
    assert third.scale == 100
    assert third.winnings == (0, 0, 0, 0, 1565, 0, 0, 0, 0)  # 15.65 after rake
    assert {h.scale for h in hands} == {10, 100}
    shown = [a for h in hands for a in h.actions if a.code == "sm"]
    assert any(a.cards == (None, None) for a in shown)
    assert any(a.cards == (Card.parse("8d"), Card.parse("As")) for a in shown)
    assert "time = 00:00:09" in dumps(first)


def test_stud_hand_has_bring_in_and_no_blinds() -> None:
    [hand] = load(phh_data() / "wsop" / "2023" / "43" / "5" / "03-50-24.phh")
    assert hand.variant == "FR"
    assert hand.blinds_or_straddles == ()
    assert (hand.bring_in, hand.small_bet, hand.big_bet, hand.min_bet) == (
        100000, 300000, 600000, None
    )
    assert "blinds_or_straddles" not in dumps(hand)
    assert hand.actions[2].code == "pb" and hand.actions[2].actor == 1


def test_big_blind_ante_tournament_hand() -> None:
    [hand] = load(phh_data() / "wsop" / "2019" / "42" / "3" / "00-01-07.phh")
    assert hand.ante_trimming_status is True
    assert hand.antes == (0, 500000, 0, 0, 0, 0, 0, 0)
    assert hand.player_count == 8


def test_toml_comments_are_ignored_and_draw_actions_parse() -> None:
    [hand] = load(phh_data() / "alice-carol-wikipedia.phh")  # TOML comments after every entry
    assert hand.variant == "FB"
    assert hand.actions[0].cards == (None,) * 4
    stand_pat = next(a for a in hand.actions if a.code == "sd" and a.cards is None)
    assert stand_pat.actor == 1  # "p2 sd"
    assert all(a.comment is None for a in hand.actions)


def test_the_data_set_is_in_the_repository(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hands live in tests/data (no folder outside the repository), with their
    MIT licence beside them; without the archive the tests fail, never skip."""
    import tests.data

    root = Path(tests.data.__file__).resolve().parents[2]
    assert tests.data.ARCHIVE.parent == root / "tests" / "data"
    assert "MIT License" in (root / "tests" / "data" / "LICENSE").read_text(encoding="utf-8")
    assert (phh_data().parent / "LICENSE").read_bytes() == (
        root / "tests" / "data" / "LICENSE").read_bytes()
    monkeypatch.setattr(tests.data, "ARCHIVE", root / "tests" / "data" / "missing.tar.xz")
    with pytest.raises(FileNotFoundError):
        tests.data.phh_data.__wrapped__()
