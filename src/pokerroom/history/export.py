"""Write a hand played in the engine as a PHH hand history.

:func:`to_phh` turns a :class:`~pokerroom.rules.Hand` (finished or not) into a
:class:`~pokerroom.history.phh.HandHistory` that ``history.replay`` plays back
to the same stacks, and :func:`to_phh_text` into its ``.phh`` text.

How the hand is written, in PHH's terms:

- Configuration: the variant and betting structure become the PHH code (the
  inverse of ``replay.PHH_VARIANTS``); antes, blinds and straddles, live posts
  (negative values in ``blinds_or_straddles``), the bring-in, the bet sizes and
  the starting stacks follow, and ``ante_trimming_status`` (see
  :func:`_ante_trimming`).  Heads-up (button games) the two entries of
  ``antes`` and ``blinds_or_straddles`` are written in reverse, as PHH lists
  them (p1 is the big blind).  ``config.names`` become ``players``.
- Actions: every entry of ``hand.log``, with the cards the engine dealt
  itself from its deck (read from each seat's own ``HoleCardsDealt`` copy and
  from ``BoardDealt``) as ``d dh`` / ``d db`` entries where the dealing
  happened.  Discards are ``pN sd cards``.
- Showing: hands the engine turns face up itself (S3: nobody can bet any
  more; an all-in player at the showdown) are written ``pN sm cards`` at that
  moment, before the rest of the board, as PHH records all-in hands; hands
  shown at the showdown (S4) are ``pN sm cards`` in showing order, and mucks
  ``pN sm``.  A hand is written shown again only when it holds new cards
  (stud and draw games deal on after tabling all-in hands).  With
  ``auto_showdown`` (cards speak) the engine shows every hand itself; those
  shows are written as if each player had shown in turn.
- A bet or raise nobody else could call (B3), which a hand holds only when it
  was recorded before the engine refused such raises (:meth:`Hand.act_recorded`),
  is written as the call it came to, with a comment: PHH readers (PokerKit)
  refuse the raise, and the chips are the same since what nobody called goes
  back (B12).
- A fixed-limit raise short of a full raise, to exactly what the deepest
  opponent can put in (which the engine accepts), is written as the full
  raise with a comment: PHH readers know only the full raise, and the part
  nobody can match comes back uncalled (B12), so the chips are the same.
  The comment names the amount played; ``replay`` plays it again.
- A blind posted all-in for less (F8): the others still call the full blind,
  as in a cardroom, where PokerKit has them call the short amount; PHH cannot
  say which, so the file carries the user-defined field
  ``_short_all_in_blind`` saying so.
- ``finishing_stacks``: the stacks once the hand is over.
- Rake (S11): PHH has no field for it, so a raked hand carries the user-defined
  fields :data:`RAKE_FIELDS` (``_rake_percent``, ``_rake_cap``,
  ``_no_flop_no_drop``), which ``history.replay`` reads to rake the same, and
  ``winnings``, what each player collected after the rake (a reader that ignores
  the fields still finds what each won).
- Dead blinds (T8: the dead part of a made-up blind, straight into the pot): likewise
  the user-defined field :data:`DEAD_FIELD` (``_dead_blinds``, per player in PHH's
  order), which the replay reads.
- Pots the dealer awarded by reading the hands (:class:`~pokerroom.rules.Award`: the
  cards stayed physical, so nobody entered them): the actions stop at the showdown,
  where PHH would work the winners out from cards the file does not have, and the
  outcome is recorded instead: ``finishing_stacks`` and ``winnings`` (what each player
  collected).  A replay stops at that showdown (UnknownCardsError: the cards to judge
  are not in the file); the recorded outcome is the hand's result.

To place the dealer's entries among the players' actions the hand is played
again from its log, with the dealt cards handed in by a "dealer": the PHH
actions are exactly what a replay of the history will do.

PHH has no way to say some things the engine can do; :func:`to_phh` raises
ConfigError for them rather than write a history that replays differently:
variants or structures without a PHH code (spread limit, five- and six-card
Omaha, ace-to-five triple draw, ...), a seat that posts both
a blind and a live post, a smallest chip other than 1 (S10), the
``complete`` limit short-raise option, ``open_pair_double`` in stud (B15), a
big-blind ante posted ``blind_first`` by a big blind who cannot cover both
(F7), and in pot limit blinds nobody posts (``unposted_blinds``, TDA 54-B).
A raise cap (B5) needs nothing: a capped hand replays the same without it.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Mapping, Sequence

from pokerroom.errors import ConfigError, PokerError
from pokerroom.history.phh import HandHistory, PhhAction, dumps
from pokerroom.history.replay import PHH_VARIANTS
from pokerroom.rules import events as ev
from pokerroom.rules.actions import (
    Action,
    Award,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Kill,
    Muck,
    Show,
)
from pokerroom.rules.config import HandConfig, Structure
from pokerroom.rules.engine import Hand, Phase

__all__ = ["phh_variant", "to_phh", "to_phh_text"]

_PHH_CODES: dict[tuple[str, Structure], str] = {
    game: code for code, game in PHH_VARIANTS.items()
}
_RESERVED = frozenset(
    {
        "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
        "min_bet", "starting_stacks", "actions", "ante_trimming_status",
        "finishing_stacks", "winnings",
    }
)


def phh_variant(config: HandConfig) -> str:
    """The PHH variant code of a configuration (``"NT"``, ``"PO/8"``, ``"F7S"``, ...).

    Raises ConfigError when PHH has no code for the game and structure.
    """
    key = (config.variant.key, config.structure)
    code = _PHH_CODES.get(key)
    if code is None:
        known = ", ".join(
            f"{code} ({game} {structure.value.replace('_', ' ')})"
            for (game, structure), code in _PHH_CODES.items()
        )
        raise ConfigError(
            f"PHH has no variant code for {config.variant.name} "
            f"({config.variant.key!r}) played {config.structure.value.replace('_', ' ')}; "
            f"it can write {known}"
        )
    return code


def to_phh(
    hand: Hand, *, finishing: bool = True, extra: Mapping[str, object] | None = None
) -> HandHistory:
    """The PHH history of ``hand``, finished or still in play.

    ``finishing``: record ``finishing_stacks`` when the hand is over.
    ``extra``: further PHH fields (``event``, ``hand``, ``players``, ...); they
    override ``players`` taken from ``config.names``.

    Raises ConfigError for a configuration PHH cannot express (see the module
    docstring).
    """
    config = hand.config
    code = phh_variant(config)
    _check_expressible(config)
    if getattr(hand, "short_stub", None):
        raise ConfigError(
            "PHH cannot express the stud seventh-street short-stub procedure (I9): "
            f"case {hand.short_stub}"
        )
    if any(isinstance(action, Kill) for _, action in hand.log):
        raise ConfigError("PHH cannot express a hand killed by the floor (I7, T9, P8)")
    awarded = any(isinstance(action, Award) for _, action in hand.log)
    fields_extra: dict[str, object] = {}
    if config.names:
        fields_extra["players"] = list(config.names)
    for key, value in (extra or {}).items():
        if key in _RESERVED:
            raise ConfigError(
                f"extra field {key!r} is a PHH field that to_phh writes from the hand; "
                "extra is for metadata such as 'event', 'hand' or 'players'"
            )
        fields_extra[key] = value
    short = _short_blind_note(config)
    if short is not None:
        fields_extra.setdefault(SHORT_BLIND_FIELD, short)
    if config.dead and any(config.dead):
        dead = list(config.dead)
        if config.players == 2 and not config.variant.is_stud:
            dead.reverse()  # PHH's heads-up order, as the blinds
        fields_extra[DEAD_FIELD] = dead
    if config.rake_percent:
        fields_extra.update(zip(RAKE_FIELDS, (config.rake_percent, config.rake_cap,
                                              config.no_flop_no_drop), strict=True))
    actions = _Transcriber(hand).actions()
    n = config.players
    antes = list(config.antes or (0,) * n)
    blinds_or_straddles: list[int] = []
    if not config.variant.is_stud:
        blinds = config.blinds or (0,) * n
        posts = config.posts or (0,) * n
        # A live post is a negative entry (F13).
        blinds_or_straddles = [blinds[i] if blinds[i] else -posts[i] for i in range(n)]
        if n == 2:
            # PHH lists heads-up blinds and antes in reverse: p1 is the big blind.
            blinds_or_straddles.reverse()
            antes.reverse()
    fixed = config.structure is Structure.FIXED_LIMIT
    return HandHistory(
        variant=code,
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds_or_straddles),
        bring_in=config.bring_in if config.variant.is_stud else None,
        small_bet=config.small_bet if fixed else None,
        big_bet=config.big_bet if fixed else None,
        min_bet=None if fixed else config.min_bet,
        starting_stacks=tuple(config.stacks),
        actions=tuple(actions),
        ante_trimming_status=_ante_trimming(config),
        finishing_stacks=tuple(hand.stacks) if finishing and hand.is_over else None,
        winnings=_collected(hand) if awarded or (config.rake_percent and hand.is_over)
        else None,
        extra=fields_extra,
    )


def _collected(hand: Hand) -> tuple[int, ...]:
    """What each position collected from the pots (after the rake)."""
    won = [0] * hand.n
    for event in hand.events:
        if isinstance(event, ev.PotAwarded):
            for position, chips in event.amounts:
                won[position] += chips
    return tuple(won)


def to_phh_text(
    hand: Hand, *, finishing: bool = True, extra: Mapping[str, object] | None = None
) -> str:
    """The ``.phh`` text of ``hand``: ``dumps(to_phh(hand, ...))``."""
    return dumps(to_phh(hand, finishing=finishing, extra=extra))


# ------------------------------------------------------------ configuration


def _check_expressible(config: HandConfig) -> None:
    def refuse(what: str) -> ConfigError:
        return ConfigError(f"PHH cannot express {what}; this hand cannot be written as PHH")

    n = config.players
    blinds = config.blinds or (0,) * n
    posts = config.posts or (0,) * n
    both = [i for i in range(n) if blinds[i] and posts[i]]
    if both:
        raise refuse(
            f"a player posting both a blind and a live post (position {both[0]}): PHH has one "
            "entry per player in blinds_or_straddles"
        )
    if getattr(config, "unposted_blinds", 0) and config.structure is Structure.POT_LIMIT:
        raise refuse(
            "blinds nobody posts that pot limit counts in the pot (unposted_blinds = "
            f"{getattr(config, 'unposted_blinds', 0)}, TDA 54-B)"
        )
    if config.chip_unit != 1:
        raise refuse(f"a smallest chip of {config.chip_unit} for splitting pots (S10)")
    if config.structure is Structure.FIXED_LIMIT and config.limit_short_raise != "full_bet_over":
        raise refuse(f"limit_short_raise = {config.limit_short_raise!r}")
    if config.variant.is_stud and config.open_pair_double:
        raise refuse("open_pair_double (B15)")
    if config.run_it_twice:
        raise refuse("running the board twice")
    if (config.variant.is_stud and config.structure is Structure.FIXED_LIMIT
            and config.bring_in >= config.small_bet):
        raise refuse(f"a bring-in of the whole small bet (F10, full_bring_in = "
                     f"{config.full_bring_in!r})")
    if config.bba_order == "blind_first" and config.antes:
        short = [
            i for i in range(n)
            if config.antes[i] and blinds[i] + posts[i]
            and config.stacks[i] < config.antes[i] + blinds[i] + posts[i]
        ]
        if short:
            raise refuse(
                f"bba_order 'blind_first' (F7) with position {short[0]} unable to cover both "
                "its ante and its blind; PHH posts the ante first"
            )


SHORT_BLIND_FIELD = "_short_all_in_blind"

DEAD_FIELD = "_dead_blinds"
"""The user-defined PHH field of a hand with dead blinds (T8): each player's dead money,
in PHH's order of the players (heads-up reversed, as the blinds)."""

RAKE_FIELDS = ("_rake_percent", "_rake_cap", "_no_flop_no_drop")
"""The user-defined PHH fields of a raked hand (S11): the fraction of each pot the house
takes, its cap (0: none) and whether a hand with no flop is raked (false) or not."""
# The comment on a fixed-limit raise written as the full raise, then the amount
# the engine played; ``replay`` plays that amount again.
FULL_RAISE_NOTE = "pokerroom raised to "


def _short_blind_note(config: HandConfig) -> str | None:
    """F8: a blind posted all-in for less than its amount.  In a cardroom (and
    in pokerroom) the others still call the full blind; PokerKit has them call
    only what the short blind put in.  PHH cannot say which, so the file says
    it in a user-defined field (``_short_all_in_blind``); readers that go by
    PokerKit's rule replay such a hand differently."""
    blinds = config.blinds or ()
    antes = config.antes or (0,) * config.players
    short = [
        seat for seat, blind in enumerate(blinds)
        if blind and config.stacks[seat] < antes[seat] + blind
    ]
    if not short:
        return None
    return (
        f"F8: p{short[0] + 1}'s blind is all-in "
        "for less; the others call the full blind, as cardrooms play it (PokerKit "
        "would have them call only the short amount)"
    )


def _ante_trimming(config: HandConfig) -> bool:
    """PHH's ante trimming that gives the engine's pots (F1, F7, S1).

    The engine puts antes in the main pot as dead money; a player all-in for
    less than their own ante contests only what it matched.  PHH (as PokerKit
    plays it) either trims antes like bets (``true``: the part of an ante no
    one matched goes back, a short ante contests what it matched) or leaves
    them all in the main pot (``false``).  With equal antes the engine's pots
    are the trimmed ones; a big-blind ante (one seat's ante for the table, or
    any unequal antes) must not be trimmed."""
    antes = [a for a in config.antes if a]
    return bool(antes) and len(antes) == config.players and len(set(antes)) == 1


# ------------------------------------------------------------------ actions


class _Transcriber:
    """Plays the hand again from its log, dealing the cards it dealt, and writes
    down every step as PHH.

    The copy deals nothing itself and asks for each show (``auto_showdown``
    off), exactly as a replay of the history will; that places each dealer
    entry and each show where it belongs.
    """

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.copy = Hand(dataclasses.replace(hand.config, auto_showdown=False))
        # The hand's log is a record: its draws' new stub is whatever it was (D3).
        self.copy.follow_any_new_stub()
        self.holes: dict[int, deque[tuple[int | None, ...]]] = {
            seat: deque() for seat in range(hand.n)
        }
        self.boards: deque[tuple[int, ...]] = deque()
        for event in hand.events:
            if isinstance(event, ev.HoleCardsDealt) and event.audience == event.position:
                self.holes[event.position].append(event.cards)
            elif isinstance(event, ev.BoardDealt):
                self.boards.append(event.cards)
        self.out: list[PhhAction] = []
        self.shown: dict[int, frozenset[int]] = {}  # the cards each seat was written showing
        self.round: tuple[int, bool] | None = None  # the betting round ``asked`` is for
        self.asked: set[int] = set()  # the players PokerKit asks in this round

    def actions(self) -> list[PhhAction]:
        copy, log = self.copy, self.hand.log
        k = 0
        awarded = False
        while not copy.is_over:
            if copy.phase is Phase.DEALING:
                if k < len(log) and log[k][0] is None:
                    _, deal = log[k]
                    k += 1
                    assert isinstance(deal, DealHole | DealBoard)
                    self._deal(deal)
                    continue
                deal_due = self._deal_from_events()
                if deal_due is None:
                    break  # the dealer has not dealt yet
                self._deal(deal_due)
                continue
            if k < len(log):
                seat, action = log[k]
                k += 1
                if isinstance(action, Award):
                    awarded = True
                    break  # the dealer read the hands: the file records the outcome
                self._player(seat, action)
                continue
            if copy.phase is Phase.SHOWDOWN and self.hand.config.auto_showdown and (
                self.hand.is_over
            ):
                seat = copy.actor
                assert seat is not None
                self._player(seat, Show())  # cards speak: the engine showed it
                continue
            break
        if k < len(log):
            raise AssertionError(
                f"the hand's log goes on after the copy stopped ({copy.phase.value}): "
                f"{log[k:]!r}"
            )
        if self.hand.is_over and not awarded and tuple(copy.stacks) != tuple(self.hand.stacks):
            raise AssertionError(
                f"playing the log again gives stacks {copy.stacks}, the hand has "
                f"{self.hand.stacks}"
            )
        return self.out

    def _deal_from_events(self) -> DealHole | DealBoard | None:
        legal = self.copy.legal_actions()
        if legal.deal_board:
            return DealBoard(self.boards[0]) if self.boards else None
        assert legal.deal_position is not None
        queue = self.holes[legal.deal_position]
        return DealHole(legal.deal_position, queue[0]) if queue else None

    def _deal(self, action: DealHole | DealBoard) -> None:
        """One dealer entry, from the log (manual dealing) or from the cards the
        engine dealt itself; either way its cards leave the queues."""
        events = self._act(None, action)
        if isinstance(action, DealBoard):
            self.boards.popleft()
            self.out.append(PhhAction(None, "db", cards=action.cards))
        else:
            self.holes[action.position].popleft()
            self.out.append(PhhAction(None, "dh", cards=action.cards, dealt_to=action.position))
        self._exposures(events)

    def _named(self, seat: int, show: Show) -> Show:
        """A show of cards the hand learned outside its log (``Hand.reveal``, a
        replayed history that tables hidden cards) names them."""
        held = self.copy.hole[seat]
        known = self.hand.hole[seat]
        if show.cards is None and None in held and None not in known:
            return Show(tuple(c for c in known if c is not None))
        return show

    def _player(self, seat: int | None, action: Action) -> None:
        actor = seat if seat is not None else self.copy.actor
        assert actor is not None, f"a player's action {action!r} without a player"
        if isinstance(action, Show):
            action = self._named(actor, action)
        comment: str | None = None
        if isinstance(action, BetRaise) and not self.copy.raise_callable(actor):
            # B3: see the module docstring.
            comment = "a bet/raise nobody could call (B3), written as the call it came to (B12)"
            action = CheckCall()
        if isinstance(action, CheckCall) and self._unasked_check(actor):
            self._exposures(self._act(actor, action))
            return
        written = action
        if isinstance(action, BetRaise) and self.copy.config.structure is Structure.FIXED_LIMIT:
            written = self._full_limit_raise(action)
        self._note_round()
        unacted = [
            j for j in range(self.copy.n)
            if j != actor and j in self.asked and not self.copy.acted[j]
        ] if self.copy.phase is Phase.BETTING else []
        street = self.copy.street
        events = self._act(actor, action)
        if isinstance(written, BetRaise) and isinstance(action, BetRaise) and (
            written is not action
        ):
            comment = (
                f"{FULL_RAISE_NOTE}{action.to}, as far as any "
                "opponent could call; the rest comes back uncalled (B12)"
            )
            action = written
        if isinstance(action, Fold):
            if action.forfeit:
                raise ConfigError(
                    f"PHH cannot express a fold that forfeits {action.forfeit} chips (B14, "
                    "TDA 51); this hand cannot be written as PHH")
            self.out.append(PhhAction(actor, "f"))
        elif isinstance(action, CheckCall):
            self.out.append(PhhAction(actor, "cc", comment=comment))
        elif isinstance(action, BetRaise):
            self.out.append(PhhAction(actor, "cbr", amount=action.to, comment=comment))
        elif isinstance(action, BringIn):
            self.out.append(PhhAction(actor, "pb"))
        elif isinstance(action, Discard):
            self.out.append(PhhAction(actor, "sd", cards=action.cards or None))
        elif isinstance(action, Muck):
            self.out.append(PhhAction(actor, "sm"))
        elif isinstance(action, Show):
            self._write_show(self._show_entry(actor, events, action))
        else:  # pragma: no cover - dealer actions are handled by _deal
            raise AssertionError(f"unexpected action in the log: {action!r}")
        if self.copy.phase is not Phase.BETTING or self.copy.street != street:
            self._idle_checks(actor, unacted)
        self._exposures(events)

    def _note_round(self) -> None:
        """At the start of each betting round, the players PokerKit asks to act:
        those still in, with chips, whose stake someone else could still match
        (PokerKit's "effective stack"); nobody when one of them is left and he
        has nothing to call."""
        copy = self.copy
        key = (copy.street, copy.phase is Phase.BETTING)
        if key == self.round or copy.phase is not Phase.BETTING:
            return
        self.round = key
        totals = sorted(
            copy.bets[j] + copy.stacks[j] for j in range(copy.n) if not copy.folded[j]
        )
        second = totals[-2] if len(totals) > 1 else 0
        asked = {
            j for j in range(copy.n)
            if not copy.folded[j] and copy.stacks[j] > 0 and second > copy.bets[j]
        }
        if len(asked) == 1 and copy.bets[next(iter(asked))] >= max(copy.bets):
            asked = set()
        self.asked = asked

    def _idle_checks(self, actor: int, unacted: list[int]) -> None:
        """B1, B3: the round is over for the engine (everyone else is all-in or
        has folded), but PokerKit still asks the players it had asked at the
        start of the round who have not acted (the big blind): they check, which
        changes nothing, and the replay accepts it (``replay``)."""
        n = self.copy.n
        if self.copy.folded.count(False) < 2:
            return  # the others folded: the hand is won, nobody is asked
        for k in range(1, n):
            j = (actor + k) % n
            if j in unacted and not self.copy.folded[j] and self.copy.stacks[j] > 0:
                self.out.append(PhhAction(j, "cc"))

    def _unasked_check(self, seat: int) -> bool:
        """B1, B3: a check that changes nothing, which PHH readers do not ask for.

        The engine gives a player with chips his turn even when there is nothing
        to call and no opponent could call a bet (the big blind whose opponents
        are all-in for less).  PokerKit leaves out, at the start of a round, a
        player whose stake nobody left can match (his "effective stack" is 0),
        and would refuse the check; it is not written, and a replay checks for
        him (``replay``: a check nobody needed)."""
        copy = self.copy
        legal = copy.legal_actions()
        if not legal.check or copy.acted[seat] or copy.raise_callable(seat):
            return False
        totals = sorted(
            copy.bets[j] + copy.stacks[j] for j in range(copy.n) if not copy.folded[j]
        )
        return len(totals) < 2 or totals[-2] <= copy.bets[seat]

    def _full_limit_raise(self, action: BetRaise) -> BetRaise:
        """Fixed limit: a raise short of the full raise, to exactly what the
        deepest opponent can put in (``betting._raise_bounds``), is written as
        the full raise (or the raiser's all-in).  PHH readers (PokerKit) know
        only the full raise; the chips are the same, since no opponent can
        match the rest and it comes back uncalled (B12)."""
        legal = self.copy.legal_actions()
        full = legal.max_raise_to
        if full is None or action.to >= full or legal.min_raise_to is None:
            return action
        return BetRaise(full)

    def _show_entry(self, seat: int, events: Sequence[ev.Event], action: Show) -> PhhAction:
        shown = next(
            (e for e in events if isinstance(e, ev.HandShown) and e.position == seat), None
        )
        cards = shown.cards if shown is not None else action.cards
        if cards is None or None in cards:
            return PhhAction(seat, "sm", cards=action.cards) if action.cards else PhhAction(
                seat, "sm", show_held=True
            )
        return PhhAction(seat, "sm", cards=cards)

    def _exposures(self, events: Sequence[ev.Event]) -> None:
        """S3, TDA 16: hands the engine tabled itself (nobody can bet any more, or
        a player is all-in at the showdown), at that moment: before the runout,
        as PHH records all-in hands.

        When the copy now waits for the players to show (S4), they are written
        with those shows instead, in showing order."""
        if self.copy.phase is Phase.SHOWDOWN:
            return
        for event in events:
            if isinstance(event, ev.HandShown) and None not in event.cards:
                self._write_show(PhhAction(event.position, "sm", cards=event.cards))

    def _write_show(self, entry: PhhAction) -> None:
        """Each hand is written shown once, and again only when it holds new cards
        (stud and draw games deal on after an all-in hand is tabled)."""
        assert entry.actor is not None
        if entry.cards is not None and None not in entry.cards:
            cards = frozenset(c for c in entry.cards if c is not None)
            if self.shown.get(entry.actor) == cards:
                return
            self.shown[entry.actor] = cards
        self.out.append(entry)

    def _act(self, position: int | None, action: Action) -> list[ev.Event]:
        try:
            return self.copy.act(action, position=position)
        except PokerError as error:
            raise AssertionError(
                f"the hand's own log does not play again: {action!r} by "
                f"{'the dealer' if position is None else f'position {position}'}: {error}"
            ) from error
