"""``pokerroom replay`` named a file or folder that is not PHH (issue 28): it says in
one line what the path looks like, points to the way into PHH when it holds hand
histories of another format, replays nothing and exits 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.history.formats import IMPORT_HINT, recognise

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
PHH_TEXT = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']
finishing_stacks = [201, 199]
"""


def replay(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str, str]:
    code = main(["replay", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_pokerstars_file_is_named_and_pointed_to_phh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = shutil.copy(SAMPLES / "cash_holdem.txt", tmp_path / "cash.txt")
    code, out, err = replay(capsys, Path(text))
    assert (code, out) == (2, "")
    assert err == (f"pokerroom replay: {text} looks like PokerStars hand history text, not PHH; "
                   f"replay reads PHH (.phh, .phhs): {IMPORT_HINT}\n")


def test_a_folder_of_pokerstars_files_is_not_zero_passed_zero_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("cash_holdem.txt", "stud.txt", "triple_draw.txt"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    (tmp_path / "notes.md").write_text("my sessions\n")
    code, out, err = replay(capsys, tmp_path)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith(f"pokerroom replay: {tmp_path} has no .phh or .phhs files (4 files: "
                          "3 of PokerStars hand history text, 1 other); ")
    assert err.endswith(IMPORT_HINT + "\n")


def test_the_pokerstars_text_of_every_game_and_encoding_is_recognised() -> None:
    for sample in sorted(SAMPLES.glob("*.txt")):
        raw = sample.read_bytes()
        assert recognise(raw).name == "PokerStars hand history text", sample.name
        # Real files come with a byte-order mark and Windows line endings.
        windows = b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n")
        assert recognise(windows).name == "PokerStars hand history text", sample.name


def test_ohh_json_and_other_files_are_each_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ohh = tmp_path / "hand.json"
    ohh.write_text(json.dumps({"ohh": {"spec_version": "1.4.6", "game_number": "1"}}))
    other = tmp_path / "data.json"
    other.write_text(json.dumps({"hands": []}))
    notes = tmp_path / "notes.txt"
    notes.write_text("won 3 buy-ins tonight\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = replay(capsys, ohh, other, notes, empty)
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        f"pokerroom replay: {ohh} looks like Open Hand History JSON, not PHH; "
        f"replay reads PHH (.phh, .phhs): {IMPORT_HINT}",
        f"pokerroom replay: {other} looks like JSON other than Open Hand History, not PHH; "
        "replay reads PHH (.phh, .phhs)",
        f"pokerroom replay: {notes} is not PHH (it has none of PHH's keys) nor a hand history "
        "format pokerroom knows; replay reads PHH (.phh, .phhs)",
        f"pokerroom replay: {empty} is an empty folder: no .phh or .phhs files; "
        "replay reads PHH (.phh, .phhs)",
    ]


def test_one_pokerstars_file_among_phh_files_stops_the_run_before_any_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(PHH_TEXT)
    text = shutil.copy(SAMPLES / "stud.txt", tmp_path / "stud.phh")  # misnamed
    code, out, err = replay(capsys, good, Path(text))
    assert (code, out) == (2, "")
    assert "stud.phh looks like PokerStars hand history text, not PHH" in err


def test_phh_still_replays_whatever_its_files_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = tmp_path / "hand.txt"
    named.write_text(PHH_TEXT)
    folder = tmp_path / "hands"
    folder.mkdir()
    (folder / "1.phh").write_text(PHH_TEXT)
    (folder / "readme.txt").write_text("the night's hands\n")
    code, out, err = replay(capsys, named, folder)
    assert (code, out, err) == (0, "2 passed, 0 failed\n", "")


def test_a_broken_phh_file_is_still_reported_by_the_phh_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT\n")
    code, out, _ = replay(capsys, broken)
    assert code == 1 and "not valid TOML" in out


def test_json_lines_come_out_whole_and_in_order_a_few_hundred_to_a_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``replay --json`` writes its lines in batches (one write per hand was a system
    call per hand where output is unbuffered): every hand's line is there once, in the
    order of the files, the last batch too, whatever the count."""
    import pokerroom.cli as cli

    for k in range(7):
        (tmp_path / f"{k:02d}.phh").write_text(PHH_TEXT)
    writes: list[str] = []

    class Counted:
        def write(self, text: str) -> int:
            writes.append(text)
            return len(text)

        def flush(self) -> None:
            pass

    monkeypatch.setattr(cli._Lines, "LINES_PER_WRITE", 3)
    monkeypatch.setattr(cli.sys, "stdout", Counted())
    assert main(["replay", "--json", str(tmp_path)]) == 0
    lines = "".join(writes).splitlines()
    assert [Path(json.loads(line)["path"]).name for line in lines] == [
        f"{k:02d}.phh" for k in range(7)]
    assert all(json.loads(line)["finishing_stacks"] == [201, 199] for line in lines)
    assert [text.count("\n") for text in writes] == [3, 3, 1]
