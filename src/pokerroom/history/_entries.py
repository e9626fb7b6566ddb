"""A hand's ``actions`` entries -> :class:`PhhAction` values, each text read once.

Entries repeat across hands (``'p3 f'``, ``'p1 cc'``, ``'d dh p2 AcKd'``), and
building a :class:`PhhAction` costs more than looking one up, so the actions
whose amounts are whole chips at scale 1 (every action of a hand without
decimal amounts) are kept by text, with the highest player index they name --
except flops (``'d db 7c8h9s'``), which almost never repeat: keeping them would
only fill the cache (emptied when full) and push out the entries that do.
:func:`known_actions` is the fast path of ``phh.loads``; :func:`read_actions`
is the general one, which raises the first error in the order of the entries.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

from pokerroom.errors import NotationError
from pokerroom.history._actions import _CARD_BY_TEXT, PhhAction, build, parse_raw
from pokerroom.history._amounts import decimal_places

_AT_SCALE_ONE: dict[str, tuple[PhhAction, int]] = {}  # text -> (action, highest player index)
_LIMIT: Final = 1 << 14  # emptied when full: about 5 MB at most
_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")  # as _actions reads a player


def known_actions(entries: list[Any], players: int) -> tuple[PhhAction, ...] | None:
    """The actions at scale 1 when every entry reads without error, is whole at
    scale 1 and names only these players; else None (then ``read_actions``)."""
    try:
        known = list(map(_AT_SCALE_ONE.get, entries))
    except TypeError:  # an entry that is not text at all
        return None
    if not known:
        return ()
    at = -1
    for _ in range(known.count(None)):  # entries not read before
        at = known.index(None, at + 1)
        text = entries[at]
        pair = _deal(text) if isinstance(text, str) and text.startswith("d d") else None
        if pair is None:
            try:
                raw = parse_raw(text)
            except NotationError:
                return None
            if isinstance(raw.amount, Decimal) and decimal_places(raw.amount):
                return None
            top = max(-1 if raw.actor is None else raw.actor,
                      -1 if raw.dealt_to is None else raw.dealt_to)
            pair = build(raw, text, 0), top
        known[at] = pair
        action = pair[0]
        if action.code == "db" and action.cards is not None and len(action.cards) > 2:
            continue  # a flop: one of 132,600 texts, seldom read twice, is not kept
        if len(_AT_SCALE_ONE) >= _LIMIT:
            _AT_SCALE_ONE.clear()
        _AT_SCALE_ONE[text] = pair
    actions, tops = zip(*known, strict=True)
    return actions if max(tops) < players else None


def _deal(text: str) -> tuple[PhhAction, int] | None:
    """``'d dh p3 AcKd'`` or ``'d db 7c8h9s'`` without commentary, as ``parse_raw``
    and ``build`` read it; None for anything else (those read it then)."""
    if "#" in text:
        return None
    words = text.split()
    if words[1] == "dh" and len(words) == 4:
        player = _PLAYER.fullmatch(words[2])
        if player is None:
            return None
        dealt_to, cards = int(player.group(1)) - 1, words[3]
    elif words[1] == "db" and len(words) == 3:
        dealt_to, cards = None, words[2]
    else:
        return None
    if len(cards) % 2 or words[0] != "d":
        return None
    try:
        dealt = tuple([_CARD_BY_TEXT[cards[i : i + 2]] for i in range(0, len(cards), 2)])
    except KeyError:
        return None
    known = [card for card in dealt if card is not None]
    if len(set(known)) != len(known):
        return None
    action = PhhAction(None, words[1], cards=dealt, dealt_to=dealt_to, text=text)
    return action, -1 if dealt_to is None else dealt_to


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
