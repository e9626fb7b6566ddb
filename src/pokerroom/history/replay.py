"""Replay PHH hand histories through the hand engine and check the result.

Each history becomes a :class:`HandConfig` and a list of engine actions; the
engine deals nothing itself (the history's ``d dh``/``d db`` entries are the
dealer), so unknown cards (``????``) are fine until a showdown needs them.

Decisions about real-world files, documented here and in the README:

- A history that deals the next street while some players still owe an action
  (the 2019 WSOP file leaves out the button's fold) is repaired: those players
  fold if they face a bet and check if they don't.  The result carries a note.
- A check recorded after the betting round is over (PokerKit lets the big
  blind, or short deck's button blind, check when every other player is all-in
  or has folded; pokerroom's dealer is already dealing, B1) is accepted and
  changes nothing.  The other way round, a check the history leaves out
  where nobody could bet against the player (PokerKit does not ask the big
  blind whose opponents are all-in for less, nor a live post facing only
  all-in blinds) is made for him, before the dealer's next entry or the next
  player's action.  Neither is a repair: no note.
- A fixed-limit raise that pokerroom wrote as the full raise with the comment
  ``pokerroom raised to N, ...`` (``export``) is played to N again, as the
  engine played it; the chips are the same either way (B12).
- Stacks are compared exactly, except that a recorded stack with a fraction of
  a chip (eight Pluribus split pots record the odd chip split in half) must be
  within one chip.
- ``ante_trimming_status`` needs no special case: antes are part of what a
  player put in, so a short ante only ever contests the pots it matched (S1).
- A bet or raise that nobody else could call (every opponent all-in or able at
  most to call all-in), which the engine refuses (B3, ``raise_uncallable``), is
  accepted as recorded (:meth:`Hand.act_recorded`): pokerroom wrote such raises
  before the rule, and what nobody called goes back anyway (B12).  The result
  carries a note.  None of the 10,089 hands of the PHH data set has one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from os import PathLike
from typing import Final, cast

from pokerroom.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    PokerError,
    UnknownCardsError,
)
from pokerroom.history._bounded import keep
from pokerroom.history.phh import HandHistory, PhhAction, iter_names, load
from pokerroom.rules.actions import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    Show,
)
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import BetReturned, PotAwarded
from pokerroom.rules.fastinit import fast_init
from pokerroom.rules.legal import BETTING, COMPLETE, SHOWDOWN
from pokerroom.rules.variants import variant

# PHH variant code -> (our variant key, betting structure)
PHH_VARIANTS: dict[str, tuple[str, Structure]] = {
    "NT": ("holdem", Structure.NO_LIMIT),
    "PT": ("holdem", Structure.POT_LIMIT),
    "FT": ("holdem", Structure.FIXED_LIMIT),
    "NS": ("short_deck", Structure.NO_LIMIT),
    "NO": ("omaha", Structure.NO_LIMIT),
    "PO": ("omaha", Structure.POT_LIMIT),
    "FO": ("omaha", Structure.FIXED_LIMIT),
    "NO/8": ("omaha_hilo", Structure.NO_LIMIT),
    "PO/8": ("omaha_hilo", Structure.POT_LIMIT),
    "FO/8": ("omaha_hilo", Structure.FIXED_LIMIT),
    "F7S": ("stud", Structure.FIXED_LIMIT),
    "F7S/8": ("stud_hilo", Structure.FIXED_LIMIT),
    "FR": ("razz", Structure.FIXED_LIMIT),
    "N2L1D": ("deuce_seven_single", Structure.NO_LIMIT),
    "F2L3D": ("deuce_seven_triple", Structure.FIXED_LIMIT),
    "FB": ("badugi", Structure.FIXED_LIMIT),
}


class ReplayError(PokerError):
    """A history that cannot be replayed; the message names the file, hand and action."""


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What :func:`check` found for one hand: ``ok``, or the ``error`` that stopped
    the replay, the ``mismatch`` with the recorded result, or why it was
    ``skipped``; the finishing stacks and any ``notes`` on repairs."""

    path: str | None
    index: int | None
    variant: str
    finishing_stacks: tuple[int, ...] | None  # in chips at the hand's scale
    scale: int
    error: str | None = None
    mismatch: str | None = None
    skipped: str | None = None  # the result cannot be checked (hidden cards decide it)
    notes: tuple[str, ...] = field(default=())

    def __init__(
        self, path: str | None, index: int | None, variant: str,
        finishing_stacks: tuple[int, ...] | None, scale: int, error: str | None = None,
        mismatch: str | None = None, skipped: str | None = None, notes: tuple[str, ...] = (),
    ) -> None:
        # Compiled by mypyc (see setup.py), stores straight into the native object;
        # on the pure-Python path fast_init replaces it (see rules.fastinit).
        self.path = path  # type: ignore[misc]
        self.index = index  # type: ignore[misc]
        self.variant = variant  # type: ignore[misc]
        self.finishing_stacks = finishing_stacks  # type: ignore[misc]
        self.scale = scale  # type: ignore[misc]
        self.error = error  # type: ignore[misc]
        self.mismatch = mismatch  # type: ignore[misc]
        self.skipped = skipped  # type: ignore[misc]
        self.notes = notes  # type: ignore[misc]

    def __reduce__(self) -> tuple[object, ...]:
        return (ReplayResult, (self.path, self.index, self.variant, self.finishing_stacks,
                               self.scale, self.error, self.mismatch, self.skipped, self.notes))

    @property
    def ok(self) -> bool:
        return self.error is None and self.mismatch is None and self.skipped is None

    def stacks_in_file_units(self) -> list[int | float] | None:
        if self.finishing_stacks is None:
            return None
        return [_file_units(s, self.scale) for s in self.finishing_stacks]

    def where(self) -> str:
        where = self.path or "<text>"
        return f"{where} [{self.index}]" if self.index is not None else where


fast_init(ReplayResult)


def _file_units(chips: int, scale: int) -> int | float:
    if chips % scale == 0:
        return chips // scale
    return chips / scale


def config_for(history: HandHistory) -> HandConfig:
    """The engine configuration of a PHH hand (heads-up blinds and antes reversed).

    Configurations are values: hands with the same game, stakes and stacks (all
    10,000 Pluribus hands) share one, made and checked once."""
    key = (
        history.variant, history.starting_stacks, history.antes, history.blinds_or_straddles,
        history.bring_in, history.small_bet, history.big_bet, history.min_bet,
        _rake(history), _dead(history),
    )
    config = _CONFIGS.get(key)
    if config is None:
        config = keep(_CONFIGS, key, _new_config(history), _CONFIGS_LIMIT)
    return config


_ConfigKey = tuple[
    str, tuple[int, ...], tuple[int, ...], tuple[int, ...],
    int | None, int | None, int | None, int | None, tuple[float, int, bool] | None,
    tuple[int, ...],
]
_CONFIGS: Final[dict[_ConfigKey, HandConfig]] = {}
_CONFIGS_LIMIT: Final = 4096  # emptied when full


def _new_config(history: HandHistory) -> HandConfig:
    try:
        key, structure = PHH_VARIANTS[history.variant]
    except KeyError:
        raise ConfigError(
            f"unsupported variant {history.variant!r}; supported: "
            f"{', '.join(PHH_VARIANTS)}"
        ) from None
    game = variant(key)
    n = len(history.starting_stacks)
    antes = list(history.antes) if history.antes else [0] * n
    raw = list(history.blinds_or_straddles) if history.blinds_or_straddles else [0] * n
    if n == 2 and not game.is_stud:
        # PHH lists heads-up blinds (and antes) in reverse: p1 is the big blind.
        antes.reverse()
        raw.reverse()
    blinds = tuple(b if b > 0 else 0 for b in raw)
    posts = tuple(-b if b < 0 else 0 for b in raw)
    common: dict[str, object] = {}
    if structure is Structure.FIXED_LIMIT:
        common.update(
            small_bet=history.small_bet or 0, big_bet=history.big_bet or 0, raise_cap=None
        )
    else:
        common.update(min_bet=history.min_bet or 0)
    dead = list(_dead(history))
    if dead:
        if len(dead) != n:
            raise NotationError(f"_dead_blinds has {len(dead)} entries for {n} players")
        if n == 2 and not game.is_stud:
            dead.reverse()  # written in PHH's heads-up order, as the blinds
        common.update(dead=tuple(dead))
    rake = _rake(history)
    if rake is not None:
        common.update(rake_percent=rake[0], rake_cap=rake[1], no_flop_no_drop=rake[2])
    return HandConfig(
        variant=game,
        structure=structure,
        stacks=tuple(history.starting_stacks),
        antes=tuple(antes),
        blinds=blinds if not game.is_stud else (),
        posts=posts if any(posts) else (),
        bring_in=history.bring_in or 0,
        auto_showdown=False,
        **common,  # type: ignore[arg-type]
    )


def _rake(history: HandHistory) -> tuple[float, int, bool] | None:
    """S11: the rake a hand written by pokerroom carries in its user-defined fields
    (``_rake_percent``, ``_rake_cap``, ``_no_flop_no_drop``: PHH has none of its own);
    None for a hand without them."""
    extra = history.extra
    percent = extra.get("_rake_percent")
    if percent is None:
        return None
    cap = extra.get("_rake_cap", 0)
    no_drop = extra.get("_no_flop_no_drop", True)
    if (isinstance(percent, bool) or not isinstance(percent, int | float)
            or not 0 <= percent < 1):
        raise NotationError(f"_rake_percent is a fraction of the pot in [0, 1), got "
                            f"{percent!r}")
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
        raise NotationError(f"_rake_cap is a whole number of chips, 0 for none, got {cap!r}")
    if not isinstance(no_drop, bool):
        raise NotationError(f"_no_flop_no_drop is true or false, got {no_drop!r}")
    return float(percent), cap, no_drop


def _dead(history: HandHistory) -> tuple[int, ...]:
    """T8: the dead blinds a hand written by pokerroom carries in its user-defined field
    ``_dead_blinds`` (per player, in PHH's order); ``()`` without it."""
    value = history.extra.get("_dead_blinds")
    if value is None:
        return ()
    if not isinstance(value, tuple | list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        raise NotationError(f"_dead_blinds lists each player's dead money in whole chips "
                            f"(0 or more), got {value!r}")
    return tuple(value)


def _engine_action(a: PhhAction) -> tuple[int | None, Action]:
    """Who acts (None: the dealer) and the engine's action for an entry (values
    compiled to native classes: made afresh for less than a lookup would cost)."""
    code = a.code
    actor = a.actor
    if code == "f":
        return actor, _FOLD
    if code == "cc":
        return actor, _CHECK_CALL
    if code == "cbr":
        assert a.amount is not None
        return actor, BetRaise(a.amount)
    if code == "dh":
        assert a.dealt_to is not None and a.cards is not None
        return None, DealHole(a.dealt_to, a.cards)
    if code == "db":
        assert a.cards is not None
        if None in a.cards:
            raise NotationError("board cards must be known")
        return None, DealBoard(cast(tuple[int, ...], a.cards))
    if code == "pb":
        return actor, _BRING_IN
    if code == "sd":
        return actor, Discard(tuple(a.cards or ()))
    if code == "sm":
        if a.show_held:
            return actor, Show(None)
        if a.cards is None:
            return actor, Muck()
        return actor, Show(tuple(c for c in a.cards if c is not None))
    raise NotationError(f"unknown action code {code!r}")


def replay_hand(history: HandHistory) -> tuple[Hand, list[str]]:
    """Play a history through the engine; return the finished hand and any notes
    (the repairs the module notes describe)."""
    config = config_for(history)
    hand = Hand(config)
    hand.follow_any_new_stub()  # a record: whatever new stub its house made
    notes: list[str] = []
    at_scale_one = history.scale == 1
    number = 0
    for entry in history.actions:
        number += 1
        if not entry.code:
            continue
        try:
            seat, action = _engine_action(entry)
            kind = type(action)
            if kind is BetRaise and at_scale_one and entry.comment is not None:
                action = _played_raise(action, entry.comment)  # type: ignore[arg-type]
            phase = hand.phase
            actor = hand.actor
            if seat is None:
                if phase is not BETTING:
                    hand.apply(action)  # the dealer, when cards are due (the common case)
                    continue
            elif (phase is BETTING and actor is not None and seat == actor
                  and kind in _BETTING_KINDS):
                _act(hand, seat, action, notes, number, entry)  # in turn (the common case)
                continue
            _apply(hand, seat, action, notes, number, entry)
        except UnknownCardsError as exc:
            raise UnknownCardsError(f"{_where(number, entry)}: {exc}") from None
        except (IllegalActionError, ConfigError, NotationError) as exc:
            raise ReplayError(f"{_where(number, entry)}: {exc}") from None
    if hand.phase is SHOWDOWN:
        # The history stops at the showdown: remaining hands are shown (cards speak).
        try:
            while hand.phase is SHOWDOWN:
                hand.apply(Show())
        except UnknownCardsError:
            raise
        except ConfigError as exc:
            raise ReplayError(f"at the showdown: {exc}") from None
    if hand.phase is not COMPLETE:
        raise ReplayError(
            f"the history ends before the hand is over: {hand.legal_actions().describe()}"
        )
    return hand, notes


def _where(number: int, entry: PhhAction) -> str:
    """How notes and errors name an entry (made only when one is written)."""
    return f"action {number} {entry.text or entry.code!r}"


def _apply(
    hand: Hand, seat: int | None, action: Action, notes: list[str], number: int,
    entry: PhhAction,
) -> None:
    phase = hand.phase
    if isinstance(action, Show | Muck) and seat is not None:
        if phase is not SHOWDOWN:
            # A hand turned up before the showdown (all-in, S3): record its cards.
            if isinstance(action, Show) and action.cards:
                hand.reveal(seat, action.cards)
            return
        if hand.folded[seat]:
            return
        hand.apply(action, position=seat)
        return
    if isinstance(action, CheckCall) and seat is not None and _idle_check(hand, seat):
        # B1: a check nobody asked for (see the module notes); it changes nothing.
        return
    if seat is not None and phase is BETTING and seat != hand.actor:
        # A player acts while someone before them has not: the history left out a
        # fold (the 2019 WSOP file).  Only a player facing a bet is folded this way.
        while hand.phase is BETTING and hand.actor != seat:
            legal = hand.legal_actions()
            if legal.check:
                assert legal.position is not None
                if not hand.raise_callable(legal.position):
                    # B1, B3: a check nobody needed, which the file leaves out (a
                    # live post facing only all-in blinds; see the module notes).
                    hand.apply(CheckCall())
                    continue
                break
            notes.append(
                f"{_where(number, entry)}: position {legal.position} had not acted; "
                "treated as a fold"
            )
            hand.apply(Fold())
    if seat is None and phase is BETTING:
        # The history skipped players' actions before dealing (see the module notes).
        while hand.phase is BETTING:
            legal = hand.legal_actions()
            assert legal.position is not None
            if legal.check and not hand.raise_callable(legal.position):
                # B1, B3: a check nobody needed (see the module notes).
                hand.apply(CheckCall())
                continue
            repair: Action = CheckCall() if legal.check else Fold()
            notes.append(
                f"{_where(number, entry)}: position {legal.position} had not acted; treated as "
                f"{'a check' if legal.check else 'a fold'}"
            )
            hand.apply(repair)
    _act(hand, seat, action, notes, number, entry)


def _act(
    hand: Hand, seat: int | None, action: Action, notes: list[str], number: int,
    entry: PhhAction,
) -> None:
    try:
        hand.apply(action, position=seat)
    except IllegalActionError as refused:
        if refused.reason != "raise_uncallable":
            raise
        hand.act_recorded(action, position=seat)
        notes.append(
            f"{_where(number, entry)}: nobody could call this bet or raise (B3); accepted "
            "as recorded, what nobody called went back (B12)"
        )


_PLAYED_RAISE: Final = re.compile(r"pokerroom raised to (\d+),")
# Actions without fields are values: one of each serves every hand.
_FOLD: Final = Fold()
_CHECK_CALL: Final = CheckCall()
_BRING_IN: Final = BringIn()
_BETTING_KINDS: Final = frozenset((Fold, CheckCall, BetRaise, BringIn))


def _played_raise(action: BetRaise, comment: str | None) -> BetRaise:
    """The raise pokerroom's engine played, when the file's ``cbr`` is the full
    fixed-limit raise written for PHH readers (see ``export``)."""
    if comment is None or not comment.startswith("pokerroom raised to "):
        return action
    match = _PLAYED_RAISE.match(comment)
    if match is None:
        return action
    played = int(match.group(1))
    return BetRaise(played) if 0 < played < action.to else action


def _idle_check(hand: Hand, seat: int) -> bool:
    """Whether a recorded ``cc`` by ``seat`` is a check after the betting is over.

    PokerKit asks the big blind (or short deck's button blind) to act when every
    other player is all-in or has folded, and records that check; by B1 nobody
    is left to bet against, so the engine has already moved on to the dealer.
    Only a check with nothing to call, by a player still in with chips, once
    the round is over (or the hand: the last one to bet against folded),
    qualifies."""
    if hand.phase is BETTING:
        return False
    if hand.folded[seat] or hand.stacks[seat] == 0:
        return False
    return all(b == 0 for b in hand.bets) or max(hand.bets) == hand.bets[seat]


def _compare(hand: Hand, history: HandHistory) -> str | None:
    expected = history.finishing_stacks
    if expected is None:
        return None
    got = hand.stacks
    if len(expected) != len(got):
        return f"finishing_stacks has {len(expected)} entries for {len(got)} players"
    if list(expected) == got:
        return None  # the common case, without a Fraction
    for i, (want, have) in enumerate(zip(expected, got, strict=True)):
        want_f = Fraction(want)
        # Whole chips must match; a recorded fraction of a chip within one chip.
        if (want_f.denominator == 1 and want_f != have) or abs(want_f - have) > 1:
            return (
                f"finishing stacks differ at p{i + 1}: expected "
                f"{[_file_units_exact(x, history.scale) for x in expected]}, got "
                f"{[_file_units(x, history.scale) for x in got]}"
            )
    return None


def _compare_winnings(hand: Hand, history: HandHistory) -> str | None:
    """``winnings`` are what each player collected after the rake, which the
    files do not record: a winner may have collected up to 10% less than the
    engine awards (the rake); everyone else must match exactly.  Sites differ on
    whether an uncalled bet given back counts as collected, so either counts."""
    expected = history.winnings
    if expected is None or history.finishing_stacks is not None:
        return None
    got = [0] * hand.n
    returned = [0] * hand.n
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for seat, chips in event.amounts:
                got[seat] += chips
        elif isinstance(event, BetReturned):
            returned[event.position] += event.amount
    pot = sum(got)
    raked = Fraction(0)
    for want, have, back in zip(expected, got, returned, strict=True):
        want_f = Fraction(want)
        if want_f in (have, have + back):
            continue
        if have > 0 and have >= want_f:
            raked += have - want_f
            continue
        raked = Fraction(pot + 1)
    if raked <= pot / 10:
        return None
    return (
        f"winnings differ: expected {[_file_units_exact(x, history.scale) for x in expected]}, "
        f"got {[_file_units(x, history.scale) for x in got]}"
    )


def _file_units_exact(value: int | Fraction, scale: int) -> int | float:
    f = Fraction(value) / scale
    return int(f) if f.denominator == 1 else float(f)


def check(history: HandHistory) -> ReplayResult:
    """Replay one history and compare with its recorded finishing stacks."""
    try:
        hand, notes = replay_hand(history)
    except UnknownCardsError as exc:
        return ReplayResult(
            history.path, history.index, history.variant, None, history.scale,
            skipped=f"cannot be checked: {exc}",
        )
    except (ReplayError, ConfigError, NotationError, IllegalActionError) as exc:
        return ReplayResult(
            history.path, history.index, history.variant, None, history.scale, error=str(exc)
        )
    except Exception as exc:  # an engine bug: report it against this hand, keep going
        return ReplayResult(
            history.path, history.index, history.variant, None, history.scale,
            error=f"internal error (please report): {type(exc).__name__}: {exc}",
        )
    return ReplayResult(
        history.path,
        history.index,
        history.variant,
        tuple(hand.stacks),
        history.scale,
        mismatch=_compare(hand, history) or _compare_winnings(hand, history),
        notes=tuple(notes),
    )


def check_paths(paths: Iterable[str | PathLike[str]]) -> Iterator[ReplayResult]:
    """Replay every hand in these files and folders, in a stable order."""
    for path in iter_names(paths):
        try:
            histories = load(path)
        except NotationError as exc:
            yield ReplayResult(path, None, "?", None, 1, error=str(exc))
            continue
        for history in histories:
            yield check(history)


__all__ = [
    "PHH_VARIANTS",
    "ReplayError",
    "ReplayResult",
    "check",
    "check_paths",
    "config_for",
    "replay_hand",
]
