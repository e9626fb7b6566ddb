"""``pokerroom equity`` through the main command."""

from __future__ import annotations

import json

import pytest

from pokerroom.cli import main


def test_equity_command_exact_preflop(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    text = json.dumps(data)
    assert "0.46" in text and "0.53" in text  # AKs 46.2%, QQ 53.8%


def test_equity_command_rejects_a_bad_range(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["equity", "QQ+,AXs", "random"])
    assert code != 0
    assert "AXs" in capsys.readouterr().err
