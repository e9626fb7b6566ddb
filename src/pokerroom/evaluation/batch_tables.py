"""Small lookup tables for the batch evaluators, built from the scalar ones.

A hand of five to seven cards is summed into one int64 *card key* (the
scalar evaluators' :data:`~pokerroom.evaluation.tables.CARD_KEY`): a base-5
rank multiset key in the low 32 bits and one suit counter per nibble above,
so ``key & FLUSH_BITS`` tells whether five cards share a suit.

The 73,775 rank multisets of five to seven cards are mapped to slots of one
table of ``2**17`` entries by a *perfect hash* (hash and displace): one
64-bit multiply of the rank key gives a group (its top bits) and a slot (the
bits below); the slot is moved by the group's displacement, chosen at build
time so that no two multisets share a slot.  One table of values per game
then shares that hash: high, short deck, ace-to-five, deuce-to-seven (five
cards).  Flushes index a separate table by the 13-bit mask of the flush
suit's ranks.  In all about 2.2 MB when every game is built, 0.6 MB for
hold'em alone; every value is read off the scalar evaluators, so the batch
results equal theirs by construction (and the tests check it).

Building takes about a second, so the tables are kept in a cache directory
(:func:`~pokerroom.evaluation.user_cache.cache_dir`: ``$POKERROOM_CACHE_DIR``,
else ``$XDG_CACHE_HOME/pokerroom``, else ``~/.cache/pokerroom``), under a name
that changes whenever the source of the scalar evaluators or of this module
changes.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerroom.evaluation import encoding, high, lows, tables
from pokerroom.evaluation.high import SHORT_DECK, STANDARD
from pokerroom.evaluation.lows import A5_TABLE, deuce_seven_strength
from pokerroom.evaluation.user_cache import cache_dir

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

SLOT_BITS: Final = 17
GROUP_BITS: Final = 14
SLOTS: Final = 1 << SLOT_BITS
GROUPS: Final = 1 << GROUP_BITS
SLOT_MASK: Final = SLOTS - 1
GROUP_SHIFT: Final = 64 - GROUP_BITS
SLOT_SHIFT: Final = 64 - GROUP_BITS - SLOT_BITS
RANK_MASK: Final = tables.RANK_MASK
SUIT_BASE: Final = tables.SUIT_BASE
FLUSH_BITS: Final = tables.FLUSH_BITS
FORMAT_VERSION: Final = 1

CARD_KEYS: Final[I64] = np.array(tables.CARD_KEY, dtype=np.int64)
"""Card -> rank key ``5**rank`` plus one in the card's suit nibble (bit 32 + 4 * suit)."""
RANK_KEYS: Final[I64] = np.array(tables.RANK_KEY, dtype=np.int64)
SUIT_RANK_BITS: Final[I64] = np.array(
    [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64
)
"""Card -> bit ``rank`` of its suit's 16-bit lane: OR them, shift, get the suit's ranks."""
POISON: Final = 1 << 56
"""The key of a byte that is no card: a sum of up to 100 keys holding it is at least this."""


def padded(values: I64, *, fill: int, valid: range = range(52)) -> I64:
    """A 256-entry table indexed by any byte: ``values`` on ``valid`` cards, else ``fill``."""
    table = np.full(256, fill, dtype=np.int64)
    table[valid.start : valid.stop] = values[valid.start : valid.stop]
    return table


KERNEL_CARD_KEYS: Final = padded(CARD_KEYS, fill=POISON)
KERNEL_SHORT_CARD_KEYS: Final = padded(CARD_KEYS, fill=POISON, valid=range(16, 52))
"""Short deck: the deuce to the five are no cards either."""
KERNEL_RANK_KEYS: Final = padded(RANK_KEYS, fill=POISON)
KERNEL_SUIT_RANK_BITS: Final = padded(SUIT_RANK_BITS, fill=0)


def to_signed64(value: int) -> int:
    """``value`` mod 2**64 as a signed int64 (what wrapping int64 arithmetic sees)."""
    value &= (1 << 64) - 1
    return value - (1 << 64) if value >> 63 else value


def rank_multiset_keys(ranks: range, sizes: tuple[int, ...]) -> list[int]:
    """Base-5 rank keys of every multiset of ``sizes`` cards (at most four of a rank)."""
    keys: list[int] = []
    for size in sizes:
        for combo in combinations_with_replacement(ranks, size):
            if all(combo.count(r) <= 4 for r in set(combo)):
                keys.append(sum(tables.POW5[r] for r in combo))
    return keys


def hash_parts(keys: I64, multiplier: int) -> tuple[I64, I64]:
    """(group, slot before displacement) of each rank key."""
    with np.errstate(over="ignore"):
        product = keys * np.int64(to_signed64(multiplier))
    group = (product >> GROUP_SHIFT) & (GROUPS - 1)
    slot = (product >> SLOT_SHIFT) & SLOT_MASK
    return group, slot


def build_perfect_hash(keys: list[int]) -> tuple[int, I32]:
    """(multiplier, displacement per group) placing every key in its own slot."""
    array = np.array(keys, dtype=np.int64)
    rng = np.random.default_rng(20260)
    while True:
        multiplier = int(rng.integers(1 << 62, 1 << 63)) * 2 + 1
        group, slot = hash_parts(array, multiplier)
        displacement = _displace(group.tolist(), slot.tolist())
        if displacement is not None:
            return multiplier, displacement


def _displace(groups: list[int], slots: list[int]) -> I32 | None:
    members: list[list[int]] = [[] for _ in range(GROUPS)]
    for g, s in zip(groups, slots, strict=True):
        members[g].append(s)
    occupied = bytearray(SLOTS)
    displacement = np.zeros(GROUPS, dtype=np.int32)
    for g in sorted(range(GROUPS), key=lambda g: -len(members[g])):
        own = members[g]
        if not own:
            break
        if len(set(own)) < len(own):
            return None  # two keys of the group share a slot whatever the displacement
        for d in range(SLOTS):
            if not any(occupied[(s + d) & SLOT_MASK] for s in own):
                for s in own:
                    occupied[(s + d) & SLOT_MASK] = 1
                displacement[g] = d
                break
        else:  # pragma: no cover - the table is barely over half full
            return None
    return displacement


def slots_of(keys: I64, multiplier: int, displacement: I32) -> I64:
    """The table slot of each rank key (the lookup every kernel does)."""
    group, slot = hash_parts(keys, multiplier)
    return (slot + displacement[group]) & SLOT_MASK


def _cards_of(key: int, *, suited: bool) -> list[int]:
    """Cards with the ranks of a key: one suit, or suits in turn (never a flush of five)."""
    ranks = tables.ranks_of_key(key)
    return [r * 4 + (0 if suited else i % 4) for i, r in enumerate(ranks)]


def _flush_table(five_value: dict[int, int]) -> I32:
    """13-bit rank mask of one suit -> best flush of five of them (0 under five ranks)."""
    table = [0] * 8192
    for mask in sorted(range(8192), key=int.bit_count):
        n = mask.bit_count()
        if n == 5:
            table[mask] = five_value[mask]
        elif n > 5:
            table[mask] = max(table[mask & ~(1 << r)] for r in range(13) if mask >> r & 1)
    return np.array(table, dtype=np.int32)


@dataclass(frozen=True)
class BatchTables:
    """Everything the batch kernels read; see the module docstring."""

    multiplier: int
    displacement: I32
    high_ranks: I32
    """Slot -> best high strength of the multiset's ranks, flushes aside."""
    high_flush: I32
    short_ranks: I32
    """The same for short deck (multisets of six to ace; other slots hold 0)."""
    short_flush: I32
    a5_ranks: I32
    """Slot -> best ace-to-five strength (five to seven cards)."""
    d27_ranks: I32
    """Slot -> deuce-to-seven strength of five unsuited cards (other sizes hold 0)."""
    d27_flush: I32
    """Five-rank mask -> deuce-to-seven strength of those five cards suited."""

    @property
    def multiplier64(self) -> int:
        """The multiplier as the kernels' signed int64."""
        return to_signed64(self.multiplier)


def build_tables() -> BatchTables:
    """Build every table from the scalar evaluators (about a second)."""
    keys = rank_multiset_keys(range(13), (5, 6, 7))
    multiplier, displacement = build_perfect_hash(keys)
    slots = slots_of(np.array(keys, dtype=np.int64), multiplier, displacement).tolist()

    def by_slot(values: dict[int, int]) -> I32:
        table = np.zeros(SLOTS, dtype=np.int32)
        for key, slot in zip(keys, slots, strict=True):
            table[slot] = values.get(key, 0)
        return table

    high_values = {k: STANDARD.by_rank_key[k] for k in keys}
    short_keys = rank_multiset_keys(range(4, 13), (5, 6, 7))
    short_values = {k: SHORT_DECK.by_rank_key[k] for k in short_keys}
    a5_values = {k: A5_TABLE[k] for k in keys}
    five_keys = rank_multiset_keys(range(13), (5,))
    d27_values = {k: deuce_seven_strength(_cards_of(k, suited=False)) for k in five_keys}

    def masks(rules_ranks: range) -> list[int]:
        return [
            m
            for m in range(8192)
            if m.bit_count() == 5 and all(r in rules_ranks for r in range(13) if m >> r & 1)
        ]

    def mask_cards(mask: int) -> list[int]:
        return [r * 4 for r in range(13) if mask >> r & 1]

    high_five = {m: STANDARD.by_flush_ranks[m] for m in masks(range(13))}
    short_five = {m: SHORT_DECK.by_flush_ranks[m] for m in masks(range(4, 13))}
    d27_five = {m: deuce_seven_strength(mask_cards(m)) for m in masks(range(13))}
    short_flush = _flush_table({m: short_five.get(m, 0) for m in masks(range(13))})
    return BatchTables(
        multiplier=multiplier,
        displacement=displacement,
        high_ranks=by_slot(high_values),
        high_flush=_flush_table(high_five),
        short_ranks=by_slot(short_values),
        short_flush=short_flush,
        a5_ranks=by_slot(a5_values),
        d27_ranks=by_slot(d27_values),
        d27_flush=_flush_table(d27_five),
    )


def source_fingerprint() -> str:
    """Changes whenever the code the tables come from changes."""
    digest = hashlib.sha256(f"format {FORMAT_VERSION}".encode())
    for module in (encoding, tables, high, lows):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


_FIELDS: Final = (
    "displacement",
    "high_ranks",
    "high_flush",
    "short_ranks",
    "short_flush",
    "a5_ranks",
    "d27_ranks",
    "d27_flush",
)


def _load(path: Path) -> BatchTables | None:
    try:
        with np.load(path) as data:
            arrays = {name: np.ascontiguousarray(data[name], dtype=np.int32) for name in _FIELDS}
            multiplier = int(data["multiplier"].item())
    except (OSError, KeyError, ValueError):
        return None
    return BatchTables(multiplier=multiplier, **arrays)


def _save(path: Path, built: BatchTables) -> None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".npz")
        with os.fdopen(fd, "wb") as f:
            np.savez(
                f,
                multiplier=np.array(str(built.multiplier)),
                **{name: getattr(built, name) for name in _FIELDS},
            )
        os.replace(tmp, path)
    except OSError:  # a read-only home: build again next time
        pass


_TABLES: BatchTables | None = None


def batch_tables() -> BatchTables:
    """The tables, from memory, the disk cache, or built (and cached) now."""
    global _TABLES
    if _TABLES is None:
        path = cache_dir() / f"batch-tables-{source_fingerprint()}.npz"
        loaded = _load(path)
        if loaded is None:
            loaded = build_tables()
            _save(path, loaded)
        _TABLES = loaded
    return _TABLES
