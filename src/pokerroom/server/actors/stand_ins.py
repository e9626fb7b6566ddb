"""What the room does on a player's behalf: the action of a player whose clock ran
out or who is leaving, or of a bot whose choice was illegal (check or fold), and,
for a player who chose to muck losing hands, whether their hand at the showdown can
still win some part of the pot against the hands shown before it (S4's order).

Used by the cash tables' actor and the tournaments' tables alike.
"""

from __future__ import annotations

from pokerroom.rules.actions import Action, BringIn, CheckCall, Discard, Fold, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.showdown import Showdown

__all__ = ["can_still_win", "default_action"]


def can_still_win(hand: Hand, position: int) -> bool:
    """At the showdown (S4): whether ``position``'s hand wins or ties some half
    of the pot against every hand turned up so far (none yet: it may)."""
    shown = [k for k in range(hand.n) if k != position and hand.exposed[k]
             and not hand.folded[k] and not hand.mucked[k]]
    if not shown:
        return True
    showdown = Showdown(hand)
    for low, evaluator in ((False, showdown.high), (True, showdown.low)):
        if evaluator is None:
            continue
        mine = showdown.strength(position, low)
        theirs = [v for k in shown if (v := showdown.strength(k, low)) is not None]
        if mine is not None and (not theirs or mine >= max(theirs)):
            return True
    return False


def away_action(hand: Hand) -> Action:
    """What is done at once for a player away (T13; P8's killed hand): fold (post the
    bring-in when due), stand pat, show."""
    legal = hand.legal_actions()
    if legal.phase is Phase.BETTING:
        return BringIn() if legal.bring_in is not None else Fold()
    return default_action(hand)


def default_action(hand: Hand) -> Action:
    """What a timed-out player does: check or fold (stand pat, show, bring in)."""
    legal = hand.legal_actions()
    if legal.phase is Phase.SHOWDOWN:
        return Show()
    if legal.phase is Phase.DRAWING:
        return Discard(())
    if legal.bring_in is not None:
        return BringIn()
    return CheckCall() if legal.check else Fold()
