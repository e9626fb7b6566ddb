"""The database side of the room alone: CPU per action of the writes a cash table makes.

Run ``python bench/bench_writes.py`` (a few seconds).  ``--tables`` (40) tables of
five players, each on its own asyncio task, play ``--hands`` (10) no-limit hold'em
hands each with the library's engine (call or check, fold 15% facing a bet, a
minimum raise 8% of the time).  Each table writes what its actor writes, through a
:class:`~pokerroom.server.tables.recorder.Recorder` and the table's journal to one
:class:`~pokerroom.server.actors.group_commit.GroupCommit`: the deal (the table
before it, the deck order), every action (each committed and waited for, as an
action is answered only after its commit) and the hand's end with the snapshot and
lobby row after it.  No sockets, no views: what is printed is the process's CPU per
action (the event loop's and the recorder thread's), which depends little on other
load on the machine; ``--database URL`` writes to another database (a fresh SQLite
file by default).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from pokerroom.cards import Deck
from pokerroom.rules.actions import Action, BetRaise, CheckCall, Fold, Show
from pokerroom.rules.legal import LegalActions
from pokerroom.server.actors.group_commit import GroupCommit, Journal
from pokerroom.server.tables.recorder import Recorder
from pokerroom.server.tables.store import Store
from pokerroom.server.tables.views import lobby_row
from pokerroom.server.wire.codec import action_to_dict
from pokerroom.table import Stakes, Table, TableOptions
from pokerroom.table.snapshot import table_to_dict


def choose(legal: LegalActions, rng: random.Random) -> Action:
    if legal.show:
        return Show()
    if legal.call is not None and rng.random() < 0.15:
        return Fold()
    if legal.min_raise_to is not None and rng.random() < 0.08:
        return BetRaise(legal.min_raise_to)
    return CheckCall()


async def commit(journal: Journal) -> None:
    done = journal.commit()
    if done is not None:
        await done


async def play(recorder: Recorder, journal: Journal, table: Table, hands: int,
               rng: random.Random, counted: list[int]) -> None:
    name = recorder.table_id
    for _ in range(hands):
        before = table_to_dict(table)
        deck = Deck(rng=rng, cards=table.stakes.game.deck)
        hand = table.start_hand(deck)
        plan = table.plan_in_play
        assert plan is not None
        recorder.start_hand(before, [int(c) for c in deck.order], sittings={
            str(s): {"sitting": f"{name}-{s}", "name": f"P{s}"} for s in plan.seats})
        await commit(journal)
        while not hand.is_over:
            legal = hand.legal_actions()
            action = choose(legal, rng)
            hand.act(action, position=legal.position)
            recorder.add_action(legal.position, action_to_dict(action))
            counted[0] += 1
            await commit(journal)
        result = {"stacks": {str(plan.seat_at(k)): s for k, s in enumerate(hand.stacks)},
                  "rake": hand.rake}
        table.finish_hand()
        for seat, player in enumerate(table.players):
            if player is not None and player.stack == 0:
                table.rebuy(seat, 200)

        def scene() -> tuple[dict[str, Any], dict[str, Any]]:
            return ({**table_to_dict(table), "room": {}},
                    lobby_row(name, name, table, hands=recorder.number))

        recorder.finish_hand(result, scene)
        await commit(journal)


async def run(store: Store, tables: int, hands: int) -> None:
    played = []
    for n in range(tables):
        table = Table(Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2),
                      TableOptions(seats=6))
        for seat in range(5):
            table.sit(seat, f"P{seat}", 200)
        store.create_table(f"t{n}", f"t{n}", {}, table_to_dict(table), host_key="k")
        played.append(table)
    recorder = GroupCommit(store.engine)
    store.group_commit = recorder
    counted = [0]
    cpu, wall = time.process_time(), time.perf_counter()
    tasks = []
    for n, table in enumerate(played):
        journal = store.journal(f"t{n}")
        assert journal is not None
        tasks.append(play(Recorder(store, f"t{n}"), journal, table, hands,
                          random.Random(n), counted))
    await asyncio.gather(*tasks)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    recorder.close()
    stats = recorder.stats
    print(f"{counted[0]} actions in {tables * hands} hands at {tables} tables: "
          f"{1000 * cpu / counted[0]:.3f} ms of CPU per action ({wall:.1f} s; "
          f"{stats.groups} commits of {stats.units} units)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--hands", type=int, default=10, help="hands per table")
    parser.add_argument("--database", help="a SQLAlchemy URL (default: a new SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        store = Store(args.database or f"sqlite:///{Path(directory) / 'room.sqlite'}")
        store.migrate()
        try:
            asyncio.run(run(store, args.tables, args.hands))
        finally:
            store.close()


if __name__ == "__main__":
    main()
