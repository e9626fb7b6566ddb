"""A lean install: ``pip install pokerroom`` without extras is the whole library.

Each test runs Python in a subprocess whose imports of the web stack (the
``[room]`` extra), NumPy and Numba (``[fast]``) and Ray (``[ray]``) fail, as
they do where those are not installed, and uses the library there: play a hand,
evaluate, compute equities (the pure-Python path, compared with the NumPy one
of this process), write, read and replay PHH files, run a table of bots and a
whole tournament.  The parts that need an extra refuse with one line naming it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, cast

from packaging.requirements import Requirement
from packaging.version import Version

from pokerroom.equity import equity
from pokerroom.extras import EXTRAS

ROOT = Path(__file__).parent.parent

BLOCKED = sorted({module for modules in EXTRAS.values() for module in modules})

BLOCKER = f"""
import sys
BLOCKED = {BLOCKED!r}


class Blocker:
    '''Refuses the optional dependencies, as an environment without them does.'''

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, Blocker())
loaded = [m for m in BLOCKED if m in sys.modules]
assert not loaded, f"loaded before the blocker: {{loaded}}"
"""

LIBRARY = """
import json, random, sys, tempfile
from pathlib import Path

out = {}

# Play a hand (the README's example) to the end.
from pokerroom import Deck
from pokerroom.rules import Hand, HandConfig, Structure, button_blinds, variant

config = HandConfig(
    variant=variant("holdem"),
    structure=Structure.NO_LIMIT,
    stacks=(200, 200, 200, 200, 200, 200),
    blinds=button_blinds(6, 1, 2),
    min_bet=2,
)
hand = Hand(config, Deck(seed=7))
legal = hand.legal_actions()
hand.bet_raise(legal.min_raise_to)
while not hand.is_over:
    hand.check_call()
out["hand_stacks"] = list(hand.stacks)

# Evaluate.
from pokerroom.evaluation import evaluate_high

out["royal"] = evaluate_high("AsKsQsJsTs").strength
out["quads"] = evaluate_high("AhAdAcAs2c3d4h").strength

# Equity: exact on the flop and Monte Carlo preflop, in pure Python.
from pokerroom.equity import equity

exact = equity(["AsKs", "QhQd", "7c7d"], board="Kd7h2s")
out["exact"] = [exact.exact, exact.deals, list(exact.equity), list(exact.win)]
sampled = equity(["AsKs", "QQ+"], method="monte_carlo", samples=4000, seed=5)
out["sampled"] = [sampled.exact, sampled.deals, list(sampled.equity),
                  list(sampled.standard_error)]

# Write the hand as PHH, read it back and replay it.
from pokerroom.history import dumps, load, to_phh
from pokerroom.history.replay import check, check_paths

folder = Path(tempfile.mkdtemp())
(folder / "one.phh").write_text(dumps(to_phh(hand)))
[history] = load(folder / "one.phh")
result = check(history)
out["replayed"] = [result.ok, result.stacks_in_file_units()]

# A table of bots plays hands through the table engine and writes them as PHH,
# which replay checks; then a whole tournament.
from pokerroom.simulate import SimulationSpec, TournamentSpec, simulate, simulate_tournaments

spec = SimulationSpec(hands=60, chunk=30, seed=3, out=str(folder / "cash"))
summary = simulate(spec, workers=1)
out["cash"] = [summary.hands, summary.written, sum(summary.net)]
checked = list(check_paths([folder / "cash"]))
out["cash_replayed"] = [len(checked), sum(r.ok for r in checked)]
[tournament] = simulate_tournaments(TournamentSpec(count=1, players=12, seed=2), workers=1)
out["tournament"] = [tournament.hands > 0, tournament.winner]

# The command line, in process.
from pokerroom.cli import main

out["cli_replay"] = main(["replay", str(folder / "one.phh")])
out["cli_equity"] = main(["equity", "AsKs", "QhQd", "--board", "Kd7h2s", "--json"])

out["loaded"] = sorted({m.partition(".")[0] for m in sys.modules} & set(BLOCKED))
print("RESULT " + json.dumps(out))
"""


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKER + code], capture_output=True, text=True, timeout=600
    )


def test_the_library_works_without_any_extra() -> None:
    done = run(LIBRARY)
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    out = json.loads(line.removeprefix("RESULT "))
    assert out["loaded"] == []
    assert sum(out["hand_stacks"]) == 1200 and out["hand_stacks"] != [200] * 6
    assert out["royal"] > out["quads"] > 0
    # The pure-Python equity equals this process's NumPy/Numba one, exactly.
    fast = equity(["AsKs", "QhQd", "7c7d"], board="Kd7h2s")
    assert out["exact"][:2] == [True, fast.deals]
    assert out["exact"][2] == list(fast.equity) and out["exact"][3] == list(fast.win)
    ok, deals, shares, errors = out["sampled"]
    assert not ok and deals == 4000 and abs(sum(shares) - 1) < 1e-9
    assert 0 < max(errors) <= 0.5 / 4000**0.5
    assert out["replayed"] == [True, out["hand_stacks"]]
    assert out["cash"] == [60, 60, 0]
    assert out["cash_replayed"] == [60, 60]
    assert out["tournament"][0] and out["tournament"][1]
    assert out["cli_replay"] == 0 and out["cli_equity"] == 0


def test_serve_without_the_room_extra_says_which_extra_to_install() -> None:
    done = run("from pokerroom.cli import main\nsys.exit(main(['serve', '--port', '1']))\n")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("pokerroom serve: the room (pokerroom.server) needs ")
    assert done.stderr.rstrip().endswith("is not installed: pip install 'pokerroom[room]'")


def test_the_parts_behind_an_extra_refuse_to_import_naming_it() -> None:
    code = """
from pokerroom.extras import MissingExtraError
for module, extra in [("pokerroom.server.app", "room"), ("pokerroom.evaluation.batch", "fast")]:
    try:
        __import__(module)
    except MissingExtraError as exc:
        print(module, exc.extra, str(exc).endswith(f"pip install 'pokerroom[{extra}]'"))
"""
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == [
        "pokerroom.server.app room True",
        "pokerroom.evaluation.batch fast True",
    ]


def test_the_core_declares_no_dependency_of_an_extra() -> None:
    """pyproject's core dependencies stay lean: none of them is in an extra's list."""
    project = pyproject()
    core = {Requirement(d).name.lower() for d in project["dependencies"]}
    assert core == {"rich"}
    extras = project["optional-dependencies"]
    assert {"room", "fast", "ray", "docs", "all", "dev"} <= set(extras)
    assert "pokerroom[room,fast,ray,docs]" in extras["dev"]


NEEDS_FAST = {
    "pokerroom.equity.boards",
    "pokerroom.equity.fast",
    "pokerroom.equity.kernels_exact",
    "pokerroom.equity.kernels_sampling",
    "pokerroom.evaluation.batch",
    "pokerroom.evaluation.batch_numba",
    "pokerroom.evaluation.batch_numpy",
    "pokerroom.evaluation.batch_tables",
    "pokerroom.evaluation.numba_cache",
    "pokerroom.tournament.icm_kernel",  # the ICM race compiled; icm_race falls back without
}
"""The modules of the [fast] extra: equity and evaluation reach them only when NumPy is there."""


def test_every_other_module_imports_without_the_extras() -> None:
    """Everything but the room (pokerroom.server) and the NumPy/Numba modules is core."""
    code = """
import importlib, pkgutil, pokerroom
for found in pkgutil.walk_packages(pokerroom.__path__, "pokerroom.", onerror=lambda name: None):
    if found.name.endswith("__main__"):
        continue
    try:
        importlib.import_module(found.name)
    except ImportError as exc:
        print(found.name, type(exc).__name__)
"""
    done = run(code)
    assert done.returncode == 0, done.stderr
    refused = dict(line.split() for line in done.stdout.splitlines())
    assert refused == {
        **dict.fromkeys(NEEDS_FAST, "ModuleNotFoundError"),
        "pokerroom.evaluation.batch": "MissingExtraError",
        "pokerroom.server": "MissingExtraError",
    }


def pyproject() -> dict[str, Any]:
    """The ``[project]`` table of pyproject.toml."""
    table: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return cast(dict[str, Any], table["project"])


def declared() -> list[Requirement]:
    """Every requirement the package's metadata declares (core and extras, not itself)."""
    project = pyproject()
    texts = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        texts += extra
    return [r for r in map(Requirement, texts) if r.name != "pokerroom"]


def constraints() -> dict[str, Version]:
    """The exact versions in constraints.txt, by name."""
    pins: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.partition("#")[0].strip()
        if line:
            name, equals, version = line.partition("==")
            assert equals and version.strip(), f"not an exact pin in constraints.txt: {line!r}"
            pins[name.strip().lower()] = Version(version.strip())
    return pins


def test_the_metadata_declares_ranges_never_exact_pins() -> None:
    """pip install pokerroom must resolve beside other packages: no == in the metadata.

    Each dependency has a lower bound (the version the tests ran on or an older one
    tested) and an upper bound below its next major version (below the next minor
    for 0.x tools whose minors break).
    """
    requirements = declared()
    assert len(requirements) >= 20
    for requirement in requirements:
        operators = {spec.operator for spec in requirement.specifier}
        assert not operators & {"==", "==="}, f"pinned in the metadata: {requirement}"
        assert ">=" in operators and "<" in operators, f"not a range: {requirement}"


def test_the_constraints_pin_every_dependency_inside_its_range() -> None:
    """constraints.txt (what make venv and CI install) pins each one, within the range."""
    pins = constraints()
    for requirement in declared():
        name = requirement.name.lower()
        assert name in pins, f"{name} has no pin in constraints.txt"
        assert requirement.specifier.contains(pins[name]), f"{name}=={pins[name]} {requirement}"


def test_make_venv_installs_with_the_constraints() -> None:
    """The Makefile's install rule (make test on a fresh clone, CI) uses constraints.txt."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    rule = makefile.partition("$(BIN)/.installed:")[2].partition("\n\n")[0]
    assert "constraints.txt" in rule.splitlines()[0]
    installs = [line for line in rule.splitlines()
                if "pip install" in line and "-e '.[dev]'" in line]
    assert len(installs) == 1, rule
    assert "-c constraints.txt" in installs[0], installs[0]


def test_the_license_file_is_the_declared_licence() -> None:
    """license = "MIT" in the metadata, and LICENSE is the MIT licence's text."""
    project = pyproject()
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) ")
    assert "the pokerroom authors" in text.splitlines()[2]
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_the_metadata_has_classifiers_and_no_made_up_urls() -> None:
    """PyPI's page: classifiers (no licence classifier beside an SPDX licence); project
    URLs only real ones (none yet: the project has no public address)."""
    project = pyproject()
    classifiers = project["classifiers"]
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]
    assert all(url.startswith("https://") for url in project.get("urls", {}).values())
