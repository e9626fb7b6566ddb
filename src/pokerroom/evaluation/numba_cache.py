"""Where the Numba kernels keep their machine code between processes.

Compiling every kernel of the batch evaluators and the equity code takes 8 to
10 s, so each is cached on disk and a later process loads it in milliseconds.
The first writable place of these is used:

1. ``NUMBA_CACHE_DIR`` when it is set (Numba's own setting);
2. the ``__pycache__`` beside the kernel's source (an install the user can
   write to: a virtual environment, an editable install);
3. pokerroom's user cache directory, ``numba`` in
   :func:`~pokerroom.evaluation.user_cache.cache_dir`
   (``$POKERROOM_CACHE_DIR/numba``, else ``$XDG_CACHE_HOME/pokerroom/numba``,
   else ``~/.cache/pokerroom/numba``): the place of a read-only install (a
   system ``site-packages``, a container image).  It is made private (mode
   0700, and ``pokerroom`` above it too when it makes that) and used only if
   this account owns it and no one else may write to it: the cache holds
   pickled code, so a folder another account could have filled is never read;
4. when none of those can be had (a read-only install run by an account whose
   home cannot be written either: a service, a locked-down container), a
   directory of its own under the system's temporary directory,
   ``pokerroom-numba-<uid>``, with the same checks (made 0700, owned, not a
   link);
5. else the kernels are compiled without a cache: correct, but each new
   process compiles them again.  (Numba alone would refuse to make a cached
   kernel at all, "cannot cache function ...: no locator available".)
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba.core import config as _numba_config

from pokerroom.evaluation.user_cache import cache_dir

F = TypeVar("F", bound=Callable[..., Any])
_config: Any = _numba_config
"""Numba's settings (``CACHE_DIR`` is ``NUMBA_CACHE_DIR``)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the kernels of one source directory are cached.

    ``directory`` None with ``cached`` True: where Numba itself chooses (it can
    write there: ``NUMBA_CACHE_DIR`` or the ``__pycache__`` beside the source); a
    directory: pokerroom's private one (the user cache's or the temporary
    fallback); ``cached`` False: nowhere, the kernels compile in every process.
    """

    cached: bool
    directory: Path | None = None


def writable(directory: Path) -> bool:
    """Whether ``directory`` exists or can be made, and a file can be written in it.

    The same test Numba makes; a permission bit alone is not enough (root,
    read-only file systems).
    """
    try:
        os.makedirs(directory, exist_ok=True)
        tempfile.TemporaryFile(dir=directory).close()
    except OSError:
        return False
    return True


def private(directory: Path) -> bool:
    """Whether ``directory`` is (or is now made) this account's own, writable by it alone."""
    try:
        directory.mkdir(mode=0o700, exist_ok=True)
        status = directory.lstat()
    except OSError:
        return False
    own = status.st_uid == os.getuid() if hasattr(os, "getuid") else True
    return (
        directory.is_dir()
        and not directory.is_symlink()
        and own
        and status.st_mode & 0o077 == 0
        and writable(directory)
    )


def user_directory() -> Path:
    """The kernels' directory in pokerroom's user cache directory."""
    return cache_dir() / "numba"


def fallback_directory() -> Path:
    """pokerroom's own cache directory under the system's temporary directory."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"pokerroom-numba-{uid}"


def private_tree(directory: Path) -> bool:
    """:func:`private` for ``directory``, its missing parent made 0700 first (the
    parents that exist are left as they are: ``~/.cache`` is the user's)."""
    try:
        if not directory.parent.exists():
            directory.parent.mkdir(mode=0o700, parents=True)
    except OSError:
        return False
    return private(directory)


@cache
def placement(source_directory: Path) -> Placement:
    """Where the kernels defined in ``source_directory`` are cached (decided once)."""
    chosen = _config.CACHE_DIR
    numba_places = [Path(chosen)] if chosen else []
    numba_places.append(source_directory / "__pycache__")
    if any(writable(place) for place in numba_places):
        return Placement(cached=True)
    for directory in (user_directory(), fallback_directory()):
        if private_tree(directory):
            return Placement(cached=True, directory=directory)
    return Placement(cached=False)


@contextmanager
def _cache_dir(directory: Path | None) -> Iterator[None]:
    """Numba's CACHE_DIR set to ``directory`` while a kernel is made, then put back.

    Numba picks a kernel's cache place when the kernel is made, so other code's
    kernels in this process keep their own.
    """
    if directory is None:
        yield
        return
    before = _config.CACHE_DIR
    _config.CACHE_DIR = str(directory)
    try:
        yield
    finally:
        _config.CACHE_DIR = before


def njit(function: F, **options: Any) -> F:
    """``numba.njit(cache=..., **options)(function)``, cached where it can be (see above)."""
    where = placement(Path(function.__code__.co_filename).resolve().parent)
    with _cache_dir(where.directory):
        return cast(F, numba.njit(cache=where.cached, **options)(function))
