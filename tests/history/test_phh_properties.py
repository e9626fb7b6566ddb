"""Properties: generated hands and actions survive writing and reading back."""

from __future__ import annotations

import datetime
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.history import (
    INFINITE_STACK,
    HandHistory,
    PhhAction,
    dumps,
    dumps_many,
    format_action,
    loads,
    parse_action,
)

scales = st.sampled_from([1, 10, 100, 1000, 10**6])
comments = st.none() | st.text(max_size=20).map(str.strip)
chips = st.integers(min_value=0, max_value=10**12)


@st.composite
def card_lists(draw: st.DrawFn, *, min_size: int = 1) -> tuple[int | None, ...]:
    known = draw(st.lists(st.integers(0, 51), unique=True, min_size=0, max_size=7))
    unknown = draw(st.integers(0, 4))
    cards: list[int | None] = [*known, *([None] * unknown)]
    if len(cards) < min_size:
        cards.append(None)
    return tuple(draw(st.permutations(cards)))


def actions(players: int) -> st.SearchStrategy[PhhAction]:
    player = st.integers(0, players - 1)
    optional_cards = st.none() | card_lists()
    return st.one_of(
        st.builds(
            lambda to, cards, c: PhhAction(None, "dh", cards=cards, dealt_to=to, comment=c),
            player, card_lists(), comments,
        ),
        st.builds(lambda cards, c: PhhAction(None, "db", cards=cards, comment=c),
                  card_lists(), comments),
        st.builds(lambda p, code, c: PhhAction(p, code, comment=c),
                  player, st.sampled_from(["pb", "cc", "f"]), comments),
        st.builds(lambda p, a, c: PhhAction(p, "cbr", amount=a, comment=c),
                  player, st.integers(1, 10**12), comments),
        st.builds(lambda p, cards, c: PhhAction(p, "sd", cards=cards, comment=c),
                  player, optional_cards, comments),
        st.builds(lambda p, cards, c: PhhAction(p, "sm", cards=cards, comment=c),
                  player, optional_cards, comments),
        st.builds(lambda p, c: PhhAction(p, "sm", show_held=True, comment=c), player, comments),
        st.builds(lambda c: PhhAction(None, "", comment=c), comments),
    )


def exact_amounts() -> st.SearchStrategy[int | Fraction]:
    """Chip counts with a terminating decimal form: whole, or halves, fifths, ... of a chip."""
    fractional = st.builds(
        lambda n, twos, fives: Fraction(n, 2**twos * 5**fives),
        st.integers(0, 10**9), st.integers(0, 3), st.integers(0, 3),
    ).map(lambda f: f.numerator if f.denominator == 1 else f)
    return chips | fractional


toml_scalars = (
    st.text(max_size=10)
    | st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False)
    | st.times()
    | st.dates(min_value=datetime.date(1, 1, 1))
    | st.datetimes()
    | st.datetimes(timezones=st.builds(
        lambda minutes: datetime.timezone(datetime.timedelta(minutes=minutes)),
        st.integers(-23 * 60 - 59, 23 * 60 + 59),
    ))
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
KNOWN = {
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "ante_trimming_status", "finishing_stacks", "winnings",
}
extras = st.dictionaries(
    st.text(max_size=12).filter(lambda k: k not in KNOWN and not k.isdigit()),
    toml_values, max_size=4,
)


@st.composite
def hands(draw: st.DrawFn) -> HandHistory:
    players = draw(st.integers(1, 9))
    per_player = st.lists(chips, min_size=players, max_size=players).map(tuple)
    stacks = st.lists(st.integers(1, 10**12) | st.just(INFINITE_STACK),
                      min_size=players, max_size=players).map(tuple)
    outcome = st.none() | st.lists(exact_amounts(), min_size=players, max_size=players).map(tuple)
    optional = st.none() | st.integers(1, 10**9)
    return HandHistory(
        variant=draw(st.sampled_from(["NT", "PO", "FT", "F7S", "FB"]) | st.text(max_size=6)),
        antes=draw(per_player),
        blinds_or_straddles=draw(st.just(()) | per_player
                                 | st.lists(st.integers(-100, 100), min_size=players,
                                            max_size=players).map(tuple)),
        bring_in=draw(optional),
        small_bet=draw(optional),
        big_bet=draw(optional),
        min_bet=draw(optional),
        starting_stacks=draw(stacks),
        actions=tuple(draw(st.lists(actions(players), max_size=12))),
        ante_trimming_status=draw(st.booleans()),
        finishing_stacks=draw(outcome),
        winnings=draw(outcome),
        scale=draw(scales),
        extra=draw(extras),
    )


@given(actions(12), scales)
def test_actions_round_trip(action: PhhAction, scale: int) -> None:
    text = format_action(action, scale=scale)
    again = parse_action(text, scale=scale)
    assert again == action
    assert again.text == text
    assert format_action(again, scale=scale) == text


@settings(max_examples=200)
@given(hands())
def test_hands_round_trip(hand: HandHistory) -> None:
    text = dumps(hand)
    [again] = loads(text)
    # loads picks the smallest scale that keeps every input amount whole.
    assert again.scale == hand.smallest_scale
    assert again == hand.with_scale(again.scale)
    assert again.with_scale(hand.scale) == hand
    assert dumps(again) == text


@settings(max_examples=50)
@given(st.lists(hands(), max_size=4))
def test_many_hands_round_trip(many: list[HandHistory]) -> None:
    again = loads(dumps_many(many), path="generated.phhs")
    assert again == [h.with_scale(h.smallest_scale) for h in many]
    assert [h.index for h in again] == list(range(1, len(many) + 1))
