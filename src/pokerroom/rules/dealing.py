"""Dealing: cards from the deck or from the dealer, burns, the board, draws
(D3, D4), and a stub that runs short: stud's seventh street (I9, TDA RP-10-H)
and draw games' new stub from the discards (a house rule, see
:meth:`Dealing._reshuffle_discards`).  The base layer of
:class:`~pokerroom.rules.engine.Hand` (Dealing <- Betting <- Floor <- Hand), which owns
the state declared here.  Plain single inheritance, so that mypyc can compile
the three as native classes (see ``setup.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pokerroom.cards import Deck, format_cards
from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import Action, DealBoard, DealHole, Discard
from pokerroom.rules.legal import DEALING, Phase
from pokerroom.rules.stud import short_stub_case
from pokerroom.rules.variants import Street, Variant


class Dealing:
    """The dealing part of a hand."""

    variant: Variant
    hole: list[list[int | None]]
    up: list[list[bool]]
    folded: list[bool]
    board: list[int]
    discards: list[int]
    events: list[ev.Event]
    street: int
    phase: Phase
    actor: int | None
    flop_dealt: bool
    _deck: Deck | None
    _dealt: set[int]
    _deck_cards: frozenset[int]  # deck_set(variant), the cards there are
    _pending_deals: list[tuple[int | None, int]]
    _pending_draws: list[int]
    _restub: list[int]
    short_stub: str | None  # I9: the seventh-street case used, if any
    _draw_round_discards: dict[int, int]  # card -> the position that discarded it, this draw
    # A hand replayed from a record takes any house's new stub (follow_any_new_stub).
    _any_new_stub: bool = False

    # Provided by the classes built on this one (Betting, Hand).

    def _open_betting(self) -> None:
        raise NotImplementedError

    def _refuse(self, reason: Reason, action: Action, detail: str = "") -> IllegalActionError:
        raise NotImplementedError

    def _after_street_action(self) -> None:
        """Deal what is due (or wait for the dealer), then open the betting."""
        if self._pending_deals:
            if self._deck is None:
                self.phase = DEALING
                self.actor = None
                return
            self._deal_from_deck()
        self._open_betting()

    def _deal_from_deck(self) -> None:
        deck = self._deck
        assert deck is not None
        street = self.variant.streets[self.street]
        if self.variant.forced == "bring_in" and self._short_stub(deck):
            return
        pending = self._pending_deals
        if len(pending) == 1 and pending[0][0] is None and not self._restub:
            # A flop game's board, the common case.  D3: a burn first -- unless the
            # stub holds no more than this board and the later ones (a full table of
            # five-card Omaha): the cards are dealt, the burn is skipped.
            count = pending[0][1]
            if street.burn and len(deck) > count + self.variant.boards_after[self.street]:
                deck.burn()
                self.events.append(_BURNED)
            if len(deck) >= count:
                self._give_board(list(map(int, deck.deal(count))))
                self._pending_deals = []
                return
        elif street.burn and len(deck) > 0:
            deck.burn()
            self.events.append(_BURNED)
        hole_deals = [(s, c) for s, c in pending if s is not None]
        board = sum(c for s, c in pending if s is None)
        if hole_deals:
            # D4: one card at a time, clockwise from position 0.
            counts = {c for _, c in hole_deals}
            k = len(hole_deals)
            if len(counts) == 1 and not self._restub and len(deck) >= k * (c := counts.pop()):
                # Everyone gets the same number: position j's cards are every k-th.
                block = list(map(int, deck.deal(k * c)))
                for j, (s, _) in enumerate(hole_deals):
                    self._give_hole(s, block[j::k], street)
            else:
                dealt: dict[int, list[int | None]] = {s: [] for s, _ in hole_deals}
                rounds = max(c for _, c in hole_deals)
                for r in range(rounds):
                    for s, c in hole_deals:
                        if r < c:
                            dealt[s].append(self._draw_card(deck, s))
                for s, _ in hole_deals:
                    self._give_hole(s, dealt[s], street)
        if board:
            if not self._restub and len(deck) >= board:
                self._give_board(list(map(int, deck.deal(board))))
            else:
                self._give_board([self._draw_card(deck, None) for _ in range(board)])
        self._pending_deals = []

    def _draw_card(self, deck: Deck, position: int | None) -> int:
        if len(deck) == 0 and not self._restub:
            self._reshuffle_discards()
        restub = self._restub
        if restub:
            own = self._draw_round_discards
            for k in range(len(restub) - 1, -1, -1):
                # Nobody gets back a card they threw away in this draw.
                if own.get(restub[k], -1) != position:
                    return restub.pop(k)
            raise ConfigError(
                f"the deck ran out of cards: only position {position}'s own discards are left"
            )
        return int(deck.deal(1)[0])

    def _reshuffle_discards(self) -> None:
        """Draw games, house rule: when the stub runs out, the discards of earlier
        draws are shuffled into a new stub.  When there are none (the first draw of
        a full table) or they have run out too, the discards of this draw are, and
        then no player is dealt a card he discarded in this draw.  Burned cards
        never come back.  The shuffle is seeded from the deck order, so a hand stays
        reproducible from its configuration, deck order and actions."""
        this_round = self._draw_round_discards
        stub = [c for c in self.discards if c not in this_round]
        if not stub:
            stub = list(self.discards)
        if not stub:
            raise ConfigError("the deck ran out of cards and there are no discards to reuse")
        self._restub = self._shuffled(stub)
        reused = set(stub)
        self.discards = [c for c in self.discards if c not in reused]

    def _shuffled(self, cards: list[int]) -> list[int]:
        """``cards`` shuffled from a seed taken from the deck order (and how far the
        hand has gone), as a stack to pop from."""
        assert self._deck is not None
        seed = hash(tuple(self._deck.order)) ^ len(self.events)
        random.Random(seed).shuffle(cards)
        return cards[::-1]

    def _short_stub(self, deck: Deck) -> bool:
        """I9 / TDA RP-10-H: seventh street in stud when the stub cannot give every
        player a card, burn one and keep one back (:func:`short_stub_case`).  Case A:
        the stub and the three earlier burns are mixed (a seeded shuffle, so the hand
        stays reproducible), one card is burned and each player gets a card.  Case B:
        the top card is burned and the next one is a community card, face up for
        everyone.  Case C: the stub and the earlier burns are mixed, one is burned
        and the next is the community card.  The community card is nobody's up-card,
        so who acts first is unchanged: the player first on sixth street (TDA D).
        Returns whether the street was dealt here."""
        variant = self.variant
        if not variant.is_stud or self.street != len(variant.streets) - 1:
            return False
        positions = [s for s, _ in self._pending_deals if s is not None]
        burns = [int(c) for c in deck.burned]
        case = short_stub_case(len(deck), len(positions), len(burns))
        if case is None:
            return False
        self._pending_deals = []
        self.short_stub = case
        if case == "B":
            deck.burn()
            self.events.append(_BURNED)
            self._give_board([int(deck.deal(1)[0])])
            return True
        self._restub = self._shuffled([int(c) for c in deck.deal(len(deck))] + burns[-3:])
        self._restub.pop()  # the burn
        self.events.append(_BURNED)
        if case == "A":
            for s in positions:
                self._give_hole(s, [self._restub.pop()])
        else:
            self._give_board([self._restub.pop()])
        return True

    def _give_hole(
        self, position: int, cards: Sequence[int | None], street: Street | None = None
    ) -> None:
        if street is None:
            street = self.variant.streets[self.street]
        count = len(cards)
        dealt = self._dealt
        for c in cards:
            if c is not None:
                dealt.add(c)
        self.hole[position].extend(cards)
        events = self.events
        if not street.up or street.draw:
            # All face down: the cards to the position alone, the count to the table.
            self.up[position].extend(_FACE_DOWN[count] if count < 8 else [False] * count)
            events.append(ev.HoleCardsDealt(position, position, tuple(cards), (), count))
            hidden = _HIDDEN_DEALS.get(position * 64 + count) if count < 64 else None
            if hidden is None:
                hidden = ev.HoleCardsDealt(None, position, (), (), count)
                if count < 64:
                    _HIDDEN_DEALS[position * 64 + count] = hidden
            events.append(hidden)
            return
        ups = [False] * street.down + [True] * street.up
        self.up[position].extend(ups)
        up_cards = tuple(c for c, u in zip(cards, ups, strict=True) if u and c is not None)
        events.append(ev.HoleCardsDealt(position, position, tuple(cards), up_cards, count))
        if street.down:
            events.append(ev.HoleCardsDealt(None, position, (), up_cards, count))
        else:
            events.append(ev.HoleCardsDealt(None, position, tuple(cards), up_cards, count))

    def _give_board(self, cards: Sequence[int]) -> None:
        self._dealt.update(cards)
        self.board.extend(cards)
        if len(self.board) >= 3:
            self.flop_dealt = True
        self.events.append(ev.BoardDealt(None, tuple(cards)))

    def _deal_action(self, action: DealHole | DealBoard) -> None:
        if self.phase is not DEALING:
            raise self._refuse(Reason.NO_DEAL_DUE, action, "no cards are due now")
        cards = [c for c in action.cards if c is not None]
        valid = self._deck_cards
        for c in cards:
            if c not in valid:
                raise self._refuse(Reason.BAD_CARD, action, f"card {c} is not in this deck")
        # (Only a card seen before can be a duplicate: the common case looks no further.
        # Loops rather than sets: a deal is a card or a few.)
        distinct = fresh = True
        for k in range(1, len(cards)):
            for j in range(k):
                if cards[j] == cards[k]:
                    distinct = fresh = False
        if distinct:
            dealt = self._dealt
            for c in cards:
                if c in dealt:
                    fresh = False
        if not fresh:
            reused = self._reusable_discards(action)
            dup = [c for c in cards if c in self._dealt and c not in reused]
            if dup or not distinct:
                bad = dup[0] if dup else next(c for c in cards if cards.count(c) > 1)
                raise self._refuse(
                    Reason.CARD_DEALT_TWICE, action,
                    f"{format_cards([bad])} has already been dealt",
                )
        if isinstance(action, DealBoard):
            if any(c is None for c in action.cards):
                raise self._refuse(Reason.UNKNOWN_BOARD_CARD, action, "board cards must be known")
            if self._community_card_may_replace_the_street():
                if len(action.cards) != 1:
                    raise self._refuse(
                        Reason.WRONG_CARD_COUNT, action,
                        f"a short stub's community card is one card, not {len(action.cards)}",
                    )
                self._pending_deals = []
                self._give_board(cards)
                self._after_deals()
                return
            pending = self._pending_deals
            # The board is due when it comes first in what is left to deal.
            if not pending or pending[0][0] is not None:
                raise self._refuse(Reason.NO_BOARD_DUE, action, "no board cards are due now")
            index = 0
            count = self._pending_deals[index][1]
            if len(action.cards) != count:
                raise self._refuse(
                    Reason.WRONG_CARD_COUNT, action, f"{count} board card(s) are due, not "
                    f"{len(action.cards)}"
                )
            pending.pop(index)
            self._give_board(cards)
        else:
            position = action.position
            pending = self._pending_deals
            index = None
            for k in range(len(pending)):
                if pending[k][0] == position:
                    index = k
                    break
            if index is None:
                raise self._refuse(
                    Reason.NO_CARDS_DUE, action, f"no cards are due to position {action.position}"
                )
            count = self._pending_deals[index][1]
            if len(action.cards) != count:
                raise self._refuse(
                    Reason.WRONG_CARD_COUNT, action,
                    f"{count} card(s) are due to position {action.position}, "
                    f"not {len(action.cards)}",
                )
            pending.pop(index)
            self._give_hole(position, action.cards)
        if not self._pending_deals:
            self._after_deals()

    def _community_card_may_replace_the_street(self) -> bool:
        """I9 / TDA RP-10-H cases B and C, manual dealing: on stud's seventh street,
        before anyone's card, the dealer may deal one community card instead.  The
        engine cannot see the stub when the cards come from outside, so whoever
        deals (a live table, a history) judges that the stub is short."""
        variant = self.variant
        if variant.forced != "bring_in" or self.street != len(variant.streets) - 1:
            return False  # (not stud, or not its last street)
        street = variant.streets[self.street]
        before = variant.hole_cards - street.down - street.up
        live = [i for i, out in enumerate(self.folded) if not out]
        pending = self._pending_deals
        return (
            len(pending) == len(live)
            and all(s is not None and len(self.hole[s]) == before for s, _ in pending)
        )

    def follow_any_new_stub(self) -> None:
        """Take the draws' new stub as recorded, whatever house dealt it.

        A history records what happened.  Houses make a draw game's new stub
        differently: this engine's own rule (see ``_reshuffle_discards``) reuses
        discards and never gives a player back what he threw away in this draw;
        another house, as PokerKit deals, shuffles every card out of play -- all
        discards, the burns, the folded hands.  Once this is called (the replay of
        a history does, before the first card), a draw may be dealt any card that
        has left play; a card a live player holds is still refused.  The live
        engine, dealing or dealt to, keeps its own rule, like stud's short stub (I9)."""
        self._any_new_stub = True

    def _reusable_discards(self, action: DealHole | DealBoard) -> set[int]:
        """Draw games: once the stub runs out, discards are dealt again -- never to
        the player who threw them away in this draw (see ``_reshuffle_discards``),
        unless the hand follows any house's new stub (:meth:`follow_any_new_stub`):
        then every card out of play, discarded or folded, may come back."""
        if not isinstance(action, DealHole):
            return set()
        return self._reusable_for(action.position)

    def _reusable_for(self, position: int) -> set[int]:
        """The cards already dealt that ``position`` may yet be dealt from a draw game's
        new stub (an unknown card of his, shown or thrown, may be one of them)."""
        if not self.variant.is_draw:
            return set()
        if self._any_new_stub:
            folded = self.folded
            live = {c for s, cards in enumerate(self.hole) if not folded[s] for c in cards}
            return {c for c in self._dealt if c not in live}
        own = self._draw_round_discards
        held = {c for cards in self.hole for c in cards}
        return {c for c in self.discards if own.get(c, -1) != position and c not in held}

    @property
    def _valid_cards(self) -> frozenset[int]:
        return self._deck_cards

    def _after_deals(self) -> None:
        self._open_betting()

    def _draw_action(self, action: Action) -> None:
        i = self.actor
        assert i is not None
        if not isinstance(action, Discard):
            raise self._refuse(Reason.DRAW_DUE, action)
        remaining = list(self.hole[i])
        for c in action.cards:
            if c is not None and c in remaining:
                remaining.remove(c)
            elif None in remaining:
                # An unknown card (a replayed history): a named card must be new.
                if c is not None and (
                    c not in self._valid_cards
                    or (c in self._dealt and c not in self._reusable_for(i))
                ):
                    raise self._refuse(
                        Reason.NOT_YOUR_CARD, action,
                        f"position {i} cannot hold {format_cards([c])}",
                    )
                remaining.remove(None)
            else:
                raise self._refuse(
                    Reason.NOT_YOUR_CARD, action,
                    f"position {i} does not hold {format_cards([c])}",
                )
        known = [c for c in action.cards if c is not None]
        if len(set(known)) != len(known):
            raise self._refuse(Reason.CARD_DEALT_TWICE, action, "a card is discarded twice")
        k = len(action.cards)
        self.hole[i] = remaining
        self.up[i] = [False] * len(remaining)
        for c in known:
            self._dealt.add(c)
            self.discards.append(c)
            self._draw_round_discards[c] = i
        self.events.append(ev.Discarded(i, i, k, tuple(known)))
        self.events.append(ev.Discarded(None, i, k, ()))
        if k:
            self._pending_deals.append((i, k))
        self._pending_draws = [s for s in self._pending_draws if s != i]
        self._next_drawer()

    def _next_drawer(self) -> None:
        """The next player to draw; once all have, the replacements, then the betting."""
        if self._pending_draws:
            self.actor = self._pending_draws[0]
            return
        self.actor = None
        if self._pending_deals:
            if self._deck is None:
                self.phase = DEALING
                return
            self._deal_from_deck()
        self._open_betting()


# Events are immutable values: these serve every hand.
_BURNED: Final = ev.CardBurned(None)
# What the table sees of a deal of ``count`` cards to ``position``, by ``position * 64 + count``.
_HIDDEN_DEALS: Final[dict[int, ev.HoleCardsDealt]] = {}
_FACE_DOWN: Final = tuple([False] * k for k in range(8))  # never changed: extend() copies them

_DECK_SETS: Final[dict[int, tuple[tuple[int, ...], frozenset[int]]]] = {}


def deck_set(variant: Variant) -> frozenset[int]:
    """The cards of ``variant``'s deck as a set (made once per deck)."""
    deck = variant.deck
    entry = _DECK_SETS.get(id(deck))
    if entry is None or entry[0] is not deck:
        # Plain ints, not Cards: compiled, a card looked up is a plain int, found
        # at once by identity (a Card beside it is compared through its type).
        entry = _DECK_SETS[id(deck)] = (deck, frozenset([int(card) for card in deck]))
    return entry[1]
