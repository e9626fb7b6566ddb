"""B3 in hand histories: a bet or raise nobody else could call (issue 11 item 6,
issue 12).

The engine refuses such a raise (``raise_uncallable``); pokerroom recorded them
before that, and PokerKit refuses them.  The replay accepts one as recorded,
with a note; the writer writes one as the call it came to, with a comment, so
PokerKit reads the file; the chips are the same either way since what nobody
called goes back (B12).
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError
from pokerroom.history.export import to_phh_text
from pokerroom.history.phh import loads
from pokerroom.history.replay import check, replay_hand
from pokerroom.rules import BetRaise, CheckCall, Hand, HandConfig, Structure, button_blinds, variant
from pokerroom.rules import events as ev

# p3 (the button) raises all-in to 500; p1 (the small blind) raises to 2,000 though
# p2, the big blind still to act, has 300 in all and p3 is all-in.
RECORDED = """
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 300, 500]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 500', 'p1 cbr 2000',
           'p2 cc', 'd db 2c7d9c', 'd db Td', 'd db 3s']
finishing_stacks = [10800, 0, 0]
"""


def test_B3_replay_accepts_a_recorded_raise_nobody_could_call_with_a_note() -> None:
    """B3, B12: the recorded raise to 2,000 is accepted as recorded; 1,500 of it goes
    back, and the finishing stacks match.  The result says what was accepted."""
    (history,) = loads(RECORDED, path="old.phh")
    result = check(history)
    assert result.ok, result.error or result.mismatch
    assert len(result.notes) == 1
    assert "action 5 'p1 cbr 2000'" in result.notes[0] and "(B3)" in result.notes[0]
    hand, _ = replay_hand(history)
    assert ev.BetReturned(None, 0, 1_500) in hand.events


def test_B3_other_illegal_raises_in_a_history_are_still_errors() -> None:
    """B3: only the uncallable raise is accepted as recorded; a raise below the
    minimum stays an error."""
    (history,) = loads(RECORDED.replace("'p3 cbr 500'", "'p3 cbr 150'"), path="bad.phh")
    result = check(history)
    assert result.error is not None and "p3 cbr 150" in result.error


def _old_hand() -> Hand:
    """The hand of ``RECORDED`` as pokerroom played it before B3: the raise to
    2,000 taken from its log."""
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=(10_000, 300, 500), blinds=button_blinds(3, 50, 100),
                        min_bet=100)
    hand = Hand(config, Deck(7))
    hand.act(BetRaise(500), position=2)
    with pytest.raises(IllegalActionError) as info:
        hand.act(BetRaise(2_000), position=0)
    assert info.value.reason == "raise_uncallable"
    hand.act_recorded(BetRaise(2_000), position=0)
    hand.act(CheckCall(), position=1)
    assert hand.is_over and ev.BetReturned(None, 0, 1_500) in hand.events
    return hand


def test_B3_writer_writes_a_raise_nobody_could_call_as_the_call_it_came_to() -> None:
    """B3, B12 (issue 12): the writer writes the old raise as ``p1 cc`` with a
    comment; the file replays to the same stacks without any note."""
    hand = _old_hand()
    text = to_phh_text(hand)
    assert "cbr 2000" not in text
    assert '"p1 cc # a bet/raise nobody could call (B3)' in text
    (history,) = loads(text, path="written.phh")
    result = check(history)
    assert result.ok and result.notes == ()
    assert list(result.finishing_stacks or ()) == hand.stacks


def test_B3_pokerkit_reads_the_written_hand_and_refuses_the_raise() -> None:
    """Issue 12: PokerKit refuses the raise nobody could call, and reads the hand
    as written, to the same finishing stacks."""
    import pokerkit  # a dev dependency: missing is a failure, never a skip

    hand = _old_hand()
    text = to_phh_text(hand)
    states = list(pokerkit.HandHistory.loads(text))
    assert list(states[-1].stacks) == hand.stacks
    raw = text.replace('"p1 cc # a bet/raise nobody could call (B3), written as the call it '
                       'came to (B12)"', '"p1 cbr 2000"')
    assert "p1 cbr 2000" in raw
    with pytest.raises(ValueError):  # "Unable to repair the hand history"
        list(pokerkit.HandHistory.loads(raw))
