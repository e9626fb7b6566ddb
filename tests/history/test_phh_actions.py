"""PHH action notation: parse_action / format_action."""

from __future__ import annotations

import pytest

from pokerroom.cards import Card
from pokerroom.errors import NotationError
from pokerroom.history import NOOP, PhhAction, format_action, parse_action


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text[i : i + 2]) for i in range(0, len(text), 2))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 AcKd", PhhAction(None, "dh", cards=cards("AcKd"), dealt_to=0)),
        ("d dh p3 ????", PhhAction(None, "dh", cards=(None, None), dealt_to=2)),
        ("d dh p2 ??Ad", PhhAction(None, "dh", cards=(None, Card.parse("Ad")), dealt_to=1)),
        ("d db 7c8h9s", PhhAction(None, "db", cards=cards("7c8h9s"))),
        ("p1 pb", PhhAction(0, "pb")),
        ("p3 cbr 300", PhhAction(2, "cbr", amount=300)),
        ("p2 cc", PhhAction(1, "cc")),
        ("p12 f", PhhAction(11, "f")),
        ("p1 sd", PhhAction(0, "sd")),
        ("p1 sd 7c2h", PhhAction(0, "sd", cards=cards("7c2h"))),
        ("p1 sm AcKd", PhhAction(0, "sm", cards=cards("AcKd"))),
        ("p1 sm", PhhAction(0, "sm")),
        ("p1 sm -", PhhAction(0, "sm", show_held=True)),
        ("p2 sm ????", PhhAction(1, "sm", cards=(None, None))),
    ],
)
def test_parse_and_format(text: str, expected: PhhAction) -> None:
    action = parse_action(text)
    assert action == expected
    assert action.text == text
    assert format_action(action) == text


def test_cards_are_card_values() -> None:
    action = parse_action("d db Jc3d5c")
    assert action.cards is not None
    assert [str(c) for c in action.cards if c is not None] == ["Jc", "3d", "5c"]
    assert all(isinstance(c, Card) for c in action.cards)


def test_commentary_after_hash() -> None:
    action = parse_action("p1 cbr 91000  # Antonius")
    assert action == PhhAction(0, "cbr", amount=91000, comment="Antonius")
    assert format_action(action) == "p1 cbr 91000 # Antonius"
    assert parse_action("p1 f #").comment == ""
    assert format_action(parse_action("p1 f #")) == "p1 f #"
    assert parse_action("p1 f # a # b").comment == "a # b"


@pytest.mark.parametrize("text", ["", "   ", "# Burn card 6s is exposed", "  #  x  "])
def test_noop_entries(text: str) -> None:
    action = parse_action(text)
    assert action.code == NOOP == ""
    assert action.actor is None
    assert parse_action(format_action(action)) == action


def test_whitespace_between_words_is_free() -> None:
    assert parse_action("  p3\tcbr   300  ") == PhhAction(2, "cbr", amount=300)
    assert format_action(parse_action("  p3\tcbr   300  ")) == "p3 cbr 300"


def test_text_is_not_part_of_equality() -> None:
    assert parse_action("p1 cbr 3.00", scale=100) == parse_action("p1 cbr 3", scale=100)


def test_amounts_at_a_scale() -> None:
    assert parse_action("p1 cbr 2.50", scale=100).amount == 250
    assert parse_action("p1 cbr 2.50", scale=10).amount == 25
    assert parse_action("p1 cbr 1e3").amount == 1000
    assert format_action(PhhAction(0, "cbr", amount=250), scale=100) == "p1 cbr 2.5"
    assert format_action(PhhAction(0, "cbr", amount=205), scale=100) == "p1 cbr 2.05"
    assert format_action(PhhAction(0, "cbr", amount=200), scale=100) == "p1 cbr 2"
    with pytest.raises(NotationError, match=r"2\.55 is not a whole number of chips at scale 10"):
        parse_action("p1 cbr 2.55", scale=10)


def test_lowercase_ranks_are_read_and_written_canonically() -> None:
    assert format_action(parse_action("d db tcjdqh")) == "d db TcJdQh"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p2 cbr x", "action 'p2 cbr x': amount 'x' is not a number"),
        ("p2 cbr -5", "amount '-5' is not a number"),
        ("p2 cbr 0", "positive"),
        ("p2 cbr", "'cbr' takes one amount"),
        ("p2 cbr 1 2", "'cbr' takes one amount"),
        ("p0 f", "actor 'p0' is neither the dealer 'd' nor a player p1, p2"),
        ("q1 f", "actor 'q1'"),
        ("p01 f", "actor 'p01'"),
        ("d dh p0 AsKs", "'p0' is not a player p1, p2, ... to deal to"),
        ("p1 xx", "unknown action 'xx'; actions are 'd dh pN cards'"),
        ("d xx", "unknown action 'xx'"),
        ("d f", "the dealer cannot 'f'"),
        ("p1 dh AsKs", "'dh' is the dealer's action"),
        ("p1", "an actor without an action"),
        ("d dh AsKs", "'d dh' takes the player and the cards"),
        ("d db", "'d db' takes the board cards"),
        ("d db 7c 8h 9s", "'d db' takes the board cards written together"),
        ("d db 7c8h9", "do not split into two-character cards"),
        ("d db Xc8h9s", "card 'Xc' in 'Xc8h9s' has no rank 'X'; ranks are 23456789TJQKA"),
        ("d db 7x", "card '7x' has no suit 'x'; suits are cdhs"),
        ("d dh p1 A?Kd", "card 'A?' in 'A?Kd' is half unknown; an unknown card is written '??'"),
        ("d db AsAs", "card As appears twice in 'AsAs'"),
        ("p1 sm AsKdAs", "card As appears twice"),
        ("p1 sd -", "'-' (the cards held) is only for showing"),
        ("p1 sm AsKd 7c", "'sm' takes at most one argument"),
        ("p1 f now", "'f' takes no argument, got 'now'"),
    ],
)
def test_errors_name_the_action_and_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert str(caught.value).startswith(f"action {text!r}: ")
    assert message in str(caught.value)


def test_unknown_cards_may_repeat() -> None:
    assert parse_action("d dh p1 ????????").cards == (None,) * 4


def test_bad_scale() -> None:
    with pytest.raises(NotationError, match="scale must be a power of ten"):
        parse_action("p1 f", scale=20)
    with pytest.raises(NotationError, match="scale must be a power of ten"):
        format_action(PhhAction(0, "f"), scale=0)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (PhhAction(0, "dh", cards=(1,), dealt_to=0), "actor must be None"),
        (PhhAction(None, "dh", cards=(1,)), "needs dealt_to"),
        (PhhAction(None, "db", cards=()), "deals at least one card"),
        (PhhAction(None, "db", cards=(1, 1)), "appears more than once"),
        (PhhAction(None, "db", cards=(52,)), "out of range"),
        (PhhAction(None, "cbr", amount=5), "actor must be a player index"),
        (PhhAction(0, "cbr"), "needs a positive amount"),
        (PhhAction(0, "sm", cards=(1,), show_held=True), "show_held is only for 'sm', without"),
        (PhhAction(0, "sd", show_held=True), "show_held is only for 'sm'"),
        (PhhAction(0, "sd", cards=()), "never ()"),
        (PhhAction(0, "f", amount=3), "'f' has no cards or amount"),
        (PhhAction(0, "zz"), "unknown action code 'zz'"),
        (PhhAction(0, ""), "a no-op (code '') has no actor"),
    ],
)
def test_format_refuses_actions_it_cannot_write(action: PhhAction, message: str) -> None:
    with pytest.raises(NotationError, match="cannot write") as caught:
        format_action(action)
    assert message in str(caught.value)
