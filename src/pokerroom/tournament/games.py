"""Games by name and mixed-game rotations (HORSE, eight-game, the PPC nine-game).

A *game* is a variant with its betting structure ("pot-limit Omaha").  A level
of a structure (or the sizes of a cash game) carries numbers for every kind of
game it may be used with: blinds for the big-bet games, limits for the limit
games, ante and bring-in for stud.  :func:`stakes_for` picks the ones a game
needs and builds the table's :class:`~pokerroom.table.Stakes`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import Variant, variant
from pokerroom.table import Stakes


@dataclass(frozen=True, slots=True)
class Game:
    """One poker game: a variant dealt under one betting structure."""

    key: str
    name: str
    variant_key: str
    structure: Structure

    @property
    def variant(self) -> Variant:
        """The hand engine's game definition."""
        return variant(self.variant_key)

    @property
    def is_stud(self) -> bool:
        """True for the stud games (antes and a bring-in instead of blinds)."""
        return self.variant.is_stud

    @property
    def is_limit(self) -> bool:
        """True for fixed-limit betting."""
        return self.structure.is_limit

    @property
    def uses_button(self) -> bool:
        """Blind games have a button; stud has none (the bring-in starts the action)."""
        return not self.is_stud


def _g(key: str, name: str, variant_key: str, structure: Structure) -> Game:
    return Game(key, name, variant_key, structure)


NL, PL, FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT

GAMES: dict[str, Game] = {
    g.key: g
    for g in (
        _g("nlhe", "No-limit hold'em", "holdem", NL),
        _g("plhe", "Pot-limit hold'em", "holdem", PL),
        _g("lhe", "Limit hold'em", "holdem", FL),
        _g("plo", "Pot-limit Omaha", "omaha", PL),
        _g("plo5", "Five-card pot-limit Omaha", "omaha5", PL),
        _g("plo8", "Pot-limit Omaha hi-lo", "omaha_hilo", PL),
        _g("o8", "Omaha hi-lo eight or better", "omaha_hilo", FL),
        _g("stud", "Seven-card stud", "stud", FL),
        _g("stud8", "Seven-card stud hi-lo eight or better", "stud_hilo", FL),
        _g("razz", "Razz", "razz", FL),
        _g("27td", "Deuce-to-seven triple draw", "deuce_seven_triple", FL),
        _g("nl27sd", "No-limit deuce-to-seven single draw", "deuce_seven_single", NL),
        _g("a5td", "Ace-to-five triple draw", "ace_five_triple", FL),
        _g("badugi", "Badugi", "badugi", FL),
        _g("short_deck", "Short-deck hold'em", "short_deck", NL),
    )
}

ROTATIONS: dict[str, tuple[str, ...]] = {
    "horse": ("lhe", "o8", "razz", "stud", "stud8"),
    "hose": ("lhe", "o8", "stud", "stud8"),
    # The WSOP eight-game mix, in its usual order.
    "eight_game": ("27td", "lhe", "o8", "razz", "stud", "stud8", "nlhe", "plo"),
    # The 2023 Poker Players Championship, as played at its televised final table
    # (wsop/2023/43/5 of the PHH data set in tests/data, in time order).
    "nine_game": ("nlhe", "stud", "o8", "razz", "plo", "lhe", "nl27sd", "stud8", "27td"),
}


def game(key: str) -> Game:
    """Look a game up by key, with an error listing the known ones."""
    try:
        return GAMES[key]
    except KeyError:
        raise ConfigError(
            f"unknown game {key!r}; known games: {', '.join(sorted(GAMES))}"
        ) from None


def rotation(spec: str | tuple[str, ...] | list[str]) -> tuple[Game, ...]:
    """A rotation by name (``"horse"``) or as a list of game keys (custom)."""
    if isinstance(spec, str):
        if spec in ROTATIONS:
            return tuple(game(k) for k in ROTATIONS[spec])
        return (game(spec),)
    if not spec:
        raise ConfigError("a rotation needs at least one game")
    return tuple(game(k) for k in spec)


class Sizes(Protocol):
    """What :func:`stakes_for` reads from a level (or a cash game's sizes)."""

    @property
    def small_blind(self) -> int:
        """The small blind (blind games)."""
    @property
    def big_blind(self) -> int:
        """The big blind (blind games)."""
    @property
    def ante(self) -> int:
        """Each player's ante in blind games (or the big blind's, with ``big_blind_ante``)."""
    @property
    def big_blind_ante(self) -> bool:
        """True when the big blind posts the whole table's ante (F7)."""
    @property
    def small_bet(self) -> int:
        """Fixed limit and stud: the small bet."""
    @property
    def big_bet(self) -> int:
        """Fixed limit and stud: the big bet."""
    @property
    def limit_small_blind(self) -> int:
        """Limit blind games: the small blind (0: half the big blind)."""
    @property
    def limit_big_blind(self) -> int:
        """Limit blind games: the big blind (0: the small bet)."""
    @property
    def stud_ante(self) -> int:
        """Stud: each player's ante."""
    @property
    def bring_in(self) -> int:
        """Stud: the bring-in."""


def stakes_for(g: Game, sizes: Sizes, *, where: str = "level") -> Stakes:
    """The table stakes of game ``g`` at these sizes.

    - big-bet blind games (no limit, pot limit): ``small_blind``/``big_blind`` and
      the ``ante`` (a big-blind ante when ``big_blind_ante``, F7);
    - limit blind games: the limits ``small_bet``/``big_bet``, with blinds
      ``limit_small_blind``/``limit_big_blind`` (default half the small bet and the
      small bet), no ante;
    - stud: the limits, ``stud_ante`` and ``bring_in``.

    ``where`` names the level in error messages ("levels[3]").
    """
    if g.is_stud:
        if sizes.small_bet <= 0 or sizes.big_bet < sizes.small_bet:
            raise ConfigError(
                f"{where}: {g.key} needs the limits small_bet > 0 and big_bet >= small_bet, "
                f"got {sizes.small_bet}/{sizes.big_bet}"
            )
        if sizes.bring_in <= 0:
            raise ConfigError(f"{where}: {g.key} needs bring_in > 0, got {sizes.bring_in}")
        return Stakes.of(
            g.variant_key, g.structure, ante=sizes.stud_ante, bring_in=sizes.bring_in,
            small_bet=sizes.small_bet, big_bet=sizes.big_bet,
        )
    if g.is_limit:
        if sizes.small_bet <= 0 or sizes.big_bet < sizes.small_bet:
            raise ConfigError(
                f"{where}: {g.key} needs the limits small_bet > 0 and big_bet >= small_bet, "
                f"got {sizes.small_bet}/{sizes.big_bet}"
            )
        bb = sizes.limit_big_blind or sizes.small_bet
        sb = sizes.limit_small_blind or bb // 2
        if not 0 < sb <= bb:
            raise ConfigError(
                f"{where}: {g.key} blinds must satisfy 0 < limit_small_blind <= "
                f"limit_big_blind, got {sb}/{bb}"
            )
        return Stakes.of(
            g.variant_key, g.structure, small_blind=sb, big_blind=bb,
            small_bet=sizes.small_bet, big_bet=sizes.big_bet,
        )
    if not 0 < sizes.small_blind <= sizes.big_blind:
        raise ConfigError(
            f"{where}: {g.key} needs blinds 0 < small_blind <= big_blind, got "
            f"{sizes.small_blind}/{sizes.big_blind}"
        )
    return Stakes.of(
        g.variant_key, g.structure, small_blind=sizes.small_blind,
        big_blind=sizes.big_blind, ante=sizes.ante, big_blind_ante=sizes.big_blind_ante,
    )
