"""Showing one's cards by choice, and the rabbit hunt: two social things of a home game
that are never part of the play.

- **Show after folding or after winning uncontested.**  A player who folded (during
  the hand or after it) or who won with everyone else folded (once the hand is over)
  may show one or more of their *own face-down* cards to everyone, until the next
  deal; the cards go to the log and onto the felt.  The offer is made in that seat's
  own state only (``you.show``), and a request names cards by their index in it, so
  no request can name anyone else's card: the cards shown are read from the hand (or,
  between hands, from what the hand's end kept of that seat's own cards, with the
  sitting that held it: a new player in the seat inherits nothing).  A hand that went
  to a showdown shows what the rules show (S3, S4) and offers nothing more: a mucked
  hand stays mucked.
- **Rabbit hunt** (a host's option, stored with the table): after a flop-game hand
  ends before the river, the board cards that would have come
  (:func:`~pokerroom.rules.rabbit.rabbit_cards`: from the hand's stub, read only once
  the hand is over) are shown between hands, marked as not played.

What everyone sees is :meth:`AfterHand.public` (the state's ``shown``); a seat's
offer is :meth:`AfterHand.offer` (its private ``you.show``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerroom.cards import NOTATION, Card
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.engine import Hand
from pokerroom.rules.rabbit import rabbit_cards
from pokerroom.server.tables.sittings import SeatMeta
from pokerroom.table.plan import HandPlan

_WHY_WORDS = {"folded": "after folding", "won": "after winning without a showdown"}


@dataclass(slots=True)
class _Offer:
    """What one seat may show of the hand that just ended (kept server-side only)."""

    sitting: str
    cards: tuple[str, ...]  # the seat's own face-down cards: secret until it shows them
    why: str  # "folded" or "won"


@dataclass(slots=True)
class _Shown:
    """The cards a seat chose to show, by index into its face-down cards."""

    name: str
    why: str
    cards: list[str | None] = field(default_factory=list)


class AfterHand:
    """A table's shows-by-choice and rabbit hunt (see the module's docstring): a part
    of the table's actor, run by its task only.  ``name`` names a seat."""

    def __init__(self, seats: dict[int, SeatMeta], log: deque[str],
                 name: Callable[[int], str]) -> None:
        self.seats = seats
        self.log = log
        self.name = name
        self.rabbit_hunt = False  # the host's option (stored: :meth:`extras`)
        self.number = 0  # the hand the shows and the rabbit are of
        self._offers: dict[int, _Offer] = {}  # between hands: the last hand's, by seat
        self._shown: dict[int, _Shown] = {}  # by seat: public
        self.rabbit: list[str] = []  # public, between hands

    # ------------------------------------------------------------ the hand's life

    def hand_started(self, number: int) -> None:
        """A new deal: whatever was offered or shown of the last hand is over."""
        self.number = number
        self._offers.clear()
        self._shown.clear()
        self.rabbit = []

    def hand_over(self, hand: Hand, plan: HandPlan, number: int) -> None:
        """The hand just ended (call before the table takes it back): keep what each
        player who folded, or who won uncontested, may still show, and hunt the
        rabbit when the host asked for it."""
        self.number = number
        live = [k for k in range(hand.n) if not hand.folded[k]]
        # Everyone else folded: no showdown (nobody showed or mucked there, S4).
        uncontested = len(live) == 1 and not any(hand.exposed) and not any(hand.mucked)
        for k, seat in enumerate(plan.seats):
            meta = self.seats.get(seat)
            if meta is None or meta.is_bot:
                continue
            why = ("folded" if hand.folded[k] and not hand.mucked[k]
                   else "won" if uncontested and k == live[0] else None)
            cards = _own_down_cards(hand, k)
            if why is not None and cards:
                self._offers[seat] = _Offer(meta.sitting, cards, why)
        self.rabbit = ([str(Card(c)) for c in rabbit_cards(hand)] if self.rabbit_hunt
                       else [])
        if self.rabbit:
            self.log.append(f"Rabbit hunt (not played): {' '.join(self.rabbit)}")

    # ------------------------------------------------------------ a player's choice

    def _current(self, seat: int, hand: Hand | None,
                 plan: HandPlan | None) -> _Offer | None:
        """What ``seat`` may show now: during a hand, its own face-down cards once it
        has folded; between hands, what the last hand's end kept for it."""
        if hand is not None and plan is not None:
            if seat not in plan.seats:
                return None
            k = plan.position_of(seat)
            meta = self.seats.get(seat)
            if meta is None or not hand.folded[k] or hand.mucked[k] or hand.is_over:
                return None
            cards = _own_down_cards(hand, k)
            return _Offer(meta.sitting, cards, "folded") if cards else None
        return self._offers.get(seat)

    def offer(self, seat: int, hand: Hand | None, plan: HandPlan | None) -> dict[str, Any] | None:
        """The seat's own ``you.show``: its face-down cards it may show and which it has
        shown (None: nothing to offer)."""
        offer = self._current(seat, hand, plan)
        meta = self.seats.get(seat)
        if offer is None or meta is None or meta.sitting != offer.sitting:
            return None
        shown = self._shown.get(seat)
        return {"cards": list(offer.cards), "why": offer.why,
                "shown": [bool(shown and i < len(shown.cards) and shown.cards[i])
                          for i in range(len(offer.cards))]}

    def show(self, seat: int, indexes: list[int], hand: Hand | None,
             plan: HandPlan | None) -> None:
        """The player in ``seat`` shows its face-down cards at ``indexes`` (into its
        offer) to everyone; refused, nothing changed, unless the rules of the module's
        docstring allow it."""
        offer = self._current(seat, hand, plan)
        meta = self.seats.get(seat)
        if offer is None or meta is None or meta.sitting != offer.sitting:
            during = hand is not None and plan is not None and seat in plan.seats
            raise IllegalActionError(
                Reason.NOTHING_TO_SHOW,
                "you may show your cards once you have folded, or after the hand when you "
                "won it with everyone else folded" + ("" if during else
                                                      ", until the next deal"))
        if len(set(indexes)) != len(indexes) or not all(
                0 <= i < len(offer.cards) for i in indexes):
            raise IllegalActionError(
                Reason.NOT_YOUR_CARD,
                f"name each of your face-down cards once, by its place 0 to "
                f"{len(offer.cards) - 1}")
        shown = self._shown.setdefault(
            seat, _Shown(self.name(seat), offer.why, [None] * len(offer.cards)))
        new = [i for i in sorted(indexes) if shown.cards[i] is None]
        if not new:
            return
        for i in new:
            shown.cards[i] = offer.cards[i]
        self.log.append(f"{shown.name} shows {''.join(offer.cards[i] for i in new)} "
                        f"({_WHY_WORDS[offer.why]})")

    # ------------------------------------------------------------ what everyone sees

    def public(self) -> dict[str, Any] | None:
        """The state's ``shown``: the cards shown by choice (face-down ones not shown
        are None) and the rabbit's cards, of hand ``hand``; None when there are none."""
        if not self._shown and not self.rabbit:
            return None
        return {"hand": self.number, "rabbit": list(self.rabbit),
                "seats": [{"seat": seat, "name": s.name, "why": s.why, "cards": list(s.cards)}
                          for seat, s in sorted(self._shown.items())]}

    # ------------------------------------------------------------ stored

    def extras(self) -> dict[str, Any]:
        """What the table's snapshot keeps: the host's rabbit-hunt option."""
        return {"rabbit_hunt": self.rabbit_hunt}

    def restore(self, data: dict[str, Any] | None) -> None:
        self.rabbit_hunt = bool((data or {}).get("rabbit_hunt", False))


def _own_down_cards(hand: Hand, position: int) -> tuple[str, ...]:
    """The face-down cards of ``position`` (its own; up cards are everyone's already)."""
    return tuple(NOTATION[c] for c, up in zip(hand.hole[position], hand.up[position],
                                              strict=True)
                 if c is not None and not up)
