# pokerroom: `make replay` (the main job for now) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PHH ?= ../shared/phh/data

.PHONY: venv test lint typecheck unit replay bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

venv: $(BIN)/.installed

lint: venv
	$(BIN)/ruff check src tests bench

typecheck: venv
	$(BIN)/mypy src

unit: venv
	$(BIN)/pytest

test: lint typecheck unit

replay: venv
	$(BIN)/pokerroom replay $(PHH)

bench: venv
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
