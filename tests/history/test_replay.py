"""Replaying PHH histories through the engine: the real-hand oracle and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerroom.cli import main
from pokerroom.history.phh import load, loads
from pokerroom.history.replay import check, check_paths, config_for, replay_hand
from tests.data import phh_data

HALF_CHIP_FILES = [
    "pluribus/41b/204.phh",
    "pluribus/102/0.phh",
    "pluribus/60/88.phh",
    "pluribus/91/53.phh",
    "pluribus/91/43.phh",
    "pluribus/32/23.phh",
    "pluribus/88/128.phh",
    "pluribus/75b/76.phh",
]


def test_every_hand_in_the_data_set_replays_to_its_recorded_stacks() -> None:
    """All 10,089 .phh hands and the .phhs hands: finishing stacks (or winnings) match.

    Only two online hands whose showdown cards were hidden ('????') cannot be
    checked; they are reported as skipped with the reason, never as passed.
    """
    results = list(check_paths([phh_data()]))
    failures = [f"{r.where()}: {r.error or r.mismatch}" for r in results
                if r.skipped is None and not r.ok]
    skipped = [r for r in results if r.skipped is not None]
    assert failures == []
    assert len(results) == 10_089 + 12
    assert len(skipped) == 2
    assert all("unknown" in (r.skipped or "") for r in skipped)
    variants = {r.variant for r in results if r.ok}
    assert variants >= {"NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D",
                        "FB"}


@pytest.mark.parametrize("name", HALF_CHIP_FILES)
def test_S10_pluribus_split_pots_with_half_chips_are_within_one_chip(name: str) -> None:
    """S10: we award whole chips; the recording split the odd chip in half."""
    (history,) = load(phh_data() / name)
    assert history.finishing_stacks is not None
    assert any(not isinstance(x, int) for x in history.finishing_stacks)
    result = check(history)
    assert result.ok, result.mismatch
    assert result.finishing_stacks is not None
    assert sum(result.finishing_stacks) == sum(history.starting_stacks)


def test_2019_hand_missing_the_buttons_fold_is_repaired_with_a_note() -> None:
    """The 2019 WSOP hand leaves out the button's preflop fold; we fold that player
    (they faced a raise) and say so.  Its ``ante_trimming_status = true`` needs no
    special case: the big-blind ante is dead money in the main pot (F7)."""
    (history,) = load(phh_data() / "wsop/2019/42/3/00-01-07.phh")
    result = check(history)
    assert result.ok
    assert len(result.notes) == 1
    assert "position 7 had not acted; treated as a fold" in result.notes[0]


def test_heads_up_history_blinds_are_reversed_F4() -> None:
    """F4 / PHH: heads-up, p2 is the button and posts the small blind."""
    (history,) = load(phh_data() / "antonius-blom-2009.phh")
    config = config_for(history)
    assert config.blinds == (1000 * history.scale, 500 * history.scale)
    hand, _ = replay_hand(history)
    assert hand.is_over


def test_razz_raise_over_a_short_stack_is_accepted() -> None:
    """FR 03-50-24: a fixed-limit raise to exactly what the short opponent can call.

    Rule chosen: a limit raise may stop at the most any opponent can put in,
    since the rest would come straight back (B12)."""
    (history,) = load(phh_data() / "wsop/2023/43/5/03-50-24.phh")
    result = check(history)
    assert result.ok, result.error or result.mismatch


HAND = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', {action}]
"""


def _check_text(text: str, path: str = "bad.phh") -> str:
    (history,) = loads(text, path=path)
    result = check(history)
    assert not result.ok
    assert result.error is not None
    return result.error


def test_B8_illegal_raise_in_a_history_names_the_action_and_what_is_allowed() -> None:
    error = _check_text(HAND.format(action="'p3 cbr 3'"))
    assert "action 4 'p3 cbr 3'" in error
    assert "3-100" in error or "4-100" in error


def test_acting_out_of_turn_in_a_history_is_an_error() -> None:
    error = _check_text(HAND.format(action="'p2 cc'"))
    assert "position 1 cannot act now" in error


def test_a_card_dealt_twice_is_an_error() -> None:
    text = HAND.replace("'d dh p3 7c2d'", "'d dh p3 AsQc'").format(action="'p3 f'")
    error = _check_text(text)
    assert "As has already been dealt" in error


def test_unknown_variant_is_a_clear_error() -> None:
    error = _check_text(HAND.replace("'NT'", "'XX'").format(action="'p3 f'"))
    assert "unsupported variant 'XX'" in error
    assert "NT" in error


def test_history_that_stops_early_is_an_error() -> None:
    error = _check_text(HAND.format(action="'p3 cc'"))
    assert "ends before the hand is over" in error


def test_cli_summary_and_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND.format(action="'p3 f', 'p1 f'") + "finishing_stacks = [99, 101, 100]\n")
    bad = tmp_path / "bad.phh"
    bad.write_text(HAND.format(action="'p3 f', 'p1 f'") + "finishing_stacks = [99, 100, 101]\n")
    assert main(["replay", str(good)]) == 0
    assert capsys.readouterr().out.strip().endswith("1 passed, 0 failed")
    assert main(["replay", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "bad.phh" in out and "finishing stacks differ at p2" in out
    assert out.strip().endswith("1 passed, 1 failed")


def test_cli_json_lines_are_a_stable_interface(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.phh"
    good.write_text(HAND.format(action="'p3 f', 'p1 f'") + "finishing_stacks = [99, 101, 100]\n")
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nactions = [")
    main(["replay", "--json", str(tmp_path)])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_name = {Path(r["path"]).name: r for r in lines}
    assert by_name["good.phh"] == {
        "path": str(good), "index": None, "variant": "NT", "finishing_stacks": [99, 101, 100],
    }
    assert set(by_name["broken.phh"]) == {"path", "index", "variant", "error"}
    assert "broken.phh" in by_name["broken.phh"]["error"]


def test_cli_reports_a_missing_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "/no/such/file.phh"]) == 2
    assert "/no/such/file.phh" in capsys.readouterr().err


def test_replay_history_is_the_public_replay() -> None:
    """``pokerroom.history.replay_history``: it has its docstring on the compiled
    build too (mypyc drops the docstrings of what it compiles, so the package
    defines it in Python) and the docstring's example runs, it returns the hand
    ``check`` compares, and a history that breaks the rules is a ReplayError
    naming the action."""
    import doctest

    from pokerroom import history

    test = doctest.DocTestParser().get_doctest(
        history.replay_history.__doc__ or "", {}, "replay_history", None, 0
    )
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, 4)
    text = HAND.format(action="'p3 f', 'p1 f'") + "finishing_stacks = [99, 101, 100]\n"
    [hand_history] = loads(text)
    assert history.replay_history(hand_history).stacks == [99, 101, 100]
    assert check(hand_history).ok
    [broken] = loads(HAND.format(action="'p3 cbr 1'"))
    with pytest.raises(history.ReplayError, match=r"action 4 'p3 cbr 1'"):
        history.replay_history(broken)


def test_B1_B3_a_live_posts_unasked_check_left_out_of_the_file_is_made() -> None:
    """B1, B3: p3's live post of 2 faces only all-in blinds and p4's single chip,
    so nobody could call a raise and the writer leaves p3's check out (PokerKit
    does not ask for it); replaying p4's call first makes that check, no note
    (a hypothesis example of tests/properties/test_phh_round_trip.py)."""
    text = """variant = "NT"
ante_trimming_status = false
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, -2, 0]
min_bet = 2
starting_stacks = [1, 1, 40, 1]
actions = [
  "d dh p1 9cJh",
  "d dh p2 5c3s",
  "d dh p3 Kd3d",
  "d dh p4 QdJc",
  "p4 cc",
  "p1 sm 9cJh",
  "p2 sm 5c3s",
  "p3 sm Kd3d",
  "p4 sm QdJc",
  "d db AdTd2c",
  "d db Ts",
  "d db 5h",
]
finishing_stacks = [0, 4, 39, 0]
"""
    [history] = loads(text)
    hand, notes = replay_hand(history)
    assert notes == [] and hand.stacks == [0, 4, 39, 0] and check(history).ok
    assert [(seat, type(a).__name__) for seat, a in hand.log if seat is not None][:2] == [
        (2, "CheckCall"), (3, "CheckCall")
    ]
