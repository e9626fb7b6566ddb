"""Names people, tables and tournaments go by: trimmed, bounded, printable, and a
person's never posing as one of the room's bots (issue #10, "Bounds everywhere").

A name is taken as its NFKC form (so "Ａｌｉｃｅ" and "Alice", or a letter typed
composed and decomposed, are one name), with surrounding whitespace trimmed and every
inner run of whitespace made one space.  Then it must:

- be 1 to :data:`MAX_PERSON_NAME` characters (a person) or 1 to :data:`MAX_TITLE`
  (a table or tournament);
- hold no control, format, separator-line, private-use, surrogate or unassigned
  character (Unicode categories Cc, Cf, Zl, Zp, Co, Cs, Cn: a tab, a zero-width
  joiner, the right-to-left override U+202E ...), none of the blank letters that
  show as nothing (U+3164 HANGUL FILLER and its kin, U+2800 BRAILLE PATTERN BLANK),
  and no more than :data:`MAX_MARKS` combining marks on one character;
- show something: at least one letter, digit, punctuation mark or symbol;
- for a person, not say "bot" as a word in any case or lookalike letters ("Bot 1",
  "bot", "[BOT] x", "Bοt" with a Greek omicron, "B0T"): the room names its bots
  "Bot N", and a person must not pass for one.  Words that merely contain the
  letters ("Robot", "Botvinnik", "Abbot") are fine.

Two people at one table, in one tournament or in one live event may not go by names
that look alike (issue #22): a Cyrillic "Аlice" beside "Alice", or "alice" beside
"Alice".  :class:`NameKey` is what a name looks like, its confusable *skeleton*
(Unicode UTS #39: NFD, each character mapped to its prototype in Unicode's
``confusables.txt``, NFD again), taken of the name as written and of its case
folding; two names clash when either skeleton matches.  :func:`refuse_lookalike`
is the one check every place that seats or registers a person uses.  The data,
``confusables.txt`` beside this module, is Unicode's (13.0.0, with its licence
notice), cut down to its mappings.

Models use the :data:`PersonName` and :data:`TitleName` types; a name they refuse
is answered 422 with what names may be.

>>> person_name("  Ann   Lee ")
'Ann Lee'
>>> poses_as_bot("[bot] x"), poses_as_bot("Robot")
(True, False)
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Annotated

from pydantic import AfterValidator, Field

from pokerroom.errors import IllegalActionError, Reason

MAX_PERSON_NAME = 30
"""The most characters of a person's name (at a table, in a tournament)."""
MAX_TITLE = 60
"""The most characters of a table's or a tournament's name."""
MAX_MARKS = 3
"""The most combining marks on one character (more stack into unreadable smears)."""

# Characters that are none of these kinds yet show as nothing.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})
_VISIBLE_CATEGORIES = ("L", "N", "P", "S")  # first letter of a category

# Lookalikes of b, o and t (after case folding) from other scripts and digits.
_LOOKALIKES = str.maketrans({
    **dict.fromkeys("βвьɓƅ", "b"), **dict.fromkeys("0оοօᴏσ", "o"),
    **dict.fromkeys("тτᴛƭ", "t"),
})
_BOT_WORD = re.compile(r"(?<![^\W\d_])bot(?![^\W\d_])")  # "bot" not inside a word


def clean_name(raw: str, *, max_length: int, what: str = "a name") -> str:
    """``raw`` as the room keeps it (NFKC, trimmed, inner whitespace one space), or
    ValueError saying what ``what`` may be.

    >>> clean_name("Friday\\u3000night  game", max_length=60)
    'Friday night game'
    """
    rule = (f"{what} is 1 to {max_length} characters (letters, digits, punctuation, "
            "symbols, single spaces)")
    if len(raw) > 8 * max_length:  # hopeless however much whitespace it trims
        raise ValueError(f"{rule}; got {len(raw)}")
    _refuse_hidden(raw.strip(), rule)  # as typed: a tab or U+202E named as sent
    name = unicodedata.normalize("NFKC", raw.strip())
    _refuse_hidden(name, rule)
    name = " ".join(name.split())
    if not 1 <= len(name) <= max_length:
        raise ValueError(f"{rule}; got {len(name)} after trimming")
    if not any(unicodedata.category(c).startswith(_VISIBLE_CATEGORIES) for c in name):
        raise ValueError(f"{rule}; it must show a letter, digit, punctuation or symbol")
    return name


def _refuse_hidden(text: str, rule: str) -> None:
    """ValueError for a control, invisible or format character, or a pile of marks."""
    problem = hidden_character(text)
    if problem is not None:
        raise ValueError(f"{rule}; {problem}")


def hidden_character(text: str, *, allowed: frozenset[str] = frozenset()) -> str | None:
    """What in ``text`` may not be shown, in words, or None: a control, format,
    line-separator, private-use, surrogate or unassigned character (NUL, ESC, the
    right-to-left override U+202E, a zero-width space ...) or a blank letter, named by
    its code point and Unicode name, unless it is one of ``allowed``; or more than
    :data:`MAX_MARKS` combining marks on one character.  The rule of names and chat.

    >>> hidden_character("a\u202eb")
    'no control, format or invisible characters (got U+202E RIGHT-TO-LEFT OVERRIDE)'
    >>> hidden_character("ok: A\u0301"), hidden_character("a\tb", allowed=frozenset("\t"))
    (None, None)
    """
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if (category in _REFUSED_CATEGORIES or char in _BLANK_LETTERS) and char not in allowed:
            name = unicodedata.name(char, "")
            return ("no control, format or invisible characters "
                    f"(got U+{ord(char):04X}{' ' + name if name else ''})")
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            return f"at most {MAX_MARKS} combining marks on a character"
    return None


def poses_as_bot(name: str) -> bool:
    """Whether ``name`` says "bot" as a word, in any case or with lookalike letters
    (the room's bots are "Bot 1", "Bot 2", ...)."""
    skeleton = "".join(c for c in unicodedata.normalize("NFKD", name)
                       if unicodedata.category(c) not in ("Mn", "Me"))
    return _BOT_WORD.search(skeleton.casefold().translate(_LOOKALIKES)) is not None


# Default-ignorable characters that are not format characters (UTS #39 drops them
# from a skeleton): the combining grapheme joiner, the variation selectors and the
# Hangul fillers.
_IGNORABLE = frozenset("\u034f\u115f\u1160\u3164\uffa0" + "".join(
    chr(c) for c in (*range(0x180B, 0x1810), *range(0xFE00, 0xFE10),
                     *range(0xE0100, 0xE01F0))))


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's prototype (``confusables.txt``, read once)."""
    text = resources.files("pokerroom.server.wire").joinpath("confusables.txt").read_text("utf-8")
    table: dict[str, str] = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 2:
            continue
        source, target = (f.split() for f in fields[:2])
        if len(source) == 1:
            table[chr(int(source[0], 16))] = "".join(chr(int(c, 16)) for c in target)
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: NFD, default-ignorable characters dropped,
    each character replaced by its prototype (``confusables.txt``), NFD again.  Two
    strings with one skeleton look alike.

    >>> skeleton("\u0410lice") == skeleton("Alice")  # a Cyrillic capital A
    True
    """
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(prototypes.get(c, c) for c in decomposed
                     if c not in _IGNORABLE and unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFD", mapped)


@dataclass(frozen=True, slots=True)
class NameKey:
    """What a name looks like: the skeleton of the name as written (``shape``) and of
    its case folding (``folded``).  Two names look alike when either matches: "Аlice"
    (Cyrillic A) and "Alice" by shape, "alice" and "Alice" by the folded one.

    >>> NameKey.of("alice").looks_like(NameKey.of("ALICE"))
    True
    >>> NameKey.of("Alice").looks_like(NameKey.of("Alicia"))
    False
    """

    shape: str
    folded: str

    @classmethod
    def of(cls, name: str) -> NameKey:
        """The key of ``name`` (as the room keeps it: see :func:`clean_name`)."""
        return cls(skeleton(name), skeleton(name.casefold()))

    def looks_like(self, other: NameKey) -> bool:
        """Whether the two names look alike (one of the skeletons matches)."""
        return self.shape == other.shape or self.folded == other.folded


def lookalike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that looks like ``name`` (``name`` itself included),
    or None."""
    key = NameKey.of(name)
    return next((other for other in others if key.looks_like(NameKey.of(other))), None)


def refuse_lookalike(name: str, others: Iterable[str], *, where: str) -> None:
    """IllegalActionError (``name_taken``) when ``name`` is one of ``others`` or looks
    like one of them; ``where`` says where they are ("seated at this table").  The
    one rule of tables, tournaments and live events."""
    clash = lookalike(name, others)
    if clash is None:
        return
    if clash == name:
        raise IllegalActionError(Reason.NAME_TAKEN, f"{name!r} is already {where}; "
                                 "choose another name")
    raise IllegalActionError(
        Reason.NAME_TAKEN, f"{name!r} looks like {clash!r}, already {where}: choose a "
        "name that does not look like another's (names are compared by how they look: "
        "letters from other scripts that look the same and upper or lower case count "
        "as the same name)")


def person_name(raw: str) -> str:
    """A person's name as the room keeps it (:func:`clean_name`, at most
    :data:`MAX_PERSON_NAME`), never one that poses as a bot."""
    name = clean_name(raw, max_length=MAX_PERSON_NAME)
    if poses_as_bot(name):
        raise ValueError(f"{name!r} looks like one of the room's bots (they are named "
                         "'Bot 1', 'Bot 2', ...): a person's name may not say 'bot' as a word")
    return name


def title_name(raw: str) -> str:
    """A table's or tournament's name as the room keeps it (:func:`clean_name`, at
    most :data:`MAX_TITLE`)."""
    return clean_name(raw, max_length=MAX_TITLE)


def lookup_name(raw: str) -> str:
    """A name that refers to someone seated, bots included (trimmed the same way)."""
    return clean_name(raw, max_length=MAX_PERSON_NAME)


_PERSON_RULE = (f"1 to {MAX_PERSON_NAME} characters after trimming; no control or "
                "invisible characters; may not say 'bot' as a word")
_TITLE_RULE = f"1 to {MAX_TITLE} characters after trimming; no control or invisible characters"

PersonName = Annotated[str, AfterValidator(person_name), Field(
    description=f"A person's name: {_PERSON_RULE}.",
    json_schema_extra={"minLength": 1, "maxLength": MAX_PERSON_NAME})]
"""A person's name in a request model (see :func:`person_name`)."""

TitleName = Annotated[str, AfterValidator(title_name), Field(
    description=f"A table's or tournament's name: {_TITLE_RULE}.",
    json_schema_extra={"minLength": 1, "maxLength": MAX_TITLE})]
"""A table's or tournament's name in a request model (see :func:`title_name`)."""

SeatedName = Annotated[str, AfterValidator(lookup_name), Field(
    description=f"The name of someone seated (a bot too): 1 to {MAX_PERSON_NAME} characters.",
    json_schema_extra={"minLength": 1, "maxLength": MAX_PERSON_NAME})]
"""A name that refers to a player already seated, bots included (see :func:`lookup_name`)."""
