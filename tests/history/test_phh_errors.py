"""Malformed hand histories: one NotationError that names file, hand and field or action."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.errors import NotationError, PokerError
from pokerroom.history import load, loads

GOOD = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"]
"""


def hand_with(**changes: str | None) -> str:
    """GOOD with some fields replaced (a TOML value as text) or removed (None)."""
    lines = []
    for line in GOOD.splitlines():
        key = line.split(" = ")[0]
        if key in changes:
            if changes[key] is not None:
                lines.append(f"{key} = {changes[key]}")
        else:
            lines.append(line)
    lines += [f"{k} = {v}" for k, v in changes.items() if v is not None and k not in GOOD]
    return "\n".join(lines) + "\n"


def phhs(*hands: str) -> str:
    return "\n".join(f"[{i}]\n{text}" for i, text in enumerate(hands, 1))


def error(text: str, path: str | None = "hand.phh") -> str:
    with pytest.raises(NotationError) as caught:
        loads(text, path=path)
    assert isinstance(caught.value, PokerError)
    return str(caught.value)


def test_the_good_hand_loads() -> None:
    [hand] = loads(GOOD)
    assert hand.min_bet == 2 and len(hand.actions) == 6


def test_toml_syntax_error_is_wrapped() -> None:
    message = error('variant = "NT"\nantes = [0, 0]\nmin_bet = = 2\n', path="broken.phh")
    assert message.startswith("broken.phh: not valid TOML: ")
    assert "line 3" in message


def test_text_without_a_path_is_named_too() -> None:
    assert error(hand_with(variant=None), path=None).startswith("<PHH text>: missing field")


@pytest.mark.parametrize("field", ["variant", "antes", "starting_stacks", "actions"])
def test_missing_required_field(field: str) -> None:
    message = error(hand_with(**{field: None}))
    assert message.startswith(f"hand.phh: missing field {field!r}; every hand needs ")
    assert "variant, antes, starting_stacks, actions" in message


def test_empty_phh_is_a_missing_field_but_empty_phhs_has_no_hands() -> None:
    assert "missing field 'variant'" in error("")
    assert loads("", path="none.phhs") == []


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("antes", "[0, 0]", "field 'antes': has 2 entries but starting_stacks has 3"),
        ("blinds_or_straddles", "[1, 2, 0, 0]", "field 'blinds_or_straddles': has 4 entries"),
        ("finishing_stacks", "[1, 2]", "field 'finishing_stacks': has 2 entries"),
        ("winnings", "[1, 2, 3, 4]", "field 'winnings': has 4 entries"),
        ("antes", "0", "field 'antes': expected an array of numbers, one per player"),
        ("antes", '[0, "x", 0]', "field 'antes': expected a number, got 'x'"),
        ("antes", "[0, true, 0]", "field 'antes': expected a number, got True"),
        ("antes", "[0, inf, 0]", "field 'antes': Infinity is not allowed here"),
        ("starting_stacks", "[200, nan, 200]", "field 'starting_stacks': NaN is not allowed"),
        ("starting_stacks", "[200, -inf, 200]", "expected a number or inf (an unknown stack)"),
        ("starting_stacks", "[]", "field 'starting_stacks': is empty"),
        ("min_bet", '"2"', "field 'min_bet': expected a number, got '2'"),
        ("variant", "1", "field 'variant': expected a string like 'NT', got 1"),
        ("ante_trimming_status", '"yes"', "field 'ante_trimming_status': expected true or false"),
        ("actions", '"p1 f"', "field 'actions': expected an array of strings"),
    ],
)
def test_bad_field(field: str, value: str, message: str) -> None:
    assert error(hand_with(**{field: value})) == error(hand_with(**{field: value}))
    assert error(hand_with(**{field: value})).startswith(f"hand.phh: field {field!r}: ")
    assert message in error(hand_with(**{field: value}))


def actions_error(*entries: str, hand: int = 3) -> str:
    """The error of a .phhs whose hand ``hand`` has these actions."""
    bad = hand_with(actions="[" + ", ".join(f"'{e}'" for e in entries) + "]")
    texts = [GOOD] * (hand - 1) + [bad]
    return error(phhs(*texts), path="hands.phhs")


def test_action_error_names_file_hand_position_and_text() -> None:
    message = actions_error("d dh p1 AsKs", "p1 f", "p1 f", "p1 f", "p1 f", "p1 f", "p2 cbr x")
    assert message.startswith("hands.phhs [3]: action 7 'p2 cbr x': amount 'x' is not a number")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("p1 xyz", "unknown action 'xyz'; actions are"),
        ("p0 f", "actor 'p0' is neither the dealer 'd' nor a player p1, p2"),
        ("q1 f", "actor 'q1' is neither"),
        ("p4 f", "there is no p4; this hand has 3 players, p1 to p3"),
        ("d dh p9 AsKs", "there is no p9; this hand has 3 players"),
        ("d db AsKZ", "card 'KZ' in 'AsKZ' has no suit 'Z'; suits are cdhs"),
        ("d db AsKsA", "do not split into two-character cards"),
        ("d dh p1 AsAs", "card As appears twice in 'AsAs'"),
    ],
)
def test_action_errors(entry: str, message: str) -> None:
    text = actions_error("p1 f", entry, hand=2)
    assert text.startswith(f"hands.phhs [2]: action 2 {entry!r}: ")
    assert message in text


def test_an_action_that_is_not_a_string() -> None:
    message = error(hand_with(actions='["p1 f", 5]'))
    assert message.startswith("hand.phh: action 2 5: an action is a string, got 5")


def test_phhs_with_a_stray_key() -> None:
    message = error('x = 1\n[1]\nvariant = "NT"\n', path=None)
    assert message == "<PHH text>: a .phhs file holds only hand tables [1], [2], ...; found 'x'"
    message = error('[one]\nvariant = "NT"\n[2]\nvariant = "NT"\n', path="hands.phhs")
    assert message == "hands.phhs: a .phhs file holds only hand tables [1], [2], ...; found 'one'"


def test_load_names_the_file_and_refuses_non_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text(hand_with(antes="[0]"))
    with pytest.raises(NotationError, match=r"^.*bad\.phh: field 'antes': has 1 entries"):
        load(bad)
    latin = tmp_path / "latin.phh"
    latin.write_bytes(GOOD.encode() + 'author = "Jos\xe9"\n'.encode("latin-1"))
    with pytest.raises(NotationError, match=r"latin\.phh: not UTF-8 text"):
        load(latin)


def test_unknown_variant_is_kept_for_the_engine_to_judge() -> None:
    [hand] = loads(hand_with(variant='"XYZ"'))
    assert hand.variant == "XYZ"
