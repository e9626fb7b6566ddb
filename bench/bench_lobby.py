"""What the lobby of a worker of many costs at 10,000 tables (issue 15, docs/scaling.md).

Run ``python bench/bench_lobby.py`` (about 20 seconds).  A throwaway PostgreSQL server
(tests/server/pg.py) gets ``--tables`` open tables with their lobby rows, as workers
store them; then :class:`pokerroom.server.lobby.answer.StoredLobby` (what ``GET /api/tables``
answers from on a worker of many) reads them all once, and then looks again with 0,
170 (the capacity plan's hands a second) and 1,000 tables changed since its last
look.  It prints the CPU of each read, of encoding the answer and of gzipping it
(once per change, for every client that accepts gzip), and the answer's size both
ways; then what a page of ``GET /api/lobby`` costs to make (the lobby sorted once
per change, then each query's page once per change) and weighs.  Nothing here is
compared with a peer: no other poker server is measured.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, text

from pokerroom.server.lobby.answer import StoredLobby
from pokerroom.server.lobby.query import LobbyPages, LobbyQuery
from pokerroom.server.tables.store import Store, TableRow
from tests.server.pg import postgres_server


def _cpu_ms(since: float) -> float:
    return 1000 * (time.process_time() - since)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    args = parser.parse_args(argv)
    row = {"game": "holdem", "game_name": "Texas hold'em", "structure": "no_limit",
           "small_blind": 1, "big_blind": 2, "ante": 0, "bring_in": 0, "small_bet": 0,
           "big_bet": 0, "seats": 6, "players": 6, "hands": 120}
    with postgres_server() as pg:
        store = Store(pg.url)
        store.migrate()
        with store.engine.begin() as c:
            now = float(c.execute(text("SELECT EXTRACT(EPOCH FROM clock_timestamp())"))
                        .scalar_one())
            c.execute(insert(TableRow), [{
                "id": f"{i:012x}", "name": f"Table {i}", "created_at": float(i),
                "settings": {}, "snapshot": {}, "closed": False, "host_key": "k",
                "paused": False, "lobby": {**row, "id": f"{i:012x}", "name": f"Table {i}"},
                "lobby_at": now - 100} for i in range(args.tables)])
        lobby = StoredLobby(store, every=0.0)
        began = time.process_time()
        body = lobby.answer().plain
        print(f"{args.tables} tables: first read and encoding {_cpu_ms(began):.0f} ms CPU, "
              f"answer {len(body) / 1e6:.2f} MB ({len(body) / args.tables:.0f} B a table)")
        began = time.process_time()
        packed = lobby.answer().gzipped
        print(f"gzipped: {_cpu_ms(began):.0f} ms CPU, {len(packed) / 1e6:.2f} MB "
              f"({len(body) / len(packed):.1f} times smaller)")
        for changed in (0, 170, 1000):
            with store.engine.begin() as c:
                c.execute(text("UPDATE room_tables SET lobby_at = EXTRACT(EPOCH FROM "
                               "clock_timestamp()), lobby = (lobby::jsonb || jsonb_build_object("
                               "'hands', (lobby->>'hands')::int + 1))::json "
                               "WHERE id IN (SELECT id FROM room_tables "
                               "ORDER BY random() LIMIT :n)"), {"n": changed})
            began = time.process_time()
            lobby.rows()
            read = _cpu_ms(began)
            began = time.process_time()
            answer = lobby.answer()
            encoded = _cpu_ms(began)
            began = time.process_time()
            packed = answer.gzipped
            print(f"a look with {changed} tables changed: read {read:.1f} ms CPU, "
                  f"encoding {encoded:.1f} ms CPU, gzip {_cpu_ms(began):.1f} ms CPU "
                  f"({len(packed) / 1e3:.0f} kB)")
        rows = lobby.rows()
        pages = LobbyPages()
        for label, query in (("the first page (sorting the lobby once per change)",
                              LobbyQuery()),
                             ("a filtered page, then", LobbyQuery(game="holdem", name="99")),
                             ("its next page", LobbyQuery(game="holdem", name="99", page=2))):
            began = time.process_time()
            answer = pages.answer(rows, query)
            print(f"/api/lobby, {label}: made in {_cpu_ms(began):.1f} ms CPU, "
                  f"{len(answer.plain) / 1e3:.1f} kB ({len(answer.gzipped) / 1e3:.1f} kB "
                  f"gzipped)")
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
