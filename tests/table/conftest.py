"""Helpers for table tests: stacked decks and playing a hand out."""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom.cards import FULL_DECK, Deck, parse_cards
from pokerroom.rules.engine import Hand
from pokerroom.rules.variants import variant
from pokerroom.table import Stakes, Table, TableOptions


def stacked_deck(holes: Sequence[str], board: str = "") -> Deck:
    """A deck that deals ``holes[i]`` to engine seat i (two cards each, D4 order: one
    card at a time round the table) and ``board`` as flop, turn, river with burns."""
    hole_cards = [parse_cards(h) for h in holes]
    board_cards = parse_cards(board)
    used = {c for h in hole_cards for c in h} | set(board_cards)
    spare = [c for c in FULL_DECK if c not in used]
    order = []
    for r in range(max(len(h) for h in hole_cards)):
        order.extend(h[r] for h in hole_cards if r < len(h))
    for chunk in (board_cards[:3], board_cards[3:4], board_cards[4:5]):
        if chunk:
            order.append(spare.pop())
            order.extend(chunk)
    order.extend(spare)
    return Deck.from_order(order)


def stud_deck(holes: Sequence[str], game: str = "stud") -> Deck:
    """A deck that deals ``holes[i]`` ("2c3c9d 9h": third street, then one card a
    street) to engine seat i in stud: a card at a time round the table (D4), a burn
    before every street but the first (D3)."""
    hole_cards = [parse_cards(h.replace(" ", "")) for h in holes]
    used = {c for h in hole_cards for c in h}
    spare = [c for c in FULL_DECK if c not in used]
    order = []
    dealt = 0
    for street in variant(game).streets:
        if street.burn:
            order.append(spare.pop())
        for r in range(dealt, dealt + street.down + street.up):
            order.extend(h[r] if r < len(h) else spare.pop() for h in hole_cards)
        dealt += street.down + street.up
    order.extend(spare)
    return Deck.from_order(order)


def fold_around(hand: Hand) -> None:
    """Everyone folds to the big blind (or checks when nothing is owed)."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.check:
            hand.check_call()
        else:
            hand.fold()


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.check_call()


def play(table: Table, deck: Deck | None = None, *, how: str = "fold") -> Hand:
    hand = table.start_hand(deck if deck is not None else Deck(table.hands_dealt))
    (fold_around if how == "fold" else check_down)(hand)
    table.finish_hand()
    return hand


def establish(table: Table) -> None:
    """T11: play on until the button has gone round once and the game is established;
    with the same players, the button ends where it was."""
    while table.new_game:
        play(table)


def holdem_table(
    names: str,
    *,
    structure: str = "no_limit",
    button: int = 0,
    stacks: int = 1000,
    seats: int = 9,
    **options: object,
) -> Table:
    """A table with players named by letters in seats 0, 1, 2, ... and the button on
    ``button`` (set directly, as after a draw)."""
    stakes = Stakes.of("holdem", structure, small_blind=5, big_blind=10)
    table = Table(stakes, TableOptions(seats=seats, **options))  # type: ignore[arg-type]
    for seat, name in enumerate(names):
        table.sit(seat, name, stacks)
    table.first_button = button
    return table


def seat_of(table: Table, name: str) -> int:
    return next(s for s, p in enumerate(table.players) if p is not None and p.name == name)
