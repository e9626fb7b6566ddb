"""``pokerroom import``: PokerStars text files to PHH, each hand replayed in the
engine and checked against what the text says each player ended with.

:mod:`pokerroom.history.pokerstars_reader` reads the text; this module walks
files and folders, checks each imported hand (:func:`check_imported`) and writes the
PHH (:func:`write`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from pokerroom.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    UnknownCardsError,
)
from pokerroom.history.phh import dumps, dumps_many
from pokerroom.history.pokerstars_reader import Imported, Refusal
from pokerroom.history.replay import ReplayError, replay_hand

__all__ = ["check_imported", "iter_text_files", "write"]

TEXT_SUFFIXES = (".txt",)
"""The files a folder is searched for (a named file is read whatever its name)."""


def iter_text_files(paths: Iterable[Path]) -> Iterator[Path]:
    """The files named, and the ``.txt`` files under the folders named, sorted."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*")
                              if p.is_file() and p.suffix.lower() in TEXT_SUFFIXES)
        else:
            yield path


def check_imported(imported: Imported) -> Refusal | None:
    """Why the hand does not replay to the text's result (naming the line of the
    text the engine refused, when it refused one), or None when it does.

    The engine awards whole pots; PokerStars' ``collected`` amounts are after
    the rake.  So every player must end with exactly the stack the text gives,
    except winners, who may end with more, by the rake in all.  A player who
    took the all-in cash out is not checked (the text does not say what his
    cards won)."""
    history = imported.history
    try:
        hand, _ = replay_hand(history)
    except (UnknownCardsError, ReplayError, ConfigError, NotationError,
            IllegalActionError) as exc:
        return _refusal(imported, f"does not replay: {exc}")
    skip = imported.cashed_out
    checked = [i for i in range(hand.n) if i not in skip]
    diffs = {i: hand.stacks[i] - imported.expected[i] for i in checked}
    extra = sum(diffs.values())
    if all(d >= 0 for d in diffs.values()) and (
            extra == imported.rake or (skip and extra <= imported.rake)):
        return None
    names = history.extra.get("players")
    scale = history.scale
    differ = "; ".join(
        f"{names[i] if isinstance(names, tuple) else f'p{i + 1}'} ends with "
        f"{_units(hand.stacks[i], scale)} where the text says "
        f"{_units(imported.expected[i], scale)}"
        for i, d in diffs.items() if d)
    return _refusal(imported, f"the replay does not end as the text does: {differ} "
                              f"(rake {_units(imported.rake, scale)})")


_LINE = re.compile(r"\(line (\d+): ")


def _refusal(imported: Imported, why: str) -> Refusal:
    """The refusal of a hand, at the line the engine refused (else the hand's first)."""
    line = _LINE.search(why)
    return Refusal(imported.history.path or "<text>", imported.number,
                   int(line.group(1)) if line else imported.line, why)


def _units(chips: int, scale: int) -> int | float:
    return chips // scale if chips % scale == 0 else chips / scale


def write(imported: list[Imported], source: Path, out_dir: Path, *, many: bool,
          taken: set[Path] | None = None) -> list[Path]:
    """Write the hands of ``source`` into ``out_dir``: one ``<file>-<hand>.phh`` each,
    or (``many``) one ``<file>.phhs``.  A name already in ``taken`` (written
    before in the same run: a hand repeated in a file, files of the same name in
    two folders) gets ``-2``, ``-3``...  Returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    taken = set() if taken is None else taken

    def fresh(stem: str, suffix: str) -> Path:
        path, n = out_dir / f"{stem}{suffix}", 1
        while path in taken:
            n += 1
            path = out_dir / f"{stem}-{n}{suffix}"
        taken.add(path)
        return path

    if many:
        if not imported:
            return []
        path = fresh(source.stem, ".phhs")
        path.write_text(dumps_many(i.history for i in imported), encoding="utf-8")
        return [path]
    paths = []
    for i in imported:
        path = fresh(f"{source.stem}-{i.number}", ".phh")
        path.write_text(dumps(i.history), encoding="utf-8")
        paths.append(path)
    return paths
