"""The room's state names seats (the table's chairs), never the hand's positions
(issue 13): the seat to act, each seat's part in the hand and the legal actions."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pokerroom.server.tables.views import table_state
from tests.server.conftest import actor_of, join, new_table, paused, wait_until


def test_B13_the_state_names_the_seat_to_act_and_its_legal_actions_by_seat(
        client: TestClient) -> None:
    """Seats 2 and 4 play heads-up: positions 0 and 1 in the hand, so a position
    shown as a seat would name an empty chair."""
    table_id = new_table(client)
    with paused(client, table_id):
        join(client, table_id, "Ann", 2)
        join(client, table_id, "Bob", 4)
    actor = actor_of(client, table_id)
    wait_until(lambda: actor.table.hand is not None and actor.table.to_act is not None)
    seat = actor.table.to_act
    assert seat in (2, 4)
    other = 6 - seat
    state = table_state(actor, seat)
    assert state["hand"]["actor"] == seat
    assert state["you"]["legal"]["describe"].startswith(f"seat {seat} may ")
    in_hand = {s["seat"]: s for s in state["seats"] if s is not None and s["in_hand"]}
    assert sorted(in_hand) == [2, 4]
    assert in_hand[seat]["to_act"] and not in_hand[other]["to_act"]
    assert None not in in_hand[seat]["cards"] and in_hand[other]["cards"] == [None, None]
    assert table_state(actor, other)["you"]["legal"] is None
