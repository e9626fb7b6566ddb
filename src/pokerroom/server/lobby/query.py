"""The lobby as a person looks through it (``GET /api/lobby``): the open tables
filtered by game, betting structure, a free seat and a part of the name, sorted (most
players first, then by name) and one page at a time, with how many tables of each
game are open, for the filter's choices.

A lobby of 10,000 tables is 2.4 MB of rows; a page of them is a few kilobytes.  The
rows come from the tables in this process or, on a worker of many, from the stored
lobby (:mod:`pokerroom.server.lobby.answer`); ``GET /api/tables`` still lists them all.  On a
worker of many, each page is made once per change of the lobby for everyone who asks
for it (:class:`LobbyPages`): nearly everyone asks for the same first page.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import VARIANTS
from pokerroom.server.lobby.answer import LobbyAnswer

PAGE_SIZE = 25
"""Tables on a page unless the request asks for another size."""
MAX_PAGE_SIZE = 100
MAX_NAME_FILTER = 60
"""The longest name filter (a table's name is at most 60 characters)."""


@dataclass(frozen=True, slots=True)
class LobbyQuery:
    """Which tables to show: ``game`` (a game's key, e.g. ``holdem``), ``structure``
    (``no_limit``, ``pot_limit``, ``fixed_limit``, ``spread_limit``), ``open_seat``
    (only tables with a seat free), ``name`` (a part of the table's name, any case);
    then page ``page`` (from 1) of ``size`` tables."""

    game: str | None = None
    structure: str | None = None
    open_seat: bool = False
    name: str = ""
    page: int = 1
    size: int = PAGE_SIZE

    def __post_init__(self) -> None:
        if self.game is not None and self.game not in VARIANTS:
            raise ConfigError(f"unknown game {self.game!r}; known games: "
                              f"{', '.join(sorted(VARIANTS))}")
        structures = [s.value for s in Structure]
        if self.structure is not None and self.structure not in structures:
            raise ConfigError(f"unknown betting structure {self.structure!r}; known: "
                              f"{', '.join(structures)}")
        if len(self.name) > MAX_NAME_FILTER:
            raise ConfigError(f"a name filter is at most {MAX_NAME_FILTER} characters "
                              f"(this is {len(self.name)})")
        if self.page < 1:
            raise ConfigError(f"pages are numbered from 1, got {self.page}")
        if not 1 <= self.size <= MAX_PAGE_SIZE:
            raise ConfigError(f"a page holds 1 to {MAX_PAGE_SIZE} tables, got {self.size}")

    @property
    def filtered(self) -> bool:
        """Whether any filter is set (else every table passes)."""
        return (self.game is not None or self.structure is not None or self.open_seat
                or bool(self.name))

    def matches(self, row: dict[str, Any]) -> bool:
        """Whether the lobby row ``row`` passes every filter."""
        return ((self.game is None or row["game"] == self.game)
                and (self.structure is None or row["structure"] == self.structure)
                and (not self.open_seat or row["players"] < row["seats"])
                and (not self.name or self.name.casefold() in row["name"].casefold()))


@dataclass(frozen=True, slots=True)
class LobbyRows:
    """The lobby's rows in the order its pages show them (tables in play first, then
    the paused and idle ones; most players first, then by name), with the whole
    lobby's counts: made once per change of the rows, so that a page costs one pass of
    its filters (:func:`lobby_page`).  ``players`` counts every seat taken, bots too
    (a row's ``bots`` says how many); ``life`` is the table's state
    (:class:`~pokerroom.server.tables.life.TableLife`)."""

    rows: list[dict[str, Any]]
    seated: int
    games: list[dict[str, Any]]  # each game with open tables, most tables first

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> LobbyRows:
        counts = Counter(row["game"] for row in rows)
        names = {row["game"]: row["game_name"] for row in rows}
        return cls(
            rows=sorted(rows, key=lambda r: (r.get("life", "open") != "open", -r["players"],
                                             r["name"].casefold(), r["id"])),
            seated=sum(row["players"] for row in rows),
            games=[{"game": key, "game_name": names[key], "tables": n}
                   for key, n in sorted(counts.items(), key=lambda e: (-e[1], names[e[0]]))])


def lobby_page(lobby: LobbyRows, query: LobbyQuery) -> dict[str, Any]:
    """The page ``query`` asks for of the lobby.  A page past the last (the tables it
    showed have closed since) is the last page, and says so in ``page``.

    ``tables``: this page's rows; ``total``/``pages``: the tables that pass the
    filters and their pages; ``open_tables``/``seated``: the whole lobby's counts;
    ``games``: each game with open tables (key, name, how many), most tables first.
    """
    matched = [row for row in lobby.rows if query.matches(row)] if query.filtered else lobby.rows
    pages = max(1, -(-len(matched) // query.size))
    page = min(query.page, pages)
    start = (page - 1) * query.size
    return {
        "tables": matched[start:start + query.size],
        "total": len(matched),
        "page": page,
        "pages": pages,
        "size": query.size,
        "open_tables": len(lobby.rows),
        "seated": lobby.seated,
        "games": lobby.games,
    }


class LobbyPages:
    """The answers made since the lobby's rows last changed, by query: ``rows`` is the
    same list until they change (:meth:`pokerroom.server.lobby.answer.StoredLobby.rows`).
    At most ``keep`` of them; past that, all are forgotten."""

    def __init__(self, *, keep: int = 64) -> None:
        self.keep = keep
        self._rows: list[dict[str, Any]] | None = None
        self._lobby: LobbyRows | None = None
        self._answers: dict[LobbyQuery, LobbyAnswer] = {}
        self._lock = threading.Lock()

    def answer(self, rows: list[dict[str, Any]], query: LobbyQuery) -> LobbyAnswer:
        with self._lock:
            if rows is not self._rows:
                self._rows, self._lobby = rows, LobbyRows.of(rows)
                self._answers.clear()
            made = self._answers.get(query)
            if made is None:
                if len(self._answers) >= self.keep:
                    self._answers.clear()
                assert self._lobby is not None
                made = self._answers[query] = LobbyAnswer(lobby_page(self._lobby, query))
            return made
