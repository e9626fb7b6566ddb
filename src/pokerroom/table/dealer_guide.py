"""What the dealer of a real table does next (issue 26, the dealer's tablet): one step
at a time, from the table and its hand, in the words a dealer hears.

A live table deals real cards: :meth:`Table.start_hand(manual=True)
<pokerroom.table.Table.start_hand>` waits for the dealer, and the dealer's tablet
shows :func:`next_step` after every tap: who posts what before the deal (T1-T14:
the button, the blinds, missed blinds owed), the cards to deal and from which seat
(D3, D4: a burn before every street that deals cards; stud's up cards), whose turn
it is with what they owe and the sizes allowed (B5-B10), the draw, the showdown's
first hand and the pots with who is in each (S1, S4), the pots pushed at the end.

Seats are counted as people count them in :attr:`DealerStep.text` (seat 1 first);
:attr:`DealerStep.seat` is the table's own number (0 first), as everywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card, format_cards
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules import events as ev
from pokerroom.rules.actions import DealHole
from pokerroom.rules.engine import Hand, Phase
from pokerroom.rules.legal import LegalActions
from pokerroom.rules.view import hand_pots
from pokerroom.table.plan import HandPlan
from pokerroom.table.table import Table

__all__ = ["DealerStep", "deal_round", "next_step"]

StepKind = Literal["button", "wait", "start", "deal", "board", "act", "draw", "showdown",
                   "over"]


@dataclass(frozen=True, slots=True)
class DealerStep:
    """One thing for the dealer to do.

    ``kind``: ``button`` (draw for the first button, D5), ``wait`` (no deal yet: too few
    players ready, ``text`` says why), ``start`` (deal the next hand: who posts),
    ``deal`` (hole cards: each player's ``cards`` this round, ``up`` of them face up,
    from ``seat``), ``board`` (``cards`` community cards), ``act`` (``seat``'s turn:
    ``legal``), ``draw`` (``seat`` discards up to ``legal.max_discard``), ``showdown``
    (``seat`` shows first; ``pots``), ``over`` (push the pots).  ``burn``: a card is
    burned first (D3).  ``pots``: the pots as they stand, main pot first, each with the
    seats in it."""

    kind: StepKind
    text: str
    seat: int | None = None
    cards: int = 0
    up: int = 0
    burn: bool = False
    legal: LegalActions | None = None
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()


def next_step(table: Table) -> DealerStep:
    """What the dealer of ``table`` does now (see the module's docstring)."""
    hand, plan = table.hand, table.plan_in_play
    if hand is None or plan is None:
        try:
            upcoming = table.plan()
        except IllegalActionError as why:
            if why.reason is Reason.BUTTON_NOT_DRAWN:
                return DealerStep("button", _BUTTON_DRAW[table.options.button_draw])
            return DealerStep("wait", f"No deal yet: {why}.")
        return _start(upcoming)
    seats = plan.seats
    pots = tuple((p.amount, tuple(seats[k] for k in p.eligible)) for p in hand_pots(hand))
    phase = hand.phase
    if phase is Phase.COMPLETE:
        return DealerStep("over", _pushed(hand, seats))
    legal = hand.legal_actions()
    if phase is Phase.DEALING:
        street = hand.variant.streets[hand.street]
        if legal.deal_board:
            count = legal.deal_board
            what = f"the {street.name}" + (f" ({count} cards)" if count > 1 else "")
            text = f"Burn and deal {what}." if street.burn else f"Deal {what}."
            return DealerStep("board", text, cards=count, burn=street.burn, pots=pots)
        assert legal.deal_position is not None
        first = seats[legal.deal_position]
        each = street.down + street.up
        if street.draw and hand.street > 0:  # the cards drawn, to each who drew
            drawn = _drawn(hand)
            due = [f"seat {seats[p] + 1}: {n}" for p, n in drawn if n]
            return DealerStep("deal", "Deal the cards drawn: " + ", ".join(due) + ".",
                              seat=first, cards=legal.deal_count, pots=pots)
        if street.up and street.down:
            cards = f"{street.down} down and {street.up} up"
        elif street.up:
            cards = f"{street.up} up"
        else:
            cards = f"{each} card{'s' * (each > 1)} face down"
        burn = "Burn, then deal" if street.burn else "Deal"
        one_by_one = ", one at a time" if each > 1 else ""
        return DealerStep("deal", f"{burn} {cards} to each player{one_by_one}, starting "
                                  f"with seat {first + 1}.", seat=first, cards=each,
                          up=street.up, burn=street.burn, pots=pots)
    assert legal.position is not None
    seat = seats[legal.position]
    if phase is Phase.DRAWING:
        return DealerStep("draw", f"Seat {seat + 1} draws: how many cards (0-"
                                  f"{legal.max_discard})?", seat=seat, legal=legal, pots=pots)
    if phase is Phase.SHOWDOWN:
        return DealerStep("showdown", f"Showdown: seat {seat + 1} shows first. "
                                      + _pots_text(pots) + " Enter the cards tabled, or "
                                      "name the winner of each pot.",
                          seat=seat, legal=legal, pots=pots)
    return DealerStep("act", f"Seat {seat + 1} to act: {_options(legal)}. {_pots_text(pots)}"
                      .rstrip(), seat=seat, legal=legal, pots=pots)


def deal_round(table: Table, up: Mapping[int, Sequence[Card]] | None = None
               ) -> list[ev.Event]:
    """The dealer dealt this round's hole cards (a ``deal`` step): real cards, face
    down, that the software never learns, and stud's up cards as entered, by seat
    (``up[seat]``, this street's); a draw's replacement cards likewise.  Gives every
    player's cards of the round to the hand engine and returns its events; refused
    (:class:`~pokerroom.errors.IllegalActionError`), changing nothing, when no hole
    cards are due or an up card is missing, named twice or already dealt."""
    hand, plan = table.hand, table.plan_in_play
    if hand is None or plan is None or hand.phase is not Phase.DEALING \
            or hand.legal_actions().deal_position is None:
        raise IllegalActionError(Reason.NO_CARDS_DUE, "no hole cards are due now: "
                                 + next_step(table).text)
    given = {seat: list(cards) for seat, cards in (up or {}).items()}
    street = hand.variant.streets[hand.street]
    if street.up and not (street.draw and hand.street > 0):
        # Checked before any card goes to the engine: a round is dealt whole or not at all.
        known = {c for hole in hand.hole for c in hole if c is not None} | set(hand.board)
        entered: list[Card] = []
        for position, seat in enumerate(plan.seats):
            if hand.folded[position]:
                continue
            mine = given.get(seat, [])[:street.up]
            if len(mine) < street.up:
                raise IllegalActionError(
                    Reason.WRONG_CARD_COUNT, f"seat {seat + 1}'s up card"
                    f"{'s' * (street.up > 1)} of {street.name} (face up: {street.up}) "
                    "must be entered")
            entered.extend(mine)
        twice = sorted({format_cards([c]) for c in entered
                        if c in known or entered.count(c) > 1})
        if twice:
            raise IllegalActionError(Reason.CARD_DEALT_TWICE, f"{', '.join(twice)} "
                                     "cannot be dealt again: each card is in one place")
    events: list[ev.Event] = []
    while hand.phase is Phase.DEALING:
        legal = hand.legal_actions()
        if legal.deal_position is None:
            break
        seat = plan.seats[legal.deal_position]
        ups: list[Card | None] = []
        if legal.deal_count == street.down + street.up and street.up:
            ups = list(given[seat][:street.up])
        downs: list[Card | None] = [None] * (legal.deal_count - len(ups))
        events.extend(hand.act(DealHole(legal.deal_position, tuple(downs + ups))))
    return events


def _pushed(hand: Hand, seats: tuple[int, ...]) -> str:
    """The hand is over: who gets which pot (side pots first, as awarded: S2), a bet
    nobody called back to its owner (B12), and the house's rake (S11)."""
    parts: list[str] = []
    side_pots = any(isinstance(e, ev.PotAwarded) and e.pot for e in hand.events)
    for e in hand.events:
        if isinstance(e, ev.BetReturned):
            parts.append(f"{e.amount:,} back to seat {seats[e.position] + 1} (not called)")
        elif isinstance(e, ev.PotAwarded):
            pot = (f"side pot {e.pot}" if e.pot else
                   "the main pot" if side_pots else "the pot")
            half = "" if e.half == "whole" else f"'s {e.half} half"
            total = sum(chips for _, chips in e.amounts)
            if len(e.amounts) == 1:
                parts.append(f"{pot}{half}, {total:,}, to seat {seats[e.amounts[0][0]] + 1}")
            else:
                split = ", ".join(f"seat {seats[p] + 1} {chips:,}" for p, chips in e.amounts)
                parts.append(f"{pot}{half}, {total:,}, split: {split}")
    if hand.rake:
        parts.append(f"the house takes {hand.rake:,}")
    return "The hand is over. Push " + "; ".join(parts) + ". Then start the next hand."


def _drawn(hand: Hand) -> list[tuple[int, int]]:
    """This street's discards, in order: (position, cards thrown)."""
    out: list[tuple[int, int]] = []
    for e in reversed(hand.events):
        if isinstance(e, ev.StreetStarted):
            break
        if isinstance(e, ev.Discarded) and e.audience is None:
            out.append((e.position, e.count))
    return out[::-1]


def _start(plan: HandPlan) -> DealerStep:
    """Before the deal: the button, who posts what, and what is owed (T1-T14)."""
    parts: list[str] = []
    where = plan.positions
    if where is not None:
        parts.append(f"The button is at seat {where.button + 1}"
                     + (" (a dead button)" if where.dead_button else ""))
    for position, seat in enumerate(plan.seats):
        blind = "the small blind" if where is not None and seat == where.small_blind else (
            "the big blind" if where is not None and seat == where.big_blind else "a blind")
        owed = [words.format(amount) for words, amount in (
            (blind + " of {}", _at(plan.blinds, position)),
            ("the ante of {}", _at(plan.antes, position)),
            ("{} to play", _at(plan.posts, position)),  # T4-T6: a new or returning player
            ("{} dead", _at(plan.dead, position)))  # T5: a missed small blind
            if amount]
        if owed:
            parts.append(f"seat {seat + 1} posts " + " and ".join(owed))
    for seat in plan.straddles:
        parts.append(f"seat {seat + 1} straddles")
    text = "; ".join(parts) + "." if parts else "Deal the next hand."
    notes = " ".join(plan.notes)
    return DealerStep("start", f"{text} {notes}".strip(), seat=None if where is None
                      else where.button)


_BUTTON_DRAW = {
    "high_card": "Draw for the button: deal each player one card face up; the highest "
                 "card takes it, equal ranks by suit (spades, hearts, diamonds, clubs: D5). "
                 "Then tap the seat that won.",
    "first_jack": "Draw for the button: deal cards face up around the table until someone "
                  "gets a jack; that seat takes it (D5). Then tap the seat.",
    "by_seat": "Place the button on the highest seat taken (LVH B4), then tap that seat.",
}
"""What the dealer does for the first button, by the house's ``button_draw``."""


def _at(values: tuple[int, ...], position: int) -> int:
    return values[position] if position < len(values) else 0


def _options(legal: LegalActions) -> str:
    """What the player may do, as a dealer says it."""
    out: list[str] = []
    if legal.bring_in is not None:
        out.append(f"bring it in for {legal.bring_in}")
    if legal.fold:
        out.append("fold")
    if legal.check:
        out.append("check")
    if legal.call is not None:
        out.append(f"call {legal.call}")
    if legal.min_raise_to is not None:
        verb = "complete or raise" if legal.bring_in is not None else "bet or raise"
        sizes = (str(legal.min_raise_to) if legal.min_raise_to == legal.max_raise_to
                 else f"{legal.min_raise_to}-{legal.max_raise_to}")
        out.append(f"{verb} to {sizes}")
    return ", ".join(out)


def _pots_text(pots: tuple[tuple[int, tuple[int, ...]], ...]) -> str:
    """The pots as they stand, with who is in each (S1)."""
    if not pots:
        return ""
    if len(pots) == 1:
        return f"Pot {pots[0][0]:,}."
    named = [f"{'main pot' if k == 0 else f'side pot {k}'} of {amount:,} (seats "
             f"{', '.join(str(s + 1) for s in seats)})" for k, (amount, seats) in enumerate(pots)]
    return "Pots: " + "; ".join(named) + "."

