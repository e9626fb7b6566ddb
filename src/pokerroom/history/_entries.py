"""A hand's ``actions`` entries -> :class:`PhhAction` values, each text read once.

Entries repeat across hands (``'p3 f'``, ``'p1 cc'``, ``'d dh p2 AcKd'``), and
building a :class:`PhhAction` costs more than looking one up, so the actions
whose amounts are whole chips at scale 1 (every action of a hand without
decimal amounts) are kept by text --
except flops (``'d db 7c8h9s'``), which almost never repeat: keeping them would
only fill the cache (emptied when full) and push out the entries that do.
:func:`known_actions` is the fast path of ``phh.loads``; :func:`read_actions`
is the general one, which raises the first error in the order of the entries.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Final

from pokerroom.cards import Card
from pokerroom.errors import NotationError
from pokerroom.history._actions import _CARD_BY_TEXT, PhhAction, build, parse_raw
from pokerroom.history._amounts import decimal_places

_AT_SCALE_ONE: dict[str, PhhAction] = {}  # text -> action
_LIMIT: Final = 1 << 14  # emptied when full: about 5 MB at most
_PLAYER_INDEX: Final = {f"p{k + 1}": k for k in range(32)}  # 'p1' -> 0, without int()


def known_actions(entries: list[Any], players: int) -> tuple[PhhAction, ...] | None:
    """The actions at scale 1 when every entry reads without error, is whole at
    scale 1 and names only these players; else None (then ``read_actions``)."""
    kept = _AT_SCALE_ONE
    actions: list[PhhAction] = []
    for text in entries:
        if not isinstance(text, str):
            return None
        action = kept.get(text)
        if action is None:
            action = _read(text)
            if action is None:
                return None
            cards = action.cards
            if action.code != "db" or cards is None or len(cards) < 3:
                # (A flop is one of 132,600 texts, seldom read twice: not kept.)
                if len(kept) >= _LIMIT:
                    kept.clear()
                kept[text] = action
        actor = action.actor
        if actor is not None and actor >= players:
            return None
        dealt_to = action.dealt_to
        if dealt_to is not None and dealt_to >= players:
            return None
        actions.append(action)
    return tuple(actions)


def _read(text: str) -> PhhAction | None:
    """The action at scale 1 of an entry not kept, or None when it has an error or
    an amount that is not whole at scale 1."""
    action = _deal(text) if text.startswith("d d") else None
    if action is not None:
        return action
    try:
        raw = parse_raw(text)
    except NotationError:
        return None
    if isinstance(raw.amount, Decimal) and decimal_places(raw.amount):
        return None
    return build(raw, text, 0)


def _deal(text: str) -> PhhAction | None:
    """``'d dh p3 AcKd'`` or ``'d db 7c8h9s'`` without commentary, as ``parse_raw``
    and ``build`` read it; None for anything else (those read it then)."""
    if "#" in text:
        return None
    words = text.split()
    dealt_to: int | None = None
    if words[1] == "dh" and len(words) == 4:
        player = words[2]
        dealt_to = _PLAYER_INDEX.get(player)
        if dealt_to is None:
            number = player[1:]
            # p1, p2, ...: as _actions reads a player (ASCII digits, no leading zero).
            if (player[:1] != "p" or not number.isdigit() or not number.isascii()
                    or number[0] == "0"):
                return None
            dealt_to = int(number) - 1
        cards = words[3]
    elif words[1] == "db" and len(words) == 3:
        cards = words[2]
    else:
        return None
    if len(cards) % 2 or words[0] != "d":
        return None
    dealt: list[Card | None] = []
    for i in range(0, len(cards), 2):
        pair = cards[i : i + 2]
        if pair not in _CARD_BY_TEXT:
            return None
        card = _CARD_BY_TEXT[pair]
        if card is not None and card in dealt:
            return None  # a card dealt twice: parse_raw says so
        dealt.append(card)
    return PhhAction(None, words[1], cards=tuple(dealt), dealt_to=dealt_to, text=text)


def read_actions(
    entries: list[Any], players: int, decimals: list[Decimal], where: str
) -> tuple[tuple[PhhAction, ...], int]:
    """The actions of a hand and its scale's decimal places, which cover the
    configuration's ``decimals`` and every ``cbr`` amount.  Errors name the
    hand (``where``) and the entry."""
    parsed = []
    for number, text in enumerate(entries, 1):
        try:
            action = parse_raw(text)
        except NotationError as error:
            raise NotationError(f"{where}: action {number} {text!r}: {error}") from None
        for who in (action.actor, action.dealt_to):
            if who is not None and who >= players:
                raise NotationError(
                    f"{where}: action {number} {text!r}: there is no p{who + 1}; "
                    f"this hand has {players} players, p1 to p{players}"
                )
        parsed.append(action)
    inputs = [*decimals, *(a.amount for a in parsed if isinstance(a.amount, Decimal))]
    places = max((decimal_places(v) for v in inputs if v.is_finite()), default=0)
    actions = []
    for number, (text, action) in enumerate(zip(entries, parsed, strict=True), 1):
        try:
            actions.append(build(action, text, places))
        except NotationError as error:  # pragma: no cover - places covers every amount
            raise NotationError(f"{where}: action {number} {text!r}: {error}") from None
    return tuple(actions), places
