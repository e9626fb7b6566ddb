"""Build pokerroom: pure Python, with the hand engine compiled by mypyc when it can be.

Everything is configured in ``pyproject.toml``; this file only adds the compiled
modules.  The hand engine's modules below are ordinary, fully typed Python that
mypyc turns into C extensions (about twice as fast); the same ``.py`` files are
the pure-Python path, used

- in an editable install (``pip install -e .``, what ``make venv`` does), so that
  an edited module takes effect at once instead of being shadowed by a stale
  compiled one;
- when ``POKERROOM_PURE=1`` is set;
- when there is no C compiler: the extensions are optional, so a failed compile
  leaves a working pure-Python install (pip prints the compiler's error).

``pokerroom.compiled()`` tells which path is running.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup

# The hot path of a hand: the events and actions it makes and takes (native
# classes: a few dozen instructions to make one instead of thousands), the engine,
# its betting and dealing layers, the showdown and pots, the scalar high-hand
# evaluator used at showdown, and the deck's shuffle.  Then the hot path of
# reading PHH: phh.py itself (reading a file, the field checks, HandHistory), the
# action notation and its PhhAction values, the TOML subset reader and the action
# entries, and the replay that drives the engine through a history's actions.
COMPILED = [
    "src/pokerroom/rules/events.py",
    "src/pokerroom/rules/actions.py",
    "src/pokerroom/rules/legal.py",
    "src/pokerroom/rules/variants.py",
    "src/pokerroom/rules/config.py",
    "src/pokerroom/rules/engine.py",
    "src/pokerroom/rules/betting.py",
    "src/pokerroom/rules/floor.py",
    "src/pokerroom/rules/dealing.py",
    "src/pokerroom/rules/showdown.py",
    "src/pokerroom/rules/pots.py",
    "src/pokerroom/rules/stud.py",
    "src/pokerroom/rules/run_twice.py",
    "src/pokerroom/evaluation/high.py",
    "src/pokerroom/shuffle.py",
    "src/pokerroom/history/phh_toml.py",
    "src/pokerroom/history/phh.py",
    "src/pokerroom/history/_actions.py",
    "src/pokerroom/history/_entries.py",
    "src/pokerroom/history/_bounded.py",
    "src/pokerroom/history/replay.py",
]

# Commands that build the package's contents (not an editable install, not metadata).
_BUILDS = {"bdist_wheel", "build", "build_ext", "install"}


def _wanted() -> bool:
    if os.environ.get("POKERROOM_PURE", "") not in ("", "0"):
        return False
    commands = set(sys.argv[1:])
    return bool(commands & _BUILDS) and not commands & {"editable_wheel", "develop"}


def _ext_modules() -> list[Any]:
    if not _wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # no mypy in the build environment: stay pure
        return []
    # mypy type-checks the modules it compiles; imports it cannot see in the
    # isolated build environment (numpy, numba) do not matter to these modules.
    modules = mypycify(
        ["--ignore-missing-imports", *COMPILED], opt_level="3", group_name="pokerroom_native"
    )
    for extension in modules:
        extension.optional = True
    return modules


setup(ext_modules=_ext_modules())
