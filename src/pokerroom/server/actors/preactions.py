"""Acting ahead and seeing the action at a room's table (issue 14).

A *pre-action* is a choice a player makes before their turn: the table's actor
keeps it for the sitting and checks it against the hand when the turn comes
(:func:`resolve`), and forgets it at each new street and hand.  A *label* is the
last action of a seat this street, shown on the felt (:func:`label`).

Pre-actions, with what each does when the turn comes:

- ``check_fold``: check when nothing is owed, fold when there is a bet;
- ``call_any``: check, or call whatever the bet is;
- ``call``: call exactly ``amount`` (the chips the call adds when it was chosen);
  a changed bet cancels it and the player acts themselves;
- ``fold_to_bet``: fold when there is a bet; with nothing owed it does nothing and
  the player acts themselves (it never checks for them).

Outside a betting round (a draw, a bring-in, the showdown) a pre-action waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.rules.actions import Action, BetRaise, BringIn, CheckCall, Discard, Fold
from pokerroom.rules.legal import LegalActions

PreActionKind = Literal["check_fold", "call_any", "call", "fold_to_bet"]
PRE_ACTIONS: tuple[PreActionKind, ...] = ("check_fold", "call_any", "call", "fold_to_bet")


@dataclass(frozen=True, slots=True)
class PreAction:
    """A choice made ahead of the turn (see the module's docstring): ``amount`` is the
    call ``call`` agreed to, None for the others."""

    kind: PreActionKind
    amount: int | None = None

    def describe(self) -> str:
        """The choice in words, as the page's checkboxes say it."""
        return {"check_fold": "check/fold", "call_any": "call any",
                "call": f"call {self.amount}", "fold_to_bet": "fold to any bet"}[self.kind]


@dataclass(frozen=True, slots=True)
class Cancelled:
    """The pre-action no longer fits the hand (a changed bet): the player acts."""

    why: str


def resolve(pre: PreAction, legal: LegalActions) -> Action | Cancelled | None:
    """What ``pre`` does on the player's turn with ``legal`` the actions allowed: an
    action, :class:`Cancelled`, or None (it waits: not a betting decision, or
    ``fold_to_bet`` with nothing owed)."""
    betting = legal.fold or legal.check or legal.call is not None
    if not betting or legal.bring_in is not None or legal.max_discard:
        return None
    owed = legal.call or 0
    if pre.kind == "check_fold":
        return CheckCall() if legal.check else Fold()
    if pre.kind == "call_any":
        return CheckCall()
    if pre.kind == "fold_to_bet":
        return Fold() if owed and legal.fold else None
    if owed == pre.amount:
        return CheckCall()
    now = f"the call is now {owed}" if owed else "there is nothing to call now"
    return Cancelled(f"the bet changed: your 'call {pre.amount}' is cancelled ({now}); "
                     "it is your turn")


def label(action: Action, *, owed: int, bet_before: int, all_in: bool) -> str | None:
    """A seat's label after ``action`` (``owed``: what it had to put in to call just
    before, 0 or less when it could check; ``bet_before``: the round's bet then, blinds
    included):
    "Fold", "Check", "Call", "Bet 10", "Raise 12", "Bring-in", "Draw 2", "Stand pat",
    or "All-in" when it put in its last chip; None for showdown choices."""
    if isinstance(action, Fold):
        return "Fold"
    if all_in:
        return "All-in"
    if isinstance(action, CheckCall):
        return "Check" if owed <= 0 else "Call"
    if isinstance(action, BetRaise):
        return f"{'Raise' if bet_before else 'Bet'} {action.to}"
    if isinstance(action, BringIn):
        return "Bring-in"
    if isinstance(action, Discard):
        return f"Draw {len(action.cards)}" if action.cards else "Stand pat"
    return None
