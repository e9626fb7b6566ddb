"""The API reference (docs/reference/, mkdocstrings): each package's page leads with
its main class (issue 28) and still documents every public name: its ``members``
list names all of the package's ``__all__``, main names first."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REFERENCE = Path(__file__).parent.parent / "docs" / "reference"
LEADS = {
    "pokerroom": "Deck", "rules": "Hand", "table": "Table", "tournament": "Tournament",
    "history": "HandHistory", "equity": "equity", "evaluation": "evaluate",
    "errors": "PokerError",
}


def members(page: str) -> tuple[str, list[str]]:
    """The package a page documents first and the members it lists, in order."""
    text = (REFERENCE / f"{page}.md").read_text(encoding="utf-8")
    head = re.match(r"::: (\S+)\n    options:\n(?:      \w+: \S+\n)*      members:\n"
                    r"((?:        - \w+\n)+)", text)
    assert head, f"{page}.md does not open with a members list"
    return head.group(1), re.findall(r"- (\w+)", head.group(2))


@pytest.mark.parametrize("page", sorted(LEADS))
def test_each_reference_page_leads_with_its_main_class_and_lists_every_name(page: str) -> None:
    package, listed = members(page)
    assert listed[0] == LEADS[page]
    assert len(listed) == len(set(listed))
    module = importlib.import_module(package)
    public = getattr(module, "__all__", None) or [
        name for name, value in vars(module).items()
        if isinstance(value, type) and value.__module__ == package and not name.startswith("_")
    ]
    assert set(listed) == set(public), set(listed) ^ set(public)


def test_the_rendered_pages_keep_the_members_order() -> None:
    """mkdocstrings groups a page's members by kind (attributes, then classes, then
    functions) unless told not to, which put ``INFINITE_STACK`` before
    ``HandHistory`` and ``VARIANTS`` before ``Hand`` in the built pages: the lead
    above holds on the page only with ``group_by_category: false``."""
    config = (REFERENCE.parent.parent / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^ +group_by_category: false\b", config, re.MULTILINE)
