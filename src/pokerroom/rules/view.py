"""What one viewer may know of a hand: a frozen value made by the engine.

``hand.view(position)`` is what the player at ``position`` may know (a position
is a player's place in dealing order, 0 the first player left of the button: see
:mod:`pokerroom.rules.engine`; a table's :meth:`~pokerroom.table.Table.view`
gives the same in the table's seats, its chairs);
``hand.view(None)`` is a spectator's.  The room's messages and the bots are
built from views only, so nothing can leak a card the viewer may not see.

Visibility:

- a player sees their own cards, face down or up;
- everyone sees up cards (stud) and the board;
- everyone sees a hand turned face up (all-in, S3; shown at the showdown, S4)
  unless it was mucked;
- nothing else: a spectator sees no face-down card before it is shown.

A card the viewer may not see is ``None`` in :attr:`PlayerView.cards`; the number
of cards a player holds is public.

>>> from pokerroom.cards import Deck
>>> from pokerroom.rules import Hand, HandConfig, Structure, button_blinds, variant
>>> config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
...                     stacks=(100, 100, 100), blinds=button_blinds(3, 1, 2), min_bet=2)
>>> hand = Hand(config, Deck(7))
>>> mine = hand.view(0)
>>> mine.viewer, mine.street_name, mine.pot, mine.actor
(0, 'preflop', 3, 2)
>>> all(card is not None for card in mine.players[0].cards)
True
>>> mine.players[1].cards, mine.legal is None
((None, None), True)
>>> spectator = hand.view(None)
>>> [player.cards for player in spectator.players]
[(None, None), (None, None), (None, None)]
>>> [(pot.amount, pot.eligible) for pot in spectator.pots]
[(3, (0, 1, 2))]
>>> hand.view(2).legal.call  # position 2 is to act: its legal actions come with its view
2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pokerroom.cards import FULL_DECK, Card
from pokerroom.rules.config import Structure
from pokerroom.rules.legal import LegalActions, Phase
from pokerroom.rules.pots import build_pots
from pokerroom.rules.variants import Variant

if TYPE_CHECKING:
    from pokerroom.rules.engine import Hand

__all__ = ["HandView", "PlayerView", "Pot", "PublicPlayer", "hand_pots", "make_view",
           "public_player", "public_player_makings", "public_players", "viewer_legal",
           "visible_cards"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot as it stands (S1): its chips and the positions that may win it."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player in the hand, as the viewer sees them.

    ``cards`` has one entry per card the player holds: the card, or ``None`` where
    the viewer may not see it (or, in a replayed history, nobody knows it yet).
    ``up[k]`` says whether card ``k`` was dealt face up; ``shown`` whether the
    hand is turned face up for everyone (exposed and not mucked)."""

    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards: tuple[Card | None, ...]
    up: tuple[bool, ...]
    shown: bool
    mucked: bool


@dataclass(frozen=True, slots=True)
class HandView:
    """Everything one viewer may know of a hand (see the module's docstring).

    ``players`` are the hand's players by position, 0 to ``len(players) - 1``.
    ``viewer`` is the position this view was made for, ``None`` for a spectator; ``legal`` is
    ``hand.legal_actions()`` when it is the viewer's turn, else ``None``.
    ``street`` is the street's index (-1 before the first), ``street_name`` its
    name ("" before the first); ``runs`` are the finished boards when the rest
    of the board was run twice.  ``pots`` are the main pot and the side pots as
    they stand, this street's bets included (S1), each with the positions
    that may win it; none once the hand is over (``pot`` is then 0 too).

    The stakes are public: ``blinds`` and ``antes``, per position, the forced bets the
    hand was dealt with (a player with fewer chips posts them all, F8);
    ``bring_in``; ``min_bet`` (no and pot limit: the smallest bet, normally the
    big blind, B8; spread limit: the smallest bet), ``max_bet`` (spread limit),
    ``small_bet`` and ``big_bet`` (fixed limit, B5); :attr:`big_blind` reads the
    big blind from them."""

    variant: Variant
    structure: Structure
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    bring_in: int
    min_bet: int
    max_bet: int
    small_bet: int
    big_bet: int
    street: int
    street_name: str
    phase: Phase
    board: tuple[Card, ...]
    runs: tuple[tuple[Card, ...], ...]
    pot: int
    pots: tuple[Pot, ...]
    current_bet: int
    actor: int | None
    players: tuple[PlayerView, ...]  # by position
    names: tuple[str, ...]
    viewer: int | None
    legal: LegalActions | None

    @property
    def game(self) -> str:
        """The variant's key ("holdem", "stud", ...)."""
        return self.variant.key

    @property
    def game_name(self) -> str:
        """The variant's name for people."""
        return self.variant.name

    @property
    def big_blind(self) -> int:
        """The big blind, which bets are counted in: no and pot limit, the smallest
        bet (B8; a big blind posted short all-in does not lower it, F8); fixed limit,
        the small bet (B5); spread limit, the smallest bet; 0 in a game without
        blinds (stud)."""
        if self.variant.is_stud:
            return 0
        return self.small_bet if self.structure is Structure.FIXED_LIMIT else self.min_bet

    @property
    def is_over(self) -> bool:
        """True once the hand is complete (pots awarded)."""
        return self.phase is Phase.COMPLETE

    @property
    def own(self) -> PlayerView | None:
        """The viewer's own place in the hand; ``None`` for a spectator."""
        return None if self.viewer is None else self.players[self.viewer]

    @property
    def own_cards(self) -> tuple[Card, ...]:
        """The viewer's own known cards (none for a spectator)."""
        own = self.own
        return () if own is None else tuple(c for c in own.cards if c is not None)


_CARD_OF: dict[int | None, Card | None] = {None: None, **dict(enumerate(FULL_DECK))}


def visible_cards(hand: Hand, position: int, viewer: int | None) -> tuple[Card | None, ...]:
    """The cards of ``position`` that ``viewer`` (a position, or ``None`` for a
    spectator) may see, ``None`` for the others: its own, up cards, a hand turned
    face up and not mucked."""
    hole, up = hand.hole[position], hand.up[position]
    if position == viewer or (hand.exposed[position] and not hand.mucked[position]):
        return tuple(map(_CARD_OF.__getitem__, hole))
    if not any(up):
        return (None,) * len(hole)
    return tuple(_CARD_OF[card] if shown else None for card, shown in zip(hole, up, strict=True))


def hand_pots(hand: Hand) -> tuple[Pot, ...]:
    """The main pot and side pots as they stand, this street's bets included (S1);
    none once the hand is over (every pot was awarded).  (Public: the same for every
    viewer, :attr:`HandView.pots`.)"""
    if hand.is_over:
        return ()
    folded, stacks = hand.folded, hand.stacks
    if all(folded[k] or stacks[k] for k in range(hand.n)):
        # No live player is all-in (nor short of their ante, who is all-in too): one
        # pot, every chip in, that every live player may win (what build_pots makes).
        total = sum(hand.contributed)
        return (Pot(total, tuple(k for k in range(hand.n) if not folded[k])),) if total else ()
    live = [not f for f in folded]
    bets = [c - d for c, d in zip(hand.contributed, hand.dead, strict=True)]
    pots = build_pots(bets, live, [s == 0 for s in stacks], dead=hand.dead,
                      short_dead=hand.short_ante)
    return tuple(Pot(amount, tuple(eligible)) for amount, eligible in pots)


class PublicPlayer(NamedTuple):
    """What everyone may see of one position: :class:`PlayerView`'s ``stack``,
    ``bet``, ``folded``, ``all_in``, ``cards`` and ``up`` as a spectator's view has
    them (:func:`public_players`)."""

    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards: tuple[Card | None, ...]
    up: tuple[bool, ...]


def public_players(hand: Hand) -> list[PublicPlayer]:
    """Each position as a spectator sees it (``hand.view(None).players``, the cards
    by :func:`visible_cards` likewise), without the rest of the view: for a caller
    that tells everyone each change (the room's public state, built per version)."""
    return [public_player(hand, k) for k in range(hand.n)]


def public_player(hand: Hand, position: int) -> PublicPlayer:
    """One position as a spectator sees it (:func:`public_players`)."""
    stack, folded = hand.stacks[position], hand.folded[position]
    return PublicPlayer(stack, hand.bets[position], folded, stack == 0 and not folded,
                        visible_cards(hand, position, None), tuple(hand.up[position]))


def public_player_makings(hand: Hand, position: int) -> tuple[object, ...]:
    """What :func:`public_player` makes ``position``'s entry from: equal makings, equal
    entries, so a caller that keeps the last entry can compare these (cheap) instead
    of making the entry.  Holds the face-down cards: for comparing, never for showing."""
    return (hand.stacks[position], hand.bets[position], hand.folded[position],
            hand.exposed[position], hand.mucked[position], tuple(hand.up[position]),
            tuple(hand.hole[position]))


def viewer_legal(hand: Hand, viewer: int | None) -> LegalActions | None:
    """``viewer``'s legal actions when it is their turn (as in their :class:`HandView`),
    else ``None`` (a spectator, another position's turn, the dealer's, a hand over)."""
    if viewer is None or hand.actor != viewer or hand.is_over:
        return None
    legal = hand.legal_actions()
    return legal if legal.position == viewer else None  # else the dealer's turn (manual dealing)


def make_view(hand: Hand, viewer: int | None) -> HandView:
    """What ``viewer`` (a position, or ``None`` for a spectator) may know of
    ``hand`` now; :meth:`Hand.view` calls this."""
    if viewer is not None and not 0 <= viewer < hand.n:
        raise ValueError(f"position {viewer} is not in this hand (positions 0-{hand.n - 1})")
    players = tuple(
        PlayerView(
            stack=hand.stacks[k],
            bet=hand.bets[k],
            folded=hand.folded[k],
            all_in=hand.stacks[k] == 0 and not hand.folded[k],
            cards=visible_cards(hand, k, viewer),
            up=tuple(hand.up[k]),
            shown=hand.exposed[k] and not hand.mucked[k],
            mucked=hand.mucked[k],
        )
        for k in range(hand.n)
    )
    legal = viewer_legal(hand, viewer)
    street = hand.street
    config = hand.config
    return HandView(
        variant=hand.variant,
        structure=config.structure,
        blinds=config.blinds or (0,) * hand.n,
        antes=config.antes or (0,) * hand.n,
        bring_in=config.bring_in,
        min_bet=config.min_bet,
        max_bet=config.max_bet,
        small_bet=config.small_bet,
        big_bet=config.big_bet,
        street=street,
        street_name=hand.variant.streets[street].name if street >= 0 else "",
        phase=hand.phase,
        board=tuple(FULL_DECK[c] for c in hand.board),
        runs=tuple(tuple(FULL_DECK[c] for c in run) for run in hand.runs),
        pot=hand.pot,
        pots=hand_pots(hand),
        current_bet=hand.current_bet,
        actor=hand.actor,
        players=players,
        names=tuple(config.names),
        viewer=viewer,
        legal=legal,
    )
