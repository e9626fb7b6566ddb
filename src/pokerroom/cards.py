"""Cards, notation and the deck (D1-D4).

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, ranks 0 (deuce) to 12
(ace), suits 0-3 in the bridge order clubs < diamonds < hearts < spades, which
is also the order used to break ties for the button draw and the stud bring-in
(D5, D6). ``Card`` subclasses ``int`` so the engine and evaluators can index
tables with it directly.
"""

from __future__ import annotations

import os
import random
import struct
import weakref
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from pokerroom.errors import ConfigError, NotationError
from pokerroom.shuffle import shuffle

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES: Final = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)


class Card(int):
    """One card, from its two characters or its index 0-51 (``rank * 4 + suit``).

    An ``int``, so it indexes tables and compares like its index; ``str`` and
    ``repr`` write it back in notation.

    >>> Card("As")
    Card('As')
    >>> Card("As") == Card(51) == 51, str(Card(0)), Card("Td").rank, Card("Td").suit
    (True, '2c', 8, 1)
    >>> Card("Ax")
    Traceback (most recent call last):
    ...
    pokerroom.errors.NotationError: unknown suit 'x' in 'Ax'; suits are cdhs
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return Card.parse(value)
        if not 0 <= value < 52:
            raise NotationError(f"card index {value} is out of range 0-51")
        return _CARDS[value]

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card with rank index 0-12 (deuce-ace) and suit index 0-3 (c, d, h, s)."""
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise NotationError(f"no card with rank {rank} and suit {suit}")
        return _CARDS[rank * 4 + suit]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse two characters such as ``"As"`` or ``"tc"`` (rank case-insensitive)."""
        if len(text) != 2:
            raise NotationError(
                f"a card is two characters, rank then suit (like 'As'); got {text!r}"
            )
        rank = RANKS.find(text[0].upper())
        suit = SUITS.find(text[1].lower())
        if rank < 0:
            raise NotationError(f"unknown rank {text[0]!r} in {text!r}; ranks are {RANKS}")
        if suit < 0:
            raise NotationError(f"unknown suit {text[1]!r} in {text!r}; suits are {SUITS}")
        return _CARDS[rank * 4 + suit]

    @property
    def rank(self) -> int:
        """0 (deuce) to 12 (ace): ``RANKS[card.rank]`` is its character."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0-3: clubs, diamonds, hearts, spades (``SUITS[card.suit]``)."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


# The 52 cards, made once; Card(n) hands out these.
_CARDS: Final[list[Card]] = [int.__new__(Card, i) for i in range(52)]
_BY_TEXT: Final = {str(c): c for c in _CARDS} | {
    RANKS[c.rank].lower() + SUITS[c.suit]: c for c in _CARDS
}

FULL_DECK: Final[tuple[Card, ...]] = tuple(_CARDS)
NOTATION: Final[tuple[str, ...]] = tuple(str(c) for c in _CARDS)
"""Each card's notation by its number: ``NOTATION[n] == str(Card(n))``, without making
the card (for code that writes many cards, such as each viewer's state)."""
SHORT_DECK: Final[tuple[Card, ...]] = tuple(c for c in _CARDS if c.rank >= 4)  # 6 through ace


def parse_cards(text: str) -> list[Card]:
    """Parse cards written together or separated by spaces/commas: ``"AsKd"``, ``"As Kd"``.

    >>> parse_cards("AsKd")
    [Card('As'), Card('Kd')]
    >>> parse_cards("As1d")
    Traceback (most recent call last):
    ...
    pokerroom.errors.NotationError: unknown rank '1' in '1d'; ranks are 23456789TJQKA
    """
    compact = text.replace(" ", "").replace(",", "")
    if len(compact) % 2:
        raise NotationError(
            f"cannot split {text!r} into cards: each card is two characters like 'As'"
        )
    out: list[Card] = []
    for i in range(0, len(compact), 2):
        pair = compact[i : i + 2]
        card = _BY_TEXT.get(pair)
        out.append(card if card is not None else Card.parse(pair))
    return out


def format_cards(cards: Iterable[int | None]) -> str:
    """Cards (``Card`` or index 0-51) written together, the reverse of
    :func:`parse_cards`; an unknown card (None) is written ``"??"``.

    >>> format_cards(parse_cards("As Kd, 7h"))
    'AsKd7h'
    >>> format_cards([51, None])
    'As??'
    """
    return "".join("??" if c is None else str(_CARDS[c]) for c in cards)


def repr_cards(cards: Sequence[int | None] | None) -> str:
    """Cards as the engine's events and actions show them in their ``repr``: a
    tuple written in notation, ``(Ah, Kd)``; an unknown card is ``??``.

    >>> repr_cards((51, None)), repr_cards((0,)), repr_cards(()), repr_cards(None)
    ('(As, ??)', '(2c,)', '()', 'None')
    >>> repr_cards((52, 0))  # (a value that is no card, as it is)
    '(52, 2c)'
    """
    if cards is None:
        return "None"
    shown = ", ".join(map(_card_repr, cards))
    return f"({shown},)" if len(cards) == 1 else f"({shown})"


def _card_repr(card: int | None) -> str:
    if card is None:
        return "??"
    if isinstance(card, int) and 0 <= card < 52:
        return str(_CARDS[card])
    return repr(card)


def check_distinct(cards: Sequence[int], *, what: str = "cards") -> None:
    """Raise NotationError naming the first card that appears twice."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise NotationError(f"{what}: card {_CARDS[c]} appears more than once")
        seen.add(c)


class SecureRandom(random.SystemRandom):
    """The operating system's CSPRNG (D1), as a :class:`random.Random` that pickles.

    Every draw comes from ``os.urandom`` (as :mod:`secrets` does), so there is no
    seed or state to choose, learn or store.  :class:`random.SystemRandom` cannot be
    pickled or copied (its ``getstate`` raises); this one can, and comes back as a
    fresh generator -- so a live tournament, pickled with the generator it deals
    from, deals from the operating system again after a restore.

    A draw of at most 32 bits (:meth:`getrandbits`: each of a shuffle's, a bot's
    choice) takes the top bits of the next 32-bit word of a pool read from
    ``os.urandom`` :data:`POOL_BYTES` at a time, instead of one system call per draw
    (a 52-card shuffle makes about 76 draws, rejections included, and each call let
    the interpreter's lock go to another thread and back).  The pool is the
    generator's own (each word drawn once, by one thread), never pickled or copied,
    and a forked child throws its parent's away (it would otherwise deal the
    parent's cards again).

    >>> import pickle
    >>> rng = SecureRandom()
    >>> type(pickle.loads(pickle.dumps(rng))).__name__
    'SecureRandom'
    >>> len(Deck(rng=rng))
    52
    >>> 0 <= rng.getrandbits(6) < 64
    True
    """

    POOL_BYTES: Final = 1024
    """Bytes read from ``os.urandom`` at a time: 256 draws of up to 32 bits."""

    _WORDS = struct.Struct(f"<{POOL_BYTES // 4}I")

    def __init__(self) -> None:
        super().__init__()
        self._forget()
        _SECURE.add(self)

    def _forget(self) -> None:
        # The pool's words not drawn yet.  ``next`` on a tuple's iterator is atomic, so
        # two threads never draw the same word; a thread that finds it empty reads a
        # new block, takes its first word before anyone else can see it, then puts it
        # in place (two that do so at once each read one; the words left in the one
        # replaced are never drawn).
        self._words: Iterator[int] = iter(())

    def getrandbits(self, k: int, /) -> int:
        """``k`` random bits: from the pool when ``k`` is 1 to 32, else read at once."""
        if not 0 < k <= 32:
            return super().getrandbits(k)
        word = next(self._words, None)
        if word is None:
            words = iter(self._WORDS.unpack(os.urandom(self.POOL_BYTES)))
            word = next(words)
            self._words = words
        return word >> (32 - k)

    def __reduce__(self) -> tuple[type[SecureRandom], tuple[()]]:
        return (type(self), ())

    @staticmethod
    def forget_pools() -> None:
        """Throw away every generator's pool (run in a forked child)."""
        for rng in list(_SECURE):
            rng._forget()


_SECURE: weakref.WeakSet[SecureRandom] = weakref.WeakSet()

if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=SecureRandom.forget_pools)


def child_rng(rng: random.Random) -> random.Random:
    """The generator for one part of a game (a table, a bot, a tournament) taken from
    ``rng``: a new :class:`SecureRandom` when ``rng`` is one (D1: live play), else a
    :class:`random.Random` seeded from ``rng``, so a seeded room, simulation or test
    stays reproducible.

    >>> child_rng(random.Random(7)).random() == child_rng(random.Random(7)).random()
    True
    >>> type(child_rng(SecureRandom())).__name__
    'SecureRandom'
    """
    if isinstance(rng, SecureRandom):
        return SecureRandom()
    return random.Random(rng.random())


class Deck:
    """A shuffled deck (D1): seeded and reproducible, or from secure randomness.

    ``Deck(seed=7)`` always gives the same order; ``Deck()`` shuffles with the
    operating system's randomness (live play, :class:`SecureRandom`).  ``Deck.from_order`` replays a
    stored order.  Cards come off the top; ``burn`` deals one face down to the
    muck (D3); ``cut`` moves the top part under (D2).
    """

    __slots__ = ("_burned", "_cards", "_next")

    def __init__(
        self,
        seed: int | None = None,
        *,
        rng: random.Random | None = None,
        cards: Sequence[Card] = FULL_DECK,
    ) -> None:
        order = list(cards)
        if rng is None:
            rng = random.Random(seed) if seed is not None else SecureRandom()
        shuffle(order, rng)
        self._cards: list[Card] = order
        self._next = 0
        self._burned: list[Card] = []

    @classmethod
    def from_order(cls, order: Sequence[Card | int]) -> Deck:
        """A deck whose cards come off in exactly this order (replay, tests)."""
        cards = [Card(int(c)) for c in order]
        check_distinct(cards, what="deck order")
        deck = cls.__new__(cls)
        deck._cards = cards
        deck._next = 0
        deck._burned = []
        return deck

    @property
    def order(self) -> tuple[Card, ...]:
        """The whole order, including cards already dealt."""
        return tuple(self._cards)

    @property
    def burned(self) -> tuple[Card, ...]:
        """The cards burned so far (D3), in order."""
        return tuple(self._burned)

    def __len__(self) -> int:
        """Cards left to deal."""
        return len(self._cards) - self._next

    def remaining(self) -> list[Card]:
        """The cards still to deal, top first."""
        return self._cards[self._next :]

    def deal(self, n: int = 1) -> list[Card]:
        """The next ``n`` cards off the top (ConfigError if fewer are left).

        >>> Deck.from_order(parse_cards("AsKdQh")).deal(2)
        [Card('As'), Card('Kd')]
        """
        if n > len(self):
            raise ConfigError(f"cannot deal {n} cards: only {len(self)} left in the deck")
        start = self._next
        self._next += n
        return self._cards[start : self._next]

    def burn(self) -> Card:
        """D3: one card off the top, face down, before each dealing street."""
        card = self.deal(1)[0]
        self._burned.append(card)
        return card

    def cut(self, at: int) -> None:
        """D2: cut an undealt deck; each part keeps at least five cards."""
        if self._next:
            raise ConfigError("a deck can only be cut before any card is dealt")
        if not 5 <= at <= len(self._cards) - 5:
            raise ConfigError(
                f"a cut must leave at least five cards in each part: 5 <= at <= "
                f"{len(self._cards) - 5}, got {at}"
            )
        self._cards = self._cards[at:] + self._cards[:at]
