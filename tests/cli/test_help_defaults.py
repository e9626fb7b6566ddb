"""Every ``pokerroom`` command's ``--help`` shows the default of each option that
has one (issue 28: "shows its defaults in ``--help``")."""

from __future__ import annotations

import argparse

import pytest

from pokerroom.cli import build_parser


def _commands() -> dict[str, argparse.ArgumentParser]:
    [sub] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def _blocks(help_text: str) -> dict[str, str]:
    """Each option's entry in the help (its lines joined, spaces collapsed), by its
    first option string."""
    blocks: dict[str, str] = {}
    current: list[str] | None = None
    for line in help_text.split("options:", 1)[1].splitlines():
        if line.startswith("  -"):
            current = [line]
            blocks[line.split()[0].rstrip(",")] = ""
        elif current is not None:
            current.append(line)
        if current is not None:
            blocks[current[0].split()[0].rstrip(",")] = " ".join(" ".join(current).split())
    return blocks


@pytest.mark.parametrize("command", sorted(_commands()))
def test_help_shows_every_default(command: str) -> None:
    parser = _commands()[command]
    blocks = _blocks(parser.format_help())
    shown = 0
    for action in parser._actions:
        default = action.default
        if (not action.option_strings or action.nargs == 0 or default is None or default is False
                or default is argparse.SUPPRESS or default in ([], "")):
            continue
        block = blocks[action.option_strings[0]]
        assert "default" in block and str(default) in block, (command, block)
        shown += 1
    if command in ("play", "serve", "simulate", "import", "equity"):
        assert shown  # these commands have defaults, so the check above ran


def test_simulate_help_names_every_bot_and_its_default_seats() -> None:
    block = _blocks(_commands()["simulate"].format_help())["--bots"]
    for name in ("loose", "random", "rock", "solid", "station", "tag"):
        assert name in block
    assert "(default: tag,random,station,tag,random,station)" in block
