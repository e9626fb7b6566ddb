"""P2: the dead button (LVH B11a: tournaments use No Missed Blinds), and where a player
moved in from another table is dealt in (TDA: big blind, small blind or button, never
between the small blind and the button)."""

from __future__ import annotations

from pokerroom.cards import Deck
from pokerroom.rules.actions import CheckCall, Fold
from pokerroom.table import ButtonMethod, Stakes
from pokerroom.tournament import TournamentTable

A, B, C, D, E, F = range(6)


def table(names: str = "ABCDEF", *, seats: int = 9) -> TournamentTable:
    t = TournamentTable(1, Stakes.of("holdem", "no_limit", small_blind=5, big_blind=10),
                        seats=seats)
    for seat, name in enumerate(names):
        t.seat_player(seat, name, 1000)
    t.first_button = A
    return t


def play(t: TournamentTable) -> None:
    """A hand in which everyone folds to the big blind."""
    hand = t.start_hand(Deck(t.hands_dealt))
    while not hand.is_over:
        hand.act(CheckCall() if hand.legal_actions().check else Fold())
    t.finish_hand()


def positions(t: TournamentTable) -> tuple[int, int | None, int]:
    pos = t.plan().positions
    assert pos is not None
    return pos.button, pos.small_blind, pos.big_blind


def test_P2_tournament_tables_use_the_dead_button() -> None:
    assert table().method is ButtonMethod.DEAD_BUTTON


def test_P2_LVH_example_big_blind_leaves() -> None:
    """A button, B small blind, C big blind; C busts.  Next deal: D big blind, a dead
    small blind on C's empty seat, B the button; then E big blind, D small blind and a
    dead button on C's seat (B acts last twice)."""
    t = table()
    assert positions(t) == (A, B, C)
    play(t)
    t.leave(C)
    pos = t.plan().positions
    assert pos is not None
    assert (pos.button, pos.small_blind, pos.small_blind_seat, pos.big_blind) == (B, None, C, D)
    play(t)
    pos = t.plan().positions
    assert pos is not None
    assert (pos.small_blind, pos.big_blind, pos.button, pos.dead_button) == (D, E, C, True)
    assert t.plan().seats[-1] == B


def test_P2_moved_player_takes_the_big_blind_at_once() -> None:
    """A player seated in the seat the big blind comes to next is dealt in and posts it."""
    t = table("ABCDE")
    play(t)  # A button, B small blind, C big blind
    t.seat_player(6, "G", 1000)  # seat 6 is empty; D would be next big blind
    t.leave(D)
    t.leave(E)
    t.seat_player(D, "H", 1000)  # the worst position: next big blind
    assert t.worst_position() == E
    plan = t.plan()
    assert plan.positions is not None and plan.positions.big_blind == D
    assert D in plan.seats and 6 in plan.seats


def test_P2_moved_player_on_the_small_blind_or_button_is_dealt_in() -> None:
    """B (small blind) and C (big blind) bust; players moved into their seats take the
    button and the small blind at once (TDA: not a cash-game newcomer, T7)."""
    t = table("ABCDEF")
    play(t)  # A button, B small blind, C big blind
    t.leave(B)
    t.leave(C)
    t.seat_player(B, "X", 1000)  # next hand's button seat
    t.seat_player(C, "Y", 1000)  # next hand's small blind seat
    plan = t.plan()
    assert plan.positions is not None
    assert (plan.positions.button, plan.positions.small_blind, plan.positions.big_blind) == (
        B, C, D)
    assert B in plan.seats and C in plan.seats
    assert plan.blinds[plan.position_of(C)] == 5


def test_P2_moved_player_between_small_blind_and_button_waits() -> None:
    """D leaves after the first hand, so the big blind jumps from C to E: the next hand
    has the button on C and the small blind on E, with D's empty seat between them.  A
    player moved into it is not dealt in until the blinds have passed."""
    t = table("ABCDEF")
    play(t)  # A button, B small blind, C big blind
    t.leave(D)
    assert positions(t) == (B, C, E)
    play(t)
    t.seat_player(D, "X", 1000)
    assert positions(t) == (C, E, F)
    assert D not in t.plan().seats
    play(t)
    assert D in t.plan().seats  # dealt in from the next hand on
