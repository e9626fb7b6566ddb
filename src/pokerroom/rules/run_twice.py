"""Running the board twice (a cash-game house option the all-in players agreed to).

When no more betting is possible with two or more players in and the board is
not complete, the rest of the board is dealt twice, each run with its own
burns, and every pot is split in two halves (the first run takes the odd
chip), each awarded on its own run's board.  Never in tournaments (the table
refuses the option there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerroom.rules import events as ev
from pokerroom.rules.showdown import Showdown

if TYPE_CHECKING:
    from pokerroom.rules.engine import Hand


def can_run_twice(hand: Hand) -> bool:
    """Flop games dealt from a deck, betting over, two or more players, board unfinished."""
    variant = hand.variant
    if not hand.config.run_it_twice or hand._deck is None or variant.is_stud or variant.is_draw:
        return False
    total_board = sum(s.board for s in variant.streets)
    return len(hand.board) < total_board and hand.folded.count(False) >= 2


def run_twice(hand: Hand) -> None:
    """Deal both runs and award every pot half on each; then the hand is over."""
    deck = hand._deck
    assert deck is not None
    start = len(hand.board)
    base = list(hand.board)
    runs: list[list[int]] = []
    for run in (1, 2):
        board = list(base)
        dealt_so_far = 0
        for street in hand.variant.streets:
            if not street.board:
                continue
            dealt_so_far += street.board
            if dealt_so_far <= start:
                continue
            if street.burn and len(deck) > street.board:
                deck.burn()
                hand.events.append(ev.CardBurned(None))
            cards = [int(c) for c in deck.deal(street.board)]
            board.extend(cards)
            hand.events.append(ev.BoardRun(None, run, tuple(cards)))
        runs.append(board)
    hand.runs = [tuple(r) for r in runs]
    # S11 "no flop, no drop": the runs dealt a flop, so the pot is raked.
    hand.flop_dealt = True
    pots = Showdown(hand).pots_after_rake()
    unit = hand.config.chip_unit
    awards: list[ev.Event] = []
    for run, board in enumerate(runs, 1):
        hand.board = list(board)
        showdown = Showdown(hand)
        for index in range(len(pots) - 1, -1, -1):
            amount, eligible = pots[index]
            second = (amount // (2 * unit)) * unit
            half = amount - second if run == 1 else second
            if half:
                awards.extend(showdown._award_pot(index, half, eligible, unit))
    hand.board = list(runs[0])
    hand._finish(awards)
