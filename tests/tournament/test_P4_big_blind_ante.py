"""P4 / F7: the big-blind ante (TDA RP-11): the big blind pays the table's ante, dead;
when short, ``bba_order`` decides what is paid first; antes are never reduced, not
even at a short-handed final table."""

from __future__ import annotations

import pytest

from pokerroom.rules.events import AntePosted, BlindPosted
from pokerroom.tournament import Level
from tests.tournament.conftest import floor, tournament

BBA = (Level(1200, 1000, 2000, ante=2000, big_blind_ante=True),)


def posted(order: str, bb_stack: int, players: int = 6) -> tuple[int, int]:
    """(dead ante, live big blind) the big blind posts with ``bb_stack`` chips."""
    t = tournament(players, schedule=BBA, starting_stack=20000, chips=(500, 1000),
                   floor=floor(bba_order=order))
    t.start()
    table = t.table(1)
    pos = table.plan().positions
    assert pos is not None
    player = table.players[pos.big_blind]
    assert player is not None
    player.stack = bb_stack
    hand = t.start_hand(1)
    bb = hand.config.names.index(player.name)
    ante = sum(e.amount for e in hand.events if isinstance(e, AntePosted) and e.position == bb)
    blind = sum(e.amount for e in hand.events
                if isinstance(e, BlindPosted) and e.position == bb and not e.dead)
    return ante, blind


@pytest.mark.parametrize(("order", "expected"), [("ante_first", (2000, 1000)),
                                                 ("blind_first", (1000, 2000))])
def test_P4_F7_TDA_RP11_D1_big_blind_with_3000(order: str, expected: tuple[int, int]) -> None:
    """TDA-RP11-D1: 1,000-2,000 with a 2,000 big-blind ante; the big blind has 3,000.
    Ante first (older TDA, catalogue default): 2,000 dead ante and 1,000 live; big blind
    first (2024 text): 2,000 live and 1,000 dead."""
    assert posted(order, 3000) == expected


@pytest.mark.parametrize(("order", "expected"), [("ante_first", (1500, 0)),
                                                 ("blind_first", (0, 1500))])
def test_P4_F7_TDA_RP11_D2_big_blind_with_1500(order: str, expected: tuple[int, int]) -> None:
    """TDA-RP11-D2: the big blind has 1,500: all of it to the ante (ante first) or all of
    it live (big blind first)."""
    assert posted(order, 1500) == expected


def test_P4_F7_big_blind_ante_is_the_whole_tables_ante() -> None:
    ante, blind = posted("ante_first", 20000)
    assert (ante, blind) == (2000, 2000)


def test_P4_TDA_RP11_D3_no_reduction_at_a_short_handed_final_table() -> None:
    """TDA-RP11-D3: six-handed, the big-blind ante is still the full 2,000; so too three
    handed."""
    assert posted("ante_first", 20000, players=6) == (2000, 2000)
    assert posted("ante_first", 20000, players=3) == (2000, 2000)
