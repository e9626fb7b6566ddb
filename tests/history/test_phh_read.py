"""Reading PHH text: comments, .phhs detection, paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.history import NOOP, PhhAction, iter_paths, load, loads

COMMENTED = """\
# A TOML comment before the hand.
variant = "PO"  # TOML comment after a value
antes = [0, 0]
blinds_or_straddles = [500, 1000]
min_bet = 1000
starting_stacks = [1259450.25, 678473.5]
actions = [
  # Pre-flop (a TOML comment inside the array)
  "d dh p1 Ah3sKsKh",  # Antonius
  "d dh p2 6d9s7d8h",
  "p2 cbr 3000  # Blom opens",
  "# the stream cuts out for a moment",
  "",
  "p1 sm -",
]
"""


def test_commentary_inside_entries_and_toml_comments() -> None:
    [hand] = loads(COMMENTED)
    assert hand.scale == 100
    opens, commentary, empty, show = hand.actions[2:]
    assert opens == PhhAction(1, "cbr", amount=300000, comment="Blom opens")
    assert opens.text == "p2 cbr 3000  # Blom opens"
    assert commentary == PhhAction(None, NOOP, comment="the stream cuts out for a moment")
    assert empty == PhhAction(None, NOOP)
    assert show == PhhAction(0, "sm", show_held=True)
    assert all(a.comment is None for a in hand.actions[:2])  # TOML comments are not commentary


def test_phhs_is_detected_by_its_tables_without_a_path() -> None:
    text = "[1]\n" + COMMENTED + "\n[2]\n" + COMMENTED
    hands = loads(text)
    assert [h.index for h in hands] == [1, 2]
    assert hands[0] == hands[1]
    assert [h.path for h in hands] == [None, None]


def test_phhs_keeps_the_table_numbers(tmp_path: Path) -> None:
    path = tmp_path / "some.phhs"
    path.write_text("[7]\n" + COMMENTED + "\n[3]\n" + COMMENTED)
    hands = load(path)
    assert [(h.path, h.index) for h in hands] == [(str(path), 7), (str(path), 3)]


def test_a_phh_document_has_no_index(tmp_path: Path) -> None:
    path = tmp_path / "one.phh"
    path.write_text(COMMENTED)
    [hand] = load(path)
    assert (hand.path, hand.index) == (str(path), None)
    [same] = load(str(path))
    assert same == hand


def test_iter_paths_walks_folders_and_keeps_named_files(tmp_path: Path) -> None:
    for name in ["b/10.phh", "b/9.phh", "a.phhs", "b/notes.txt", "c/2.phh"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    named = tmp_path / "b" / "notes.txt"
    found = [p.relative_to(tmp_path).as_posix() for p in iter_paths([tmp_path, named])]
    assert found == ["a.phhs", "b/9.phh", "b/10.phh", "c/2.phh", "b/notes.txt"]
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        list(iter_paths([tmp_path / "missing"]))
