"""Hand histories: PHH read/write (``phh``), replay, text export."""

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

__all__ = [
    "INFINITE_STACK",
    "NOOP",
    "HandHistory",
    "PhhAction",
    "dumps",
    "dumps_many",
    "format_action",
    "iter_paths",
    "load",
    "loads",
    "parse_action",
    "phh_variant",
    "to_phh",
    "to_phh_text",
]
