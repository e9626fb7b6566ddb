"""Mixed games: changing the game at a table, and the button across stud.

Stud has no button.  When a rotation leaves the blind games for stud the
button stays where it was; when it comes back, the big blind moves on one
player from where it last was, as if the stud hands had been one deal.  That
is how the televised final table of the 2023 Poker Players Championship
(``wsop/2023/43/5`` of the PHH data set in ``tests/data``) plays: e.g. hold'em ends with Talal
Shakerchi in the small blind and James Obst on the button; after seven hands
of stud, Omaha hi-lo starts with Brian Rast in the small blind and Talal on
the button.

Tournaments change the game by level (the structure says which); cash games
by orbit or every so many hands (:class:`MixedGame`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.table import Positions, Stakes, Table, draw_for_button
from pokerroom.tournament.games import Game, Sizes, rotation, stakes_for


@dataclass(slots=True)
class GameSwitcher:
    """Remembers a table's button while stud is dealt."""

    saved: Positions | None = None

    def switch(self, table: Table, stakes: Stakes, rng: random.Random) -> None:
        """Put ``stakes`` on ``table`` for its next hand (between hands only)."""
        if table.hand is not None:
            raise IllegalActionError(Reason.HAND_IN_PROGRESS, "the game changes only between hands")
        old_stud = table.stakes.game.is_stud
        new_stud = stakes.game.is_stud
        if not old_stud and new_stud:
            self.saved = table.positions
        elif old_stud and not new_stud:
            table.positions = self.saved
            if self.saved is None and table.hands_dealt:
                # The table has only dealt stud: draw for the first button (D5, P1).
                seats = [s for s, p in enumerate(table.players) if p is not None and p.present]
                if len(seats) >= 2:
                    table.first_button = draw_for_button(seats, Deck(rng=rng)).winner
        table.stakes = stakes

    def blind_positions(self, table: Table) -> Positions | None:
        """The positions of the last blind-game hand (during stud, the saved ones)."""
        return self.saved if table.stakes.game.is_stud else table.positions


@dataclass(slots=True)
class MixedGame:
    """A cash-game rotation: ``games`` in turn, each for an orbit (as many hands as
    players were dealt into its first hand) or for ``hands`` hands.  Call
    :meth:`before_hand` before each ``table.start_hand``."""

    games: tuple[Game, ...]
    sizes: Sizes
    per: Literal["orbit", "hands"] = "orbit"
    hands: int = 0
    index: int = 0
    played: int = 0
    target: int = 0
    switcher: GameSwitcher = field(default_factory=GameSwitcher)
    # The table's ``hands_dealt`` at the last :meth:`before_hand` (-1: none yet); kept
    # with the rest when a cash table stores its rotation (server/tables/rotation.py).
    last_dealt: int = -1

    @classmethod
    def of(cls, spec: str | list[str], sizes: Sizes, *, per: Literal["orbit", "hands"] = "orbit",
           hands: int = 0) -> MixedGame:
        """A rotation (``"horse"`` or game keys) at ``sizes``, changing game every orbit or
        every ``hands`` hands; every game is checked playable at those sizes."""
        games = rotation(spec)
        if per == "hands" and hands < 1:
            raise ConfigError("a rotation every so many hands needs hands >= 1")
        for g in games:
            stakes_for(g, sizes, where="sizes")  # every game must be playable
        return cls(games, sizes, per, hands)

    @property
    def game(self) -> Game:
        """The game in play now."""
        return self.games[self.index % len(self.games)]

    def stakes(self) -> Stakes:
        """The table stakes of the game in play, at the event's sizes."""
        return stakes_for(self.game, self.sizes, where="sizes")

    def before_hand(self, table: Table, rng: random.Random) -> Game:
        """Count the hand just played and move to the next game when its turn is over;
        returns the game of the coming hand."""
        if self.last_dealt < 0:
            self.switcher.switch(table, self.stakes(), rng)
        elif table.hands_dealt > self.last_dealt:
            self.played += table.hands_dealt - self.last_dealt
            if self.played >= self.target:
                self.index += 1
                self.played = 0
                self.target = 0
                self.switcher.switch(table, self.stakes(), rng)
        self.last_dealt = table.hands_dealt
        if self.target == 0:
            present = sum(1 for p in table.players if p is not None and p.present)
            self.target = self.hands if self.per == "hands" else max(2, present)
        return self.game
