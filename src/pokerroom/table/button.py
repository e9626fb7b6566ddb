"""The button between deals: the draw for the first (D5, T11) and the floor's
correction of a misplaced one (I1 / TDA 34-A)."""

from __future__ import annotations

from pokerroom.cards import Deck
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.draw import ButtonDraw, draw_for_button
from pokerroom.table.placement import Positions, place
from pokerroom.table.state import TableState


class Button:
    """Places the first button and corrects a misplaced one; the table's
    ``first_button`` and ``positions`` are where it writes."""

    def __init__(self, table: TableState) -> None:
        self.table = table
        # I1 / TDA 34-A: where the button really was in the hand in progress.
        self.found: int | None = None

    def draw(self, deck: Deck) -> ButtonDraw:
        """D5: the first button by a draw among the players present (``button_draw``
        option; ``"by_seat"``, LVH B4, places it on the highest seat present)."""
        t = self.table
        if t.hands_dealt:
            raise IllegalActionError(
                Reason.BUTTON_ALREADY_PLACED, "the button is drawn only for the first deal (D5)")
        seats = [s for s, p in enumerate(t.players) if p is not None and p.present]
        result = draw_for_button(seats, deck, method=t.options.button_draw)
        t.first_button = result.winner
        for seat, p in enumerate(t.players):
            if p is not None:
                p.drew_for_button = seat in seats  # T11 / RR 12(a)
        return result

    def redraw_if_winner(self, seat: int, what: str) -> None:
        """D5, T11: the button is drawn among the players of the first deal.  When
        the winner of the draw leaves, sits out, goes away or changes seats before
        it, the draw is void and the button is drawn again."""
        t = self.table
        if t.hands_dealt == 0 and t.positions is None and t.first_button == seat:
            t.first_button = None
            t.notes.append(f"seat {seat} won the draw for the button and {what} before "
                           "the first deal: the button is drawn again (D5)")

    def misplaced(self, seat: int) -> None:
        """I1 / TDA 34-A: the button was on ``seat`` (see
        :meth:`~pokerroom.table.Table.button_misplaced`)."""
        t = self.table
        if t.stakes.game.is_stud:
            raise IllegalActionError(Reason.NO_BUTTON, "stud has no button: the bring-in "
                                     "and the boards decide who acts (F10, B1)")
        if t.positions is None and t.hand is None:
            raise IllegalActionError(Reason.BUTTON_NOT_DRAWN, "no deal yet: the first button "
                                     "is drawn for (D5), not moved")
        t.player(seat)  # a seat with a player (NO_SUCH_SEAT, SEAT_EMPTY)
        if t.hand is not None:
            self.found = seat
        else:
            t.positions = self._positions_from(seat)
        t.notes.append(f"the button was on seat {seat}: the hand stands and the next "
                       "deal moves on from there (I1, TDA 34-A)")

    def after_deal(self) -> None:
        """I1 / TDA 34-A: a button found misplaced during the deal: the next deal moves
        on from where it really was."""
        if self.found is not None:
            self.table.positions = self._positions_from(self.found)
            self.found = None

    def hand_void(self) -> None:
        """I1: the hand was cancelled (a misdeal): a button found in it is forgotten."""
        self.found = None

    def _positions_from(self, button: int) -> Positions:
        """I1 / TDA 34-A: the button and blinds of a deal with the button on ``button``,
        as if it had been placed there (T1-T4)."""
        t = self.table
        seated = {s for s, p in enumerate(t.players) if p is not None and p.stack > 0}
        seated.add(button)
        if len(seated) < 2:
            raise IllegalActionError(Reason.TOO_FEW_PLAYERS,
                                     "a button needs two players with chips to place blinds")
        return place(t.method, t.seat_count, candidates=seated, dealers=seated,
                     previous=None, first_button=button)
