"""``pokerroom import``: PokerStars text files to PHH, each hand replayed in the
engine and checked against what the text says each player ended with.

:mod:`pokerroom.history.pokerstars_reader` reads the text; this module walks
files and folders, checks each imported hand (:func:`check`) and writes the
PHH (:func:`write`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pokerroom.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    UnknownCardsError,
)
from pokerroom.history.phh import dumps, dumps_many
from pokerroom.history.pokerstars_reader import Imported, Refusal, read_file
from pokerroom.history.replay import ReplayError, replay_hand

__all__ = ["check", "iter_text_files", "write"]

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


def check(imported: Imported) -> str | None:
    """Why the hand does not replay to the text's result, or None when it does.

    The engine awards whole pots; PokerStars' ``collected`` amounts are after
    the rake.  So every player must end with exactly the stack the text gives,
    except winners, who may end with more, by the rake in all.  A player who
    took the all-in cash out is not checked (the text does not say what his
    cards won)."""
    history = imported.history
    try:
        hand, _ = replay_hand(history)
    except UnknownCardsError as exc:
        return f"cannot be replayed: {exc}"
    except (ReplayError, ConfigError, NotationError, IllegalActionError) as exc:
        return f"does not replay: {exc}"
    skip = imported.cashed_out
    diffs = [got - want for i, (got, want) in enumerate(zip(hand.stacks, imported.expected,
                                                              strict=True)) if i not in skip]
    extra = sum(diffs)
    if any(d < 0 for d in diffs) or (extra != imported.rake if not skip else extra > imported.rake):
        names = history.extra.get("players")
        return (f"replays to stacks {_units(hand.stacks, history.scale)} where the text says "
                f"{_units(imported.expected, history.scale)} (rake "
                f"{_units([imported.rake], history.scale)[0]}, players {names})")
    return None


def _units(chips: Iterable[int], scale: int) -> list[int | float]:
    return [c // scale if c % scale == 0 else c / scale for c in chips]


def write(imported: list[Imported], source: Path, out_dir: Path, *, many: bool) -> list[Path]:
    """Write the hands of ``source`` into ``out_dir``: one ``<file>-<hand>.phh`` each,
    or (``many``) one ``<file>.phhs``.  Returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    if many:
        if not imported:
            return []
        path = out_dir / f"{source.stem}.phhs"
        path.write_text(dumps_many(i.history for i in imported), encoding="utf-8")
        return [path]
    paths = []
    for i in imported:
        path = out_dir / f"{source.stem}-{i.number}.phh"
        path.write_text(dumps(i.history), encoding="utf-8")
        paths.append(path)
    return paths


def import_file(path: Path) -> tuple[list[Imported], list[Refusal]]:
    """The hands of one file (see :func:`pokerroom.history.pokerstars_reader.read_file`)."""
    return read_file(path)
