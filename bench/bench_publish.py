"""The cost of publishing one table's state to its seats (issue 23): one version built
and sent to five seated players' connections.

Run ``python bench/bench_publish.py`` (about 10 seconds).  In one process, on the
room's fake clock, a 6-seat no-limit hold'em table (blinds 1/2) is created on a
throwaway SQLite file, its writes grouped by the room's recorder thread (as
``pokerroom serve`` runs it), with five players who join over the actor (as the
HTTP API does), each holding one connection to it (:meth:`TableActor.subscribe`, a delta
connection as the page is; ``--whole-states``: connections that take whole states).
The players then play ``--actions`` (2,000) actions through the actor, each
decided as bench_server's clients decide (show at the showdown, a minimum raise 8%
of the time, fold 15% facing a bet, else check or call), rebuying when busted.  As
the room's socket sends them, each action is a request of its own
(:meth:`TableActor.act_alone`: within a betting round the scene then looks at the two
seats it touched), and so is each rebuy, sit-in or post (before 2026-11-30, late, one
request held a turn's needs and its action, so every version looked at every seat).

What is timed: every publication (:meth:`TableActor._publish`: the scene's public
state, each seat's own part, its delta) together with what each connection's
sender then makes of it (``take_updates``: the texts it would send), i.e. the
server's whole cost of telling one change to five seats, encoding included;
nothing of the action itself.  ``--frames``: each connection's sender as the
room's runs it instead (:meth:`Mailbox.take`, and each text's WebSocket frame
from a :class:`~pokerroom.server.wire.frames.FrameCache` shared by the
connections, as ``GuardedWebSocketProtocol.write_messages`` builds them),
everything but the write to the socket.  Reported: microseconds per publication (median of
``--runs`` (5) runs of the same seeded game, and the best: thread CPU time), and
with ``--profile`` a cProfile of the timed part.

On a busy machine, count instructions instead: each publication runs inside
``itertools.starmap`` (used nowhere else), so ``valgrind --tool=callgrind
--collect-atstart=no --toggle-collect=starmap_next python bench/bench_publish.py
--runs 1 --actions 300`` counts the instructions of the timed part alone, the same
from run to run of the same code (divide by the publications printed).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import starmap
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from room_client import BUY_IN

from pokerroom.server.actors.clock import FakeClock
from pokerroom.server.actors.group_commit import GroupCommit
from pokerroom.server.tables.actor import TableActor
from pokerroom.server.tables.room import Room
from pokerroom.server.tables.sittings import Subscriber
from pokerroom.server.tables.store import Store
from pokerroom.server.wire.frames import FrameCache, text_frame
from pokerroom.server.wire.protocol import CreateTable
from pokerroom.table import Status

SEATS = 5


def _decide(actor: TableActor, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    """The seat to act and its action, as bench_server's clients choose."""
    table = actor.table
    if table.hand is None or table.to_act is None:
        return None
    legal = table.legal_actions()
    seat = table.to_act
    assert seat is not None
    if legal.show:
        return seat, {"type": "show"}
    if legal.muck:
        return seat, {"type": "muck"}
    r = rng.random()
    if legal.min_raise_to is not None and r < 0.08:
        return seat, {"type": "bet_raise", "to": legal.min_raise_to}
    if not legal.check and legal.fold and r < 0.08 + 0.15:
        return seat, {"type": "fold"}
    return seat, {"type": "check_call"}


def _need(actor: TableActor, seat: int) -> Callable[[], None] | None:
    """What a seat's client asks between decisions (rebuy, sit in, post), or None."""
    player = actor.table.players[seat]
    if player is None:
        return None
    if player.status is Status.BUSTED and actor.table.hand is None:
        return lambda: actor.top_up(seat, BUY_IN)
    if player.status in (Status.SITTING_OUT, Status.AWAY):
        return lambda: actor.sit_in(seat, True)
    if (player.status is Status.NEW or player.owes) and not player.wants_to_post:
        return lambda: actor.post(seat)
    return None


class NullSink:
    """A connection's way out as the room's WebSocket protocol is
    (:class:`~pokerroom.server.wire.sockets.FrameSink`): each text's frame built (shared
    texts from one :class:`FrameCache`), everything but the transport's write."""

    def __init__(self, cache: FrameCache) -> None:
        self.cache = cache
        self.written = 0

    def frames_writable(self) -> bool:
        return True

    async def frames_ready(self) -> bool:
        return True

    def write_messages(self, messages: list[str | bytes]) -> None:
        for message in messages:
            self.written += len(self.cache.frame(message)[1] if isinstance(message, str)
                                else text_frame(message))

    def write_text(self, text: str) -> None:
        self.written += len(self.cache.frame(text)[1])


async def _run(actions: int, seed: int, *, deltas: bool,
               profile: cProfile.Profile | None, frames: bool = False,
               sinks: bool = False) -> tuple[float, int]:
    """Seconds spent publishing, and publications, over ``actions`` actions."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'room.sqlite'}")
        store.migrate()
        recorder = store.group_commit = GroupCommit(store.engine)  # as the room's lifespan
        room = Room(store, FakeClock(), bot_delay=0.0, pause_between_hands=0.0, seed=seed)
        actor = room.create_table(CreateTable(name="Bench", seats=6))
        await actor.submit(lambda: actor.pause(True))
        subs: list[Subscriber] = []
        for seat in range(SEATS):
            _, sitting = await actor.submit(
                lambda seat=seat: actor.join(f"P{seat}", seat, BUY_IN))  # type: ignore[misc]
            sub = await actor.submit(lambda sitting=sitting: actor.subscribe(sitting))  # type: ignore[misc]
            sub.deltas = deltas
            sub.take_updates()
            subs.append(sub)
        cache = FrameCache()
        if sinks:  # each change written at once or by the mailbox's callback, as in the room
            for sub in subs:
                sub.sink = NullSink(cache)
        spent = [0.0, 0]
        publish = actor._publish

        def publish_and_send() -> None:
            publish()
            if sinks:  # written in the publication, or later by a callback (not timed)
                return
            for sub in subs:
                if frames:
                    for message in sub.take():
                        if isinstance(message, str):
                            cache.frame(message)
                elif deltas:
                    sub.take_updates()
                elif sub.outgoing is not None:
                    sub.outgoing.text()
                    sub.outgoing = sub.latest = None

        def timed() -> None:
            if profile is not None:
                profile.enable()
            start = time.thread_time()
            list(starmap(publish_and_send, ((),)))  # for callgrind: see the docstring
            spent[0] += time.thread_time() - start
            spent[1] += 1
            if profile is not None:
                profile.disable()

        actor._publish = timed  # type: ignore[method-assign]
        await actor.submit(lambda: actor.pause(False))
        rng = random.Random(seed)
        done = 0

        def turn() -> bool:
            """The next action, a request of its own as the table's socket sends it."""
            choice = _decide(actor, rng)
            if choice is not None:
                actor.act_alone(*choice)
            return choice is not None

        while done < actions:
            for seat in range(SEATS):  # what the seats need, each its own request
                need = _need(actor, seat)
                if need is not None:
                    await actor.submit(need)
            done += await actor.submit(turn)
        await asyncio.sleep(0)  # the last change's callbacks
        assert all(not sub.updates and (not sinks or sub.sink.written)  # type: ignore[union-attr]
                   for sub in subs if sub.deltas), "a connection was not sent its updates"
        await room.close()
        recorder.close()
        store.group_commit = None
        store.engine.dispose()
        return spent[0], int(spent[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--whole-states", action="store_true",
                        help="connections that take whole states, not deltas")
    parser.add_argument("--profile", action="store_true", help="cProfile the timed part")
    parser.add_argument("--frames", action="store_true",
                        help="each connection's sender as the room's: Mailbox.take and frames")
    parser.add_argument("--sinks", action="store_true",
                        help="each connection written as the room writes it (at once, or "
                        "by its mailbox's callback) through a sink that builds the frames, on "
                        "uvloop (partly untimed: count the whole run's instructions, "
                        "bench/README.md)")
    args = parser.parse_args()
    if args.sinks:
        import uvloop
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    profile = cProfile.Profile() if args.profile else None
    per: list[float] = []
    for _ in range(args.runs):
        seconds, count = asyncio.run(_run(args.actions, args.seed, deltas=not args.whole_states,
                                          profile=profile, frames=args.frames,
                                          sinks=args.sinks))
        per.append(seconds / count * 1e6)
    kind = (("whole states" if args.whole_states else "deltas")
            + (", frames" if args.frames else "") + (", sinks" if args.sinks else ""))
    print(f"publish to {SEATS} seats ({kind}), {count} publications a run: "
          f"median {statistics.median(per):.1f} us, best {min(per):.1f} us "
          f"({', '.join(f'{p:.0f}' for p in per)})")
    if profile is not None:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
