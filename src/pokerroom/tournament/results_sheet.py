"""An event's results sheet: every finish with what each player paid in and won.

The sheet a director prints or files after an event (and a league reads its points
from): the places best first (a shared place as a range, P6), the prize of each
(a deal's amounts where one was made, P10), the knockout bounties won, the rebuys
and add-on taken and what the entry paid in all, so that the money adds up: the
prizes are the prize pool, the bounties won are the bounties paid out.

Money is in cents, as everywhere in the room; :func:`results_csv` writes it as
decimal units (``141.50``), which spreadsheets read as numbers.

>>> import random
>>> from pokerroom.tournament import Tournament, structure
>>> t = Tournament(structure("turbo"), rng=random.Random(1))
>>> for name in ("Ann", "Bob"):
...     _ = t.register(name)
>>> result_rows(t)  # not started: no finishes yet
[]
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.tournament.entries import Entry
from pokerroom.tournament.structure import Structure
from pokerroom.tournament.tournament import Tournament

__all__ = ["CSV_COLUMNS", "ResultRow", "paid_in", "result_rows", "results_csv"]


def paid_in(s: Structure, e: Entry) -> int:
    """What one entry put in, in cents: its buy-in, bounty and fee, rebuys and add-on."""
    return (s.buy_in + s.bounty + s.fee + e.rebuys * (s.rebuy.price if s.rebuy else 0)
            + (s.add_on.price if s.add_on and e.add_on else 0))


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One entry's finish: ``place``-``place_to`` (equal unless shared), the money in
    cents it won (``prize``, ``bounties``) and ``paid_in``."""

    entry: int
    name: str
    place: int
    place_to: int
    prize: int
    bounties: int
    rebuys: int
    add_on: bool
    paid_in: int
    disqualified: bool = False

    @property
    def net(self) -> int:
        """Won (prize and bounties) less paid in, in cents."""
        return self.prize + self.bounties - self.paid_in

    def to_json(self) -> dict[str, Any]:
        """The row as the room's API gives it (money in cents, ``net`` included)."""
        return {"entry": self.entry, "name": self.name, "place": self.place,
                "place_to": self.place_to, "prize": self.prize, "bounties": self.bounties,
                "rebuys": self.rebuys, "add_on": self.add_on, "paid_in": self.paid_in,
                "net": self.net, "disqualified": self.disqualified}

    @property
    def place_text(self) -> str:
        """``"3"``, or a shared place as ``"2-3"``."""
        return str(self.place) if self.place == self.place_to else f"{self.place}-{self.place_to}"


def result_rows(t: Tournament) -> list[ResultRow]:
    """Every finish of ``t`` so far, best first (the winner once it is over); empty
    before the start."""
    if not t.started:
        return []
    s = t.structure
    rows = []
    for f in t.results():
        e = t.entries[f.entry]
        rows.append(ResultRow(
            entry=f.entry, name=e.label, place=f.place, place_to=f.place_to, prize=f.prize,
            bounties=t.bounties.won.get(f.entry, 0), rebuys=e.rebuys, add_on=e.add_on,
            paid_in=paid_in(s, e), disqualified=f.disqualified))
    return rows


CSV_COLUMNS = ("place", "name", "entry", "prize", "bounties", "rebuys", "add_on", "paid_in",
               "net", "disqualified")
"""The columns of :func:`results_csv`: money as decimal units, ``add_on`` and
``disqualified`` as ``yes``/``no``."""


def _units(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}.{rest:02d}"


def results_csv(rows: Sequence[ResultRow]) -> str:
    """The sheet as CSV, one row per finish in the order given.

    >>> row = ResultRow(4, "Cy", 2, 3, 14150, 500, 1, False, 3000)
    >>> print(results_csv([row]), end="")
    place,name,entry,prize,bounties,rebuys,add_on,paid_in,net,disqualified
    2-3,Cy,4,141.50,5.00,1,no,30.00,116.50,no
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in rows:
        writer.writerow([r.place_text, r.name, r.entry, _units(r.prize), _units(r.bounties),
                         r.rebuys, "yes" if r.add_on else "no", _units(r.paid_in),
                         _units(r.net), "yes" if r.disqualified else "no"])
    return out.getvalue()
