"""T11 / RR 12(a): everyone who drew for the button is active in the new game and
makes up the blinds missed, even one who sits out from the first deal."""

from __future__ import annotations

from pokerroom.cards import Deck
from pokerroom.table import ButtonMethod, Stakes, Status, Table, TableOptions
from tests.table.conftest import holdem_table, play

A, B, C, D, E, F = range(6)


def _round_with(table: Table, seat: int) -> None:
    """Play until the big blind has passed ``seat`` (which sits out) at least once."""
    for _ in range(table.seat_count + 2):
        play(table)
        if table.player(seat).missed_big:
            return


def test_T11_RR12a_a_player_who_drew_and_sat_out_from_the_first_deal_owes_the_blinds() -> None:
    """T11 / RR 12(a): C drew for the button and sits out from the first deal; the
    blinds that pass C are missed blinds (markers), as for anyone in the game."""
    table = holdem_table("ABCDE", button=A, structure="fixed_limit",
                         button_method=ButtonMethod.DEAD_BUTTON)
    table.sit_out(C)
    _round_with(table, C)
    player = table.player(C)
    assert player.missed_big and player.missed_small
    assert player.hands_played == 0


def test_T11_RR12a_coming_back_at_limit_posts_the_sum_not_one_big_blind() -> None:
    """T11 / RR 12(a), T8 / RR 9: back at limit, C makes up the blinds missed (the big
    blind live, the small blind dead), not one big blind as a new player."""
    table = holdem_table("ABCDE", button=A, structure="fixed_limit",
                         button_method=ButtonMethod.DEAD_BUTTON)
    table.sit_out(C)
    _round_with(table, C)
    for _ in range(table.seat_count):  # to a deal where C is not between the blinds
        plan = table.plan()
        assert plan.positions is not None
        if not plan.positions.between_blinds(C, table.seat_count) and (
                plan.positions.big_blind != C):
            break
        play(table)
    table.sit_in(C, post=True)
    assert table.player(C).status is Status.ACTIVE  # not a new player
    plan = table.plan()
    k = plan.position_of(C)
    assert (plan.posts[k], plan.dead[k]) == (10, 5)


def test_T11_RR12a_missing_the_small_blind_on_the_first_deal_is_marked() -> None:
    """T11 / RR 12(a): on the very first deal the small blind skips B (sitting out,
    left of the button): B missed it."""
    table = holdem_table("ABCDE", button=A, structure="fixed_limit",
                         button_method=ButtonMethod.DEAD_BUTTON)
    table.sit_out(B)
    hand = table.start_hand(Deck(1))
    plan = table.plan_in_play
    assert plan is not None and plan.positions is not None
    assert plan.positions.small_blind == C
    assert table.player(B).missed_small and not table.player(B).missed_big
    del hand


def test_T11_RR12a_who_sat_out_before_the_draw_did_not_draw_and_is_new() -> None:
    """T11 / RR 12(a) is about those who drew: a player seated but sitting out when the
    button is drawn is a new player when he comes in (T7: no markers)."""
    stakes = Stakes.of("holdem", "fixed_limit", small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=6))
    for seat, name in enumerate("ABCDE"):
        table.sit(seat, name, 1000)
    table.sit_out(C)
    table.draw_for_button(Deck(4))
    for _ in range(8):
        play(table)
    player = table.player(C)
    assert not player.owes
    table.sit_in(C)
    assert player.status is Status.NEW
