"""``pokerroom simulate`` at the command line (issue 12): each game's standard
structure, PHH codes as games, one-line refusals with exit status 2, no empty or
silently partial hand histories, and a progress bar only on a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.errors import ConfigError
from pokerroom.history import load
from pokerroom.history.replay import check_paths

QUICK = ["--hands", "12", "--chunk", "6", "--workers", "1", "--bots", "tag,random,station"]


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *QUICK, *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("game", "structure"), [
    ("stud", "fixed_limit"), ("razz", "fixed_limit"), ("omaha", "pot_limit"),
    ("deuce_seven_triple", "fixed_limit"), ("badugi", "fixed_limit"), ("holdem", "no_limit"),
])
def test_each_game_plays_in_its_standard_structure(
    capsys: pytest.CaptureFixture[str], game: str, structure: str
) -> None:
    code, out, err = simulate(capsys, "--game", game, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["game"], data["structure"], data["hands"]) == (game, structure, 12)


@pytest.mark.parametrize(("game", "code"), [
    ("omaha", "PO"), ("stud", "F7S"), ("deuce_seven_triple", "F2L3D"), ("badugi", "FB"),
    ("F2L3D", "F2L3D"), ("fo/8", "FO/8"), ("N2L1D", "N2L1D"),
])
def test_out_writes_every_hand_in_a_PHH_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, code: str
) -> None:
    """Never an empty file and never pokerroom's own codes (NO): every hand, in
    the specification's code, and it replays."""
    status, out, err = simulate(capsys, "--game", game, "--out", str(tmp_path))
    assert (status, err) == (0, "")
    assert f"hand histories: 12 hands ({code}) in 2 file(s)" in out
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2 and all(f.stat().st_size > 0 for f in files)
    hands = [h for f in files for h in load(f)]
    assert len(hands) == 12 and {h.variant for h in hands} == {code}
    assert all(r.ok for r in check_paths([tmp_path]))


@pytest.mark.parametrize(("args", "message"), [
    (["--game", "poker"], "unknown game 'poker'; games: holdem, "),
    (["--game", "omaha", "--structure", "no_limit", "--out", "{out}"],
     "PHH has no variant code for Omaha played no limit"),
    (["--game", "badugi", "--structure", "no_limit", "--out", "{out}"],
     "PHH has no variant code for badugi played no limit"),
    (["--game", "omaha5", "--out", "{out}"], "PHH has no variant code for five-card Omaha"),
    (["--game", "PO", "--structure", "fixed_limit"],
     "PO is Omaha played pot limit, not fixed limit"),
    (["--game", "stud", "--bots", "tag,tag,tag,tag,tag,tag,tag", "--out", "{out}"],
     "seventh street (I9)"),
    (["--game", "omaha6", "--bots", ",".join(["tag"] * 9)], "9 players need 59 cards"),
])
def test_a_bad_choice_is_one_line_and_exit_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    out_dir = tmp_path / "hands"
    code = main(["simulate", *QUICK, *[a.replace("{out}", str(out_dir)) for a in args]])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("pokerroom simulate: ") and err.count("\n") == 1
    assert message in err
    assert not out_dir.exists()


def test_a_game_PHH_cannot_write_still_plays_without_out(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = simulate(capsys, "--game", "omaha", "--structure", "no_limit")
    assert (code, err) == (0, "")
    assert "12 hands of Omaha (no limit)" in out


def test_hands_that_cannot_be_written_are_counted_with_exit_status_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerroom.simulate as module

    real = module.to_phh

    def every_fourth_refused(hand: object, **kw: object) -> object:
        if kw["extra"]["hand"] % 4 == 0:  # type: ignore[index]
            raise ConfigError("PHH cannot express a hand killed by the floor (I7, T9, P8)")
        return real(hand, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(module, "to_phh", every_fourth_refused)
    code, out, err = simulate(capsys, "--out", str(tmp_path), "--hands", "16", "--chunk", "8")
    assert code == 1
    assert err == ("pokerroom simulate: 4 of 16 hands not written to " + str(tmp_path)
                   + ": PHH cannot express a hand killed by the floor (I7, T9, P8) (4)\n")
    assert "hand histories: 12 hands (NT) in 2 file(s)" in out
    assert len(list(check_paths([tmp_path]))) == 12


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pokerroom.cli", "simulate", "--hands", "200", "--chunk",
            "50", "--workers", "1", "--bots", "tag,station", *args]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_TERMINAL", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    return env


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_no_progress_bar_in_a_pipe(extra: list[str]) -> None:
    done = subprocess.run(_command(*extra), capture_output=True, text=True, env=_env(),
                          timeout=120, check=True)
    assert done.stderr == ""
    if extra:
        assert json.loads(done.stdout)["hands"] == 200


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_progress_bar_on_a_terminal(extra: list[str]) -> None:
    """stderr a terminal: the bar (transient) counts the hands; --json keeps it,
    since stdout stays pure JSON."""
    leader, follower = pty.openpty()
    seen = bytearray()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        done = subprocess.run(_command(*extra), stdout=subprocess.PIPE, stderr=follower,
                              env=_env(), timeout=120, check=True)
    finally:
        os.close(follower)
        reader.join(timeout=10)
        os.close(leader)
    text = seen.decode(errors="replace")
    assert "hands" in text and "\x1b[" in text  # drawn, then cleared
    if extra:
        assert json.loads(done.stdout)["hands"] == 200
