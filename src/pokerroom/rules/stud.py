"""Stud: who brings it in and who acts first on later streets (F10, B1, D6)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence


def _low_rank(card: int) -> int:
    """Ace counts low in razz: ace 0, deuce 1, ... king 12."""
    rank = card >> 2
    return 0 if rank == 12 else rank + 1


def bring_in_position(up_cards: Mapping[int, Sequence[int]], *, low_game: bool) -> int:
    """F10: the lowest up-card brings it in (clubs lowest on ties); in razz the highest
    (ace low; spades highest on ties)."""
    if low_game:
        return max(up_cards, key=lambda s: (_low_rank(up_cards[s][0]), up_cards[s][0] & 3))
    return min(up_cards, key=lambda s: up_cards[s][0])


def board_key(cards: Sequence[int], *, low_game: bool) -> tuple[object, ...]:
    """A sortable value of the up-cards: larger is the better hand showing.

    Pairs and trips count; straights and flushes of partial boards do not.
    Ties are broken by the suit of the highest card (D6, TDA RP-10-D).
    """
    ranks = [_low_rank(c) if low_game else c >> 2 for c in cards]
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    order = tuple(r for r, _ in groups)
    top = max(ranks)
    top_suit = max(c & 3 for c, r in zip(cards, ranks, strict=True) if r == top)
    if low_game:
        # Lower is better in razz: negate so that larger is better, but the suit
        # tie-break still favours the highest suit.
        return (tuple(-x for x in shape), tuple(-r for r in order), top_suit)
    return (shape, order, top_suit)


def first_to_act_by_board(up_cards: Mapping[int, Sequence[int]], *, low_game: bool) -> int:
    """B1: on 4th street and later the best hand showing acts first (lowest in razz)."""
    return max(up_cards, key=lambda s: board_key(up_cards[s], low_game=low_game))


def short_stub_case(stub: int, players: int, burns: int = 3) -> str | None:
    """I9 / TDA RP-10-H: the seventh-street procedure a short stub needs, or None.

    Seventh street wants one card for each of ``players`` live players, a burn, and
    one card left over: ``players + 2``.  With ``stub`` cards left and ``burns``
    earlier burns (fourth to sixth street):

    - A: the stub and the burns together are enough: mix them, burn one, deal each
      player a card;
    - B: at least three cards in the stub: burn one, deal one community card;
    - C: fewer: mix the stub with the burns, burn one, deal one community card.

    When A and C both fit, A is taken: the TDA lists it first.
    """
    need = players + 2
    if stub >= need:
        return None
    if stub + burns >= need:
        return "A"
    return "B" if stub >= 3 else "C"
