"""``pokerroom equity`` (``python -m pokerroom.equity``) and progress reports."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from pokerroom.equity import equity
from pokerroom.equity.command import add_parser, main
from pokerroom.evaluation import batch as batch_api


@pytest.fixture(params=["numba", "numpy"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    batch_api.set_backend(request.param)
    yield str(request.param)
    batch_api.set_backend(None)


def test_table_of_an_exact_spot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QhQd", "--board", "2s3s4d"]) == 0
    out = capsys.readouterr().out
    assert "holdem, exact" in out and "990 boards" in out
    assert "61.717%" in out and "38.283%" in out


def test_json_of_a_monte_carlo_run(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["QQ+, AKs", "random", "--monte-carlo", "--samples", "20000", "--seed", "3", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert not result["exact"] and result["deals"] == 20_000
    assert [p["player"] for p in result["players"]] == ["QQ+, AKs", "random"]
    assert sum(p["equity"] for p in result["players"]) == pytest.approx(1.0)
    assert all(0 < p["standard_error"] < 0.005 for p in result["players"])


def test_bad_input_is_one_line_on_stderr_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "AsQd"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "card As of 'AsQd' is also in 'AsKs'" in captured.err


def test_registers_on_the_main_command_parsers() -> None:
    parser = argparse.ArgumentParser(prog="pokerroom")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["equity", "AhKh2d3d", "random", "--game", "omaha_hilo"])
    assert args.players == ["AhKh2d3d", "random"] and args.game == "omaha_hilo"
    assert callable(args.func)


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pokerroom.equity", "AsKs", "QhQd", "--board", "2c7d9h", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["exact"] is True


@pytest.mark.parametrize(
    "kwargs",
    [
        {"method": "monte_carlo", "samples": 200_000, "seed": 1},
        {"method": "exact"},
        {"method": "monte_carlo", "samples": 200_000, "seed": 1, "workers": 2},
    ],
)
def test_progress_rises_to_one(backend: str, kwargs: dict[str, object]) -> None:
    seen: list[float] = []
    equity(["QQ+, AKs", "T9s-65s"], board="Kd7h2s", progress=seen.append, **kwargs)  # type: ignore[arg-type]
    assert seen and seen == sorted(seen) and seen[-1] == 1.0


def test_importing_the_command_loads_no_numpy() -> None:
    code = "import sys, pokerroom.equity.command; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_everything_works_where_numba_cannot_be_imported() -> None:
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "import numpy as np\n"
        "from pokerroom.evaluation import batch\n"
        "from pokerroom.equity import equity\n"
        "hands = np.array([[48, 44, 40, 36, 32, 0, 1]], dtype=np.uint8)\n"
        "print(batch.backend(), batch.high_strengths(hands)[0])\n"
        "print(round(equity(['AsKs', 'QhQd'], board='2s3s4d').equity[0], 5))\n"
        "print(equity(['AsKs', 'QQ'], method='monte_carlo', samples=1000, seed=1).deals)\n"
        "print('numba' in sys.modules and sys.modules['numba'] is not None)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["numpy", "9175040", "0.61717", "1000", "False"]
