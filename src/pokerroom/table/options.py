"""Stakes and house options of a table (T5, T7, T8, T10, T11, T12, T14, F7, F10, F11, F12,
B5, B9, B15, D5, S11)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Literal

from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import Variant, variant

_LOWBALL_RANKINGS = ("deuce_seven_low", "a5_low")
MAX_STUD_PLAYERS = 8  # I9: eight take 52 cards to sixth street (six each, four burns)
MAX_STRADDLE_MULTIPLE = 10  # F11: the largest straddle a house may set, in big blinds


class ButtonMethod(Enum):
    """How the button and blinds move when players come and go (T2-T4)."""

    DEAD_BUTTON = "no_missed_blinds"  # T2: the big blind goes to whoever is due it
    MOVING_BUTTON = "no_dead_button"  # T3: the button always moves to an active player
    SIMPLIFIED = "simplified"  # T4: button and blinds to the next active players
    # T3, T4 (ENC's "moving button"): placed as simplified; a player present whom a
    # blind skipped pays it later, one a deal, the biggest first (table/skipped.py).
    SKIPPED_BLINDS_PAID = "skipped_blinds_paid"


@dataclass(frozen=True, slots=True)
class Stakes:
    """The game played at a table and its sizes.

    Blind games use ``small_blind``/``big_blind`` (``big_blind_ante``: the big
    blind pays ``ante`` for the table, F7; ``button_ante``: the button pays ``ante``
    for each player dealt in, F1, ENC), and ``button_blind`` for three blinds
    (F3, ENC: "the first blind goes on the button"; 0, the default, for two); stud
    uses ``ante`` and ``bring_in``.
    Fixed limit bets are ``small_bet``/``big_bet`` (default: the big blind and
    twice it); no and pot limit's smallest bet is the big blind (B8).  House
    options of the betting: ``raise_cap`` (B5, limit games; None for no cap) and
    ``open_pair_double`` (B15: fixed-limit seven-card stud only, where an open
    pair on fourth street lets a player bet the big bet) and ``full_bring_in``
    (F10: fixed-limit stud whose bring-in is the whole small bet: ``"live"``, the
    default, gives the bring-in the option like a blind; ``"raise"`` lets it come
    in for a raise at once; see :class:`~pokerroom.rules.config.HandConfig`) and
    ``limit_short_raise`` (B9, TDA 47-B: fixed limit, the next raise after an all-in of
    at least half a bet: ``"full_bet_over"``, the default, a full bet on top of it, or
    ``"complete"``, to the next full bet level).
    """

    game: Variant
    structure: Structure
    small_blind: int = 0
    big_blind: int = 0
    button_blind: int = 0  # F3 (ENC): a third blind, posted by the button
    ante: int = 0
    big_blind_ante: bool = False
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_bet: int = 0
    raise_cap: int | None = 4
    open_pair_double: bool = False
    full_bring_in: Literal["live", "raise"] = "live"
    limit_short_raise: Literal["full_bet_over", "complete"] = "full_bet_over"
    # F1 (ENC): "one of the players, normally the dealer, pay[s] for everyone": the
    # button antes ``ante`` for each player dealt in (a dead button deal has no ante).
    button_ante: bool = False

    def __post_init__(self) -> None:
        if self.game.is_stud:
            if self.bring_in <= 0 or self.small_bet <= 0:
                raise ConfigError("stud needs bring_in > 0 and small_bet > 0")
            if self.structure is Structure.FIXED_LIMIT and self.bring_in > self.small_bet:
                raise ConfigError(
                    f"a bring-in of {self.bring_in} is more than the small bet of "
                    f"{self.small_bet}: in fixed limit the bring-in is at most the small "
                    "bet (F10)")
        elif not 0 <= self.small_blind <= self.big_blind or self.big_blind <= 0:
            raise ConfigError(
                f"blinds must satisfy 0 <= small_blind <= big_blind and big_blind > 0, got "
                f"{self.small_blind}/{self.big_blind}"
            )
        if self.button_blind and (self.game.is_stud or not
                                  0 < self.button_blind <= self.small_blind):
            raise ConfigError(
                f"button_blind {self.button_blind}: a third blind, on the button (F3, ENC), "
                "is for blind games and at most the small blind (blinds grow clockwise from "
                f"the button), here 0 to {self.small_blind}")
        if self.full_bring_in not in ("live", "raise"):
            raise ConfigError(
                f"full_bring_in is 'live' or 'raise' (F10), got {self.full_bring_in!r}")
        if self.limit_short_raise not in ("full_bet_over", "complete"):
            raise ConfigError(
                "limit_short_raise is 'full_bet_over' or 'complete' (B9, TDA 47-B), got "
                f"{self.limit_short_raise!r}")
        if self.ante < 0:
            raise ConfigError(f"the ante cannot be negative, got {self.ante}")
        if self.button_ante and (self.game.is_stud or self.big_blind_ante or self.ante <= 0):
            raise ConfigError(
                "button_ante: the button pays the ante for everyone dealt in (F1, ENC); it "
                "needs a blind game with an ante > 0 and no big-blind ante (F7), got "
                f"{self.game.name}, ante {self.ante}, big_blind_ante {self.big_blind_ante}")
        if self.raise_cap is not None and self.raise_cap < 1:
            raise ConfigError(
                f"raise_cap is at least 1 (a bet) or None for no cap, got {self.raise_cap}")
        game = self.game
        if self.open_pair_double and not (
            game.is_stud and game.low is None and game.high is not None
            and self.structure is Structure.FIXED_LIMIT
        ):
            raise ConfigError(
                "open_pair_double (B15) is for fixed-limit seven-card stud only (never stud "
                f"hi-lo or razz), not {self.structure.value.replace('_', ' ')} {game.name}"
            )

    @classmethod
    def of(cls, game: str, structure: Structure | str, **sizes: int | bool | str | None
           ) -> Stakes:
        """``Stakes.of("holdem", "no_limit", small_blind=1, big_blind=2)``.

        An unknown game, structure or size is a :class:`~pokerroom.errors.ConfigError`
        naming what is allowed."""
        try:
            s = structure if isinstance(structure, Structure) else Structure(structure)
        except ValueError:
            raise ConfigError(
                f"unknown structure {structure!r}; structures: "
                + ", ".join(m.value for m in Structure)) from None
        unknown = sorted(set(sizes) - {f.name for f in fields(cls)} - {"game", "structure"})
        if unknown:
            raise ConfigError(
                f"Stakes has no size {unknown[0]!r}; sizes: "
                + ", ".join(f.name for f in fields(cls) if f.name not in ("game", "structure")))
        stakes = cls(variant(game), s, **sizes)  # type: ignore[arg-type]
        if s is Structure.FIXED_LIMIT and not stakes.small_bet:
            bet = stakes.big_blind
            stakes = cls(variant(game), s, **{**sizes, "small_bet": bet,  # type: ignore[arg-type]
                                              "big_bet": 2 * bet})
        return stakes

    @property
    def is_limit(self) -> bool:
        """True for fixed-limit betting."""
        return self.structure.is_limit

    @property
    def lowball(self) -> bool:
        """Deuce-to-seven or ace-to-five draw: lowball, whose new players post double
        the big blind (RR 4b, T7)."""
        game = self.game
        return game.is_draw and game.high is None and game.low in _LOWBALL_RANKINGS

    @property
    def unit(self) -> int:
        """The big blind of a blind game, the small bet of stud."""
        return self.small_bet if self.game.is_stud else self.big_blind


@dataclass(frozen=True, slots=True)
class TableOptions:
    """House options, with the catalogue's defaults."""

    seats: int = 9
    button_method: ButtonMethod | None = None  # None: T5 default for the game
    tournament: bool = False
    # D5: "high_card", "first_jack" (DB) or "by_seat" (LVH B4: no draw, the button in
    # front of the first player counter-clockwise from the dealer, the highest seat).
    button_draw: Literal["high_card", "first_jack", "by_seat"] = "high_card"
    new_player_must_post: bool = True  # T7 (LVH B17: False at lower limits)
    # T11 (RR 12b, c): in a new game, until the button has gone round once, a new
    # player sits in free and seat changes are free where no blind has passed the
    # seat.  False: LVH B18, the game is established once the first hand is dealt.
    new_game_round: bool = True
    rebuy_as_new_player: bool = False  # T10 (RR 11 default; LVH B19 says True)
    straddle: bool | None = None  # F11: None = on in big-bet games, off in limit (RR 15)
    multiple_straddles: bool = False  # F11: one per deal unless the house allows more
    # F11 / LVH B8(b): the straddle's set size, in big blinds (at least 2; big-bet
    # games only, a limit straddle is a raise).  A further straddle doubles the last.
    straddle_multiple: int = 2
    # T8: how missed blinds are made up.  "by_structure" (LVH B15-B16): limit posts
    # the sum (big blind live, small dead) and not between the blinds; big-bet the big
    # blind only, live, between the blinds too.  "sum" (RR 9, RR 7): every game posts
    # the sum, live up to the big blind, and never between the blinds.  "one_per_hand"
    # (ENC): one blind a hand, the largest first, all live; never between the blinds.
    make_up: Literal["by_structure", "sum", "one_per_hand"] = "by_structure"
    # T12: what a seat change costs.  "relative_position" (RR 13): dealt in at the
    # same distance from the big blind, or post.  "past_three" (LVH B20-B22, $5-$10
    # and up): only a move past three or more active players costs (a big blind, or
    # a small blind for the player who just had the big blind), and the player who
    # just had the small blind or button may let the blinds pass the seats next to
    # the big blind (B21).  "free" (LVH, lower limits): a seat change costs nothing.
    seat_change: Literal["relative_position", "past_three", "free"] = "relative_position"
    kill: Literal["none", "two_pots", "pot_size"] = "none"  # F12
    kill_factor: float = 2.0  # full kill 2x, half kill 1.5x
    kill_pot_size: int = 0  # the pot that triggers a kill with kill="pot_size"
    min_buy_in: int = 0  # T14
    max_buy_in: int = 0  # T14; 0 = no maximum
    run_it_twice: bool = False  # cash games only, when all-in players agree
    bomb_pot_ante: int = 0
    irregularity_procedures: Literal["seed", "tda2024"] = "seed"  # I3-I5, I9 (catalogue)
    bba_order: Literal["ante_first", "blind_first"] = "ante_first"  # F7, P4
    chip_unit: int = 1  # the smallest chip in play, for odd chips (S10, P9)
    rake_percent: float = 0.0  # S11 (cash games)
    rake_cap: int = 0
    no_flop_no_drop: bool = True
    # S4: True turns every hand up at the showdown (cards speak); False lets each
    # player not all-in show or muck in turn (all-in hands are always turned up, S3).
    auto_showdown: bool = True

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise ConfigError(f"a table has 2 to 10 seats, got {self.seats}")
        if self.max_buy_in and self.max_buy_in < self.min_buy_in:
            raise ConfigError(
                f"max_buy_in {self.max_buy_in} is below min_buy_in {self.min_buy_in}"
            )
        if self.kill_factor not in (1.5, 2.0):
            raise ConfigError(f"kill_factor is 2 (full kill) or 1.5 (half kill), got "
                              f"{self.kill_factor}")
        if self.tournament and self.run_it_twice:
            raise ConfigError("running it twice is never allowed in tournaments")
        if self.kill == "pot_size" and self.kill_pot_size <= 0:
            raise ConfigError("kill = 'pot_size' needs kill_pot_size > 0: the pot that "
                              "triggers a kill (F12)")
        if self.kill_pot_size < 0:
            raise ConfigError(f"kill_pot_size cannot be negative, got {self.kill_pot_size}")
        if not 0 <= self.rake_percent < 1:
            raise ConfigError("rake_percent is a fraction of the pot from 0 up to, not "
                              f"including, 1 (0.05 is 5%), got {self.rake_percent}")
        if self.rake_cap < 0:
            raise ConfigError(f"rake_cap cannot be negative (0: no cap), got {self.rake_cap}")
        _one_of("button_draw", self.button_draw, ("high_card", "first_jack", "by_seat"), "D5")
        _one_of("make_up", self.make_up, ("by_structure", "sum", "one_per_hand"), "T8")
        _one_of("seat_change", self.seat_change, ("relative_position", "past_three", "free"),
                "T12")
        if not 2 <= self.straddle_multiple <= MAX_STRADDLE_MULTIPLE:
            raise ConfigError(
                "straddle_multiple is the straddle in big blinds, from 2 (twice the big "
                f"blind, LVH B8b) to {MAX_STRADDLE_MULTIPLE}, got {self.straddle_multiple}")

    def check_game(self, stakes: Stakes) -> None:
        """The options that only some games can use: a kill blind (F12) needs blinds,
        running the board twice needs a board."""
        game = stakes.game
        if self.kill != "none" and game.is_stud:
            raise ConfigError(f"a kill blind (F12) needs a blind game; {game.name} has a "
                              "bring-in")
        if self.run_it_twice and (game.is_stud or game.is_draw):
            raise ConfigError(f"running it twice needs a board: {game.name} has none")
        if self.straddle_multiple != 2 and (game.is_stud or stakes.is_limit):
            raise ConfigError(
                f"straddle_multiple {self.straddle_multiple}: a straddle of other than twice "
                "the big blind needs a no-limit or pot-limit blind game (F11, LVH B8b; in "
                "limit the straddle is a raise, twice the big blind)")

    def method_for(self, stakes: Stakes) -> ButtonMethod:
        """T5: tournaments and limit games use No Missed Blinds; big-bet cash games
        No Dead Button."""
        if self.button_method is not None:
            return self.button_method
        if self.tournament or stakes.is_limit:
            return ButtonMethod.DEAD_BUTTON
        return ButtonMethod.MOVING_BUTTON

    def straddle_allowed(self, stakes: Stakes) -> bool:
        """F11: the house's ``straddle`` choice, else allowed in every game but fixed limit."""
        if self.straddle is not None:
            return self.straddle
        return not stakes.is_limit


def _one_of(name: str, value: object, allowed: tuple[str, ...], rule: str) -> None:
    """A house option's value is one of ``allowed``, else a ConfigError naming them."""
    if value not in allowed:
        raise ConfigError(f"{name} is one of {', '.join(repr(a) for a in allowed)} ({rule}), "
                          f"got {value!r}")
