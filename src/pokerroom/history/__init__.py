"""Hand histories: PHH read/write (``phh``), replay, text export.

Read a ``.phh`` file with :func:`load` (or text with :func:`loads`) and play a
hand back through the engine with :func:`replay_history`; :func:`check` also
compares it with the recorded finishing stacks (``pokerroom replay`` does that
for files and folders).  A player's own PokerStars text hand histories become
PHH hands with :func:`read_pokerstars_file` (or text with
:func:`read_pokerstars`), each checked against the text's result by
:func:`check_imported` (``pokerroom import`` does that for files and
folders)."""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from pokerroom.history.phh import (
    INFINITE_STACK,
    NOOP,
    HandHistory,
    PhhAction,
    dumps,
    dumps_many,
    format_action,
    iter_paths,
    load,
    loads,
    parse_action,
)

if TYPE_CHECKING:
    from pokerroom.history.export import phh_variant, to_phh, to_phh_text
    from pokerroom.history.pokerstars_import import check_imported
    from pokerroom.history.pokerstars_reader import (
        Imported,
        Refusal,
        read_pokerstars,
        read_pokerstars_file,
    )
from pokerroom.history.replay import ReplayError, ReplayResult, check, replay_hand
from pokerroom.rules.engine import Hand


def replay_history(history: HandHistory) -> Hand:
    """The finished hand that ``history`` records, played through the engine.

    The history's ``d dh`` and ``d db`` entries deal the cards; every player's
    action must be legal when it comes (see the module notes for the few repairs
    of real-world files).  The hand's ``stacks``, ``events``, ``log`` and ``view``
    are the engine's, as if it had been played at a table.  Raises
    :class:`ReplayError` when the history cannot be played (the message names
    the action), and :class:`~pokerroom.errors.UnknownCardsError` when hidden
    cards (``????``) decide the result.  :func:`check` also compares the result
    with the recorded ``finishing_stacks``; ``replay.replay_hand`` returns the
    notes on repairs as well.  (Defined here, not in the compiled ``replay``
    module, so that ``help()`` shows this on every install.)

    >>> from pokerroom.history import loads, replay_history
    >>> [history] = loads('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [200, 200, 200]
    ... actions = ["d dh p1 AsKs", "d dh p2 7h2c", "d dh p3 QdQc",
    ...            "p3 cbr 6", "p1 cbr 20", "p2 f", "p3 f"]
    ... ''')
    >>> hand = replay_history(history)
    >>> hand.is_over, hand.stacks
    (True, [208, 198, 194])
    """
    return replay_hand(history)[0]


__all__ = [
    "INFINITE_STACK",
    "NOOP",
    "HandHistory",
    "Imported",
    "PhhAction",
    "Refusal",
    "ReplayError",
    "ReplayResult",
    "check",
    "check_imported",
    "dumps",
    "dumps_many",
    "format_action",
    "iter_paths",
    "load",
    "loads",
    "parse_action",
    "phh_variant",
    "read_pokerstars",
    "read_pokerstars_file",
    "replay_history",
    "to_phh",
    "to_phh_text",
]


# The exporter and the PokerStars reader are imported when first asked for:
# replaying PHH (the ``pokerroom replay`` command) never needs them.
_LAZY = {
    "phh_variant": "pokerroom.history.export",
    "to_phh": "pokerroom.history.export",
    "to_phh_text": "pokerroom.history.export",
    "check_imported": "pokerroom.history.pokerstars_import",
    "Imported": "pokerroom.history.pokerstars_reader",
    "Refusal": "pokerroom.history.pokerstars_reader",
    "read_pokerstars": "pokerroom.history.pokerstars_reader",
    "read_pokerstars_file": "pokerroom.history.pokerstars_reader",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
