"""Migration 0008 (#23, one vocabulary): the stored actions' ``seat`` column, which
always held the engine's position, is renamed ``position``.  A room upgraded in
place keeps its hands: a database made at the previous head (0007), with a hand's
actions and a tournament's in it, reads back the same after the upgrade, and the
downgrade gives the old column back."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from pokerroom.rules.actions import BetRaise, CheckCall, Fold, Kill
from pokerroom.server.tables import store as store_module
from pokerroom.server.tables.store import ACTIONS, Store
from pokerroom.server.tournaments.store import TournamentStore
from pokerroom.server.wire.codec import action_from_dict

# As 0007 stored them: the dealer's (None) and the players' actions by position,
# and a floor's kill written with the old key.
OLD_ROWS = [(None, {"type": "check_call"}), (2, {"type": "bet_raise", "to": 6}),
            (0, {"type": "fold"}), (None, {"type": "kill", "seat": 1}),
            (1, {"type": "check_call"})]


def _to(store: Store, revision: str, *, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location",
                           str(Path(store_module.__file__).parent.parent / "migrations"))
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


def _columns(store: Store, table: str) -> set[str]:
    return {c["name"] for c in sa.inspect(store.engine).get_columns(table)}


def _fill_at_0007(store: Store) -> int:
    """A table with one hand of five actions and a tournament with two, written
    with the 0007 schema's column names; returns the hand's id."""
    with store.engine.begin() as c:
        c.execute(sa.text(
            "INSERT INTO room_tables (id, name, created_at, settings, snapshot) "
            "VALUES ('t1', 'Old table', 1.0, '{}', '{}')"))
        hand = c.execute(sa.text(
            "INSERT INTO hands (table_id, number, status, before, deck, started_at) "
            "VALUES ('t1', 1, 'finished', '{}', '[]', 2.0)")).lastrowid
        for seq, (seat, action) in enumerate(OLD_ROWS, 1):
            c.execute(sa.text("INSERT INTO actions (hand_id, seq, seat, action) "
                              "VALUES (:hand, :seq, :seat, :action)"),
                      {"hand": hand, "seq": seq, "seat": seat, "action": json.dumps(action)})
        c.execute(sa.text(
            "INSERT INTO tournaments (id, name, created_at, director_key, definition, "
            "status, state, saved_at) VALUES ('e1', 'Event', 1.0, 'k', '{}', 'running', "
            "'{}', 1.0)"))
        for seq, (seat, action) in enumerate([(3, {"type": "fold"}),
                                              (0, {"type": "bet_raise", "to": 40})], 1):
            c.execute(sa.text(
                "INSERT INTO tournament_actions (tournament_id, seq, table_number, "
                "hand_number, seat, action) VALUES ('e1', :seq, 1, 7, :seat, :action)"),
                {"seq": seq, "seat": seat, "action": json.dumps(action)})
    assert hand is not None
    return int(hand)


def test_a_room_upgraded_in_place_keeps_its_hands_actions_by_position(
        tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    _to(store, "0007")
    assert "seat" in _columns(store, "actions") and "position" not in _columns(store, "actions")
    hand = _fill_at_0007(store)

    store.migrate()  # to head, as `pokerroom serve` does at start

    for table in ("actions", "tournament_actions"):
        assert "position" in _columns(store, table) and "seat" not in _columns(store, table)
    rows = store.hand_actions(hand)
    assert [(r.seq, r.position, r.action) for r in rows] == [
        (seq, position, action) for seq, (position, action) in enumerate(OLD_ROWS, 1)]
    # The stored actions decode as before, the old kill's "seat" key included.
    assert [action_from_dict(r.action) for r in rows] == [
        CheckCall(), BetRaise(6), Fold(), Kill(1), CheckCall()]
    (event,) = TournamentStore(store.engine).load()
    assert [(a.seq, a.hand_number, a.position, a.action) for a in event.actions] == [
        (1, 7, 3, {"type": "fold"}), (2, 7, 0, {"type": "bet_raise", "to": 40})]

    # New rows are written under the new name, next to the old ones.
    with store.engine.begin() as c:
        c.execute(sa.insert(ACTIONS), {"hand_id": hand, "seq": 6, "position": None,
                                       "action": {"type": "kill", "position": 2}})
    last = store.hand_actions(hand)[-1]
    assert (last.position, action_from_dict(last.action)) == (None, Kill(2))
    store.close()


def test_the_downgrade_gives_the_seat_column_back_with_its_rows(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
    _to(store, "0007")
    hand = _fill_at_0007(store)
    store.migrate()
    _to(store, "0007", down=True)
    for table in ("actions", "tournament_actions"):
        assert "seat" in _columns(store, table) and "position" not in _columns(store, table)
    with store.engine.connect() as c:
        seats = c.execute(sa.text("SELECT seat FROM actions WHERE hand_id = :hand "
                                  "ORDER BY seq"), {"hand": hand}).scalars().all()
    assert seats == [seat for seat, _ in OLD_ROWS]
    store.close()
