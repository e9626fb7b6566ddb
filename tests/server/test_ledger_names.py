"""The host's per-player ledger (issue #22, item 5): a player may be called anything,
"house" too; the rake is told apart by its kind, never by a name."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import HOST_KEYS, actor_of, add_bot, join, new_table, paused, wait_until


def test_a_player_named_house_is_in_the_hosts_ledger_beside_the_rake(
        client: TestClient) -> None:
    """S11 (rake): "house" plays at a raked table with two bots.  The host's ledger has
    a row for "house" (it used to drop every row of that name, taking it for the
    rake's), and the players' nets add up to minus the rake (the rake is no one's)."""
    table = new_table(client, action_seconds=0.05, sit_out_after=100, rake_percent=0.1,
                      small_blind=5, big_blind=10)
    host = HOST_KEYS[table]
    with paused(client, table):
        join(client, table, "house", 0, buy_in=400)
        add_bot(client, table, "station")
        add_bot(client, table, "station")
    actor = actor_of(client, table)
    wait_until(lambda: actor.rake_taken > 0 and actor.table.hand is None, seconds=20)
    assert client.post(f"/api/tables/{table}/pause", json={"host": host}).status_code == 200
    wait_until(lambda: actor.table.hand is None)
    rows = client.post(f"/api/tables/{table}/ledger/players", json={"host": host}).json()
    by_name = {r["name"]: r for r in rows}
    assert "house" in by_name, rows
    assert by_name["house"]["buy_in"] == 400 and by_name["house"]["seated"]
    books = client.get(f"/api/tables/{table}/ledger").json()
    assert sum(r["net"] for r in rows) == -books["rake"] < 0
