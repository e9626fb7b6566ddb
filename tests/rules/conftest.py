"""Helpers for the rulebook tests of the hand engine.

Every test names the catalogue rule it checks (``B9``, ``S10``, ...) and, for a
TDA worked example, the scenario number of ``TDA-EXAMPLES.md``.

- ``assert_chips_conserved(hand)``: "never lose a chip".  An autouse fixture
  applies it to every Hand a test creates, at the end of the test.
- ``play(hand, *moves)``: moves are ``"f"`` (fold), ``"c"`` (check or call),
  ``"x"`` (check, asserted legal), ``"b"`` (stud bring-in), ``"s"``/``"m"``
  (show/muck) or an int (bet/raise to that total); ``(position, move)`` also checks
  who acts.
- ``Dealer``: fixes exact cards for a hand built without a deck.
- ``assert_refused(hand, action)``: the action raises IllegalActionError and
  the hand is exactly as before.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from enum import Enum
from typing import Any

import pytest

from pokerroom.cards import Card, Deck, parse_cards
from pokerroom.errors import IllegalActionError
from pokerroom.rules import (
    Action,
    BetRaise,
    BringIn,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    Muck,
    Phase,
    Show,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev
from tests.state import attributes

Move = str | int | tuple[int, str | int]


# ------------------------------------------------------------ configurations


def nl(stacks: Sequence[int], sb: int = 50, bb: int = 100, *extra: int, **kw: Any) -> HandConfig:
    """No-limit hold'em with blinds ``sb``-``bb`` (and straddles ``extra``)."""
    return HandConfig(
        variant=variant(kw.pop("game", "holdem")),
        structure=kw.pop("structure", Structure.NO_LIMIT),
        stacks=tuple(stacks),
        blinds=kw.pop("blinds", button_blinds(len(stacks), sb, bb, *extra)),
        min_bet=kw.pop("min_bet", bb),
        **kw,
    )


def pl(stacks: Sequence[int], sb: int = 50, bb: int = 100, **kw: Any) -> HandConfig:
    kw.setdefault("game", "omaha")
    return nl(stacks, sb, bb, structure=Structure.POT_LIMIT, **kw)


def fl(stacks: Sequence[int], small_bet: int = 100, big_bet: int = 200, *,
       sb: int = 50, bb: int = 100, **kw: Any) -> HandConfig:
    """Fixed-limit hold'em ``small_bet``/``big_bet`` with blinds ``sb``-``bb``."""
    return HandConfig(
        variant=variant(kw.pop("game", "holdem")),
        structure=Structure.FIXED_LIMIT,
        stacks=tuple(stacks),
        blinds=kw.pop("blinds", button_blinds(len(stacks), sb, bb)),
        small_bet=small_bet,
        big_bet=big_bet,
        **kw,
    )


# ------------------------------------------------------------------ playing


_MOVES: dict[str, Action] = {"f": Fold(), "c": CheckCall(), "x": CheckCall(), "b": BringIn(),
                             "s": Show(), "m": Muck()}


def _action(move: Action | str | int) -> Action:
    if isinstance(move, int):
        return BetRaise(move)
    if isinstance(move, str):
        return _MOVES[move]
    return move


def play(hand: Hand, *moves: Move, dealer: Dealer | None = None) -> list[ev.Event]:
    """Apply ``moves`` in order; return all the events they caused."""
    out: list[ev.Event] = []
    for move in moves:
        if dealer is not None:
            dealer.deal()
        position: int | None = None
        if isinstance(move, tuple):
            position, move = move
            assert hand.actor == position, f"expected position {position} to act, not {hand.actor}"
        if move == "x":
            assert hand.legal_actions().check, f"position {hand.actor} cannot check"
        out.extend(hand.act(_action(move), position=position))
    if dealer is not None:
        dealer.deal()
    return out


def check_down(hand: Hand, dealer: Dealer | None = None) -> None:
    """Check or call until the hand reaches the showdown or ends."""
    while hand.phase is Phase.BETTING or hand.phase is Phase.DEALING:
        if hand.phase is Phase.DEALING:
            assert dealer is not None
            dealer.deal()
            continue
        hand.act(CheckCall())


def street_of(hand: Hand) -> str:
    return hand.variant.streets[hand.street].name


class Dealer:
    """Deals fixed cards to a Hand built without a deck: ``holes`` per position in
    dealing order (all the position's cards for the whole hand), then the board."""

    def __init__(self, hand: Hand, holes: Sequence[str], board: str = "") -> None:
        self.hand = hand
        self.holes = [list(parse_cards(h)) for h in holes]
        self.board = list(parse_cards(board))

    def deal(self) -> None:
        hand = self.hand
        while hand.phase is Phase.DEALING:
            legal = hand.legal_actions()
            if legal.deal_board:
                cards, self.board = self.board[: legal.deal_board], self.board[legal.deal_board:]
                hand.act(DealBoard(tuple(cards)))
            else:
                position = legal.deal_position
                assert position is not None
                mine = self.holes[position]
                cards, self.holes[position] = mine[: legal.deal_count], mine[legal.deal_count:]
                hand.act(DealHole(position, tuple(cards)))


def dealt(config: HandConfig, holes: Sequence[str], board: str = "") -> tuple[Hand, Dealer]:
    """A hand with fixed cards, dealt up to the first action."""
    hand = Hand(config)
    dealer = Dealer(hand, holes, board)
    dealer.deal()
    return hand, dealer


def deck_hand(config: HandConfig, seed: int = 0) -> Hand:
    return Hand(config, Deck(seed))


def to_street(hand: Hand, name: str, dealer: Dealer | None = None) -> None:
    """Everyone checks or calls until the first action of street ``name``."""
    while street_of(hand) != name or hand.phase is not Phase.BETTING:
        assert hand.phase in (Phase.BETTING, Phase.DEALING), hand.phase
        if hand.phase is Phase.DEALING:
            assert dealer is not None, "manual dealing needs a Dealer"
            dealer.deal()
        else:
            hand.act(CheckCall())


def to_flop(hand: Hand, dealer: Dealer | None = None) -> None:
    to_street(hand, "flop", dealer)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# -------------------------------------------------------------- assertions


def _snapshot(hand: Hand) -> dict[str, Any]:
    """Everything a refused action must leave alone."""
    state: dict[str, Any] = {}
    for key, value in attributes(hand).items():
        if isinstance(value, int | bool | str | list | tuple | set | dict | Enum | type(None)):
            state[key] = copy.deepcopy(value)
    deck = getattr(hand, "_deck", None)
    if deck is not None:
        state["deck"] = (tuple(deck.remaining()), deck.burned)
    state["legal"] = hand.legal_actions()
    return state


def assert_refused(hand: Hand, action: Action | str | int, reason: str | None = None,
                   *, position: int | None = None) -> IllegalActionError:
    """``action`` raises IllegalActionError (with ``reason``) and changes nothing."""
    action = _action(action)
    before = _snapshot(hand)
    with pytest.raises(IllegalActionError) as info:
        hand.act(action, position=position)
    if reason is not None:
        assert info.value.reason == reason, str(info.value)
    after = _snapshot(hand)
    assert after == before, "a refused action changed the hand"
    return info.value


def fork(hand: Hand) -> Hand:
    """A fresh copy of ``hand``: same configuration and deck order, same actions."""
    deck = getattr(hand, "_deck", None)
    copy = Hand(hand.config, Deck.from_order(deck.order) if deck is not None else None)
    for position, action in hand.log:
        copy.act(action, position=position)
    return copy


def accepts(hand: Hand, action: Action | str | int) -> Hand:
    """``action`` is legal now: applied to a fork, which is returned."""
    copy = fork(hand)
    copy.act(_action(action))
    return copy


def assert_chips_conserved(hand: Hand) -> None:
    """Never lose a chip: stacks, chips in the middle and rake add up to the start;
    once the hand is over, the stacks and rake alone do."""
    start = sum(hand.config.stacks)
    middle = sum(hand.contributed)
    assert sum(hand.stacks) + middle + hand.rake == start, (
        f"chips not conserved: stacks {hand.stacks}, middle {middle}, rake {hand.rake}, "
        f"started with {list(hand.config.stacks)}"
    )
    assert all(s >= 0 for s in hand.stacks)
    if hand.is_over:
        assert middle == 0
        ended = [e for e in hand.events if isinstance(e, ev.HandEnded)]
        assert len(ended) == 1 and list(ended[0].stacks) == hand.stacks
        # The events alone account for every chip of every position.
        net = list(hand.config.stacks)
        for e in hand.events:
            if isinstance(e, ev.AntePosted | ev.BlindPosted | ev.BringInPosted | ev.Called
                          | ev.BetOrRaised):
                net[e.position] -= e.amount
            elif isinstance(e, ev.BetReturned):
                net[e.position] += e.amount
            elif isinstance(e, ev.PotAwarded):
                for position, chips in e.amounts:
                    net[position] += chips
        assert net == hand.stacks, f"events say {net}, stacks are {hand.stacks}"
        rake = sum(e.amount for e in hand.events if isinstance(e, ev.RakeTaken))
        assert rake == hand.rake


@pytest.fixture(autouse=True)
def _chips_conserved(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Hand]]:
    """Check chip conservation on every Hand created during a test."""
    hands: list[Hand] = []
    original = Hand.__init__

    def tracking_init(self: Hand, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        hands.append(self)

    monkeypatch.setattr(Hand, "__init__", tracking_init)
    yield hands
    for hand in hands:
        assert_chips_conserved(hand)


def payouts(hand: Hand) -> dict[int, int]:
    """Chips awarded per position over all pots."""
    out: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, ev.PotAwarded):
            for position, chips in e.amounts:
                out[position] = out.get(position, 0) + chips
    return out


def events_of(hand: Hand, kind: type[ev.Event]) -> list[Any]:
    return [e for e in hand.events if isinstance(e, kind)]


__all__ = [
    "Dealer",
    "accepts",
    "assert_chips_conserved",
    "assert_refused",
    "button_blinds",
    "cards",
    "check_down",
    "dealt",
    "deck_hand",
    "events_of",
    "fl",
    "fork",
    "nl",
    "payouts",
    "pl",
    "play",
    "street_of",
    "to_flop",
    "to_street",
]
