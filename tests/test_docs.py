"""The documentation site (mkdocs.yml, docs/): the tutorials' code runs as written.

Each tutorial's ```python blocks are run in order, in one namespace, in an
empty working folder, as a reader would paste them; a block that raises or
whose assertions fail fails the test.  The site itself is built with
``mkdocs build --strict`` by ``make test`` (``make docs-build``).
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).parent.parent / "docs"
TUTORIALS = sorted((DOCS / "tutorials").glob("*.md"))
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def test_every_tutorial_is_in_the_site_and_has_code() -> None:
    nav = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert len(TUTORIALS) == 6
    for page in TUTORIALS:
        assert f"tutorials/{page.name}" in nav, f"{page.name} is not in mkdocs.yml's nav"
        assert PYTHON_BLOCK.search(page.read_text(encoding="utf-8")), page.name


@pytest.mark.parametrize("page", TUTORIALS, ids=[p.stem for p in TUTORIALS])
def test_the_tutorial_code_runs(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    text = page.read_text(encoding="utf-8")
    namespace: dict[str, object] = {"__name__": f"tutorial_{page.stem.replace('-', '_')}"}
    blocks = PYTHON_BLOCK.findall(text)
    assert blocks
    for number, code in enumerate(blocks, 1):
        line = text[: text.index(code)].count("\n") + 1
        try:
            exec(compile(code, f"{page.name} (block {number}, line {line})", "exec"), namespace)
        except Exception as exc:
            raise AssertionError(f"{page.name}, block {number} (line {line}): {exc!r}") from exc


@pytest.mark.parametrize("module", ["pokerroom.extras", "pokerroom.equity.calculate"])
def test_the_doctests_of_the_install_and_equity_entry_points(module: str) -> None:
    imported = __import__(module, fromlist=["_"])
    result = doctest.testmod(imported)
    assert result.attempted > 0 and result.failed == 0
