"""A tournament saved in the database comes back exactly: the director on a fake
clock over a real SQLite file is dropped at chosen moments (mid-hand with actions
taken since the last save, with a rebuy decision pending, in hand-for-hand) -- its
task cancelled, nothing written on the way out, as if the process were killed --
and a new room reads it back.  The restored floor is the one that was lost (seats,
stacks, the hands in progress action for action, places, prizes, rebuys, tokens);
the clock is as of the last save; then the event plays to its end with the chips
balanced after every hand.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.tables.store import Store
from pokerroom.server.tournaments.director import TournamentDirector
from pokerroom.server.tournaments.play import SAVE_EVERY
from pokerroom.server.tournaments.room import TournamentRoom
from pokerroom.server.tournaments.store import TournamentStore
from pokerroom.server.wire.protocol import CreateTournament
from tests.server.test_tournament_room import _check_end, _person, _watch_every_hand


def _floor(d: TournamentDirector) -> dict[str, Any]:
    """Everything a restart must keep, as plain values."""
    t = d.play.t
    hands = {}
    for n, table in t.floor.tables.items():
        hand = table.hand
        hands[n] = None if hand is None else (d.play.runs[n].hand_number, list(hand.events),
                                              list(hand.stacks), hand.actor)
    return {
        "status": d.play.status, "hands": d.play.hands, "level": t.level,
        "on_break": t.clock.on_break,
        "entries": [(e.number, e.label, e.alive, e.rebuys, e.add_on, e.deciding_rebuy, e.absent)
                    for e in t.entries.values()],
        "rebuys": t.rebuys, "add_ons": t.add_ons, "chips": t.chips_at_tables(),
        "expected": t.chips_expected,
        "seats": {n: [(p.name, p.stack) if p else None for p in table.players]
                  for n, table in t.floor.tables.items()},
        "in_play": hands,
        "results": [(f.entry, f.place, f.place_to, f.prize) for f in t.results()]
        if t.started else [],
        "h4h": (t.h4h.active, t.h4h.round, sorted(t.h4h.tables), sorted(t.h4h.done)),
        "registrants": {r.name: (r.token, r.policy, r.away) for r in d.play.registrants.values()},
        "floor_log": list(d.play.floor_log),
    }


async def _kill_and_restore(room: TournamentRoom, d: TournamentDirector, clock: FakeClock,
                            store: TournamentStore) -> tuple[TournamentRoom, TournamentDirector]:
    before = _floor(d)
    time_left = d.play.t.clock.time_left
    pending = {r.name: r.rebuy_deadline for r in d.play.registrants.values()
               if r.rebuy_deadline is not None}
    await room.close()  # the task is cancelled: nothing more is written
    # No seed is stored (D1): a tournament restored while registering deals from the
    # new room's generator, so this seed (the test's) decides which moments come up.
    room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, seed=5, store=store)
    notes = room.restore()
    assert len(notes) == 1 and "restored" in notes[0], notes
    again = room.get(d.id)
    after = _floor(again)
    after["floor_log"] = after["floor_log"][:len(before["floor_log"])]
    assert after == before
    assert again.director_key == d.director_key
    if time_left is not None and again.play.t.clock.time_left is not None:
        assert 0 <= again.play.t.clock.time_left - time_left <= SAVE_EVERY + 1.0
    for name, deadline in pending.items():  # the seconds left to decide are kept
        kept = again.play.registrants[name].rebuy_deadline
        assert kept is not None and abs(kept - deadline) <= SAVE_EVERY + 1.0
    _watch_every_hand(again)
    return room, again


def _send(d: TournamentDirector, message: dict[str, Any]) -> None:
    if message["type"] == "rebuy":
        d.rebuy("Pat")
    elif message["type"] == "decline_rebuy":
        d.decline_rebuy("Pat")
    else:
        d.act("Pat", message)


def test_a_tournament_comes_back_exactly_after_a_restart_at_any_moment(tmp_path: Path) -> None:
    async def run() -> None:
        store = Store(f"sqlite:///{tmp_path / 'room.sqlite'}")
        store.migrate()
        records = TournamentStore(store.engine)
        clock = FakeClock()
        room = TournamentRoom(clock, bot_delay=1.0, pause_between_hands=1.0, seed=9,
                              store=records)
        d = room.create(CreateTournament(
            name="Saved", structure="sit_and_go", seats=4, level_seconds=90, rebuys=True,
            rebuy_levels=2, add_on=True, action_seconds=10))
        # Requests go through the director's inbox, as the routes send them.
        token = await d.submit(lambda: d.register("Pat"))
        await d.submit(lambda: d.add_bots(d.director_key, 11, "random"))
        # Registering: a restart keeps the entries and the person's token.
        room, d = await _kill_and_restore(room, d, clock, records)
        assert d.play.status == "registering" and d.name_for_token(token) == "Pat"
        await d.submit(lambda: d.start(d.director_key))
        d.play.registrants["Pat"].connections = 1
        restarts: list[str] = []
        rounds = 0
        while d.play.status != "finished":
            rounds += 1
            assert rounds < 20_000, "no winner"
            for _ in range(20):
                await asyncio.sleep(0)
            pat = d.play.t.entry("Pat")
            moment = None
            if "mid-hand" not in restarts and d.recorded >= 3:
                moment = "mid-hand"  # actions taken since the last save
            elif "rebuy" not in restarts and pat.deciding_rebuy:
                moment = "rebuy"
            elif "hand-for-hand" not in restarts and d.play.t.h4h.active and d.recorded:
                moment = "hand-for-hand"
            if moment is not None:
                restarts.append(moment)
                room, d = await _kill_and_restore(room, d, clock, records)
                d.play.registrants["Pat"].connections = 1
                continue
            message = _person(d, "Pat", rebuy=len(restarts) < 3, raise_all_in=True)
            if message is not None:
                await d.submit(lambda m=message, d=d: _send(d, m))
            clock.advance(1.0)
        _check_end(d)
        assert sorted(restarts) == ["hand-for-hand", "mid-hand", "rebuy"], restarts
        assert d.name_for_token(token) == "Pat"
        await room.close()
        # Finished: the results are still there after one more restart.
        room, d = await _kill_and_restore(room, d, clock, records)
        assert d.play.status == "finished"
        _check_end(d)
        await room.close()
        store.close()

    asyncio.run(run())
