"""Pickles made before the engine said ``position`` (#23) still load: a tournament's
saved engine holds its hands pickled (``tournaments.engine``, ``tournament_hands``).
Events, actions and ``LegalActions`` pickle by their fields' order, which the
rename kept, so an old pickle's ``seat`` values arrive as ``position``."""

from __future__ import annotations

import base64
import pickle
import zlib
from pathlib import Path

from pokerroom.rules import Kill
from pokerroom.rules import events as ev
from pokerroom.rules.legal import LegalActions, Phase

# (hand, hand.legal_actions(), hand.log) pickled by the code before the rename: a
# four-handed hold'em hand, position 2 raised to 6, the floor killed position 3's
# hand (I7), position 0 folded; position 1 (the big blind) is to act.
OLD = Path(__file__).parent.parent / "data" / "pickles" / "hand_seat_fields_0007.b64"


def test_I7_a_hand_pickled_with_seat_fields_loads_with_positions_and_plays_on() -> None:
    hand, legal, log = pickle.loads(zlib.decompress(base64.b64decode(OLD.read_text())))
    assert legal == LegalActions(Phase.BETTING, 1, fold=True, call=4, min_raise_to=10,
                                 max_raise_to=100)
    assert legal.position == 1 and legal.deal_position is None
    assert hand.events[-3:] == [ev.BetOrRaised(None, 2, 6, 6, False, True),
                                ev.Folded(None, 3), ev.Folded(None, 0)]
    assert [e.position for e in hand.events[-3:]] == [2, 3, 0]  # type: ignore[attr-defined]
    assert (None, Kill(3)) in log and Kill(3).position == 3
    assert hand.legal_actions() == legal
    hand.check_call()  # the big blind calls: heads-up to the flop
    assert hand.street == 1 and len(hand.board) == 3
    while not hand.is_over:
        hand.check_call()
    assert sum(hand.stacks) == 400
