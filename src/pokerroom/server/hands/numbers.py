"""The room's hand number: the number an exported hand (PokerStars text, PHH) carries,
one per hand across the whole room.

Trackers key a hand on its number and skip a number they have already seen, so the
count of hands at a table ("hand 7" in the table's log, the hand list, the routes'
``/hands/7``) cannot be it: every table has a hand 7.  The room's number is made from
the row id the database gave the hand, cash hands odd and tournament hands even, so
that no cash hand and no tournament hand share one either:

>>> cash_hand_number(1), cash_hand_number(2), tournament_hand_number(1)
(1, 3, 2)
"""

from __future__ import annotations


def cash_hand_number(row_id: int) -> int:
    """The room's number of the cash hand stored with id ``row_id`` (table ``hands``)."""
    return 2 * row_id - 1


def tournament_hand_number(row_id: int) -> int:
    """The room's number of the tournament hand stored with id ``row_id`` (table
    ``tournament_hands``)."""
    return 2 * row_id
