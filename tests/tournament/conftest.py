"""Helpers for tournament tests: small structures, rigged hands, busting players."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from pokerroom.cards import FULL_DECK, Deck, parse_cards
from pokerroom.rules.actions import BetRaise, CheckCall, Show
from pokerroom.rules.engine import Hand, Phase
from pokerroom.tournament import (
    Break,
    FloorOptions,
    Level,
    PayoutTable,
    Structure,
    Tournament,
)


def levels(*blinds: tuple[int, int], seconds: int = 600, ante: bool = False) -> tuple[Level, ...]:
    return tuple(Level(seconds, sb, bb, ante=bb if ante else 0, big_blind_ante=ante)
                 for sb, bb in blinds)


def small_structure(**changes: object) -> Structure:
    """No-limit hold'em, 1,000 chips, 10-minute levels, nine-handed."""
    values: dict[str, object] = {
        "name": "test",
        "starting_stack": 1000,
        "schedule": (*levels((5, 10), (10, 20), (15, 30)), Break(300),
                     *levels((25, 50), (50, 100), (100, 200), (200, 400))),
        "chips": (5, 25, 100),
        "buy_in": 100,
    }
    values.update(changes)
    return Structure(**values)  # type: ignore[arg-type]


def fifty_paid() -> PayoutTable:
    """2% to each of 50 places in fields above 49 (the TDA RP-8-A example)."""
    return PayoutTable.of("fifty", [(49, [100]), (10_000, [2] * 50)])


def tournament(players: int, *, seed: int = 1, payout: PayoutTable | None = None,
               **changes: object) -> Tournament:
    t = Tournament(small_structure(**changes), rng=random.Random(seed), payout_table=payout)
    for i in range(players):
        t.register(f"p{i + 1:02d}")
    return t


def labels_in_order(t: Tournament, number: int) -> list[str]:
    """Players of the next hand at a table, in engine order (left of the button first)."""
    table = t.table(number)
    plan = table.plan()
    return [table.players[s].name for s in plan.seats]  # type: ignore[union-attr]


# Never pairs the default board (K Q 8 4 3) nor makes a straight or a flush with it.
JUNK = ["7c2d", "9h5s", "6c2h", "7d5c", "9c6d", "Jh2s", "Th5d", "7h6s", "9s2c", "Jc5h"]


def rigged_deck(order: Sequence[str], holes: dict[str, str], board: str = "Kd Qs 8s 4d 3h"
                ) -> Deck:
    """A deck dealing ``holes[name]`` to the named players (junk to the others) and
    ``board`` as flop, turn and river, with burns."""
    junk = iter(JUNK)
    hole = [parse_cards(holes[name]) if name in holes else parse_cards(next(junk))
            for name in order]
    board_cards = parse_cards(board.replace(" ", ""))
    used = {c for h in hole for c in h} | set(board_cards)
    spare = [c for c in FULL_DECK if c not in used]
    deck: list[int] = []
    for r in range(2):
        deck.extend(h[r] for h in hole)
    for chunk in (board_cards[:3], board_cards[3:4], board_cards[4:5]):
        deck.append(spare.pop())
        deck.extend(chunk)
    deck.extend(spare)
    return Deck.from_order(deck)


def play(hand: Hand, *, shove: Collection[str] = (), call: Collection[str] | None = None
         ) -> None:
    """Players in ``shove`` go all in at their first chance; players in ``call`` (default:
    everyone) call or check; the others fold when facing a bet."""
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = legal.position
        assert seat is not None
        name = hand.config.names[seat]
        if legal.phase is Phase.SHOWDOWN:
            hand.act(Show())
        elif name in shove and legal.max_raise_to is not None:
            hand.act(BetRaise(legal.max_raise_to))
        elif legal.check or call is None or name in call or name in shove:
            hand.act(CheckCall())
        else:
            hand.fold()


def bust(t: Tournament, number: int, victims: Collection[str], *, winner: str | None = None
         ) -> Hand:
    """Deal a hand at table ``number`` in which ``victims`` go all in with junk and
    ``winner`` (default: the biggest other stack) calls with aces and wins."""
    order = labels_in_order(t, number)
    table = t.table(number)
    chips = {p.name: p.stack for p in table.seated().values()}
    others = [n for n in order if n not in victims]
    winner = winner or max(others, key=lambda n: chips[n])  # first of the biggest stacks
    deck = rigged_deck(order, {winner: "AsAh"})
    hand = t.start_hand(number, deck=deck)
    play(hand, shove=victims, call={winner, *victims})
    return hand


def stack(t: Tournament, name: str) -> int:
    return t.stacks()[t.entry(name).number]


def floor(**kw: object) -> FloorOptions:
    return FloorOptions(**kw)  # type: ignore[arg-type]
