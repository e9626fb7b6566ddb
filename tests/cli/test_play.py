"""``pokerroom play``: a terminal table against bots, driven by scripted input."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from pokerroom.cli import main
from pokerroom.play import PlaySettings, TerminalGame


def run(settings: PlaySettings, answers: list[str]) -> tuple[TerminalGame, str]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    feed = iter(answers)

    def ask(prompt: str) -> str:
        return next(feed, "q")

    game = TerminalGame(settings, console=console, ask=ask)
    game.run()
    return game, out.getvalue()


@pytest.mark.parametrize("game", ["holdem", "omaha", "stud", "razz", "badugi",
                                  "deuce_seven_triple"])
def test_play_a_few_hands_of_each_game(game: str) -> None:
    structure = "pot_limit" if game == "omaha" else (
        "no_limit" if game == "holdem" else "fixed_limit")
    settings = PlaySettings(game=game, structure=structure, bots=3, seed=11, hands=3)
    game_, text = run(settings, ["f"] * 200)  # the person folds; the bots play on
    assert game_.table.hands_dealt == 3
    assert "Hands played: 3" in text
    total = sum(p.stack for p in game_.table.players if p is not None)
    rebuys = text.count("rebuys for")
    assert total == 4 * 200 + rebuys * 200  # no chip created or lost
    assert "to act" in text  # whose turn is shown


def test_play_shows_the_button_and_blinds_and_refuses_bad_input() -> None:
    settings = PlaySettings(bots=2, seed=5, hands=1, bot="tag")  # the human gets to act
    _, text = run(settings, ["r 1", "x", "f"] + ["c"] * 20)
    assert "button" in text and "BB" in text and "SB" in text
    assert "not allowed" in text or "unknown action" in text
    assert "Draw for the button" in text


def test_play_quits_cleanly() -> None:
    settings = PlaySettings(bots=2, seed=1)
    game, text = run(settings, ["q"])
    assert "Hands played: 0" in text
    assert game.table.hand is not None or game.table.hands_dealt == 0


def test_cli_play_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--blinds", "x"]) == 2
    assert "--blinds is SMALL/BIG" in capsys.readouterr().err
    assert main(["play", "--bots", "12"]) == 2


def answers_to(text: str) -> list[str]:
    """What the game said after each "Your turn" prompt, up to the next line of play."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines[:-1]):
        if line.startswith("Your turn:"):
            out.append(lines[i + 1])
    return out


def test_each_mistake_is_answered_in_one_clear_line() -> None:
    """Issue 28: no Python error text, no refusal said twice, what is allowed named."""
    settings = PlaySettings(bots=2, seed=5, hands=1, bot="tag")
    _, text = run(settings, ["r abc", "r", "r 1", "r 999", "b", "d", "zz", "f"] + ["c"] * 20)
    assert "invalid literal" not in text and "Traceback" not in text
    assert answers_to(text)[:7] == [
        "'abc' is not a whole number of chips: you may bet/raise to 4 to 200",
        "r needs an amount (r N bets or raises to N chips): you may bet/raise to 4 to 200",
        "you may bet/raise to 4 to 200, not 1",
        "you may bet/raise to 4 to 200, not 999",
        "no bring-in is due from you now (b is for the low card on third street in stud)",
        "there is no draw now: d discards only when it is your draw",
        "unknown action 'zz': type h for the list",
    ]
    assert text.count("is not allowed") == 0  # refused before the engine, said once


def test_the_street_lines_print_cards_as_the_table_does() -> None:
    settings = PlaySettings(bots=2, seed=5, hands=1, bot="tag")
    _, text = run(settings, ["f"] + ["c"] * 20)
    assert "Board: K♥ 8♦ 2♠" in text.splitlines()
    assert "Bot 1 shows K♠ 5♥ (two pair, kings and deuces)" in text
    assert "Board: Kh8d2s" not in text


def test_stud_has_no_board_line_and_marks_your_up_cards() -> None:
    settings = PlaySettings(game="stud", structure="fixed_limit", bots=2, seed=3, hands=1,
                            bot="tag")
    _, text = run(settings, ["b", "r 3", "f"] + ["c"] * 20)
    assert "Board:" not in text
    assert "2♠ 8♥ [J♣]" in text  # two down cards, the up card marked
    assert "You are dealt J♣ face up" in text  # dealt face up, not the showdown's "show"
    assert answers_to(text)[:2] == [
        "no bring-in is due from you now (b is for the low card on third street in stud)",
        "you may bet/raise to 2, not 3",
    ]


def test_play_a_stud_game_without_naming_its_structure(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``play --game stud`` plays the game's own structure (fixed limit), as
    ``simulate`` does; the prompt lists the moves alone ("you may post the
    bring-in of 1, ..."), not the engine's sentence about a position."""
    answers = iter(["b", "f"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers, "q"))
    assert main(["play", "--game", "stud", "--seed", "2", "--hands", "1", "--bots", "2"]) == 0
    out = capsys.readouterr().out
    assert "seven-card stud - fixed_limit" in out
    assert "you may post the bring-in of 1" in out
    assert "may position" not in out and "you may seat" not in out


def test_play_refuses_an_unknown_game_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "holdem_mixed"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokerroom play: unknown game 'holdem_mixed'; games: holdem, ")
    assert err.count("\n") == 1
