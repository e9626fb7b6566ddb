"""A cash table that deals mixed games: HORSE, 8-game or the host's own list, the game
changing every orbit or every so many hands (the host's choice at creation).

The rotation itself is the tournament library's :class:`~pokerroom.tournament.mixed.
MixedGame` (the same one a mixed event's tables use): this part of the table's actor
holds it, calls it before each deal, says in the log when the game changes, stores it
beside the table (the snapshot's ``room`` extras: a restart carries on mid-rotation)
and says in the state which game is dealt, how many hands of it are left and which
game comes next.

The button across stud is the library's (:class:`~pokerroom.tournament.mixed.
GameSwitcher`): stud has no button, so it stays where it was while stud is dealt, and
the next blind game moves it on one seat as if the stud hands had been one deal (T1);
a table that has dealt only stud draws for its first button (D5).  The catalogue has
no rule of its own for rotations.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Literal

from pokerroom.errors import ConfigError
from pokerroom.table import Positions, Stakes, Table, TableOptions
from pokerroom.tournament.games import GAMES, ROTATIONS, Game, rotation, stakes_for
from pokerroom.tournament.mixed import MixedGame
from pokerroom.tournament.structure import Level

Every = Literal["orbit", "hands"]

# The named rotations, as the page and the log call them.
ROTATION_NAMES: dict[str, str] = {"horse": "HORSE", "hose": "HOSE", "eight_game": "8-game",
                                  "nine_game": "9-game"}
MAX_GAMES = 20  # a custom rotation's length


def mixed_sizes(*, small_blind: int, big_blind: int, small_bet: int, big_bet: int,
                ante: int, bring_in: int) -> Level:
    """The sizes every game of a rotation is dealt at, from the table form's fields:
    the blinds for the big-bet games; the limits (default the big blind and twice it)
    for the limit games, whose blinds are half the small bet and the small bet; for
    stud the limits, ``ante`` (default half the small blind, at least 1) and
    ``bring_in`` (default the small blind)."""
    small = small_bet or big_blind
    return Level(0, small_blind=small_blind, big_blind=big_blind, small_bet=small,
                 big_bet=big_bet or 2 * small, stud_ante=ante or max(1, small_blind // 2),
                 bring_in=bring_in or max(1, small_blind))


def rotation_games(spec: str | list[str]) -> tuple[Game, ...]:
    """The games of a rotation named (``"horse"``) or listed (game keys); ConfigError
    saying what is allowed."""
    if isinstance(spec, str) and spec not in ROTATIONS:
        raise ConfigError(f"unknown rotation {spec!r}: choose one of "
                          f"{', '.join(ROTATIONS)} or list the games ({', '.join(GAMES)})")
    if isinstance(spec, list) and not 2 <= len(spec) <= MAX_GAMES:
        raise ConfigError(f"a rotation of your own lists 2 to {MAX_GAMES} games, "
                          f"got {len(spec)}")
    return rotation(spec)


@dataclass(slots=True)
class TableRotation:
    """The table's rotation, or none (``mixed`` None: one game all along)."""

    mixed: MixedGame | None = None
    name: str = ""  # a named rotation's key ("horse"); "" for the host's own list

    @classmethod
    def create(cls, spec: str | list[str], sizes: Level, *, every: Every, hands: int,
               seats: int, options: TableOptions, stud_seats: int) -> TableRotation:
        """A rotation for a new table of ``seats`` seats with these house ``options``:
        every game must be playable at ``sizes`` with them, and a rotation with stud
        seats at most ``stud_seats``.  ConfigError naming the game otherwise."""
        games = rotation_games(spec)
        stud = [g for g in games if g.is_stud]
        if stud and seats > stud_seats:
            raise ConfigError(f"{stud[0].name} deals at most {stud_seats} players (seven "
                              f"cards each from 52): a rotation with stud takes 2 to "
                              f"{stud_seats} seats")
        mixed = MixedGame.of([g.key for g in games], sizes, per=every, hands=hands)
        for g in games:
            try:
                options.check_game(stakes_for(g, sizes))
            except ConfigError as exc:
                raise ConfigError(f"{g.name}: {exc}") from None
        return cls(mixed, spec if isinstance(spec, str) else "")

    @property
    def title(self) -> str:
        """"HORSE", or "Mixed games" for the host's own list."""
        return ROTATION_NAMES.get(self.name, "Mixed games")

    def stakes(self) -> Stakes:
        """The stakes of the game dealt now (a new table's)."""
        assert self.mixed is not None
        return self.mixed.stakes()

    # ------------------------------------------------------------ before each deal

    def before_hand(self, table: Table, rng: random.Random) -> str | None:
        """Count the hand just played and change the game when its turn is over (the
        button frozen across stud: the library's); returns the log's line when the
        game changes, else None."""
        mixed = self.mixed
        if mixed is None:
            return None
        was = mixed.game if mixed.last_dealt >= 0 else None
        game = mixed.before_hand(table, rng)
        if game == was:
            return None
        line = f"{self.title}: {game.name}"
        if was is not None:
            line = f"{self.title}: the game changes from {was.name} to {game.name}"
        if mixed.per == "orbit":
            line += f" for an orbit ({mixed.target} hands)"
        else:
            line += f" for {mixed.target} hand{'' if mixed.target == 1 else 's'}"
        return line + (" (no button in stud: it stays where it is)" if game.is_stud else "")

    # ------------------------------------------------------------ what everyone sees

    def view(self, table: Table) -> dict[str, Any] | None:
        """The state's ``rotation``: its name and games, how it changes, the game
        dealt now (during a hand, or the last one dealt), ``left``: the hands of it
        still to deal after this one (None before the first deal of an orbit's game:
        an orbit is as many hands as players are dealt into its first), and the game
        that comes next.  None for a table of one game."""
        mixed = self.mixed
        if mixed is None:
            return None
        game, following = mixed.game, mixed.games[(mixed.index + 1) % len(mixed.games)]
        if mixed.last_dealt < 0:
            done = 0
        elif table.hand is not None:
            done = mixed.played + 1
        else:
            done = mixed.played + table.hands_dealt - mixed.last_dealt
        left = max(0, mixed.target - done) if mixed.target else None
        if mixed.per == "hands" and not mixed.target:
            left = mixed.hands - done
        return {"name": self.title, "games": [g.name for g in mixed.games],
                "every": mixed.per, "hands": mixed.hands,
                "game": {"key": game.key, "name": game.name, "stud": game.is_stud},
                "left": left, "dealt": done,
                "next": {"key": following.key, "name": following.name,
                         "stud": following.is_stud}}

    # ------------------------------------------------------------ stored

    def extras(self) -> dict[str, Any]:
        """What the table's snapshot keeps of the rotation (``{}`` for one game)."""
        mixed = self.mixed
        if mixed is None:
            return {}
        saved = mixed.switcher.saved
        return {"rotation": {
            "name": self.name, "games": [g.key for g in mixed.games],
            "sizes": dataclasses.asdict(mixed.sizes) if isinstance(mixed.sizes, Level) else {},
            "every": mixed.per, "hands": mixed.hands, "index": mixed.index,
            "played": mixed.played, "target": mixed.target, "last_dealt": mixed.last_dealt,
            "saved": dataclasses.asdict(saved) if saved is not None else None}}

    def restore(self, data: dict[str, Any] | None) -> None:
        """Take back what :meth:`extras` stored (a table of one game: nothing)."""
        stored = (data or {}).get("rotation")
        if not stored:
            self.mixed, self.name = None, ""
            return
        mixed = MixedGame.of(list(stored["games"]), Level(**stored["sizes"]),
                             per=stored["every"], hands=int(stored["hands"]))
        mixed.index, mixed.played = int(stored["index"]), int(stored["played"])
        mixed.target, mixed.last_dealt = int(stored["target"]), int(stored["last_dealt"])
        saved = stored.get("saved")
        mixed.switcher.saved = Positions(**saved) if saved else None
        self.mixed, self.name = mixed, str(stored.get("name", ""))
