"""A rabbit hunt: after a flop-game hand ends before the river, the board cards that
would have come, shown for curiosity and never played.

They are the next cards of the hand's stub (:meth:`~pokerroom.rules.engine.Hand.stub`,
empty until the hand is over), dealt as the streets would have dealt them: a burn
before each (D3, skipped as the deal skips it when the stub holds no more than the
boards to come), then the street's board cards.  No card any player held is ever
among them: the stub holds only cards no one was dealt.  Stud and draw games have no
board to hunt (their later cards would have been players' own), nor has a hand whose
board was run out (all-in) or run twice.
"""

from __future__ import annotations

from pokerroom.rules.engine import Hand


def rabbit_cards(hand: Hand) -> list[int]:
    """The board cards the streets not dealt would have brought (``[]`` while the hand
    is played, in a game without a board, or when the board is complete)."""
    variant = hand.variant
    if not hand.is_over or hand.runs or variant.is_stud or variant.is_draw:
        return []
    streets = variant.streets
    dealt = sum(s.board for s in streets[:hand.street + 1])
    if len(hand.board) != dealt:  # a board the dealer changed (irregularities): no hunt
        return []
    stub = list(hand.stub())
    cards: list[int] = []
    for k in range(hand.street + 1, len(streets)):
        street = streets[k]
        if street.down or street.up or street.draw:
            return []  # players' own cards would have come: no rabbit
        if not street.board:
            continue
        if street.burn and len(stub) > street.board + variant.boards_after[k]:
            stub.pop(0)
        if len(stub) < street.board:
            break
        cards += stub[:street.board]
        del stub[:street.board]
    return cards
