"""Three workers, nginx and PostgreSQL (issue 15): bots play on 30 tables and two
people play through the proxy while one worker after another is killed with kill -9
at random moments (and started again, so that three run again).

After each kill: every table the dead worker owned gets a new action, written by
another worker (waited for up to 20 s).  How soon is printed in the run's log: about
4 to 5 s with the 3 s lease (docs/scaling.md), more on a loaded machine; a speed is
never a test's pass or fail (DESIGN.md), and a bound of 5 s failed correct runs on a
busy machine (5.2 to 5.6 s).  At the end: every hand that was
running at a kill went on from its last stored action to its end (its action sequence
1, 2, ... without a hole or a repeat, finished, never cancelled); no hand number at a
table is stored twice or skipped; the chips at every table equal the ledger (read
through nginx); both people's clients came back through the proxy and kept playing;
no worker's log shows a traceback."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections import Counter
from pathlib import Path

from bench.room_client import FollowingClient, Seat
from tests.cluster.checks import (
    database_now,
    first_actions_after,
    hand_problems,
    hand_states,
    running_hands,
)
from tests.cluster.harness import Cluster, Worker, api, bot_tables, cluster, tracebacks

TABLES = 30
KILLS = 3
TAKEOVER_WAIT = 20.0  # the most a takeover is waited for, from the kill (lease 3 s)


class People:
    """The two people's clients, playing in a thread of their own through nginx."""

    def __init__(self, room: Cluster, seats: list[Seat]) -> None:
        self.clients = [FollowingClient(room.nginx.ws_base, s, seed=i)
                        for i, s in enumerate(seats)]
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self.stopping = threading.Event()
        self.failure: BaseException | None = None

    async def _run(self) -> None:
        try:
            tasks = [asyncio.create_task(c.run()) for c in self.clients]
            while not self.stopping.is_set():
                await asyncio.sleep(0.1)
            for c in self.clients:
                c.stop()
            await asyncio.wait_for(asyncio.gather(*tasks), 30)
        except BaseException as exc:
            self.failure = exc

    def __enter__(self) -> People:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopping.set()
        self.thread.join(40)


def _victim(room: Cluster, rng: random.Random, table: str | None) -> tuple[Worker, list[str]]:
    """The owner of ``table`` (a person's), or any worker owning tables; with its tables."""
    held = {w.name: list(w.status()["tables"]) for w in room.workers}
    if table is not None:
        name = next((n for n, ts in held.items() if table in ts), None)
        if name is not None:
            return room.worker(name), held[name]
    name = rng.choice([n for n, ts in held.items() if ts])
    return room.worker(name), held[name]


def _owners(room: Cluster, dead: Worker) -> Counter[str]:
    """How many living workers (all but ``dead``) serve each table now."""
    return Counter(t for w in room.workers if w is not dead for t in w.status()["tables"])


def test_kill_9_workers_while_bots_and_people_play(tmp_path: Path) -> None:
    # The choices (which worker, when) are seeded: the same on every run unless
    # POKERROOM_CHAOS_SEED asks for others (to explore; the failure message names it).
    seed = int(os.environ.get("POKERROOM_CHAOS_SEED", "15"))
    rng = random.Random(seed)
    log: list[str] = [f"seed {seed} (POKERROOM_CHAOS_SEED to repeat the choices)"]
    with cluster(3, directory=tmp_path, audit=True, bot_delay=0.05, pause=0.2) as room:
        tables = bot_tables(room, TABLES, bots=3, seats=5)
        seats = [Seat(t, 4, name, api(room.port, f"/api/tables/{t}/join",
                                      {"name": name, "seat": 4, "buy_in": 200})["token"])
                 for t, name in zip(tables[:2], ("Alice", "Bob"), strict=True)]
        db = room.connect()
        running_at_kills: dict[tuple[str, int], int] = {}
        takeovers: list[float] = []
        slow: list[str] = []
        with People(room, seats) as people:
            time.sleep(3)
            for k in range(KILLS):
                time.sleep(rng.uniform(0.5, 3.0))
                for w in room.workers:  # three run again before the next kill
                    w.wait_ready()
                person = seats[k].table if k < len(seats) else None
                victim, owned = _victim(room, rng, person)
                app = victim.app_name
                at = database_now(db)
                victim.kill9()
                running = running_hands(db, owned)
                running_at_kills.update(running)
                log.append(f"kill {k + 1}: {victim.name} ({app}) owning {len(owned)} tables, "
                           f"{len(running)} hands running")
                deadline = time.monotonic() + TAKEOVER_WAIT
                while True:
                    first = first_actions_after(db, owned, at, app)
                    if len(first) == len(owned) or time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
                late = [t for t in owned if t not in first]
                slowest = max((first[t][0] - at for t in first), default=0.0)
                takeovers.append(slowest)
                people_tables = {s.table: s.name for s in seats}
                times = sorted(((first[t][0] - at, people_tables.get(t, "bots"))
                                for t in first), reverse=True)
                log.append(f"  every table dealt again within {slowest:.2f} s; slowest "
                           + ", ".join(f"{x:.2f} ({who})" for x, who in times[:4]))
                if late:  # asserted at the end, after what the rest of the run shows
                    slow.append(f"kill {k + 1}: {late}")
                # Each of its tables dealt again has one owner among the living: never
                # two at once; none only for the moment a busy machine's lease changes
                # hands again (waited for, bounded).
                serving = _owners(room, victim)
                owned_until = time.monotonic() + TAKEOVER_WAIT
                while True:
                    assert all(serving[t] <= 1 for t in first), (
                        {t: serving[t] for t in first if serving[t] > 1}, "\n".join(log))
                    if all(serving[t] == 1 for t in first) or time.monotonic() > owned_until:
                        break
                    time.sleep(0.2)
                    serving = _owners(room, victim)
                assert all(serving[t] == 1 for t in first), (
                    {t: serving[t] for t in first if serving[t] != 1}, "\n".join(log))
                victim.restart(wait=False)  # ready before the next kill (above)
            for w in room.workers:
                w.wait_ready()
            # The people play on after the last kill: each has an action confirmed
            # after every worker is up again (waited for, however slow the machine).
            confirmed_before_end = [c.stats.confirmed for c in people.clients]
            deadline = time.monotonic() + 60
            while (any(c.stats.confirmed <= before for c, before
                       in zip(people.clients, confirmed_before_end, strict=True))
                   and time.monotonic() < deadline and people.failure is None):
                time.sleep(0.1)
        assert people.failure is None, repr(people.failure)

        # Every hand running at a kill went on to its end from its last stored action.
        deadline = time.monotonic() + 15
        while True:
            states = hand_states(db, list(running_at_kills))
            if all(s == "finished" for s, _ in states.values()) or time.monotonic() > deadline:
                break
            time.sleep(0.3)
        unfinished = {h: s for h, s in states.items() if s[0] != "finished"}
        assert not unfinished, f"hands running at a kill never finished: {unfinished}"
        shrunk = {h: (running_at_kills[h], s[1]) for h, s in states.items()
                  if s[1] < running_at_kills[h]}
        assert not shrunk, f"hands lost stored actions (before, after): {shrunk}"
        problems = hand_problems(db, tables)
        assert not problems, "\n".join(problems[:20])

        for table in tables:
            ledger = api(room.port, f"/api/tables/{table}/ledger")
            assert ledger["balance"] == ledger["on_table"] + ledger["rake"], (table, ledger)

        for client, before in zip(people.clients, confirmed_before_end, strict=True):
            stats = client.stats
            log.append(f"{client.seat.name}: {stats.confirmed} actions, {stats.connects} "
                       f"sockets, {stats.moved} moved, {stats.drops} drops, "
                       f"{stats.moving} answered table_moving, "
                       f"failed connections {dict(stats.connect_errors)}, "
                       f"workers {sorted(set(stats.workers))}")
            # Its table's worker was killed under it: it came back through nginx ...
            assert stats.drops + stats.moved >= 1 and stats.connects >= 2, "\n".join(log)
            # ... and plays on: actions confirmed after the last kill.
            assert stats.confirmed > before, "\n".join(log)
            assert stats.versions_went_back == 0, stats
            assert not stats.errors, (stats.errors, "\n".join(log))
            # Connecting may fail only where a 'moved' named a worker just killed.
            assert set(stats.connect_errors) <= {"HTTP 502"}, "\n".join(log)
        db.close()
        for w in room.workers:
            assert tracebacks(w.log) == [], f"{w.name}:\n{w.tail()}"
    assert not slow, (f"tables without another worker's action within {TAKEOVER_WAIT} s "
                      "of the kill: " + "; ".join(slow) + "\n" + "\n".join(log))
    print("\n".join(log))
