"""Small rulings the room used to show or apply wrong (issue 11, item 8)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from pokerroom.bots import ViewBot, legal_for
from pokerroom.rules.actions import Action, CheckCall, Fold
from pokerroom.rules.view import HandView
from pokerroom.table import Status
from tests.server.conftest import actor_of, add_bot, join, new_table, paused


class _FoldsWheneverItCan(ViewBot):
    def decide(self, view: HandView) -> Action:
        return Fold() if legal_for(view).fold else CheckCall()


def test_T13_a_disconnected_player_heads_up_is_sat_out_despite_walks(
        client: TestClient) -> None:
    """T13 (away from the table) with the room's ``sit_out_after`` (2): Alice never
    connects.  Heads-up against a bot that folds its small blind, every other hand
    is a walk to her big blind; a walk is no sign of life, so her two timeouts (as
    the small blind, one hand apart) sit her out.  Counting hands without a
    timeout as a reset kept her dealt in for ever."""
    table = new_table(client, action_seconds=0.05, sit_out_after=2)
    with paused(client, table):
        join(client, table, "Alice", 0)
        bot_seat = add_bot(client, table, "station")
        actor = actor_of(client, table)
        actor.seats[bot_seat].bot = _FoldsWheneverItCan()
    deadline = time.time() + 20
    alice = actor.table.players[0]
    while time.time() < deadline and actor.hand_number < 12:
        assert alice is not None
        if alice.status is Status.SITTING_OUT:
            break
        time.sleep(0.02)
    assert alice is not None and alice.status is Status.SITTING_OUT, actor.log
    assert any("Alice is sat out after 2 timeouts" in line for line in actor.log)
    assert actor.hand_number <= 4  # two hands as the small blind, one walk between
