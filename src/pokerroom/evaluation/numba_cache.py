"""Where the Numba kernels keep their machine code between processes.

Compiling every kernel of the batch evaluators and the equity code takes 8 to
10 s, so each is cached on disk and a later process loads it in milliseconds.
Numba looks for a writable place in this order: ``NUMBA_CACHE_DIR`` when it is
set, the ``__pycache__`` beside the kernel's source, then the user's cache
directory (``$XDG_CACHE_HOME/numba``, ``~/.cache/numba`` on Linux).  A read-only
install (a system ``site-packages``, a container image) therefore caches in the
user's directory.

When none of those can be written (a read-only install run by an account
whose home cannot be written either: a service, a locked-down container)
Numba refuses to make a cached kernel at all ("cannot cache function ...: no
locator available"), which would make every batch and equity call fail.
pokerroom then caches in a directory of its own under the system's temporary
directory, ``pokerroom-numba-<uid>``, used only if this account owns it and no
one else may write to it (the cache holds pickled code: a directory another
account could have prepared is never read).  If even that cannot be had, the
kernels are compiled without a cache: correct, but each new process compiles
them again.
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

F = TypeVar("F", bound=Callable[..., Any])
_config: Any = _numba_config
"""Numba's settings (``CACHE_DIR`` is ``NUMBA_CACHE_DIR``)."""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where the kernels of one source directory are cached.

    ``directory`` None with ``cached`` True: where Numba itself chooses (it can
    write there); a directory: pokerroom's private fallback; ``cached`` False:
    nowhere, the kernels compile in every process.
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


def numba_user_cache() -> Path:
    """Numba's user-wide cache directory (the one it falls back on itself)."""
    from numba.misc.appdirs import AppDirs

    directories: Any = cast(Any, AppDirs)(appname="numba", appauthor=False)
    return Path(directories.user_cache_dir)


def fallback_directory() -> Path:
    """pokerroom's own cache directory under the system's temporary directory."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"pokerroom-numba-{uid}"


@cache
def placement(source_directory: Path) -> Placement:
    """Where the kernels defined in ``source_directory`` are cached (decided once)."""
    chosen = _config.CACHE_DIR
    numba_places = [Path(chosen)] if chosen else []
    numba_places += [source_directory / "__pycache__", numba_user_cache()]
    if any(writable(place) for place in numba_places):
        return Placement(cached=True)
    fallback = fallback_directory()
    if private(fallback):
        return Placement(cached=True, directory=fallback)
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
