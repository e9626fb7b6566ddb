"""The engine's events and actions print cards as cards (``cards=(Ah, Kd)``),
never as the integers they hold (``cards=(50, 45)``): issue 28."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from pokerroom.cards import Deck, repr_cards
from pokerroom.rules import VARIANTS, Hand, Structure
from pokerroom.rules import actions as act
from pokerroom.rules import events as ev

from .test_values import _choose, _config

CARD_FIELDS = ("cards", "up")
INTEGER_CARDS = re.compile(r"\b(?:cards|up)=\(\d+[,)]")  # "cards=(17, 0)": the old repr


def test_an_event_and_an_action_write_their_cards_in_notation() -> None:
    assert repr(ev.HoleCardsDealt(0, 1, (50, 45), (), 2)) == (
        "HoleCardsDealt(audience=0, position=1, cards=(Ah, Kd), up=(), count=2)"
    )
    assert repr(ev.HoleCardsDealt(None, 2, (None, None, 8), (8,), 3)) == (
        "HoleCardsDealt(audience=None, position=2, cards=(??, ??, 4c), up=(4c,), count=3)"
    )
    assert repr(ev.BoardDealt(None, (0, 1, 51))) == "BoardDealt(audience=None, cards=(2c, 2d, As))"
    assert repr(act.DealHole(0, (51, None))) == "DealHole(position=0, cards=(As, ??))"
    assert repr(act.Show(None)) == "Show(cards=None)"
    assert repr(act.Discard(())) == "Discard(cards=())"
    # Fields that are not cards keep their own repr.
    assert repr(ev.PotAwarded(None, 0, "whole", ((1, 30),), "a pair of aces")) == (
        "PotAwarded(audience=None, pot=0, half='whole', amounts=((1, 30),), "
        "description='a pair of aces')"
    )


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_event_of_real_hands_shows_its_cards_as_cards(key: str) -> None:
    """Every event a hand makes, in every variant: each card field is written as
    ``repr_cards`` writes it, and no card field as integers; every other field as
    the dataclass would write it."""
    rng = random.Random(f"repr {key}")
    seen_cards = 0
    for k in range(8):
        config = _config(key, list(Structure)[k % 4], rng)
        hand = Hand(config, Deck(rng.randrange(2**32), cards=config.variant.deck))
        while not hand.is_over:
            hand.act(_choose(hand, rng))  # type: ignore[arg-type]
        for event in hand.events:
            text = repr(event)
            assert not INTEGER_CARDS.search(text), text
            assert text.startswith(type(event).__name__ + "(")
            for f in dataclasses.fields(event):
                value = getattr(event, f.name)
                shown = repr_cards(value) if f.name in CARD_FIELDS else repr(value)
                assert f"{f.name}={shown}" in text, (f.name, text)
                seen_cards += f.name in CARD_FIELDS and bool(value)
    assert seen_cards  # the hands dealt cards, so the check above saw some


def test_a_phh_action_writes_its_cards_in_notation() -> None:
    """A history's action, named in the errors of reading and writing PHH."""
    from pokerroom.history import PhhAction, parse_action

    assert repr(parse_action("d dh p1 AhKd")) == (
        "PhhAction(actor=None, code='dh', cards=(Ah, Kd), amount=None, comment=None, "
        "dealt_to=0, show_held=False, text='d dh p1 AhKd')"
    )
    assert "cards=(??, 2c)" in repr(PhhAction(None, "dh", cards=(None, 0), dealt_to=1))
