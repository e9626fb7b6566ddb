"""What the floor and the showdown's rules do to a hand outside the turn order:
kill a hand (I7, T9, P8), name the cards of a hand turned up without them
(S3, a replayed history), and let a player table or muck out of turn at the
showdown (TDA 17).  The layer of :class:`~pokerroom.rules.engine.Hand` above
betting (Dealing <- Betting <- Floor <- Hand)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, Kill, Muck, Show
from pokerroom.rules.betting import Betting
from pokerroom.rules.legal import BETTING, DEALING, DRAWING, SHOWDOWN


class Floor(Betting):
    """The floor's part of a hand, on top of the betting part."""

    exposed: list[bool]
    _showdown_queue: list[int]

    # Provided by Hand, the class built on this one.

    def act(self, action: Action, *, position: int | None = None) -> list[ev.Event]:
        raise NotImplementedError

    def _award_uncontested(self, position: int) -> None:
        raise NotImplementedError

    def _next_shower(self) -> None:
        raise NotImplementedError

    def _fill_cards(self, i: int, cards: Sequence[int]) -> None:
        raise NotImplementedError

    def kill(self, position: int) -> list[ev.Event]:
        """The floor declares ``position``'s hand dead (I7, T9, P8): see :class:`Kill`."""
        return self.act(Kill(position))

    def _kill(self, action: Kill) -> None:
        """I7, T9, P8: fold ``position`` now, even out of turn; its chips stay in the pot.
        If it was the position's turn the action moves on; if one player is left the hand
        ends.  A stud player due the bring-in whose hand is killed: as when that player
        is all-in for the ante (TDA RP-10-E), the action starts to the left and
        everyone must put in at least the bring-in.  Cards still due to the position are
        not dealt, and a position still to draw does not."""
        s = action.position
        if not 0 <= s < self.n or self.folded[s]:
            raise self._refuse(Reason.NOT_IN_HAND, action, f"position {s} is not in the hand")
        phase = self.phase
        actor = self.actor
        self._fold(s)
        self.events.append(ev.Folded(None, s))
        self._pending_deals = [(x, k) for x, k in self._pending_deals if x != s]
        one_left = self.folded.count(False) == 1
        if phase is BETTING:
            if self._bring_in_due == s:
                self._bring_in_due = None
                self.current_bet = max(self.current_bet, self.config.bring_in)
            if one_left or s == actor:
                self._advance_from(s)
            else:
                # The player to act still acts, unless nobody is left to bet against.
                assert actor is not None
                nxt = self._next_actor(actor - 1 if actor else self.n - 1)
                if nxt is None:
                    self._close_round()
                else:
                    self.actor = nxt
        elif one_left:
            self.actor = None
            self._award_uncontested(self.folded.index(False))
        elif phase is DRAWING:
            self._pending_draws = [x for x in self._pending_draws if x != s]
            if s == actor:
                self._next_drawer()
        elif phase is DEALING:
            if not self._pending_deals:
                self._after_deals()
        elif phase is SHOWDOWN:
            if s in self._showdown_queue:
                self._showdown_queue.remove(s)
            self._next_shower()

    def _may_show_out_of_turn(self, position: int, action: Action) -> bool:
        """TDA 17: at the showdown anyone still in may table (or muck) without waiting,
        and a tabled hand whose cards are not known yet may name them."""
        return (
            self.phase is SHOWDOWN
            and isinstance(action, Show | Muck)
            and 0 <= position < self.n
            and not self.folded[position]
            and (not self.exposed[position] or position in self._showdown_queue)
        )

    def reveal(self, position: int, cards: Sequence[int]) -> list[ev.Event]:
        """Name the cards of a hand already turned face up (all-in, S3) whose cards
        were not known (a replayed history).  Cards already known must match."""
        if not 0 <= position < self.n or self.folded[position]:
            raise IllegalActionError(Reason.NOT_IN_HAND, f"position {position} is not in the hand")
        mark = len(self.events)
        self._fill_cards(position, cards)
        return self.events[mark:]
