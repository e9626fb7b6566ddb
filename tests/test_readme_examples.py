"""The README's Python examples type-check under ``mypy --strict`` and run.

Each ```python block is written to a file of its own, checked by mypy with the
project's settings plus ``--strict``, then run; a top-level ``print(...)`` whose
comment shows a value (``print(table.stacks())  # {0: 204, ...}``) must print it.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
SHOWN = re.compile(r"^print\(.*\)\s+#\s*(?P<value>[\[{(\d'\"-].*)$")


def blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_python_examples() -> None:
    assert len(blocks()) >= 2


def test_the_readme_examples_pass_mypy_strict(tmp_path: Path) -> None:
    files = []
    for i, code in enumerate(blocks()):
        path = tmp_path / f"readme_example_{i}.py"
        path.write_text(code, encoding="utf-8")
        files.append(str(path))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *files],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("index", range(len(blocks())))
def test_the_readme_example_runs_and_prints_what_it_shows(index: int) -> None:
    code = blocks()[index]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"README.md example {index}", "exec"), {"__name__": "__readme__"})
    printed = out.getvalue().splitlines()
    for line in code.splitlines():
        shown = SHOWN.match(line)
        if shown:
            assert shown["value"].strip() in printed, (line, printed)
