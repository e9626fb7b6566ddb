"""The doctests of the main entry points run: playing a hand action by action
(:mod:`pokerroom.rules`), reading and writing cards (:mod:`pokerroom.cards`),
evaluating (:mod:`pokerroom.evaluation.hand`) and the errors' reasons
(:mod:`pokerroom.errors`).

The examples are read from the source files (module, class and function
docstrings, found by ``ast``), not from the imported objects, so they run the
same on the pure-Python path and on a build whose engine mypyc compiled (a
compiled class keeps no docstrings for ``doctest`` to find).
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from types import ModuleType

import pytest

MODULES = [
    "pokerroom.errors",
    "pokerroom.cards",
    "pokerroom.rules",
    "pokerroom.evaluation.hand",
    "pokerroom.tournament.live",
    "pokerroom.server.settings",
]


def _source(module: ModuleType) -> Path:
    path = Path(str(module.__file__))
    if path.suffix == ".py":
        return path
    return path.with_name(path.name.split(".")[0] + ".py")  # engine.cpython-311-....so


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module and every class and function."""
    found: list[tuple[str, str, int]] = []
    doc = ast.get_docstring(tree, clean=False)
    if doc:
        found.append(("", doc, 1))

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = prefix + child.name
                doc = ast.get_docstring(child, clean=False)
                if doc:
                    found.append((name, doc, child.body[0].lineno))
                walk(child, name + ".")

    walk(tree, "")
    return found


def collect(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    path = _source(module)
    parser = doctest.DocTestParser()
    tests = []
    for qualname, doc, line in _docstrings(ast.parse(path.read_text(encoding="utf-8"))):
        test = parser.get_doctest(
            doc, dict(vars(module)), f"{name}.{qualname}".rstrip("."), str(path), line
        )
        if test.examples:
            tests.append(test)
    return tests


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    tests = collect(name)
    assert tests, f"{name} has no doctests"
    runner = doctest.DocTestRunner(verbose=False)
    for test in tests:
        runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed"


def test_the_entry_points_carry_examples() -> None:
    """The main entry points each have an example of their own."""
    names = {t.name for m in MODULES for t in collect(m)}
    for wanted in (
        "pokerroom.rules",  # a hand played action by action
        "pokerroom.cards.Card",
        "pokerroom.cards.parse_cards",
        "pokerroom.cards.format_cards",
        "pokerroom.evaluation.hand.evaluate",
        "pokerroom.evaluation.hand.evaluate_high",
        "pokerroom.errors",
    ):
        assert wanted in names, wanted
