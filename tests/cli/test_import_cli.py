"""``pokerroom import`` (issue 28): PokerStars text files and folders to PHH, a
one-line summary, refusals one line each, exit 0 (all imported), 1 (some refused)
or 2 (usage), and what it writes replays with ``pokerroom replay``."""

from __future__ import annotations

import shutil
import tarfile
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.history.phh import load

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "pokerstars"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["import", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_folder_of_every_game_imports_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "stars"
    shutil.copytree(SAMPLES, source, ignore=shutil.ignore_patterns("*.md", "*.xz"))
    (source / "notes.md").write_text("my sessions\n")
    out_dir = tmp_path / "phh"
    code, out, err = run(capsys, source, "-o", out_dir)
    assert code == 1  # the board run twice is refused
    assert out == (f"5 hands imported from 6 files into {out_dir}, each replayed to the "
                   "text's stacks; 1 refused\n")
    assert err == (f"refused {source / 'run_twice.txt'}: hand #254000005, line 14: the board "
                   "was run twice: PHH records one board\n")
    written = sorted(p.name for p in out_dir.iterdir())
    assert written == ["cash_holdem-254000001.phh", "returning_player-254000006.phh",
                       "stud-254000003.phh", "tournament_side_pots-254000002.phh",
                       "triple_draw-254000004.phh"]
    assert {load(p)[0].variant for p in out_dir.iterdir()} == {"NT", "F7S", "F2L3D"}
    assert main(["replay", str(out_dir)]) == 0
    assert capsys.readouterr().out == "5 passed, 0 failed\n"


def test_every_hand_imported_exits_0_and_phhs_holds_a_file_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "two.txt"
    text.write_text((SAMPLES / "cash_holdem.txt").read_text() + "\n\n"
                    + (SAMPLES / "stud.txt").read_text())
    code, out, err = run(capsys, text, "-o", tmp_path / "out", "--phhs")
    assert (code, err) == (0, "")
    assert out.startswith("2 hands imported from 1 file into ")
    assert [h.variant for h in load(tmp_path / "out" / "two.phhs")] == ["NT", "F7S"]


def test_usage_errors_exit_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.txt"
    assert run(capsys, missing) == (2, "", f"pokerroom import: {missing} does not exist; "
                                           "name PokerStars text files or folders of them\n")
    phh = tmp_path / "hand.phh"
    phh.write_text("variant = 'NT'\nantes = [0, 0]\n")
    code, out, err = run(capsys, phh)
    assert (code, out) == (2, "")
    assert err == (f"pokerroom import: {phh} looks like PHH, not PokerStars text; import "
                   "reads PokerStars hand histories\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run(capsys, empty) == (2, "", f"pokerroom import: no PokerStars text (.txt) in "
                                         f"{empty}\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run(capsys, SAMPLES / "stud.txt", "-o", blocker)
    assert code == 2 and err.count("\n") == 1 and "is a file" in err


def test_a_bad_hand_is_one_line_and_the_others_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = (SAMPLES / "cash_holdem.txt").read_text()
    bad = good.replace("#254000001", "#9").replace("Bob: checks", "Bob: dances")
    text = tmp_path / "mixed.txt"
    text.write_text(good + "\n" + bad)
    code, out, err = run(capsys, text, "-o", tmp_path / "o")
    assert code == 1
    assert out.endswith("1 refused\n") and out.startswith("1 hand imported")
    assert err.count("\n") == 1
    assert err.startswith(f"refused {text}: hand #9, line ")
    assert "'dances'" in err


def test_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    assert "(default: phh)" in capsys.readouterr().out


def test_the_real_hands_import_with_their_count_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The count the README gives, measured by the command itself; every hand it
    wrote replays, repeated hands of a file included (written -2, -3...)."""
    with tarfile.open(SAMPLES / "real_hands.tar.xz") as tar:
        tar.extractall(tmp_path, filter="data")
    out_dir = tmp_path / "out"
    code, out, err = run(capsys, tmp_path / "real", "-o", out_dir)
    assert code == 1
    assert out == (f"1532 hands imported from 99 files into {out_dir}, each replayed to "
                   "the text's stacks; 12 refused\n")
    assert err.count("\n") == 12 and all(line.startswith("refused ")
                                         for line in err.splitlines())
    assert len(list(out_dir.iterdir())) == 1532
    assert main(["replay", str(out_dir)]) == 0
    assert capsys.readouterr().out == "1532 passed, 0 failed\n"


def test_no_replay_writes_without_checking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, SAMPLES / "stud.txt", "-o", tmp_path, "--no-replay", "-v")
    assert (code, err) == (0, "")
    assert out == (f"wrote {tmp_path / 'stud-254000003.phh'}\n"
                   f"1 hand imported from 1 file into {tmp_path}; 0 refused\n")


def test_a_session_file_numbering_its_hands_is_pokerstars_text() -> None:
    from pokerroom.history.formats import recognise

    head = b"*********** # 2 **************\r\nPokerStars Hand #247743239964:  Hold'em"
    assert recognise(head).name == "PokerStars hand history text"
    assert recognise(b"*********** # 2 **************\nsomething").name.startswith("888")
