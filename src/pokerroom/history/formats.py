"""What a hand-history file looks like, from its first bytes: PHH or another format.

``pokerroom replay`` reads PHH.  A player's own site histories (PokerStars text,
Open Hand History JSON, other sites' text) are not PHH; :func:`recognise` names
what a file looks like so that a command can say so in one line and point to
the way in, instead of a TOML parser's complaint about line 1.

>>> recognise(b"PokerStars Hand #254000001: Hold'em No Limit ($0.01/$0.02 USD) - ...").name
'PokerStars hand history text'
>>> recognise(b"*********** # 2 **************\\nPokerStars Hand #2: Hold'em").name
'PokerStars hand history text'
>>> recognise(b"variant = 'NT'\\nantes = [0, 0]\\n").is_phh
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pokerroom.history.phh import SUFFIXES

SNIFF_BYTES: Final = 4096
"""How much of a file :func:`recognise_file` reads."""

IMPORT_HINT: Final = (
    "convert it to PHH first (PokerStars text: pokerroom import FILE_OR_DIR -o OUT_DIR)"
)
"""Where a non-PHH history goes to become PHH (what the replay command suggests)."""


@dataclass(frozen=True, slots=True)
class FileKind:
    """What a file looks like: ``name`` in words, and whether it is PHH."""

    name: str
    is_phh: bool = False
    history: bool = True
    """Whether it is a hand history (of some format)."""


PHH: Final = FileKind("PHH", is_phh=True)
OHH: Final = FileKind("Open Hand History JSON")
OTHER_JSON: Final = FileKind("JSON other than Open Hand History", history=False)
UNKNOWN: Final = FileKind("something else", history=False)
"""Neither PHH nor a hand history format :func:`recognise` knows."""

_TEXT_FORMATS: Final = (
    (re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #"),
     "PokerStars hand history text"),
    (re.compile(r"Full Tilt Poker (?:Game|Hand) #"), "Full Tilt hand history text"),
    (re.compile(r"\*{5} Hand History [Ff]or Game"), "PartyPoker hand history text"),
    (re.compile(r"Winamax Poker - "), "Winamax hand history text"),
    (re.compile(r"(?:GGPoker|Poker) Hand #(?:HD|RC|TM)?\d"), "GGPoker hand history text"),
    (re.compile(r"\*{11} # \d+ \*{14}"), "888poker hand history text"),
    (re.compile(r"<session |<\?xml "), "an XML hand history (iPoker or similar)"),
)
_NUMBERED: Final = re.compile(r"\*{11} # \d+ \*{14}\s*")
"""The ``*********** # 2 **************`` line before each hand of some files."""
_PHH_KEY: Final = re.compile(
    r"^\s*(?:\[\d+\]\s*$|(?:variant|antes|actions|starting_stacks|blinds_or_straddles)\s*=)",
    re.MULTILINE,
)


def recognise(head: bytes) -> FileKind:
    """What a file starting with ``head`` looks like (PHH when it has PHH's keys)."""
    text = head.decode("utf-8-sig", errors="replace").lstrip("\ufeff \t\r\n")
    numbered = _NUMBERED.match(text)
    if numbered and _TEXT_FORMATS[0][0].match(text[numbered.end():]):
        return FileKind(_TEXT_FORMATS[0][1])  # PokerStars hands numbered in a session file
    for pattern, name in _TEXT_FORMATS:
        if pattern.match(text):
            return FileKind(name)
    if text.startswith("{"):
        return _json_kind(text)
    if _PHH_KEY.search(text):
        return PHH
    return UNKNOWN


def _json_kind(text: str) -> FileKind:
    try:
        data = json.loads(text)
    except ValueError:
        data = None  # cut at SNIFF_BYTES, or not JSON at all: judge by the key
    if (isinstance(data, dict) and "ohh" in data) or text.lstrip("{ \t\r\n").startswith('"ohh"'):
        return OHH
    return OTHER_JSON


def recognise_file(path: Path) -> FileKind:
    """What the file at ``path`` looks like, from its first :data:`SNIFF_BYTES` bytes."""
    with path.open("rb") as file:
        return recognise(file.read(SNIFF_BYTES))


@dataclass(frozen=True, slots=True)
class NotPhh:
    """Why a path named to a PHH reader holds no PHH."""

    reason: str
    """What the path is or holds, in words."""
    history: bool
    """Whether it holds hand histories of another format (worth converting)."""


def not_phh(path: Path) -> NotPhh | None:
    """Why ``path`` (a file or folder named to a PHH reader) holds no PHH, or None.

    A folder without a single ``.phh``/``.phhs`` file is described by what it
    holds instead; a file by what it looks like (a PHH file with another name
    is PHH).
    """
    if path.is_dir():
        if any(p.suffix in SUFFIXES and p.is_file() for p in path.rglob("*")):
            return None
        kinds: dict[FileKind, int] = {}
        for p in sorted(q for q in path.rglob("*") if q.is_file()):
            kind = recognise_file(p)
            kinds[kind] = kinds.get(kind, 0) + 1
            if sum(kinds.values()) >= 1000:
                break
        if not kinds:
            return NotPhh(f"{path} is an empty folder: no .phh or .phhs files", False)
        held = ", ".join(f"{count} of {kind.name}" if kind.history else f"{count} other"
                         for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1]))
        total = sum(kinds.values())
        held = f"{total} file{'s' * (total != 1)}: {held}"
        history = any(kind.history for kind in kinds)
        return NotPhh(f"{path} has no .phh or .phhs files ({held})", history)
    if not path.is_file():
        return None  # the reader says what is missing
    kind = recognise_file(path)
    if kind.is_phh:
        return None
    if kind is UNKNOWN and path.suffix in SUFFIXES:
        return None  # named as PHH: the reader says what is wrong with it
    if kind is UNKNOWN:
        return NotPhh(f"{path} is not PHH (it has none of PHH's keys) nor a hand history "
                      f"format pokerroom knows", False)
    return NotPhh(f"{path} looks like {kind.name}, not PHH", kind.history)
