"""Settling up a home game: who pays whom, from each player's net result.

At the end of a home game the chips are only counters: the players who lost owe
money to the ones who won.  :func:`settle` turns the nets (winnings positive, losses
negative, summing to zero) into transfers, greedily: the one who owes most pays the
one owed most as much as either needs, until everyone is square.  That needs at most
one transfer fewer than the players with a nonzero net, and each player either only
pays or only receives.

>>> for t in settle({"Alice": 150, "Bob": -100, "Carol": -50}):
...     print(t)
Transfer(payer='Bob', payee='Alice', amount=100)
Transfer(payer='Carol', payee='Alice', amount=50)
>>> settle({"Alice": 0})
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pokerroom.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Transfer:
    """``payer`` pays ``amount`` (chips, > 0) to ``payee``."""

    payer: str
    payee: str
    amount: int


def settle(nets: Mapping[str, int]) -> list[Transfer]:
    """The transfers that square every net in ``nets`` (see the module's docstring),
    largest first.  Ties are broken by name, so the same nets always give the same
    transfers.  Refused (:class:`~pokerroom.errors.ConfigError`) when the nets do not
    sum to zero: someone's chips would be unaccounted for."""
    total = sum(nets.values())
    if total != 0:
        raise ConfigError(f"the nets sum to {total}, not 0: every chip won is a chip "
                          "someone lost, so they cannot be settled")
    owed = {name: net for name, net in nets.items() if net > 0}
    owing = {name: -net for name, net in nets.items() if net < 0}
    transfers: list[Transfer] = []
    while owing:
        payer = max(owing, key=lambda n: (owing[n], _reverse(n)))
        payee = max(owed, key=lambda n: (owed[n], _reverse(n)))
        amount = min(owing[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        for book, name in ((owing, payer), (owed, payee)):
            book[name] -= amount
            if not book[name]:
                del book[name]
    return transfers


def _reverse(name: str) -> tuple[int, ...]:
    """A key under which names sort backwards (max picks the first by name)."""
    return (*(-ord(c) for c in name), 1)


RAKE = "(the rake)"
"""Who the chips a rake took are owed to in a settle-up (a name no person's is)."""


def settle_up(rows: list[dict[str, Any]], rake: int, *, closed: bool) -> dict[str, Any]:
    """The table's settle-up from its ledger's rows (each with ``name`` and ``net``;
    :func:`~pokerroom.server.tables.host_tools.ledger_rows`) and its ``rake``: the rows,
    the rake, the chips no net accounts for (``in_play``: a hand being played; then no
    transfers) and the transfers (:func:`settle`)."""
    nets = {r["name"]: r["net"] for r in rows}
    if rake:
        nets[RAKE] = nets.get(RAKE, 0) + rake
    missing = -sum(nets.values())
    transfers = settle(nets) if not missing else []
    return {"closed": closed, "players": rows, "rake": rake, "in_play": missing,
            "transfers": [asdict(t) for t in transfers]}
