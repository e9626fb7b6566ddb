"""pokerroom's cache directory for this user: where the batch evaluators' tables
(:mod:`.batch_tables`) and, when the install cannot hold them, the Numba kernels'
machine code (:mod:`.numba_cache`) are kept between processes.

``$POKERROOM_CACHE_DIR`` when set, else ``$XDG_CACHE_HOME/pokerroom``, else
``~/.cache/pokerroom`` (the XDG base directory convention).
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """pokerroom's cache directory (see the module docstring); not made here."""
    explicit = os.environ.get("POKERROOM_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "pokerroom"
