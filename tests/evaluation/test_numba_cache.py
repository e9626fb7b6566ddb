"""The Numba kernels' cache on a read-only install (pokerroom.evaluation.numba_cache).

Each test copies the package into a temporary folder made read-only (``chmod -R
a-w``) whose kernel directories cannot hold a ``__pycache__`` either (a file of
that name is in the way: root ignores the mode bits, not that), runs a kernel in
two new processes, and reads
Numba's own statistics: the first process compiles and writes the cache, the
second loads it (a cache hit, no miss) from the expected directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

import pokerroom

KERNEL_RUN = """
import json
import numpy as np
from pokerroom.evaluation import batch_numba

value = batch_numba.slot_of(12345, 977, np.zeros(64, dtype=np.int32))
stats = batch_numba.slot_of.stats
print("RESULT " + json.dumps({
    "value": int(value),
    "hits": sum(stats.cache_hits.values()),
    "misses": sum(stats.cache_misses.values()),
    "path": stats.cache_path,
}))
"""


def read_only_install(root: Path) -> Path:
    """A copy of the package whose kernel folders cannot be written to (site/pokerroom)."""
    site = root / "site"
    shutil.copytree(
        Path(pokerroom.__file__).parent,
        site / "pokerroom",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    for folder in ("evaluation", "equity"):
        (site / "pokerroom" / folder / "__pycache__").write_text("not a folder\n")
    for path in (site, *site.rglob("*")):  # chmod -R a-w
        path.chmod(path.stat().st_mode & ~0o222)
    return site


def blocked(root: Path, name: str) -> Path:
    """A path no one can create: it lies under a regular file."""
    wall = root / f"{name}-wall"
    wall.write_text("a file, not a folder\n")
    return wall / name


def run_kernel(site: Path, **environment: Path) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("NUMBA_", "XDG_", "POKERROOM_CACHE"))}
    env["PYTHONPATH"] = str(site)
    env.update({name: str(value) for name, value in environment.items()})
    done = subprocess.run(
        [sys.executable, "-c", KERNEL_RUN], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    result: dict[str, object] = json.loads(line.removeprefix("RESULT "))
    return result


def test_a_read_only_install_caches_in_the_users_cache_directory(tmp_path: Path) -> None:
    site = read_only_install(tmp_path)
    where = dict(XDG_CACHE_HOME=tmp_path / "cache", HOME=tmp_path / "home", TMPDIR=tmp_path)
    first = run_kernel(site, **where)
    second = run_kernel(site, **where)
    assert first["value"] == second["value"]
    assert (first["hits"], first["misses"]) == (0, 1)
    assert (second["hits"], second["misses"]) == (1, 0)
    ours = tmp_path / "cache" / "pokerroom"
    assert str(second["path"]).startswith(str(ours / "numba"))
    assert (ours.stat().st_mode & 0o777, (ours / "numba").stat().st_mode & 0o777) == (
        0o700, 0o700)
    assert not (tmp_path / "cache" / "numba").exists()  # not Numba's shared one
    assert not list(tmp_path.glob("pokerroom-numba-*"))


def test_pokerroom_cache_dir_holds_the_kernels_too(tmp_path: Path) -> None:
    """POKERROOM_CACHE_DIR (the batch tables' cache) is where a read-only install's
    kernels go, in its ``numba`` folder."""
    site = read_only_install(tmp_path)
    chosen = tmp_path / "chosen"
    where = dict(POKERROOM_CACHE_DIR=chosen, XDG_CACHE_HOME=tmp_path / "cache",
                 TMPDIR=tmp_path)
    run_kernel(site, **where)
    second = run_kernel(site, **where)
    assert (second["hits"], second["misses"]) == (1, 0)
    assert str(second["path"]).startswith(str(chosen / "numba"))
    assert (chosen / "numba").stat().st_mode & 0o777 == 0o700


def test_with_no_writable_cache_directory_pokerroom_uses_its_own(tmp_path: Path) -> None:
    """Numba alone refuses ('cannot cache function'): pokerroom's private folder instead."""
    site = read_only_install(tmp_path)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    where = dict(
        XDG_CACHE_HOME=blocked(tmp_path, "cache"), HOME=blocked(tmp_path, "home"), TMPDIR=temporary
    )
    first = run_kernel(site, **where)
    second = run_kernel(site, **where)
    assert first["value"] == second["value"]
    assert (first["hits"], first["misses"]) == (0, 1)
    assert (second["hits"], second["misses"]) == (1, 0)
    [own] = temporary.glob("pokerroom-numba-*")
    assert str(second["path"]).startswith(str(own))
    assert own.stat().st_mode & 0o777 == 0o700


def test_a_cache_folder_someone_else_could_write_is_never_used(tmp_path: Path) -> None:
    """A pokerroom numba folder open to others, in the user cache or the temporary
    directory, is not read: compiled afresh, still right."""
    site = read_only_install(tmp_path)
    temporary = tmp_path / "tmp"
    planted = [tmp_path / "cache" / "pokerroom" / "numba",
               temporary / f"pokerroom-numba-{os.getuid()}"]
    for folder in planted:
        folder.mkdir(parents=True)
        folder.chmod(0o777)
    where = dict(XDG_CACHE_HOME=tmp_path / "cache", HOME=blocked(tmp_path, "home"),
                 TMPDIR=temporary)
    first = run_kernel(site, **where)
    second = run_kernel(site, **where)
    assert first["value"] == second["value"]
    assert (first["hits"], second["hits"]) == (0, 0)
    assert (first["path"], second["path"]) == (None, None)
    assert [list(folder.iterdir()) for folder in planted] == [[], []]


def test_numba_cache_dir_is_honoured(tmp_path: Path) -> None:
    """NUMBA_CACHE_DIR, when set, is where the kernels go (Numba's own setting)."""
    site = read_only_install(tmp_path)
    chosen = tmp_path / "chosen"
    where = dict(NUMBA_CACHE_DIR=chosen, XDG_CACHE_HOME=tmp_path / "cache", TMPDIR=tmp_path)
    run_kernel(site, **where)
    second = run_kernel(site, **where)
    assert (second["hits"], second["misses"]) == (1, 0)
    assert str(second["path"]).startswith(str(chosen))
