"""The scalar evaluators' rank tables kept on disk (pokerroom.evaluation.rank_store):
a later process reads the filled table back instead of filling it again, with the
same values; a broken file or a cache that cannot be written changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.evaluation import rank_store
from pokerroom.evaluation.high import STANDARD
from pokerroom.evaluation.tables import BestOfTable


class CountedFive:
    """The hold'em five-card value, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, counts: list[int]) -> int:
        self.calls += 1
        return STANDARD._five_unsuited(counts)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("POKERROOM_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def filled(kept_as: str | None) -> tuple[dict[int, int], int]:
    five = CountedFive()
    table = BestOfTable(five, kept_as=kept_as)
    table._prefill()
    return dict(table), five.calls


def test_a_kept_table_is_read_back_with_the_same_values(cache: Path) -> None:
    built, calls = filled("test-high")
    assert calls == 6175 and len(built) == 73775
    [kept] = cache.glob("rank-table-test-high-*.bin")
    assert kept.stat().st_size == 16 * 73775  # the keys, then the values
    assert cache.stat().st_mode & 0o777 == 0o700
    read, calls_again = filled("test-high")
    assert calls_again == 0  # nothing computed: read from the file
    assert read == built == filled(None)[0]


def test_a_broken_file_is_ignored_and_written_again(cache: Path) -> None:
    built, _ = filled("test-high")
    [kept] = cache.glob("rank-table-test-high-*.bin")
    whole = kept.read_bytes()
    kept.write_bytes(whole[: len(whole) // 2 + 3])  # cut short
    again, calls = filled("test-high")
    assert (again, calls) == (built, 6175)
    assert kept.read_bytes() == whole


def test_a_cache_that_cannot_be_written_changes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wall = tmp_path / "wall"
    wall.write_text("a file, not a folder\n")
    monkeypatch.setenv("POKERROOM_CACHE_DIR", str(wall / "cache"))
    assert rank_store.stored_table("test-high") is None
    built, calls = filled("test-high")
    assert calls == 6175 and built == filled(None)[0]


def test_a_later_process_looks_its_keys_up_in_the_kept_table(cache: Path) -> None:
    """Reading the kept table back makes no dict of all 73,775 entries: each key is
    looked up in the file's sorted arrays when first asked for (a replay asks a few
    thousand), until so many are asked that the whole dict is cheaper."""
    built, _ = filled("test-high")
    five = CountedFive()
    table = BestOfTable(five, kept_as="test-high")
    asked = sorted(built)[::97]
    assert [table[key] for key in asked] == [built[key] for key in asked]
    assert five.calls == 0 and len(table) == len(asked)
    nine = 4 * 5**12 + 4 * 5**11 + 5**10  # nine cards: in no kept table, computed
    assert table[nine] == STANDARD.by_rank_key[nine]
    for key in sorted(built)[: BestOfTable._WHOLE_AFTER]:
        assert table[key] == built[key]
    assert built.items() <= table.items() and five.calls == 0  # the whole table read in
