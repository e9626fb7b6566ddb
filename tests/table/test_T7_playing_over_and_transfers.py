"""T7 / RR 6: a person playing over (in an absent player's seat) is a new player; LVH
B17: a player the house moves from a broken game need not post before their big
blind, and gets a missed-blind marker if they let the blinds pass."""

from __future__ import annotations

import pytest

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table import Status
from pokerroom.table.snapshot import table_from_dict, table_to_dict
from tests.table.conftest import establish, holdem_table, play

A, B, C, D, E, F = range(6)


def test_T7_RR6_a_person_playing_over_is_a_new_player() -> None:
    """T7 / RR 6: X plays over in D's seat while D is away: X posts a big blind or waits
    for it, like any new player; D keeps missing the blinds that pass the seat."""
    table = holdem_table("ABCDE", button=A, seats=9)
    play(table)
    establish(table)
    table.away(D)
    over = table.play_over(D, "X", 400)
    assert over.status is Status.NEW and table.player(D) is over
    plan = table.plan()
    assert D not in plan.seats or (plan.positions is not None
                                   and plan.positions.big_blind == D)
    table.post_to_play(D)
    plan = table.plan()
    if plan.positions is not None and plan.positions.big_blind != D and not (
            plan.positions.between_blinds(D, table.seat_count)):
        assert D in plan.seats and plan.posts[plan.position_of(D)] == 10
    for _ in range(8):
        play(table)
    owner = table.played_over(D)
    assert owner is not None and owner.name == "D" and owner.missed_big
    # D comes back: the player playing over gives the seat up with their chips.
    chips = table.end_play_over(D)
    assert chips == over.stack
    assert table.player(D).name == "D" and table.played_over(D) is None
    assert table.player(D).owes


def test_T7_RR6_playing_over_only_in_an_absent_players_seat() -> None:
    """T7 / RR 6: refused, changing nothing, at a seat whose player is playing, at an
    empty seat, under a name already at the table; ending it where nobody plays over."""
    table = holdem_table("ABCD", button=A)
    with pytest.raises(IllegalActionError, match="away or sitting out") as refused:
        table.play_over(B, "X", 400)
    assert refused.value.reason is Reason.SEAT_IN_USE
    with pytest.raises(IllegalActionError) as refused:
        table.play_over(7, "X", 400)
    assert refused.value.reason is Reason.SEAT_EMPTY
    table.sit_out(B)
    with pytest.raises(IllegalActionError) as refused:
        table.play_over(B, "C", 400)
    assert refused.value.reason is Reason.NAME_TAKEN
    with pytest.raises(IllegalActionError, match="nobody plays over") as refused:
        table.end_play_over(B)
    assert refused.value.reason is Reason.NOT_PLAYING_OVER
    assert table.player(B).name == "B"


def test_T7_RR6_the_absent_player_is_kept_in_the_snapshot() -> None:
    table = holdem_table("ABCD", button=A)
    play(table)
    table.sit_out(B)
    table.play_over(B, "X", 300)
    again = table_from_dict(table_to_dict(table))
    owner = again.played_over(B)
    assert owner is not None and owner.name == "B" and again.player(B).name == "X"
    with pytest.raises(IllegalActionError) as refused:
        again.sit(5, "B", 100)  # B still has a seat here
    assert refused.value.reason is Reason.NAME_TAKEN


def test_T7_LVH_B17_a_player_moved_from_a_broken_game_need_not_post() -> None:
    """T7 / LVH B17: moved by the house from a broken game, F is dealt in at once without
    posting (where a new player would post or wait), and is never dealt in between
    the big blind and the button (T7)."""
    table = holdem_table("ABCDE", button=A, seats=9)
    play(table)
    establish(table)
    table.sit(7, "F", 1000, transferred=True)
    plan = table.plan()
    assert plan.positions is not None
    assert not plan.positions.between_blinds(7, table.seat_count)
    assert 7 in plan.seats and plan.posts[plan.position_of(7)] == 0
    table.sit(8, "G", 1000)  # an ordinary new player beside him waits or posts
    assert 8 not in table.plan().seats


def test_T7_LVH_B17_a_moved_player_who_lets_the_blinds_pass_gets_a_marker() -> None:
    """T7 / LVH B17: "he will still be given a missed blind button if he waits for the
    blinds to pass him"."""
    table = holdem_table("ABCDE", button=A, seats=9)
    play(table)
    establish(table)
    table.sit(7, "F", 1000, transferred=True)
    table.sit_out(7)
    for _ in range(10):
        play(table)
        if table.player(7).missed_big:
            break
    assert table.player(7).missed_big
    table.sit_in(7)
    assert table.player(7).status is Status.ACTIVE  # owes, not a new player


def test_T7_RR5_a_new_player_who_lets_the_button_pass_has_no_missed_blind() -> None:
    """T7 / RR 5: a new player who lets the button go by without posting is not a
    player who missed a blind: no marker, and at limit the post is one big blind
    (not the sum of the blinds, T8)."""
    table = holdem_table("ABCDE", structure="fixed_limit", button=A, seats=9)
    play(table)
    establish(table)
    table.sit(7, "N", 1000)
    table.sit_out(7)
    for _ in range(table.seat_count + 1):  # the button and the blinds go past seat 7
        play(table)
    player = table.player(7)
    assert not player.owes
    table.sit_in(7, post=True)
    assert player.status is Status.NEW
    for _ in range(table.seat_count):
        plan = table.plan()
        if 7 in plan.seats:
            k = plan.position_of(7)
            assert (plan.posts[k], plan.dead[k]) in ((10, 0), (0, 0))
            return
        play(table)
    pytest.fail("never dealt in")
