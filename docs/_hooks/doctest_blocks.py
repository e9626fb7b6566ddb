"""An MkDocs hook: doctest examples in docstrings render as Python code.

The docstrings show examples as doctests (``>>> ...`` and the output below,
up to a blank line), which Markdown would read as a paragraph.  This adds a
Markdown preprocessor that fences each such run as ``pycon`` code, and shows
Sphinx roles (``:func:`name```) as code, for the pages and for mkdocstrings'
API reference alike.  Runs first (priority 100)
so that mkdocstrings sees the extension when it sets up.
"""

from __future__ import annotations

import re
from typing import Any

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority

_PROMPT = re.compile(r"^(\s*)>>> ")
_ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    """Sphinx's :func:`name` as code; ``~`` keeps the last part of the name only."""
    name = match.group(2)
    return f"`{name.rsplit('.', 1)[-1] if match.group(1) else name}`"
_FENCE = re.compile(r"^\s*(```|~~~)")


class _DoctestBlocks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        fenced = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if _FENCE.match(line):
                fenced = not fenced
            start = None if fenced else _PROMPT.match(line)
            if start is None:
                out.append(line if fenced else _ROLE.sub(_role, line))
                i += 1
                continue
            indent = start.group(1)
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
                i += 1
            out += ["", f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""]
        return out


class DoctestBlocksExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.preprocessors.register(_DoctestBlocks(md), "doctest_blocks", 40)


@event_priority(100)
def on_config(config: Any) -> Any:
    config.markdown_extensions.append(DoctestBlocksExtension())
    return config
