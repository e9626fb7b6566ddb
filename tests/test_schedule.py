"""The suite's start order (tests/schedule.py): every file it names exists, and the
order puts the longest file first without reordering a file's own tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tests.schedule import SECONDS, longest_first

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_the_schedule_names_exists() -> None:
    missing = [name for name in SECONDS if not (ROOT / name).is_file()]
    assert not missing, f"tests/schedule.py names files that are gone: {missing}"


@dataclass
class _Item:
    nodeid: str


def test_the_longest_files_start_first_and_each_file_keeps_its_order() -> None:
    slowest = max(SECONDS, key=lambda name: SECONDS[name])
    quick = "tests/test_not_listed.py"
    items = [_Item(f"{quick}::a"), _Item(f"{slowest}::b"), _Item(f"{quick}::c"),
             _Item(f"{slowest}::d")]
    assert [i.nodeid for i in longest_first(items)] == [
        f"{slowest}::b", f"{slowest}::d", f"{quick}::a", f"{quick}::c"]
