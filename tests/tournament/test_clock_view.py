"""What the room's clock display shows: level, game, blinds, time left, next level,
players left, average stack, prize pool."""

from __future__ import annotations

from pokerroom.tournament import clock_view, structure
from pokerroom.tournament.display import describe
from tests.tournament.conftest import tournament


def test_clock_view_of_a_running_event() -> None:
    t = tournament(20)
    t.start()
    t.advance(120)
    view = clock_view(t)
    assert (view.level, view.game, view.stakes, view.time_left) == (
        1, "No-limit hold'em", "5/10", 480)
    assert view.next_stakes == "10/20" and view.next_break_in == 1680
    assert (view.players_left, view.entries, view.average_stack) == (20, 20, 1000)
    assert (view.prize_pool, view.places_paid, view.tables) == (2000, 5, 3)
    assert not view.on_break and not view.push_held and not view.hand_for_hand
    t.advance(400)
    assert clock_view(t).push_held


def test_describe_stakes() -> None:
    horse = structure("horse")
    assert describe(horse.stakes_at(1)) == "limits 200/400, blinds 100/200"
    assert describe(horse.stakes_at(3)) == "limits 400/800, ante 50, bring-in 100"
    assert describe(structure("standard").stakes_at(3)) == "75/150, ante 150 (big blind)"
