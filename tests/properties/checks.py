"""Invariants checked after every step of a generated hand.

Each checker is fed the events of each step (``step(hand, events)``) and
raises AssertionError with the step's events when an invariant breaks.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from pokerroom.cards import Deck, format_cards
from pokerroom.rules import Hand
from pokerroom.rules import events as ev


class ChipLedger:
    """S1, S11, B11, B12: no chip is created or lost, and every event that moves
    chips says how many.

    - while the hand is on: sum(stacks) + pot == the starting total;
    - at the end: sum(stacks) + rake == the starting total, nothing left in the pot;
    - stacks rebuilt from the events alone equal the hand's stacks;
    - no stack is ever negative and nobody puts in more than they started with.
    """

    def __init__(self, hand: Hand) -> None:
        self.start = tuple(hand.config.stacks)
        self.total = sum(self.start)
        self.stacks = list(self.start)
        self.rake = 0

    def step(self, hand: Hand, events: Sequence[ev.Event]) -> None:
        for e in events:
            if isinstance(
                e, ev.AntePosted | ev.BlindPosted | ev.BringInPosted | ev.Called | ev.BetOrRaised
            ):
                self.stacks[e.position] -= e.amount
            elif isinstance(e, ev.BetReturned):
                self.stacks[e.position] += e.amount
            elif isinstance(e, ev.PotAwarded):
                for position, chips in e.amounts:
                    assert chips >= 0, f"a negative award: {e}"
                    self.stacks[position] += chips
            elif isinstance(e, ev.RakeTaken):
                self.rake += e.amount
            elif isinstance(e, ev.HandEnded):
                assert list(e.stacks) == hand.stacks, (e, hand.stacks)
        stacks = hand.stacks
        assert min(stacks) >= 0, f"a negative stack: {stacks}"
        assert self.stacks == stacks, (
            f"stacks from the events {self.stacks} != the hand's {stacks}; events {events}"
        )
        if hand.is_over:
            assert sum(stacks) + hand.rake == self.total, (stacks, hand.rake, self.total)
            assert hand.rake == self.rake
            assert hand.pot == 0
        else:
            assert sum(stacks) + hand.pot == self.total, (stacks, hand.pot, self.total)
            assert all(c >= 0 for c in hand.contributed), hand.contributed
            for position, c in enumerate(hand.contributed):
                assert c + stacks[position] == self.start[position], (position, c, stacks[position])


class CardTracker:
    """D1, D3: no card is dealt twice; burned cards are never dealt -- but for the
    engine's rules when the stub runs short.

    Cards are read from each position's own ``HoleCardsDealt`` copy, ``Discarded``
    copy and ``BoardDealt``.  A card is at most once among the cards currently
    held and the board.  Outside draw games a card is dealt at most once in the
    whole hand.  In draw games (house rule) a discard comes back only once the
    stub has run out: first the discards of earlier draws; when none is left, the
    discards of this draw, never to the position that threw it away.  A burned card
    is never dealt, except on stud's seventh street with a short stub (I9, TDA
    RP-10-H cases A and C): the three burns of fourth to sixth street are mixed
    with the stub and may be dealt.  What each position holds matches ``hand.hole``
    and the board ``hand.board``.
    """

    def __init__(self, hand: Hand, deck: Deck) -> None:
        self.deck = deck
        self.deck_cards = set(hand.variant.deck)
        self.draw_game = hand.variant.is_draw
        self.stud = hand.variant.is_stud
        self.last_street = len(hand.variant.streets) - 1
        self.held: list[list[int]] = [[] for _ in range(hand.n)]
        self.board: list[int] = []
        self.ever: set[int] = set()
        self.pool_before: set[int] = set()  # earlier draws' discards not dealt again yet
        self.pool_now: dict[int, int] = {}  # this draw's discards not dealt again -> position
        self.street = -1
        # The whole deck: the constructor may already have dealt (a hand dealt out at
        # once when everyone is all-in), and those events are counted down too.
        self.stub = len(hand.variant.deck)  # the stub when the step started, counted down
        self.burns_may_return: set[int] = set()  # I9 cases A and C

    def step(self, hand: Hand, events: Sequence[ev.Event]) -> None:
        stub = self.stub
        seventh: list[tuple[int | None, Sequence[int | None]]] = []  # (position or None, cards)
        reused_now = False
        for e in events:
            if isinstance(e, ev.StreetStarted):
                self._check_reuse_order(reused_now, events)
                reused_now = False
                self.street = e.street
                self.pool_before |= set(self.pool_now)
                self.pool_now = {}
            elif isinstance(e, ev.CardBurned):
                if not (self.stud and self.street == self.last_street):
                    stub -= 1
            elif isinstance(e, ev.HoleCardsDealt) and e.audience == e.position:
                reused_now |= self._dealt(e.cards, e, e.position)
                self.held[e.position].extend(c for c in e.cards if c is not None)
            elif isinstance(e, ev.BoardDealt):
                reused_now |= self._dealt(e.cards, e, None)
                self.board.extend(e.cards)
            elif isinstance(e, ev.Discarded) and e.audience == e.position:
                for c in e.cards:
                    assert c in self.held[e.position], (
                        f"position {e.position} discards {c} it does not hold")
                    self.held[e.position].remove(c)
                    self.pool_now[c] = e.position
            else:
                continue
            if isinstance(e, ev.HoleCardsDealt | ev.BoardDealt):
                if self.stud and self.street == self.last_street:
                    who = e.position if isinstance(e, ev.HoleCardsDealt) else None
                    seventh.append((who, e.cards))
                else:
                    stub -= len(e.cards)
        self._check_reuse_order(reused_now, events)
        if seventh:
            self._seventh_street(hand, stub, seventh, events)
        self.stub = len(self.deck)
        current = [c for cards in self.held for c in cards] + self.board
        dup = [c for c, k in Counter(current).items() if k > 1]
        assert not dup, f"{format_cards(dup)} held twice: {self.held} board {self.board}"
        for position in range(hand.n):
            if hand.mucked[position]:
                continue
            assert sorted(self.held[position]) == sorted(
                c for c in hand.hole[position] if c is not None
            ), (position, self.held[position], hand.hole[position])
        assert self.board == list(hand.board), (self.board, hand.board)
        burned = set(self.deck.burned) - self.burns_may_return
        assert not burned & set(current), f"a burned card was dealt: {burned & set(current)}"

    def _check_reuse_order(self, reused_now: bool, events: Sequence[ev.Event]) -> None:
        """This draw's discards are dealt again only once the earlier draws' are gone."""
        if reused_now:
            assert not self.pool_before, (
                f"this draw's discards dealt again before the earlier draws' "
                f"{format_cards(sorted(self.pool_before))}: {events}"
            )

    def _seventh_street(
        self,
        hand: Hand,
        stub: int,
        deals: list[tuple[int | None, Sequence[int | None]]],
        events: Sequence[ev.Event],
    ) -> None:
        """I9 / TDA RP-10-H: seventh street needs a card for each live player, a
        burn and one card left over.  Short of that, A: the stub and the three
        earlier burns are enough -- mix them, burn one, a card for each player; B:
        three cards or more in the stub -- burn one, one community card; C: mix the
        stub and the burns, burn one, one community card."""
        positions = [s for s, _ in deals if s is not None]
        board = [cards for s, cards in deals if s is None]
        players = len(positions) if positions else sum(not f for f in hand.folded)
        need = players + 2
        if stub >= need:
            case = None
        elif stub + 3 >= need:
            case = "A"
        else:
            case = "B" if stub >= 3 else "C"
        if case in (None, "A"):
            assert not board and all(len(cards) == 1 for _, cards in deals), (case, events)
        else:
            assert not positions and len(board) == 1 and len(board[0]) == 1, (case, stub, events)
        if case in ("A", "C"):
            burns = self.deck.burned
            assert len(burns) == 3, (burns, events)
            assert len(self.deck) == 0, f"case {case} leaves {len(self.deck)} cards in the stub"
            self.burns_may_return = {int(c) for c in burns}

    def _dealt(self, cards: Sequence[int | None], event: ev.Event, position: int | None) -> bool:
        """Record cards dealt; returns whether one of them is this draw's discard."""
        reused_now = False
        for c in cards:
            assert c is not None, f"the engine dealt an unknown card: {event}"
            assert c in self.deck_cards, f"{c} is not in this variant's deck: {event}"
            if c in self.ever:
                assert self.draw_game, f"{format_cards([c])} dealt twice: {event}"
                assert len(self.deck) == 0, (
                    f"{format_cards([c])} dealt again with {len(self.deck)} cards in the stub"
                )
                if c in self.pool_before:
                    self.pool_before.discard(c)
                else:
                    assert c in self.pool_now, (
                        f"{format_cards([c])} dealt again without being discarded: {event}"
                    )
                    assert self.pool_now[c] != position, (
                        f"position {position} dealt back {format_cards([c])} it discarded in this "
                        f"draw: {event}"
                    )
                    del self.pool_now[c]
                    reused_now = True
            self.ever.add(c)
        return reused_now


class AudienceChecker:
    """D4, S3, S4: hidden cards stay hidden.

    No event for everyone (audience None) names a face-down card of a position
    before that position's hand is shown (``HandShown``); discards and mucked hands
    are never named.  Face-up stud cards are public.  A position's own copy goes to
    that position only.
    """

    def __init__(self, hand: Hand) -> None:
        self.hidden: list[set[int]] = [set() for _ in range(hand.n)]
        self.discards: list[set[int]] = [set() for _ in range(hand.n)]
        self.held: list[list[int]] = [[] for _ in range(hand.n)]

    def step(self, hand: Hand, events: Sequence[ev.Event]) -> None:
        for e in events:
            if e.audience is not None:
                position = getattr(e, "position", None)
                assert position == e.audience, f"a position's own copy sent to another: {e}"
                if isinstance(e, ev.HoleCardsDealt):
                    dealt = {c for c in e.cards if c is not None}
                    self.held[e.position].extend(dealt)
                    self.hidden[e.position] |= dealt - set(e.up)
                    for discards in self.discards:  # a discard dealt again (draw games)
                        discards -= dealt
                elif isinstance(e, ev.Discarded):
                    self.discards[e.position] |= set(e.cards)
                    self.hidden[e.position] -= set(e.cards)
                    self.held[e.position] = [c for c in self.held[e.position] if c not in e.cards]
                continue
            if isinstance(e, ev.HandShown):
                named = {c for c in e.cards if c is not None}
                assert not named & self.discards[e.position], f"a discard shown: {e}"
                assert sorted(named) == sorted(self.held[e.position]), (e, self.held[e.position])
                self.hidden[e.position] -= named
                continue
            secret = set().union(*self.hidden, *self.discards)
            for name in ("cards", "up"):
                value: Any = getattr(e, name, ())
                leaked = {c for c in value if c is not None} & secret
                assert not leaked, f"{e} shows face-down {format_cards(sorted(leaked))}"


class Snapshot:
    """Everything a refused action must leave alone (B2, B13)."""

    def __init__(self, hand: Hand) -> None:
        self.state = self._take(hand)

    @staticmethod
    def _take(hand: Hand) -> dict[str, Any]:
        return {
            "stacks": list(hand.stacks),
            "bets": list(hand.bets),
            "contributed": list(hand.contributed),
            "folded": list(hand.folded),
            "hole": copy.deepcopy(hand.hole),
            "board": list(hand.board),
            "phase": hand.phase,
            "actor": hand.actor,
            "street": hand.street,
            "events": len(hand.events),
            "log": len(hand.log),
            "legal": hand.legal_actions(),
        }

    def assert_unchanged(self, hand: Hand, what: str) -> None:
        now = self._take(hand)
        changed = {k: (v, now[k]) for k, v in self.state.items() if now[k] != v}
        assert not changed, f"refused {what} changed the hand: {changed}"


class AwardChecker:
    """B4, S2, S10: who gets the pots.

    - a folded or mucked hand wins nothing;
    - side pots are awarded before the main pot (pot numbers never go up);
    - a pot split between winners is split as evenly as the chip unit allows
      (shares differ by at most one unit, the first may also get what is
      smaller than a unit);
    - a hand won by everyone else folding is never shown and takes the whole
      pot in one award.
    """

    def __init__(self, hand: Hand) -> None:
        self.events: list[ev.Event] = []

    def step(self, hand: Hand, events: Sequence[ev.Event]) -> None:
        self.events.extend(events)
        if not hand.is_over:
            return
        awards = [e for e in self.events if isinstance(e, ev.PotAwarded)]
        put_in = sum(
            e.amount for e in self.events
            if isinstance(
                e, ev.AntePosted | ev.BlindPosted | ev.BringInPosted | ev.Called | ev.BetOrRaised
            )
        ) - sum(e.amount for e in self.events if isinstance(e, ev.BetReturned))
        if not put_in:
            return  # an empty pot (no forced bets, nobody bet): nothing to award
        assert awards, "the hand ended without awarding the pot"
        unit = hand.config.chip_unit
        pots = [e.pot for e in awards]
        assert pots == sorted(pots, reverse=True), f"S2: the main pot before a side pot: {pots}"
        for award in awards:
            for position, _ in award.amounts:
                assert not hand.folded[position], f"folded position {position} wins: {award}"
            shares = [chips for _, chips in award.amounts]
            if len(shares) > 1:
                total = sum(shares)
                rest = total % unit
                evened = [shares[0] - rest, *shares[1:]]
                assert max(evened) - min(evened) <= unit, f"S10: uneven split {award}"
        live = hand.in_hand()
        if len(live) == 1 and not any(isinstance(e, ev.HandMucked) for e in self.events):
            # Everyone else folded (an all-in showdown has no folds after it).
            assert not any(isinstance(e, ev.HandShown) for e in self.events), (
                "B4: the last player had to show"
            )
            assert [a.amounts for a in awards] == [((live[0], awards[0].amounts[0][1]),)], awards


def check_betting_bounds(hand: Hand) -> None:
    """B2, B5-B8: what ``legal_actions()`` offers is coherent with the state.

    A call adds what is owed (all-in for less when short); a raise goes above
    the current bet and no further than the player's chips; no limit allows
    all-in; fixed limit raises by one bet at most; pot limit never below the
    minimum bet (unless all-in)."""
    legal = hand.legal_actions()
    position = legal.position
    if legal.phase.value != "betting" or position is None:
        return
    stack, bet, current = hand.stacks[position], hand.bets[position], hand.current_bet
    owed = current - bet
    if legal.call is not None:
        assert legal.call == min(owed, stack) > 0, (legal, owed, stack)
    if legal.check:
        assert owed <= 0, (legal, owed)
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None:
        assert high is None
        return
    assert high is not None
    all_in = stack + bet
    assert current < low <= high <= all_in, (legal, current, all_in)
    structure = hand.config.structure
    if structure.value == "no_limit":
        assert high == all_in, (legal, all_in)
    elif structure.value == "fixed_limit":
        assert high - current <= max(hand.config.big_bet, hand.config.small_bet), legal
    elif structure.value == "pot_limit" and low < all_in:
        assert low >= hand.config.min_bet, legal
