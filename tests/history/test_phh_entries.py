"""phh.loads' fast path for action entries reads them as the general path does."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import FULL_DECK
from pokerroom.history import loads
from pokerroom.history._entries import _deal, _play, known_actions, read_actions

CARDS = [str(card) for card in FULL_DECK]
card_texts = st.lists(
    st.sampled_from([*CARDS, "??", "ac", "tD", "Xx", "A", "1c"]), min_size=1, max_size=5
).map("".join)
players = st.sampled_from(["p1", "p2", "p6", "p9", "p10", "p0", "p01", "P1", "q1", "d"])
deals = st.one_of(
    st.builds(lambda p, c: f"d dh {p} {c}", players, card_texts),
    st.builds(lambda c: f"d db {c}", card_texts),
    st.builds(lambda c, sep: f"d{sep}db{sep}{c}", card_texts, st.sampled_from(["  ", "\t", " "])),
    st.builds(lambda p, c: f"d dh {p} {c} # shown", players, card_texts),
    st.builds(lambda p, c: f"d dh {p}", players, card_texts),
    st.builds(lambda c: f"d db {c} {c}", card_texts),
    st.builds(lambda c: f"d dx {c}", card_texts),
)
others = st.sampled_from(
    ["p1 f", "p2 cc", "p3 cbr 300", "p2 cbr 2.50", "p1 cbr 3.00", "p1 sm -", "p2 sm AcKd", "",
     "# a comment", "p7 cc", "p1 xx", 5, ["p1 f"]]
)
amounts = st.sampled_from(["300", "0", "0300", "2.50", "3.", "-5", "1e3", "", "12 3", "\u0663"])
plays = st.one_of(
    st.builds(lambda p, c: f"{p} {c}", players, st.sampled_from(
        ["f", "cc", "sm", "sm -", "sd", "pb", "f x", "cc # ok", "sm - #", "xx", "f ", "cbr"])),
    st.builds(lambda p, a: f"{p} cbr {a}", players, amounts),
    st.builds(lambda p, c: f"{p} sm {c}", players, card_texts),
    st.builds(lambda p, c, sep: f"{p}{sep}sm{sep}{c}", players, card_texts,
              st.sampled_from(["  ", "\t", " "])),
)
valid = st.one_of(
    st.builds(lambda p, c: f"d dh p{p} {''.join(c)}", st.integers(1, 6),
              st.lists(st.sampled_from([*CARDS, "??"]), min_size=1, max_size=4, unique=True)),
    st.builds(lambda c: f"d db {''.join(c)}",
              st.lists(st.sampled_from(CARDS), min_size=1, max_size=3, unique=True)),
    st.sampled_from(["p1 f", "p2 cc", "p3 cbr 300", "p1 cbr 3.00", "p1 sm -", "p2 sm AcKd", ""]),
)
entries = st.one_of(
    st.lists(valid, max_size=8), st.lists(st.one_of(valid, deals, others, plays), max_size=8)
)


def general(items: list[Any], count: int) -> tuple[str, Any]:
    try:
        return "value", read_actions(items, count, [], "<hand>")
    except Exception as error:
        return type(error).__name__, str(error)


@settings(max_examples=400, deadline=None)
@given(entries, st.integers(1, 9))
def test_known_actions_are_the_general_reading(items: list[Any], count: int) -> None:
    expected = general(items, count)
    for _ in range(2):  # reading the entries, then finding them kept
        fast = known_actions(items, count)
        if fast is None:
            continue
        assert expected[0] == "value", expected
        actions, places = expected[1]
        assert places == 0
        assert fast == actions
        assert [a.text for a in fast] == [a.text for a in actions]
        assert [tuple(map(type, a.cards or ())) for a in fast] == [
            tuple(map(type, a.cards or ())) for a in actions
        ]


def test_known_deals_are_read_fast() -> None:
    items = ["d dh p1 AcKd", "d dh p2 ????", "d db 7c8h9s", "d db Td", "p1 cbr 300", "p2 f"]
    fast = known_actions(items, 2)
    assert fast is not None and fast == read_actions(items, 2, [], "<hand>")[0]
    assert known_actions(items, 1) is None  # p2 is not in a hand of one


def test_deals_as_writers_write_them_take_the_fast_path() -> None:
    """The deal reader answers (None would send the entry to the general path,
    right but several times slower) for hole cards and boards as PHH writers
    write them, and the same as the general path; it declines anything else."""
    for text in ["d dh p1 4sAd", "d dh p12 ????", "d dh p6 AcKdQh2s", "d db 4d6sTh", "d db Td"]:
        fast = _deal(text)
        assert fast is not None, text
        assert fast == read_actions([text], 12, [], "<hand>")[0][0]
        assert _deal(text) == fast  # and again, from the kept cards
    for text in ["d dh p1", "d dh p1 ", "d dh p1  AsKd", "d dh p1 AsKd # x", "d dh p01 AsKd",
                 "d dh p1 AsAs", "d db ", "d db AsK", "d dx AsKd", "d  db Td"]:
        assert _deal(text) is None, text


def test_a_hand_reads_the_same_twice() -> None:
    text = "variant = 'NT'\nantes = [0, 0]\nstarting_stacks = [100, 100]\n" \
           "actions = ['d dh p1 AcKd', 'd dh p2 QsQh', 'p1 cbr 10', 'p2 f']\n"
    assert loads(text) == loads(text)


def test_player_actions_as_writers_write_them_take_the_fast_path() -> None:
    """The same for folds, calls, bets and shows: answered by the fast reader,
    as the general path reads them; anything else declined."""
    for text in ["p1 f", "p2 cc", "p3 cbr 250", "p12 cbr 7", "p4 sm AcKd", "p5 sm -", "p6 sm",
                 "p1 sm ????"]:
        fast = _play(text)
        assert fast is not None, text
        assert fast == read_actions([text], 12, [], "<hand>")[0][0]
    for text in ["p1", "p1 f ", "p1  f", "p1 cbr 0", "p1 cbr 0300", "p1 cbr 2.50", "p1 cbr",
                 "p1 sm AsAs", "p1 sm - # shown", "p01 f", "d f", "p1 sd", "p1 pb"]:
        assert _play(text) is None, text
