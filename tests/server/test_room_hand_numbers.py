"""Hand numbers unique across the room (issue 28): a real ``pokerroom serve`` with two
tables of bots; every table counts its hands from 1 (the table's log, the list's
``number``, the routes' ``/hands/N``), while the downloads carry the room's number
(``room_number``), so two tables' histories imported together lose no hand."""

from __future__ import annotations

import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokerroom.cli import main
from pokerroom.history.phh import load
from tests.server.serving import bot_tables, call, served_room

HANDS_PER_TABLE = 4


def _get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
        text: str = answer.read().decode()
        return text


def _finished(port: int, table: str) -> list[dict[str, Any]]:
    """The table's first finished hands, oldest first, once it has dealt enough."""
    deadline = time.monotonic() + 60
    while True:
        rows = [h for h in call(port, f"/api/tables/{table}/hands?limit=100")
                if h["status"] == "finished"]
        if len(rows) >= HANDS_PER_TABLE or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert len(rows) >= HANDS_PER_TABLE, rows
    return sorted(rows, key=lambda h: h["number"])[:HANDS_PER_TABLE]


def test_two_tables_downloads_number_every_hand_once_and_import_keeps_them_all(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with served_room(tmp_path) as port:
        tables = bot_tables(port, (("holdem", "no_limit"), ("holdem", "no_limit")))
        rows = {table: _finished(port, table) for table in tables}
        texts = []
        for table, hands in rows.items():
            # Each table counts its own hands: both have a hand 1, 2, 3, 4.
            assert [h["number"] for h in hands] == list(range(1, HANDS_PER_TABLE + 1))
            for h in hands:
                text = _get(port, f"/api/tables/{table}/hands/{h['number']}.txt")
                assert text.startswith(f"PokerStars Hand #{h['room_number']}: "), text
                replay = call(port, f"/api/tables/{table}/hands/{h['number']}/replay")
                assert (replay["number"], replay["room_number"]) == (
                    h["number"], h["room_number"])
                phh = _get(port, f"/api/tables/{table}/hands/{h['number']}.phh")
                assert f"\nhand = {h['room_number']}\n" in phh, phh
                texts.append(text)
    numbers = [h["room_number"] for hands in rows.values() for h in hands]
    assert len(set(numbers)) == len(numbers) == 2 * HANDS_PER_TABLE, numbers

    # A tracker-style import of both tables' downloads in one file keeps every hand,
    # each under its own number.
    source = tmp_path / "session.txt"
    source.write_text("\n\n".join(texts), encoding="utf-8")
    out_dir = tmp_path / "imported"
    assert main(["import", str(source), "-o", str(out_dir)]) == 0, capsys.readouterr()
    assert capsys.readouterr().out.startswith(f"{len(numbers)} hands imported from 1 file")
    written = sorted(p.name for p in out_dir.iterdir())
    assert written == sorted(f"session-{n}.phh" for n in numbers)
    assert sorted(load(out_dir / name)[0].extra["hand"] for name in written) == sorted(numbers)
