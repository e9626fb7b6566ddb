"""The result of a finished hand, as data: the board(s), the hands shown with their
descriptions, each pot's awards, each player's winnings and the bets returned.

Built from the engine's public events (:mod:`pokerroom.rules.events` with
``audience`` None) and nothing else, so it holds only what everyone at the table may
see: a hand folded or mucked is named, never its cards (a hand is in ``shown`` only
when the rules turned it up, S3-S4).  It is the same for every viewer, part of the
table's public state between hands (``"result"``; None during a hand, which keeps
the states of a hand small), and the page draws it; the log stays text for people
(:mod:`pokerroom.history.narrate`).

Shape (seats and names at the table)::

    {"number": 12,
     "boards": [["Ah", "Kd", "7c", "2s", "9h"]],       one per run (run it twice: two)
     "shown": [{"seat": 2, "name": "Ann", "cards": ["As", "Ac"],
                "description": "three of a kind, Aces"}],
     "mucked": [{"seat": 4, "name": "Bob"}],
     "pots": [{"pot": 0, "half": "whole", "description": "three of a kind, Aces",
               "awards": [{"seat": 2, "name": "Ann", "amount": 120}]}],
     "won": [{"seat": 2, "name": "Ann", "amount": 120}],  each winner's total
     "returned": [{"seat": 3, "name": "Cy", "amount": 40}],  uncalled bets (B3)
     "rake": 0}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypedDict

from pokerroom.cards import Card
from pokerroom.rules import events as ev


class SeatAmount(TypedDict):
    seat: int
    name: str
    amount: int


class SeatName(TypedDict):
    seat: int
    name: str


class Shown(TypedDict):
    seat: int
    name: str
    cards: list[str | None]
    description: str


class PotResult(TypedDict):
    pot: int  # 0: the main pot, 1...: side pots
    half: str  # "whole", "high" or "low"
    description: str  # the winning hand ("" when everyone else folded)
    awards: list[SeatAmount]


class HandResult(TypedDict):
    number: int
    boards: list[list[str]]
    shown: list[Shown]
    mucked: list[SeatName]
    pots: list[PotResult]
    won: list[SeatAmount]
    returned: list[SeatAmount]
    rake: int


def hand_result(events: Iterable[ev.Event], seat_at: Callable[[int], int],
                name: Callable[[int], str], number: int) -> HandResult:
    """The result of the finished hand whose ``events`` these are; ``seat_at`` turns a
    position into its seat, ``name`` names a seat; ``number``: the table's hand number.
    Events with an audience (a seat's own cards) are skipped."""
    board: list[str] = []
    runs: dict[int, list[str]] = {}
    shown: dict[int, Shown] = {}  # by seat: a hand turned up all-in, then at the showdown
    mucked: list[SeatName] = []
    pots: list[PotResult] = []
    won: dict[int, int] = {}
    returned: list[SeatAmount] = []
    rake = 0

    def who(position: int, amount: int) -> SeatAmount:
        return who_seat(seat_at(position), name, amount)

    for event in events:
        if event.audience is not None:
            continue
        if isinstance(event, ev.BoardDealt):
            board += [str(Card(c)) for c in event.cards]
        elif isinstance(event, ev.BoardRun):
            runs.setdefault(event.run, []).extend(str(Card(c)) for c in event.cards)
        elif isinstance(event, ev.HandShown):
            seat = seat_at(event.position)
            before = shown.get(seat)
            shown[seat] = {"seat": seat, "name": name(seat),
                           "cards": [None if c is None else str(Card(c)) for c in event.cards],
                           "description": event.description
                           or (before["description"] if before else "")}
        elif isinstance(event, ev.HandMucked):
            seat = seat_at(event.position)
            mucked.append({"seat": seat, "name": name(seat)})
        elif isinstance(event, ev.PotAwarded):
            awards = [who(p, chips) for p, chips in event.amounts]
            for award in awards:
                won[award["seat"]] = won.get(award["seat"], 0) + award["amount"]
            pots.append({"pot": event.pot, "half": event.half,
                         "description": event.description, "awards": awards})
        elif isinstance(event, ev.BetReturned):
            returned.append(who(event.position, event.amount))
        elif isinstance(event, ev.RakeTaken):
            rake += event.amount
    boards = [board + runs[r] for r in sorted(runs)] if runs else ([board] if board else [])
    return {"number": number, "boards": boards, "shown": list(shown.values()), "mucked": mucked,
            "pots": pots, "won": [who_seat(s, name, c) for s, c in won.items()],
            "returned": returned, "rake": rake}


def who_seat(seat: int, name: Callable[[int], str], amount: int) -> SeatAmount:
    """A seat, its player's name and an amount."""
    return {"seat": seat, "name": name(seat), "amount": amount}
