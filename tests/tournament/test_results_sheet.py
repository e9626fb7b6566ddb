"""The results sheet (pokerroom.tournament.results_sheet): every finish once, the
money adding up (P6, P10), and the CSV a spreadsheet reads back to the cent."""

from __future__ import annotations

import csv
import io
import random
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.tournament import AddOn, Rebuy
from pokerroom.tournament.places import Finish
from pokerroom.tournament.results_sheet import (
    CSV_COLUMNS,
    ResultRow,
    paid_in,
    result_rows,
    results_csv,
)
from pokerroom.tournament.simulate import check_places, simulate
from tests.tournament.conftest import small_structure, tournament


@settings(max_examples=15, deadline=None, derandomize=True)
@given(players=st.integers(2, 14), bounty=st.integers(0, 5_000), seed=st.integers(0, 10**6),
       fee=st.integers(0, 3_000), rebuys=st.booleans())
def test_P6_P10_the_sheet_places_everyone_once_and_the_money_adds_up(
        players: int, bounty: int, seed: int, fee: int, rebuys: bool) -> None:
    """A finished event's sheet: one row per entry, the places 1 to N each given once
    (a shared place to as many as share it), the prizes add up to the pool, the
    bounties won to the bounties paid in, the money paid in to what the players paid;
    the CSV says the same in decimal units."""
    changes: dict[str, object] = {"bounty": bounty, "fee": fee}
    if rebuys:
        changes.update(rebuy=Rebuy(1000, 100, last_level=3),
                       add_on=AddOn(1500, 100, after_level=3))
    s = small_structure(**changes)
    t, _ = simulate(s, players, rng=random.Random(seed), rebuy_rate=0.5)
    assert t.finished
    rows = result_rows(t)
    assert sorted(r.entry for r in rows) == sorted(t.entries)
    check_places([Finish(r.entry, r.place, r.place_to, r.prize, r.disqualified) for r in rows],
                 len(t.entries), t.prize_pool())
    assert [r.place for r in rows] == sorted(r.place for r in rows)  # best first
    assert sum(r.prize for r in rows) == t.prize_pool()
    assert sum(r.bounties for r in rows) == len(t.entries) * bounty
    assert sum(r.paid_in for r in rows) == sum(paid_in(s, e) for e in t.entries.values())
    for r in rows:
        e = t.entries[r.entry]
        assert (r.name, r.rebuys, r.add_on) == (e.label, e.rebuys, e.add_on)
        assert r.net == r.prize + r.bounties - r.paid_in

    read = list(csv.DictReader(io.StringIO(results_csv(rows))))
    assert len(read) == len(rows)
    for r, line in zip(rows, read, strict=True):
        assert tuple(line) == CSV_COLUMNS
        assert line["name"] == r.name and int(line["entry"]) == r.entry
        assert line["place"] == (str(r.place) if r.place == r.place_to
                                 else f"{r.place}-{r.place_to}")
        for column in ("prize", "bounties", "paid_in", "net"):
            assert Decimal(line[column]) * 100 == getattr(r, column), (column, line)
        assert line["add_on"] == ("yes" if r.add_on else "no")


def test_a_running_event_lists_only_those_out_and_none_before_the_start() -> None:
    t = tournament(6)
    assert result_rows(t) == []
    t.start()
    assert result_rows(t) == []  # nobody out yet
    out = t.alive()[0].label
    t.disqualify(out)
    rows = result_rows(t)
    assert [(r.name, r.place, r.disqualified, r.prize) for r in rows] == [(out, 6, True, 0)]


def test_a_name_with_a_comma_or_quote_survives_the_csv() -> None:
    t = tournament(3)
    t.start()
    assert result_rows(t) == []
    tricky = ResultRow(1, 'Ann "the rock", Jr.', 1, 1, 10_00, 0, 0, False, 5_00)
    back = next(csv.DictReader(io.StringIO(results_csv([tricky]))))
    assert back["name"] == 'Ann "the rock", Jr.'
    assert back["net"] == "5.00"
