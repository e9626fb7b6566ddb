"""Names that look alike (issue #22): the UTS #39 skeleton the room compares, and the
character rules names and chat share."""

from __future__ import annotations

import doctest

import pytest

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.server.actors.clock_memory import ClockMemory
from pokerroom.server.guard import json_bodies
from pokerroom.server.wire import names
from pokerroom.server.wire.names import NameKey, hidden_character, refuse_lookalike, skeleton


@pytest.mark.parametrize(("one", "other"), [
    ("\u0410lice", "Alice"),        # Cyrillic capital A
    ("alice", "ALICE"),             # case
    ("IVAN", "lVAN"),               # capital I and small L look alike as written
    ("p\u0430yp\u0430l", "paypal"),  # Cyrillic small a
    ("\uff21lice", "Alice"),        # fullwidth A
    ("Zo\u00eb", "Zoe\u0308"),      # composed and decomposed
    ("rn", "m"),
])
def test_lookalike_names_share_a_key(one: str, other: str) -> None:
    assert NameKey.of(one).looks_like(NameKey.of(other))


@pytest.mark.parametrize(("one", "other"), [
    ("Alice", "Alicia"), ("Jose", "Jos\u00e9"), ("Ann", "Anna"), ("Bob", "Rob"),
])
def test_different_names_do_not(one: str, other: str) -> None:
    assert not NameKey.of(one).looks_like(NameKey.of(other))


def test_the_skeleton_is_the_unicode_data_s() -> None:
    """Spot checks against confusables.txt: U+0430 -> a, U+0131 dotless i -> i,
    U+2160 Roman numeral one -> l, 0 -> O; a skeleton is its own skeleton."""
    assert skeleton("\u0430") == "a" and skeleton("\u0131") == "i"
    assert skeleton("\u2160") == skeleton("l") and skeleton("0") == "O"
    for word in ("Alice", "\u0410lice", "B0b", "Zo\u00eb"):
        assert skeleton(skeleton(word)) == skeleton(word)


def test_the_refusal_names_the_clash() -> None:
    with pytest.raises(IllegalActionError) as refused:
        refuse_lookalike("\u0410lice", ["Bob", "Alice"], where="seated at this table")
    assert refused.value.reason is Reason.NAME_TAKEN and "'Alice'" in str(refused.value)
    refuse_lookalike("Alicia", ["Bob", "Alice"], where="seated at this table")


def test_hidden_characters_are_named() -> None:
    assert "U+0000" in (hidden_character("a\x00") or "")
    assert "U+200D ZERO WIDTH JOINER" in (hidden_character("a\u200db") or "")
    assert hidden_character("a\nb") is not None
    assert hidden_character("a\nb", allowed=frozenset("\n")) is None


def test_the_clock_memory_forgets_in_time_and_matches_lookalikes() -> None:
    memory = ClockMemory(60)
    memory.remember("Alice", time_bank=3.0, timeouts=1, now=0.0)
    assert memory.recall("Bob", now=1.0) is None
    person = memory.recall("\u0410LICE", now=59.0)
    assert person is not None and person.time_bank == 3.0 and person.timeouts == 1
    assert memory.recall("Alice", now=59.0) is None  # taken back once
    memory.remember("Alice", time_bank=3.0, timeouts=0, now=0.0)
    assert memory.recall("Alice", now=60.0) is None  # forgotten after 60 s


@pytest.mark.parametrize("module", [names, json_bodies])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]
