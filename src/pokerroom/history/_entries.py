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
from pokerroom.history._bounded import keep

_AT_SCALE_ONE: Final[dict[str, PhhAction]] = {}  # text -> action
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
                keep(kept, text, action, _LIMIT)
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
    action = _deal(text) if text.startswith("d d") else _play(text)
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
    """``'d dh p3 AcKd'`` or ``'d db 7c8h9s'`` written as PHH writers write them
    (single spaces, no commentary), as ``parse_raw`` and ``build`` read them; None
    for anything else (those read it then)."""
    if text.startswith("d db "):
        code = "db"
        dealt_to: int | None = None
        cards = text[5:]
    elif text.startswith("d dh p"):
        space = text.find(" ", 6)
        if space < 0:
            return None
        # p1 to p32 (any other player, or a malformed one: the general path).
        dealt_to = _PLAYER_INDEX.get(text[5:space])
        if dealt_to is None:
            return None
        code = "dh"
        cards = text[space + 1 :]
    else:
        return None
    dealt = _CARDS.get(cards)
    if dealt is None:
        dealt = _cards(cards)
        if dealt is None:
            return None
        if len(cards) <= 4:  # a hold'em hand or a turn: kept (flops and more seldom repeat)
            keep(_CARDS, cards, dealt, _CARDS_LIMIT)
    return PhhAction(None, code, cards=dealt, dealt_to=dealt_to, text=text)


def _play(text: str) -> PhhAction | None:
    """``'p3 f'``, ``'p3 cc'``, ``'p3 cbr 250'``, ``'p3 sm AcKd'``, ``'p3 sm -'``
    and ``'p3 sm'`` written as PHH writers write them, as ``parse_raw`` and
    ``build`` read them; None for anything else (those read it then)."""
    space = text.find(" ")
    if space < 0:
        return None
    actor = _PLAYER_INDEX.get(text[:space])
    if actor is None:
        return None
    rest = text[space + 1 :]
    if rest == "f" or rest == "cc" or rest == "sm":
        return PhhAction(actor, rest, text=text)
    if rest.startswith("cbr "):
        amount = rest[4:]
        # Whole chips without a leading zero (0, 0300, 2.50: the general path).
        if not (amount.isdigit() and amount.isascii()) or amount[0] == "0":
            return None
        return PhhAction(actor, "cbr", amount=int(amount), text=text)
    if rest.startswith("sm "):
        shown = rest[3:]
        if shown == "-":
            return PhhAction(actor, "sm", show_held=True, text=text)
        cards = _cards(shown)
        if cards is None:
            return None
        return PhhAction(actor, "sm", cards=cards, text=text)
    return None


def _cards(text: str) -> tuple[Card | None, ...] | None:
    """The cards of ``'AcKd'`` (``'??'`` unknown), or None when the text is not
    only cards, two characters each, or names one twice (``parse_raw`` says why)."""
    if not text or len(text) % 2:
        return None
    dealt: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair not in _CARD_BY_TEXT:
            return None
        card = _CARD_BY_TEXT[pair]
        if card is not None and card in dealt:
            return None
        dealt.append(card)
    return tuple(dealt)


_CARDS: Final[dict[str, tuple[Card | None, ...]]] = {}  # text -> cards, of deals of up to two cards
_CARDS_LIMIT: Final = 1 << 13  # emptied when full


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
