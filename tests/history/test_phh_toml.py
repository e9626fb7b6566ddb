"""The fast TOML reader for PHH files reads exactly what tomllib reads.

The oracle is ``tomllib`` itself: on generated PHH-like documents (which must
stay inside the fast reader's subset), on the same documents damaged at random
(where the fast reader must either agree or hand over to tomllib), on
hand-written cases at the subset's edges, and on every file of the PHH data set
in tests/data.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.errors import NotationError
from pokerroom.history import dumps, dumps_many, iter_paths, load, loads
from pokerroom.history.phh import _read_text
from pokerroom.history.phh_toml import loads as fast_loads
from pokerroom.history.phh_toml import loads_subset
from tests.data import phh_data
from tests.properties.hands import examples

PARSE_FLOATS: list[Callable[[str], Any]] = [Decimal, float]


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down, key order included;
    Decimals by their exact text (0.50 is not 0.5), floats by repr (nan, -0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Decimal | float):
        return repr(a) == repr(b)
    return bool(a == b)


def outcome(read: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "value", read()
    except Exception as error:  # the oracle's error, to compare with
        return type(error).__name__, str(error)


def check_against_tomllib(text: str, *, must_be_fast: bool) -> None:
    for parse_float in PARSE_FLOATS:
        expected = outcome(lambda: tomllib.loads(text, parse_float=parse_float))  # noqa: B023
        fast = loads_subset(text, parse_float=parse_float)
        if must_be_fast:
            assert fast is not None, f"outside the subset:\n{text}"
        if fast is not None:
            assert expected[0] == "value", f"accepted what tomllib refuses:\n{text!r}"
            assert same(fast, expected[1]), f"{fast!r} != {expected[1]!r}\n{text!r}"
        got = outcome(lambda: fast_loads(text, parse_float=parse_float))  # noqa: B023
        assert got[0] == expected[0]
        if got[0] == "value":
            assert same(got[1], expected[1])
        else:
            assert got[1] == expected[1]


# ------------------------------------------------------------ generated documents

CONTROL = [chr(c) for c in (*range(0x20), 0x7F)]
no_controls = st.characters(blacklist_characters=CONTROL, codec="utf-8")
keys = st.one_of(
    st.text(st.sampled_from("abcxyzAZ0189_-"), min_size=1, max_size=12),
    # The game's lines, which the reader keeps by their text once read.
    st.sampled_from(["variant", "antes", "min_bet", "starting_stacks", "players", "seat_count"]),
)
gaps = st.sampled_from(["", " ", "  ", "\t"])


def literal_strings() -> st.SearchStrategy[str]:
    text = st.text(st.characters(blacklist_characters=[*CONTROL, "'"], codec="utf-8")
                   | st.just("\t"), max_size=20)
    return text.map(lambda t: f"'{t}'")


@st.composite
def basic_strings(draw: st.DrawFn) -> str:
    """``"..."`` with every kind of escape TOML 1.0 has, and plain characters."""
    pieces = draw(st.lists(st.one_of(
        st.text(no_controls.filter(lambda c: c not in '"\\'), max_size=8),
        st.sampled_from(["\\b", "\\t", "\\n", "\\f", "\\r", '\\"', "\\\\", "\t"]),
        st.integers(0, 0xD7FF).map(lambda c: f"\\u{c:04x}"),
        st.integers(0xE000, 0x10FFFF).map(lambda c: f"\\U{c:08X}"),
    ), max_size=6))
    return '"' + "".join(pieces) + '"'


integers = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.integers(0, 10**6).map(lambda n: f"+{n}"),
    st.just("-0"),
)


@st.composite
def floats(draw: st.DrawFn) -> str:
    """TOML floats as written: sign, integer part, fraction and/or exponent, or inf/nan."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(["inf", "+inf", "-inf", "nan", "+nan", "-nan", "0.50"]))
    sign = draw(st.sampled_from(["", "", "-", "+"]))
    whole = str(draw(st.integers(0, 10**7)))
    fraction = draw(st.sampled_from(["", ".0", ".5", ".50", ".25", ".1"])) if draw(
        st.booleans()
    ) else "." + str(draw(st.integers(0, 9999)))
    exponent = draw(st.sampled_from(["", "", "e5", "E-3", "e+02", "e0"]))
    if not fraction and not exponent:
        fraction = ".0"
    return sign + whole + fraction + exponent


@st.composite
def times(draw: st.DrawFn) -> str:
    hour, minute, second = (draw(st.integers(0, top)) for top in (23, 59, 59))
    text = f"{hour:02}:{minute:02}:{second:02}"
    digits = draw(st.integers(0, 9))
    return text + ("." + "7" * digits if digits else "")


scalars = st.one_of(
    literal_strings(),
    basic_strings(),
    integers,
    floats(),
    st.sampled_from(["true", "false"]),
    times(),
)
comments = st.text(no_controls | st.just("\t"), max_size=12).map(lambda t: "#" + t)


@st.composite
def arrays(draw: st.DrawFn, items: st.SearchStrategy[str]) -> str:
    """An array as PHH files write them (one line, ", " between) or spread over
    lines with comments and a trailing comma."""
    values = draw(st.lists(items, max_size=6))
    if draw(st.booleans()):
        return "[" + ", ".join(values) + "]"
    gap = st.sampled_from(["", " ", "\n", "\n  ", " \t"])
    parts = ["[", draw(gap)]
    for value in values:
        parts += [value, draw(gap), ","]
        if draw(st.booleans()):
            parts += [" ", draw(comments)]
        parts.append(draw(gap) if not parts[-1].startswith("#") else "\n")
    if values and not draw(st.booleans()):
        parts.pop()  # no trailing comma
        parts.pop()
        if parts[-1].startswith("#"):
            parts.pop()
    parts += ["\n" if parts[-1].startswith("#") else "", "]"]
    return "".join(parts)


values = st.one_of(
    scalars,
    arrays(literal_strings()),
    arrays(basic_strings()),
    arrays(integers),
    arrays(floats()),
    arrays(scalars),
    arrays(arrays(integers | literal_strings())),
)


@st.composite
def statements(draw: st.DrawFn) -> list[str]:
    names = draw(st.lists(keys, unique=True, max_size=6))
    lines = []
    for name in names:
        line = f"{name}{draw(gaps)}={draw(gaps)}{draw(values)}"
        if draw(st.integers(0, 4)) == 0:
            line += draw(gaps) + draw(comments)
        lines.append(line)
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(st.sampled_from(["", "  ", "# a comment", "\t# another"])))
    return lines


@st.composite
def documents(draw: st.DrawFn) -> str:
    """A .phh-like document, or a .phhs-like one of tables ``[n]``."""
    if draw(st.booleans()):
        lines = draw(statements())
    else:
        lines = [line for line in draw(statements()) if not line[:1].isdigit()]  # no [n] over n
        for number in draw(st.lists(st.integers(1, 10**6), unique=True, max_size=3)):
            header = f"[{draw(gaps)}{number}{draw(gaps)}]"
            lines += ["", header, *draw(statements())]
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    end = draw(st.sampled_from(["", newline]))
    return newline.join(lines) + end


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_generated_documents_read_fast_and_as_tomllib_reads_them(text: str) -> None:
    check_against_tomllib(text, must_be_fast=True)


ARBITRARY = "ab1 ='\"[],#\n\t.-\r"


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """A document with a few characters inserted, deleted or doubled: some
    still valid TOML, most not, many outside the subset."""
    text = draw(documents())
    noise = st.sampled_from([*"'\"[]{}=#,.:_-+ \t\n\r\\0123456789eEnfxuU", "'''", '"""'])
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "double"]))
        if edit == "insert":
            text = text[:at] + draw(noise) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        else:
            line_start = text.rfind("\n", 0, at) + 1
            line_end = text.find("\n", at)
            line = text[line_start : len(text) if line_end < 0 else line_end]
            text = text[:line_start] + line + "\n" + text[line_start:]
    return text


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_documents_read_as_tomllib_reads_them(text: str) -> None:
    check_against_tomllib(text, must_be_fast=False)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from([*ARBITRARY, "\\u00e9", "'''"]), max_size=40).map("".join))
def test_arbitrary_text_reads_as_tomllib_reads_it(text: str) -> None:
    check_against_tomllib(text, must_be_fast=False)


# ------------------------------------------------------------- hand-written PHH

PLURIBUS = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0, 0, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000, 10000, 10000, 10000]
actions = ['d dh p1 TcQc', 'd dh p2 8s4c', 'd dh p3 9c3d', 'd dh p4 Ah4h', 'p3 f', 'p4 cbr 210']
hand = 0
players = ['MrBlue', 'MrBlonde', 'MrWhite', 'MrPink', 'MrBrown', 'Pluribus']
finishing_stacks = [10310, 9900, 10000, 9790, 10000, 10112.5]
"""

COMMENTED = """\
# The first televised million dollar pot.
# Link: https://youtu.be/GnxFohpljqM

variant = "NT"
antes = [500, 500, 500]
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop

  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "p3 cbr 7000  # Dwan",
  "",
]
author = "Juho Kim"
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
"""

HANDHQ = """\
[1]
variant = 'NT'
blinds_or_straddles = [0.50, 1, 0]
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'p1 cbr 3.00', 'p2 f']
time = 00:00:09
seats = [6, 3, 5]
winnings = [2, 0, 0]

[2]
variant = 'NT'
starting_stacks = [247.10, 14.60, inf]
"""


@pytest.mark.parametrize(
    "text",
    [
        PLURIBUS,
        PLURIBUS.replace("\n", "\r\n"),
        COMMENTED,
        HANDHQ,
        "",
        "\n\n",
        "# only a comment",
        "a = []\nb = [ ]\nc = [\n]\nd = ['']\ne = ['', '']\nf = [[], [1], ['x']]",
        "a = [1, 2,]\nb = [1,2]\nc = [ 1 , 2 ]\nd = ['a','b']\ne = ['a', 'b', ]",
        "a = -0\nb = +5\nc = 1e5\nd = 1E-5\ne = -0.0\nf = 0.50\ng = [1, 2.5, -inf, nan]",
        "a = 'tab\tinside'\nb = ['tab\t']\nc = \"\\u00e9\\U0001F600\\t\\\\\\\"\"",
        "a = 'it''s'",  # two literal strings side by side: invalid
        "a = 1\na = 2",  # a key twice
        "[1]\nx = 1\n[1]\ny = 2",  # a table twice
        "1 = 5\n[1]\nx = 1",  # a table over a value
        "a = '''multi\nline'''",
        'a = """multi\nline"""',
        "a = 1979-05-27",
        "a = 1979-05-27T07:32:00Z",
        "a = 07:32:00.999999999",
        "a = 7:32:00",
        "a = { x = 1 }",
        "[[hands]]\nx = 1",
        "a.b = 1",
        '"quoted" = 1',
        "a = 0x1F\nb = 0o7\nc = 0b1",
        "a = 1_000",
        "a = 01",
        "a = 1.",
        "a = .5",
        "a = \"\\ud800\"",  # a surrogate escape
        "a = \"\\e\"",  # TOML 1.1's escape
        "a = \"\\x41\"",
        "a = 'bell\x07'",
        "a = 1 # comment with a bell \x07",
        "a = 1\rb = 2",
        "a = true\nb = false\nc = truex",
        "a = " + "[" * 40 + "]" * 40,
        "a = [1, 2] ]",
        "a = ['x', ']",
        "a = ['x', 'y' 'z']",
        "a = ['a', 'b']x",
        "a = [1, , 2]",
        "a = 1 2",
        "a =",
        "= 1",
        "a = 'x'\n  b = 2\n\t[ 3 ]\nc = 3",
        "\ufeffa = 1",
    ],
)
def test_hand_written_documents(text: str) -> None:
    check_against_tomllib(text, must_be_fast=False)


@pytest.mark.parametrize(
    "text",
    [PLURIBUS, PLURIBUS.replace("\n", "\r\n"), COMMENTED, HANDHQ, "a = 07:32:00.5\nb = [1, 2,]",
     "0=0#:\n"],  # a comment right after a number is no time of day (found by hypothesis)
)
def test_phh_files_are_inside_the_subset(text: str) -> None:
    check_against_tomllib(text, must_be_fast=True)


def test_what_pokerroom_writes_is_inside_the_subset() -> None:
    [hand] = loads(COMMENTED)
    for text in (dumps(hand), dumps_many([hand, hand])):
        check_against_tomllib(text, must_be_fast=True)


def test_parse_float_may_not_return_arrays() -> None:
    def bad(text: str) -> list[str]:
        return [text]

    assert loads_subset("a = 1.5", parse_float=bad) is None
    with pytest.raises(ValueError, match="parse_float"):
        fast_loads("a = 1.5", parse_float=bad)
    assert fast_loads("a = 1", parse_float=bad) == {"a": 1}


def test_special_floats() -> None:
    document = fast_loads("a = [inf, -inf, nan]\nb = 0.1")
    assert document["a"][:2] == [math.inf, -math.inf] and math.isnan(document["a"][2])
    assert fast_loads("a = 0.10", parse_float=Decimal) == {"a": Decimal("0.10")}


# ------------------------------------------------------------------ the data set


def test_every_file_of_the_data_set_reads_fast_and_as_tomllib_reads_it() -> None:
    files = list(iter_paths([phh_data()]))
    assert len(files) == 10_090
    for path in files:
        text = Path(path).read_text(encoding="utf-8")
        expected = tomllib.loads(text, parse_float=Decimal)
        fast = loads_subset(text, parse_float=Decimal)
        assert fast is not None, path
        assert same(fast, expected), path


# ------------------------------------------------------------ reading the file


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_files_read_as_path_read_text_reads_them(tmp_path: Path, newline: str) -> None:
    path = tmp_path / "hand.phh"
    path.write_bytes(PLURIBUS.replace("\n", newline).encode() + b"# \xc3\xa9t\xc3\xa9\r")
    assert _read_text(str(path)) == path.read_text(encoding="utf-8")
    assert loads(path.read_text(encoding="utf-8")) == load(path)


def test_unreadable_files_fail_as_before(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"variant = 'NT'\n\xff\n")
    with pytest.raises(NotationError, match="not UTF-8 text \\(invalid start byte at byte 15\\)"):
        load(bad)
    with pytest.raises(IsADirectoryError):
        load(tmp_path)
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "missing.phh")


def test_the_game_lines_kept_by_their_text_are_handed_out_as_copies() -> None:
    """Lines that repeat hand after hand (the variant, the stacks, the players)
    are read once and kept; each reading gets lists of its own."""
    text = "variant = 'NT'\nantes = [0, 0]\nstarting_stacks = [100, 200]\n" \
           "players = ['Ann', 'Bo']\nactions = ['p1 f']\n"
    first = fast_loads(text)
    first["antes"].append(5)
    first["players"][0] = "Changed"
    again = fast_loads(text)
    assert again == tomllib.loads(text)
    assert again["starting_stacks"] is not fast_loads(text)["starting_stacks"]
    doubled = text + "antes = [0, 0]\n"  # a key given twice, from a kept line: tomllib's error
    with pytest.raises(tomllib.TOMLDecodeError):
        fast_loads(doubled)


def test_a_document_starting_as_one_read_before_reads_as_tomllib_reads_it() -> None:
    """The run of game lines a document starts with is kept whole: documents that
    start the same, or almost (a longer number, a line more or less, a key given
    twice after it, no newline at the end), read as tomllib reads them."""
    head = "variant = 'NT'\nantes = [0, 0]\nmin_bet = 100\nstarting_stacks = [500, 500]\n"
    documents = [
        head + "actions = ['p1 f']\n",
        head + "actions = ['p1 cc']\nhand = 2\n",
        head.replace("min_bet = 100", "min_bet = 1000") + "actions = []\n",
        head.replace("min_bet = 100\n", "") + "actions = []\n",
        head + "min_bet = 100\n",
        head.rstrip("\n"),
        head + "players = ['A', 'B']\n",
        "variant = 'NT'\nantes = [0, 0]\nmin_bet = 100",
        "variant = 'NT'\n[1]\nantes = [0, 0]\n",
    ]
    for _ in range(2):
        for text in documents:
            check_against_tomllib(text, must_be_fast=False)
    first = fast_loads(documents[0])
    first["antes"].append(7)
    assert fast_loads(documents[0])["antes"] == [0, 0]
