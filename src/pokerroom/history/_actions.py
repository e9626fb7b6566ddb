# mypy: disable-error-code="misc"
"""PHH action notation: ``"p3 cbr 300  # comment"`` <-> :class:`PhhAction`.

Grammar (phh-std): ``[[actor action[ arguments...]][ # commentary]]``; words
are separated by any whitespace.  An empty entry or a bare commentary is a
no-op, kept so that a hand writes back with its commentary.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from functools import lru_cache
from typing import Final, NamedTuple

from pokerroom.cards import FULL_DECK, RANKS, SUITS, Card, check_distinct, repr_cards
from pokerroom.errors import NotationError
from pokerroom.history._amounts import (
    Number,
    format_chips,
    parse_amount,
    places_of_scale,
    ten_to,
    to_chips,
)
from pokerroom.rules.fastinit import fast_init

DEALER_CODES: Final = frozenset({"dh", "db"})
PLAYER_CODES: Final = frozenset({"pb", "cbr", "cc", "f", "sd", "sm"})
NOOP: Final = ""  # the code of an empty entry or a bare ``# commentary``

_ALLOWED: Final = (
    "actions are 'd dh pN cards' and 'd db cards' for the dealer, and pb, cbr amount, "
    "cc, f, sd [cards], sm [cards or -] for players"
)
_PLAYER: Final = re.compile(r"p([1-9][0-9]*)")
_CARD_BY_TEXT: Final[dict[str, Card | None]] = {"??": None} | {
    rank + str(card)[1]: card
    for card in FULL_DECK
    for rank in {str(card)[0], str(card)[0].lower()}
}


@dataclass(frozen=True, slots=True, init=False, repr=False)
class PhhAction:
    """One entry of a hand's ``actions``.

    ``actor``: the player index, 0-based (``p1`` is 0); None for the dealer
    ``d`` and for a no-op.  ``code``: ``dh``, ``db`` (dealer), ``pb``, ``cbr``,
    ``cc``, ``f``, ``sd``, ``sm`` (players), or ``""`` for a no-op (an empty
    entry or a bare commentary).  ``dealt_to``: for ``dh``, the index of the
    player dealt to.  ``cards``: for ``dh``/``db`` the cards dealt; for ``sd``
    the cards discarded (None: stand pat); for ``sm`` the cards shown (None:
    muck, unless ``show_held``).  A None element is an unknown card ``??``.
    ``show_held``: ``sm -``, showing the cards already dealt to the player.
    ``amount``: for ``cbr``, the total bet TO, in chips at the hand's scale.
    ``comment``: the commentary after ``#``, stripped (None when there is no
    ``#``).  ``text``: the entry as read ("" when built in code); it names the
    entry in error messages and is not part of equality.
    """

    actor: int | None
    code: str
    _: KW_ONLY
    cards: tuple[int | None, ...] | None = None
    amount: int | None = None
    comment: str | None = None
    dealt_to: int | None = None
    show_held: bool = False
    text: str = field(default="", compare=False)

    def __init__(
        self, actor: int | None, code: str, *, cards: tuple[int | None, ...] | None = None,
        amount: int | None = None, comment: str | None = None, dealt_to: int | None = None,
        show_held: bool = False, text: str = "",
    ) -> None:
        # Compiled by mypyc (see setup.py), stores straight into the native object;
        # on the pure-Python path fast_init replaces it (see rules.fastinit).
        self.actor = actor
        self.code = code
        self.cards = cards
        self.amount = amount
        self.comment = comment
        self.dealt_to = dealt_to
        self.show_held = show_held
        self.text = text

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.actor, self.code, self.cards, self.amount, self.comment,
                           self.dealt_to, self.show_held, self.text))

    def __repr__(self) -> str:
        """The dataclass's ``repr`` with the cards as cards: ``PhhAction(actor=None,
        code='dh', cards=(Ah, Kd), ...)``."""
        return (f"PhhAction(actor={self.actor!r}, code={self.code!r}, "
                f"cards={repr_cards(self.cards)}, amount={self.amount!r}, "
                f"comment={self.comment!r}, dealt_to={self.dealt_to!r}, "
                f"show_held={self.show_held!r}, text={self.text!r})")


def _rebuild(
    actor: int | None, code: str, cards: tuple[int | None, ...] | None, amount: int | None,
    comment: str | None, dealt_to: int | None, show_held: bool, text: str,
) -> PhhAction:
    """A pickled PhhAction made again (its fields after the first two are keyword-only)."""
    return PhhAction(actor, code, cards=cards, amount=amount, comment=comment,
                     dealt_to=dealt_to, show_held=show_held, text=text)


fast_init(PhhAction)


class RawAction(NamedTuple):
    """An action as written: the amount is not yet scaled to chips."""

    actor: int | None
    code: str
    cards: tuple[Card | None, ...] | None
    amount: Number | None
    comment: str | None
    dealt_to: int | None
    show_held: bool


def parse_cards_notation(text: str) -> tuple[Card | None, ...]:
    """``"AcKd"`` -> two cards; ``"????"`` -> two unknown cards (None)."""
    if len(text) % 2:
        raise NotationError(
            f"cards {text!r} do not split into two-character cards like 'As' or '??'"
        )
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair not in _CARD_BY_TEXT:
            raise NotationError(_bad_card(pair, text))
        cards.append(_CARD_BY_TEXT[pair])
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        seen: set[Card] = set()
        for c in known:
            if c in seen:
                raise NotationError(f"card {c} appears twice in {text!r}")
            seen.add(c)
    return tuple(cards)


def _bad_card(pair: str, text: str) -> str:
    where = f"card {pair!r} in {text!r}" if pair != text else f"card {pair!r}"
    if "?" in pair:
        return f"{where} is half unknown; an unknown card is written '??'"
    if pair[0].upper() not in RANKS:
        return f"{where} has no rank {pair[0]!r}; ranks are {RANKS} (or '??' for unknown)"
    return f"{where} has no suit {pair[1]!r}; suits are {SUITS} (or '??' for unknown)"


def _player_index(token: str, *, dealt_to: bool = False) -> int:
    match = _PLAYER.fullmatch(token)
    if match is None:
        if dealt_to:
            raise NotationError(
                f"{token!r} is not a player p1, p2, ... to deal to (players are numbered from p1)"
            )
        raise NotationError(
            f"actor {token!r} is neither the dealer 'd' nor a player p1, p2, ... "
            "(players are numbered from p1)"
        )
    return int(match.group(1)) - 1


@lru_cache(maxsize=8192)
def _parse(text: str) -> RawAction:
    body, hash_sign, rest = text.partition("#")
    comment = rest.strip() if hash_sign else None
    words = body.split()
    if not words:
        return RawAction(None, NOOP, None, None, comment, None, False)
    if len(words) == 1:
        raise NotationError(f"{words[0]!r} is an actor without an action; {_ALLOWED}")
    who, code, args = words[0], words[1], words[2:]
    if who == "d":
        if code == "dh":
            if len(args) != 2:
                raise NotationError("'d dh' takes the player and the cards, like 'd dh p1 AcKd'")
            dealt_to = _player_index(args[0], dealt_to=True)
            cards = parse_cards_notation(args[1])
            return RawAction(None, code, cards, None, comment, dealt_to, False)
        if code == "db":
            if len(args) != 1:
                raise NotationError(
                    "'d db' takes the board cards written together, like 'd db 7c8h9s'"
                )
            return RawAction(None, code, parse_cards_notation(args[0]), None, comment, None, False)
        if code in PLAYER_CODES:
            raise NotationError(f"the dealer cannot {code!r}; the dealer's actions are dh and db")
        raise NotationError(f"unknown action {code!r}; {_ALLOWED}")
    actor = _player_index(who)
    if code not in PLAYER_CODES:
        if code in DEALER_CODES:
            raise NotationError(f"{code!r} is the dealer's action, written 'd {code} ...'")
        raise NotationError(f"unknown action {code!r}; {_ALLOWED}")
    if code == "cbr":
        if len(args) != 1:
            raise NotationError("'cbr' takes one amount, the total bet TO, like 'p1 cbr 300'")
        amount = parse_amount(args[0])
        if amount is None:
            raise NotationError(
                f"amount {args[0]!r} is not a number; write digits with an optional "
                "decimal part, like 300 or 2.50"
            )
        if not amount:
            raise NotationError("a cbr amount is a positive total, not 0")
        return RawAction(actor, code, None, amount, comment, None, False)
    if code in ("sd", "sm"):
        if len(args) > 1:
            raise NotationError(f"{code!r} takes at most one argument, the cards written together")
        if not args:
            return RawAction(actor, code, None, None, comment, None, False)
        if args[0] == "-":
            if code == "sd":
                raise NotationError("'-' (the cards held) is only for showing: 'sm -'")
            return RawAction(actor, code, None, None, comment, None, True)
        return RawAction(actor, code, parse_cards_notation(args[0]), None, comment, None, False)
    if args:
        raise NotationError(f"{code!r} takes no argument, got {' '.join(args)!r}")
    return RawAction(actor, code, None, None, comment, None, False)


def parse_raw(text: object) -> RawAction:
    """Parse without scaling; raises NotationError whose message is the detail only."""
    if not isinstance(text, str):
        raise NotationError(f"an action is a string, got {text!r}")
    return _parse(text)


def build(parsed: RawAction, text: str, places: int) -> PhhAction:
    """The action from ``parse_raw``'s result, its amount scaled to chips."""
    actor, code, cards, amount, comment, dealt_to, show_held = parsed
    chips = None
    if amount is not None:
        chips = to_chips(amount, places)
        if chips is None:
            raise NotationError(
                f"amount {amount} is not a whole number of chips at scale {ten_to(places)}"
            )
    return PhhAction(
        actor, code, cards=cards, amount=chips, comment=comment,
        dealt_to=dealt_to, show_held=show_held, text=text,
    )


def parse_action(text: str, *, scale: int = 1) -> PhhAction:
    """Parse one PHH action entry; ``cbr`` amounts become chips (amount * scale).

    >>> parse_action("p3 cbr 2.50", scale=100).amount
    250
    """
    places = places_of_scale(scale)
    try:
        return build(parse_raw(text), text, places)
    except NotationError as error:
        raise NotationError(f"action {text!r}: {error}") from None


def format_action(action: PhhAction, *, scale: int = 1) -> str:
    """The PHH entry for ``action``; ``cbr`` amounts are written as amount / scale."""
    places = places_of_scale(scale)
    words = _words(action, places)
    if action.comment is not None:
        words.append("#" if not action.comment else "# " + action.comment)
    return " ".join(words)


def _words(action: PhhAction, places: int) -> list[str]:
    code, cards = action.code, action.cards

    def bad(why: str) -> NotationError:
        return NotationError(f"cannot write {action!r}: {why}")

    if code == NOOP:
        if action.actor is not None or cards is not None or action.amount is not None:
            raise bad("a no-op (code '') has no actor, cards or amount")
        return []
    if code in DEALER_CODES:
        if action.actor is not None:
            raise bad(f"{code!r} is the dealer's action: actor must be None")
        if not cards:
            raise bad(f"{code!r} deals at least one card")
        if code == "dh":
            if action.dealt_to is None or action.dealt_to < 0:
                raise bad("'dh' needs dealt_to, the index of the player dealt to")
            return ["d", "dh", f"p{action.dealt_to + 1}", _format_cards(cards, bad)]
        return ["d", "db", _format_cards(cards, bad)]
    if code not in PLAYER_CODES:
        raise bad(f"unknown action code {code!r}; {_ALLOWED}")
    if action.actor is None or action.actor < 0:
        raise bad(f"{code!r} is a player's action: actor must be a player index >= 0")
    words = [f"p{action.actor + 1}", code]
    if code == "cbr":
        if action.amount is None or action.amount <= 0:
            raise bad("'cbr' needs a positive amount (the total bet TO)")
        words.append(format_chips(action.amount, places))
    elif code in ("sd", "sm"):
        if action.show_held:
            if code != "sm" or cards is not None:
                raise bad("show_held is only for 'sm', without cards")
            words.append("-")
        elif cards is not None:
            if not cards:
                raise bad("cards is None (stand pat / muck) or at least one card, never ()")
            words.append(_format_cards(cards, bad))
    elif cards is not None or action.amount is not None:
        raise bad(f"{code!r} has no cards or amount")
    return words


def _format_cards(
    cards: tuple[int | None, ...], bad: Callable[[str], NotationError]
) -> str:
    try:
        known = [Card(c) for c in cards if c is not None]
        check_distinct(known, what=f"cards {cards!r}")
    except NotationError as error:
        raise bad(str(error)) from None
    return "".join("??" if c is None else str(FULL_DECK[c]) for c in cards)
