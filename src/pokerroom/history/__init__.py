"""Hand histories: PHH read/write (``phh``), replay, text export.

Read a ``.phh`` file with :func:`load` (or text with :func:`loads`) and play a
hand back through the engine with :func:`replay_history`; :func:`check` also
compares it with the recorded finishing stacks (``pokerroom replay`` does that
for files and folders)."""

from pokerroom.history.export import phh_variant, to_phh, to_phh_text
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
from pokerroom.history.replay import ReplayError, ReplayResult, check, replay_history

__all__ = [
    "INFINITE_STACK",
    "NOOP",
    "HandHistory",
    "PhhAction",
    "ReplayError",
    "ReplayResult",
    "check",
    "dumps",
    "dumps_many",
    "format_action",
    "iter_paths",
    "load",
    "loads",
    "parse_action",
    "phh_variant",
    "replay_history",
    "to_phh",
    "to_phh_text",
]
